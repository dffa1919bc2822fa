/* The one writer: validates, journals and applies commands, publishes snapshots. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <jansson.h>

#include "engine.h"
#include "json/codec.h"
#include "store/config.h"
#include "store/journal.h"

enum { MAX_LISTENERS = 8, CHECKPOINT_EVERY_MS = 5000, COMPACT_AFTER_CHECKPOINTS = 2000 };

typedef struct {
    snapshot_t s;              /* first: a snapshot_t* is a published_t* */
    atomic_int refs;
} published_t;

struct engine {
    pthread_mutex_t write_lock;  /* one writer: model, journal, counters */
    pthread_mutex_t pub_lock;    /* guards only the `published` pointer */
    model_t *m, *scratch;        /* scratch: where a command is tried first */
    journal_t *j;                /* NULL: memory only, or the disk failed */
    char *state_dir;
    bool read_only;
    char *follow_url;            /* a follower: commands go to this master */
    char *config_text, *config_name;
    char boot_id[64];
    int64_t offset;              /* engine time = CLOCK_MONOTONIC + offset */
    uint64_t seq;
    long checkpoints;            /* in the journal since the last compaction */
    int64_t last_checkpoint;
    int shown_level;             /* what the last snapshot showed, to publish */
    bool shown_overtime;         /* when the derived picture changes */
    bool shown_announcement;
    char storage_error[256];
    char notice[256];
    char *pending[2];            /* records of a restart that did not fit on
                                    the disk: written before any other */
    int n_pending;
    published_t *published;
    struct {
        engine_listener_fn fn;
        void *ctx;
    } listeners[MAX_LISTENERS];
    int n_listeners;
};

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t engine_now(const engine_t *e)
{
    return mono_ms() + e->offset;
}

/* ---- publishing ---- */

static void remember_shown(engine_t *e, int64_t now)
{
    tourney_view_t v;
    tourney_view(&e->m->t, now, &v);
    e->shown_level = v.level;
    e->shown_overtime = v.overtime;
    e->shown_announcement = v.announcement_active;
}

