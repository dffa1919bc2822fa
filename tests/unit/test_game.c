/* Players through the one writer: seats drawn and journaled, busts, the winner, undo, replay. */
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
#include "store/config.h"
#include "json/codec.h"
#include "json/roster.h"

static const char *config_text =
    "tables = { count = 3; seats = 9; list = ( { number = 3; seats = 6; blocked = [ 2 ]; } ); };\n"
    "tournament = {\n"
    "  name = \"Game test\";\n"
    "  buy_in = 100;\n"
    "  starting_stack = 10000;\n"
    "  late_registration = { until_level = 2; };\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; }\n"
    "  );\n"
    "  payouts = ( { min_entries = 2; places = [ 70, 30 ]; } );\n"
    "};\n";

#define GAME_TEST_NAME "game"
#define GAME_TEST_CONFIG config_text
#include "game_harness.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

/* Registers names with the seats drawn from the numbers rnd, as the engine does. */
static void register_names(const char *const *names, int n, uint64_t seed)
{
    command_t *c = cmd(CMD_REGISTER);
    for (int i = 0; i < n; i++)
        snprintf(c->names[i], sizeof c->names[i], "%s", names[i]);
    c->n_names = n;
    uint64_t rnd[TOURNEY_MAX_REGISTER];
    for (int i = 0; i < n; i++)
        rnd[i] = seed * 0x9e3779b97f4a7c15u + (uint64_t)i * 0xbf58476d1ce4e5b9u;
    assert_int_equal(game_draws_needed(g, c), n);
    assert_true(game_draw(g, c, rnd, &no));
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
}

static apply_status bust_player(int id)
{
    command_t *c = cmd(CMD_BUST);
    c->player = id;
    c->count = 1;
    return game_apply(g, c, T, &no);
}

static const player_t *player(int id)
{
    return &g->r.players[id - 1];
}

static void names_are_seated_where_drawn_and_counted(void **state)
{
    (void)state;
    const char *names[] = {"Anna Berg", "Bo Ek", "Cy Dahl", "Dan Falk"};
    register_names(names, 4, 1);
    assert_int_equal(g->m.t.entries, 4);
    assert_int_equal(g->r.n_players, 4);
    for (int id = 1; id <= 4; id++) {
        const player_t *p = player(id);
        assert_string_equal(p->name, names[id - 1]);
        assert_int_equal(p->status, PLAYER_SEATED);
        const table_t *t = &g->r.tables[p->table];
        assert_int_equal(t->occupant[p->seat - 1], id);
        /* Table 3's seat 2 is kept free. */
        assert_false(t->number == 3 && p->seat == 2);
    }
    /* Tables are filled evenly: 4 players on 3 tables, none has more than 2. */
    for (int t = 0; t < 3; t++)
        assert_in_range(roster_table_players(&g->r, t), 1, 2);
    /* Undo takes back the players with the count. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(g->m.t.entries, 0);
    assert_int_equal(g->r.n_players, 0);
    for (int t = 0; t < 3; t++)
        assert_int_equal(roster_table_players(&g->r, t), 0);
}

static void register_without_drawn_seats_is_refused(void **state)
{
    (void)state;
    command_t *c = cmd(CMD_REGISTER);
    c->count = 2;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "not drawn"));
    /* A seat that is kept free, or taken, refuses the whole command. */
    c->n_seats = 2;
    c->seats[0].table = 1, c->seats[0].seat = 1;
    c->seats[1].table = 3, c->seats[1].seat = 2;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_int_equal(g->r.n_players, 0);
    assert_int_equal(g->m.t.entries, 0);
    c->seats[1].table = 1, c->seats[1].seat = 1;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "taken"));
    assert_int_equal(g->r.n_players, 0);
    c->seats[1].seat = 9;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->r.tables[0].occupant[8], 2);
}

