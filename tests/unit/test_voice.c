/* What the wall hears: each event once, when it happens, never on the
 * first look; and the voice's commands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/voice.h"
#include "store/config.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

enum { MIN = 60000, SEC = 1000 };
static const int64_t T0 = 1000000;

static model_t *m;
static settings_t *cfg;
static voice_watch_t w;

static int setup(void **state)
{
    (void)state;
    m = calloc(1, sizeof *m);
    cfg = calloc(1, sizeof *cfg);
    if (!m || !cfg)
        return -1;
    config_load_default(cfg);
    model_init(m, &cfg->structure);
    memset(&w, 0, sizeof w);
    /* Enough players for places to be paid (and a bubble). */
    command_t reg = {.type = CMD_REGISTER, .count = 20};
    if (model_apply(m, &reg, 0, &no) != APPLY_OK)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(m);
    free(cfg);
    return 0;
}

static void ok(command_t c, int64_t now)
{
    apply_status st = model_apply(m, &c, now, &no);
    if (st != APPLY_OK)
        fail_msg("%s: %s", command_name(c.type), no.text);
}

static unsigned look(int64_t now)
{
    return voice_watch(&w, &m->t, now, NULL, NULL);
}

#define BIT(e) (1u << (e))

static void test_first_look_hears_nothing(void **state)
{
    (void)state;
    ok((command_t){.type = CMD_START}, T0);
    ok((command_t){.type = CMD_BUBBLE_START}, T0);
    assert_int_equal(look(T0 + 19 * MIN + 30 * SEC), 0);
    assert_int_equal(look(T0 + 19 * MIN + 31 * SEC), 0);
}

static void test_levels_minute_and_breaks(void **state)
{
    (void)state;
    ok((command_t){.type = CMD_START}, T0);
    assert_int_equal(look(T0), 0);
    assert_int_equal(look(T0 + 18 * MIN), 0);
    /* One minute left, heard once. */
    assert_int_equal(look(T0 + 19 * MIN + 1), BIT(VOICE_MINUTE));
    assert_int_equal(look(T0 + 19 * MIN + 2 * SEC), 0);
    /* The clock runs into level 2 by itself. */
    assert_int_equal(look(T0 + 20 * MIN + 10), BIT(VOICE_LEVEL));
    assert_int_equal(look(T0 + 20 * MIN + 20), 0);
    /* The director moves on: level 3, level 4 and its break. */
    int64_t t = T0 + 21 * MIN;
    unsigned got = 0;
    for (int i = 0; i < 6 && !(got & BIT(VOICE_BREAK)); i++) {
        ok((command_t){.type = CMD_NEXT_LEVEL}, t);
        got = look(t);
        assert_true(got == BIT(VOICE_LEVEL) || got == BIT(VOICE_BREAK));
        t += SEC;
    }
    assert_int_equal(got, BIT(VOICE_BREAK));
    ok((command_t){.type = CMD_NEXT_LEVEL}, t);
    assert_int_equal(look(t), BIT(VOICE_BREAK_OVER));
    /* Paused: moving levels is silent. */
    ok((command_t){.type = CMD_PAUSE}, t + SEC);
    ok((command_t){.type = CMD_NEXT_LEVEL}, t + 2 * SEC);
    assert_int_equal(look(t + 2 * SEC), 0);
}

static void test_clock_call_and_procedures(void **state)
{
    (void)state;
    ok((command_t){.type = CMD_START}, T0);
    look(T0);
    ok((command_t){.type = CMD_CLOCK_CALL, .table = 3, .seat = 4}, T0 + SEC);
    int64_t call = T0 + SEC;
    assert_int_equal(look(call + 30 * SEC), 0);
    /* The last 10 of 60 seconds counted, each once. */
    int seconds = 0;
    for (int64_t t = call + 50 * SEC + 1; t < call + 60 * SEC; t += 250)
        seconds += (look(t) & BIT(VOICE_CALL_SECOND)) != 0;
    assert_int_equal(seconds, 10);
    assert_int_equal(look(call + 60 * SEC + 1), BIT(VOICE_CALL_TIME));
    assert_int_equal(look(call + 62 * SEC), 0);

    int64_t t = call + 70 * SEC;
    ok((command_t){.type = CMD_BUBBLE_START}, t);
    assert_int_equal(look(t), BIT(VOICE_BUBBLE));
    ok((command_t){.type = CMD_HFH_START, .tables = 2}, t + SEC);
    assert_int_equal(look(t + SEC), BIT(VOICE_HFH));
    assert_int_equal(look(t + 2 * SEC), 0);
}

