/* The end-of-day card through the engine: 3 to 7, fair, and journaled so a
 * restart shows the same card; every procedure replays after a restart. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tsan.h"

#include "engine.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static const char *config_text =
    "tournament = {\n"
    "  name = \"Two days\";\n"
    "  starting_stack = 10000;\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; day_end = true; },\n"
    "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
    "  );\n"
    "  house = { tables = 4; };\n"
    "  chips = ( { value = 25; colour = \"green\"; rgb = \"#2e8b57\"; },\n"
    "            { value = 100; colour = \"black\"; rgb = \"#222222\"; } );\n"
    "  payouts = ( { min_entries = 2; places = [60, 40]; } );\n"
    "};\n";

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/pokerclock-draw-XXXXXX");
    assert_non_null(mkdtemp(dir));
    unsetenv("POKERCLOCK_BOOT_ID");
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
    engine_options_t o = {.state_dir = state_dir,
                          .config_text = config_text,
                          .config_name = "two-days.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    return e;
}

static void apply_ok(engine_t *e, command_t c)
{
    apply_status st = engine_apply(e, &c, engine_now(e), &no);
    if (st != APPLY_OK)
        fail_msg("%s: %d %s", command_name(c.type), st, no.text);
}

/* The card the wall shows now; 0 when none was drawn. */
static int card_of(engine_t *e)
{
    const snapshot_t *s = engine_snapshot(e);
    int drawn = s->t.day_end.active ? s->t.day_end.drawn : 0;
    snapshot_release(s);
    return drawn;
}

static int draw(engine_t *e)
{
    /* A client cannot choose the card: whatever it says is replaced. */
    apply_ok(e, (command_t){.type = CMD_DAY_END_DRAW, .drawn = 7});
    return card_of(e);
}

static void the_card_is_three_to_seven_and_fair(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    engine_t *e = open_engine(NULL);
    apply_ok(e, (command_t){.type = CMD_START});
    enum { N = 5000 };
    int count[8] = {0};
    /* The engine logs every card drawn: keep 5000 lines out of the output. */
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    assert_true(saved >= 0 && null >= 0);
    dup2(null, 2);
    close(null);
    int refused = 0, out_of_range = 0;
    for (int i = 0; i < N; i++) {
        /* No asserts while stderr is closed: a failure must be seen. */
        command_t c = {.type = CMD_DAY_END_DRAW};
        refused += engine_apply(e, &c, engine_now(e), &no) != APPLY_OK;
        int card = card_of(e);
        if (card < 3 || card > 7)
            out_of_range++;
        else
            count[card]++;
        c = (command_t){.type = CMD_DAY_END_CLEAR};
        refused += engine_apply(e, &c, engine_now(e), &no) != APPLY_OK;
    }
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    assert_int_equal(refused, 0);
    assert_int_equal(out_of_range, 0);
    /* Pearson's chi-square against 1000 of each, 4 degrees of freedom.
     * For a fair draw P(chi2 > 40) = e^-20 * (1 + 20) ~ 4e-8: this fails
     * by chance about once in 25 million runs. It catches a card that never
     * or mostly comes up (chi2 in the hundreds or more), not the 2 % modulo
     * bias of a plain byte % 5, which needs far more draws to show. */
    double chi2 = 0;
    for (int k = 3; k <= 7; k++) {
        double d = count[k] - N / 5.0;
        chi2 += d * d / (N / 5.0);
        print_message("card %d: %d times\n", k, count[k]);
    }
    print_message("chi-square %.2f (4 degrees of freedom; fails above 40)\n", chi2);
    assert_true(chi2 < 40.0);
    engine_free(e);
}

static void the_draw_stops_the_clock_and_counts_for_every_table(void **state)
{
    (void)state;
    engine_t *e = open_engine(NULL);
    apply_ok(e, (command_t){.type = CMD_START});
    int card = draw(e);
    const snapshot_t *s = engine_snapshot(e);
    assert_false(s->t.clock.running);
    assert_int_equal(s->t.day_end.tables, 4); /* the configuration's */
    tourney_view_t v;
    tourney_view(&s->t, engine_now(e), &v);
    assert_int_equal(v.day_end_hands_left, card);
    snapshot_release(s);
    command_t again = {.type = CMD_DAY_END_DRAW};
    assert_int_equal(engine_apply(e, &again, engine_now(e), &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "already drawn"));
    assert_int_equal(card_of(e), card); /* the refused draw changed nothing */
    engine_free(e);
}

