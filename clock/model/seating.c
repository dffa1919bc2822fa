/* The roster: players, tables, the seat draw, balancing, breaking, the final
 * table (docs/rules.md §7). Pure: random numbers come in as arguments. */
#include "model/seating.h"
#include "model/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/procedures.h"

/* A roster change refused: *err says why (refusal.h). */
static bool refused(apply_status st)
{
    (void)st;
    return false;
}

/* A uniform pick of 0..n-1 from a uniform 64-bit number: the modulo bias is
 * below n / 2^64, far under anything a field of players could notice. */
static int pick(uint64_t rnd, int n)
{
    return (int)(rnd % (uint64_t)n);
}

/* ---- one table ---- */

static bool seat_taken(const table_t *t, int s)
{
    return t->occupant[s - 1] != 0;
}

static bool seat_blocked(const table_t *t, int s)
{
    return (t->blocked >> (s - 1)) & 1;
}

static bool seat_free(const table_t *t, int s)
{
    return !seat_taken(t, s) && !seat_blocked(t, s);
}

static int table_count(const table_t *t)
{
    int n = 0;
    for (int s = 1; s <= t->seats; s++)
        n += seat_taken(t, s);
    return n;
}

static int table_free_seats(const table_t *t)
{
    int n = 0;
    for (int s = 1; s <= t->seats; s++)
        n += seat_free(t, s);
    return n;
}

static int seat_after(const table_t *t, int s, int k)
{
    return (s - 1 + k) % t->seats + 1;
}

/* The first occupied seat clockwise after s (s itself when it is the only one). */
static int next_taken(const table_t *t, int s)
{
    for (int k = 1; k <= t->seats; k++)
        if (seat_taken(t, seat_after(t, s, k)))
            return seat_after(t, s, k);
    return 0;
}

/* The blinds of the next hand, dealt from the button (heads-up the button is
 * the small blind). False when the button is not known or fewer than two play. */
static bool table_blinds(const table_t *t, int *sb, int *bb)
{
    if (!t->button || table_count(t) < 2)
        return false;
    if (table_count(t) == 2 && seat_taken(t, t->button))
        *sb = t->button;
    else
        *sb = next_taken(t, t->button);
    *bb = next_taken(t, *sb);
    return true;
}

/* An empty seat from the button up to the small blind: a player put there
 * would get the button before paying a blind, so he is dealt in only once
 * it has passed (TDA 10A). With a dead button the button's own seat counts;
 * heads-up the button is the small blind, and no seat is between them. */
static bool seat_waits(const table_t *t, int s)
{
    int sb, bb;
    if (seat_taken(t, s) || !table_blinds(t, &sb, &bb))
        return false;
    for (int k = 0; k < t->seats; k++) {
        int q = seat_after(t, t->button, k);
        if (q == sb)
            return false;
        if (q == s)
            return true;
    }
    return false;
}

/* ---- set-up ---- */

void roster_init(roster_t *r)
{
    memset(r, 0, sizeof *r);
}

int roster_table_by_number(const roster_t *r, int number)
{
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].number == number)
            return i;
    return -1;
}

int roster_add_table(roster_t *r, int number, const char *name, int seats, uint16_t blocked,
                     refusal_t *err)
{
    if (r->n_tables >= ROSTER_MAX_TABLES)
        return refused(refuse_tables_most(err, ROSTER_MAX_TABLES)), -1;
    if (number < 1 || number > TOURNEY_MAX_TABLE_NO)
        return refused(refuse_table_number_range(err, TOURNEY_MAX_TABLE_NO)), -1;
    if (roster_table_by_number(r, number) >= 0)
        return refused(refuse_table_exists(err, number)), -1;
    if (seats < 2 || seats > ROSTER_MAX_SEATS)
        return refused(refuse_table_seats_range(err, ROSTER_MAX_SEATS)), -1;
    if (name && strlen(name) >= ROSTER_TABLE_NAME_MAX)
        return refused(refuse_table_name_long(err, ROSTER_TABLE_NAME_MAX - 1)), -1;
    uint16_t all = (uint16_t)((1u << seats) - 1);
    if ((blocked & ~all) || (blocked & all) == all)
        return refused(refuse_table_blocked_seats(err)), -1;
    for (int i = 0; i < r->n_tables; i++)
        r->tables[i].break_pos++;
    table_t *t = &r->tables[r->n_tables];
    memset(t, 0, sizeof *t);
    t->number = (int16_t)number;
    t->seats = (uint8_t)seats;
    t->blocked = blocked;
    t->open = true;
    snprintf(t->name, sizeof t->name, "%s", name ? name : "");
    r->version++;
    return r->n_tables++;
}

