/* League points per finishing place, by the formula a league chooses. */
#ifndef POKERCLOCK_POINTS_H
#define POKERCLOCK_POINTS_H

#include <stdbool.h>
#include <stdint.h>

enum { POINTS_MAX_LIST = 100 };

typedef enum {
    POINTS_FIXED = 0,  /* list[place - 1]; places beyond the list: 0 */
    POINTS_LINEAR = 1, /* entrants - place + 1: last place 1, the winner n */
    POINTS_SQRT = 2,   /* sqrt(n * b^2 / e) / (place + 1): n entrants, b the
                          buy-in, e what the player spent (buy-in, rebuys,
                          add-ons): rebuys lower the score */
} points_formula;

typedef struct {
    points_formula formula;
    int n_list;
    double list[POINTS_MAX_LIST];
} points_rule_t;

/* The points for a place among `entrants`; spent and buy_in only for
 * POINTS_SQRT. false when the place or the amounts make no sense
 * (place outside 1..entrants; buy_in or spent not above 0). */
bool points_for(const points_rule_t *r, int entrants, int place, int64_t buy_in, int64_t spent,
                double *points);

#endif
