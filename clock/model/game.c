/* The tourney with its roster: commands that name players change both; one undo takes both back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/bounty.h"
#include "model/game.h"
#include "model/history.h"
#include "model/procedures.h"
#include "model/settle.h"
#include "model/standings.h"

void game_init(game_t *g, const structure_t *s, const roster_t *tables)
{
    model_init(&g->m, s);
    if (tables)
        g->r = *tables;
    else
        roster_init(&g->r);
    g->n_undo = 0;
}

static int count_of(const command_t *c)
{
    return c->count > 0 ? c->count : 1;
}

bool game_command_names_players(const game_t *g, const command_t *c)
{
    switch (c->type) {
    case CMD_REGISTER: return c->n_names > 0 || c->n_seats > 0 || g->r.n_tables > 0;
    case CMD_BUST:
    case CMD_REBUY:
    case CMD_ADDON:
    case CMD_UNREGISTER:
        return c->player > 0 || (c->n_busts == 0 && c->seat > 0) ||
               (c->n_busts > 0 && c->movers[0] > 0);
    case CMD_RENAME:
    case CMD_MOVE:
    case CMD_BREAK_TABLE:
    case CMD_FINAL_TABLE:
    case CMD_BUTTON:
    case CMD_TABLE:
    case CMD_REENTER: return true;
    default: return false;
    }
}

static int player_index(const roster_t *r, int number, refusal_t *err)
{
    if (number < 1 || number > r->n_players)
        return refuse_player_no_such(err, number), -1;
    return number - 1;
}

/* Only a player who is out re-enters; the message names him. */
static bool reenter_check(const roster_t *r, int p, refusal_t *err)
{
    char who[ROSTER_NAME_MAX + 16];
    roster_player_label(r, p, who, sizeof who);
    if (r->players[p].status == PLAYER_OUT)
        return true;
    if (r->players[p].status == PLAYER_REMOVED)
        refuse_player_unregistered(err, who);
    else if (r->players[p].status == PLAYER_SEATED)
        refuse_player_still_seated(err, who, r->tables[r->players[p].table].number,
                                   r->players[p].seat);
    else
        refuse_player_still_waiting(err, who);
    return false;
}

static int register_draws(const game_t *g, const command_t *c)
{
    if (g->r.n_tables == 0 || c->n_seats > 0)
        return 0;
    int n = c->n_names > 0 ? c->n_names : count_of(c);
    return n <= TOURNEY_MAX_REGISTER ? n : 0;
}

int game_draws_needed(const game_t *g, const command_t *c)
{
    if (c->n_seats > 0)
        return 0;
    switch (c->type) {
    case CMD_REGISTER: return register_draws(g, c);
    case CMD_REENTER: return g->r.n_tables > 0 ? 1 : 0;
    case CMD_BREAK_TABLE: {
        int t = roster_table_by_number(&g->r, c->table);
        return t < 0 ? 0 : 2 * roster_table_players(&g->r, t);
    }
    case CMD_FINAL_TABLE: {
        /* the seats, then a card each for the button unless it is given */
        int n = roster_players_left(&g->r);
        return n <= roster_final_size(&g->r) ? (c->seat ? n : 2 * n) : 0;
    }
    default: return 0;
    }
}

static const char *name_of(const command_t *c, int i)
{
    return c->n_names > 0 ? c->names[i] : NULL;
}

/* The moves drawn, in the command's journal form. */
static void put_moves(const roster_t *r, command_t *c, const move_t *m, int n)
{
    for (int i = 0; i < n; i++) {
        c->movers[i] = (int16_t)(m[i].player + 1);
        c->seats[i].table = r->tables[m[i].to_table].number;
        c->seats[i].seat = (int16_t)m[i].to_seat;
    }
    c->n_seats = n;
}

/* A table that may break: open, and not the last one open. */
static int breakable(const roster_t *r, int number, refusal_t *err)
{
    int t = roster_table_by_number(r, number), open = 0;
    if (t < 0)
        return refuse_table_no_such(err, number), -1;
    if (!r->tables[t].open)
        return refuse_table_closed_already(err, number), -1;
    for (int i = 0; i < r->n_tables; i++)
        open += r->tables[i].open;
    if (open < 2)
        return refuse_table_last_open(err, number), -1;
    return t;
}

static bool draw_register(const game_t *g, command_t *c, const uint64_t *rnd, refusal_t *err)
{
    int n = register_draws(g, c);
    if (n == 0) {
        refuse_register_batch(err, TOURNEY_MAX_REGISTER);
        return false;
    }
    roster_t *r = malloc(sizeof *r);
    if (!r) {
        refuse_out_of_memory(err);
        return false;
    }
    *r = g->r;
    const char *names[TOURNEY_MAX_REGISTER];
    move_t moves[TOURNEY_MAX_REGISTER];
    for (int i = 0; i < n; i++)
        names[i] = name_of(c, i) ? name_of(c, i) : "";
    bool ok = roster_register_seated(r, names, n, rnd, moves, err);
    if (ok) {
        put_moves(r, c, moves, n);
        memset(c->movers, 0, sizeof c->movers); /* new players have no number yet */
    }
    free(r);
    return ok;
}

