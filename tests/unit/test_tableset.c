/* The set of tables in play: its edges (1, 64, 65, 256), order and refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/tableset.h"

/* The tables of s in the order tableset_next gives them. */
static int listed(const tableset_t *s, int *out)
{
    int n = 0;
    for (int t = 0; (t = tableset_next(s, t));)
        out[n++] = t;
    return n;
}

static void numbers_on_every_word_edge(void **state)
{
    (void)state;
    tableset_t s = {{0}};
    assert_true(tableset_empty(&s));
    assert_int_equal(tableset_next(&s, 0), 0);
    const int edges[] = {1, 63, 64, 65, 128, 129, 192, 193, 255, 256};
    for (int i = 0; i < 10; i++)
        assert_true(tableset_add(&s, edges[i]));
    assert_int_equal(tableset_count(&s), 10);
    int got[TABLESET_MAX];
    assert_int_equal(listed(&s, got), 10);
    assert_memory_equal(got, edges, sizeof edges);
    for (int t = 1; t <= TABLESET_MAX; t++) {
        bool want = false;
        for (int i = 0; i < 10; i++)
            want |= edges[i] == t;
        assert_int_equal(tableset_has(&s, t), want);
    }
    tableset_remove(&s, 65);
    tableset_remove(&s, 256);
    assert_false(tableset_has(&s, 65));
    assert_false(tableset_has(&s, 256));
    assert_true(tableset_has(&s, 64));
    assert_int_equal(tableset_count(&s), 8);
    assert_int_equal(tableset_next(&s, 64), 128);
    assert_int_equal(tableset_next(&s, 255), 0);
}

static void numbers_outside_are_refused_and_change_nothing(void **state)
{
    (void)state;
    tableset_t s = tableset_first(3), before = s;
    const int bad[] = {0, -1, 257, 999, 1 << 20};
    for (int i = 0; i < 5; i++) {
        assert_false(tableset_add(&s, bad[i]));
        assert_false(tableset_has(&s, bad[i]));
        tableset_remove(&s, bad[i]);
        assert_true(tableset_equal(&s, &before));
    }
    tableset_t listed_bad = tableset_of(3, (int[]){0, 300, 2});
    assert_int_equal(tableset_count(&listed_bad), 1);
    assert_true(tableset_has(&listed_bad, 2));
}

static void the_first_n_tables(void **state)
{
    (void)state;
    const int ns[] = {0, 1, 63, 64, 65, 200, 256, 300, -5};
    for (int i = 0; i < 9; i++) {
        tableset_t s = tableset_first(ns[i]);
        int want = ns[i] < 0 ? 0 : ns[i] > TABLESET_MAX ? TABLESET_MAX : ns[i];
        assert_int_equal(tableset_count(&s), want);
        for (int t = 1; t <= TABLESET_MAX; t++)
            assert_int_equal(tableset_has(&s, t), t <= want);
    }
}

static void and_or_minus_within(void **state)
{
    (void)state;
    tableset_t a = tableset_first(100); /* 1..100 */
    tableset_t b = tableset_of(4, (int[]){50, 100, 101, 250});
    tableset_t both = tableset_and(&a, &b), either = tableset_or(&a, &b),
               rest = tableset_minus(&a, &b);
    int got[TABLESET_MAX];
    assert_int_equal(listed(&both, got), 2);
    assert_int_equal(got[0], 50);
    assert_int_equal(got[1], 100);
    assert_int_equal(tableset_count(&either), 102);
    assert_true(tableset_has(&either, 250));
    assert_int_equal(tableset_count(&rest), 98);
    assert_false(tableset_has(&rest, 50));
    assert_true(tableset_has(&rest, 99));
    assert_true(tableset_within(&both, &a));
    assert_false(tableset_within(&b, &a));
    assert_true(tableset_within(&a, &either));
    tableset_t none = {{0}};
    assert_true(tableset_within(&none, &a));
    assert_false(tableset_equal(&a, &either));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_on_every_word_edge),
        cmocka_unit_test(numbers_outside_are_refused_and_change_nothing),
        cmocka_unit_test(the_first_n_tables),
        cmocka_unit_test(and_or_minus_within),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
