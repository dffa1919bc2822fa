/* Places and prizes: each player out ranked among the entrants, and what
 * his place pays. Decided here once, for the state's results, the roster
 * and the result sheet alike:
 * - The entrants are the entries less the re-entries: a player who came
 *   back counts once, ranked by his last entry.
 * - Players out in one hand at one rank share their places: the places
 *   run from (entrants - out before - players sharing + 1) to (entrants -
 *   out before), so a late entry moves every place given one down, and a
 *   re-entry moves up those given after the player went out.
 * - A place pays what the payouts in force pay it (model/payout.c), the
 *   pool as it is now; players sharing places share their prizes by the
 *   payout rule (payout_share), in the order the bust named them; after a
 *   deal, a player of the deal takes his amount, the winner the play-for
 *   amount on top.
 * So the places given and the places still to be won pay the prize pool
 * exactly, whatever came in, went back or was undone. */
#ifndef POKERCLOCK_STANDINGS_H
#define POKERCLOCK_STANDINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

/* The players who entered, each once. */
int standings_entrants(const tourney_t *t);

/* The prize pool now. */
int64_t standings_pool(const tourney_t *t);
/* What the paid places pay of pool by the payouts in force (no deal):
 * writes them to out and returns how many places are paid (never more
 * than the entrants). */
int standings_payouts(const tourney_t *t, int64_t pool, int64_t *out);
/* After a deal, what its places pay: a place whose player is known, his
 * amount (and the play-for amount for 1st); a place still played for, its
 * part of the play-for amount (all of it for 1st, none for the others).
 * Overwrites payouts[0 .. players in the deal). */
void standings_deal_places(const tourney_t *t, int64_t *payouts);
/* Who finished at place (1-based) of a deal, by roster number: 0 while it
 * is played for, or in a deal by place. */
int standings_deal_player(const tourney_t *t, int place);

/* n players out in one hand at one rank, sharing their places: their
 * roster numbers (NULL or 0: without a record), their tables and chips at
 * the start of the hand (NULL: not given). They are counted out. */
void standings_out(tourney_t *t, int n, const int *players, const int *tables, const int64_t *chips,
                   int64_t at);
/* The one player left won: place 1 (player 0: without a record). */
void standings_winner(tourney_t *t, int player, int64_t at);
/* Player (his number) who was out entered again: his elimination no
 * longer counts (the tourney's part of a re-entry; the entry itself is
 * counted by the caller). */
void standings_reenter(tourney_t *t, int player);

/* After the last bust: the one left, when he has a record, is named in the
 * winner's result (a deal's play-for amount goes to him). */
void standings_name_winner(tourney_t *t, const roster_t *r);

/* The results' places and prizes, after any command. */
void standings_refresh(tourney_t *t);
/* The same for the roster's players (every player out, and the winner);
 * true when any of them changed. */
bool standings_roster(roster_t *r, const tourney_t *t);

/* Old records without what standings need (a snapshot of an earlier
 * pokerclock): filled in from the places they were given. */
void standings_adopt(tourney_t *t);
void standings_adopt_roster(roster_t *r, tourney_t *t);

#endif
