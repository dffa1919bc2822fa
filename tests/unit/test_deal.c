/* Deals: ICM against hand-worked fractions and brute force, chip chops, exact sums, Monte Carlo. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/deal.h"

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

static void deal(deal_method method, const int64_t *stacks, int n, const int64_t *prizes, int m,
                 int64_t play_for, int64_t unit, int64_t *out)
{
    deal_info_t info;
    if (deal_compute(method, stacks, n, prizes, m, play_for, unit, out, &info, &no) != 0)
        fail_msg("deal refused: %s", no.text);
    assert_int_equal(sum_of(out, n), sum_of(prizes, m) - play_for);
}

/* Worked by hand. Stacks 50/30/20 of 100, prizes 50/30/20.
 * First:  A 1/2, B 3/10, C 1/5.
 * Second: A = 3/10 * 50/70 + 1/5 * 50/80 = 3/14 + 1/8 = 19/56
 *         B = 1/2 * 30/50 + 1/5 * 30/80 = 3/10 + 3/40 = 3/8 = 21/56
 *         C = 1/2 * 20/50 + 3/10 * 20/70 = 1/5 + 3/35 = 2/7 = 16/56
 * Third:  A = 1 - 1/2 - 19/56 = 9/56, B = 1 - 3/10 - 3/8 = 13/40, C = 18/35.
 * Over 280: A 140, 95, 45; B 84, 105, 91; C 56, 80, 144.
 * EV A = (140*50 + 95*30 + 45*20) / 280 = 10750/280 = 38.392857...
 *    B = (84*50 + 105*30 + 91*20) / 280 = 9170/280 = 32.75
 *    C = (56*50 + 80*30 + 144*20) / 280 = 8080/280 = 28.857142... */
static void icm_matches_the_hand_worked_example(void **state)
{
    (void)state;
    int64_t stacks[] = {50, 30, 20}, prizes[] = {50, 30, 20}, out[3];
    double eq[3];
    assert_int_equal(deal_icm_exact(stacks, 3, prizes, 3, eq), 0);
    assert_float_equal(eq[0], 10750.0 / 280, 1e-12);
    assert_float_equal(eq[1], 9170.0 / 280, 1e-12);
    assert_float_equal(eq[2], 8080.0 / 280, 1e-12);
    /* In cents of 5000/3000/2000: 3839.28, 3275, 2885.71: the one cent that
     * rounding down leaves goes to C, who lost the most (0.71). */
    int64_t cents[] = {5000, 3000, 2000};
    deal(DEAL_ICM, stacks, 3, cents, 3, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){3839, 3275, 2886}), sizeof out);
    /* Whole units of 1: 38.39, 32.75, 28.86 -> 38, 32, 28 and two units to
     * C (0.86) and B (0.75). */
    deal(DEAL_ICM, stacks, 3, prizes, 3, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){38, 33, 29}), sizeof out);
}

/* Two players: 3000 against 1000 for 700 and 300: A wins 3/4 of the time,
 * 3/4 * 700 + 1/4 * 300 = 600; B 400. */
static void two_players_and_equal_stacks(void **state)
{
    (void)state;
    int64_t out[4];
    deal(DEAL_ICM, (int64_t[]){3000, 1000}, 2, (int64_t[]){700, 300}, 2, 0, 1, out);
    assert_int_equal(out[0], 600);
    assert_int_equal(out[1], 400);
    /* Equal stacks: equal shares, whatever the prizes. */
    deal(DEAL_ICM, (int64_t[]){1000, 1000, 1000, 1000}, 4, (int64_t[]){500, 300, 150, 50}, 4, 0, 1,
         out);
    assert_memory_equal(out, ((int64_t[]){250, 250, 250, 250}), sizeof out);
    /* 100 for three equal stacks: the unit left goes to the first listed. */
    deal(DEAL_ICM, (int64_t[]){7, 7, 7}, 3, (int64_t[]){60, 40}, 2, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){34, 33, 33}), 3 * sizeof out[0]);
    /* 0.5, 1.5 and 1 of 3: the unit lost equally by the first two goes to
     * the larger stack before the earlier one in the list. */
    deal(DEAL_CHIP, (int64_t[]){1, 3, 2}, 3, (int64_t[]){3}, 1, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){0, 2, 1}), 3 * sizeof out[0]);
}

/* Malmuth-Harville by brute force: every finishing order, its chance as the
 * product of stack / chips still in, for each paid place. */
