/* The way back from JSON: a structure and a tournament from what another pokerclock serves. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/fields.h"
#include "model/voice.h"
#include "json/actions.h"
#include "json/card.h"
#include "json/parse_state.h"
#include "json/settle.h"

/* Chip amounts and counts beyond these are not a tournament, they are noise. */
static const int64_t MAX_CHIPS = INT64_C(1000000000000);
static const int64_t MAX_MONEY = INT64_C(1000000000000);
static const int64_t MAX_MS = INT64_C(400) * 24 * 3600 * 1000;

/* Where a member is, for messages: "levels[3].big_blind". */
static void member_name(char *buf, size_t len, const char *where, const char *key)
{
    snprintf(buf, len, "%s%s%s", where, *where ? "." : "", key);
}

static int fail_member(char *err, size_t errlen, const char *where, const char *key,
                       const char *what)
{
    char name[128];
    member_name(name, sizeof name, where, key);
    snprintf(err, errlen, "%s %s", name, what);
    return -1;
}

/* An integer member. Absent is fine unless required (out keeps its value);
 * null counts as absent when nullable. */
static int get_int(const json_t *o, const char *where, const char *key, bool required, int64_t lo,
                   int64_t hi, int64_t *out, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v)) {
        if (required)
            return fail_member(err, errlen, where, key, "is missing");
        return 0;
    }
    if (!json_is_integer(v))
        return fail_member(err, errlen, where, key, "must be a whole number");
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi) {
        char what[96];
        snprintf(what, sizeof what, "must be between %lld and %lld", (long long)lo, (long long)hi);
        return fail_member(err, errlen, where, key, what);
    }
    *out = n;
    return 0;
}

static int get_int32(const json_t *o, const char *where, const char *key, bool required, int lo,
                     int hi, int *out, char *err, size_t errlen)
{
    int64_t n = *out;
    if (get_int(o, where, key, required, lo, hi, &n, err, errlen))
        return -1;
    *out = (int)n;
    return 0;
}

static int get_bool(const json_t *o, const char *where, const char *key, bool required, bool *out,
                    char *err, size_t errlen)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v)) {
        if (required)
            return fail_member(err, errlen, where, key, "is missing");
        return 0;
    }
    if (!json_is_boolean(v))
        return fail_member(err, errlen, where, key, "must be true or false");
    *out = json_is_true(v);
    return 0;
}

/* A string member copied into buf; too long or holding a NUL is refused. */
static int get_text(const json_t *o, const char *where, const char *key, bool required, char *buf,
                    size_t len, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v)) {
        if (required)
            return fail_member(err, errlen, where, key, "is missing");
        return 0;
    }
    if (!json_is_string(v))
        return fail_member(err, errlen, where, key, "must be text");
    size_t n = json_string_length(v);
    if (n >= len)
        return fail_member(err, errlen, where, key, "is too long");
    if (memchr(json_string_value(v), 0, n))
        return fail_member(err, errlen, where, key, "cannot contain a NUL character");
    memcpy(buf, json_string_value(v), n + 1);
    return 0;
}

/* An object member; NULL when absent or null, -1 in *rc when of another type. */
static const json_t *get_object(const json_t *o, const char *where, const char *key, int *rc,
                                char *err, size_t errlen)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!json_is_object(v)) {
        *rc = fail_member(err, errlen, where, key, "must be an object");
        return NULL;
    }
    return v;
}

static const json_t *get_array(const json_t *o, const char *where, const char *key, size_t max,
                               int *rc, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!json_is_array(v)) {
        *rc = fail_member(err, errlen, where, key, "must be a list");
        return NULL;
    }
    if (json_array_size(v) > max) {
        char what[64];
        snprintf(what, sizeof what, "has more than %zu items", max);
        *rc = fail_member(err, errlen, where, key, what);
        return NULL;
    }
    return v;
}

/* ---- the structure ---- */

/* The members of o that rec describes for the state (FORM_STATE) into r:
 * its values, not its groups and lists; absent ones keep their value. With
 * zero_given, 0 is also read: the state sends it for a period not held
 * (rebuy.chips 0: no rebuys), where the configuration cannot write it. */
