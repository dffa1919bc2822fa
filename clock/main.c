/* Wiring: options, loading the tournament, the HTTP server and the screen. */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <ifaddrs.h>
#include <limits.h>
#include <net/if.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/prefix.h"
#include "cec/tv.h"
#include "embedded.h"
#include "engine.h"
#include "follow/follow.h"
#include "net/archive_api.h"
#include "net/net.h"
#include "screen/screen.h"
#include "screen/slideshow.h"
#include "screen/speaker.h"
#include "store/config.h"
#include "store/file.h"
#include "store/pin.h"
#include "store/slides.h"
#include "store/slides_folder.h"

#ifndef POKERCLOCK_VERSION
#define POKERCLOCK_VERSION "0"
#endif

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

typedef struct {
    const char *config_path; /* NULL: the built-in tournament */
    const char *state_dir;
    const char *bind;
    int port; /* 0: from the configuration */
    bool headless;
    const char *follow;
    const char *pin;
    const char *web_dir;
    const char *check;
    const char *screenshot;
    int shot_w, shot_h;
    bool fresh;
    const char *layout;     /* "wall", "kiosk" or "slides"; NULL: the configuration's */
    const char *slides_dir; /* slides from this folder; NULL: the configuration's */
    const char *cec;        /* the TV over this CEC device; NULL: the configuration's */
    const char *printer;    /* seat slips on this printer; NULL: the configuration's */
    int paper_width;        /* 58 or 80; 0: the configuration's */
} options_t;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: pokerclock [--config FILE] [--state DIR] [--bind ADDR] [--port N]\n"
            "                  [--headless] [--follow URL] [--pin PIN] [--new] [--layout L]\n"
            "                  [--slides-dir DIR] [--cec DEVICE] [--printer DEVICE]\n"
            "                  [--paper-width MM]\n"
            "       pokerclock --check FILE          validate a configuration\n"
            "       pokerclock --screenshot OUT.png [--size WxH] [--config FILE] [--state DIR]\n"
            "       pokerclock --version | --help\n"
            "\n"
            "  --config FILE   tournament and settings (libconfig); default: built in\n"
            "  --state DIR     where the tournament is saved (default /var/lib/pokerclock\n"
            "                  when installed, ./state in the source tree)\n"
            "  --bind ADDR     address for the panel (default: all)\n"
            "  --port N        port for the panel (default 8080)\n"
            "  --headless      no screen; the panel and pages keep working\n"
            "  --follow URL    show another pokerclock's tournament (e.g. http://10.0.0.5:8080)\n"
            "  --pin PIN       the director PIN (also POKERCLOCK_PIN or the configuration)\n"
            "  --new           put the saved tournament aside and start the configured one\n"
            "  --web-dir DIR   serve the web pages from DIR instead of the built-in copies\n"
            "  --layout L      the screen: wall (the clock), kiosk (the registration\n"
            "                  area's pages: seats, tables, results, house rules) or\n"
            "                  slides (the venue's slides under a small clock)\n"
            "  --slides-dir DIR  the venue's slides from this folder too (pictures, .txt)\n"
            "  --cec DEVICE    switch the TV on and to the clock over HDMI-CEC (/dev/cec0)\n"
            "  --printer DEVICE  print seat slips on this receipt printer (/dev/usb/lp0)\n"
            "  --paper-width MM  its paper: 58 or 80 (mm)\n");
}

/* --paper-width: 58 or 80, or 0 (said on stderr). */
static int paper_width_arg(const char *arg)
{
    if (strcmp(arg, "58") == 0 || strcmp(arg, "80") == 0)
        return atoi(arg);
    fprintf(stderr, "pokerclock: --paper-width must be 58 or 80\n");
    return 0;
}

/* Long on purpose: the table of options and one case for each, read in
 * one place. */
