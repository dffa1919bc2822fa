/* Prize pools as checkable lines, and payout lists that always add up to the pool. */
#ifndef POKERCLOCK_PAYOUT_H
#define POKERCLOCK_PAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where the units that rounding leaves over go. Whatever the rule, the part
 * of the pool smaller than one rounding unit goes to first place. */
typedef enum {
    PAYOUT_REMAINDER_FIRST = 0,   /* all of it to first place (the default) */
    PAYOUT_REMAINDER_LARGEST = 1, /* one unit each to the places that lost the
                                     most by rounding down; equal losses: the
                                     better place first */
} payout_remainder;

enum { PAYOUT_MAX_LINES = 8 };

/* One line of the prize pool: count x each = amount (negative: taken out). */
typedef struct {
    const char *kind;  /* its code: "buy_ins", "fee", "rebuys", "addons", "rake",
                        * "added", "guarantee" */
    const char *label; /* in English: "Buy-ins", "Fee", "Rake", "Guarantee" ... */
    int64_t count;     /* 0 for a line that is a single amount */
    int64_t each;
    int64_t amount;
} payout_line_t;

/* What the pool is made of. Money or points: the arithmetic is the same. */
typedef struct {
    int64_t entries;
    int64_t buy_in; /* per entry, into the pool */
    int64_t fee;    /* per entry, to the house: paid on top of buy_in */
    int64_t rebuys, rebuy_price;
    int64_t addons, addon_price;
    int32_t rake_bp;   /* the house's share of buy-ins, rebuys and
                          add-ons, in basis points, rounded down */
    int64_t added;     /* added by the house */
    int64_t guarantee; /* the pool is at least this once anyone entered */
} payout_pool_in_t;

/* The pool as lines that sum to it: writes up to PAYOUT_MAX_LINES lines,
 * returns how many, and the pool in *pool. Lines that are 0 are left out. */
int payout_pool(const payout_pool_in_t *in, payout_line_t *lines, int64_t *pool);

/* Shares pool over `places` (1 to 1000) places in proportion to weights w (basis points
 * per place, or any weights >= 0 with a positive sum): every place gets a
 * multiple of unit, rounded down, and what is left goes by rule. out[] sums
 * to pool exactly. 0, or -1 with the reason in err. */
int payout_by_weights(int64_t pool, const int64_t *w, int places, int64_t unit,
                      payout_remainder rule, int64_t *out, char *err, size_t errlen);

/* Fixed amounts per place; when they add up to less than the pool, the rest
 * is shared by rule (FIRST: to first place; LARGEST: in proportion to the
 * amounts, in units). More than the pool is refused. */
int payout_fixed(int64_t pool, const int64_t *amounts, int places, int64_t unit,
                 payout_remainder rule, int64_t *out, char *err, size_t errlen);

/* n players tied (1 to 1000) share total as n equal places of the payout:
 * each gets the same whole number of units, and the units left over go by
 * the same rule (FIRST: all to shares[0]; LARGEST: one each, shares[0]
 * first), a part of a unit to shares[0]. Sums to total exactly. */
void payout_share(int64_t total, int n, int64_t unit, payout_remainder rule, int64_t *shares);

#endif
