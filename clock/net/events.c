/* The event stream (GET /api/events): Server-Sent Events without a thread per client.
 *
 * Each client's response is a content reader. When it has nothing to send it
 * suspends its connection (MHD then neither polls nor times it out); the
 * engine's listener resumes every waiting stream after a new snapshot, and
 * one heartbeat thread resumes them all every heartbeat_ms for a comment
 * line. An idle room full of phones costs no CPU at all.
 *
 * The state is serialised once per change, not once per client: the first
 * stream to need it writes the event into a reference-counted buffer and
 * every other stream sends the same bytes (2,000 clients each serialising
 * it took 110 ms to reach the last one). A buffer is shared only while it is
 * younger than SHARE_MS, so a client that connects later still gets its
 * remaining_ms counted from the moment it is sent. GET /api/state answers
 * with the same bytes (a poller's remaining_ms is then at most SHARE_MS
 * old, as if the network had taken that long).
 *
 * A suspended connection is not polled by MHD, so a client that goes away
 * would keep its descriptor until the next heartbeat: the heartbeat thread
 * also waits on an epoll set holding every stream's socket for the peer's
 * hang-up, and ends such a stream at once. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <jansson.h>

#include "base/mono.h"
#include "net/events.h"
#include "net/reply.h"
#include "json/codec.h"

enum {
    SHARE_MS = 25, /* a rendered state is sent as it is for this long */
    BLOCK = 1024,  /* bytes per reader call: MHD keeps (and touches) a buffer of it
                    * per stream, and a state goes out in a few calls */
    WAKE_ID = 0,   /* the epoll key of the shutdown eventfd */
};

/* One state event as sent, shared by every stream sending it. */
typedef struct {
    atomic_int refs;
    uint64_t seq;  /* the snapshot it shows */
    int64_t at_ms; /* monotonic ms when it was serialised */
    size_t len;
    char text[]; /* "event: state\ndata: ...\n\n" */
} shared_t;

static void shared_release(shared_t *sh)
{
    if (sh && atomic_fetch_sub(&sh->refs, 1) == 1)
        free(sh);
}

/* The list links, id, suspended, gone and pinged are guarded by hub.lock;
 * the rest is only touched by the thread that serves the connection (MHD
 * keeps a connection on one thread) and by stream_free after it. */
typedef struct stream {
    struct stream *prev, *next;
    events_t *ev;
    struct MHD_Connection *con;
    uint64_t id;       /* its key in the hang-up set */
    bool suspended;    /* guarded by hub.lock, like the list */
    bool gone;         /* the peer hung up (hub.lock) */
    bool greeted;      /* the retry hint went out */
    uint64_t sent_seq; /* the snapshot it has; 0: none yet */
    unsigned pinged;   /* the heartbeat round it has had */
    const char *pfx;   /* a static line to send first (hint, ping) */
    size_t pfx_len, pfx_off;
    shared_t *sh; /* then the state, and how far */
    size_t sh_off;
} stream_t;

/* streams to closing are guarded by hub.lock; e, heartbeat_ms, ep and wake
 * are set by events_new and only read after. */
struct events {
    engine_t *e;
    int heartbeat_ms;
    stream_t *streams;   /* every open stream, waiting or not */
    int open;            /* how many */
    uint64_t latest_seq; /* the newest snapshot announced */
    uint64_t next_id;
    unsigned round; /* heartbeat rounds so far */
    bool closing;
    pthread_t beat;
    int ep;                     /* epoll: streams' sockets for hang-ups, and wake */
    int wake;                   /* eventfd: ends the heartbeat thread's wait */
    pthread_mutex_t share_lock; /* one serialisation at a time */
    shared_t *cur;              /* the newest serialised state (share_lock) */
    atomic_ulong serialised;    /* how many times the state was serialised */
};

/* One lock for every stream list and flag. It outlives any events_t: the
 * engine keeps calling its listener for as long as it exists, and a stopped
 * server must then simply not be there. The listener takes it before
 * MHD_resume_connection, and a stream holds it across MHD_suspend_connection,
 * so a connection is resumed only when it really is suspended. */
static struct {
    pthread_mutex_t lock;
    events_t *live; /* the running server's, or NULL */
} hub = {PTHREAD_MUTEX_INITIALIZER, NULL};

/* Called with hub.lock held. */
static void resume(stream_t *s)
{
    if (s->suspended) {
        s->suspended = false;
        MHD_resume_connection(s->con);
    }
}

