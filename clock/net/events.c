/* The event stream (GET /api/events): Server-Sent Events without a thread per client.
 *
 * Each client's response is a content reader. When it has nothing to send it
 * suspends its connection (MHD then neither polls nor times it out); the
 * engine's listener resumes every waiting stream after a new snapshot, and
 * one heartbeat thread resumes them all every heartbeat_ms for a comment
 * line. An idle room full of phones costs no CPU at all. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "json/codec.h"
#include "net/events.h"
#include "net/reply.h"

typedef struct stream {
    struct stream *prev, *next;
    events_t *ev;
    struct MHD_Connection *con;
    bool suspended;            /* guarded by hub.lock, like the list */
    bool greeted;              /* the retry hint went out */
    uint64_t sent_seq;         /* the snapshot it has; 0: none yet */
    unsigned pinged;           /* the heartbeat round it has had */
    char *out;                 /* what is still to be written, and how far */
    size_t out_len, out_off;
} stream_t;

struct events {
    engine_t *e;
    int heartbeat_ms;
    stream_t *streams;         /* every open stream, waiting or not */
    int open;                  /* how many */
    uint64_t latest_seq;       /* the newest snapshot announced */
    unsigned round;            /* heartbeat rounds so far */
    bool closing;
    pthread_t beat;
    pthread_cond_t wake;       /* ends the heartbeat thread's sleep */
};

/* One lock for every stream list and flag. It outlives any events_t: the
 * engine keeps calling its listener for as long as it exists, and a stopped
 * server must then simply not be there. The listener takes it before
 * MHD_resume_connection, and a stream holds it across MHD_suspend_connection,
 * so a connection is resumed only when it really is suspended. */
static struct {
    pthread_mutex_t lock;
    events_t *live;            /* the running server's, or NULL */
} hub = {PTHREAD_MUTEX_INITIALIZER, NULL};

/* Called with hub.lock held. */
static void resume_waiting(events_t *ev)
{
    for (stream_t *s = ev->streams; s; s = s->next)
        if (s->suspended) {
            s->suspended = false;
            MHD_resume_connection(s->con);
        }
}

static void on_snapshot(void *ctx, uint64_t seq)
{
    (void)ctx;
    pthread_mutex_lock(&hub.lock);
    events_t *ev = hub.live;
    if (ev) {
        if (seq > ev->latest_seq)
            ev->latest_seq = seq;
        resume_waiting(ev);
    }
    pthread_mutex_unlock(&hub.lock);
}

static void *heartbeat(void *arg)
{
    events_t *ev = arg;
    pthread_mutex_lock(&hub.lock);
    while (!ev->closing) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += ev->heartbeat_ms / 1000;
        until.tv_nsec += (long)(ev->heartbeat_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        int rc = 0;
        while (!ev->closing && rc == 0)
            rc = pthread_cond_timedwait(&ev->wake, &hub.lock, &until);
        if (!ev->closing) {
            ev->round++;
            resume_waiting(ev);
        }
    }
    pthread_mutex_unlock(&hub.lock);
    return NULL;
}

events_t *events_new(engine_t *e, int heartbeat_ms)
{
    events_t *ev = calloc(1, sizeof *ev);
    if (!ev)
        return NULL;
    ev->e = e;
    ev->heartbeat_ms = heartbeat_ms > 0 ? heartbeat_ms : 10000;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&ev->wake, &ca);
    pthread_condattr_destroy(&ca);
    const snapshot_t *snap = engine_snapshot(e);
    ev->latest_seq = snap->seq;
    snapshot_release(snap);
    if (pthread_create(&ev->beat, NULL, heartbeat, ev) != 0) {
        pthread_cond_destroy(&ev->wake);
        free(ev);
        return NULL;
    }
    pthread_mutex_lock(&hub.lock);
    hub.live = ev;
    pthread_mutex_unlock(&hub.lock);
    /* Registered once per process: later servers share the same hub. */
    static atomic_flag listening = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&listening))
        engine_listen(e, on_snapshot, NULL);
    return ev;
}

