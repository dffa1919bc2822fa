/* The wall display (SDL2): window, KMSDRM or offscreen, and the main loop. */
#ifndef POKERCLOCK_SCREEN_H
#define POKERCLOCK_SCREEN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "screen/slideshow.h"
#include "store/config.h"
#include "store/seasons.h"

/* The loop's time. Left empty, the engine's clock and real sleeps; a test
 * gives its own, so that frame rules are checked without waiting. */
typedef struct {
    int64_t (*now)(void *ctx);           /* ms, on the engine's time line */
    void (*wait)(void *ctx, int64_t ms); /* sleep ms (a test moves time on) */
    void *ctx;
} screen_clock_t;

typedef struct {
    const settings_t *config;
    bool headless;          /* no window at all: only the main loop runs */
    const char *panel_url;  /* shown as a QR code while paused / on breaks */
    const char *pin;        /* a generated PIN, shown until the first login */
    const char *state_dir;  /* to ask whether the PIN was seen */
    const char *no_screen;  /* headless because no screen could be opened: why */
    screen_clock_t clock;   /* the main loop's time; empty: the real one */
    slideshow_t *slideshow; /* the venue's slides, or NULL */
    seasons_t *seasons;     /* the current league season's table, or NULL */
} screen_options_t;

typedef struct screen screen_t;

screen_t *screen_new(const screen_options_t *o, char *err, size_t errlen);
void screen_free(screen_t *s);

/* The main loop until *stop is set: engine_tick, keys, redraw when something
 * visible changed, the watchdog. Returns the exit status (non-zero when the
 * display was lost, so that the service manager restarts). */
int screen_run(screen_t *s, engine_t *e, volatile sig_atomic_t *stop);

/* Frames drawn since screen_new: a countdown with nothing else going on
 * draws about one a second. */
uint64_t screen_frames(const screen_t *s);

/* Renders the wall for snap at now, offscreen at w x h, into a malloc'd PNG.
 * Safe to call from any thread. url and pin may be NULL. 0 or -1. The canvas
 * (surface, renderer, text) is kept for the next picture of the same size;
 * w = h = 0 lets go of it (and renders nothing). */
int wall_render_png(const settings_t *c, const snapshot_t *snap, int64_t now, int w, int h,
                    const char *url, const char *pin, unsigned char **png, size_t *len);
/* The slides wall_render_png shows (NULL: none); set once at start. */
void wall_render_slides(slideshow_t *ss);
/* The league board it shows (NULL: none); set once at start. */
void wall_render_seasons(seasons_t *s);
/* A thread other than the window's that rendered pictures calls this before
 * it ends: SDL keeps per-thread storage (its error text) that it frees only
 * for threads it created itself. */
void wall_render_thread_end(void);

#endif
