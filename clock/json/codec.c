/* JSON forms of the state, the structure and commands (jansson). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/bounty.h"
#include "model/fields.h"
#include "model/voice.h"
#include "json/actions.h"
#include "json/codec.h"
#include "json/roster.h"
#include "json/settle.h"

/* The values of r that rec describes for the state, and its groups, by
 * name; its lists are the caller's. */
static json_t *record_json(const record_t *rec, const void *r)
{
    json_t *o = json_object();
    for (int i = 0; i < rec->n; i++) {
        const field_t *f = &rec->f[i];
        const char *at = (const char *)r + f->offset;
        char rgb[8];
        json_t *v = NULL;
        if (!(f->forms & FORM_STATE))
            continue;
        switch (f->type) {
        case FIELD_INT:
        case FIELD_UINT: v = json_integer(field_get_int(f, r)); break;
        case FIELD_BOOL: v = json_boolean(*(const bool *)at); break;
        case FIELD_TEXT: v = json_string(at); break;
        case FIELD_RGB:
            snprintf(rgb, sizeof rgb, "#%06x", (unsigned)(field_get_int(f, r) & 0xffffff));
            v = json_string(rgb);
            break;
        case FIELD_GROUP: v = record_json(f->sub, r); break;
        default: break;
        }
        if (v)
            json_object_set_new(o, f->name, v);
    }
    return o;
}

static json_t *level_json(const structure_t *s, int i)
{
    const level_t *l = &s->levels[i];
    int number = 0;
    for (int k = 0; k <= i; k++)
        number += s->levels[k].kind == LEVEL_PLAY;
    json_t *o = record_json(&level_record, l);
    json_object_set_new(o, "index", json_integer(i));
    json_object_set_new(o, "number", json_integer(number));
    json_object_set_new(o, "kind", json_string(l->kind == LEVEL_BREAK ? "break" : "level"));
    json_object_set_new(o, "minutes", json_real((double)l->duration_ms / 60000.0));
    json_object_set_new(o, "color_up", l->color_up ? json_integer(l->color_up) : json_null());
    /* The chips colored up here, explicit or derived from the structure. */
    json_t *up = json_array();
    for (int k = 0; k < s->n_chips; k++)
        if (color_up_level(s, k) == i)
            json_array_append_new(up, json_integer(s->chips[k].value));
    json_object_set_new(o, "colored_up", up);
    /* Left early by the director: moving back to it returns to this. */
    if (l->left_at_ms > 0 && l->left_at_ms < l->duration_ms)
        json_object_set_new(o, "resume_ms", json_integer(l->duration_ms - l->left_at_ms));
    return o;
}

static const chip_t *chip_of(const structure_t *s, int64_t value)
{
    for (int i = 0; i < s->n_chips; i++)
        if (s->chips[i].value == value)
            return &s->chips[i];
    return NULL;
}

static json_t *tables_list(tableset_t set)
{
    json_t *a = json_array();
    for (int t = 0; (t = tableset_next(&set, t));)
        json_array_append_new(a, json_integer(t));
    return a;
}

static void hand_for_hand_json(json_t *o, const tourney_t *t, const tourney_view_t *v, int64_t now)
{
    const hand_for_hand_t *h = &t->hfh;
    if (h->active) {
        json_t *j = json_pack("{s:i, s:i}", "hand", h->hand, "tables", h->tables);
        tableset_t done = tableset_and(&h->done, &h->in_play);
        tableset_t waiting = tableset_and(&h->waiting, &h->in_play);
        waiting = tableset_minus(&waiting, &done);
        tableset_t playing = tableset_minus(&h->in_play, &done);
        playing = tableset_minus(&playing, &waiting);
        json_object_set_new(j, "done", tables_list(done));
        json_object_set_new(j, "waiting", tables_list(waiting));
        json_object_set_new(j, "playing", tables_list(playing));
        json_object_set_new(j, "all_done", json_boolean(v->hfh_all_done));
        json_object_set_new(o, "hand_for_hand", j);
    } else {
        json_object_set_new(o, "hand_for_hand", json_null());
    }
    json_object_set_new(o, "bubble", json_boolean(t->bubble));
    json_object_set_new(o, "in_the_money", json_boolean(v->in_the_money));
}

static void day_end_json(json_t *o, const tourney_t *t, const tourney_view_t *v, int64_t now)
{
    const structure_t *s = &t->s;
    const day_end_t *d = &t->day_end;
    json_t *de = json_pack("{s:b, s:b}", "level_ends_day", v->day_end_level, "window",
                           v->day_end_window);
    json_object_set_new(de, "drawn", d->active ? json_integer(d->drawn) : json_null());
    json_object_set_new(de, "hands_left",
                        d->active ? json_integer(v->day_end_hands_left) : json_null());
    if (d->active && s->house.day_end_per_table) {
        json_t *left = json_array();
        for (int tb = 0; (tb = tableset_next(&d->in_play, tb));)
            json_array_append_new(left, json_pack("{s:i, s:i}", "table", tb, "hands_left",
                                                  (int)d->left[tb - 1]));
        json_object_set_new(de, "tables_left", left);
    } else {
        json_object_set_new(de, "tables_left", json_null());
    }
    json_object_set_new(de, "over", json_boolean(d->active && v->day_over));
    json_object_set_new(o, "day_end", de);
}

