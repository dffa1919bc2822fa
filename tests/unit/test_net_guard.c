/* Wrong-PIN throttling (per address, per known phone and clock-wide), the
 * log's summary of wrong PINs, and the session store, with time passed in. */
#include <math.h>
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
#include "net/tally.h"

static const unsigned char A[4] = {10, 0, 0, 5}, B[4] = {10, 0, 0, 6};

static int fail_at(guard_t *g, const void *addr, int64_t t)
{
    refusal_t msg;
    return guard_fail(g, addr, 4, t, &msg, NULL);
}

/* Three free tries, then waits that double up to 15 minutes; nobody is
 * shut out for good. */
static void wrong_pins_wait_longer_each_time(void **state)
{
    (void)state;
    guard_t *g = guard_new(1e8);
    refusal_t msg;
    int64_t t = 1000000;
    int want[16] = {0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900};
    for (int i = 0; i < 16; i++) {
        assert_int_equal(guard_check(g, A, 4, t, &msg), 0);
        int count = 0;
        assert_int_equal(guard_fail(g, A, 4, t, &msg, &count), want[i]);
        assert_int_equal(count, i + 1);
        if (want[i])
            assert_non_null(strstr(msg.text, "wrong PIN: wait"));
        t += want[i] * 1000;
    }
    /* During the wait: refused with the time, whoever asks from A; B is free. */
    t -= 900 * 1000;
    assert_int_equal(guard_check(g, A, 4, t + 1000, &msg), 899);
    assert_non_null(strstr(msg.text, "wait 15 minutes"));
    assert_int_equal(msg.code, REFUSAL_pins_wait_minutes);
    assert_int_equal(msg.v[0].num, 15);
    assert_int_equal(guard_check(g, B, 4, t + 1000, &msg), 0);
    assert_int_equal(guard_check(g, A, 4, t + 900 * 1000, &msg), 0);
    guard_free(g);
}

static void the_right_pin_and_time_forgive(void **state)
{
    (void)state;
    guard_t *g = guard_new(1e8);
    refusal_t msg;
    for (int i = 0; i < 4; i++)
        fail_at(g, A, 1000 + i * 10000);
    guard_succeed(g, A, 4);
    assert_int_equal(fail_at(g, A, 50000), 0); /* counted from one again */
    fail_at(g, B, 0);
    fail_at(g, B, 1);
    assert_int_equal(fail_at(g, B, 2), 1);
    /* An hour without wrong PINs: B starts afresh. */
    assert_int_equal(fail_at(g, B, 2 + 3601 * 1000), 0);
    assert_int_equal(guard_check(g, B, 4, 2 + 3601 * 1000, &msg), 0);
    guard_free(g);
}

/* A stranger's try at the PIN: taken from the clock's budget, and wrong. */
static int stranger_tries(guard_t *g, const void *addr, int64_t t)
{
    refusal_t msg;
    int s = guard_take(g, false, t, &msg);
    if (s == 0)
        fail_at(g, addr, t);
    return s;
}

/* PINs looked at from anywhere spend one budget, sized so that 12 hours
 * of guessing cover at most 1 % of the PINs: for 4 digits 100 in 12 hours,
 * the 8 the bucket holds at the start included. */
