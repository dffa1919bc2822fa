/* Director sessions: random tokens, kept on disk only as hashes with their expiry. */
#ifndef POKERCLOCK_SESSION_H
#define POKERCLOCK_SESSION_H

#include <stdbool.h>
#include <stdint.h>

enum {
    SESSION_TOKEN_LEN = 32,     /* 128 random bits as hex */
    SESSION_MAX_AGE_S = 86400,  /* as the cookie's Max-Age */
    SESSION_MAX = 64,           /* the oldest goes when more log in */
};

typedef struct session_store session_store_t;

/* Loads state_dir/sessions (a missing or damaged file is no session);
 * state_dir NULL keeps sessions in memory only. NULL only without memory. */
session_store_t *session_store_open(const char *state_dir);
void session_store_free(session_store_t *s);

/* A new session valid until now_s + SESSION_MAX_AGE_S (wall seconds). Writes
 * its token (NUL-terminated) to token; 0, or -1 when no randomness. */
int session_create(session_store_t *s, int64_t now_s, char token[SESSION_TOKEN_LEN + 1]);
/* Whether token (from a cookie, untrusted) names a live session. */
bool session_valid(session_store_t *s, const char *token, int64_t now_s);
void session_end(session_store_t *s, const char *token);

#endif