/* A player out to a seat again: the draw of a new player (TDA 10A). */
static bool draw_reenter(const game_t *g, command_t *c, const uint64_t *rnd, refusal_t *err)
{
    int p = player_index(&g->r, c->player, err);
    if (p < 0)
        return false;
    roster_t *r = malloc(sizeof *r);
    if (!r) {
        refuse_out_of_memory(err);
        return false;
    }
    *r = g->r;
    move_t m;
    bool ok = reenter_check(r, p, err) && roster_reenter(r, p, err);
    if (ok && !roster_draw_seat(r, p, rnd[0], &m)) {
        refuse_no_free_seat_open(err);
        ok = false;
    }
    if (ok) {
        c->seats[0].table = r->tables[m.to_table].number;
        c->seats[0].seat = (int16_t)m.to_seat;
        c->n_seats = 1;
    }
    free(r);
    return ok;
}

bool game_draw(const game_t *g, command_t *c, const uint64_t *rnd, refusal_t *err)
{
    const roster_t *r = &g->r;
    move_t moves[ROSTER_MAX_SEATS];
    int n;
    switch (c->type) {
    case CMD_REGISTER: return draw_register(g, c, rnd, err);
    case CMD_REENTER: return draw_reenter(g, c, rnd, err);
    case CMD_BREAK_TABLE: {
        int t = breakable(r, c->table, err);
        if (t < 0)
            return false;
        n = roster_propose_break(r, t, rnd, moves, ROSTER_MAX_SEATS);
        if (n < roster_table_players(r, t)) {
            refuse_break_too_few_seats(err, c->table);
            return false;
        }
        break;
    }
    case CMD_FINAL_TABLE:
        n = roster_players_left(r) <= roster_final_size(r)
                ? roster_propose_final(r, rnd, moves, ROSTER_MAX_SEATS)
                : 0;
        if (n == 0) {
            refuse_final_too_many(err, roster_players_left(r), roster_final_size(r));
            return false;
        }
        if (!c->seat) {
            int cards[ROSTER_MAX_SEATS];
            roster_deal_cards(rnd + roster_players_left(r), n, cards);
            for (int i = 0; i < n; i++)
                c->cards[i] = (uint8_t)cards[i];
            c->n_cards = n;
        }
        break;
    default: refuse_draw_nothing(err); return false;
    }
    put_moves(r, c, moves, n);
    return true;
}

/* Who sits at table `number`, seat `seat`: his index, or -1 with err. */
static int occupant(const roster_t *r, int number, int seat, refusal_t *err)
{
    int t = roster_table_by_number(r, number);
    if (t < 0)
        return refuse_table_no_such(err, number), -1;
    if (seat < 1 || seat > r->tables[t].seats)
        return refuse_table_seats(err, number, r->tables[t].seats), -1;
    int p = r->tables[t].occupant[seat - 1] - 1;
    if (p < 0)
        return refuse_seat_nobody(err, number, seat), -1;
    return p;
}

int game_player_of(const game_t *g, const command_t *c, refusal_t *err)
{
    if (c->type == CMD_MOVE)
        return c->player > 0 ? player_index(&g->r, c->player, err)
                             : occupant(&g->r, c->from_table, c->from_seat, err);
    return c->player > 0 ? player_index(&g->r, c->player, err)
                         : occupant(&g->r, c->table, c->seat, err);
}

/* ---- the undo stack beside the model's ---- */

static void push_undo(game_t *g, const roster_undo_t *u, bool ok)
{
    if (g->n_undo == TOURNEY_UNDO_DEPTH) {
        memmove(&g->undo[0], &g->undo[1], sizeof g->undo[0] * (TOURNEY_UNDO_DEPTH - 1));
        memmove(&g->undoable[0], &g->undoable[1], sizeof g->undoable[0] * (TOURNEY_UNDO_DEPTH - 1));
        g->n_undo--;
    }
    g->undo[g->n_undo] = *u;
    g->undoable[g->n_undo++] = ok;
}

/* What a command that leaves the roster as it is pushes. */
static void push_nothing(game_t *g)
{
    roster_undo_t u;
    memset(&u, 0, sizeof u);
    u.version = g->r.version;
    u.balance = g->r.balance;
    u.within2_until = g->r.within2_until;
    u.final_plus_one = g->r.final_plus_one;
    u.final_drawn = g->r.final_drawn;
    u.n_players = g->r.n_players;
    u.n_tables = g->r.n_tables;
    u.moves_total = g->r.moves.total;
    push_undo(g, &u, true);
}

