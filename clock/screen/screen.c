/* The wall's window (KMSDRM on the console, a window on a desktop, or none),
 * the main loop, the local keys; its sounds and voice (screen/speaker.c). */
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/prefix.h"
#include "screen/screen.h"
#include "screen/speaker.h"
#include "screen/wall.h"
#include "sdnotify.h"
#include "store/pin.h"

enum {
    TICK_MS = 250,           /* engine_tick a few times a second */
    ANIM_MS = 16,            /* a frame while something moves (~60 Hz) */
    DISPLAY_CHECK_MS = 2000, /* on the console: is a display still connected? */
    KEY_SLICE_MS = 100,      /* key latency where SDL cannot block for input */
};

struct screen {
    screen_options_t o;
    bool console; /* KMSDRM: no X or Wayland */
    SDL_Window *win;
    SDL_Renderer *r;
    wall_t *wall;
    speaker_t *speaker;          /* sounds and voice; NULL when headless */
    atomic_uint_fast64_t frames; /* frames drawn; read from other threads */
    bool force;                  /* redraw all of it, whatever changed */
    bool on_surface;             /* the software renderer: it draws into the window's
                                  * own pixels, kept from frame to frame */
    bool on_canvas;              /* a GPU's: the wall is drawn into canvas and copied
                                  * whole to the back buffer (whose content a present
                                  * leaves undefined) ... */
    SDL_Texture *canvas;         /* ... NULL: every frame drawn whole */
    int dismissed_level;         /* new-level banner dismissed locally for this level */
    bool pin_seen;               /* once seen, the generated PIN is never shown again */
    char code[PIN_DIGITS + 1];   /* the one-time login code on the wall, or "" */
    int64_t pin_checked;
    bool quit;            /* the window was closed */
    bool lost;            /* the display went away */
    bool real_wait;       /* the video driver can block waiting for input */
    bool on_screen_said;  /* the status says the wall is on a screen */
    char shown_on[200];   /* "1920x1080, opengles2, llvmpipe": what draws it */
    show_t show;          /* what the wall shows, decided once a frame */
    season_board_t board; /* the league's board, copied once a frame */
    panel_addr_t panel;   /* the panel's addresses beside the QR code ... */
    int64_t panel_due;    /* ... looked up again from then on */
};

static void sleep_ms(int64_t ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* The console has no window system: SDL will use KMSDRM. */
static bool on_console(void)
{
    const char *drv = getenv("SDL_VIDEODRIVER");
    if (drv && *drv)
        return strcmp(drv, "kmsdrm") == 0;
    return !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY");
}

/* A connector reports "connected" in sysfs when a screen is plugged in. */
static bool drm_display_connected(void)
{
    glob_t g;
    bool any = false;
    if (glob("/sys/class/drm/card*-*/status", 0, NULL, &g) != 0)
        return false;
    for (size_t i = 0; i < g.gl_pathc && !any; i++) {
        FILE *f = fopen(g.gl_pathv[i], "r");
        char buf[32] = "";
        if (f) {
            if (fgets(buf, sizeof buf, f))
                any = starts_with(buf, "connected") != NULL;
            fclose(f);
        }
    }
    globfree(&g);
    return any;
}

static bool drm_device_present(void)
{
    glob_t g;
    bool any = glob("/dev/dri/card*", 0, NULL, &g) == 0 && g.gl_pathc > 0;
    globfree(&g);
    return any;
}

/* SDL's KMSDRM backend loads these with dlopen: a missing one shows up
 * only as "EGL not initialized". Names the first that fails, or the DRM
 * device that cannot be opened; nothing when all is there. */
static void display_diagnose(char *buf, size_t len)
{
    static const char *const libs[] = {"libdrm.so.2", "libgbm.so.1", "libEGL.so.1",
                                       "libGLESv2.so.2"};
    buf[0] = 0;
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        void *h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char *why = dlerror();
            snprintf(buf, len, "%s cannot be loaded (%s)", libs[i], why ? why : "not found");
            return;
        }
        dlclose(h);
    }
    glob_t g;
    if (glob("/dev/dri/card*", 0, NULL, &g) != 0) {
        snprintf(buf, len, "no /dev/dri/card* device");
        return;
    }
    for (size_t i = 0; i < g.gl_pathc; i++) {
        int fd = open(g.gl_pathv[i], O_RDWR | O_CLOEXEC);
        if (fd >= 0) {
            close(fd);
            globfree(&g);
            return;
        }
        if (!buf[0])
            snprintf(buf, len, "%s: %s", g.gl_pathv[i], strerror(errno));
    }
    globfree(&g);
}

