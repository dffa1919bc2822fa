/* The roster: the seat draw, balancing, breaking, the final table and places,
 * with worked examples and whole tournaments of 300 and 2,000 players. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "model/seating.h"
#include "model/standings.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static roster_t *r;
static model_t *m;
static uint64_t prng_state;

/* splitmix64: the test's stand-in for the kernel's random source. */
static uint64_t rnd64(void)
{
    uint64_t z = (prng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rnds(uint64_t *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = rnd64();
}

static int setup(void **state)
{
    (void)state;
    r = calloc(1, sizeof *r);
    m = calloc(1, sizeof *m);
    roster_init(r);
    prng_state = 12345;
    return r && m ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(r);
    free(m);
    return 0;
}

static void tables(int n, int seats)
{
    for (int i = 0; i < n; i++)
        assert_int_equal(roster_add_table(r, i + 1, NULL, seats, 0, &no), i);
}

/* A player put at table number t, seat s. */
static int sit(int t, int s)
{
    int p = roster_register(r, NULL, &no);
    assert_true(p >= 0);
    assert_true(roster_seat_player(r, p, roster_table_by_number(r, t), s, &no));
    return p;
}

static void sit_at(int t, const int *seats, int n)
{
    for (int i = 0; i < n; i++)
        sit(t, seats[i]);
}

static void fill(int t, int n)
{
    for (int s = 1; s <= n; s++)
        sit(t, s);
}

static int at(int t, int s)
{
    return r->tables[roster_table_by_number(r, t)].occupant[s - 1] - 1;
}

/* Every seated player's record and its table's seat agree; no one on a
 * blocked seat or at a closed table. */
static void check_consistent(void)
{
    int seated = 0;
    for (int i = 0; i < r->n_tables; i++) {
        const table_t *t = &r->tables[i];
        for (int s = 1; s <= t->seats; s++) {
            int p = t->occupant[s - 1] - 1;
            if (p < 0)
                continue;
            seated++;
            assert_true(t->open);
            assert_false((t->blocked >> (s - 1)) & 1);
            assert_int_equal(r->players[p].status, PLAYER_SEATED);
            assert_int_equal(r->players[p].table, i);
            assert_int_equal(r->players[p].seat, s);
        }
    }
    int want = 0;
    for (int p = 0; p < r->n_players; p++)
        want += r->players[p].status == PLAYER_SEATED;
    assert_int_equal(seated, want);
}

/* The largest difference in players between open tables. */
static int spread(void)
{
    int lo = 99, hi = -1;
    for (int i = 0; i < r->n_tables; i++)
        if (r->tables[i].open) {
            int c = roster_table_players(r, i);
            lo = c < lo ? c : lo;
            hi = c > hi ? c : hi;
        }
    return hi < 0 ? 0 : hi - lo;
}

static bool chi_square_ok(const int *count, int k, int draws, double critical)
{
    double e = (double)draws / k, x2 = 0;
    for (int i = 0; i < k; i++)
        x2 += (count[i] - e) * (count[i] - e) / e;
    print_message("chi-square %.1f over %d cells (critical %.1f)\n", x2, k, critical);
    return x2 < critical;
}

/* A tourney beside the roster, for places and prizes. */
static structure_t *structure(void)
{
    static structure_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Seating");
    s.buy_in = 100;
    s.starting_stack = 10000;
    s.n_levels = 1;
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 100,
                            .big_blind = 200,
                            .duration_ms = 20 * 60000};
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2,
                                    .places = 10,
                                    .bp = {3000, 2000, 1400, 1000, 800, 600, 450, 300, 250, 200}};
    return &s;
}

static void apply(command_t c)
{
    assert_int_equal(model_apply(m, &c, 1000, &no), APPLY_OK);
}

/* Busts players out in one hand through the tourney's own rules. */
static void bust(const int *players, const int64_t *chips, int n)
{
    command_t c;
    assert_true(roster_bust_command(r, players, chips, n, &c, &no));
    apply(c);
    assert_true(roster_record_busts(r, players, n, &m->t, &no));
    standings_name_winner(&m->t, r);
    standings_roster(r, &m->t);
}

/* ---- the seat draw ---- */

static void draw_is_uniform_over_the_allowed_seats(void **state)
{
    (void)state;
    tables(3, 9);
    assert_true(roster_block_seat(r, 0, 2, true, &no)); /* a dealer's seat */
    sit_at(1, (const int[]){1, 5}, 2);
    sit_at(2, (const int[]){3, 4}, 2);
    sit_at(3, (const int[]){1, 2, 3}, 3);
    /* allowed: table 1 seats 3,4,6,7,8,9; table 2 seats 1,2,5,6,7,8,9 */
    enum { K = 13, DRAWS = 26000 };
    int count[3 * 9 + 1] = {0};
    for (int i = 0; i < DRAWS; i++) {
        move_t mv;
        assert_true(roster_draw_seat(r, -1, rnd64(), &mv));
        assert_true(mv.to_table == 0 || mv.to_table == 1);
        const table_t *t = &r->tables[mv.to_table];
        assert_int_equal(t->occupant[mv.to_seat - 1], 0);
        assert_false((t->blocked >> (mv.to_seat - 1)) & 1);
        count[mv.to_table * 9 + mv.to_seat]++;
    }
    int cells[K], k = 0;
    for (int i = 1; i <= 18; i++)
        if (count[i])
            cells[k++] = count[i];
    assert_int_equal(k, K);
    assert_true(chi_square_ok(cells, K, DRAWS, 32.9)); /* 12 df, p = 0.001 */
    move_t all[32];
    assert_int_equal(roster_seat_choices(r, all, 32), K);
}

static void draw_keeps_tables_even(void **state)
{
    (void)state;
    tables(10, 10);
    for (int i = 0; i < 95; i++) {
        int p = roster_register(r, NULL, &no);
        move_t mv;
        assert_true(roster_draw_seat(r, p, rnd64(), &mv));
        assert_true(roster_seat_player(r, p, mv.to_table, mv.to_seat, &no));
        assert_true(spread() <= 1);
    }
    check_consistent();
    assert_int_equal(roster_players_left(r), 95);
    assert_int_equal(roster_entries(r), 95);
}

static void choices_at(int table_no, int *seats, int *n, bool *waits)
{
    move_t all[16];
    int k = roster_seat_choices(r, all, 16);
    *n = 0;
    for (int i = 0; i < k; i++)
        if (r->tables[all[i].to_table].number == table_no) {
            seats[(*n)++] = all[i].to_seat;
            *waits = all[i].waits;
        }
}