void game_roster_reset(game_t *g, const roster_t *tables)
{
    if (tables)
        g->r = *tables;
    else
        roster_init(&g->r);
    g->n_undo = 0;
    while (g->n_undo < g->m.n_undo)
        push_nothing(g);
    standings_adopt(&g->m.t);
}

static bool changes_nothing(const roster_undo_t *u, const roster_t *r)
{
    return u->n_changed_players == 0 && u->n_changed_tables == 0 && u->n_players == r->n_players &&
           u->n_tables == r->n_tables && u->final_drawn == r->final_drawn;
}

static apply_status undo(game_t *g, const command_t *c, int64_t now, refusal_t *err)
{
    if (g->n_undo > 0 && !g->undoable[g->n_undo - 1])
        return refuse_undo_too_many_moves(err);
    apply_status st = model_apply(&g->m, c, now, err);
    if (st != APPLY_OK)
        return st;
    if (g->n_undo > 0) {
        const roster_undo_t *u = &g->undo[--g->n_undo];
        if (!changes_nothing(u, &g->r))
            roster_undo(&g->r, u);
        moves_log_undo(&g->r.moves, u->moves_total);
    }
    if (standings_roster(&g->r, &g->m.t))
        g->r.version++;
    return APPLY_OK;
}

/* ---- commands that name players ---- */

static apply_status do_register(game_t *g, const command_t *c, int64_t now, refusal_t *err)
{
    roster_t *r = &g->r;
    int n = c->n_names > 0 ? c->n_names : count_of(c);
    if (n > TOURNEY_MAX_REGISTER)
        return refuse_register_batch_seated(err, TOURNEY_MAX_REGISTER);
    if (c->n_seats > 0 && r->n_tables == 0)
        return refuse_seating_no_tables(err);
    if (r->n_tables > 0 && c->n_seats != n)
        return refuse_seats_not_drawn(err);
    for (int i = 0; i < n; i++) {
        int p = roster_register(r, name_of(c, i), err);
        if (p < 0)
            return APPLY_CONFLICT;
        bounty_enter(r, &g->m.t.s, p);
        if (r->n_tables == 0)
            continue;
        int t = roster_table_by_number(r, c->seats[i].table);
        if (t < 0)
            return refuse_table_no_such(err, c->seats[i].table);
        if (!roster_seat_player(r, p, t, c->seats[i].seat, err))
            return APPLY_CONFLICT;
    }
    command_t *tc = malloc(sizeof *tc);
    if (!tc)
        return refuse_out_of_memory(err);
    memset(tc, 0, sizeof *tc);
    tc->type = CMD_REGISTER;
    tc->count = n;
    apply_status st = model_apply(&g->m, tc, now, err);
    free(tc);
    return st;
}

/* Players (indices) out in one hand: the tourney records them by number,
 * then the roster has them out at that elimination, and each one's head
 * goes to who knocked him out (c->busts[i].by; model/bounty.h). */
static apply_status bust_players(game_t *g, const command_t *c, const int *players,
                                 const int64_t *chips, int n, int64_t now, refusal_t *err)
{
    for (int i = 0; i < n; i++)
        if (!bounty_check(&g->r, &g->m.t.s, players, n, players[i], c->busts[i].by,
                          c->busts[i].n_by, err))
            return APPLY_CONFLICT;
    command_t *tc = malloc(sizeof *tc);
    if (!tc)
        return refuse_out_of_memory(err);
    apply_status st = APPLY_CONFLICT;
    if (roster_bust_command(&g->r, players, chips, n, tc, err))
        st = model_apply(&g->m, tc, now, err);
    free(tc);
    if (st == APPLY_OK && !roster_record_busts(&g->r, players, n, &g->m.t, err))
        st = APPLY_CONFLICT;
    for (int i = 0; st == APPLY_OK && i < n; i++)
        bounty_knockout(&g->r, &g->m.t, players[i], c->busts[i].by, c->busts[i].n_by, now);
    return st;
}

/* Players out in the same hand, by number (c->movers), with their chips at
 * the start of the hand: places as the tourney gives them (docs/rules.md §3). */
static apply_status do_same_hand(game_t *g, const command_t *c, int64_t now, refusal_t *err)
{
    int players[TOURNEY_MAX_BUSTS];
    int64_t chips[TOURNEY_MAX_BUSTS];
    for (int i = 0; i < c->n_busts; i++) {
        if ((players[i] = player_index(&g->r, c->movers[i], err)) < 0)
            return APPLY_CONFLICT;
        chips[i] = c->busts[i].chips;
    }
    return bust_players(g, c, players, chips, c->n_busts, now, err);
}

/* A player registered by mistake goes: his seat is free, his entry (and
 * what he bought with it) goes back out of the pool; never once he has a
 * place. */
