/* The log of recent moves: who went from which seat to which, when, and why
 * (a balancing move, a table break, the final-table redraw). */
#ifndef POKERCLOCK_MOVES_H
#define POKERCLOCK_MOVES_H

#include <stdbool.h>
#include <stdint.h>

/* Why the log is bounded and longer than what is shown: it rides in the
 * roster (copied on every change, carried in snapshots), so it has a fixed
 * size; and an undo takes back the newest entries, so that after the 16
 * undos the stack allows (at most ten moves each) the newest MOVES_SHOWN
 * are still exactly what they were. */
enum {
    MOVES_LOG_MAX = 256,
    MOVES_SHOWN = 64, /* what the API and the screens list, newest first */
    MOVES_STRIP_DEFAULT_MS = 120000,
};

typedef enum { MOVE_BALANCE = 0, MOVE_BREAK = 1, MOVE_FINAL = 2 } move_why;

typedef struct {
    int64_t at;         /* the command's time (the model's now) */
    int16_t player;     /* roster index */
    int16_t from_table; /* roster table index; -1: he was waiting */
    int16_t to_table;
    uint8_t from_seat, to_seat; /* from_seat 0 with from_table -1 */
    uint8_t why;                /* move_why */
} move_rec_t;

typedef struct {
    uint32_t total; /* moves ever logged: entry k (0-based) is ring[k % MOVES_LOG_MAX] */
    uint32_t first; /* the oldest entry still held (older ones were overwritten) */
    move_rec_t ring[MOVES_LOG_MAX];
} moves_log_t;

void moves_log_add(moves_log_t *l, const move_rec_t *m);
/* How many entries are held (at most MOVES_LOG_MAX). */
int moves_log_count(const moves_log_t *l);
/* The i-th newest entry (0: the newest), or NULL past the oldest held. */
const move_rec_t *moves_log_get(const moves_log_t *l, int i);
/* Takes the log back to its first `total` entries (an undo); the entries
 * dropped are cleared, so that a log is the same value whichever way it was
 * reached. */
void moves_log_undo(moves_log_t *l, uint32_t total);
/* How many of the newest entries were made within `within_ms` before now
 * (0 when within_ms <= 0). */
int moves_log_recent(const moves_log_t *l, int64_t now, int64_t within_ms);
/* How long the wall shows a move: the house option in ms (0: the
 * default); 0 when the house turned the strip off. */
int64_t moves_strip_ms(int64_t house_ms, bool off);
/* "balance", "break", "final". */
const char *moves_why_name(int why);

#endif