static void clock_call_json(json_t *o, const tourney_t *t, const tourney_view_t *v, int64_t now)
{
    if (v->call_on)
        json_object_set_new(o, "clock_call",
                            json_pack("{s:i, s:i, s:I, s:I, s:b, s:b}", "table", t->call.table,
                                      "seat", t->call.seat, "remaining_ms",
                                      (json_int_t)v->call_remaining_ms, "countdown_ms",
                                      (json_int_t)t->call.countdown_ms, "counting",
                                      v->call_counting, "expired", v->call_expired));
    else
        json_object_set_new(o, "clock_call", json_null());
}

static void color_up_json(json_t *o, const tourney_t *t, const tourney_view_t *v, int64_t now)
{
    const structure_t *s = &t->s;
    json_t *cu = json_object();
    const chip_t *next = v->next_color_up ? chip_of(s, v->next_color_up) : NULL;
    json_object_set_new(cu, "next",
                        next ? json_pack("{s:I, s:s, s:i}", "value", (json_int_t)next->value,
                                         "colour", next->colour, "at_level", v->next_color_up_level)
                             : json_null());
    const chip_t *cnow = v->color_up_now ? chip_of(s, v->color_up_now) : NULL;
    json_object_set_new(cu, "now",
                        cnow ? json_pack("{s:I, s:s, s:I}", "value", (json_int_t)cnow->value,
                                         "colour", cnow->colour, "into",
                                         (json_int_t)v->color_up_into)
                             : json_null());
    const chip_t *due = v->color_up_due ? chip_of(s, v->color_up_due) : NULL;
    json_object_set_new(cu, "due",
                        due ? json_pack("{s:I, s:s}", "value", (json_int_t)due->value, "colour",
                                        due->colour)
                            : json_null());
    json_t *in_use = json_array();
    for (int i = 0; i < s->n_chips; i++)
        if ((v->chips_in_use >> i) & 1)
            json_array_append_new(in_use, json_integer(s->chips[i].value));
    json_object_set_new(cu, "chips_in_use", in_use);
    json_object_set_new(o, "color_up", cu);
}

/* The procedures of docs/rules.md in the state: hand-for-hand, bubble, end of
 * day, clock call, color-up, penalties, results. */
static void procedures_json(json_t *o, const tourney_t *t, const tourney_view_t *v, int64_t now)
{
    hand_for_hand_json(o, t, v, now);
    day_end_json(o, t, v, now);
    clock_call_json(o, t, v, now);
    color_up_json(o, t, v, now);

    json_t *pen = json_array();
    for (int i = 0; i < t->n_penalties; i++) {
        const penalty_t *p = &t->penalties[i];
        if (p->rounds == 0 && p->until <= now)
            continue; /* served */
        json_t *j = json_pack("{s:i, s:i}", "table", p->table, "seat", p->seat);
        json_object_set_new(j, "remaining_ms",
                            p->rounds ? json_null() : json_integer(p->until - now));
        json_object_set_new(j, "rounds", json_integer(p->rounds));
        json_array_append_new(pen, j);
    }
    json_object_set_new(o, "penalties", pen);

    /* The latest places only: the state every screen receives stays small
     * (the whole sheet is GET /api/results). */
    json_t *res = json_array();
    for (int i = t->n_results > TOURNEY_STATE_RESULTS ? t->n_results - TOURNEY_STATE_RESULTS : 0;
         i < t->n_results; i++) {
        const result_t *r = &t->results[i];
        json_t *j = json_pack("{s:i, s:i, s:I}", "place_best", r->place_best, "place_worst",
                              r->place_worst, "prize_each", (json_int_t)r->prize_each);
        json_object_set_new(j, "table", r->table ? json_integer(r->table) : json_null());
        json_object_set_new(j, "player", r->player ? json_integer(r->player) : json_null());
        json_array_append_new(res, j);
    }
    json_object_set_new(o, "results", res);
    json_object_set_new(o, "deal", settle_json_state(t));
    settle_json_payouts(o, t);
}

static json_t *ms_or_null(int64_t ms)
{
    return ms < 0 ? json_null() : json_integer(ms);
}

