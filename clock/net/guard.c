/* Wrong-PIN throttling: per client address, slowed after 3, locked out after 10; and overall. */
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

struct guard {
    pthread_mutex_t lock;
    client_t clients[CLIENTS];             /* the least recently failed is reused */
    int64_t recent[GUARD_GLOBAL_MAX];      /* times of the last wrong PINs, a ring */
    int next;                              /* where the next one goes */
    int64_t global_until;                  /* everyone waits until then (ms) */
};

guard_t *guard_new(void)
{
    guard_t *g = calloc(1, sizeof *g);
    if (g) {
        pthread_mutex_init(&g->lock, NULL);
        for (int i = 0; i < GUARD_GLOBAL_MAX; i++)
            g->recent[i] = INT64_MIN / 2;
        g->global_until = INT64_MIN / 2;
    }
    return g;
}

void guard_free(guard_t *g)
{
    if (g) {
        pthread_mutex_destroy(&g->lock);
        free(g);
    }
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
        if (c->failures >= GUARD_LOCK_AFTER)
            snprintf(msg, msglen, "too many wrong PINs: locked out for %s", wait);
        else
            snprintf(msg, msglen, "too many wrong PINs: wait %s before trying again", wait);
    } else if (now_ms < g->global_until) {
        s = seconds_until(g->global_until, now_ms);
        say_wait(s, wait, sizeof wait);
        snprintf(msg, msglen, "too many wrong PINs on this clock: wait %s", wait);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

int guard_fail(guard_t *g, const void *addr, size_t addrlen, int64_t now_ms, char *msg,
               size_t msglen)
{
    char wait[32];
    pthread_mutex_lock(&g->lock);
    client_t *c = lookup(g, addr, addrlen, now_ms, true);
    c->failures++;
    c->last_fail = now_ms;
    int s = 0;
    if (c->failures >= GUARD_LOCK_AFTER)
        s = GUARD_LOCK_S;
    else if (c->failures >= GUARD_FREE_TRIES)
        s = c->failures - GUARD_FREE_TRIES + 1 < GUARD_MAX_WAIT_S
                ? c->failures - GUARD_FREE_TRIES + 1
                : GUARD_MAX_WAIT_S;
    c->until = now_ms + s * 1000LL;
    /* The oldest of the last GUARD_GLOBAL_MAX failures (this one included)
     * still inside the window means that many came in that short a time,
     * from wherever. */
    g->recent[g->next] = now_ms;
    g->next = (g->next + 1) % GUARD_GLOBAL_MAX;
    if (now_ms - g->recent[g->next] < GUARD_GLOBAL_WINDOW_S * 1000LL)
        g->global_until = now_ms + GUARD_GLOBAL_WINDOW_S * 1000LL;
    pthread_mutex_unlock(&g->lock);
    say_wait(s, wait, sizeof wait);
    if (s >= GUARD_LOCK_S)
        snprintf(msg, msglen, "wrong PIN: locked out for %s", wait);
    else if (s > 0)
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
