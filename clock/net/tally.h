/* Repeated events for the log, summed up: at most one line per address a
 * minute, with the count, however many requests a flood sends. */
#ifndef POKERCLOCK_TALLY_H
#define POKERCLOCK_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
    TALLY_ADDRESSES = 1024, /* kept apart in a minute; more are counted together */
    TALLY_NAMED = 16,       /* named in the log a minute, the busiest first */
};

typedef struct tally tally_t;

/* what: the event as the log names it ("wrong PIN"); the lines go to out
 * once period_ms (60000; shorter for tests) has passed since the first
 * event of the period. A thread of its own writes them: nothing waits for
 * the next event. NULL without memory or a thread. */
tally_t *tally_new(const char *what, int64_t period_ms, FILE *out);
/* Writes what is counted, and stops. */
void tally_free(tally_t *t);

/* One event from addr (4 bytes IPv4, 16 IPv6; anything else is "an unknown
 * address"); refused: it was turned away unread, said with the count. */
void tally_add(tally_t *t, const void *addr, size_t len, bool refused);

#endif