/* The renderer for the machine. On a GPU, SDL's default: OpenGL (ES),
 * textures in the GPU's memory. Where OpenGL would be emulated by the CPU
 * (Mesa's llvmpipe or softpipe: a PC, VM or X server without a GPU driver)
 * SDL's software renderer without a GL context draws the same wall for
 * about half the CPU and a quarter of the memory (window.bench: no libLLVM,
 * no GL context, XShm to the X server). The console (KMSDRM) always keeps
 * the default: SDL shows frames there through EGL/GBM either way, and every
 * Pi has a GPU. SDL_RENDER_DRIVER in the environment overrides the choice. */
static bool gpu_device_present(void)
{
    glob_t g;
    bool any = glob("/dev/dri/renderD*", 0, NULL, &g) == 0 && g.gl_pathc > 0;
    globfree(&g);
    return any;
}

static const char *gl_renderer_name(SDL_Renderer *r)
{
    SDL_RendererInfo info = {0};
    SDL_GetRendererInfo(r, &info);
    if (!info.name || !starts_with(info.name, "opengl"))
        return NULL;
    typedef const unsigned char *(*get_string_fn)(unsigned int);
    get_string_fn get_string = (get_string_fn)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}

static bool gl_emulated(SDL_Renderer *r)
{
    const char *name = gl_renderer_name(r);
    return name && (strstr(name, "llvmpipe") || strstr(name, "softpipe") ||
                    strstr(name, "Software Rasterizer") || strstr(name, "swrast"));
}

static void use_software_renderer(void)
{
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
}

/* Whether the process has Mesa's LLVM loaded (OpenGL on the CPU): the
 * software renderer should not have, unless SDL's window framebuffer went
 * through OpenGL. */
static bool llvm_loaded(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f))
        found = strstr(line, "libLLVM") != NULL;
    if (f)
        fclose(f);
    return found;
}

/* What draws the wall: the SDL renderer and, on OpenGL, the GPU driver;
 * how a frame reaches the screen; and whether LLVM came with it. */
static void describe_renderer(screen_t *s, int w, int h)
{
    SDL_RendererInfo info = {0};
    SDL_GetRendererInfo(s->r, &info);
    const char *gpu = gl_renderer_name(s->r);
    const char *how = s->on_surface ? "changes drawn on the window's pixels"
                      : s->canvas   ? "changes drawn on a canvas texture"
                                    : "whole frames";
    snprintf(s->shown_on, sizeof s->shown_on, "%dx%d, %s renderer%s%s, %s, %s%s", w, h,
             info.name ? info.name : "?", gpu ? ", " : "", gpu ? gpu : "",
             SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "?", how,
             llvm_loaded() ? ", libLLVM loaded" : "");
}

/* How frames reach the screen for this renderer: the software renderer
 * draws straight into the window's pixels (which stay between frames, so
 * only what changed is drawn and sent); a GPU into a texture of the
 * screen's size, copied whole to the back buffer at each present. OpenGL
 * emulated by the CPU (llvmpipe) draws whole frames: there the copy of a
 * 1080p texture and the switches of target cost more than drawing the
 * frame again (window.bench: 2.3 % of a core against 1.2 %). */
static void presenter_open(screen_t *s)
{
    SDL_RendererInfo info = {0};
    SDL_GetRendererInfo(s->r, &info);
    s->on_surface = info.name && strcmp(info.name, "software") == 0;
    s->on_canvas = !s->on_surface && !gl_emulated(s->r);
}

/* The GPU's canvas at the screen's size; false when it was made new (its
 * content is not the last frame) or cannot be. */
static bool canvas_ready(screen_t *s, int w, int h)
{
    int cw = 0, ch = 0;
    if (s->canvas && SDL_QueryTexture(s->canvas, NULL, NULL, &cw, &ch) == 0 && cw == w && ch == h)
        return true;
    if (s->canvas)
        SDL_DestroyTexture(s->canvas);
    s->canvas = SDL_RenderTargetSupported(s->r) ? SDL_CreateTexture(s->r, SDL_PIXELFORMAT_ARGB8888,
                                                                    SDL_TEXTUREACCESS_TARGET, w, h)
                                                : NULL;
    if (s->canvas) {
        SDL_SetTextureBlendMode(s->canvas, SDL_BLENDMODE_NONE);
        SDL_SetTextureScaleMode(s->canvas, SDL_ScaleModeNearest);
    }
    return false;
}

