/* The deal command: prizes become the agreed amounts, exactly; refused, undone, replayed,
 * restarted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/history.h"

#include "scratch.h"

#include "engine.h"
#include "model/game.h"
#include "model/settle.h"
#include "model/sheet.h"
#include "store/config.h"
#include "json/codec.h"

/* 5 entries of 100: a pool of 500 paid 50/30/20 = 250, 150, 100. */
static const char *config_text = "tables = { count = 1; seats = 9; };\n"
                                 "tournament = {\n"
                                 "  name = \"Deal test\";\n"
                                 "  buy_in = 100;\n"
                                 "  starting_stack = 10000;\n"
                                 "  late_registration = { until_level = 2; };\n"
                                 "  levels = (\n"
                                 "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
                                 "    { small_blind = 50; big_blind = 100; minutes = 20; }\n"
                                 "  );\n"
                                 "  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );\n"
                                 "};\n";

#define GAME_TEST_NAME "settle"
#define GAME_TEST_CONFIG config_text
#include "game_harness.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

/* Five players at table 1, then player 5 out (place 5, no prize). */
static void five_then_one_out(void)
{
    command_t *c = cmd(CMD_REGISTER);
    const char *names[] = {"Anna", "Bo", "Cy", "Dan", "Eva"};
    for (int i = 0; i < 5; i++)
        snprintf(c->names[i], sizeof c->names[i], "%s", names[i]);
    c->n_names = 5;
    uint64_t rnd[5] = {11, 22, 33, 44, 55};
    assert_true(game_draw(g, c, rnd, &no));
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    c = cmd(CMD_BUST);
    c->player = 5;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->r.players[4].place_best, 5);
}

static command_t *deal_of(const int *who, const int64_t *amounts, int n, int64_t play_for)
{
    command_t *c = cmd(CMD_DEAL);
    c->deal.n = n;
    c->deal.n_players = who ? n : 0;
    for (int i = 0; i < n; i++) {
        if (who)
            c->deal.player[i] = (int16_t)who[i];
        c->deal.amount[i] = amounts[i];
    }
    c->deal.play_for = play_for;
    return c;
}

