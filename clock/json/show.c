/* The screen's decision in JSON. */
#include <stdio.h>

#include "json/show.h"

static json_t *part_json(const show_t *sh, const show_part_t *p)
{
    switch (p->kind) {
    case PART_TEXT: return json_stringn(sh->pool + p->v, p->len);
    case PART_NUMBER: return json_integer(p->v);
    case PART_WORD: {
        json_t *o = json_pack("{s:s}", "w", lang_keys[p->word]);
        if (o && p->n_args) {
            json_t *a = json_array();
            for (int i = 0; i < p->n_args; i++)
                json_array_append_new(a, p->chips_args >> i & 1
                                             ? json_pack("{s:I}", "chips", (json_int_t)p->args[i])
                                             : json_integer(p->args[i]));
            json_object_set_new(o, "a", a);
        }
        return o;
    }
    case PART_LABEL: return json_pack("{s:s}", "l", lang_keys[p->word]);
    case PART_CHIPS: return json_pack("{s:I}", "chips", (json_int_t)p->v);
    case PART_MONEY: return json_pack("{s:I}", "money", (json_int_t)p->v);
    case PART_TIME: return json_pack("{s:I}", "time", (json_int_t)p->v);
    case PART_LEVEL_TIME: return json_pack("{s:I}", "level_time", (json_int_t)p->v);
    default: return json_null();
    }
}

/* A text as its list of parts; none: null. */
static json_t *text_json(const show_t *sh, show_text_t t)
{
    if (t.n <= 0)
        return json_null();
    json_t *a = json_array();
    for (int i = t.first; i < t.first + t.n && i < sh->n_parts; i++)
        json_array_append_new(a, part_json(sh, &sh->parts[i]));
    return a;
}

static json_t *ms_or_null(int64_t ms)
{
    return ms == INT64_MAX ? json_null() : json_integer(ms);
}

static json_t *tables_json(tableset_t set)
{
    json_t *a = json_array();
    for (int t = 0; (t = tableset_next(&set, t));)
        json_array_append_new(a, json_integer(t));
    return a;
}

static json_t *chip_json(int64_t value, uint32_t rgb)
{
    char hex[8];
    snprintf(hex, sizeof hex, "#%06x", (unsigned)(rgb & 0xffffff));
    return json_pack("{s:I, s:s}", "value", (json_int_t)value, "rgb", hex);
}

static json_t *item_json(const show_t *sh, const show_item_t *it)
{
    json_t *o = json_pack("{s:s, s:o, s:o}", "kind", show_kind_name(it->kind), "title",
                          text_json(sh, it->title), "line", text_json(sh, it->line));
    if (o && it->kind == SHOW_COLOR_UP_NEXT)
        json_object_set_new(o, "chip", json_integer(it->chip));
    return o;
}

/* The takeover with the figure it is drawn with. */
static json_t *takeover_json(const show_t *sh)
{
    json_t *o = item_json(sh, &sh->takeover);
    if (!o)
        return NULL;
    switch (sh->takeover.kind) {
    case SHOW_CLOCK_CALL:
        json_object_set_new(o, "remaining_ms", json_integer(sh->call.remaining_ms));
        json_object_set_new(o, "total_ms", json_integer(sh->call.total_ms));
        json_object_set_new(o, "countdown_ms", json_integer(sh->call.countdown_ms));
        json_object_set_new(o, "counting", json_boolean(sh->call.counting));
        json_object_set_new(o, "expired", json_boolean(sh->call.expired));
        break;
    case SHOW_DAY_END_CARD:
    case SHOW_DAY_END_HANDS:
        json_object_set_new(o, "drawn", json_integer(sh->card.drawn));
        json_object_set_new(o, "since_ms", json_integer(sh->card.since_ms));
        break;
    case SHOW_IN_THE_MONEY:
        json_object_set_new(o, "since_ms", json_integer(sh->itm_since_ms));
        break;
    case SHOW_HAND_FOR_HAND: {
        tableset_t playing = tableset_minus(&sh->hfh.shown, &sh->hfh.done);
        playing = tableset_minus(&playing, &sh->hfh.waiting);
        json_object_set_new(o, "hand", text_json(sh, sh->hfh.hand));
        json_object_set_new(o, "field", text_json(sh, sh->hfh.field));
        json_object_set_new(o, "all_done", json_boolean(sh->hfh.all_done));
        json_object_set_new(o, "deal", text_json(sh, sh->hfh.deal));
        json_object_set_new(o, "label", text_json(sh, sh->hfh.label));
        json_object_set_new(o, "legend", text_json(sh, sh->hfh.legend));
        json_object_set_new(o, "done", tables_json(sh->hfh.done));
        json_object_set_new(o, "waiting", tables_json(sh->hfh.waiting));
        json_object_set_new(o, "playing", tables_json(playing));
        break;
    }
    case SHOW_COLOR_UP: {
        json_object_set_new(o, "from", chip_json(sh->color_up.from, sh->color_up.from_rgb));
        json_object_set_new(o, "into",
                            sh->color_up.into ? chip_json(sh->color_up.into, sh->color_up.into_rgb)
                                              : json_null());
        json_object_set_new(o, "times", json_integer(sh->color_up.times));
        json_object_set_new(o, "beside_clock", json_boolean(sh->color_up.beside_clock));
        json_object_set_new(o, "gone", text_json(sh, sh->color_up.gone));
        json_object_set_new(o, "race", text_json(sh, sh->color_up.race));
        json_t *lines = json_array();
        for (int i = 0; i < 4; i++)
            json_array_append_new(lines, text_json(sh, sh->color_up.race_lines[i]));
        json_object_set_new(o, "race_lines", lines);
        break;
    }
    case SHOW_FINAL_TABLE: {
        json_t *seats = json_array();
        for (int s = 0; s < sh->final.n_seats; s++)
            json_array_append_new(seats,
                                  json_pack("{s:i, s:o, s:o}", "seat", s + 1, "who",
                                            text_json(sh, sh->final.who[s]), "card",
                                            sh->final.card[s] >= 0 ? json_integer(sh->final.card[s])
                                                                   : json_null()));
        json_object_set_new(o, "button",
                            sh->final.button ? json_integer(sh->final.button) : json_null());
        json_object_set_new(o, "seats", seats);
        break;
    }
    default: break;
    }
    return o;
}