static void resume_waiting(events_t *ev)
{
    for (stream_t *s = ev->streams; s; s = s->next)
        resume(s);
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

/* With hub.lock held: the peer of stream `id` hung up; a stream already
 * freed (its socket closed and reused) is simply not found. */
static void hung_up(events_t *ev, uint64_t id)
{
    for (stream_t *s = ev->streams; s; s = s->next)
        if (s->id == id) {
            s->gone = true;
            resume(s);
            return;
        }
}

static void *heartbeat(void *arg)
{
    events_t *ev = arg;
    int64_t next = mono_ms() + ev->heartbeat_ms;
    struct epoll_event evs[256];
    pthread_mutex_lock(&hub.lock);
    while (!ev->closing) {
        pthread_mutex_unlock(&hub.lock);
        int64_t wait = next - mono_ms();
        int k = epoll_wait(ev->ep, evs, 256, wait > 0 ? (int)wait : 0);
        pthread_mutex_lock(&hub.lock);
        for (int i = 0; i < k && !ev->closing; i++)
            if (evs[i].data.u64 != WAKE_ID)
                hung_up(ev, evs[i].data.u64);
        if (!ev->closing && mono_ms() >= next) {
            ev->round++;
            resume_waiting(ev);
            next = mono_ms() + ev->heartbeat_ms;
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
    ev->next_id = WAKE_ID + 1;
    ev->ep = epoll_create1(EPOLL_CLOEXEC);
    ev->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct epoll_event we = {.events = EPOLLIN, .data.u64 = WAKE_ID};
    if (ev->ep < 0 || ev->wake < 0 || epoll_ctl(ev->ep, EPOLL_CTL_ADD, ev->wake, &we) != 0)
        goto fail;
    pthread_mutex_init(&ev->share_lock, NULL);
    const snapshot_t *snap = engine_snapshot(e);
    ev->latest_seq = snap->seq;
    snapshot_release(snap);
    if (pthread_create(&ev->beat, NULL, heartbeat, ev) != 0) {
        pthread_mutex_destroy(&ev->share_lock);
        goto fail;
    }
    pthread_mutex_lock(&hub.lock);
    hub.live = ev;
    pthread_mutex_unlock(&hub.lock);
    /* Registered once per process: later servers share the same hub. */
    static atomic_flag listening = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&listening))
        engine_listen(e, on_snapshot, NULL);
    return ev;
fail:
    if (ev->ep >= 0)
        close(ev->ep);
    if (ev->wake >= 0)
        close(ev->wake);
    free(ev);
    return NULL;
}

/* The state event for a snapshot at least `latest`, serialised now or a
 * moment ago by another stream; a new reference, or NULL without memory. */
static shared_t *state_event(events_t *ev, uint64_t latest)
{
    pthread_mutex_lock(&ev->share_lock);
    shared_t *sh = ev->cur;
    if (!sh || sh->seq < latest || mono_ms() - sh->at_ms >= SHARE_MS) {
        uint64_t seq = 0;
        int64_t at = mono_ms();
        json_t *j = reply_state(ev->e, &seq);
        char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
        size_t n = text ? strlen(text) + sizeof "event: state\ndata: \n\n" : 0;
        shared_t *fresh = text ? malloc(sizeof *fresh + n) : NULL;
        if (fresh) {
            atomic_init(&fresh->refs, 1);
            fresh->seq = seq;
            fresh->at_ms = at;
            fresh->len = (size_t)snprintf(fresh->text, n, "event: state\ndata: %s\n\n", text);
            shared_release(ev->cur);
            ev->cur = fresh;
            atomic_fetch_add(&ev->serialised, 1);
        }
        free(text);
        sh = fresh; /* out of memory: the next wake-up tries again */
    }
    if (sh)
        atomic_fetch_add(&sh->refs, 1);
    pthread_mutex_unlock(&ev->share_lock);
    return sh;
}

static void set_pfx(stream_t *s, const char *line)
{
    s->pfx = line;
    s->pfx_len = strlen(line);
    s->pfx_off = 0;
}

static bool pending(const stream_t *s)
{
    return (s->pfx && s->pfx_off < s->pfx_len) || (s->sh && s->sh_off < s->sh->len);
}

/* Copies what is pending into buf: the line first, then the state. */
static size_t copy_out(stream_t *s, char *buf, size_t max)
{
    size_t n = 0;
    if (s->pfx && s->pfx_off < s->pfx_len) {
        size_t k = s->pfx_len - s->pfx_off < max ? s->pfx_len - s->pfx_off : max;
        memcpy(buf, s->pfx + s->pfx_off, k);
        s->pfx_off += k;
        n += k;
    }
    if (s->sh && n < max) {
        size_t k = s->sh->len - s->sh_off < max - n ? s->sh->len - s->sh_off : max - n;
        memcpy(buf + n, s->sh->text + s->sh_off, k);
        s->sh_off += k;
        n += k;
        if (s->sh_off == s->sh->len) {
            shared_release(s->sh);
            s->sh = NULL;
        }
    }
    return n;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream_t *s = cls;
    events_t *ev = s->ev;
    for (;;) {
        pthread_mutex_lock(&hub.lock);
        bool gone = s->gone || ev->closing;
        pthread_mutex_unlock(&hub.lock);
        /* Ends the stream, whatever was left to send. Not as an error, even
         * when the peer has gone: libmicrohttpd (0.9.75) closes a resumed
         * connection whose reader fails but never lets its descriptor go
         * until the idle timeout, 30 s later; a stream that ends well is
         * closed as soon as the socket says the peer is gone. */
        if (gone)
            return MHD_CONTENT_READER_END_OF_STREAM;
        if (pending(s))
            return (ssize_t)copy_out(s, buf, max);
        pthread_mutex_lock(&hub.lock);
        uint64_t latest = ev->latest_seq;
        bool changed = !s->sent_seq || latest > s->sent_seq;
        bool beat = s->pinged != ev->round;
        if (!ev->closing && !s->gone && !changed && !beat) {
            s->suspended = true;
            MHD_suspend_connection(s->con);
            pthread_mutex_unlock(&hub.lock);
            return 0; /* resumed when there is news, a heartbeat is due or the peer left */
        }
        s->pinged = ev->round;
        pthread_mutex_unlock(&hub.lock);
        if (changed) {
            if (!s->greeted) {
                set_pfx(s, "retry: 2000\n");
                s->greeted = true;
            }
            s->sh = state_event(ev, latest);
            s->sh_off = 0;
            if (s->sh && s->sh->seq > latest)
                latest = s->sh->seq;
            if (s->sent_seq < latest)
                s->sent_seq = latest; /* never spin on a number */
        }
        if (beat && !pending(s))
            set_pfx(s, ": ping\n\n");
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
    /* Not taken out of the hang-up set here: the socket may already be
     * closed and its number reused by a new stream. Closing it takes it out;
     * an event before that finds no stream with this id. */
    shared_release(s->sh);
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
    s->id = ev->next_id++;
    s->pinged = ev->round;
    s->next = ev->streams;
    if (ev->streams)
        ev->streams->prev = s;
    ev->streams = s;
    ev->open++;
    pthread_mutex_unlock(&hub.lock);
    /* Its socket, watched for the peer's hang-up while it is suspended
     * (without it the descriptor is released at the next heartbeat). */
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(con,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);
    if (ci) {
        struct epoll_event he = {.events = EPOLLRDHUP | EPOLLONESHOT, .data.u64 = s->id};
        epoll_ctl(ev->ep, EPOLL_CTL_ADD, ci->connect_fd, &he);
    }
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, BLOCK, stream_read,
                                                               s, stream_free);
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

static void release_cb(void *cls)
{
    shared_t *sh = cls;
    shared_release(sh);
}

struct MHD_Response *events_state_response(events_t *ev)
{
    const snapshot_t *snap = engine_snapshot(ev->e);
    uint64_t seq = snap->seq;
    snapshot_release(snap);
    shared_t *sh = state_event(ev, seq);
    if (!sh)
        return NULL;
    static const char head[] = "event: state\ndata: ";
    size_t skip = sizeof head - 1;
    struct MHD_Response *r = MHD_create_response_from_buffer_with_free_callback_cls(sh->len - skip -
                                                                                        2,
                                                                                    sh->text + skip,
                                                                                    release_cb, sh);
    if (!r) {
        shared_release(sh);
        return NULL;
    }
    MHD_add_response_header(r, "Content-Type", "application/json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    return r;
}

unsigned long events_serialised(events_t *ev)
{
    return atomic_load(&ev->serialised);
}

void events_shutdown(events_t *ev)
{
    pthread_mutex_lock(&hub.lock);
    ev->closing = true;
    if (hub.live == ev)
        hub.live = NULL;
    resume_waiting(ev);
    pthread_mutex_unlock(&hub.lock);
    uint64_t one = 1;
    if (write(ev->wake, &one, sizeof one) != sizeof one)
        perror("pokerclock: events");
    pthread_join(ev->beat, NULL);
}

void events_free(events_t *ev)
{
    if (!ev)
        return;
    shared_release(ev->cur);
    pthread_mutex_destroy(&ev->share_lock);
    close(ev->ep);
    close(ev->wake);
    free(ev);
}
