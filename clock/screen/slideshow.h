/* The venue's slides as the wall shows them: which one now, decoded, within
 * a fixed memory budget. */
#ifndef POKERCLOCK_SLIDESHOW_H
#define POKERCLOCK_SLIDESHOW_H

#include <SDL2/SDL.h>
#include <stdint.h>
#include <time.h>

#include "store/slides.h"

enum {
    /* Pictures decoded at once: the one shown and the next, so that a
     * change costs no decoding. At most 1920 x 1080 x 4 bytes each
     * (picture_prepare keeps no larger): 16.6 MB at most. */
    SLIDESHOW_DECODED = 2,
};

/* One slide to draw: a picture's pixels or a text; shared (refcounted),
 * never changed once made. */
typedef struct wall_slide {
    uint64_t key;        /* names what it shows, for the wall's fingerprint */
    slide_t slide;       /* its settings and text */
    SDL_Surface *pixels; /* a picture, RGBA; NULL for text (or unreadable) */
    int refs;            /* guarded by the slideshow's lock */
    struct slideshow *owner;
} wall_slide_t;

typedef struct slideshow slideshow_t;

/* A slideshow of store's slides (store outlives it); NULL without memory. */
slideshow_t *slideshow_new(slides_t *store);
void slideshow_free(slideshow_t *ss);

/* The slide shown at now_ms (the engine's steady time: slides take turns by
 * their seconds from its zero) and wall time `wall` (their windows), with a
 * reference (slideshow_release); NULL when none is live. *next_in_ms: when
 * the next one is due (INT64_MAX: never). Decodes it and the next when they
 * are not yet. Any thread. */
wall_slide_t *slideshow_get(slideshow_t *ss, int64_t now_ms, time_t wall, int64_t *next_in_ms);
void slideshow_release(wall_slide_t *sl);

/* The store's version: grows when a slide is added, changed or removed. */
uint64_t slideshow_version(slideshow_t *ss);

/* Bytes of decoded pixels not yet freed, held here or still drawn from
 * (for tests and the bench). */
size_t slideshow_bytes(slideshow_t *ss);

#endif
