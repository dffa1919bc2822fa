/* Refusals as data: every code of the model's one table (model/refusal.h)
 * has its sentence in every catalog with exactly its values and a line in
 * the API's list (docs/refusals.md), a refused command answers with its
 * code and values, and no refusal in the model is written as a bare
 * sentence any more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "catalog.h"
#include "model/refusal.h"
#include "model/tourney.h"

/* Each code: a name of its own, an outcome that is a refusal, values
 * named apart from the answer's own keys, and a sentence in every
 * language that names each value (and nothing else in braces). */
static void every_code_is_worded_in_every_language(void **state)
{
    (void)state;
    int failures = 0;
    for (int c = REFUSAL_NONE + 1; c < REFUSAL__COUNT; c++) {
        const refusal_def *d = &refusal_defs[c];
        assert_non_null(d->code);
        assert_true(d->code[0] != 0);
        assert_true(d->status != APPLY_OK);
        for (int o = REFUSAL_NONE + 1; o < c; o++)
            if (!strcmp(refusal_defs[o].code, d->code))
                fail_msg("the code %s is given twice", d->code);
        for (int i = 0; i < d->n; i++) {
            assert_non_null(d->names[i]);
            if (!strcmp(d->names[i], "ok") || !strcmp(d->names[i], "error") ||
                !strcmp(d->names[i], "code"))
                fail_msg("%s: a value cannot be called %s", d->code, d->names[i]);
        }
        char key[64];
        assert_non_null(refusal_key((refusal_code)c, key, sizeof key));
        for (int l = 0; l < LANG__COUNT; l++) {
            const char *text = catalog(key, l);
            if (!text || !text[0]) {
                fprintf(stderr, "%s: no sentence in %s\n", key, lang_codes[l]);
                failures++;
                continue;
            }
            int named = 0;
            for (int i = 0; i < d->n; i++) {
                if (uses(text, d->names[i]) != 1) {
                    fprintf(stderr, "%s (%s) names {%s} %d times: \"%s\"\n", key, lang_codes[l],
                            d->names[i], uses(text, d->names[i]), text);
                    failures++;
                }
                named += uses(text, d->names[i]);
            }
            if (braces(text) != named) {
                fprintf(stderr, "%s (%s) names a value it does not have: \"%s\"\n", key,
                        lang_codes[l], text);
                failures++;
            }
            if (l != LANG_EN && !strcmp(text, catalog(key, LANG_EN))) {
                fprintf(stderr, "%s: the English left in %s\n", key, lang_codes[l]);
                failures++;
            }
        }
    }
    assert_int_equal(failures, 0);
}

/* Every "refusal." word of the catalogs is a code of the table: none left
 * over from a code taken out. */
static void every_catalog_refusal_is_a_code(void **state)
{
    (void)state;
    for (int w = 0; w < W__COUNT; w++) {
        if (strncmp(lang_keys[w], "refusal.", 8))
            continue;
        bool found = false;
        for (int c = REFUSAL_NONE + 1; c < REFUSAL__COUNT && !found; c++)
            found = !strcmp(refusal_defs[c].code, lang_keys[w] + 8);
        if (!found)
            fail_msg("%s is in the catalogs but not in model/refusal.h", lang_keys[w]);
    }
}

/* Made with values, each refusal has its English sentence with the values
 * in place, and the same in German. */
static void a_refusal_carries_its_values_and_sentence(void **state)
{
    (void)state;
    refusal_t r;
    assert_int_equal(refuse_seats_short(&r, 1, 2), APPLY_CONFLICT);
    assert_int_equal(r.code, REFUSAL_seats_short);
    assert_int_equal(r.n, 2);
    assert_string_equal(r.v[0].name, "free");
    assert_int_equal(r.v[0].num, 1);
    assert_string_equal(r.v[1].name, "players");
    assert_int_equal(r.v[1].num, 2);
    assert_string_equal(r.text, "1 seats are free for 2 players");
    char de[256];
    refusal_say(&r, LANG_DE, de, sizeof de);
    assert_string_equal(de, "1 freie Plätze für 2 Spieler");
    assert_int_equal(refuse_player_still_seated(&r, "Anna Berg", 3, 7), APPLY_CONFLICT);
    assert_true(r.v[0].is_text);
    assert_string_equal(r.text, "Anna Berg is still in, at table 3, seat 7");
    /* NULL: the outcome alone. */
    assert_int_equal(refuse_level_no_such(NULL, 4), APPLY_INVALID);
    /* Every code, with values: no "{" left in any language. */
    refusal_arg args[REFUSAL_MAX_VALUES];
    for (int i = 0; i < REFUSAL_MAX_VALUES; i++)
        args[i] = (refusal_arg){.is_text = false, .num = 12, .text = "x"};
    for (int c = REFUSAL_NONE + 1; c < REFUSAL__COUNT; c++) {
        refusal_make(&r, (refusal_code)c, args);
        for (int l = 0; l < LANG__COUNT; l++) {
            char out[REFUSAL_TEXT_MAX];
            refusal_say(&r, l, out, sizeof out);
            if (!out[0] || strchr(out, '{'))
                fail_msg("%s in %s: \"%s\"", refusal_defs[c].code, lang_codes[l], out);
        }
    }
}

