/* The regions two frames differ in. A pixel's colour is decided by the
 * calls whose box covers it, in order: where a frame keeps every such call
 * (the same call, the same box, the same order) the pixel stays, so the
 * boxes of the calls gone and the calls new are all that can change. */
#include <stdint.h>
#include <stdlib.h>

#include "screen/damage.h"

enum {
    WORK_MAX = 32,         /* rectangles kept apart while collecting */
    MATCH_CELLS = 1 << 16, /* the most the alignment of two frames may cost */
};

typedef struct {
    SDL_Rect r[WORK_MAX];
    int n;
    SDL_Rect frame;
} rects_t;

static bool same(const paint_op_t *a, const paint_op_t *b)
{
    return a->hash == b->hash && SDL_RectEquals(&a->box, &b->box);
}

static long area(const SDL_Rect *r)
{
    return (long)r->w * r->h;
}

/* Rectangles that overlap become their union, until none do. */
static void merge_overlaps(rects_t *d)
{
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < d->n && !again; i++)
            for (int j = i + 1; j < d->n; j++) {
                if (!SDL_HasIntersection(&d->r[i], &d->r[j]))
                    continue;
                SDL_UnionRect(&d->r[i], &d->r[j], &d->r[i]);
                d->r[j] = d->r[--d->n];
                again = true;
                break;
            }
    }
}

/* The two rectangles whose union grows least become one. */
static void merge_closest(rects_t *d)
{
    int bi = 0, bj = 1;
    long best = -1;
    for (int i = 0; i < d->n; i++)
        for (int j = i + 1; j < d->n; j++) {
            SDL_Rect u;
            SDL_UnionRect(&d->r[i], &d->r[j], &u);
            long grow = area(&u) - area(&d->r[i]) - area(&d->r[j]);
            if (best < 0 || grow < best) {
                best = grow;
                bi = i;
                bj = j;
            }
        }
    SDL_UnionRect(&d->r[bi], &d->r[bj], &d->r[bi]);
    d->r[bj] = d->r[--d->n];
}

static void add(rects_t *d, SDL_Rect box)
{
    SDL_Rect in;
    if (!SDL_IntersectRect(&box, &d->frame, &in))
        return;
    if (d->n == WORK_MAX)
        merge_closest(d);
    d->r[d->n++] = in;
}

/* A rectangle that cuts a call drawn only whole takes all of it in. */
static bool take_whole(rects_t *d, const paint_ops_t *now)
{
    bool grew = false;
    for (int k = 0; k < now->n; k++) {
        const paint_op_t *o = &now->op[k];
        if (!o->whole || o->box.w <= 0 || o->box.h <= 0)
            continue;
        for (int i = 0; i < d->n; i++) {
            SDL_Rect cut, in;
            if (!SDL_IntersectRect(&d->r[i], &o->box, &cut) || SDL_RectEquals(&cut, &o->box))
                continue;
            SDL_UnionRect(&d->r[i], &o->box, &d->r[i]);
            SDL_IntersectRect(&d->r[i], &d->frame, &in);
            d->r[i] = in;
            grew = true;
        }
    }
    return grew;
}

/* The calls of a[0..na) and b[0..nb) that stay, as the longest common
 * subsequence; the boxes of the others go into d. false: too long to align. */
static bool align(const paint_op_t *a, int na, const paint_op_t *b, int nb, rects_t *d)
{
    if ((long)(na + 1) * (nb + 1) > MATCH_CELLS)
        return false;
    uint16_t *len = calloc((size_t)(na + 1) * (size_t)(nb + 1), sizeof *len);
    if (!len)
        return false;
#define L(i, j) len[(size_t)(i) * (size_t)(nb + 1) + (size_t)(j)]
    for (int i = na - 1; i >= 0; i--)
        for (int j = nb - 1; j >= 0; j--)
            L(i, j) = same(&a[i], &b[j])           ? (uint16_t)(L(i + 1, j + 1) + 1)
                      : L(i + 1, j) >= L(i, j + 1) ? L(i + 1, j)
                                                   : L(i, j + 1);
    int i = 0, j = 0;
    while (i < na && j < nb) {
        if (same(&a[i], &b[j])) {
            i++;
            j++;
        } else if (L(i + 1, j) >= L(i, j + 1)) {
            add(d, a[i++].box);
        } else {
            add(d, b[j++].box);
        }
    }
#undef L
    for (; i < na; i++)
        add(d, a[i].box);
    for (; j < nb; j++)
        add(d, b[j].box);
    free(len);
    return true;
}

int damage_find(const paint_ops_t *before, const paint_ops_t *now, int w, int h, SDL_Rect *out)
{
    if (before->lost || now->lost || before->n == 0 || now->n == 0 || w <= 0 || h <= 0)
        return -1;
    rects_t d = {.n = 0, .frame = {0, 0, w, h}};
    const paint_op_t *a = before->op, *b = now->op;
    int na = before->n, nb = now->n;
    while (na > 0 && nb > 0 && same(a, b)) {
        a++, b++;
        na--, nb--;
    }
    while (na > 0 && nb > 0 && same(&a[na - 1], &b[nb - 1]))
        na--, nb--;
    if (!align(a, na, b, nb, &d))
        return -1;
    merge_overlaps(&d);
    for (int round = 0; take_whole(&d, now); round++) {
        if (round == 16)
            return -1;
        merge_overlaps(&d);
    }
    while (d.n > DAMAGE_MAX) {
        merge_closest(&d);
        merge_overlaps(&d);
        if (take_whole(&d, now))
            return -1; /* rare: a picture cut again; the whole frame is simpler */
    }
    long sum = 0;
    for (int i = 0; i < d.n; i++) {
        sum += area(&d.r[i]);
        out[i] = d.r[i];
    }
    /* Most of the screen: one clear and one pass cost less than pieces. */
    if (sum * 2 > (long)w * h)
        return -1;
    return d.n;
}