static void busts_by_seat_and_player_record_places_and_the_winner(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy", "Dan"};
    register_names(names, 4, 2);
    /* Prize pool 400: 280 and 120. */
    const player_t *cy = player(3);
    command_t *c = cmd(CMD_BUST);
    c->table = g->r.tables[cy->table].number;
    c->seat = cy->seat;
    c->count = 1;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(cy->status, PLAYER_OUT);
    assert_int_equal(cy->place_best, 4);
    assert_int_equal(g->m.t.busted, 1);
    /* Nobody sits there now. */
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "nobody sits"));
    assert_int_equal(bust_player(3), APPLY_CONFLICT);
    assert_int_equal(bust_player(9), APPLY_CONFLICT);
    assert_int_equal(bust_player(1), APPLY_OK);
    assert_int_equal(player(1)->place_best, 3);
    assert_int_equal(bust_player(4), APPLY_OK);
    assert_int_equal(player(4)->place_best, 2);
    assert_int_equal(player(4)->prize, 120);
    /* The last one is the winner: place 1, the first prize. */
    assert_int_equal(player(2)->place_best, 1);
    assert_int_equal(player(2)->prize, 280);
    assert_int_equal(g->m.t.results[g->m.t.n_results - 1].place_best, 1);
    assert_int_equal(g->m.t.results[g->m.t.n_results - 1].prize_each, 280);
    assert_int_equal(bust_player(2), APPLY_CONFLICT);
    /* Undo the last bust: Dan back at his seat, no winner yet. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(player(4)->status, PLAYER_SEATED);
    assert_int_equal(g->r.tables[player(4)->table].occupant[player(4)->seat - 1], 4);
    assert_int_equal(player(2)->place_best, 0);
    assert_int_equal(g->m.t.busted, 2);
}

static void undo_stays_in_step_with_other_commands(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy"};
    register_names(names, 3, 3);
    assert_int_equal(game_apply(g, cmd(CMD_START), T, &no), APPLY_OK);
    assert_int_equal(bust_player(2), APPLY_OK);
    command_t *c = cmd(CMD_ADJUST);
    c->delta_ms = 60000;
    assert_int_equal(game_apply(g, c, T + 1, &no), APPLY_OK);
    /* Undo the time, then the bust, then the start: each its own. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 2, &no), APPLY_OK);
    assert_int_equal(player(2)->status, PLAYER_OUT);
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T + 2, &no), APPLY_OK);
    assert_int_equal(player(2)->status, PLAYER_SEATED);
    assert_true(g->m.t.clock.started);
    /* More commands than the undo stack holds: both stacks stay as deep. */
    for (int i = 0; i < TOURNEY_UNDO_DEPTH + 3; i++) {
        c = cmd(CMD_ADJUST);
        c->delta_ms = 1000;
        assert_int_equal(game_apply(g, c, T + 3, &no), APPLY_OK);
        assert_int_equal(g->n_undo, g->m.n_undo);
    }
    /* Counts never take a named player: his place would be nobody's. */
    c = cmd(CMD_BUST);
    c->count = 1;
    assert_int_equal(game_apply(g, c, T + 4, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "name them"));
    c = cmd(CMD_UNREGISTER);
    assert_int_equal(game_apply(g, c, T + 4, &no), APPLY_CONFLICT);
    assert_int_equal(g->m.t.busted, 0);
    assert_int_equal(roster_players_left(&g->r), 3);
}

static void counts_only_tournament_is_as_before(void **state)
{
    (void)state;
    game_init(g, &settings->structure, NULL);
    command_t *c = cmd(CMD_REGISTER);
    c->count = 500;
    assert_int_equal(game_draws_needed(g, c), 0);
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->m.t.entries, 500);
    assert_int_equal(g->r.n_players, 0);
    c = cmd(CMD_BUST);
    c->count = 499;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->m.t.results[g->m.t.n_results - 1].place_best, 1);
    /* Names without tables: registered, waiting for a seat. */
    game_init(g, &settings->structure, NULL);
    c = cmd(CMD_REGISTER);
    c->n_names = 1;
    snprintf(c->names[0], sizeof c->names[0], "Eva");
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->r.players[0].status, PLAYER_WAITING);
}

/* Every command through its journal form (codec_command, then parsed as
 * the replay parses it) gives the same tournament and the same seats. */
static void journal_form_replays_every_seat(void **state)
{
    (void)state;
    const char *names[] = {"Anna Berg", "Bo Ek", "Cy", "Dan", "Eva", "Fay", "Gus", "Hal"};
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g; /* the same start */
    command_t *c = malloc(sizeof *c), *back = malloc(sizeof *back);
    for (int round = 0; round < 3; round++) {
        memset(c, 0, sizeof *c);
        c->type = CMD_REGISTER;
        c->n_names = 8;
        for (int i = 0; i < 8; i++)
            snprintf(c->names[i], sizeof c->names[i], "%s %d", names[i], round);
        uint64_t rnd[8];
        for (int i = 0; i < 8; i++)
            rnd[i] = (uint64_t)rand() << 32 ^ (uint64_t)rand();
        if (round == 2) {
            /* the rest by count, without names */
            c->n_names = 0;
            c->count = 3;
        }
        assert_true(game_draw(g, c, rnd, &no));
        json_t *j = codec_command(c);
        assert_int_equal(codec_command_parse_internal(j, back, &no), 0);
        json_decref(j);
        assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
        assert_int_equal(game_apply(replayed, back, T, &no), APPLY_OK);
    }
    memset(c, 0, sizeof *c);
    c->type = CMD_BUST;
    c->table = 2;
    c->seat = g->r.tables[1].occupant[0] ? 1 : 0;
    for (int s = 1; !c->seat; s++)
        c->seat = g->r.tables[1].occupant[s - 1] ? s : 0;
    json_t *j = codec_command(c);
    assert_int_equal(codec_command_parse_internal(j, back, &no), 0);
    json_decref(j);
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(game_apply(replayed, back, T, &no), APPLY_OK);
    assert_int_equal(g->r.n_players, 19);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    assert_int_equal(g->m.t.entries, replayed->m.t.entries);
    free(replayed);
    free(c);
    free(back);
}