static void the_clock_wide_budget_follows_the_pin(void **state)
{
    (void)state;
    guard_t *g = guard_new(pin_kinds("2468"));
    refusal_t msg;
    assert_true(fabs(guard_rate_per_hour(g) - (10000 * 0.01 - GUARD_BURST - GUARD_RESERVE) / 12) <
                1e-9);
    assert_true(guard_rate_per_hour(g) * 12 + GUARD_BURST + GUARD_RESERVE <= 100 + 1e-9);
    assert_true(guard_expected_hours(g) >= 652 && guard_expected_hours(g) <= 653);
    unsigned char addr[4] = {10, 1, 0, 0};
    int64_t t = 5000;
    for (int i = 0; i < GUARD_BURST; i++) {
        addr[3] = (unsigned char)i;
        assert_int_equal(stranger_tries(g, addr, t), 0);
    }
    int s = guard_take(g, false, t, &msg);
    assert_int_equal(s, 470); /* one PIN per 7.8 minutes */
    assert_non_null(strstr(msg.text, "on this clock"));
    assert_non_null(strstr(msg.text, "one-time code"));
    /* A try refused unread does not spend the budget, but still counts for
     * its address. */
    refusal_t m2;
    int count = 0;
    guard_fail(g, B, 4, t, &m2, &count);
    assert_int_equal(count, 1);
    assert_int_equal(guard_take(g, false, t, &msg), 470);
    assert_int_equal(guard_take(g, false, t + 470 * 1000, &msg), 0);
    /* The right PIN costs nothing: the try taken goes back. */
    guard_give_back(g);
    assert_int_equal(guard_take(g, false, t + 470 * 1000, &msg), 0);
    guard_free(g);

    /* A generated 8-digit PIN: at most 1800 an hour, years to guess. */
    g = guard_new(pin_kinds("30914691"));
    assert_true(fabs(guard_rate_per_hour(g) - GUARD_RATE_MAX_PER_H) < 1e-9);
    assert_true(guard_expected_hours(g) > 24 * 365 * 3);
    guard_free(g);
    /* Letters count as 62 kinds of character. */
    g = guard_new(pin_kinds("ab1"));
    assert_true(fabs(guard_rate_per_hour(g) - (62.0 * 62 * 62 * 0.01 - 8) / 12) < 1e-6);
    guard_free(g);
}

/* However many addresses guess, they leave GUARD_RESERVE tries that only a
 * known phone may take; what a known phone spends comes back before
 * strangers get another try; and a known phone waits by itself, not with
 * the address it shares with guessers. */
static void known_phones_keep_a_reserve(void **state)
{
    (void)state;
    guard_t *g = guard_new(pin_kinds("2468"));
    int64_t step = (int64_t)ceil(3600e3 / guard_rate_per_hour(g)); /* a try each 470 s */
    refusal_t msg;
    unsigned char addr[4] = {10, 2, 0, 0};
    int64_t t = 5000;
    /* 300 addresses, again and again: GUARD_BURST looked at, no more. */
    int looked = 0;
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 300; i++) {
            addr[2] = (unsigned char)(i >> 8);
            addr[3] = (unsigned char)i;
            looked += stranger_tries(g, addr, t + round) == 0;
        }
    assert_int_equal(looked, GUARD_BURST);
    /* The phone: three tries now (two typos and the right PIN). */
    assert_int_equal(guard_take(g, true, t, &msg), 0);
    assert_int_equal(guard_take(g, true, t, &msg), 0);
    assert_int_equal(guard_take(g, true, t, &msg), 0);
    guard_give_back(g);
    /* Spent: two typos. The next 2 refills go to the reserve, strangers
     * wait for the third. */
    assert_true(llabs(stranger_tries(g, addr, t + step) - 2 * step / 1000) <= 1);
    assert_true(llabs(stranger_tries(g, addr, t + 2 * step) - step / 1000) <= 1);
    assert_int_equal(stranger_tries(g, addr, t + 3 * step), 0);
    /* A sustained flood: a stranger gets each try as soon as it is there,
     * the phone still finds its three. */
    for (int k = 4; k < 40; k++)
        assert_int_equal(stranger_tries(g, addr, t + k * step), 0);
    for (int i = 0; i < GUARD_RESERVE; i++)
        assert_int_equal(guard_take(g, true, t + 39 * step, &msg), 0);
    assert_true(guard_take(g, true, t + 39 * step, &msg) > 0);
    guard_free(g);

    /* Waits are per who: the phone is not held up by its address. */
    g = guard_new(1e8);
    unsigned char phone[17] = {'p', 1, 2, 3};
    for (int i = 0; i < 8; i++)
        fail_at(g, A, 1000);
    assert_true(guard_check(g, A, 4, 1000, &msg) > 0);
    assert_int_equal(guard_check(g, phone, sizeof phone, 1000, &msg), 0);
    guard_free(g);
}

