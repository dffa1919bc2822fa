/* The JSON forms: procedure commands round-trip, strict fields, the state and structure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json/codec.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

enum { MIN = 60000 };

/* Every command a client can send, with each form of its fields. */
static const char *const commands[] = {
    "{\"type\": \"start\"}",
    "{\"type\": \"adjust\", \"delta_ms\": -60000}",
    "{\"type\": \"add_level\", \"after\": 2, \"small_blind\": 100, \"big_blind\": 200, "
    "\"ante\": 200, \"big_blind_ante\": true, \"minutes\": 20, \"day_end\": true, "
    "\"color_up\": 25}",
    "{\"type\": \"register\", \"count\": 3}",
    "{\"type\": \"bust\"}",
    "{\"type\": \"bust\", \"count\": 2}",
    "{\"type\": \"bust\", \"players\": [{\"table\": 2, \"chips\": 3500}]}",
    "{\"type\": \"bust\", \"players\": [{\"table\": 2, \"chips\": 3500}, {\"table\": 5, "
    "\"chips\": 12000}, {\"chips\": 1, \"table\": 999}]}",
    "{\"type\": \"hand_for_hand_start\"}",
    "{\"type\": \"hand_for_hand_start\", \"tables\": 5}",
    "{\"type\": \"table_done\", \"table\": 3}",
    "{\"type\": \"table_waiting\", \"table\": 64}",
    "{\"type\": \"hand_for_hand_next\"}",
    "{\"type\": \"hand_for_hand_stop\"}",
    "{\"type\": \"hand_for_hand_tables\", \"tables\": 4}",
    "{\"type\": \"hand_for_hand_start\", \"tables\": [1, 2, 4, 64]}",
    "{\"type\": \"hand_for_hand_start\", \"tables\": [3, 65, 128, 129, 250, 256]}",
    "{\"type\": \"hand_for_hand_tables\", \"tables\": [5, 3]}",
    "{\"type\": \"day_end_draw\", \"tables\": [2, 7, 9]}",
    "{\"type\": \"bubble_start\"}",
    "{\"type\": \"bubble_stop\"}",
    "{\"type\": \"day_end_draw\"}",
    "{\"type\": \"day_end_draw\", \"tables\": 12}",
    "{\"type\": \"day_end_hand_done\"}",
    "{\"type\": \"day_end_hand_done\", \"table\": 7}",
    "{\"type\": \"day_end_clear\"}",
    "{\"type\": \"clock_call\", \"table\": 4, \"seat\": 7}",
    "{\"type\": \"clock_call_cancel\"}",
    "{\"type\": \"color_up\", \"value\": 25}",
    "{\"type\": \"color_up_done\"}",
    "{\"type\": \"penalty\", \"table\": 3, \"seat\": 5, \"minutes\": 10}",
    "{\"type\": \"penalty\", \"table\": 3, \"seat\": 12, \"rounds\": 2}",
    "{\"type\": \"penalty_clear\", \"table\": 3, \"seat\": 5}",
};

static void parse_ok(const char *text, command_t *c, bool internal)
{
    json_error_t je;
    json_t *o = json_loads(text, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        fail_msg("bad test JSON %s: %s", text, je.text);
    int rc = internal ? codec_command_parse_internal(o, c, &no) : codec_command_parse(o, c, &no);
    json_decref(o);
    if (rc != 0)
        fail_msg("%s refused: %s", text, no.text);
}

/* What a client sending text is told. */
static const char *refusal(const char *text)
{
    command_t c;
    refusal_clear(&no);
    if (codec_command_parse_text(text, strlen(text), &c, &no) == 0)
        fail_msg("%s was accepted", text);
    return no.text;
}

static void refused_with(const char *text, const char *msg)
{
    const char *got = refusal(text);
    if (strcmp(got, msg) != 0)
        fail_msg("%s: told \"%s\", wanted \"%s\"", text, got, msg);
}

static void every_command_round_trips(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        command_t a, b;
        parse_ok(commands[i], &a, false);
        json_t *j = codec_command(&a);
        char *text = json_dumps(j, JSON_COMPACT);
        parse_ok(text, &b, false);
        if (memcmp(&a, &b, sizeof a) != 0)
            fail_msg("%s came back different as %s", commands[i], text);
        /* And written again, it is the same text: what the journal holds. */
        json_t *j2 = codec_command(&b);
        assert_true(json_equal(j, j2));
        free(text);
        json_decref(j);
        json_decref(j2);
    }
}

