/* Comparing a PIN typed on the network with the director's, in constant time. */
#ifndef POKERCLOCK_PIN_EQUAL_H
#define POKERCLOCK_PIN_EQUAL_H

#include <stdbool.h>
#include <stdint.h>

#include "store/pin.h"

/* SHA-256 of salt followed by text: how a PIN (or a mark of one) is kept.
 * text longer than PIN_TEXT_MAX is cut there (no PIN is that long). */
void pin_hash_of(const uint8_t salt[PIN_SALT_LEN], const char *text, uint8_t out[PIN_HASH_LEN]);

/* Whether got is the secret want keeps; an empty got, or one longer than
 * PIN_TEXT_MAX, matches nothing. Every byte of the hashes is compared,
 * matching or not: the time taken says nothing about how close got was. */
bool pin_equal(const pin_hash_t *want, const char *got);

#endif