bool roster_set_break_order(roster_t *r, const int *numbers, int n, refusal_t *err)
{
    if (n != r->n_tables)
        return refused(refuse_break_order_count(err, r->n_tables));
    int16_t pos[ROSTER_MAX_TABLES];
    for (int i = 0; i < n; i++)
        pos[i] = -1;
    for (int i = 0; i < n; i++) {
        int t = roster_table_by_number(r, numbers[i]);
        if (t < 0)
            return refused(refuse_table_no_such(err, numbers[i]));
        if (pos[t] >= 0)
            return refused(refuse_break_order_twice(err, numbers[i]));
        pos[t] = (int16_t)i;
    }
    for (int i = 0; i < n; i++)
        r->tables[i].break_pos = pos[i];
    r->version++;
    return true;
}

void roster_draw_break_order(roster_t *r, const uint64_t *rnd)
{
    int order[ROSTER_MAX_TABLES];
    int n = r->n_tables;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = 0; i + 1 < n; i++) {
        int j = i + pick(rnd[i], n - i);
        int x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (int i = 0; i < n; i++)
        r->tables[order[i]].break_pos = (int16_t)i;
    r->version++;
}

void roster_break_order(const roster_t *r, int *out)
{
    for (int i = 0; i < r->n_tables; i++)
        out[r->tables[i].break_pos] = i;
}

static bool table_ok(const roster_t *r, int table, refusal_t *err)
{
    if (table < 0 || table >= r->n_tables)
        return refused(refuse_table_unknown(err));
    return true;
}

bool roster_table_open(roster_t *r, int table, bool open, refusal_t *err)
{
    if (!table_ok(r, table, err))
        return false;
    table_t *t = &r->tables[table];
    if (!open && table_count(t) == 1)
        return refused(refuse_table_still_player(err, t->number));
    if (!open && table_count(t) > 1)
        return refused(refuse_table_still_players(err, t->number, table_count(t)));
    t->open = open;
    if (!open)
        t->button = 0;
    r->version++;
    return true;
}

bool roster_block_seat(roster_t *r, int table, int seat, bool blocked, refusal_t *err)
{
    if (!table_ok(r, table, err))
        return false;
    table_t *t = &r->tables[table];
    if (seat < 1 || seat > t->seats)
        return refused(refuse_table_seats(err, t->number, t->seats));
    if (blocked && seat_taken(t, seat))
        return refused(refuse_seat_taken_by(err, t->number, seat));
    uint16_t bit = (uint16_t)(1u << (seat - 1));
    if (blocked && (t->blocked | bit) == (uint16_t)((1u << t->seats) - 1))
        return refused(refuse_table_no_seat_left(err, t->number));
    t->blocked = blocked ? (uint16_t)(t->blocked | bit) : (uint16_t)(t->blocked & ~bit);
    r->version++;
    return true;
}

bool roster_set_button(roster_t *r, int table, int seat, refusal_t *err)
{
    if (!table_ok(r, table, err))
        return false;
    table_t *t = &r->tables[table];
    if (seat < 0 || seat > t->seats)
        return refused(refuse_button_seats(err, t->number, t->seats));
    t->button = (uint8_t)seat;
    r->version++;
    return true;
}

void roster_hand_done(roster_t *r, int table)
{
    if (table < 0 || table >= r->n_tables)
        return;
    table_t *t = &r->tables[table];
    if (!t->button || table_count(t) < 2)
        return;
    /* Dead-button rule: the button goes to this hand's small blind, which
     * heads-up is the other player. */
    t->button = (uint8_t)next_taken(t, t->button);
    r->version++;
}

/* ---- players ---- */

static bool player_ok(const roster_t *r, int p, refusal_t *err)
{
    if (p < 0 || p >= r->n_players)
        return refused(refuse_player_unknown(err));
    return true;
}

static bool name_ok(const char *name, refusal_t *err)
{
    if (strlen(name) >= ROSTER_NAME_MAX)
        return refused(refuse_name_too_long(err, ROSTER_NAME_MAX - 1));
    if (!text_one_line(name))
        return refused(refuse_name_not_text(err));
    return true;
}

int roster_register(roster_t *r, const char *name, refusal_t *err)
{
    if (r->n_players >= ROSTER_MAX_PLAYERS)
        return refused(refuse_players_most(err, ROSTER_MAX_PLAYERS)), -1;
    name = name ? name : "";
    if (!name_ok(name, err))
        return -1;
    player_t *p = &r->players[r->n_players];
    memset(p, 0, sizeof *p);
    p->id = r->n_players + 1;
    p->table = -1;
    p->entries = 1;
    p->status = PLAYER_WAITING;
    snprintf(p->name, sizeof p->name, "%s", name);
    r->version++;
    return r->n_players++;
}

