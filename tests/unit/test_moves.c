/* The log of recent moves: filled by moves, breaks and the redraw, taken back by undo, replayed and
 * snapshotted exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "scratch.h"

#include "engine.h"
#include "model/game.h"
#include "json/codec.h"
#include "json/moves.h"
#include "json/roster.h"

static const char *config_text =
    "tables = { count = 3; seats = 9; list = ( { number = 3; seats = 6; blocked = [ 2 ]; } ); };\n"
    "tournament = {\n"
    "  name = \"Moves test\";\n"
    "  buy_in = 100;\n"
    "  starting_stack = 10000;\n"
    "  levels = ( { small_blind = 25; big_blind = 50; minutes = 20; } );\n"
    "  payouts = ( { min_entries = 2; places = [ 70, 30 ]; } );\n"
    "  house = { move_strip_seconds = 90; };\n"
    "};\n";

#define GAME_TEST_NAME "moves"
#define GAME_TEST_CONFIG config_text
#include "game_harness.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static void ring_keeps_the_newest_and_undo_drops_them(void **state)
{
    (void)state;
    moves_log_t *l = calloc(1, sizeof *l);
    for (int i = 0; i < 300; i++) {
        move_rec_t m = {.at = i, .player = (int16_t)i, .to_table = 1, .to_seat = 3};
        moves_log_add(l, &m);
    }
    assert_int_equal(moves_log_count(l), MOVES_LOG_MAX);
    assert_int_equal(moves_log_get(l, 0)->player, 299);
    assert_int_equal(moves_log_get(l, MOVES_LOG_MAX - 1)->player, 300 - MOVES_LOG_MAX);
    assert_null(moves_log_get(l, MOVES_LOG_MAX));
    /* The moves made less than 10 ms before 299: 290..299. */
    assert_int_equal(moves_log_recent(l, 299, 10), 10);
    assert_int_equal(moves_log_recent(l, 300, 0), 0);
    /* Undo of the last ten: the one before is the newest again; what the
     * ring had overwritten is not brought back as garbage. */
    moves_log_undo(l, 290);
    assert_int_equal(moves_log_count(l), MOVES_LOG_MAX - 10);
    assert_int_equal(moves_log_get(l, 0)->player, 289);
    assert_int_equal(moves_log_get(l, MOVES_LOG_MAX - 11)->player, 300 - MOVES_LOG_MAX);
    /* Back past what is held: empty, and it fills again from there. */
    moves_log_undo(l, 10);
    assert_int_equal(moves_log_count(l), 0);
    assert_null(moves_log_get(l, 0));
    move_rec_t m = {.at = 5, .player = 7, .to_table = 0, .to_seat = 1};
    moves_log_add(l, &m);
    assert_int_equal(moves_log_count(l), 1);
    assert_int_equal(moves_log_get(l, 0)->player, 7);
    free(l);
    /* The strip: the house's time, 120 s when not given, none when off. */
    assert_int_equal(moves_strip_ms(0, false), 120000);
    assert_int_equal(moves_strip_ms(90000, false), 90000);
    assert_int_equal(moves_strip_ms(90000, true), 0);
    assert_int_equal(g->m.t.s.house.move_strip_ms, 90000);
}

static const move_rec_t *newest(int i)
{
    const move_rec_t *m = moves_log_get(&g->r.moves, i);
    assert_non_null(m);
    return m;
}

