/* The roster in JSON: fields of commands naming players, GET /api/players, and snapshots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/standings.h"
#include "model/text.h"
#include "json/moves.h"
#include "json/roster.h"
#include "json/unread.h"

/* ---- commands ---- */

static bool is(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

bool roster_json_command_field(command_type type, const char *key, bool internal)
{
    switch (type) {
    case CMD_REGISTER: return is(key, "name") || is(key, "names") || (internal && is(key, "seats"));
    case CMD_BUST: return is(key, "player") || is(key, "table") || is(key, "seat") || is(key, "by");
    case CMD_REBUY:
    case CMD_ADDON:
    case CMD_UNREGISTER: return is(key, "player") || is(key, "table") || is(key, "seat");
    case CMD_RENAME: return is(key, "player") || is(key, "name");
    case CMD_MOVE:
        return is(key, "player") || is(key, "from_table") || is(key, "from_seat") ||
               is(key, "table") || is(key, "seat");
    case CMD_BREAK_TABLE: return is(key, "table") || (internal && is(key, "moves"));
    case CMD_BUTTON: return is(key, "table") || is(key, "seat");
    case CMD_FINAL_TABLE:
        return is(key, "button") || (internal && (is(key, "moves") || is(key, "cards")));
    case CMD_TABLE:
        return is(key, "table") || is(key, "seat") || is(key, "open") || is(key, "blocked") ||
               is(key, "seats");
    case CMD_REENTER: return is(key, "player") || (internal && is(key, "seats"));
    default: return false;
    }
}

static int bad(refusal_t *no, const char *msg)
{
    return codec_unread(no, "%s", msg);
}

static int put_name(const json_t *v, char *out, const char *what, refusal_t *no)
{
    const char *s = json_string_value(v);
    if (!s || !*s || strlen(s) >= TOURNEY_PLAYER_NAME_MAX || !text_one_line(s)) {
        refuse_name_form(no, what, TOURNEY_PLAYER_NAME_MAX - 1);
        return -1;
    }
    snprintf(out, TOURNEY_PLAYER_NAME_MAX, "%s", s);
    return 0;
}

static int parse_register(const json_t *obj, command_t *c, bool internal, refusal_t *no)
{
    const json_t *name = json_object_get(obj, "name"), *names = json_object_get(obj, "names");
    const json_t *count = json_object_get(obj, "count");
    if (name && names)
        return bad(no, "register takes name or names, not both");
    if (name) {
        if (put_name(name, c->names[0], "name", no))
            return -1;
        c->n_names = 1;
    } else if (names) {
        size_t n = json_array_size(names);
        if (!json_is_array(names) || n < 1 || n > TOURNEY_MAX_REGISTER) {
            refuse_names_list(no, TOURNEY_MAX_REGISTER);
            return -1;
        }
        for (size_t i = 0; i < n; i++) {
            char what[32];
            snprintf(what, sizeof what, "names[%zu]", i);
            if (put_name(json_array_get(names, i), c->names[i], what, no))
                return -1;
        }
        c->n_names = (int)n;
    }
    if (c->n_names > 0) {
        /* The journal writes the count of a list; a client gives one or the other. */
        if (count && (!internal || json_integer_value(count) != c->n_names))
            return bad(no, "register takes count or names, not both");
        c->count = c->n_names;
    }
    const json_t *seats = json_object_get(obj, "seats");
    if (!seats)
        return 0;
    int n = c->n_names > 0 ? c->n_names : (c->count > 0 ? c->count : 1);
    if (!json_is_array(seats) || json_array_size(seats) != (size_t)n)
        return bad(no, "seats must list a [table, seat] for each player");
    for (int i = 0; i < n; i++) {
        const json_t *s = json_array_get(seats, (size_t)i);
        json_t *t = json_array_get(s, 0), *k = json_array_get(s, 1);
        if (json_array_size(s) != 2 || !json_is_integer(t) || !json_is_integer(k) ||
            json_integer_value(t) < 1 || json_integer_value(t) > TOURNEY_MAX_TABLE_NO ||
            json_integer_value(k) < 1 || json_integer_value(k) > ROSTER_MAX_SEATS)
            return bad(no, "seats must list a [table, seat] for each player");
        c->seats[i].table = (int16_t)json_integer_value(t);
        c->seats[i].seat = (int16_t)json_integer_value(k);
    }
    c->n_seats = n;
    return 0;
}

static int get_range(const json_t *obj, const char *key, int lo, int hi, int *out, refusal_t *no)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        refuse_field_range(no, key, lo, hi);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static int get_small(const json_t *obj, const char *key, int hi, int *out, refusal_t *no)
{
    return get_range(obj, key, 1, hi, out, no);
}

int roster_json_by(const json_t *obj, int16_t *by, int *n_by, refusal_t *no)
{
    const json_t *v = json_object_get(obj, "by");
    *n_by = 0;
    if (!v || json_is_null(v))
        return 0;
    bool one = json_is_integer(v);
    size_t n = one ? 1 : json_array_size(v);
    if ((!one && !json_is_array(v)) || n > TOURNEY_MAX_KO) {
        refuse_bounty_by_too_many(no, TOURNEY_MAX_KO);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const json_t *e = one ? v : json_array_get(v, i);
        if (!json_is_integer(e) || json_integer_value(e) < 1 ||
            json_integer_value(e) > ROSTER_MAX_PLAYERS) {
            refuse_field_range(no, "by", 1, ROSTER_MAX_PLAYERS);
            return -1;
        }
        by[i] = (int16_t)json_integer_value(e);
    }
    *n_by = (int)n;
    return 0;
}

json_t *roster_json_by_list(const int16_t *by, int n_by)
{
    json_t *a = json_array();
    for (int i = 0; i < n_by && i < TOURNEY_MAX_KO; i++)
        json_array_append_new(a, json_integer(by[i]));
    return a;
}

/* bust, rebuy, add-on, unregister of one player: {"player": 17} or
 * {"table": 4, "seat": 7}; a bust also {"by": [5]}, who knocked him out. */
static int parse_player(const json_t *obj, command_t *c, refusal_t *no)
{
    bool player = json_object_get(obj, "player") != NULL;
    bool table = json_object_get(obj, "table") != NULL, seat = json_object_get(obj, "seat") != NULL;
    bool by = json_object_get(obj, "by") != NULL;
    if (by && roster_json_by(obj, c->busts[0].by, &c->busts[0].n_by, no))
        return -1;
    if (!player && !table && !seat && by)
        return bad(no, "by names who knocked out a player named by player, or by table and seat");
    if (!player && !table && !seat)
        return 0;
    if (get_small(obj, "player", ROSTER_MAX_PLAYERS, &c->player, no) ||
        get_small(obj, "table", TOURNEY_MAX_TABLE_NO, &c->table, no) ||
        get_small(obj, "seat", ROSTER_MAX_SEATS, &c->seat, no))
        return -1;
    if (player && (table || seat))
        return bad(no, "name the player by player, or by table and seat, not both");
    if (!player && !(table && seat))
        return bad(no, "a player by seat needs both table and seat");
    if (json_object_get(obj, "players") ||
        (json_object_get(obj, "count") && json_integer_value(json_object_get(obj, "count")) != 1))
        return bad(no, "one player by player or seat: not with count or players");
    c->count = 1;
    return 0;
}

/* move: {"player": 17} or {"from_table": 2, "from_seat": 4}, to {"table": 5, "seat": 7}. */
static int parse_move(const json_t *obj, command_t *c, refusal_t *no)
{
    if (get_small(obj, "player", ROSTER_MAX_PLAYERS, &c->player, no) ||
        get_small(obj, "from_table", TOURNEY_MAX_TABLE_NO, &c->from_table, no) ||
        get_small(obj, "from_seat", ROSTER_MAX_SEATS, &c->from_seat, no) ||
        get_small(obj, "table", TOURNEY_MAX_TABLE_NO, &c->table, no) ||
        get_small(obj, "seat", ROSTER_MAX_SEATS, &c->seat, no))
        return -1;
    if (!c->table || !c->seat)
        return bad(no, "move needs the table and seat to move to");
    if ((c->player > 0) == (c->from_table > 0 || c->from_seat > 0) ||
        (!c->player && !(c->from_table && c->from_seat)))
        return bad(no, "move names the player by player, or by from_table and from_seat");
    return 0;
}

/* The moves the engine drew for a break or the redraw: [[player, table, seat], ...]. */
static int parse_moves(const json_t *obj, command_t *c, refusal_t *no)
{
    const json_t *moves = json_object_get(obj, "moves");
    if (!moves)
        return 0;
    size_t n = json_array_size(moves);
    if (!json_is_array(moves) || n < 1 || n > ROSTER_MAX_SEATS)
        return bad(no, "moves must list [player, table, seat] for each player");
    for (size_t i = 0; i < n; i++) {
        const json_t *m = json_array_get(moves, i);
        long v[3];
        static const long hi[3] = {ROSTER_MAX_PLAYERS, TOURNEY_MAX_TABLE_NO, ROSTER_MAX_SEATS};
        for (int k = 0; k < 3; k++) {
            const json_t *x = json_array_get(m, (size_t)k);
            if (json_array_size(m) != 3 || !json_is_integer(x) || json_integer_value(x) < 1 ||
                json_integer_value(x) > hi[k])
                return bad(no, "moves must list [player, table, seat] for each player");
            v[k] = (long)json_integer_value(x);
        }
        c->movers[i] = (int16_t)v[0];
        c->seats[i].table = (int16_t)v[1];
        c->seats[i].seat = (int16_t)v[2];
    }
    c->n_seats = (int)n;
    return 0;
}

/* table: {"table": 5, "open": false}, {"table": 5, "seat": 3, "blocked": true},
 * or a table that is not there yet: {"table": 35, "open": true, "seats": 9}. */
/* final_table: {"button": 4} to give the button's seat, or none to deal a
 * card each for it; from the journal, the moves and the cards dealt. */
static int parse_final(const json_t *obj, command_t *c, refusal_t *no)
{
    if (get_small(obj, "button", ROSTER_MAX_SEATS, &c->seat, no) || parse_moves(obj, c, no))
        return -1;
    const json_t *cards = json_object_get(obj, "cards");
    if (!cards)
        return 0;
    if (!json_is_array(cards) || json_array_size(cards) > ROSTER_MAX_SEATS)
        return bad(no, "cards: at most ten, 0 to 51");
    size_t i;
    const json_t *x;
    json_array_foreach(cards, i, x)
    {
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 51)
            return bad(no, "cards: at most ten, 0 to 51");
        c->cards[i] = (uint8_t)json_integer_value(x);
    }
    c->n_cards = (int)json_array_size(cards);
    return 0;
}

