/* The deal and the payouts in JSON: the deal and set_payouts commands' fields, and both in the
 * state. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/payout.h"
#include "model/prizes.h"
#include "model/standings.h"
#include "json/settle.h"
#include "json/unread.h"

bool settle_json_command_field(command_type type, const char *key)
{
    if (type == CMD_SET_PAYOUTS)
        return strcmp(key, "places") == 0 || strcmp(key, "amounts") == 0 ||
               strcmp(key, "unit") == 0 || strcmp(key, "remainder") == 0;
    return type == CMD_DEAL && (strcmp(key, "players") == 0 || strcmp(key, "amounts") == 0 ||
                                strcmp(key, "play_for") == 0 || strcmp(key, "bounties") == 0);
}

/* A list of 1..TOURNEY_MAX_DEAL whole numbers from lo to hi. */
static int read_list(const json_t *a, const char *key, int64_t lo, int64_t hi, int64_t *out, int *n,
                     refusal_t *no)
{
    if (!json_is_array(a) || json_array_size(a) < 2 || json_array_size(a) > TOURNEY_MAX_DEAL) {
        return codec_unread(no, "deal needs %s: a list of 2 to %d whole numbers", key,
                            TOURNEY_MAX_DEAL);
    }
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
            char shown[32];
            snprintf(shown, sizeof shown, "%s[%zu]", key, i);
            refuse_field_range(no, shown, lo, hi);
            return -1;
        }
        out[i] = json_integer_value(v);
    }
    *n = (int)json_array_size(a);
    return 0;
}

/* set_payouts amounts: fixed prizes per place, whole numbers. */
static int parse_amounts(const json_t *a, command_t *c, refusal_t *no)
{
    if (!json_is_array(a) || json_array_size(a) < 1 || json_array_size(a) > TOURNEY_MAX_PLACES) {
        refuse_amounts_list(no, TOURNEY_MAX_PLACES);
        return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > PRIZES_MAX_AMOUNT) {
            char shown[32];
            snprintf(shown, sizeof shown, "amounts[%zu]", i);
            refuse_field_range(no, shown, 0, PRIZES_MAX_AMOUNT);
            return -1;
        }
        c->payouts.amount[i] = json_integer_value(v);
    }
    c->payouts.n = (int)json_array_size(a);
    c->payouts.fixed = true;
    return 0;
}

/* set_payouts: places in percent (two decimals at most) or amounts, unit,
 * remainder. */
static int parse_payouts(const json_t *obj, command_t *c, refusal_t *no)
{
    const json_t *a = json_object_get(obj, "places"), *am = json_object_get(obj, "amounts");
    if (a && am) {
        return codec_unread(no, "set_payouts takes places (percent) or amounts, not both");
    }
    if (am) {
        if (parse_amounts(am, c, no))
            return -1;
    } else if (!json_is_array(a) || json_array_size(a) < 1 ||
               json_array_size(a) > TOURNEY_MAX_PLACES) {
        return codec_unread(
            no, "set_payouts needs places: 1 to %d percentages like [50, 30, 20], or amounts",
            TOURNEY_MAX_PLACES);
    }
    size_t i;
    json_t *v;
    json_array_foreach(am ? NULL : a, i, v)
    {
        double pct = json_number_value(v), bp = round(pct * 100);
        if (!json_is_number(v) || !(pct >= 0 && pct <= 100) || fabs(pct * 100 - bp) > 1e-6) {
            refuse_places_percentage(no, (long long)i);
            return -1;
        }
        c->payouts.bp[i] = (int32_t)bp;
    }
    if (!am)
        c->payouts.n = (int)json_array_size(a);
    const json_t *u = json_object_get(obj, "unit");
    if (u &&
        (!json_is_integer(u) || json_integer_value(u) < 1 || json_integer_value(u) > 1000000)) {
        refuse_unit_range(no);
        return -1;
    }
    c->payouts.unit = u ? json_integer_value(u) : 1;
    const char *r = json_string_value(json_object_get(obj, "remainder"));
    if (json_object_get(obj, "remainder") && (!r || (strcmp(r, "first") && strcmp(r, "largest")))) {
        return codec_unread(no, "remainder must be \"first\" or \"largest\"");
    }
    c->payouts.largest = r && strcmp(r, "largest") == 0;
    return 0;
}

