/* The engine's state beneath its files: time, the published snapshots and their readers, the start
 * of a tournament. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_core.h"
#include "store/tables.h"

int64_t engine_mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t engine_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t engine_now(const engine_t *e)
{
    return engine_mono_ms() + e->offset;
}

/* ---- publishing ---- */

void engine_roster_release(roster_pub_t *r)
{
    if (r && atomic_fetch_sub(&r->refs, 1) == 1) {
        free(r->json);
        free(r);
    }
}

static void remember_shown(engine_t *e, int64_t now)
{
    tourney_view_t v;
    tourney_view(&e->m->m.t, now, &v);
    e->shown_level = v.level;
    e->shown_overtime = v.overtime;
    e->shown_announcement = v.announcement_active;
}

/* Called with write_lock held. */
void engine_publish(engine_t *e, int64_t now)
{
    published_t *p = malloc(sizeof *p);
    if (!p)
        return; /* the previous snapshot stays; the next change tries again */
    if (!e->roster || e->roster->r.version != e->m->r.version || e->mirror_json) {
        /* Copied only when it changed: the state sent on every change
         * stays as small as it was, however many players there are. */
        roster_pub_t *r = malloc(sizeof *r);
        if (!r) {
            free(p);
            return;
        }
        r->r = e->m->r;
        r->json = e->mirror_json;
        r->json_len = e->mirror_json_len;
        e->mirror_json = NULL;
        atomic_init(&r->refs, 1);
        engine_roster_release(e->roster);
        e->roster = r;
    }
    atomic_fetch_add(&e->roster->refs, 1);
    p->roster = e->roster;
    p->s.roster = &e->roster->r;
    p->s.roster_json = e->roster->json;
    p->s.roster_json_len = e->roster->json_len;
    p->s.t = e->m->m.t;
    p->s.seq = ++e->seq;
    snprintf(p->s.storage_error, sizeof p->s.storage_error, "%s", e->storage_error);
    snprintf(p->s.notice, sizeof p->s.notice, "%s", e->notice);
    snprintf(p->s.follows, sizeof p->s.follows, "%s", e->follow_url ? e->follow_url : "");
    /* Set on the panel (journaled), or the configuration's. */
    const tourney_t *t = &p->s.t;
    snprintf(p->s.language, sizeof p->s.language, "%s", t->language[0] ? t->language : e->language);
    snprintf(p->s.language2, sizeof p->s.language2, "%s",
             t->language[0] ? t->language2 : e->language2);
    p->s.sound_known = e->sound_known;
    p->s.sound = e->sound;
    p->s.speech = e->speech;
    p->s.slides_version = e->slides_version;
    memcpy(p->s.printer, e->printer, sizeof p->s.printer);
    atomic_init(&p->refs, 1);
    remember_shown(e, now);
    pthread_mutex_lock(&e->pub_lock);
    published_t *old = e->published;
    e->published = p;
    pthread_mutex_unlock(&e->pub_lock);
    if (old)
        snapshot_release(&old->s);
}

const snapshot_t *engine_snapshot(engine_t *e)
{
    pthread_mutex_lock(&e->pub_lock);
    published_t *p = e->published;
    atomic_fetch_add(&p->refs, 1);
    pthread_mutex_unlock(&e->pub_lock);
    return &p->s;
}

void snapshot_release(const snapshot_t *s)
{
    published_t *p = (published_t *)s;
    if (p && atomic_fetch_sub(&p->refs, 1) == 1) {
        engine_roster_release(p->roster);
        free(p);
    }
}

const snapshot_t *snapshot_retain(const snapshot_t *s)
{
    atomic_fetch_add(&((published_t *)s)->refs, 1);
    return s;
}

void engine_listen(engine_t *e, engine_listener_fn fn, void *ctx)
{
    pthread_mutex_lock(&e->write_lock);
    if (e->n_listeners < MAX_LISTENERS) {
        e->listeners[e->n_listeners].fn = fn;
        e->listeners[e->n_listeners].ctx = ctx;
        e->n_listeners++;
    }
    pthread_mutex_unlock(&e->write_lock);
}

void engine_notify(engine_t *e, uint64_t seq)
{
    for (int i = 0; i < e->n_listeners; i++)
        e->listeners[i].fn(e->listeners[i].ctx, seq);
}

/* The tournament of a configuration at its start, with its tables. */
void engine_start_game(engine_t *e, const settings_t *c)
{
    tables_roster(&c->tables, e->tables);
    game_init(e->m, &c->structure, e->tables);
}
