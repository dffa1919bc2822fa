/* Open connections: slow clients are cut off, and the memory of a burst is given back.
 *
 * libmicrohttpd's own timeout counts from the last byte, so a client that
 * sends one header byte every few seconds keeps its connection for ever;
 * a thousand of them fill the server. Here every connection has a start
 * (when it connected, or when its last answer went out) and a watch thread
 * shuts the socket down once a request has taken longer than the limit to
 * arrive. shutdown() leaves the descriptor to MHD, which then sees the
 * hang-up and closes it itself.
 *
 * Sending has its bound in the system: TCP_USER_TIMEOUT drops a connection
 * whose peer acknowledges nothing (or keeps its window shut) for that long.
 * Without it a phone that left with an event stream open held it until TCP
 * gave up retransmitting, some 15 minutes; a client that never read its
 * stream held it until megabytes of buffers had filled. */
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "base/mono.h"
#include "net/conns.h"

typedef enum { WAITING, ANSWERING, STREAMING } phase_t;

enum {
    TICK_MS = 250,             /* the watch looks this often */
    TRIM_DROP = 256,           /* connections gone since the peak, and */
    TRIM_CALM_MS = 1000,       /* none come or gone for this long: the burst is over */
    STREAM_SNDBUF = 32 * 1024, /* a stream's send buffer (the system doubles it): states
                                * are 2 to 8 KB, and one not taken is replaced by the next */
};

/* One per connection, from MHD's "started" to its "closed" notice (both on
 * the thread that owns the connection, which also sets the phase). */
typedef struct conn {
    struct conn *prev, *next; /* conns.lock */
    int fd;                   /* set before it is linked; then read only */
    phase_t phase;            /* atomic: its thread writes, the watch reads */
    int64_t since;            /* atomic, as phase: monotonic ms, connected or last answered */
    bool cut;                 /* conns.lock: shut down already */
} conn_t;

struct conns {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* with lock: wakes the watch to stop */
    pthread_t watch;
    bool closing;           /* lock */
    int request_max_ms;     /* set before the watch starts */
    unsigned send_stall_ms; /* set before the watch starts */
    conn_t *list;           /* lock: every connection watched */
    int open;               /* lock */
    unsigned long cut;      /* lock */
    /* The watch thread's own: the burst it is waiting to see end. */
    int peak;         /* the most open since memory was last given back */
    int last_open;    /* open at the last look */
    int64_t moved_at; /* when open last changed (monotonic ms) */
};

/* With the lock held, once a look: has a burst of connections just ended?
 * Each connection's buffers (16 KiB from MHD, a stream's 4 KiB) are spread
 * over glibc's arenas, which keep freed memory for later: after 5,000
 * connections had come and gone the clock stayed at 72 MB instead of 14.
 * Once many have gone and the count has not moved for a second,
 * malloc_trim gives the free pages back; while connections still come and
 * go it is not worth its time. */
static bool burst_over(conns_t *c, int64_t now)
{
    if (c->open != c->last_open)
        c->moved_at = now;
    c->last_open = c->open;
    if (c->open > c->peak)
        c->peak = c->open;
    if (c->peak - c->open < TRIM_DROP || now - c->moved_at < TRIM_CALM_MS)
        return false;
    c->peak = c->open;
    return true;
}

static void *watch(void *arg)
{
    conns_t *c = arg;
    pthread_mutex_lock(&c->lock);
    while (!c->closing) {
        struct timespec until = mono_deadline(mono_ms() + TICK_MS);
        pthread_cond_timedwait(&c->wake, &c->lock, &until);
        int64_t now = mono_ms();
        for (conn_t *k = c->list; k; k = k->next)
            if (__atomic_load_n(&k->phase, __ATOMIC_RELAXED) == WAITING && !k->cut &&
                now - __atomic_load_n(&k->since, __ATOMIC_RELAXED) > c->request_max_ms) {
                k->cut = true;
                c->cut++;
                shutdown(k->fd, SHUT_RDWR);
            }
        if (burst_over(c, now)) {
            pthread_mutex_unlock(&c->lock);
            malloc_trim(0);
            pthread_mutex_lock(&c->lock);
        }
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

conns_t *conns_new(int request_max_ms, int send_stall_ms)
{
    conns_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->request_max_ms = request_max_ms;
    c->send_stall_ms = (unsigned)send_stall_ms;
    pthread_mutex_init(&c->lock, NULL);
    mono_cond_init(&c->wake);
    if (pthread_create(&c->watch, NULL, watch, c) != 0) {
        pthread_cond_destroy(&c->wake);
        pthread_mutex_destroy(&c->lock);
        free(c);
        return NULL;
    }
    return c;
}

void conns_free(conns_t *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    c->closing = true;
    pthread_cond_signal(&c->wake);
    pthread_mutex_unlock(&c->lock);
    pthread_join(c->watch, NULL);
    while (c->list) {
        conn_t *k = c->list;
        c->list = k->next;
        free(k);
    }
    pthread_cond_destroy(&c->wake);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

void conns_notify(void *cls, struct MHD_Connection *con, void **socket_context,
                  enum MHD_ConnectionNotificationCode code)
{
    conns_t *c = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(con, MHD_CONNECTION_INFO_CONNECTION_FD);
        conn_t *k = ci ? calloc(1, sizeof *k) : NULL;
        *socket_context = NULL;
        if (!k)
            return; /* not watched: MHD's idle timeout still applies */
        k->fd = ci->connect_fd;
        k->since = mono_ms();
        setsockopt(k->fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &c->send_stall_ms,
                   sizeof c->send_stall_ms);
        /* Once linked, k's links belong to the list's lock: another
         * thread may link a new connection in front of it at any time. */
        pthread_mutex_lock(&c->lock);
        k->prev = NULL;
        k->next = c->list;
        if (c->list)
            c->list->prev = k;
        c->list = k;
        c->open++;
        pthread_mutex_unlock(&c->lock);
        *socket_context = k;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
        conn_t *k = *socket_context;
        pthread_mutex_lock(&c->lock);
        if (k->prev)
            k->prev->next = k->next;
        else
            c->list = k->next;
        if (k->next)
            k->next->prev = k->prev;
        c->open--;
        pthread_mutex_unlock(&c->lock);
        free(k);
        *socket_context = NULL;
    }
}

/* The phase and start are atomics read by the watch thread: a stale read
 * costs at most one cut a quarter of a second late. */
static void set_phase(struct MHD_Connection *con, phase_t p)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(con, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    conn_t *k = ci ? ci->socket_context : NULL;
    if (!k)
        return;
    __atomic_store_n(&k->since, mono_ms(), __ATOMIC_RELAXED);
    __atomic_store_n(&k->phase, p, __ATOMIC_RELAXED);
}

void conns_answering(struct MHD_Connection *con)
{
    set_phase(con, ANSWERING);
}
void conns_streaming(struct MHD_Connection *con)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(con,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);
    int size = STREAM_SNDBUF;
    if (ci)
        setsockopt(ci->connect_fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    set_phase(con, STREAMING);
}
void conns_answered(struct MHD_Connection *con)
{
    set_phase(con, WAITING);
}

int conns_open(conns_t *c)
{
    pthread_mutex_lock(&c->lock);
    int n = c->open;
    pthread_mutex_unlock(&c->lock);
    return n;
}

unsigned long conns_cut(conns_t *c)
{
    pthread_mutex_lock(&c->lock);
    unsigned long n = c->cut;
    pthread_mutex_unlock(&c->lock);
    return n;
}
