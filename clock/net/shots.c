/* Public pictures of the wall (GET /api/screen.png): a few fixed sizes, rendered off the request
 * threads.
 *
 * Rendering and encoding a 1080p PNG took 50-80 ms of a core (now about 19); done in the
 * HTTP threads, eight clients asking odd sizes kept every thread busy and
 * /api/state waited a second. Here one thread renders, each fixed size at
 * most once per change of the state or of the second shown, and only when
 * somebody asks. A request for a picture of an older second gets the last
 * one at once; one for a state not yet drawn is suspended (no thread held)
 * until the picture is there. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mono.h"
#include "net/shots.h"

enum {
    SIZES = 4,
    SLOTS = 2 * SIZES, /* landscape and portrait */
    FRESH_MS = 1000,   /* the countdown shows seconds */
    IDLE_MS = 30000,   /* nobody asked this long: the canvas goes */
    WAITING_MAX = 64,  /* suspended requests per size */
};

static const int widths[SIZES] = {320, 640, 1280, 1920};

/* Guarded by shots.lock, but w and h (set by shots_new). */
typedef struct {
    int w, h;
    unsigned char *png; /* the last picture, or NULL */
    size_t len;
    uint64_t seq; /* of the state it shows */
    int64_t at;   /* monotonic ms when rendering began */
    bool wanted;  /* asked for while stale: render it */
    struct MHD_Connection *waiting[WAITING_MAX];
    int n_waiting;
    bool failed; /* the last render failed: do not wait for it */
} slot_t;

/* e, render, ctx and thread_end are set by shots_new and only read after. */
struct shots {
    engine_t *e;
    shots_render_fn render;
    void *ctx;
    void (*thread_end)(void); /* SDL's per-thread storage goes with the thread */
    pthread_mutex_t lock;     /* the server's threads ask, the render thread answers */
    pthread_cond_t wake;      /* with lock: a picture is wanted, or closing */
    pthread_t thread;
    bool closing;           /* lock */
    bool holding;           /* lock: the renderer keeps a canvas from the last picture */
    slot_t slots[SLOTS];    /* lock */
    unsigned long rendered; /* lock */
};

static uint64_t current_seq(engine_t *e)
{
    const snapshot_t *snap = engine_snapshot(e);
    uint64_t seq = snap->seq;
    snapshot_release(snap);
    return seq;
}

bool shots_allowed(int w, int h)
{
    for (int k = 0; k < SIZES; k++) {
        int a = widths[k], b = widths[k] * 9 / 16;
        if ((w == a && h == b) || (w == b && h == a))
            return true;
    }
    return false;
}

const char *shots_sizes_text(void)
{
    return "320x180, 640x360, 1280x720 or 1920x1080, or turned for portrait "
           "(180x320, 360x640, 720x1280, 1080x1920)";
}

static slot_t *slot_of(shots_t *s, int fw, int fh)
{
    for (int i = 0; i < SLOTS; i++)
        if (s->slots[i].w == fw && s->slots[i].h == fh)
            return &s->slots[i];
    return NULL;
}

/* Called with the lock held: every request waiting on sl goes on. */
static void resume_waiting(slot_t *sl)
{
    for (int i = 0; i < sl->n_waiting; i++)
        MHD_resume_connection(sl->waiting[i]);
    sl->n_waiting = 0;
}

