/* Drawing primitives over SDL_Renderer, with a fingerprint of each call. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "screen/paint.h"

void paint_begin(paint_t *p, bool dry)
{
    p->dry = dry;
    p->hash = 1469598103934665603ull;
    p->wake_in_ms = INT64_MAX;
    p->animating = false;
    p->smallest_text_px = 0;
    paint_hash(p, &p->w, sizeof p->w);
    paint_hash(p, &p->h, sizeof p->h);
}

void paint_hash(paint_t *p, const void *data, size_t len)
{
    const uint8_t *b = data;
    for (size_t i = 0; i < len; i++)
        p->hash = (p->hash ^ b[i]) * 1099511628211ull;
}

void paint_wake_in(paint_t *p, int64_t ms)
{
    if (ms < 1)
        ms = 1;
    if (ms < p->wake_in_ms)
        p->wake_in_ms = ms;
}

static void hash_call(paint_t *p, char op, const int *v, int n, SDL_Color c)
{
    paint_hash(p, &op, 1);
    paint_hash(p, v, sizeof *v * (size_t)n);
    paint_hash(p, &c, sizeof c);
}

void paint_clear(paint_t *p, SDL_Color c)
{
    hash_call(p, 'C', NULL, 0, c);
    if (p->dry)
        return;
    SDL_SetRenderDrawColor(p->r, c.r, c.g, c.b, 255);
    SDL_RenderClear(p->r);
}

void paint_rect(paint_t *p, int x, int y, int w, int h, SDL_Color c)
{
    int v[4] = {x, y, w, h};
    hash_call(p, 'R', v, 4, c);
    if (p->dry || w <= 0 || h <= 0)
        return;
    SDL_SetRenderDrawBlendMode(p->r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(p->r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(p->r, &(SDL_Rect){x, y, w, h});
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
    SDL_RenderGeometry(p->r, NULL, v, n, idx, k);
}

void paint_polygon(paint_t *p, const SDL_FPoint *pts, int n, SDL_Color c)
{
    paint_hash(p, "P", 1);
    paint_hash(p, pts, sizeof *pts * (size_t)n);
    paint_hash(p, &c, sizeof c);
    if (!p->dry)
        fan(p, pts, n, c);
}

void paint_circle(paint_t *p, int cx, int cy, int radius, SDL_Color c)
{
    int v[3] = {cx, cy, radius};
    hash_call(p, 'O', v, 3, c);
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
    hash_call(p, 'Q', v, 5, c);
    if (p->dry || w <= 0 || h <= 0)
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

static void blit(paint_t *p, SDL_Texture *t, int x, int y, int w, int h)
{
    SDL_RenderCopy(p->r, t, NULL, &(SDL_Rect){x, y, w, h});
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
    int v[4] = {face, px, x, y};
    hash_call(p, 'T', v, 4, c);
    paint_hash(p, &a, sizeof a);
    paint_hash(p, s, strlen(s));
    int w = paint_text_width(p, face, px, s);
    if (*s)
        note_size(p, px);
    if (p->dry || !*s)
        return w;
    int top, capsh;
    text_cap_metrics(p->tc, face, px, &top, &capsh);
    int tw, th;
    SDL_Texture *t = text_get(p->tc, face, px, c, s, &tw, &th);
    if (!t)
        return w;
    int dx = a == ALIGN_LEFT ? x : a == ALIGN_CENTER ? x - tw / 2 : x - tw;
    blit(p, t, dx, y - top, tw, th);
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

void paint_digits(paint_t *p, text_face face, int px, SDL_Color c, int x, int y, paint_align a,
                  const char *s)
{
    int v[4] = {face, px, x, y};
    hash_call(p, 'D', v, 4, c);
    paint_hash(p, &a, sizeof a);
    paint_hash(p, s, strlen(s));
    if (*s)
        note_size(p, px);
    if (p->dry)
        return;
    int total = paint_digits_width(p, face, px, s);
    int cx = a == ALIGN_LEFT ? x : a == ALIGN_CENTER ? x - total / 2 : x - total;
    int cell = text_advance(p->tc, face, px, '0');
    int top, capsh;
    text_cap_metrics(p->tc, face, px, &top, &capsh);
    for (const char *q = s; *q; q++) {
        char one[2] = {*q, 0};
        int adv = *q >= '0' && *q <= '9' ? cell : text_advance(p->tc, face, px, (Uint16)*q);
        int tw, th;
        SDL_Texture *t = text_get(p->tc, face, px, c, one, &tw, &th);
        if (t)
            blit(p, t, cx + (adv - tw) / 2, y - top, tw, th);
        cx += adv;
    }
}

void paint_texture(paint_t *p, SDL_Texture *t, int tw, int th, int x, int y, int w, int h,
                   const char *key)
{
    int v[4] = {x, y, w, h};
    hash_call(p, 'I', v, 4, (SDL_Color){0, 0, 0, 0});
    paint_hash(p, key, strlen(key));
    if (p->dry || !t || tw <= 0 || th <= 0)
        return;
    double k = fmin((double)w / tw, (double)h / th);
    int dw = (int)(tw * k), dh = (int)(th * k);
    blit(p, t, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
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