/* The state's counts of players and chips. */
static json_t *players_json(const tourney_t *t, const tourney_view_t *v)
{
    const structure_t *s = &t->s;
    const level_t *cur = &s->levels[v->level];
    json_t *players = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:I, s:I, s:i, s:I}", "entries",
                                t->entries, "reentries", t->reentries, "remaining", v->players_left,
                                "busted", t->busted, "rebuys", t->rebuys, "addons", t->addons,
                                "average_stack", (json_int_t)v->average_stack, "chips_in_play",
                                (json_int_t)v->chips_in_play, "paid_places", v->paid_places,
                                "starting_stack", (json_int_t)s->starting_stack);
    if (cur->kind == LEVEL_PLAY && cur->big_blind > 0)
        json_object_set_new(players, "average_stack_bb",
                            json_real(
                                round((double)v->average_stack / (double)cur->big_blind * 10) /
                                10));
    else
        json_object_set_new(players, "average_stack_bb", json_null());
    return players;
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
    /* bounties (model/bounty.h): what each entry puts on a head, and how it is taken */
    json_object_set_new(o, "bounty",
                        bounty_on(s)
                            ? json_pack("{s:I, s:s}", "amount", (json_int_t)bounty_per_entry(s),
                                        "kind", bounty_progressive(s) ? "progressive" : "fixed")
                            : json_null());
    json_object_set_new(o, "started", json_boolean(t->clock.started));
    json_object_set_new(o, "running", json_boolean(t->clock.running));
    json_object_set_new(o, "over", json_boolean(v.over));
    json_object_set_new(o, "level", level_json(s, v.level));
    json_object_set_new(o, "next_level",
                        v.next_level >= 0 ? level_json(s, v.next_level) : json_null());
    json_object_set_new(o, "levels_count", json_integer(s->n_levels));
    int play = 0;
    for (int i = 0; i < s->n_levels; i++)
        play += s->levels[i].kind == LEVEL_PLAY;
    json_object_set_new(o, "play_levels_count", json_integer(play)); /* "Level 3 of 15" */
    json_object_set_new(o, "remaining_ms", json_integer(v.remaining_ms));
    json_object_set_new(o, "elapsed_ms", json_integer(v.elapsed_ms));
    json_object_set_new(o, "overtime", json_boolean(v.overtime));
    json_object_set_new(o, "overtime_ms", json_integer(v.overtime_ms));
    json_object_set_new(o, "to_break_ms", ms_or_null(v.to_break_ms));
    json_object_set_new(o, "next_break",
                        v.next_break >= 0 ? level_json(s, v.next_break) : json_null());
    json_object_set_new(o, "tournament_elapsed_ms", json_integer(v.tournament_elapsed_ms));

    json_object_set_new(o, "players", players_json(t, &v));

    json_object_set_new(o, "prize_pool", json_integer(v.prize_pool));
    json_t *payouts = json_array();
    for (int i = 0; i < v.paid_places; i++)
        json_array_append_new(payouts, json_integer(v.payouts[i]));
    json_object_set_new(o, "payouts", payouts);

    json_object_set_new(o, "periods",
                        json_pack("{s:b, s:i, s:b, s:i, s:b, s:i}", "late_reg_open",
                                  v.late_reg_open, "late_reg_until_level", s->late_reg_until_level,
                                  "rebuys_open", v.rebuys_open, "rebuy_until_level",
                                  s->rebuy_until_level, "addon_open", v.addon_open,
                                  "addon_after_level", s->addon_after_level));

    if (v.announcement_active) {
        json_t *a = json_object();
        json_object_set_new(a, "text", json_string(t->announcement));
        json_object_set_new(a, "remaining_ms",
                            t->announcement_until ? json_integer(t->announcement_until - now)
                                                  : json_null());
        json_object_set_new(o, "announcement", a);
    } else {
        json_object_set_new(o, "announcement", json_null());
    }
    json_object_set_new(o, "recovered_after_power_loss",
                        json_boolean(t->recovered_after_power_loss));
    json_object_set_new(o, "storage_error",
                        storage_error && *storage_error ? json_string(storage_error) : json_null());
    json_object_set_new(o, "notice", notice && *notice ? json_string(notice) : json_null());
    actions_json(o, t);
    procedures_json(o, t, &v, now);
    return o;
}

json_t *codec_structure(const structure_t *s)
{
    json_t *o = record_json(&structure_record, s);
    json_t *chips = json_array();
    for (int i = 0; i < s->n_chips; i++)
        json_array_append_new(chips, record_json(&chip_record, &s->chips[i]));
    json_object_set_new(o, "chips", chips);
    json_t *levels = json_array();
    for (int i = 0; i < s->n_levels; i++)
        json_array_append_new(levels, level_json(s, i));
    json_object_set_new(o, "levels", levels);
    json_t *payouts = json_array();
    for (int i = 0; i < s->n_payouts; i++) {
        json_t *p = record_json(&payout_record, &s->payouts[i]), *places = json_array();
        for (int k = 0; k < s->payouts[i].places; k++)
            json_array_append_new(places, json_real(s->payouts[i].bp[k] / 100.0));
        json_object_set_new(p, "places", places);
        json_array_append_new(payouts, p);
    }
    json_object_set_new(o, "payouts", payouts);
    /* House options with the defaults filled in, as the clock uses them. */
    house_t h;
    house_effective(&s->house, &h);
    json_object_set_new(o, "house", record_json(&house_record, &h));
    if (bounty_on(s)) /* only with bounties: {"amount", "kind", "rebuys"} */
        json_object_set_new(o, "bounty", record_json(&bounty_record, &s->bounty));
    return o;
}

/* Which fields each command takes; anything else is refused, so that a typo
 * in a client is caught instead of silently ignored. */
static bool level_field(const char *key)
{
    for (int i = 0; i < level_record.n; i++)
        if ((level_record.f[i].forms & FORM_COMMAND) && strcmp(key, level_record.f[i].name) == 0)
            return true;
    return false;
}

