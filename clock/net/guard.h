/* Wrong-PIN throttling: per client address, slowed after 3, locked out after 10; and overall. */
#ifndef POKERCLOCK_GUARD_H
#define POKERCLOCK_GUARD_H

#include <stddef.h>
#include <stdint.h>

enum {
    GUARD_FREE_TRIES = 3,             /* wrong PINs before each try must wait */
    GUARD_MAX_WAIT_S = 5,             /* the longest wait between those tries */
    GUARD_LOCK_AFTER = 10,            /* wrong PINs before the lockout */
    GUARD_LOCK_S = 300,               /* how long it lasts */
    GUARD_FORGET_S = 3600,            /* failures older than this are forgiven */
    GUARD_GLOBAL_MAX = 30,            /* wrong PINs from everyone ... */
    GUARD_GLOBAL_WINDOW_S = 60,       /* ... in this long locks everyone out */
};

typedef struct guard guard_t;

guard_t *guard_new(void);
void guard_free(guard_t *g);

/* May this address try a PIN now (now_ms: a monotonic clock)? Returns 0, or
 * the seconds to wait with msg saying so ("too many wrong PINs: ..."). */
int guard_check(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, char *msg,
                size_t msglen);
/* A wrong PIN from this address: returns the seconds before it may try
 * again (0: at once), with msg for the person ("wrong PIN; ..."). */
int guard_fail(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, char *msg,
               size_t msglen);
/* The right PIN: this address starts afresh. */
void guard_succeed(guard_t *g, const void *addr, size_t addrlen);

#endif
