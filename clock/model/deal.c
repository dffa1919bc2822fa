/* Deals at the final table: chip chop, chip chop with a minimum, ICM (Malmuth-Harville). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/deal.h"
#include "model/exact.h"

int deal_icm_exact(const int64_t *stacks, int n, const int64_t *prizes, int m, double *eq)
{
    if (n < 1 || n > DEAL_ICM_EXACT_MAX || m < 1 || m > n)
        return -1;
    /* For the set `mask` of players who took places 1..|mask| (in some
     * order), r[mask] is the chance of that, divided by the chips of the
     * players still in: the next place goes to player i with chance
     * r[mask] * chips[i]. Each mask is computed from the masks one player
     * smaller (smaller numbers, so walking upwards finds them done), and
     * each of those terms is also the chance that i took place |mask|
     * after the others: reads only, which the cache serves far better than
     * scattered additions. */
    double *r = malloc(sizeof *r << n);
    if (!r)
        return -1;
    double total = 0, chips[DEAL_ICM_EXACT_MAX], sum[DEAL_ICM_EXACT_MAX] = {0};
    for (int i = 0; i < n; i++) {
        chips[i] = (double)stacks[i];
        total += chips[i];
    }
    uint32_t end = (uint32_t)1 << n;
    r[0] = 1 / total;
    for (uint32_t mask = 1; mask < end; mask++) {
        int k = __builtin_popcount(mask);
        if (k > m)
            continue;
        double p = 0, placed = 0, prize = (double)prizes[k - 1];
        for (uint32_t b = mask; b; b &= b - 1) {
            int i = __builtin_ctz(b);
            double t = r[mask ^ (uint32_t)1 << i] * chips[i];
            sum[i] += t * prize;
            p += t;
            placed += chips[i];
        }
        if (k < m) /* the larger masks read it */
            r[mask] = p / (total - placed);
    }
    free(r);
    memcpy(eq, sum, sizeof *eq * (size_t)n);
    return 0;
}

/* splitmix64: small, good enough for sampling, and the same everywhere. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int deal_icm_monte_carlo(const int64_t *stacks, int n, const int64_t *prizes, int m, uint64_t seed,
                         int samples, double *eq, double *se)
{
    if (n < 1 || m < 1 || m > n || samples < 2)
        return -1;
    double *key = malloc(sizeof *key * (size_t)m);
    int *who = malloc(sizeof *who * (size_t)m);
    double *sum2 = calloc((size_t)n, sizeof *sum2);
    if (!key || !who || !sum2) {
        free(key);
        free(who);
        free(sum2);
        return -1;
    }
    for (int i = 0; i < n; i++)
        eq[i] = 0;
    uint64_t state = seed;
    for (int s = 0; s < samples; s++) {
        /* An exponential race: each player's time is Exp(1) / chips; sorted,
         * the times give exactly the Malmuth-Harville order (each next place
         * goes to a player in proportion to chips, as the minimum of
         * exponentials does). Only the m fastest are kept, in order. */
        int kept = 0;
        for (int i = 0; i < n; i++) {
            double u = ((double)(next_random(&state) >> 11) + 1.0) * 0x1.0p-53; /* (0, 1] */
            double t = -log(u) / (double)stacks[i];
            if (kept == m && t >= key[m - 1])
                continue;
            int j = kept < m ? kept++ : m - 1;
            for (; j > 0 && key[j - 1] > t; j--) {
                key[j] = key[j - 1];
                who[j] = who[j - 1];
            }
            key[j] = t;
            who[j] = i;
        }
        for (int k = 0; k < m; k++) {
            double prize = (double)prizes[k];
            eq[who[k]] += prize;
            sum2[who[k]] += prize * prize;
        }
    }
    for (int i = 0; i < n; i++) {
        double mean = eq[i] / samples;
        double var = (sum2[i] - samples * mean * mean) / (samples - 1);
        eq[i] = mean;
        se[i] = sqrt(var > 0 ? var / samples : 0);
    }
    /* Equal stacks have equal equities: their mean is the better estimate,
     * and its error at most that of one of them. */
    double *mean = calloc((size_t)n * 2, sizeof *mean);
    if (!mean) {
        free(key);
        free(who);
        free(sum2);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int g = 0;
        double err = 0;
        for (int j = 0; j < n; j++)
            if (stacks[j] == stacks[i]) {
                g++;
                mean[i] += eq[j];
                err = se[j] > err ? se[j] : err;
            }
        mean[i] /= g;
        mean[n + i] = err / sqrt(g);
    }
    for (int i = 0; i < n; i++) {
        eq[i] = mean[i];
        se[i] = mean[n + i];
    }
    free(mean);
    free(key);
    free(who);
    free(sum2);
    return 0;
}

