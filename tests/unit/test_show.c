/* What the screen shows, decided once (clock/model/show.c): for the states
 * of tests/vectors/view.json the decision and the wall's words for it are
 * those listed there, which /display is held to as well
 * (tests/browser/view.test.mjs); when the decision changes by itself; the
 * decision as the pages receive it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "engine.h"
#include "model/show.h"
#include "screen/say.h"
#include "screen/wall.h"
#include "json/codec.h"
#include "json/show.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static char *file_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

static const say_lang_t english = {.lang = LANG_EN,
                                   .lang2 = LANG_EN,
                                   .two = false,
                                   .currency = "EUR"};

/* A text of the decision as the wall writes it in English. */
static const char *words(const show_t *sh, show_text_t t)
{
    static char buf[8][600];
    static int k;
    k = (k + 1) % 8;
    say(sh, t, &english, buf[k], sizeof buf[k]);
    return buf[k];
}

/* got against the expectation want[key]: a string is compared exactly,
 * null means no text; absent, not compared. */
static void text_is(const char *what, const show_t *sh, show_text_t t, const json_t *want,
                    const char *key)
{
    const json_t *w = json_object_get(want, key);
    char starts[64];
    snprintf(starts, sizeof starts, "%s_starts", key);
    const json_t *prefix = json_object_get(want, starts);
    const char *got = words(sh, t);
    if (json_is_null(w) && t.n)
        fail_msg("%s: %s \"%s\", none expected", what, key, got);
    if (json_is_string(w) && strcmp(got, json_string_value(w)) != 0)
        fail_msg("%s: %s \"%s\", not \"%s\"", what, key, got, json_string_value(w));
    if (json_is_string(prefix) &&
        strncmp(got, json_string_value(prefix), strlen(json_string_value(prefix))) != 0)
        fail_msg("%s: %s \"%s\" does not start with \"%s\"", what, key, got,
                 json_string_value(prefix));
}

static void figure_is(const char *what, const show_t *sh, const json_t *fig)
{
    if (!fig)
        return;
    const json_t *x;
    if ((x = json_object_get(fig, "hand")))
        assert_string_equal(words(sh, sh->hfh.hand), json_string_value(x));
    if ((x = json_object_get(fig, "label")))
        assert_string_equal(words(sh, sh->hfh.label), json_string_value(x));
    if ((x = json_object_get(fig, "legend")))
        assert_string_equal(words(sh, sh->hfh.legend), json_string_value(x));
    if ((x = json_object_get(fig, "field")))
        assert_string_equal(words(sh, sh->hfh.field), json_string_value(x));
    if ((x = json_object_get(fig, "times")))
        assert_int_equal(sh->color_up.times, json_integer_value(x));
    if ((x = json_object_get(fig, "gone")))
        assert_string_equal(words(sh, sh->color_up.gone), json_string_value(x));
    if ((x = json_object_get(fig, "race")))
        assert_string_equal(words(sh, sh->color_up.race), json_string_value(x));
    (void)what;
}