static int parse_table(const json_t *obj, command_t *c, refusal_t *no)
{
    const json_t *open = json_object_get(obj, "open"), *blocked = json_object_get(obj, "blocked");
    if (get_small(obj, "table", TOURNEY_MAX_TABLE_NO, &c->table, no) ||
        get_small(obj, "seat", ROSTER_MAX_SEATS, &c->seat, no))
        return -1;
    if (!c->table)
        return bad(no, "table needs the table number");
    if (c->seat) {
        if (!json_is_boolean(blocked) || open || json_object_get(obj, "seats"))
            return bad(no, "a seat takes blocked (true or false), and nothing else");
        c->on = json_is_true(blocked);
        return 0;
    }
    if (!json_is_boolean(open) || blocked)
        return bad(no, "table takes open (true or false), or a seat and blocked");
    c->on = json_is_true(open);
    const json_t *seats = json_object_get(obj, "seats");
    if (seats && (!c->on || !json_is_integer(seats) || json_integer_value(seats) < 2 ||
                  json_integer_value(seats) > ROSTER_MAX_SEATS)) {
        refuse_table_add_seats(no, ROSTER_MAX_SEATS);
        return -1;
    }
    c->new_seats = seats ? (int)json_integer_value(seats) : 0;
    return 0;
}