static void fields_reach_the_command(void **state)
{
    (void)state;
    command_t c;
    parse_ok(commands[7], &c, false);
    assert_int_equal(c.type, CMD_BUST);
    assert_int_equal(c.n_busts, 3);
    assert_int_equal(c.busts[1].table, 5);
    assert_int_equal(c.busts[1].chips, 12000);
    assert_int_equal(c.busts[2].table, 999);
    parse_ok("{\"type\": \"penalty\", \"table\": 3, \"seat\": 12, \"rounds\": 2}", &c, false);
    assert_int_equal(c.table, 3);
    assert_int_equal(c.seat, 12);
    assert_int_equal(c.rounds, 2);
    assert_int_equal(c.minutes, 0);
    parse_ok("{\"type\": \"hand_for_hand_start\"}", &c, false);
    assert_int_equal(c.tables, 0); /* the configuration's number */
    parse_ok("{\"type\": \"hand_for_hand_tables\", \"tables\": [5, 3]}", &c, false);
    assert_int_equal(c.tables, 2);
    assert_true(tableset_equal(&c.table_set, &(tableset_t){{(1u << 4) | (1u << 2)}}));
    parse_ok("{\"type\": \"color_up\", \"value\": 500}", &c, false);
    assert_int_equal(c.value, 500);
}

static void the_card_is_drawn_by_the_clock_only(void **state)
{
    (void)state;
    refused_with("{\"type\": \"day_end_draw\", \"drawn\": 7}",
                 "day_end_draw does not take \"drawn\": the clock draws the card itself");
    /* The journaled form carries the card and replays it. */
    command_t c = {.type = CMD_DAY_END_DRAW, .tables = 3, .drawn = 6}, back;
    json_t *j = codec_command(&c);
    char *text = json_dumps(j, JSON_COMPACT);
    parse_ok(text, &back, true);
    assert_memory_equal(&c, &back, sizeof c);
    free(text);
    json_decref(j);
    /* A journaled draw without its card, or with an impossible one, is not
     * replayed as some other draw. */
    json_t *o = json_pack("{s:s}", "type", "day_end_draw");
    assert_int_equal(codec_command_parse_internal(o, &back, &no), -1);
    assert_string_equal(no.text, "drawn is missing");
    assert_int_equal(no.code, REFUSAL_field_missing);
    json_object_set_new(o, "drawn", json_integer(8));
    assert_int_equal(codec_command_parse_internal(o, &back, &no), -1);
    assert_string_equal(no.text, "drawn must be between 3 and 7");
    assert_int_equal(no.code, REFUSAL_field_between);
    json_decref(o);
}

static void unknown_fields_are_refused(void **state)
{
    (void)state;
    refused_with("{\"type\": \"table_done\", \"table\": 1, \"tabel\": 2}",
                 "table_done does not take \"tabel\"");
    refused_with("{\"type\": \"hand_for_hand_next\", \"table\": 1}",
                 "hand_for_hand_next does not take \"table\"");
    refused_with("{\"type\": \"clock_call\", \"table\": 1, \"seat\": 2, \"seconds\": 30}",
                 "clock_call does not take \"seconds\"");
    refused_with("{\"type\": \"penalty_clear\", \"table\": 1, \"seat\": 2, \"minutes\": 10}",
                 "penalty_clear does not take \"minutes\"");
    refused_with("{\"type\": \"color_up\", \"chip\": 25}", "color_up does not take \"chip\"");
    refused_with("{\"type\": \"bubble_start\", \"players\": 7}",
                 "bubble_start does not take \"players\"");
    refused_with("{\"type\": \"bust\", \"players\": [{\"table\": 1, \"chips\": 5, \"seat\": 3}]}",
                 "players[0] does not take \"seat\" (only table or player, chips and by)");
}

