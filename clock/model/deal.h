/* Deals at the final table: chip chop, chip chop with a minimum, ICM (Malmuth-Harville). */
#ifndef POKERCLOCK_DEAL_H
#define POKERCLOCK_DEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/refusal.h"

typedef enum {
    DEAL_ICM = 0,      /* expected prize when each place goes to a player in
                          proportion to the chips of those not yet placed */
    DEAL_CHIP = 1,     /* in proportion to chips */
    DEAL_CHIP_MIN = 2, /* everyone the lowest remaining prize, the rest by chips */
} deal_method;

enum {
    DEAL_MAX_PLAYERS = 200,
    DEAL_ICM_EXACT_MAX = 20, /* exact up to here, Monte Carlo above */
    DEAL_MC_SEED = 20260101, /* the API's: the same stacks give the same deal */
};
#define DEAL_MAX_CHIPS 1000000000000000LL  /* stacks add up to at most 10^15 */
#define DEAL_MAX_AMOUNT 1000000000000000LL /* and the prizes too */

typedef struct {
    bool approximate; /* Monte Carlo (more than DEAL_ICM_EXACT_MAX players) */
    double error;     /* then: each amount is within this of the exact ICM
                         value with 99.7 % confidence (3 standard errors of
                         the least certain player); 0 when exact */
    int samples;      /* finishing orders drawn; 0 when exact */
} deal_info_t;

/* Exact Malmuth-Harville equities of n players (stacks > 0) for prizes
 * prizes[0] (first) .. prizes[m-1], m <= n: eq[i] is player i's expected
 * prize. A DP over the subsets of players already placed: O(2^n n) time,
 * 2^n doubles of memory. n <= DEAL_ICM_EXACT_MAX. 0, or -1 without memory. */
int deal_icm_exact(const int64_t *stacks, int n, const int64_t *prizes, int m, double *eq);

/* The same estimated from `samples` finishing orders drawn with a generator
 * seeded by seed (the model reads no random source of its own); se[i] is the
 * standard error of eq[i]. Players with equal stacks get the mean of their
 * estimates (their exact equities are equal). 0, or -1 without memory. */
int deal_icm_monte_carlo(const int64_t *stacks, int n, const int64_t *prizes, int m, uint64_t seed,
                         int samples, double *eq, double *se);

/* The deal: amounts[i] for the player with stacks[i], multiples of unit
 * (the part of a unit that cannot be shared to the next in line), summing
 * exactly to the prizes less play_for, which is held back from first prize
 * for the winner. Rounding by largest remainder; equal remainders: the
 * larger stack first, then the earlier in the list. 0, or -1 with the
 * reason in err (nothing written to amounts). */
int deal_compute(deal_method method, const int64_t *stacks, int n, const int64_t *prizes, int m,
                 int64_t play_for, int64_t unit, int64_t *amounts, deal_info_t *info,
                 refusal_t *err);

/* "icm", "chip", "chip_min"; -1 for anything else. */
int deal_method_from_name(const char *name);

#endif
