/* Payouts the director sets while the tournament runs: the places' shares, the rounding unit, where the remainder goes. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/prizes.h"

apply_status prizes_apply(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    const int n = c->payouts.n;
    if (n < 1 || n > TOURNEY_MAX_PLACES)
        return model_fail(APPLY_INVALID, err, errlen, "places must list 1 to %d percentages",
                          TOURNEY_MAX_PLACES);
    int32_t sum = 0;
    for (int k = 0; k < n; k++) {
        if (c->payouts.bp[k] < 0 || c->payouts.bp[k] > 10000)
            return model_fail(APPLY_INVALID, err, errlen,
                              "place %d: a share is 0 to 100 percent", k + 1);
        sum += c->payouts.bp[k];
    }
    if (sum != 10000)
        return model_fail(APPLY_INVALID, err, errlen,
                          "the places add up to %d.%02d%%, not 100%%: nothing changed", sum / 100,
                          sum % 100);
    if (c->payouts.unit < 1 || c->payouts.unit > 1000000)
        return model_fail(APPLY_INVALID, err, errlen, "the rounding unit is 1 to 1000000");
    if (t->deal.players > 0)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "a deal was made: its amounts are the prizes now (undo it first)");
    /* One table for every field size from now on: the director set what
     * this tournament pays, whatever the entries become. */
    payout_table_t p = {.min_entries = 1, .places = n};
    memcpy(p.bp, c->payouts.bp, sizeof p.bp[0] * (size_t)n);
    t->s.n_payouts = 1;
    memset(t->s.payouts, 0, sizeof t->s.payouts);
    t->s.payouts[0] = p;
    t->s.payout_unit = c->payouts.unit;
    t->s.payout_remainder_largest = c->payouts.largest;
    (void)now;
    return APPLY_OK;
}