static void canvas_drop(screen_t *s)
{
    if (s->canvas)
        SDL_DestroyTexture(s->canvas);
    s->canvas = NULL;
}

/* The frame onto the screen: what changed since the last one (the plan's
 * damage), or all of it when forced or when the last frame is not kept. */
static void present(screen_t *s, const wall_frame_t *f, const wall_plan_t *plan)
{
    if (s->on_surface) {
        if (s->force || plan->n_damage < 0) {
            wall_render(s->wall, f);
            SDL_RenderPresent(s->r);
            return;
        }
        wall_render_part(s->wall, f, plan);
        SDL_RenderFlush(s->r);
        if (plan->n_damage > 0)
            SDL_UpdateWindowSurfaceRects(s->win, plan->damage, plan->n_damage);
        return;
    }
    bool kept = s->on_canvas && canvas_ready(s, f->w, f->h);
    if (!s->canvas) {
        wall_render(s->wall, f);
        SDL_RenderPresent(s->r);
        return;
    }
    SDL_SetRenderTarget(s->r, s->canvas);
    if (s->force || !kept)
        wall_render(s->wall, f);
    else
        wall_render_part(s->wall, f, plan);
    SDL_SetRenderTarget(s->r, NULL);
    SDL_RenderCopy(s->r, s->canvas, NULL, NULL);
    SDL_RenderPresent(s->r);
}

/* Before the window: the software renderer where there is no GPU device.
 * Asked for by name it comes without OpenGL too: SDL would otherwise show
 * its frames through an OpenGL texture (without a GPU, Mesa's llvmpipe,
 * and libLLVM in the process). The console has no other way to show them. */
static void renderer_hints(const screen_t *s, const char *asked, bool choose)
{
    if (choose && !gpu_device_present())
        use_software_renderer();
    if (!s->console && asked && strcmp(asked, "software") == 0 &&
        !getenv("SDL_FRAMEBUFFER_ACCELERATION"))
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
}

/* A GPU device, but OpenGL on the CPU all the same: a new window without
 * the GL context, drawn by SDL's software renderer. false: no window. */
static bool reopen_without_gl(screen_t *s, int w, int h, Uint32 flags)
{
    SDL_DestroyRenderer(s->r);
    SDL_DestroyWindow(s->win);
    use_software_renderer();
    s->win = SDL_CreateWindow("pokerclock", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                              flags);
    s->r = s->win ? SDL_CreateRenderer(s->win, -1, SDL_RENDERER_SOFTWARE) : NULL;
    return s->win != NULL;
}