/* Renders the newest snapshot as an event into s->out. */
static void render_state(stream_t *s)
{
    engine_t *e = s->ev->e;
    json_t *j = reply_state(e, &s->sent_seq);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text)
        return; /* out of memory: the next wake-up tries again */
    const char *hint = s->greeted ? "" : "retry: 2000\n";
    size_t len = strlen(hint) + strlen(text) + sizeof "event: state\ndata: \n\n";
    free(s->out);
    s->out = malloc(len);
    if (s->out) {
        s->out_len = (size_t)snprintf(s->out, len, "%sevent: state\ndata: %s\n\n", hint, text);
        s->out_off = 0;
        s->greeted = true;
    }
    free(text);
}

static void set_out(stream_t *s, const char *text)
{
    free(s->out);
    s->out = strdup(text);
    s->out_len = s->out ? strlen(text) : 0;
    s->out_off = 0;
}

static bool pending(const stream_t *s)
{
    return s->out && s->out_off < s->out_len;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream_t *s = cls;
    events_t *ev = s->ev;
    for (;;) {
        if (pending(s)) {
            size_t n = s->out_len - s->out_off < max ? s->out_len - s->out_off : max;
            memcpy(buf, s->out + s->out_off, n);
            s->out_off += n;
            return (ssize_t)n;
        }
        pthread_mutex_lock(&hub.lock);
        bool closing = ev->closing;
        uint64_t latest = ev->latest_seq;
        bool changed = !s->sent_seq || latest > s->sent_seq;
        bool beat = s->pinged != ev->round;
        if (!closing && !changed && !beat) {
            s->suspended = true;
            MHD_suspend_connection(s->con);
            pthread_mutex_unlock(&hub.lock);
            return 0; /* resumed when there is news or a heartbeat is due */
        }
        s->pinged = ev->round;
        pthread_mutex_unlock(&hub.lock);
        if (closing)
            return MHD_CONTENT_READER_END_OF_STREAM;
        if (changed) {
            render_state(s);
            if (s->sent_seq < latest)
                s->sent_seq = latest; /* never spin on a number */
        }
        if (beat && !pending(s))
            set_out(s, ": ping\n\n");
    }
}

static void stream_free(void *cls)
{
    stream_t *s = cls;
    pthread_mutex_lock(&hub.lock);
    if (s->prev)
        s->prev->next = s->next;
    else
        s->ev->streams = s->next;
    if (s->next)
        s->next->prev = s->prev;
    s->ev->open--;
    pthread_mutex_unlock(&hub.lock);
    free(s->out);
    free(s);
}

struct MHD_Response *events_response(events_t *ev, struct MHD_Connection *con)
{
    stream_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ev = ev;
    s->con = con;
    pthread_mutex_lock(&hub.lock);
    s->pinged = ev->round;
    s->next = ev->streams;
    if (ev->streams)
        ev->streams->prev = s;
    ev->streams = s;
    ev->open++;
    pthread_mutex_unlock(&hub.lock);
    struct MHD_Response *r =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, stream_read, s, stream_free);
    if (!r) {
        stream_free(s);
        return NULL;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    return r;
}

int events_open(events_t *ev)
{
    pthread_mutex_lock(&hub.lock);
    int n = ev->open;
    pthread_mutex_unlock(&hub.lock);
    return n;
}

void events_shutdown(events_t *ev)
{
    pthread_mutex_lock(&hub.lock);
    ev->closing = true;
    if (hub.live == ev)
        hub.live = NULL;
    resume_waiting(ev);
    pthread_cond_signal(&ev->wake);
    pthread_mutex_unlock(&hub.lock);
    pthread_join(ev->beat, NULL);
}

void events_free(events_t *ev)
{
    if (!ev)
        return;
    pthread_cond_destroy(&ev->wake);
    free(ev);
}