/* Called with write_lock held. */
static void publish(engine_t *e, int64_t now)
{
    published_t *p = malloc(sizeof *p);
    if (!p)
        return; /* the previous snapshot stays; the next change tries again */
    p->s.t = e->m->t;
    p->s.seq = ++e->seq;
    snprintf(p->s.storage_error, sizeof p->s.storage_error, "%s", e->storage_error);
    snprintf(p->s.notice, sizeof p->s.notice, "%s", e->notice);
    snprintf(p->s.follows, sizeof p->s.follows, "%s", e->follow_url ? e->follow_url : "");
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
    if (p && atomic_fetch_sub(&p->refs, 1) == 1)
        free(p);
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

static void notify(engine_t *e, uint64_t seq)
{
    for (int i = 0; i < e->n_listeners; i++)
        e->listeners[i].fn(e->listeners[i].ctx, seq);
}

/* ---- the journal ---- */

/* Writes the records of a restart that are still owed, oldest first. */
static int flush_pending(engine_t *e, char *err, size_t errlen)
{
    while (e->n_pending > 0) {
        if (journal_append(e->j, e->pending[0], strlen(e->pending[0]), true, err, errlen) != 0)
            return -1;
        free(e->pending[0]);
        e->pending[0] = e->pending[1];
        e->pending[1] = NULL;
        e->n_pending--;
    }
    return 0;
}

static int append_json(engine_t *e, json_t *rec, bool sync, char *err, size_t errlen)
{
    if (e->read_only) {
        json_decref(rec);
        return 0;
    }
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = flush_pending(e, err, errlen);
    if (rc == 0)
        rc = journal_append(e->j, text, strlen(text), sync, err, errlen);
    free(text);
    return rc;
}

/* A record of the restart itself (boot, power loss): when the disk is full
 * it is kept and written before the next one, so that the clock comes back
 * all the same and the journal still tells the whole story. */
static void append_restart_record(engine_t *e, json_t *rec)
{
    char why[512];
    if (e->read_only) {
        json_decref(rec);
        return;
    }
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    if (!text || e->n_pending == 2) {
        free(text);
        return;
    }
    e->pending[e->n_pending++] = text;
    if (flush_pending(e, why, sizeof why) != 0)
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
}

static json_t *record_init(engine_t *e, int64_t now)
{
    return json_pack("{s:s, s:I, s:s, s:I, s:I, s:s, s:s}", "k", "init", "t", (json_int_t)now,
                     "boot", e->boot_id, "offset", (json_int_t)e->offset, "wall",
                     (json_int_t)wall_ms(), "config_name", e->config_name, "config",
                     e->config_text);
}

/* Opens the journal and starts it with the tournament's configuration; the
 * state must still be the initial one (no command accepted yet). */
static int journal_start(engine_t *e, char *err, size_t errlen)
{
    e->j = journal_open(e->state_dir, err, errlen);
    if (!e->j)
        return -1;
    if (journal_size(e->j) > 0) {
        snprintf(err, errlen, "%s has a saved tournament: restart pokerclock to resume it",
                 e->state_dir);
        journal_free(e->j);
        e->j = NULL;
        return -1;
    }
    if (append_json(e, record_init(e, engine_now(e)), true, err, errlen) != 0) {
        journal_free(e->j);
        e->j = NULL;
        return -1;
    }
    return 0;
}

typedef struct {
    engine_t *e;
    long n;
    bool have_init;
    char last_boot[64];
    int64_t last_offset;
    int64_t last_t;            /* the latest time any record saw */
    char err[512];
} replay_t;

static int replay_record(void *ctx, const char *payload, size_t len)
{
    replay_t *r = ctx;
    engine_t *e = r->e;
    json_error_t je;
    json_t *rec = json_loadb(payload, len, 0, &je);
    const char *k = rec ? json_string_value(json_object_get(rec, "k")) : NULL;
    int64_t t = rec ? json_integer_value(json_object_get(rec, "t")) : 0;
    int rc = 0;
    r->n++;
    if (!k) {
        snprintf(r->err, sizeof r->err, "record %ld of the journal is not readable", r->n);
        rc = -1;
    } else if (!r->have_init) {
        const char *text = json_string_value(json_object_get(rec, "config"));
        const char *name = json_string_value(json_object_get(rec, "config_name"));
        config_t *c = calloc(1, sizeof *c);
        config_problems_t *probs = calloc(1, sizeof *probs);
        if (strcmp(k, "init") != 0 || !text || !c || !probs ||
            !config_load_string(text, name ? name : "journal", c, probs)) {
            snprintf(r->err, sizeof r->err,
                     "the journal does not start with a readable tournament");
            rc = -1;
        } else {
            model_init(e->m, &c->structure);
            free(e->config_text);
            free(e->config_name);
            e->config_text = strdup(text);
            e->config_name = strdup(name ? name : "journal");
            r->have_init = true;
        }
        free(c);
        free(probs);
    } else if (strcmp(k, "cmd") == 0) {
        command_t c;
        char why[256];
        if (codec_command_parse_internal(json_object_get(rec, "cmd"), &c, why, sizeof why) == 0)
            model_apply(e->m, &c, t, why, sizeof why);
        /* A command that was accepted once applies again; if it did not,
         * the state is still the best there is: go on. */
    } else if (strcmp(k, "ckpt") == 0) {
        e->checkpoints++;
    }
    if (k && (strcmp(k, "init") == 0 || strcmp(k, "boot") == 0)) {
        snprintf(r->last_boot, sizeof r->last_boot, "%s",
                 json_string_value(json_object_get(rec, "boot")) ?: "");
        r->last_offset = json_integer_value(json_object_get(rec, "offset"));
    }
    if (t > r->last_t)
        r->last_t = t;
    json_decref(rec);
    return rc;
}

/* Rewrites the journal as its init record, every command and the last
 * checkpoint: the checkpoints in between say nothing any more. */
typedef struct {
    char **payloads;
    size_t *lens;
    size_t n, cap;
    long last_ckpt;            /* index of the last checkpoint kept, or -1 */
    bool failed;               /* out of memory: what is kept is not all */
} keep_t;

static int keep_record(void *ctx, const char *payload, size_t len)
{
    keep_t *k = ctx;
    static const char ckpt_start[] = "{\"k\":\"ckpt\"";
    bool ckpt = len > sizeof ckpt_start - 1 &&
                memcmp(payload, ckpt_start, sizeof ckpt_start - 1) == 0;
    if (k->n == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 256;
        char **p = realloc(k->payloads, cap * sizeof *p);
        if (p)
            k->payloads = p;
        size_t *l = realloc(k->lens, cap * sizeof *l);
        if (l)
            k->lens = l;
        if (!p || !l) {
            k->failed = true;
            return -1;
        }
        k->cap = cap;
    }
    if (ckpt && k->last_ckpt >= 0) { /* a later checkpoint replaces it */
        free(k->payloads[k->last_ckpt]);
        memmove(&k->payloads[k->last_ckpt], &k->payloads[k->last_ckpt + 1],
                (k->n - (size_t)k->last_ckpt - 1) * sizeof *k->payloads);
        memmove(&k->lens[k->last_ckpt], &k->lens[k->last_ckpt + 1],
                (k->n - (size_t)k->last_ckpt - 1) * sizeof *k->lens);
        k->n--;
    }
    if (!(k->payloads[k->n] = malloc(len))) {
        k->failed = true;
        return -1;
    }
    memcpy(k->payloads[k->n], payload, len);
    k->lens[k->n] = len;
    if (ckpt)
        k->last_ckpt = (long)k->n;
    k->n++;
    return 0;
}

static void journal_compact(engine_t *e)
{
    keep_t k = {.last_ckpt = -1};
    char warn[512] = "", why[512];
    long n = journal_read(e->j, keep_record, &k, warn, sizeof warn);
    /* Only a complete read may replace the journal: a partial one would
     * throw away the commands it did not get to. */
    if (n > 0 && !k.failed && (size_t)n >= k.n &&
        journal_rewrite(e->j, (const char *const *)k.payloads, k.lens, k.n, why, sizeof why) == 0)
        e->checkpoints = 1;
    else
        e->checkpoints = 0; /* try again after as many more */
    for (size_t i = 0; i < k.n; i++)
        free(k.payloads[i]);
    free(k.payloads);
    free(k.lens);
}

static int resume_journal(engine_t *e, char *err, size_t errlen)
{
    replay_t r = {.e = e};
    char warn[512] = "";
    long n = journal_read(e->j, replay_record, &r, warn, sizeof warn);
    if (n < 0 || r.err[0]) {
        snprintf(err, errlen, "%s/journal: %s", e->state_dir, r.err[0] ? r.err : warn);
        return -1;
    }
    if (warn[0])
        fprintf(stderr, "pokerclock: %s\n", warn);
    if (n == 0)
        return 1; /* an empty journal: a new tournament */
    /* A record lost inside the journal: the director must know. */
    const char *damaged = strstr(warn, "skipped ")
                              ? " A damaged record of the saved journal was skipped: "
                                "check the levels and players."
                              : "";
    if (strcmp(r.last_boot, e->boot_id) == 0) {
        /* The same boot: the monotonic clock went on, and so did the game. */
        e->offset = r.last_offset;
        snprintf(e->notice, sizeof e->notice, "%s%s",
                 "Restarted: the clock went on where it was", damaged);
        return 0;
    }
    if (damaged[0])
        snprintf(e->notice, sizeof e->notice, "%s", damaged + 1);
    /* A new boot: continue the engine's time just after the last record. */
    e->offset = r.last_t + 1 - mono_ms();
    json_t *boot = json_pack("{s:s, s:s, s:I, s:I, s:I}", "k", "boot", "boot", e->boot_id,
                             "offset", (json_int_t)e->offset, "t", (json_int_t)engine_now(e),
                             "wall", (json_int_t)wall_ms());
    append_restart_record(e, boot);
    if (e->m->t.clock.running) {
        command_t c = {.type = CMD_POWER_RECOVERED, .ms = r.last_t};
        char why[256];
        int64_t now = engine_now(e);
        json_t *rec = json_pack("{s:s, s:I, s:I, s:o}", "k", "cmd", "t", (json_int_t)now, "wall",
                                (json_int_t)wall_ms(), "cmd", codec_command(&c));
        append_restart_record(e, rec);
        model_apply(e->m, &c, now, why, sizeof why);
        snprintf(e->notice, sizeof e->notice, "%s%s",
                 "Recovered after power loss: check the time, then resume", damaged);
    }
    return 0;
}

/* ---- life cycle ---- */

engine_t *engine_new(const engine_options_t *o, char *err, size_t errlen)
{
    engine_t *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&e->write_lock, NULL);
    pthread_mutex_init(&e->pub_lock, NULL);
    e->m = malloc(sizeof *e->m);
    e->scratch = malloc(sizeof *e->scratch);
    e->config_text = strdup(o->config_text ? o->config_text : "");
    e->config_name = strdup(o->config_name ? o->config_name : "built-in");
    /* A follower keeps nothing: the master has the tournament on its disk. */
    e->state_dir = o->state_dir && !o->follow_url ? strdup(o->state_dir) : NULL;
    e->read_only = o->read_only;
    e->follow_url = o->follow_url ? strdup(o->follow_url) : NULL;
    config_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    if (!e->m || !e->scratch || !e->config_text || !e->config_name || !c || !probs ||
        (o->follow_url && !e->follow_url)) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    if (!config_load_string(e->config_text, e->config_name, c, probs)) {
        char line[512] = "the tournament configuration has errors";
        if (probs->n > 0)
            config_problem_format(&probs->items[0], line, sizeof line);
        snprintf(err, errlen, "%s", line);
        goto fail;
    }
    /* POKERCLOCK_BOOT_ID stands in for the kernel's boot id: a reboot can
     * then be tried out (and tested) without rebooting. */
    const char *boot = getenv("POKERCLOCK_BOOT_ID");
    if (boot && *boot)
        snprintf(e->boot_id, sizeof e->boot_id, "%s", boot);
    else
        journal_boot_id(e->boot_id, sizeof e->boot_id);
    e->offset = 0;
    model_init(e->m, &c->structure);

    if (e->state_dir) {
        char why[512];
        /* Read-only, another pokerclock may be writing the journal: it is
         * only read, and without one the configuration is shown. */
        e->j = e->read_only ? journal_open_readonly(e->state_dir, why, sizeof why)
                            : journal_open(e->state_dir, why, sizeof why);
        if (!e->j) {
            if (!e->read_only)
                snprintf(e->storage_error, sizeof e->storage_error,
                         "cannot save the tournament: %s", why);
        } else {
            int rc = resume_journal(e, why, sizeof why);
            if (rc < 0) {
                snprintf(err, errlen, "%s", why);
                goto fail;
            }
            if (rc == 1 && !e->read_only && append_json(e, record_init(e, engine_now(e)), true, why, sizeof why)) {
                snprintf(e->storage_error, sizeof e->storage_error,
                         "cannot save the tournament: %s", why);
                journal_free(e->j);
                e->j = NULL;
            }
        }
    }
    free(c);
    free(probs);
    publish(e, engine_now(e));
    if (!e->published) {
        snprintf(err, errlen, "out of memory");
        engine_free(e);
        return NULL;
    }
    e->last_checkpoint = engine_now(e);
    return e;
fail:
    free(c);
    free(probs);
    engine_free(e);
    return NULL;
}