static bool field_allowed(command_type type, const char *key, bool internal)
{
    if (strcmp(key, "type") == 0 || roster_json_command_field(type, key, internal) ||
        settle_json_command_field(type, key))
        return true;
    switch (type) {
    case CMD_ADJUST: return strcmp(key, "delta_ms") == 0;
    case CMD_SET_REMAINING:
    case CMD_POWER_RECOVERED: return strcmp(key, "ms") == 0;
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL: return strcmp(key, "index") == 0;
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
        return strcmp(key, type == CMD_ADD_LEVEL ? "after" : "index") == 0 || level_field(key);
    case CMD_ANNOUNCE: return strcmp(key, "text") == 0 || strcmp(key, "seconds") == 0;
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_REBUY:
    case CMD_ADDON: return strcmp(key, "count") == 0;
    case CMD_BUST: return strcmp(key, "count") == 0 || strcmp(key, "players") == 0;
    case CMD_HFH_START:
    case CMD_HFH_TABLES: return strcmp(key, "tables") == 0;
    case CMD_DAY_END_DRAW:
        return strcmp(key, "tables") == 0 || (internal && strcmp(key, "drawn") == 0);
    case CMD_TABLE_DONE:
    case CMD_TABLE_WAITING:
    case CMD_DAY_END_HAND_DONE: return strcmp(key, "table") == 0;
    case CMD_CLOCK_CALL:
    case CMD_PENALTY_CLEAR: return strcmp(key, "table") == 0 || strcmp(key, "seat") == 0;
    case CMD_PENALTY:
        return strcmp(key, "table") == 0 || strcmp(key, "seat") == 0 ||
               strcmp(key, "minutes") == 0 || strcmp(key, "rounds") == 0;
    case CMD_COLOR_UP: return strcmp(key, "value") == 0;
    case CMD_SET_LANGUAGE: return strcmp(key, "language") == 0 || strcmp(key, "language2") == 0;
    case CMD_SOUND: return strcmp(key, "quiet") == 0;
    case CMD_SOUND_SETTINGS:
        return strcmp(key, "volume") == 0 || strcmp(key, "sounds") == 0 ||
               strcmp(key, "speak") == 0;
    case CMD_SAY: return strcmp(key, "text") == 0;
    default: return false;
    }
}

/* Reads an integer field; absent is fine unless required (shown: its name
 * in a refusal). */
static int get_int_as(const json_t *obj, const char *key, const char *shown, bool required,
                      int64_t lo, int64_t hi, int64_t *out, bool *present, refusal_t *no)
{
    json_t *v = json_object_get(obj, key);
    if (present)
        *present = v != NULL;
    if (!v) {
        if (required)
            refuse_field_missing(no, shown);
        return required ? -1 : 0;
    }
    if (!json_is_integer(v)) {
        refuse_field_whole(no, shown);
        return -1;
    }
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi) {
        refuse_field_between(no, shown, lo, hi);
        return -1;
    }
    *out = n;
    return 0;
}

static int get_int(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi,
                   int64_t *out, bool *present, refusal_t *no)
{
    return get_int_as(obj, key, key, required, lo, hi, out, present, no);
}