static int video_open(screen_t *s, char *err, size_t errlen)
{
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errlen, "cannot start video: %s", SDL_GetError());
        return -1;
    }
    SDL_DisplayMode mode;
    if (SDL_GetNumVideoDisplays() < 1 || SDL_GetNumDisplayModes(0) < 1 ||
        SDL_GetDesktopDisplayMode(0, &mode) != 0) {
        snprintf(err, errlen, "no display with a usable mode");
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI;
    int w = 1280, h = 720;
    if (s->console) {
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
        w = mode.w;
        h = mode.h;
    } else {
        flags |= SDL_WINDOW_RESIZABLE;
    }
    const char *asked = getenv("SDL_RENDER_DRIVER");
    bool choose = !s->console && !(asked && *asked);
    renderer_hints(s, asked, choose);
    s->win = SDL_CreateWindow("pokerclock", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                              flags);
    if (!s->win) {
        char why[160];
        snprintf(err, errlen, "cannot open a window: %s", SDL_GetError());
        if (s->console && (display_diagnose(why, sizeof why), why[0])) {
            size_t n = strlen(err);
            snprintf(err + n, errlen - n, ": %s", why);
        }
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    s->r = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (s->r && choose && gl_emulated(s->r) && !reopen_without_gl(s, w, h, flags)) {
        snprintf(err, errlen, "cannot open a window: %s", SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    if (!s->r)
        s->r = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_SOFTWARE);
    if (!s->r) {
        snprintf(err, errlen, "cannot draw in the window: %s", SDL_GetError());
        SDL_DestroyWindow(s->win);
        s->win = NULL;
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    s->wall = wall_new(s->r, s->o.config, err, errlen);
    if (!s->wall) {
        SDL_DestroyRenderer(s->r);
        SDL_DestroyWindow(s->win);
        s->r = NULL;
        s->win = NULL;
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    if (s->console)
        SDL_ShowCursor(SDL_DISABLE);
    presenter_open(s);
    int ow = 0, oh = 0;
    SDL_GetRendererOutputSize(s->r, &ow, &oh);
    if (s->on_canvas)
        canvas_ready(s, ow, oh);
    describe_renderer(s, ow, oh);
    fprintf(stderr, "pokerclock: wall display %s\n", s->shown_on);
    s->force = true;
    return 0;
}

screen_t *screen_new(const screen_options_t *o, char *err, size_t errlen)
{
    screen_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->o = *o;
    s->dismissed_level = -1;
    if (o->headless)
        return s;
    s->console = on_console();
    if (s->console && !drm_device_present()) {
        snprintf(err, errlen, "no display: no X, no Wayland and no DRM device");
        free(s);
        return NULL;
    }
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0");
    /* On the console the display may come later: screen_run waits for it.
     * On a desktop a missing display is an error now, so the caller can go
     * on without a screen. */
    if (!s->console && video_open(s, err, errlen) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

void screen_free(screen_t *s)
{
    if (!s)
        return;
    wall_free(s->wall);
    canvas_drop(s);
    if (s->r)
        SDL_DestroyRenderer(s->r);
    if (s->win)
        SDL_DestroyWindow(s->win);
    speaker_free(s->speaker);
    if (!s->o.headless)
        SDL_Quit();
    free(s);
}

uint64_t screen_frames(const screen_t *s)
{
    return atomic_load(&s->frames);
}

/* The main loop's time: the engine's, unless the options bring a clock. */
static int64_t loop_now(const screen_t *s, engine_t *e)
{
    return s->o.clock.now ? s->o.clock.now(s->o.clock.ctx) : engine_now(e);
}

static void loop_wait(const screen_t *s, int64_t ms)
{
    if (s->o.clock.wait)
        s->o.clock.wait(s->o.clock.ctx, ms);
    else
        sleep_ms(ms);
}

static void apply(const screen_t *s, engine_t *e, command_t c)
{
    refusal_t no;
    if (engine_apply(e, &c, loop_now(s, e), &no) != APPLY_OK)
        fprintf(stderr, "pokerclock: key: %s: %s\n", command_name(c.type), no.text);
}

/* The keypad: physical access to the clock needs no PIN. */
static void on_key(screen_t *s, engine_t *e, const SDL_KeyboardEvent *k)
{
    const snapshot_t *snap = engine_snapshot(e);
    tourney_t t = snap->t;
    snapshot_release(snap);
    int64_t now = loop_now(s, e);
    tourney_view_t v;
    tourney_view(&t, now, &v);
    switch (k->keysym.sym) {
    case SDLK_SPACE:
        if (k->repeat)
            break;
        apply(s, e,
              (command_t){.type = !t.clock.started  ? CMD_START
                                  : t.clock.running ? CMD_PAUSE
                                                    : CMD_RESUME});
        break;
    case SDLK_UP: apply(s, e, (command_t){.type = CMD_ADJUST, .delta_ms = 60000}); break;
    case SDLK_DOWN: apply(s, e, (command_t){.type = CMD_ADJUST, .delta_ms = -60000}); break;
    case SDLK_RIGHT:
        if (!k->repeat)
            apply(s, e, (command_t){.type = CMD_NEXT_LEVEL});
        break;
    case SDLK_LEFT:
        if (!k->repeat)
            apply(s, e, (command_t){.type = CMD_PREV_LEVEL});
        break;
    case SDLK_ESCAPE:
    case SDLK_BACKSPACE:
        if (k->repeat)
            break;
        /* The banner in front goes first: a clock call, then an announcement,
         * then (on this screen only) the new-level banner. */
        if (t.call.active)
            apply(s, e, (command_t){.type = CMD_CLOCK_CALL_CANCEL});
        else if (v.announcement_active)
            apply(s, e, (command_t){.type = CMD_ANNOUNCE_CLEAR});
        else
            s->dismissed_level = v.level;
        s->force = true;
        break;
    case SDLK_l:
    case SDLK_KP_ENTER:
        /* A one-time login code, shown only here: the director's way in
         * while strangers' wrong PINs keep the PIN itself shut. */
        if (!k->repeat && pin_code_new(now, s->code) == 0)
            s->force = true;
        break;
    case SDLK_F11:
        if (s->win && !s->console) {
            bool full = SDL_GetWindowFlags(s->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
            SDL_SetWindowFullscreen(s->win, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
            SDL_ShowCursor(full ? SDL_ENABLE : SDL_DISABLE);
            s->force = true;
        }
        break;
    default: break;
    }
}

static void on_event(screen_t *s, engine_t *e, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_QUIT: s->quit = true; break;
    case SDL_KEYDOWN: on_key(s, e, &ev->key); break;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            ev->window.event == SDL_WINDOWEVENT_EXPOSED)
            s->force = true;
        break;
    case SDL_RENDER_DEVICE_RESET:
        canvas_drop(s); /* its texture went with the device */
        s->force = true;
        break;
    case SDL_RENDER_TARGETS_RESET: s->force = true; break;
    case SDL_DISPLAYEVENT:
        if (ev->display.event == SDL_DISPLAYEVENT_DISCONNECTED && s->console)
            s->lost = true;
        break;
    default: break;
    }
}

/* On the console: wait until a display is plugged in, keeping the clock
 * and the watchdog going. */
static int wait_for_display(screen_t *s, engine_t *e, volatile sig_atomic_t *stop)
{
    char err[256] = "", said[256] = "-";
    while (!*stop) {
        engine_tick(e, engine_now(e));
        sdnotify_watchdog();
        err[0] = 0;
        if (!drm_display_connected())
            snprintf(err, sizeof err, "no screen connected");
        else if (video_open(s, err, sizeof err) == 0)
            return 0;
        /* Said once, and again only when the reason changes. */
        if (strcmp(err, said) != 0) {
            char status[300];
            snprintf(status, sizeof status, "no wall on a screen: waiting for a display: %s", err);
            fprintf(stderr, "pokerclock: %s\n", status + 21);
            sdnotify_status(status);
            snprintf(said, sizeof said, "%s", err);
        }
        sleep_ms(1000);
    }
    return -1;
}

static void draw(screen_t *s, engine_t *e, int64_t now, int64_t *wake_in)
{
    const snapshot_t *snap = engine_snapshot(e);
    if (s->o.pin && !s->pin_seen && now - s->pin_checked >= 2000) {
        s->pin_seen = s->o.state_dir && pin_seen(s->o.state_dir);
        s->pin_checked = now;
    }
    bool code = pin_code_shown(now, s->code);
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(s->r, &w, &h);
    /* Decided once for the frame: its plan and its drawing both use it. */
    wall_show(snap, now, s->dismissed_level, &s->show);
    wall_frame_t f = {.snap = snap,
                      .now = now,
                      .show = &s->show,
                      .w = w,
                      .h = h,
                      .panel = s->o.panel_url ? &s->panel : NULL,
                      .pin = code                       ? s->code
                             : s->o.pin && !s->pin_seen ? s->o.pin
                                                        : NULL};
    wall_slide_t *slide = wall_slide_time(s->o.config, snap, &s->show)
                              ? slideshow_get(s->o.slideshow, now, time(NULL), &f.slide_next_in_ms)
                              : NULL;
    f.slide = slide;
    seasons_board_get(s->o.seasons, &s->board);
    f.board = s->board.n > 0 ? &s->board : NULL;
    wall_plan_t plan;
    wall_plan(s->wall, &f, &plan);
    if (w > 0 && h > 0 && (s->force || plan.animating || plan.n_damage != 0)) {
        present(s, &f, &plan);
        atomic_fetch_add(&s->frames, 1);
        if (!s->on_screen_said) {
            /* Only now is the wall on a screen (the service was ready before:
             * the clock keeps time and the panel answers without one). */
            char status[260];
            snprintf(status, sizeof status, "wall on screen: %s", s->shown_on);
            sdnotify_status(status);
            fprintf(stderr, "pokerclock: first frame on the wall\n");
            s->on_screen_said = true;
        }
        s->force = false;
    }
    /* The sounds and the voice of what changed. */
    if (s->speaker)
        speaker_hear(s->speaker, snap, now);
    snapshot_release(snap);
    slideshow_release(slide);

    *wake_in = plan.animating ? ANIM_MS : plan.wake_in_ms;
    /* The generated PIN goes away soon after the director's first login. */
    if (((s->o.pin && !s->pin_seen) || code) && *wake_in > 2000)
        *wake_in = 2000;
    /* A slide's window opens or closes by the wall's time. */
    if (s->o.slideshow && *wake_in > 30000)
        *wake_in = 30000;
}

/* Waits up to ms for input. SDL's X11 and Wayland drivers block in the
 * kernel; the others (KMSDRM, offscreen) would poll every millisecond, so
 * there the loop sleeps in short slices and looks for keys in between. */
static void events_wait(screen_t *s, engine_t *e, int64_t ms)
{
    SDL_Event ev;
    if (ms < 1)
        ms = 1;
    if (s->real_wait && !s->o.clock.wait) {
        if (SDL_WaitEventTimeout(&ev, (int)ms))
            on_event(s, e, &ev);
    } else {
        loop_wait(s, ms < KEY_SLICE_MS ? ms : KEY_SLICE_MS);
    }
    while (SDL_PollEvent(&ev))
        on_event(s, e, &ev);
}

/* The panel's addresses, looked up on a timer rather than while drawing;
 * the wall is drawn again when they changed (the network came up). */
static void panel_look_up(screen_t *s, int64_t now)
{
    if (!s->o.panel_url || now < s->panel_due)
        return;
    panel_addr_t a;
    panel_addr_lookup(s->o.panel_url, &a);
    if (strcmp(a.qr, s->panel.qr) || strcmp(a.by_name, s->panel.by_name) ||
        strcmp(a.by_ip, s->panel.by_ip))
        s->force = true;
    s->panel = a;
    s->panel_due = now + PANEL_ADDR_REFRESH_MS;
}

static uint64_t snapshot_seq(engine_t *e)
{
    const snapshot_t *snap = engine_snapshot(e);
    uint64_t seq = snap->seq;
    snapshot_release(snap);
    return seq;
}

int screen_run(screen_t *s, engine_t *e, volatile sig_atomic_t *stop)
{
    /* Ready means the clock keeps time and the panel answers; a screen may
     * still be on its way. */
    sdnotify_ready();
    if (!s->o.headless && s->console && !s->wall && wait_for_display(s, e, stop) != 0)
        return 0;
    if (!s->o.headless) {
        const char *drv = SDL_GetCurrentVideoDriver();
        s->real_wait = drv && (!strcmp(drv, "x11") || !strcmp(drv, "wayland"));
    }
    if (s->o.headless) {
        refusal_t none;
        refuse_sound_no_screen(&none);
        engine_set_sound(e, &none, NULL);
    } else if (!s->speaker)
        s->speaker = speaker_new(s->o.config, e);
    if (s->o.headless) {
        char status[300];
        snprintf(status, sizeof status, "no wall on a screen: %s",
                 s->o.no_screen ? s->o.no_screen : "started with --headless");
        sdnotify_status(status);
    }
    int64_t last_tick = INT64_MIN / 2, last_check = loop_now(s, e), next_look = 0;
    uint64_t seen_seq = 0, seen_slides = 0, seen_board = 0;
    while (!*stop && !s->quit) {
        int64_t now = loop_now(s, e);
        if (now - last_tick >= TICK_MS) {
            engine_tick(e, now);
            last_tick = now;
        }
        sdnotify_watchdog();
        int64_t until_tick = last_tick + TICK_MS - now;
        if (s->o.headless) {
            loop_wait(s, until_tick > 0 ? until_tick : 1);
            continue;
        }
        if (s->console && now - last_check >= DISPLAY_CHECK_MS) {
            last_check = now;
            if (!drm_display_connected())
                s->lost = true;
        }
        if (s->lost) {
            fprintf(stderr, "pokerclock: the display was lost\n");
            return 3;
        }
        panel_look_up(s, now);
        /* Look at the picture only when something may have changed: a new
         * snapshot, a timer shown reaching its next second, or an event. */
        uint64_t seq = snapshot_seq(e), slides = slideshow_version(s->o.slideshow);
        uint64_t board = seasons_board_version(s->o.seasons);
        if (s->force || seq != seen_seq || slides != seen_slides || board != seen_board ||
            now >= next_look) {
            seen_slides = slides;
            seen_board = board;
            int64_t wake_in;
            draw(s, e, now, &wake_in);
            seen_seq = seq;
            /* A little past the second, so the new value is there. */
            next_look = wake_in == INT64_MAX ? INT64_MAX : now + wake_in + 2;
        }
        /* Drawing took time: sleep only what is left (animations keep their
         * rate). */
        int64_t after = loop_now(s, e);
        int64_t until = next_look - after;
        if (last_tick + TICK_MS - after < until)
            until = last_tick + TICK_MS - after;
        events_wait(s, e, until);
    }
    return s->lost ? 3 : 0;
}
