/* The last actions as data: every code of the model's one table
 * (model/action.h) has its line in every catalog with exactly the values
 * the state gives it, the values the panel says by their names are named
 * so, a command's line carries its code and values beside its English,
 * and an older clock's line, kept in words alone, is still shown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "catalog.h"
#include "model/history.h"
#include "store/snapshot.h"
#include "json/actions.h"
#include "json/codec.h"

/* Each code: a name of its own, and a line in every language that names
 * each value the state gives it (the keys of action_json beside "code")
 * once, and nothing else in braces; not left in English. */
static void every_code_is_worded_in_every_language(void **state)
{
    (void)state;
    int failures = 0;
    for (int c = ACTION_NONE + 1; c < ACTION__COUNT; c++) {
        const action_def *d = &action_defs[c];
        assert_true(d->code && d->code[0]);
        assert_true(strlen(d->code) < ACTION_CODE_MAX);
        for (int o = ACTION_NONE + 1; o < c; o++)
            if (!strcmp(action_defs[o].code, d->code))
                fail_msg("the code %s is given twice", d->code);
        /* The values as the state writes them, made from any values. */
        refusal_arg args[ACTION_MAX_VALUES];
        for (int i = 0; i < ACTION_MAX_VALUES; i++)
            args[i] = (refusal_arg){.is_text = false, .num = 12, .text = "x"};
        action_t a;
        action_make(&a, (action_code)c, args);
        json_t *emitted = action_json(&a);
        assert_string_equal(json_string_value(json_object_get(emitted, "code")), d->code);
        assert_int_equal(json_object_size(emitted), (size_t)d->n + 1);
        char key[64];
        assert_non_null(action_key((action_code)c, key, sizeof key));
        for (int l = 0; l < LANG__COUNT; l++) {
            const char *text = catalog(key, l);
            if (!text || !text[0]) {
                fprintf(stderr, "%s: no line in %s\n", key, lang_codes[l]);
                failures++;
                continue;
            }
            int named = 0;
            const char *name;
            json_t *v;
            json_object_foreach(emitted, name, v)
            {
                if (!strcmp(name, "code"))
                    continue;
                if (uses(text, name) != 1) {
                    fprintf(stderr, "%s (%s) names {%s} %d times: \"%s\"\n", key, lang_codes[l],
                            name, uses(text, name), text);
                    failures++;
                }
                named += uses(text, name);
            }
            if (braces(text) != named) {
                fprintf(stderr, "%s (%s) names a value the state does not give: \"%s\"\n", key,
                        lang_codes[l], text);
                failures++;
            }
            if (l != LANG_EN && !strcmp(text, catalog(key, LANG_EN))) {
                fprintf(stderr, "%s: the English left in %s\n", key, lang_codes[l]);
                failures++;
            }
            char said[ACTION_LINE_MAX];
            action_say(&a, l, said, sizeof said);
            if (!said[0] || strchr(said, '{')) {
                fprintf(stderr, "%s in %s said as \"%s\"\n", key, lang_codes[l], said);
                failures++;
            }
        }
        json_decref(emitted);
    }
    assert_int_equal(failures, 0);
}

/* Every "action." word of the catalogs is a code of the table. */
static void every_catalog_action_is_a_code(void **state)
{
    (void)state;
    for (int w = 0; w < W__COUNT; w++) {
        if (strncmp(lang_keys[w], "action.", 7))
            continue;
        bool found = false;
        for (int c = ACTION_NONE + 1; c < ACTION__COUNT && !found; c++)
            found = !strcmp(action_defs[c].code, lang_keys[w] + 7);
        if (!found)
            fail_msg("%s is in the catalogs but not in model/action.h", lang_keys[w]);
    }
}

/* The panel says a value by its name (web/panel.js, actionValue): ms is a
 * time, small, big and chip amounts of chips; no value of another kind has
 * one of those names, and none is called code. */
static void values_are_named_as_the_panel_says_them(void **state)
{
    (void)state;
    for (int c = ACTION_NONE + 1; c < ACTION__COUNT; c++) {
        const action_def *d = &action_defs[c];
        for (int i = 0; i < d->n; i++) {
            const char *n = d->names[i];
            bool chips = !strcmp(n, "small") || !strcmp(n, "big") || !strcmp(n, "chip");
            if ((d->kinds[i] == 'T') != !strcmp(n, "ms"))
                fail_msg("%s: a time is called ms, and only a time (%s)", d->code, n);
            if ((d->kinds[i] == 'C') != chips)
                fail_msg("%s: chips are called small, big or chip, and only chips (%s)", d->code,
                         n);
            if (!strcmp(n, "code"))
                fail_msg("%s: a value cannot be called %s", d->code, n);
        }
    }
}

static structure_t two_levels(void)
{
    structure_t s = {.name = "Actions", .currency = "EUR", .n_levels = 2};
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 1500,
                            .big_blind = 3000,
                            .duration_ms = 20 * 60000};
    s.levels[1] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 2000,
                            .big_blind = 4000,
                            .duration_ms = 20 * 60000};
    return s;
}

static json_t *state_of(const model_t *m)
{
    return codec_state(&m->t, 1, 5000, NULL, NULL);
}

/* A command's line: its code and values in last_action_codes, its English
 * in last_actions and undo, as API users have always read them. */
