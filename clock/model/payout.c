/* Prize pools as checkable lines, and payout lists that always add up to the pool. */
#include <stdio.h>
#include <string.h>

#include "model/exact.h"
#include "model/payout.h"

enum { PAYOUT_MAX_PLACES = 1000 };

static void add_line(payout_line_t *lines, int *n, const char *kind, const char *label,
                     int64_t count, int64_t each, int64_t amount)
{
    if (amount != 0 && *n < PAYOUT_MAX_LINES)
        lines[(*n)++] = (payout_line_t){kind, label, count, each, amount};
}

int payout_pool(const payout_pool_in_t *in, payout_line_t *lines, int64_t *pool)
{
    int n = 0;
    int64_t gross = in->entries * in->buy_in + in->rebuys * in->rebuy_price +
                    in->addons * in->addon_price;
    /* Buy-ins are shown as players pay them, the fee as taken out again, so
     * the director can check the line against the cash box. */
    add_line(lines, &n, "buy_ins", "Buy-ins", in->entries, in->buy_in + in->fee,
             in->entries * (in->buy_in + in->fee));
    add_line(lines, &n, "fee", "Fee", in->entries, -in->fee, -in->entries * in->fee);
    add_line(lines, &n, "rebuys", "Rebuys", in->rebuys, in->rebuy_price,
             in->rebuys * in->rebuy_price);
    add_line(lines, &n, "addons", "Add-ons", in->addons, in->addon_price,
             in->addons * in->addon_price);
    int64_t rake = 0;
    if (in->rake_bp > 0 && gross > 0) /* at most all of it */
        rake = (int64_t)exact_muldiv((uint64_t)gross,
                                     (uint64_t)(in->rake_bp < 10000 ? in->rake_bp : 10000), 10000,
                                     NULL);
    add_line(lines, &n, "rake", "Rake", 0, 0, -rake);
    add_line(lines, &n, "added", "Added", 0, 0, in->added);
    int64_t sum = gross - rake + in->added;
    if (in->entries > 0 && sum < in->guarantee) {
        add_line(lines, &n, "guarantee", "Guarantee", 0, 0, in->guarantee - sum);
        sum = in->guarantee;
    }
    *pool = sum;
    return n;
}

static int fail(char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return -1;
}

int payout_by_weights(int64_t pool, const int64_t *w, int places, int64_t unit,
                      payout_remainder rule, int64_t *out, char *err, size_t errlen)
{
    if (places < 1 || places > PAYOUT_MAX_PLACES)
        return fail(err, errlen, "a payout needs 1 to 1000 places");
    if (pool < 0)
        return fail(err, errlen, "the prize pool cannot be negative");
    if (unit < 1)
        return fail(err, errlen, "the rounding unit must be 1 or more");
    uint64_t total_w = 0;
    for (int k = 0; k < places; k++) {
        if (w[k] < 0)
            return fail(err, errlen, "a place's share cannot be negative");
        total_w += (uint64_t)w[k];
        if (total_w > (uint64_t)INT64_MAX)
            return fail(err, errlen, "the shares add up to too much");
    }
    if (total_w == 0)
        return fail(err, errlen, "the shares of the places add up to nothing");
    uint64_t units = (uint64_t)(pool / unit);
    uint64_t rem[PAYOUT_MAX_PLACES]; /* what rounding down took, over total_w */
    bool extra[PAYOUT_MAX_PLACES];
    uint64_t given = 0;
    for (int k = 0; k < places; k++) {
        out[k] = (int64_t)exact_muldiv(units, (uint64_t)w[k], total_w, &rem[k]) * unit;
        extra[k] = false;
        given += (uint64_t)out[k];
    }
    int64_t left = pool - (int64_t)given;
    if (rule == PAYOUT_REMAINDER_LARGEST) {
        /* The whole units left (fewer than places) go one each to the places
         * that lost the most by rounding down; among equals the better place. */
        for (int64_t spare = (left - pool % unit) / unit; spare > 0; spare--) {
            int best = -1;
            for (int k = 0; k < places; k++)
                if (!extra[k] && (best < 0 || rem[k] > rem[best]))
                    best = k;
            extra[best] = true;
            out[best] += unit;
            left -= unit;
        }
    }
    out[0] += left;
    return 0;
}

int payout_fixed(int64_t pool, const int64_t *amounts, int places, int64_t unit,
                 payout_remainder rule, int64_t *out, char *err, size_t errlen)
{
    if (places < 1 || places > PAYOUT_MAX_PLACES)
        return fail(err, errlen, "a payout needs 1 to 1000 places");
    int64_t sum = 0;
    for (int k = 0; k < places; k++) {
        if (amounts[k] < 0)
            return fail(err, errlen, "a fixed prize cannot be negative");
        if (amounts[k] > INT64_MAX - sum)
            return fail(err, errlen, "the fixed prizes add up to too much");
        sum += amounts[k];
    }
    if (sum > pool) {
        snprintf(err, errlen, "the fixed prizes add up to %lld, more than the prize pool %lld",
                 (long long)sum, (long long)pool);
        return -1;
    }
    if (sum == 0 || rule == PAYOUT_REMAINDER_FIRST) {
        memcpy(out, amounts, sizeof *out * (size_t)places);
        out[0] += pool - sum;
        return 0;
    }
    if (payout_by_weights(pool - sum, amounts, places, unit, rule, out, err, errlen) != 0)
        return -1;
    for (int k = 0; k < places; k++)
        out[k] += amounts[k];
    return 0;
}

void payout_share(int64_t total, int n, int64_t unit, payout_remainder rule, int64_t *shares)
{
    if (n < 1 || n > PAYOUT_MAX_PLACES)
        return;
    int64_t equal[PAYOUT_MAX_PLACES];
    for (int i = 0; i < n; i++)
        equal[i] = 1;
    char err[80];
    if (payout_by_weights(total > 0 ? total : 0, equal, n, unit > 0 ? unit : 1, rule, shares, err,
                          sizeof err) != 0)
        memset(shares, 0, sizeof *shares * (size_t)n);
}