bool roster_rename(roster_t *r, int player, const char *name, refusal_t *err)
{
    if (!player_ok(r, player, err) || !name_ok(name, err))
        return false;
    snprintf(r->players[player].name, sizeof r->players[player].name, "%s", name);
    r->version++;
    return true;
}

bool roster_remove(roster_t *r, int player, refusal_t *err)
{
    if (!player_ok(r, player, err))
        return false;
    player_t *p = &r->players[player];
    if (p->status != PLAYER_SEATED && p->status != PLAYER_WAITING)
        return refused(refuse_player_out_already(err, (int)p->id));
    if (p->status == PLAYER_SEATED)
        r->tables[p->table].occupant[p->seat - 1] = 0;
    p->status = PLAYER_REMOVED;
    p->table = -1;
    p->seat = 0;
    r->version++;
    return true;
}

bool roster_counts(const roster_t *r, int player)
{
    return player >= 0 && player < r->n_players && r->players[player].status != PLAYER_REMOVED;
}

void roster_player_label(const roster_t *r, int player, char *buf, size_t len)
{
    if (player < 0 || player >= r->n_players) {
        snprintf(buf, len, "?");
        return;
    }
    const player_t *p = &r->players[player];
    if (p->name[0])
        snprintf(buf, len, "%s", p->name);
    else
        snprintf(buf, len, "Player %d", (int)p->id);
}

void roster_player_shown(const roster_t *r, int player, bool short_names, char *buf, size_t len)
{
    if (short_names && player >= 0 && player < r->n_players && r->players[player].name[0])
        text_short_name(r->players[player].name, buf, len);
    else
        roster_player_label(r, player, buf, len);
}

bool roster_reenter(roster_t *r, int player, refusal_t *err)
{
    if (!player_ok(r, player, err))
        return false;
    player_t *p = &r->players[player];
    if (p->status != PLAYER_OUT)
        return refused(refuse_reenter_not_out(err));
    if (p->entries == UINT16_MAX)
        return refused(refuse_entries_too_many(err));
    p->entries++;
    p->status = PLAYER_WAITING;
    p->out_seq = p->unnamed_before = 0;
    r->version++;
    return true;
}

static bool count_up(roster_t *r, int player, uint16_t *n, refusal_t *err)
{
    if (r->players[player].status == PLAYER_OUT || r->players[player].status == PLAYER_REMOVED)
        return refused(refuse_player_is_out(err));
    if (*n == UINT16_MAX)
        return refused(refuse_too_many(err));
    (*n)++;
    r->version++;
    return true;
}

bool roster_rebuy(roster_t *r, int player, refusal_t *err)
{
    return player_ok(r, player, err) && count_up(r, player, &r->players[player].rebuys, err);
}

bool roster_addon(roster_t *r, int player, refusal_t *err)
{
    return player_ok(r, player, err) && count_up(r, player, &r->players[player].addons, err);
}

int roster_entries(const roster_t *r)
{
    int n = 0;
    for (int i = 0; i < r->n_players; i++)
        n += roster_counts(r, i) ? r->players[i].entries : 0;
    return n;
}

int roster_players_left(const roster_t *r)
{
    int n = 0;
    for (int i = 0; i < r->n_players; i++)
        n += r->players[i].status == PLAYER_SEATED || r->players[i].status == PLAYER_WAITING;
    return n;
}

int roster_busted(const roster_t *r)
{
    return roster_entries(r) - roster_players_left(r);
}

int roster_table_players(const roster_t *r, int table)
{
    if (table < 0 || table >= r->n_tables)
        return 0;
    return table_count(&r->tables[table]);
}

uint16_t roster_usual_blocked(const roster_t *r, int seats)
{
    uint16_t common = 0xffff;
    bool any = false;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].seats == seats) {
            common &= r->tables[i].blocked;
            any = true;
        }
    return any ? common : 0;
}

bool roster_move_stands(const roster_t *r, const move_rec_t *m)
{
    if (m->player < 0 || m->player >= r->n_players || m->to_table < 0 || m->to_table >= r->n_tables)
        return false;
    const player_t *p = &r->players[m->player];
    return p->status == PLAYER_SEATED && p->table == m->to_table && p->seat == m->to_seat;
}

int roster_tables_in_play(const roster_t *r, int *numbers, int max)
{
    int n = 0;
    for (int no = 1; no <= TOURNEY_MAX_TABLE_NO; no++) {
        int t = roster_table_by_number(r, no);
        if (t >= 0 && r->tables[t].open && table_count(&r->tables[t]) > 0) {
            if (n < max)
                numbers[n] = no;
            n++;
        }
    }
    return n;
}

