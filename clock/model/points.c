/* League points per finishing place, by the formula a league chooses. */
#include <math.h>

#include "model/points.h"

bool points_for(const points_rule_t *r, int entrants, int place, int64_t buy_in, int64_t spent,
                double *points)
{
    if (entrants < 1 || place < 1 || place > entrants)
        return false;
    switch (r->formula) {
    case POINTS_FIXED:
        *points = place <= r->n_list && place <= POINTS_MAX_LIST ? r->list[place - 1] : 0;
        return true;
    case POINTS_LINEAR: *points = entrants - place + 1; return true;
    case POINTS_SQRT:
        if (buy_in < 1 || spent < 1)
            return false;
        /* b^2 / e as b * (b / e): no overflow for large amounts */
        *points = sqrt(entrants * ((double)buy_in / (double)spent) * (double)buy_in) / (place + 1);
        return true;
    }
    return false;
}
