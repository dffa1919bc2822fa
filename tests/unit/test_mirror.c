/* A follower's roster from the master's GET /api/players: the same players,
 * seats, tables and recent moves its wall draws from; anything else from the
 * network refused with a reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json/mirror.h"
#include "json/moves.h"
#include "json/roster.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static roster_t master, copy;
static char err[256];
static const int64_t NOW = 5000000;

/* Three tables (one with a blocked seat, a button and a name), a named
 * player, an unnamed one, one waiting, one out in 3rd place with a prize;
 * a break move and a balancing move. */
static void build(void)
{
    roster_init(&master);
    int t1 = roster_add_table(&master, 1, "Main", 9, 1u << 4, &no);
    int t2 = roster_add_table(&master, 2, "", 9, 0, &no);
    int t5 = roster_add_table(&master, 5, "", 8, 0, &no);
    assert_true(t1 >= 0 && t2 >= 0 && t5 >= 0);
    master.tables[t1].button = 3;
    master.tables[t5].open = false;
    int anna = roster_register(&master, "Anna Bø", &no);
    int two = roster_register(&master, "", &no);
    int wait = roster_register(&master, "Cy Dahl", &no);
    int out = roster_register(&master, "Dan Falk", &no);
    assert_true(roster_seat_player(&master, anna, t1, 7, &no));
    assert_true(roster_seat_player(&master, two, t2, 4, &no));
    (void)wait;
    master.players[out].status = PLAYER_OUT;
    master.players[out].place_best = master.players[out].place_worst = 3;
    master.players[out].prize = 12500;
    master.players[anna].rebuys = 2;
    master.version = 41;
    move_rec_t a = {.at = NOW - 30000,
                    .player = (int16_t)anna,
                    .from_table = (int16_t)t5,
                    .from_seat = 2,
                    .to_table = (int16_t)t1,
                    .to_seat = 7,
                    .why = MOVE_BREAK};
    move_rec_t b = {.at = NOW - 10000,
                    .player = (int16_t)two,
                    .from_table = (int16_t)t1,
                    .from_seat = 3,
                    .to_table = (int16_t)t2,
                    .to_seat = 4,
                    .why = MOVE_BALANCE};
    move_rec_t c = {.at = NOW - 5000,
                    .player = (int16_t)two,
                    .from_table = -1,
                    .to_table = (int16_t)t2,
                    .to_seat = 4,
                    .why = MOVE_FINAL};
    moves_log_add(&master.moves, &a);
    moves_log_add(&master.moves, &b);
    moves_log_add(&master.moves, &c);
}

/* What the master serves at GET /api/players. */
static json_t *served(void)
{
    json_t *j = roster_json_players(&master, false);
    json_object_set_new(j, "next", roster_json_proposal(&master, 1));
    json_object_set_new(j, "moves", moves_json_list(&master, false, NOW));
    return j;
}

static void the_copy_is_the_masters(void **state)
{
    (void)state;
    build();
    json_t *doc = served();
    /* Through text, as it travels. */
    char *text = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    doc = json_loads(text, 0, NULL);
    free(text);
    assert_int_equal(mirror_roster(doc, NOW, &copy, err, sizeof err), 0);
    json_decref(doc);
    assert_int_equal(copy.version, 41);
    assert_int_equal(copy.n_tables, master.n_tables);
    assert_int_equal(copy.n_players, master.n_players);
    assert_memory_equal(copy.tables, master.tables, sizeof master.tables[0] * master.n_tables);
    for (int i = 0; i < master.n_players; i++) {
        const player_t *p = &master.players[i], *q = &copy.players[i];
        assert_string_equal(q->name, p->name);
        assert_int_equal(q->id, p->id);
        assert_int_equal(q->status, p->status);
        assert_int_equal(q->table, p->table);
        assert_int_equal(q->seat, p->seat);
        assert_int_equal(q->place_best, p->place_best);
        assert_int_equal(q->place_worst, p->place_worst);
        assert_int_equal(q->prize, p->prize);
        assert_int_equal(q->rebuys, p->rebuys);
    }
    assert_int_equal(moves_log_count(&copy.moves), 3);
    for (int i = 0; i < 3; i++) {
        const move_rec_t *a = moves_log_get(&master.moves, i), *b = moves_log_get(&copy.moves, i);
        assert_int_equal(b->at, a->at);
        assert_int_equal(b->player, a->player);
        assert_int_equal(b->from_table, a->from_table);
        assert_int_equal(b->from_seat, a->from_seat);
        assert_int_equal(b->to_table, a->to_table);
        assert_int_equal(b->to_seat, a->to_seat);
        assert_int_equal(b->why, a->why);
    }
    /* What the wall shows of them: the recent ones, as on the master. */
    assert_int_equal(moves_log_recent(&copy.moves, NOW, 20000), 2);
}

/* Each damage to what came over the network is refused with its place. */
static void damaged_rosters_are_refused(void **state)
{
    (void)state;
    build();
    static const char *const damage[][2] = {
        {"/players/0/id", "7"},              /* out of order */
        {"/players/2/status", "\"seated\""}, /* seated at no seat */
        {"/players/0/table", "9"},           /* no such table */
        {"/players/0/name", "[1]"},
        {"/tables/1/number", "1"},     /* two tables 1 */
        {"/tables/0/blocked", "[12]"}, /* a seat it does not have */
        {"/tables/0/seats", "11"},
        {"/moves/0/to_table", "3"}, /* a table there is not */
        {"/moves/0/player", "99"},
        {"/version", "-1"},
    };
    for (size_t k = 0; k < sizeof damage / sizeof *damage; k++) {
        json_t *doc = served();
        char path[64];
        snprintf(path, sizeof path, "%s", damage[k][0] + 1);
        /* walk "players/0/id" */
        json_t *at = doc;
        char *save = NULL, *part = strtok_r(path, "/", &save), *next;
        while ((next = strtok_r(NULL, "/", &save))) {
            at = json_is_array(at) ? json_array_get(at, (size_t)atoi(part))
                                   : json_object_get(at, part);
            part = next;
        }
        assert_non_null(at);
        json_t *v = json_loads(damage[k][1], JSON_DECODE_ANY, NULL);
        if (json_is_array(at))
            json_array_set_new(at, (size_t)atoi(part), v);
        else
            json_object_set_new(at, part, v);
        err[0] = 0;
        if (mirror_roster(doc, NOW, &copy, err, sizeof err) != -1)
            fail_msg("%s = %s was taken", damage[k][0], damage[k][1]);
        assert_true(err[0] != 0);
        json_decref(doc);
    }
    json_t *none = json_pack("{s:i}", "version", 1);
    assert_int_equal(mirror_roster(none, NOW, &copy, err, sizeof err), -1);
    json_decref(none);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_copy_is_the_masters),
        cmocka_unit_test(damaged_rosters_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