static void brute_force(const int64_t *stacks, int n, const int64_t *prizes, int m, double *eq)
{
    int perm[8];
    for (int i = 0; i < n; i++) {
        perm[i] = i;
        eq[i] = 0;
    }
    double total = 0;
    for (int i = 0; i < n; i++)
        total += (double)stacks[i];
    for (;;) {
        double p = 1, left = total;
        for (int k = 0; k < n; k++) {
            p *= (double)stacks[perm[k]] / left;
            left -= (double)stacks[perm[k]];
        }
        for (int k = 0; k < m; k++)
            eq[perm[k]] += p * (double)prizes[k];
        /* next permutation (lexicographic) */
        int i = n - 2;
        while (i >= 0 && perm[i] > perm[i + 1])
            i--;
        if (i < 0)
            break;
        int j = n - 1;
        while (perm[j] < perm[i])
            j--;
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) {
            t = perm[a];
            perm[a] = perm[b];
            perm[b] = t;
        }
    }
}

static uint64_t rnd_state = 12345;
static uint64_t rnd(uint64_t below)
{
    rnd_state = rnd_state * 6364136223846793005ull + 1442695040888963407ull;
    return (rnd_state >> 33) % below;
}

static void random_prizes(int m, int64_t *prizes)
{
    prizes[m - 1] = (int64_t)rnd(1000);
    for (int k = m - 2; k >= 0; k--)
        prizes[k] = prizes[k + 1] + (int64_t)rnd(5000);
}

static void icm_matches_brute_force_up_to_eight_players(void **state)
{
    (void)state;
    int cases = 0;
    for (int n = 2; n <= 8; n++)
        for (int rep = 0; rep < 25; rep++) {
            int64_t stacks[8], prizes[8];
            double dp[8], bf[8];
            for (int i = 0; i < n; i++)
                stacks[i] = 1 + (int64_t)rnd(rep % 2 ? 100 : 2000000);
            int m = 1 + (int)rnd((uint64_t)n);
            random_prizes(m, prizes);
            assert_int_equal(deal_icm_exact(stacks, n, prizes, m, dp), 0);
            brute_force(stacks, n, prizes, m, bf);
            for (int i = 0; i < n; i++)
                if (fabs(dp[i] - bf[i]) > 1e-9 * (1 + fabs(bf[i])))
                    fail_msg("n=%d m=%d player %d: %.12f, brute force %.12f", n, m, i, dp[i],
                             bf[i]);
            cases++;
        }
    assert_int_equal(cases, 7 * 25);
}

static void chip_chop_and_guaranteed_minimum(void **state)
{
    (void)state;
    int64_t out[3];
    /* By chips alone: 6000/3000/1000 of 10,000 share 1000 as 600/300/100. */
    int64_t stacks[] = {6000, 3000, 1000}, prizes[] = {500, 300, 200};
    deal(DEAL_CHIP, stacks, 3, prizes, 3, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){600, 300, 100}), sizeof out);
    /* Everyone is sure of 200 (the lowest prize): 600; the 400 left by
     * chips: 240/120/40. */
    deal(DEAL_CHIP_MIN, stacks, 3, prizes, 3, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){440, 320, 240}), sizeof out);
    /* 100 left to play for, held back from first: 900 shared; the minimum
     * is still 200; 300 by chips: 180/90/30. */
    deal(DEAL_CHIP_MIN, stacks, 3, prizes, 3, 100, 1, out);
    assert_memory_equal(out, ((int64_t[]){380, 290, 230}), sizeof out);
    /* Fewer prizes than players: the lowest remaining prize is nothing. */
    int64_t two[] = {500, 300};
    deal(DEAL_CHIP_MIN, stacks, 3, two, 2, 0, 1, out);
    assert_memory_equal(out, ((int64_t[]){480, 240, 80}), sizeof out);
    /* Amounts near the limits need 128-bit products: 3/10 and 7/10 of
     * 10^15 - 1 are 3*10^14 - 0.3 and 7*10^14 - 0.7: rounded down, the
     * first loses 0.7 and gets the unit left. */
    int64_t huge[2];
    deal(DEAL_CHIP, (int64_t[]){300000000000000, 700000000000000}, 2, (int64_t[]){999999999999999},
         1, 0, 1, huge);
    assert_int_equal(huge[0], 300000000000000);
    assert_int_equal(huge[1], 699999999999999);
    /* Nothing to share (a freeroll's last prize all played for) is no error. */
    for (deal_method d = DEAL_ICM; d <= DEAL_CHIP_MIN; d++) {
        deal(d, stacks, 3, (int64_t[]){0}, 1, 0, 1, out);
        assert_memory_equal(out, ((int64_t[]){0, 0, 0}), sizeof out);
        deal(d, stacks, 3, (int64_t[]){400}, 1, 400, 5, out);
        assert_memory_equal(out, ((int64_t[]){0, 0, 0}), sizeof out);
    }
    /* Thirds in tens: 333.3 each -> 330 each, one ten to the first listed,
     * the 3 below a ten to the next in line. */
    deal(DEAL_CHIP, (int64_t[]){5, 5, 5}, 3, (int64_t[]){1003}, 1, 0, 10, out);
    assert_memory_equal(out, ((int64_t[]){340, 333, 330}), sizeof out);
}

