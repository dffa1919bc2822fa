/* Payouts: the pool as lines, payout lists and tie shares that add up to the unit, league points.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/payout.h"
#include "model/points.h"
#include "model/tourney.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static char err[256];

static int64_t sum_of(const int64_t *a, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static void pool_lines_add_up_and_show_each_part(void **state)
{
    (void)state;
    payout_line_t l[PAYOUT_MAX_LINES];
    int64_t pool;
    /* 40 entries at 100 + 10 fee, 12 rebuys at 100, 20 add-ons at 50, 500
     * added, 10,000 guaranteed: 4000 + 1200 + 1000 + 500 = 6700, topped up. */
    payout_pool_in_t in = {.entries = 40,
                           .buy_in = 100,
                           .fee = 10,
                           .rebuys = 12,
                           .rebuy_price = 100,
                           .addons = 20,
                           .addon_price = 50,
                           .added = 500,
                           .guarantee = 10000};
    int n = payout_pool(&in, l, &pool);
    assert_int_equal(pool, 10000);
    const char *labels[] = {"Buy-ins", "Fee", "Rebuys", "Add-ons", "Added", "Guarantee"};
    int64_t amounts[] = {4400, -400, 1200, 1000, 500, 3300};
    assert_int_equal(n, 6);
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        assert_string_equal(l[i].label, labels[i]);
        assert_int_equal(l[i].amount, amounts[i]);
        if (l[i].count)
            assert_int_equal(l[i].count * l[i].each, l[i].amount);
        s += l[i].amount;
    }
    assert_int_equal(s, pool);
    assert_int_equal(l[0].each, 110);

    /* Over the guarantee it adds nothing; a 10 % rake of 6200 is 620. */
    in.guarantee = 5000;
    in.rake_bp = 1000;
    n = payout_pool(&in, l, &pool);
    assert_int_equal(pool, 6200 - 620 + 500);
    s = 0;
    for (int i = 0; i < n; i++) {
        assert_string_not_equal(l[i].label, "Guarantee");
        s += l[i].amount;
    }
    assert_int_equal(s, pool);
    /* No entries yet: no guarantee either. */
    n = payout_pool(&(payout_pool_in_t){.guarantee = 5000}, l, &pool);
    assert_int_equal(n, 0);
    assert_int_equal(pool, 0);
}

/* A schedule like the ones venues use: about one in ten paid, shares
 * falling with the place. */
static int schedule(int entries, int64_t *w)
{
    int places = entries / 10 + 1;
    if (places > entries)
        places = entries;
    for (int k = 0; k < places; k++)
        w[k] = 100000 / (k + 2) + 7 * (places - k);
    return places;
}

static void every_field_and_unit_sums_exactly_ties_included(void **state)
{
    (void)state;
    static const int64_t units[] = {1, 5, 10, 25, 100};
    int64_t w[400], out[400], share[3];
    long checked = 0;
    for (int entries = 2; entries <= 2000; entries++) {
        int places = schedule(entries, w);
        /* 33 per entry and a rebuy for every third: remainders of every size */
        int64_t pool = entries * 33 + (entries / 3) * 27;
        for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
            int64_t unit = units[u];
            for (int rule = PAYOUT_REMAINDER_FIRST; rule <= PAYOUT_REMAINDER_LARGEST; rule++) {
                assert_int_equal(payout_by_weights(pool, w, places, unit, rule, out, err,
                                                   sizeof err),
                                 0);
                assert_int_equal(sum_of(out, places), pool);
                for (int k = 1; k < places; k++) {
                    assert_true(out[k] >= 0);
                    if (out[k] % unit != 0)
                        fail_msg("%d entries, unit %lld: place %d got %lld", entries,
                                 (long long)unit, k + 1, (long long)out[k]);
                }
                /* A tie at every place: two (and three) players share the
                 * places' prizes to the unit, what is left by the same
                 * rule (one unit each, or all to the first of them). */
                for (int k = 0; k + 1 < places; k++) {
                    int g = k + 2 < places ? 3 : 2;
                    int64_t total = sum_of(out + k, g);
                    payout_share(total, g, unit, rule, share);
                    assert_int_equal(sum_of(share, g), total);
                    for (int i = 1; i < g; i++) {
                        assert_int_equal(share[i] % unit, 0);
                        assert_true(share[i - 1] >= share[i]);
                        assert_true(share[0] - share[i] <
                                    (rule == PAYOUT_REMAINDER_LARGEST ? 2 : g) * unit);
                    }
                }
                checked++;
            }
        }
    }
    assert_int_equal(checked, 1999 * 5 * 2);
}

