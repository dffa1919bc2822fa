/* Wrong-PIN throttling: a wait that grows per client address, and a budget for the whole clock.
 *
 * Per address: three free tries, then 1, 2, 4, ... seconds up to 15 minutes
 * between tries. Nobody is locked out for good, so a director who mistyped
 * gets in again. Addresses are cheap on a venue network, so the whole clock
 * also has a budget of wrong PINs (a token bucket) sized from the PIN: in 12
 * hours at most 1 % of the PINs of its kind can be tried. When the budget is
 * spent nobody's PIN is looked at until it refills; the director gets in
 * with a one-time code from the wall (store/pin.h) or keeps the session. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/guard.h"

enum { ADDR_MAX = 16, CLIENTS = 256 };

typedef struct {
    uint8_t addr[ADDR_MAX];
    size_t addrlen;            /* 0: free slot */
    int failures;
    int64_t last_fail;         /* ms */
    int64_t until;             /* no tries before this (ms) */
} client_t;

/* keyspace and per_ms are set by guard_new and only read after; the rest
 * is guarded by lock (every server thread may count a wrong PIN). */
struct guard {
    pthread_mutex_t lock;
    client_t clients[CLIENTS];             /* the least recently failed is reused */
    double keyspace;                       /* PINs of the protected PIN's kind */
    double per_ms;                         /* wrong PINs the budget regains a ms */
    double tokens;                         /* wrong PINs allowed now (<= GUARD_BURST) */
    int64_t filled_at;                     /* ms of the last refill; INT64_MIN: never */
};

static double keyspace_of(const char *pin)
{
    size_t n = pin ? strlen(pin) : 0;
    bool digits = n && strspn(pin, "0123456789") == n;
    return pow(digits ? 10.0 : 62.0, (double)n);
}

guard_t *guard_new(const char *pin)
{
    guard_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    g->keyspace = keyspace_of(pin);
    double per_h = g->keyspace * 0.01 / 12.0;
    if (per_h > GUARD_RATE_MAX_PER_H)
        per_h = GUARD_RATE_MAX_PER_H;
    if (per_h < GUARD_RATE_MIN_PER_H)
        per_h = GUARD_RATE_MIN_PER_H;
    g->per_ms = per_h / 3600000.0;
    g->tokens = GUARD_BURST;
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
    if (g->tokens > GUARD_BURST)
        g->tokens = GUARD_BURST;
    if (g->filled_at == INT64_MIN || now_ms > g->filled_at)
        g->filled_at = now_ms;
}

static client_t *lookup(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, bool add)
{
    if (addrlen > ADDR_MAX)
        addrlen = ADDR_MAX;
    client_t *spare = NULL;
    for (int i = 0; i < CLIENTS; i++) {
        client_t *c = &g->clients[i];
        if (c->addrlen && now_ms - c->last_fail > GUARD_FORGET_S * 1000LL &&
            now_ms >= c->until)
            c->addrlen = 0;
        if (c->addrlen == addrlen && memcmp(c->addr, addr, addrlen) == 0)
            return c;
        if (!spare || !c->addrlen || (spare->addrlen && c->last_fail < spare->last_fail))
            spare = c;
    }
    if (!add)
        return NULL;
    memset(spare, 0, sizeof *spare);
    memcpy(spare->addr, addr, addrlen);
    spare->addrlen = addrlen;
    return spare;
}

static int seconds_until(int64_t until, int64_t now_ms)
{
    return (int)((until - now_ms + 999) / 1000);
}

/* "4 minutes" or "12 seconds", rounded up: never less than the real wait. */
static void say_wait(int s, char *buf, size_t len)
{
    if (s >= 120)
        snprintf(buf, len, "%d minutes", (s + 59) / 60);
    else
        snprintf(buf, len, "%d second%s", s, s == 1 ? "" : "s");
}

int guard_check(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, char *msg,
                size_t msglen)
{
    char wait[32];
    int s = 0;
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, addr, addrlen, now_ms, false);
    if (c && now_ms < c->until) {
        s = seconds_until(c->until, now_ms);
        say_wait(s, wait, sizeof wait);
        snprintf(msg, msglen, "too many wrong PINs: wait %s before trying again", wait);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

int guard_check_clock(guard_t *g, int64_t now_ms, char *msg, size_t msglen)
{
    char wait[32];
    int s = 0;
    pthread_mutex_lock(&g->lock);
    refill(g, now_ms);
    if (g->tokens < 1) {
        s = (int)ceil((1 - g->tokens) / g->per_ms / 1000);
        if (s < 1)
            s = 1;
        say_wait(s, wait, sizeof wait);
        snprintf(msg, msglen,
                 "too many wrong PINs on this clock: wait %s, or press L at the clock "
                 "for a one-time code",
                 wait);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

int guard_fail(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, bool looked,
               char *msg, size_t msglen, int *count)
{
    char wait[32];
    pthread_mutex_lock(&g->lock);
    if (looked) {
        refill(g, now_ms);
        g->tokens -= 1;
    }
    client_t *c = lookup(g, addr, addrlen, now_ms, true);
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
    say_wait(s, wait, sizeof wait);
    if (s > 0)
        snprintf(msg, msglen, "wrong PIN: wait %s before trying again", wait);
    else
        snprintf(msg, msglen, "wrong PIN");
    return s;
}

void guard_succeed(guard_t *g, const void *addr, size_t addrlen)
{
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, addr, addrlen, INT64_MIN / 2, false);
    if (c)
        c->addrlen = 0;
    pthread_mutex_unlock(&g->lock);
}