static void snapshot_form_restores_roster_and_undo(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy", "Dan", "Eva"};
    register_names(names, 5, 4);
    assert_int_equal(bust_player(3), APPLY_OK);
    json_t *j = roster_json_save(g);
    game_t *back = malloc(sizeof *back);
    back->m = g->m;
    assert_int_equal(roster_json_load(j, back, err, sizeof err), 0);
    assert_memory_equal(&back->r.players, &g->r.players, sizeof g->r.players[0] * 5);
    assert_memory_equal(&back->r.tables, &g->r.tables, sizeof g->r.tables[0] * 3);
    /* Its undo takes back the bust there too. */
    assert_int_equal(game_apply(back, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(back->r.players[2].status, PLAYER_SEATED);
    /* Damaged: two players in one seat, a seat past the table: refused,
     * nothing changed. */
    json_t *ps = json_object_get(j, "players");
    json_t *p0 = json_array_get(ps, 0);
    json_array_set_new(p0, 3, json_integer(9));
    back->m = g->m;
    assert_int_equal(roster_json_load(j, back, err, sizeof err), -1);
    assert_non_null(strstr(err, "agree"));
    json_array_set_new(p0, 3, json_integer(11));
    assert_int_equal(roster_json_load(j, back, err, sizeof err), -1);
    /* A seat that names a player who sits elsewhere. */
    json_array_set_new(p0, 3, json_integer(g->r.players[0].seat));
    assert_int_equal(roster_json_load(j, back, err, sizeof err), 0);
    int t0 = g->r.players[0].table, s = 0;
    while (g->r.tables[t0].occupant[s])
        s++;
    json_t *occ = json_array_get(json_array_get(json_object_get(j, "tables"), (size_t)t0), 7);
    json_array_set_new(occ, (size_t)s, json_integer(2));
    assert_int_equal(roster_json_load(j, back, err, sizeof err), -1);
    assert_non_null(strstr(err, "agree"));
    json_decref(j);
    /* A snapshot from before the roster: the tables, no players, and undo
     * entries that take nothing back. */
    game_roster_reset(back, NULL);
    assert_int_equal(back->n_undo, back->m.n_undo);
    assert_int_equal(back->r.n_players, 0);
    free(back);
}

/* A command through its journal form into a replayed copy, and applied here. */
static apply_status both(game_t *replayed, command_t *c)
{
    command_t *back = malloc(sizeof *back);
    json_t *j = codec_command(c);
    assert_int_equal(codec_command_parse_internal(j, back, &no), 0);
    json_decref(j);
    apply_status st = game_apply(g, c, T, &no);
    assert_int_equal(game_apply(replayed, back, T, &no), st);
    free(back);
    return st;
}

static const char *last_action(void)
{
    static char words[ACTION_LINE_MAX];
    history_words(&g->m.t, 0, words, sizeof words);
    return words;
}

static command_t *table_cmd(int table, int seat, bool on, int new_seats)
{
    command_t *c = cmd(CMD_TABLE);
    c->table = table, c->seat = seat, c->on = on, c->new_seats = new_seats;
    return c;
}

static void tables_open_close_and_block_while_running(void **state)
{
    (void)state;
    const char *names[] = {"Anna Berg", "Bo Ek", "Cy Dahl", "Dan Falk"};
    register_names(names, 4, 3);
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    roster_t *was = malloc(sizeof *was);
    *was = g->r;
    /* Refusals that change nothing and say what is in the way. */
    int n1 = roster_table_players(&g->r, 0);
    assert_int_equal(both(replayed, table_cmd(1, 0, false, 0)), APPLY_CONFLICT);
    char want[64];
    snprintf(want, sizeof want, "table 1 still has %d player%s: break it, or move them first", n1,
             n1 == 1 ? "" : "s");
    assert_non_null(strstr(no.text, want));
    int p = g->r.tables[0].occupant[0] ? 1 : 0;
    for (int s = 1; !p; s++)
        p = g->r.tables[0].occupant[s - 1] ? s : 0;
    assert_int_equal(both(replayed, table_cmd(1, p, true, 0)), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, names[g->r.tables[0].occupant[p - 1] - 1]));
    assert_int_equal(both(replayed, table_cmd(7, 0, false, 0)), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "there is no table 7"));
    assert_int_equal(both(replayed, table_cmd(7, 0, true, 0)), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "give its seats"));
    assert_int_equal(both(replayed, table_cmd(2, 0, true, 9)), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "there is a table 2 already"));
    assert_int_equal(both(replayed, table_cmd(3, 2, true, 0)), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "blocked already"));
    assert_int_equal(both(replayed, table_cmd(2, 10, true, 0)), APPLY_CONFLICT);
    assert_memory_equal(&g->r, was, sizeof *was);

    /* A table added: it breaks first, and the seat draw fills it (it has
     * the fewest players). */
    assert_int_equal(both(replayed, table_cmd(12, 0, true, 8)), APPLY_OK);
    assert_string_equal(last_action(), "new table 12 (8 seats)");
    assert_int_equal(g->r.n_tables, 4);
    assert_int_equal(g->r.tables[roster_next_break(&g->r)].number, 12);
    move_t m[16];
    int n = roster_seat_choices(&g->r, m, 16);
    assert_int_equal(n, 8);
    for (int i = 0; i < n; i++)
        assert_int_equal(g->r.tables[m[i].to_table].number, 12);
    /* Blocking a seat there keeps it out of the draw. */
    assert_int_equal(both(replayed, table_cmd(12, 5, true, 0)), APPLY_OK);
    assert_string_equal(last_action(), "block table 12, seat 5");
    assert_int_equal(roster_seat_choices(&g->r, m, 16), 7);
    for (int i = 0; i < 7; i++)
        assert_int_not_equal(m[i].to_seat, 5);
    /* Closed, it is out of the draw; the draw goes back to the others. */
    assert_int_equal(both(replayed, table_cmd(12, 0, false, 0)), APPLY_OK);
    assert_string_equal(last_action(), "close table 12");
    n = roster_seat_choices(&g->r, m, 16);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(g->r.tables[m[i].to_table].number, 12);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);

    /* Each undo takes back one, named; the last one the table added, and
     * the break order is as it was. */
    assert_string_equal(last_action(), "close table 12");
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_true(g->r.tables[3].open);
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(g->r.tables[3].blocked, 0);
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(g->r.n_tables, 3);
    for (int t = 0; t < 3; t++)
        assert_memory_equal(&g->r.tables[t], &was->tables[t], sizeof was->tables[t]);
    free(replayed);
    free(was);
}

