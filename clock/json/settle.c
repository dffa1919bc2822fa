/* The deal in JSON: the deal command's fields and the deal in the state. */
#include <stdio.h>
#include <string.h>

#include "json/settle.h"

bool settle_json_command_field(command_type type, const char *key)
{
    return type == CMD_DEAL && (strcmp(key, "players") == 0 || strcmp(key, "amounts") == 0 ||
                                strcmp(key, "play_for") == 0);
}

/* A list of 1..TOURNEY_MAX_DEAL whole numbers from lo to hi. */
static int read_list(const json_t *a, const char *key, int64_t lo, int64_t hi, int64_t *out,
                     int *n, char *err, size_t errlen)
{
    if (!json_is_array(a) || json_array_size(a) < 2 || json_array_size(a) > TOURNEY_MAX_DEAL) {
        snprintf(err, errlen, "deal needs %s: a list of 2 to %d whole numbers", key,
                 TOURNEY_MAX_DEAL);
        return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
            snprintf(err, errlen, "%s[%zu] must be a whole number from %lld to %lld", key, i,
                     (long long)lo, (long long)hi);
            return -1;
        }
        out[i] = json_integer_value(v);
    }
    *n = (int)json_array_size(a);
    return 0;
}

int settle_json_command_parse(const json_t *obj, command_t *c, char *err, size_t errlen)
{
    if (c->type != CMD_DEAL)
        return 0;
    const int64_t max = INT64_C(1000000000000000); /* as the deal calculator's prizes */
    if (read_list(json_object_get(obj, "amounts"), "amounts", 0, max, c->deal.amount, &c->deal.n,
                  err, errlen))
        return -1;
    const json_t *players = json_object_get(obj, "players");
    if (players) {
        int64_t who[TOURNEY_MAX_DEAL];
        if (read_list(players, "players", 1, 32767, who, &c->deal.n_players, err, errlen))
            return -1;
        if (c->deal.n_players != c->deal.n) {
            snprintf(err, errlen, "deal has %d players and %d amounts: one amount each",
                     c->deal.n_players, c->deal.n);
            return -1;
        }
        for (int i = 0; i < c->deal.n_players; i++)
            c->deal.player[i] = (int16_t)who[i];
    }
    const json_t *pf = json_object_get(obj, "play_for");
    if (pf && (!json_is_integer(pf) || json_integer_value(pf) < 0 ||
               json_integer_value(pf) > max)) {
        snprintf(err, errlen, "play_for must be a whole number, 0 or more");
        return -1;
    }
    c->deal.play_for = pf ? json_integer_value(pf) : 0;
    return 0;
}

void settle_json_command(const command_t *c, json_t *o)
{
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
}

json_t *settle_json_state(const tourney_t *t)
{
    const tourney_deal_t *d = &t->deal;
    if (d->players < 1 || d->players > TOURNEY_MAX_DEAL)
        return json_null();
    json_t *amounts = json_array(), *who = json_array();
    for (int i = 0; i < d->players; i++) {
        json_array_append_new(amounts, json_integer(d->amount[i]));
        json_array_append_new(who, d->who[i] ? json_integer(d->who[i]) : json_null());
    }
    return json_pack("{s:i, s:I, s:o, s:o}", "players", d->players, "play_for",
                     (json_int_t)d->play_for, "amounts", amounts, "who", who);
}