static apply_status do_unregister(game_t *g, int p, int64_t now, refusal_t *err)
{
    const player_t *pl = &g->r.players[p];
    char who[ROSTER_NAME_MAX + 16];
    roster_player_label(&g->r, p, who, sizeof who);
    if (pl->status == PLAYER_REMOVED)
        return refuse_player_unregistered(err, who);
    if (pl->status == PLAYER_OUT || pl->place_best > 0)
        return refuse_player_has_place(err, who);
    if (pl->entries > 1)
        return refuse_player_reentered(err, who);
    if (pl->bounties > 0)
        return refuse_player_has_bounties(err, who);
    command_t one = {.type = CMD_UNREGISTER,
                     .count = 1,
                     .back_rebuys = pl->rebuys,
                     .back_addons = pl->addons};
    apply_status st = model_apply(&g->m, &one, now, err);
    if (st == APPLY_OK && !roster_remove(&g->r, p, err))
        st = APPLY_CONFLICT;
    if (st == APPLY_OK)
        bounty_unregister(&g->r, p);
    return st;
}

/* A name corrected: the roster alone changes. */
static apply_status do_rename(game_t *g, const command_t *c, refusal_t *err)
{
    int p = player_index(&g->r, c->player, err);
    if (p < 0)
        return APPLY_CONFLICT;
    char who[ROSTER_NAME_MAX + 16];
    roster_player_label(&g->r, p, who, sizeof who);
    if (g->r.players[p].status == PLAYER_REMOVED)
        return refuse_player_unregistered(err, who);
    if (c->n_names != 1 || !c->names[0][0])
        return refuse_name_missing(err, 1);
    if (strcmp(g->r.players[p].name, c->names[0]) == 0)
        return refuse_rename_same(err, c->player, c->names[0]);
    return roster_rename(&g->r, p, c->names[0], err) ? APPLY_OK : APPLY_CONFLICT;
}

static apply_status do_player(game_t *g, const command_t *c, int64_t now, refusal_t *err)
{
    if (c->type == CMD_BUST && c->n_busts > 0)
        return do_same_hand(g, c, now, err);
    int p = game_player_of(g, c, err);
    if (p < 0)
        return APPLY_CONFLICT;
    if (c->type == CMD_BUST)
        return bust_players(g, c, &p, NULL, 1, now, err);
    if (c->type == CMD_UNREGISTER)
        return do_unregister(g, p, now, err);
    bool ok = c->type == CMD_REBUY ? roster_rebuy(&g->r, p, err) : roster_addon(&g->r, p, err);
    if (!ok)
        return APPLY_CONFLICT;
    if (c->type == CMD_REBUY)
        bounty_rebuy(&g->r, &g->m.t.s, p);
    command_t one = {.type = c->type, .count = 1};
    return model_apply(&g->m, &one, now, err);
}

/* A player who is out comes back: a new entry (the tourney's register, so
 * late registration rules it as any entry), at the seat drawn. */
static apply_status do_reenter(game_t *g, const command_t *c, int64_t now, refusal_t *err)
{
    roster_t *r = &g->r;
    int p = player_index(r, c->player, err), t = -1;
    if (p < 0 || !reenter_check(r, p, err))
        return APPLY_CONFLICT;
    if (r->n_tables > 0) {
        if (c->n_seats != 1)
            return refuse_seat_not_drawn(err);
        if ((t = roster_table_by_number(r, c->seats[0].table)) < 0)
            return refuse_table_no_such(err, c->seats[0].table);
    } else if (c->n_seats > 0)
        return refuse_seating_no_tables(err);
    if (!roster_reenter(r, p, err) ||
        (t >= 0 && !roster_seat_player(r, p, t, c->seats[0].seat, err)))
        return APPLY_CONFLICT;
    bounty_enter(r, &g->m.t.s, p);
    command_t one = {.type = CMD_REENTER, .count = 1, .player = c->player};
    return model_apply(&g->m, &one, now, err);
}

/* A command of the roster alone: the tourney's undo entry is the tourney
 * as it is, so that both stacks stay in step, and the command goes into the
 * last actions, so that the undo button names it. */
static void model_push_same(model_t *m, const command_t *c)
{
    if (m->n_undo == TOURNEY_UNDO_DEPTH) {
        memmove(&m->undo[0], &m->undo[1], sizeof m->undo[0] * (TOURNEY_UNDO_DEPTH - 1));
        m->n_undo--;
    }
    m->undo[m->n_undo++] = m->t;
    action_t what;
    history_describe(&m->t, &m->t, c, &what);
    history_add(&m->t, &what);
    m->t.undoable = m->n_undo;
}

/* The drawn moves of a break or the redraw, as the roster applies them. */
static bool moves_of(const roster_t *r, const command_t *c, move_t *m, refusal_t *err)
{
    if (c->n_seats < 1 || c->n_seats > ROSTER_MAX_SEATS) {
        refuse_seats_not_drawn(err);
        return false;
    }
    for (int i = 0; i < c->n_seats; i++) {
        int p = player_index(r, c->movers[i], err);
        int t = roster_table_by_number(r, c->seats[i].table);
        if (p < 0)
            return false;
        if (t < 0) {
            refuse_table_no_such(err, c->seats[i].table);
            return false;
        }
        m[i] = (move_t){p, r->players[p].table, r->players[p].seat, t, c->seats[i].seat, false};
    }
    return true;
}

