/* The procedures of docs/rules.md in the model, with cases from the rule texts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/history.h"

#include "model/procedures.h"
#include "json/codec.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

enum { MIN = 60000, SEC = 1000 };
static const int64_t T0 = 1000000; /* when a test's clock starts */

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

static level_t play(int64_t sb, int64_t bb, int64_t ante, int minutes)
{
    return (level_t){.kind = LEVEL_PLAY,
                     .small_blind = sb,
                     .big_blind = bb,
                     .ante = ante,
                     .duration_ms = (int64_t)minutes * MIN};
}

static level_t pause_of(int minutes)
{
    return (level_t){.kind = LEVEL_BREAK, .duration_ms = (int64_t)minutes * MIN};
}

static void add_chip(structure_t *s, int64_t value, const char *colour)
{
    s->chips[s->n_chips].value = value;
    snprintf(s->chips[s->n_chips].colour, sizeof s->chips[0].colour, "%s", colour);
    s->n_chips++;
}

/* A freezeout with chips 25/100/500/1000 and a structure in which the 25s
 * go at the first break (after 75/150), the 100s at the second break (the
 * last level needing them, 400/800, has no break right after it), and the
 * 500s, last needed by 1500/3000 with no break after it, are the
 * director's to color up. */
static structure_t *chip_structure(void)
{
    static structure_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Procedures");
    snprintf(s.currency, sizeof s.currency, "EUR");
    s.buy_in = 100;
    s.starting_stack = 20000;
    add_chip(&s, 25, "green");
    add_chip(&s, 100, "black");
    add_chip(&s, 500, "purple");
    add_chip(&s, 1000, "yellow");
    level_t l[] = {play(25, 50, 0, 20),    play(50, 100, 0, 20),    play(75, 150, 0, 20),
                   pause_of(15),           play(100, 200, 0, 20),   play(200, 400, 0, 20),
                   play(300, 600, 0, 20),  play(400, 800, 0, 20),   play(500, 1000, 0, 20),
                   pause_of(15),           play(1000, 2000, 0, 20), play(1500, 3000, 0, 20),
                   play(2000, 4000, 0, 20)};
    s.n_levels = (int)(sizeof l / sizeof l[0]);
    memcpy(s.levels, l, sizeof l);
    /* 10 and more entries: 3 places; fewer: 6 places, for the tie cases. */
    s.n_payouts = 2;
    s.payouts[0] = (payout_table_t){.min_entries = 2,
                                    .places = 6,
                                    .bp = {4000, 2500, 1500, 1000, 600, 400}};
    s.payouts[1] = (payout_table_t){.min_entries = 10, .places = 3, .bp = {5000, 3000, 2000}};
    return &s;
}

static apply_status apply(command_t c, int64_t now)
{
    no.text[0] = 0;
    return model_apply(m, &c, now, &no);
}

static void ok(command_t c, int64_t now)
{
    apply_status st = apply(c, now);
    if (st != APPLY_OK)
        fail_msg("%s refused: %s", command_name(c.type), no.text);
}

static void refused(command_t c, int64_t now, apply_status want, const char *msg_part)
{
    apply_status st = apply(c, now);
    if (st != want)
        fail_msg("%s: status %d, wanted %d (%s)", command_name(c.type), st, want, no.text);
    if (msg_part && !strstr(no.text, msg_part))
        fail_msg("%s: message \"%s\" does not say \"%s\"", command_name(c.type), no.text, msg_part);
}

static tourney_view_t view(int64_t now)
{
    tourney_view_t v;
    tourney_view(&m->t, now, &v);
    return v;
}

static void go_to(int index, int64_t now)
{
    ok((command_t){.type = CMD_GOTO_LEVEL, .index = index}, now);
}

static void start_with(const structure_t *s, int entries)
{
    model_init(m, s);
    if (entries)
        ok((command_t){.type = CMD_REGISTER, .count = entries}, T0 - 1);
    ok((command_t){.type = CMD_START}, T0);
}

static int chip_bit(int64_t value)
{
    for (int i = 0; i < m->t.s.n_chips; i++)
        if (m->t.s.chips[i].value == value)
            return 1 << i;
    return 0;
}

/* ---- color-up (docs/rules.md §2) ---- */

static void color_up_derived_from_the_structure(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    /* 75/150 is the last level needing a 25: the break right after it. */
    assert_int_equal(color_up_level(s, 0), 3);
    /* 400/800 is the last needing a 100; 500/1000 follows without a break:
     * at the next break, never quietly at the end of a play level. */
    assert_int_equal(color_up_level(s, 1), 9);
    /* 1500/3000 is the last needing a 500, and no break follows. */
    assert_int_equal(color_up_level(s, 2), -1);
    assert_int_equal(color_up_level(s, 3), -1); /* the largest stays */
}

static void color_up_moves_when_the_structure_changes(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    /* With 75/150 made 100/200, 50/100 is the last level needing a 25, and
     * no break follows it: at the first break after it. */
    ok((command_t){.type = CMD_EDIT_LEVEL,
                   .index = 2,
                   .has = LF_SMALL | LF_BIG,
                   .level = {.small_blind = 100, .big_blind = 200}},
       T0 + 1);
    assert_int_equal(color_up_level(&m->t.s, 0), 3);
    /* An ante of 25 late in the game keeps the 25s in play until then. */
    ok((command_t){.type = CMD_EDIT_LEVEL, .index = 8, .has = LF_ANTE, .level = {.ante = 25}},
       T0 + 2);
    assert_int_equal(color_up_level(&m->t.s, 0), 9);
}

