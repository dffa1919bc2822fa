/* Drawing primitives over SDL_Renderer, with a fingerprint of each call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screen/paint.h"

void paint_begin(paint_t *p, bool dry, paint_ops_t *ops, const SDL_Rect *clip, int n_clip)
{
    p->dry = dry;
    p->ops = ops;
    if (ops) {
        ops->n = 0;
        ops->lost = false;
    }
    p->clip = n_clip > 0 ? clip : NULL;
    p->n_clip = n_clip > 0 ? n_clip : 0;
    p->clip_at = -1;
    p->hash = 1469598103934665603ull;
    p->wake_in_ms = INT64_MAX;
    p->animating = false;
    p->smallest_text_px = 0;
    paint_hash(p, &p->w, sizeof p->w);
    paint_hash(p, &p->h, sizeof p->h);
}

void paint_end(paint_t *p)
{
    if (!p->dry && p->clip_at >= 0)
        SDL_RenderSetClipRect(p->r, NULL);
    p->clip_at = -1;
}

void paint_ops_free(paint_ops_t *ops)
{
    free(ops->op);
    *ops = (paint_ops_t){0};
}

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const uint8_t *b = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

void paint_hash(paint_t *p, const void *data, size_t len)
{
    p->hash = fnv(p->hash, data, len);
}

void paint_wake_in(paint_t *p, int64_t ms)
{
    if (ms < 1)
        ms = 1;
    if (ms < p->wake_in_ms)
        p->wake_in_ms = ms;
}

/* A call's fingerprint: its kind, numbers, colour and text. */
static uint64_t call_hash(char op, const int *v, int n, SDL_Color c, const char *s)
{
    uint64_t h = fnv(1469598103934665603ull, &op, 1);
    h = fnv(h, v, sizeof *v * (size_t)n);
    h = fnv(h, &c, sizeof c);
    return s ? fnv(h, s, strlen(s) + 1) : h;
}

/* A call goes into the frame's fingerprint and, with the pixels it may
 * touch, into the frame's record. */
static void record(paint_t *p, uint64_t h, SDL_Rect box, bool whole)
{
    paint_hash(p, &h, sizeof h);
    paint_ops_t *ops = p->ops;
    if (!ops || ops->lost)
        return;
    if (ops->n == ops->cap) {
        int cap = ops->cap ? ops->cap * 2 : 256;
        paint_op_t *op = realloc(ops->op, sizeof *op * (size_t)cap);
        if (!op) {
            ops->lost = true;
            return;
        }
        ops->op = op;
        ops->cap = cap;
    }
    ops->op[ops->n++] = (paint_op_t){h, box, whole};
}

/* The clip rectangles a call's box meets, one after the other from i, each
 * set on the renderer; -1 when there is none left. Without clips: 0 once. */
static int clip_from(paint_t *p, const SDL_Rect *box, int i)
{
    if (p->n_clip == 0)
        return i == 0 ? 0 : -1;
    for (; i < p->n_clip; i++) {
        if (!SDL_HasIntersection(box, &p->clip[i]))
            continue;
        if (p->clip_at != i)
            SDL_RenderSetClipRect(p->r, &p->clip[i]);
        p->clip_at = i;
        return i;
    }
    return -1;
}

#define EACH_CLIP(p, box, i)                                                                       \
    for (int i = clip_from(p, box, 0); i >= 0; i = clip_from(p, box, i + 1))

void paint_clear(paint_t *p, SDL_Color c)
{
    SDL_Rect all = {0, 0, p->w, p->h};
    record(p, call_hash('C', NULL, 0, c, NULL), all, false);
    if (p->dry)
        return;
    SDL_SetRenderDrawColor(p->r, c.r, c.g, c.b, 255);
    if (p->n_clip == 0) {
        SDL_RenderClear(p->r);
        return;
    }
    /* Clearing ignores the clip: each rectangle is filled instead. */
    SDL_SetRenderDrawBlendMode(p->r, SDL_BLENDMODE_NONE);
    EACH_CLIP(p, &all, i)
    SDL_RenderFillRect(p->r, &p->clip[i]);
}