static void a_command_gives_its_code_values_and_english(void **state)
{
    (void)state;
    structure_t s = two_levels();
    model_t *m = malloc(sizeof *m);
    model_init(m, &s);
    refusal_t no;
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 40}, 1000, &no),
                     APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_BUST, .count = 2}, 2000, &no),
                     APPLY_OK);
    json_t *st = state_of(m);
    json_t *bust = json_array_get(json_object_get(st, "last_action_codes"), 0);
    assert_string_equal(json_string_value(json_object_get(bust, "code")), "bust");
    assert_int_equal(json_integer_value(json_object_get(bust, "players")), 2);
    assert_int_equal(json_integer_value(json_object_get(bust, "first")), 39);
    assert_int_equal(json_integer_value(json_object_get(bust, "last")), 40);
    assert_string_equal(json_string_value(json_array_get(json_object_get(st, "last_actions"), 0)),
                        "bust of 2 players, places 39\u201340");
    assert_string_equal(json_string_value(json_object_get(st, "undo")),
                        "bust of 2 players, places 39\u201340");
    json_t *reg = json_array_get(json_object_get(st, "last_action_codes"), 1);
    assert_string_equal(json_string_value(json_object_get(reg, "code")), "register");
    json_decref(st);
    /* A level by its number and blinds, said in German from the code. */
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_NEXT_LEVEL}, 3000, &no), APPLY_OK);
    const action_t *a = history_action(&m->t, 0);
    assert_non_null(a);
    assert_string_equal(a->code, "level_next");
    char said[ACTION_LINE_MAX];
    history_words(&m->t, 0, said, sizeof said);
    assert_string_equal(said, "on to level 2 (2,000/4,000)");
    action_say(a, LANG_DE, said, sizeof said);
    assert_string_equal(said, "weiter zur Limitstufe 2 (2,000/4,000)");
    free(m);
}

/* An older clock's snapshot keeps its last actions in words alone ("done",
 * no "acts"): read back, they are shown as they were, with no code, and
 * undo still names the latest; a new action then comes with its code. */
static void an_older_snapshot_shows_its_words(void **state)
{
    (void)state;
    structure_t s = two_levels();
    model_t *m = malloc(sizeof *m), *back = malloc(sizeof *back);
    model_init(m, &s);
    refusal_t no;
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 40}, 1000, &no),
                     APPLY_OK);
    json_t *snap = snapshot_model_to_json(m);
    json_t *t = json_object_get(snap, "t");
    /* As the clock wrote it before its actions had codes. */
    json_object_del(t, "acts");
    json_object_set_new(t, "done",
                        json_pack("[s,s]", "registration of 40 players",
                                  "bust of 2 players, places 39\u201340"));
    json_object_set_new(t, "n_done", json_integer(2));
    json_object_set_new(t, "undoable", json_integer(1));
    char err[256] = "";
    assert_int_equal(snapshot_model_from_json(snap, back, err, sizeof err), 0);
    json_t *st = state_of(back);
    json_t *lines = json_object_get(st, "last_actions");
    assert_int_equal(json_array_size(lines), 2);
    assert_string_equal(json_string_value(json_array_get(lines, 0)),
                        "bust of 2 players, places 39\u201340");
    assert_string_equal(json_string_value(json_array_get(lines, 1)), "registration of 40 players");
    assert_true(json_is_null(
        json_object_get(json_array_get(json_object_get(st, "last_action_codes"), 0), "code")));
    assert_string_equal(json_string_value(json_object_get(st, "undo")),
                        "bust of 2 players, places 39\u201340");
    json_decref(st);
    assert_int_equal(model_apply(back, &(command_t){.type = CMD_PAUSE}, 2000, &no), APPLY_CONFLICT);
    assert_int_equal(model_apply(back, &(command_t){.type = CMD_START}, 2000, &no), APPLY_OK);
    assert_string_equal(history_action(&back->t, 0)->code, "start");
    char said[ACTION_LINE_MAX];
    history_words(&back->t, 1, said, sizeof said);
    assert_string_equal(said, "bust of 2 players, places 39\u201340");
    json_decref(snap);
    free(m);
    free(back);
}

/* A follower reads the master's lines by their codes, and keeps a line
 * without one (an older master's, a code it does not know) in words. */
static void a_follower_reads_codes_and_words(void **state)
{
    (void)state;
    json_t *st = json_pack("{s:[s,s,s], s:[{s:s,s:i,s:i,s:i},{s:n},{s:s}], s:s}", "last_actions",
                           "bust of 2 players, places 9\u201310", "an older line", "a newer line",
                           "last_action_codes", "code", "bust", "players", 2, "first", 9, "last",
                           10, "code", "code", "from_the_future", "undo",
                           "bust of 2 players, places 9\u201310");
    tourney_t *t = calloc(1, sizeof *t);
    char err[256] = "";
    assert_int_equal(actions_json_parse(st, t, err, sizeof err), 0);
    assert_int_equal(history_count(t), 3);
    assert_string_equal(history_action(t, 0)->code, "bust");
    assert_null(history_action(t, 1));
    char said[ACTION_LINE_MAX];
    history_words(t, 1, said, sizeof said);
    assert_string_equal(said, "an older line");
    history_words(t, 2, said, sizeof said);
    assert_string_equal(said, "a newer line");
    assert_int_equal(t->undoable, 1);
    json_t *again = json_object();
    actions_json(again, t);
    assert_true(
        json_equal(json_object_get(again, "last_actions"), json_object_get(st, "last_actions")));
    json_decref(again);
    json_decref(st);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_is_worded_in_every_language),
        cmocka_unit_test(every_catalog_action_is_a_code),
        cmocka_unit_test(values_are_named_as_the_panel_says_them),
        cmocka_unit_test(a_command_gives_its_code_values_and_english),
        cmocka_unit_test(an_older_snapshot_shows_its_words),
        cmocka_unit_test(a_follower_reads_codes_and_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