static char fold(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool holds(const char *name, const char *query)
{
    size_t q = strlen(query);
    for (const char *h = name; strlen(h) >= q; h++) {
        size_t i = 0;
        while (i < q && fold(h[i]) == fold(query[i]))
            i++;
        if (i == q)
            return true;
    }
    return false;
}

int roster_find(const roster_t *r, const char *query, int *out, int max)
{
    if (!query || !*query)
        return 0;
    char *end;
    long id = strtol(query, &end, 10);
    int n = 0;
    for (int p = 0; p < r->n_players; p++) {
        bool by_number = *end == 0 && id == r->players[p].id;
        if (roster_counts(r, p) && (by_number || holds(r->players[p].name, query))) {
            if (n < max)
                out[n] = p;
            n++;
        }
    }
    return n;
}

/* ---- seating ---- */

static void seat_put(table_t *tabs, player_t *p, int player, int table, int seat)
{
    tabs[table].occupant[seat - 1] = (int16_t)(player + 1);
    if (p) {
        p->table = (int16_t)table;
        p->seat = (uint8_t)seat;
        p->status = PLAYER_SEATED;
    }
}

/* The fewest players at an open table with a free seat: new players go to
 * the tables with that many, which keeps tables even. */
static int fewest_players(const table_t *tabs, int n_tables)
{
    int fewest = ROSTER_MAX_SEATS + 1;
    for (int i = 0; i < n_tables; i++)
        if (tabs[i].open && table_free_seats(&tabs[i]) > 0 && table_count(&tabs[i]) < fewest)
            fewest = table_count(&tabs[i]);
    return fewest;
}

/* Writes the choices up to max to out (NULL: none) and returns how many
 * there are; `nth` >= 0 writes only that one, to out[0]. */
static int seat_choices(const table_t *tabs, int n_tables, move_t *out, int max, int nth)
{
    int fewest = fewest_players(tabs, n_tables);
    int n = 0;
    for (int pass = 0; pass < 2 && n == 0; pass++)
        for (int i = 0; i < n_tables; i++) {
            const table_t *t = &tabs[i];
            if (!t->open || table_count(t) != fewest)
                continue;
            for (int s = 1; s <= t->seats; s++)
                if (seat_free(t, s) && seat_waits(t, s) == (pass == 1)) {
                    if (nth < 0 ? n < max : n == nth)
                        out[nth < 0 ? n : 0] = (move_t){-1, -1, 0, i, s, pass == 1};
                    n++;
                }
        }
    return n;
}

int roster_seat_choices(const roster_t *r, move_t *out, int max)
{
    return seat_choices(r->tables, r->n_tables, out, max, -1);
}

bool roster_draw_seat(const roster_t *r, int player, uint64_t rnd, move_t *out)
{
    int n = seat_choices(r->tables, r->n_tables, NULL, 0, -1);
    if (n == 0)
        return false;
    seat_choices(r->tables, r->n_tables, out, 1, pick(rnd, n));
    out->player = player;
    if (player >= 0 && r->players[player].status == PLAYER_SEATED) {
        out->from_table = r->players[player].table;
        out->from_seat = r->players[player].seat;
    }
    return true;
}

bool roster_seat_player(roster_t *r, int player, int table, int seat, refusal_t *err)
{
    move_t m = {player, -1, 0, table, seat, false};
    return roster_apply_moves(r, &m, 1, err);
}

bool roster_apply_moves(roster_t *r, const move_t *m, int n, refusal_t *err)
{
    for (int i = 0; i < n; i++) {
        if (!player_ok(r, m[i].player, err) || !table_ok(r, m[i].to_table, err))
            return false;
        const player_t *p = &r->players[m[i].player];
        const table_t *t = &r->tables[m[i].to_table];
        if (p->status == PLAYER_OUT || p->status == PLAYER_REMOVED)
            return refused(refuse_move_player_out(err, (int)p->id));
        if (!t->open)
            return refused(refuse_table_closed(err, t->number));
        if (m[i].to_seat < 1 || m[i].to_seat > t->seats || seat_blocked(t, m[i].to_seat))
            return refused(refuse_table_no_seat(err, t->number, m[i].to_seat));
        int o = t->occupant[m[i].to_seat - 1] - 1;
        bool o_moves = o < 0;
        for (int j = 0; j < n; j++) {
            if (j != i && m[j].player == m[i].player)
                return refused(refuse_move_twice(err, (int)p->id));
            if (j != i && m[j].to_table == m[i].to_table && m[j].to_seat == m[i].to_seat)
                return refused(refuse_move_same_seat(err, t->number, m[i].to_seat));
            o_moves = o_moves || m[j].player == o;
        }
        if (!o_moves)
            return refused(refuse_seat_taken(err, t->number, m[i].to_seat));
    }
    for (int i = 0; i < n; i++) {
        player_t *p = &r->players[m[i].player];
        if (p->status == PLAYER_SEATED)
            r->tables[p->table].occupant[p->seat - 1] = 0;
    }
    for (int i = 0; i < n; i++)
        seat_put(r->tables, &r->players[m[i].player], m[i].player, m[i].to_table, m[i].to_seat);
    r->version++;
    return true;
}

/* ---- balancing, breaking, the final table ---- */

static int open_tables(const roster_t *r)
{
    int n = 0;
    for (int i = 0; i < r->n_tables; i++)
        n += r->tables[i].open;
    return n;
}

int roster_tolerance(const roster_t *r)
{
    switch (r->balance) {
    case BALANCE_WITHIN_2: return open_tables(r) > r->within2_until ? 2 : 1;
    case BALANCE_FULL_TABLE: return 2;
    default: return 1;
    }
}

/* The table that plays on to the end: the last open one of the break order. */
static int final_table(const roster_t *r)
{
    int f = -1;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].open && (f < 0 || r->tables[i].break_pos > r->tables[f].break_pos))
            f = i;
    return f;
}

