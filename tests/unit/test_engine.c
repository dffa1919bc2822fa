/* The engine against a real state directory: restart, reboot, torn tail, no disk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine.h"

static const char *config_text =
    "tournament = {\n"
    "  name = \"Engine test\";\n"
    "  starting_stack = 10000;\n"
    "  late_registration = { until_level = 2; };\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
    "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
    "  );\n"
    "};\n";

static char dir[64];
static int64_t b; /* the engine's time when a test starts: commands are timed from it */

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/pokerclock-engine-XXXXXX");
    assert_non_null(mkdtemp(dir));
    unsetenv("POKERCLOCK_BOOT_ID");
    b = 0;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

static engine_t *open_engine(const char *state_dir)
{
    engine_options_t o = {.state_dir = state_dir, .config_text = config_text,
                          .config_name = "test.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    if (b == 0)
        b = engine_now(e);
    return e;
}

static int apply(engine_t *e, command_t c, int64_t now)
{
    char err[256];
    return engine_apply(e, &c, now, err, sizeof err);
}

static tourney_view_t view_at(engine_t *e, int64_t now)
{
    const snapshot_t *s = engine_snapshot(e);
    tourney_view_t v;
    tourney_view(&s->t, now, &v);
    snapshot_release(s);
    return v;
}

/* A process restart in the same boot: the clock went on as if nothing happened. */
static void restart_replays_exactly(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), 200);
    assert_int_equal(apply(e, (command_t){.type = CMD_ADJUST, .delta_ms = -60000}, b + 5000), 200);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 42}, b + 6000), 200);
    command_t a = {.type = CMD_ANNOUNCE, .seconds = 0};
    snprintf(a.text, sizeof a.text, "Dinner at the break");
    assert_int_equal(apply(e, a, b + 7000), 200);
    const snapshot_t *before = engine_snapshot(e);
    tourney_t saved = before->t;
    snapshot_release(before);
    engine_free(e);

    e = open_engine(dir);
    const snapshot_t *after = engine_snapshot(e);
    assert_memory_equal(&saved, &after->t, sizeof saved);
    assert_false(after->t.recovered_after_power_loss);
    snapshot_release(after);
    /* 20 min - 1 min adjusted, 9 s played at 10 000 ms. */
    tourney_view_t v = view_at(e, b + 10000);
    assert_int_equal(v.remaining_ms, 20 * 60000 - 60000 - 9000);
    assert_int_equal(v.players_left, 42);
    engine_free(e);
}

/* A reboot: paused where the last record saw it, and the wall is told. */
static void reboot_restores_paused(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), 200);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 9}, b + 31000), 200);
    engine_free(e);

    setenv("POKERCLOCK_BOOT_ID", "another-boot", 1);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_false(s->t.clock.running);
    assert_true(s->t.recovered_after_power_loss);
    assert_non_null(strstr(s->notice, "power loss"));
    snapshot_release(s);
    /* Paused at b + 31 000: 30 s played, whatever the time is now. */
    int64_t now = engine_now(e);
    assert_int_equal(view_at(e, now + 3600000).remaining_ms, 20 * 60000 - 30000);
    /* Resume continues from there and clears the notice. */
    assert_int_equal(apply(e, (command_t){.type = CMD_RESUME}, now), 200);
    s = engine_snapshot(e);
    assert_false(s->t.recovered_after_power_loss);
    assert_string_equal(s->notice, "");
    snapshot_release(s);
    assert_int_equal(view_at(e, now + 10000).remaining_ms, 20 * 60000 - 40000);
    engine_free(e);

    /* The same (new) boot again: the resumed clock is still running. */
    e = open_engine(dir);
    s = engine_snapshot(e);
    assert_true(s->t.clock.running);
    snapshot_release(s);
    engine_free(e);
}

/* The power went during a write: the torn record is dropped, the rest kept. */
static void torn_tail_is_dropped(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 5}, b + 1000), 200);
    engine_free(e);
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fwrite("\x01\x40\x00\x00\x00half a rec", 1, 15, f);
    fclose(f);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 2000).players_left, 5);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 1}, b + 3000), 200);
    engine_free(e);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 4000).players_left, 6);
    engine_free(e);
}

/* No place to save: commands are refused, nothing changes, the clock runs on. */
static void unwritable_state_refuses_commands(void **state)
{
    (void)state;
    char file[128], bad[160];
    snprintf(file, sizeof file, "%s/a-file", dir);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(bad, sizeof bad, "%s/state", file); /* a directory inside a file */
    engine_t *e = open_engine(bad);
    const snapshot_t *s = engine_snapshot(e);
    assert_true(s->storage_error[0] != 0);
    tourney_t before = s->t;
    snapshot_release(s);
    char err[256];
    command_t start = {.type = CMD_START};
    assert_int_equal(engine_apply(e, &start, 1000, err, sizeof err), 503);
    assert_non_null(strstr(err, "nothing was changed"));
    s = engine_snapshot(e);
    assert_memory_equal(&before, &s->t, sizeof before);
    snapshot_release(s);
    engine_free(e);
}

/* An invalid command is refused with a reason and does not reach the journal. */
static void invalid_commands_change_nothing(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    char err[256];
    command_t bad = {.type = CMD_RESUME};
    assert_int_equal(engine_apply(e, &bad, 1000, err, sizeof err), 409);
    assert_non_null(strstr(err, "not started"));
    command_t edit = {.type = CMD_EDIT_LEVEL, .index = 0, .has = LF_BIG};
    edit.level.big_blind = 10; /* below the small blind of 25 */
    assert_int_equal(engine_apply(e, &edit, 1000, err, sizeof err), 400);
    assert_string_equal(err, "big_blind must be larger than small_blind");
    engine_free(e);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_int_equal(s->t.s.levels[0].big_blind, 50);
    snapshot_release(s);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(restart_replays_exactly, setup, teardown),
        cmocka_unit_test_setup_teardown(reboot_restores_paused, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_tail_is_dropped, setup, teardown),
        cmocka_unit_test_setup_teardown(unwritable_state_refuses_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(invalid_commands_change_nothing, setup, teardown),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