static int parse_fields(const json_t *o, const char *where, const record_t *rec, void *r,
                        bool zero_given, char *err, size_t errlen)
{
    for (int i = 0; i < rec->n; i++) {
        const field_t *f = &rec->f[i];
        char *at = (char *)r + f->offset, rgb[16] = "";
        int64_t v = 0;
        if (!(f->forms & FORM_STATE))
            continue;
        switch (f->type) {
        case FIELD_BOOL:
            if (get_bool(o, where, f->name, false, field_bool(f, r), err, errlen))
                return -1;
            break;
        case FIELD_INT:
        case FIELD_UINT:
            v = field_get_int(f, r);
            if (get_int(o, where, f->name, false, zero_given && f->lo > 0 ? 0 : f->lo, f->hi, &v,
                        err, errlen))
                return -1;
            field_set_int(f, r, v);
            break;
        case FIELD_TEXT:
            if (get_text(o, where, f->name, false, at, f->size, err, errlen))
                return -1;
            break;
        case FIELD_RGB:
            if (get_text(o, where, f->name, false, rgb, sizeof rgb, err, errlen))
                return -1;
            if (*rgb && !field_parse_rgb(rgb, (uint32_t *)(void *)at))
                return fail_member(err, errlen, where, f->name, "must be like \"#2e8b57\"");
            break;
        default: /* groups and lists: the caller's */ break;
        }
    }
    return 0;
}

/* Members that must be there, each "is missing" when not. */
static int required(const json_t *o, const char *where, const char *const *keys, char *err,
                    size_t errlen)
{
    for (int i = 0; keys[i]; i++) {
        json_t *v = json_object_get(o, keys[i]);
        if (!v || json_is_null(v))
            return fail_member(err, errlen, where, keys[i], "is missing");
    }
    return 0;
}

static int parse_level(const json_t *o, const char *where, level_t *l, char *err, size_t errlen)
{
    if (!json_is_object(o)) {
        snprintf(err, errlen, "%s must be an object", where);
        return -1;
    }
    memset(l, 0, sizeof *l);
    char kind[16] = "";
    if (get_text(o, where, "kind", true, kind, sizeof kind, err, errlen))
        return -1;
    if (strcmp(kind, "level") == 0)
        l->kind = LEVEL_PLAY;
    else if (strcmp(kind, "break") == 0)
        l->kind = LEVEL_BREAK;
    else
        return fail_member(err, errlen, where, "kind", "must be \"level\" or \"break\"");
    if (parse_fields(o, where, &level_record, l, false, err, errlen))
        return -1;
    if (!json_object_get(o, "duration_ms"))
        return fail_member(err, errlen, where, "duration_ms", "is missing");
    refusal_t why;
    if (!level_validate(l, &why)) {
        snprintf(err, errlen, "%s: %s", where, why.text);
        return -1;
    }
    /* A level the director left early: the time going back returns to. */
    int64_t resume = 0;
    if (l->duration_ms > 1 &&
        get_int(o, where, "resume_ms", false, 1, l->duration_ms - 1, &resume, err, errlen))
        return -1;
    l->left_at_ms = resume ? l->duration_ms - resume : 0;
    return 0;
}

/* late_registration, rebuy, addon and the house options: the groups of
 * the structure record. */
static int parse_groups(const json_t *o, structure_t *s, char *err, size_t errlen)
{
    for (int i = 0; i < structure_record.n; i++) {
        const field_t *f = &structure_record.f[i];
        int rc = 0;
        const json_t *g;
        if (!(f->forms & FORM_STATE) || (f->type != FIELD_GROUP && f->n != 1) ||
            (f->type != FIELD_GROUP && f->type != FIELD_RECORD))
            continue;
        g = get_object(o, "", f->name, &rc, err, errlen);
        if (rc || (g && parse_fields(g, f->name, f->sub, (char *)s + f->offset,
                                     f->type == FIELD_GROUP, err, errlen)))
            return -1;
    }
    return 0;
}

/* Each reads element i of its list, an object, into s. */
static int parse_level_at(const json_t *e, const char *where, structure_t *s, size_t i, char *err,
                          size_t errlen)
{
    if (parse_level(e, where, &s->levels[i], err, errlen))
        return -1;
    s->n_levels = (int)i + 1;
    return 0;
}

static int parse_chip(const json_t *e, const char *where, structure_t *s, size_t i, char *err,
                      size_t errlen)
{
    chip_t *chip = &s->chips[i];
    if (required(e, where, (const char *const[]){"value", NULL}, err, errlen) ||
        parse_fields(e, where, &chip_record, chip, false, err, errlen))
        return -1;
    if (i > 0 && chip->value <= s->chips[i - 1].value)
        return fail_member(err, errlen, where, "value", "must be larger than the chip before");
    s->n_chips = (int)i + 1;
    return 0;
}

