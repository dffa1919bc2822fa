/* Places and prizes: each player out ranked among the entrants, and what his place pays
 * (standings.h). */
#include <stdlib.h>
#include <string.h>

#include "model/bounty.h"
#include "model/payout.h"
#include "model/standings.h"

int standings_entrants(const tourney_t *t)
{
    return t->entries - t->reentries;
}

int64_t standings_pool(const tourney_t *t)
{
    const structure_t *s = &t->s;
    /* the bounties are paid into a pool of their own (model/bounty.h) */
    int64_t pool = (int64_t)t->entries * s->buy_in + (int64_t)t->rebuys * s->rebuy_price +
                   (int64_t)t->addons * s->addon_price - bounty_paid_in(t);
    return t->entries > 0 && pool < s->guarantee ? s->guarantee : pool;
}

static int64_t unit_of(const structure_t *s)
{
    return s->payout_unit > 0 ? s->payout_unit : 1;
}

static payout_remainder rule_of(const structure_t *s)
{
    return s->payout_remainder_largest ? PAYOUT_REMAINDER_LARGEST : PAYOUT_REMAINDER_FIRST;
}

int standings_payouts(const tourney_t *t, int64_t pool, int64_t *out)
{
    const structure_t *s = &t->s;
    const payout_table_t *p = structure_payouts_for(s, t->entries);
    /* Fixed amounts weigh as themselves: the pool they were set for pays
     * exactly them. */
    int places = s->n_payout_amounts > 0 ? s->n_payout_amounts : p ? p->places : 0;
    /* Never more places than players to take them: places beyond the
     * field are folded into the paid ones pro rata. */
    int entrants = standings_entrants(t), paid = places < entrants ? places : entrants;
    if (paid < 1)
        return 0;
    int64_t w[TOURNEY_MAX_PLACES];
    for (int k = 0; k < paid; k++)
        w[k] = s->n_payout_amounts > 0 ? s->payout_amounts[k] : p->bp[k];
    char err[80];
    if (payout_by_weights(pool, w, paid, unit_of(s), rule_of(s), out, err, sizeof err) != 0)
        memset(out, 0, sizeof *out * (size_t)paid); /* shares of nothing */
    return paid;
}

/* ---- what happened ---- */

static void result_add(tourney_t *t, result_t r)
{
    if (t->n_results == TOURNEY_MAX_RESULTS) {
        memmove(&t->results[0], &t->results[1], sizeof t->results[0] * (TOURNEY_MAX_RESULTS - 1));
        t->n_results--;
    }
    t->results[t->n_results++] = r;
}

/* Entrants out for good now: each bust, less those a re-entry took back. */
static int out_now(const tourney_t *t)
{
    return t->busted - t->reentries;
}

void standings_out(tourney_t *t, int n, const int *players, const int *tables, const int64_t *chips,
                   int64_t at)
{
    int seq = ++t->out_groups, before = out_now(t);
    for (int i = 0; i < n; i++)
        result_add(t, (result_t){.table = tables ? tables[i] : 0,
                                 .chips = chips ? chips[i] : 0,
                                 .at = at,
                                 .player = players ? players[i] : 0,
                                 .seq = seq,
                                 .out_before = before,
                                 .group = n});
    t->busted += n;
}

void standings_winner(tourney_t *t, int player, int64_t at)
{
    result_add(t, (result_t){.at = at,
                             .player = player,
                             .seq = ++t->out_groups,
                             .out_before = out_now(t),
                             .group = 1});
}

void standings_reenter(tourney_t *t, int player)
{
    int at = -1;
    for (int i = 0; i < t->n_results; i++)
        if (player > 0 && t->results[i].player == player)
            at = i;
    /* Gone from the results (an old elimination): every one kept is later. */
    int seq = at >= 0 ? t->results[at].seq : 0;
    for (int i = 0; i < t->n_results; i++) {
        result_t *r = &t->results[i];
        if (r->seq > seq)
            r->out_before--;
        else if (r->seq == seq)
            r->group--;
    }
    if (at >= 0) {
        memmove(&t->results[at], &t->results[at + 1],
                sizeof t->results[0] * (size_t)(t->n_results - at - 1));
        t->n_results--;
    }
    t->reentries++;
}