static int get_bool(const json_t *obj, const char *key, bool *out, bool *present, refusal_t *no)
{
    json_t *v = json_object_get(obj, key);
    *present = v != NULL;
    if (!v)
        return 0;
    if (!json_is_boolean(v)) {
        refuse_field_bool(no, key);
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}

/* The level fields of add_level and edit_level, as model/fields describes
 * them; each one given sets its LF_* bit in c->has. */
static int parse_level(const json_t *obj, command_t *c, refusal_t *no)
{
    for (int i = 0; i < level_record.n; i++) {
        const field_t *f = &level_record.f[i];
        void *at = (char *)&c->level + f->offset;
        bool p = false, b;
        int64_t n;
        if (!(f->forms & FORM_COMMAND))
            continue;
        switch (f->type) {
        case FIELD_INT:
            if (get_int(obj, f->name, false, f->lo, f->hi, &n, &p, no))
                return -1;
            if (p)
                field_set_int(f, &c->level, n);
            break;
        case FIELD_BOOL:
        case FIELD_BREAK:
            if (get_bool(obj, f->name, &b, &p, no))
                return -1;
            if (p && f->type == FIELD_BOOL)
                *(bool *)at = b;
            else if (p)
                *(level_kind *)at = b ? LEVEL_BREAK : LEVEL_PLAY;
            break;
        case FIELD_MINUTES: {
            json_t *m = json_object_get(obj, f->name);
            if ((p = m != NULL)) {
                /* Kept to the millisecond: a time that rounds to none is none. */
                if (!json_is_number(m) || llround(json_number_value(m) * 60000.0) < 1 ||
                    json_number_value(m) > (double)f->hi) {
                    refuse_field_positive(no, f->name, f->hi);
                    return -1;
                }
                *(int64_t *)at = (int64_t)llround(json_number_value(m) * 60000.0);
            }
            break;
        }
        default: /* no level field is of another type */ break;
        }
        c->has |= p ? f->has : 0;
    }
    return 0;
}

/* tables: how many (tables 1..N), or their numbers: [1, 2, 4, 5]. */
static int parse_tables(const json_t *obj, command_t *c, bool required, refusal_t *no)
{
    json_t *v = json_object_get(obj, "tables");
    if (!json_is_array(v)) {
        int64_t n;
        bool p;
        if (get_int(obj, "tables", required, 1, TOURNEY_MAX_TABLES, &n, &p, no))
            return -1;
        c->tables = p ? (int)n : 0;
        return 0;
    }
    if (json_array_size(v) > TOURNEY_MAX_TABLES) {
        refuse_hfh_tables_listed(no, (long long)json_array_size(v), TOURNEY_MAX_TABLES);
        return -1;
    }
    size_t k;
    json_t *e;
    json_array_foreach(v, k, e)
    {
        json_int_t t = json_is_integer(e) ? json_integer_value(e) : 0;
        if (t < 1 || t > TOURNEY_MAX_TABLES) {
            refuse_hfh_tables_form(no, TOURNEY_MAX_TABLES);
            return -1;
        }
        if (tableset_has(&c->table_set, (int)t)) {
            refuse_hfh_table_twice(no, t);
            return -1;
        }
        tableset_add(&c->table_set, (int)t);
    }
    if (tableset_empty(&c->table_set)) {
        refuse_hfh_tables_empty(no);
        return -1;
    }
    c->tables = tableset_count(&c->table_set);
    return 0;
}

/* bust: {"count": 2}, or {"players": [{"table": 2, "chips": 3500}, ...]} for
 * players out in the same hand. */
static int parse_bust(const json_t *obj, command_t *c, refusal_t *no)
{
    json_t *players = json_object_get(obj, "players");
    bool p;
    int64_t n;
    if (get_int(obj, "count", false, 1, 10000, &n, &p, no))
        return -1;
    c->count = p ? (int)n : 1;
    if (!players)
        return 0;
    if (p) {
        codec_unread(no, "bust takes count or players, not both");
        return -1;
    }
    if (!json_is_array(players) || json_array_size(players) < 1 ||
        json_array_size(players) > TOURNEY_MAX_BUSTS) {
        codec_unread(no,
                     "players must be a list of 1 to %d players out in the same hand, like "
                     "[{\"table\": 2, \"chips\": 3500}]",
                     TOURNEY_MAX_BUSTS);
        return -1;
    }
    c->n_busts = (int)json_array_size(players);
    c->count = c->n_busts;
    for (int i = 0; i < c->n_busts; i++) {
        json_t *pl = json_array_get(players, (size_t)i);
        if (!json_is_object(pl)) {
            codec_unread(no, "players[%d] must be an object like {\"table\": 2, \"chips\": 3500}",
                         i);
            return -1;
        }
        const char *key;
        json_t *val;
        json_object_foreach(pl, key, val)
        {
            if (strcmp(key, "table") != 0 && strcmp(key, "chips") != 0 &&
                strcmp(key, "player") != 0 && strcmp(key, "by") != 0) {
                codec_unread(no,
                             "players[%d] does not take \"%.40s\" (only table or player, chips "
                             "and by)",
                             i, key);
                return -1;
            }
        }
        char shown[3][32];
        snprintf(shown[0], sizeof shown[0], "players[%d].player", i);
        snprintf(shown[1], sizeof shown[1], "players[%d].table", i);
        snprintf(shown[2], sizeof shown[2], "players[%d].chips", i);
        /* A player by number (json/roster.c's players): his table is the roster's. */
        bool named = json_object_get(pl, "player") != NULL;
        if (named && (json_object_get(pl, "table") || (i > 0 && !c->movers[0]))) {
            codec_unread(no, "players[%d]: name every player by player, or none (tables)", i);
            return -1;
        }
        if (roster_json_by(pl, c->busts[i].by, &c->busts[i].n_by, no))
            return -1;
        if (!named && c->busts[i].n_by > 0) {
            codec_unread(no, "players[%d]: by names who knocked out a player named by player", i);
            return -1;
        }
        if (named) {
            if (get_int_as(pl, "player", shown[0], true, 1, ROSTER_MAX_PLAYERS, &n, NULL, no))
                return -1;
            c->movers[i] = (int16_t)n;
        } else if (i > 0 && c->movers[0]) {
            codec_unread(no, "players[%d]: name every player by player, or none (tables)", i);
            return -1;
        } else {
            if (get_int_as(pl, "table", shown[1], true, 1, TOURNEY_MAX_TABLE_NO, &n, NULL, no))
                return -1;
            c->busts[i].table = (int)n;
        }
        if (get_int_as(pl, "chips", shown[2], true, 1, INT64_C(1000000000000000), &n, NULL, no))
            return -1;
        c->busts[i].chips = n;
    }
    return 0;
}

/* The "text" of an announcement or of say. */
static int parse_text(const json_t *obj, command_t *c, const char *what, refusal_t *no)
{
    json_t *text = json_object_get(obj, "text");
    if (!json_is_string(text)) {
        codec_unread(no, "%s needs \"text\"", what);
        return -1;
    }
    if (json_string_length(text) >= sizeof c->text) {
        refuse_text_long(no, what, (long long)sizeof c->text - 1);
        return -1;
    }
    if (memchr(json_string_value(text), 0, json_string_length(text))) {
        refuse_text_nul(no);
        return -1;
    }
    memcpy(c->text, json_string_value(text), json_string_length(text) + 1);
    return 0;
}

/* announce: {"text": "...", "seconds": 60}; without seconds until taken down. */
static int parse_announce(const json_t *obj, command_t *c, refusal_t *no)
{
    if (parse_text(obj, c, "an announcement", no))
        return -1;
    int64_t n = 0;
    bool p;
    if (get_int(obj, "seconds", false, 0, 86400, &n, &p, no))
        return -1;
    c->seconds = (int)n;
    return 0;
}

/* set_language: {"language": "no", "language2": "en"}; language2 null,
 * "" or left out: none. */
static int parse_language(const json_t *obj, command_t *c, refusal_t *no)
{
    const char *keys[] = {"language", "language2"};
    char *out[] = {c->language, c->language2};
    for (int i = 0; i < 2; i++) {
        json_t *v = json_object_get(obj, keys[i]);
        if (i == 1 && (!v || json_is_null(v)))
            continue;
        if (!json_is_string(v) || json_string_length(v) >= sizeof c->language ||
            strlen(json_string_value(v)) != json_string_length(v)) {
            codec_unread(no, "%s must be one of \"en\", \"no\", \"de\", \"nl\", \"da\"%s", keys[i],
                         i ? ", or null for none" : "");
            return -1;
        }
        memcpy(out[i], json_string_value(v), json_string_length(v) + 1);
    }
    return 0;
}

/* The event of a sound_settings member's key ("level", "clock_call_time"), or -1. */
static int event_of(const char *key)
{
    for (int e = 0; e < VOICE__COUNT; e++)
        if (e != VOICE_SAY && strcmp(key, voice_event_name((voice_event)e)) == 0)
            return e;
    return -1;
}

/* sound_settings: {"volume": 60, "sounds": {"level": "chime", "moves":
 * null}, "speak": {"level": true}}: any of them; a sound null goes back to
 * the configuration's. The model checks the names and the ranges. */
static int parse_sound_settings(const json_t *obj, command_t *c, refusal_t *no)
{
    int64_t v = -1;
    if (get_int(obj, "volume", false, 0, 100, &v, NULL, no))
        return -1;
    c->volume = (int)v;
    const json_t *sounds = json_object_get(obj, "sounds"), *speak = json_object_get(obj, "speak");
    if ((sounds && !json_is_object(sounds)) || (speak && !json_is_object(speak))) {
        codec_unread(no, "sounds and speak are objects keyed by event: {\"level\": ...}");
        return -1;
    }
    const char *key;
    const json_t *x;
    json_object_foreach((json_t *)sounds, key, x)
    {
        int e = event_of(key);
        if (e < 0) {
            codec_unread(no, "sounds: no event is called \"%.40s\"", key);
            return -1;
        }
        if (!json_is_null(x) && (!json_is_string(x) || !json_string_length(x) ||
                                 json_string_length(x) >= TOURNEY_SOUND_NAME ||
                                 strcmp(json_string_value(x), "config") == 0)) {
            codec_unread(no,
                         "sounds.%s must be a sound's name, \"none\", or null for "
                         "the configuration's",
                         key);
            return -1;
        }
        snprintf(c->sounds[e], sizeof c->sounds[e], "%s",
                 json_is_null(x) ? "config" : json_string_value(x));
    }
    json_object_foreach((json_t *)speak, key, x)
    {
        int e = event_of(key);
        if (e < 0 || !json_is_boolean(x)) {
            codec_unread(no, "speak.%.40s must be an event and true or false", key);
            return -1;
        }
        c->speak_set |= 1u << e;
        c->speak_on |= json_is_true(x) ? 1u << e : 0;
    }
    return 0;
}

/* sound: {"quiet": true} */
static int parse_quiet(const json_t *obj, command_t *c, refusal_t *no)
{
    bool p;
    if (get_bool(obj, "quiet", &c->quiet, &p, no))
        return -1;
    if (!p) {
        codec_unread(no, "sound needs \"quiet\": true or false");
        return -1;
    }
    return 0;
}

/* A player at a seat: clock_call, penalty (for minutes or rounds),
 * penalty_clear. */
static int parse_seat(const json_t *obj, command_t *c, refusal_t *no)
{
    int64_t n;
    if (get_int(obj, "table", true, 1, TOURNEY_MAX_TABLE_NO, &n, NULL, no))
        return -1;
    c->table = (int)n;
    if (get_int(obj, "seat", true, 1, TOURNEY_MAX_SEAT, &n, NULL, no))
        return -1;
    c->seat = (int)n;
    if (c->type != CMD_PENALTY)
        return 0;
    bool pm, pr;
    if (get_int(obj, "minutes", false, 1, TOURNEY_MAX_PENALTY_MINUTES, &n, &pm, no))
        return -1;
    c->minutes = pm ? (int)n : 0;
    if (get_int(obj, "rounds", false, 1, TOURNEY_MAX_PENALTY_ROUNDS, &n, &pr, no))
        return -1;
    c->rounds = pr ? (int)n : 0;
    if (pm == pr) {
        refuse_penalty_needs(no, TOURNEY_MAX_PENALTY_MINUTES, TOURNEY_MAX_PENALTY_ROUNDS);
        return -1;
    }
    return 0;
}

/* The command's type, and no field it does not take. */
static int parse_type(const json_t *obj, command_t *c, bool internal, refusal_t *no)
{
    if (!json_is_object(obj)) {
        codec_unread(no, "a command must be a JSON object like {\"type\": \"pause\"}");
        return -1;
    }
    json_t *type = json_object_get(obj, "type");
    if (!json_is_string(type)) {
        codec_unread(no, "the command needs a \"type\"");
        return -1;
    }
    c->type = command_from_name(json_string_value(type));
    if (c->type == CMD_NONE || (c->type == CMD_POWER_RECOVERED && !internal)) {
        char name[41];
        snprintf(name, sizeof name, "%s", json_string_value(type));
        refuse_command_type_named(no, name);
        return -1;
    }
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)obj, key, val)
    {
        if (!field_allowed(c->type, key, internal)) {
            if (c->type == CMD_DAY_END_DRAW && strcmp(key, "drawn") == 0)
                codec_unread(no, "day_end_draw does not take \"drawn\": the clock draws "
                                 "the card itself");
            else
                codec_unread(no, "%s does not take \"%.40s\"", command_name(c->type), key);
            return -1;
        }
    }
    return 0;
}

