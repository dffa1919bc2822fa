/* The deal the players left agreed (docs/rules.md §10): their prizes become the agreed amounts. */
#include <string.h>

#include "model/clockpos.h"
#include "model/settle.h"
#include "model/standings.h"

int64_t settle_pool_left(const tourney_t *t, int64_t now)
{
    tourney_view_t v;
    tourney_view(t, now, &v);
    int64_t left = 0;
    for (int k = 0; k < v.players_left && k < v.paid_places; k++)
        left += v.payouts[k];
    return left;
}

apply_status settle_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    const int n = c->deal.n;
    int left = t->entries - t->busted;
    if (t->deal.players > 0)
        return refuse_deal_made_already(err);
    if (left < 2)
        return refuse_deal_players_left(err);
    if (n < 1 || n > TOURNEY_MAX_DEAL || c->deal.n_players < 0 || c->deal.n_players > n)
        return refuse_deal_amounts_range(err, TOURNEY_MAX_DEAL);
    if (n != left)
        return refuse_deal_amount_each(err, left, n);
    if (c->deal.n_players != 0 && c->deal.n_players != n)
        return refuse_deal_names_amounts(err, c->deal.n_players, n);
    if (c->deal.play_for > 0 && c->deal.n_players == 0)
        return refuse_deal_play_for_names(err);
    /* the bounties on the heads left, when the players deal them in too */
    int64_t heads = c->deal.bounties ? c->deal.heads : 0;
    int64_t pool = settle_pool_left(t, now) + heads, sum = c->deal.play_for;
    if (c->deal.play_for < 0)
        return refuse_deal_play_for_negative(err);
    for (int i = 0; i < n; i++) {
        if (c->deal.amount[i] < 0 || c->deal.amount[i] > pool)
            return refuse_deal_amount_range(err, i + 1, (long long)pool);
        sum += c->deal.amount[i];
    }
    if (sum != pool)
        return c->deal.play_for ? refuse_deal_sum_play_for(err, sum, pool, n)
                                : refuse_deal_sum(err, sum, pool, n);
    tourney_deal_t d = {.players = n, .play_for = c->deal.play_for, .at = now, .bounties = heads};
    for (int i = 0; i < n; i++) {
        d.who[i] = c->deal.n_players ? c->deal.player[i] : 0;
        d.amount[i] = c->deal.amount[i];
    }
    t->deal = d;
    if (d.play_for > 0)
        return APPLY_OK;
    /* Play ends here: the places as given, worst first like busts; each
     * takes his amount (model/standings.c). */
    for (int place = n; place >= 2; place--) {
        int who = d.who[place - 1];
        standings_out(t, 1, &who, NULL, NULL, now);
    }
    standings_winner(t, d.who[0], now);
    t->bubble = false;
    if (t->itm_at == 0)
        t->itm_at = now;
    if (t->clock.running) {
        clock_settle(t, now);
        t->clock.running = false;
    }
    return APPLY_OK;
}

bool settle_amount_of(const tourney_t *t, int p, int64_t *amount)
{
    for (int i = 0; i < t->deal.players; i++)
        if (t->deal.who[i] == p + 1) {
            *amount = t->deal.amount[i];
            return true;
        }
    return false;
}