/* ---- what it comes to ---- */

/* Which of its group result i is (0: the first the bust named); a
 * follower's results, read from the state, are told apart by their places. */
static int member(const tourney_t *t, int i)
{
    int j = 0;
    for (int k = 0; k < i; k++)
        j += t->results[k].seq == t->results[i].seq &&
             t->results[k].place_best == t->results[i].place_best;
    return j;
}

/* The deal's amount for a player out at place (his number, or by place in
 * a deal without records); false when the place is not the deal's. */
static bool deal_amount(const tourney_t *t, int player, int place, int64_t *amount)
{
    const tourney_deal_t *d = &t->deal;
    if (d->players < 1 || place > d->players)
        return false;
    for (int i = 0; i < d->players; i++)
        if (player > 0 ? d->who[i] == player : d->who[i] == 0 && i + 1 == place) {
            *amount = d->amount[i] + (place == 1 ? d->play_for : 0);
            return true;
        }
    return false;
}

void standings_refresh(tourney_t *t)
{
    int64_t pay[TOURNEY_MAX_PLACES];
    int paid = standings_payouts(t, standings_pool(t), pay), entrants = standings_entrants(t);
    for (int i = 0; i < t->n_results; i++) {
        result_t *r = &t->results[i];
        r->place_worst = entrants - r->out_before;
        r->place_best = r->place_worst - (r->group > 0 ? r->group : 1) + 1;
    }
    for (int i = 0; i < t->n_results; i++) {
        result_t *r = &t->results[i];
        int j = member(t, i);
        if (deal_amount(t, r->player, r->place_best + j, &r->prize_each))
            continue;
        /* The group's places' prizes, shared by the payout rule. */
        int64_t total = 0, share[TOURNEY_MAX_BUSTS];
        for (int p = r->place_best; p <= r->place_worst; p++)
            total += p >= 1 && p <= paid ? pay[p - 1] : 0;
        int n = r->group > 0 && r->group <= TOURNEY_MAX_BUSTS ? r->group : 1;
        if (n == 1) {
            r->prize_each = total;
            continue;
        }
        payout_share(total, n, unit_of(&t->s), rule_of(&t->s), share);
        r->prize_each = j < n ? share[j] : 0;
    }
}

/* The result at a place of the deal (each of a group at its own place,
 * in the order the bust named them), or -1. */
static int result_at(const tourney_t *t, int place)
{
    for (int i = 0; i < t->n_results; i++)
        if (t->results[i].place_best + member(t, i) == place && place <= t->results[i].place_worst)
            return i;
    return -1;
}

void standings_deal_places(const tourney_t *t, int64_t *payouts)
{
    for (int k = 0; k < t->deal.players; k++) {
        int i = result_at(t, k + 1);
        payouts[k] = i >= 0 ? t->results[i].prize_each : k == 0 ? t->deal.play_for : 0;
    }
}

int standings_deal_player(const tourney_t *t, int place)
{
    int i = place >= 1 && place <= t->deal.players ? result_at(t, place) : -1;
    return i >= 0 ? t->results[i].player : 0;
}

/* ---- the roster ---- */

void standings_name_winner(tourney_t *t, const roster_t *r)
{
    const result_t *last = t->n_results > 0 ? &t->results[t->n_results - 1] : NULL;
    if (t->entries - t->busted != 1 || !last || last->out_before != t->busted - t->reentries ||
        roster_players_left(r) != 1)
        return;
    for (int i = 0; i < r->n_players; i++)
        if (r->players[i].status == PLAYER_SEATED || r->players[i].status == PLAYER_WAITING)
            t->results[t->n_results - 1].player = r->players[i].id;
    standings_refresh(t);
}

/* A player out, to sort by when he went out (then by number). */
typedef struct {
    int32_t seq, index;
} out_key_t;

static int by_elimination(const void *a, const void *b)
{
    const out_key_t *x = a, *y = b;
    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    return x->index - y->index;
}