static int parse_fields(const json_t *obj, command_t *c, bool internal, refusal_t *no);

/* The command's own fields, then those that name players (json/roster.c). */
static int parse(const json_t *obj, command_t *c, bool internal, refusal_t *no)
{
    if (parse_fields(obj, c, internal, no) || settle_json_command_parse(obj, c, no))
        return -1;
    return roster_json_command_parse(obj, c, internal, no);
}

static int parse_fields(const json_t *obj, command_t *c, bool internal, refusal_t *no)
{
    memset(c, 0, sizeof *c);
    if (parse_type(obj, c, internal, no))
        return -1;
    int64_t n = 0;
    bool p;
    const int64_t maxd = TOURNEY_MAX_DURATION_MS;
    switch (c->type) {
    case CMD_ADJUST: return get_int(obj, "delta_ms", true, -maxd, maxd, &c->delta_ms, NULL, no);
    case CMD_SET_REMAINING: return get_int(obj, "ms", true, 1, maxd, &c->ms, NULL, no);
    case CMD_POWER_RECOVERED:
        return get_int(obj, "ms", true, INT64_MIN, INT64_MAX, &c->ms, NULL, no);
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL:
    case CMD_EDIT_LEVEL:
        if (get_int(obj, "index", true, 0, TOURNEY_MAX_LEVELS - 1, &n, NULL, no))
            return -1;
        c->index = (int)n;
        return c->type == CMD_EDIT_LEVEL ? parse_level(obj, c, no) : 0;
    case CMD_ADD_LEVEL:
        if (get_int(obj, "after", true, -1, TOURNEY_MAX_LEVELS - 1, &n, NULL, no))
            return -1;
        c->index = (int)n;
        return parse_level(obj, c, no);
    case CMD_ANNOUNCE: return parse_announce(obj, c, no);
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_REBUY:
    case CMD_ADDON:
        if (get_int(obj, "count", false, 1, 10000, &n, &p, no))
            return -1;
        c->count = p ? (int)n : 1;
        return 0;
    case CMD_BUST: return parse_bust(obj, c, no);
    case CMD_HFH_START:
    case CMD_HFH_TABLES:
    case CMD_DAY_END_DRAW:
        if (parse_tables(obj, c, c->type == CMD_HFH_TABLES, no))
            return -1;
        if (c->type == CMD_DAY_END_DRAW && internal) {
            /* The card the engine drew, journaled so that replay never
             * draws again. */
            if (get_int(obj, "drawn", true, 3, 7, &n, NULL, no))
                return -1;
            c->drawn = (int)n;
        }
        return 0;
    case CMD_TABLE_DONE:
    case CMD_TABLE_WAITING:
    case CMD_DAY_END_HAND_DONE:
        if (get_int(obj, "table", c->type != CMD_DAY_END_HAND_DONE, 1, TOURNEY_MAX_TABLES, &n, &p,
                    no))
            return -1;
        c->table = p ? (int)n : 0;
        return 0;
    case CMD_CLOCK_CALL:
    case CMD_PENALTY:
    case CMD_PENALTY_CLEAR: return parse_seat(obj, c, no);
    case CMD_COLOR_UP:
        return get_int(obj, "value", true, 1, INT64_C(1000000000000), &c->value, NULL, no);
    case CMD_SET_LANGUAGE: return parse_language(obj, c, no);
    case CMD_SOUND: return parse_quiet(obj, c, no);
    case CMD_SOUND_SETTINGS: return parse_sound_settings(obj, c, no);
    case CMD_SAY: return parse_text(obj, c, "something to say", no);
    default: return 0;
    }
}

