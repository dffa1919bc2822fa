/* Wrong-PIN throttling: a wait that grows per client address (or per known
 * phone), and a budget for the whole clock with a reserve for known phones.
 *
 * Per address: three free tries, then 1, 2, 4, ... seconds up to 15 minutes
 * between tries. Nobody is locked out for good, so a director who mistyped
 * gets in again. Addresses are cheap on a venue network, so the whole clock
 * also has a budget of PINs looked at (a token bucket) sized from the PIN:
 * in 12 hours at most 1 % of the PINs of its kind can be tried. Strangers
 * may spend it only down to GUARD_RESERVE tries: those are kept for phones
 * that logged in here before (a long-lived cookie only a login hands out),
 * so however many addresses guess, the director's phone has its tries.
 * The bucket refills from below: tries a known phone spent come back
 * before strangers get another. A phone never seen gets in with a one-time
 * code from the wall (store/pin.h). */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/guard.h"

typedef struct {
    uint8_t who[GUARD_WHO_MAX];
    size_t wholen; /* 0: free slot */
    int failures;
    int64_t last_fail; /* ms */
    int64_t until;     /* no tries before this (ms) */
} client_t;

struct guard {
    pthread_mutex_t lock;
    /* Everything below is under lock (requests come from several threads). */
    client_t clients[GUARD_CLIENTS]; /* the least recently failed is reused */
    double keyspace;                 /* PINs of the protected PIN's kind */
    double per_ms;                   /* tries the budget regains a ms */
    double tokens;                   /* tries allowed now (<= BURST + RESERVE) */
    int64_t filled_at;               /* ms of the last refill; INT64_MIN: never */
};

enum { CAPACITY = GUARD_BURST + GUARD_RESERVE };

guard_t *guard_new(double kinds)
{
    guard_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    g->keyspace = kinds;
    /* 1 % in 12 hours, counting what the bucket holds at the start. */
    double per_h = (g->keyspace * 0.01 - CAPACITY) / 12.0;
    if (per_h > GUARD_RATE_MAX_PER_H)
        per_h = GUARD_RATE_MAX_PER_H;
    if (per_h < GUARD_RATE_MIN_PER_H)
        per_h = GUARD_RATE_MIN_PER_H;
    g->per_ms = per_h / 3600000.0;
    g->tokens = CAPACITY;
    g->filled_at = INT64_MIN;
    return g;
}

void guard_free(guard_t *g)
{
    if (g) {
        pthread_mutex_destroy(&g->lock);
        free(g);
    }
}

double guard_rate_per_hour(const guard_t *g)
{
    return g->per_ms * 3600000.0;
}

double guard_expected_hours(const guard_t *g)
{
    return g->keyspace / 2 / guard_rate_per_hour(g);
}

static void refill(guard_t *g, int64_t now_ms)
{
    if (g->filled_at != INT64_MIN && now_ms > g->filled_at)
        g->tokens += (double)(now_ms - g->filled_at) * g->per_ms;
    if (g->tokens > CAPACITY)
        g->tokens = CAPACITY;
    if (g->filled_at == INT64_MIN || now_ms > g->filled_at)
        g->filled_at = now_ms;
}

static client_t *lookup(guard_t *g, const void *who, size_t wholen, int64_t now_ms, bool add)
{
    if (wholen > GUARD_WHO_MAX)
        wholen = GUARD_WHO_MAX;
    client_t *spare = NULL;
    for (int i = 0; i < GUARD_CLIENTS; i++) {
        client_t *c = &g->clients[i];
        if (c->wholen && now_ms - c->last_fail > GUARD_FORGET_S * 1000LL && now_ms >= c->until)
            c->wholen = 0;
        if (c->wholen == wholen && memcmp(c->who, who, wholen) == 0)
            return c;
        if (!spare || !c->wholen || (spare->wholen && c->last_fail < spare->last_fail))
            spare = c;
    }
    if (!add)
        return NULL;
    memset(spare, 0, sizeof *spare);
    memcpy(spare->who, who, wholen);
    spare->wholen = wholen;
    return spare;
}

static int seconds_until(int64_t until, int64_t now_ms)
{
    return (int)((until - now_ms + 999) / 1000);
}

/* The wait of s seconds in a refusal of the three kinds (1 second, so
 * many seconds, so many minutes), rounded up: never less than the real
 * wait. */
static void refuse_wait(refusal_t *no, int s, apply_status (*one)(refusal_t *),
                        apply_status (*seconds)(refusal_t *, long long),
                        apply_status (*minutes)(refusal_t *, long long))
{
    if (s >= 120)
        minutes(no, (s + 59) / 60);
    else if (s == 1)
        one(no);
    else
        seconds(no, s);
}

int guard_check(guard_t *g, const void *who, size_t wholen, int64_t now_ms, refusal_t *no)
{
    int s = 0;
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, who, wholen, now_ms, false);
    if (c && now_ms < c->until) {
        s = seconds_until(c->until, now_ms);
        refuse_wait(no, s, refuse_pins_wait_second, refuse_pins_wait_seconds,
                    refuse_pins_wait_minutes);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

int guard_take(guard_t *g, bool known_phone, int64_t now_ms, refusal_t *no)
{
    int s = 0;
    double kept = known_phone ? 0 : GUARD_RESERVE; /* tries left for others */
    pthread_mutex_lock(&g->lock);
    refill(g, now_ms);
    if (g->tokens >= kept + 1) {
        g->tokens -= 1;
    } else {
        s = (int)ceil((kept + 1 - g->tokens) / g->per_ms / 1000);
        if (s < 1)
            s = 1;
        refuse_wait(no, s, refuse_pins_clock_second, refuse_pins_clock_seconds,
                    refuse_pins_clock_minutes);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

void guard_give_back(guard_t *g)
{
    pthread_mutex_lock(&g->lock);
    g->tokens = g->tokens + 1 < CAPACITY ? g->tokens + 1 : CAPACITY;
    pthread_mutex_unlock(&g->lock);
}

int guard_fail(guard_t *g, const void *who, size_t wholen, int64_t now_ms, refusal_t *no,
               int *count)
{
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, who, wholen, now_ms, true);
    c->failures++;
    c->last_fail = now_ms;
    int s = 0;
    if (c->failures >= GUARD_FREE_TRIES) {
        int doublings = c->failures - GUARD_FREE_TRIES;
        s = doublings >= 10 ? GUARD_MAX_WAIT_S : 1 << doublings;
        if (s > GUARD_MAX_WAIT_S)
            s = GUARD_MAX_WAIT_S;
    }
    c->until = now_ms + s * 1000LL;
    if (count)
        *count = c->failures;
    pthread_mutex_unlock(&g->lock);
    if (s > 0)
        refuse_wait(no, s, refuse_pin_wrong_second, refuse_pin_wrong_seconds,
                    refuse_pin_wrong_minutes);
    else
        refuse_pin_wrong(no);
    return s;
}

void guard_succeed(guard_t *g, const void *who, size_t wholen)
{
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, who, wholen, INT64_MIN / 2, false);
    if (c)
        c->wholen = 0;
    pthread_mutex_unlock(&g->lock);
}
