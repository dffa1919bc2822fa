/* A set of table numbers 1..TABLESET_MAX (hand-for-hand, the end-of-day draw). */
#ifndef POKERCLOCK_TABLESET_H
#define POKERCLOCK_TABLESET_H

#include <stdbool.h>
#include <stdint.h>

/* As many tables as the roster holds; a set is 32 bytes, so the tournament
 * (copied on every change, with its undo steps) stays small. */
enum { TABLESET_MAX = 256, TABLESET_WORDS = TABLESET_MAX / 64 };

/* Table t is bit (t-1)%64 of word (t-1)/64. All zeros: no table. */
typedef struct {
    uint64_t w[TABLESET_WORDS];
} tableset_t;

static inline bool tableset_valid(int t)
{
    return t >= 1 && t <= TABLESET_MAX;
}

static inline bool tableset_has(const tableset_t *s, int t)
{
    return tableset_valid(t) && ((s->w[(t - 1) / 64] >> ((t - 1) % 64)) & 1);
}

/* False (and nothing changed) for a number outside 1..TABLESET_MAX. */
static inline bool tableset_add(tableset_t *s, int t)
{
    if (!tableset_valid(t))
        return false;
    s->w[(t - 1) / 64] |= UINT64_C(1) << ((t - 1) % 64);
    return true;
}

static inline void tableset_remove(tableset_t *s, int t)
{
    if (tableset_valid(t))
        s->w[(t - 1) / 64] &= ~(UINT64_C(1) << ((t - 1) % 64));
}

/* Tables 1..n (n clipped to 0..TABLESET_MAX). */
static inline tableset_t tableset_first(int n)
{
    tableset_t s = {{0}};
    for (int i = 0; i < TABLESET_WORDS; i++) {
        int bits = n - i * 64;
        s.w[i] = bits >= 64 ? ~UINT64_C(0) : bits > 0 ? (UINT64_C(1) << bits) - 1 : 0;
    }
    return s;
}

/* The n tables listed (numbers outside 1..TABLESET_MAX left out). */
static inline tableset_t tableset_of(int n, const int *tables)
{
    tableset_t s = {{0}};
    for (int i = 0; i < n; i++)
        tableset_add(&s, tables[i]);
    return s;
}

static inline int tableset_count(const tableset_t *s)
{
    int n = 0;
    for (int i = 0; i < TABLESET_WORDS; i++)
        n += __builtin_popcountll(s->w[i]);
    return n;
}

static inline bool tableset_empty(const tableset_t *s)
{
    return tableset_count(s) == 0;
}

static inline bool tableset_equal(const tableset_t *a, const tableset_t *b)
{
    for (int i = 0; i < TABLESET_WORDS; i++)
        if (a->w[i] != b->w[i])
            return false;
    return true;
}

/* a and b. */
static inline tableset_t tableset_and(const tableset_t *a, const tableset_t *b)
{
    tableset_t s;
    for (int i = 0; i < TABLESET_WORDS; i++)
        s.w[i] = a->w[i] & b->w[i];
    return s;
}

static inline tableset_t tableset_or(const tableset_t *a, const tableset_t *b)
{
    tableset_t s;
    for (int i = 0; i < TABLESET_WORDS; i++)
        s.w[i] = a->w[i] | b->w[i];
    return s;
}

/* a without b. */
static inline tableset_t tableset_minus(const tableset_t *a, const tableset_t *b)
{
    tableset_t s;
    for (int i = 0; i < TABLESET_WORDS; i++)
        s.w[i] = a->w[i] & ~b->w[i];
    return s;
}

/* Every table of a is in b. */
static inline bool tableset_within(const tableset_t *a, const tableset_t *b)
{
    tableset_t rest = tableset_minus(a, b);
    return tableset_empty(&rest);
}

/* The lowest table above `after` (0: from the start), or 0 when none:
 * for (int t = 0; (t = tableset_next(&s, t));) ... */
static inline int tableset_next(const tableset_t *s, int after)
{
    for (int t = after < 0 ? 0 : after; t < TABLESET_MAX; t++) {
        uint64_t rest = s->w[t / 64] >> (t % 64);
        if (rest)
            return t + 1 + __builtin_ctzll(rest);
        t |= 63; /* nothing left in this word */
    }
    return 0;
}

#endif
