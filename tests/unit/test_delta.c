/* What a command's journal record says it changed is all it changed: put back onto the
 * tournament before the command, it gives the tournament after it. Checked over thousands of
 * random commands of every kind, with players by name, seats, busts, moves, table breaks, the
 * final table and undo: a journal that lost a record is repaired from the records after it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tsan.h"

#include "scratch.h"

#include "engine_core.h"
#include "store/snapshot.h"
#include "json/roster.h"

static const char *config_text =
    "tables = { count = 6; seats = 9; blocked = [ 1 ]; };\n"
    "tournament = {\n"
    "  name = \"Delta test\";\n"
    "  buy_in = 100;\n"
    "  starting_stack = 10000;\n"
    "  late_registration = { until_level = 4; };\n"
    "  rebuy = { price = 100; chips = 10000; until_level = 3; };\n"
    "  addon = { price = 50; chips = 5000; after_level = 3; };\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
    "    { break = true; minutes = 10; color_up = 25; },\n"
    "    { small_blind = 100; big_blind = 200; ante = 200; big_blind_ante = true; minutes = 20;\n"
    "      day_end = true; },\n"
    "    { small_blind = 200; big_blind = 400; minutes = 20; }\n"
    "  );\n"
    "  payouts = ( { min_entries = 2; places = [ 100 ]; },\n"
    "              { min_entries = 10; places = [ 50, 30, 20 ]; } );\n"
    "  house = { hand_for_hand_deduct_seconds = 20; };\n"
    "};\n";

#define GAME_TEST_NAME "delta"
#define GAME_TEST_CONFIG config_text
#include "game_harness.h"

/* Under a sanitizer every copy of a game (580 KB) is checked byte by
 * byte: a tenth of the evenings there. */
#if defined(__SANITIZE_ADDRESS__)
enum { EVENINGS = 6, COMMANDS = 250 };
#else
enum { EVENINGS = 60, COMMANDS = 250 };
#endif

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t next64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int below(int n)
{
    return (int)(next64() % (uint64_t)n);
}

/* A player's number, mostly of one who is there. */
static int some_player(void)
{
    return g->r.n_players ? 1 + below(g->r.n_players) : 1;
}