static void expect_choices(const int *want, int n, bool waits)
{
    int got[16], k;
    bool w = false;
    choices_at(1, got, &k, &w);
    assert_int_equal(k, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(got[i], want[i]);
    if (n)
        assert_int_equal(w, waits);
}

/* TDA 10A: a late entry is not seated between the small blind and the button. */
static void late_entry_never_between_small_blind_and_button(void **state)
{
    (void)state;
    tables(1, 9);
    sit_at(1, (const int[]){1, 3, 5, 7}, 4);
    expect_choices((const int[]){2, 4, 6, 8, 9}, 5, false); /* no button: any seat */
    assert_true(roster_set_button(r, 0, 3, &no));           /* small blind 5 */
    expect_choices((const int[]){2, 6, 8, 9}, 4, false);
}

static void late_entry_with_a_dead_button(void **state)
{
    (void)state;
    tables(1, 9);
    sit_at(1, (const int[]){1, 3, 6, 8}, 4);
    /* the button on empty seat 4, the small blind at 6: seats 4 and 5 wait */
    assert_true(roster_set_button(r, 0, 4, &no));
    expect_choices((const int[]){2, 7, 9}, 3, false);
}

static void late_entry_heads_up(void **state)
{
    (void)state;
    tables(1, 9);
    sit_at(1, (const int[]){2, 7}, 2);
    /* heads-up the button is the small blind: no seat lies between them */
    assert_true(roster_set_button(r, 0, 7, &no));
    expect_choices((const int[]){1, 3, 4, 5, 6, 8, 9}, 7, false);
}

static void late_entry_waits_when_only_such_seats_are_free(void **state)
{
    (void)state;
    tables(1, 5);
    sit_at(1, (const int[]){1, 4, 5}, 3);
    assert_true(roster_set_button(r, 0, 1, &no)); /* small blind 4 */
    expect_choices((const int[]){2, 3}, 2, true);
}

static void a_new_table_fills_first_and_blocked_seats_stay_empty(void **state)
{
    (void)state;
    tables(2, 4);
    assert_int_equal(roster_add_table(r, 7, "Main", 4, 1u << 3, &no), 2);
    sit_at(1, (const int[]){1, 2, 3}, 3);
    sit_at(2, (const int[]){1, 2, 3}, 3);
    for (int i = 0; i < 3; i++) {
        move_t mv;
        int p = roster_register(r, NULL, &no);
        assert_true(roster_draw_seat(r, p, rnd64(), &mv));
        assert_int_equal(mv.to_table, 2);
        assert_true(roster_seat_player(r, p, mv.to_table, mv.to_seat, &no));
    }
    assert_int_equal(roster_table_players(r, 2), 3);
    assert_int_equal(at(7, 4), -1);
    assert_false(roster_seat_player(r, 0, 2, 4, &no)); /* the blocked seat */
    assert_false(roster_seat_player(r, 0, 1, 2, &no)); /* someone sits there */
    assert_string_equal(no.text, "table 2, seat 2 is taken");
    assert_false(roster_block_seat(r, 0, 1, true, &no)); /* has a player */
    assert_false(roster_table_open(r, 0, false, &no));   /* has players */
    assert_int_equal(roster_add_table(r, 7, NULL, 9, 0, &no), -1);
    assert_int_equal(roster_add_table(r, 8, NULL, 11, 0, &no), -1);
    assert_int_equal(roster_register(r, "tab\there", &no), -1);
    check_consistent();
}

/* Tables of different sizes: a full six-seat table has the fewest players,
 * but new players and a broken table's go where seats are free. */
static void a_full_short_handed_table_is_passed_over(void **state)
{
    (void)state;
    roster_add_table(r, 1, NULL, 9, 0, &no);
    roster_add_table(r, 2, NULL, 6, 0, &no);
    fill(1, 7);
    fill(2, 6);
    move_t mv[ROSTER_MAX_MOVES];
    assert_true(roster_draw_seat(r, -1, 3, &mv[0]));
    assert_int_equal(mv[0].to_table, 0);
    roster_add_table(r, 3, NULL, 9, 0, &no);
    fill(3, 1);
    assert_int_equal(roster_next_break(r), 2);
    assert_int_equal(roster_propose_break(r, 2, (const uint64_t[]){1, 1}, mv, ROSTER_MAX_MOVES), 1);
    assert_int_equal(mv[0].to_table, 0);
}

/* ---- balancing (TDA 11) ---- */

static void balance_moves_big_blind_next_to_the_worst_seat(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 9);
    sit_at(2, (const int[]){1, 2, 3, 4, 5, 6, 8}, 7);
    assert_true(roster_set_button(r, 0, 4, &no)); /* blinds 5 and 6 */
    assert_true(roster_set_button(r, 1, 2, &no)); /* blinds 3 and 4 */
    assert_int_equal(roster_next_action(r), ROSTER_BALANCE);
    move_t mv[4];
    assert_int_equal(roster_propose_balance(r, NULL, mv, 4), 1);
    assert_int_equal(mv[0].player, at(1, 6)); /* the big blind of the next hand */
    assert_int_equal(mv[0].from_table, 0);
    assert_int_equal(mv[0].from_seat, 6);
    assert_int_equal(mv[0].to_table, 1);
    assert_int_equal(mv[0].to_seat, 7); /* first free seat after the small blind */
    assert_false(mv[0].waits);
    assert_true(roster_apply_moves(r, mv, 1, &no));
    assert_int_equal(roster_next_action(r), ROSTER_NOTHING);
    check_consistent();
}

static void balance_into_a_dead_button_takes_the_big_blind_alone(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 9);
    sit_at(2, (const int[]){1, 3, 5, 6, 7, 8, 9}, 7);
    assert_true(roster_set_button(r, 0, 9, &no)); /* blinds 1 and 2 */
    assert_true(roster_set_button(r, 1, 2, &no)); /* dead; blinds 3 and 5 */
    move_t mv[4];
    assert_int_equal(roster_propose_balance(r, NULL, mv, 4), 1);
    assert_int_equal(mv[0].player, at(1, 2));
    /* seat 4, before the big blind: he posts the next big blind alone; not
     * seat 2 (the dead button: he would wait for it to pass) */
    assert_int_equal(mv[0].to_seat, 4);
    assert_false(mv[0].waits);
}

static void balance_into_a_heads_up_table(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 4);
    sit_at(2, (const int[]){2, 6}, 2);
    assert_true(roster_set_button(r, 0, 1, &no)); /* blinds 2 and 3 */
    assert_true(roster_set_button(r, 1, 6, &no)); /* button = small blind */
    move_t mv[4];
    assert_int_equal(roster_propose_balance(r, NULL, mv, 4), 1);
    assert_int_equal(mv[0].player, at(1, 3));
    /* After the big blind: three-handed, the button (6) stays, the small
     * blind is seat 2 and he is the big blind at once. Seat 7, after the
     * heads-up button, would make him the small blind of three (TDA 11:
     * never the small blind). */
    assert_int_equal(mv[0].to_seat, 3);
    assert_false(mv[0].waits);
    assert_true(roster_apply_moves(r, mv, 1, &no));
    assert_int_equal(roster_table_players(r, 0), 3);
    assert_int_equal(roster_table_players(r, 1), 3);
}

/* When the only free seats are between the button and the small blind, the
 * moved player takes one and is dealt in once the button has passed. */
static void balance_into_seats_that_wait_for_the_button(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 9);
    fill(2, 7);
    assert_true(roster_set_button(r, 1, 8, &no)); /* dead; small blind 1 */
    move_t mv[4];
    assert_int_equal(roster_propose_balance(r, (const uint64_t[]){0}, mv, 4), 1);
    assert_int_equal(mv[0].to_seat, 8);
    assert_true(mv[0].waits);
}