int codec_command_parse(const json_t *obj, command_t *c, refusal_t *no)
{
    return parse(obj, c, false, no);
}

int codec_command_parse_internal(const json_t *obj, command_t *c, refusal_t *no)
{
    return parse(obj, c, true, no);
}

int codec_command_parse_text(const char *text, size_t len, command_t *c, refusal_t *no)
{
    json_error_t je;
    json_t *obj = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!obj) {
        codec_unread(no, "the request is not valid JSON: %s (at character %d)", je.text,
                     je.position);
        return -1;
    }
    int rc = parse(obj, c, false, no);
    json_decref(obj);
    return rc;
}

/* The level fields an add_level or edit_level was given, as parse_level
 * reads them (the duration in ms: minutes would round it). */
static void level_command_json(json_t *o, const command_t *c)
{
    for (int i = 0; i < level_record.n; i++) {
        const field_t *f = &level_record.f[i];
        if (!(f->forms & FORM_COMMAND) || !(c->has & f->has) || f->type == FIELD_MINUTES)
            continue;
        json_object_set_new(o, f->name,
                            f->type == FIELD_BREAK ? json_boolean(c->level.kind == LEVEL_BREAK)
                            : f->type == FIELD_BOOL
                                ? json_boolean(*field_bool(f, (void *)&c->level))
                                : json_integer(field_get_int(f, &c->level)));
    }
}