/* A random command, of every kind the director sends. */
static void any_command(command_t *c)
{
    static const char *first[] = {"Anna", "Bo", "Cyrus", "Dina", "Émile", "Frøya", "Gus", "Hal"};
    memset(c, 0, sizeof *c);
    int a = 1 + below(4), z = 1 + below(9);
    switch (below(34)) {
    case 0:
    case 1:
    case 2:
        c->type = CMD_REGISTER;
        c->n_names = 1 + below(6);
        for (int i = 0; i < c->n_names; i++)
            snprintf(c->names[i], sizeof c->names[i], "%s %d", first[below(8)], below(1000));
        break;
    case 3: c->type = CMD_REGISTER, c->count = a; break;
    case 4:
    case 5:
    case 6: c->type = CMD_BUST, c->player = some_player(); break;
    case 7: c->type = CMD_BUST, c->table = z % 7, c->seat = z; break;
    case 8: c->type = CMD_REBUY, c->player = some_player(); break;
    case 9: c->type = CMD_ADDON, c->player = some_player(); break;
    case 10: c->type = CMD_REENTER, c->player = some_player(); break;
    case 11: c->type = CMD_MOVE, c->player = some_player(), c->table = a, c->seat = z; break;
    case 12: c->type = CMD_BREAK_TABLE, c->table = 1 + below(6); break;
    case 13: c->type = CMD_FINAL_TABLE; break;
    case 14: c->type = CMD_BUTTON, c->table = a, c->seat = z; break;
    case 15:
        c->type = CMD_TABLE, c->table = 1 + below(8), c->seat = below(3) ? 0 : z, c->on = below(2),
        c->new_seats = 8;
        break;
    case 16:
    case 17: c->type = CMD_UNDO; break;
    case 18: c->type = CMD_START; break;
    case 19: c->type = below(2) ? CMD_PAUSE : CMD_RESUME; break;
    case 20: c->type = CMD_ADJUST, c->delta_ms = 30000 * (a - 2) + 1; break;
    case 21: c->type = below(2) ? CMD_NEXT_LEVEL : CMD_PREV_LEVEL; break;
    case 22:
        c->type = CMD_ADD_LEVEL, c->index = a - 2, c->has = LF_SMALL | LF_BIG | LF_DURATION;
        c->level = (level_t){.small_blind = 100 * a,
                             .big_blind = 200 * a,
                             .duration_ms = 60000 * z};
        break;
    case 23:
        c->type = CMD_EDIT_LEVEL, c->index = a, c->has = LF_ANTE | LF_DURATION;
        c->level = (level_t){.ante = 25 * z, .duration_ms = 60000 * (z + 5)};
        break;
    case 24: c->type = CMD_DELETE_LEVEL, c->index = a + 3; break;
    case 25:
        c->type = CMD_ANNOUNCE, c->seconds = z * 10;
        snprintf(c->text, sizeof c->text, "Table %d is breaking — seats %d", a, z);
        break;
    case 26: c->type = a > 2 ? CMD_HFH_START : CMD_HFH_STOP, c->tables = a; break;
    case 27: c->type = CMD_TABLE_DONE, c->table = a; break;
    case 28: c->type = a > 2 ? CMD_BUBBLE_START : CMD_BUBBLE_STOP; break;
    case 29: c->type = a > 2 ? CMD_DAY_END_DRAW : CMD_DAY_END_CLEAR, c->drawn = 3 + below(5); break;
    case 30: c->type = a > 2 ? CMD_COLOR_UP : CMD_COLOR_UP_DONE, c->value = 25; break;
    case 31:
        c->type = a > 2 ? CMD_PENALTY : CMD_PENALTY_CLEAR, c->table = a, c->seat = z;
        c->minutes = a == 4 ? 10 : 0, c->rounds = a == 3 ? 2 : 0;
        break;
    case 32:
        c->type = a > 2 ? CMD_CLOCK_CALL : CMD_CLOCK_CALL_CANCEL, c->table = a, c->seat = z;
        break;
    default:
        c->type = CMD_SET_LANGUAGE;
        snprintf(c->language, sizeof c->language, "%s", a > 2 ? "no" : "de");
        snprintf(c->language2, sizeof c->language2, "%s", a > 3 ? "en" : "");
        break;
    }
}

/* The roster of a game as text, without its undo entries. */
static char *roster_text(const game_t *x)
{
    game_t *copy = malloc(sizeof *copy);
    copy->m.t = x->m.t;
    copy->r = x->r;
    copy->m.n_undo = copy->n_undo = 0;
    json_t *j = roster_json_save(copy);
    char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    free(copy);
    return text;
}

/* The put-back game is the game after the command: no member of the
 * tournament differs, nor any player, table or move. */
static void expect_same(const game_t *after, const game_t *back, int evening, int step,
                        const char *what)
{
    json_t *diff = snapshot_tourney_delta(&after->m.t, &back->m.t);
    /* undoable is 0 after a put-back (undo cannot reach across a loss). */
    json_object_del(diff, "undoable");
    if (json_object_size(diff) > 0) {
        char *text = json_dumps(diff, JSON_COMPACT);
        fail_msg("evening %d, command %d (%s): the tournament put back differs in %s", evening,
                 step, what, text);
    }
    json_decref(diff);
    char *a = roster_text(after), *b = roster_text(back);
    if (strcmp(a, b) != 0)
        fail_msg("evening %d, command %d (%s): the roster put back differs:\n%.600s\n%.600s",
                 evening, step, what, a, b);
    free(a);
    free(b);
}

