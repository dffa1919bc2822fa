/* The result sheet: one row per finishing place, with the prize, the deal and league points. */
#include <stdlib.h>
#include <string.h>

#include "model/points.h"
#include "model/settle.h"
#include "model/sheet.h"
#include "model/standings.h"

bool sheet_points_rule(const points_config_t *pc, int *formula)
{
    static const char *const names[] =
        {[POINTS_FIXED] = "fixed", [POINTS_LINEAR] = "linear", [POINTS_SQRT] = "sqrt"};
    for (int i = 0; i < 3; i++)
        if (strcmp(pc->formula, names[i]) == 0) {
            *formula = i;
            return true;
        }
    return false;
}

/* The points of a place range: tied players share the points of the places
 * they tie for, as they share the prizes. */
static void add_points(const structure_t *s, int entrants, int64_t spent, sheet_row_t *row)
{
    points_rule_t rule = {0};
    int formula;
    if (!sheet_points_rule(&s->points, &formula))
        return;
    rule.formula = (points_formula)formula;
    rule.n_list = s->points.n_list < POINTS_MAX_LIST ? s->points.n_list : POINTS_MAX_LIST;
    for (int i = 0; i < rule.n_list; i++)
        rule.list[i] = s->points.list[i];
    double sum = 0, one;
    for (int p = row->place_best; p <= row->place_worst; p++) {
        if (!points_for(&rule, entrants, p, s->buy_in, spent, &one))
            return;
        sum += one;
    }
    row->has_points = true;
    row->points = sum / (row->place_worst - row->place_best + 1);
}

static int by_place(const void *a, const void *b)
{
    const sheet_row_t *x = a, *y = b;
    if (x->place_best != y->place_best)
        return x->place_best - y->place_best;
    return x->player - y->player;
}

int sheet_rows(const tourney_t *t, const roster_t *r, sheet_row_t *out, int max)
{
    const structure_t *s = &t->s;
    int n = 0, entrants = standings_entrants(t);
    for (int i = 0; i < r->n_players && n < max; i++) {
        const player_t *p = &r->players[i];
        if (p->place_best < 1)
            continue;
        int64_t amount;
        sheet_row_t row = {p->place_best,
                           p->place_worst,
                           i,
                           p->entries,
                           p->rebuys,
                           p->addons,
                           p->prize,
                           p->bounties,
                           settle_amount_of(t, i, &amount),
                           false,
                           0};
        int64_t spent = (int64_t)p->entries * s->buy_in + (int64_t)p->rebuys * s->rebuy_price +
                        (int64_t)p->addons * s->addon_price;
        add_points(s, entrants, spent, &row);
        out[n++] = row;
    }
    /* Players without a record: the places the tourney holds for them, and
     * after a deal by place, whether the place was in it. */
    for (int i = 0; i < t->n_results && n < max; i++) {
        const result_t *res = &t->results[i];
        if (res->player > 0)
            continue;
        sheet_row_t row = {res->place_best,
                           res->place_worst,
                           -1,
                           -1,
                           -1,
                           -1,
                           res->prize_each,
                           0,
                           t->deal.players > 0 && res->place_best <= t->deal.players,
                           false,
                           0};
        add_points(s, entrants, s->buy_in, &row);
        out[n++] = row;
    }
    qsort(out, (size_t)n, sizeof *out, by_place);
    return n;
}