/* reenter: {"player": 17}; the journal adds the seat drawn, "seats": [[4, 7]]. */
static int parse_reenter(const json_t *obj, command_t *c, refusal_t *no)
{
    if (get_small(obj, "player", ROSTER_MAX_PLAYERS, &c->player, no))
        return -1;
    if (!c->player)
        return bad(no, "reenter needs the player (his number)");
    const json_t *seats = json_object_get(obj, "seats");
    if (!seats)
        return 0;
    const json_t *s = json_array_get(seats, 0);
    json_t *t = json_array_get(s, 0), *k = json_array_get(s, 1);
    if (json_array_size(seats) != 1 || json_array_size(s) != 2 || !json_is_integer(t) ||
        !json_is_integer(k) || json_integer_value(t) < 1 ||
        json_integer_value(t) > TOURNEY_MAX_TABLE_NO || json_integer_value(k) < 1 ||
        json_integer_value(k) > ROSTER_MAX_SEATS)
        return bad(no, "seats must be one [table, seat]");
    c->seats[0].table = (int16_t)json_integer_value(t);
    c->seats[0].seat = (int16_t)json_integer_value(k);
    c->n_seats = 1;
    return 0;
}

int roster_json_command_parse(const json_t *obj, command_t *c, bool internal, refusal_t *no)
{
    switch (c->type) {
    case CMD_REGISTER: return parse_register(obj, c, internal, no);
    case CMD_BUST:
    case CMD_REBUY:
    case CMD_ADDON:
    case CMD_UNREGISTER: return parse_player(obj, c, no);
    case CMD_RENAME:
        if (get_small(obj, "player", ROSTER_MAX_PLAYERS, &c->player, no))
            return -1;
        if (!c->player || !json_object_get(obj, "name"))
            return bad(no, "rename needs the player (his number) and his name");
        if (put_name(json_object_get(obj, "name"), c->names[0], "name", no))
            return -1;
        c->n_names = 1;
        return 0;
    case CMD_MOVE: return parse_move(obj, c, no);
    case CMD_BREAK_TABLE:
        if (get_small(obj, "table", TOURNEY_MAX_TABLE_NO, &c->table, no))
            return -1;
        if (!c->table)
            return bad(no, "break_table needs the table");
        return parse_moves(obj, c, no);
    case CMD_FINAL_TABLE: return parse_final(obj, c, no);
    case CMD_TABLE: return parse_table(obj, c, no);
    case CMD_REENTER: return parse_reenter(obj, c, no);
    case CMD_BUTTON:
        if (get_small(obj, "table", TOURNEY_MAX_TABLE_NO, &c->table, no) ||
            get_range(obj, "seat", 0, ROSTER_MAX_SEATS, &c->seat, no))
            return -1;
        if (!c->table)
            return bad(no, "button needs the table, and the seat of the button (0: none)");
        return 0;
    default: return 0;
    }
}

/* Long on purpose: one case per command that names players, the inverse of
 * roster_json_command_parse; split, a command's journal form would be in
 * two places. */