static void every_change_is_in_its_record(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    game_t *before = malloc(sizeof *before), *back = malloc(sizeof *back);
    game_t *start = malloc(sizeof *start);
    command_t *c = malloc(sizeof *c);
    *start = *g;
    long accepted = 0, bytes = 0, roster_changes = 0;
    int per_type[CMD__COUNT] = {0};
    for (int evening = 0; evening < EVENINGS; evening++) {
        *g = *start;
        int64_t now = T;
        for (int step = 0; step < COMMANDS; step++) {
            any_command(c);
            now += 1000 + below(60000);
            *before = *g;
            if (drawn_apply(c, next64(), now, NULL) != APPLY_OK)
                continue;
            accepted++;
            per_type[c->type]++;
            roster_changes += before->r.version != g->r.version;
            /* Through its text, as the journal keeps it. */
            json_t *d = records_delta(before, g);
            char *text = json_dumps(d, JSON_COMPACT);
            json_decref(d);
            bytes += (long)strlen(text);
            d = json_loads(text, 0, NULL);
            free(text);
            *back = *before;
            char why[256];
            if (records_put_back(back, d, why, sizeof why) != 0)
                fail_msg("evening %d, command %d (%s): the change does not put back: %s", evening,
                         step, command_name(c->type), why);
            json_decref(d);
            expect_same(g, back, evening, step, command_name(c->type));
            /* A put-back has nothing left to undo. */
            assert_int_equal(back->m.n_undo, 0);
            assert_int_equal(back->n_undo, 0);
        }
    }
    int kinds = 0;
    for (int k = 0; k < CMD__COUNT; k++)
        kinds += per_type[k] > 0;
    print_message("%ld commands accepted of %d kinds (%ld changed the roster), a change %ld bytes "
                  "on average\n",
                  accepted, kinds, roster_changes, bytes / (accepted ? accepted : 1));
    assert_true(accepted > EVENINGS * COMMANDS / 3);
    assert_true(kinds >= 28);
    assert_true(per_type[CMD_BREAK_TABLE] > 0 && per_type[CMD_MOVE] > 0 && per_type[CMD_UNDO] > 0 &&
                per_type[CMD_REENTER] > 0);
    free(before);
    free(back);
    free(start);
    free(c);
}

/* A change that would seat two players in one seat, or name a player past
 * the roster, is refused whole: nothing of it is put back. */
static void a_damaged_change_is_refused_whole(void **state)
{
    (void)state;
    command_t *c = cmd(CMD_REGISTER);
    c->n_names = 2;
    snprintf(c->names[0], sizeof c->names[0], "Anna");
    snprintf(c->names[1], sizeof c->names[1], "Bo");
    game_t *before = malloc(sizeof *before), *back = malloc(sizeof *back);
    *before = *g;
    assert_int_equal(drawn_apply(c, 7, T, NULL), APPLY_OK);
    json_t *d = records_delta(before, g);
    json_t *ps = json_object_get(json_object_get(d, "r"), "p");
    assert_int_equal(json_array_size(ps), 2);
    /* Bo in Anna's seat. */
    json_t *bo = json_array_get(json_array_get(ps, 1), 1);
    json_t *anna = json_array_get(json_array_get(ps, 0), 1);
    json_array_set(bo, 2, json_array_get(anna, 2));
    json_array_set(bo, 3, json_array_get(anna, 3));
    char why[256];
    *back = *before;
    assert_int_equal(records_put_back(back, d, why, sizeof why), -1);
    assert_memory_equal(&back->m.t, &before->m.t, sizeof back->m.t);
    assert_memory_equal(&back->r, &before->r, sizeof back->r);
    /* A player numbered past the roster's count. */
    json_array_set_new(json_array_get(ps, 1), 0, json_integer(7));
    assert_int_equal(records_put_back(back, d, why, sizeof why), -1);
    json_decref(d);
    free(before);
    free(back);
}

int main(void)
{
    (void)scratch_mount_tiny_or_skip; /* no disk here: the records are checked in memory */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_change_is_in_its_record, setup, teardown),
        cmocka_unit_test_setup_teardown(a_damaged_change_is_refused_whole, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