/* A line of the payouts column: {"place": 4, "amount": 88}, or the deal's
 * {"deal": 3, "amount": 556}, or {"play_for": true, "amount": 100}. */
static json_t *pay_json(const show_pay_row_t *p)
{
    switch (p->kind) {
    case PAY_DEAL:
        return json_pack("{s:i, s:I}", "deal", p->place, "amount", (json_int_t)p->amount);
    case PAY_PLAY_FOR:
        return json_pack("{s:b, s:I}", "play_for", 1, "amount", (json_int_t)p->amount);
    default: return json_pack("{s:i, s:I}", "place", p->place, "amount", (json_int_t)p->amount);
    }
}

/* {"title": [...], "amount": 25} (fixed; the heads dealt in), or
 * {"title": [...], "heads": [{"who": [...], "amount": 47}, ...]}. */
static json_t *bounty_json(const show_t *sh)
{
    json_t *o = json_pack("{s:o}", "title", text_json(sh, sh->bounty.title));
    if (sh->bounty.amount > 0)
        json_object_set_new(o, "amount", json_integer(sh->bounty.amount));
    else {
        json_t *heads = json_array();
        for (int i = 0; i < sh->bounty.n_heads; i++)
            json_array_append_new(heads,
                                  json_pack("{s:o, s:I}", "who", text_json(sh, sh->bounty.who[i]),
                                            "amount", (json_int_t)sh->bounty.head[i]));
        json_object_set_new(o, "heads", heads);
    }
    return o;
}

json_t *show_json(const show_t *sh)
{
    json_t *strips = json_array(), *periods = json_array(), *pay = json_array();
    for (int i = 0; i < sh->n_strips; i++)
        json_array_append_new(strips, item_json(sh, &sh->strips[i]));
    for (int i = 0; i < sh->n_periods; i++)
        json_array_append_new(periods, text_json(sh, sh->periods[i]));
    for (int i = 0; i < sh->n_pay; i++)
        json_array_append_new(pay, pay_json(&sh->pay[i]));
    json_t *o = json_pack("{s:o, s:o, s:i, s:o, s:i, s:o, s:b, s:o, s:b, s:o, s:o}", "takeover",
                          sh->has_takeover ? takeover_json(sh) : json_null(), "strips", strips,
                          "turn", sh->turn, "turn_in_ms", ms_or_null(sh->turn_in_ms), "turn_ms",
                          SHOW_TURN_MS, "periods", periods, "paused", sh->paused, "pill",
                          sh->pill >= 0 ? json_string(lang_keys[sh->pill]) : json_null(), "running",
                          sh->running, "changes_in_ms", ms_or_null(sh->changes_in_ms), "payouts",
                          pay);
    if (o && sh->bounty.title.n > 0) /* only with bounties */
        json_object_set_new(o, "bounty", bounty_json(sh));
    return o;
}