void roster_json_command(const command_t *c, json_t *o)
{
    if (c->type == CMD_TABLE) {
        json_object_set_new(o, "table", json_integer(c->table));
        if (c->seat) {
            json_object_set_new(o, "seat", json_integer(c->seat));
            json_object_set_new(o, "blocked", json_boolean(c->on));
            return;
        }
        json_object_set_new(o, "open", json_boolean(c->on));
        if (c->new_seats)
            json_object_set_new(o, "seats", json_integer(c->new_seats));
        return;
    }
    if (c->type == CMD_REENTER) {
        json_object_set_new(o, "player", json_integer(c->player));
        if (c->n_seats > 0)
            json_object_set_new(o, "seats",
                                json_pack("[[i,i]]", c->seats[0].table, c->seats[0].seat));
        return;
    }
    if (c->type == CMD_BUTTON) {
        json_object_set_new(o, "table", json_integer(c->table));
        json_object_set_new(o, "seat", json_integer(c->seat));
        return;
    }
    if (c->type == CMD_MOVE) {
        if (c->player > 0)
            json_object_set_new(o, "player", json_integer(c->player));
        else
            json_object_set_new(o, "from_table", json_integer(c->from_table)),
                json_object_set_new(o, "from_seat", json_integer(c->from_seat));
        json_object_set_new(o, "table", json_integer(c->table));
        json_object_set_new(o, "seat", json_integer(c->seat));
        return;
    }
    if (c->type == CMD_BREAK_TABLE || c->type == CMD_FINAL_TABLE) {
        if (c->type == CMD_BREAK_TABLE)
            json_object_set_new(o, "table", json_integer(c->table));
        if (c->type == CMD_FINAL_TABLE && c->seat)
            json_object_set_new(o, "button", json_integer(c->seat));
        if (c->type == CMD_FINAL_TABLE && c->n_cards > 0) {
            json_t *cards = json_array();
            for (int i = 0; i < c->n_cards && i < ROSTER_MAX_SEATS; i++)
                json_array_append_new(cards, json_integer(c->cards[i]));
            json_object_set_new(o, "cards", cards);
        }
        if (c->n_seats > 0) {
            json_t *moves = json_array();
            for (int i = 0; i < c->n_seats && i < ROSTER_MAX_SEATS; i++)
                json_array_append_new(moves, json_pack("[i,i,i]", c->movers[i], c->seats[i].table,
                                                       c->seats[i].seat));
            json_object_set_new(o, "moves", moves);
        }
        return;
    }
    if (c->type == CMD_REGISTER) {
        if (c->n_names > 0) {
            json_t *names = json_array();
            for (int i = 0; i < c->n_names && i < TOURNEY_MAX_REGISTER; i++)
                json_array_append_new(names, json_string(c->names[i]));
            json_object_set_new(o, "names", names);
            json_object_set_new(o, "count", json_integer(c->n_names));
        }
        if (c->n_seats > 0) {
            json_t *seats = json_array();
            for (int i = 0; i < c->n_seats && i < TOURNEY_MAX_REGISTER; i++)
                json_array_append_new(seats,
                                      json_pack("[i,i]", c->seats[i].table, c->seats[i].seat));
            json_object_set_new(o, "seats", seats);
        }
        return;
    }
    if (c->type == CMD_RENAME) {
        json_object_set_new(o, "player", json_integer(c->player));
        json_object_set_new(o, "name", json_string(c->names[0]));
        return;
    }
    if ((c->type == CMD_BUST || c->type == CMD_REBUY || c->type == CMD_ADDON ||
         c->type == CMD_UNREGISTER) &&
        c->n_busts == 0) {
        if (c->player > 0) {
            json_object_del(o, "count");
            json_object_set_new(o, "player", json_integer(c->player));
        } else if (c->seat > 0) {
            json_object_del(o, "count");
            json_object_set_new(o, "table", json_integer(c->table));
            json_object_set_new(o, "seat", json_integer(c->seat));
        }
        if (c->type == CMD_BUST && c->busts[0].n_by > 0)
            json_object_set_new(o, "by", roster_json_by_list(c->busts[0].by, c->busts[0].n_by));
    }
}

/* ---- GET /api/players ---- */

static const char *status_name(int status)
{
    return status == PLAYER_SEATED    ? "seated"
           : status == PLAYER_OUT     ? "out"
           : status == PLAYER_REMOVED ? "removed"
                                      : "waiting";
}

json_t *roster_json_player(const roster_t *r, int i, bool short_names)
{
    const player_t *p = &r->players[i];
    char label[64], name[64];
    roster_player_shown(r, i, short_names, label, sizeof label);
    snprintf(name, sizeof name, "%s", p->name[0] ? label : "");
    json_t *o = json_pack("{s:i, s:s, s:s, s:s, s:i, s:i, s:i, s:I}", "id", (int)p->id, "name",
                          name, "label", label, "status", status_name(p->status), "entries",
                          (int)p->entries, "rebuys", (int)p->rebuys, "addons", (int)p->addons,
                          "prize", (json_int_t)p->prize);
    if (!o)
        return NULL;
    bool seated = p->status == PLAYER_SEATED && p->table >= 0 && p->table < r->n_tables;
    json_object_set_new(o, "table",
                        seated ? json_integer(r->tables[p->table].number) : json_null());
    json_object_set_new(o, "seat", seated ? json_integer(p->seat) : json_null());
    json_object_set_new(o, "place", p->place_best ? json_integer(p->place_best) : json_null());
    if (p->place_worst != p->place_best)
        json_object_set_new(o, "place_worst", json_integer(p->place_worst));
    /* bounties (model/bounty.h): on his head now, and won */
    json_object_set_new(o, "head", json_integer(p->head));
    json_object_set_new(o, "bounties", json_integer(p->bounties));
    return o;
}