/* The button moves on to the small blind; when he went out in the hand,
 * it stays on his empty seat (a dead button). */
static void button_moves_on_as_hands_are_done(void **state)
{
    (void)state;
    model_init(m, structure());
    apply((command_t){.type = CMD_REGISTER, .count = 5});
    tables(1, 9);
    sit_at(1, (const int[]){2, 4, 5, 7, 9}, 5);
    assert_true(roster_set_button(r, 0, 9, &no));
    roster_hand_done(r, 0);
    assert_int_equal(r->tables[0].button, 2);
    roster_hand_done(r, 0);
    assert_int_equal(r->tables[0].button, 4);
    int sb = at(1, 5);
    roster_hand_done(r, 0); /* the small blind of that hand went out */
    bust(&sb, NULL, 1);
    assert_int_equal(r->tables[0].button, 5);
    /* the small blind is the next player, at 7: seats 5 and 6 wait */
    expect_choices((const int[]){1, 3, 8}, 3, false);
    roster_hand_done(r, 0);
    assert_int_equal(r->tables[0].button, 7);
    /* heads-up the button goes back and forth */
    int out[2] = {at(1, 2), at(1, 4)};
    bust(out, (const int64_t[]){100, 200}, 2);
    roster_hand_done(r, 0);
    assert_int_equal(r->tables[0].button, 9);
    roster_hand_done(r, 0);
    assert_int_equal(r->tables[0].button, 7);
}

static void balance_without_buttons_names_table_and_seat(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 9);
    sit_at(2, (const int[]){1, 2, 3, 4, 5, 6, 8}, 7);
    int seen7 = 0, seen9 = 0;
    for (int i = 0; i < 200; i++) {
        uint64_t x = rnd64();
        move_t mv[4];
        assert_int_equal(roster_propose_balance(r, &x, mv, 4), 1);
        assert_int_equal(mv[0].player, -1); /* "the player who is big blind next" */
        assert_int_equal(mv[0].from_table, 0);
        assert_int_equal(mv[0].to_table, 1);
        seen7 += mv[0].to_seat == 7;
        seen9 += mv[0].to_seat == 9;
    }
    assert_int_equal(seen7 + seen9, 200);
    assert_true(seen7 > 60 && seen9 > 60);
    /* the floor names the player */
    uint64_t x = 1;
    move_t mv[4];
    roster_propose_balance(r, &x, mv, 4);
    assert_false(roster_apply_moves(r, mv, 1, &no));
    mv[0].player = at(1, 5);
    assert_true(roster_apply_moves(r, mv, 1, &no));
    assert_int_equal(spread(), 0);
}

static void balance_several_moves_and_ties_by_break_order(void **state)
{
    (void)state;
    tables(4, 9);
    /* break order: 4, 3, 2, 1 (the last added breaks first) */
    fill(1, 9);
    fill(2, 9);
    fill(3, 6);
    fill(4, 6);
    for (int t = 0; t < 4; t++)
        assert_true(roster_set_button(r, t, 1, &no));
    move_t mv[8];
    int n = roster_propose_balance(r, NULL, mv, 8);
    assert_int_equal(n, 2);
    /* from the full table that breaks first (2), to the short one that
     * breaks last (3); then from 1 to 4 */
    assert_int_equal(r->tables[mv[0].from_table].number, 2);
    assert_int_equal(r->tables[mv[0].to_table].number, 3);
    assert_int_equal(r->tables[mv[1].from_table].number, 1);
    assert_int_equal(r->tables[mv[1].to_table].number, 4);
    assert_true(roster_apply_moves(r, mv, n, &no));
    assert_int_equal(spread(), 1);
    check_consistent();
}

static void balance_house_options(void **state)
{
    (void)state;
    tables(3, 9);
    fill(1, 9);
    fill(2, 7);
    fill(3, 8);
    r->balance = BALANCE_FULL_TABLE;
    assert_int_equal(roster_next_action(r), ROSTER_NOTHING); /* two short: plays on */
    r->balance = BALANCE_WITHIN_2;
    r->within2_until = 3;
    assert_int_equal(roster_tolerance(r), 1); /* three tables left: within 1 */
    assert_int_equal(roster_next_action(r), ROSTER_BALANCE);
    r->within2_until = 2;
    assert_int_equal(roster_next_action(r), ROSTER_NOTHING);
    /* 9, 6, 9: full-table play halts at a table three short; one move
     * from the full table that breaks first (3) */
    r->balance = BALANCE_FULL_TABLE;
    assert_true(roster_seat_player(r, at(2, 7), 2, 9, &no));
    assert_int_equal(roster_next_action(r), ROSTER_BALANCE);
    move_t mv[4];
    uint64_t x[4] = {1, 2, 3, 4};
    assert_int_equal(roster_propose_balance(r, x, mv, 4), 1);
    assert_int_equal(r->tables[mv[0].from_table].number, 3);
    assert_int_equal(r->tables[mv[0].to_table].number, 2);
}

/* ---- breaking ---- */

static void break_order_configured_or_drawn(void **state)
{
    (void)state;
    tables(5, 9);
    int order[ROSTER_MAX_TABLES];
    roster_break_order(r, order);
    for (int i = 0; i < 5; i++)
        assert_int_equal(r->tables[order[i]].number, 5 - i);
    assert_true(roster_set_break_order(r, (const int[]){3, 1, 5, 2, 4}, 5, &no));
    assert_false(roster_set_break_order(r, (const int[]){3, 3, 5, 2, 4}, 5, &no));
    assert_false(roster_set_break_order(r, (const int[]){3, 1, 5, 2}, 4, &no));
    assert_false(roster_set_break_order(r, (const int[]){3, 1, 5, 2, 9}, 5, &no));
    for (int t = 1; t <= 5; t++)
        fill(t, 2);
    assert_int_equal(r->tables[roster_next_break(r)].number, 3);
    assert_true(roster_table_open(r, roster_table_by_number(r, 1), true, &no));
    /* drawn: every order of 3 tables about equally often */
    roster_t *small = calloc(1, sizeof *small);
    roster_init(small);
    for (int t = 1; t <= 3; t++)
        roster_add_table(small, t, NULL, 9, 0, &no);
    int count[27] = {0};
    enum { DRAWS = 6000 };
    for (int i = 0; i < DRAWS; i++) {
        uint64_t x[2];
        rnds(x, 2);
        roster_draw_break_order(small, x);
        roster_break_order(small, order);
        count[order[0] * 9 + order[1] * 3 + order[2]]++;
    }
    int cells[6], k = 0;
    for (int i = 0; i < 27; i++)
        if (count[i])
            cells[k++] = count[i];
    assert_int_equal(k, 6);
    assert_true(chi_square_ok(cells, 6, DRAWS, 20.5)); /* 5 df, p = 0.001 */
    free(small);
}