/* The case's commands on a fresh engine, a few ms apart from start. */
static engine_t *play(const char *config, const json_t *commands, int64_t *last)
{
    engine_options_t o = {.config_text = config, .config_name = "view.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    int64_t at = engine_now(e);
    size_t i;
    const json_t *c;
    json_array_foreach(commands, i, c)
    {
        command_t cmd;
        if (codec_command_parse(c, &cmd, &no) != 0)
            fail_msg("command %zu: %s", i, no.text);
        at += 10;
        apply_status rc = engine_apply(e, &cmd, at, &no);
        if (rc != APPLY_OK)
            fail_msg("command %zu (%s): %d %s", i, command_name(cmd.type), rc, no.text);
    }
    *last = at;
    return e;
}

/* Every case of the shared list: the takeover, the strips in order, PAUSED
 * and the header's word, in the wall's English. */
static void decisions_match_the_shared_vectors(void **state)
{
    (void)state;
    char *text = file_text("tests/vectors/view.json");
    json_error_t je;
    json_t *v = json_loads(text, 0, &je);
    if (!v)
        fail_msg("tests/vectors/view.json:%d: %s", je.line, je.text);
    const char *config_path = json_string_value(json_object_get(v, "config"));
    static show_t sh;
    size_t i;
    const json_t *c;
    json_array_foreach(json_object_get(v, "cases"), i, c)
    {
        const char *name = json_string_value(json_object_get(c, "name"));
        int64_t last;
        const json_t *own = json_object_get(c, "config");
        char *config = file_text(own ? json_string_value(own) : config_path);
        engine_t *e = play(config, json_object_get(c, "commands"), &last);
        free(config);
        const snapshot_t *snap = engine_snapshot(e);
        wall_show(snap, last + 1000, -1, &sh);
        const json_t *take = json_object_get(c, "takeover");
        if (json_is_null(take)) {
            if (sh.has_takeover)
                fail_msg("%s: %s over the body, none expected", name,
                         show_kind_name(sh.takeover.kind));
        } else {
            if (!sh.has_takeover)
                fail_msg("%s: no takeover", name);
            assert_string_equal(show_kind_name(sh.takeover.kind),
                                json_string_value(json_object_get(take, "kind")));
            text_is(name, &sh, sh.takeover.title, take, "title");
            text_is(name, &sh, sh.takeover.line, take, "line");
            figure_is(name, &sh, json_object_get(take, "figure"));
        }
        const json_t *strips = json_object_get(c, "strips");
        if (json_is_array(strips) && (int)json_array_size(strips) != sh.n_strips) {
            for (int k = 0; k < sh.n_strips; k++)
                print_message("  strip %d: %s \"%s\" / \"%s\"\n", k,
                              show_kind_name(sh.strips[k].kind), words(&sh, sh.strips[k].title),
                              words(&sh, sh.strips[k].line));
            fail_msg("%s: %d strips, not %zu", name, sh.n_strips, json_array_size(strips));
        }
        for (int k = 0; json_is_array(strips) && k < sh.n_strips; k++) {
            const json_t *want = json_array_get(strips, (size_t)k);
            assert_string_equal(show_kind_name(sh.strips[k].kind),
                                json_string_value(json_object_get(want, "kind")));
            text_is(name, &sh, sh.strips[k].title, want, "title");
            text_is(name, &sh, sh.strips[k].line, want, "line");
        }
        /* The payouts column's lines, as the pages receive them. */
        const json_t *pay = json_object_get(c, "payouts");
        if (pay) {
            json_t *got = show_json(&sh);
            const json_t *lines = json_object_get(got, "payouts");
            if (!json_equal(lines, pay)) {
                char *g = json_dumps(lines, JSON_COMPACT);
                fail_msg("%s: payouts %s", name, g);
            }
            json_decref(got);
        }
        assert_int_equal(sh.paused, json_is_true(json_object_get(c, "paused")));
        const json_t *pill = json_object_get(c, "pill");
        assert_string_equal(sh.pill >= 0 ? lang_keys[sh.pill] : "",
                            json_is_string(pill) ? json_string_value(pill) : "");
        snapshot_release(snap);
        engine_free(e);
    }
    free(text);
    json_decref(v);
}

static const char *config_text =
    "tournament = {\n"
    "  name = \"Show test\";\n"
    "  starting_stack = 10000;\n"
    "  house = { clock_call_seconds = 30; clock_call_countdown_seconds = 10;\n"
    "            move_strip_seconds = 60; };\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; }\n"
    "  );\n"
    "};\n";

/* A clock on config_text with 20 players, started at *t0. */
static engine_t *started(int64_t *t0)
{
    engine_options_t o = {.config_text = config_text, .config_name = "show.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    assert_non_null(e);
    *t0 = engine_now(e);
    command_t c = {.type = CMD_REGISTER, .count = 20};
    assert_int_equal(engine_apply(e, &c, *t0, &no), APPLY_OK);
    c = (command_t){.type = CMD_START};
    assert_int_equal(engine_apply(e, &c, *t0, &no), APPLY_OK);
    return e;
}

/* When the decision changes by itself: the new level's strip goes after
 * 20 s, a clock call starts counting, runs out and is gone 10 s later; the
 * strips turn every 8 s; and each time said is the moment it changes. */
static void changes_are_announced(void **state)
{
    (void)state;
    int64_t t0;
    engine_t *e = started(&t0);
    command_t c;
    c = (command_t){.type = CMD_CLOCK_CALL, .table = 2, .seat = 3};
    assert_int_equal(engine_apply(e, &c, t0 + 5000, &no), APPLY_OK);
    c = (command_t){.type = CMD_ANNOUNCE};
    snprintf(c.text, sizeof c.text, "Dinner");
    assert_int_equal(engine_apply(e, &c, t0 + 5000, &no), APPLY_OK);
    const snapshot_t *snap = engine_snapshot(e);
    static show_t sh;
    /* Walk on from one announced change to the next: each is a change. */
    int64_t now = t0 + 6000, at[8];
    char seen[8][64];
    int n = 0;
    for (; n < 8; n++) {
        wall_show(snap, now, -1, &sh);
        at[n] = now - t0;
        snprintf(seen[n], sizeof seen[n], "%s%s%s %d",
                 sh.has_takeover ? show_kind_name(sh.takeover.kind) : "-",
                 sh.call.counting ? " counting" : "", sh.call.expired ? " TIME" : "", sh.n_strips);
        if (sh.changes_in_ms == INT64_MAX)
            break;
        /* Just before it is announced, nothing has changed yet. */
        static show_t before;
        wall_show(snap, now + sh.changes_in_ms - 1, -1, &before);
        assert_int_equal(before.n_strips, sh.n_strips);
        assert_int_equal(before.has_takeover, sh.has_takeover);
        assert_int_equal(before.call.counting, sh.call.counting);
        assert_int_equal(before.call.expired, sh.call.expired);
        assert_int_equal(before.pill, sh.pill);
        now += sh.changes_in_ms;
    }
    /* The call (30 s and 10 counted) from 5 s: with two strips (the
     * announcement, the new level's) at 6 s; the new level's goes at 20 s;
     * counting at 35 s, TIME at 45 s, gone at 55 s; the last minute's word
     * at 19:00; nothing after that until the level ends (a new state). */
    const int64_t want_at[] = {6000, 20000, 35000, 45000, 55000, 19 * 60000};
    const char *want[] = {"clock_call 2",      "clock_call 1", "clock_call counting 1",
                          "clock_call TIME 1", "- 1",          "- 1"};
    assert_int_equal(n, 5);
    for (int i = 0; i <= n; i++) {
        assert_int_equal(at[i], want_at[i]);
        assert_string_equal(seen[i], want[i]);
    }
    assert_int_equal(sh.pill, W_LAST_MINUTE);
    /* Two strips turn every 8 s of the engine's time, the turn said. */
    wall_show(snap, t0 + 10000, -1, &sh);
    assert_int_equal(sh.n_strips, 2);
    assert_int_equal(sh.turn, (int)((t0 + 10000) / SHOW_TURN_MS % 2));
    assert_int_equal(sh.turn_in_ms, SHOW_TURN_MS - (t0 + 10000) % SHOW_TURN_MS);
    snapshot_release(snap);
    engine_free(e);
}

/* The decision as the pages receive it: texts as parts, codes not words. */
static void the_view_in_json(void **state)
{
    (void)state;
    int64_t t0;
    engine_t *e = started(&t0);
    command_t c;
    c = (command_t){.type = CMD_PENALTY, .table = 3, .seat = 5, .minutes = 10};
    assert_int_equal(engine_apply(e, &c, t0, &no), APPLY_OK);
    const snapshot_t *snap = engine_snapshot(e);
    static show_t sh;
    wall_show(snap, t0 + 2000, -1, &sh);
    json_t *j = show_json(&sh);
    char *s = json_dumps(j, JSON_COMPACT);
    print_message("%s\n", s);
    /* The new level's strip, then the penalty's, its time in ms. */
    assert_non_null(strstr(s, "{\"kind\":\"new_level\",\"title\":[{\"w\":\"level\"},\" \",1,\": \","
                              "{\"w\":\"blinds\"},\" \",{\"chips\":25},\" / \",{\"chips\":50}],"
                              "\"line\":[{\"w\":\"from_next_hand\"}]}"));
    assert_non_null(strstr(s, "{\"kind\":\"penalties\",\"title\":[{\"l\":\"penalties\"}],\"line\":"
                              "[{\"w\":\"table_seat\",\"a\":[3,5]},\": \",{\"time\":598000}]}"));
    assert_non_null(strstr(s, "\"changes_in_ms\":18000"));
    free(s);
    json_decref(j);
    snapshot_release(snap);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decisions_match_the_shared_vectors),
        cmocka_unit_test(changes_are_announced),
        cmocka_unit_test(the_view_in_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
