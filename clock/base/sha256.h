/* SHA-256 (FIPS 180-4), for keeping only hashes of session tokens on disk. */
#ifndef POKERCLOCK_SHA256_H
#define POKERCLOCK_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { SHA256_LEN = 32 };

void sha256(const void *data, size_t len, uint8_t out[SHA256_LEN]);

#endif
