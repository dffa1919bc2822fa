/* The TV over HDMI-CEC: what the clock's state asks of it, the panel's
 * buttons, and a thread that talks to the CEC device. */
#include "cec/tv.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mono.h"
#include "cec/cec_dev.h"
#include "model/tourney.h"

enum {
    TICK_MS = 250,         /* how often the thread looks at the clock's state */
    ASK_EVERY_MS = 30000,  /* how often it asks the TV for its power */
    ASK_AFTER_MS = 3000,   /* and this long after it told the TV something */
    OPEN_EVERY_MS = 10000, /* a device not there (yet) is tried again */
};

int tv_action_parse(const char *word, tv_action *out)
{
    static const struct {
        const char *word;
        tv_action a;
    } words[] = {{"on", TV_DO_ON}, {"show", TV_DO_SHOW}, {"standby", TV_DO_STANDBY}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word && strcmp(word, words[i].word) == 0) {
            *out = words[i].a;
            return 0;
        }
    return -1;
}

int tv_act(const tv_link_t *l, tv_action a)
{
    uint8_t us = l->log_addr(l->ctx);
    if (a == TV_DO_NONE)
        return 0;
    if (us == CEC_LA_BROADCAST)
        return -ENONET;
    cec_frame_t f;
    int rc;
    switch (a) {
    case TV_DO_STANDBY: f = cec_standby(us); return l->send(l->ctx, &f, 0, NULL);
    case TV_DO_ON:
    case TV_DO_SHOW:
        f = cec_image_view_on(us);
        if ((rc = l->send(l->ctx, &f, 0, NULL)) != 0 || a == TV_DO_ON)
            return rc;
        f = cec_active_source(us, l->phys_addr(l->ctx));
        return l->send(l->ctx, &f, 0, NULL);
    default: return 0;
    }
}

tv_power tv_ask_power(const tv_link_t *l)
{
    uint8_t us = l->log_addr(l->ctx);
    if (us == CEC_LA_BROADCAST)
        return TV_POWER_UNKNOWN;
    cec_frame_t f = cec_give_power_status(us), reply = {.len = 0};
    if (l->send(l->ctx, &f, CEC_OP_REPORT_POWER_STATUS, &reply) != 0)
        return TV_POWER_UNKNOWN;
    return cec_power_status(reply.b, reply.len);
}

tv_action tv_policy_step(tv_policy_t *p, const tv_facts_t *f, int64_t now, int64_t standby_ms)
{
    tv_action a = TV_DO_NONE;
    if (f->first_frame && !p->shown) {
        p->shown = true;
        a = TV_DO_SHOW;
    }
    if (f->running && !p->was_running)
        a = TV_DO_SHOW;
    p->was_running = f->running;
    if (f->over && !p->was_over)
        p->over_since = now;
    if (!f->over)
        p->standby_sent = false;
    p->was_over = f->over;
    if (a == TV_DO_NONE && f->over && standby_ms > 0 && !p->standby_sent &&
        now - p->over_since >= standby_ms) {
        p->standby_sent = true;
        a = TV_DO_STANDBY;
    }
    return a;
}

/* ---- the thread ---- */

struct tv {
    tv_options_t o;        /* set at start */
    cec_dev_t *dev;        /* the device once open (the thread's own) */
    const tv_link_t *link; /* the thread's own: the device's, or a test's */
    pthread_t thread;
    pthread_mutex_t lock; /* guards what follows */
    pthread_cond_t wake;  /* a request, or the stop */
    bool stop;
    tv_action request; /* the panel's, TV_DO_NONE when none waits */
    tv_power power;    /* as the TV last said */
    char problem[160]; /* the last failure, "" when the last call worked */
};

static void facts(tv_t *t, tv_facts_t *f)
{
    const snapshot_t *snap = engine_snapshot(t->o.engine);
    tourney_view_t *v = malloc(sizeof *v);
    f->first_frame = t->o.frames && t->o.frames(t->o.frames_ctx) > 0;
    f->running = snap->t.clock.running;
    f->over = false;
    if (v) {
        tourney_view(&snap->t, engine_now(t->o.engine), v);
        f->over = v->over;
        free(v);
    }
    snapshot_release(snap);
}

