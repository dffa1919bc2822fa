/* Wrong-PIN throttling (per address and clock-wide) and the session store, with time passed in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "net/guard.h"
#include "net/session.h"

static const unsigned char A[4] = {10, 0, 0, 5}, B[4] = {10, 0, 0, 6};

static int fail_at(guard_t *g, const void *addr, int64_t t)
{
    char msg[160];
    return guard_fail(g, addr, 4, t, true, msg, sizeof msg, NULL);
}

/* Three free tries, then waits that double up to 15 minutes; nobody is
 * shut out for good. */
static void wrong_pins_wait_longer_each_time(void **state)
{
    (void)state;
    guard_t *g = guard_new("83920174");
    char msg[160];
    int64_t t = 1000000;
    int want[16] = {0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900};
    for (int i = 0; i < 16; i++) {
        assert_int_equal(guard_check(g, A, 4, t, msg, sizeof msg), 0);
        int count = 0;
        assert_int_equal(guard_fail(g, A, 4, t, true, msg, sizeof msg, &count), want[i]);
        assert_int_equal(count, i + 1);
        if (want[i])
            assert_non_null(strstr(msg, "wrong PIN: wait"));
        t += want[i] * 1000;
    }
    /* During the wait: refused with the time, whoever asks from A; B is free. */
    t -= 900 * 1000;
    assert_int_equal(guard_check(g, A, 4, t + 1000, msg, sizeof msg), 899);
    assert_non_null(strstr(msg, "wait 15 minutes"));
    assert_int_equal(guard_check(g, B, 4, t + 1000, msg, sizeof msg), 0);
    assert_int_equal(guard_check(g, A, 4, t + 900 * 1000, msg, sizeof msg), 0);
    guard_free(g);
}

static void the_right_pin_and_time_forgive(void **state)
{
    (void)state;
    guard_t *g = guard_new("83920174");
    char msg[160];
    for (int i = 0; i < 4; i++)
        fail_at(g, A, 1000 + i * 10000);
    guard_succeed(g, A, 4);
    assert_int_equal(fail_at(g, A, 50000), 0); /* counted from one again */
    fail_at(g, B, 0);
    fail_at(g, B, 1);
    assert_int_equal(fail_at(g, B, 2), 1);
    /* An hour without wrong PINs: B starts afresh. */
    assert_int_equal(fail_at(g, B, 2 + 3601 * 1000), 0);
    assert_int_equal(guard_check(g, B, 4, 2 + 3601 * 1000, msg, sizeof msg), 0);
    guard_free(g);
}

/* Wrong PINs from anywhere spend one budget, sized so that 12 hours of
 * guessing cover at most 1 % of the PINs: for 4 digits 100 an 12 hours. */
static void the_clock_wide_budget_follows_the_pin(void **state)
{
    (void)state;
    guard_t *g = guard_new("2468");
    char msg[160];
    assert_true(fabs(guard_rate_per_hour(g) - 10000 * 0.01 / 12) < 1e-9);
    assert_true(guard_expected_hours(g) >= 599 && guard_expected_hours(g) <= 601);
    unsigned char addr[4] = {10, 1, 0, 0};
    int64_t t = 5000;
    for (int i = 0; i < GUARD_BURST; i++) {
        assert_int_equal(guard_check_clock(g, t, msg, sizeof msg), 0);
        addr[3] = (unsigned char)i;
        fail_at(g, addr, t);
    }
    int s = guard_check_clock(g, t, msg, sizeof msg);
    assert_int_equal(s, 432); /* one wrong PIN per 7.2 minutes */
    assert_non_null(strstr(msg, "on this clock"));
    assert_non_null(strstr(msg, "one-time code"));
    /* A try refused unread does not spend the budget, but still counts for
     * its address. */
    char m2[160];
    int count = 0;
    guard_fail(g, B, 4, t, false, m2, sizeof m2, &count);
    assert_int_equal(count, 1);
    assert_int_equal(guard_check_clock(g, t, msg, sizeof msg), 432);
    assert_int_equal(guard_check_clock(g, t + 432 * 1000, msg, sizeof msg), 0);
    guard_free(g);

    /* A generated 8-digit PIN: at most 1800 an hour, years to guess. */
    g = guard_new("30914691");
    assert_true(fabs(guard_rate_per_hour(g) - GUARD_RATE_MAX_PER_H) < 1e-9);
    assert_true(guard_expected_hours(g) > 24 * 365 * 3);
    guard_free(g);
    /* Letters count as 62 kinds of character. */
    g = guard_new("ab1");
    assert_true(fabs(guard_rate_per_hour(g) - 62.0 * 62 * 62 * 0.01 / 12) < 1e-6);
    guard_free(g);
}

static void sessions_persist_as_hashes_and_expire(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-sessions-XXXXXX";
    assert_non_null(mkdtemp(dir));
    session_store_t *s = session_store_open(dir);
    char token[SESSION_TOKEN_LEN + 1], other[SESSION_TOKEN_LEN + 1];
    assert_int_equal(session_create(s, 1000, token), 0);
    assert_int_equal(session_create(s, 1000, other), 0);
    assert_int_equal(strlen(token), SESSION_TOKEN_LEN);
    assert_string_not_equal(token, other);
    assert_true(session_valid(s, token, 1001));
    assert_false(session_valid(s, "0123456789abcdef0123456789abcdef", 1001));
    assert_false(session_valid(s, "short", 1001));
    session_store_free(s);

    char path[96], text[4096] = "";
    snprintf(path, sizeof path, "%s/sessions", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_null(strstr(text, token));

    s = session_store_open(dir);
    assert_true(session_valid(s, token, 2000));
    assert_false(session_valid(s, token, 1000 + SESSION_MAX_AGE_S));
    session_end(s, token);
    assert_false(session_valid(s, token, 2000));
    session_store_free(s);
    s = session_store_open(dir);
    assert_false(session_valid(s, token, 2000));
    assert_true(session_valid(s, other, 2000));
    session_store_free(s);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wrong_pins_wait_longer_each_time),
        cmocka_unit_test(the_right_pin_and_time_forgive),
        cmocka_unit_test(the_clock_wide_budget_follows_the_pin),
        cmocka_unit_test(sessions_persist_as_hashes_and_expire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