static void color_up_announced_ahead_and_shown_at_the_break(void **state)
{
    (void)state;
    start_with(chip_structure(), 10);
    go_to(2, T0 + 1);
    tourney_view_t v = view(T0 + 2);
    assert_int_equal(v.next_color_up, 25);
    assert_int_equal(v.next_color_up_level, 3);
    assert_int_equal(v.color_up_now, 0);
    assert_int_equal(v.chips_in_use, 0xf);
    int64_t chips = v.chips_in_play, avg = v.average_stack;

    go_to(3, T0 + 3); /* the break: the 25s go now, into 100s */
    v = view(T0 + 4);
    assert_int_equal(v.color_up_now, 25);
    assert_int_equal(v.color_up_into, 100);
    assert_int_equal(v.next_color_up, 100);
    assert_int_equal(v.next_color_up_level, 9);
    assert_true(v.chips_in_use & chip_bit(25)); /* still at the tables */

    go_to(4, T0 + 5);
    v = view(T0 + 6);
    assert_int_equal(v.color_up_now, 0);
    assert_int_equal(v.chips_in_use, chip_bit(100) | chip_bit(500) | chip_bit(1000));
    /* Chips are exchanged at equal value: nothing in play changes. */
    assert_int_equal(v.chips_in_play, chips);
    assert_int_equal(v.average_stack, avg);

    /* 400/800 is the last level needing the 100s; no break follows it,
     * so they stay at the tables until the next break. */
    go_to(8, T0 + 7);
    v = view(T0 + 8);
    assert_int_equal(v.chips_in_use, chip_bit(100) | chip_bit(500) | chip_bit(1000));
    assert_int_equal(v.next_color_up, 100);
    assert_int_equal(v.next_color_up_level, 9);
    assert_int_equal(v.color_up_due, 0);
    go_to(9, T0 + 9);
    assert_int_equal(view(T0 + 10).color_up_now, 100);
    go_to(10, T0 + 11);
    v = view(T0 + 12);
    assert_int_equal(v.chips_in_use, chip_bit(500) | chip_bit(1000));
    /* No break after 1500/3000: the 500s are never removed by the clock
     * alone; after that level the director is asked. */
    assert_int_equal(v.next_color_up, 0);
    assert_int_equal(v.color_up_due, 0);
    go_to(12, T0 + 13);
    v = view(T0 + 14);
    assert_int_equal(v.color_up_due, 500);
    assert_true(v.chips_in_use & chip_bit(500));
    json_t *st = codec_state(&m->t, 1, T0 + 14, NULL, NULL);
    assert_int_equal(json_integer_value(
                         json_object_get(json_object_get(json_object_get(st, "color_up"), "due"),
                                         "value")),
                     500);
    json_decref(st);
    ok((command_t){.type = CMD_COLOR_UP, .value = 500}, T0 + 15);
    assert_int_equal(view(T0 + 16).color_up_due, 0);
    ok((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 17);
    v = view(T0 + 18);
    assert_int_equal(v.chips_in_use, chip_bit(1000));
    assert_int_equal(v.color_up_due, 0);
}

static void color_up_at_a_break_the_config_names(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->levels[9].color_up = 500; /* the second break, before 1000/2000 */
    assert_int_equal(color_up_level(s, 2), 9);
    start_with(s, 0);
    go_to(9, T0 + 1);
    /* The derived 100s go at the same break: the smaller first. */
    tourney_view_t v = view(T0 + 2);
    assert_int_equal(v.color_up_now, 100);
    assert_int_equal(v.color_up_into, 500);
    json_t *js = codec_structure(&m->t.s);
    json_t *up = json_object_get(json_array_get(json_object_get(js, "levels"), 9), "colored_up");
    assert_int_equal(json_array_size(up), 2);
    assert_int_equal(json_integer_value(json_array_get(up, 1)), 500);
    json_decref(js);
    go_to(10, T0 + 3);
    assert_int_equal(view(T0 + 4).chips_in_use, chip_bit(1000));
}

/* The break's color-up the wall shows (the structure's) is ended by the
 * director's "color-up done", as one he started: the wall's color-up
 * takes the screen only until the floor is done. */
static void color_up_of_the_break_ends_when_done(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->levels[9].color_up = 500; /* the second break colors up 100s and 500s */
    start_with(s, 10);
    go_to(3, T0 + 1); /* the first break: the 25s, by the structure */
    assert_int_equal(view(T0 + 2).color_up_now, 25);
    ok((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 3);
    tourney_view_t v = view(T0 + 4);
    assert_int_equal(v.color_up_now, 0);
    assert_false(v.chips_in_use & chip_bit(25));
    char words[ACTION_LINE_MAX];
    history_words(&m->t, 0, words, sizeof words);
    assert_string_equal(words, "color-up of the 25 chips done");
    refused((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 5, APPLY_CONFLICT, "no color-up");
    /* Two at one break: each done in turn, the smaller first. */
    go_to(9, T0 + 6);
    assert_int_equal(view(T0 + 7).color_up_now, 100);
    ok((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 8);
    assert_int_equal(view(T0 + 9).color_up_now, 500);
    ok((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 10);
    v = view(T0 + 11);
    assert_int_equal(v.color_up_now, 0);
    assert_int_equal(v.chips_in_use, chip_bit(1000));
    /* Undo brings the 500s back on the wall. */
    ok((command_t){.type = CMD_UNDO}, T0 + 12);
    assert_int_equal(view(T0 + 13).color_up_now, 500);
}

static void color_up_by_the_director(void **state)
{
    (void)state;
    start_with(chip_structure(), 10);
    go_to(4, T0 + 1);
    int64_t chips = view(T0 + 1).chips_in_play;
    ok((command_t){.type = CMD_COLOR_UP, .value = 100}, T0 + 2);
    tourney_view_t v = view(T0 + 3);
    assert_int_equal(v.color_up_now, 100);
    assert_int_equal(v.color_up_into, 500);
    assert_true(v.chips_in_use & chip_bit(100)); /* until the floor is done */
    refused((command_t){.type = CMD_COLOR_UP, .value = 500}, T0 + 4, APPLY_CONFLICT,
            "being colored up now");
    ok((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 5);
    v = view(T0 + 6);
    assert_int_equal(v.color_up_now, 0);
    assert_int_equal(v.chips_in_use, chip_bit(500) | chip_bit(1000));
    assert_int_equal(v.chips_in_play, chips);
    /* The structure sheet (the kiosk's) shows the 100s colored up here,
     * and no longer at the second break where the structure had them. */
    json_t *js = codec_structure(&m->t.s);
    json_t *levels = json_object_get(js, "levels");
    json_t *here = json_object_get(json_array_get(levels, 4), "colored_up");
    json_t *later = json_object_get(json_array_get(levels, 9), "colored_up");
    assert_int_equal(json_array_size(here), 1);
    assert_int_equal(json_integer_value(json_array_get(here, 0)), 100);
    assert_int_equal(json_array_size(later), 0);
    json_decref(js);
    refused((command_t){.type = CMD_COLOR_UP, .value = 100}, T0 + 7, APPLY_CONFLICT,
            "no longer in play");
    refused((command_t){.type = CMD_COLOR_UP, .value = 30}, T0 + 8, APPLY_INVALID, "no 30 chip");
    refused((command_t){.type = CMD_COLOR_UP, .value = 1000}, T0 + 9, APPLY_CONFLICT,
            "nothing to color up into");
    refused((command_t){.type = CMD_COLOR_UP_DONE}, T0 + 10, APPLY_CONFLICT, "no color-up");
}

static void chip_problems_of_a_structure(void **state)
{
    (void)state;
    chip_problem_t p[8];
    structure_t *s = chip_structure();
    assert_int_equal(structure_chip_problems(s, p, 8), 0);

    /* The 25s colored up at the first break, but 75/150 comes after it. */
    s->levels[3].color_up = 25;
    s->levels[4] = play(75, 150, 0, 20);
    int n = structure_chip_problems(s, p, 8);
    assert_int_equal(n, 1);
    assert_int_equal(p[0].level, 4);
    assert_true(p[0].error);
    assert_string_equal(p[0].msg, "level 5: the small blind 75 needs a chip of 25, colored up "
                                  "at the break before (level 4)");

    /* A chip the set does not have, and an ante no chip makes. */
    s = chip_structure();
    s->levels[9].color_up = 250;
    s->levels[5].ante = 30;
    n = structure_chip_problems(s, p, 8);
    assert_int_equal(n, 2);
    assert_int_equal(p[0].level, 5);
    assert_true(p[0].error);
    assert_string_equal(p[0].msg, "level 6: the ante 30 cannot be made with the chips in play "
                                  "(the smallest is 25)");
    assert_int_equal(p[1].level, 9);
    assert_true(p[1].error);
    assert_non_null(strstr(p[1].msg, "no 250 chip"));

    /* The 100s colored up at the first break while 100/200 follows: the
     * 25s, kept in play by a later ante of 25, can make it, so it is only
     * a warning. */
    s = chip_structure();
    s->levels[7].ante = 25;
    s->levels[3].color_up = 100;
    n = structure_chip_problems(s, p, 8);
    assert_int_equal(n, 1);
    assert_false(p[0].error);
    assert_int_equal(p[0].level, 3);
    assert_string_equal(p[0].msg, "level 4: the 100 chips are colored up here, but level 5 "
                                  "still uses them (small blind 100)");
    /* Without the 25s, 100/200 to 400/800 cannot be made: an error at each
     * of those levels. */
    s->levels[7].ante = 0;
    n = structure_chip_problems(s, p, 8);
    assert_int_equal(n, 4);
    assert_true(p[0].error && p[3].error);
    assert_int_equal(p[3].level, 7);
    assert_string_equal(p[0].msg, "level 5: the small blind 100 needs a chip of 100, colored "
                                  "up at the break before (level 4)");

    /* Chips of 10 and 25, the 25s never colored up: 25/50 is paid with a
     * 25, no problem (it once read levels[-1] for where the 25s go). */
    s = chip_structure();
    s->n_chips = 0;
    add_chip(s, 10, "blue");
    add_chip(s, 25, "green");
    for (int i = 0; i < s->n_levels; i++)
        s->levels[i].color_up = 0;
    s->levels[0] = play(25, 50, 0, 20);
    s->levels[1] = play(50, 100, 0, 20);
    for (int i = 2; i < s->n_levels; i++)
        if (s->levels[i].kind == LEVEL_PLAY)
            s->levels[i] = play(100, 200, 0, 20);
    n = structure_chip_problems(s, p, 8);
    for (int i = 0; i < n && i < 8; i++)
        print_error("%s\n", p[i].msg);
    assert_int_equal(n, 0);

    /* No chip set: nothing to check. */
    s = chip_structure();
    s->n_chips = 0;
    s->levels[5].ante = 30;
    assert_int_equal(structure_chip_problems(s, p, 8), 0);
    /* More problems than room: all counted, the room filled. */
    s = chip_structure();
    for (int i = 0; i < 5; i++)
        s->levels[i == 3 ? 12 : i].ante = 7;
    assert_int_equal(structure_chip_problems(s, p, 2), 5);
    assert_int_equal(p[0].level, 0);
    assert_int_equal(p[1].level, 1);
}

/* ---- hand-for-hand (docs/rules.md §3) ---- */

static void hand_for_hand_stops_and_resumes_the_clock(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 3}, T0 + 5 * MIN);
    assert_false(m->t.clock.running);
    /* Ten minutes of hand-for-hand later the level has not moved on. */
    assert_int_equal(view(T0 + 15 * MIN).remaining_ms, 15 * MIN);
    assert_int_equal(m->t.hfh.hand, 1);
    ok((command_t){.type = CMD_HFH_STOP}, T0 + 15 * MIN);
    assert_true(m->t.clock.running);
    assert_int_equal(view(T0 + 16 * MIN).remaining_ms, 14 * MIN);
    refused((command_t){.type = CMD_HFH_NEXT}, T0 + 16 * MIN, APPLY_CONFLICT, "not on");

    /* A clock that was paused stays paused. */
    ok((command_t){.type = CMD_PAUSE}, T0 + 17 * MIN);
    ok((command_t){.type = CMD_HFH_START, .tables = 2}, T0 + 18 * MIN);
    ok((command_t){.type = CMD_HFH_STOP}, T0 + 19 * MIN);
    assert_false(m->t.clock.running);
}

static void hand_for_hand_ends_when_the_bubble_bursts(void **state)
{
    (void)state;
    /* 10 entries: 3 places paid; 4 left, hand-for-hand on the bubble. */
    start_with(chip_structure(), 10);
    ok((command_t){.type = CMD_BUST, .count = 6}, T0 + MIN);
    ok((command_t){.type = CMD_BUBBLE_START}, T0 + MIN);
    ok((command_t){.type = CMD_HFH_START, .tables = 1}, T0 + 2 * MIN);
    assert_false(m->t.clock.running);
    ok((command_t){.type = CMD_BUST}, T0 + 5 * MIN); /* the bubble bursts */
    assert_true(view(T0 + 5 * MIN).in_the_money);
    assert_false(m->t.hfh.active);
    /* The level clock goes on from where hand-for-hand stopped it. */
    assert_true(m->t.clock.running);
    assert_int_equal(view(T0 + 6 * MIN).remaining_ms, 17 * MIN);

    /* The house may keep it on in the money (stopped by hand). */
    structure_t *s = chip_structure();
    s->house.hfh_stays = true;
    start_with(s, 10);
    ok((command_t){.type = CMD_BUST, .count = 6}, T0 + MIN);
    ok((command_t){.type = CMD_HFH_START, .tables = 1}, T0 + 2 * MIN);
    ok((command_t){.type = CMD_BUST}, T0 + 5 * MIN);
    assert_true(view(T0 + 5 * MIN).in_the_money);
    assert_true(m->t.hfh.active);
    assert_false(m->t.clock.running);
}

static void hand_for_hand_deals_when_every_table_is_done(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 3}, T0 + MIN);
    refused((command_t){.type = CMD_HFH_START, .tables = 3}, T0 + MIN, APPLY_CONFLICT,
            "already on");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + MIN + 1);
    refused((command_t){.type = CMD_HFH_NEXT}, T0 + MIN + 2, APPLY_CONFLICT,
            "hand 1 is still being played at tables 2, 3");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 3}, T0 + MIN + 3);
    assert_false(view(T0 + MIN + 4).hfh_all_done);
    refused((command_t){.type = CMD_TABLE_DONE, .table = 3}, T0 + MIN + 4, APPLY_CONFLICT,
            "already done with hand 1");
    refused((command_t){.type = CMD_TABLE_DONE, .table = 4}, T0 + MIN + 4, APPLY_INVALID,
            "table 4 is not in play (in play: 1-3)");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 2}, T0 + MIN + 5);
    assert_true(view(T0 + MIN + 6).hfh_all_done);
    assert_int_equal(m->t.hfh.hand, 1); /* the director gives the signal */
    ok((command_t){.type = CMD_HFH_NEXT}, T0 + MIN + 7);
    assert_int_equal(m->t.hfh.hand, 2);
    assert_false(view(T0 + MIN + 8).hfh_all_done);
    assert_true(tableset_empty(&m->t.hfh.done));
}

