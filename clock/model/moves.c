/* The log of recent moves; see moves.h. */
#include <string.h>

#include "model/moves.h"

void moves_log_add(moves_log_t *l, const move_rec_t *m)
{
    l->ring[l->total % MOVES_LOG_MAX] = *m;
    l->total++;
    if (l->total - l->first > MOVES_LOG_MAX)
        l->first = l->total - MOVES_LOG_MAX;
}

int moves_log_count(const moves_log_t *l)
{
    return (int)(l->total - l->first);
}

const move_rec_t *moves_log_get(const moves_log_t *l, int i)
{
    if (i < 0 || i >= moves_log_count(l))
        return NULL;
    return &l->ring[(l->total - 1 - (uint32_t)i) % MOVES_LOG_MAX];
}

void moves_log_undo(moves_log_t *l, uint32_t total)
{
    while (l->total > total && l->total > l->first) {
        l->total--;
        memset(&l->ring[l->total % MOVES_LOG_MAX], 0, sizeof l->ring[0]);
    }
    /* Older than what is held: nothing of it is left to show. */
    if (l->total > total)
        l->total = l->first = total;
}

int moves_log_recent(const moves_log_t *l, int64_t now, int64_t within_ms)
{
    int n = 0;
    const move_rec_t *m;
    while (within_ms > 0 && (m = moves_log_get(l, n)) && now - m->at < within_ms)
        n++;
    return n;
}

int64_t moves_strip_ms(int64_t house_ms, bool off)
{
    return off ? 0 : house_ms > 0 ? house_ms : MOVES_STRIP_DEFAULT_MS;
}

const char *moves_why_name(int why)
{
    return why == MOVE_BREAK ? "break" : why == MOVE_FINAL ? "final" : "balance";
}
