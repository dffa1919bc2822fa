/* A wrong registration fixed: a player renamed, or unregistered (his seat
 * freed, his entry, rebuys and add-ons out of the pool), both journaled and
 * undone; counts never taken for players with a record; the last actions
 * name the players. */
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

#include "model/text.h"

/* 2 tables of 6; 50 a buy-in, rebuys of 50 until level 2, an add-on of 25
 * at the break after it; 3 places paid 50/30/20. */
static const char *config_text = "tables = { count = 2; seats = 6; };\n"
                                 "tournament = {\n"
                                 "  name = \"Registration test\";\n"
                                 "  buy_in = 50;\n"
                                 "  starting_stack = 10000;\n"
                                 "  late_registration = { until_level = 2; };\n"
                                 "  rebuy = { price = 50; chips = 10000; until_level = 2; };\n"
                                 "  addon = { price = 25; chips = 10000; after_level = 2; };\n"
                                 "  levels = (\n"
                                 "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
                                 "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
                                 "    { break = true; minutes = 10; },\n"
                                 "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
                                 "  );\n"
                                 "  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );\n"
                                 "};\n";

#define GAME_TEST_NAME "registration"
#define GAME_TEST_CONFIG config_text
#include "game_harness.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static const char *const NAMES[] = {"Anna Berg", "Bo Ek",    "Cy Dahl",
                                    "Dan Falk",  "Eva Gran", "Åse Ødegård"};

static void six_seated(void)
{
    command_t *c = cmd(CMD_REGISTER);
    for (int i = 0; i < 6; i++)
        snprintf(c->names[i], sizeof c->names[i], "%s", NAMES[i]);
    c->n_names = c->count = 6;
    assert_int_equal(drawn_apply(c, 7, T, NULL), APPLY_OK);
    assert_int_equal(game_apply(g, cmd(CMD_START), T, &no), APPLY_OK);
}

static const char *last_action(void)
{
    static char words[ACTION_LINE_MAX];
    history_words(&g->m.t, 0, words, sizeof words);
    return words;
}

static apply_status on_player(command_type type, int player)
{
    command_t *c = cmd(type);
    c->player = player;
    c->count = 1;
    return game_apply(g, c, T + 1000, &no);
}

static apply_status rename_to(int player, const char *name)
{
    command_t *c = cmd(CMD_RENAME);
    c->player = player;
    snprintf(c->names[0], sizeof c->names[0], "%s", name);
    c->n_names = 1;
    return drawn_apply(c, 0, T + 1000, NULL);
}

static void a_name_is_corrected_and_undone(void **state)
{
    (void)state;
    six_seated();
    uint32_t v = g->r.version;
    assert_int_equal(rename_to(2, "Bo Eklund"), APPLY_OK);
    assert_string_equal(g->r.players[1].name, "Bo Eklund");
    assert_true(g->r.version > v);
    assert_string_equal(last_action(), "rename of Bo Ek to Bo Eklund");
    /* the journal's form gives the same */
    command_t *c = cmd(CMD_RENAME);
    c->player = 2;
    snprintf(c->names[0], sizeof c->names[0], "Bo Eklund");
    c->n_names = 1;
    json_t *j = codec_command(c);
    assert_string_equal(json_string_value(json_object_get(j, "name")), "Bo Eklund");
    assert_int_equal(json_integer_value(json_object_get(j, "player")), 2);
    command_t back;
    assert_int_equal(codec_command_parse_internal(j, &back, &no), 0);
    json_decref(j);
    assert_int_equal(back.player, 2);
    assert_string_equal(back.names[0], "Bo Eklund");
    /* refused, nothing changed */
    assert_int_equal(rename_to(2, "Bo Eklund"), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "called Bo Eklund already"));
    assert_int_equal(rename_to(9, "Nobody"), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "no player 9"));
    const char *bad[] = {"{\"type\": \"rename\", \"player\": 2}",
                         "{\"type\": \"rename\", \"player\": 2, \"name\": \"\"}",
                         "{\"type\": \"rename\", \"player\": 2, \"name\": \"a\\nb\"}",
                         "{\"type\": \"rename\", \"name\": \"Bo\"}",
                         "{\"type\": \"rename\", \"player\": 2, \"name\": \"Bo\", \"seat\": 1}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(codec_command_parse_text(bad[i], strlen(bad[i]), &back, &no), -1);
    /* undo takes the old name back */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 2000, &no), APPLY_OK);
    assert_string_equal(g->r.players[1].name, "Bo Ek");
}

