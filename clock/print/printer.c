/* The receipt printer's thread; see printer.h.
 *
 * Why a thread: a USB printer out of paper takes no bytes, and a write to
 * it waits; a registration that printed in the request would wait with
 * it, and the desk with it. Here the request only publishes (as always);
 * the engine's listener wakes this thread, which compares the roster with
 * the one it last looked at and queues the slips that change hands out. */
#include "print/printer.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/lp.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/mono.h"
#include "model/slips.h"
#include "print/slip.h"

/* A slip queued: its bytes and how many of them the printer has taken. */
typedef struct {
    escpos_t bytes;
    size_t sent;
} job_t;

/* device, columns and engine are set by printer_new and only read
 * after; fd, why, status and seen are the printer thread's own. */
struct printer {
    engine_t *engine;
    char device[256];
    int columns;
    pthread_t thread;
    bool running; /* the thread was started (main's) */
    /* lock guards the queue (head, count, the slots past the head),
     * changed and closing: taken by the engine's listener (the publishing
     * thread), the request threads that ask for a slip again, and the
     * printer thread. The slot at head, while count > 0, is read by the
     * printer thread without it: the others only write past the tail. */
    pthread_mutex_t lock;
    pthread_cond_t wake; /* with lock: a change published, a slip queued, closing */
    job_t queue[PRINTER_QUEUE_MAX];
    int head, count;        /* lock */
    bool changed;           /* lock: a snapshot was published since the last look */
    bool closing;           /* lock */
    atomic_bool stop;       /* closing, for a write waiting on the device */
    int fd;                 /* the device, kept open between slips; -1 */
    int why;                /* the errno of the last open, status or write that failed */
    int status;             /* printer_status, as last told to the engine; -1 none */
    const snapshot_t *seen; /* the snapshot whose roster was last compared */
};