static int parse_payout(const json_t *e, const char *where, structure_t *s, size_t i, char *err,
                        size_t errlen)
{
    payout_table_t *t = &s->payouts[i];
    int rc = 0;
    if (required(e, where, (const char *const[]){"min_entries", NULL}, err, errlen) ||
        parse_fields(e, where, &payout_record, t, true, err, errlen))
        return -1;
    const json_t *places = get_array(e, where, "places", TOURNEY_MAX_PLACES, &rc, err, errlen);
    if (rc)
        return -1;
    if (!places)
        return fail_member(err, errlen, where, "places", "is missing");
    for (size_t k = 0; k < json_array_size(places); k++) {
        const json_t *pct = json_array_get(places, k);
        double v = json_is_number(pct) ? json_number_value(pct) : -1;
        if (!(v >= 0 && v <= 100))
            return fail_member(err, errlen, where, "places", "must be percentages from 0 to 100");
        /* Sent as percent with two decimals: basis points are exact. */
        t->bp[k] = (int32_t)lround(v * 100.0);
    }
    t->places = (int)json_array_size(places);
    s->n_payouts = (int)i + 1;
    return 0;
}

/* The structure's lists: levels (which it must have), chips, payouts. */
static const struct list {
    const record_t *rec;
    bool required;
    int (*parse)(const json_t *e, const char *where, structure_t *s, size_t i, char *err,
                 size_t errlen);
} lists[] = {
    {&level_record, true, parse_level_at},
    {&chip_record, false, parse_chip},
    {&payout_record, false, parse_payout},
};

static int parse_lists(const json_t *o, structure_t *s, char *err, size_t errlen)
{
    for (size_t l = 0; l < sizeof lists / sizeof *lists; l++) {
        const field_t *f = NULL;
        for (int i = 0; i < structure_record.n && !f; i++)
            if (structure_record.f[i].sub == lists[l].rec)
                f = &structure_record.f[i];
        int rc = 0;
        const json_t *a = get_array(o, "", f->name, f->n, &rc, err, errlen);
        if (rc)
            return -1;
        if (!a && lists[l].required)
            return fail_member(err, errlen, "", f->name, "is missing");
        for (size_t i = 0; a && i < json_array_size(a); i++) {
            const json_t *e = json_array_get(a, i);
            char where[32];
            snprintf(where, sizeof where, "%s[%zu]", f->name, i);
            if (!json_is_object(e)) {
                snprintf(err, errlen, "%s must be an object", where);
                return -1;
            }
            if (lists[l].parse(e, where, s, i, err, errlen))
                return -1;
        }
    }
    return 0;
}

int codec_structure_parse(const json_t *o, structure_t *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (!json_is_object(o)) {
        snprintf(err, errlen, "the structure must be a JSON object");
        return -1;
    }
    if (required(o, "", (const char *const[]){"name", "starting_stack", NULL}, err, errlen) ||
        parse_fields(o, "", &structure_record, s, false, err, errlen))
        return -1;
    if (parse_groups(o, s, err, errlen) || parse_lists(o, s, err, errlen))
        return -1;
    char why[256];
    if (!structure_validate(s, why, sizeof why)) {
        snprintf(err, errlen, "the structure is not usable: %s", why);
        return -1;
    }
    return 0;
}

/* ---- the state ---- */

static bool level_equal(const level_t *a, const level_t *b)
{
    return a->kind == b->kind && a->small_blind == b->small_blind && a->big_blind == b->big_blind &&
           a->ante == b->ante && a->big_blind_ante == b->big_blind_ante &&
           a->duration_ms == b->duration_ms && a->day_end == b->day_end &&
           a->color_up == b->color_up;
}

/* Whether a level object of the state is s's level at its index. */
static bool level_fits(const json_t *o, const structure_t *s)
{
    if (!o || json_is_null(o))
        return true;
    char err[160];
    int64_t index = -1;
    level_t l;
    if (!json_is_object(o) ||
        get_int(o, "", "index", true, 0, s->n_levels - 1, &index, err, sizeof err) ||
        parse_level(o, "level", &l, err, sizeof err))
        return false;
    return level_equal(&l, &s->levels[index]);
}

