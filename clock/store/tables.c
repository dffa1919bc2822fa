/* The venue's tables in the configuration: how many, their seats, seats kept free, break order. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libconfig.h>

#include "model/text.h"
#include "store/tables.h"

typedef struct {
    tables_problem_fn report;
    void *ctx;
} sink_t;

static void say(sink_t *k, const config_setting_t *s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(sink_t *k, const config_setting_t *s, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    k->report(k->ctx, s ? (int)config_setting_source_line(s) : 0, msg);
}

static bool only_keys(sink_t *k, const config_setting_t *g, const char *where,
                      const char *const *keys)
{
    bool ok = true;
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        const char *name = config_setting_name(m);
        bool known = false;
        for (int j = 0; keys[j] && !known; j++)
            known = name && strcmp(name, keys[j]) == 0;
        if (!known) {
            say(k, m, "%s does not take \"%s\"", where, name ? name : "?");
            ok = false;
        }
    }
    return ok;
}

/* An integer member in lo..hi; absent: *out stays. */
static bool int_member(sink_t *k, const config_setting_t *g, const char *key, int lo, int hi,
                       const char *where, int *out)
{
    const config_setting_t *m = config_setting_get_member(g, key);
    if (!m)
        return true;
    if (config_setting_type(m) != CONFIG_TYPE_INT || config_setting_get_int(m) < lo ||
        config_setting_get_int(m) > hi) {
        say(k, m, "%s: %s must be a whole number from %d to %d", where, key, lo, hi);
        return false;
    }
    *out = config_setting_get_int(m);
    return true;
}

/* blocked = [ 5 ]: seats kept free at a table of `seats`. */
static bool blocked_seats(sink_t *k, const config_setting_t *g, int seats, const char *where,
                          uint16_t *out)
{
    const config_setting_t *m = config_setting_get_member(g, "blocked");
    *out = 0;
    if (!m)
        return true;
    if (config_setting_type(m) != CONFIG_TYPE_ARRAY && config_setting_type(m) != CONFIG_TYPE_LIST) {
        say(k, m, "%s: blocked must be a list of seat numbers: blocked = [ 5 ];", where);
        return false;
    }
    for (int i = 0; i < config_setting_length(m); i++) {
        const config_setting_t *e = config_setting_get_elem(m, (unsigned)i);
        int s = config_setting_type(e) == CONFIG_TYPE_INT ? config_setting_get_int(e) : 0;
        if (s < 1 || s > seats) {
            say(k, e, "%s: a blocked seat must be a seat of the table, 1 to %d", where, seats);
            return false;
        }
        *out |= (uint16_t)(1u << (s - 1));
    }
    if (__builtin_popcount(*out) > seats - 2) {
        say(k, m, "%s: at least two seats must stay for players", where);
        return false;
    }
    return true;
}

/* A table; with `replace`, one of the same number given by count is
 * replaced (a list after count describes the tables that differ). */
static bool add(sink_t *k, const config_setting_t *at, table_config_t *out, int number, int seats,
                uint16_t blocked, const char *name, int replace_below)
{
    for (int i = 0; i < out->n; i++)
        if (out->t[i].number == number && i < replace_below) {
            out->t[i].seats = (uint8_t)seats;
            out->t[i].blocked = blocked;
            snprintf(out->t[i].name, sizeof out->t[i].name, "%s", name);
            return true;
        } else if (out->t[i].number == number) {
            say(k, at, "tables: table %d is listed twice", number);
            return false;
        }
    if (out->n >= ROSTER_MAX_TABLES) {
        say(k, at, "tables: at most %d tables", ROSTER_MAX_TABLES);
        return false;
    }
    out->t[out->n].number = (int16_t)number;
    out->t[out->n].seats = (uint8_t)seats;
    out->t[out->n].blocked = blocked;
    snprintf(out->t[out->n].name, sizeof out->t[out->n].name, "%s", name);
    out->n++;
    return true;
}

/* The tables of a list. An entry without seats or blocked has those of the
 * group around the list (a list on its own: ten seats, none blocked); of
 * the group's blocked seats, those its table has. */