static void hand_for_hand_next_hand_by_itself(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->house.hfh_auto_next = true;
    start_with(s, 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 2}, T0 + MIN);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 2}, T0 + MIN + 1);
    assert_int_equal(m->t.hfh.hand, 1);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + MIN + 2);
    assert_int_equal(m->t.hfh.hand, 2);
    assert_true(tableset_empty(&m->t.hfh.done));
}

static void hand_for_hand_deducts_time_per_hand(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->house.hfh_deduct_ms = 2 * MIN;
    start_with(s, 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 1}, T0 + 17 * MIN);
    assert_int_equal(view(T0 + 30 * MIN).remaining_ms, 3 * MIN);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + 30 * MIN);
    ok((command_t){.type = CMD_HFH_NEXT}, T0 + 31 * MIN);
    tourney_view_t v = view(T0 + 40 * MIN);
    assert_int_equal(v.level, 0);
    assert_int_equal(v.remaining_ms, 1 * MIN);
    /* The next hand runs the level out: the next level starts with the rest
     * of the deduction gone. */
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + 41 * MIN);
    ok((command_t){.type = CMD_HFH_NEXT}, T0 + 42 * MIN);
    v = view(T0 + 50 * MIN);
    assert_int_equal(v.level, 1);
    assert_int_equal(v.remaining_ms, 19 * MIN);
    assert_false(m->t.clock.running);
}