static void the_remainder_goes_by_the_stated_rule(void **state)
{
    (void)state;
    int64_t w[] = {5000, 3000, 2000}, out[3];
    assert_int_equal(payout_by_weights(1000, w, 3, 1, PAYOUT_REMAINDER_FIRST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){500, 300, 200}), sizeof out);
    assert_int_equal(payout_by_weights(1001, w, 3, 1, PAYOUT_REMAINDER_FIRST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){501, 300, 200}), sizeof out);
    /* 999 in tens: 490, 290, 190 by rounding down; 29 left. FIRST: all to
     * first place. LARGEST: the two units to 3rd (lost 8) and 2nd (lost 7),
     * the 9 below a unit to first place. */
    assert_int_equal(payout_by_weights(999, w, 3, 10, PAYOUT_REMAINDER_FIRST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){519, 290, 190}), sizeof out);
    assert_int_equal(payout_by_weights(999, w, 3, 10, PAYOUT_REMAINDER_LARGEST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){499, 300, 200}), sizeof out);
    /* Equal losses: the better place first. */
    int64_t eq[] = {1, 1, 1};
    assert_int_equal(payout_by_weights(31, eq, 3, 1, PAYOUT_REMAINDER_LARGEST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){11, 10, 10}), sizeof out);
    assert_int_equal(payout_by_weights(32, eq, 3, 1, PAYOUT_REMAINDER_LARGEST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){11, 11, 10}), sizeof out);
    /* Nonsense is refused with a reason. */
    assert_int_equal(payout_by_weights(100, (int64_t[]){0, 0}, 2, 1, 0, out, err, 256), -1);
    assert_non_null(strstr(err, "nothing"));
    assert_int_equal(payout_by_weights(100, w, 3, 0, 0, out, err, 256), -1);
    assert_non_null(strstr(err, "rounding unit"));
    assert_int_equal(payout_by_weights(100, (int64_t[]){5, -1}, 2, 1, 0, out, err, 256), -1);
    assert_int_equal(payout_by_weights(-5, w, 3, 1, 0, out, err, 256), -1);
}

static void fixed_amounts_and_points_events(void **state)
{
    (void)state;
    int64_t fixed[] = {500, 300, 100}, out[3];
    assert_int_equal(payout_fixed(1000, fixed, 3, 1, PAYOUT_REMAINDER_FIRST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){600, 300, 100}), sizeof out);
    /* The 100 over the fixed prizes shared 5:3:1: 55, 33, 11 and the unit
     * left to first place (it lost the most, 0.56). */
    assert_int_equal(payout_fixed(1000, fixed, 3, 1, PAYOUT_REMAINDER_LARGEST, out, err, 256), 0);
    assert_memory_equal(out, ((int64_t[]){556, 333, 111}), sizeof out);
    assert_int_equal(payout_fixed(800, fixed, 3, 1, PAYOUT_REMAINDER_FIRST, out, err, 256), -1);
    assert_string_equal(err, "the fixed prizes add up to 900, more than the prize pool 800");
    /* A points-only league night: 5000 points added, 50/30/20 in fives. */
    payout_line_t l[PAYOUT_MAX_LINES];
    int64_t pool;
    payout_pool(&(payout_pool_in_t){.entries = 23, .added = 5003}, l, &pool);
    assert_int_equal(pool, 5003);
    assert_int_equal(payout_by_weights(pool, (int64_t[]){50, 30, 20}, 3, 5, PAYOUT_REMAINDER_FIRST,
                                       out, err, 256),
                     0);
    assert_memory_equal(out, ((int64_t[]){2503, 1500, 1000}), sizeof out);
}