void engine_free(engine_t *e)
{
    if (!e)
        return;
    if (e->j)
        journal_free(e->j);
    for (int i = 0; i < e->n_pending; i++)
        free(e->pending[i]);
    if (e->published)
        snapshot_release(&e->published->s);
    free(e->m);
    free(e->scratch);
    free(e->state_dir);
    free(e->follow_url);
    free(e->config_text);
    free(e->config_name);
    pthread_mutex_destroy(&e->write_lock);
    pthread_mutex_destroy(&e->pub_lock);
    free(e);
}

/* ---- changes ---- */

/* The end-of-day card (RULES 5): uniform on 3..7 from the kernel's random
 * source. Bytes of 250 and more are drawn again, so that each of the five
 * cards has exactly 50 of the 250 accepted values (no modulo bias). */
static int draw_card(char *err, size_t errlen)
{
    for (;;) {
        unsigned char b;
        ssize_t n = getrandom(&b, 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != 1) {
            snprintf(err, errlen, "cannot draw a card: the kernel's random source failed (%s)",
                     n < 0 ? strerror(errno) : "no bytes");
            return -1;
        }
        if (b < 250)
            return 3 + b % 5;
    }
}

int engine_apply(engine_t *e, const command_t *c, int64_t now, char *err, size_t errlen)
{
    command_t drawn;
    if (c->type == CMD_DAY_END_DRAW) {
        /* The card is drawn here, once, and journaled with the command:
         * replay applies the same card and never draws again. */
        drawn = *c;
        if ((drawn.drawn = draw_card(err, errlen)) < 0)
            return 503;
        c = &drawn;
    }
    if (c->type == CMD_POWER_RECOVERED) {
        snprintf(err, errlen, "unknown command type");
        return 400;
    }
    if (e->follow_url) {
        snprintf(err, errlen, "this screen follows %s: change the tournament there",
                 e->follow_url);
        return 409;
    }
    if (e->read_only) {
        snprintf(err, errlen, "this pokerclock only shows the saved tournament");
        return 503;
    }
    pthread_mutex_lock(&e->write_lock);
    *e->scratch = *e->m;
    apply_status st = model_apply(e->scratch, c, now, err, errlen);
    if (st != APPLY_OK) {
        pthread_mutex_unlock(&e->write_lock);
        return (int)st;
    }
    if (e->state_dir) {
        char why[512] = "";
        int rc = -1;
        /* Without a journal no command was ever accepted: the state is still
         * the configuration's, and the journal can start from it. */
        if (e->j || journal_start(e, why, sizeof why) == 0) {
            json_t *rec = json_pack("{s:s, s:I, s:I, s:o}", "k", "cmd", "t", (json_int_t)now,
                                    "wall", (json_int_t)wall_ms(), "cmd", codec_command(c));
            rc = append_json(e, rec, true, why, sizeof why);
        }
        if (rc != 0) {
            /* Never acknowledge what is not on disk: refuse, change nothing. */
            snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
            snprintf(err, errlen, "%s (nothing was changed; the clock goes on as it was)",
                     e->storage_error);
            publish(e, now);
            uint64_t seq = e->seq;
            pthread_mutex_unlock(&e->write_lock);
            notify(e, seq);
            return 503;
        }
        e->storage_error[0] = 0;
    }
    model_t *old = e->m;
    e->m = e->scratch;
    e->scratch = old;
    if (c->type == CMD_RESUME)
        e->notice[0] = 0;
    if (c->type == CMD_DAY_END_DRAW)
        fprintf(stderr, "pokerclock: end of day: the card drawn is %d: %d more hands today\n",
                c->drawn, c->drawn);
    publish(e, now);
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    notify(e, seq);
    return 200;
}

