/* One frame of the wall being laid out: its inputs, theme and view, shared
 * by the layout (wall.c), the banners (banner.c) and their words (frame.c). */
#ifndef POKERCLOCK_FRAME_H
#define POKERCLOCK_FRAME_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "screen/lang.h"
#include "screen/paint.h"
#include "screen/wall.h"

enum {
    NEW_LEVEL_MS = 20000,      /* the new-level banner, from the start of a level */
    ITM_MS = 30000,            /* the in-the-money celebration */
    CARD_MS = 4000,            /* the end-of-day card being drawn */
    ROTATE_MS = 8000,          /* strips take turns in the footer */
    MAX_BANNERS = 16,
    /* The smallest text on a wall, in pixels: a label or the panel's
     * address on a 7-inch 800x480 touchscreen, read at arm's length. */
    MIN_TEXT_PX = 18,
};

/* A text size that is never below MIN_TEXT_PX. */
static inline int frame_readable(int px)
{
    return px < MIN_TEXT_PX ? MIN_TEXT_PX : px;
}

/* A screen whose short side is under 600 pixels (the Pi's 800x480
 * touchscreen): more of it for the footer's address, no text below
 * MIN_TEXT_PX. */
static inline bool frame_small(int w, int h)
{
    return (w < h ? w : h) < 600;
}

typedef struct {
    SDL_Color bg, fg, accent, paused, brk, warn; /* from the theme, or the defaults */
    SDL_Color muted, panel, line; /* mixed from bg and fg: labels, bands, tracks */
} theme_colours_t;

/* A wall for one renderer (the window's, or an offscreen canvas). */
struct wall {
    SDL_Renderer *r;           /* where it draws */
    text_cache_t *tc;          /* its fonts and rendered strings */
    paint_t p;                 /* the painter, reused frame after frame */
    const settings_t *config;    /* theme and languages */
    theme_colours_t col;
    lang_id lang, lang2;       /* the wall's language, and the second one */
    bool two_languages;        /* labels show both */
    SDL_Texture *logo;         /* the venue's logo, or NULL */
    int logo_w, logo_h;
    SDL_Texture *slide_tex;    /* the slide's picture, the only one on the GPU */
    uint64_t slide_key;        /* which slide it is */
};

/* A strip takes its turn in the footer; a takeover covers the body. */
typedef enum { STRIP, TAKEOVER } banner_size;
typedef enum {
    FIG_NONE, FIG_COLOR_UP, FIG_HFH, FIG_CALL, FIG_CARD, FIG_ITM, FIG_HANDS, FIG_SEATS
} figure_t;

/* One overlay: every announcement and procedure is one of these. */
typedef struct {
    int priority;              /* higher comes first */
    banner_size size;
    SDL_Color bg, fg;
    char title[300];           /* readable in under two seconds */
    char line[600];            /* the detail under it, or "" */
    figure_t fig;              /* a picture for takeovers, or FIG_NONE */
} banner_t;

typedef struct {
    int x, y, w, h;
} box_t;

/* Everything one frame draws from. */
typedef struct {
    wall_t *w;
    paint_t *p;
    const wall_frame_t *f;
    const tourney_t *t;
    const structure_t *s;
    tourney_view_t v;
    const level_t *cur;
    bool running, started, is_break, last_minute, paused;
    banner_t banners[MAX_BANNERS];
    int n_banners;
    const banner_t *takeover;
    const banner_t *strips[MAX_BANNERS];
    int n_strips;
} frame_t;

/* ---- words, numbers and times (frame.c) ---- */

const char *frame_word(frame_t *fr, word_id id);
/* A label in one language, or "first / second" when the wall shows two. */
void frame_label2(frame_t *fr, word_id id, char *buf, size_t len);
void frame_money(frame_t *fr, int64_t n, char *buf, size_t len);
/* A player as the wall names him: "Anna Berg" ("Anna B." where the house
 * shows first names only), or "Spieler 2" in the wall's language. */
void frame_player_name(frame_t *fr, int player, char *buf, size_t len);
/* m:ss, or h:mm:ss from an hour; up: counting up (overtime). */
void frame_clock_text(int64_t ms, bool up, char *buf, size_t len);
/* The wake-up for a countdown shown in whole seconds (rounded up). */
void frame_wake_countdown(paint_t *p, int64_t ms);
/* The average stack in big blinds ("25 BB", "9.9 BB"), or "" without one. */
void frame_bb_text(int64_t average, int64_t big_blind, char *buf, size_t len);
int frame_play_number(const structure_t *s, int index);
void frame_blinds_text(frame_t *fr, const level_t *l, char *buf, size_t len);
void frame_ante_text(frame_t *fr, const level_t *l, char *buf, size_t len);
int frame_cap_h(frame_t *fr, text_face face, int px);
SDL_Color frame_countdown_colour(frame_t *fr);
void frame_countdown_text(frame_t *fr, char *buf, size_t len);

/* ---- the layout (wall.c) ---- */

/* The level label, the countdown, the progress bar, the blinds. */
void wall_clock_block(frame_t *fr, box_t bx);

/* ---- banners (banner.c) ---- */

/* Every overlay that applies now, highest priority first: fr->takeover and
 * fr->strips. */
void banners_collect(frame_t *fr);
void banner_strip_draw(frame_t *fr, const banner_t *b, box_t bx);
void banner_takeover_draw(frame_t *fr, const banner_t *b, box_t bx);

#endif
