/* The director PIN: the configured one, or one made on first start and kept. */
#ifndef POKERCLOCK_PIN_H
#define POKERCLOCK_PIN_H

#include <stdbool.h>
#include <stddef.h>

/* With a configured PIN, that one. Without, the PIN made on an earlier start
 * (DIR/pin), or a new random 6-digit one saved there; generated says so.
 * Returns 0, or -1 when no PIN could be kept. */
int pin_resolve(const char *state_dir, const char *configured, char *pin, size_t len,
                bool *generated);
/* Whether the director has logged in once (a generated PIN is then never
 * shown on the wall again). */
bool pin_seen(const char *state_dir);
void pin_mark_seen(const char *state_dir);

#endif
