/* What the tournament looks like at an instant: derived from the state and now. */
#include <string.h>

#include "model/clockpos.h"
#include "model/procedures.h"
#include "model/standings.h"

/* The level number a period refers to is open while the clock is at or before
 * it, including the break right after it. */
static bool period_open(const structure_t *s, int index, int until)
{
    return until > 0 && level_number_of(s, index) <= until;
}

/* Clock time from now until the first level after lvl for which open() no
 * longer holds starts; -1 when it does not hold now. */
static int64_t period_left(const structure_t *s, int lvl, int64_t remaining, bool open_now,
                           bool (*open)(const structure_t *, int, int), int arg)
{
    if (!open_now)
        return -1;
    int64_t left = remaining;
    for (int i = lvl + 1; i < s->n_levels && open(s, i, arg); i++)
        left += s->levels[i].duration_ms;
    return left;
}

/* The add-on is taken at the break after play level `after`, or during that
 * level when no break follows it. */
static bool addon_open_at(const structure_t *s, int i, int after)
{
    if (after <= 0 || level_number_of(s, i) != after)
        return false;
    if (s->levels[i].kind == LEVEL_BREAK)
        return true;
    return !(i + 1 < s->n_levels && s->levels[i + 1].kind == LEVEL_BREAK);
}

/* The paid places' prizes, summing to the pool; after a deal, its places
 * as it pays them (model/standings.c). */
static void view_payouts(const tourney_t *t, tourney_view_t *v)
{
    v->paid_places = standings_payouts(t, v->prize_pool, v->payouts);
    if (t->deal.players > 0) {
        /* every place of the deal pays its player's amount */
        for (int k = v->paid_places; k < t->deal.players; k++)
            v->payouts[k] = 0;
        if (v->paid_places < t->deal.players)
            v->paid_places = t->deal.players;
        standings_deal_places(t, v->payouts);
    }
}

void tourney_view(const tourney_t *t, int64_t now, tourney_view_t *v)
{
    const structure_t *s = &t->s;
    memset(v, 0, sizeof *v);
    int lvl;
    int64_t e;
    clock_position(t, now, &lvl, &e);
    const level_t *cur = &s->levels[lvl];

    v->level = lvl;
    v->level_number = level_number_of(s, lvl);
    v->next_level = lvl + 1 < s->n_levels ? lvl + 1 : -1;
    v->elapsed_ms = e;
    v->remaining_ms = cur->duration_ms - e;
    /* Only the last level can be at or past its end (the others have given
     * way to the next level): its end is overtime, also at the very instant
     * it ends and while paused there, never a silent 0:00. */
    if (v->remaining_ms <= 0) {
        v->overtime = true;
        v->overtime_ms = -v->remaining_ms;
        v->remaining_ms = 0;
    }

    v->to_break_ms = -1;
    v->next_break = -1;
    int64_t until = v->remaining_ms;
    for (int i = lvl + 1; i < s->n_levels; i++) {
        if (s->levels[i].kind == LEVEL_BREAK) {
            v->next_break = i;
            v->to_break_ms = until;
            break;
        }
        until += s->levels[i].duration_ms;
    }

    /* The time the clock ran: time added to a level or levels skipped do
     * not make it jump. */
    v->tournament_elapsed_ms = t->clock.played_ms;
    if (t->clock.running && now > t->clock.since)
        v->tournament_elapsed_ms += now - t->clock.since;

    v->players_left = t->entries - t->busted;
    for (int i = 0; i < t->n_results && v->players_left == 1; i++)
        v->over |= t->results[i].place_best == 1;
    v->chips_in_play = (int64_t)t->entries * s->starting_stack +
                       (int64_t)t->rebuys * s->rebuy_chips + (int64_t)t->addons * s->addon_chips;
    v->average_stack = v->players_left > 0 ? v->chips_in_play / v->players_left : 0;
    v->prize_pool = standings_pool(t);

    view_payouts(t, v);

    v->late_reg_open = period_open(s, lvl, s->late_reg_until_level);
    v->rebuys_open = period_open(s, lvl, s->rebuy_until_level);
    v->addon_open = addon_open_at(s, lvl, s->addon_after_level);
    v->late_reg_closes_ms = period_left(s, lvl, v->remaining_ms, v->late_reg_open, period_open,
                                        s->late_reg_until_level);
    v->rebuys_close_ms = period_left(s, lvl, v->remaining_ms, v->rebuys_open, period_open,
                                     s->rebuy_until_level);
    v->addon_closes_ms = period_left(s, lvl, v->remaining_ms, v->addon_open, addon_open_at,
                                     s->addon_after_level);
    v->announcement_active = t->announcement[0] &&
                             (t->announcement_until == 0 || now < t->announcement_until);
    procedures_view(t, now, v);
}