static int final_seats(const roster_t *r, int f)
{
    const table_t *t = &r->tables[f];
    int seats = t->seats;
    if (r->final_plus_one && seats < ROSTER_MAX_SEATS)
        seats++;
    return seats;
}

int roster_final_size(const roster_t *r)
{
    int f = final_table(r);
    if (f < 0)
        return 0;
    int n = 0;
    for (int s = 1; s <= final_seats(r, f); s++)
        n += !seat_blocked(&r->tables[f], s);
    return n;
}

int roster_next_break(const roster_t *r)
{
    int b = -1;
    if (open_tables(r) < 2)
        return -1;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].open && (b < 0 || r->tables[i].break_pos < r->tables[b].break_pos))
            b = i;
    return b;
}

/* The fullest and the shortest open tables of tabs; false when fewer than two. */
static bool extremes(const table_t *tabs, int n_tables, int *full, int *shortest)
{
    *full = *shortest = -1;
    for (int i = 0; i < n_tables; i++) {
        const table_t *t = &tabs[i];
        if (!t->open)
            continue;
        int c = table_count(t);
        if (*full < 0 || c > table_count(&tabs[*full]) ||
            (c == table_count(&tabs[*full]) && t->break_pos < tabs[*full].break_pos))
            *full = i;
        if (table_free_seats(t) > 0 &&
            (*shortest < 0 || c < table_count(&tabs[*shortest]) ||
             (c == table_count(&tabs[*shortest]) && t->break_pos > tabs[*shortest].break_pos)))
            *shortest = i;
    }
    return *full >= 0 && *shortest >= 0 && *full != *shortest;
}

roster_action roster_next_action(const roster_t *r)
{
    int open = open_tables(r);
    if (open < 2)
        return ROSTER_NOTHING;
    int left = roster_players_left(r);
    if (!r->final_drawn && left <= roster_final_size(r))
        return ROSTER_FINAL;
    int b = roster_next_break(r), room = 0;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].open && i != b)
            room += table_free_seats(&r->tables[i]) + table_count(&r->tables[i]);
    if (left <= room)
        return ROSTER_BREAK;
    int full, shortest;
    if (extremes(r->tables, r->n_tables, &full, &shortest) &&
        table_count(&r->tables[full]) - table_count(&r->tables[shortest]) > roster_tolerance(r))
        return ROSTER_BALANCE;
    return ROSTER_NOTHING;
}

/* Where a player moved in for balance sits worst (TDA 11): the free seat
 * where, with him seated, the big blind reaches him soonest, in the next
 * hand when it can ("including taking the big blind alone"); never the
 * small blind. The blinds are counted with him at the table: beside a
 * heads-up button (the small blind there) he would otherwise be put in the
 * small blind of three. Ties: the first seat after the small blind. 0 when
 * the table's button is not known. */
static int worst_seat(const table_t *t)
{
    int sb, bb, best = 0, best_wait = ROSTER_MAX_SEATS + 1;
    if (!table_blinds(t, &sb, &bb))
        return 0;
    for (int k = 1; k <= t->seats; k++) {
        int s = seat_after(t, sb, k), sb2, bb2, wait = 0;
        if (!seat_free(t, s))
            continue;
        table_t with = *t;
        with.occupant[s - 1] = 1; /* someone */
        if (!table_blinds(&with, &sb2, &bb2) || sb2 == s)
            continue;
        /* the hands until the big blind comes to him */
        for (int q = bb2; q != s; q = next_taken(&with, q))
            wait++;
        if (wait < best_wait) {
            best = s;
            best_wait = wait;
        }
    }
    return best;
}

