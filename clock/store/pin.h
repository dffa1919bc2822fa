/* The director PIN (the configured one, or one made on first start and kept
 * as a salted hash) and the one-time login code shown only on the wall. */
#ifndef POKERCLOCK_PIN_H
#define POKERCLOCK_PIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/pin_equal.h"

enum {
    PIN_DIGITS = 8,       /* a generated PIN and a one-time code */
    PIN_CODE_MS = 120000, /* a one-time code is good for 2 minutes */
    PIN_HASH_TEXT = 2 * PIN_SALT_LEN + 1 + 2 * PIN_HASH_LEN + 1, /* "SALT HASH" in hex */
};

/* The director PIN as the server holds it. */
typedef struct {
    pin_hash_t key;                    /* a PIN typed is hashed with key.salt and compared */
    double kinds;                      /* PINs of its kind (10^n for n digits, 62^n otherwise):
                                        * sizes the clock-wide guess budget */
    bool generated;                    /* made by the clock (kept in DIR/pin) */
    char configured[PIN_TEXT_MAX + 1]; /* a configured PIN as configured, "" for a generated
                                        * one (the configuration holds it in clear anyway) */
} pin_t;

/* PINs of text's kind: 10^n for n digits, 62^n otherwise. */
double pin_kinds(const char *text);

/* A new salt, and text's hash with it (base/pin_equal.h checks one). 0, or -1
 * without randomness. */
int pin_hash_make(pin_hash_t *h, const char *text);
/* h as "SALT HASH" in hex, and back from the two words (false: not such). */
void pin_hash_write(const pin_hash_t *h, char out[PIN_HASH_TEXT]);
bool pin_hash_read(const char *salt_hex, const char *hash_hex, pin_hash_t *h);

/* A PIN given in clear (--pin, POKERCLOCK_PIN, the configuration); "" is a
 * PIN nothing matches. 0, or -1 for one longer than PIN_TEXT_MAX or without
 * randomness for the salt. */
int pin_configured(pin_t *p, const char *text);

/* With a configured PIN, that one. Without, the PIN made on an earlier start
 * (DIR/pin), or a new random PIN_DIGITS-digit one, kept there. DIR/pin holds
 * only the PIN's salted hash; until the director has logged in once
 * (pin_seen) DIR/pin-wall holds it in clear for the wall, and shown gets it
 * ("" otherwise, and for a configured PIN). A PIN made now is one nobody has
 * seen: the mark of an earlier login goes. A DIR/pin written in clear (by an
 * older pokerclock) is turned into its hash. 0, or -1 when no PIN could be
 * kept. */
int pin_resolve(const char *state_dir, const char *configured, pin_t *p, char *shown,
                size_t shownlen);
/* The generated PIN in clear while the wall still shows it (DIR/pin-wall,
 * before the first login): true and buf filled. Changes no file (for
 * --screenshot). */
bool pin_wall_text(const char *state_dir, char *buf, size_t len);

/* A mark of the PIN in force, kept with the sessions: made with a salt of
 * its own, it tells whether they were made under this PIN without holding
 * the PIN. 0, or -1 without randomness. */
int pin_stamp(const pin_t *p, pin_hash_t *stamp);
bool pin_stamp_matches(const pin_t *p, const pin_hash_t *stamp);

/* Whether the director has logged in once (a generated PIN is then never
 * shown on the wall again). */
bool pin_seen(const char *state_dir);
/* The first login: marks it, and the PIN's clear copy for the wall goes. */
void pin_mark_seen(const char *state_dir);

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