static json_t *table_json(const table_t *t, int players)
{
    json_t *blocked = json_array();
    for (int s = 1; s <= t->seats; s++)
        if ((t->blocked >> (s - 1)) & 1)
            json_array_append_new(blocked, json_integer(s));
    return json_pack("{s:i, s:s, s:i, s:b, s:o, s:o, s:i, s:i}", "number", t->number, "name",
                     t->name, "seats", t->seats, "open", t->open, "blocked", blocked, "button",
                     t->button ? json_integer(t->button) : json_null(), "break_order",
                     t->break_pos + 1, "players", players);
}

static const char *const action_names[] = {"none", "balance", "break", "final"};

json_t *roster_json_proposal(const roster_t *r, uint64_t seed)
{
    uint64_t rnd[ROSTER_MAX_SEATS];
    for (int i = 0; i < ROSTER_MAX_SEATS; i++) {
        /* splitmix64: a suggestion only; the move confirmed is journaled */
        uint64_t z = (seed += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        rnd[i] = z ^ (z >> 31);
    }
    move_t m[ROSTER_MAX_SEATS];
    int n = 0, table = -1;
    roster_action a = roster_next_action(r);
    if (a == ROSTER_BALANCE)
        n = roster_propose_balance(r, rnd, m, ROSTER_MAX_SEATS);
    else if (a == ROSTER_BREAK)
        table = roster_next_break(r);
    json_t *moves = json_array();
    for (int i = 0; i < n; i++) {
        json_t *x = json_pack("{s:i, s:i, s:i, s:b}", "from_table",
                              r->tables[m[i].from_table].number, "to_table",
                              r->tables[m[i].to_table].number, "to_seat", m[i].to_seat, "waits",
                              m[i].waits);
        /* Without a button the floor names him: the player who is big blind next. */
        json_object_set_new(x, "player",
                            m[i].player >= 0 ? json_integer(m[i].player + 1) : json_null());
        json_object_set_new(x, "from_seat",
                            m[i].from_seat ? json_integer(m[i].from_seat) : json_null());
        json_array_append_new(moves, x);
    }
    return json_pack("{s:s, s:o, s:o, s:i}", "action", action_names[a], "moves", moves, "table",
                     table >= 0 ? json_integer(r->tables[table].number) : json_null(), "final_size",
                     roster_final_size(r));
}

json_t *roster_json_players(const roster_t *r, bool short_names)
{
    json_t *players = json_array(), *tables = json_array();
    for (int i = 0; i < r->n_players; i++)
        json_array_append_new(players, roster_json_player(r, i, short_names));
    for (int i = 0; i < r->n_tables; i++)
        json_array_append_new(tables, table_json(&r->tables[i], roster_table_players(r, i)));
    return json_pack("{s:I, s:o, s:o, s:i, s:i}", "version", (json_int_t)r->version, "players",
                     players, "tables", tables, "left", roster_players_left(r), "entries",
                     roster_entries(r));
}

/* ---- snapshots: compact arrays, checked on the way back in ---- */

/* The place and the prize (derived, model/standings.c) stay where they
 * were in the array, then what a player out went out in. */
static json_t *player_save(const player_t *p)
{
    json_t *a = json_pack("[i,i,i,i,i,i,I,i,i,i,s,i,i]", (int)p->id, (int)p->status, (int)p->table,
                          (int)p->seat, (int)p->place_best, (int)p->place_worst,
                          (json_int_t)p->prize, (int)p->entries, (int)p->rebuys, (int)p->addons,
                          p->name, (int)p->out_seq, (int)p->unnamed_before);
    /* bounties: his head and what he won, when he has either */
    if (a && (p->head || p->bounties)) {
        json_array_append_new(a, json_integer(p->head));
        json_array_append_new(a, json_integer(p->bounties));
    }
    return a;
}

/* Whether two records differ in what is the player's own (not derived). */
static bool player_changed(const player_t *a, const player_t *b)
{
    return memcmp(a, b, ROSTER_PLAYER_KEPT) != 0;
}

static json_t *table_save(const table_t *t)
{
    json_t *occ = json_array();
    for (int s = 0; s < ROSTER_MAX_SEATS; s++)
        json_array_append_new(occ, json_integer(t->occupant[s]));
    return json_pack("[i,s,i,b,i,i,i,o]", t->number, t->name, t->seats, t->open, (int)t->blocked,
                     t->button, t->break_pos, occ);
}

static bool int_in(const json_t *a, size_t i, long lo, long hi, long *out)
{
    const json_t *v = json_array_get(a, i);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return false;
    *out = (long)json_integer_value(v);
    return true;
}

/* A player as player_save wrote it; *old: written by an earlier pokerclock,
 * without what he went out in (model/standings.c fills it in). */
static bool player_load(const json_t *a, player_t *p, bool *old)
{
    long v[10], seq = 0, unnamed = 0;
    static const long lo[10] = {1, 0, -1, 0, 0, 0, 0, 0, 0, 0};
    static const long hi[10] = {ROSTER_MAX_PLAYERS,
                                PLAYER_REMOVED,
                                ROSTER_MAX_TABLES - 1,
                                ROSTER_MAX_SEATS,
                                ROSTER_MAX_PLAYERS,
                                ROSTER_MAX_PLAYERS,
                                0,
                                65535,
                                65535,
                                65535};
    *old = json_array_size(a) == 11;
    size_t size = json_array_size(a);
    if (!json_is_array(a) || (size != 13 && size != 15 && !*old))
        return false;
    const json_t *head = json_array_get(a, 13), *won = json_array_get(a, 14);
    if (size == 15 && (!json_is_integer(head) || json_integer_value(head) < 0 ||
                       !json_is_integer(won) || json_integer_value(won) < 0))
        return false;
    for (size_t i = 0; i < 10; i++)
        if (i != 6 && !int_in(a, i, lo[i], hi[i], &v[i]))
            return false;
    if (!*old && (!int_in(a, 11, INT32_MIN, INT32_MAX, &seq) ||
                  !int_in(a, 12, -ROSTER_MAX_PLAYERS, 100000, &unnamed)))
        return false;
    const json_t *prize = json_array_get(a, 6);
    const char *name = json_string_value(json_array_get(a, 10));
    if (!json_is_integer(prize) || json_integer_value(prize) < 0 || !name ||
        strlen(name) >= ROSTER_NAME_MAX || !text_one_line(name))
        return false;
    memset(p, 0, sizeof *p);
    p->id = (int32_t)v[0];
    p->status = (uint8_t)v[1];
    p->table = (int16_t)v[2];
    p->seat = (uint8_t)v[3];
    p->place_best = (int16_t)v[4];
    p->place_worst = (int16_t)v[5];
    p->prize = json_integer_value(prize);
    p->entries = (uint16_t)v[7];
    p->rebuys = (uint16_t)v[8];
    p->addons = (uint16_t)v[9];
    p->out_seq = (int32_t)seq;
    p->unnamed_before = (int32_t)unnamed;
    p->head = size == 15 ? json_integer_value(head) : 0;
    p->bounties = size == 15 ? json_integer_value(won) : 0;
    snprintf(p->name, sizeof p->name, "%s", name);
    return (p->status == PLAYER_SEATED) == (p->table >= 0 && p->seat >= 1);
}

static bool table_load(const json_t *a, table_t *t)
{
    long number, seats, blocked, button, pos;
    const char *name = json_string_value(json_array_get(a, 1));
    const json_t *occ = json_array_get(a, 7);
    if (!json_is_array(a) || json_array_size(a) != 8 || !name ||
        strlen(name) >= ROSTER_TABLE_NAME_MAX || !text_one_line(name) ||
        !json_is_boolean(json_array_get(a, 3)) || !int_in(a, 0, 1, TOURNEY_MAX_TABLE_NO, &number) ||
        !int_in(a, 2, 2, ROSTER_MAX_SEATS, &seats) || !int_in(a, 4, 0, 0xffff, &blocked) ||
        !int_in(a, 5, 0, seats, &button) || !int_in(a, 6, 0, ROSTER_MAX_TABLES - 1, &pos) ||
        json_array_size(occ) != ROSTER_MAX_SEATS)
        return false;
    memset(t, 0, sizeof *t);
    t->number = (int16_t)number;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->seats = (uint8_t)seats;
    t->open = json_is_true(json_array_get(a, 3));
    t->blocked = (uint16_t)blocked;
    t->button = (uint8_t)button;
    t->break_pos = (int16_t)pos;
    for (size_t s = 0; s < ROSTER_MAX_SEATS; s++) {
        long o;
        if (!int_in(occ, s, 0, ROSTER_MAX_PLAYERS, &o) || (o && (long)s >= seats))
            return false;
        t->occupant[s] = (int16_t)o;
    }
    return true;
}

static json_t *undo_save(const roster_undo_t *u, bool ok)
{
    json_t *ps = json_array(), *ts = json_array();
    for (int i = 0; i < u->n_changed_players; i++)
        json_array_append_new(ps,
                              json_pack("[i,o]", u->player_index[i], player_save(&u->players[i])));
    for (int i = 0; i < u->n_changed_tables; i++)
        json_array_append_new(ts, json_pack("[i,o]", u->table_index[i], table_save(&u->tables[i])));
    return json_pack("{s:I, s:i, s:i, s:b, s:b, s:i, s:i, s:b, s:o, s:o, s:I}", "v",
                     (json_int_t)u->version, "b", (int)u->balance, "w", u->within2_until, "fp",
                     u->final_plus_one, "fd", u->final_drawn, "np", u->n_players, "nt", u->n_tables,
                     "ok", ok, "p", ps, "t", ts, "mt", (json_int_t)u->moves_total);
}

json_t *roster_json_save(const game_t *g)
{
    const roster_t *r = &g->r;
    json_t *ps = json_array(), *ts = json_array(), *us = json_array();
    for (int i = 0; i < r->n_players; i++)
        json_array_append_new(ps, player_save(&r->players[i]));
    for (int i = 0; i < r->n_tables; i++)
        json_array_append_new(ts, table_save(&r->tables[i]));
    for (int i = 0; i < g->n_undo; i++)
        json_array_append_new(us, undo_save(&g->undo[i], g->undoable[i]));
    return json_pack("{s:I, s:i, s:i, s:b, s:b, s:o, s:o, s:o, s:o}", "v", (json_int_t)r->version,
                     "b", (int)r->balance, "w", r->within2_until, "fp", r->final_plus_one, "fd",
                     r->final_drawn, "players", ps, "tables", ts, "undo", us, "moves",
                     moves_json_save(&r->moves));
}

/* The header fields a roster and an undo entry share. */
static bool header_load(const json_t *j, uint32_t *version, balance_mode *balance, int *within2,
                        bool *fp, bool *fd)
{
    const json_t *v = json_object_get(j, "v"), *b = json_object_get(j, "b"),
                 *w = json_object_get(j, "w"), *p = json_object_get(j, "fp"),
                 *d = json_object_get(j, "fd");
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > UINT32_MAX ||
        !json_is_integer(b) || json_integer_value(b) < 0 ||
        json_integer_value(b) > BALANCE_FULL_TABLE || !json_is_integer(w) ||
        json_integer_value(w) < 0 || json_integer_value(w) > ROSTER_MAX_TABLES ||
        !json_is_boolean(p) || !json_is_boolean(d))
        return false;
    *version = (uint32_t)json_integer_value(v);
    *balance = (balance_mode)json_integer_value(b);
    *within2 = (int)json_integer_value(w);
    *fp = json_is_true(p);
    *fd = json_is_true(d);
    return true;
}

