/* Wrong-PIN throttling: a wait that grows per client address, and a budget for the whole clock. */
#ifndef POKERCLOCK_GUARD_H
#define POKERCLOCK_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    GUARD_FREE_TRIES = 3,             /* wrong PINs before each try must wait */
    GUARD_MAX_WAIT_S = 900,           /* the wait doubles up to this */
    GUARD_FORGET_S = 3600,            /* failures older than this are forgiven */
    GUARD_BURST = 5,                  /* wrong PINs the whole clock may take at once */
    GUARD_RATE_MAX_PER_H = 1800,      /* and never more than this an hour */
    GUARD_RATE_MIN_PER_H = 1,
};

typedef struct guard guard_t;

/* pin: the PIN to protect, only to size the clock-wide budget so that all
 * the wrong PINs allowed in 12 hours cover at most 1 % of the PINs of its
 * kind (10^n for n digits, 62^n otherwise). */
guard_t *guard_new(const char *pin);
void guard_free(guard_t *g);

/* Wrong PINs the whole clock accepts an hour, and the expected hours a
 * guesser needs at that rate (half the PINs of its kind). */
double guard_rate_per_hour(const guard_t *g);
double guard_expected_hours(const guard_t *g);

/* May this address try now (now_ms: a monotonic clock)? Returns 0, or the
 * seconds to wait with msg saying so ("too many wrong PINs: ..."). */
int guard_check(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, char *msg,
                size_t msglen);
/* May the PIN be looked at now, whoever asks? 0, or the seconds until the
 * clock-wide budget allows one more wrong PIN, with msg. */
int guard_check_clock(guard_t *g, int64_t now_ms, char *msg, size_t msglen);
/* A wrong try from this address: returns the seconds before it may try
 * again (0: at once), with msg for the person ("wrong PIN; ..."); *count
 * (may be NULL) gets this address's wrong tries so far, for the log.
 * looked: the PIN was compared (it spends the clock-wide budget). */
int guard_fail(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, bool looked,
               char *msg, size_t msglen, int *count);
/* The right PIN: this address starts afresh. */
void guard_succeed(guard_t *g, const void *addr, size_t addrlen);

#endif