static void ranges_are_checked(void **state)
{
    (void)state;
    /* A level's fields, at the edges of their ranges. */
    command_t c;
    parse_ok("{\"type\": \"edit_level\", \"index\": 0, \"minutes\": 1440, \"color_up\": 0}", &c,
             false);
    assert_int_equal(c.level.duration_ms, 1440 * 60000);
    assert_true(c.has & LF_COLOR_UP); /* 0: the color-up is derived again */
    assert_int_equal(c.level.color_up, 0);
    refused_with("{\"type\": \"edit_level\", \"index\": 0, \"minutes\": 1440.5}",
                 "minutes must be a number more than 0 and at most 1440");
    refused_with("{\"type\": \"add_level\", \"after\": 0, \"ante\": -1}",
                 "ante must be between 0 and 1000000000000");
    refused_with("{\"type\": \"table_done\"}", "table is missing");
    refused_with("{\"type\": \"table_done\", \"table\": 0}", "table must be between 1 and 256");
    refused_with("{\"type\": \"table_waiting\", \"table\": 257}",
                 "table must be between 1 and 256");
    refused_with("{\"type\": \"table_done\", \"table\": \"3\"}", "table must be a whole number");
    refused_with("{\"type\": \"hand_for_hand_tables\"}", "tables is missing");
    refused_with("{\"type\": \"hand_for_hand_start\", \"tables\": 0}",
                 "tables must be between 1 and 256");
    refused_with("{\"type\": \"day_end_draw\", \"tables\": 300}",
                 "tables must be between 1 and 256");
    refused_with("{\"type\": \"hand_for_hand_start\", \"tables\": []}",
                 "tables cannot be an empty list");
    refused_with("{\"type\": \"hand_for_hand_start\", \"tables\": [1, 3, 1]}",
                 "table 1 is in tables twice");
    refused_with("{\"type\": \"hand_for_hand_tables\", \"tables\": [1, 257]}",
                 "tables must be a number of tables or a list of table numbers (each 1 to 256)");
    refused_with("{\"type\": \"day_end_draw\", \"tables\": [\"4\"]}",
                 "tables must be a number of tables or a list of table numbers (each 1 to 256)");
    refused_with("{\"type\": \"day_end_hand_done\", \"table\": -1}",
                 "table must be between 1 and 256");
    /* 300 tables listed: more than can be in play, whatever their numbers. */
    {
        char big[2048] = "{\"type\": \"hand_for_hand_start\", \"tables\": [1";
        for (int t = 2; t <= 300; t++)
            snprintf(big + strlen(big), sizeof big - strlen(big), ", %d", t);
        strcat(big, "]}");
        refused_with(big, "tables lists 300 tables: at most 256 are in play");
    }
    refused_with("{\"type\": \"clock_call\", \"table\": 4}", "seat is missing");
    refused_with("{\"type\": \"clock_call\", \"table\": 1000, \"seat\": 1}",
                 "table must be between 1 and 999");
    refused_with("{\"type\": \"clock_call\", \"table\": 4, \"seat\": 13}",
                 "seat must be between 1 and 12");
    refused_with("{\"type\": \"penalty\", \"table\": 3, \"seat\": 5}",
                 "a penalty needs either minutes (1-120) or rounds (1-10)");
    refused_with("{\"type\": \"penalty\", \"table\": 3, \"seat\": 5, \"minutes\": 10, "
                 "\"rounds\": 1}",
                 "a penalty needs either minutes (1-120) or rounds (1-10)");
    refused_with("{\"type\": \"penalty\", \"table\": 3, \"seat\": 5, \"minutes\": 121}",
                 "minutes must be between 1 and 120");
    refused_with("{\"type\": \"penalty\", \"table\": 3, \"seat\": 5, \"rounds\": 0}",
                 "rounds must be between 1 and 10");
    refused_with("{\"type\": \"color_up\"}", "value is missing");
    refused_with("{\"type\": \"color_up\", \"value\": 0}",
                 "value must be between 1 and 1000000000000");
    refused_with("{\"type\": \"bust\", \"count\": 2, \"players\": [{\"table\": 1, \"chips\": 5}]}",
                 "bust takes count or players, not both");
    refused_with("{\"type\": \"bust\", \"players\": []}",
                 "players must be a list of 1 to 16 players out in the same hand, like "
                 "[{\"table\": 2, \"chips\": 3500}]");
    refused_with("{\"type\": \"bust\", \"players\": [3]}",
                 "players[0] must be an object like {\"table\": 2, \"chips\": 3500}");
    refused_with(
        "{\"type\": \"bust\", \"players\": [{\"table\": 1, \"chips\": 5}, {\"table\": 1}]}",
        "players[1].chips is missing");
    refused_with("{\"type\": \"bust\", \"players\": [{\"table\": 1, \"chips\": 0}]}",
                 "players[0].chips must be between 1 and 1000000000000000");
    refused_with("{\"type\": \"bust\", \"players\": [{\"chips\": 100}]}",
                 "players[0].table is missing");
    char many[2048] = "{\"type\": \"bust\", \"players\": [";
    for (int i = 0; i < 17; i++)
        strcat(many, i ? ", {\"table\": 1, \"chips\": 9}" : "{\"table\": 1, \"chips\": 9}");
    strcat(many, "]}");
    assert_non_null(strstr(refusal(many), "1 to 16 players"));
}