static void play_for_is_held_back_from_first_prize(void **state)
{
    (void)state;
    int64_t stacks[] = {50, 30, 20}, out[3];
    double eq[3];
    /* ICM on 4000/3000/2000 when 1000 is left to play for. */
    deal(DEAL_ICM, stacks, 3, (int64_t[]){5000, 3000, 2000}, 3, 1000, 1, out);
    assert_int_equal(deal_icm_exact(stacks, 3, (int64_t[]){4000, 3000, 2000}, 3, eq), 0);
    for (int i = 0; i < 3; i++)
        assert_true(fabs((double)out[i] - eq[i]) < 1);
}

static void every_method_sums_exactly(void **state)
{
    (void)state;
    static const int64_t units[] = {1, 5, 10, 25, 100};
    for (int rep = 0; rep < 3000; rep++) {
        int n = 2 + (int)rnd(rep % 10 == 0 ? 40 : 9);
        int m = 1 + (int)rnd((uint64_t)n);
        int64_t stacks[64], prizes[64], out[64];
        for (int i = 0; i < n; i++)
            stacks[i] = 1 + (int64_t)rnd(rep % 3 ? 50000 : 3);
        random_prizes(m, prizes);
        int64_t play_for = (int64_t)rnd((uint64_t)prizes[0] + 1);
        int64_t unit = units[rep % 5];
        deal_method method = (deal_method)(rep % 3);
        if (method == DEAL_ICM && n > DEAL_ICM_EXACT_MAX && rep % 300 != 0)
            method = DEAL_CHIP; /* a few Monte Carlo cases are enough */
        deal(method, stacks, n, prizes, m, play_for, unit, out);
        int off_unit = 0;
        for (int i = 0; i < n; i++) {
            assert_true(out[i] >= 0);
            off_unit += out[i] % unit != 0;
        }
        int64_t least = 0;
        if (method == DEAL_CHIP_MIN && m == n)
            least = prizes[m - 1] < prizes[0] - play_for ? prizes[m - 1] : prizes[0] - play_for;
        /* Everything is in whole units but the part of one unit (and the
         * guaranteed minimum, a prize as it is). */
        if (least % unit == 0)
            assert_true(off_unit <= 1);
    }
}

/* Monte Carlo against the exact value for 12 players, for ten seeds: every
 * estimate within its stated error (3 standard errors), and the standard
 * error honest: about two thirds within one. */
static void monte_carlo_is_within_its_stated_error(void **state)
{
    (void)state;
    int64_t stacks[12] = {41000, 33000, 29500, 22000, 18000, 15500,
                          12000, 9000,  7000,  4500,  2500,  1000};
    int64_t prizes[12] = {30000, 20000, 14000, 10000, 8000, 6500,
                          5000,  4000,  3200,  2500,  2000, 1500};
    double exact[12], mc[12], se[12];
    assert_int_equal(deal_icm_exact(stacks, 12, prizes, 12, exact), 0);
    int within_one = 0, all = 0;
    double worst = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        assert_int_equal(deal_icm_monte_carlo(stacks, 12, prizes, 12, seed, 50000, mc, se), 0);
        for (int i = 0; i < 12; i++) {
            double d = fabs(mc[i] - exact[i]);
            if (d > 3 * se[i])
                fail_msg("seed %d player %d: %.1f, exact %.1f, error %.1f", (int)seed, i, mc[i],
                         exact[i], 3 * se[i]);
            within_one += d <= se[i];
            all++;
            worst = 3 * se[i] > worst ? 3 * se[i] : worst;
        }
    }
    printf("    Monte Carlo, 12 players, 50,000 orders: stated error up to %.1f on a pool of "
           "%lld (first prize %lld); %d of %d estimates within one standard error\n",
           worst, (long long)sum_of(prizes, 12), (long long)prizes[0], within_one, all);
    assert_true(within_one >= all / 2 && within_one <= all * 9 / 10);

    /* Equal stacks share one estimate: equal, and still within its error. */
    int64_t grouped[12] = {30000, 30000, 30000, 20000, 20000, 20000,
                           12000, 12000, 12000, 5000,  5000,  5000};
    assert_int_equal(deal_icm_exact(grouped, 12, prizes, 12, exact), 0);
    within_one = all = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        assert_int_equal(deal_icm_monte_carlo(grouped, 12, prizes, 12, seed, 20000, mc, se), 0);
        for (int i = 0; i < 12; i++) {
            assert_true(mc[i] == mc[i / 3 * 3]);
            double d = fabs(mc[i] - exact[i]);
            if (d > 3 * se[i])
                fail_msg("grouped, seed %d player %d: %.1f, exact %.1f, error %.1f", (int)seed, i,
                         mc[i], exact[i], 3 * se[i]);
            within_one += d <= se[i];
            all++;
        }
    }
    assert_true(within_one >= all / 2);

    /* Beyond 20 players the deal says it is an approximation, and how good. */
    int64_t big[25], bp[25], out[25];
    for (int i = 0; i < 25; i++) {
        big[i] = 1000 + 997 * i;
        bp[i] = 2500 - 100 * i;
    }
    deal_info_t info;
    assert_int_equal(deal_compute(DEAL_ICM, big, 25, bp, 25, 0, 1, out, &info, &no), 0);
    assert_true(info.approximate);
    assert_true(info.error > 0 && info.error < 20);
    assert_true(info.samples >= 20000);
    assert_int_equal(sum_of(out, 25), sum_of(bp, 25));
    for (int i = 1; i < 25; i++) /* more chips, more money */
        assert_true(out[i] >= out[i - 1]);
    assert_int_equal(deal_compute(DEAL_ICM, big, 20, bp, 20, 0, 1, out, &info, &no), 0);
    assert_false(info.approximate);
    assert_true(info.error == 0);
}