static int parse_options(int argc, char **argv, options_t *o)
{
    enum { O_WEB = 256, O_SIZE, O_NEW, O_LAYOUT, O_SLIDES, O_CEC, O_PRINTER, O_PAPER };
    static const struct option longs[] = {{"config", required_argument, 0, 'c'},
                                          {"state", required_argument, 0, 's'},
                                          {"bind", required_argument, 0, 'b'},
                                          {"port", required_argument, 0, 'p'},
                                          {"headless", no_argument, 0, 'H'},
                                          {"follow", required_argument, 0, 'f'},
                                          {"pin", required_argument, 0, 'P'},
                                          {"check", required_argument, 0, 'k'},
                                          {"screenshot", required_argument, 0, 'o'},
                                          {"size", required_argument, 0, O_SIZE},
                                          {"web-dir", required_argument, 0, O_WEB},
                                          {"new", no_argument, 0, O_NEW},
                                          {"layout", required_argument, 0, O_LAYOUT},
                                          {"slides-dir", required_argument, 0, O_SLIDES},
                                          {"cec", required_argument, 0, O_CEC},
                                          {"printer", required_argument, 0, O_PRINTER},
                                          {"paper-width", required_argument, 0, O_PAPER},
                                          {"version", no_argument, 0, 'V'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    int ch;
    char *end;
    o->shot_w = 1920;
    o->shot_h = 1080;
    while ((ch = getopt_long(argc, argv, "c:s:b:p:Hf:P:k:o:Vh", longs, NULL)) != -1) {
        switch (ch) {
        case 'c': o->config_path = optarg; break;
        case 's': o->state_dir = optarg; break;
        case 'b': o->bind = optarg; break;
        case 'p':
            errno = 0;
            o->port = (int)strtol(optarg, &end, 10);
            if (errno || *end || o->port < 1 || o->port > 65535) {
                fprintf(stderr, "pokerclock: --port must be a number from 1 to 65535\n");
                return 2;
            }
            break;
        case 'H': o->headless = true; break;
        case 'f': o->follow = optarg; break;
        case 'P': o->pin = optarg; break;
        case 'k': o->check = optarg; break;
        case 'o': o->screenshot = optarg; break;
        case O_SIZE:
            if (sscanf(optarg, "%dx%d", &o->shot_w, &o->shot_h) != 2 || o->shot_w < 160 ||
                o->shot_h < 120 || o->shot_w > 7680 || o->shot_h > 4320) {
                fprintf(stderr,
                        "pokerclock: --size must be like 1920x1080 (160x120 to 7680x4320)\n");
                return 2;
            }
            break;
        case O_WEB: o->web_dir = optarg; break;
        case O_NEW: o->fresh = true; break;
        case O_LAYOUT:
            screen_layout l;
            if (config_layout_parse(optarg, &l) != 0) {
                fprintf(stderr, "pokerclock: --layout must be wall, kiosk or slides\n");
                return 2;
            }
            o->layout = optarg;
            break;
        case O_SLIDES: o->slides_dir = optarg; break;
        case O_CEC: o->cec = optarg; break;
        case O_PRINTER: o->printer = optarg; break;
        case O_PAPER:
            if (!(o->paper_width = paper_width_arg(optarg)))
                return 2;
            break;
        case 'V': printf("pokerclock %s\n", POKERCLOCK_VERSION); exit(0);
        case 'h': usage(stdout); exit(0);
        default: usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "pokerclock: unexpected argument '%s'\n", argv[optind]);
        usage(stderr);
        return 2;
    }
    return 0;
}

/* Installed under /usr: the system's state directory; else next to the tree. */
static const char *default_state_dir(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        if (starts_with(exe, "/usr/"))
            return "/var/lib/pokerclock";
    }
    return "./state";
}

/* The panel's address as a phone on the venue network reaches it. */
static void panel_url(const char *bind, int port, char *buf, size_t len)
{
    char host[INET_ADDRSTRLEN] = "";
    if (bind && *bind && strcmp(bind, "0.0.0.0") != 0) {
        snprintf(host, sizeof host, "%s", bind);
    } else {
        struct ifaddrs *ifs, *i;
        if (getifaddrs(&ifs) == 0) {
            for (i = ifs; i && !host[0]; i = i->ifa_next)
                if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
                    !(i->ifa_flags & IFF_LOOPBACK) && (i->ifa_flags & IFF_UP))
                    inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, host,
                              sizeof host);
            freeifaddrs(ifs);
        }
        if (!host[0])
            snprintf(host, sizeof host, "localhost");
    }
    snprintf(buf, len, "http://%s:%d/", host, port);
}