/* Open, close or add a table, block or free a seat, while play goes on.
 * Refusals change nothing and say what is in the way. */
static apply_status table_change(roster_t *r, const command_t *c, refusal_t *err)
{
    int t = roster_table_by_number(r, c->table);
    if (r->n_tables == 0)
        return refuse_tables_none(err);
    if (c->new_seats > 0) {
        if (t >= 0)
            return refuse_table_exists(err, c->table);
        /* A table added breaks first (roster_add_table), with the seats
         * its size keeps free at the others. */
        return roster_add_table(r, c->table, NULL, c->new_seats,
                                roster_usual_blocked(r, c->new_seats), err) >= 0
                   ? APPLY_OK
                   : APPLY_CONFLICT;
    }
    if (t < 0)
        return c->seat || !c->on ? refuse_table_no_such(err, c->table)
                                 : refuse_table_no_such_add(err, c->table);
    table_t *tab = &r->tables[t];
    if (c->seat) {
        if (c->seat > tab->seats)
            return refuse_table_seats(err, c->table, tab->seats);
        bool blocked = (tab->blocked >> (c->seat - 1)) & 1;
        int p = tab->occupant[c->seat - 1] - 1;
        if (blocked == c->on)
            return c->on ? refuse_seat_blocked_already(err, c->table, c->seat)
                         : refuse_seat_free_already(err, c->table, c->seat);
        if (c->on && p >= 0) {
            char who[ROSTER_NAME_MAX + 16];
            roster_player_label(r, p, who, sizeof who);
            return refuse_seat_has_player(err, who, c->table, c->seat);
        }
        return roster_block_seat(r, t, c->seat, c->on, err) ? APPLY_OK : APPLY_CONFLICT;
    }
    if (tab->open == c->on)
        return c->on ? refuse_table_open_already(err, c->table)
                     : refuse_table_closed_already(err, c->table);
    int n = roster_table_players(r, t), open = 0;
    if (!c->on && n > 0)
        return n == 1 ? refuse_table_has_player(err, c->table)
                      : refuse_table_has_players(err, c->table, n);
    for (int i = 0; i < r->n_tables; i++)
        open += r->tables[i].open;
    if (!c->on && open < 2)
        return refuse_table_last_open(err, c->table);
    return roster_table_open(r, t, c->on, err) ? APPLY_OK : APPLY_CONFLICT;
}

_Static_assert((int)TOURNEY_FINAL_SEATS >= (int)ROSTER_MAX_SEATS, "a card for every seat");

/* The redraw, and the button: at the seat given, or at the seat of the
 * high card dealt (spades > hearts > diamonds > clubs); the wall's seat
 * list takes the cards. */
static apply_status final_table(game_t *g, const command_t *c, move_t *m, refusal_t *err)
{
    roster_t *r = &g->r;
    if (!moves_of(r, c, m, err))
        return APPLY_CONFLICT;
    if (c->n_cards != 0 && (c->n_cards != c->n_seats || c->seat))
        return refuse_button_cards(err);
    for (int i = 0; i < c->n_cards; i++)
        for (int j = 0; j <= i; j++)
            if (c->cards[i] > 51 || (j < i && c->cards[i] == c->cards[j]))
                return refuse_button_not_deal(err);
    if (!roster_apply_final(r, m, c->n_seats, err))
        return APPLY_CONFLICT;
    int t = m[0].to_table, button = c->seat;
    if (c->n_cards > 0) {
        int cards[ROSTER_MAX_SEATS];
        for (int i = 0; i < c->n_cards; i++)
            cards[i] = c->cards[i];
        button = m[roster_high_card(cards, c->n_cards)].to_seat;
    }
    if (button && !roster_set_button(r, t, button, err))
        return APPLY_CONFLICT;
    return APPLY_OK;
}

/* What the wall's seat list shows after the redraw (in the tourney, so
 * that undo takes it back with the rest). */
static void final_shown(tourney_t *t, const roster_t *r, const command_t *c, int64_t now)
{
    int table = roster_table_by_number(r, c->seats[0].table);
    t->final_at = now ? now : 1;
    t->final_table = c->seats[0].table;
    t->final_button = table >= 0 ? r->tables[table].button : 0;
    memset(t->final_cards, 0, sizeof t->final_cards);
    for (int i = 0; i < c->n_cards && i < c->n_seats; i++)
        if (c->seats[i].seat >= 1 && c->seats[i].seat <= TOURNEY_FINAL_SEATS)
            t->final_cards[c->seats[i].seat - 1] = (uint8_t)(c->cards[i] + 1);
}