static void refused(deal_method method, const int64_t *stacks, int n, const int64_t *prizes, int m,
                    int64_t play_for, const char *says)
{
    int64_t out[DEAL_MAX_PLAYERS + 1] = {0};
    deal_info_t info;
    no.text[0] = 0;
    assert_int_equal(deal_compute(method, stacks, n, prizes, m, play_for, 1, out, &info, &no), -1);
    if (!strstr(no.text, says))
        fail_msg("\"%s\" does not say \"%s\"", err, says);
    for (int i = 0; i < n && i <= DEAL_MAX_PLAYERS; i++)
        assert_int_equal(out[i], 0);
}

static void nonsense_is_refused_with_a_reason(void **state)
{
    (void)state;
    int64_t s[] = {100, 200, 300}, p[] = {300, 200, 100};
    refused(DEAL_ICM, s, 1, p, 1, 0, "2 to 200 players");
    refused(DEAL_ICM, s, 3, p, 0, 0, "1 prize or more");
    refused(DEAL_ICM, s, 2, p, 3, 0, "at most one per player");
    refused(DEAL_ICM, (int64_t[]){100, 0}, 2, p, 2, 0, "every stack must be 1 chip or more");
    refused(DEAL_ICM, (int64_t[]){INT64_MAX, INT64_MAX}, 2, p, 2, 0, "10^15");
    refused(DEAL_CHIP, s, 2, (int64_t[]){100, -5}, 2, 0, "0 or more");
    refused(DEAL_CHIP, s, 2, (int64_t[]){100, 200}, 2, 0, "first place down");
    refused(DEAL_CHIP, s, 3, p, 3, 301, "play_for");
    refused(DEAL_CHIP, s, 3, p, 3, -1, "play_for");
    refused((deal_method)7, s, 3, p, 3, 0, "method");
    int64_t out[3];
    deal_info_t info;
    assert_int_equal(deal_compute(DEAL_CHIP, s, 3, p, 3, 0, 0, out, &info, &no), -1);
    assert_non_null(strstr(no.text, "rounding unit"));
    int64_t many[DEAL_MAX_PLAYERS + 1];
    for (int i = 0; i <= DEAL_MAX_PLAYERS; i++)
        many[i] = 1;
    refused(DEAL_CHIP, many, DEAL_MAX_PLAYERS + 1, p, 3, 0, "2 to 200 players");
    assert_int_equal(deal_method_from_name("icm"), DEAL_ICM);
    assert_int_equal(deal_method_from_name("chip_min"), DEAL_CHIP_MIN);
    assert_int_equal(deal_method_from_name("ICM"), -1);
    assert_int_equal(deal_method_from_name(NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(icm_matches_the_hand_worked_example),
        cmocka_unit_test(two_players_and_equal_stacks),
        cmocka_unit_test(icm_matches_brute_force_up_to_eight_players),
        cmocka_unit_test(chip_chop_and_guaranteed_minimum),
        cmocka_unit_test(play_for_is_held_back_from_first_prize),
        cmocka_unit_test(every_method_sums_exactly),
        cmocka_unit_test(monte_carlo_is_within_its_stated_error),
        cmocka_unit_test(nonsense_is_refused_with_a_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