/* Who is big blind next: the big blind of the next hand. */
static int big_blind_next(const table_t *t)
{
    int sb, bb;
    return table_blinds(t, &sb, &bb) ? bb : 0;
}

/* A stand-in occupant for "the player the floor names" in a plan. */
enum { SOMEONE = INT16_MAX };

int roster_propose_balance(const roster_t *r, const uint64_t *rnd, move_t *out, int max)
{
    table_t tabs[ROSTER_MAX_TABLES];
    memcpy(tabs, r->tables, sizeof tabs[0] * (size_t)r->n_tables);
    int tol = roster_tolerance(r), n = 0, full, to;
    while (n < max && extremes(tabs, r->n_tables, &full, &to) &&
           table_count(&tabs[full]) - table_count(&tabs[to]) > tol) {
        table_t *f = &tabs[full], *t = &tabs[to];
        move_t m = {-1, full, big_blind_next(f), to, worst_seat(t), false};
        if (m.from_seat && f->occupant[m.from_seat - 1] != SOMEONE)
            m.player = f->occupant[m.from_seat - 1] - 1;
        if (m.to_seat) {
            m.waits = seat_waits(t, m.to_seat);
        } else {
            int empty[ROSTER_MAX_SEATS] = {0}, k = 0;
            for (int s = 1; s <= t->seats; s++)
                if (seat_free(t, s))
                    empty[k++] = s;
            m.to_seat = empty[rnd ? pick(rnd[n], k) : 0];
        }
        /* without a button any player leaves the plan's copy: the floor
         * names the real one */
        int leaves = m.from_seat ? m.from_seat : next_taken(f, 1);
        f->occupant[leaves - 1] = 0;
        t->occupant[m.to_seat - 1] = (int16_t)(m.player >= 0 ? m.player + 1 : SOMEONE);
        out[n++] = m;
    }
    return n;
}

int roster_propose_break(const roster_t *r, int table, const uint64_t *rnd, move_t *out, int max)
{
    if (table < 0 || table >= r->n_tables)
        return 0;
    table_t tabs[ROSTER_MAX_TABLES];
    memcpy(tabs, r->tables, sizeof tabs[0] * (size_t)r->n_tables);
    tabs[table].open = false;
    int n = 0;
    for (int s = 1; s <= tabs[table].seats && n < max; s++) {
        int p = tabs[table].occupant[s - 1] - 1;
        if (p < 0)
            continue;
        /* Step one: a table, among those with the fewest players. */
        int cand[ROSTER_MAX_TABLES], k = 0, fewest = fewest_players(tabs, r->n_tables);
        for (int i = 0; i < r->n_tables; i++)
            if (tabs[i].open && table_free_seats(&tabs[i]) > 0 && table_count(&tabs[i]) == fewest)
                cand[k++] = i;
        if (k == 0)
            break;
        int to = cand[pick(rnd[2 * n], k)];
        /* Step two: a seat there; any seat (TDA 10A), dealt in once the
         * button has passed when it is between the small blind and the button. */
        int empty[ROSTER_MAX_SEATS] = {0}, m = 0;
        for (int q = 1; q <= tabs[to].seats; q++)
            if (seat_free(&tabs[to], q))
                empty[m++] = q;
        int seat = empty[pick(rnd[2 * n + 1], m)];
        out[n] = (move_t){p, table, s, to, seat, seat_waits(&tabs[to], seat)};
        seat_put(tabs, NULL, p, to, seat);
        n++;
    }
    return n;
}

int roster_propose_final(const roster_t *r, const uint64_t *rnd, move_t *out, int max)
{
    int f = final_table(r);
    if (f < 0)
        return 0;
    int seats[ROSTER_MAX_SEATS], k = 0;
    for (int s = 1; s <= final_seats(r, f); s++)
        if (!seat_blocked(&r->tables[f], s))
            seats[k++] = s;
    int n = 0;
    for (int p = 0; p < r->n_players && n < max; p++) {
        const player_t *pl = &r->players[p];
        if (pl->status == PLAYER_OUT || pl->status == PLAYER_REMOVED)
            continue;
        if (n == k)
            return 0; /* more players than seats: not a final table yet */
        int j = n + pick(rnd[n], k - n);
        int x = seats[n];
        seats[n] = seats[j];
        seats[j] = x;
        out[n] = (move_t){p,    pl->status == PLAYER_SEATED ? pl->table : -1, pl->seat, f, seats[n],
                          false};
        n++;
    }
    return n;
}