/* Reenter with the seat drawn from rnd, as the engine does. */
static apply_status reenter(game_t *replayed, int id, uint64_t rnd)
{
    command_t *c = cmd(CMD_REENTER);
    c->player = id;
    assert_int_equal(game_draws_needed(g, c), 1);
    if (!game_draw(g, c, &rnd, &no))
        return APPLY_CONFLICT;
    return both(replayed, c);
}

static void a_player_out_reenters_at_a_seat_drawn(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy"};
    register_names(names, 3, 5);
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    assert_int_equal(reenter(replayed, 2, 1), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "Bo is still in, at table"));
    assert_int_equal(reenter(replayed, 9, 1), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "there is no player 9"));
    command_t *b = cmd(CMD_BUST);
    b->player = 2, b->count = 1;
    assert_int_equal(both(replayed, b), APPLY_OK);
    assert_int_equal(player(2)->place_best, 3);
    assert_int_equal(reenter(replayed, 2, 12345), APPLY_OK);
    assert_string_equal(last_action(), "re-entry of Bo");
    const player_t *bo = player(2);
    assert_int_equal(bo->status, PLAYER_SEATED);
    assert_int_equal(bo->entries, 2);
    assert_int_equal(bo->place_best, 0);
    assert_int_equal(g->r.tables[bo->table].occupant[bo->seat - 1], 2);
    assert_int_equal(g->m.t.entries, 4);
    assert_int_equal(roster_entries(&g->r), 4);
    assert_int_equal(roster_players_left(&g->r), 3);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    assert_int_equal(replayed->m.t.entries, 4);
    /* In again: no second re-entry. */
    assert_int_equal(reenter(replayed, 2, 1), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "still in"));
    /* Undo: out again, in third place, and the entry taken back. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(bo->status, PLAYER_OUT);
    assert_int_equal(bo->entries, 1);
    assert_int_equal(bo->place_best, 3);
    assert_int_equal(g->m.t.entries, 3);
    free(replayed);
}

static void players_out_in_one_hand_by_name(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy", "Dan"};
    register_names(names, 4, 6);
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    /* By table only, while every player has a record: refused. */
    const char *by_table = "{\"type\":\"bust\",\"players\":[{\"table\":1,\"chips\":500},"
                           "{\"table\":2,\"chips\":900}]}";
    command_t *c = malloc(sizeof *c);
    assert_int_equal(codec_command_parse_text(by_table, strlen(by_table), c, &no), 0);
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "name them"));
    /* Bo and Dan out in the same hand; Bo started it with fewer chips. */
    const char *text = "{\"type\":\"bust\",\"players\":[{\"player\":2,\"chips\":500},"
                       "{\"player\":4,\"chips\":900}]}";
    assert_int_equal(codec_command_parse_text(text, strlen(text), c, &no), 0);
    bool same_table = player(2)->table == player(4)->table;
    assert_int_equal(both(replayed, c), APPLY_OK);
    assert_int_equal(player(2)->status, PLAYER_OUT);
    assert_int_equal(player(4)->status, PLAYER_OUT);
    if (same_table) {
        assert_int_equal(player(2)->place_best, 4);
        assert_int_equal(player(4)->place_best, 3);
    } else { /* across tables: a tie for 3rd and 4th */
        assert_int_equal(player(2)->place_best, 3);
        assert_int_equal(player(2)->place_worst, 4);
        assert_int_equal(player(4)->place_worst, 4);
    }
    assert_int_equal(g->m.t.busted, 2);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    /* Out already: refused, nothing changes. */
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "out already"));
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(player(2)->status, PLAYER_SEATED);
    assert_int_equal(player(4)->status, PLAYER_SEATED);
    assert_int_equal(g->m.t.busted, 0);
    /* A mixed list, one by table and one by player, is refused. */
    const char *mixed = "{\"type\":\"bust\",\"players\":[{\"player\":2,\"chips\":500},"
                        "{\"table\":2,\"chips\":900}]}";
    assert_int_equal(codec_command_parse_text(mixed, strlen(mixed), c, &no), -1);
    assert_non_null(strstr(no.text, "name every player"));
    free(c);
    free(replayed);
}