static bool undo_load(const json_t *j, roster_undo_t *u, bool *ok)
{
    const json_t *np = json_object_get(j, "np"), *nt = json_object_get(j, "nt"),
                 *ps = json_object_get(j, "p"), *ts = json_object_get(j, "t"),
                 *okj = json_object_get(j, "ok");
    memset(u, 0, sizeof *u);
    if (!header_load(j, &u->version, &u->balance, &u->within2_until, &u->final_plus_one,
                     &u->final_drawn) ||
        !json_is_integer(np) || json_integer_value(np) < 0 ||
        json_integer_value(np) > ROSTER_MAX_PLAYERS || !json_is_integer(nt) ||
        json_integer_value(nt) < 0 || json_integer_value(nt) > ROSTER_MAX_TABLES ||
        !json_is_boolean(okj) || json_array_size(ps) > ROSTER_UNDO_RECORDS ||
        json_array_size(ts) > ROSTER_UNDO_RECORDS)
        return false;
    u->n_players = (int)json_integer_value(np);
    u->n_tables = (int)json_integer_value(nt);
    *ok = json_is_true(okj);
    long at;
    bool old;
    for (size_t i = 0; i < json_array_size(ps); i++) {
        const json_t *e = json_array_get(ps, i);
        if (!int_in(e, 0, 0, ROSTER_MAX_PLAYERS - 1, &at) ||
            !player_load(json_array_get(e, 1), &u->players[i], &old))
            return false;
        u->player_index[i] = (int16_t)at;
    }
    for (size_t i = 0; i < json_array_size(ts); i++) {
        const json_t *e = json_array_get(ts, i);
        if (!int_in(e, 0, 0, ROSTER_MAX_TABLES - 1, &at) ||
            !table_load(json_array_get(e, 1), &u->tables[i]))
            return false;
        u->table_index[i] = (int16_t)at;
    }
    u->n_changed_players = (int)json_array_size(ps);
    u->n_changed_tables = (int)json_array_size(ts);
    /* without it (a snapshot from before the log): nothing of the log to take back */
    const json_t *mt = json_object_get(j, "mt");
    if (mt &&
        (!json_is_integer(mt) || json_integer_value(mt) < 0 || json_integer_value(mt) > UINT32_MAX))
        return false;
    u->moves_total = mt ? (uint32_t)json_integer_value(mt) : UINT32_MAX;
    return true;
}