int engine_mirror(engine_t *e, const tourney_t *t, const char *notice)
{
    if (!e->follow_url)
        return -1;
    pthread_mutex_lock(&e->write_lock);
    if (t)
        e->m->t = *t;
    snprintf(e->notice, sizeof e->notice, "%s", notice ? notice : "");
    publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    notify(e, seq);
    return 0;
}

void engine_tick(engine_t *e, int64_t now)
{
    pthread_mutex_lock(&e->write_lock);
    uint64_t seq = 0;
    tourney_view_t v;
    tourney_view(&e->m->t, now, &v);
    if (v.level != e->shown_level || v.overtime != e->shown_overtime ||
        v.announcement_active != e->shown_announcement) {
        publish(e, now);
        seq = e->seq;
    }
    if (e->j && !e->read_only && e->m->t.clock.running &&
        now - e->last_checkpoint >= CHECKPOINT_EVERY_MS) {
        char why[512];
        json_t *rec = json_pack("{s:s, s:I}", "k", "ckpt", "t", (json_int_t)now);
        /* Not synced: the file system commits within seconds, and a power
         * cut losing the last few seconds is the accepted cost. */
        if (append_json(e, rec, false, why, sizeof why) == 0) {
            e->checkpoints++;
            if (e->storage_error[0]) {
                e->storage_error[0] = 0;
                publish(e, now);
                seq = e->seq;
            }
        } else if (!e->storage_error[0]) {
            snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
            publish(e, now);
            seq = e->seq;
        }
        e->last_checkpoint = now;
        if (e->checkpoints >= COMPACT_AFTER_CHECKPOINTS)
            journal_compact(e);
    }
    pthread_mutex_unlock(&e->write_lock);
    if (seq)
        notify(e, seq);
}
