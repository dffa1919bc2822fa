/* Inside the model: the procedures of docs/rules.md (color-up, hand-for-hand,
 * bubble, end of day, clock call, penalties), and the chip checks of a
 * structure that pokerclock --check reports. */
#ifndef POKERCLOCK_PROCEDURES_H
#define POKERCLOCK_PROCEDURES_H

#include "model/tourney.h"

apply_status procedures_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err);
/* A bust, with places and prizes for players out in the same hand. */
apply_status procedures_bust(tourney_t *t, const command_t *c, int64_t now, refusal_t *err);
/* A table broken (by its number): out of hand-for-hand and the end-of-day
 * draw; a hand-for-hand hand the others had finished is complete. */
void procedures_table_closed(tourney_t *t, int table, int64_t now);
/* Fills the procedures' part of a view whose clock part is done. */
void procedures_view(const tourney_t *t, int64_t now, tourney_view_t *v);

/* A chip problem of a structure: `level` is the index into s->levels; msg
 * names it as the config file counts (1-based, breaks included):
 * "level 7: the small blind 75 needs a chip of 25, colored up at the break
 * before (level 6)". error false: a warning (the file is still usable). */
typedef struct {
    int level;
    bool error;
    char msg[160];
} chip_problem_t;

/* Writes up to max chip problems of s to out (in level order) and returns
 * how many there are in all (which may be more than max). A structure
 * without chips has none. */
int structure_chip_problems(const structure_t *s, chip_problem_t *out, int max);

#endif
