/* Configuration files (libconfig): settings and the tournament, with checks
 * that name the file and line of every problem. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libconfig.h>

#include "embedded.h"
#include "model/bounty.h"
#include "model/fields.h"
#include "model/procedures.h"
#include "model/text.h"
#include "store/config.h"
#include "store/file.h"

typedef struct {
    const char *name; /* for messages: the file name */
    config_problems_t *p;
    bool error;
} ctx_t;

static void problem(ctx_t *x, int line, bool warning, const char *fmt, ...)
{
    if (!warning)
        x->error = true;
    if (x->p->n >= CONFIG_MAX_PROBLEMS)
        return;
    config_problem_t *pr = &x->p->items[x->p->n++];
    snprintf(pr->file, sizeof pr->file, "%s", x->name);
    pr->line = line;
    pr->warning = warning;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->msg, sizeof pr->msg, fmt, ap);
    va_end(ap);
}

static int setting_line(const config_setting_t *s)
{
    return s ? (int)config_setting_source_line(s) : 0;
}

#define ERR(x, s, ...) problem(x, setting_line(s), false, __VA_ARGS__)
#define WARN(x, s, ...) problem(x, setting_line(s), true, __VA_ARGS__)

void config_problem_format(const config_problem_t *pr, char *buf, size_t len)
{
    if (pr->line > 0)
        snprintf(buf, len, "%s:%d: %s%s", pr->file, pr->line, pr->warning ? "warning: " : "",
                 pr->msg);
    else
        snprintf(buf, len, "%s: %s%s", pr->file, pr->warning ? "warning: " : "", pr->msg);
}

/* ---- unknown keys ---- */

static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    size_t d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = d[i - 1][j - 1] +
                         (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
    return d[la][lb];
}

/* Every member of group must be one of known; a typo is caught with a
 * suggestion instead of being silently ignored. */
static void check_keys(ctx_t *x, const config_setting_t *group, const char *where,
                       const char *const *known)
{
    int n = config_setting_length(group);
    for (int i = 0; i < n; i++) {
        const config_setting_t *s = config_setting_get_elem(group, (unsigned)i);
        const char *name = config_setting_name(s);
        if (!name)
            continue;
        bool ok = false;
        const char *best = NULL;
        size_t best_d = 3;
        for (int k = 0; known[k] && !ok; k++) {
            ok = strcmp(name, known[k]) == 0;
            size_t d = edit_distance(name, known[k]);
            if (d < best_d) {
                best_d = d;
                best = known[k];
            }
        }
        if (ok)
            continue;
        if (best)
            ERR(x, s, "unknown setting '%s' in %s (did you mean '%s'?)", name, where, best);
        else
            ERR(x, s, "unknown setting '%s' in %s", name, where);
    }
}

/* ---- typed values ---- */

static const char *type_name(int type)
{
    switch (type) {
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64: return "a whole number";
    case CONFIG_TYPE_FLOAT: return "a number with a decimal point";
    case CONFIG_TYPE_STRING: return "text in quotes";
    case CONFIG_TYPE_BOOL: return "true or false";
    case CONFIG_TYPE_GROUP: return "a group { ... }";
    case CONFIG_TYPE_ARRAY: return "an array [ ... ]";
    case CONFIG_TYPE_LIST: return "a list ( ... )";
    default: return "something else";
    }
}

static bool get_int(ctx_t *x, const config_setting_t *g, const char *key, int64_t lo, int64_t hi,
                    int64_t *out)
{
    const config_setting_t *s = config_setting_get_member(g, key);
    if (!s)
        return false;
    int t = config_setting_type(s);
    if (t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64) {
        ERR(x, s, "%s must be a whole number, not %s", key, type_name(t));
        return false;
    }
    long long v = config_setting_get_int64(s);
    if (v < lo || v > hi) {
        ERR(x, s, "%s must be from %lld to %lld", key, (long long)lo, (long long)hi);
        return false;
    }
    *out = v;
    return true;
}