/* Long on purpose: one case per command type, two lines each, the inverse
 * of parse; split, the forms of the commands would be in several places. */
json_t *codec_command(const command_t *c)
{
    json_t *o = json_pack("{s:s}", "type", command_name(c->type));
    switch (c->type) {
    case CMD_ADJUST: json_object_set_new(o, "delta_ms", json_integer(c->delta_ms)); break;
    case CMD_SET_REMAINING:
    case CMD_POWER_RECOVERED: json_object_set_new(o, "ms", json_integer(c->ms)); break;
    case CMD_GOTO_LEVEL:
    case CMD_DELETE_LEVEL: json_object_set_new(o, "index", json_integer(c->index)); break;
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
        json_object_set_new(o, c->type == CMD_ADD_LEVEL ? "after" : "index",
                            json_integer(c->index));
        level_command_json(o, c);
        break;
    case CMD_ANNOUNCE:
        json_object_set_new(o, "text", json_string(c->text));
        json_object_set_new(o, "seconds", json_integer(c->seconds));
        break;
    case CMD_REGISTER:
    case CMD_UNREGISTER:
    case CMD_REBUY:
    case CMD_ADDON: json_object_set_new(o, "count", json_integer(c->count ? c->count : 1)); break;
    case CMD_BUST:
        if (c->n_busts > 0) {
            json_t *players = json_array();
            for (int i = 0; i < c->n_busts && i < TOURNEY_MAX_BUSTS; i++) {
                json_t *one = json_pack("{s:i, s:I}", c->movers[i] ? "player" : "table",
                                        c->movers[i] ? c->movers[i] : c->busts[i].table, "chips",
                                        (json_int_t)c->busts[i].chips);
                if (c->busts[i].n_by > 0)
                    json_object_set_new(one, "by",
                                        roster_json_by_list(c->busts[i].by, c->busts[i].n_by));
                json_array_append_new(players, one);
            }
            json_object_set_new(o, "players", players);
        } else {
            json_object_set_new(o, "count", json_integer(c->count ? c->count : 1));
        }
        break;
    case CMD_HFH_START:
    case CMD_HFH_TABLES:
    case CMD_DAY_END_DRAW:
        if (!tableset_empty(&c->table_set)) {
            json_object_set_new(o, "tables", tables_list(c->table_set));
        } else if (c->tables || c->type == CMD_HFH_TABLES) {
            json_object_set_new(o, "tables", json_integer(c->tables));
        }
        if (c->type == CMD_DAY_END_DRAW && c->drawn)
            json_object_set_new(o, "drawn", json_integer(c->drawn));
        break;
    case CMD_TABLE_DONE:
    case CMD_TABLE_WAITING:
    case CMD_DAY_END_HAND_DONE:
        if (c->table || c->type != CMD_DAY_END_HAND_DONE)
            json_object_set_new(o, "table", json_integer(c->table));
        break;
    case CMD_CLOCK_CALL:
    case CMD_PENALTY:
    case CMD_PENALTY_CLEAR:
        json_object_set_new(o, "table", json_integer(c->table));
        json_object_set_new(o, "seat", json_integer(c->seat));
        if (c->type == CMD_PENALTY && c->minutes)
            json_object_set_new(o, "minutes", json_integer(c->minutes));
        if (c->type == CMD_PENALTY && c->rounds)
            json_object_set_new(o, "rounds", json_integer(c->rounds));
        break;
    case CMD_COLOR_UP: json_object_set_new(o, "value", json_integer(c->value)); break;
    case CMD_SET_LANGUAGE:
        json_object_set_new(o, "language", json_string(c->language));
        json_object_set_new(o, "language2",
                            c->language2[0] ? json_string(c->language2) : json_null());
        break;
    case CMD_SOUND: json_object_set_new(o, "quiet", json_boolean(c->quiet)); break;
    case CMD_SOUND_SETTINGS: {
        if (c->volume >= 0)
            json_object_set_new(o, "volume", json_integer(c->volume));
        json_t *sounds = json_object(), *speak = json_object();
        for (int e = 0; e < VOICE__COUNT; e++) {
            const char *name = voice_event_name((voice_event)e);
            if (c->sounds[e][0] && memchr(c->sounds[e], 0, sizeof c->sounds[e]))
                json_object_set_new(sounds, name,
                                    strcmp(c->sounds[e], "config") == 0
                                        ? json_null()
                                        : json_string(c->sounds[e]));
            if (c->speak_set >> e & 1u)
                json_object_set_new(speak, name, json_boolean(c->speak_on >> e & 1u));
        }
        if (json_object_size(sounds))
            json_object_set_new(o, "sounds", sounds);
        else
            json_decref(sounds);
        if (json_object_size(speak))
            json_object_set_new(o, "speak", speak);
        else
            json_decref(speak);
        break;
    }
    case CMD_SAY: json_object_set_new(o, "text", json_string(c->text)); break;
    default: break;
    }
    roster_json_command(c, o);
    settle_json_command(c, o);
    return o;
}