static void break_draws_table_then_seat(void **state)
{
    (void)state;
    tables(3, 9);
    /* table 3 breaks first; tables 1 and 2 have 3 players each, table 1
     * with three free seats, table 2 with six (three blocked at table 1) */
    for (int s = 7; s <= 9; s++)
        assert_true(roster_block_seat(r, 0, s, true, &no));
    fill(1, 3);
    fill(2, 3);
    fill(3, 1);
    assert_int_equal(roster_next_action(r), ROSTER_BREAK);
    int b = roster_next_break(r);
    assert_int_equal(r->tables[b].number, 3);
    enum { DRAWS = 10000 };
    int to1 = 0;
    for (int i = 0; i < DRAWS; i++) {
        uint64_t x[2];
        rnds(x, 2);
        move_t mv[ROSTER_MAX_MOVES];
        assert_int_equal(roster_propose_break(r, b, x, mv, ROSTER_MAX_MOVES), 1);
        to1 += mv[0].to_table == 0;
    }
    /* the table first, uniformly: one half each (a draw of one seat among
     * all nine free ones would send a third to table 1) */
    print_message("to table 1: %d of %d\n", to1, DRAWS);
    assert_true(to1 > 4800 && to1 < 5200);
}

static void break_keeps_tables_even(void **state)
{
    (void)state;
    tables(4, 9);
    fill(1, 6);
    fill(2, 6);
    fill(3, 7);
    fill(4, 8); /* breaks first: 27 players fit exactly in the other three */
    roster_set_button(r, 0, 3, &no);
    int b = roster_next_break(r);
    assert_int_equal(roster_next_action(r), ROSTER_BREAK);
    uint64_t x[2 * ROSTER_MAX_MOVES];
    rnds(x, 2 * ROSTER_MAX_MOVES);
    move_t mv[ROSTER_MAX_MOVES];
    int n = roster_propose_break(r, b, x, mv, ROSTER_MAX_MOVES);
    assert_int_equal(n, 8);
    for (int i = 0; i < n; i++) {
        assert_int_equal(mv[i].from_table, b);
        assert_int_equal(mv[i].from_seat, i + 1);
        assert_int_equal(mv[i].player, at(4, i + 1));
    }
    assert_true(roster_apply_moves(r, mv, n, &no));
    assert_true(roster_table_open(r, b, false, &no));
    assert_int_equal(spread(), 0);
    assert_int_equal(roster_table_players(r, 0), 9);
    check_consistent();
}

/* ---- the final table ---- */

static void final_table_redraw_and_button_by_high_card(void **state)
{
    (void)state;
    tables(3, 9);
    r->final_plus_one = true; /* 9-handed: ten at the final table */
    fill(1, 4);
    fill(2, 3);
    fill(3, 3);
    assert_int_equal(roster_final_size(r), 10);
    assert_int_equal(roster_next_action(r), ROSTER_FINAL);
    enum { DRAWS = 10000 };
    int seat_of_first[11] = {0};
    uint64_t x[10];
    move_t mv[ROSTER_MAX_MOVES];
    for (int i = 0; i < DRAWS; i++) {
        rnds(x, 10);
        assert_int_equal(roster_propose_final(r, x, mv, ROSTER_MAX_MOVES), 10);
        seat_of_first[mv[0].to_seat]++;
    }
    assert_true(chi_square_ok(seat_of_first + 1, 10, DRAWS, 27.9)); /* 9 df */
    rnds(x, 10);
    int n = roster_propose_final(r, x, mv, ROSTER_MAX_MOVES);
    assert_true(roster_apply_final(r, mv, n, &no));
    int f = roster_table_by_number(r, 1); /* the last of the break order */
    assert_int_equal(r->tables[f].seats, 10);
    assert_int_equal(roster_table_players(r, f), 10);
    for (int i = 0; i < r->n_tables; i++)
        assert_int_equal(r->tables[i].open, i == f);
    assert_int_equal(roster_next_action(r), ROSTER_NOTHING);
    check_consistent();

    int cards[10];
    rnds(x, 10);
    roster_deal_cards(x, 10, cards);
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < i; j++)
            assert_int_not_equal(cards[i], cards[j]);
    int hi = roster_high_card(cards, 10);
    /* a shuffled deck: the first card of a deal is any of the 52 */
    int first[52] = {0};
    for (int i = 0; i < 52 * 200; i++) {
        uint64_t y[2];
        int c2[2];
        rnds(y, 2);
        roster_deal_cards(y, 2, c2);
        first[c2[0]]++;
    }
    assert_true(chi_square_ok(first, 52, 52 * 200, 87.0)); /* 51 df, p = 0.001 */
    for (int i = 0; i < 10; i++)
        assert_true(cards[i] / 4 <= cards[hi] / 4);
    /* ties of rank by suit: spades > hearts > diamonds > clubs */
    enum { CLUBS, DIAMONDS, HEARTS, SPADES, ACE = 12, KING = 11 };
    assert_int_equal(roster_high_card((const int[]){ACE * 4 + HEARTS, ACE * 4 + SPADES,
                                                    KING * 4 + SPADES, ACE * 4 + CLUBS},
                                      4),
                     1);
    assert_int_equal(roster_high_card((const int[]){KING * 4 + DIAMONDS, 3 * 4 + SPADES}, 2), 0);
}

static void final_table_of_the_format_by_default(void **state)
{
    (void)state;
    tables(2, 9);
    fill(1, 6);
    fill(2, 4);
    assert_int_equal(roster_final_size(r), 9);
    assert_int_not_equal(roster_next_action(r), ROSTER_FINAL);
    r->final_plus_one = true;
    assert_int_equal(roster_next_action(r), ROSTER_FINAL);
    move_t mv[ROSTER_MAX_MOVES];
    uint64_t x[10];
    rnds(x, 10);
    int n = roster_propose_final(r, x, mv, ROSTER_MAX_MOVES);
    mv[1].to_seat = mv[0].to_seat; /* two in one seat: refused, nothing changes */
    uint32_t v = r->version;
    assert_false(roster_apply_final(r, mv, n, &no));
    assert_int_equal(r->version, v);
    assert_int_equal(r->tables[0].seats, 9);
    check_consistent();
}

/* ---- busts and places ---- */