int settle_json_command_parse(const json_t *obj, command_t *c, refusal_t *no)
{
    if (c->type == CMD_SET_PAYOUTS)
        return parse_payouts(obj, c, no);
    if (c->type != CMD_DEAL)
        return 0;
    const int64_t max = INT64_C(1000000000000000); /* as the deal calculator's prizes */
    if (read_list(json_object_get(obj, "amounts"), "amounts", 0, max, c->deal.amount, &c->deal.n,
                  no))
        return -1;
    const json_t *players = json_object_get(obj, "players");
    if (players) {
        int64_t who[TOURNEY_MAX_DEAL];
        if (read_list(players, "players", 1, 32767, who, &c->deal.n_players, no))
            return -1;
        if (c->deal.n_players != c->deal.n) {
            refuse_deal_count(no, c->deal.n_players, c->deal.n);
            return -1;
        }
        for (int i = 0; i < c->deal.n_players; i++)
            c->deal.player[i] = (int16_t)who[i];
    }
    const json_t *pf = json_object_get(obj, "play_for");
    if (pf &&
        (!json_is_integer(pf) || json_integer_value(pf) < 0 || json_integer_value(pf) > max)) {
        refuse_play_for_range(no);
        return -1;
    }
    c->deal.play_for = pf ? json_integer_value(pf) : 0;
    /* the bounties on the heads left: "excluded" (each keeps his own), or
     * "included" in the amounts */
    const json_t *b = json_object_get(obj, "bounties");
    const char *bs = json_string_value(b);
    if (b && (!bs || (strcmp(bs, "included") != 0 && strcmp(bs, "excluded") != 0))) {
        codec_unread(no, "bounties must be \"included\" or \"excluded\"");
        return -1;
    }
    c->deal.bounties = bs && strcmp(bs, "included") == 0;
    return 0;
}

void settle_json_command(const command_t *c, json_t *o)
{
    if (c->type == CMD_SET_PAYOUTS) {
        json_t *places = json_array();
        for (int i = 0; i < c->payouts.n && i < TOURNEY_MAX_PLACES; i++)
            json_array_append_new(places, c->payouts.fixed ? json_integer(c->payouts.amount[i])
                                                           : json_real(c->payouts.bp[i] / 100.0));
        json_object_set_new(o, c->payouts.fixed ? "amounts" : "places", places);
        json_object_set_new(o, "unit", json_integer(c->payouts.unit));
        json_object_set_new(o, "remainder", json_string(c->payouts.largest ? "largest" : "first"));
        return;
    }
    if (c->type != CMD_DEAL)
        return;
    json_t *amounts = json_array(), *players = json_array();
    for (int i = 0; i < c->deal.n && i < TOURNEY_MAX_DEAL; i++) {
        json_array_append_new(amounts, json_integer(c->deal.amount[i]));
        if (i < c->deal.n_players)
            json_array_append_new(players, json_integer(c->deal.player[i]));
    }
    json_object_set_new(o, "amounts", amounts);
    if (c->deal.n_players > 0)
        json_object_set_new(o, "players", players);
    else
        json_decref(players);
    json_object_set_new(o, "play_for", json_integer(c->deal.play_for));
    if (c->deal.bounties)
        json_object_set_new(o, "bounties", json_string("included"));
}

json_t *settle_json_state(const tourney_t *t)
{
    const tourney_deal_t *d = &t->deal;
    if (d->players < 1 || d->players > TOURNEY_MAX_DEAL)
        return json_null();
    json_t *amounts = json_array(), *who = json_array(), *places = json_array();
    int64_t pays[TOURNEY_MAX_PLACES];
    standings_deal_places(t, pays);
    for (int i = 0; i < d->players; i++) {
        json_array_append_new(amounts, json_integer(d->amount[i]));
        json_array_append_new(who, d->who[i] ? json_integer(d->who[i]) : json_null());
        /* What each place of the deal pays: known once its player is,
         * or in a deal by place; while played for, its part of the
         * play-for amount only (`adds`). */
        int player = standings_deal_player(t, i + 1);
        bool known = player > 0 || (d->who[i] == 0 && d->play_for == 0);
        json_array_append_new(places,
                              json_pack("{s:i, s:o, s:o, s:I}", "place", i + 1, "player",
                                        player > 0 ? json_integer(player) : json_null(), "prize",
                                        known ? json_integer(pays[i]) : json_null(), "adds",
                                        (json_int_t)(i == 0 ? d->play_for : 0)));
    }
    return json_pack("{s:i, s:I, s:o, s:o, s:o}", "players", d->players, "play_for",
                     (json_int_t)d->play_for, "amounts", amounts, "who", who, "places", places);
}

