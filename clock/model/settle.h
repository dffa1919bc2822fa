/* The deal the players left agreed (docs/rules.md §10): their prizes become the agreed amounts. */
#ifndef POKERCLOCK_SETTLE_H
#define POKERCLOCK_SETTLE_H

#include <stddef.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

/* What the players left share: the prizes of places 1 .. players left. */
int64_t settle_pool_left(const tourney_t *t, int64_t now);

/* The deal on the tourney alone (model_apply's part): amounts for every
 * player left that, with play_for, add up exactly to settle_pool_left
 * (and the bounties on the heads left, c->deal.heads, when dealt in).
 * Without play_for the tournament ends, places 1.. in the order given;
 * with it, the prizes of those places are the play-for amount for the
 * winner and nothing else. On failure nothing changes. */
apply_status settle_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err);

/* The deal amount of roster player index p (and true), or false when he
 * had no part in a deal. */
bool settle_amount_of(const tourney_t *t, int p, int64_t *amount);

#endif