static void same_hand_busts_place_by_chips_and_tie(void **state)
{
    (void)state;
    model_init(m, structure());
    tables(2, 9);
    fill(1, 6);
    fill(2, 6);
    apply((command_t){.type = CMD_REGISTER, .count = 12});
    /* 12 players, pool 1200; three out in one hand: at table 1 with 500
     * and 1000 chips, at table 2 with 800 */
    int p[3] = {at(1, 2), at(1, 4), at(2, 1)};
    bust(p, (const int64_t[]){500, 1000, 800}, 3);
    const player_t *a = &r->players[p[0]], *b = &r->players[p[1]], *c = &r->players[p[2]];
    /* fewest at each table tie for 11th-12th (no prize); 1000 chips: 10th */
    assert_int_equal(a->place_best, 11);
    assert_int_equal(a->place_worst, 12);
    assert_int_equal(c->place_best, 11);
    assert_int_equal(c->place_worst, 12);
    assert_int_equal(b->place_best, 10);
    assert_int_equal(b->place_worst, 10);
    assert_int_equal(b->prize, 24); /* 2% of 1200 */
    assert_int_equal(a->status, PLAYER_OUT);
    assert_int_equal(at(1, 2), -1);
    /* equal chips at one table: a tie for 8th-9th, sharing 3% + 2.5% */
    int q[2] = {at(1, 1), at(1, 3)};
    bust(q, (const int64_t[]){700, 700}, 2);
    assert_int_equal(r->players[q[0]].place_best, 8);
    assert_int_equal(r->players[q[0]].place_worst, 9);
    assert_int_equal(r->players[q[1]].place_best, 8);
    assert_int_equal(r->players[q[0]].prize, 33);
    /* one player alone */
    int one = at(2, 2);
    bust(&one, NULL, 1);
    assert_int_equal(r->players[one].place_best, 7);
    assert_int_equal(r->players[one].prize, 54);
    assert_int_equal(roster_busted(r), m->t.busted);
    assert_false(roster_bust_command(r, &one, NULL, 1, &(command_t){0}, &no));
    /* re-entry: a new stack and a new seat, the place taken back */
    assert_true(roster_reenter(r, one, &no));
    standings_roster(r, &m->t);
    assert_int_equal(r->players[one].place_best, 0);
    assert_int_equal(roster_entries(r), 13);
    assert_int_equal(roster_busted(r), 6);
    char label[64];
    roster_player_label(r, one, label, sizeof label);
    assert_string_equal(label, "Player 8");
}

static int pick_player_at(int table)
{
    const table_t *t = &r->tables[table];
    int k = 0, who[ROSTER_MAX_SEATS];
    for (int s = 1; s <= t->seats; s++)
        if (t->occupant[s - 1])
            who[k++] = t->occupant[s - 1] - 1;
    return k ? who[rnd64() % (uint64_t)k] : -1;
}

/* Some seated player. */
static int anyone(void)
{
    for (int p = 0; p < r->n_players; p++)
        if (r->players[p].status == PLAYER_SEATED)
            return p;
    return -1;
}

static void register_a_list_one_after_the_other(void **state)
{
    (void)state;
    tables(3, 4);
    const char *names[] = {"Anna Berg", "Bo Ek", "Cecilia Dahl", "Dag Lund", "Eva Holm"};
    move_t mv[12];
    assert_true(roster_register_seated(r, names, 5, (const uint64_t[]){7, 7, 7, 7, 7}, mv, &no));
    for (int i = 0; i < 5; i++) {
        assert_int_equal(mv[i].player, i);
        assert_int_equal(at(r->tables[mv[i].to_table].number, mv[i].to_seat), i);
        assert_string_equal(r->players[i].name, names[i]);
    }
    assert_true(spread() <= 1);
    /* seven seats are left, six once a dealer takes one: seven are refused,
     * a bad name too, and nothing changes */
    int empty = 1;
    while (at(1, empty) >= 0)
        empty++;
    assert_true(roster_block_seat(r, 0, empty, true, &no));
    uint32_t v = r->version;
    uint64_t x[8] = {0};
    assert_false(roster_register_seated(r, NULL, 7, x, mv, &no));
    assert_string_equal(no.text, "6 seats are free for 7 players");
    const char *bad[] = {"Frida", "G\x01"};
    assert_false(roster_register_seated(r, bad, 2, x, mv, &no));
    assert_int_equal(r->version, v);
    assert_int_equal(r->n_players, 5);
    assert_true(roster_register_seated(r, NULL, 6, x, mv, &no));
    assert_int_equal(roster_players_left(r), 11);
    /* the dealer's seat given back: one seat for two, then none */
    assert_true(roster_block_seat(r, 0, empty, false, &no));
    assert_false(roster_register_seated(r, NULL, 2, x, mv, &no));
    assert_string_equal(no.text, "1 seat is free for 2 players");
    assert_true(roster_block_seat(r, 0, empty, true, &no));
    assert_false(roster_register_seated(r, NULL, 1, x, mv, &no));
    assert_string_equal(no.text, "no seat is free");
    char label[64];
    roster_player_label(r, 10, label, sizeof label);
    assert_string_equal(label, "Player 11");
    check_consistent();
}

static void ch_bust(void);

static void seat_finder_and_tables_in_play(void **state)
{
    (void)state;
    tables(3, 9);
    roster_add_table(r, 12, "Feature", 8, 0, &no);
    const char *names[] = {"Anna Berg", "Bo Ek", "Annika Lind", "Åsa Öberg", "", "BERGMAN"};
    move_t mv[6];
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    assert_true(roster_register_seated(r, names, 6, x, mv, &no));
    int found[8];
    assert_int_equal(roster_find(r, "berg", found, 8), 3);
    assert_int_equal(found[0], 0);
    assert_int_equal(found[1], 3);
    assert_int_equal(found[2], 5);
    assert_int_equal(roster_find(r, "ANN", found, 8), 2);
    assert_int_equal(roster_find(r, "Öberg", found, 8), 1);
    assert_int_equal(found[0], 3);
    assert_int_equal(roster_find(r, "5", found, 8), 1); /* the player with no name */
    assert_int_equal(found[0], 4);
    assert_int_equal(roster_find(r, "zz", found, 8), 0);
    assert_int_equal(roster_find(r, "", found, 8), 0);
    assert_int_equal(roster_find(r, "b", found, 1), 4); /* counted past max */
    /* six players on four tables: the tables in play, ascending */
    int in_play[8];
    assert_int_equal(roster_tables_in_play(r, in_play, 8), 4);
    assert_int_equal(in_play[3], 12);
    /* its one player moves to table 1: table 12 is no longer in play */
    assert_int_equal(roster_table_players(r, 3), 1);
    int p = -1;
    for (int s2 = 1; s2 <= 8; s2++)
        p = at(12, s2) >= 0 ? at(12, s2) : p;
    assert_true(roster_seat_player(r, p, 0, 9, &no));
    assert_int_equal(roster_tables_in_play(r, in_play, 8), 3);
    assert_int_equal(in_play[2], 3);
}

/* One change, taken back: the roster is as before, with a newer version
 * (a bust is taken back in the tourney too: one undo for both). */
static void change_and_undo(roster_t *before, void (*change)(void))
{
    memcpy(before, r, sizeof *r);
    change();
    roster_undo_t u;
    assert_true(roster_diff(before, r, &u));
    uint32_t v = r->version;
    roster_undo(r, &u);
    if (change == ch_bust)
        apply((command_t){.type = CMD_UNDO});
    assert_true(r->version > v);
    r->version = before->version;
    assert_int_equal(r->n_players, before->n_players);
    assert_memory_equal(r->players, before->players, sizeof r->players[0] * (size_t)r->n_players);
    assert_memory_equal(r->tables, before->tables, sizeof r->tables[0] * (size_t)r->n_tables);
    assert_int_equal(r->final_drawn, before->final_drawn);
    change(); /* and done again, to go on */
}

static void ch_register(void)
{
    move_t mv[3];
    assert_true(roster_register_seated(r, NULL, 3, (const uint64_t[]){1, 2, 3}, mv, &no));
}

