/* The director PIN (the configured one, or one made on first start and kept)
 * and the one-time login code shown only on the wall. */
#ifndef POKERCLOCK_PIN_H
#define POKERCLOCK_PIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* With a configured PIN, that one. Without, the PIN made on an earlier start
 * (DIR/pin), or a new random PIN_DIGITS-digit one saved there; generated says so.
 * Returns 0, or -1 when no PIN could be kept. */
int pin_resolve(const char *state_dir, const char *configured, char *pin, size_t len,
                bool *generated);
/* Whether the director has logged in once (a generated PIN is then never
 * shown on the wall again). */
bool pin_seen(const char *state_dir);
void pin_mark_seen(const char *state_dir);

enum {
    PIN_DIGITS = 8,            /* a generated PIN and a one-time code */
    PIN_CODE_MS = 120000,      /* a one-time code is good for 2 minutes */
};

/* A new one-time login code (PIN_DIGITS digits into code, which holds
 * PIN_DIGITS + 1), asked for at the clock's own keys; it replaces the
 * previous one. now_ms: a monotonic clock. 0, or -1 without randomness. */
int pin_code_new(int64_t now_ms, char *code);
/* The code on the wall now, if any (for drawing it): true and code filled. */
bool pin_code_shown(int64_t now_ms, char *code);
/* Whether got is the live code; a match uses it up. Wrong tries do not end
 * it (a guesser could then keep the director out); the caller slows them
 * per address instead. */
bool pin_code_take(const char *got, int64_t now_ms);

#endif