/* ---- the state ---- */

static structure_t *structure(void)
{
    static structure_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Codec");
    s.buy_in = 100;
    s.starting_stack = 10000;
    s.chips[0] = (chip_t){.value = 25, .rgb = 0x2e8b57, .colour = "green"};
    s.chips[1] = (chip_t){.value = 100, .rgb = 0x222222, .colour = "black"};
    s.chips[2] = (chip_t){.value = 500, .rgb = 0x800080, .colour = "purple"};
    s.n_chips = 3;
    s.levels[0] = (level_t){.small_blind = 25, .big_blind = 50, .duration_ms = 20 * MIN};
    s.levels[1] = (level_t){.small_blind = 50, .big_blind = 100, .duration_ms = 20 * MIN};
    s.levels[2] = (level_t){.kind = LEVEL_BREAK, .duration_ms = 10 * MIN};
    s.levels[3] =
        (level_t){.small_blind = 100, .big_blind = 200, .duration_ms = 20 * MIN, .day_end = true};
    s.levels[4] = (level_t){.small_blind = 500, .big_blind = 1000, .duration_ms = 20 * MIN};
    s.n_levels = 5;
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 2, .bp = {6000, 4000}};
    s.house.tables = 3;
    return &s;
}

static model_t *m;

static int setup(void **state)
{
    (void)state;
    m = calloc(1, sizeof *m);
    return m ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(m);
    return 0;
}

static void ok(command_t c, int64_t now)
{
    if (model_apply(m, &c, now, &no) != APPLY_OK)
        fail_msg("%s refused: %s", command_name(c.type), no.text);
}

static json_t *at(json_t *o, const char *path)
{
    /* "a.b.c" */
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *k = strtok(buf, "."); k && o; k = strtok(NULL, "."))
        o = json_object_get(o, k);
    if (!o)
        fail_msg("the state has no %s", path);
    return o;
}

static void ints_are(json_t *a, int n, const int *want)
{
    assert_true(json_is_array(a));
    assert_int_equal(json_array_size(a), n);
    for (int i = 0; i < n; i++)
        assert_int_equal(json_integer_value(json_array_get(a, (size_t)i)), want[i]);
}

static void state_with_nothing_going_on(void **state)
{
    (void)state;
    model_init(m, structure());
    json_t *st = codec_state(&m->t, 1, 0, NULL, NULL);
    assert_true(json_is_null(at(st, "hand_for_hand")));
    assert_true(json_is_false(at(st, "bubble")));
    assert_true(json_is_false(at(st, "in_the_money")));
    assert_true(json_is_false(at(st, "day_end.level_ends_day")));
    assert_true(json_is_false(at(st, "day_end.window")));
    assert_true(json_is_null(at(st, "day_end.drawn")));
    assert_true(json_is_null(at(st, "day_end.hands_left")));
    assert_true(json_is_null(at(st, "day_end.tables_left")));
    assert_true(json_is_false(at(st, "day_end.over")));
    assert_true(json_is_null(at(st, "clock_call")));
    assert_int_equal(json_integer_value(at(st, "color_up.next.value")), 25);
    assert_string_equal(json_string_value(at(st, "color_up.next.colour")), "green");
    assert_int_equal(json_integer_value(at(st, "color_up.next.at_level")), 2);
    assert_true(json_is_null(at(st, "color_up.now")));
    ints_are(at(st, "color_up.chips_in_use"), 3, (int[]){25, 100, 500});
    assert_int_equal(json_array_size(at(st, "penalties")), 0);
    assert_int_equal(json_array_size(at(st, "results")), 0);
    /* The fields that were there before are still there. */
    assert_int_equal(json_integer_value(at(st, "level.small_blind")), 25);
    assert_int_equal(json_integer_value(at(st, "players.starting_stack")), 10000);
    json_decref(st);
}