static void command_fields_are_checked(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "{\"type\":\"register\",\"name\":\"A\",\"names\":[\"B\"]}",
        "{\"type\":\"register\",\"names\":[\"A\",\"B\"],\"count\":2}",
        "{\"type\":\"register\",\"names\":[]}",
        "{\"type\":\"register\",\"names\":[\"\"]}",
        "{\"type\":\"register\",\"names\":[\"A\\nB\"]}",
        "{\"type\":\"register\",\"name\":\"0123456789012345678901234567890123456789x\"}",
        "{\"type\":\"register\",\"name\":7}",
        "{\"type\":\"register\",\"count\":1,\"seats\":[[1,1]]}",
        "{\"type\":\"bust\",\"player\":1,\"table\":1,\"seat\":2}",
        "{\"type\":\"bust\",\"table\":1}",
        "{\"type\":\"bust\",\"player\":0}",
        "{\"type\":\"bust\",\"player\":1,\"count\":2}",
        "{\"type\":\"bust\",\"table\":1,\"seat\":11}",
        "{\"type\":\"rebuy\",\"player\":\"x\"}",
        "{\"type\":\"pause\",\"player\":1}",
        "{\"type\":\"table\",\"open\":false}",
        "{\"type\":\"table\",\"table\":2}",
        "{\"type\":\"table\",\"table\":2,\"open\":1}",
        "{\"type\":\"table\",\"table\":2,\"seat\":3}",
        "{\"type\":\"table\",\"table\":2,\"seat\":3,\"open\":true}",
        "{\"type\":\"table\",\"table\":2,\"seat\":3,\"blocked\":true,\"seats\":9}",
        "{\"type\":\"table\",\"table\":2,\"open\":false,\"seats\":9}",
        "{\"type\":\"table\",\"table\":2,\"open\":true,\"seats\":11}",
        "{\"type\":\"table\",\"table\":1000,\"open\":true}",
        "{\"type\":\"table\",\"table\":2,\"open\":true,\"blocked\":true}",
        "{\"type\":\"reenter\"}",
        "{\"type\":\"reenter\",\"player\":0}",
        "{\"type\":\"reenter\",\"player\":1,\"seats\":[[1,1]]}",
        "{\"type\":\"reenter\",\"player\":1,\"table\":1}",
    };
    command_t *c = malloc(sizeof *c);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        refusal_clear(&no);
        if (codec_command_parse_text(bad[i], strlen(bad[i]), c, &no) != -1)
            fail_msg("accepted: %s", bad[i]);
        assert_true(no.text[0] != 0);
    }
    /* 101 names: one too many. */
    char text[4096] = "{\"type\":\"register\",\"names\":[";
    for (int i = 0; i <= TOURNEY_MAX_REGISTER; i++)
        strcat(text, i ? ",\"N\"" : "\"N\"");
    strcat(text, "]}");
    assert_int_equal(codec_command_parse_text(text, strlen(text), c, &no), -1);
    const char *okay = "{\"type\":\"register\",\"names\":[\"Åse Ødegård\",\"Bo\"]}";
    assert_int_equal(codec_command_parse_text(okay, strlen(okay), c, &no), 0);
    assert_int_equal(c->n_names, 2);
    assert_int_equal(c->count, 2);
    free(c);
}

/* The tables with players, as the set the procedures take. */
static tableset_t tables_with_players(void)
{
    tableset_t set = {{0}};
    for (int t = 0; t < g->r.n_tables; t++)
        if (g->r.tables[t].open && roster_table_players(&g->r, t) > 0)
            tableset_add(&set, g->r.tables[t].number);
    return set;
}

static void assert_tables(tableset_t got, tableset_t want)
{
    for (int w = 0; w < TABLESET_WORDS; w++)
        assert_int_equal(got.w[w], want.w[w]);
}

