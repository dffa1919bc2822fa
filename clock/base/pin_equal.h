/* A secret as it is kept (a salted SHA-256), and comparing a PIN typed on
 * the network with one, in constant time. */
#ifndef POKERCLOCK_PIN_EQUAL_H
#define POKERCLOCK_PIN_EQUAL_H

#include <stdbool.h>
#include <stdint.h>

enum {
    PIN_SALT_LEN = 16,
    PIN_HASH_LEN = 32, /* SHA-256 */
    PIN_TEXT_MAX = 64, /* a longer PIN typed matches nothing */
};

/* A secret as it is kept: SHA-256 of a random salt followed by the secret. */
typedef struct {
    uint8_t salt[PIN_SALT_LEN];
    uint8_t hash[PIN_HASH_LEN];
} pin_hash_t;

/* SHA-256 of salt followed by text: how a PIN (or a mark of one) is kept.
 * text longer than PIN_TEXT_MAX is cut there (no PIN is that long). */
void pin_hash_of(const uint8_t salt[PIN_SALT_LEN], const char *text, uint8_t out[PIN_HASH_LEN]);

/* Whether got is the secret want keeps; an empty got, or one longer than
 * PIN_TEXT_MAX, matches nothing. Every byte of the hashes is compared,
 * matching or not: the time taken says nothing about how close got was. */
bool pin_equal(const pin_hash_t *want, const char *got);

#endif