/* --new, or a file STATE/new-tournament (the appliance leaves it when a new
 * tournament file was put on its boot partition): the saved tournament goes
 * to STATE/archive/ with its result sheets, like the panel's "New
 * tournament", and the configured one starts. The file goes once that is
 * done; a power cut before then only puts aside a tournament where nothing
 * happened yet, which is no tournament at all. */
static int start_new(engine_t *engine, const char *state_dir, bool fresh)
{
    char marker[PATH_MAX], archived[256];
    refusal_t err;
    snprintf(marker, sizeof marker, "%s/new-tournament", state_dir);
    bool marked = access(marker, F_OK) == 0;
    if (!fresh && !marked)
        return 0;
    if (archive_api_start_new(engine, archived, sizeof archived, &err) != APPLY_OK) {
        fprintf(stderr, "pokerclock: %s: %s\n", fresh ? "--new" : marker, err.text);
        return -1;
    }
    if (archived[0])
        fprintf(stderr, "pokerclock: the saved tournament is kept in %s/%s\n", state_dir, archived);
    if (marked && unlink(marker) != 0 && errno != ENOENT)
        fprintf(stderr, "pokerclock: cannot remove %s: %s\n", marker, strerror(errno));
    return 0;
}

typedef struct {
    const settings_t *config;
    engine_t *engine;
    const char *url;
} shot_ctx_t;

static int take_screenshot(void *ctx, int w, int h, unsigned char **png, size_t *len)
{
    shot_ctx_t *s = ctx;
    const snapshot_t *snap = engine_snapshot(s->engine);
    /* Public pictures never show the PIN: it belongs on the wall itself. */
    int rc = wall_render_png(s->config, snap, engine_now(s->engine), w, h, s->url, NULL, png, len);
    snapshot_release(snap);
    return rc;
}

/* The configuration (its problems on stderr) and its text for the engine,
 * or NULL when it cannot be used. */
static char *load_config(const options_t *o, settings_t *config, const char **name)
{
    if (!o->config_path) {
        config_load_default(config);
        const embedded_file_t *f = embedded_find("assets/structures/default.cfg");
        *name = "built-in";
        return strdup(f ? (const char *)f->data : "");
    }
    config_problems_t probs = {0};
    bool ok = config_load_file(o->config_path, config, &probs);
    for (int i = 0; i < probs.n; i++) {
        char line[600];
        config_problem_format(&probs.items[i], line, sizeof line);
        fprintf(stderr, "%s%s\n", probs.items[i].warning ? "warning: " : "", line);
    }
    if (!ok) {
        fprintf(stderr, "pokerclock: %s has errors; fix them (pokerclock --check %s)\n",
                o->config_path, o->config_path);
        return NULL;
    }
    char err[256];
    char *text = file_read(o->config_path, CONFIG_MAX_BYTES, NULL, err, sizeof err);
    if (!text)
        fprintf(stderr, "pokerclock: %s: %s\n", o->config_path, err);
    *name = o->config_path;
    return text;
}

static void slides_changed(void *ctx, uint64_t version)
{
    engine_set_slides_version(ctx, version);
}

static void say_slide_problem(void *ctx, const char *file, const char *why)
{
    fprintf(stderr, "pokerclock: slides folder %s: %s: %s\n", (const char *)ctx, file, why);
}

/* The running clock leaves its panel's address in the state directory
 * (DIR/panel), so that --screenshot, another process, shows the port the
 * clock really serves on, not the configuration's. */
static void panel_url_keep(const char *state_dir, const char *url)
{
    char path[PATH_MAX], tmp[PATH_MAX];
    if (!state_dir || (size_t)snprintf(path, sizeof path, "%s/panel", state_dir) >= sizeof path ||
        (size_t)snprintf(tmp, sizeof tmp, "%s/panel.tmp", state_dir) >= sizeof tmp)
        return;
    FILE *f = fopen(tmp, "w");
    if (!f)
        return; /* only a picture's address depends on it */
    bool ok = fprintf(f, "%s\n", url) > 0;
    if (fclose(f) != 0 || !ok || rename(tmp, path) != 0)
        unlink(tmp);
}