/* Every seated player sits where his table says, and nobody else does. */
static bool seats_agree(const roster_t *r)
{
    int seated = 0;
    for (int i = 0; i < r->n_players; i++) {
        const player_t *p = &r->players[i];
        if (p->id != i + 1)
            return false;
        if (p->status != PLAYER_SEATED)
            continue;
        if (p->table >= r->n_tables || p->seat > r->tables[p->table].seats ||
            r->tables[p->table].occupant[p->seat - 1] != i + 1)
            return false;
        seated++;
    }
    for (int t = 0; t < r->n_tables; t++)
        for (int s = 0; s < ROSTER_MAX_SEATS; s++)
            seated -= r->tables[t].occupant[s] != 0;
    return seated == 0;
}

int roster_json_load(const json_t *j, game_t *g, char *err, size_t errlen)
{
    const json_t *ps = json_object_get(j, "players"), *ts = json_object_get(j, "tables"),
                 *us = json_object_get(j, "undo");
    roster_t *r = malloc(sizeof *r);
    roster_undo_t *u = malloc(sizeof *u * TOURNEY_UNDO_DEPTH);
    bool ok[TOURNEY_UNDO_DEPTH];
    const char *why = NULL;
    if (!r || !u) {
        why = "out of memory";
        goto out;
    }
    roster_init(r);
    if (!json_is_object(j) ||
        !header_load(j, &r->version, &r->balance, &r->within2_until, &r->final_plus_one,
                     &r->final_drawn) ||
        !json_is_array(ps) || json_array_size(ps) > ROSTER_MAX_PLAYERS || !json_is_array(ts) ||
        json_array_size(ts) > ROSTER_MAX_TABLES || !json_is_array(us) ||
        json_array_size(us) != (size_t)g->m.n_undo) {
        why = "the roster's fields are missing or out of range";
        goto out;
    }
    r->n_players = (int)json_array_size(ps);
    r->n_tables = (int)json_array_size(ts);
    bool old = false, one_old;
    for (int i = 0; i < r->n_players && !why; i++) {
        if (!player_load(json_array_get(ps, (size_t)i), &r->players[i], &one_old))
            why = "a player of the roster does not read";
        old |= one_old;
    }
    for (int i = 0; i < r->n_tables && !why; i++)
        if (!table_load(json_array_get(ts, (size_t)i), &r->tables[i]))
            why = "a table of the roster does not read";
    if (!why && !seats_agree(r))
        why = "the roster's players and seats do not agree";
    /* a snapshot from before the log of moves has none */
    if (!why && json_object_get(j, "moves") &&
        !moves_json_load(json_object_get(j, "moves"), r, &r->moves))
        why = "the roster's log of moves does not read";
    for (size_t i = 0; i < json_array_size(us) && !why; i++)
        if (!undo_load(json_array_get(us, i), &u[i], &ok[i]))
            why = "an undo entry of the roster does not read";
    if (!why) {
        g->r = *r;
        /* what an earlier pokerclock's snapshot did not keep */
        standings_adopt(&g->m.t);
        if (old)
            standings_adopt_roster(&g->r, &g->m.t);
        g->n_undo = g->m.n_undo;
        for (int i = 0; i < g->n_undo; i++) {
            g->undo[i] = u[i];
            g->undoable[i] = ok[i];
            if (u[i].moves_total > r->moves.total)
                g->undo[i].moves_total = r->moves.total;
        }
    }
out:
    if (why)
        snprintf(err, errlen, "%s", why);
    free(r);
    free(u);
    return why ? -1 : 0;
}

