/* JSON forms of the state, the structure and commands (jansson). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json/codec.h"

static json_t *level_json(const structure_t *s, int i)
{
    const level_t *l = &s->levels[i];
    int number = 0;
    for (int k = 0; k <= i; k++)
        number += s->levels[k].kind == LEVEL_PLAY;
    json_t *o = json_pack("{s:i, s:i, s:s, s:I, s:I, s:I, s:b, s:I, s:b}", "index", i, "number",
                          number, "kind", l->kind == LEVEL_BREAK ? "break" : "level",
                          "small_blind", (json_int_t)l->small_blind, "big_blind",
                          (json_int_t)l->big_blind, "ante", (json_int_t)l->ante, "big_blind_ante",
                          l->big_blind_ante, "duration_ms", (json_int_t)l->duration_ms, "day_end",
                          l->day_end);
    json_object_set_new(o, "minutes", json_real((double)l->duration_ms / 60000.0));
    json_object_set_new(o, "color_up", l->color_up ? json_integer(l->color_up) : json_null());
    return o;
}

static json_t *ms_or_null(int64_t ms)
{
    return ms < 0 ? json_null() : json_integer(ms);
}

json_t *codec_state(const tourney_t *t, uint64_t seq, int64_t now, const char *storage_error,
                    const char *notice)
{
    tourney_view_t v;
    tourney_view(t, now, &v);
    const structure_t *s = &t->s;
    json_t *o = json_object();
    json_object_set_new(o, "seq", json_integer((json_int_t)seq));
    json_object_set_new(o, "name", json_string(s->name));
    json_object_set_new(o, "currency", json_string(s->currency));
    json_object_set_new(o, "started", json_boolean(t->clock.started));
    json_object_set_new(o, "running", json_boolean(t->clock.running));
    json_object_set_new(o, "level", level_json(s, v.level));
    json_object_set_new(o, "next_level", v.next_level >= 0 ? level_json(s, v.next_level) : json_null());
    json_object_set_new(o, "levels_count", json_integer(s->n_levels));
    json_object_set_new(o, "remaining_ms", json_integer(v.remaining_ms));
    json_object_set_new(o, "elapsed_ms", json_integer(v.elapsed_ms));
    json_object_set_new(o, "overtime", json_boolean(v.overtime));
    json_object_set_new(o, "overtime_ms", json_integer(v.overtime_ms));
    json_object_set_new(o, "to_break_ms", ms_or_null(v.to_break_ms));
    json_object_set_new(o, "next_break", v.next_break >= 0 ? level_json(s, v.next_break) : json_null());
    json_object_set_new(o, "tournament_elapsed_ms", json_integer(v.tournament_elapsed_ms));

    const level_t *cur = &s->levels[v.level];
    json_t *players = json_pack(
        "{s:i, s:i, s:i, s:i, s:i, s:I, s:I, s:i, s:I}", "entries", t->entries, "remaining",
        v.players_left, "busted", t->busted, "rebuys", t->rebuys, "addons", t->addons,
        "average_stack", (json_int_t)v.average_stack, "chips_in_play", (json_int_t)v.chips_in_play,
        "paid_places", v.paid_places, "starting_stack", (json_int_t)s->starting_stack);
    if (cur->kind == LEVEL_PLAY && cur->big_blind > 0)
        json_object_set_new(players, "average_stack_bb",
                            json_real(round((double)v.average_stack / (double)cur->big_blind * 10) / 10));
    else
        json_object_set_new(players, "average_stack_bb", json_null());
    json_object_set_new(o, "players", players);

    json_object_set_new(o, "prize_pool", json_integer(v.prize_pool));
    json_t *payouts = json_array();
    for (int i = 0; i < v.paid_places; i++)
        json_array_append_new(payouts, json_integer(v.payouts[i]));
    json_object_set_new(o, "payouts", payouts);

    json_object_set_new(
        o, "periods",
        json_pack("{s:b, s:i, s:b, s:i, s:b, s:i}", "late_reg_open", v.late_reg_open,
                  "late_reg_until_level", s->late_reg_until_level, "rebuys_open", v.rebuys_open,
                  "rebuy_until_level", s->rebuy_until_level, "addon_open", v.addon_open,
                  "addon_after_level", s->addon_after_level));

    if (v.announcement_active) {
        json_t *a = json_object();
        json_object_set_new(a, "text", json_string(t->announcement));
        json_object_set_new(a, "remaining_ms", t->announcement_until
                                                   ? json_integer(t->announcement_until - now)
                                                   : json_null());
        json_object_set_new(o, "announcement", a);
    } else {
        json_object_set_new(o, "announcement", json_null());
    }
    json_object_set_new(o, "recovered_after_power_loss", json_boolean(t->recovered_after_power_loss));
    json_object_set_new(o, "storage_error",
                        storage_error && *storage_error ? json_string(storage_error) : json_null());
    json_object_set_new(o, "notice", notice && *notice ? json_string(notice) : json_null());
    return o;
}

json_t *codec_structure(const structure_t *s)
{
    json_t *o = json_pack(
        "{s:s, s:s, s:I, s:I, s:I, s:I}", "name", s->name, "currency", s->currency, "buy_in",
        (json_int_t)s->buy_in, "fee", (json_int_t)s->fee, "starting_stack",
        (json_int_t)s->starting_stack, "guarantee", (json_int_t)s->guarantee);
    json_object_set_new(o, "late_registration",
                        json_pack("{s:i}", "until_level", s->late_reg_until_level));
    json_object_set_new(o, "rebuy", json_pack("{s:I, s:I, s:i}", "price", (json_int_t)s->rebuy_price,
                                              "chips", (json_int_t)s->rebuy_chips, "until_level",
                                              s->rebuy_until_level));
    json_object_set_new(o, "addon", json_pack("{s:I, s:I, s:i}", "price", (json_int_t)s->addon_price,
                                              "chips", (json_int_t)s->addon_chips, "after_level",
                                              s->addon_after_level));
    json_t *chips = json_array();
    for (int i = 0; i < s->n_chips; i++) {
        char rgb[8];
        snprintf(rgb, sizeof rgb, "#%06x", (unsigned)(s->chips[i].rgb & 0xffffff));
        json_array_append_new(chips, json_pack("{s:I, s:s, s:s}", "value",
                                               (json_int_t)s->chips[i].value, "colour",
                                               s->chips[i].colour, "rgb", rgb));
    }
    json_object_set_new(o, "chips", chips);
    json_t *levels = json_array();
    for (int i = 0; i < s->n_levels; i++)
        json_array_append_new(levels, level_json(s, i));
    json_object_set_new(o, "levels", levels);
    json_t *payouts = json_array();
    for (int i = 0; i < s->n_payouts; i++) {
        json_t *places = json_array();
        for (int k = 0; k < s->payouts[i].places; k++)
            json_array_append_new(places, json_real(s->payouts[i].bp[k] / 100.0));
        json_array_append_new(payouts, json_pack("{s:i, s:o}", "min_entries",
                                                 s->payouts[i].min_entries, "places", places));
    }
    json_object_set_new(o, "payouts", payouts);
    return o;
}

/* Which fields each command takes; anything else is refused, so that a typo
 * in a client is caught instead of silently ignored. */