/* The address a running clock left, if it is one (http://...:PORT/). */
static bool panel_url_kept(const char *state_dir, char *buf, size_t len)
{
    char path[PATH_MAX], err[128];
    if (!state_dir || (size_t)snprintf(path, sizeof path, "%s/panel", state_dir) >= sizeof path)
        return false;
    char *text = file_read(path, 512, NULL, err, sizeof err);
    if (!text)
        return false;
    text[strcspn(text, "\r\n")] = '\0';
    bool ok = starts_with(text, "http://") && strlen(text) < len && text[strlen(text) - 1] == '/';
    for (const char *c = text; ok && *c; c++)
        ok = (unsigned char)*c > 0x20 && (unsigned char)*c < 0x7f;
    if (ok)
        snprintf(buf, len, "%s", text);
    free(text);
    return ok;
}

/* --screenshot: the wall for the saved state, into a PNG file. The file is
 * local, like the wall: it shows what the wall shows, the panel's real
 * address and a generated PIN until the director has logged in once (never
 * pictures served over HTTP: take_screenshot). */
static int screenshot(const options_t *o, const settings_t *config, engine_t *engine,
                      const char *url, const char *state_dir)
{
    char kept[600];
    if (!o->port && panel_url_kept(state_dir, kept, sizeof kept))
        url = kept;
    char pin[PIN_TEXT_MAX];
    const char *configured = o->pin ? o->pin : getenv("POKERCLOCK_PIN");
    bool generated = (!configured || !*configured) && !config->pin[0] && state_dir &&
                     pin_wall_text(state_dir, pin, sizeof pin);
    unsigned char *png = NULL;
    size_t len = 0;
    /* The venue's slides, as the wall shows them on a break. */
    char err[256] = "";
    slides_t *slides = state_dir ? slides_open(state_dir, err, sizeof err) : NULL;
    slideshow_t *show = slides ? slideshow_new(slides) : NULL;
    wall_render_slides(show);
    const snapshot_t *snap = engine_snapshot(engine);
    int rc = wall_render_png(config, snap, engine_now(engine), o->shot_w, o->shot_h, url,
                             generated ? pin : NULL, &png, &len);
    snapshot_release(snap);
    wall_render_slides(NULL);
    slideshow_free(show);
    slides_free(slides);
    FILE *f = rc == 0 ? fopen(o->screenshot, "wb") : NULL;
    if (!f || fwrite(png, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "pokerclock: cannot write %s: %s\n", o->screenshot,
                rc ? "rendering failed" : strerror(errno));
        rc = 1;
    }
    free(png);
    return rc;
}

/* The director PIN: --pin, POKERCLOCK_PIN, the configuration, or one made
 * and kept in the state directory; shown gets a generated PIN in clear
 * while the wall is to show it ("" otherwise). The log never gets it: on
 * the appliance the log is the system journal, read by more than the
 * clock. 0, or -1. */
static int director_pin(const options_t *o, const settings_t *config, const char *state_dir,
                        pin_t *pin, char *shown, size_t len)
{
    const char *configured = o->pin ? o->pin : getenv("POKERCLOCK_PIN");
    if (!configured || !*configured)
        configured = config->pin;
    shown[0] = 0;
    if (configured && strlen(configured) > PIN_TEXT_MAX) {
        fprintf(stderr, "pokerclock: the director PIN is longer than %d characters\n",
                PIN_TEXT_MAX);
        return -1;
    }
    if (o->follow) {
        /* Commands are refused here anyway; no PIN is made or shown. */
        if (pin_configured(pin, configured ? configured : "") != 0) {
            fprintf(stderr, "pokerclock: no randomness for the PIN's salt\n");
            return -1;
        }
        return 0;
    }
    if (pin_resolve(state_dir, configured, pin, shown, len) != 0) {
        fprintf(stderr, "pokerclock: cannot set up the director PIN in %s\n", state_dir);
        return -1;
    }
    if (shown[0])
        fprintf(stderr,
                "pokerclock: the director PIN is on the wall until the first login "
                "(and in %s/pin-wall until then)\n",
                state_dir);
    return 0;
}