static bool get_int32(ctx_t *x, const config_setting_t *g, const char *key, int lo, int hi,
                      int *out)
{
    int64_t v;
    if (!get_int(x, g, key, lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

static bool get_number(ctx_t *x, const config_setting_t *g, const char *key, double lo, double hi,
                       double *out)
{
    const config_setting_t *s = config_setting_get_member(g, key);
    if (!s)
        return false;
    int t = config_setting_type(s);
    double v;
    if (t == CONFIG_TYPE_INT || t == CONFIG_TYPE_INT64)
        v = (double)config_setting_get_int64(s);
    else if (t == CONFIG_TYPE_FLOAT)
        v = config_setting_get_float(s);
    else {
        ERR(x, s, "%s must be a number, not %s", key, type_name(t));
        return false;
    }
    if (!(v >= lo && v <= hi)) {
        ERR(x, s, "%s must be from %g to %g", key, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

static bool get_bool(ctx_t *x, const config_setting_t *g, const char *key, bool *out)
{
    const config_setting_t *s = config_setting_get_member(g, key);
    if (!s)
        return false;
    if (config_setting_type(s) != CONFIG_TYPE_BOOL) {
        ERR(x, s, "%s must be true or false, not %s", key, type_name(config_setting_type(s)));
        return false;
    }
    *out = config_setting_get_bool(s);
    return true;
}

/* The text of setting s (named key in messages), one line of UTF-8 that fits out. */
static bool text_of(ctx_t *x, const config_setting_t *s, const char *key, char *out, size_t len)
{
    if (config_setting_type(s) != CONFIG_TYPE_STRING) {
        ERR(x, s, "%s must be text in quotes, not %s", key, type_name(config_setting_type(s)));
        return false;
    }
    const char *v = config_setting_get_string(s);
    if (strlen(v) >= len) {
        ERR(x, s, "%s is too long (at most %zu characters)", key, len - 1);
        return false;
    }
    if (!text_utf8_valid(v)) {
        ERR(x, s, "%s is not UTF-8 text: save the file as UTF-8", key);
        return false;
    }
    if (!text_one_line(v)) {
        ERR(x, s, "%s holds a line break, tab or other control character: write it on one line",
            key);
        return false;
    }
    /* All of out: no bytes of a default it held stay behind the text. */
    strncpy(out, v, len);
    return true;
}

static bool get_string(ctx_t *x, const config_setting_t *g, const char *key, char *out, size_t len)
{
    const config_setting_t *s = config_setting_get_member(g, key);
    return s && text_of(x, s, key, out, len);
}

static void get_colour(ctx_t *x, const config_setting_t *g, const char *key, char out[8])
{
    char v[16];
    uint32_t rgb;
    if (!get_string(x, g, key, v, sizeof v))
        return;
    if (!field_parse_rgb(v, &rgb)) {
        ERR(x, config_setting_get_member(g, key), "%s must be a colour like \"#1a2b3c\"", key);
        return;
    }
    snprintf(out, 8, "%s", v);
}

/* A group member that must be a group when present. */
static const config_setting_t *group_of(ctx_t *x, const config_setting_t *g, const char *key)
{
    const config_setting_t *s = config_setting_get_member(g, key);
    if (s && config_setting_type(s) != CONFIG_TYPE_GROUP) {
        ERR(x, s, "%s must be a group: %s = { ... };", key, key);
        return NULL;
    }
    return s;
}

/* ---- records described in model/fields ---- */

/* Reads the members of g that rec describes for the configuration into r:
 * its values, not its groups and lists (the caller's, after). also: one
 * more name that g may hold, which the caller explains. Returns the LF_*
 * bits of the fields read (for the level's own checks). */
static unsigned load_fields(ctx_t *x, const config_setting_t *g, const char *where,
                            const record_t *rec, void *r, const char *also)
{
    const char *known[32];
    int k = 0;
    for (int i = 0; i < rec->n && k < 30; i++)
        if (rec->f[i].forms & FORM_CONFIG)
            known[k++] = rec->f[i].name;
    known[k++] = also;
    known[k] = NULL;
    check_keys(x, g, where, known);
    unsigned read = 0;
    for (int i = 0; i < rec->n; i++) {
        const field_t *f = &rec->f[i];
        char *at = (char *)r + f->offset, text[16];
        int64_t v;
        bool b, ok = false;
        double m;
        uint32_t rgb;
        if (!(f->forms & FORM_CONFIG) || f->n > 1) /* lists: the caller's */
            continue;
        switch (f->type) {
        case FIELD_INT:
        case FIELD_UINT:
            if ((ok = get_int(x, g, f->name, f->lo, f->hi, &v)))
                field_set_int(f, r, v);
            break;
        case FIELD_BOOL: ok = get_bool(x, g, f->name, field_bool(f, r)); break;
        case FIELD_BREAK:
            if ((ok = get_bool(x, g, f->name, &b)))
                *(level_kind *)at = b ? LEVEL_BREAK : LEVEL_PLAY;
            break;
        case FIELD_MINUTES:
            if ((ok = get_number(x, g, f->name, (double)f->lo, (double)f->hi, &m))) {
                if (m <= 0)
                    ERR(x, config_setting_get_member(g, f->name), "%s: minutes must be more than 0",
                        where);
                *(int64_t *)at = (int64_t)llround(m * 60000.0);
            }
            break;
        case FIELD_TEXT: ok = get_string(x, g, f->name, at, f->size); break;
        case FIELD_RGB:
            if (get_string(x, g, f->name, text, sizeof text) && !(ok = field_parse_rgb(text, &rgb)))
                ERR(x, config_setting_get_member(g, f->name), "%s: %s must be like \"#2e8b57\"",
                    where, f->name);
            if (ok)
                memcpy(at, &rgb, sizeof rgb);
            break;
        default: /* groups, lists and the payout places: the caller's */ break;
        }
        read |= ok ? f->has : 0;
    }
    return read;
}

/* ---- the tournament ---- */

/* What a level needs beyond its fields' own ranges. */
static void check_level(ctx_t *x, const config_setting_t *e, const char *where, const level_t *l,
                        unsigned read)
{
    if (!config_setting_get_member(e, "minutes"))
        ERR(x, e, "%s has no duration: add minutes = 20;", where);
    if (l->kind == LEVEL_BREAK) {
        static const char *const blinds[] = {"small_blind", "big_blind", "ante", "big_blind_ante"};
        for (size_t k = 0; k < sizeof blinds / sizeof *blinds; k++)
            if (config_setting_get_member(e, blinds[k]))
                ERR(x, config_setting_get_member(e, blinds[k]), "%s is a break: it has no %s",
                    where, blinds[k]);
        return;
    }
    if (!config_setting_get_member(e, "small_blind"))
        ERR(x, e, "%s has no small_blind", where);
    if (!config_setting_get_member(e, "big_blind"))
        ERR(x, e, "%s has no big_blind", where);
    if ((read & LF_SMALL) && (read & LF_BIG) && l->big_blind <= l->small_blind)
        ERR(x, config_setting_get_member(e, "big_blind"),
            "%s: big_blind must be larger than small_blind", where);
    if (l->big_blind_ante && l->ante <= 0)
        ERR(x, config_setting_get_member(e, "big_blind_ante"),
            "%s: a big-blind ante needs ante = (the amount);", where);
}

/* Each loads one element of its list (a group) into s; false when the
 * element does not count. */
static bool load_level(ctx_t *x, const config_setting_t *e, const char *where, structure_t *s)
{
    level_t *l = &s->levels[s->n_levels];
    memset(l, 0, sizeof *l);
    unsigned read = load_fields(x, e, where, &level_record, l, NULL);
    check_level(x, e, where, l, read);
    if (l->kind == LEVEL_BREAK) /* what a break cannot have stays out */
        *l = (level_t){.kind = LEVEL_BREAK,
                       .duration_ms = l->duration_ms,
                       .day_end = l->day_end,
                       .color_up = l->color_up};
    return true;
}

static bool load_chip(ctx_t *x, const config_setting_t *e, const char *where, structure_t *s)
{
    chip_t *c = &s->chips[s->n_chips];
    memset(c, 0, sizeof *c);
    c->rgb = 0x808080;
    load_fields(x, e, where, &chip_record, c, NULL);
    if (!config_setting_get_member(e, "value")) {
        ERR(x, e, "%s has no value", where);
        return false;
    }
    if (c->value == 0) /* out of its range: said */
        return false;
    if (s->n_chips > 0 && c->value <= s->chips[s->n_chips - 1].value) {
        ERR(x, e, "%s: chips must be listed from the smallest value up", where);
        return false;
    }
    return true;
}

/* places = [50, 30, 20]: percentages of the pool, into basis points. */
static bool load_places(ctx_t *x, const config_setting_t *e, const char *where, payout_table_t *p)
{
    const config_setting_t *pl = config_setting_get_member(e, "places");
    if (!pl) {
        ERR(x, e, "%s has no places: places = [50, 30, 20]; (percent of the prize pool)", where);
        return false;
    }
    int t = config_setting_type(pl);
    if (t != CONFIG_TYPE_ARRAY && t != CONFIG_TYPE_LIST) {
        ERR(x, pl, "%s: places must be an array like [50, 30, 20]", where);
        return false;
    }
    int k = config_setting_length(pl);
    if (k < 1 || k > TOURNEY_MAX_PLACES) {
        ERR(x, pl, "%s: places must list 1 to %d percentages", where, TOURNEY_MAX_PLACES);
        return false;
    }
    double sum = 0;
    for (int q = 0; q < k; q++) {
        const config_setting_t *v = config_setting_get_elem(pl, (unsigned)q);
        int vt = config_setting_type(v);
        double pct = vt == CONFIG_TYPE_FLOAT ? config_setting_get_float(v)
                     : (vt == CONFIG_TYPE_INT || vt == CONFIG_TYPE_INT64)
                         ? (double)config_setting_get_int64(v)
                         : -1;
        if (!(pct > 0 && pct <= 100)) {
            ERR(x, pl, "%s: place %d must be a percentage more than 0", where, q + 1);
            return false;
        }
        p->bp[q] = (int32_t)llround(pct * 100);
        sum += pct;
    }
    if (fabs(sum - 100) > 0.011) {
        ERR(x, pl, "%s: the places add up to %.2f%%, not 100%%", where, sum);
        return false;
    }
    /* Rounding to basis points may leave a point or two: first place takes it. */
    int32_t total = 0;
    for (int q = 0; q < k; q++)
        total += p->bp[q];
    p->bp[0] += 10000 - total;
    for (int q = 1; q < k; q++)
        if (p->bp[q] > p->bp[q - 1])
            WARN(x, pl, "%s: place %d pays more than place %d", where, q + 1, q);
    p->places = k;
    return true;
}

static bool load_payout(ctx_t *x, const config_setting_t *e, const char *where, structure_t *s)
{
    payout_table_t *p = &s->payouts[s->n_payouts];
    memset(p, 0, sizeof *p);
    load_fields(x, e, where, &payout_record, p, NULL);
    if (p->min_entries == 0)
        p->min_entries = 1;
    if (!load_places(x, e, where, p))
        return false;
    if (s->n_payouts > 0 && p->min_entries <= s->payouts[s->n_payouts - 1].min_entries) {
        ERR(x, e, "%s: payout tables must be listed by min_entries, smallest first", where);
        return false;
    }
    if (p->places > p->min_entries)
        WARN(x, e, "%s pays %d places from %d entries", where, p->places, p->min_entries);
    return true;
}

/* The lists of the tournament group: how each is written, and read. */
static const struct list {
    const record_t *rec;
    const char *one;          /* an element, in messages: "level 3" */
    const char *plural;       /* "at most 128 levels" */
    const char *example;      /* an element as written */
    const char *list_example; /* the whole list as written */
    size_t count;             /* offset of its count in structure_t */
    bool (*load)(ctx_t *x, const config_setting_t *e, const char *where, structure_t *s);
} lists[] = {
    {&level_record, "level", "levels", "{ small_blind = 25; big_blind = 50; minutes = 20; }",
     "levels = ( { ... }, { ... } );", offsetof(structure_t, n_levels), load_level},
    {&chip_record, "chip", "chips", "{ value = 25; colour = \"green\"; rgb = \"#2e8b57\"; }",
     "chips = ( { value = 25; }, ... );", offsetof(structure_t, n_chips), load_chip},
    {&payout_record, "payout table", "payout tables",
     "{ min_entries = 10; places = [50, 30, 20]; }",
     "payouts = ( { min_entries = 2; places = [100]; }, ... );", offsetof(structure_t, n_payouts),
     load_payout},
};

static void load_list(ctx_t *x, const config_setting_t *g, const field_t *f, structure_t *s)
{
    const struct list *l = NULL;
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        if (lists[i].rec == f->sub)
            l = &lists[i];
    const config_setting_t *list = config_setting_get_member(g, f->name);
    if (!list && l->rec == &level_record)
        ERR(x, g, "tournament has no levels = ( %s, ... );", l->example);
    if (!list)
        return;
    if (config_setting_type(list) != CONFIG_TYPE_LIST) {
        ERR(x, list, "%s must be a list in round brackets: %s", f->name, l->list_example);
        return;
    }
    int n = config_setting_length(list), *count = (int *)((char *)s + l->count);
    if (n == 0 && l->rec == &level_record)
        ERR(x, list, "levels is empty: a tournament needs at least one level");
    if (n > (int)f->n) {
        ERR(x, list, "at most %zu %s", f->n, l->plural);
        n = (int)f->n;
    }
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(list, (unsigned)i);
        if (config_setting_type(e) != CONFIG_TYPE_GROUP) {
            ERR(x, e, "%s %d must be a group like %s", l->one, i + 1, l->example);
            continue;
        }
        char where[32];
        snprintf(where, sizeof where, "%s %d", l->one, i + 1);
        if (l->load(x, e, where, s))
            (*count)++;
    }
    bool play = false;
    for (int i = 0; i < s->n_levels; i++)
        play |= s->levels[i].kind == LEVEL_PLAY;
    if (l->rec == &level_record && n > 0 && !play)
        ERR(x, list, "every level is a break: a tournament needs levels with blinds");
}

/* A period refers to a play level by its number; it must exist. */
static void check_period(ctx_t *x, const config_setting_t *g, const char *key, const structure_t *s,
                         int value)
{
    int play = 0;
    for (int i = 0; i < s->n_levels; i++)
        play += s->levels[i].kind == LEVEL_PLAY;
    if (value > play)
        ERR(x, config_setting_get_member(g, key),
            "%s = %d, but the structure has only %d levels with blinds", key, value, play);
}

/* late_registration, rebuy and addon: each open until (or after) a level,
 * a rebuy and an add-on give chips, and each says so when given the other's
 * word for its level. */
static const struct period {
    const record_t *rec;
    const char *level; /* its level's key */
    const char *wrong; /* the other's, and what to say of it */
    const char *wrong_msg;
    const char *no_chips;
} periods[] = {
    {&late_reg_record, "until_level", NULL, NULL, NULL},
    {&rebuy_record, "until_level", "after_level", "rebuy takes until_level, not after_level",
     "rebuy needs chips = (how many chips a rebuy gives);"},
    {&addon_record, "after_level", "until_level",
     "addon takes after_level (the add-on is at the break after it), not until_level",
     "addon needs chips = (how many chips the add-on gives);"},
};

static void load_period(ctx_t *x, const config_setting_t *p, const field_t *f, structure_t *s)
{
    const struct period *d = NULL;
    for (size_t i = 0; i < sizeof periods / sizeof *periods; i++)
        if (periods[i].rec == f->sub)
            d = &periods[i];
    load_fields(x, p, f->name, d->rec, s, d->wrong);
    const field_t *level = field_find(d->rec, d->level, FORM_CONFIG);
    if (config_setting_get_member(p, d->level))
        check_period(x, p, d->level, s, (int)field_get_int(level, s));
    const field_t *chips = field_find(d->rec, "chips", FORM_CONFIG);
    if (chips && !field_get_int(chips, s))
        ERR(x, p, "%s", d->no_chips);
    if (d->wrong && config_setting_get_member(p, d->wrong))
        ERR(x, config_setting_get_member(p, d->wrong), "%s", d->wrong_msg);
}

/* points = { formula = "fixed"; list = [100, 70, 50]; }: the list is read
 * here (load_fields reads values, not lists), the formula checked. */
static void load_points(ctx_t *x, const config_setting_t *p, points_config_t *pc)
{
    const char *f = pc->formula;
    if (strcmp(f, "fixed") != 0 && strcmp(f, "linear") != 0 && strcmp(f, "sqrt") != 0)
        ERR(x,
            config_setting_get_member(p, "formula") ? config_setting_get_member(p, "formula") : p,
            "points: formula must be \"fixed\", \"linear\" or \"sqrt\"");
    const config_setting_t *l = config_setting_get_member(p, "list");
    if (!l) {
        if (strcmp(f, "fixed") == 0)
            ERR(x, p,
                "points: a fixed formula needs list = [100, 70, 50]; (points for place 1, 2, ...)");
        return;
    }
    int n = config_setting_length(l);
    if (!config_setting_is_array(l) || n < 1 || n > TOURNEY_MAX_POINTS) {
        ERR(x, l, "points: list must be an array of 1 to %d whole numbers", TOURNEY_MAX_POINTS);
        return;
    }
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(l, (unsigned)i);
        if (config_setting_type(e) != CONFIG_TYPE_INT || config_setting_get_int(e) < 0 ||
            config_setting_get_int(e) > 1000000) {
            ERR(x, e, "points: list[%d] must be a whole number from 0 to 1000000", i);
            return;
        }
        pc->list[i] = config_setting_get_int(e);
    }
    pc->n_list = n;
}

static void load_tournament(ctx_t *x, const config_setting_t *g, structure_t *s)
{
    snprintf(s->name, sizeof s->name, "Poker tournament");
    load_fields(x, g, "tournament", &structure_record, s, NULL);
    if (!config_setting_get_member(g, "starting_stack"))
        ERR(x, g, "tournament has no starting_stack (the chips each player starts with)");
    for (int i = 0; i < structure_record.n; i++) {
        const field_t *f = &structure_record.f[i];
        const config_setting_t *p;
        if (!(f->forms & FORM_CONFIG))
            continue;
        if (f->type == FIELD_RECORD && f->n > 1)
            load_list(x, g, f, s);
        else if (f->type == FIELD_GROUP && (p = group_of(x, g, f->name)))
            load_period(x, p, f, s);
        else if (f->type == FIELD_RECORD && (p = group_of(x, g, f->name))) {
            load_fields(x, p, f->name, f->sub, (char *)s + f->offset, NULL);
            if (f->sub == &points_record)
                load_points(x, p, &s->points);
            if (f->sub == &bounty_record && *bounty_config_problem(s))
                ERR(x, p, "%s", bounty_config_problem(s));
        }
    }

    /* Chips the structure needs, and color-ups of chips still needed. */
    const config_setting_t *levels = config_setting_get_member(g, "levels");
    if (!x->error && levels && s->n_chips > 0) {
        chip_problem_t cp[16];
        int n = structure_chip_problems(s, cp, 16);
        for (int i = 0; i < n && i < 16; i++)
            problem(x, setting_line(config_setting_get_elem(levels, (unsigned)cp[i].level)),
                    !cp[i].error, "%s", cp[i].msg);
        if (n > 16)
            problem(x, 0, false, "%d more chip problems", n - 16);
    }
}

/* ---- the settings ---- */

static void load_theme(ctx_t *x, const config_setting_t *g, theme_t *t)
{
    static const char *const keys[] = {"background", "foreground", "accent", "paused", "break",
                                       "warning",    "logo",       "font",   NULL};
    check_keys(x, g, "theme", keys);
    get_colour(x, g, "background", t->bg);
    get_colour(x, g, "foreground", t->fg);
    get_colour(x, g, "accent", t->accent);
    get_colour(x, g, "paused", t->paused);
    get_colour(x, g, "break", t->brk);
    get_colour(x, g, "warning", t->warn);
    get_string(x, g, "logo", t->logo, sizeof t->logo);
    get_string(x, g, "font", t->font, sizeof t->font);
}

/* sound = { volume = 80; level = "chime"; speak_level = true; ... }; */
static void load_sound(ctx_t *x, const config_setting_t *g, voice_config_t *v)
{
    load_fields(x, g, "sound", &voice_record, v, NULL);
    for (int e = 0; e < VOICE__COUNT; e++) {
        if (!v->sound[e][0] || voice_sound_known(v->sound[e]))
            continue;
        char known[200] = "\"none\"";
        for (int i = 0; voice_sounds[i]; i++) {
            size_t n = strlen(known);
            snprintf(known + n, sizeof known - n, ", \"%s\"", voice_sounds[i]);
        }
        ERR(x, config_setting_get_member(g, voice_event_name((voice_event)e)),
            "sound: %s must be one of %s", voice_event_name((voice_event)e), known);
    }
}

int config_layout_parse(const char *word, screen_layout *out)
{
    static const char *const names[] = {"wall", "kiosk", "slides"};
    for (int i = 0; i < 3; i++)
        if (strcmp(word, names[i]) == 0) {
            *out = (screen_layout)i;
            return 0;
        }
    return -1;
}

/* house_rules = [ "One player to a hand.", "English only at the table." ];
 * the kiosk's page of house rules, one paragraph each. */
static void load_house_rules(ctx_t *x, const config_setting_t *s, settings_t *c)
{
    if (config_setting_type(s) != CONFIG_TYPE_ARRAY && config_setting_type(s) != CONFIG_TYPE_LIST) {
        ERR(x, s, "house_rules must be a list of texts: house_rules = [ \"...\", \"...\" ];");
        return;
    }
    int n = config_setting_length(s);
    if (n > CONFIG_MAX_RULES) {
        ERR(x, s, "house_rules has %d paragraphs; at most %d fit the kiosk's page", n,
            CONFIG_MAX_RULES);
        return;
    }
    for (int i = 0; i < n; i++) {
        char key[32];
        snprintf(key, sizeof key, "house_rules[%d]", i);
        if (!text_of(x, config_setting_get_elem(s, (unsigned)i), key, c->house_rules[i],
                     sizeof c->house_rules[i]))
            return;
    }
    c->n_house_rules = n;
}

static bool language_known(const char *l)
{
    static const char *const langs[] = {"en", "no", "de", "nl", "da", NULL};
    for (int i = 0; langs[i]; i++)
        if (strcmp(l, langs[i]) == 0)
            return true;
    return false;
}

static void defaults(settings_t *c)
{
    memset(c, 0, sizeof *c);
    c->port = 8080;
    c->paper_width = 80;
    snprintf(c->language, sizeof c->language, "en");
    c->voice.volume = -1;
    theme_t *t = &c->theme;
    snprintf(t->bg, sizeof t->bg, "#0b1220");
    snprintf(t->fg, sizeof t->fg, "#f5f7fa");
    snprintf(t->accent, sizeof t->accent, "#f2b705");
    snprintf(t->paused, sizeof t->paused, "#d7263d");
    snprintf(t->brk, sizeof t->brk, "#2e86ab");
    snprintf(t->warn, sizeof t->warn, "#ff8c00");
}

/* A problem of the tables (store/tables.c), as an error of the file. */
static void table_problem(void *ctx, int line, const char *msg)
{
    problem(ctx, line, false, "%s", msg);
}

static void load_root(ctx_t *x, settings_t *c, const config_setting_t *root)
{
    static const char *const keys[] = {"bind",      "port",        "pin",         "language",
                                       "language2", "theme",       "tournament",  "tables",
                                       "sound",     "house_rules", "layout",      "slides_folder",
                                       "tv",        "printer",     "paper_width", NULL};
    check_keys(x, root, "the file", keys);
    get_string(x, root, "bind", c->bind, sizeof c->bind);
    if (get_int32(x, root, "port", 1, 65535, &c->port))
        c->port_line = config_setting_source_line(config_setting_get_member(root, "port"));
    if (get_string(x, root, "pin", c->pin, sizeof c->pin)) {
        size_t n = strlen(c->pin);
        bool digits = n >= 4;
        for (size_t i = 0; i < n; i++)
            digits &= isdigit((unsigned char)c->pin[i]) != 0;
        if (!digits)
            ERR(x, config_setting_get_member(root, "pin"),
                "pin must be 4 or more digits, in quotes: pin = \"2468\";");
    }
    const char *lang_keys[] = {"language", "language2"};
    char *lang_vals[] = {c->language, c->language2};
    for (int i = 0; i < 2; i++)
        if (get_string(x, root, lang_keys[i], lang_vals[i], sizeof c->language) && *lang_vals[i] &&
            !language_known(lang_vals[i]))
            ERR(x, config_setting_get_member(root, lang_keys[i]),
                "%s must be one of \"en\", \"no\", \"de\", \"nl\", \"da\"", lang_keys[i]);
    get_string(x, root, "slides_folder", c->slides_folder, sizeof c->slides_folder);
    get_string(x, root, "printer", c->printer, sizeof c->printer);
    if (get_int32(x, root, "paper_width", 58, 80, &c->paper_width) && c->paper_width != 58 &&
        c->paper_width != 80)
        ERR(x, config_setting_get_member(root, "paper_width"),
            "paper_width must be 58 or 80: the receipt paper's width in millimetres");
    char layout[8] = "";
    if (get_string(x, root, "layout", layout, sizeof layout) &&
        config_layout_parse(layout, &c->layout) != 0)
        ERR(x, config_setting_get_member(root, "layout"),
            "layout must be \"wall\" (the clock), \"kiosk\" (the registration area's pages) or "
            "\"slides\" (the venue's slides under a small clock)");
    const config_setting_t *g;
    if ((g = group_of(x, root, "theme")))
        load_theme(x, g, &c->theme);
    if ((g = group_of(x, root, "sound")))
        load_sound(x, g, &c->voice);
    if ((g = group_of(x, root, "tv"))) {
        /* tv = { cec = true; standby_minutes = 15; }; */
        static const char *const tv_keys[] = {"cec", "standby_minutes", NULL};
        check_keys(x, g, "tv", tv_keys);
        get_bool(x, g, "cec", &c->tv_cec);
        get_int32(x, g, "standby_minutes", 0, 24 * 60, &c->tv_standby_minutes);
    }
    if ((g = config_setting_get_member(root, "tables")))
        tables_load(g, &c->tables, table_problem, x);
    if ((g = config_setting_get_member(root, "house_rules")))
        load_house_rules(x, g, c);
    g = config_setting_get_member(root, "tournament");
    if (!g)
        ERR(x, NULL, "there is no tournament = { ... }; group");
    else if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        ERR(x, g, "tournament must be a group: tournament = { ... };");
    else
        load_tournament(x, g, &c->structure);
}

/* ---- syntax: what libconfig's "syntax error" most likely means ---- */

static const char *line_of(const char *text, int line, size_t *len)
{
    const char *p = text;
    for (int i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p) {
        *len = 0;
        return "";
    }
    *len = strcspn(p, "\n");
    return p;
}

static bool has_pattern(const char *s, size_t n, char a, char b)
{
    /* a, then (after blanks) b: "[ {" */
    for (size_t i = 0; i < n; i++) {
        if (s[i] != a)
            continue;
        size_t k = i + 1;
        while (k < n && isspace((unsigned char)s[k]))
            k++;
        if (k < n && s[k] == b)
            return true;
    }
    return false;
}

/* Walks the text as libconfig would, outside strings and comments: the
 * first line with a text that never closes, and the line of the first
 * bracket still open at the end (0 for none). */
static void syntax_scan(const char *text, int *open_quote_line, int *unclosed_line)
{
    int line = 1, depth = 0, lines[64];
    bool in_str = false, block = false;
    *open_quote_line = *unclosed_line = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            if (in_str && !*open_quote_line)
                *open_quote_line = line;
            in_str = false; /* libconfig texts do not span lines */
            line++;
            continue;
        }
        if (block) {
            if (p[0] == '*' && p[1] == '/') {
                block = false;
                p++;
            }
            continue;
        }
        if (in_str) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                in_str = false;
            continue;
        }
        if (*p == '"')
            in_str = true;
        else if (*p == '#' || (p[0] == '/' && p[1] == '/'))
            while (p[1] && p[1] != '\n')
                p++;
        else if (p[0] == '/' && p[1] == '*')
            block = true;
        else if (strchr("{([", *p)) {
            if (depth < 64)
                lines[depth] = line;
            depth++;
        } else if (strchr("})]", *p) && depth > 0)
            depth--;
    }
    if (in_str && !*open_quote_line)
        *open_quote_line = line;
    if (depth > 0)
        *unclosed_line = lines[depth - 1 < 63 ? depth - 1 : 63];
}

static void explain_syntax(ctx_t *x, const char *text, int line, const char *what)
{
    size_t n, pn = 0;
    const char *s = line_of(text, line, &n);
    const char *prev = line > 1 ? line_of(text, line - 1, &pn) : "";
    int quote_line, unclosed_line;
    syntax_scan(text, &quote_line, &unclosed_line);
    if (has_pattern(s, n, '[', '{') || has_pattern(prev, pn, '[', '{'))
        problem(x, line, false,
                "%s: a list of groups needs round brackets: levels = ( { ... }, { ... } ); "
                "square brackets [ ] are only for plain values like [50, 30, 20]",
                what);
    else if (quote_line && quote_line <= line)
        problem(x, quote_line, false, "%s: this text is missing its closing quote \"", what);
    else if (unclosed_line && !*s && !*line_of(text, line + 1, &n))
        problem(x, unclosed_line, false,
                "%s: the file ends before the bracket opened on this line is closed", what);
    else
        problem(x, line, false,
                "%s: check this line and the one before it for a missing ';' or ',', an "
                "unclosed bracket, or a value without quotes (text needs \"quotes\")",
                what);
}

/* libconfig accepts a setting with no ';' after it when the next setting
 * follows on another line; that hides real mistakes, so say so. */
static void warn_missing_semicolons(ctx_t *x, const char *text)
{
    int line = 1;
    const char *p = text;
    bool in_comment = false;
    while (*p) {
        size_t n = strcspn(p, "\n");
        /* the line without comments and trailing blanks */
        char buf[512];
        size_t m = n < sizeof buf - 1 ? n : sizeof buf - 1;
        memcpy(buf, p, m);
        buf[m] = 0;
        char *c = buf;
        if (in_comment) {
            char *end = strstr(c, "*/");
            if (!end) {
                buf[0] = 0;
            } else {
                c = end + 2;
                in_comment = false;
            }
        }
        bool q = false;
        for (char *k = c; *k; k++) {
            if (*k == '"' && (k == c || k[-1] != '\\'))
                q = !q;
            if (q)
                continue;
            if (*k == '#' || (k[0] == '/' && k[1] == '/')) {
                *k = 0;
                break;
            }
            if (k[0] == '/' && k[1] == '*') {
                char *end = strstr(k + 2, "*/");
                if (end) {
                    memmove(k, end + 2, strlen(end + 2) + 1);
                    k--;
                    continue;
                }
                *k = 0;
                in_comment = true;
                break;
            }
        }
        size_t len = strlen(c);
        while (len && isspace((unsigned char)c[len - 1]))
            c[--len] = 0;
        /* "key = value" with a plain value ends in ';' or ','. */
        char *eq = strpbrk(c, "=:");
        if (len && eq && strchr("{([", c[len - 1]) == NULL && c[len - 1] != ';' &&
            c[len - 1] != ',') {
            char *v = eq + 1;
            while (isspace((unsigned char)*v))
                v++;
            if (*v && !strchr("{([", *v) && !strpbrk(v, "{}()[]"))
                problem(x, line, true,
                        "missing ';' at the end of the line (libconfig lets it "
                        "pass, but the next mistake will not)");
        }
        p += n;
        if (*p)
            p++;
        line++;
    }
}

/* ---- entry points ---- */

static bool load_text(const char *text, const char *name, settings_t *c, config_problems_t *p)
{
    ctx_t x = {.name = name, .p = p};
    defaults(c);
    settings_t *out = c;
    config_t cfg;
    config_init(&cfg);
    if (config_read_string(&cfg, text) != CONFIG_TRUE) {
        const char *what = config_error_text(&cfg);
        int line = config_error_line(&cfg);
        if (what && strcmp(what, "syntax error") == 0)
            explain_syntax(&x, text, line, "syntax error");
        else if (what && strstr(what, "mismatched element type"))
            problem(&x, line, false,
                    "%s: write every number of an array the same way, all whole (50, 30, 20) "
                    "or all with a decimal point (50.0, 32.5, 17.5)",
                    what);
        else
            problem(&x, line, false, "%s", what ? what : "cannot be read");
        config_destroy(&cfg);
        return false;
    }
    warn_missing_semicolons(&x, text);
    load_root(&x, out, config_root_setting(&cfg));
    config_destroy(&cfg);
    if (!x.error) {
        char why[256];
        if (!structure_validate(&out->structure, why, sizeof why))
            problem(&x, 0, false, "%s", why);
    }
    return !x.error;
}

bool config_load_string(const char *text, const char *name, settings_t *c, config_problems_t *p)
{
    return load_text(text, name, c, p);
}

bool config_load_file(const char *path, settings_t *c, config_problems_t *p)
{
    ctx_t x = {.name = path, .p = p};
    defaults(c);
    char err[256];
    size_t n;
    char *text = file_read(path, CONFIG_MAX_BYTES, &n, err, sizeof err);
    if (!text) {
        problem(&x, 0, false, "%s", err);
        return false;
    }
    if (memchr(text, 0, n)) {
        problem(&x, 0, false, "this is not a text file");
        free(text);
        return false;
    }
    bool ok = load_text(text, path, c, p);
    free(text);
    return ok;
}

void config_load_default(settings_t *c)
{
    const embedded_file_t *f = embedded_find("assets/structures/default.cfg");
    config_problems_t p = {0};
    if (!f || !config_load_string((const char *)f->data, "built-in", c, &p)) {
        /* The build embeds a checked file; this is only a last resort. */
        defaults(c);
        structure_t *s = &c->structure;
        snprintf(s->name, sizeof s->name, "Poker tournament");
        s->starting_stack = 10000;
        s->n_levels = 1;
        s->levels[0] = (level_t){.small_blind = 25, .big_blind = 50, .duration_ms = 20 * 60000};
    }
}

bool config_port_note(const settings_t *c, const char *name, int port, char *buf, size_t len)
{
    if (!port || !c->port_line || c->port == port)
        return false;
    snprintf(buf, len, "%s:%d: port = %d is not used: this clock serves its panel on port %d", name,
             c->port_line, c->port, port);
    return true;
}

int config_check(const char *path, int port, FILE *out)
{
    static settings_t c;
    config_problems_t p = {0};
    bool ok = config_load_file(path, &c, &p);
    for (int i = 0; i < p.n; i++) {
        char line[600];
        config_problem_format(&p.items[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    if (ok) {
        int play = 0;
        for (int i = 0; i < c.structure.n_levels; i++)
            play += c.structure.levels[i].kind == LEVEL_PLAY;
        int breaks = c.structure.n_levels - play;
        fprintf(out, "%s: fine: \"%s\", %d level%s and %d break%s\n", path, c.structure.name, play,
                play == 1 ? "" : "s", breaks, breaks == 1 ? "" : "s");
        char note[600];
        if (config_port_note(&c, path, port, note, sizeof note))
            fprintf(out, "%s\n", note);
    }
    return ok ? 0 : 1;
}
