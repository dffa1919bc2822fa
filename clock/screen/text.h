/* Text as textures: fonts by face and pixel size, each string rendered once
 * per size and colour and kept in a bounded cache. */
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
SDL_Texture *text_get(text_cache_t *tc, text_face face, int px, SDL_Color c, const char *s,
                      int *w, int *h);
/* How many textures the cache holds; for tests of its bound. */
int text_cache_count(const text_cache_t *tc);

enum { TEXT_CACHE_MAX = 384, TEXT_FONTS_MAX = 40 };

#endif