static void hand_for_hand_all_in_tables_wait(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 3}, T0 + MIN);
    ok((command_t){.type = CMD_TABLE_WAITING, .table = 2}, T0 + MIN + 1);
    refused((command_t){.type = CMD_TABLE_WAITING, .table = 2}, T0 + MIN + 2, APPLY_CONFLICT,
            "already waiting");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + MIN + 3);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 3}, T0 + MIN + 4);
    /* Everyone else is done: the all-in table is played out; not yet all done. */
    assert_false(view(T0 + MIN + 5).hfh_all_done);
    json_t *st = codec_state(&m->t, 1, T0 + MIN + 5, NULL, NULL);
    json_t *h = json_object_get(st, "hand_for_hand");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(h, "waiting"), 0)), 2);
    assert_int_equal(json_array_size(json_object_get(h, "waiting")), 1);
    assert_int_equal(json_array_size(json_object_get(h, "playing")), 0);
    assert_int_equal(json_array_size(json_object_get(h, "done")), 2);
    json_decref(st);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 2}, T0 + MIN + 6);
    assert_true(view(T0 + MIN + 7).hfh_all_done);
    assert_true(tableset_empty(&m->t.hfh.waiting));
    refused((command_t){.type = CMD_TABLE_WAITING, .table = 2}, T0 + MIN + 8, APPLY_CONFLICT,
            "already done");
}

static void hand_for_hand_with_fewer_tables(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->house.tables = 4; /* the configuration's number, when start gives none */
    s->house.hfh_auto_next = true;
    start_with(s, 0);
    ok((command_t){.type = CMD_HFH_START}, T0 + MIN);
    assert_int_equal(m->t.hfh.tables, 4);
    for (int t = 1; t <= 3; t++)
        ok((command_t){.type = CMD_TABLE_DONE, .table = t}, T0 + MIN + t);
    assert_int_equal(m->t.hfh.hand, 1);
    /* Table 4 breaks: the other three are done, so the next hand is dealt. */
    ok((command_t){.type = CMD_HFH_TABLES, .tables = 3}, T0 + 2 * MIN);
    assert_int_equal(m->t.hfh.hand, 2);
    refused((command_t){.type = CMD_TABLE_DONE, .table = 4}, T0 + 2 * MIN, APPLY_INVALID,
            "table 4 is not in play (in play: 1-3)");
    refused((command_t){.type = CMD_HFH_TABLES, .tables = 3}, T0 + 2 * MIN, APPLY_CONFLICT,
            "the tables in play are already 1-3");
    refused((command_t){.type = CMD_HFH_TABLES, .tables = 257}, T0 + 2 * MIN, APPLY_INVALID,
            "1 to 256");
    ok((command_t){.type = CMD_HFH_TABLES, .tables = 5}, T0 + 2 * MIN);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 5}, T0 + 2 * MIN + 1);
    assert_true(tableset_equal(&m->t.hfh.done, &(tableset_t){{1u << 4}}));

    /* Without a number of tables anywhere, start asks for one. */
    start_with(chip_structure(), 0);
    refused((command_t){.type = CMD_HFH_START}, T0 + MIN, APPLY_INVALID, "how many tables");
}

static void hand_for_hand_tables_by_number(void **state)
{
    (void)state;
    /* Tables break in the posted order, not by number: 3 went first. */
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_HFH_START, .table_set = tableset_of(4, (int[]){1, 2, 4, 5})},
       T0 + MIN);
    assert_int_equal(m->t.hfh.tables, 4);
    refused((command_t){.type = CMD_TABLE_DONE, .table = 3}, T0 + MIN, APPLY_INVALID,
            "table 3 is not in play (in play: 1, 2, 4, 5)");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 1}, T0 + MIN + 1);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 5}, T0 + MIN + 2);
    refused((command_t){.type = CMD_HFH_NEXT}, T0 + MIN + 3, APPLY_CONFLICT,
            "hand 1 is still being played at tables 2, 4");
    /* Table 2 breaks: table 4 is the one left to finish. */
    ok((command_t){.type = CMD_HFH_TABLES, .table_set = tableset_of(3, (int[]){1, 4, 5})},
       T0 + MIN + 4);
    assert_int_equal(m->t.hfh.tables, 3);
    refused((command_t){.type = CMD_HFH_NEXT}, T0 + MIN + 5, APPLY_CONFLICT,
            "hand 1 is still being played at table 4");
    ok((command_t){.type = CMD_TABLE_DONE, .table = 4}, T0 + MIN + 6);
    assert_true(view(T0 + MIN + 7).hfh_all_done);
    json_t *st = codec_state(&m->t, 1, T0 + MIN + 7, NULL, NULL);
    json_t *h = json_object_get(st, "hand_for_hand");
    assert_int_equal(json_integer_value(json_object_get(h, "tables")), 3);
    json_t *done = json_object_get(h, "done");
    assert_int_equal(json_array_size(done), 3);
    assert_int_equal(json_integer_value(json_array_get(done, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(done, 1)), 4);
    assert_int_equal(json_integer_value(json_array_get(done, 2)), 5);
    assert_int_equal(json_array_size(json_object_get(h, "playing")), 0);
    json_decref(st);
}

/* ---- eliminations, the bubble, the money (docs/rules.md §3, §4) ---- */

static command_t busts(int n, const int *tables, const int64_t *chips)
{
    command_t c = {.type = CMD_BUST, .n_busts = n, .count = n};
    for (int i = 0; i < n; i++) {
        c.busts[i].table = tables[i];
        c.busts[i].chips = chips[i];
    }
    return c;
}

static const result_t *result_at(int from_last)
{
    return &m->t.results[m->t.n_results - 1 - from_last];
}

static void tie_on_the_bubble_shares_the_last_paid_place(void **state)
{
    (void)state;
    /* 10 entries at 100: 3 places pay 500, 300, 200. Four are left. */
    start_with(chip_structure(), 10);
    ok((command_t){.type = CMD_BUST, .count = 6}, T0 + MIN);
    assert_int_equal(view(T0 + MIN).payouts[2], 200);
    ok((command_t){.type = CMD_BUBBLE_START}, T0 + MIN);
    assert_true(m->t.bubble);
    assert_false(view(T0 + MIN).in_the_money);
    /* Two players out in the same hand at different tables: they tie for
     * 3rd-4th and share the 3rd prize equally. */
    ok(busts(2, (int[]){1, 2}, (int64_t[]){3000, 5000}), T0 + 2 * MIN);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(result_at(i)->place_best, 3);
        assert_int_equal(result_at(i)->place_worst, 4);
        assert_int_equal(result_at(i)->prize_each, 100);
    }
    tourney_view_t v = view(T0 + 2 * MIN);
    assert_int_equal(v.players_left, 2);
    assert_true(v.in_the_money);
    assert_false(m->t.bubble); /* burst */
    refused((command_t){.type = CMD_BUBBLE_START}, T0 + 3 * MIN, APPLY_CONFLICT, "in the money");
}