/* ---- deltas: what one command changed, for a journal record ---- */

json_t *roster_json_delta(const roster_t *before, const roster_t *after)
{
    json_t *ps = json_array(), *ts = json_array();
    /* A new entry is written whatever the memory behind the old count held:
     * the roster it is put onto may hold something else there. */
    for (int i = 0; ps && i < after->n_players; i++)
        if (i >= before->n_players || player_changed(&before->players[i], &after->players[i]))
            json_array_append_new(ps, json_pack("[i,o]", i, player_save(&after->players[i])));
    for (int i = 0; ts && i < after->n_tables; i++)
        if (i >= before->n_tables ||
            memcmp(&before->tables[i], &after->tables[i], sizeof after->tables[i]) != 0)
            json_array_append_new(ts, json_pack("[i,o]", i, table_save(&after->tables[i])));
    json_t *d = json_pack("{s:I, s:i, s:i, s:b, s:b, s:i, s:i, s:o, s:o}", "v",
                          (json_int_t)after->version, "b", (int)after->balance, "w",
                          after->within2_until, "fp", after->final_plus_one, "fd",
                          after->final_drawn, "np", after->n_players, "nt", after->n_tables, "p",
                          ps, "t", ts);
    if (d && memcmp(&before->moves, &after->moves, sizeof after->moves) != 0 &&
        json_object_set_new(d, "moves", moves_json_save(&after->moves)) != 0) {
        json_decref(d);
        d = NULL;
    }
    return d;
}

int roster_json_apply(const json_t *d, roster_t *r, char *err, size_t errlen)
{
    const json_t *np = json_object_get(d, "np"), *nt = json_object_get(d, "nt"),
                 *ps = json_object_get(d, "p"), *ts = json_object_get(d, "t"),
                 *moves = json_object_get(d, "moves");
    roster_t *tmp = malloc(sizeof *tmp);
    const char *why = NULL;
    if (!tmp) {
        why = "out of memory";
        goto out;
    }
    *tmp = *r;
    if (!json_is_object(d) ||
        !header_load(d, &tmp->version, &tmp->balance, &tmp->within2_until, &tmp->final_plus_one,
                     &tmp->final_drawn) ||
        !json_is_integer(np) || json_integer_value(np) < 0 ||
        json_integer_value(np) > ROSTER_MAX_PLAYERS || !json_is_integer(nt) ||
        json_integer_value(nt) < 0 || json_integer_value(nt) > ROSTER_MAX_TABLES ||
        !json_is_array(ps) || !json_is_array(ts)) {
        why = "the roster's change has fields missing or out of range";
        goto out;
    }
    tmp->n_players = (int)json_integer_value(np);
    tmp->n_tables = (int)json_integer_value(nt);
    long at;
    bool old;
    for (size_t i = 0; i < json_array_size(ps) && !why; i++) {
        const json_t *e = json_array_get(ps, i);
        if (!int_in(e, 0, 0, tmp->n_players - 1, &at) ||
            !player_load(json_array_get(e, 1), &tmp->players[at], &old))
            why = "a player of the roster's change does not read";
    }
    for (size_t i = 0; i < json_array_size(ts) && !why; i++) {
        const json_t *e = json_array_get(ts, i);
        if (!int_in(e, 0, 0, tmp->n_tables - 1, &at) ||
            !table_load(json_array_get(e, 1), &tmp->tables[at]))
            why = "a table of the roster's change does not read";
    }
    if (!why && !seats_agree(tmp))
        why = "after the roster's change its players and seats do not agree";
    if (!why && moves && !moves_json_load(moves, tmp, &tmp->moves))
        why = "the roster's change has a log of moves that does not read";
    if (!why)
        *r = *tmp;
out:
    if (why)
        snprintf(err, errlen, "%s", why);
    free(tmp);
    return why ? -1 : 0;
}