static void tie_shares_give_the_odd_units_by_the_payout_rule(void **state)
{
    (void)state;
    int64_t s[4];
    for (int rule = PAYOUT_REMAINDER_FIRST; rule <= PAYOUT_REMAINDER_LARGEST; rule++) {
        payout_share(199, 2, 1, rule, s);
        assert_int_equal(s[0], 100);
        assert_int_equal(s[1], 99);
        /* In fives: 39 units and 4 below a unit; 20 + 19 units, the 4 first. */
        payout_share(199, 2, 5, rule, s);
        assert_int_equal(s[0], 104);
        assert_int_equal(s[1], 95);
        /* 125 (places 9 and 10 paying 75 and 50) in fives: 13 and 12 units */
        payout_share(125, 2, 5, rule, s);
        assert_int_equal(s[0], 65);
        assert_int_equal(s[1], 60);
    }
    /* Two units left for three: one each (largest remainder), or both to
     * the first named (first place's rule). */
    payout_share(200, 3, 1, PAYOUT_REMAINDER_LARGEST, s);
    assert_memory_equal(s, ((int64_t[]){67, 67, 66}), 3 * sizeof s[0]);
    payout_share(200, 3, 1, PAYOUT_REMAINDER_FIRST, s);
    assert_memory_equal(s, ((int64_t[]){68, 66, 66}), 3 * sizeof s[0]);
    payout_share(3, 4, 1, PAYOUT_REMAINDER_LARGEST, s);
    assert_memory_equal(s, ((int64_t[]){1, 1, 1, 0}), 4 * sizeof s[0]);
}

/* The clock itself: two players out in one hand at different tables tie for
 * 6th-7th, whose prizes are 100 and 99: they get 100 and 99, not 99 each. */
static void a_tie_in_the_clock_loses_no_unit(void **state)
{
    (void)state;
    static structure_t s;
    static model_t m;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Tie");
    s.buy_in = 100;
    s.starting_stack = 10000;
    s.n_levels = 1;
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 25,
                            .big_blind = 50,
                            .duration_ms = 20 * 60000};
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2,
                                    .places = 7,
                                    .bp = {2500, 2000, 1500, 1010, 1000, 1000, 990}};
    model_init(&m, &s);
    command_t reg = {.type = CMD_REGISTER, .count = 10};
    assert_int_equal(model_apply(&m, &reg, 1000, &no), APPLY_OK);
    tourney_view_t v;
    tourney_view(&m.t, 1000, &v);
    assert_int_equal(v.payouts[5], 100);
    assert_int_equal(v.payouts[6], 99);
    command_t out3 = {.type = CMD_BUST, .count = 3};
    assert_int_equal(model_apply(&m, &out3, 2000, &no), APPLY_OK);
    command_t tie = {.type = CMD_BUST, .n_busts = 2};
    tie.busts[0].table = 1;
    tie.busts[0].chips = 500;
    tie.busts[1].table = 2;
    tie.busts[1].chips = 800;
    assert_int_equal(model_apply(&m, &tie, 3000, &no), APPLY_OK);
    const result_t *a = &m.t.results[m.t.n_results - 2], *b = &m.t.results[m.t.n_results - 1];
    assert_int_equal(a->place_best, 6);
    assert_int_equal(b->place_worst, 7);
    assert_int_equal(a->prize_each + b->prize_each, 199);
    assert_int_equal(a->prize_each, 100); /* the first given */
    assert_int_equal(a->table, 1);
}

