/* The deal and the payouts in JSON: the deal and set_payouts commands' fields, and both in the
 * state. */
#ifndef POKERCLOCK_JSON_SETTLE_H
#define POKERCLOCK_JSON_SETTLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/tourney.h"

/* Whether a command of this type takes the field (deal: players, amounts,
 * play_for). */
bool settle_json_command_field(command_type type, const char *key);
/* Reads them into c; 0, or -1 with *no. */
int settle_json_command_parse(const json_t *obj, command_t *c, refusal_t *no);
/* Adds them to the command's JSON object o. */
void settle_json_command(const command_t *c, json_t *o);
/* The prize pool as lines that add up to it ("prize_pool_lines": [{"kind",
 * "label", "count", "each", "amount"}]: kind a code, label its English) and the payout rule in
 * force ("payout_rule":
 * {"unit", "remainder": "first"|"largest"}) into
 * the state o. */
void settle_json_payouts(json_t *o, const tourney_t *t);
/* The deal as the state shows it: {"players", "play_for", "amounts",
 * "who"}, or null when none was made. */
json_t *settle_json_state(const tourney_t *t);
/* The way back, for a follower: the state's "deal" and "payout_rule" into
 * t (absent: as in a new tournament), so that it pays what the master pays.
 * 0, or -1 with err. */
int settle_json_state_parse(const json_t *state, tourney_t *t, char *err, size_t errlen);

#endif