static const char *const level_fields[] = {"small_blind", "big_blind",    "ante",
                                           "big_blind_ante", "minutes", "duration_ms",
                                           "break",       "day_end",      "color_up", NULL};

static bool field_allowed(command_type type, const char *key)
{
    if (strcmp(key, "type") == 0)
        return true;
    switch (type) {
    case CMD_ADJUST:
        return strcmp(key, "delta_ms") == 0;
    case CMD_SET_REMAINING:
    case CMD_POWER_RECOVERED:
        return strcmp(key, "ms") == 0;
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL:
        return strcmp(key, "index") == 0;
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
        if (strcmp(key, type == CMD_ADD_LEVEL ? "after" : "index") == 0)
            return true;
        for (int i = 0; level_fields[i]; i++)
            if (strcmp(key, level_fields[i]) == 0)
                return true;
        return false;
    case CMD_ANNOUNCE:
        return strcmp(key, "text") == 0 || strcmp(key, "seconds") == 0;
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_BUST:
    case CMD_REBUY:
    case CMD_ADDON:
        return strcmp(key, "count") == 0;
    default:
        return false;
    }
}

/* Reads an integer field; absent is fine unless required. */
static int get_int(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi,
                   int64_t *out, bool *present, char *err, size_t errlen)
{
    json_t *v = json_object_get(obj, key);
    if (present)
        *present = v != NULL;
    if (!v) {
        if (required)
            snprintf(err, errlen, "%s is missing", key);
        return required ? -1 : 0;
    }
    if (!json_is_integer(v)) {
        snprintf(err, errlen, "%s must be a whole number", key);
        return -1;
    }
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi) {
        snprintf(err, errlen, "%s must be between %lld and %lld", key, (long long)lo, (long long)hi);
        return -1;
    }
    *out = n;
    return 0;
}

