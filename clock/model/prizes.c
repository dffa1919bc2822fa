/* Payouts the director sets while the tournament runs: the places' shares, the rounding unit, where
 * the remainder goes. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/prizes.h"

/* Fixed amounts: whole multiples of the unit, adding up to the pool now. */
static apply_status check_amounts(const tourney_t *t, const command_t *c, int64_t now,
                                  refusal_t *err)
{
    int64_t sum = 0, unit = c->payouts.unit;
    for (int k = 0; k < c->payouts.n; k++) {
        int64_t a = c->payouts.amount[k];
        if (a < 0 || a > PRIZES_MAX_AMOUNT)
            return refuse_payout_amount_range(err, k + 1, (long long)PRIZES_MAX_AMOUNT);
        if (a % unit)
            return refuse_payout_unit_multiple(err, k + 1, (long long)a, (long long)unit);
        if (k > 0 && a > c->payouts.amount[k - 1])
            return refuse_payout_order(err, k + 1, k);
        sum += a;
    }
    tourney_view_t v;
    tourney_view(t, now, &v);
    if (sum != v.prize_pool)
        return refuse_payout_amounts_sum(err, (long long)sum, (long long)v.prize_pool);
    return APPLY_OK;
}

apply_status prizes_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    const int n = c->payouts.n;
    if (n < 1 || n > TOURNEY_MAX_PLACES)
        return c->payouts.fixed ? refuse_payout_amounts_count(err, TOURNEY_MAX_PLACES)
                                : refuse_payout_shares_count(err, TOURNEY_MAX_PLACES);
    if (c->payouts.unit < 1 || c->payouts.unit > 1000000)
        return refuse_payout_unit_range(err);
    if (c->payouts.fixed) {
        apply_status st = check_amounts(t, c, now, err);
        if (st != APPLY_OK)
            return st;
    } else {
        int32_t sum = 0;
        for (int k = 0; k < n; k++) {
            if (c->payouts.bp[k] < 0 || c->payouts.bp[k] > 10000)
                return refuse_payout_share_range(err, k + 1);
            sum += c->payouts.bp[k];
        }
        if (sum != 10000) {
            char percent[16];
            snprintf(percent, sizeof percent, "%d.%02d", sum / 100, sum % 100);
            return refuse_payout_shares_sum(err, percent);
        }
    }
    if (t->deal.players > 0)
        return refuse_deal_made(err);
    t->s.payout_unit = c->payouts.unit;
    t->s.payout_remainder_largest = c->payouts.largest;
    memset(t->s.payout_amounts, 0, sizeof t->s.payout_amounts);
    t->s.n_payout_amounts = 0;
    if (c->payouts.fixed) {
        /* The tables stay as they were, for a later return to shares. */
        memcpy(t->s.payout_amounts, c->payouts.amount, sizeof c->payouts.amount[0] * (size_t)n);
        t->s.n_payout_amounts = n;
        return APPLY_OK;
    }
    /* One table for every field size from now on: the director set what
     * this tournament pays, whatever the entries become. */
    payout_table_t p = {.min_entries = 1, .places = n};
    memcpy(p.bp, c->payouts.bp, sizeof p.bp[0] * (size_t)n);
    t->s.n_payouts = 1;
    memset(t->s.payouts, 0, sizeof t->s.payouts);
    t->s.payouts[0] = p;
    return APPLY_OK;
}