const char *printer_status_name(printer_status s)
{
    static const char *const names[] = {"ready", "missing", "paper_out", "offline", "error"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "error";
}

printer_status printer_status_of_lp(int lp_status)
{
    if (lp_status & LP_POUTPA)
        return PRINTER_PAPER_OUT;
    if (!(lp_status & LP_PSELECD))
        return PRINTER_OFFLINE;
    if (!(lp_status & LP_PERRORP))
        return PRINTER_ERROR;
    return PRINTER_READY;
}

/* Queues the bytes of one slip (lock held): false when the queue is full. */
static bool enqueue(printer_t *p, const slip_t *s, const snapshot_t *snap)
{
    if (p->count >= PRINTER_QUEUE_MAX)
        return false;
    job_t *j = &p->queue[(p->head + p->count) % PRINTER_QUEUE_MAX];
    slip_escpos(s, snap->t.s.name, snap->language, p->columns, &j->bytes);
    j->sent = 0;
    p->count++;
    pthread_cond_signal(&p->wake);
    return true;
}

/* The slips of what changed since the last look, queued. */
static void look(printer_t *p)
{
    const snapshot_t *snap = engine_snapshot(p->engine);
    enum { MAX = ROSTER_UNDO_RECORDS * 4 };
    slip_t *found = NULL;
    int n = 0;
    if (p->seen && p->seen->roster != snap->roster && (found = malloc(MAX * sizeof *found)))
        n = slips_between(p->seen->roster, snap->roster, found, MAX);
    pthread_mutex_lock(&p->lock);
    int dropped = 0;
    for (int i = 0; i < n; i++)
        dropped += !enqueue(p, &found[i], snap);
    pthread_mutex_unlock(&p->lock);
    if (dropped)
        fprintf(stderr, "pokerclock: printer: %d slips dropped, %d wait already\n", dropped,
                PRINTER_QUEUE_MAX);
    free(found);
    if (p->seen)
        snapshot_release(p->seen);
    p->seen = snap;
}

static void tell(printer_t *p, printer_status s)
{
    if (p->status == (int)s)
        return;
    p->status = (int)s;
    /* For whoever reads the log: what the device said (a device the clock
     * may not open is an error, with why). */
    fprintf(stderr, "pokerclock: printer %s: %s%s%s\n", p->device, printer_status_name(s),
            s == PRINTER_ERROR && p->why ? ": " : "",
            s == PRINTER_ERROR && p->why ? strerror(p->why) : "");
    engine_set_printer(p->engine, printer_status_name(s));
}

static void close_device(printer_t *p)
{
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
}

/* Opens the device when it is not open, and asks it how it is. A FIFO or
 * a plain file has no status to give: ready while it can be opened. */
static printer_status check(printer_t *p)
{
    if (p->fd < 0)
        p->fd = open(p->device, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_APPEND);
    p->why = errno;
    if (p->fd < 0)
        return p->why == ENOENT || p->why == ENODEV || p->why == ENXIO ? PRINTER_MISSING
                                                                       : PRINTER_ERROR;
    int lp = 0;
    if (ioctl(p->fd, LPGETSTATUS, &lp) == 0)
        return printer_status_of_lp(lp);
    if (errno == ENODEV || errno == EIO) {
        p->why = errno;
        close_device(p);
        return PRINTER_MISSING;
    }
    return PRINTER_READY;
}

/* Sends the rest of the job at the head: READY when all of it went, else
 * why not (what was taken stays taken: the rest goes next time). */
static printer_status send_head(printer_t *p, job_t *j)
{
    int64_t last_way = mono_ms();
    while (j->sent < j->bytes.len && !atomic_load(&p->stop)) {
        ssize_t w = write(p->fd, j->bytes.b + j->sent, j->bytes.len - j->sent);
        if (w > 0) {
            j->sent += (size_t)w;
            last_way = mono_ms();
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR) {
            p->why = errno;
            close_device(p);
            return p->why == EPIPE || p->why == ENODEV ? PRINTER_MISSING : PRINTER_ERROR;
        }
        if (mono_ms() - last_way > PRINTER_STALL_MS)
            return PRINTER_OFFLINE;
        struct pollfd pf = {.fd = p->fd, .events = POLLOUT};
        poll(&pf, 1, 250);
    }
    return j->sent < j->bytes.len ? PRINTER_OFFLINE : PRINTER_READY;
}

/* Tries the printer: the head of the queue when there is one. Returns
 * when to try again (0: at once). */
static int64_t try_printer(printer_t *p, bool have_job)
{
    printer_status s = check(p);
    if (s == PRINTER_READY && have_job)
        s = send_head(p, &p->queue[p->head]);
    tell(p, s);
    if (s != PRINTER_READY || !have_job)
        return mono_ms() + PRINTER_RETRY_MS;
    pthread_mutex_lock(&p->lock);
    p->head = (p->head + 1) % PRINTER_QUEUE_MAX;
    p->count--;
    pthread_mutex_unlock(&p->lock);
    return 0;
}

static void *print_loop(void *arg)
{
    printer_t *p = arg;
    int64_t next = 0;
    pthread_mutex_lock(&p->lock);
    while (!p->closing) {
        if (p->changed) {
            p->changed = false;
            pthread_mutex_unlock(&p->lock);
            look(p);
            pthread_mutex_lock(&p->lock);
            continue;
        }
        /* A slip queued while the printer is fine goes at once; else the
         * printer is tried again every PRINTER_RETRY_MS. */
        if (mono_ms() >= next || (p->count > 0 && p->status == PRINTER_READY)) {
            bool have_job = p->count > 0;
            pthread_mutex_unlock(&p->lock);
            next = try_printer(p, have_job);
            pthread_mutex_lock(&p->lock);
            continue;
        }
        struct timespec until = mono_deadline(next);
        pthread_cond_timedwait(&p->wake, &p->lock, &until);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* The printer the engine's listener wakes: the listener stays registered
 * once a printer has stopped, so it finds the printer through here.
 * hub.lock guards live; it is taken before a printer's lock. */
static struct {
    pthread_mutex_t lock;
    printer_t *live; /* hub.lock */
} hub = {PTHREAD_MUTEX_INITIALIZER, NULL};

static void on_publish(void *ctx, uint64_t seq)
{
    pthread_mutex_lock(&hub.lock);
    printer_t *p = hub.live;
    if (p) {
        pthread_mutex_lock(&p->lock);
        p->changed = true;
        pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->lock);
    }
    pthread_mutex_unlock(&hub.lock);
}

printer_t *printer_new(engine_t *engine, const printer_options_t *o)
{
    printer_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->engine = engine;
    snprintf(p->device, sizeof p->device, "%s", o->device);
    p->columns = escpos_columns(o->paper_mm);
    p->fd = -1;
    p->status = -1;
    /* The roster as it is now: what was there before the start has had
     * its slips. */
    p->seen = engine_snapshot(engine);
    pthread_mutex_init(&p->lock, NULL);
    mono_cond_init(&p->wake);
    pthread_mutex_lock(&hub.lock);
    hub.live = p;
    pthread_mutex_unlock(&hub.lock);
    /* Registered once per process, before any thread but the main one
     * runs (engine_listen's rule): a later printer finds the same hub. */
    static atomic_flag listening = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&listening))
        engine_listen(engine, on_publish, NULL);
    return p;
}

int printer_run(printer_t *p)
{
    if (!p || pthread_create(&p->thread, NULL, print_loop, p) != 0)
        return -1;
    p->running = true;
    return 0;
}

void printer_stop(printer_t *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&hub.lock);
    if (hub.live == p)
        hub.live = NULL;
    pthread_mutex_unlock(&hub.lock);
    pthread_mutex_lock(&p->lock);
    p->closing = true;
    atomic_store(&p->stop, true);
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    if (p->running)
        pthread_join(p->thread, NULL);
    close_device(p);
    if (p->seen)
        snapshot_release(p->seen);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

int printer_again(printer_t *p, int player)
{
    const snapshot_t *snap = engine_snapshot(p->engine);
    const roster_t *r = snap->roster;
    int rc = -2;
    if (player >= 0 && player < r->n_players && roster_counts(r, player) &&
        (r->players[player].status == PLAYER_SEATED ||
         r->players[player].status == PLAYER_WAITING)) {
        slip_t s;
        slip_of(r, player, SLIP_AGAIN, &s);
        pthread_mutex_lock(&p->lock);
        rc = enqueue(p, &s, snap) ? 0 : -1;
        pthread_mutex_unlock(&p->lock);
    }
    snapshot_release(snap);
    return rc;
}