/* Commands the model refuses answer with the code the rule decided. */
static void the_model_refuses_with_codes(void **state)
{
    (void)state;
    structure_t s = {.name = "Codes", .currency = "EUR", .n_levels = 2};
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 100,
                            .big_blind = 200,
                            .duration_ms = 20 * 60000};
    s.levels[1] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 200,
                            .big_blind = 400,
                            .duration_ms = 20 * 60000};
    model_t *m = malloc(sizeof *m);
    model_init(m, &s);
    refusal_t r;
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_UNDO}, 1000, &r), APPLY_CONFLICT);
    assert_string_equal(refusal_defs[r.code].code, "undo_nothing");
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_PAUSE}, 1000, &r), APPLY_CONFLICT);
    assert_string_equal(refusal_defs[r.code].code, "clock_not_started");
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_GOTO_LEVEL, .index = 9}, 1000, &r),
                     APPLY_INVALID);
    assert_string_equal(refusal_defs[r.code].code, "level_no_such");
    assert_int_equal(r.n, 1);
    assert_string_equal(r.v[0].name, "index");
    assert_int_equal(r.v[0].num, 9);
    assert_string_equal(r.text, "there is no level with index 9");
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_START}, 1000, &r), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_START}, 2000, &r), APPLY_CONFLICT);
    assert_string_equal(refusal_defs[r.code].code, "clock_started");
    command_t edit = {.type = CMD_EDIT_LEVEL,
                      .index = 0,
                      .has = LF_BIG,
                      .level = {.big_blind = 50}};
    assert_int_equal(model_apply(m, &edit, 3000, &r), APPLY_INVALID);
    assert_string_equal(refusal_defs[r.code].code, "level_blinds_order");
    free(m);
}

/* The guard: no file that refuses commands (the model's, the codec's) or
 * a login, a TV button, a picture, a slide, a chop or a new tournament
 * writes a refusal as a sentence of its own; each goes through
 * refuse_CODE(). */
static void no_refusal_is_written_without_a_code(void **state)
{
    (void)state;
    static const char *files[] = {
        "clock/model/model.c",        "clock/model/game.c",   "clock/model/seating.c",
        "clock/model/procedures.c",   "clock/model/settle.c", "clock/model/voice.c",
        "clock/model/prizes.c",       "clock/model/deal.c",   "clock/json/codec.c",
        "clock/net/guard.c",          "clock/net/tv_api.c",   "clock/store/picture.c",
        "clock/store/picture_read.c", "clock/net/chop.c",     "clock/net/slides_api.c",
        "clock/net/archive_api.c",
    };
    static const char *bare[] = {"snprintf(err", "model_fail(", " fail(", "MHD_HTTP_BAD_REQUEST"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        FILE *in = fopen(files[f], "r");
        if (!in)
            fail_msg("%s: cannot read it (run the tests from the source tree)", files[f]);
        char line[1024];
        for (int n = 1; fgets(line, sizeof line, in); n++)
            for (size_t b = 0; b < sizeof bare / sizeof *bare; b++)
                if (strstr(line, bare[b]))
                    fail_msg("%s:%d: a refusal without a code: %s", files[f], n, line);
        fclose(in);
    }
}

/* The API's list of codes (docs/refusals.md) names every code. */
static void every_code_is_in_the_api_docs(void **state)
{
    (void)state;
    FILE *in = fopen("docs/refusals.md", "r");
    if (!in)
        fail_msg("docs/refusals.md: cannot read it (run the tests from the source tree)");
    static char doc[256 * 1024];
    size_t n = fread(doc, 1, sizeof doc - 1, in);
    fclose(in);
    doc[n] = 0;
    for (int c = REFUSAL_NONE + 1; c < REFUSAL__COUNT; c++) {
        char want[80];
        snprintf(want, sizeof want, "| `%s` |", refusal_defs[c].code);
        if (!strstr(doc, want))
            fail_msg("docs/refusals.md does not list %s", refusal_defs[c].code);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_is_worded_in_every_language),
        cmocka_unit_test(every_catalog_refusal_is_a_code),
        cmocka_unit_test(a_refusal_carries_its_values_and_sentence),
        cmocka_unit_test(the_model_refuses_with_codes),
        cmocka_unit_test(no_refusal_is_written_without_a_code),
        cmocka_unit_test(every_code_is_in_the_api_docs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