static void ch_register_many(void)
{
    static const char *names[300];
    static char text[300][16];
    for (int i = 0; i < 300; i++) {
        snprintf(text[i], sizeof text[i], "Entry %d", i);
        names[i] = text[i];
    }
    uint64_t x[300];
    for (int i = 0; i < 300; i++)
        x[i] = (uint64_t)i * 0x9e3779b97f4a7c15ULL;
    static move_t mv[300];
    assert_true(roster_register_seated(r, names, 300, x, mv, &no));
}

static void ch_button(void)
{
    assert_true(roster_set_button(r, 0, 2, &no));
    roster_hand_done(r, 0);
}

static void ch_bust(void)
{
    int p = anyone();
    bust(&p, NULL, 1);
}

static void ch_rebuy_addon(void)
{
    int p = anyone(), rebuys = r->players[p].rebuys, addons = r->players[p].addons;
    assert_true(roster_rebuy(r, p, &no));
    assert_true(roster_addon(r, p, &no));
    assert_int_equal(r->players[p].rebuys, rebuys + 1);
    assert_int_equal(r->players[p].addons, addons + 1);
}

static void ch_balance(void)
{
    uint64_t x[4] = {5, 6, 7, 8};
    move_t mv[4];
    int n = roster_propose_balance(r, x, mv, 4);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        if (mv[i].player < 0)
            mv[i].player = pick_player_at(mv[i].from_table);
    assert_true(roster_apply_moves(r, mv, n, &no));
}

static void ch_break(void)
{
    int b = roster_next_break(r);
    uint64_t x[2 * ROSTER_MAX_MOVES] = {0};
    move_t mv[ROSTER_MAX_MOVES];
    int n = roster_propose_break(r, b, x, mv, ROSTER_MAX_MOVES);
    assert_true(roster_apply_moves(r, mv, n, &no));
    assert_true(roster_table_open(r, b, false, &no));
}

static void ch_final(void)
{
    uint64_t x[ROSTER_MAX_MOVES] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
    move_t mv[ROSTER_MAX_MOVES];
    int n = roster_propose_final(r, x, mv, ROSTER_MAX_MOVES);
    assert_true(roster_apply_final(r, mv, n, &no));
}

static void undo_takes_back_every_roster_change(void **state)
{
    (void)state;
    model_init(m, structure());
    apply((command_t){.type = CMD_REGISTER, .count = 40});
    tables(5, 9);
    r->final_plus_one = true;
    move_t mv[40];
    uint64_t x[40];
    rnds(x, 37);
    assert_true(roster_register_seated(r, NULL, 37, x, mv, &no));
    roster_t *before = malloc(sizeof *before);
    /* a list of 300 on 34 tables more, taken back whole */
    for (int t = 6; t <= 40; t++)
        roster_add_table(r, t, NULL, 9, 0, &no);
    memcpy(before, r, sizeof *r);
    ch_register_many();
    roster_undo_t u;
    assert_true(roster_diff(before, r, &u));
    roster_undo(r, &u);
    assert_int_equal(r->n_players, before->n_players);
    assert_memory_equal(r->tables, before->tables, sizeof r->tables[0] * (size_t)r->n_tables);
    for (int t = 5; t < r->n_tables; t++)
        assert_true(roster_table_open(r, t, false, &no));
    change_and_undo(before, ch_register);
    change_and_undo(before, ch_button);
    change_and_undo(before, ch_rebuy_addon);
    /* 40 on five tables of 9, down to the final table: every step taken
     * back once and done again */
    int done[4] = {0};
    roster_action a;
    while ((a = roster_next_action(r)) != ROSTER_FINAL) {
        done[a]++;
        change_and_undo(before, a == ROSTER_NOTHING   ? ch_bust
                                : a == ROSTER_BALANCE ? ch_balance
                                                      : ch_break);
    }
    assert_true(done[ROSTER_NOTHING] > 0 && done[ROSTER_BALANCE] > 0 && done[ROSTER_BREAK] > 0);
    change_and_undo(before, ch_final);
    free(before);
}

/* ---- whole tournaments ---- */

typedef struct {
    int players, tables, seats;
    balance_mode balance;
    int breaks, finals, moves; /* counted */
} run_t;

/* What the engine would journal: the seats drawn and the floor's steps,
 * never the random numbers; a replay applies them and draws nothing. */
typedef enum { J_REGISTER, J_MOVES, J_CLOSE, J_FINAL, J_BUTTON, J_HAND, J_BUST } jkind;
typedef struct {
    jkind kind;
    int n, table, seat;
    move_t mv[ROSTER_MAX_MOVES];
    int players[2];
    int64_t chips[2];
    char name[32];
} jentry_t;
static jentry_t *journal;
static int n_journal, journal_cap;