static void same_table_fewer_chips_finishes_lower(void **state)
{
    (void)state;
    start_with(chip_structure(), 10);
    ok((command_t){.type = CMD_BUST, .count = 6}, T0 + MIN);
    ok(busts(2, (int[]){3, 3}, (int64_t[]){5000, 3000}), T0 + 2 * MIN);
    /* The one with 3000 at the start of the hand is 4th (no prize); the one
     * with 5000 is 3rd (200). */
    for (int i = 0; i < 2; i++) {
        const result_t *r = result_at(i);
        bool fewer = r->chips == 3000;
        assert_int_equal(r->place_best, fewer ? 4 : 3);
        assert_int_equal(r->place_worst, fewer ? 4 : 3);
        assert_int_equal(r->prize_each, fewer ? 0 : 200);
        assert_int_equal(r->table, 3);
    }
}

static void mixed_tables_tie_by_rank_at_their_table(void **state)
{
    (void)state;
    /* 8 entries at 100: 6 places pay 320, 200, 120, 80, 48, 32. */
    start_with(chip_structure(), 8);
    ok((command_t){.type = CMD_BUST, .count = 2}, T0 + MIN);
    assert_int_equal(view(T0 + MIN).payouts[5], 32);
    /* Table 1 loses A (1000) and B (3000), table 2 loses C (2000): A and C
     * are the first out at their tables and tie for 5th-6th; B is 4th. */
    ok(busts(3, (int[]){1, 1, 2}, (int64_t[]){1000, 3000, 2000}), T0 + 2 * MIN);
    for (int i = 0; i < 3; i++) {
        const result_t *r = result_at(i);
        if (r->chips == 3000) {
            assert_int_equal(r->place_best, 4);
            assert_int_equal(r->place_worst, 4);
            assert_int_equal(r->prize_each, 80);
        } else {
            assert_int_equal(r->place_best, 5);
            assert_int_equal(r->place_worst, 6);
            assert_int_equal(r->prize_each, (48 + 32) / 2);
        }
    }
    assert_int_equal(view(T0 + 2 * MIN).players_left, 3);
    /* Equal stacks at one table: a tie too. */
    ok(busts(2, (int[]){2, 2}, (int64_t[]){700, 700}), T0 + 3 * MIN);
    for (int i = 1; i < 3; i++) {
        assert_int_equal(result_at(i)->place_best, 2);
        assert_int_equal(result_at(i)->place_worst, 3);
        assert_int_equal(result_at(i)->prize_each, (200 + 120) / 2);
    }
    /* The one left is the winner. */
    assert_int_equal(result_at(0)->place_best, 1);
    assert_int_equal(result_at(0)->prize_each, 320);
}

static void busts_one_by_one_and_the_winner(void **state)
{
    (void)state;
    start_with(chip_structure(), 10);
    ok((command_t){.type = CMD_BUST, .count = 2}, T0 + MIN);
    assert_int_equal(result_at(1)->place_best, 10);
    assert_int_equal(result_at(0)->place_best, 9);
    assert_int_equal(result_at(0)->table, 0);
    refused((command_t){.type = CMD_BUST, .count = 8}, T0 + MIN, APPLY_CONFLICT,
            "the last one is the winner");
    refused(busts(1, (int[]){0}, (int64_t[]){100}), T0 + MIN, APPLY_INVALID, "needs a table");
    refused(busts(1, (int[]){1}, (int64_t[]){0}), T0 + MIN, APPLY_INVALID, "chips");
    ok((command_t){.type = CMD_BUST, .count = 7}, T0 + MIN);
    assert_int_equal(result_at(1)->place_best, 2);
    assert_int_equal(result_at(1)->prize_each, 300);
    /* The last bust makes the one left the winner: place 1, first prize. */
    assert_int_equal(result_at(0)->place_best, 1);
    assert_int_equal(result_at(0)->place_worst, 1);
    assert_int_equal(result_at(0)->prize_each, 500);
    refused((command_t){.type = CMD_BUST}, T0 + MIN, APPLY_CONFLICT, "the winner");
    assert_false(m->t.clock.running); /* the winner is known */
}

static void bubble_needs_places_paid_and_players_out_of_the_money(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->n_payouts = 0;
    start_with(s, 10);
    refused((command_t){.type = CMD_BUBBLE_START}, T0 + 1, APPLY_CONFLICT, "no places are paid");
    start_with(chip_structure(), 10);
    refused((command_t){.type = CMD_BUBBLE_STOP}, T0 + 1, APPLY_CONFLICT, "not on");
    ok((command_t){.type = CMD_BUBBLE_START}, T0 + 1);
    refused((command_t){.type = CMD_BUBBLE_START}, T0 + 2, APPLY_CONFLICT, "already on");
    ok((command_t){.type = CMD_BUBBLE_STOP}, T0 + 3);
    assert_false(m->t.bubble);
    /* Going out one at a time: the 7th elimination of 10 reaches the money. */
    ok((command_t){.type = CMD_BUST, .count = 6}, T0 + 4);
    assert_false(view(T0 + 4).in_the_money);
    ok((command_t){.type = CMD_BUST}, T0 + 5);
    assert_true(view(T0 + 5).in_the_money);
}

/* ---- the end of the day (docs/rules.md §5) ---- */

static structure_t *day_structure(void)
{
    structure_t *s = chip_structure();
    s->levels[1].day_end = true;
    return s;
}

static void day_end_window_is_fifteen_to_five_minutes(void **state)
{
    (void)state;
    start_with(day_structure(), 0);
    tourney_view_t v = view(T0 + 10 * MIN);
    assert_false(v.day_end_level);
    assert_false(v.day_end_window);
    /* Level 2 (20 minutes) ends the day; it starts at T0 + 20 min. */
    v = view(T0 + 24 * MIN);
    assert_true(v.day_end_level);
    assert_false(v.day_end_window);                  /* 16 minutes left */
    assert_true(view(T0 + 25 * MIN).day_end_window); /* 15 left */
    assert_true(view(T0 + 35 * MIN).day_end_window); /* 5 left */
    assert_false(view(T0 + 35 * MIN + 1).day_end_window);
}

static void day_end_draw_counts_hands_for_the_field(void **state)
{
    (void)state;
    start_with(day_structure(), 0);
    refused((command_t){.type = CMD_DAY_END_HAND_DONE}, T0 + 28 * MIN, APPLY_CONFLICT,
            "not been drawn");
    refused((command_t){.type = CMD_DAY_END_DRAW, .drawn = 8}, T0 + 28 * MIN, APPLY_INVALID,
            "3 to 7");
    refused((command_t){.type = CMD_DAY_END_DRAW, .drawn = 2}, T0 + 28 * MIN, APPLY_INVALID,
            "3 to 7");
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 4}, T0 + 28 * MIN);
    /* The director stops the clock for the draw. */
    assert_false(m->t.clock.running);
    assert_int_equal(view(T0 + 40 * MIN).remaining_ms, 12 * MIN);
    refused((command_t){.type = CMD_DAY_END_DRAW, .drawn = 5}, T0 + 29 * MIN, APPLY_CONFLICT,
            "already drawn: 4");
    refused((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 2}, T0 + 29 * MIN, APPLY_INVALID,
            "whole field");
    for (int left = 3; left >= 0; left--) {
        ok((command_t){.type = CMD_DAY_END_HAND_DONE}, T0 + 30 * MIN + left);
        tourney_view_t v = view(T0 + 31 * MIN);
        assert_int_equal(v.day_end_hands_left, left);
        assert_int_equal(v.day_over, left == 0);
    }
    refused((command_t){.type = CMD_DAY_END_HAND_DONE}, T0 + 32 * MIN, APPLY_CONFLICT,
            "all hands for today");
    ok((command_t){.type = CMD_DAY_END_CLEAR}, T0 + 33 * MIN);
    assert_false(view(T0 + 33 * MIN).day_over);
    refused((command_t){.type = CMD_DAY_END_CLEAR}, T0 + 33 * MIN, APPLY_CONFLICT, "no end-of-day");
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 7}, T0 + 34 * MIN);
    assert_int_equal(view(T0 + 34 * MIN).day_end_hands_left, 7);
}