static void hand_for_hand_plays_the_tables_with_players_and_moves_buttons(void **state)
{
    (void)state;
    const char *names[] = {"Anna", "Bo", "Cy", "Dan", "Eva"};
    register_names(names, 5, 3);
    tableset_t in_play = tables_with_players();
    assert_int_equal(tableset_count(&in_play), 3);
    /* Table 1's button, at a seat with a player; a seat past the table's
     * size and a table that does not exist are refused. */
    const table_t *t1 = &g->r.tables[roster_table_by_number(&g->r, 1)];
    int first = 1;
    while (!t1->occupant[first - 1])
        first++;
    command_t *c = cmd(CMD_BUTTON);
    c->table = 1, c->seat = first;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(t1->button, first);
    /* The undo button names it. */
    char said[64];
    snprintf(said, sizeof said, "button at table 1, seat %d", first);
    assert_string_equal(last_action(), said);
    assert_int_equal(g->m.t.undoable, g->m.n_undo);
    c = cmd(CMD_BUTTON);
    c->table = 1, c->seat = 10;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    c = cmd(CMD_BUTTON);
    c->table = 7, c->seat = 1;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "no table 7"));
    /* Hand-for-hand without tables named: the tables with players. */
    assert_int_equal(game_apply(g, cmd(CMD_HFH_START), T, &no), APPLY_OK);
    assert_tables(g->m.t.hfh.in_play, in_play);
    assert_int_equal(g->m.t.hfh.tables, 3);
    /* Table 1 done: its button goes to the next player; undo brings it back. */
    c = cmd(CMD_TABLE_DONE);
    c->table = 1;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    int next = first % t1->seats + 1;
    while (!t1->occupant[next - 1])
        next = next % t1->seats + 1;
    assert_int_not_equal(next, first);
    assert_int_equal(t1->button, next);
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(t1->button, first);
    assert_true(tableset_empty(&g->m.t.hfh.done));
    /* Table 2 done without a button: the roster stays as it is. */
    uint32_t version = g->r.version;
    c = cmd(CMD_TABLE_DONE);
    c->table = 2;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_int_equal(g->r.version, version);
    /* Table 1 broken while table 2 is done: out of hand-for-hand; undo
     * brings it back into play. */
    c = cmd(CMD_BREAK_TABLE);
    c->table = 1;
    assert_int_equal(drawn_apply(c, 4, T, NULL), APPLY_OK);
    tableset_t without_1 = in_play;
    tableset_remove(&without_1, 1);
    assert_tables(g->m.t.hfh.in_play, without_1);
    assert_int_equal(g->m.t.hfh.tables, 2);
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_tables(g->m.t.hfh.in_play, in_play);
    /* Named tables still win over the roster's. */
    assert_int_equal(game_apply(g, cmd(CMD_HFH_STOP), T, &no), APPLY_OK);
    c = cmd(CMD_HFH_START);
    c->tables = 2;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_tables(g->m.t.hfh.in_play, tableset_first(2));
    /* The end-of-day draw counts the tables with players too. */
    c = cmd(CMD_DAY_END_DRAW);
    c->drawn = 5;
    assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
    assert_tables(g->m.t.day_end.in_play, in_play);
}

static void break_table_final_table_and_moves_are_undone_and_replayed(void **state)
{
    (void)state;
    game_t *replayed = malloc(sizeof *replayed);
    *replayed = *g;
    command_t *c = malloc(sizeof *c);
    memset(c, 0, sizeof *c);
    c->type = CMD_REGISTER;
    c->count = 9;
    assert_int_equal(drawn_apply(c, 7, T, replayed), APPLY_OK);
    /* Tables 1 and 2 have 9 seats, table 3 five: 9 players fit on 1 and 2. */
    memset(c, 0, sizeof *c);
    c->type = CMD_BREAK_TABLE;
    c->table = 1;
    int at1 = roster_table_players(&g->r, 0);
    assert_int_equal(drawn_apply(c, 8, T, replayed), APPLY_OK);
    assert_int_equal(c->n_seats, at1);
    assert_false(g->r.tables[0].open);
    assert_int_equal(roster_table_players(&g->r, 1) + roster_table_players(&g->r, 2), 9);
    /* The two-step draw kept the tables even: within one. */
    assert_true(abs(roster_table_players(&g->r, 1) - roster_table_players(&g->r, 2)) <= 1);
    assert_memory_equal(&g->r, &replayed->r, sizeof g->r);
    /* The last table open never breaks. */
    memset(c, 0, sizeof *c);
    c->type = CMD_BREAK_TABLE;
    c->table = 2;
    assert_int_equal(drawn_apply(c, 9, T, NULL), APPLY_CONFLICT); /* table 3 cannot take them */
    /* A move to a free seat, by the seat the player leaves. */
    int from = 0;
    while (!g->r.tables[1].occupant[from])
        from++;
    int mover = g->r.tables[1].occupant[from];
    int to = 1;
    while (g->r.tables[2].occupant[to - 1] || to == 2)
        to++;
    memset(c, 0, sizeof *c);
    c->type = CMD_MOVE;
    c->from_table = 2, c->from_seat = from + 1, c->table = 3, c->seat = to;
    assert_int_equal(drawn_apply(c, 0, T, replayed), APPLY_OK);
    assert_int_equal(g->r.tables[2].occupant[to - 1], mover);
    c->from_table = 0, c->from_seat = 0, c->player = mover, c->seat = 2;
    assert_int_equal(drawn_apply(c, 0, T, NULL), APPLY_CONFLICT); /* blocked */
    /* Bust down to five: the final table is drawn at table 2, the last of
     * the break order open (without one, the last table listed breaks
     * first). */
    for (int id = 1, out = 0; out < 4; id++)
        if (player(id)->status != PLAYER_OUT && id != mover) {
            assert_int_equal(bust_player(id), APPLY_OK);
            out++;
        }
    roster_t *before = malloc(sizeof *before);
    *before = g->r;
    memset(c, 0, sizeof *c);
    c->type = CMD_FINAL_TABLE;
    /* Cards that are no deal (the same card twice) are refused whole. */
    command_t *bad = malloc(sizeof *bad);
    *bad = *c;
    uint64_t rnd[20] = {0};
    assert_true(game_draw(g, bad, rnd, &no));
    bad->cards[1] = bad->cards[0];
    assert_int_equal(game_apply(g, bad, T, &no), APPLY_CONFLICT);
    assert_false(g->r.final_drawn);
    free(bad);
    game_t *again = malloc(sizeof *again);
    *again = *g;
    assert_int_equal(drawn_apply(c, 10, T, again), APPLY_OK);
    assert_int_equal(c->n_seats, 5);
    assert_true(g->r.final_drawn);
    assert_int_equal(roster_table_players(&g->r, 1), 5);
    assert_false(g->r.tables[2].open);
    /* A card each, all different; the button at the seat of the highest
     * (spades > hearts > diamonds > clubs), and the wall's list has them;
     * the journal's form of the command replays to the same. */
    assert_int_equal(c->n_cards, 5);
    int high = 0;
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < i; j++)
            assert_int_not_equal(c->cards[i], c->cards[j]);
        if (c->cards[i] > c->cards[high])
            high = i;
        assert_int_equal(g->m.t.final_cards[c->seats[i].seat - 1], c->cards[i] + 1);
    }
    assert_int_equal(g->r.tables[1].button, c->seats[high].seat);
    assert_int_equal(g->m.t.final_button, c->seats[high].seat);
    assert_int_equal(g->m.t.final_table, 2);
    assert_int_equal(g->m.t.final_at, T);
    assert_memory_equal(&again->m.t, &g->m.t, sizeof g->m.t);
    assert_memory_equal(again->r.tables, g->r.tables, sizeof g->r.tables[0] * 3);
    free(again);
    /* Undo: back to two tables, every player where he sat, no seat list. */
    assert_int_equal(game_apply(g, cmd(CMD_UNDO), T, &no), APPLY_OK);
    assert_int_equal(g->m.t.final_at, 0);
    assert_false(g->r.final_drawn);
    assert_true(g->r.tables[2].open);
    assert_memory_equal(g->r.players, before->players, sizeof before->players[0] * 9);
    assert_memory_equal(g->r.tables, before->tables, sizeof before->tables[0] * 3);
    /* The button given by the director: no cards, the button there. */
    memset(c, 0, sizeof *c);
    c->type = CMD_FINAL_TABLE;
    c->seat = 3;
    assert_int_equal(drawn_apply(c, 11, T, NULL), APPLY_OK);
    assert_int_equal(c->n_cards, 0);
    assert_int_equal(g->r.tables[1].button, 3);
    assert_int_equal(g->m.t.final_button, 3);
    assert_int_equal(g->m.t.final_cards[2], 0);
    free(before);
    free(replayed);
    free(c);
}

