/* Text the clock shows or sends: well-formed UTF-8, and a message cut at a
 * length made whole again. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/text.h"

static void utf8_checked(void **state)
{
    (void)state;
    assert_true(text_utf8_valid("Bjørn Ødegård ♠ 🂡"));
    const char *bad[] = {"\xc3",     "a\xffz", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                         "\xe2\x99", "\x80"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_false(text_utf8_valid(bad[i]));
}

/* "there is no /api/ééé" cut after 200 bytes may end in half a letter:
 * each byte that is not part of a whole character becomes '?', and the
 * rest is kept as it was. */
static void utf8_repaired(void **state)
{
    (void)state;
    struct {
        const char *in, *out;
    } cases[] = {
        {"Bjørn ♠", "Bjørn ♠"},   {"there is no /api/é\xc3", "there is no /api/é?"},
        {"a\xe2\x99 b", "a?? b"}, {"\xff\xfe ok", "?? ok"},
        {"\xc0\xaf", "??"},      /* an overlong '/' */
        {"\xed\xa0\x80", "???"}, /* a surrogate */
        {"\x80z", "?z"},          {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char s[64];
        snprintf(s, sizeof s, "%s", cases[i].in);
        text_utf8_repair(s);
        assert_string_equal(s, cases[i].out);
        assert_true(text_utf8_valid(s));
    }
}

/* Names fold so that one person matches however he was typed: case,
 * accents and spaces aside; a prefix begins any word. */
static void names_folded(void **state)
{
    (void)state;
    struct {
        const char *in, *out;
    } cases[] = {
        {"Åse Lie", "ase lie"},
        {" ÅSE   LIE ", "ase lie"},
        {"Bjørn Ødegård", "bjorn odegard"},
        {"Łukasz Żółć", "lukasz zolc"},
        {"Ærø Ñuñez", "aro nunez"},
        {"李 Wei", "李 wei"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char out[64];
        text_fold(cases[i].in, out, sizeof out);
        assert_string_equal(out, cases[i].out);
    }
    char small[5];
    text_fold("Åse Lie", small, sizeof small); /* cut, never a space at the end */
    assert_string_equal(small, "ase");
    assert_true(text_fold_word_prefix("ase lie", "as"));
    assert_true(text_fold_word_prefix("ase lie", "li"));
    assert_true(text_fold_word_prefix("ase lie", ""));
    assert_false(text_fold_word_prefix("ase lie", "se"));
    assert_false(text_fold_word_prefix("ase lie", "lies"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(utf8_checked),
        cmocka_unit_test(utf8_repaired),
        cmocka_unit_test(names_folded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
