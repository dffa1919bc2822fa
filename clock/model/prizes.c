/* Payouts the director sets while the tournament runs: the places' shares, the rounding unit, where the remainder goes. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/prizes.h"

/* Fixed amounts: whole multiples of the unit, adding up to the pool now. */
static apply_status check_amounts(const tourney_t *t, const command_t *c, int64_t now, char *err,
                                  size_t errlen)
{
    int64_t sum = 0, unit = c->payouts.unit;
    for (int k = 0; k < c->payouts.n; k++) {
        int64_t a = c->payouts.amount[k];
        if (a < 0 || a > PRIZES_MAX_AMOUNT)
            return model_fail(APPLY_INVALID, err, errlen, "place %d: an amount is 0 to %lld",
                              k + 1, (long long)PRIZES_MAX_AMOUNT);
        if (a % unit)
            return model_fail(APPLY_INVALID, err, errlen,
                              "place %d: %lld is not a multiple of the rounding unit %lld", k + 1,
                              (long long)a, (long long)unit);
        if (k > 0 && a > c->payouts.amount[k - 1])
            return model_fail(APPLY_INVALID, err, errlen,
                              "place %d gets more than place %d: nothing changed", k + 1, k);
        sum += a;
    }
    tourney_view_t v;
    tourney_view(t, now, &v);
    if (sum != v.prize_pool)
        return model_fail(APPLY_INVALID, err, errlen,
                          "the amounts add up to %lld, but the prize pool is %lld: nothing changed",
                          (long long)sum, (long long)v.prize_pool);
    return APPLY_OK;
}

apply_status prizes_apply(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    const int n = c->payouts.n;
    if (n < 1 || n > TOURNEY_MAX_PLACES)
        return model_fail(APPLY_INVALID, err, errlen, "places must list 1 to %d %s",
                          TOURNEY_MAX_PLACES, c->payouts.fixed ? "amounts" : "percentages");
    if (c->payouts.unit < 1 || c->payouts.unit > 1000000)
        return model_fail(APPLY_INVALID, err, errlen, "the rounding unit is 1 to 1000000");
    if (c->payouts.fixed) {
        apply_status st = check_amounts(t, c, now, err, errlen);
        if (st != APPLY_OK)
            return st;
    } else {
        int32_t sum = 0;
        for (int k = 0; k < n; k++) {
            if (c->payouts.bp[k] < 0 || c->payouts.bp[k] > 10000)
                return model_fail(APPLY_INVALID, err, errlen,
                                  "place %d: a share is 0 to 100 percent", k + 1);
            sum += c->payouts.bp[k];
        }
        if (sum != 10000)
            return model_fail(APPLY_INVALID, err, errlen,
                              "the places add up to %d.%02d%%, not 100%%: nothing changed",
                              sum / 100, sum % 100);
    }
    if (t->deal.players > 0)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "a deal was made: its amounts are the prizes now (undo it first)");
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
