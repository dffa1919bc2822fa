/* The pages' spoken words off the request threads; see words.h.
 *
 * espeak-ng takes a tenth of a second for a phrase here and more on a busy
 * Pi. Rendered in the request threads, the pages that asked at a level's
 * change each held one of the server's four threads while they waited
 * their turn: the director's commands and the state waited behind them for
 * seconds. Here one thread renders, in the order asked; a request whose
 * words are in the cache is answered at once (net.c), one whose words are
 * not is suspended until they are. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/words.h"

enum {
    WAITING_MAX = 64, /* requests waiting for their words; more get 503 */
};

/* The words thread's while queued or rendered, the request's once done and
 * resumed. The fields below next are set by words_render and then only
 * read; rc, fd, err and done belong to words.lock until done. */
struct words_job {
    words_job_t *next; /* words.lock: the queue */
    words_t *w;
    struct MHD_Connection *con;
    const snapshot_t *snap; /* retained until rendered */
    int64_t now;
    int event;
    char language[8];
    bool done;     /* words.lock */
    int rc, fd;    /* words.lock until done: the result */
    char err[300]; /* words.lock until done */
};

/* speech and ctx are set by words_new and only read after. */
struct words {
    net_speech_fn speech;
    void *ctx;
    pthread_t thread;
    pthread_mutex_t lock;     /* the queue and closing: request threads and the words thread */
    pthread_cond_t wake;      /* with lock: a job queued, or closing */
    words_job_t *head, *tail; /* lock: queued, the next to render first */
    int waiting;              /* lock: queued or being rendered */
    bool closing;             /* lock */
};

/* With the lock held: the job is done and its request goes on. */
static void finish(words_t *w, words_job_t *j, int rc, int fd, const char *err)
{
    j->rc = rc;
    j->fd = fd;
    snprintf(j->err, sizeof j->err, "%s", err);
    j->done = true;
    w->waiting--;
    MHD_resume_connection(j->con);
}

static void *render_loop(void *arg)
{
    words_t *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!w->closing) {
        words_job_t *j = w->head;
        if (!j) {
            pthread_cond_wait(&w->wake, &w->lock);
            continue;
        }
        w->head = j->next;
        if (!w->head)
            w->tail = NULL;
        pthread_mutex_unlock(&w->lock);
        int fd = -1;
        char err[300] = "";
        int rc = w->speech(w->ctx, j->snap, j->now, j->event, j->language, true, &fd, err,
                           sizeof err);
        snapshot_release(j->snap);
        j->snap = NULL;
        pthread_mutex_lock(&w->lock);
        finish(w, j, rc == 2 ? -1 : rc, fd, rc == 2 ? "the words could not be rendered" : err);
    }
    /* Stopping: the requests still queued hear so. */
    while (w->head) {
        words_job_t *j = w->head;
        w->head = j->next;
        snapshot_release(j->snap);
        j->snap = NULL;
        finish(w, j, -1, -1, "the clock is stopping");
    }
    w->tail = NULL;
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

words_t *words_new(net_speech_fn speech, void *ctx)
{
    words_t *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->speech = speech;
    w->ctx = ctx;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->wake, NULL);
    if (pthread_create(&w->thread, NULL, render_loop, w) != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    return w;
}

void words_shutdown(words_t *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    bool was = w->closing;
    w->closing = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    if (!was)
        pthread_join(w->thread, NULL);
}

void words_free(words_t *w)
{
    if (!w)
        return;
    words_shutdown(w);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

words_job_t *words_render(words_t *w, struct MHD_Connection *con, const snapshot_t *snap,
                          int64_t now, int event, const char *language)
{
    words_job_t *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->w = w;
    j->con = con;
    j->now = now;
    j->event = event;
    j->fd = -1;
    snprintf(j->language, sizeof j->language, "%s", language);
    pthread_mutex_lock(&w->lock);
    if (w->closing || w->waiting >= WAITING_MAX) {
        pthread_mutex_unlock(&w->lock);
        free(j);
        return NULL;
    }
    j->snap = snapshot_retain(snap);
    if (w->tail)
        w->tail->next = j;
    else
        w->head = j;
    w->tail = j;
    w->waiting++;
    /* Suspended before the words thread can resume it: under the lock. */
    MHD_suspend_connection(con);
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    return j;
}

int words_result(words_job_t *j, int *fd, char *err, size_t errlen)
{
    pthread_mutex_lock(&j->w->lock);
    int rc = j->done ? j->rc : -1;
    *fd = j->done ? j->fd : -1;
    j->fd = -1;
    snprintf(err, errlen, "%s", j->done ? j->err : "the words are not rendered yet");
    pthread_mutex_unlock(&j->w->lock);
    return rc;
}

void words_job_free(words_job_t *j)
{
    if (!j)
        return;
    pthread_mutex_lock(&j->w->lock);
    int fd = j->fd;
    pthread_mutex_unlock(&j->w->lock);
    if (fd >= 0)
        close(fd);
    free(j);
}