/* The view's payouts add up to the pool for every field size. */
static void the_view_pays_out_the_whole_pool(void **state)
{
    (void)state;
    static structure_t s;
    static model_t m;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Field");
    s.buy_in = 37;
    s.rebuy_price = 23;
    s.rebuy_until_level = 1;
    s.starting_stack = 10000;
    s.n_levels = 1;
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 25,
                            .big_blind = 50,
                            .duration_ms = 20 * 60000};
    s.n_payouts = 3;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 3, .bp = {5000, 3000, 2000}};
    s.payouts[1] = (payout_table_t){.min_entries = 30,
                                    .places = 9,
                                    .bp = {3000, 2000, 1300, 1000, 800, 700, 500, 400, 300}};
    s.payouts[2] = (payout_table_t){.min_entries = 300, .places = 40};
    for (int k = 0; k < 40; k++)
        s.payouts[2].bp[k] = k < 10 ? 500 + 100 * (10 - k) : 125;
    model_init(&m, &s);
    command_t one = {.type = CMD_REGISTER, .count = 1}, rebuy = {.type = CMD_REBUY};
    for (int entries = 1; entries <= 2000; entries++) {
        assert_int_equal(model_apply(&m, &one, entries, &no), APPLY_OK);
        if (entries % 7 == 0)
            assert_int_equal(model_apply(&m, &rebuy, entries, &no), APPLY_OK);
        tourney_view_t v;
        tourney_view(&m.t, entries, &v);
        if (entries < 2)
            continue;
        assert_true(v.paid_places > 0);
        assert_int_equal(sum_of(v.payouts, v.paid_places), v.prize_pool);
    }
}

static void league_points_by_each_formula(void **state)
{
    (void)state;
    double p;
    points_rule_t fixed = {.formula = POINTS_FIXED, .n_list = 3, .list = {100, 70, 50}};
    assert_true(points_for(&fixed, 30, 2, 0, 0, &p));
    assert_true(p == 70);
    assert_true(points_for(&fixed, 30, 4, 0, 0, &p));
    assert_true(p == 0);
    points_rule_t linear = {.formula = POINTS_LINEAR};
    assert_true(points_for(&linear, 30, 1, 0, 0, &p));
    assert_true(p == 30);
    assert_true(points_for(&linear, 30, 30, 0, 0, &p));
    assert_true(p == 1);
    assert_false(points_for(&linear, 30, 31, 0, 0, &p));
    assert_false(points_for(&linear, 30, 0, 0, 0, &p));
    /* sqrt(n b^2 / e) / (place + 1): 100 entrants at 100, spent 100:
     * sqrt(10000) = 100, so 50 for the winner and 10 for 9th; with one
     * rebuy (spent 200) sqrt(5000) / 2 = 35.355... */
    points_rule_t root = {.formula = POINTS_SQRT};
    assert_true(points_for(&root, 100, 1, 100, 100, &p));
    assert_float_equal(p, 50, 1e-12);
    assert_true(points_for(&root, 100, 9, 100, 100, &p));
    assert_float_equal(p, 10, 1e-12);
    assert_true(points_for(&root, 100, 1, 100, 200, &p));
    assert_float_equal(p, 35.35533905932738, 1e-12);
    assert_false(points_for(&root, 100, 1, 100, 0, &p));
    assert_false(points_for(&root, 100, 1, 0, 100, &p));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pool_lines_add_up_and_show_each_part),
        cmocka_unit_test(every_field_and_unit_sums_exactly_ties_included),
        cmocka_unit_test(the_remainder_goes_by_the_stated_rule),
        cmocka_unit_test(fixed_amounts_and_points_events),
        cmocka_unit_test(tie_shares_give_the_odd_units_by_the_payout_rule),
        cmocka_unit_test(a_tie_in_the_clock_loses_no_unit),
        cmocka_unit_test(the_view_pays_out_the_whole_pool),
        cmocka_unit_test(league_points_by_each_formula),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