/* A big field: 250 tables in hand-for-hand and the end-of-day draw, by
 * number, with the ones above 64 counted, reported and named like the rest. */
static void hand_for_hand_and_day_end_on_250_tables(void **state)
{
    (void)state;
    structure_t *s = day_structure();
    s->house.day_end_per_table = true;
    start_with(s, 0);
    ok((command_t){.type = CMD_HFH_START, .tables = 250}, T0 + MIN);
    assert_int_equal(m->t.hfh.tables, 250);
    for (int t = 1; t <= 250; t++)
        if (t != 70 && t != 250)
            ok((command_t){.type = CMD_TABLE_DONE, .table = t}, T0 + MIN + t);
    ok((command_t){.type = CMD_TABLE_WAITING, .table = 70}, T0 + 2 * MIN);
    assert_false(view(T0 + 2 * MIN).hfh_all_done);
    refused((command_t){.type = CMD_HFH_NEXT}, T0 + 2 * MIN, APPLY_CONFLICT,
            "hand 1 is still being played at tables 70, 250");
    refused((command_t){.type = CMD_TABLE_DONE, .table = 251}, T0 + 2 * MIN, APPLY_INVALID,
            "table 251 is not in play (in play: 1-250)");
    refused((command_t){.type = CMD_TABLE_DONE, .table = 200}, T0 + 2 * MIN, APPLY_CONFLICT,
            "table 200 is already done");
    json_t *st = codec_state(&m->t, 1, T0 + 2 * MIN, NULL, NULL);
    json_t *h = json_object_get(st, "hand_for_hand");
    assert_int_equal(json_array_size(json_object_get(h, "done")), 248);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(h, "waiting"), 0)), 70);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(h, "playing"), 0)), 250);
    json_decref(st);
    /* Table 250 breaks: the hand is complete without it. */
    procedures_table_closed(&m->t, 250, T0 + 3 * MIN);
    assert_int_equal(m->t.hfh.tables, 249);
    ok((command_t){.type = CMD_TABLE_DONE, .table = 70}, T0 + 3 * MIN);
    assert_true(view(T0 + 3 * MIN).hfh_all_done);
    ok((command_t){.type = CMD_HFH_NEXT}, T0 + 3 * MIN + 1);
    assert_int_equal(m->t.hfh.hand, 2);
    assert_true(tableset_empty(&m->t.hfh.done));
    /* By number: tables 100 to 255. */
    int nums[156];
    for (int i = 0; i < 156; i++)
        nums[i] = 100 + i;
    ok((command_t){.type = CMD_HFH_TABLES, .table_set = tableset_of(156, nums)}, T0 + 4 * MIN);
    assert_int_equal(m->t.hfh.tables, 156);
    ok((command_t){.type = CMD_HFH_STOP}, T0 + 4 * MIN);

    /* The end of the day on the same tables: each one reports its hands. */
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 3, .table_set = tableset_of(156, nums)},
       T0 + 5 * MIN);
    assert_int_equal(m->t.day_end.tables, 156);
    for (int i = 0; i < 3; i++)
        ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 255}, T0 + 5 * MIN + i);
    refused((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 255}, T0 + 6 * MIN, APPLY_CONFLICT,
            "table 255 has played all its hands");
    refused((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 99}, T0 + 6 * MIN, APPLY_INVALID,
            "table 99 is not in play (in play: 100-255)");
    assert_int_equal(view(T0 + 6 * MIN).day_end_hands_left, 3);
    for (int i = 0; i < 155; i++)
        for (int k = 0; k < 3; k++)
            ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = nums[i]}, T0 + 7 * MIN);
    assert_true(view(T0 + 7 * MIN).day_over);
}

static void day_end_hands_per_table(void **state)
{
    (void)state;
    structure_t *s = day_structure();
    s->house.day_end_per_table = true;
    s->house.tables = 2;
    start_with(s, 0);
    refused((command_t){.type = CMD_DAY_END_DRAW, .drawn = 3, .tables = 257}, T0 + 28 * MIN,
            APPLY_INVALID, "tables: 1 to 256");
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 3}, T0 + 28 * MIN);
    assert_int_equal(m->t.day_end.tables, 2);
    refused((command_t){.type = CMD_DAY_END_HAND_DONE}, T0 + 29 * MIN, APPLY_INVALID,
            "which table? (in play: 1, 2)");
    for (int i = 0; i < 3; i++)
        ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 1}, T0 + 29 * MIN + i);
    refused((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 1}, T0 + 30 * MIN, APPLY_CONFLICT,
            "table 1 has played all its hands");
    tourney_view_t v = view(T0 + 30 * MIN);
    assert_int_equal(v.day_end_hands_left, 3); /* table 2 has not started */
    assert_false(v.day_over);
    json_t *st = codec_state(&m->t, 1, T0 + 30 * MIN, NULL, NULL);
    json_t *left = json_object_get(json_object_get(st, "day_end"), "tables_left");
    assert_int_equal(json_array_size(left), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(left, 0), "hands_left")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(left, 1), "hands_left")), 3);
    json_decref(st);
    for (int i = 0; i < 3; i++)
        ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 2}, T0 + 31 * MIN + i);
    assert_true(view(T0 + 32 * MIN).day_over);
    /* A draw for the tables given by number. */
    ok((command_t){.type = CMD_DAY_END_CLEAR}, T0 + 32 * MIN);
    ok((command_t){.type = CMD_DAY_END_DRAW,
                   .drawn = 3,
                   .table_set = tableset_of(2, (int[]){7, 9})},
       T0 + 32 * MIN);
    refused((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 8}, T0 + 32 * MIN, APPLY_INVALID,
            "table 8 is not in play (in play: 7, 9)");
    for (int i = 0; i < 3; i++)
        ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 7}, T0 + 32 * MIN + i);
    v = view(T0 + 33 * MIN);
    assert_int_equal(v.day_end_hands_left, 3);
    assert_false(v.day_over);
    /* A draw for a number of tables given with it. */
    ok((command_t){.type = CMD_DAY_END_CLEAR}, T0 + 33 * MIN);
    ok((command_t){.type = CMD_DAY_END_DRAW, .drawn = 5, .tables = 6}, T0 + 34 * MIN);
    assert_int_equal(m->t.day_end.tables, 6);
    ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = 6}, T0 + 35 * MIN);
    assert_int_equal(m->t.day_end.left[5], 4);
}

/* ---- calling the clock (docs/rules.md §6) ---- */

