/* Payouts the director sets while the tournament runs: the places' shares, the rounding unit, where
 * the remainder goes. */
#ifndef POKERCLOCK_PRIZES_H
#define POKERCLOCK_PRIZES_H

#include <stddef.h>
#include <stdint.h>

#include "model/tourney.h"

enum { PRIZES_MAX_AMOUNT = 1000000000 }; /* a fixed prize, at most */

/* set_payouts: the percentages (basis points, summing to 100 %) become the
 * one payout table, or fixed amounts per place (adding up to the prize pool
 * now, none above the place before, multiples of the unit) replace the
 * tables' shares; with the rounding unit and the remainder rule. Places
 * already given keep their prizes; refused after a deal. On failure
 * nothing changes. */
apply_status prizes_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err);

#endif