bool codec_state_fits(const json_t *o, const structure_t *s)
{
    char err[160], name[TOURNEY_NAME_MAX] = "";
    int64_t count = -1;
    return json_is_object(o) && s->n_levels > 0 &&
           get_int(o, "", "levels_count", true, 1, TOURNEY_MAX_LEVELS, &count, err, sizeof err) ==
               0 &&
           count == s->n_levels &&
           get_text(o, "", "name", false, name, sizeof name, err, sizeof err) == 0 &&
           (!json_object_get(o, "name") || strcmp(name, s->name) == 0) &&
           level_fits(json_object_get(o, "level"), s) &&
           level_fits(json_object_get(o, "next_level"), s) &&
           level_fits(json_object_get(o, "next_break"), s);
}

/* Table numbers as a list ([1, 4]) into a set; 1..TOURNEY_MAX_TABLES. */
static int parse_tables(const json_t *o, const char *where, const char *key, tableset_t *set,
                        char *err, size_t errlen)
{
    int rc = 0;
    const json_t *a = get_array(o, where, key, TOURNEY_MAX_TABLES, &rc, err, errlen);
    if (rc)
        return -1;
    *set = (tableset_t){{0}};
    for (size_t i = 0; a && i < json_array_size(a); i++) {
        const json_t *v = json_array_get(a, i);
        json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
        if (n < 1 || n > TOURNEY_MAX_TABLES || !tableset_add(set, (int)n)) {
            char what[64];
            snprintf(what, sizeof what, "must list table numbers from 1 to %d", TOURNEY_MAX_TABLES);
            return fail_member(err, errlen, where, key, what);
        }
    }
    return 0;
}

static int parse_hand_for_hand(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    const char *w = "hand_for_hand";
    hand_for_hand_t *h = &t->hfh;
    tableset_t playing;
    h->active = true;
    h->hand_at = now;
    if (get_int32(o, w, "hand", true, 1, 1000000, &h->hand, err, errlen) ||
        get_int32(o, w, "tables", true, 1, TOURNEY_MAX_TABLES, &h->tables, err, errlen) ||
        parse_tables(o, w, "done", &h->done, err, errlen) ||
        parse_tables(o, w, "waiting", &h->waiting, err, errlen) ||
        parse_tables(o, w, "playing", &playing, err, errlen))
        return -1;
    /* The tables in play are the ones done, waiting or playing; a master
     * that does not list them plays tables 1 to `tables`. */
    h->in_play = tableset_or(&h->done, &h->waiting);
    h->in_play = tableset_or(&h->in_play, &playing);
    if (!json_object_get(o, "playing")) {
        tableset_t first = tableset_first(h->tables);
        h->in_play = tableset_or(&h->in_play, &first);
    }
    return 0;
}

static int parse_day_end(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    const char *w = "day_end";
    day_end_t *d = &t->day_end;
    int drawn = 0, left = 0, rc = 0;
    if (get_int32(o, w, "drawn", false, 3, 7, &drawn, err, errlen) ||
        get_int32(o, w, "hands_left", false, 0, 7, &left, err, errlen))
        return -1;
    const json_t *tables = get_array(o, w, "tables_left", TOURNEY_MAX_TABLES, &rc, err, errlen);
    if (rc || !drawn)
        return rc;
    d->active = true;
    d->drawn = drawn;
    d->drawn_at = now;
    d->left_field = left;
    /* Reported for the whole field, one count; per table, the list. */
    d->tables = 1;
    d->in_play = tableset_first(1);
    d->left[0] = (uint8_t)left;
    if (tables) {
        d->tables = 0;
        d->in_play = (tableset_t){{0}};
        for (size_t i = 0; i < json_array_size(tables); i++) {
            const json_t *tl = json_array_get(tables, i);
            int table = 0, hands = 0;
            if (!json_is_object(tl))
                return fail_member(err, errlen, w, "tables_left",
                                   "must list objects like {\"table\": 1, \"hands_left\": 2}");
            if (get_int32(tl, "day_end.tables_left", "table", true, 1, TOURNEY_MAX_TABLES, &table,
                          err, errlen) ||
                get_int32(tl, "day_end.tables_left", "hands_left", true, 0, 7, &hands, err, errlen))
                return -1;
            d->left[table - 1] = (uint8_t)hands;
            tableset_add(&d->in_play, table);
            d->tables++;
        }
    }
    return 0;
}