static void a_restart_shows_the_same_card(void **state)
{
    (void)state;
    /* Each round draws a new card and restarts. If replay drew again, the
     * card would match by chance with probability 1/5 a round: (1/5)^6
     * ~ 6e-5 for all six. */
    int cards[6];
    for (int round = 0; round < 6; round++) {
        engine_t *e = open_engine(dir);
        if (round == 0)
            apply_ok(e, (command_t){.type = CMD_START});
        else {
            assert_int_equal(card_of(e), cards[round - 1]);
            apply_ok(e, (command_t){.type = CMD_DAY_END_CLEAR});
        }
        cards[round] = draw(e);
        engine_free(e);
    }
    engine_t *e = open_engine(dir);
    assert_int_equal(card_of(e), cards[5]);
    engine_free(e);

    /* The journal holds the card of each draw it still holds (compaction
     * drops the records before the snapshot before the last), and at least
     * the last one's. */
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    int found = 0, drawn[6];
    for (size_t i = 0; i + 20 < n; i++) {
        int card;
        if (memcmp(buf + i, "\"type\":\"day_end_draw\"", 21) == 0 &&
            sscanf(buf + i, "\"type\":\"day_end_draw\",\"drawn\":%d", &card) == 1) {
            if (found < 6)
                drawn[found] = card;
            found++;
        }
    }
    assert_in_range(found, 1, 6);
    for (int i = 0; i < found; i++)
        assert_int_equal(drawn[i], cards[6 - found + i]);
}

static void every_procedure_replays_after_a_restart(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    command_t script[] = {
        {.type = CMD_REGISTER, .count = 9},
        {.type = CMD_START},
        {.type = CMD_HFH_START, .table_set = {{(1u << 0) | (1u << 1) | (1u << 3)}}},
        {.type = CMD_TABLE_WAITING, .table = 4},
        {.type = CMD_TABLE_DONE, .table = 1},
        {.type = CMD_BUBBLE_START},
        {.type = CMD_BUST,
         .n_busts = 2,
         .count = 2,
         .busts = {{.table = 1, .chips = 3000}, {.table = 4, .chips = 2500}}},
        {.type = CMD_TABLE_DONE, .table = 2},
        {.type = CMD_TABLE_DONE, .table = 4},
        {.type = CMD_HFH_NEXT},
        {.type = CMD_HFH_TABLES, .tables = 2},
        {.type = CMD_CLOCK_CALL, .table = 2, .seat = 6},
        {.type = CMD_PENALTY, .table = 1, .seat = 3, .rounds = 2},
        {.type = CMD_PENALTY, .table = 2, .seat = 8, .minutes = 20},
        {.type = CMD_COLOR_UP, .value = 25},
        {.type = CMD_COLOR_UP_DONE},
        {.type = CMD_BUST, .count = 1},
        {.type = CMD_HFH_STOP},
        {.type = CMD_DAY_END_DRAW},
        {.type = CMD_DAY_END_HAND_DONE},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
        apply_ok(e, script[i]);
    const snapshot_t *before = engine_snapshot(e);
    tourney_t *saved = malloc(sizeof *saved);
    assert_non_null(saved);
    *saved = before->t;
    snapshot_release(before);
    engine_free(e);
    assert_int_equal(saved->n_results, 3);
    assert_true(saved->day_end.active);

    e = open_engine(dir);
    const snapshot_t *after = engine_snapshot(e);
    assert_memory_equal(saved, &after->t, sizeof *saved);
    snapshot_release(after);
    engine_free(e);
    free(saved);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_card_is_three_to_seven_and_fair),
        cmocka_unit_test(the_draw_stops_the_clock_and_counts_for_every_table),
        cmocka_unit_test_setup_teardown(a_restart_shows_the_same_card, setup, teardown),
        cmocka_unit_test_setup_teardown(every_procedure_replays_after_a_restart, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