static void deal_ends_with_places_prizes_and_undo(void **state)
{
    (void)state;
    five_then_one_out();
    assert_int_equal(settle_pool_left(&g->m.t, T), 500);
    int who[] = {3, 1, 4, 2};
    int64_t amounts[] = {171, 139, 101, 89}; /* 500 */
    game_t *before = malloc(sizeof *before);
    *before = *g;
    assert_int_equal(game_apply(g, deal_of(who, amounts, 4, 0), T + 5, &no), APPLY_OK);
    /* Places in the order given, prizes the amounts, the winner seated. */
    int64_t sum = 0;
    for (int i = 0; i < 4; i++) {
        const player_t *p = &g->r.players[who[i] - 1];
        assert_int_equal(p->place_best, i + 1);
        assert_int_equal(p->place_worst, i + 1);
        assert_int_equal(p->prize, amounts[i]);
        assert_int_equal(p->status, i == 0 ? PLAYER_SEATED : PLAYER_OUT);
        sum += p->prize;
    }
    assert_int_equal(sum, 500);
    tourney_view_t v;
    tourney_view(&g->m.t, T + 10, &v);
    assert_true(v.over);
    assert_int_equal(v.players_left, 1);
    assert_int_equal(g->m.t.deal.players, 4);
    /* The payout list is the amounts by place (3 places paid). */
    assert_int_equal(v.payouts[0], 171);
    assert_int_equal(v.payouts[1], 139);
    assert_int_equal(v.payouts[2], 101);
    const result_t *last = &g->m.t.results[g->m.t.n_results - 1];
    assert_int_equal(last->place_best, 1);
    assert_int_equal(last->prize_each, 171);
    char words[ACTION_LINE_MAX];
    history_words(&g->m.t, 0, words, sizeof words);
    assert_string_equal(words, "deal of 4 players");
    /* A second deal is refused. */
    assert_int_equal(game_apply(g, deal_of(who, amounts, 4, 0), T + 6, &no), APPLY_CONFLICT);
    /* Undo takes back all of it: players, prizes, the deal. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 7, &no), APPLY_OK);
    assert_memory_equal(g->r.players, before->r.players, sizeof g->r.players[0] * 5);
    assert_memory_equal(g->r.tables, before->r.tables, sizeof g->r.tables[0]);
    assert_int_equal(g->m.t.deal.players, 0);
    assert_int_equal(g->m.t.busted, 1);
    free(before);
}

static void refusals_change_nothing(void **state)
{
    (void)state;
    five_then_one_out();
    game_t *before = malloc(sizeof *before);
    *before = *g;
    int who[] = {3, 1, 4, 2}, out[] = {3, 1, 4, 5}, twice[] = {3, 1, 3, 2};
    int64_t short_by_one[] = {171, 139, 101, 88}, fine[] = {171, 139, 101, 89};
    const char *says[] = {
        "add up to 499, but 500 is left",
        "player 5 is not left",
        "named twice",
        "4 players",
        "names each of them",
        "add up to 510",
    };
    for (size_t i = 0; i < sizeof says / sizeof says[0]; i++) {
        command_t c;
        switch (i) {
        case 0: c = *deal_of(who, short_by_one, 4, 0); break;
        case 1: c = *deal_of(out, fine, 4, 0); break;
        case 2: c = *deal_of(twice, fine, 4, 0); break;
        case 3: c = *deal_of(who, fine, 3, 0); break;
        case 4: c = *deal_of(NULL, fine, 4, 0); break;
        default: c = *deal_of(who, fine, 4, 10); break;
        }
        no.text[0] = 0;
        assert_int_not_equal(game_apply(g, &c, T + 1, &no), APPLY_OK);
        if (!strstr(no.text, says[i]))
            fail_msg("refusal %zu says \"%s\", not \"%s\"", i, no.text, says[i]);
        assert_memory_equal(&g->m.t, &before->m.t, sizeof g->m.t);
        assert_memory_equal(g->r.players, before->r.players, sizeof g->r.players[0] * 5);
        assert_int_equal(g->n_undo, before->n_undo);
    }
    /* The journal form refuses what is not a deal before the model sees it. */
    const char *texts[] = {
        "{\"type\":\"deal\",\"amounts\":[100,-1]}",
        "{\"type\":\"deal\",\"amounts\":[100]}",
        "{\"type\":\"deal\",\"amounts\":[100,1.5]}",
        "{\"type\":\"deal\",\"amounts\":[100,100],\"players\":[1]}",
        "{\"type\":\"deal\",\"amounts\":[100,100],\"play_for\":\"5\"}",
        "{\"type\":\"deal\",\"amounts\":[100,100],\"stacks\":[1,2]}",
        "{\"type\":\"deal\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        command_t c;
        refusal_clear(&no);
        assert_int_equal(codec_command_parse_text(texts[i], strlen(texts[i]), &c, &no), -1);
        assert_true(no.text[0]);
    }
    free(before);
}

static void play_for_goes_to_the_winner(void **state)
{
    (void)state;
    five_then_one_out();
    int who[] = {3, 1, 4, 2};
    int64_t amounts[] = {150, 120, 90, 80}; /* 440, and 60 played for */
    assert_int_equal(game_apply(g, deal_of(who, amounts, 4, 60), T + 5, &no), APPLY_OK);
    tourney_view_t v;
    tourney_view(&g->m.t, T + 6, &v);
    assert_false(v.over);
    assert_int_equal(v.players_left, 4);
    /* Bo, Anna, then Cy out: Dan wins the 60 on top of his 90. */
    int order[] = {2, 1, 3};
    for (int i = 0; i < 3; i++) {
        command_t *c = cmd(CMD_BUST);
        c->player = order[i];
        assert_int_equal(game_apply(g, c, T + 10 + i, &no), APPLY_OK);
    }
    int64_t want[] = {120, 80, 150, 90 + 60}, sum = 0; /* by player 1..4 */
    int place[] = {3, 4, 2, 1};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(g->r.players[i].prize, want[i]);
        assert_int_equal(g->r.players[i].place_best, place[i]);
        sum += g->r.players[i].prize;
    }
    assert_int_equal(sum, 500);
    tourney_view(&g->m.t, T + 20, &v);
    assert_true(v.over);
    /* Undo the last bust: Cy back in, Dan's play-for taken back. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 21, &no), APPLY_OK);
    assert_int_equal(g->r.players[2].place_best, 0);
    assert_int_equal(g->r.players[3].place_best, 0);
    assert_int_equal(g->r.players[3].prize, 90);
}

static void counts_only_deal_is_by_place(void **state)
{
    (void)state;
    game_init(g, &settings->structure, NULL);
    command_t *c = cmd(CMD_REGISTER);
    c->count = 5;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    c = cmd(CMD_BUST);
    c->count = 2;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    int64_t amounts[] = {260, 140, 100};
    assert_int_equal(settle_pool_left(&g->m.t, T), 500);
    /* Playing on needs names; the deal by place ends it. */
    assert_int_equal(game_apply(g, deal_of(NULL, amounts, 3, 0), T, &no), APPLY_OK);
    const tourney_t *t = &g->m.t;
    for (int place = 1; place <= 3; place++) {
        const result_t *r = &t->results[t->n_results - place];
        assert_int_equal(r->place_best, place);
        assert_int_equal(r->prize_each, amounts[place - 1]);
    }
}

