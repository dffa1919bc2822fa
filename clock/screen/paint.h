/* Drawing primitives for the layouts; in a dry run they only fingerprint
 * what would be drawn, so the main loop redraws only when that changes. */
#ifndef POKERCLOCK_PAINT_H
#define POKERCLOCK_PAINT_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "screen/text.h"

typedef enum { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } paint_align;

/* One drawing call as the frame's record keeps it: the pixels it may touch
 * and a fingerprint of everything that decides them. */
typedef struct {
    uint64_t hash;
    SDL_Rect box;
    bool whole; /* scaled: drawn only whole, never cut by a clip */
} paint_op_t;

/* The calls of one frame, in order (screen/damage.h compares two). */
typedef struct {
    paint_op_t *op;
    int n, cap;
    bool lost; /* a call could not be kept: compare nothing */
} paint_ops_t;

typedef struct {
    SDL_Renderer *r;
    text_cache_t *tc;
    int w, h;             /* the frame */
    bool dry;             /* only fingerprint, draw nothing */
    paint_ops_t *ops;     /* each call is written here; NULL: nowhere */
    const SDL_Rect *clip; /* a partial redraw: only inside these ... */
    int n_clip;           /* ... rectangles; 0: the whole frame */
    int clip_at;          /* the clip set on the renderer now; -1: none */
    uint64_t hash;        /* fingerprint of everything painted */
    int64_t wake_in_ms;   /* when a timer shown next changes; INT64_MAX: never */
    bool animating;       /* something moves: draw at the display rate */
    int smallest_text_px; /* the smallest text painted in this frame; 0: none */
} paint_t;

/* A frame: dry or drawn, its calls recorded in ops (NULL: not kept), drawn
 * only inside clip[0..n_clip) (n_clip 0: everywhere). */
void paint_begin(paint_t *p, bool dry, paint_ops_t *ops, const SDL_Rect *clip, int n_clip);
/* The end of a drawn frame: the renderer draws everywhere again. */
void paint_end(paint_t *p);
void paint_ops_free(paint_ops_t *ops);
void paint_hash(paint_t *p, const void *data, size_t len);
/* A timer shown now changes its text in ms. */
void paint_wake_in(paint_t *p, int64_t ms);

void paint_clear(paint_t *p, SDL_Color c);
void paint_rect(paint_t *p, int x, int y, int w, int h, SDL_Color c);
void paint_round_rect(paint_t *p, int x, int y, int w, int h, int radius, SDL_Color c);
void paint_circle(paint_t *p, int cx, int cy, int radius, SDL_Color c);
void paint_polygon(paint_t *p, const SDL_FPoint *pts, int n, SDL_Color c);
/* Text with its capitals' top at y; returns the width drawn. */
int paint_text(paint_t *p, text_face face, int px, SDL_Color c, int x, int y, paint_align a,
               const char *s);
/* The largest size up to px at which s fits in max_w (not below px/3). */
int paint_fit(paint_t *p, text_face face, int px, int max_w, const char *s);
int paint_text_width(paint_t *p, text_face face, int px, const char *s);
/* Digits laid out in equal cells, so a changing time never shifts. */
int paint_digits_width(paint_t *p, text_face face, int px, const char *s);
void paint_digits(paint_t *p, text_face face, int px, SDL_Color c, int x, int y, paint_align a,
                  const char *s);
/* A picture scaled to fit the box, centred; key names it for the fingerprint. */
void paint_texture(paint_t *p, SDL_Texture *t, int tw, int th, int x, int y, int w, int h,
                   const char *key);

SDL_Color colour_mix(SDL_Color a, SDL_Color b, int percent_b);
/* "#rrggbb" or the fallback. */
SDL_Color colour_parse(const char *s, SDL_Color fallback);
SDL_Color colour_rgb(uint32_t rgb);

#endif