static void clock_call_fifty_plus_ten(void **state)
{
    (void)state;
    start_with(chip_structure(), 0); /* 20-minute levels */
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, T0 + MIN);
    tourney_view_t v = view(T0 + MIN + 49 * SEC);
    assert_int_equal(v.call_remaining_ms, 11 * SEC);
    assert_false(v.call_counting);
    v = view(T0 + MIN + 50 * SEC);
    assert_int_equal(v.call_remaining_ms, 10 * SEC);
    assert_true(v.call_counting);
    assert_false(v.call_expired);
    v = view(T0 + MIN + 60 * SEC);
    assert_true(v.call_expired);
    assert_false(v.call_counting);
    assert_int_equal(v.call_remaining_ms, 0);
    /* It runs in real time, paused level clock or not. */
    ok((command_t){.type = CMD_CLOCK_CALL_CANCEL}, T0 + 2 * MIN);
    ok((command_t){.type = CMD_PAUSE}, T0 + 2 * MIN);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 1, .seat = 1}, T0 + 3 * MIN);
    assert_int_equal(view(T0 + 3 * MIN + 30 * SEC).call_remaining_ms, 30 * SEC);
}

static void clock_call_short_levels(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->levels[0].duration_ms = 15 * MIN; /* fifteen minutes or less: 25 + 5 */
    s->levels[1].duration_ms = 16 * MIN;
    start_with(s, 0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 2, .seat = 3}, T0 + MIN);
    tourney_view_t v = view(T0 + MIN + 25 * SEC);
    assert_int_equal(v.call_remaining_ms, 5 * SEC);
    assert_true(v.call_counting);
    assert_true(view(T0 + MIN + 30 * SEC).call_expired);
    go_to(1, T0 + 2 * MIN);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 2, .seat = 3}, T0 + 2 * MIN);
    assert_int_equal(view(T0 + 2 * MIN).call_remaining_ms, 60 * SEC);
}

static void clock_call_durations_configurable(void **state)
{
    (void)state;
    structure_t *s = chip_structure();
    s->house.call_ms = 30 * SEC;
    s->house.call_countdown_ms = 15 * SEC;
    s->house.short_level_ms = 20 * MIN; /* the 20-minute levels count as short */
    s->house.short_call_ms = 20 * SEC;
    s->house.short_call_countdown_ms = 10 * SEC;
    start_with(s, 0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 2, .seat = 3}, T0);
    assert_int_equal(m->t.call.total_ms, 30 * SEC);
    assert_int_equal(m->t.call.countdown_ms, 10 * SEC);
    s->house.short_level_ms = 10 * MIN;
    start_with(s, 0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 2, .seat = 3}, T0);
    assert_int_equal(m->t.call.total_ms, 45 * SEC);
    assert_true(view(T0 + 30 * SEC).call_counting);
}

static void clock_call_one_at_a_time_and_cancel(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    refused((command_t){.type = CMD_CLOCK_CALL_CANCEL}, T0, APPLY_CONFLICT, "not called");
    refused((command_t){.type = CMD_CLOCK_CALL, .table = 0, .seat = 1}, T0, APPLY_INVALID,
            "table (1-999)");
    refused((command_t){.type = CMD_CLOCK_CALL, .table = 1, .seat = 13}, T0, APPLY_INVALID,
            "seat (1-12)");
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, T0);
    refused((command_t){.type = CMD_CLOCK_CALL, .table = 5, .seat = 1}, T0 + SEC, APPLY_CONFLICT,
            "already called on table 4, seat 7");
    /* Once it has run out, the next call can start. */
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 5, .seat = 1}, T0 + 61 * SEC);
    assert_int_equal(m->t.call.table, 5);
    ok((command_t){.type = CMD_CLOCK_CALL_CANCEL}, T0 + 62 * SEC);
    assert_false(m->t.call.active);
    json_t *st = codec_state(&m->t, 1, T0 + 62 * SEC, NULL, NULL);
    assert_true(json_is_null(json_object_get(st, "clock_call")));
    json_decref(st);
}

static void clock_call_at_time_goes_by_itself(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, T0);
    /* TIME at 60 s; on the wall 10 s more, then gone without a tap. */
    assert_true(view(T0 + 60 * SEC).call_on);
    assert_true(view(T0 + 69 * SEC + 999).call_on);
    assert_false(view(T0 + 70 * SEC).call_on);
    json_t *st = codec_state(&m->t, 1, T0 + 70 * SEC, NULL, NULL);
    assert_true(json_is_null(json_object_get(st, "clock_call")));
    json_decref(st);
    refused((command_t){.type = CMD_CLOCK_CALL_CANCEL}, T0 + 70 * SEC, APPLY_CONFLICT,
            "not called");

    /* The house may keep it until cancelled. */
    structure_t *s = chip_structure();
    s->house.call_stays = true;
    start_with(s, 0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, T0);
    assert_true(view(T0 + 10 * MIN).call_on);
    st = codec_state(&m->t, 1, T0 + 10 * MIN, NULL, NULL);
    assert_true(json_is_true(json_object_get(json_object_get(st, "clock_call"), "expired")));
    json_decref(st);
    ok((command_t){.type = CMD_CLOCK_CALL_CANCEL}, T0 + 10 * MIN);
}

/* ---- the last actions and undo ---- */

static const char *state_text(int64_t now, const char *key, int index)
{
    static char buf[TOURNEY_DONE_TEXT + 8];
    json_t *st = codec_state(&m->t, 1, now, NULL, NULL);
    json_t *v = json_object_get(st, key);
    if (index >= 0)
        v = json_array_get(v, (size_t)index);
    snprintf(buf, sizeof buf, "%s", json_is_string(v) ? json_string_value(v) : "(none)");
    json_decref(st);
    return buf;
}

static void undo_names_what_it_takes_back(void **state)
{
    (void)state;
    start_with(chip_structure(), 40);
    assert_string_equal(state_text(T0, "undo", -1), "start of the clock");
    ok((command_t){.type = CMD_BUST, .count = 3}, T0 + MIN);
    assert_string_equal(state_text(T0 + MIN, "undo", -1), "bust of 3 players, places 38\u2013"
                                                          "40");
    ok((command_t){.type = CMD_ADJUST, .delta_ms = -10 * SEC}, T0 + MIN);
    refused((command_t){.type = CMD_PREV_LEVEL}, T0 + MIN, APPLY_CONFLICT, "first level");
    /* The latest first. */
    assert_string_equal(state_text(T0 + MIN, "last_actions", 0), "-0:10 on the clock");
    assert_string_equal(state_text(T0 + MIN, "last_actions", 1),
                        "bust of 3 players, places 38\u2013"
                        "40");
    assert_string_equal(state_text(T0 + MIN, "last_actions", 3), "registration of 40 players");
    ok((command_t){.type = CMD_UNDO}, T0 + MIN);
    ok((command_t){.type = CMD_UNDO}, T0 + MIN);
    assert_int_equal(view(T0 + MIN).players_left, 40);
    assert_string_equal(state_text(T0 + MIN, "undo", -1), "start of the clock");
    ok((command_t){.type = CMD_UNDO}, T0 + MIN);
    ok((command_t){.type = CMD_UNDO}, T0 + MIN);
    assert_string_equal(state_text(T0 + MIN, "undo", -1), "(none)");
    /* More actions than the list keeps: the oldest fall out. */
    for (int i = 1; i <= TOURNEY_DONE_MAX + 3; i++)
        ok((command_t){.type = CMD_REGISTER, .count = i}, T0 + i);
    assert_string_equal(state_text(T0 + 20, "last_actions", 0), "registration of 11 players");
    assert_string_equal(state_text(T0 + 20, "last_actions", TOURNEY_DONE_MAX - 1),
                        "registration of 4 players");
    assert_string_equal(state_text(T0 + 20, "last_actions", TOURNEY_DONE_MAX), "(none)");
}

