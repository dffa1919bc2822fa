/* The result sheet: one row per finishing place, with the prize, the deal and league points. */
#ifndef POKERCLOCK_SHEET_H
#define POKERCLOCK_SHEET_H

#include <stdbool.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

typedef struct {
    int place_best, place_worst; /* a range when tied */
    int player;                  /* roster index; -1: places by number only */
    int entries, rebuys, addons; /* -1: not known (no player records) */
    int64_t prize;               /* what the player takes home, deal included */
    int64_t bounties;            /* the bounties he won (model/bounty.h); 0 without a record */
    bool deal;                   /* the prize is (or holds) a deal amount */
    bool has_points;
    double points;
} sheet_row_t;

/* The rows of the players with a place, best place first (then by player
 * number): every placed player with a record, and for players without one
 * the places the tourney still holds (the last TOURNEY_MAX_RESULTS). At
 * most max written; returns how many. */
int sheet_rows(const tourney_t *t, const roster_t *r, sheet_row_t *out, int max);

/* "fixed", "linear", "sqrt" as the rule; false for anything else ("": no points). */
bool sheet_points_rule(const points_config_t *pc, int *formula);

#endif
