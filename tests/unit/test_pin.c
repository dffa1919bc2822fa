/* The director PIN: comparing it, making it, and the one-time code from the wall. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "net/pin_equal.h"
#include "store/pin.h"

static void only_the_exact_pin_matches(void **state)
{
    (void)state;
    assert_true(pin_equal("482913", "482913"));
    /* Wrong PINs that share the last digit, all but the first, or a prefix. */
    assert_false(pin_equal("482913", "000003"));
    assert_false(pin_equal("482913", "582913"));
    assert_false(pin_equal("482913", "482910"));
    assert_false(pin_equal("482913", "48291"));
    assert_false(pin_equal("482913", "4829133"));
    assert_false(pin_equal("482913", "482913482913"));
    assert_false(pin_equal("482913", ""));
    /* No PIN set lets nobody in, not even with an empty one. */
    assert_false(pin_equal("", ""));
    assert_false(pin_equal("", "0"));
}

static void a_generated_pin_has_eight_digits_and_is_kept(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pin[32], again[32];
    bool generated;
    assert_int_equal(pin_resolve(dir, NULL, pin, sizeof pin, &generated), 0);
    assert_true(generated);
    assert_int_equal(strlen(pin), PIN_DIGITS);
    assert_int_equal(strspn(pin, "0123456789"), PIN_DIGITS);
    assert_int_equal(pin_resolve(dir, "", again, sizeof again, &generated), 0);
    assert_string_equal(pin, again);
    assert_int_equal(pin_resolve(dir, "2468", again, sizeof again, &generated), 0);
    assert_string_equal(again, "2468");
    assert_false(generated);
    char path[64];
    snprintf(path, sizeof path, "%s/pin", dir);
    unlink(path);
    rmdir(dir);
}

static void a_one_time_code_works_once_and_for_two_minutes(void **state)
{
    (void)state;
    char code[PIN_DIGITS + 1], shown[PIN_DIGITS + 1];
    int64_t t = 5000000;
    assert_false(pin_code_shown(t, shown));
    assert_false(pin_code_take("12345678", t));
    assert_int_equal(pin_code_new(t, code), 0);
    assert_int_equal(strlen(code), PIN_DIGITS);
    assert_true(pin_code_shown(t + 1000, shown));
    assert_string_equal(shown, code);
    /* Wrong codes, however many, do not end it (a guesser cannot take the
     * director's way in away); near misses are wrong. */
    char near[PIN_DIGITS + 1];
    memcpy(near, code, sizeof near);
    near[0] = near[0] == '9' ? '0' : (char)(near[0] + 1);
    for (int i = 0; i < 1000; i++)
        assert_false(pin_code_take(near, t + 2000));
    memcpy(near, code, sizeof near);
    near[PIN_DIGITS - 1] = near[PIN_DIGITS - 1] == '9' ? '0' : (char)(near[PIN_DIGITS - 1] + 1);
    assert_false(pin_code_take(near, t + 2000));
    char shorter[PIN_DIGITS + 1];
    memcpy(shorter, code, sizeof shorter);
    shorter[PIN_DIGITS - 1] = 0;
    assert_false(pin_code_take(shorter, t + 2000));
    assert_true(pin_code_take(code, t + 3000));
    assert_false(pin_code_take(code, t + 3001)); /* used up */
    assert_false(pin_code_shown(t + 3001, shown));

    assert_int_equal(pin_code_new(t, code), 0);
    assert_false(pin_code_take(code, t + PIN_CODE_MS)); /* too late */
    assert_false(pin_code_shown(t + PIN_CODE_MS, shown));
    /* A new code replaces the old one. */
    char first[PIN_DIGITS + 1];
    assert_int_equal(pin_code_new(t, first), 0);
    assert_int_equal(pin_code_new(t, code), 0);
    if (strcmp(first, code) != 0)
        assert_false(pin_code_take(first, t + 1));
    assert_true(pin_code_take(code, t + 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_the_exact_pin_matches),
        cmocka_unit_test(a_generated_pin_has_eight_digits_and_is_kept),
        cmocka_unit_test(a_one_time_code_works_once_and_for_two_minutes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