/* A follower reads the master's events; the wall shows what arrives. */
static follow_t *follow_master(engine_t *engine, const char *master, slides_t *slides, char *err,
                               size_t errlen)
{
    /* POKERCLOCK_FOLLOW_TIMEOUT_MS: how long the master may be silent
     * before the wall says so (30 s); shorter for tests. */
    const char *t = getenv("POKERCLOCK_FOLLOW_TIMEOUT_MS");
    follow_options_t fo = {.url = master,
                           .lost_after_ms = t && *t ? strtoll(t, NULL, 10) : 0,
                           .slides = slides};
    if (fo.lost_after_ms < 0 || fo.lost_after_ms > 3600 * 1000)
        fo.lost_after_ms = 0;
    return follow_start(engine, &fo, err, errlen);
}

/* The wall's screen while it runs, for the TV's thread (it waits for the
 * first frame). wall_lock guards wall_screen. */
static pthread_mutex_t wall_lock = PTHREAD_MUTEX_INITIALIZER;
static screen_t *wall_screen;

static uint64_t wall_frames(void *ctx)
{
    pthread_mutex_lock(&wall_lock);
    uint64_t n = wall_screen ? screen_frames(wall_screen) : 0;
    pthread_mutex_unlock(&wall_lock);
    return n;
}

/* The wall until a signal or the window closes; without a display on a
 * desktop, the panel alone. */
static int run_screen(engine_t *engine, const screen_options_t *options)
{
    char err[1024];
    screen_options_t so = *options;
    screen_t *screen = screen_new(&so, err, sizeof err);
    if (!screen && !so.headless) {
        fprintf(stderr, "pokerclock: no screen (%s); the panel keeps working\n", err);
        so.headless = true;
        so.no_screen = strdupa(err);
        screen = screen_new(&so, err, sizeof err);
    }
    if (!screen) {
        fprintf(stderr, "pokerclock: %s\n", err);
        return 1;
    }
    pthread_mutex_lock(&wall_lock);
    wall_screen = screen;
    pthread_mutex_unlock(&wall_lock);
    int rc = screen_run(screen, engine, &stop_requested);
    pthread_mutex_lock(&wall_lock);
    wall_screen = NULL;
    pthread_mutex_unlock(&wall_lock);
    screen_free(screen);
    return rc;
}

/* Where this clock's pages are, and where the wall sends the director. */
typedef struct {
    const options_t *o;
    const settings_t *config;
    const char *master; /* a follower: the master's URL; else NULL */
    const char *state_dir;
    char own[128]; /* this clock's panel */
    char url[600]; /* the panel the wall's QR code leads to */
} site_t;

static void catch_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* The venue's slides, kept with the tournament, and a master's slides
 * folder read into them; a follower's are a copy of the master's, in
 * memory. NULL when there are none to be had. */
static slides_t *open_slides(engine_t *engine, const site_t *site)
{
    char err[1024];
    slides_t *slides = slides_open(site->master ? NULL : site->state_dir, err, sizeof err);
    if (err[0])
        fprintf(stderr, "pokerclock: %s\n", err);
    if (!slides)
        return NULL;
    slides_on_change(slides, slides_changed, engine);
    engine_set_slides_version(engine, slides_version(slides));
    const char *folder = site->o->slides_dir ? site->o->slides_dir : site->config->slides_folder;
    if (!site->master && folder[0]) {
        slides_folder_report_t r;
        slides_folder_sync(slides, folder, &r, say_slide_problem, (void *)folder);
        fprintf(stderr, "pokerclock: slides folder %s: %d added, %d kept, %d removed, %d refused\n",
                folder, r.added, r.kept, r.removed, r.refused);
    }
    return slides;
}

/* The TV over HDMI-CEC: --cec DEVICE, or tv = { cec = true; } (the first
 * HDMI port's device). NULL without one; the clock goes on without it. */