static void break_move_and_final_are_logged_undone_replayed_and_saved(void **state)
{
    (void)state;
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    command_t *c = calloc(1, sizeof *c);
    c->type = CMD_REGISTER;
    c->count = 9;
    assert_int_equal(drawn_apply(c, 7, T, replayed), APPLY_OK);
    assert_int_equal(moves_log_count(&g->r.moves), 0); /* a seat drawn is not a move */
    /* Table 1 breaks: each of its players one entry, from table 1 to where he sits now. */
    roster_t *before = malloc(sizeof *before);
    *before = g->r;
    memset(c, 0, sizeof *c);
    c->type = CMD_BREAK_TABLE;
    c->table = 1;
    int at1 = roster_table_players(&g->r, 0);
    assert_true(at1 > 0);
    assert_int_equal(drawn_apply(c, 8, T + 1000, replayed), APPLY_OK);
    assert_int_equal(moves_log_count(&g->r.moves), at1);
    for (int i = 0; i < at1; i++) {
        const move_rec_t *m = newest(i);
        const player_t *p = &g->r.players[m->player];
        assert_int_equal(m->why, MOVE_BREAK);
        assert_int_equal(m->at, T + 1000);
        assert_int_equal(m->from_table, 0);
        assert_int_equal(m->from_seat, before->players[m->player].seat);
        assert_int_equal(m->to_table, p->table);
        assert_int_equal(m->to_seat, p->seat);
    }
    /* A balancing move, by the seat the player leaves. */
    int from = 0;
    while (!g->r.tables[1].occupant[from])
        from++;
    int mover = g->r.tables[1].occupant[from], to = 1;
    while (g->r.tables[2].occupant[to - 1] || to == 2)
        to++;
    memset(c, 0, sizeof *c);
    c->type = CMD_MOVE;
    c->from_table = 2, c->from_seat = from + 1, c->table = 3, c->seat = to;
    assert_int_equal(drawn_apply(c, 0, T + 2000, replayed), APPLY_OK);
    assert_int_equal(moves_log_count(&g->r.moves), at1 + 1);
    assert_int_equal(newest(0)->player, mover - 1);
    assert_int_equal(newest(0)->why, MOVE_BALANCE);
    assert_int_equal(newest(0)->from_table, 1);
    assert_int_equal(newest(0)->from_seat, from + 1);
    assert_int_equal(newest(0)->to_table, 2);
    assert_int_equal(newest(0)->to_seat, to);
    /* Replayed from the journal's form: the same log, to the byte. */
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    /* Within 1.5 s of the move: only the move; within 2.5 s: the break too. */
    assert_int_equal(moves_log_recent(&g->r.moves, T + 3000, 1500), 1);
    assert_int_equal(moves_log_recent(&g->r.moves, T + 3000, 2500), at1 + 1);

    /* The snapshot carries it; a snapshot from before the log loads with none. */
    json_t *j = roster_json_save(g);
    game_t *back = malloc(sizeof *back);
    back->m = g->m;
    assert_int_equal(roster_json_load(j, back, err, sizeof err), 0);
    assert_memory_equal(&back->r.moves, &g->r.moves, sizeof g->r.moves);
    /* ... and its undo takes back the move there too */
    assert_int_equal(game_apply(back, cmd(CMD_UNDO), T + 4000, &no), APPLY_OK);
    assert_int_equal(moves_log_count(&back->r.moves), at1);
    json_t *m = json_object_get(j, "moves");
    json_t *rec = json_array_get(json_object_get(m, "m"), 0);
    json_array_set_new(rec, 1, json_integer(9999)); /* a player who does not exist */
    back->m = g->m;
    assert_int_equal(roster_json_load(j, back, err, sizeof err), -1);
    assert_non_null(strstr(err, "moves"));
    json_object_del(j, "moves");
    json_t *us = json_object_get(j, "undo");
    for (size_t i = 0; i < json_array_size(us); i++)
        json_object_del(json_array_get(us, i), "mt");
    back->m = g->m;
    assert_int_equal(roster_json_load(j, back, err, sizeof err), 0);
    assert_int_equal(moves_log_count(&back->r.moves), 0);
    assert_int_equal(game_apply(back, cmd(CMD_UNDO), T + 4000, &no), APPLY_OK);
    assert_int_equal(moves_log_count(&back->r.moves), 0);
    json_decref(j);
    free(back);

    /* Down to five, the final redraw: its moves are "final", none for a
     * player drawn to the seat he had. */
    for (int id = 1, out = 0; out < 4; id++)
        if (g->r.players[id - 1].status != PLAYER_OUT && id != mover) {
            command_t *b = cmd(CMD_BUST);
            b->player = id;
            b->count = 1;
            assert_int_equal(game_apply(g, b, T + 5000, &no), APPLY_OK);
            out++;
        }
    uint32_t total = g->r.moves.total;
    *before = g->r;
    memset(c, 0, sizeof *c);
    c->type = CMD_FINAL_TABLE;
    assert_int_equal(drawn_apply(c, 10, T + 6000, NULL), APPLY_OK);
    int moved = 0;
    for (int i = 0; i < g->r.n_players; i++) {
        const player_t *p = &g->r.players[i], *q = &before->players[i];
        moved += p->status == PLAYER_SEATED && (p->table != q->table || p->seat != q->seat);
    }
    assert_true(moved > 0);
    assert_int_equal(g->r.moves.total, total + (uint32_t)moved);
    for (int i = 0; i < moved; i++)
        assert_int_equal(newest(i)->why, MOVE_FINAL);
    /* Undo: the log is as it was. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 7000, &no), APPLY_OK);
    assert_memory_equal(&g->r.moves, &before->moves, sizeof before->moves);
    /* A failed command logs nothing. */
    memset(c, 0, sizeof *c);
    c->type = CMD_MOVE;
    c->player = mover, c->table = 3, c->seat = 2; /* blocked */
    assert_int_equal(drawn_apply(c, 0, T + 8000, NULL), APPLY_CONFLICT);
    assert_memory_equal(&g->r.moves, &before->moves, sizeof before->moves);
    free(before);
    free(replayed);
    free(c);
}