bool roster_apply_final(roster_t *r, const move_t *m, int n, refusal_t *err)
{
    int f = final_table(r);
    if (f < 0)
        return refused(refuse_tables_none_open(err));
    if (n != roster_players_left(r))
        return refused(refuse_final_redraw_all(err, roster_players_left(r)));
    for (int i = 0; i < n; i++)
        if (m[i].to_table != f)
            return refused(refuse_final_is_table(err, r->tables[f].number));
    uint8_t was = r->tables[f].seats;
    r->tables[f].seats = (uint8_t)final_seats(r, f);
    if (!roster_apply_moves(r, m, n, err)) {
        r->tables[f].seats = was;
        return false;
    }
    for (int i = 0; i < r->n_tables; i++)
        if (i != f) {
            r->tables[i].open = false;
            r->tables[i].button = 0;
        }
    r->tables[f].button = 0; /* drawn again by high card */
    r->final_drawn = true;
    r->version++;
    return true;
}

void roster_deal_cards(const uint64_t *rnd, int n, int *cards)
{
    int deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    for (int i = 0; i < n && i < 52; i++) {
        int j = i + pick(rnd[i], 52 - i);
        int x = deck[i];
        deck[i] = deck[j];
        deck[j] = x;
        cards[i] = deck[i];
    }
}

int roster_high_card(const int *cards, int n)
{
    /* rank * 4 + suit orders by rank, then spades > hearts > diamonds > clubs */
    int best = 0;
    for (int i = 1; i < n; i++)
        if (cards[i] > cards[best])
            best = i;
    return best;
}

/* ---- busts ---- */

bool roster_bust_command(const roster_t *r, const int *players, const int64_t *chips, int n,
                         command_t *out, refusal_t *err)
{
    if (n < 1 || n > TOURNEY_MAX_BUSTS)
        return refused(refuse_busts_hand_range(err, TOURNEY_MAX_BUSTS));
    if (n > 1 && !chips)
        return refused(refuse_busts_need_chips(err));
    memset(out, 0, sizeof *out);
    out->type = CMD_BUST;
    out->count = 1;
    for (int i = 0; i < n; i++) {
        if (!player_ok(r, players[i], err))
            return false;
        const player_t *p = &r->players[players[i]];
        if (p->status == PLAYER_OUT || p->status == PLAYER_REMOVED)
            return refused(refuse_player_out_already(err, (int)p->id));
        for (int j = 0; j < i; j++)
            if (players[j] == players[i])
                return refused(refuse_player_named_twice(err, (int)p->id));
        if (chips && p->status != PLAYER_SEATED)
            return refused(refuse_player_no_seat(err, (int)p->id));
        out->movers[i] = (int16_t)p->id;
        if (chips) {
            out->busts[i].table = r->tables[p->table].number;
            out->busts[i].chips = chips[i];
        }
    }
    out->n_busts = chips ? n : 0;
    out->player = chips ? 0 : out->movers[0];
    return true;
}

bool roster_record_busts(roster_t *r, const int *players, int n, const tourney_t *after,
                         refusal_t *err)
{
    int seq[TOURNEY_MAX_DEAL > TOURNEY_MAX_BUSTS ? TOURNEY_MAX_DEAL : TOURNEY_MAX_BUSTS];
    if (n < 0 || n > (int)(sizeof seq / sizeof seq[0]))
        return refused(refuse_busts_hand_range(err, TOURNEY_MAX_BUSTS));
    for (int i = 0; i < n; i++) {
        if (!player_ok(r, players[i], err))
            return false;
        /* his latest result: the elimination just recorded */
        seq[i] = 0;
        for (int k = 0; k < after->n_results; k++)
            if (after->results[k].player == players[i] + 1)
                seq[i] = after->results[k].seq;
        if (!seq[i])
            return refused(refuse_bust_no_place(err, players[i] + 1));
    }
    for (int i = 0; i < n; i++) {
        player_t *p = &r->players[players[i]];
        if (p->status == PLAYER_SEATED)
            r->tables[p->table].occupant[p->seat - 1] = 0;
        p->status = PLAYER_OUT;
        p->table = -1;
        p->seat = 0;
        p->out_seq = seq[i];
    }
    /* The players without a record out before each (model/standings.h):
     * all out before him, less those with a record. */
    for (int i = 0; i < n; i++) {
        player_t *p = &r->players[players[i]];
        int before = 0, named = 0;
        for (int k = 0; k < after->n_results; k++)
            if (after->results[k].seq == p->out_seq)
                before = after->results[k].out_before;
        for (int k = 0; k < r->n_players; k++)
            named += r->players[k].status == PLAYER_OUT && r->players[k].out_seq < p->out_seq;
        p->unnamed_before = before - named;
    }
    r->version++;
    return true;
}

