/* Text as textures: fonts by face and pixel size, each string rendered once
 * per size and colour and kept in a cache bounded by its textures' bytes. */
#ifndef POKERCLOCK_TEXT_H
#define POKERCLOCK_TEXT_H

#include <SDL2/SDL.h>
#include <stdbool.h>

typedef enum { FACE_BOLD = 0, FACE_REGULAR = 1, FACE__COUNT } text_face;

typedef struct text_cache text_cache_t;

/* Fonts for one renderer. font_path: the theme's TTF for both faces, or
 * NULL/"" for the built-in Roboto. NULL with err when no font loads. */
text_cache_t *text_cache_new(SDL_Renderer *r, const char *font_path, char *err, size_t errlen);
void text_cache_free(text_cache_t *tc);

/* The size of s at px; 0, or -1 when the font cannot be opened. */
int text_measure(text_cache_t *tc, text_face face, int px, const char *s, int *w, int *h);
/* The advance of one character (the countdown lays digits out in cells). */
int text_advance(text_cache_t *tc, text_face face, int px, Uint16 ch);
/* Distance from the top of a text box to the top of capitals, and cap height. */
void text_cap_metrics(text_cache_t *tc, text_face face, int px, int *top, int *height);
/* The texture of s at px in colour c, owned by the cache (valid until the
 * next text_get). NULL for an empty string or on failure. */
SDL_Texture *text_get(text_cache_t *tc, text_face face, int px, SDL_Color c, const char *s, int *w,
                      int *h);
/* What the cache holds (bytes are the textures' pixels, 4 per pixel), and
 * how often a string was found in it; for tests of its bound and the bench. */
typedef struct {
    size_t bytes, fresh_bytes;
    int count;
    uint64_t hits, misses, evicted;
} text_cache_stats_t;
void text_cache_stats(const text_cache_t *tc, text_cache_stats_t *out);

/* The budget in bytes: all textures the cache holds together, twice the
 * screen's own pixels and at least TEXT_CACHE_MIN_BYTES (16 MiB at 1080p,
 * 63 MiB at 4K: one frame's text at 4K is larger than a 1080p budget), and
 * the quarter of it for strings drawn only once so far (a time that changes
 * every second replaces another such string, never a label kept for later).
 * A string larger than the whole budget is drawn but not kept. */
void text_cache_budget(const text_cache_t *tc, size_t *total, size_t *fresh);

enum { TEXT_CACHE_MIN_BYTES = 16 << 20, TEXT_FONTS_MAX = 40 };

#endif
