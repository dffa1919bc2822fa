/* Director sessions and known phones: random tokens, kept on disk only as
 * hashes with their expiry, under a mark of the PIN they were made with. */
#ifndef POKERCLOCK_SESSION_H
#define POKERCLOCK_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "store/pin.h"

enum {
    SESSION_TOKEN_LEN = 32,            /* 128 random bits as hex */
    SESSION_MAX_AGE_S = 86400,         /* a session, as the cookie's Max-Age */
    SESSION_PHONE_AGE_S = 400 * 86400, /* a known phone (browsers keep a cookie 400 days at most) */
    SESSION_MAX = 64,                  /* the oldest goes when more log in */
};

typedef struct session_store session_store_t;

/* Loads state_dir/name ("sessions", "phones"; a missing or damaged file is
 * none); state_dir NULL keeps them in memory only. Tokens live max_age_s
 * each. The file carries a mark of pin (pin_stamp): tokens made under
 * another PIN, or in a file without the mark, are dropped. NULL only
 * without memory or randomness. */
session_store_t *session_store_open(const char *state_dir, const char *name, int max_age_s,
                                    const pin_t *pin);
void session_store_free(session_store_t *s);

/* A new token valid until now_s + max_age_s (wall seconds). Writes it
 * (NUL-terminated) to token; 0, or -1 when no randomness. */
int session_create(session_store_t *s, int64_t now_s, char token[SESSION_TOKEN_LEN + 1]);
/* Whether token (from a cookie, untrusted) names a live one. */
bool session_valid(session_store_t *s, const char *token, int64_t now_s);
void session_end(session_store_t *s, const char *token);
/* Ends every one but keep's (keep may be NULL). */
void session_end_all(session_store_t *s, const char *keep);

#endif
