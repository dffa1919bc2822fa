/* Bounties (knockouts): the rules of bounty.h. */
#include <string.h>

#include "model/bounty.h"
#include "model/payout.h"

bool bounty_on(const structure_t *s)
{
    return s->bounty.amount > 0;
}

bool bounty_progressive(const structure_t *s)
{
    return bounty_on(s) && strcmp(s->bounty.kind, "progressive") == 0;
}

int64_t bounty_per_entry(const structure_t *s)
{
    return bounty_on(s) ? s->bounty.amount : 0;
}

int64_t bounty_per_rebuy(const structure_t *s)
{
    return bounty_on(s) && s->bounty.rebuys ? s->bounty.amount : 0;
}

const char *bounty_config_problem(const structure_t *s)
{
    const bounty_config_t *b = &s->bounty;
    if (b->kind[0] && strcmp(b->kind, "fixed") != 0 && strcmp(b->kind, "progressive") != 0)
        return "bounty: kind must be \"fixed\" or \"progressive\"";
    if (b->amount > 0 && b->amount >= s->buy_in)
        return "bounty: amount is taken out of the buy-in, so it must be less than buy_in";
    if (b->amount > 0 && b->rebuys && b->amount >= s->rebuy_price)
        return "bounty: with rebuys = true the amount is taken out of the rebuy's price, so it "
               "must be less than the rebuy's price";
    return "";
}

int64_t bounty_paid_in(const tourney_t *t)
{
    return (int64_t)t->entries * bounty_per_entry(&t->s) +
           (int64_t)t->rebuys * bounty_per_rebuy(&t->s);
}

static int64_t unit_of(const structure_t *s)
{
    return s->payout_unit > 0 ? s->payout_unit : 1;
}

void bounty_split(const structure_t *s, int64_t head, int n, int64_t *cash, int64_t *onto)
{
    int64_t unit = unit_of(s);
    payout_share(head, n, unit, PAYOUT_REMAINDER_LARGEST, cash);
    for (int i = 0; i < n; i++) {
        /* progressive: the half onto his head rounded down to the unit */
        onto[i] = bounty_progressive(s) ? cash[i] / 2 / unit * unit : 0;
        cash[i] -= onto[i];
    }
}

/* ---- the roster's heads ---- */

/* A player still in: his head is still on the table. */
static bool in_play(const player_t *p)
{
    return p->status == PLAYER_SEATED || p->status == PLAYER_WAITING;
}

void bounty_enter(roster_t *r, const structure_t *s, int p)
{
    r->players[p].head = bounty_per_entry(s);
}

void bounty_rebuy(roster_t *r, const structure_t *s, int p)
{
    r->players[p].head += bounty_per_rebuy(s);
}

void bounty_unregister(roster_t *r, int p)
{
    r->players[p].head = 0;
}

bool bounty_check(const roster_t *r, const structure_t *s, const int *out, int n_out, int p,
                  const int16_t *by, int n_by, refusal_t *err)
{
    if (n_by > 0 && !bounty_on(s))
        return refuse_bounty_none(err), false;
    for (int i = 0; i < n_by; i++) {
        int q = by[i] - 1;
        if (q < 0 || q >= r->n_players)
            return refuse_player_no_such(err, by[i]), false;
        char who[ROSTER_NAME_MAX + 16];
        roster_player_label(r, q, who, sizeof who);
        if (q == p)
            return refuse_bounty_by_self(err, who), false;
        bool gone = !in_play(&r->players[q]);
        for (int k = 0; k < n_out; k++)
            gone |= out[k] == q; /* out in the same hand */
        if (gone)
            return refuse_bounty_by_not_in(err, who), false;
        for (int j = 0; j < i; j++)
            if (by[j] == by[i])
                return refuse_player_named_twice(err, by[i]), false;
    }
    return true;
}

void bounty_knockout(roster_t *r, tourney_t *t, int p, const int16_t *by, int n_by, int64_t at)
{
    player_t *out = &r->players[p];
    int64_t head = out->head;
    out->head = 0;
    if (!bounty_on(&t->s))
        return;
    memset(&t->knockout, 0, sizeof t->knockout);
    t->knockout.at = at;
    t->knockout.out = (int16_t)(p + 1);
    if (n_by < 1) {
        t->bounty_unclaimed += head;
        return;
    }
    int64_t cash[TOURNEY_MAX_KO], onto[TOURNEY_MAX_KO];
    bounty_split(&t->s, head, n_by, cash, onto);
    t->knockout.n_by = (int16_t)n_by;
    for (int i = 0; i < n_by; i++) {
        player_t *e = &r->players[by[i] - 1];
        e->bounties += cash[i];
        e->head += onto[i];
        t->knockout.by[i] = by[i];
        t->knockout.cash[i] = cash[i];
    }
}

void bounty_play_over(roster_t *r, tourney_t *t)
{
    t->bounty_unclaimed += t->bounty_loose;
    t->bounty_loose = 0;
    for (int i = 0; i < r->n_players; i++) {
        player_t *p = &r->players[i];
        if (in_play(p)) {
            p->bounties += p->head;
            p->head = 0;
        }
    }
}

int64_t bounty_heads_left(const roster_t *r, const tourney_t *t)
{
    int64_t sum = t->bounty_loose;
    for (int i = 0; i < r->n_players; i++)
        if (in_play(&r->players[i]))
            sum += r->players[i].head;
    return sum;
}

void bounty_dealt_in(roster_t *r, tourney_t *t)
{
    t->bounty_loose = 0;
    for (int i = 0; i < r->n_players; i++)
        if (in_play(&r->players[i]))
            r->players[i].head = 0;
}

/* ---- players without a record ---- */

void bounty_loose_add(tourney_t *t, int64_t amount)
{
    t->bounty_loose += amount;
}

void bounty_loose_out(tourney_t *t, int k, int unnamed)
{
    if (k < 1 || unnamed < 1)
        return;
    int64_t part = k >= unnamed ? t->bounty_loose : t->bounty_loose / unnamed * k;
    t->bounty_loose -= part;
    t->bounty_unclaimed += part;
}

/* ---- what the bounty pool comes to ---- */

void bounty_totals(const tourney_t *t, const roster_t *r, bounty_totals_t *out)
{
    memset(out, 0, sizeof *out);
    out->paid_in = bounty_paid_in(t);
    out->unclaimed = t->bounty_unclaimed;
    out->dealt = t->deal.bounties;
    out->on_heads = t->bounty_loose;
    for (int i = 0; i < r->n_players; i++) {
        const player_t *p = &r->players[i];
        out->won += p->bounties;
        out->on_heads += p->head;
        if (!in_play(p))
            continue;
        /* the three biggest, the earlier registered first among equals */
        for (int k = 0; k < 3; k++) {
            if (p->head <= out->biggest[k])
                continue;
            for (int m = 2; m > k; m--) {
                out->biggest[m] = out->biggest[m - 1];
                out->biggest_player[m] = out->biggest_player[m - 1];
            }
            out->biggest[k] = p->head;
            out->biggest_player[k] = p->id;
            break;
        }
    }
}