void paint_rect(paint_t *p, int x, int y, int w, int h, SDL_Color c)
{
    int v[4] = {x, y, w, h};
    SDL_Rect box = {x, y, w, h};
    record(p, call_hash('R', v, 4, c, NULL), box, false);
    if (p->dry || w <= 0 || h <= 0)
        return;
    SDL_SetRenderDrawBlendMode(p->r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(p->r, c.r, c.g, c.b, c.a);
    EACH_CLIP(p, &box, i)
    SDL_RenderFillRect(p->r, &box);
}

/* The box of a shape around points, a pixel wider each side. */
static SDL_Rect points_box(const SDL_FPoint *pts, int n)
{
    if (n < 1)
        return (SDL_Rect){0, 0, 0, 0};
    float x0 = pts[0].x, x1 = pts[0].x, y0 = pts[0].y, y1 = pts[0].y;
    for (int i = 1; i < n; i++) {
        x0 = fminf(x0, pts[i].x);
        x1 = fmaxf(x1, pts[i].x);
        y0 = fminf(y0, pts[i].y);
        y1 = fmaxf(y1, pts[i].y);
    }
    int l = (int)floorf(x0) - 1, t = (int)floorf(y0) - 1;
    return (SDL_Rect){l, t, (int)ceilf(x1) + 1 - l + 1, (int)ceilf(y1) + 1 - t + 1};
}

/* A convex shape as a fan of triangles around its first point. */
static void fan(paint_t *p, const SDL_FPoint *pts, int n, SDL_Color c)
{
    enum { MAXV = 200 };
    SDL_Vertex v[MAXV];
    int idx[3 * MAXV];
    if (n < 3 || n > MAXV)
        return;
    for (int i = 0; i < n; i++)
        v[i] = (SDL_Vertex){pts[i], c, {0, 0}};
    SDL_SetRenderDrawBlendMode(p->r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    int k = 0;
    for (int i = 1; i + 1 < n; i++) {
        idx[k++] = 0;
        idx[k++] = i;
        idx[k++] = i + 1;
    }
    SDL_Rect box = points_box(pts, n);
    EACH_CLIP(p, &box, i)
    SDL_RenderGeometry(p->r, NULL, v, n, idx, k);
}

void paint_polygon(paint_t *p, const SDL_FPoint *pts, int n, SDL_Color c)
{
    uint64_t h = fnv(fnv(fnv(1469598103934665603ull, "P", 1), pts, sizeof *pts * (size_t)n), &c,
                     sizeof c);
    record(p, h, points_box(pts, n), false);
    if (!p->dry)
        fan(p, pts, n, c);
}

void paint_circle(paint_t *p, int cx, int cy, int radius, SDL_Color c)
{
    int v[3] = {cx, cy, radius};
    SDL_Rect box = {cx - radius - 1, cy - radius - 1, 2 * radius + 3, 2 * radius + 3};
    record(p, call_hash('O', v, 3, c, NULL), radius > 0 ? box : (SDL_Rect){0, 0, 0, 0}, false);
    if (p->dry || radius <= 0)
        return;
    enum { SEG = 72 };
    SDL_FPoint pts[SEG];
    for (int i = 0; i < SEG; i++) {
        double a = 2 * M_PI * i / SEG;
        pts[i] = (SDL_FPoint){(float)(cx + radius * cos(a)), (float)(cy + radius * sin(a))};
    }
    fan(p, pts, SEG, c);
}

void paint_round_rect(paint_t *p, int x, int y, int w, int h, int radius, SDL_Color c)
{
    int v[5] = {x, y, w, h, radius};
    bool some = w > 0 && h > 0;
    record(p, call_hash('Q', v, 5, c, NULL),
           some ? (SDL_Rect){x - 1, y - 1, w + 2, h + 2} : (SDL_Rect){0, 0, 0, 0}, false);
    if (p->dry || !some)
        return;
    if (radius * 2 > w)
        radius = w / 2;
    if (radius * 2 > h)
        radius = h / 2;
    enum { Q = 10 };
    SDL_FPoint pts[4 * (Q + 1)];
    int k = 0;
    const int corner[4][2] = {{x + w - radius, y + radius},
                              {x + w - radius, y + h - radius},
                              {x + radius, y + h - radius},
                              {x + radius, y + radius}};
    for (int q = 0; q < 4; q++)
        for (int i = 0; i <= Q; i++) {
            double a = -M_PI / 2 + (q + (double)i / Q) * M_PI / 2;
            pts[k++] = (SDL_FPoint){(float)(corner[q][0] + radius * cos(a)),
                                    (float)(corner[q][1] + radius * sin(a))};
        }
    fan(p, pts, k, c);
}

int paint_text_width(paint_t *p, text_face face, int px, const char *s)
{
    int w, h;
    text_measure(p->tc, face, px, s, &w, &h);
    return w;
}

int paint_fit(paint_t *p, text_face face, int px, int max_w, const char *s)
{
    int w = paint_text_width(p, face, px, s);
    if (w <= max_w || w == 0)
        return px;
    /* Width is close to proportional to size: one guess, then a few steps down. */
    int fit = (int)((int64_t)px * max_w / w);
    while (fit > px / 3 && paint_text_width(p, face, fit, s) > max_w)
        fit -= 1 + fit / 40;
    return fit < px / 3 ? px / 3 : fit;
}

static void blit(paint_t *p, SDL_Texture *t, SDL_Rect to)
{
    EACH_CLIP(p, &to, i)
    SDL_RenderCopy(p->r, t, NULL, &to);
}

/* The smallest text of the frame, so that tests can hold every screen size
 * to a readable minimum. */
static void note_size(paint_t *p, int px)
{
    if (p->smallest_text_px == 0 || px < p->smallest_text_px)
        p->smallest_text_px = px;
}

int paint_text(paint_t *p, text_face face, int px, SDL_Color c, int x, int y, paint_align a,
               const char *s)
{
    int v[5] = {face, px, x, y, (int)a};
    int w, h, top, capsh;
    text_measure(p->tc, face, px, s, &w, &h);
    text_cap_metrics(p->tc, face, px, &top, &capsh);
    int dx = a == ALIGN_LEFT ? x : a == ALIGN_CENTER ? x - w / 2 : x - w;
    SDL_Rect box = *s ? (SDL_Rect){dx, y - top, w, h} : (SDL_Rect){0, 0, 0, 0};
    record(p, call_hash('T', v, 5, c, s), box, false);
    if (*s)
        note_size(p, px);
    if (p->dry || !*s)
        return w;
    int tw, th;
    SDL_Texture *t = text_get(p->tc, face, px, c, s, &tw, &th);
    if (!t)
        return w;
    dx = a == ALIGN_LEFT ? x : a == ALIGN_CENTER ? x - tw / 2 : x - tw;
    blit(p, t, (SDL_Rect){dx, y - top, tw, th});
    return tw;
}

int paint_digits_width(paint_t *p, text_face face, int px, const char *s)
{
    int cell = text_advance(p->tc, face, px, '0');
    int w = 0;
    for (const char *q = s; *q; q++)
        w += *q >= '0' && *q <= '9' ? cell : text_advance(p->tc, face, px, (Uint16)*q);
    return w;
}

/* Each character centred in its cell: where the n-th one goes (its box,
 * from its measured size), the pen moved on past it. */
static SDL_Rect digit_at(paint_t *p, text_face face, int px, int cell, int top, char ch, int *pen,
                         int y)
{
    char one[2] = {ch, 0};
    int adv = ch >= '0' && ch <= '9' ? cell : text_advance(p->tc, face, px, (Uint16)ch);
    int tw, th;
    text_measure(p->tc, face, px, one, &tw, &th);
    SDL_Rect at = {*pen + (adv - tw) / 2, y - top, tw, th};
    *pen += adv;
    return at;
}

/* Each character is a call of its own: a countdown that ticks changes one
 * or two of them, and only those are drawn again. */
void paint_digits(paint_t *p, text_face face, int px, SDL_Color c, int x, int y, paint_align a,
                  const char *s)
{
    int total = paint_digits_width(p, face, px, s);
    int pen = a == ALIGN_LEFT ? x : a == ALIGN_CENTER ? x - total / 2 : x - total;
    int cell = text_advance(p->tc, face, px, '0');
    int top, capsh;
    text_cap_metrics(p->tc, face, px, &top, &capsh);
    if (*s)
        note_size(p, px);
    for (const char *q = s; *q; q++) {
        SDL_Rect at = digit_at(p, face, px, cell, top, *q, &pen, y);
        char one[2] = {*q, 0};
        int v[5] = {face, px, at.x, at.y, 0};
        record(p, call_hash('D', v, 5, c, one), at, false);
        if (p->dry)
            continue;
        int tw, th;
        SDL_Texture *t = text_get(p->tc, face, px, c, one, &tw, &th);
        if (t)
            blit(p, t, (SDL_Rect){at.x, at.y, tw, th});
    }
}

void paint_texture(paint_t *p, SDL_Texture *t, int tw, int th, int x, int y, int w, int h,
                   const char *key)
{
    int v[4] = {x, y, w, h};
    SDL_Rect to = {0, 0, 0, 0};
    if (tw > 0 && th > 0) {
        double k = fmin((double)w / tw, (double)h / th);
        int dw = (int)(tw * k), dh = (int)(th * k);
        to = (SDL_Rect){x + (w - dw) / 2, y + (h - dh) / 2, dw, dh};
    }
    /* A scaled copy cut by a clip samples its picture differently: it is
     * only ever redrawn whole. */
    record(p, call_hash('I', v, 4, (SDL_Color){0, 0, 0, 0}, key), to, to.w != tw || to.h != th);
    if (p->dry || !t || to.w <= 0 || to.h <= 0)
        return;
    blit(p, t, to);
}

SDL_Color colour_mix(SDL_Color a, SDL_Color b, int pb)
{
    return (SDL_Color){(Uint8)((a.r * (100 - pb) + b.r * pb) / 100),
                       (Uint8)((a.g * (100 - pb) + b.g * pb) / 100),
                       (Uint8)((a.b * (100 - pb) + b.b * pb) / 100), 255};
}

SDL_Color colour_parse(const char *s, SDL_Color fallback)
{
    unsigned v;
    char tail;
    if (!s || s[0] != '#' || strlen(s) != 7 || sscanf(s + 1, "%6x%c", &v, &tail) != 1)
        return fallback;
    return colour_rgb(v);
}

SDL_Color colour_rgb(uint32_t rgb)
{
    return (SDL_Color){(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
}