/* 300 addresses and more than GUARD_CLIENTS before: the least recently
 * failed are forgotten, never one of the 300 in the middle of its waits. */
static void three_hundred_addresses_keep_their_waits(void **state)
{
    (void)state;
    guard_t *g = guard_new(1e8);
    refusal_t msg;
    unsigned char addr[4] = {10, 3, 0, 0};
    int64_t t = 1000;
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < 300; i++) {
            addr[2] = (unsigned char)(i >> 8);
            addr[3] = (unsigned char)i;
            if (guard_check(g, addr, 4, t, &msg) == 0)
                fail_at(g, addr, t);
        }
    /* Each address: 3 free, the 3rd already waits 1 s. */
    for (int i = 0; i < 300; i++) {
        addr[2] = (unsigned char)(i >> 8);
        addr[3] = (unsigned char)i;
        assert_int_equal(guard_check(g, addr, 4, t, &msg), 1);
    }
    guard_free(g);
}

/* Lines the tally wrote into f since the start. */
static int lines_of(FILE *f, char *text, size_t len)
{
    fflush(f);
    rewind(f);
    size_t n = fread(text, 1, len - 1, f);
    text[n] = 0;
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += text[i] == '\n';
    return lines;
}

/* Waits (up to 5 s) until the tally has written n lines into f; their count. */
static int wait_lines(FILE *f, char *text, size_t len, int n)
{
    int lines = 0;
    for (int waited = 0; (lines = lines_of(f, text, len)) < n && waited < 5000; waited += 50)
        usleep(50 * 1000);
    return lines;
}

/* A flood of wrong PINs from 300 addresses makes at most TALLY_NAMED + 1
 * lines a minute: the busiest addresses with their counts, and the rest
 * together. A single one is written once its minute is over, without
 * waiting for the next. */
static void the_log_sums_up_each_address_a_minute(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    /* A "minute" of a second: long enough for the 3,000 wrong PINs below to
     * fall in one, even on a slow, busy machine under a sanitizer. */
    tally_t *t = tally_new("wrong PIN", 1000, f);
    unsigned char addr[4] = {127, 0, 0, 0};
    for (int i = 0; i < 300; i++) {
        addr[2] = (unsigned char)(i >> 8);
        addr[3] = (unsigned char)i;
        for (int k = 0; k < 10 + (i == 7) * 90 + (i == 9) * 40; k++)
            tally_add(t, addr, 4, k >= 3);
    }
    char text[8192];
    assert_int_equal(wait_lines(f, text, sizeof text, TALLY_NAMED + 1), TALLY_NAMED + 1);
    const char *first = strstr(text,
                               "pokerclock: wrong PIN from 127.0.0.7: 100 in the last minute, "
                               "97 of them refused unread\n");
    const char *second = strstr(text,
                                "pokerclock: wrong PIN from 127.0.0.9: 50 in the last minute");
    assert_non_null(first);
    assert_non_null(second);
    assert_true(first < second);
    assert_non_null(strstr(text, "pokerclock: wrong PIN from 284 more addresses: 2840 in the last "
                                 "minute, 1988 of them refused unread\n"));
    /* One wrong PIN alone: its line comes when its minute is over. */
    unsigned char lone[4] = {10, 0, 0, 7};
    tally_add(t, lone, 4, false);
    assert_int_equal(wait_lines(f, text, sizeof text, TALLY_NAMED + 2), TALLY_NAMED + 2);
    assert_non_null(strstr(text, "pokerclock: wrong PIN from 10.0.0.7: 1 in the last minute\n"));
    /* What is counted when the clock stops is written then. */
    tally_add(t, lone, 4, false);
    tally_free(t);
    assert_int_equal(lines_of(f, text, sizeof text), TALLY_NAMED + 3);
    fclose(f);
}