/* ---- penalties (docs/rules.md §9) ---- */

static json_t *penalties_at(int64_t now)
{
    static json_t *st;
    json_decref(st);
    st = codec_state(&m->t, 1, now, NULL, NULL);
    return json_object_get(st, "penalties");
}

static void penalty_by_minutes_runs_out(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_PENALTY, .table = 3, .seat = 5, .minutes = 10}, T0);
    json_t *p = penalties_at(T0 + 10 * MIN - 1);
    assert_int_equal(json_array_size(p), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(p, 0), "table")), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(p, 0), "seat")), 5);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(p, 0), "remaining_ms")), 1);
    assert_int_equal(json_array_size(penalties_at(T0 + 10 * MIN)), 0);
    /* Served penalties do not take room from new ones. */
    for (int i = 0; i < TOURNEY_MAX_PENALTIES; i++)
        ok((command_t){.type = CMD_PENALTY, .table = 1 + i / 12, .seat = 1 + i % 12, .minutes = 10},
           T0 + 11 * MIN);
    assert_int_equal(json_array_size(penalties_at(T0 + 11 * MIN)), TOURNEY_MAX_PENALTIES);
    refused((command_t){.type = CMD_PENALTY, .table = 9, .seat = 1, .minutes = 10}, T0 + 12 * MIN,
            APPLY_CONFLICT, "at most 16 penalties");
    ok((command_t){.type = CMD_PENALTY, .table = 9, .seat = 1, .minutes = 10}, T0 + 21 * MIN);
    assert_int_equal(json_array_size(penalties_at(T0 + 21 * MIN)), 1);
    (void)penalties_at(0);
}

static void penalty_by_rounds_until_cleared(void **state)
{
    (void)state;
    start_with(chip_structure(), 0);
    ok((command_t){.type = CMD_PENALTY, .table = 2, .seat = 9, .rounds = 2}, T0);
    json_t *p = penalties_at(T0 + 600 * MIN);
    assert_int_equal(json_array_size(p), 1);
    assert_true(json_is_null(json_object_get(json_array_get(p, 0), "remaining_ms")));
    assert_int_equal(json_integer_value(json_object_get(json_array_get(p, 0), "rounds")), 2);
    /* A new penalty on the same seat replaces the one running. */
    ok((command_t){.type = CMD_PENALTY, .table = 2, .seat = 9, .minutes = 20}, T0 + MIN);
    p = penalties_at(T0 + MIN);
    assert_int_equal(json_array_size(p), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(p, 0), "remaining_ms")),
                     20 * MIN);
    ok((command_t){.type = CMD_PENALTY_CLEAR, .table = 2, .seat = 9}, T0 + 2 * MIN);
    assert_int_equal(json_array_size(penalties_at(T0 + 2 * MIN)), 0);
    refused((command_t){.type = CMD_PENALTY_CLEAR, .table = 2, .seat = 9}, T0 + 3 * MIN,
            APPLY_CONFLICT, "no penalty on table 2, seat 9");
    refused((command_t){.type = CMD_PENALTY, .table = 2, .seat = 9}, T0, APPLY_INVALID,
            "either minutes or rounds");
    refused((command_t){.type = CMD_PENALTY, .table = 2, .seat = 9, .minutes = 10, .rounds = 1}, T0,
            APPLY_INVALID, "either minutes or rounds");
    refused((command_t){.type = CMD_PENALTY, .table = 2, .seat = 9, .rounds = 11}, T0,
            APPLY_INVALID, "10 rounds");
    (void)penalties_at(0);
}

/* ---- undo covers the procedures ---- */

static void undo_takes_back_a_procedure(void **state)
{
    (void)state;
    start_with(chip_structure(), 10);
    ok((command_t){.type = CMD_HFH_START, .tables = 2}, T0 + MIN);
    ok(busts(2, (int[]){1, 2}, (int64_t[]){100, 200}), T0 + 2 * MIN);
    ok((command_t){.type = CMD_UNDO}, T0 + 3 * MIN);
    assert_int_equal(m->t.n_results, 0);
    assert_int_equal(view(T0 + 3 * MIN).players_left, 10);
    ok((command_t){.type = CMD_UNDO}, T0 + 3 * MIN);
    assert_false(m->t.hfh.active);
    assert_true(m->t.clock.running);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(color_up_derived_from_the_structure, setup, teardown),
        cmocka_unit_test_setup_teardown(color_up_moves_when_the_structure_changes, setup, teardown),
        cmocka_unit_test_setup_teardown(color_up_announced_ahead_and_shown_at_the_break, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(color_up_at_a_break_the_config_names, setup, teardown),
        cmocka_unit_test_setup_teardown(color_up_of_the_break_ends_when_done, setup, teardown),
        cmocka_unit_test_setup_teardown(color_up_by_the_director, setup, teardown),
        cmocka_unit_test_setup_teardown(chip_problems_of_a_structure, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_stops_and_resumes_the_clock, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_ends_when_the_bubble_bursts, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_deals_when_every_table_is_done, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_next_hand_by_itself, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_deducts_time_per_hand, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_all_in_tables_wait, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_with_fewer_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_tables_by_number, setup, teardown),
        cmocka_unit_test_setup_teardown(tie_on_the_bubble_shares_the_last_paid_place, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(same_table_fewer_chips_finishes_lower, setup, teardown),
        cmocka_unit_test_setup_teardown(mixed_tables_tie_by_rank_at_their_table, setup, teardown),
        cmocka_unit_test_setup_teardown(busts_one_by_one_and_the_winner, setup, teardown),
        cmocka_unit_test_setup_teardown(bubble_needs_places_paid_and_players_out_of_the_money,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(day_end_window_is_fifteen_to_five_minutes, setup, teardown),
        cmocka_unit_test_setup_teardown(day_end_draw_counts_hands_for_the_field, setup, teardown),
        cmocka_unit_test_setup_teardown(hand_for_hand_and_day_end_on_250_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(day_end_hands_per_table, setup, teardown),
        cmocka_unit_test_setup_teardown(clock_call_fifty_plus_ten, setup, teardown),
        cmocka_unit_test_setup_teardown(clock_call_short_levels, setup, teardown),
        cmocka_unit_test_setup_teardown(clock_call_durations_configurable, setup, teardown),
        cmocka_unit_test_setup_teardown(clock_call_one_at_a_time_and_cancel, setup, teardown),
        cmocka_unit_test_setup_teardown(clock_call_at_time_goes_by_itself, setup, teardown),
        cmocka_unit_test_setup_teardown(undo_names_what_it_takes_back, setup, teardown),
        cmocka_unit_test_setup_teardown(penalty_by_minutes_runs_out, setup, teardown),
        cmocka_unit_test_setup_teardown(penalty_by_rounds_until_cleared, setup, teardown),
        cmocka_unit_test_setup_teardown(undo_takes_back_a_procedure, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