static void the_list_names_tables_by_number_newest_first(void **state)
{
    (void)state;
    command_t *c = calloc(1, sizeof *c);
    c->type = CMD_REGISTER;
    c->n_names = 2;
    snprintf(c->names[0], sizeof c->names[0], "Anna Berg");
    snprintf(c->names[1], sizeof c->names[1], "Bo Ek");
    assert_int_equal(drawn_apply(c, 3, T, NULL), APPLY_OK);
    const player_t *anna = &g->r.players[0];
    int to = 1;
    int t3 = roster_table_by_number(&g->r, 3);
    while (g->r.tables[t3].occupant[to - 1] || to == 2)
        to++;
    int from_no = g->r.tables[anna->table].number, from_seat = anna->seat;
    memset(c, 0, sizeof *c);
    c->type = CMD_MOVE;
    c->player = 1, c->table = 3, c->seat = to;
    if (from_no == 3)
        c->table = 1, c->seat = 5;
    assert_int_equal(drawn_apply(c, 0, T + 1000, NULL), APPLY_OK);
    json_t *a = moves_json_list(&g->r, false, T + 61000);
    assert_int_equal(json_array_size(a), 1);
    json_t *m = json_array_get(a, 0);
    assert_string_equal(json_string_value(json_object_get(m, "name")), "Anna Berg");
    assert_int_equal(json_integer_value(json_object_get(m, "player")), 1);
    assert_int_equal(json_integer_value(json_object_get(m, "from_table")), from_no);
    assert_int_equal(json_integer_value(json_object_get(m, "from_seat")), from_seat);
    assert_int_equal(json_integer_value(json_object_get(m, "to_table")), c->table);
    assert_int_equal(json_integer_value(json_object_get(m, "to_seat")), c->seat);
    assert_string_equal(json_string_value(json_object_get(m, "why")), "balance");
    assert_int_equal(json_integer_value(json_object_get(m, "ago_ms")), 60000);
    json_decref(a);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ring_keeps_the_newest_and_undo_drops_them, setup, teardown),
        cmocka_unit_test_setup_teardown(break_move_and_final_are_logged_undone_replayed_and_saved,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(the_list_names_tables_by_number_newest_first, setup,
                                        teardown),
    };
    (void)scratch_mount_tiny_or_skip;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
