/* The way back from JSON: a structure and a tournament from what another pokerclock serves. */
#ifndef POKERCLOCK_PARSE_STATE_H
#define POKERCLOCK_PARSE_STATE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/tourney.h"

/* A structure from its JSON form (GET /api/structure): the inverse of
 * codec_structure. Unknown members are ignored (the master may be newer);
 * members of the wrong type or out of range are not. Returns 0, or -1 with
 * err saying what is wrong ("levels[3].big_blind must be a whole number"). */
int codec_structure_parse(const json_t *o, structure_t *s, char *err, size_t errlen);

/* A tournament on structure s from the public state (GET /api/state, each
 * `event: state`) as it was at `now`, the local time it arrived: the clock
 * counts on from there. Members the master does not send (an older version)
 * are left as in a new tournament. Returns 0, or -1 with err. */
int codec_state_parse(const json_t *o, const structure_t *s, int64_t now, tourney_t *t, char *err,
                      size_t errlen);

/* Whether the state was made on structure s, as far as the state shows it
 * (level count, the current and the next level, name): when not, the
 * structure must be fetched again before the state can be shown. */
bool codec_state_fits(const json_t *o, const structure_t *s);

#endif
