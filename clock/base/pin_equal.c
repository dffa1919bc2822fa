/* Comparing a PIN typed on the network with the director's, in constant time. */
#include <string.h>

#include "base/pin_equal.h"
#include "base/sha256.h"

void pin_hash_of(const uint8_t salt[PIN_SALT_LEN], const char *text, uint8_t out[PIN_HASH_LEN])
{
    uint8_t buf[PIN_SALT_LEN + PIN_TEXT_MAX];
    size_t n = strnlen(text, PIN_TEXT_MAX);
    memcpy(buf, salt, PIN_SALT_LEN);
    memcpy(buf + PIN_SALT_LEN, text, n);
    sha256(buf, PIN_SALT_LEN + n, out);
}

bool pin_equal(const pin_hash_t *want, const char *got)
{
    size_t gl = strnlen(got, PIN_TEXT_MAX + 1);
    uint8_t h[PIN_HASH_LEN];
    pin_hash_of(want->salt, got, h);
    unsigned diff = gl == 0 || gl > PIN_TEXT_MAX;
    for (size_t i = 0; i < PIN_HASH_LEN; i++)
        diff |= h[i] ^ want->hash[i];
    return diff == 0;
}