static tv_t *start_tv(engine_t *engine, const site_t *site)
{
    if (!site->o->cec && !site->config->tv_cec)
        return NULL;
    char err[1024];
    tv_options_t to = {.device = site->o->cec ? site->o->cec : "/dev/cec0",
                       .standby_ms = (int64_t)site->config->tv_standby_minutes * 60000,
                       .engine = engine,
                       .frames = wall_frames};
    tv_t *tv = tv_start(&to, err, sizeof err);
    if (!tv)
        fprintf(stderr, "pokerclock: TV: %s; the clock goes on without it\n", err);
    return tv;
}

/* The receipt printer for seat slips: printer = "..." in the
 * configuration. NULL without one, and on a follower (the master prints). */
static printer_t *start_printer(engine_t *engine, const site_t *site)
{
    if (!site->config->printer[0] || site->master)
        return NULL;
    printer_options_t po = {.device = site->config->printer, .paper_mm = site->config->paper_width};
    printer_t *p = printer_new(engine, &po);
    if (!p)
        fprintf(stderr, "pokerclock: printer %s: cannot start; the clock goes on without it\n",
                site->config->printer);
    return p;
}

/* What runs beside the wall, stopped again by services_stop in reverse
 * order. The PIN and the screenshots' context outlive them (serve's). */
typedef struct {
    printer_t *printer;
    slides_t *slides;
    tv_t *tv;
    net_t *net;
    follow_t *follow;
    slideshow_t *show;
} services_t;

/* The slides, the TV, the HTTP server and, for a follower, following the
 * master. 0, or -1 with the reason on stderr (what started is in sv). */
static int services_start(engine_t *engine, const site_t *site, const pin_t *pin, shot_ctx_t *sc,
                          services_t *sv)
{
    char err[1024];
    sv->slides = open_slides(engine, site);
    sv->tv = start_tv(engine, site);
    sv->printer = start_printer(engine, site);
    net_options_t no = {.bind = site->config->bind,
                        .port = site->config->port,
                        .pin = pin,
                        .state_dir = site->state_dir,
                        .web_dir = site->o->web_dir,
                        .config = site->config,
                        .screenshot = take_screenshot,
                        .screenshot_ctx = sc,
                        .screenshot_thread_end = wall_render_thread_end,
                        .speech = speaker_phrase_file,
                        .slides = sv->slides,
                        .tv = sv->tv,
                        .printer = sv->printer};
    /* A follower says whom it waits for before the first page is served. */
    if (site->master &&
        !(sv->follow = follow_master(engine, site->master, sv->slides, err, sizeof err))) {
        fprintf(stderr, "pokerclock: %s\n", err);
        return -1;
    }
    if (!(sv->net = net_start(engine, &no, err, sizeof err))) {
        fprintf(stderr, "pokerclock: %s\n", err);
        return -1;
    }
    /* Its thread publishes: only once every listener is in (net's too). */
    if (sv->printer && printer_run(sv->printer) != 0)
        fprintf(stderr, "pokerclock: printer: no thread; the clock goes on without it\n");
    if (!site->master) {
        panel_url_keep(site->state_dir, site->own);
        fprintf(stderr, "pokerclock %s: panel at %s (state in %s)\n", POKERCLOCK_VERSION, site->url,
                site->state_dir);
        return 0;
    }
    fprintf(stderr, "pokerclock %s: following %s; pages at %s\n", POKERCLOCK_VERSION, site->master,
            site->own);
    return 0;
}

static void services_stop(services_t *sv)
{
    follow_stop(sv->follow);
    wall_render_seasons(NULL);
    net_stop(sv->net);
    tv_stop(sv->tv);
    wall_render_slides(NULL);
    slideshow_free(sv->show);
    slides_free(sv->slides);
    printer_stop(sv->printer);
}

/* The services of a running clock: the PIN, the HTTP server, following a
 * master, and the wall; stopped again in reverse order. */