static apply_status do_table(game_t *g, const command_t *c, refusal_t *err)
{
    roster_t *r = &g->r;
    move_t m[ROSTER_MAX_SEATS];
    if (c->type == CMD_MOVE) {
        int p = game_player_of(g, c, err);
        int t = roster_table_by_number(r, c->table);
        if (p < 0)
            return APPLY_CONFLICT;
        if (t < 0)
            return refuse_table_no_such(err, c->table);
        if (r->players[p].status == PLAYER_SEATED && r->players[p].table == t &&
            r->players[p].seat == c->seat)
            return refuse_player_sits_there(err);
        return roster_seat_player(r, p, t, c->seat, err) ? APPLY_OK : APPLY_CONFLICT;
    }
    if (c->type == CMD_TABLE)
        return table_change(r, c, err);
    if (c->type == CMD_BUTTON) {
        int t = roster_table_by_number(r, c->table);
        if (t < 0)
            return refuse_table_no_such(err, c->table);
        if (r->tables[t].button == c->seat)
            return c->seat ? refuse_button_there(err, c->seat) : refuse_button_none(err, c->table);
        return roster_set_button(r, t, c->seat, err) ? APPLY_OK : APPLY_CONFLICT;
    }
    if (c->type == CMD_FINAL_TABLE)
        return final_table(g, c, m, err);
    /* break_table: every player of the table to the seat drawn, then it closes. */
    int t = breakable(r, c->table, err);
    if (t < 0)
        return APPLY_CONFLICT;
    int n = roster_table_players(r, t);
    if (n > 0 && !moves_of(r, c, m, err))
        return APPLY_CONFLICT;
    if (n > 0 && c->n_seats != n)
        return refuse_break_not_drawn(err, c->table);
    for (int i = 0; i < n; i++)
        if (m[i].from_table != t || r->players[m[i].player].status != PLAYER_SEATED)
            return refuse_player_not_at_table(err, m[i].player + 1, c->table);
    if (n > 0 && !roster_apply_moves(r, m, n, err))
        return APPLY_CONFLICT;
    return roster_table_open(r, t, false, err) ? APPLY_OK : APPLY_CONFLICT;
}

/* Every player a move, a break or the redraw seated elsewhere goes into the
 * log of recent moves, found by comparing the roster before and after, so
 * that the log follows whatever the command did. */
static void log_moves(const roster_t *before, roster_t *after, command_type type, int64_t now)
{
    uint8_t why = type == CMD_BREAK_TABLE   ? MOVE_BREAK
                  : type == CMD_FINAL_TABLE ? MOVE_FINAL
                                            : MOVE_BALANCE;
    for (int i = 0; i < after->n_players; i++) {
        const player_t *a = &after->players[i];
        const player_t *b = i < before->n_players ? &before->players[i] : NULL;
        bool was = b && b->status == PLAYER_SEATED;
        if (a->status != PLAYER_SEATED || (was && b->table == a->table && b->seat == a->seat))
            continue;
        move_rec_t m;
        memset(&m, 0, sizeof m); /* padding too: a log compares equal to its replay */
        m.at = now;
        m.player = (int16_t)i;
        m.from_table = (int16_t)(was ? b->table : -1);
        m.to_table = a->table;
        m.from_seat = was ? b->seat : 0;
        m.to_seat = a->seat;
        m.why = why;
        moves_log_add(&after->moves, &m);
    }
}

/* Hand-for-hand and the end-of-day draw without tables named: with players
 * seated, the tables in play are those with players (a table numbered
 * beyond what the procedures count stays for the director to name). */
static void tables_of_roster(const roster_t *r, command_t *c)
{
    if ((c->type != CMD_HFH_START && c->type != CMD_DAY_END_DRAW) || c->tables ||
        !tableset_empty(&c->table_set))
        return;
    int numbers[ROSTER_MAX_TABLES];
    int n = roster_tables_in_play(r, numbers, ROSTER_MAX_TABLES);
    tableset_t set = {{0}};
    for (int i = 0; i < n; i++)
        if (!tableset_add(&set, numbers[i]))
            return;
    c->table_set = set;
}

/* A table reported done in hand-for-hand: its marked button moves on. */
static bool moves_a_button(const game_t *g, const command_t *c)
{
    if (c->type != CMD_TABLE_DONE || !g->m.t.hfh.active)
        return false;
    int t = roster_table_by_number(&g->r, c->table);
    return t >= 0 && g->r.tables[t].button != 0;
}

/* Counts take only players without a record: a named player goes out (or
 * is unregistered, rebuys, takes the add-on) by name or seat, so that his
 * place and his counts are his. */
static apply_status counts_only_unnamed(const game_t *g, const command_t *c, int64_t now,
                                        refusal_t *err)
{
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    int named = roster_players_left(&g->r);
    /* a player without a record may rebuy more than once */
    int takes = c->type == CMD_REBUY || c->type == CMD_ADDON ? 1 : count_of(c);
    if (named > 0 && v.players_left - takes < named)
        return refuse_busts_by_seat(err, named, v.players_left);
    return APPLY_OK;
}

