/* The tourney with its roster: commands that name players change both; one undo takes both back. */
#ifndef POKERCLOCK_GAME_H
#define POKERCLOCK_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

/* The tourney (with its own undo stack) and the roster beside it. Each entry
 * of the model's undo stack has one here, at the same position: what the
 * command changed in the roster (nothing for most commands). */
typedef struct {
    model_t m;
    roster_t r;
    int n_undo; /* always m.n_undo */
    roster_undo_t undo[TOURNEY_UNDO_DEPTH];
    bool undoable[TOURNEY_UNDO_DEPTH]; /* false: the roster change was too large */
} game_t;

/* A tournament at its start: the structure, and the tables of `tables`
 * (NULL: none; a tournament run by counts only). */
void game_init(game_t *g, const structure_t *s, const roster_t *tables);

/* The roster of `tables` (NULL: none) beside the model g->m as it is, each
 * of its undo entries with nothing to take back in the roster: a snapshot
 * saved before the roster existed. */
void game_roster_reset(game_t *g, const roster_t *tables);

/* Whether the command goes through the roster: register with names or at
 * seats, or any register while the roster has tables; bust, rebuy or add-on
 * of a player by number or by table and seat; move, break_table,
 * final_table. */
bool game_command_names_players(const game_t *g, const command_t *c);

/* How many random numbers the command needs drawn (0: none): a register
 * that seats players, a table break (two a player: table, then seat), the
 * final-table redraw. The engine draws them with game_draw before applying
 * the command, and journals what was drawn. */
int game_draws_needed(const game_t *g, const command_t *c);
/* Fills c->seats (and for breaks and the redraw c->movers) with rnd, uniform
 * 64-bit numbers: register, each player a seat TDA 10A allows, one after the
 * other; break_table, the two-step draw; final_table, every player left a
 * seat at the final table. False (err says why) when it cannot be done. */
bool game_draw(const game_t *g, command_t *c, const uint64_t *rnd, refusal_t *err);

/* Applies c at now; on failure nothing changes. A command that needs
 * draws must carry what was drawn (game_draw). */
apply_status game_apply(game_t *g, const command_t *c, int64_t now, refusal_t *err);

/* The roster's player index for c's player (by number, or by table and
 * seat), or -1 with err. */
int game_player_of(const game_t *g, const command_t *c, refusal_t *err);

#endif