static void an_unregistered_player_gives_his_entry_back(void **state)
{
    (void)state;
    six_seated();
    assert_int_equal(on_player(CMD_REBUY, 3), APPLY_OK);
    tourney_view_t v;
    tourney_view(&g->m.t, T + 1000, &v);
    assert_int_equal(v.prize_pool, 6 * 50 + 50);
    assert_int_equal(v.payouts[0], 175);
    const player_t *cy = &g->r.players[2];
    int table = cy->table, seat = cy->seat;
    assert_true(table >= 0);
    /* Bo out first: 6th; then Cy, registered by mistake, unregistered */
    assert_int_equal(on_player(CMD_BUST, 2), APPLY_OK);
    assert_int_equal(g->r.players[1].place_best, 6);
    game_t *before = malloc(sizeof *before);
    *before = *g;
    assert_int_equal(on_player(CMD_UNREGISTER, 3), APPLY_OK);
    assert_int_equal(cy->status, PLAYER_REMOVED);
    assert_int_equal(g->r.tables[table].occupant[seat - 1], 0);
    assert_string_equal(last_action(), "unregistration of Cy Dahl");
    tourney_view(&g->m.t, T + 2000, &v);
    assert_int_equal(g->m.t.entries, 5);
    assert_int_equal(g->m.t.rebuys, 0);
    assert_int_equal(v.prize_pool, 5 * 50);
    assert_int_equal(v.payouts[0] + v.payouts[1] + v.payouts[2], 250);
    assert_int_equal(v.players_left, 4);
    assert_int_equal(roster_entries(&g->r), 5);
    assert_int_equal(roster_players_left(&g->r), 4);
    /* Bo, out before, is last of five now */
    assert_int_equal(g->r.players[1].place_best, 5);
    /* nothing more can be done with him */
    assert_int_equal(on_player(CMD_UNREGISTER, 3), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "Cy Dahl was unregistered"));
    assert_int_equal(on_player(CMD_BUST, 3), APPLY_CONFLICT);
    assert_int_equal(on_player(CMD_REBUY, 3), APPLY_CONFLICT);
    assert_int_equal(on_player(CMD_REENTER, 3), APPLY_CONFLICT);
    assert_int_equal(rename_to(3, "Cy"), APPLY_CONFLICT);
    int found[8];
    assert_int_equal(roster_find(&g->r, "Dahl", found, 8), 0);
    /* undo: back at his seat, his entry and rebuy in the pool */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 3000, &no), APPLY_OK);
    assert_memory_equal(g->r.players, before->r.players, sizeof g->r.players[0] * 6);
    assert_memory_equal(g->r.tables, before->r.tables, sizeof g->r.tables[0] * 2);
    assert_int_equal(g->m.t.entries, 6);
    assert_int_equal(g->m.t.rebuys, 1);
    free(before);
}

static void a_player_with_a_place_stays(void **state)
{
    (void)state;
    six_seated();
    assert_int_equal(on_player(CMD_BUST, 1), APPLY_OK);
    assert_int_equal(on_player(CMD_UNREGISTER, 1), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "Anna Berg has a place"));
    /* re-entered: two entries, one of them played */
    command_t *c = cmd(CMD_REENTER);
    c->player = 1;
    assert_int_equal(drawn_apply(c, 3, T + 2000, NULL), APPLY_OK);
    assert_int_equal(on_player(CMD_UNREGISTER, 1), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "Anna Berg re-entered"));
    /* the last two: one of them wins, nobody is unregistered */
    for (int p = 2; p <= 5; p++)
        assert_int_equal(on_player(CMD_BUST, p), APPLY_OK);
    assert_int_equal(on_player(CMD_UNREGISTER, 6), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "bust the player instead"));
}

static void counts_are_for_players_without_a_record(void **state)
{
    (void)state;
    six_seated();
    command_t *c = cmd(CMD_REBUY);
    c->count = 2;
    assert_int_equal(game_apply(g, c, T + 1000, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "6 of the 6 players left have a seat or a name: name them"));
    for (int k = 0; k < 2; k++)
        assert_int_equal(game_apply(g, cmd(CMD_NEXT_LEVEL), T + 1000, &no), APPLY_OK);
    c = cmd(CMD_ADDON);
    c->count = 6;
    assert_int_equal(game_apply(g, c, T + 2000, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "name them"));
    c = cmd(CMD_UNREGISTER);
    c->count = 1;
    assert_int_equal(game_apply(g, c, T + 2000, &no), APPLY_CONFLICT);
    assert_int_equal(g->m.t.addons, 0);
    assert_int_equal(g->m.t.rebuys, 0);
    /* by player, each is his */
    assert_int_equal(on_player(CMD_ADDON, 4), APPLY_OK);
    assert_int_equal(g->r.players[3].addons, 1);
    assert_string_equal(last_action(), "add-on of Dan Falk");
}

static void the_last_actions_name_the_players(void **state)
{
    (void)state;
    six_seated();
    assert_int_equal(on_player(CMD_REBUY, 6), APPLY_OK);
    assert_string_equal(last_action(), "rebuy of Åse Ødegård");
    assert_int_equal(on_player(CMD_BUST, 5), APPLY_OK);
    assert_string_equal(last_action(), "bust of Eva Gran, place 6");
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 2000, &no), APPLY_OK);
    assert_string_equal(last_action(), "rebuy of Åse Ødegård");
    /* by seat, the player who sat there */
    command_t *c = cmd(CMD_BUST);
    c->table = g->r.tables[g->r.players[4].table].number;
    c->seat = g->r.players[4].seat;
    c->count = 1;
    assert_int_equal(game_apply(g, c, T + 3000, &no), APPLY_OK);
    assert_string_equal(last_action(), "bust of Eva Gran, place 6");
    c = cmd(CMD_REENTER);
    c->player = 5;
    assert_int_equal(drawn_apply(c, 5, T + 4000, NULL), APPLY_OK);
    assert_string_equal(last_action(), "re-entry of Eva Gran");
    /* a long name is cut at a whole character */
    assert_int_equal(rename_to(6, "Åse Ødegård Østensjø-Ødegårdsæter"), APPLY_OK);
    assert_int_equal(rename_to(4, "Ødegård Østensjø-Ødegårdsæter Åsen"), APPLY_OK);
    assert_true(strlen(last_action()) < ACTION_LINE_MAX);
    assert_true(text_utf8_valid(last_action()));
    assert_int_equal(strncmp(last_action(), "rename of Dan Falk to ", 22), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_name_is_corrected_and_undone, setup, teardown),
        cmocka_unit_test_setup_teardown(an_unregistered_player_gives_his_entry_back, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_player_with_a_place_stays, setup, teardown),
        cmocka_unit_test_setup_teardown(counts_are_for_players_without_a_record, setup, teardown),
        cmocka_unit_test_setup_teardown(the_last_actions_name_the_players, setup, teardown),
    };
    (void)scratch_mount_tiny_or_skip;
    (void)scratch_unusable_path;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