/* The players a command names, as indices, before it is applied. */
static int named_players(const game_t *g, const command_t *c, int *out)
{
    switch (c->type) {
    case CMD_BUST:
        if (c->n_busts > 0) {
            for (int i = 0; i < c->n_busts; i++)
                out[i] = c->movers[i] - 1;
            return c->n_busts;
        }
        /* fall through */
    case CMD_REBUY:
    case CMD_ADDON:
    case CMD_UNREGISTER:
    case CMD_MOVE: return (out[0] = game_player_of(g, c, NULL)) >= 0;
    case CMD_REENTER:
    case CMD_RENAME: return (out[0] = c->player - 1) >= 0 && out[0] < g->r.n_players;
    default: return 0;
    }
}

/* The last action in words with the names of the players it named (as
 * they were called before it): the undo button says whom it takes back. */
static void name_last_action(game_t *g, const game_t *before, const command_t *c,
                             const int *players, int n)
{
    char labels[TOURNEY_MAX_BUSTS][ROSTER_NAME_MAX + 16];
    const char *names[TOURNEY_MAX_BUSTS];
    for (int i = 0; i < n && i < TOURNEY_MAX_BUSTS; i++) {
        roster_player_label(&before->r, players[i], labels[i], sizeof labels[i]);
        names[i] = labels[i];
    }
    char by[ROSTER_NAME_MAX + 16] = "";
    if (c->type == CMD_BUST && n == 1 && c->busts[0].n_by > 0)
        roster_player_label(&before->r, c->busts[0].by[0] - 1, by, sizeof by);
    action_t what;
    history_describe_named(&before->m.t, &g->m.t, c, names, n, by[0] ? by : NULL, &what);
    history_rename_last(&g->m.t, &what);
}

/* The players named in a deal are exactly the ones left with records, each once. */
static apply_status deal_players(const roster_t *r, const command_t *c, refusal_t *err)
{
    int with_records = roster_players_left(r);
    if (with_records == 0) {
        if (c->deal.n_players > 0)
            return refuse_deal_no_records(err);
        return APPLY_OK;
    }
    if (c->deal.n_players != with_records || c->deal.n != with_records)
        return refuse_deal_name_each(err, with_records);
    for (int i = 0; i < c->deal.n_players; i++) {
        int p = c->deal.player[i];
        if (p < 1 || p > r->n_players || r->players[p - 1].status == PLAYER_OUT ||
            r->players[p - 1].status == PLAYER_REMOVED)
            return refuse_deal_player_not_left(err, p);
        for (int j = 0; j < i; j++)
            if (c->deal.player[j] == p)
                return refuse_player_named_twice(err, p);
    }
    return APPLY_OK;
}

/* The deal with the roster: the players named are exactly those left with
 * records (or none has a record), then the tourney's deal (settle.c) and the
 * roster change together. On failure nothing changes. */
static apply_status deal_with_roster(model_t *m, roster_t *r, const command_t *c, int64_t now,
                                     refusal_t *err)
{
    /* A deal made already, or too few left: the model's own refusal. */
    bool possible = m->t.deal.players == 0 && m->t.entries - m->t.busted >= 2;
    apply_status st = possible ? deal_players(r, c, err) : APPLY_OK;
    command_t dc = *c; /* with the bounties on the heads left */
    dc.deal.heads = bounty_heads_left(r, &m->t);
    if (dc.deal.bounties && !bounty_on(&m->t.s))
        st = st == APPLY_OK ? refuse_bounty_none(err) : st;
    if (st == APPLY_OK)
        st = model_apply(m, &dc, now, err);
    if (st == APPLY_OK && dc.deal.bounties)
        bounty_dealt_in(r, &m->t);
    if (st != APPLY_OK || c->deal.n_players == 0)
        return st;
    const tourney_deal_t *d = &m->t.deal;
    r->version++;
    if (d->play_for > 0)
        return APPLY_OK;
    /* Play ended: each takes his own head (the deal is of the prize pool),
     * then all but the winner are out, at the places given (the winner
     * stays at his seat, as after a last bust). */
    bounty_play_over(r, &m->t);
    int out[TOURNEY_MAX_DEAL];
    for (int i = 1; i < d->players; i++)
        out[i - 1] = d->who[i] - 1;
    return roster_record_busts(r, out, d->players - 1, &m->t, err) ? APPLY_OK : APPLY_CONFLICT;
}

/* The heads of players without a record (model/bounty.h) after a command by
 * count: `unnamed` of them were in before it. */
