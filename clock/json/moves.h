/* The log of recent moves in JSON: for GET /api/players and GET /api/moves, and in snapshots. */
#ifndef POKERCLOCK_JSON_MOVES_H
#define POKERCLOCK_JSON_MOVES_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/seating.h"

/* The newest MOVES_SHOWN moves, newest first: [{"player", "name",
 * "from_table", "from_seat" (null: he was waiting), "to_table", "to_seat",
 * "why", "ago_ms", "stands" (the player still sits where it put him)}],
 * tables by their numbers. */
json_t *moves_json_list(const roster_t *r, bool short_names, int64_t now);
/* GET /api/moves: {"total", "strip_ms", "moves": [...]}, small enough for
 * the wall in a browser to fetch when "moves_total" of the state changes. */
json_t *moves_json_resource(const roster_t *r, const house_t *h, bool short_names, int64_t now);

/* The log as a snapshot carries it: {"n": total, "f": first, "m": [[at,
 * player, from_table, from_seat, to_table, to_seat, why], ...] oldest first}. */
json_t *moves_json_save(const moves_log_t *l);
/* Reads it back, checked against the roster's sizes; false (l unchanged)
 * when it does not read. */
bool moves_json_load(const json_t *j, const roster_t *r, moves_log_t *l);

#endif