static int parse_clock_call(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    const char *w = "clock_call";
    clock_call_t *c = &t->call;
    int64_t remaining = 0, countdown = 0;
    if (get_int32(o, w, "table", true, 1, 999, &c->table, err, errlen) ||
        get_int32(o, w, "seat", true, 1, 12, &c->seat, err, errlen) ||
        get_int(o, w, "remaining_ms", true, 0, 3600 * 1000, &remaining, err, errlen) ||
        get_int(o, w, "countdown_ms", false, 0, 3600 * 1000, &countdown, err, errlen))
        return -1;
    /* Started now with what is left: counts down exactly as the master's. */
    c->active = true;
    c->started = now;
    c->total_ms = remaining;
    c->countdown_ms = countdown;
    return 0;
}

static int parse_color_up(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    const char *w = "color_up";
    const structure_t *s = &t->s;
    int rc = 0;
    const json_t *in_use = get_array(o, w, "chips_in_use", TOURNEY_MAX_CHIPS, &rc, err, errlen);
    if (rc)
        return -1;
    if (in_use) {
        /* Chips the master no longer has in play are gone here too. */
        t->chips_removed = 0;
        for (int i = 0; i < s->n_chips; i++) {
            bool used = false;
            for (size_t k = 0; k < json_array_size(in_use); k++) {
                const json_t *v = json_array_get(in_use, k);
                used |= json_is_integer(v) && json_integer_value(v) == s->chips[i].value;
            }
            if (!used)
                t->chips_removed |= 1u << i;
        }
    }
    const json_t *cur = get_object(o, w, "now", &rc, err, errlen);
    if (rc)
        return -1;
    int64_t value = 0;
    if (cur && get_int(cur, "color_up.now", "value", true, 1, MAX_CHIPS, &value, err, errlen))
        return -1;
    /* A color-up the schedule brings shows by itself; only one the director
     * started needs to be set. */
    tourney_view_t v;
    tourney_view(t, now, &v);
    if (value && v.color_up_now != value) {
        t->color_up_value = value;
        t->color_up_at = now;
    }
    return 0;
}

static int parse_penalties(const json_t *a, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *p = json_array_get(a, i);
        char where[32];
        snprintf(where, sizeof where, "penalties[%zu]", i);
        penalty_t *pen = &t->penalties[i];
        int64_t remaining = 0;
        if (!json_is_object(p)) {
            snprintf(err, errlen, "%s must be an object", where);
            return -1;
        }
        if (get_int32(p, where, "table", true, 1, 999, &pen->table, err, errlen) ||
            get_int32(p, where, "seat", true, 1, 12, &pen->seat, err, errlen) ||
            get_int(p, where, "remaining_ms", false, 0, 24 * 3600 * 1000, &remaining, err,
                    errlen) ||
            get_int32(p, where, "rounds", false, 0, 100, &pen->rounds, err, errlen))
            return -1;
        pen->given_at = now;
        pen->until = pen->rounds ? 0 : now + remaining;
        t->n_penalties = (int)i + 1;
    }
    return 0;
}

static int parse_results(const json_t *a, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    /* The latest are last: keep those when there are more than fit. */
    size_t n = json_array_size(a);
    size_t first = n > TOURNEY_MAX_RESULTS ? n - TOURNEY_MAX_RESULTS : 0;
    for (size_t i = first; i < n; i++) {
        const json_t *r = json_array_get(a, i);
        char where[32];
        snprintf(where, sizeof where, "results[%zu]", i);
        result_t *res = &t->results[t->n_results];
        memset(res, 0, sizeof *res);
        if (!json_is_object(r)) {
            snprintf(err, errlen, "%s must be an object", where);
            return -1;
        }
        if (get_int32(r, where, "place_best", true, 1, 1000000, &res->place_best, err, errlen) ||
            get_int32(r, where, "place_worst", true, 1, 1000000, &res->place_worst, err, errlen) ||
            get_int(r, where, "prize_each", false, 0, MAX_MONEY, &res->prize_each, err, errlen) ||
            get_int32(r, where, "table", false, 0, 100000, &res->table, err, errlen) ||
            get_int(r, where, "chips", false, 0, MAX_CHIPS, &res->chips, err, errlen) ||
            get_int32(r, where, "player", false, 0, 1000000, &res->player, err, errlen))
            return -1;
        if (res->place_worst < res->place_best)
            return fail_member(err, errlen, where, "place_worst",
                               "cannot be better than place_best");
        res->at = now;
        t->n_results++;
    }
    return 0;
}

