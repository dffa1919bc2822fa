/* The wall rendered offscreen into a PNG (GET /api/screen.png, --screenshot,
 * the golden tests): the same drawing code on a software renderer. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "screen/png.h"
#include "screen/screen.h"
#include "screen/wall.h"

/* One offscreen canvas, kept between calls so that its text stays cached;
 * HTTP threads take turns on it: every field under lock. */
static struct {
    pthread_mutex_t lock;
    int w, h;
    const settings_t *config; /* the configuration the wall was made for ... */
    theme_t theme;            /* ... and what it said then */
    char language[8], language2[8];
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    wall_t *wall;
    slideshow_t *slides; /* the venue's slides, or NULL */
    seasons_t *seasons;  /* the league's board, or NULL */
    season_board_t board;
    show_t show;        /* what the picture shows */
    panel_addr_t panel; /* the panel's addresses, looked up ... */
    int64_t panel_at;   /* ... then (the caller's time) */
} off = {.lock = PTHREAD_MUTEX_INITIALIZER};

void wall_render_slides(slideshow_t *ss)
{
    pthread_mutex_lock(&off.lock);
    off.slides = ss;
    pthread_mutex_unlock(&off.lock);
}

void wall_render_seasons(seasons_t *s)
{
    pthread_mutex_lock(&off.lock);
    off.seasons = s;
    pthread_mutex_unlock(&off.lock);
}

static void canvas_drop(void)
{
    wall_free(off.wall);
    if (off.renderer)
        SDL_DestroyRenderer(off.renderer);
    SDL_FreeSurface(off.surface);
    off.wall = NULL;
    off.renderer = NULL;
    off.surface = NULL;
}

static int canvas_get(const settings_t *c, int w, int h)
{
    if (off.wall && off.w == w && off.h == h && off.config == c &&
        !memcmp(&off.theme, &c->theme, sizeof off.theme) && !strcmp(off.language, c->language) &&
        !strcmp(off.language2, c->language2))
        return 0;
    canvas_drop();
    off.surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    off.renderer = off.surface ? SDL_CreateSoftwareRenderer(off.surface) : NULL;
    char err[256];
    off.wall = off.renderer ? wall_new(off.renderer, c, err, sizeof err) : NULL;
    if (!off.wall) {
        canvas_drop();
        return -1;
    }
    off.w = w;
    off.h = h;
    off.config = c;
    off.theme = c->theme;
    memcpy(off.language, c->language, sizeof off.language);
    memcpy(off.language2, c->language2, sizeof off.language2);
    return 0;
}

int wall_render_png(const settings_t *c, const snapshot_t *snap, int64_t now, int w, int h,
                    const char *url, const char *pin, unsigned char **png, size_t *len)
{
    *png = NULL;
    *len = 0;
    if (w == 0 && h == 0) { /* let go of the canvas: nobody asked for a while */
        pthread_mutex_lock(&off.lock);
        canvas_drop();
        pthread_mutex_unlock(&off.lock);
        return -1;
    }
    if (!c || !snap || w < 16 || h < 16 || w > 7680 || h > 4320)
        return -1;
    pthread_mutex_lock(&off.lock);
    int rc = -1;
    if (canvas_get(c, w, h) == 0) {
        /* The addresses are kept a while: pictures are asked for often. */
        if (url && (strcmp(url, off.panel.url) || now - off.panel_at >= PANEL_ADDR_REFRESH_MS ||
                    now < off.panel_at)) {
            panel_addr_lookup(url, &off.panel);
            off.panel_at = now;
        }
        wall_show(snap, now, -1, &off.show);
        wall_frame_t f = {.snap = snap,
                          .now = now,
                          .show = &off.show,
                          .w = w,
                          .h = h,
                          .panel = url ? &off.panel : NULL,
                          .pin = pin};
        wall_slide_t *slide = wall_slide_time(c, snap, &off.show)
                                  ? slideshow_get(off.slides, now, time(NULL), &f.slide_next_in_ms)
                                  : NULL;
        f.slide = slide;
        seasons_board_get(off.seasons, &off.board);
        f.board = off.board.n > 0 ? &off.board : NULL;
        wall_render(off.wall, &f);
        slideshow_release(slide);
        SDL_RenderFlush(off.renderer);
        rc = png_encode(off.surface, png, len);
    }
    pthread_mutex_unlock(&off.lock);
    return rc;
}

void wall_render_thread_end(void)
{
    SDL_TLSCleanup();
}