static int get_bool(const json_t *obj, const char *key, bool *out, bool *present, char *err,
                    size_t errlen)
{
    json_t *v = json_object_get(obj, key);
    *present = v != NULL;
    if (!v)
        return 0;
    if (!json_is_boolean(v)) {
        snprintf(err, errlen, "%s must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}

static int parse_level(const json_t *obj, command_t *c, char *err, size_t errlen)
{
    static const int64_t max_chips = INT64_C(1000000000000);
    bool p;
    int64_t n;
    if (get_int(obj, "small_blind", false, 0, max_chips, &c->level.small_blind, &p, err, errlen))
        return -1;
    c->has |= p ? LF_SMALL : 0;
    if (get_int(obj, "big_blind", false, 0, max_chips, &c->level.big_blind, &p, err, errlen))
        return -1;
    c->has |= p ? LF_BIG : 0;
    if (get_int(obj, "ante", false, 0, max_chips, &c->level.ante, &p, err, errlen))
        return -1;
    c->has |= p ? LF_ANTE : 0;
    if (get_int(obj, "color_up", false, 0, max_chips, &c->level.color_up, &p, err, errlen))
        return -1;
    c->has |= p ? LF_COLOR_UP : 0;
    if (get_bool(obj, "big_blind_ante", &c->level.big_blind_ante, &p, err, errlen))
        return -1;
    c->has |= p ? LF_BBA : 0;
    if (get_bool(obj, "day_end", &c->level.day_end, &p, err, errlen))
        return -1;
    c->has |= p ? LF_DAY_END : 0;
    bool is_break = false;
    if (get_bool(obj, "break", &is_break, &p, err, errlen))
        return -1;
    if (p) {
        c->has |= LF_BREAK;
        c->level.kind = is_break ? LEVEL_BREAK : LEVEL_PLAY;
    }
    if (get_int(obj, "duration_ms", false, 1, TOURNEY_MAX_DURATION_MS, &n, &p, err, errlen))
        return -1;
    if (p) {
        c->has |= LF_DURATION;
        c->level.duration_ms = n;
    }
    json_t *m = json_object_get(obj, "minutes");
    if (m) {
        if (!json_is_number(m) || json_number_value(m) <= 0 || json_number_value(m) > 24 * 60) {
            snprintf(err, errlen, "minutes must be a number more than 0 and at most 1440");
            return -1;
        }
        c->has |= LF_DURATION;
        c->level.duration_ms = (int64_t)llround(json_number_value(m) * 60000.0);
    }
    return 0;
}

static int parse(const json_t *obj, command_t *c, bool internal, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (!json_is_object(obj)) {
        snprintf(err, errlen, "a command must be a JSON object like {\"type\": \"pause\"}");
        return -1;
    }
    json_t *type = json_object_get(obj, "type");
    if (!json_is_string(type)) {
        snprintf(err, errlen, "the command needs a \"type\"");
        return -1;
    }
    c->type = command_from_name(json_string_value(type));
    if (c->type == CMD_NONE || (c->type == CMD_POWER_RECOVERED && !internal)) {
        snprintf(err, errlen, "unknown command type \"%.40s\"", json_string_value(type));
        return -1;
    }
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)obj, key, val)
    {
        if (!field_allowed(c->type, key)) {
            snprintf(err, errlen, "%s does not take \"%.40s\"", command_name(c->type), key);
            return -1;
        }
    }
    int64_t n = 0;
    bool p;
    const int64_t maxd = TOURNEY_MAX_DURATION_MS;
    switch (c->type) {
    case CMD_ADJUST:
        return get_int(obj, "delta_ms", true, -maxd, maxd, &c->delta_ms, NULL, err, errlen);
    case CMD_SET_REMAINING:
        return get_int(obj, "ms", true, 1, maxd, &c->ms, NULL, err, errlen);
    case CMD_POWER_RECOVERED:
        return get_int(obj, "ms", true, INT64_MIN, INT64_MAX, &c->ms, NULL, err, errlen);
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL:
    case CMD_EDIT_LEVEL:
        if (get_int(obj, "index", true, 0, TOURNEY_MAX_LEVELS - 1, &n, NULL, err, errlen))
            return -1;
        c->index = (int)n;
        return c->type == CMD_EDIT_LEVEL ? parse_level(obj, c, err, errlen) : 0;
    case CMD_ADD_LEVEL:
        if (get_int(obj, "after", true, -1, TOURNEY_MAX_LEVELS - 1, &n, NULL, err, errlen))
            return -1;
        c->index = (int)n;
        return parse_level(obj, c, err, errlen);
    case CMD_ANNOUNCE: {
        json_t *text = json_object_get(obj, "text");
        if (!json_is_string(text)) {
            snprintf(err, errlen, "an announcement needs \"text\"");
            return -1;
        }
        if (json_string_length(text) >= sizeof c->text) {
            snprintf(err, errlen, "an announcement can be at most %zu bytes long",
                     sizeof c->text - 1);
            return -1;
        }
        if (memchr(json_string_value(text), 0, json_string_length(text))) {
            snprintf(err, errlen, "the text cannot contain a NUL character");
            return -1;
        }
        memcpy(c->text, json_string_value(text), json_string_length(text) + 1);
        if (get_int(obj, "seconds", false, 0, 86400, &n, &p, err, errlen))
            return -1;
        c->seconds = (int)n;
        return 0;
    }
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_BUST:
    case CMD_REBUY:
    case CMD_ADDON:
        if (get_int(obj, "count", false, 1, 10000, &n, &p, err, errlen))
            return -1;
        c->count = p ? (int)n : 1;
        return 0;
    default:
        return 0;
    }
}

int codec_command_parse(const json_t *obj, command_t *c, char *err, size_t errlen)
{
    return parse(obj, c, false, err, errlen);
}

int codec_command_parse_internal(const json_t *obj, command_t *c, char *err, size_t errlen)
{
    return parse(obj, c, true, err, errlen);
}

int codec_command_parse_text(const char *text, size_t len, command_t *c, char *err, size_t errlen)
{
    json_error_t je;
    json_t *obj = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!obj) {
        snprintf(err, errlen, "the request is not valid JSON: %s (at character %d)", je.text,
                 je.position);
        return -1;
    }
    int rc = parse(obj, c, false, err, errlen);
    json_decref(obj);
    return rc;
}