/* Long on purpose: the clock, the players and the announcement are read in
 * one pass because each check needs the level read before it; the
 * procedures have their own readers above. */
/* The wall's languages when the master's panel set them, and its quiet
 * switch: a follower's screen speaks and keeps quiet as the master's. */
static int parse_voice(const json_t *o, tourney_t *t, char *err, size_t errlen)
{
    bool set = false;
    if (get_bool(o, "", "language_set", false, &set, err, errlen) ||
        get_bool(o, "", "quiet", false, &t->quiet, err, errlen))
        return -1;
    if (!set)
        return 0;
    const char *keys[] = {"language", "language2"};
    char *out[] = {t->language, t->language2};
    for (int i = 0; i < 2; i++) {
        const json_t *v = json_object_get(o, keys[i]);
        if (i == 1 && json_is_null(v))
            continue;
        if (!json_is_string(v) || json_string_length(v) >= sizeof t->language ||
            !voice_language_known(json_string_value(v)))
            return fail_member(err, errlen, "", keys[i], "is not a language the wall speaks");
        snprintf(out[i], sizeof t->language, "%s", json_string_value(v));
    }
    return 0;
}

/* The final table's seat list while the master shows it. */
static int parse_final_table(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    int rc = 0;
    const json_t *f = get_object(o, "", "final_table", &rc, err, errlen);
    if (rc || !f)
        return rc;
    int64_t table = 0, button = 0, left = 0;
    if (get_int(f, "final_table", "table", true, 1, 1000000, &table, err, errlen) ||
        get_int(f, "final_table", "button", false, 0, TOURNEY_FINAL_SEATS, &button, err, errlen) ||
        get_int(f, "final_table", "remaining_ms", true, 0, TOURNEY_FINAL_SHOWN_MS, &left, err,
                errlen))
        return -1;
    const json_t *seats = get_array(f, "final_table", "seats", TOURNEY_FINAL_SEATS, &rc, err,
                                    errlen);
    if (rc)
        return -1;
    size_t i;
    const json_t *x;
    json_array_foreach(seats, i, x)
    {
        int64_t seat = 0;
        const json_t *card = json_object_get(x, "card");
        if (!json_is_object(x) || get_int(x, "final_table.seats", "seat", true, 1,
                                          TOURNEY_FINAL_SEATS, &seat, err, errlen))
            return fail_member(err, errlen, "final_table", "seats", "must list seats");
        if (json_is_string(card)) {
            int c = card_parse(json_string_value(card));
            if (c < 0)
                return fail_member(err, errlen, "final_table.seats", "card", "is not a card");
            t->final_cards[seat - 1] = (uint8_t)(c + 1);
        }
    }
    t->final_table = (int)table;
    t->final_button = (int)button;
    int64_t at = now - (TOURNEY_FINAL_SHOWN_MS - left);
    t->final_at = at != 0 ? at : 1;
    return 0;
}

/* The clock: level, started, running, and where in the level it stands. */
static int parse_clock(const json_t *o, const structure_t *s, int64_t now, tourney_t *t, char *err,
                       size_t errlen)
{
    int rc = 0;
    const json_t *level = get_object(o, "", "level", &rc, err, errlen);
    if (rc)
        return -1;
    if (!level) {
        snprintf(err, errlen, "level is missing");
        return -1;
    }
    int64_t index = 0, remaining = 0, elapsed = 0;
    clock_state_t *c = &t->clock;
    if (get_bool(o, "", "started", true, &c->started, err, errlen) ||
        get_bool(o, "", "running", true, &c->running, err, errlen) ||
        get_int(level, "level", "index", true, 0, s->n_levels - 1, &index, err, errlen) ||
        get_int(o, "", "remaining_ms", true, 0, MAX_MS, &remaining, err, errlen))
        return -1;
    /* elapsed_ms says the most (past the end of the last level, or before
     * the start of a level that was given time); remaining_ms otherwise. */
    elapsed = s->levels[index].duration_ms - remaining;
    if (get_int(o, "", "elapsed_ms", false, -MAX_MS, MAX_MS, &elapsed, err, errlen))
        return -1;
    c->level = (int)index;
    c->level_elapsed_ms = elapsed;
    c->since = now;
    /* The time the clock has run so far, counted on from arrival. */
    return get_int(o, "", "tournament_elapsed_ms", false, 0, INT64_C(1) << 50, &c->played_ms, err,
                   errlen);
}

