/* Wrong-PIN throttling: a wait that grows per client address (or per known
 * phone), and a budget for the whole clock with a reserve for known phones. */
#ifndef POKERCLOCK_GUARD_H
#define POKERCLOCK_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/refusal.h"

enum {
    GUARD_FREE_TRIES = 3,        /* wrong PINs before each try must wait */
    GUARD_MAX_WAIT_S = 900,      /* the wait doubles up to this */
    GUARD_FORGET_S = 3600,       /* failures older than this are forgiven */
    GUARD_BURST = 5,             /* wrong PINs strangers may try at once */
    GUARD_RESERVE = 3,           /* and tries kept for known phones only */
    GUARD_RATE_MAX_PER_H = 1800, /* and never more than this an hour, all together */
    GUARD_RATE_MIN_PER_H = 1,
    GUARD_WHO_MAX = 20,   /* bytes naming who tries: an address, a phone */
    GUARD_CLIENTS = 1024, /* addresses and phones kept apart */
};

typedef struct guard guard_t;

/* kinds: the PINs of the protected PIN's kind (pin_kinds), only to size the
 * clock-wide budget so that all the tries allowed in 12 hours, the burst
 * and the reserve included, cover at most 1 % of them. */
guard_t *guard_new(double kinds);
void guard_free(guard_t *g);

/* Tries the whole clock allows an hour, and the expected hours a guesser
 * needs at that rate (half the PINs of its kind). */
double guard_rate_per_hour(const guard_t *g);
double guard_expected_hours(const guard_t *g);

/* May who (an address's bytes, or a known phone's) try now (now_ms: a
 * monotonic clock)? Returns 0, or the seconds to wait with *no saying so
 * (pins_wait_seconds ...). */
int guard_check(guard_t *g, const void *who, size_t wholen, int64_t now_ms, refusal_t *no);
/* May the PIN be looked at now? Takes one try of the clock-wide budget and
 * returns 0, or returns the seconds until one is free, with *no. A stranger
 * leaves GUARD_RESERVE tries untouched; a known phone (one that logged in
 * here before) may take those too. */
int guard_take(guard_t *g, bool known_phone, int64_t now_ms, refusal_t *no);
/* The try taken was the right PIN: it goes back to the budget. */
void guard_give_back(guard_t *g);
/* A wrong try from who: returns the seconds before it may try again (0: at
 * once), with *no for the person (pin_wrong, pin_wrong_seconds ...); *count (may be NULL)
 * gets who's wrong tries so far. */
int guard_fail(guard_t *g, const void *who, size_t wholen, int64_t now_ms, refusal_t *no,
               int *count);
/* The right PIN: who starts afresh. */
void guard_succeed(guard_t *g, const void *who, size_t wholen);

#endif
