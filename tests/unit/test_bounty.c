/* Bounties as docs/rules.md §12 states them: a head shared by a split pot
 * in the payout unit, the odd units to the first named; progressive, the
 * half onto the eliminator's head rounded down to the unit, the odd unit
 * in cash; what the configuration may not say. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/bounty.h"

static structure_t with(int64_t amount, const char *kind, int64_t unit)
{
    structure_t s;
    memset(&s, 0, sizeof s);
    s.buy_in = 50;
    s.rebuy_price = 50;
    s.bounty.amount = amount;
    strcpy(s.bounty.kind, kind);
    s.payout_unit = unit;
    return s;
}

static void split(const structure_t *s, int64_t head, int n, const int64_t *cash,
                  const int64_t *onto)
{
    int64_t c[TOURNEY_MAX_KO], o[TOURNEY_MAX_KO], sum = 0;
    bounty_split(s, head, n, c, o);
    for (int i = 0; i < n; i++) {
        assert_int_equal(c[i], cash[i]);
        assert_int_equal(o[i], onto[i]);
        sum += c[i] + o[i];
    }
    assert_int_equal(sum, head);
}

static void a_fixed_head_is_shared_in_the_unit_first_named_first(void **state)
{
    (void)state;
    structure_t s = with(25, "fixed", 1);
    split(&s, 25, 1, (int64_t[]){25}, (int64_t[]){0});
    split(&s, 25, 2, (int64_t[]){13, 12}, (int64_t[]){0, 0});
    split(&s, 26, 3, (int64_t[]){9, 9, 8}, (int64_t[]){0, 0, 0});
    s.payout_unit = 5; /* 25 is five units: 3 and 2 */
    split(&s, 25, 2, (int64_t[]){15, 10}, (int64_t[]){0, 0});
    split(&s, 27, 2, (int64_t[]){17, 10}, (int64_t[]){0, 0}); /* the part of a unit: first named */
}

static void a_progressive_head_is_half_cash_half_onto_his_own(void **state)
{
    (void)state;
    structure_t s = with(15, "progressive", 1);
    split(&s, 15, 1, (int64_t[]){8}, (int64_t[]){7});
    split(&s, 30, 2, (int64_t[]){8, 8}, (int64_t[]){7, 7});
    split(&s, 25, 2, (int64_t[]){7, 6}, (int64_t[]){6, 6});
    s.payout_unit = 5; /* the half onto the head rounded down to 5 */
    split(&s, 25, 1, (int64_t[]){15}, (int64_t[]){10});
    split(&s, 50, 2, (int64_t[]){15, 15}, (int64_t[]){10, 10});
}

static void the_configuration_must_make_sense(void **state)
{
    (void)state;
    structure_t s = with(25, "fixed", 1);
    assert_string_equal(bounty_config_problem(&s), "");
    s.bounty.amount = 50;
    assert_non_null(strstr(bounty_config_problem(&s), "less than buy_in"));
    s = with(25, "mystery", 1);
    assert_non_null(strstr(bounty_config_problem(&s), "kind must be"));
    s = with(25, "", 1);
    assert_string_equal(bounty_config_problem(&s), ""); /* fixed */
    assert_false(bounty_progressive(&s));
    s.bounty.rebuys = true;
    s.rebuy_price = 20;
    assert_non_null(strstr(bounty_config_problem(&s), "rebuy's price"));
    assert_int_equal(bounty_per_rebuy(&s), 25);
    s.bounty.rebuys = false;
    assert_int_equal(bounty_per_rebuy(&s), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_fixed_head_is_shared_in_the_unit_first_named_first),
        cmocka_unit_test(a_progressive_head_is_half_cash_half_onto_his_own),
        cmocka_unit_test(the_configuration_must_make_sense),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