static void state_with_the_procedures_on(void **state)
{
    (void)state;
    model_init(m, structure());
    ok((command_t){.type = CMD_REGISTER, .count = 6}, 0);
    ok((command_t){.type = CMD_START}, 1000);
    ok((command_t){.type = CMD_HFH_START, .tables = 5}, 2000);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, 2001);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 4}, 2002);
    ok((command_t){.type = CMD_TABLE_WAITING, .table = 2}, 2003);
    ok((command_t){.type = CMD_BUBBLE_START}, 2004);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, 3000);
    ok((command_t){.type = CMD_PENALTY, .table = 3, .seat = 5, .minutes = 10}, 3000);
    ok((command_t){.type = CMD_PENALTY, .table = 1, .seat = 2, .rounds = 1}, 3000);
    command_t b = {.type = CMD_BUST,
                   .n_busts = 2,
                   .count = 2,
                   .busts = {{.table = 2, .chips = 900}, {.table = 5, .chips = 400}}};
    ok(b, 4000);
    ok((command_t){.type = CMD_COLOR_UP, .value = 25}, 5000);
    json_t *st = codec_state(&m->t, 9, 12000, NULL, NULL);
    assert_int_equal(json_integer_value(at(st, "hand_for_hand.hand")), 1);
    assert_int_equal(json_integer_value(at(st, "hand_for_hand.tables")), 5);
    ints_are(at(st, "hand_for_hand.done"), 2, (int[]){1, 4});
    ints_are(at(st, "hand_for_hand.waiting"), 1, (int[]){2});
    ints_are(at(st, "hand_for_hand.playing"), 2, (int[]){3, 5});
    assert_true(json_is_false(at(st, "hand_for_hand.all_done")));
    assert_true(json_is_true(at(st, "bubble")));
    json_t *call = at(st, "clock_call");
    assert_int_equal(json_integer_value(at(call, "table")), 4);
    assert_int_equal(json_integer_value(at(call, "seat")), 7);
    assert_int_equal(json_integer_value(at(call, "remaining_ms")), 51000);
    assert_int_equal(json_integer_value(at(call, "countdown_ms")), 10000);
    assert_true(json_is_false(at(call, "counting")));
    assert_true(json_is_false(at(call, "expired")));
    json_t *p = at(st, "penalties");
    assert_int_equal(json_array_size(p), 2);
    assert_int_equal(json_integer_value(at(json_array_get(p, 0), "remaining_ms")), 10 * MIN - 9000);
    assert_int_equal(json_integer_value(at(json_array_get(p, 0), "rounds")), 0);
    assert_true(json_is_null(at(json_array_get(p, 1), "remaining_ms")));
    assert_int_equal(json_integer_value(at(json_array_get(p, 1), "rounds")), 1);
    /* 6 entries at 100, 2 paid (360, 240): two out at different tables in
     * one hand tie for 5th-6th, unpaid. */
    json_t *r = at(st, "results");
    assert_int_equal(json_array_size(r), 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(json_integer_value(at(json_array_get(r, i), "place_best")), 5);
        assert_int_equal(json_integer_value(at(json_array_get(r, i), "place_worst")), 6);
        assert_int_equal(json_integer_value(at(json_array_get(r, i), "prize_each")), 0);
    }
    assert_int_equal(json_integer_value(at(json_array_get(r, 1), "table")), 5);
    assert_int_equal(json_integer_value(at(st, "color_up.now.value")), 25);
    assert_string_equal(json_string_value(at(st, "color_up.now.colour")), "green");
    assert_int_equal(json_integer_value(at(st, "color_up.now.into")), 100);
    json_decref(st);

    /* Busts without tables have a null table; a served penalty is gone. */
    ok((command_t){.type = CMD_BUST}, 13000);
    st = codec_state(&m->t, 10, 3000 + 10 * MIN, NULL, NULL);
    r = at(st, "results");
    assert_true(json_is_null(at(json_array_get(r, 2), "table")));
    assert_int_equal(json_array_size(at(st, "penalties")), 1);
    json_decref(st);
}