static jentry_t *j_add(jkind kind)
{
    if (n_journal == journal_cap) {
        journal_cap = journal_cap ? 2 * journal_cap : 4096;
        journal = realloc(journal, sizeof *journal * (size_t)journal_cap);
        assert_non_null(journal);
    }
    jentry_t *e = &journal[n_journal++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    return e;
}

static void j_moves(const move_t *mv, int n)
{
    assert_true(roster_apply_moves(r, mv, n, &no));
    jentry_t *e = j_add(J_MOVES);
    e->n = n;
    memcpy(e->mv, mv, sizeof mv[0] * (size_t)n);
}

static void j_final(const move_t *mv, int n)
{
    assert_true(roster_apply_final(r, mv, n, &no));
    jentry_t *e = j_add(J_FINAL);
    e->n = n;
    memcpy(e->mv, mv, sizeof mv[0] * (size_t)n);
}

static void j_close(int table)
{
    assert_true(roster_table_open(r, table, false, &no));
    j_add(J_CLOSE)->table = table;
}

static void j_button(int table, int seat)
{
    assert_true(roster_set_button(r, table, seat, &no));
    jentry_t *e = j_add(J_BUTTON);
    e->table = table;
    e->seat = seat;
}

static void j_hand(int table)
{
    roster_hand_done(r, table);
    j_add(J_HAND)->table = table;
}

static int j_register(const char *name)
{
    int p = roster_register(r, name, &no);
    snprintf(j_add(J_REGISTER)->name, sizeof journal[0].name, "%s", name);
    return p;
}

static void j_bust(const int *players, const int64_t *chips, int n)
{
    bust(players, chips, n);
    jentry_t *e = j_add(J_BUST);
    e->n = n;
    memcpy(e->players, players, sizeof players[0] * (size_t)n);
    memcpy(e->chips, chips, sizeof chips[0] * (size_t)n);
}

/* Plays the journal into the current r and m. */
static void replay(void)
{
    for (int i = 0; i < n_journal; i++) {
        const jentry_t *e = &journal[i];
        switch (e->kind) {
        case J_REGISTER: assert_true(roster_register(r, e->name, &no) >= 0); break;
        case J_MOVES: assert_true(roster_apply_moves(r, e->mv, e->n, &no)); break;
        case J_CLOSE: assert_true(roster_table_open(r, e->table, false, &no)); break;
        case J_FINAL: assert_true(roster_apply_final(r, e->mv, e->n, &no)); break;
        case J_BUTTON: assert_true(roster_set_button(r, e->table, e->seat, &no)); break;
        case J_HAND: roster_hand_done(r, e->table); break;
        case J_BUST: bust(e->players, e->chips, e->n); break;
        }
    }
}

/* Does what the floor is told until nothing is due. */
static void floor_work(run_t *run, int *next_break_pos)
{
    for (int guard = 0; guard < 100; guard++) {
        roster_action a = roster_next_action(r);
        uint64_t x[2 * ROSTER_MAX_MOVES];
        rnds(x, 2 * ROSTER_MAX_MOVES);
        move_t mv[ROSTER_MAX_MOVES];
        int n;
        switch (a) {
        case ROSTER_NOTHING: return;
        case ROSTER_FINAL: {
            n = roster_propose_final(r, x, mv, ROSTER_MAX_MOVES);
            assert_int_equal(n, roster_players_left(r));
            j_final(mv, n);
            int cards[ROSTER_MAX_MOVES];
            rnds(x, n);
            roster_deal_cards(x, n, cards);
            int hi = roster_high_card(cards, n);
            j_button(mv[hi].to_table, mv[hi].to_seat);
            run->finals++;
            break;
        }
        case ROSTER_BREAK: {
            int b = roster_next_break(r);
            /* in the posted order */
            assert_true(r->tables[b].break_pos >= *next_break_pos);
            *next_break_pos = r->tables[b].break_pos;
            n = roster_propose_break(r, b, x, mv, ROSTER_MAX_MOVES);
            assert_int_equal(n, roster_table_players(r, b));
            j_moves(mv, n);
            j_close(b);
            run->breaks++;
            break;
        }
        case ROSTER_BALANCE:
            n = roster_propose_balance(r, x, mv, ROSTER_MAX_MOVES);
            assert_true(n > 0);
            for (int i = 0; i < n; i++)
                if (mv[i].player < 0) /* the floor names the big blind */
                    mv[i].player = pick_player_at(mv[i].from_table);
            j_moves(mv, n);
            run->moves += n;
            break;
        }
        check_consistent();
    }
    fail_msg("the floor was never done");
}

/* A fresh roster and tourney, the same tables and break order, and the
 * journal played into them: every seat, place and prize the same. */
static void check_replay(void)
{
    roster_t *live = r;
    model_t *live_m = m;
    r = calloc(1, sizeof *r);
    m = calloc(1, sizeof *m);
    roster_init(r);
    model_init(m, structure());
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = live->n_players},
                                 1000, &no),
                     APPLY_OK);
    int numbers[ROSTER_MAX_TABLES], order[ROSTER_MAX_TABLES];
    for (int t = 0; t < live->n_tables; t++)
        roster_add_table(r, live->tables[t].number, NULL, live->tables[t].seats, 0, &no);
    roster_break_order(live, order);
    for (int i = 0; i < live->n_tables; i++)
        numbers[i] = live->tables[order[i]].number;
    assert_true(roster_set_break_order(r, numbers, live->n_tables, &no));
    r->balance = live->balance;
    r->within2_until = live->within2_until;
    replay();
    for (int p = 0; p < live->n_players; p++)
        assert_memory_equal(&r->players[p], &live->players[p], sizeof r->players[p]);
    for (int t = 0; t < live->n_tables; t++)
        assert_memory_equal(&r->tables[t], &live->tables[t], sizeof r->tables[t]);
    assert_memory_equal(&m->t.results, &live_m->t.results, sizeof m->t.results);
    print_message("replayed %d journal entries: every seat, place and prize the same\n", n_journal);
    free(r);
    free(m);
    r = live;
    m = live_m;
    free(journal);
    journal = NULL;
    n_journal = journal_cap = 0;
}

static void run_tournament(run_t *run)
{
    model_init(m, structure());
    r->balance = run->balance;
    r->within2_until = 5;
    tables(run->tables, run->seats);
    uint64_t x[ROSTER_MAX_TABLES];
    rnds(x, run->tables);
    roster_draw_break_order(r, x);
    clock_t c0 = clock();
    for (int i = 0; i < run->players; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player %c%d", 'A' + i % 26, i);
        int p = j_register(name);
        assert_int_equal(p, i);
        move_t mv;
        assert_true(roster_draw_seat(r, p, rnd64(), &mv));
        j_moves(&mv, 1);
        assert_true(spread() <= 1);
    }
    double reg_ms = (double)(clock() - c0) * 1000 / CLOCKS_PER_SEC;
    apply((command_t){.type = CMD_REGISTER, .count = run->players});
    check_consistent();
    /* half the tables have their buttons marked */
    for (int t = 0; t < run->tables; t += 2)
        j_button(t, 1 + (int)(rnd64() % (uint64_t)run->seats));

    int next_break_pos = 0;
    c0 = clock();
    while (roster_players_left(r) > 1) {
        /* one hand: one or two players out at a table, or one at each of two */
        int left = roster_players_left(r);
        int t1 = -1;
        while (t1 < 0 || roster_table_players(r, t1) < 2)
            t1 = (int)(rnd64() % (uint64_t)r->n_tables);
        j_hand(t1);
        int players[2] = {pick_player_at(t1), -1};
        int64_t chips[2] = {1000 + (int64_t)(rnd64() % 3) * 500, 0};
        int n = 1;
        if (left > 2 && rnd64() % 4 == 0) {
            int t2 = (int)(rnd64() % (uint64_t)r->n_tables);
            if (roster_table_players(r, t2) >= (t2 == t1 ? 3 : 2)) {
                do
                    players[1] = pick_player_at(t2);
                while (players[1] == players[0]);
                chips[1] = 1000 + (int64_t)(rnd64() % 3) * 500;
                n = 2;
            }
        }
        j_bust(players, chips, n);
        assert_int_equal(roster_busted(r), m->t.busted);
        floor_work(run, &next_break_pos);
        assert_true(spread() <= roster_tolerance(r));
    }
    double bust_ms = (double)(clock() - c0) * 1000 / CLOCKS_PER_SEC;
    check_replay();
    print_message("%d players on %d tables: registered in %.1f ms, busted to a winner in %.1f ms "
                  "(%d breaks, %d moves, %d final redraw)\n",
                  run->players, run->tables, reg_ms, bust_ms, run->breaks, run->moves, run->finals);

    /* every place once; tied places shared by as many players as they span */
    int *cover = calloc((size_t)run->players + 1, sizeof *cover);
    int64_t prizes = 0;
    for (int p = 0; p < run->players; p++) {
        const player_t *pl = &r->players[p];
        assert_true(pl->place_best >= 1 && pl->place_worst <= run->players);
        int span = pl->place_worst - pl->place_best + 1, same = 0;
        for (int q = 0; q < run->players; q++)
            same += r->players[q].place_best == pl->place_best;
        assert_int_equal(same, span);
        for (int k = pl->place_best; k <= pl->place_worst; k++)
            cover[k]++;
        prizes += pl->prize;
    }
    for (int k = 1; k <= run->players; k++) {
        int g = 0;
        for (int p = 0; p < run->players; p++)
            g += r->players[p].place_best <= k && k <= r->players[p].place_worst;
        assert_int_equal(cover[k], g);
        assert_true(g >= 1);
    }
    tourney_view_t v;
    tourney_view(&m->t, 1000, &v);
    assert_true(prizes <= v.prize_pool && prizes > v.prize_pool - 10); /* ties round down */
    free(cover);
    assert_int_equal(run->finals, 1);
    int open = 0;
    for (int t = 0; t < r->n_tables; t++)
        open += r->tables[t].open;
    assert_int_equal(open, 1);
}

