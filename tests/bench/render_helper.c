/* Benchmark helper for render.bench: offscreen frame times, and the text
 * cache's bytes over a simulated evening of the wall. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

#include "embedded.h"
#include "engine.h"
#include "screen/png.h"
#include "screen/screen.h"
#include "screen/wall.h"
#include "store/config.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A running tournament: the built-in one (default_cfg) or a short one. */
static engine_t *engine_running_of(settings_t *c, bool default_cfg)
{
    config_load_default(c);
    const embedded_file_t *ef = embedded_find("assets/structures/default.cfg");
    char *builtin = ef ? strndup((const char *)ef->data, ef->size) : NULL;
    const char *text = default_cfg && builtin ? builtin : "tournament = { name = \"Bench\"; starting_stack = 20000;\n"
                       "  levels = ( { small_blind = 100; big_blind = 200; ante = 200;\n"
                       "  big_blind_ante = true; minutes = 20; },\n"
                       "  { small_blind = 200; big_blind = 400; minutes = 20; } ); };\n";
    engine_options_t o = {.config_text = text, .config_name = "bench.cfg"};
    char err[512];
    engine_t *e = engine_new(&o, err, sizeof err);
    free(builtin);
    if (!e) {
        fprintf(stderr, "engine: %s\n", err);
        exit(1);
    }
    command_t reg = {.type = CMD_REGISTER, .count = 40}, start = {.type = CMD_START};
    engine_apply(e, &reg, engine_now(e), NULL);
    engine_apply(e, &start, engine_now(e), NULL);
    /* Past the new-level banner: a plain countdown. */
    command_t adj = {.type = CMD_ADJUST, .delta_ms = -60000};
    engine_apply(e, &adj, engine_now(e), NULL);
    return e;
}

static engine_t *engine_running(settings_t *c)
{
    return engine_running_of(c, false);
}

static void frames(int n, int w, int h)
{
    static settings_t c;
    engine_t *e = engine_running(&c);
    const snapshot_t *snap = engine_snapshot(e);
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    char err[256];
    wall_t *wall = wall_new(r, &c, err, sizeof err);
    if (!wall) {
        fprintf(stderr, "wall: %s\n", err);
        exit(1);
    }
    int64_t t = engine_now(e);
    /* Each frame one second later: a new countdown each time, as on the wall. */
    wall_frame_t f = {.snap = snap, .w = w, .h = h};
    f.now = t;
    wall_render(wall, &f); /* warm the caches */
    double t0 = now_s();
    for (int i = 0; i < n; i++) {
        f.now = t + i * 1000;
        wall_render(wall, &f);
    }
    double draw = (now_s() - t0) / n;
    wall_plan_t plan;
    t0 = now_s();
    for (int i = 0; i < n; i++) {
        f.now = t + i * 1000;
        wall_plan(wall, &f, &plan);
    }
    double dry = (now_s() - t0) / n;
    int m = n / 4 > 0 ? n / 4 : 1;
    t0 = now_s();
    for (int i = 0; i < m; i++) {
        unsigned char *png;
        size_t len;
        wall_render_png(&c, snap, t + i * 1000, w, h, "http://10.0.0.5:8080/", NULL, &png, &len);
        free(png);
    }
    double png = (now_s() - t0) / m;
    printf("offscreen %dx%d frame: %.2f ms (mean of %d); dry run (is a redraw needed?): "
           "%.3f ms; drawn and encoded as PNG (GET /api/screen.png): %.1f ms (mean of %d)\n",
           w, h, draw * 1000, n, dry * 1000, png * 1000, m);
    /* The encoding alone: ours against SDL_image's (libpng at its default
     * compression), the same frame. */
    double enc[2];
    size_t bytes[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        t0 = now_s();
        for (int i = 0; i < m; i++) {
            unsigned char *out = NULL;
            size_t len = 0;
            if (k == 0) {
                png_encode(surf, &out, &len);
            } else {
                size_t cap = (size_t)w * (size_t)h * 4 + (1 << 20);
                out = malloc(cap);
                SDL_RWops *rw = out ? SDL_RWFromMem(out, (int)cap) : NULL;
                if (rw) {
                    IMG_SavePNG_RW(surf, rw, 0);
                    len = (size_t)SDL_RWtell(rw);
                    SDL_RWclose(rw);
                }
            }
            bytes[k] = len;
            free(out);
        }
        enc[k] = (now_s() - t0) / m;
    }
    printf("  PNG encoding alone at %dx%d: %.1f ms, %zu kB (SDL_image's IMG_SavePNG, used "
           "before: %.1f ms, %zu kB; %.1fx the time)\n",
           w, h, enc[0] * 1000, bytes[0] / 1024, enc[1] * 1000, bytes[1] / 1024,
           enc[0] > 0 ? enc[1] / enc[0] : 0);
    wall_free(wall);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    snapshot_release(snap);
    engine_free(e);
}

/* The text cache over a long simulated evening: the wall drawn once per
 * simulated second (as the window draws it) for hours, offscreen; prints
 * the cache's texture bytes as it goes. */
static void cache(int hours, int w, int h)
{
    static settings_t c;
    engine_t *e = engine_running_of(&c, true);
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    char err[256];
    wall_t *wall = wall_new(r, &c, err, sizeof err);
    if (!wall) {
        fprintf(stderr, "wall: %s\n", err);
        exit(1);
    }
    int64_t t = engine_now(e);
    wall_frame_t f = {.w = w, .h = h};
    size_t peak = 0;
    int n = hours * 3600;
    for (int i = 0; i <= n; i++) {
        /* A new snapshot each simulated minute: the engine moves levels on. */
        if (i % 60 == 0) {
            if (f.snap)
                snapshot_release(f.snap);
            engine_tick(e, t + (int64_t)i * 1000);
            f.snap = engine_snapshot(e);
        }
        f.now = t + (int64_t)i * 1000;
        wall_render(wall, &f);
        text_cache_stats_t st;
        text_cache_stats(wall_text_cache(wall), &st);
        if (st.bytes > peak)
            peak = st.bytes;
        size_t budget, fresh_budget;
        text_cache_budget(wall_text_cache(wall), &budget, &fresh_budget);
        if (i == 80 || i == 3600 || (i > 0 && i % (4 * 3600) == 0) || i == n)
            printf("text cache after %5d s at %dx%d: %6.1f MB in %4d textures (peak %.1f MB, "
                   "budget %.1f MB); %llu hits, %llu misses\n",
                   i, w, h, st.bytes / 1048576.0, st.count, peak / 1048576.0,
                   budget / 1048576.0, (unsigned long long)st.hits,
                   (unsigned long long)st.misses);
    }
    snapshot_release(f.snap);
    wall_free(wall);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    engine_free(e);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "frames")) {
        frames(argc > 2 ? atoi(argv[2]) : 200, argc > 3 ? atoi(argv[3]) : 1920,
               argc > 4 ? atoi(argv[4]) : 1080);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "cache")) {
        cache(argc > 2 ? atoi(argv[2]) : 1, argc > 3 ? atoi(argv[3]) : 1920,
              argc > 4 ? atoi(argv[4]) : 1080);
        return 0;
    }
    fprintf(stderr, "usage: render_helper frames [N [W H]] | cache [HOURS [W H]]\n");
    return 2;
}