/* Tables in the configuration: each mistake names the file and its line. */
static void table_config_errors_name_file_and_line(void **state)
{
    (void)state;
    static const struct {
        const char *tables, *says;
    } bad[] = {
        {"tables = { count = 3; seats = 11; };", "seats must be a whole number from 2 to 10"},
        {"tables = { count = 0; };", "count must be"},
        {"tables = { count = 2; blocked = [ 12 ]; };", "a blocked seat must be a seat"},
        {"tables = { count = 2; seats = 3; blocked = [ 1, 2 ]; };", "two seats must stay"},
        {"tables = { count = 2; brake_order = [ 1, 2 ]; };", "does not take \"brake_order\""},
        {"tables = { count = 2; break_order = [ 1, 3 ]; };", "3 is not a table"},
        {"tables = { count = 2; break_order = [ 1 ]; };", "all 2 tables"},
        {"tables = ( { number = 1; }, { number = 1; } );", "table 1 is listed twice"},
        {"tables = ( { seats = 9; } );", "needs its number"},
        {"tables = ( { number = 4; name = \"A very long table name\"; } );", "name must be"},
        {"tables = 3;", "tables must be a group"},
    };
    const char *rest = strchr(config_text, '\n') + 1;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[2048];
        snprintf(text, sizeof text, "\n%s\n%s", bad[i].tables, rest);
        config_problems_t *p = calloc(1, sizeof *p);
        assert_false(config_load_string(text, "venue.cfg", settings, p));
        char line[512];
        config_problem_format(&p->items[0], line, sizeof line);
        if (!strstr(line, "venue.cfg:2:") || !strstr(line, bad[i].says))
            fail_msg("%s: said \"%s\"", bad[i].tables, line);
        free(p);
    }
}

/* A dealer's seat (tables.blocked) is kept free at every table: at one
 * the list only names or gives other seats, and at one added on the night
 * beside tables of its size; a list entry has the group's seats. */
