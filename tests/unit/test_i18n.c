/* The wall's languages: numbers, chips and money written per language from
 * the same vectors as the pages' test (tests/vectors/numbers.json), and the
 * generated table's words and rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "screen/lang.h"

/* Every vector: the wall writes exactly what the pages write. */
static void numbers_money_and_chips_match_the_vectors(void **state)
{
    (void)state;
    json_error_t jerr;
    json_t *root = json_load_file("tests/vectors/numbers.json", 0, &jerr);
    if (!root)
        fail_msg("tests/vectors/numbers.json:%d: %s", jerr.line, jerr.text);
    json_t *vs = json_object_get(root, "vectors");
    assert_true(json_array_size(vs) > 50);
    int failures = 0;
    size_t i;
    json_t *v;
    json_array_foreach(vs, i, v)
    {
        const char *code = json_string_value(json_object_get(v, "lang"));
        const char *kind = json_string_value(json_object_get(v, "kind"));
        const char *want = json_string_value(json_object_get(v, "want"));
        const char *cur = json_string_value(json_object_get(v, "currency"));
        int64_t n = json_integer_value(json_object_get(v, "value"));
        assert_non_null(code);
        assert_non_null(kind);
        assert_non_null(want);
        lang_id l = lang_from_code(code);
        assert_string_equal(lang_codes[l], code);
        char got[128];
        if (!strcmp(kind, "number"))
            lang_number(l, n, got, sizeof got);
        else if (!strcmp(kind, "chips"))
            lang_chips(l, n, got, sizeof got);
        else if (!strcmp(kind, "money"))
            lang_money(l, n, cur, got, sizeof got);
        else
            fail_msg("vector %zu: unknown kind %s", i, kind);
        if (strcmp(got, want) != 0) {
            print_message("%s %s %lld %s: got \"%s\", want \"%s\"\n", code, kind, (long long)n,
                          cur ? cur : "", got, want);
            failures++;
        }
    }
    json_decref(root);
    assert_int_equal(failures, 0);
}

/* Extremes and small buffers: cut short, never overrun, never crash. */
static void formats_hold_at_the_extremes(void **state)
{
    (void)state;
    char buf[64];
    lang_number(LANG_DE, INT64_MIN, buf, sizeof buf);
    assert_string_equal(buf, "-9.223.372.036.854.775.808");
    lang_chips(LANG_NB, INT64_MAX, buf, sizeof buf);
    assert_string_equal(buf, "9\xc2\xa0"
                             "223\xc2\xa0"
                             "372\xc2\xa0"
                             "036\xc2\xa0"
                             "854\xc2\xa0"
                             "775\xc2\xa0"
                             "807");
    for (int l = 0; l < LANG__COUNT; l++)
        for (size_t len = 1; len < 12; len++) {
            char small[16];
            memset(small, 'x', sizeof small);
            lang_money((lang_id)l, -1234567, "NOK", small, len);
            assert_true(strlen(small) < len);
            assert_int_equal(small[len], 'x');
        }
    lang_money(LANG_EN, 5, NULL, buf, sizeof buf);
    assert_string_equal(buf, "5 points");
}

/* The table the build made: every language named, every word there, and
 * the codes a configuration may use. */
static void table_has_every_word_in_every_language(void **state)
{
    (void)state;
    assert_int_equal(LANG__COUNT, 5);
    for (int w = 0; w < W__COUNT; w++)
        for (int l = 0; l < LANG__COUNT; l++)
            if (!*lang_word((lang_id)l, (word_id)w))
                fail_msg("%s has no text in %s", lang_keys[w], lang_codes[l]);
    assert_int_equal(lang_from_code("no"), LANG_NB);
    assert_int_equal(lang_from_code("nb"), LANG_NB);
    assert_int_equal(lang_from_code("de"), LANG_DE);
    assert_int_equal(lang_from_code(NULL), LANG_EN);
    assert_int_equal(lang_from_code("xx"), LANG_EN);
    /* The rule books' words (the German kiosk once lacked "color-up"). */
    assert_string_equal(lang_word(LANG_DE, W_COLOR_UP_LOWER), "Color-up");
    assert_string_equal(lang_word(LANG_DE, W_LEVEL), "Limitstufe");
    assert_string_equal(lang_word(LANG_NB, W_RACE), "Utslagning");
    assert_string_equal(lang_word((lang_id)99, W_LEVEL), "Level");
    char up[64];
    snprintf(up, sizeof up, "%s", lang_word(LANG_DE, W_NOT_STARTED));
    lang_upper(up);
    assert_string_equal(up, "BEGINNT IN K\xc3\x9cRZE");
    snprintf(up, sizeof up,
             "bl\xc3\xa5"
             "b\xc3\xa6r \xc3\xb8l \xc3\xb7 \xc3\x9f");
    lang_upper(up);
    assert_string_equal(up, "BL\xc3\x85"
                            "B\xc3\x86R \xc3\x98L \xc3\xb7 \xc3\x9f");
    assert_string_equal(lang_word(LANG_EN, (word_id)-1), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_money_and_chips_match_the_vectors),
        cmocka_unit_test(formats_hold_at_the_extremes),
        cmocka_unit_test(table_has_every_word_in_every_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