static bool set(player_t *p, int best, int worst, int64_t prize)
{
    bool changed = p->place_best != best || p->place_worst != worst || p->prize != prize;
    p->place_best = (int16_t)best;
    p->place_worst = (int16_t)worst;
    p->prize = prize;
    return changed;
}

/* Long on purpose: the players out in the order they went out, each group's
 * places from those before it, the winner, then the prizes from the
 * results; split, the steps would pass the order between them. */
bool standings_roster(roster_t *r, const tourney_t *t)
{
    out_key_t *order = malloc(sizeof *order * (size_t)(r->n_players > 0 ? r->n_players : 1));
    int n = 0, entrants = standings_entrants(t);
    bool changed = false;
    for (int i = 0; order && i < r->n_players; i++)
        if (r->players[i].status == PLAYER_OUT)
            order[n++] = (out_key_t){r->players[i].out_seq, i};
    if (order)
        qsort(order, (size_t)n, sizeof order[0], by_elimination);
    for (int i = 0; i < n;) {
        int end = i;
        while (end < n && order[end].seq == order[i].seq)
            end++;
        for (int k = i; k < end; k++) {
            const player_t *p = &r->players[order[k].index];
            int worst = entrants - i - p->unnamed_before;
            int64_t prize = 0;
            for (int x = 0; x < t->n_results; x++)
                if (t->results[x].player == p->id && t->results[x].seq == p->out_seq)
                    prize = t->results[x].prize_each;
            changed |= set(&r->players[order[k].index], worst - (end - i) + 1, worst, prize);
        }
        i = end;
    }
    free(order);
    /* Every player still in has no place, but the winner: the last one
     * left once place 1 is given. A player of a deal still in has his
     * amount already. */
    const result_t *first = NULL;
    for (int x = 0; x < t->n_results; x++)
        if (t->results[x].place_best == 1)
            first = &t->results[x];
    bool over = first && t->entries - t->busted == 1;
    for (int i = 0; i < r->n_players; i++) {
        player_t *p = &r->players[i];
        if (p->status == PLAYER_OUT)
            continue;
        bool won = over && p->status != PLAYER_REMOVED;
        int64_t prize = won ? first->prize_each : 0;
        for (int k = 0; k < t->deal.players && !won; k++)
            if (t->deal.who[k] == p->id && p->status != PLAYER_REMOVED)
                prize = t->deal.amount[k];
        changed |= set(p, won, won, prize);
    }
    return changed;
}

/* ---- snapshots of an earlier pokerclock ---- */

void standings_adopt(tourney_t *t)
{
    int entrants = standings_entrants(t);
    for (int i = 0; i < t->n_results; i++) {
        result_t *r = &t->results[i];
        if (r->group > 0)
            continue;
        /* the places as given then; ties were added together */
        r->group = r->place_worst - r->place_best + 1;
        r->out_before = entrants - r->place_worst;
        bool same = i > 0 && t->results[i - 1].place_best == r->place_best &&
                    t->results[i - 1].place_worst == r->place_worst;
        r->seq = same ? t->results[i - 1].seq : ++t->out_groups;
    }
}

void standings_adopt_roster(roster_t *r, tourney_t *t)
{
    int entrants = standings_entrants(t);
    /* Each out player to his result, when it is still kept; an older one
     * before every result kept, the worse place first. */
    for (int i = 0; i < r->n_players; i++) {
        player_t *p = &r->players[i];
        if (p->status != PLAYER_OUT || p->out_seq != 0)
            continue;
        p->out_seq = -p->place_worst;
        for (int x = 0; x < t->n_results; x++) {
            result_t *res = &t->results[x];
            if (res->player == 0 && res->place_best == p->place_best &&
                res->place_worst == p->place_worst) {
                res->player = p->id;
                p->out_seq = res->seq;
                break;
            }
        }
    }
    for (int i = 0; i < r->n_players; i++) {
        player_t *p = &r->players[i];
        if (p->status != PLAYER_OUT)
            continue;
        int before = 0;
        for (int k = 0; k < r->n_players; k++)
            before += r->players[k].status == PLAYER_OUT &&
                      r->players[k].place_worst > p->place_worst;
        p->unnamed_before = entrants - p->place_worst - before;
    }
}
