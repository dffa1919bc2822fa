/* Repeated events for the log, summed up: at most one line per address a
 * minute, with the count, however many requests a flood sends.
 *
 * A wrong PIN written to the log one line each lets a guesser fill the
 * appliance's journal (kept in memory, 32 MB) within a minute and push out
 * everything else. Here each period's events are counted per address, and
 * when the period is over a thread of the tally's own writes the busiest
 * TALLY_NAMED addresses one line each and the rest in one line: at most
 * TALLY_NAMED + 1 lines a period. */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mono.h"
#include "net/tally.h"

typedef struct {
    uint8_t addr[16];
    uint8_t len;
    long count, refused;
} entry_t;

struct tally {
    const char *what;
    int64_t period_ms;
    FILE *out;
    pthread_t thread;
    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t wake;  /* an event, or stop */
    bool stop;
    int64_t since; /* monotonic ms of the period's first event; -1: none yet */
    int n;
    entry_t entries[TALLY_ADDRESSES];
    long unseen, unseen_refused; /* events from addresses past TALLY_ADDRESSES */
};

static void addr_text(const entry_t *e, char *buf, size_t len)
{
    if ((e->len != 4 && e->len != 16) ||
        !inet_ntop(e->len == 4 ? AF_INET : AF_INET6, e->addr, buf, (socklen_t)len))
        snprintf(buf, len, "an unknown address");
}

static void say_count(char *buf, size_t len, long count, long refused)
{
    int k = snprintf(buf, len, "%ld in the last minute", count);
    if (refused && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, ", %ld of them refused unread", refused);
}

static int busiest_first(const void *a, const void *b)
{
    long x = ((const entry_t *)a)->count, y = ((const entry_t *)b)->count;
    return (x < y) - (x > y);
}

/* The period's lines, written at once. Called without the lock, on a copy. */
static void write_period(const tally_t *t, entry_t *e, int n, long unseen, long unseen_refused)
{
    qsort(e, (size_t)n, sizeof *e, busiest_first);
    char text[(TALLY_NAMED + 1) * 200];
    size_t used = 0;
    char who[INET6_ADDRSTRLEN + 8], count[96];
    for (int i = 0; i < n && i < TALLY_NAMED; i++) {
        addr_text(&e[i], who, sizeof who);
        say_count(count, sizeof count, e[i].count, e[i].refused);
        used += (size_t)snprintf(text + used, sizeof text - used, "pokerclock: %s from %s: %s\n",
                                 t->what, who, count);
    }
    long more = unseen, more_refused = unseen_refused;
    for (int i = TALLY_NAMED; i < n; i++) {
        more += e[i].count;
        more_refused += e[i].refused;
    }
    if (more) {
        say_count(count, sizeof count, more, more_refused);
        snprintf(text + used, sizeof text - used, "pokerclock: %s from %d more addresses%s: %s\n",
                 t->what, n - TALLY_NAMED, unseen ? " and others not told apart" : "", count);
    }
    fputs(text, t->out);
    fflush(t->out);
}

/* Takes the period's counts out (with the lock held) and writes them
 * without it. */
static void flush_locked(tally_t *t, entry_t *copy)
{
    int n = t->n;
    long unseen = t->unseen, unseen_refused = t->unseen_refused;
    memcpy(copy, t->entries, (size_t)n * sizeof *copy);
    t->n = 0;
    t->unseen = t->unseen_refused = 0;
    t->since = -1;
    pthread_mutex_unlock(&t->lock);
    if (n || unseen)
        write_period(t, copy, n, unseen, unseen_refused);
    pthread_mutex_lock(&t->lock);
}

static void *run(void *arg)
{
    tally_t *t = arg;
    entry_t *copy = malloc(sizeof t->entries);
    pthread_mutex_lock(&t->lock);
    while (!t->stop) {
        if (t->since < 0) {
            pthread_cond_wait(&t->wake, &t->lock);
            continue;
        }
        int64_t due = t->since + t->period_ms;
        if (mono_ms() < due) {
            struct timespec ts = mono_deadline(due);
            pthread_cond_timedwait(&t->wake, &t->lock, &ts);
            continue;
        }
        if (copy)
            flush_locked(t, copy);
        else
            break; /* no memory to write with: counted quietly, written at the end */
    }
    pthread_mutex_unlock(&t->lock);
    free(copy);
    return NULL;
}

tally_t *tally_new(const char *what, int64_t period_ms, FILE *out)
{
    tally_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->what = what;
    t->period_ms = period_ms > 0 ? period_ms : 60000;
    t->out = out;
    t->since = -1;
    mono_cond_init(&t->wake);
    pthread_mutex_init(&t->lock, NULL);
    if (pthread_create(&t->thread, NULL, run, t) != 0) {
        pthread_cond_destroy(&t->wake);
        pthread_mutex_destroy(&t->lock);
        free(t);
        return NULL;
    }
    return t;
}

void tally_free(tally_t *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&t->lock);
    t->stop = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    /* What the last period counted, written now. */
    if (t->n || t->unseen)
        write_period(t, t->entries, t->n, t->unseen, t->unseen_refused);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

void tally_add(tally_t *t, const void *addr, size_t len, bool refused)
{
    if (len > 16)
        len = 16;
    pthread_mutex_lock(&t->lock);
    entry_t *e = NULL;
    for (int i = 0; i < t->n && !e; i++)
        if (t->entries[i].len == len && memcmp(t->entries[i].addr, addr, len) == 0)
            e = &t->entries[i];
    if (!e && t->n < TALLY_ADDRESSES) {
        e = &t->entries[t->n++];
        memset(e, 0, sizeof *e);
        memcpy(e->addr, addr, len);
        e->len = (uint8_t)len;
    }
    if (e) {
        e->count++;
        e->refused += refused;
    } else {
        t->unseen++;
        t->unseen_refused += refused;
    }
    if (t->since < 0) {
        t->since = mono_ms();
        pthread_cond_signal(&t->wake);
    }
    pthread_mutex_unlock(&t->lock);
}
