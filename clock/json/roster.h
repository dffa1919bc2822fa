/* The roster in JSON: fields of commands naming players, GET /api/players, and snapshots. */
#ifndef POKERCLOCK_JSON_ROSTER_H
#define POKERCLOCK_JSON_ROSTER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/game.h"

/* Whether a command of this type takes the field (name, names, player,
 * table and seat; seats only from the journal). */
bool roster_json_command_field(command_type type, const char *key, bool internal);
/* Reads those fields into c, after the command's other fields; 0 or -1 with
 * *no. */
int roster_json_command_parse(const json_t *obj, command_t *c, bool internal, refusal_t *no);
/* A bust's "by": who knocked the player out, one number or a list of 1 to
 * TOURNEY_MAX_KO (null or absent: not recorded); 0 or -1 with *no. */
int roster_json_by(const json_t *obj, int16_t *by, int *n_by, refusal_t *no);
json_t *roster_json_by_list(const int16_t *by, int n_by);
/* Adds them to the command's JSON object o. */
void roster_json_command(const command_t *c, json_t *o);

/* One player as GET /api/players lists him; short_names: his name as the
 * house shows it to anyone without a director's session ("Anna B."). */
json_t *roster_json_player(const roster_t *r, int player, bool short_names);
/* GET /api/players: {"version", "players": [...], "tables": [...]}. */
json_t *roster_json_players(const roster_t *r, bool short_names);

/* What the floor should do now (roster_next_action), for the director to
 * confirm: {"action": "none"|"balance"|"break"|"final", "moves": [...],
 * "table": N to break}. seed varies the seats suggested at tables without
 * a known button. */
json_t *roster_json_proposal(const roster_t *r, uint64_t seed);

/* The roster and its undo entries, as a snapshot carries them. */
json_t *roster_json_save(const game_t *g);
/* Loads what roster_json_save wrote into g's roster and undo entries
 * (g->m already loaded: the undo entries must be as many as its own).
 * 0, or -1 with err and g's roster unchanged. */
int roster_json_load(const json_t *j, game_t *g, char *err, size_t errlen);

/* What changed in the roster from *before to *after: its header and
 * counts, the players that differ in what is theirs (a place or a prize
 * that moved with the others is derived again: standings_roster), the
 * tables that differ, the log of moves when it changed; what a journal
 * record carries besides its command. */
json_t *roster_json_delta(const roster_t *before, const roster_t *after);
/* Puts a delta onto *r; 0, or -1 with err and *r unchanged when it does not
 * read or would seat two players in one seat. */
int roster_json_apply(const json_t *d, roster_t *r, char *err, size_t errlen);

#endif