void settle_json_payouts(json_t *o, const tourney_t *t)
{
    const structure_t *s = &t->s;
    payout_pool_in_t in = {.entries = t->entries,
                           .buy_in = s->buy_in,
                           .fee = s->fee,
                           .rebuys = t->rebuys,
                           .rebuy_price = s->rebuy_price,
                           .addons = t->addons,
                           .addon_price = s->addon_price,
                           .guarantee = s->guarantee};
    payout_line_t lines[PAYOUT_MAX_LINES];
    int64_t pool;
    int n = payout_pool(&in, lines, &pool);
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list,
                              json_pack("{s:s, s:s, s:I, s:I, s:I}", "kind", lines[i].kind, "label",
                                        lines[i].label, "count", (json_int_t)lines[i].count, "each",
                                        (json_int_t)lines[i].each, "amount",
                                        (json_int_t)lines[i].amount));
    json_object_set_new(o, "prize_pool_lines", list);
    /* The places' shares are the structure's (GET /api/structure): the
     * state stays the same size whatever the field. */
    json_t *rule = json_pack("{s:I, s:s}", "unit",
                             (json_int_t)(s->payout_unit > 0 ? s->payout_unit : 1), "remainder",
                             s->payout_remainder_largest ? "largest" : "first");
    /* Fixed amounts, when the director set them: 40 numbers at most. */
    if (s->n_payout_amounts > 0) {
        json_t *am = json_array();
        for (int i = 0; i < s->n_payout_amounts && i < TOURNEY_MAX_PLACES; i++)
            json_array_append_new(am, json_integer(s->payout_amounts[i]));
        json_object_set_new(rule, "amounts", am);
    }
    json_object_set_new(o, "payout_rule", rule);
}

/* A whole number from lo to hi at o[key] into *out; absent leaves it. */
static int read_int(const json_t *o, const char *where, const char *key, int64_t lo, int64_t hi,
                    int64_t *out, char *err, size_t errlen)
{
    const json_t *v = json_object_get(o, key);
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        snprintf(err, errlen, "%s.%s must be a whole number from %lld to %lld", where, key,
                 (long long)lo, (long long)hi);
        return -1;
    }
    *out = json_integer_value(v);
    return 0;
}

/* Up to max whole numbers from lo to hi at o[key]; -1 with err otherwise. */
static int read_ints(const json_t *o, const char *where, const char *key, int max, int64_t lo,
                     int64_t hi, int64_t *out, int *n, char *err, size_t errlen)
{
    const json_t *a = json_object_get(o, key);
    if (!json_is_array(a) || json_array_size(a) > (size_t)max) {
        snprintf(err, errlen, "%s.%s must be a list of at most %d numbers", where, key, max);
        return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
    {
        if (json_is_null(v)) {
            out[i] = 0;
            continue;
        }
        if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
            snprintf(err, errlen, "%s.%s[%zu] must be a whole number from %lld to %lld", where, key,
                     i, (long long)lo, (long long)hi);
            return -1;
        }
        out[i] = json_integer_value(v);
    }
    *n = (int)json_array_size(a);
    return 0;
}

int settle_json_state_parse(const json_t *state, tourney_t *t, char *err, size_t errlen)
{
    const int64_t max = INT64_C(1000000000000000);
    const json_t *rule = json_object_get(state, "payout_rule");
    if (json_is_object(rule)) {
        int64_t unit = t->s.payout_unit > 0 ? t->s.payout_unit : 1;
        if (read_int(rule, "payout_rule", "unit", 1, 1000000, &unit, err, errlen))
            return -1;
        t->s.payout_unit = unit;
        const char *r = json_string_value(json_object_get(rule, "remainder"));
        if (r)
            t->s.payout_remainder_largest = strcmp(r, "largest") == 0;
        t->s.n_payout_amounts = 0;
        if (json_object_get(rule, "amounts") &&
            read_ints(rule, "payout_rule", "amounts", TOURNEY_MAX_PLACES, 0, PRIZES_MAX_AMOUNT,
                      t->s.payout_amounts, &t->s.n_payout_amounts, err, errlen))
            return -1;
    }
    const json_t *deal = json_object_get(state, "deal");
    if (!json_is_object(deal))
        return 0;
    int64_t players = 0, who[TOURNEY_MAX_DEAL];
    int n = 0, n_who = 0;
    if (read_int(deal, "deal", "players", 1, TOURNEY_MAX_DEAL, &players, err, errlen) ||
        read_int(deal, "deal", "play_for", 0, max, &t->deal.play_for, err, errlen) ||
        read_ints(deal, "deal", "amounts", TOURNEY_MAX_DEAL, 0, max, t->deal.amount, &n, err,
                  errlen))
        return -1;
    if (json_object_get(deal, "who") &&
        read_ints(deal, "deal", "who", TOURNEY_MAX_DEAL, 0, 32767, who, &n_who, err, errlen))
        return -1;
    if (n != players) {
        snprintf(err, errlen, "deal.amounts must have one amount for each of its %lld players",
                 (long long)players);
        return -1;
    }
    t->deal.players = (int)players;
    for (int i = 0; i < n_who; i++)
        t->deal.who[i] = (int16_t)who[i];
    return 0;
}