static void *render_loop(void *arg)
{
    shots_t *s = arg;
    pthread_mutex_lock(&s->lock);
    while (!s->closing) {
        slot_t *sl = NULL;
        for (int i = 0; i < SLOTS && !sl; i++)
            if (s->slots[i].wanted)
                sl = &s->slots[i];
        if (!sl) {
            /* Nobody asked for a while: the renderer lets go of its canvas
             * and text (8 MB and more at 1080p), made again when asked. */
            struct timespec until = mono_deadline(mono_ms() + IDLE_MS);
            if (pthread_cond_timedwait(&s->wake, &s->lock, &until) == ETIMEDOUT && !s->closing &&
                s->holding) {
                s->holding = false;
                pthread_mutex_unlock(&s->lock);
                unsigned char *none = NULL;
                size_t zero = 0;
                s->render(s->ctx, 0, 0, &none, &zero);
                pthread_mutex_lock(&s->lock);
            }
            continue;
        }
        s->holding = true;
        sl->wanted = false;
        int w = sl->w, h = sl->h;
        pthread_mutex_unlock(&s->lock);
        uint64_t seq = current_seq(s->e);
        int64_t at = mono_ms();
        unsigned char *png = NULL;
        size_t len = 0;
        int rc = s->render(s->ctx, w, h, &png, &len);
        pthread_mutex_lock(&s->lock);
        if (rc == 0 && png) {
            free(sl->png);
            sl->png = png;
            sl->len = len;
            sl->seq = seq;
            sl->at = at;
            sl->failed = false;
            s->rendered++;
        } else {
            free(png);
            sl->failed = true;
        }
        resume_waiting(sl);
    }
    pthread_mutex_unlock(&s->lock);
    if (s->thread_end)
        s->thread_end();
    return NULL;
}

shots_t *shots_new(engine_t *e, shots_render_fn render, void *ctx, void (*thread_end)(void))
{
    shots_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->e = e;
    s->render = render;
    s->ctx = ctx;
    s->thread_end = thread_end;
    for (int k = 0; k < SIZES; k++) {
        s->slots[2 * k] = (slot_t){.w = widths[k], .h = widths[k] * 9 / 16};
        s->slots[2 * k + 1] = (slot_t){.w = widths[k] * 9 / 16, .h = widths[k]};
    }
    pthread_mutex_init(&s->lock, NULL);
    mono_cond_init(&s->wake);
    if (pthread_create(&s->thread, NULL, render_loop, s) != 0) {
        pthread_cond_destroy(&s->wake);
        pthread_mutex_destroy(&s->lock);
        free(s);
        return NULL;
    }
    return s;
}

void shots_shutdown(shots_t *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    bool was = s->closing;
    s->closing = true;
    for (int i = 0; i < SLOTS; i++)
        resume_waiting(&s->slots[i]);
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    if (!was)
        pthread_join(s->thread, NULL);
}

void shots_free(shots_t *s)
{
    if (!s)
        return;
    shots_shutdown(s);
    for (int i = 0; i < SLOTS; i++)
        free(s->slots[i].png);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

struct MHD_Response *shots_response(shots_t *s, struct MHD_Connection *con, int fw, int fh,
                                    bool *suspended)
{
    *suspended = false;
    uint64_t seq = current_seq(s->e);
    int64_t now = mono_ms();
    struct MHD_Response *resp = NULL;
    pthread_mutex_lock(&s->lock);
    slot_t *sl = slot_of(s, fw, fh);
    if (sl && !s->closing) {
        bool current = sl->png && sl->seq == seq;
        if (!current || now - sl->at >= FRESH_MS) {
            sl->wanted = true;
            pthread_cond_signal(&s->wake);
        }
        if (current || (sl->png && sl->failed)) {
            resp = MHD_create_response_from_buffer(sl->len, sl->png, MHD_RESPMEM_MUST_COPY);
        } else if (!sl->failed && sl->n_waiting < WAITING_MAX) {
            sl->waiting[sl->n_waiting++] = con;
            MHD_suspend_connection(con);
            *suspended = true;
        }
        if (sl->failed && !sl->png)
            sl->failed = false; /* the next request tries again */
    }
    pthread_mutex_unlock(&s->lock);
    return resp;
}

unsigned long shots_rendered(shots_t *s)
{
    pthread_mutex_lock(&s->lock);
    unsigned long n = s->rendered;
    pthread_mutex_unlock(&s->lock);
    return n;
}