static int serve(engine_t *engine, const site_t *site)
{
    char shown[PIN_TEXT_MAX];
    pin_t pin;
    if (director_pin(site->o, site->config, site->state_dir, &pin, shown, sizeof shown) != 0)
        return 1;
    catch_signals();
    shot_ctx_t sc = {.config = site->config, .engine = engine, .url = site->url};
    services_t sv = {0};
    if (services_start(engine, site, &pin, &sc, &sv) != 0) {
        services_stop(&sv);
        return 1;
    }
    sv.show = sv.slides ? slideshow_new(sv.slides) : NULL;
    wall_render_slides(sv.show);
    wall_render_seasons(net_seasons(sv.net));
    screen_options_t so = {.config = site->config,
                           .headless = site->o->headless,
                           .panel_url = site->url,
                           .pin = shown[0] ? shown : NULL,
                           .state_dir = site->state_dir,
                           .slideshow = sv.show,
                           .seasons = net_seasons(sv.net)};
    int rc = run_screen(engine, &so);
    services_stop(&sv);
    return rc;
}

/* The engine on the configured tournament or the saved one; its start-up
 * notices on stderr. NULL when it cannot start. */
static engine_t *open_engine(const engine_options_t *eo)
{
    char err[1024];
    engine_t *engine = engine_new(eo, err, sizeof err);
    if (!engine) {
        fprintf(stderr, "pokerclock: %s\n", err);
        return NULL;
    }
    const snapshot_t *first = engine_snapshot(engine);
    if (first->storage_error[0])
        fprintf(stderr, "pokerclock: %s\n", first->storage_error);
    if (first->notice[0])
        fprintf(stderr, "pokerclock: %s\n", first->notice);
    snapshot_release(first);
    return engine;
}

int main(int argc, char **argv)
{
    options_t o = {0};
    char err[512];
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (o.check)
        return config_check(o.check, o.port, stdout);
    follow_url_t master = {0};
    if (o.follow) {
        if (follow_url_parse(o.follow, &master, err, sizeof err) != 0) {
            fprintf(stderr, "pokerclock: %s\n", err);
            return 2;
        }
        if (o.screenshot || o.fresh) {
            fprintf(stderr, "pokerclock: --follow shows the master's tournament and keeps "
                            "nothing: it does not go with --new or --screenshot\n");
            return 2;
        }
    }

    static settings_t config;
    const char *name;
    char *text = load_config(&o, &config, &name);
    if (!text)
        return 1;
    if (o.bind)
        snprintf(config.bind, sizeof config.bind, "%s", o.bind);
    char note[600];
    if (config_port_note(&config, name, o.port, note, sizeof note))
        fprintf(stderr, "pokerclock: %s\n", note);
    if (o.port)
        config.port = o.port;
    if (o.layout)
        config_layout_parse(o.layout, &config.layout);
    if (o.printer)
        snprintf(config.printer, sizeof config.printer, "%s", o.printer);
    if (o.paper_width)
        config.paper_width = o.paper_width;
    const char *state_dir = o.state_dir ? o.state_dir : default_state_dir();
    /* A follower writes nothing: the master keeps the tournament. */
    if (o.follow)
        state_dir = NULL;
    engine_options_t eo = {.state_dir = state_dir,
                           .config_text = text,
                           .config_name = name,
                           .read_only = o.screenshot != NULL,
                           .follow_url = o.follow ? master.text : NULL};
    engine_t *engine = open_engine(&eo);
    free(text);
    if (!engine)
        return 1;
    if (!o.screenshot && !o.follow && start_new(engine, state_dir, o.fresh) != 0) {
        engine_free(engine);
        return 1;
    }

    site_t site = {.o = &o,
                   .config = &config,
                   .state_dir = state_dir,
                   .master = o.follow ? master.text : NULL};
    panel_url(config.bind, config.port, site.own, sizeof site.own);
    /* A follower's wall sends the director to the master's panel: its own
     * would refuse every command. */
    snprintf(site.url, sizeof site.url, "%s%s", o.follow ? master.text : site.own,
             o.follow ? "/" : "");
    rc = o.screenshot ? screenshot(&o, &config, engine, site.url, state_dir) : serve(engine, &site);
    engine_free(engine);
    return rc;
}