/* The command through its journal form gives the same tournament, and a
 * restart of the engine (snapshot and records) brings the deal back. */
static void journaled_replayed_and_restarted(void **state)
{
    (void)state;
    five_then_one_out();
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    int who[] = {3, 1, 4, 2};
    int64_t amounts[] = {150, 120, 90, 80};
    command_t c = *deal_of(who, amounts, 4, 60), back;
    json_t *j = codec_command(&c);
    assert_int_equal(codec_command_parse_internal(j, &back, &no), 0);
    json_decref(j);
    assert_int_equal(game_apply(g, &c, T, &no), APPLY_OK);
    assert_int_equal(game_apply(replayed, &back, T, &no), APPLY_OK);
    assert_memory_equal(&g->m.t, &replayed->m.t, sizeof g->m.t);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    free(replayed);

    engine_options_t o = {.state_dir = dir, .config_text = config_text, .config_name = "deal.cfg"};
    engine_t *e = engine_new(&o, err, sizeof err);
    assert_non_null(e);
    command_t *k = calloc(1, sizeof *k);
    k->type = CMD_REGISTER;
    k->n_names = 3;
    snprintf(k->names[0], sizeof k->names[0], "Ada");
    snprintf(k->names[1], sizeof k->names[1], "Ben");
    snprintf(k->names[2], sizeof k->names[2], "Cai");
    assert_int_equal(engine_apply(e, k, engine_now(e), &no), APPLY_OK);
    *k = *deal_of((int[]){2, 3, 1}, (int64_t[]){120, 100, 80}, 3, 0);
    assert_int_equal(engine_apply(e, k, engine_now(e), &no), APPLY_OK);
    engine_free(e);
    e = engine_new(&o, err, sizeof err);
    assert_non_null(e);
    const snapshot_t *s = engine_snapshot(e);
    assert_int_equal(s->t.deal.players, 3);
    assert_int_equal(s->roster->players[1].place_best, 1);
    assert_int_equal(s->roster->players[1].prize, 120);
    assert_int_equal(s->roster->players[0].prize, 80);
    assert_int_equal(s->roster->players[0].place_best, 3);
    snapshot_release(s);
    /* Undo after the restart takes the deal back. */
    memset(k, 0, sizeof *k);
    k->type = CMD_UNDO;
    assert_int_equal(engine_apply(e, k, engine_now(e), &no), APPLY_OK);
    s = engine_snapshot(e);
    assert_int_equal(s->t.deal.players, 0);
    assert_int_equal(s->roster->players[0].place_best, 0);
    assert_int_equal(s->roster->players[0].status, PLAYER_SEATED);
    snapshot_release(s);
    engine_free(e);
    free(k);
}

/* The sheet: places in order, ties sharing their places' points, the deal
 * flagged, each formula. */