static void test_say_once_and_not_after_undo(void **state)
{
    (void)state;
    look(T0);
    command_t say = {.type = CMD_SAY};
    snprintf(say.text, sizeof say.text, "Last orders at the bar");
    ok(say, T0 + SEC);
    assert_int_equal(look(T0 + SEC), BIT(VOICE_SAY));
    assert_int_equal(look(T0 + 2 * SEC), 0);
    ok((command_t){.type = CMD_UNDO}, T0 + 3 * SEC);
    assert_int_equal(look(T0 + 3 * SEC), 0);
    ok(say, T0 + 4 * SEC);
    assert_int_equal(look(T0 + 4 * SEC), BIT(VOICE_SAY));
    /* A second one taken back: the first is not said again. */
    ok(say, T0 + 5 * SEC);
    assert_int_equal(look(T0 + 5 * SEC), BIT(VOICE_SAY));
    ok((command_t){.type = CMD_UNDO}, T0 + 6 * SEC);
    assert_int_equal(look(T0 + 6 * SEC), 0);
    /* Nothing to say, or more than one line: refused. */
    command_t bad = {.type = CMD_SAY};
    snprintf(bad.text, sizeof bad.text, "   ");
    assert_int_equal(model_apply(m, &bad, T0 + 5 * SEC, &no), APPLY_INVALID);
    snprintf(bad.text, sizeof bad.text, "two\nlines");
    assert_int_equal(model_apply(m, &bad, T0 + 5 * SEC, &no), APPLY_INVALID);
}

static void test_languages_and_quiet(void **state)
{
    (void)state;
    command_t c = {.type = CMD_SET_LANGUAGE};
    snprintf(c.language, sizeof c.language, "no");
    snprintf(c.language2, sizeof c.language2, "no");
    ok(c, T0);
    assert_string_equal(m->t.language, "no");
    assert_string_equal(m->t.language2, ""); /* the same twice is one */
    snprintf(c.language, sizeof c.language, "fr");
    assert_int_equal(model_apply(m, &c, T0, &no), APPLY_INVALID);
    assert_string_equal(m->t.language, "no");
    ok((command_t){.type = CMD_SOUND, .quiet = true}, T0);
    assert_true(m->t.quiet);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_SOUND, .quiet = true}, T0, &no),
                     APPLY_CONFLICT);
}

static void test_sounds_chosen(void **state)
{
    (void)state;
    voice_config_t v = {.volume = -1};
    assert_string_equal(voice_sound_for(&v, VOICE_LEVEL), "level");
    assert_null(voice_sound_for(&v, VOICE_SAY));
    assert_int_equal(voice_volume(&v), 80);
    snprintf(v.sound[VOICE_LEVEL], sizeof v.sound[0], "chime");
    snprintf(v.sound[VOICE_MOVES], sizeof v.sound[0], "none");
    v.volume = 30;
    assert_string_equal(voice_sound_for(&v, VOICE_LEVEL), "chime");
    assert_null(voice_sound_for(&v, VOICE_MOVES));
    assert_int_equal(voice_volume(&v), 30);
    assert_false(voice_sound_known("../../etc/passwd"));
}

/* The panel's sound settings over the configuration's: set in parts, all
 * or nothing, undone like any command, and back to the configuration's. */