/* ---- many at once, undo ---- */

bool roster_register_seated(roster_t *r, const char *const *names, int n, const uint64_t *rnd,
                            move_t *out, refusal_t *err)
{
    int room = 0;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].open)
            room += table_free_seats(&r->tables[i]);
    if (n < 1 || n > ROSTER_MAX_PLAYERS - r->n_players)
        return refused(refuse_register_room(err, ROSTER_MAX_PLAYERS - r->n_players));
    if (n > room && room == 0)
        return refused(refuse_seats_none_free(err));
    if (n > room && room == 1)
        return refused(refuse_seat_free_one(err, n));
    if (n > room)
        return refused(refuse_seats_short(err, room, n));
    for (int i = 0; names && i < n; i++)
        if (!names[i] || !name_ok(names[i], err))
            return names[i] ? false : refused(refuse_name_missing(err, i + 1));
    /* checked above: each registers and finds a seat */
    for (int i = 0; i < n; i++) {
        int p = roster_register(r, names ? names[i] : NULL, err);
        roster_draw_seat(r, p, rnd[i], &out[i]);
        roster_apply_moves(r, &out[i], 1, err);
    }
    return true;
}

/* The break order of the first n tables, as ranks 0..n-1 in the same order:
 * a table added breaks first and moves every other one a place on, which is
 * no change of theirs to keep for undo (the undo takes the new one out and
 * closes the gap). */
static void break_ranks(const table_t *tabs, int n, int16_t *rank)
{
    for (int i = 0; i < n; i++) {
        rank[i] = 0;
        for (int j = 0; j < n; j++)
            rank[i] = (int16_t)(rank[i] + (tabs[j].break_pos < tabs[i].break_pos));
    }
}

bool roster_diff(const roster_t *before, const roster_t *after, roster_undo_t *u)
{
    int16_t rank[ROSTER_MAX_TABLES];
    bool added = after->n_tables > before->n_tables;
    if (added)
        break_ranks(after->tables, before->n_tables, rank);
    memset(u, 0, sizeof *u);
    u->version = before->version;
    u->balance = before->balance;
    u->within2_until = before->within2_until;
    u->final_plus_one = before->final_plus_one;
    u->final_drawn = before->final_drawn;
    u->n_players = before->n_players;
    u->n_tables = before->n_tables;
    /* records added after `before` go when the counts go back */
    for (int i = 0; i < before->n_players && i < after->n_players; i++)
        if (memcmp(&before->players[i], &after->players[i], ROSTER_PLAYER_KEPT)) {
            if (u->n_changed_players == ROSTER_UNDO_RECORDS)
                return false;
            u->player_index[u->n_changed_players] = (int16_t)i;
            u->players[u->n_changed_players++] = before->players[i];
        }
    for (int i = 0; i < before->n_tables && i < after->n_tables; i++) {
        /* seats taken by players added by the command are freed by the undo */
        table_t t = after->tables[i];
        for (int s = 0; s < ROSTER_MAX_SEATS; s++)
            if (t.occupant[s] > before->n_players)
                t.occupant[s] = 0;
        if (added)
            t.break_pos = rank[i];
        if (memcmp(&before->tables[i], &t, sizeof t)) {
            if (u->n_changed_tables == ROSTER_UNDO_RECORDS)
                return false;
            u->table_index[u->n_changed_tables] = (int16_t)i;
            u->tables[u->n_changed_tables++] = before->tables[i];
        }
    }
    return true;
}

void roster_undo(roster_t *r, const roster_undo_t *u)
{
    if (u->n_tables < r->n_tables) {
        int16_t rank[ROSTER_MAX_TABLES];
        break_ranks(r->tables, u->n_tables, rank);
        for (int i = 0; i < u->n_tables; i++)
            r->tables[i].break_pos = rank[i];
    }
    for (int i = 0; i < u->n_changed_players; i++)
        r->players[u->player_index[i]] = u->players[i];
    for (int i = 0; i < u->n_changed_tables; i++)
        r->tables[u->table_index[i]] = u->tables[i];
    for (int i = 0; i < r->n_tables; i++)
        for (int s = 0; s < ROSTER_MAX_SEATS; s++)
            if (r->tables[i].occupant[s] > u->n_players)
                r->tables[i].occupant[s] = 0;
    r->n_players = u->n_players;
    r->n_tables = u->n_tables;
    r->balance = u->balance;
    r->within2_until = u->within2_until;
    r->final_plus_one = u->final_plus_one;
    r->final_drawn = u->final_drawn;
    r->version++;
}