static void a_dealers_seat_stays_blocked_at_every_table(void **state)
{
    (void)state;
    const char *rest = strchr(config_text, '\n') + 1;
    char text[2048];
    snprintf(text, sizeof text,
             "tables = { count = 5; seats = 9; blocked = [ 5 ];\n"
             "  list = ( { number = 2; name = \"Window\"; }, { number = 3; seats = 6; },\n"
             "           { number = 4; seats = 4; }, { number = 5; blocked = [ ]; } ); };\n%s",
             rest);
    settings_t *st = calloc(1, sizeof *st);
    config_problems_t *p = calloc(1, sizeof *p);
    assert_true(config_load_string(text, "venue.cfg", st, p));
    const table_config_t *tc = &st->tables;
    assert_int_equal(tc->n, 5);
    static const struct {
        int seats;
        uint16_t blocked;
    } want[] = {{9, 1u << 4}, {9, 1u << 4}, {6, 1u << 4}, {4, 0}, {9, 0}};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(tc->t[i].number, i + 1);
        assert_int_equal(tc->t[i].seats, want[i].seats);
        assert_int_equal(tc->t[i].blocked, want[i].blocked);
    }
    assert_string_equal(tc->t[1].name, "Window");
    /* Added on the night: a table of 6 keeps seat 5 free as table 3 does;
     * one of 8 (no table of its size) none; one of 9 none while table 5
     * keeps none, and seat 5 once every table of 9 keeps it free. */
    roster_t *r = &g->r;
    tables_roster(tc, r);
    static const struct {
        int table, seats;
        uint16_t blocked;
    } added[] = {{6, 6, 1u << 4}, {7, 8, 0}, {8, 9, 0}, {9, 9, 1u << 4}};
    for (int i = 0; i < 4; i++) {
        if (added[i].table == 9)
            for (int t = 5; t <= 8; t += 3)
                assert_int_equal(game_apply(g, table_cmd(t, 5, true, 0), T, &no), APPLY_OK);
        command_t *c = table_cmd(added[i].table, 0, true, added[i].seats);
        assert_int_equal(game_apply(g, c, T, &no), APPLY_OK);
        assert_int_equal(r->tables[roster_table_by_number(r, added[i].table)].blocked,
                         added[i].blocked);
    }
    free(p);
    free(st);
}

/* ---- the engine: draws, journals, and restores every seat ---- */

static engine_t *open_engine(void)
{
    engine_options_t o = {.state_dir = dir, .config_text = config_text, .config_name = "game.cfg"};
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    return e;
}

static void engine_restart_restores_every_seat(void **state)
{
    (void)state;
    engine_t *e = open_engine();
    command_t *c = malloc(sizeof *c), *done = malloc(sizeof *done);
    memset(c, 0, sizeof *c);
    c->type = CMD_REGISTER;
    c->n_names = 20;
    for (int i = 0; i < 20; i++)
        snprintf(c->names[i], sizeof c->names[i], "Player Name %d", i);
    int64_t now = engine_now(e);
    assert_int_equal(engine_apply_get(e, c, now, done, &no), APPLY_OK);
    assert_int_equal(done->player, 1);
    assert_int_equal(done->n_seats, 20);
    memset(c, 0, sizeof *c);
    c->type = CMD_BUST;
    c->table = done->seats[4].table;
    c->seat = done->seats[4].seat;
    assert_int_equal(engine_apply_get(e, c, now + 1, done, &no), APPLY_OK);
    assert_int_equal(done->player, 5); /* who sat there */
    roster_t *before = malloc(sizeof *before);
    const snapshot_t *s = engine_snapshot(e);
    *before = *s->roster;
    snapshot_release(s);
    assert_int_equal(before->players[4].place_best, 20);
    assert_int_equal(before->n_players, 20);
    engine_free(e);
    /* The restart reads the snapshot: the same seats, not drawn again. */
    e = open_engine();
    s = engine_snapshot(e);
    assert_memory_equal(s->roster->players, before->players, sizeof before->players[0] * 20);
    assert_memory_equal(s->roster->tables, before->tables, sizeof before->tables[0] * 3);
    snapshot_release(s);
    /* And undo after the restart takes back the bust. */
    memset(c, 0, sizeof *c);
    c->type = CMD_UNDO;
    assert_int_equal(engine_apply(e, c, engine_now(e), &no), APPLY_OK);
    s = engine_snapshot(e);
    assert_int_equal(s->roster->players[4].status, PLAYER_SEATED);
    assert_true(s->roster->version > before->version);
    snapshot_release(s);
    engine_free(e);
    free(before);
    free(c);
    free(done);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(names_are_seated_where_drawn_and_counted, setup, teardown),
        cmocka_unit_test_setup_teardown(register_without_drawn_seats_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(busts_by_seat_and_player_record_places_and_the_winner,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(undo_stays_in_step_with_other_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(counts_only_tournament_is_as_before, setup, teardown),
        cmocka_unit_test_setup_teardown(journal_form_replays_every_seat, setup, teardown),
        cmocka_unit_test_setup_teardown(snapshot_form_restores_roster_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(command_fields_are_checked, setup, teardown),
        cmocka_unit_test_setup_teardown(tables_open_close_and_block_while_running, setup, teardown),
        cmocka_unit_test_setup_teardown(a_player_out_reenters_at_a_seat_drawn, setup, teardown),
        cmocka_unit_test_setup_teardown(players_out_in_one_hand_by_name, setup, teardown),
        cmocka_unit_test_setup_teardown(table_config_errors_name_file_and_line, setup, teardown),
        cmocka_unit_test_setup_teardown(a_dealers_seat_stays_blocked_at_every_table, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(break_table_final_table_and_moves_are_undone_and_replayed,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(engine_restart_restores_every_seat, setup, teardown),
        cmocka_unit_test_setup_teardown(
            hand_for_hand_plays_the_tables_with_players_and_moves_buttons, setup, teardown),
    };
    (void)scratch_mount_tiny_or_skip; /* the full disk is test_engine's */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
