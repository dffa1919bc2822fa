/* Exact integer arithmetic shared by the payout and deal modules: a*b/c without overflow. */
#ifndef POKERCLOCK_EXACT_H
#define POKERCLOCK_EXACT_H

#include <stdint.h>

/* floor(a * b / c) and its remainder, exact for any a, b and c > 0 whose
 * quotient fits 64 bits (callers pass b <= c). Written without __int128 so
 * that 32-bit builds compute the same amounts. */
static inline uint64_t exact_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *rem)
{
    const uint64_t m32 = 0xffffffffu;
    uint64_t p0 = (a & m32) * (b & m32), p1 = (a & m32) * (b >> 32);
    uint64_t p2 = (a >> 32) * (b & m32), p3 = (a >> 32) * (b >> 32);
    uint64_t mid = (p0 >> 32) + (p1 & m32) + (p2 & m32);
    uint64_t lo = (p0 & m32) | (mid << 32);
    uint64_t hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    uint64_t q = 0, r = 0;
    for (int i = 127; i >= 0; i--) {
        uint64_t bit = i >= 64 ? (hi >> (i - 64)) & 1 : (lo >> i) & 1;
        uint64_t carry = r >> 63;
        r = (r << 1) | bit;
        q <<= 1;
        if (carry || r >= c) {
            r -= c;
            q |= 1;
        }
    }
    if (rem)
        *rem = r;
    return q;
}

#endif