/* Whether player a is before b in line for a unit left over by rounding:
 * the larger part lost to rounding down (within eps), then the larger stack,
 * then the earlier in the list. */
static bool before(const double *lost, const int64_t *stacks, double eps, int a, int b)
{
    if (lost[a] > lost[b] + eps)
        return true;
    if (lost[b] > lost[a] + eps)
        return false;
    if (stacks[a] != stacks[b])
        return stacks[a] > stacks[b];
    return a < b;
}

/* amounts[i] = whole[i] units; then the units left of `units` one each in
 * line; the part of a unit `part` to the next in line. */
static void round_out(int n, const int64_t *whole, const double *lost, double eps,
                      const int64_t *stacks, int64_t units, int64_t unit, int64_t part,
                      int64_t *amounts)
{
    int order[DEAL_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && before(lost, stacks, eps, i, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    int64_t left = units;
    for (int i = 0; i < n; i++) {
        amounts[i] = whole[i] * unit;
        left -= whole[i];
    }
    int next = 0;
    for (; left > 0; left--, next = (next + 1) % n)
        amounts[order[next]] += unit;
    /* Only rounding noise of floating point can have given out too much. */
    for (int k = n - 1; left < 0; k = (k + n - 1) % n)
        if (amounts[order[k]] >= unit) {
            amounts[order[k]] -= unit;
            left++;
        }
    amounts[order[next]] += part;
}

/* Shares `total` (which includes the sub-unit part) in proportion to stacks,
 * exactly: the parts lost to rounding are compared as exact remainders. */
static void by_chips(const int64_t *stacks, int n, int64_t total, int64_t unit, int64_t *amounts)
{
    uint64_t chips = 0;
    for (int i = 0; i < n; i++)
        chips += (uint64_t)stacks[i];
    int64_t units = total / unit;
    int64_t whole[DEAL_MAX_PLAYERS];
    double lost[DEAL_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        uint64_t r;
        whole[i] = (int64_t)exact_muldiv((uint64_t)units, (uint64_t)stacks[i], chips, &r);
        /* chips < 2^53: distinct remainders stay distinct as doubles */
        lost[i] = (double)r / (double)chips;
    }
    round_out(n, whole, lost, 0, stacks, units, unit, total % unit, amounts);
}

/* A deal refused: *err says why (refusal.h). */
static int refused(apply_status st)
{
    (void)st;
    return -1;
}

/* The stacks, prizes, play_for and unit of a deal within their ranges;
 * the prizes' sum in *sum. */
static int deal_check(const int64_t *stacks, int n, const int64_t *prizes, int m, int64_t play_for,
                      int64_t unit, int64_t *sum, refusal_t *err)
{
    if (n < 2 || n > DEAL_MAX_PLAYERS) {
        refuse_chop_players(err, DEAL_MAX_PLAYERS);
        return -1;
    }
    if (m < 1 || m > n)
        return refused(refuse_chop_prizes_count(err));
    int64_t chips = 0;
    for (int i = 0; i < n; i++) {
        if (stacks[i] < 1 || stacks[i] > DEAL_MAX_CHIPS - chips)
            return refused(refuse_chop_stacks(err));
        chips += stacks[i];
    }
    *sum = 0;
    for (int k = 0; k < m; k++) {
        if (prizes[k] < 0 || prizes[k] > DEAL_MAX_AMOUNT - *sum)
            return refused(refuse_chop_prizes(err));
        if (k > 0 && prizes[k] > prizes[k - 1])
            return refused(refuse_chop_prizes_order(err));
        *sum += prizes[k];
    }
    if (play_for < 0 || play_for > prizes[0])
        return refused(refuse_chop_play_for(err));
    if (unit < 1 || unit > DEAL_MAX_AMOUNT)
        return refused(refuse_chop_unit(err));
    return 0;
}

/* By ICM: exact up to DEAL_ICM_EXACT_MAX players, sampled above (info says
 * how closely), rounded to units so that the amounts add up to total. */
static int by_icm(const int64_t *stacks, int n, const int64_t *left, int m, int64_t total,
                  int64_t unit, int64_t *amounts, deal_info_t *info, refusal_t *err)
{
    double eq[DEAL_MAX_PLAYERS], se[DEAL_MAX_PLAYERS];
    if (n <= DEAL_ICM_EXACT_MAX) {
        if (deal_icm_exact(stacks, n, left, m, eq) != 0)
            return refused(refuse_chop_memory(err));
    } else {
        /* Sampling costs about n log n per finishing order: fewer orders
         * for larger tables keep the answer quick. */
        double per = n * log2((double)n);
        int samples = (int)(2e7 / per);
        samples = samples > 100000 ? 100000 : samples < 20000 ? 20000 : samples;
        if (deal_icm_monte_carlo(stacks, n, left, m, DEAL_MC_SEED, samples, eq, se) != 0)
            return refused(refuse_chop_memory(err));
        info->approximate = true;
        info->samples = samples;
        for (int i = 0; i < n; i++)
            info->error = 3 * se[i] > info->error ? 3 * se[i] : info->error;
    }
    int64_t units = total / unit;
    int64_t whole[DEAL_MAX_PLAYERS];
    double lost[DEAL_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        double x = eq[i] / (double)unit;
        double f = floor(x);
        whole[i] = f > 0 ? (int64_t)f : 0;
        lost[i] = x - (double)whole[i];
    }
    /* Equal stacks have equal equities; floating point may differ in the
     * last bits, which must not decide who gets a unit. */
    double eps = 1e-9 * ((double)units + 1);
    round_out(n, whole, lost, eps, stacks, units, unit, total % unit, amounts);
    return 0;
}

int deal_compute(deal_method method, const int64_t *stacks, int n, const int64_t *prizes, int m,
                 int64_t play_for, int64_t unit, int64_t *amounts, deal_info_t *info,
                 refusal_t *err)
{
    memset(info, 0, sizeof *info);
    int64_t sum;
    if (deal_check(stacks, n, prizes, m, play_for, unit, &sum, err) != 0)
        return -1;

    /* The amount played for is held back from first prize: the deal shares
     * the rest, and the winner gets play_for on top. */
    int64_t left[DEAL_MAX_PLAYERS];
    memcpy(left, prizes, sizeof *left * (size_t)m);
    left[0] -= play_for;
    int64_t total = sum - play_for;

    if (method == DEAL_CHIP) {
        by_chips(stacks, n, total, unit, amounts);
        return 0;
    }
    if (method == DEAL_CHIP_MIN) {
        /* Everyone is sure of the lowest prize still to be won (nothing
         * when fewer places than players are paid). */
        int64_t least = m < n ? 0 : left[0];
        for (int k = 0; k < m; k++)
            least = left[k] < least ? left[k] : least;
        by_chips(stacks, n, total - least * n, unit, amounts);
        for (int i = 0; i < n; i++)
            amounts[i] += least;
        return 0;
    }
    if (method != DEAL_ICM)
        return refused(refuse_chop_method(err));
    return by_icm(stacks, n, left, m, total, unit, amounts, info, err);
}

int deal_method_from_name(const char *name)
{
    if (!name)
        return -1;
    if (strcmp(name, "icm") == 0)
        return DEAL_ICM;
    if (strcmp(name, "chip") == 0)
        return DEAL_CHIP;
    if (strcmp(name, "chip_min") == 0)
        return DEAL_CHIP_MIN;
    return -1;
}