static void tournament_of_300_on_34_tables(void **state)
{
    (void)state;
    run_t run = {300, 34, 9, BALANCE_WITHIN_1, 0, 0, 0};
    run_tournament(&run);
}

static void tournament_of_300_full_table_balance(void **state)
{
    (void)state;
    prng_state = 777;
    run_t run = {300, 34, 9, BALANCE_FULL_TABLE, 0, 0, 0};
    run_tournament(&run);
}

static void tournament_of_2000_on_250_tables(void **state)
{
    (void)state;
    prng_state = 2000;
    run_t run = {2000, 250, 10, BALANCE_WITHIN_2, 0, 0, 0};
    run_tournament(&run);
    print_message("player record %zu bytes, table %zu bytes, roster %zu bytes "
                  "(%d players, %d tables), one undo %zu bytes\n",
                  sizeof(player_t), sizeof(table_t), sizeof(roster_t), ROSTER_MAX_PLAYERS,
                  ROSTER_MAX_TABLES, sizeof(roster_undo_t));
}

/* A table added while 40 play breaks first; the other 40 only move a place
 * on in the break order, which undo does not need to keep: one undo takes
 * the table out and the break order is as posted. */
static void table_added_to_many_is_undone_whole(void **state)
{
    (void)state;
    for (int i = 1; i <= 40; i++)
        assert_true(roster_add_table(r, i, NULL, 9, 0, &no) >= 0);
    roster_t *before = malloc(sizeof *before);
    *before = *r;
    assert_int_equal(roster_add_table(r, 41, NULL, 8, 0, &no), 40);
    assert_int_equal(roster_next_break(r), 40);
    roster_undo_t u;
    assert_true(roster_diff(before, r, &u));
    assert_int_equal(u.n_changed_tables, 0);
    roster_undo(r, &u);
    assert_int_equal(r->n_tables, 40);
    for (int i = 0; i < 40; i++)
        assert_int_equal(r->tables[i].break_pos, before->tables[i].break_pos);
    free(before);
}

/* Balancing never moves a player to a closed table or a blocked seat, with
 * the short table's button marked or not. */
static void balance_skips_closed_tables_and_blocked_seats(void **state)
{
    (void)state;
    tables(3, 9);
    fill(1, 7);
    fill(2, 4);
    assert_true(roster_table_open(r, 2, false, &no)); /* table 3: closed, empty */
    for (int s = 5; s <= 8; s++)
        assert_true(roster_block_seat(r, 1, s, true, &no));
    assert_int_equal(roster_next_action(r), ROSTER_BALANCE);
    for (int button = 0; button <= 4; button += 4) {
        assert_true(roster_set_button(r, 1, button, &no));
        for (int i = 0; i < 200; i++) {
            uint64_t x[ROSTER_MAX_MOVES];
            rnds(x, ROSTER_MAX_MOVES);
            move_t mv[ROSTER_MAX_MOVES];
            assert_int_equal(roster_propose_balance(r, x, mv, ROSTER_MAX_MOVES), 1);
            assert_int_equal(mv[0].to_table, 1);
            assert_int_equal(mv[0].to_seat, 9); /* the one seat free there */
        }
    }
}

/* A house that shows first names only: the first word and the last
 * word's initial, whole UTF-8 characters; one word, or no name, as it is. */
static void short_names_first_word_and_initial(void **state)
{
    (void)state;
    char buf[64];
    static const char *const cases[][2] = {
        {"Anna Maria Berg", "Anna B."}, {"Bjørn Ødegård", "Bjørn Ø."}, {"Cher", "Cher"},
        {"  Dag   Ek ", "Dag E."},      {"Jan de Vries", "Jan V."},    {"Ünal Çelik", "Ünal Ç."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int p = roster_register(r, cases[i][0], &no);
        assert_true(p >= 0);
        roster_player_shown(r, p, true, buf, sizeof buf);
        assert_string_equal(buf, cases[i][1]);
        roster_player_shown(r, p, false, buf, sizeof buf);
        assert_string_equal(buf, cases[i][0]);
    }
    int none = roster_register(r, "", &no);
    roster_player_shown(r, none, true, buf, sizeof buf);
    assert_string_equal(buf, "Player 7");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(draw_is_uniform_over_the_allowed_seats, setup, teardown),
        cmocka_unit_test_setup_teardown(draw_keeps_tables_even, setup, teardown),
        cmocka_unit_test_setup_teardown(late_entry_never_between_small_blind_and_button, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(late_entry_with_a_dead_button, setup, teardown),
        cmocka_unit_test_setup_teardown(late_entry_heads_up, setup, teardown),
        cmocka_unit_test_setup_teardown(late_entry_waits_when_only_such_seats_are_free, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_new_table_fills_first_and_blocked_seats_stay_empty, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_full_short_handed_table_is_passed_over, setup, teardown),
        cmocka_unit_test_setup_teardown(balance_moves_big_blind_next_to_the_worst_seat, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(balance_into_a_dead_button_takes_the_big_blind_alone, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(balance_into_a_heads_up_table, setup, teardown),
        cmocka_unit_test_setup_teardown(balance_into_seats_that_wait_for_the_button, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(button_moves_on_as_hands_are_done, setup, teardown),
        cmocka_unit_test_setup_teardown(balance_without_buttons_names_table_and_seat, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(balance_several_moves_and_ties_by_break_order, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(balance_house_options, setup, teardown),
        cmocka_unit_test_setup_teardown(break_order_configured_or_drawn, setup, teardown),
        cmocka_unit_test_setup_teardown(break_draws_table_then_seat, setup, teardown),
        cmocka_unit_test_setup_teardown(break_keeps_tables_even, setup, teardown),
        cmocka_unit_test_setup_teardown(final_table_redraw_and_button_by_high_card, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(final_table_of_the_format_by_default, setup, teardown),
        cmocka_unit_test_setup_teardown(same_hand_busts_place_by_chips_and_tie, setup, teardown),
        cmocka_unit_test_setup_teardown(register_a_list_one_after_the_other, setup, teardown),
        cmocka_unit_test_setup_teardown(seat_finder_and_tables_in_play, setup, teardown),
        cmocka_unit_test_setup_teardown(short_names_first_word_and_initial, setup, teardown),
        cmocka_unit_test_setup_teardown(undo_takes_back_every_roster_change, setup, teardown),
        cmocka_unit_test_setup_teardown(table_added_to_many_is_undone_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(balance_skips_closed_tables_and_blocked_seats, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(tournament_of_300_on_34_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(tournament_of_300_full_table_balance, setup, teardown),
        cmocka_unit_test_setup_teardown(tournament_of_2000_on_250_tables, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