/* The players' counts: entries, re-entries, busted, rebuys, add-ons. */
static int parse_player_counts(const json_t *o, tourney_t *t, char *err, size_t errlen)
{
    int rc = 0;
    const json_t *players = get_object(o, "", "players", &rc, err, errlen);
    if (rc ||
        (players &&
         (get_int32(players, "players", "entries", false, 0, 1000000, &t->entries, err, errlen) ||
          get_int32(players, "players", "reentries", false, 0, 1000000, &t->reentries, err,
                    errlen) ||
          get_int32(players, "players", "busted", false, 0, 1000000, &t->busted, err, errlen) ||
          get_int32(players, "players", "rebuys", false, 0, 1000000, &t->rebuys, err, errlen) ||
          get_int32(players, "players", "addons", false, 0, 1000000, &t->addons, err, errlen))))
        return -1;
    if (t->busted > t->entries || t->reentries > t->entries) {
        snprintf(err, errlen,
                 "players.busted and players.reentries cannot be more than "
                 "players.entries");
        return -1;
    }
    return 0;
}

/* The announcement on the wall, if any, and for how much longer. */
static int parse_announcement(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    int rc = 0;
    const json_t *a = get_object(o, "", "announcement", &rc, err, errlen);
    if (rc)
        return -1;
    if (!a)
        return 0;
    int64_t left = -1;
    if (get_text(a, "announcement", "text", true, t->announcement, sizeof t->announcement, err,
                 errlen) ||
        get_int(a, "announcement", "remaining_ms", false, 0, MAX_MS, &left, err, errlen))
        return -1;
    t->announcement_at = now;
    /* 0 would mean "until cleared": one that ends now ends a moment on. */
    t->announcement_until = left < 0 ? 0 : (now + left != 0 ? now + left : 1);
    return 0;
}

/* The procedures (docs/rules.md), as far as the master sends them. */
static int parse_procedures(const json_t *o, tourney_t *t, int64_t now, char *err, size_t errlen)
{
    int rc = 0;
    const json_t *g = get_object(o, "", "hand_for_hand", &rc, err, errlen);
    if (rc || (g && parse_hand_for_hand(g, t, now, err, errlen)))
        return -1;
    bool itm = false;
    if (get_bool(o, "", "bubble", false, &t->bubble, err, errlen) ||
        get_bool(o, "", "in_the_money", false, &itm, err, errlen))
        return -1;
    t->itm_at = itm ? (now != 0 ? now : 1) : 0;
    g = get_object(o, "", "day_end", &rc, err, errlen);
    if (rc || (g && parse_day_end(g, t, now, err, errlen)))
        return -1;
    g = get_object(o, "", "clock_call", &rc, err, errlen);
    if (rc || (g && parse_clock_call(g, t, now, err, errlen)))
        return -1;
    g = get_object(o, "", "color_up", &rc, err, errlen);
    if (rc || (g && parse_color_up(g, t, now, err, errlen)))
        return -1;
    const json_t *list = get_array(o, "", "penalties", TOURNEY_MAX_PENALTIES, &rc, err, errlen);
    if (rc || (list && parse_penalties(list, t, now, err, errlen)))
        return -1;
    list = get_array(o, "", "results", 100000, &rc, err, errlen);
    return rc || (list && parse_results(list, t, now, err, errlen)) ? -1 : 0;
}

int codec_state_parse(const json_t *o, const structure_t *s, int64_t now, tourney_t *t, char *err,
                      size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->s = *s;
    if (!json_is_object(o)) {
        snprintf(err, errlen, "the state must be a JSON object");
        return -1;
    }
    if (s->n_levels < 1) {
        snprintf(err, errlen, "there is no structure to show the state on");
        return -1;
    }
    if (parse_clock(o, s, now, t, err, errlen) || parse_player_counts(o, t, err, errlen) ||
        parse_announcement(o, t, now, err, errlen) ||
        get_bool(o, "", "recovered_after_power_loss", false, &t->recovered_after_power_loss, err,
                 errlen) ||
        parse_procedures(o, t, now, err, errlen))
        return -1;
    /* What the places pay: a deal and the rounding rule, as the master's. */
    if (settle_json_state_parse(o, t, err, errlen) || parse_voice(o, t, err, errlen) ||
        parse_final_table(o, t, now, err, errlen))
        return -1;
    return actions_json_parse(o, t, err, errlen);
}