/* Waits for a request or the stop, ms at most; t->lock held. */
static void wait_ms(tv_t *t, int ms)
{
    struct timespec until = mono_deadline(mono_ms() + ms);
    pthread_cond_timedwait(&t->wake, &t->lock, &until);
}

static void said(tv_t *t, int rc, const char *what)
{
    pthread_mutex_lock(&t->lock);
    if (rc == 0)
        t->problem[0] = 0;
    else if (rc == -ENONET)
        snprintf(t->problem, sizeof t->problem,
                 "no TV answers on HDMI-CEC (is it connected and switched on at the wall?)");
    else
        snprintf(t->problem, sizeof t->problem, "the TV did not take %s: %s", what, strerror(-rc));
    pthread_mutex_unlock(&t->lock);
}

/* The device, opened by the thread: it may appear after the clock started
 * (the display driver loads late). */
static bool open_device(tv_t *t)
{
    char err[160];
    if (t->link)
        return true;
    if ((t->dev = cec_dev_open(t->o.device, err, sizeof err))) {
        t->link = cec_dev_link(t->dev);
        said(t, 0, NULL);
        return true;
    }
    pthread_mutex_lock(&t->lock);
    if (strcmp(t->problem, err) != 0)
        fprintf(stderr, "pokerclock: TV: %s\n", err);
    snprintf(t->problem, sizeof t->problem, "%s", err);
    pthread_mutex_unlock(&t->lock);
    return false;
}

static void *run(void *arg)
{
    tv_t *t = arg;
    tv_policy_t policy = {0};
    int64_t ask_at = mono_ms(), open_at = 0;
    pthread_mutex_lock(&t->lock);
    while (!t->stop) {
        tv_action asked = t->request;
        t->request = TV_DO_NONE;
        pthread_mutex_unlock(&t->lock);

        if (!t->link && mono_ms() >= open_at && !open_device(t))
            open_at = mono_ms() + OPEN_EVERY_MS;
        if (!t->link) {
            pthread_mutex_lock(&t->lock);
            if (!t->stop)
                wait_ms(t, OPEN_EVERY_MS);
            continue;
        }
        tv_facts_t f;
        facts(t, &f);
        int64_t now = mono_ms();
        tv_action a = tv_policy_step(&policy, &f, now, t->o.standby_ms);
        /* The panel's button wins over what the state asks at the same moment. */
        if (asked != TV_DO_NONE)
            a = asked;
        if (a != TV_DO_NONE) {
            int rc = tv_act(t->link, a);
            said(t, rc, a == TV_DO_STANDBY ? "standby" : "switching on");
            if (rc != 0)
                fprintf(stderr, "pokerclock: TV: %s\n", t->problem);
            ask_at = now + ASK_AFTER_MS;
        }
        if (now >= ask_at) {
            tv_power p = tv_ask_power(t->link);
            pthread_mutex_lock(&t->lock);
            t->power = p;
            pthread_mutex_unlock(&t->lock);
            ask_at = now + ASK_EVERY_MS;
        }

        pthread_mutex_lock(&t->lock);
        if (!t->stop && t->request == TV_DO_NONE)
            wait_ms(t, TICK_MS);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

tv_t *tv_start(const tv_options_t *o, char *err, size_t errlen)
{
    tv_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->o = *o;
    t->power = TV_POWER_UNKNOWN;
    t->link = o->link;
    pthread_mutex_init(&t->lock, NULL);
    mono_cond_init(&t->wake);
    if (pthread_create(&t->thread, NULL, run, t) != 0) {
        snprintf(err, errlen, "cannot start the TV's thread");
        pthread_mutex_destroy(&t->lock);
        pthread_cond_destroy(&t->wake);
        free(t);
        return NULL;
    }
    return t;
}

void tv_stop(tv_t *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&t->lock);
    t->stop = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->wake);
    cec_dev_close(t->dev);
    free(t);
}

void tv_request(tv_t *t, tv_action a)
{
    pthread_mutex_lock(&t->lock);
    t->request = a;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
}

tv_power tv_status(tv_t *t, char *problem, size_t len)
{
    pthread_mutex_lock(&t->lock);
    tv_power p = t->power;
    if (problem)
        snprintf(problem, len, "%s", t->problem);
    pthread_mutex_unlock(&t->lock);
    return p;
}
