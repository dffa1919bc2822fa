/* One frame of the wall being laid out: its inputs, theme and view, shared
 * by the layout (wall.c), the banners (banner.c) and their words (frame.c). */
#ifndef POKERCLOCK_FRAME_H
#define POKERCLOCK_FRAME_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/show.h"
#include "screen/lang.h"
#include "screen/paint.h"
#include "screen/say.h"
#include "screen/text.h"
#include "screen/wall_frame.h"
#include "store/config.h"

enum {
    ROTATE_MS = 8000, /* a label's two languages take turns */
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
    SDL_Color muted, panel, line;                /* mixed from bg and fg: labels, bands, tracks */
} theme_colours_t;

/* A wall for one renderer (the window's, or an offscreen canvas). */
struct wall {
    SDL_Renderer *r;          /* where it draws */
    text_cache_t *tc;         /* its fonts and rendered strings */
    paint_t p;                /* the painter, reused frame after frame */
    paint_ops_t planned;      /* the calls of the last dry run ... */
    paint_ops_t shown;        /* ... and of the last frame drawn */
    const settings_t *config; /* theme and languages */
    theme_colours_t col;
    lang_id lang, lang2; /* the wall's language, and the second one */
    bool two_languages;  /* labels show both */
    SDL_Texture *logo;   /* the venue's logo, or NULL */
    int logo_w, logo_h;
    SDL_Texture *slide_tex; /* the slide's picture, the only one on the GPU */
    uint64_t slide_key;     /* which slide it is */
};

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
    const show_t *show; /* what the screen shows, decided for this frame */
    tourney_view_t v;   /* show->v */
    say_lang_t say;     /* the wall's languages and currency */
    const level_t *cur;
    bool running, started, is_break, last_minute, paused;
    const show_item_t *takeover; /* the body's procedure, or NULL */
} frame_t;

/* ---- words, numbers and times (frame.c) ---- */

const char *frame_word(frame_t *fr, word_id id);
/* A text of the screen's decision in the wall's words; a time in it wakes
 * the wall when its second turns. */
void frame_say(frame_t *fr, show_text_t t, char *buf, size_t len);
/* A label in one language, or "first / second" when the wall shows two. */
void frame_label2(frame_t *fr, word_id id, char *buf, size_t len);
void frame_money(frame_t *fr, int64_t n, char *buf, size_t len);
/* A player as the wall names him: "Anna Berg" ("Anna B." where the house
 * shows first names only), or "Spieler 2" in the wall's language. */
void frame_player_name(frame_t *fr, int player, char *buf, size_t len);
/* The wake-up for a countdown shown in whole seconds (rounded up). */
void frame_wake_countdown(paint_t *p, int64_t ms);
/* The average stack in big blinds ("25 BB", "9.9 BB"), or "" without one. */
void frame_bb_text(int64_t average, int64_t big_blind, char *buf, size_t len);
void frame_blinds_text(frame_t *fr, const level_t *l, char *buf, size_t len);
void frame_ante_text(frame_t *fr, const level_t *l, char *buf, size_t len);
int frame_cap_h(frame_t *fr, text_face face, int px);
SDL_Color frame_countdown_colour(frame_t *fr);
void frame_countdown_text(frame_t *fr, char *buf, size_t len);

/* ---- the clock (clock_block.c) ---- */

/* The level label, the countdown, the progress bar, the blinds. */
void wall_clock_block(frame_t *fr, box_t bx);

/* ---- strips and takeovers (banner.c) ---- */

/* The strips in turn in the footer, dots at the right saying how many. */
void banner_strips_draw(frame_t *fr, box_t bx);
/* The procedure of fr->takeover over the body. */
void banner_takeover_draw(frame_t *fr, box_t bx);

#endif