static void sessions_persist_as_hashes_and_expire(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-sessions-XXXXXX";
    assert_non_null(mkdtemp(dir));
    pin_t pin;
    assert_int_equal(pin_configured(&pin, "2468"), 0);
    session_store_t *s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &pin);
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

    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &pin);
    assert_true(session_valid(s, token, 2000));
    assert_false(session_valid(s, token, 1000 + SESSION_MAX_AGE_S));
    session_end(s, token);
    assert_false(session_valid(s, token, 2000));
    session_store_free(s);
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &pin);
    assert_false(session_valid(s, token, 2000));
    assert_true(session_valid(s, other, 2000));
    session_store_free(s);
    unlink(path);
    rmdir(dir);
}

/* Sessions made under one PIN end when the clock starts with another (and
 * stay gone when the first comes back); a file from before the PIN's mark
 * is treated as another PIN's. */
static void sessions_follow_the_pin(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-sessions-XXXXXX";
    assert_non_null(mkdtemp(dir));
    pin_t a, a_again, b;
    assert_int_equal(pin_configured(&a, "2468"), 0);
    assert_int_equal(pin_configured(&a_again, "2468"), 0); /* a restart: another salt */
    assert_int_equal(pin_configured(&b, "1357"), 0);
    char token[SESSION_TOKEN_LEN + 1];
    session_store_t *s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &a);
    assert_int_equal(session_create(s, 1000, token), 0);
    session_store_free(s);
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &a_again);
    assert_true(session_valid(s, token, 1001));
    session_store_free(s);
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &b);
    assert_false(session_valid(s, token, 1001));
    session_store_free(s);
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &a);
    assert_false(session_valid(s, token, 1001));
    session_store_free(s);

    /* The file holds neither the PIN nor the token. */
    char path[96], text[4096] = "";
    snprintf(path, sizeof path, "%s/sessions", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_null(strstr(text, "2468"));
    assert_int_equal(strncmp(text, "pin ", 4), 0);

    /* The old file: hashes without the mark. */
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &a);
    assert_int_equal(session_create(s, 1000, token), 0);
    session_store_free(s);
    f = fopen(path, "w");
    fputs(strchr(text, '\n') + 1, f);
    fclose(f);
    s = session_store_open(dir, "sessions", SESSION_MAX_AGE_S, &a);
    assert_false(session_valid(s, token, 1001));
    session_store_free(s);
    unlink(path);
    rmdir(dir);
}

/* Log out everywhere: every token ends but the one kept; a known phone
 * lives 400 days. */
static void every_token_ends_but_one(void **state)
{
    (void)state;
    pin_t pin;
    assert_int_equal(pin_configured(&pin, "2468"), 0);
    session_store_t *s = session_store_open(NULL, "phones", SESSION_PHONE_AGE_S, &pin);
    char t[3][SESSION_TOKEN_LEN + 1];
    for (int i = 0; i < 3; i++)
        assert_int_equal(session_create(s, 1000, t[i]), 0);
    assert_true(session_valid(s, t[0], 1000 + 399 * 86400));
    assert_false(session_valid(s, t[0], 1000 + 400 * 86400));
    session_end_all(s, t[1]);
    assert_false(session_valid(s, t[0], 2000));
    assert_true(session_valid(s, t[1], 2000));
    assert_false(session_valid(s, t[2], 2000));
    session_end_all(s, NULL);
    assert_false(session_valid(s, t[1], 2000));
    session_store_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wrong_pins_wait_longer_each_time),
        cmocka_unit_test(the_right_pin_and_time_forgive),
        cmocka_unit_test(the_clock_wide_budget_follows_the_pin),
        cmocka_unit_test(known_phones_keep_a_reserve),
        cmocka_unit_test(three_hundred_addresses_keep_their_waits),
        cmocka_unit_test(the_log_sums_up_each_address_a_minute),
        cmocka_unit_test(sessions_persist_as_hashes_and_expire),
        cmocka_unit_test(sessions_follow_the_pin),
        cmocka_unit_test(every_token_ends_but_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
