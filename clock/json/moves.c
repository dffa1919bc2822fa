/* The log of recent moves in JSON; see moves.h. */
#include <stdlib.h>
#include <string.h>

#include "json/moves.h"

static json_t *table_or_null(const roster_t *r, int t)
{
    return t >= 0 && t < r->n_tables ? json_integer(r->tables[t].number) : json_null();
}

json_t *moves_json_list(const roster_t *r, bool short_names, int64_t now)
{
    json_t *a = json_array();
    const move_rec_t *m;
    for (int i = 0; a && i < MOVES_SHOWN && (m = moves_log_get(&r->moves, i)); i++) {
        char label[64] = "";
        const char *name = "";
        if (m->player >= 0 && m->player < r->n_players) {
            roster_player_shown(r, m->player, short_names, label, sizeof label);
            name = r->players[m->player].name[0] ? label : "";
        }
        /* name: as registered ("" for none; the pages say "Spieler 2" in
         * their language); label: the name or "Player 2" */
        json_t *o = json_pack("{s:i, s:s, s:s, s:o, s:o, s:o, s:i, s:s, s:I}", "player",
                              m->player + 1, "name", name, "label", label, "from_table",
                              table_or_null(r, m->from_table), "from_seat",
                              m->from_seat ? json_integer(m->from_seat) : json_null(), "to_table",
                              table_or_null(r, m->to_table), "to_seat", m->to_seat, "why",
                              moves_why_name(m->why), "ago_ms",
                              (json_int_t)(now > m->at ? now - m->at : 0));
        /* stands: the player still sits where the move put him */
        json_object_set_new(o, "stands", json_boolean(roster_move_stands(r, m)));
        json_array_append_new(a, o);
    }
    return a;
}

json_t *moves_json_resource(const roster_t *r, const house_t *h, bool short_names, int64_t now)
{
    return json_pack("{s:I, s:I, s:o}", "total", (json_int_t)r->moves.total, "strip_ms",
                     (json_int_t)moves_strip_ms(h->move_strip_ms, h->move_strip_off), "moves",
                     moves_json_list(r, short_names, now));
}

json_t *moves_json_save(const moves_log_t *l)
{
    json_t *a = json_array();
    for (int i = moves_log_count(l) - 1; a && i >= 0; i--) {
        const move_rec_t *m = moves_log_get(l, i);
        json_array_append_new(a, json_pack("[I,i,i,i,i,i,i]", (json_int_t)m->at, m->player,
                                           m->from_table, m->from_seat, m->to_table, m->to_seat,
                                           m->why));
    }
    return json_pack("{s:I, s:I, s:o}", "n", (json_int_t)l->total, "f", (json_int_t)l->first, "m",
                     a);
}

static bool in(const json_t *a, size_t i, json_int_t lo, json_int_t hi, json_int_t *out)
{
    const json_t *v = json_array_get(a, i);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return false;
    *out = json_integer_value(v);
    return true;
}

bool moves_json_load(const json_t *j, const roster_t *r, moves_log_t *l)
{
    const json_t *n = json_object_get(j, "n"), *f = json_object_get(j, "f"),
                 *a = json_object_get(j, "m");
    if (!json_is_integer(n) || !json_is_integer(f) || !json_is_array(a) ||
        json_integer_value(n) < 0 || json_integer_value(n) > UINT32_MAX ||
        json_integer_value(f) < 0 || json_integer_value(f) > json_integer_value(n) ||
        (json_int_t)json_array_size(a) != json_integer_value(n) - json_integer_value(f) ||
        json_array_size(a) > MOVES_LOG_MAX)
        return false;
    moves_log_t *tmp = calloc(1, sizeof *tmp);
    if (!tmp)
        return false;
    tmp->total = tmp->first = (uint32_t)json_integer_value(f);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *e = json_array_get(a, i);
        json_int_t v[7];
        if (json_array_size(e) != 7 || !in(e, 0, INT64_MIN, INT64_MAX, &v[0]) ||
            !in(e, 1, 0, r->n_players - 1, &v[1]) || !in(e, 2, -1, r->n_tables - 1, &v[2]) ||
            !in(e, 3, 0, ROSTER_MAX_SEATS, &v[3]) || !in(e, 4, 0, r->n_tables - 1, &v[4]) ||
            !in(e, 5, 1, ROSTER_MAX_SEATS, &v[5]) || !in(e, 6, MOVE_BALANCE, MOVE_FINAL, &v[6])) {
            free(tmp);
            return false;
        }
        move_rec_t m;
        memset(&m, 0, sizeof m); /* padding too: equal to the log it was saved from */
        m.at = v[0];
        m.player = (int16_t)v[1];
        m.from_table = (int16_t)v[2];
        m.from_seat = (uint8_t)v[3];
        m.to_table = (int16_t)v[4];
        m.to_seat = (uint8_t)v[5];
        m.why = (uint8_t)v[6];
        moves_log_add(tmp, &m);
    }
    *l = *tmp;
    free(tmp);
    return true;
}