static void sheet_rows_points_and_ties(void **state)
{
    (void)state;
    game_init(g, &settings->structure, NULL);
    command_t *c = cmd(CMD_REGISTER);
    c->count = 5;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    /* Two out in one hand at different tables with the same chips: 4-5 tied. */
    c = cmd(CMD_BUST);
    c->n_busts = 2;
    c->busts[0].table = 1, c->busts[0].chips = 900;
    c->busts[1].table = 2, c->busts[1].chips = 900;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    int64_t amounts[] = {260, 140, 100};
    assert_int_equal(game_apply(g, deal_of(NULL, amounts, 3, 0), T, &no), APPLY_OK);
    snprintf(g->m.t.s.points.formula, sizeof g->m.t.s.points.formula, "linear");
    sheet_row_t rows[8];
    int n = sheet_rows(&g->m.t, &g->r, rows, 8);
    assert_int_equal(n, 5);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(rows[i].place_best, i + 1);
        assert_int_equal(rows[i].prize, amounts[i]);
        assert_true(rows[i].deal);
        assert_true(rows[i].has_points);
        assert_true(rows[i].points == 5 - i);
        assert_int_equal(rows[i].entries, -1);
    }
    /* The tie: places 4-5, the points of 4th and 5th shared (2 + 1) / 2. */
    for (int i = 3; i < 5; i++) {
        assert_int_equal(rows[i].place_best, 4);
        assert_int_equal(rows[i].place_worst, 5);
        assert_false(rows[i].deal);
        assert_true(rows[i].points == 1.5);
    }
    /* A fixed list: places past it get 0; an unknown formula: no points. */
    snprintf(g->m.t.s.points.formula, sizeof g->m.t.s.points.formula, "fixed");
    g->m.t.s.points.n_list = 2;
    g->m.t.s.points.list[0] = 100, g->m.t.s.points.list[1] = 60;
    n = sheet_rows(&g->m.t, &g->r, rows, 8);
    assert_true(rows[0].points == 100 && rows[1].points == 60 && rows[2].points == 0);
    snprintf(g->m.t.s.points.formula, sizeof g->m.t.s.points.formula, "cubic");
    n = sheet_rows(&g->m.t, &g->r, rows, 8);
    assert_false(rows[0].has_points);
    /* At most max rows written. */
    assert_int_equal(sheet_rows(&g->m.t, &g->r, rows, 2), 2);
}

/* Payouts set while running: every unit accounted for, refused without a
 * change, undone, through the journal form. */
static void set_payouts_sums_exactly(void **state)
{
    (void)state;
    game_init(g, &settings->structure, NULL);
    command_t *c = cmd(CMD_REGISTER);
    c->count = 7; /* a pool of 700 */
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    command_t p = *cmd(CMD_SET_PAYOUTS);
    p.payouts.n = 3;
    p.payouts.bp[0] = 4500, p.payouts.bp[1] = 3333, p.payouts.bp[2] = 2166;
    p.payouts.unit = 25;
    p.payouts.largest = true;
    /* 99.99 %: refused, nothing changed. */
    tourney_t before = g->m.t;
    assert_int_equal(game_apply(g, &p, T, &no), APPLY_INVALID);
    assert_non_null(strstr(no.text, "99.99%"));
    assert_memory_equal(&g->m.t, &before, sizeof before);
    p.payouts.bp[2] = 2167;
    command_t back;
    json_t *j = codec_command(&p);
    assert_int_equal(codec_command_parse_internal(j, &back, &no), 0);
    json_decref(j);
    assert_memory_equal(&back.payouts, &p.payouts, sizeof p.payouts);
    assert_int_equal(game_apply(g, &back, T, &no), APPLY_OK);
    tourney_view_t v;
    tourney_view(&g->m.t, T, &v);
    /* 28 units of 25 at 45 / 33.33 / 21.67 %: 12.6, 9.33, 6.07 units are
     * 12, 9, 6 and one left: to the place that lost most by rounding (1st). */
    assert_int_equal(v.paid_places, 3);
    assert_int_equal(v.payouts[0], 325);
    assert_int_equal(v.payouts[1], 225);
    assert_int_equal(v.payouts[2], 150);
    assert_int_equal(v.payouts[0] + v.payouts[1] + v.payouts[2], 700);
    /* Undo: the configuration's 50/30/20 again. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    tourney_view(&g->m.t, T, &v);
    assert_int_equal(v.payouts[0], 350);
    /* Every unit and field size: the list sums to the pool. */
    for (int unit = 1; unit <= 100; unit = unit < 10 ? unit + 4 : unit * 10) {
        p.payouts.unit = unit;
        for (int e = 1; e <= 60; e++) {
            game_init(g, &settings->structure, NULL);
            c = cmd(CMD_REGISTER);
            c->count = e;
            assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
            assert_int_equal(game_apply(g, &p, T, &no), APPLY_OK);
            tourney_view(&g->m.t, T, &v);
            int64_t sum = 0;
            for (int k = 0; k < v.paid_places; k++)
                sum += v.payouts[k];
            assert_int_equal(sum, v.prize_pool);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(deal_ends_with_places_prizes_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(refusals_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(play_for_goes_to_the_winner, setup, teardown),
        cmocka_unit_test_setup_teardown(counts_only_deal_is_by_place, setup, teardown),
        cmocka_unit_test_setup_teardown(journaled_replayed_and_restarted, setup, teardown),
        cmocka_unit_test_setup_teardown(sheet_rows_points_and_ties, setup, teardown),
        cmocka_unit_test_setup_teardown(set_payouts_sums_exactly, setup, teardown),
    };
    (void)scratch_mount_tiny_or_skip;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