static void bounty_counted(tourney_t *t, const command_t *c, int unnamed)
{
    int n = count_of(c);
    if (c->type == CMD_REGISTER || c->type == CMD_UNREGISTER)
        bounty_loose_add(t, (c->type == CMD_REGISTER ? n : -n) * bounty_per_entry(&t->s));
    else if (c->type == CMD_REBUY)
        bounty_loose_add(t, n * bounty_per_rebuy(&t->s));
    else if (c->type == CMD_BUST)
        bounty_loose_out(t, c->n_busts > 0 ? c->n_busts : n, unnamed);
}

static bool play_over(const tourney_t *t, int64_t now)
{
    tourney_view_t v;
    tourney_view(t, now, &v);
    return v.over;
}

/* Players without a record in the tourney's count, before a command. */
static int unnamed_in(const game_t *g, int64_t now)
{
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    return v.players_left - roster_players_left(&g->r);
}

/* Long on purpose: the one path of every command through the tourney and
 * the roster (which of them it changes, how the roster's change is kept
 * for undo, the words and the places after it); split, a command could
 * take a path that skips a step. */
apply_status game_apply(game_t *g, const command_t *c_in, int64_t now, refusal_t *err)
{
    if (c_in->type == CMD_UNDO)
        return undo(g, c_in, now, err);
    command_t cmd = *c_in;
    const command_t *c = &cmd;
    tables_of_roster(&g->r, &cmd);
    bool names = game_command_names_players(g, c);
    apply_status st = APPLY_OK;
    if (!names &&
        (c->type == CMD_BUST || c->type == CMD_UNREGISTER || c->type == CMD_REBUY ||
         c->type == CMD_ADDON) &&
        (st = counts_only_unnamed(g, c, now, err)) != APPLY_OK)
        return st;
    bool button = moves_a_button(g, c);
    bool roster = names || (c->type == CMD_BUST && roster_players_left(&g->r) > 0) || button ||
                  c->type == CMD_DEAL;
    int unnamed = unnamed_in(g, now);
    bool was_over = play_over(&g->m.t, now);
    if (!roster) {
        if ((st = model_apply(&g->m, c, now, err)) != APPLY_OK)
            return st;
        bounty_counted(&g->m.t, c, unnamed);
        if (!was_over && play_over(&g->m.t, now))
            bounty_play_over(&g->r, &g->m.t);
        if (g->m.n_undo == 0)
            g->n_undo = 0; /* a power loss: nothing before it is undone */
        else
            push_nothing(g);
        if (standings_roster(&g->r, &g->m.t))
            g->r.version++;
        return APPLY_OK;
    }
    /* Everything as it was, to go back to on failure and to diff against. */
    game_t *before = malloc(sizeof *before);
    if (!before)
        return refuse_out_of_memory(err);
    before->m = g->m;
    before->r = g->r;
    int named[TOURNEY_MAX_BUSTS], n_named = names ? named_players(g, c, named) : 0;
    if (c->type == CMD_DEAL)
        st = deal_with_roster(&g->m, &g->r, c, now, err);
    else if (!names) {
        if ((st = model_apply(&g->m, c, now, err)) == APPLY_OK && button)
            roster_hand_done(&g->r, roster_table_by_number(&g->r, c->table));
        if (st == APPLY_OK)
            bounty_counted(&g->m.t, c, unnamed);
    } else if (c->type == CMD_REGISTER)
        st = do_register(g, c, now, err);
    else if (c->type == CMD_REENTER)
        st = do_reenter(g, c, now, err);
    else if (c->type == CMD_MOVE || c->type == CMD_BREAK_TABLE || c->type == CMD_FINAL_TABLE ||
             c->type == CMD_BUTTON || c->type == CMD_TABLE || c->type == CMD_RENAME) {
        st = c->type == CMD_RENAME ? do_rename(g, c, err) : do_table(g, c, err);
        if (st == APPLY_OK) {
            if (c->type != CMD_BUTTON && c->type != CMD_RENAME)
                log_moves(&before->r, &g->r, c->type, now);
            model_push_same(&g->m, c);
            if (c->type == CMD_FINAL_TABLE)
                final_shown(&g->m.t, &g->r, c, now);
            if (c->type == CMD_BREAK_TABLE)
                procedures_table_closed(&g->m.t, c->table, now);
        }
    } else
        st = do_player(g, c, now, err);
    if (st == APPLY_OK && c->type == CMD_BUST)
        standings_name_winner(&g->m.t, &g->r);
    if (st == APPLY_OK && !was_over && play_over(&g->m.t, now))
        bounty_play_over(&g->r, &g->m.t);
    if (st == APPLY_OK && n_named > 0)
        name_last_action(g, before, c, named, n_named);
    if (st != APPLY_OK) {
        g->m = before->m;
        g->r = before->r;
    } else {
        roster_undo_t u;
        bool ok = roster_diff(&before->r, &g->r, &u);
        u.moves_total = before->r.moves.total;
        push_undo(g, &u, ok);
        if (standings_roster(&g->r, &g->m.t))
            g->r.version++;
    }
    free(before);
    return st;
}