json_t *codec_command(const command_t *c)
{
    json_t *o = json_pack("{s:s}", "type", command_name(c->type));
    switch (c->type) {
    case CMD_ADJUST:
        json_object_set_new(o, "delta_ms", json_integer(c->delta_ms));
        break;
    case CMD_SET_REMAINING:
    case CMD_POWER_RECOVERED:
        json_object_set_new(o, "ms", json_integer(c->ms));
        break;
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL:
        json_object_set_new(o, "index", json_integer(c->index));
        break;
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
        json_object_set_new(o, c->type == CMD_ADD_LEVEL ? "after" : "index", json_integer(c->index));
        if (c->has & LF_SMALL)
            json_object_set_new(o, "small_blind", json_integer(c->level.small_blind));
        if (c->has & LF_BIG)
            json_object_set_new(o, "big_blind", json_integer(c->level.big_blind));
        if (c->has & LF_ANTE)
            json_object_set_new(o, "ante", json_integer(c->level.ante));
        if (c->has & LF_BBA)
            json_object_set_new(o, "big_blind_ante", json_boolean(c->level.big_blind_ante));
        if (c->has & LF_DURATION)
            json_object_set_new(o, "duration_ms", json_integer(c->level.duration_ms));
        if (c->has & LF_BREAK)
            json_object_set_new(o, "break", json_boolean(c->level.kind == LEVEL_BREAK));
        if (c->has & LF_DAY_END)
            json_object_set_new(o, "day_end", json_boolean(c->level.day_end));
        if (c->has & LF_COLOR_UP)
            json_object_set_new(o, "color_up", json_integer(c->level.color_up));
        break;
    case CMD_ANNOUNCE:
        json_object_set_new(o, "text", json_string(c->text));
        json_object_set_new(o, "seconds", json_integer(c->seconds));
        break;
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_BUST:
    case CMD_REBUY:
    case CMD_ADDON:
        json_object_set_new(o, "count", json_integer(c->count ? c->count : 1));
        break;
    default:
        break;
    }
    return o;
}
