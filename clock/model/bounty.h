/* Bounties (knockouts), decided here once (docs/rules.md §12):
 * - Each entry (and re-entry) pays `amount` of its buy-in onto the player's
 *   head instead of into the prize pool; a rebuy does the same when the
 *   configuration says so (its price less the bounty goes into the pool).
 *   The bounty pool is kept apart from the prize pool: payouts are of the
 *   prize pool only.
 * - A player out hands his head to who knocked him out: fixed, all of it
 *   in cash; progressive, half in cash and half onto the eliminator's own
 *   head (the cash half rounded up to the payout unit).
 * - A split pot: the head is shared among its winners in the payout unit,
 *   the units left over one each to the winners in the order named, the
 *   part of a unit to the first named (payout_share's rule).
 * - A player out with no eliminator recorded: his head is not claimed; the
 *   sheet says how much was not claimed.
 * - When play ends, the winner takes his own head; a deal that ends play
 *   gives each of its players his own head: the deal is of the prize pool,
 *   unless the players deal the heads left in too (then the amounts hold
 *   them, and tourney_deal_t.bounties says how much).
 * - Players without a record (a tournament run by counts) have their heads
 *   together in tourney_t.bounty_loose: an entry or rebuy by count adds a
 *   bounty, k of u such players out take k/u of it (all of it for the last)
 *   to the bounties not claimed.
 * So prizes + bounties won + bounties on heads + bounties not claimed =
 * everything paid in, exactly, whatever came in, went back or was undone
 * (the prizes of a deal that dealt the heads in hold those heads). */
#ifndef POKERCLOCK_BOUNTY_H
#define POKERCLOCK_BOUNTY_H

#include <stdbool.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

/* Whether the tournament has bounties, and whether they are progressive. */
bool bounty_on(const structure_t *s);
bool bounty_progressive(const structure_t *s);
/* What an entry, and a rebuy, puts onto a head (0: nothing). */
int64_t bounty_per_entry(const structure_t *s);
int64_t bounty_per_rebuy(const structure_t *s);
/* "" when the configuration's bounty is sound, else why not (static text). */
const char *bounty_config_problem(const structure_t *s);

/* Everything paid into the bounty pool: entries and rebuys that bought one. */
int64_t bounty_paid_in(const tourney_t *t);

/* A head of `head` taken by n eliminators: cash[i] each takes home and
 * onto[i] goes onto his own head (0 unless progressive). Sums to head. */
void bounty_split(const structure_t *s, int64_t head, int n, int64_t *cash, int64_t *onto);

/* ---- the roster's heads ---- */

/* Player p (index) entered or re-entered: a fresh head. */
void bounty_enter(roster_t *r, const structure_t *s, int p);
/* A rebuy of player p. */
void bounty_rebuy(roster_t *r, const structure_t *s, int p);
/* Player p unregistered: his head goes back with his entry. */
void bounty_unregister(roster_t *r, int p);
/* Player p (index) went out, knocked out by by[0 .. n_by) (roster numbers;
 * none: not recorded): his head goes to them, recorded in t->knockout. The
 * eliminators are checked first with bounty_check. */
void bounty_knockout(roster_t *r, tourney_t *t, int p, const int16_t *by, int n_by, int64_t at);
/* Whether by[0 .. n_by) may take player p's head when out[0 .. n_out)
 * (p among them) go out in one hand: bounties in the tournament, each
 * eliminator a player still in and not out in that hand, each once. */
bool bounty_check(const roster_t *r, const structure_t *s, const int *out, int n_out, int p,
                  const int16_t *by, int n_by, refusal_t *err);
/* Play ended: the players still in (the winner; or the players of a deal)
 * take their own heads; the heads of players without a record are not
 * claimed. */
void bounty_play_over(roster_t *r, tourney_t *t);

/* What the heads of the players still in hold (with those without a
 * record); and those heads dealt in with the prizes (a deal). */
int64_t bounty_heads_left(const roster_t *r, const tourney_t *t);
void bounty_dealt_in(roster_t *r, tourney_t *t);

/* ---- players without a record ---- */

/* n entries (negative: unregistered) or rebuys by count. */
void bounty_loose_add(tourney_t *t, int64_t amount);
/* k of the `unnamed` players without a record still in went out. */
void bounty_loose_out(tourney_t *t, int k, int unnamed);

/* ---- what the bounty pool comes to ---- */

typedef struct {
    int64_t paid_in;    /* bounty_paid_in */
    int64_t won;        /* paid out in cash to the players */
    int64_t dealt;      /* dealt in with the prizes (t->deal.bounties) */
    int64_t on_heads;   /* still on the heads of players in (and loose) */
    int64_t unclaimed;  /* heads of players out with no eliminator */
    int64_t biggest[3]; /* the biggest heads now, largest first (0: none) */
    int biggest_player[3];
} bounty_totals_t;

void bounty_totals(const tourney_t *t, const roster_t *r, bounty_totals_t *out);

#endif