static void test_sound_settings_from_the_panel(void **state)
{
    (void)state;
    voice_config_t conf = {.volume = 70}, in_force;
    snprintf(conf.sound[VOICE_MOVES], sizeof conf.sound[0], "none");
    conf.speak[VOICE_LEVEL] = true;
    voice_effective(&conf, &m->t, &in_force);
    assert_int_equal(voice_volume(&in_force), 70);
    assert_null(voice_sound_for(&in_force, VOICE_MOVES));

    command_t c = {.type = CMD_SOUND_SETTINGS,
                   .volume = 40,
                   .speak_set = 1u << VOICE_BUBBLE | 1u << VOICE_LEVEL,
                   .speak_on = 1u << VOICE_BUBBLE};
    snprintf(c.sounds[VOICE_MOVES], sizeof c.sounds[0], "chime");
    ok(c, T0);
    voice_effective(&conf, &m->t, &in_force);
    assert_int_equal(voice_volume(&in_force), 40);
    assert_string_equal(voice_sound_for(&in_force, VOICE_MOVES), "chime");
    assert_true(in_force.speak[VOICE_BUBBLE]);
    assert_false(in_force.speak[VOICE_LEVEL]);
    assert_string_equal(voice_sound_for(&in_force, VOICE_LEVEL), "level"); /* not touched */

    /* Refused whole, with a reason: an unknown sound beside a good volume,
     * speech where there are no words, a volume past 100, nothing at all. */
    tourney_t before = m->t;
    command_t bad = {.type = CMD_SOUND_SETTINGS, .volume = 10};
    snprintf(bad.sounds[VOICE_LEVEL], sizeof bad.sounds[0], "../x");
    assert_int_equal(model_apply(m, &bad, T0, &no), APPLY_INVALID);
    assert_non_null(strstr(no.text, "no sound is called"));
    bad = (command_t){.type = CMD_SOUND_SETTINGS, .volume = -1, .speak_set = 1u << VOICE_MINUTE};
    assert_int_equal(model_apply(m, &bad, T0, &no), APPLY_INVALID);
    bad = (command_t){.type = CMD_SOUND_SETTINGS, .volume = 101};
    assert_int_equal(model_apply(m, &bad, T0, &no), APPLY_INVALID);
    bad = (command_t){.type = CMD_SOUND_SETTINGS, .volume = -1};
    assert_int_equal(model_apply(m, &bad, T0, &no), APPLY_INVALID);
    assert_memory_equal(&before, &m->t, sizeof before);

    /* "config": the configuration's sound again; undo takes a change back. */
    command_t back = {.type = CMD_SOUND_SETTINGS, .volume = -1};
    snprintf(back.sounds[VOICE_MOVES], sizeof back.sounds[0], "config");
    ok(back, T0 + SEC);
    voice_effective(&conf, &m->t, &in_force);
    assert_null(voice_sound_for(&in_force, VOICE_MOVES));
    ok((command_t){.type = CMD_UNDO}, T0 + 2 * SEC);
    voice_effective(&conf, &m->t, &in_force);
    assert_string_equal(voice_sound_for(&in_force, VOICE_MOVES), "chime");
}

static void test_moves(void **state)
{
    (void)state;
    static roster_t a, b;
    memset(&a, 0, sizeof a);
    a.n_players = 3;
    for (int i = 0; i < 3; i++)
        a.players[i] =
            (player_t){.id = i + 1, .status = PLAYER_SEATED, .table = 0, .seat = (uint8_t)(i + 1)};
    b = a;
    b.version = 1;
    assert_int_equal(voice_moves(&a, &b), 0);
    b.players[1].table = 1;
    b.players[2].status = PLAYER_OUT;
    assert_int_equal(voice_moves(&a, &b), 1);
    look(T0);
    assert_int_equal(voice_watch(&w, &m->t, T0, &a, &a), 0);
    assert_int_equal(voice_watch(&w, &m->t, T0, &a, &b), BIT(VOICE_MOVES));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_first_look_hears_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_levels_minute_and_breaks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clock_call_and_procedures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_say_once_and_not_after_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_languages_and_quiet, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sounds_chosen, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sound_settings_from_the_panel, setup, teardown),
        cmocka_unit_test_setup_teardown(test_moves, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