static void state_at_the_end_of_the_day(void **state)
{
    (void)state;
    model_init(m, structure());
    ok((command_t){.type = CMD_START}, 0);
    ok((command_t){.type = CMD_GOTO_LEVEL, .index = 3}, 0);
    json_t *st = codec_state(&m->t, 1, 6 * MIN, NULL, NULL);
    assert_true(json_is_true(at(st, "day_end.level_ends_day")));
    assert_true(json_is_true(at(st, "day_end.window")));
    json_decref(st);
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 3}, 6 * MIN);
    ok((command_t){.type = CMD_DAY_END_HAND_DONE}, 7 * MIN);
    st = codec_state(&m->t, 2, 8 * MIN, NULL, NULL);
    assert_int_equal(json_integer_value(at(st, "day_end.drawn")), 3);
    assert_int_equal(json_integer_value(at(st, "day_end.hands_left")), 2);
    assert_true(json_is_null(at(st, "day_end.tables_left")));
    assert_true(json_is_false(at(st, "day_end.over")));
    json_decref(st);
    ok((command_t){.type = CMD_DAY_END_HAND_DONE}, 9 * MIN);
    ok((command_t){.type = CMD_DAY_END_HAND_DONE}, 9 * MIN);
    st = codec_state(&m->t, 3, 10 * MIN, NULL, NULL);
    assert_int_equal(json_integer_value(at(st, "day_end.hands_left")), 0);
    assert_true(json_is_true(at(st, "day_end.over")));
    json_decref(st);
}

/* ---- the structure ---- */

static void structure_has_house_options_and_color_ups(void **state)
{
    (void)state;
    structure_t *s = structure();
    s->house.hfh_deduct_ms = 30000;
    s->house.short_level_ms = 10 * MIN;
    json_t *o = codec_structure(s);
    json_t *h = at(o, "house");
    assert_int_equal(json_integer_value(at(h, "tables")), 3);
    assert_int_equal(json_integer_value(at(h, "hand_for_hand_deduct_seconds")), 30);
    assert_true(json_is_false(at(h, "hand_for_hand_auto_next")));
    /* Not configured: the defaults the clock uses. */
    assert_int_equal(json_integer_value(at(h, "clock_call_seconds")), 50);
    assert_int_equal(json_integer_value(at(h, "clock_call_countdown_seconds")), 10);
    assert_int_equal(json_integer_value(at(h, "short_level_minutes")), 10);
    assert_int_equal(json_integer_value(at(h, "short_clock_call_seconds")), 25);
    assert_int_equal(json_integer_value(at(h, "short_clock_call_countdown_seconds")), 5);
    assert_true(json_is_false(at(h, "day_end_per_table")));
    json_t *chips = at(o, "chips");
    assert_int_equal(json_array_size(chips), 3);
    assert_string_equal(json_string_value(at(json_array_get(chips, 2), "rgb")), "#800080");
    assert_true(json_is_false(at(h, "clock_call_stays")));
    assert_true(json_is_false(at(h, "hand_for_hand_stays_in_the_money")));
    assert_int_equal(json_integer_value(at(h, "seats_per_table")), 9);
    /* The 25s go at the break (index 2); the 100s, last needed by 100/200
     * with no break after it, are never colored up by the clock alone. */
    json_t *levels = at(o, "levels");
    ints_are(at(json_array_get(levels, 0), "colored_up"), 0, NULL);
    ints_are(at(json_array_get(levels, 2), "colored_up"), 1, (int[]){25});
    ints_are(at(json_array_get(levels, 3), "colored_up"), 0, NULL);
    ints_are(at(json_array_get(levels, 4), "colored_up"), 0, NULL);
    /* The configured field stays as configured. */
    assert_true(json_is_null(at(json_array_get(levels, 2), "color_up")));
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_command_round_trips),
        cmocka_unit_test(fields_reach_the_command),
        cmocka_unit_test(the_card_is_drawn_by_the_clock_only),
        cmocka_unit_test(unknown_fields_are_refused),
        cmocka_unit_test(ranges_are_checked),
        cmocka_unit_test_setup_teardown(state_with_nothing_going_on, setup, teardown),
        cmocka_unit_test_setup_teardown(state_with_the_procedures_on, setup, teardown),
        cmocka_unit_test_setup_teardown(state_at_the_end_of_the_day, setup, teardown),
        cmocka_unit_test(structure_has_house_options_and_color_ups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