static void load_list(sink_t *k, const config_setting_t *list, table_config_t *out, int group_seats,
                      uint16_t group_blocked)
{
    int from_count = out->n;
    static const char *const keys[] = {"number", "seats", "blocked", "name", NULL};
    for (int i = 0; i < config_setting_length(list); i++) {
        const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
        char where[48];
        snprintf(where, sizeof where, "tables, entry %d", i + 1);
        if (config_setting_type(g) != CONFIG_TYPE_GROUP) {
            say(k, g, "%s must be a group: { number = 1; seats = 9; }", where);
            return;
        }
        int number = 0, seats = group_seats;
        uint16_t blocked;
        const char *name = "";
        const config_setting_t *nm = config_setting_get_member(g, "name");
        if (!only_keys(k, g, where, keys) ||
            !int_member(k, g, "number", 1, TOURNEY_MAX_TABLE_NO, where, &number) ||
            !int_member(k, g, "seats", 2, ROSTER_MAX_SEATS, where, &seats) ||
            !blocked_seats(k, g, seats, where, &blocked))
            return;
        if (!config_setting_get_member(g, "blocked")) {
            blocked = group_blocked & (uint16_t)((1u << seats) - 1);
            if (__builtin_popcount(blocked) > seats - 2)
                blocked = 0;
        }
        if (!number) {
            say(k, g, "%s needs its number: number = %d;", where, i + 1);
            return;
        }
        if (nm && (config_setting_type(nm) != CONFIG_TYPE_STRING ||
                   strlen(name = config_setting_get_string(nm)) >= ROSTER_TABLE_NAME_MAX ||
                   !text_one_line(name))) {
            say(k, nm, "%s: name must be text of at most %d bytes on one line", where,
                ROSTER_TABLE_NAME_MAX - 1);
            return;
        }
        if (!add(k, g, out, number, seats, blocked, name, from_count))
            return;
    }
}

static void load_break_order(sink_t *k, const config_setting_t *m, table_config_t *out)
{
    if (config_setting_type(m) != CONFIG_TYPE_ARRAY && config_setting_type(m) != CONFIG_TYPE_LIST) {
        say(k, m, "tables: break_order must list table numbers, first to break first");
        return;
    }
    int n = config_setting_length(m);
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(m, (unsigned)i);
        int t = config_setting_type(e) == CONFIG_TYPE_INT ? config_setting_get_int(e) : 0;
        bool known = false;
        for (int j = 0; j < out->n && !known; j++)
            known = out->t[j].number == t;
        for (int j = 0; j < i && known; j++)
            known = out->break_order[j] != t;
        if (!known) {
            say(k, e, "tables: break_order names each table once (%d is not a table, or twice)", t);
            return;
        }
        out->break_order[i] = (int16_t)t;
    }
    if (n != out->n) {
        say(k, m, "tables: break_order must name all %d tables", out->n);
        return;
    }
    out->n_break = n;
}

void tables_load(const struct config_setting_t *s, table_config_t *out, tables_problem_fn report,
                 void *ctx)
{
    sink_t k = {report, ctx};
    memset(out, 0, sizeof *out);
    if (config_setting_type(s) == CONFIG_TYPE_LIST) {
        load_list(&k, s, out, ROSTER_MAX_SEATS, 0);
        return;
    }
    if (config_setting_type(s) != CONFIG_TYPE_GROUP) {
        say(&k, s, "tables must be a group, like tables = { count = 10; seats = 9; };");
        return;
    }
    static const char *const keys[] = {"count", "seats", "blocked", "break_order", "list", NULL};
    int count = 0, seats = ROSTER_MAX_SEATS;
    uint16_t blocked;
    if (!only_keys(&k, s, "tables", keys) ||
        !int_member(&k, s, "count", 1, ROSTER_MAX_TABLES, "tables", &count) ||
        !int_member(&k, s, "seats", 2, ROSTER_MAX_SEATS, "tables", &seats) ||
        !blocked_seats(&k, s, seats, "tables", &blocked))
        return;
    for (int i = 1; i <= count; i++)
        if (!add(&k, s, out, i, seats, blocked, "", 0))
            return;
    const config_setting_t *list = config_setting_get_member(s, "list");
    if (list && config_setting_type(list) != CONFIG_TYPE_LIST) {
        say(&k, list, "tables: list must be in round brackets: list = ( { number = 1; }, ... );");
        return;
    }
    if (list)
        load_list(&k, list, out, seats, blocked);
    if (out->n == 0) {
        say(&k, s, "tables needs count = N; or a list of tables");
        return;
    }
    const config_setting_t *order = config_setting_get_member(s, "break_order");
    if (order)
        load_break_order(&k, order, out);
}

void tables_roster(const table_config_t *tc, roster_t *r)
{
    roster_init(r);
    for (int i = 0; i < tc->n; i++)
        roster_add_table(r, tc->t[i].number, tc->t[i].name, tc->t[i].seats, tc->t[i].blocked, NULL);
    if (tc->n_break > 0) {
        int order[ROSTER_MAX_TABLES];
        for (int i = 0; i < tc->n_break; i++)
            order[i] = tc->break_order[i];
        roster_set_break_order(r, order, tc->n_break, NULL);
    }
}
