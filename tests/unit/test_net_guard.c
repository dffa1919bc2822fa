/* Wrong-PIN throttling and the session store, with time passed in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
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
    return guard_fail(g, addr, 4, t, msg, sizeof msg);
}

/* Three free tries, then waits of 1, 2, ... 5 s, then 5 minutes locked out. */
static void wrong_pins_are_slowed_then_locked_out(void **state)
{
    (void)state;
    guard_t *g = guard_new();
    char msg[160];
    int64_t t = 1000000;
    int waits[10];
    for (int i = 0; i < 10; i++) {
        assert_int_equal(guard_check(g, A, 4, t, msg, sizeof msg), 0);
        waits[i] = fail_at(g, A, t);
        t += waits[i] * 1000;
    }
    int want[10] = {0, 0, 1, 2, 3, 4, 5, 5, 5, 300};
    for (int i = 0; i < 10; i++)
        assert_int_equal(waits[i], want[i]);
    /* During the wait: refused with the time, whoever asks from A. */
    t -= 300 * 1000;
    assert_int_equal(guard_check(g, A, 4, t + 1000, msg, sizeof msg), 299);
    assert_non_null(strstr(msg, "locked out for 5 minutes"));
    assert_int_equal(guard_check(g, B, 4, t + 1000, msg, sizeof msg), 0);
    /* After it: one more try, and a wrong one locks out again. */
    assert_int_equal(guard_check(g, A, 4, t + 300 * 1000, msg, sizeof msg), 0);
    assert_int_equal(fail_at(g, A, t + 300 * 1000), 300);
    guard_free(g);
}

static void the_right_pin_and_time_forgive(void **state)
{
    (void)state;
    guard_t *g = guard_new();
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

static void many_addresses_at_once_make_everyone_wait(void **state)
{
    (void)state;
    guard_t *g = guard_new();
    char msg[160];
    unsigned char addr[4] = {10, 1, 0, 0};
    for (int i = 0; i < GUARD_GLOBAL_MAX - 1; i++) {
        addr[3] = (unsigned char)i;
        fail_at(g, addr, 1000 + i * 100);
    }
    assert_int_equal(guard_check(g, B, 4, 5000, msg, sizeof msg), 0);
    addr[2] = 1;
    fail_at(g, addr, 5000);
    int s = guard_check(g, B, 4, 5000, msg, sizeof msg);
    assert_int_equal(s, GUARD_GLOBAL_WINDOW_S);
    assert_non_null(strstr(msg, "on this clock"));
    assert_int_equal(guard_check(g, B, 4, 5000 + GUARD_GLOBAL_WINDOW_S * 1000, msg, sizeof msg), 0);
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
        cmocka_unit_test(wrong_pins_are_slowed_then_locked_out),
        cmocka_unit_test(the_right_pin_and_time_forgive),
        cmocka_unit_test(many_addresses_at_once_make_everyone_wait),
        cmocka_unit_test(sessions_persist_as_hashes_and_expire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
