/* The one writer: validates, journals and applies commands, publishes snapshots. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>
#include <time.h>

#include <jansson.h>

#include "engine.h"
#include "json/codec.h"
#include "json/roster.h"
#include "store/archive.h"
#include "store/config.h"
#include "store/file.h"
#include "store/journal.h"
#include "store/snapshot.h"

enum {
    MAX_LISTENERS = 8,
    CHECKPOINT_EVERY_MS = 5000,
    COMPACT_AFTER_BYTES = 128 << 10, /* the journal is rewritten past this ... */
    COMPACT_RETRY_MS = 60000,        /* ... at most once a minute */
    SEQ_RESTART_MARGIN = 1000,
};

/* The largest journal a new tournament copies into the archive: compaction
 * keeps a journal far smaller. */
static const size_t ARCHIVE_JOURNAL_MAX = (size_t)256 << 20;

/* The roster as published: shared by the snapshots until it changes. */
typedef struct roster_pub {
    roster_t r;
    atomic_int refs;
    char *json;                /* a follower: the master's roster, or NULL */
    size_t json_len;
} roster_pub_t;

typedef struct {
    snapshot_t s;              /* first: a snapshot_t* is a published_t* */
    atomic_int refs;
    roster_pub_t *roster;      /* a reference */
} published_t;

struct engine {
    pthread_mutex_t write_lock;  /* one writer: model, journal, counters */
    pthread_mutex_t pub_lock;    /* guards only the `published` pointer */
    game_t *m, *scratch;         /* scratch: where a command is tried first */
    roster_t *tables;            /* the configuration's tables, players none */
    roster_pub_t *roster;        /* the roster last published */
    journal_t *j;                /* NULL: memory only, or the disk failed */
    char *state_dir;
    bool read_only;
    char *follow_url;            /* a follower: commands go to this master */
    char *mirror_json;           /* the master's roster for the next publish */
    size_t mirror_json_len;
    char *config_text, *config_name;
    char *configured_text, *configured_name; /* what a new tournament starts */
    char boot_id[64];
    int64_t offset;              /* engine time = CLOCK_MONOTONIC + offset */
    uint64_t seq;
    int64_t compact_tried;       /* when compaction was last tried */
    int64_t last_checkpoint;
    int shown_level;             /* what the last snapshot showed, to publish */
    bool shown_overtime;         /* when the derived picture changes */
    bool shown_announcement;
    char storage_error[256];
    char notice[256];
    char language[8], language2[8]; /* the configuration's languages */
    bool sound_known;               /* the wall has said: */
    char sound[160], speech[160];   /* why it has no sound, no voice */
    uint64_t slides_version;
    char *pending[2];            /* records of a restart that did not fit on
                                    the disk: written before any other */
    int n_pending;
    published_t *published;      /* pub_lock */
    /* Added under write_lock, never changed after; notify() reads them with
     * no lock: n_listeners is stored (release) after its slot is filled and
     * loaded (acquire) before the slots are read. */
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

static void roster_release(roster_pub_t *r)
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
static void publish(engine_t *e, int64_t now)
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
        roster_release(e->roster);
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
    snprintf(p->s.sound, sizeof p->s.sound, "%s", e->sound);
    snprintf(p->s.speech, sizeof p->s.speech, "%s", e->speech);
    p->s.slides_version = e->slides_version;
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
        roster_release(p->roster);
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
        __atomic_store_n(&e->n_listeners, e->n_listeners + 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&e->write_lock);
}

static void notify(engine_t *e, uint64_t seq)
{
    int n = __atomic_load_n(&e->n_listeners, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++)
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

static json_t *record_init_of(engine_t *e, int64_t now, const char *name, const char *text)
{
    return json_pack("{s:s, s:I, s:s, s:I, s:I, s:s, s:s}", "k", "init", "t", (json_int_t)now,
                     "boot", e->boot_id, "offset", (json_int_t)e->offset, "wall",
                     (json_int_t)wall_ms(), "config_name", name, "config", text);
}

static json_t *record_init(engine_t *e, int64_t now)
{
    return record_init_of(e, now, e->config_name, e->config_text);
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

/* ---- snapshots ---- */

/* A snapshot of the whole tournament (model and undo stack) follows every
 * accepted command and every restart. Recovery starts from the last one
 * that reads and applies only the few records after it, so a damaged record
 * costs at most itself: the snapshot after it holds its effect. (With
 * checkpoints that held only a time, one lost add_level made every later
 * add_level fail on replay.) A snapshot is not synced on its own: the
 * command before it is, and the next synced write carries it; a torn one is
 * the tail, and the previous snapshot plus the command after it replace it.
 * Commands are a few hundred a tournament, so the writes stay small. */
static void append_snapshot(engine_t *e, int64_t now)
{
    if (!e->j || e->read_only)
        return;
    json_t *model = snapshot_model_to_json(&e->m->m);
    if (!model)
        return; /* the records still hold the tournament */
    json_t *roster = roster_json_save(e->m);
    if (!roster) {
        json_decref(model);
        return;
    }
    json_t *rec = json_pack("{s:s, s:I, s:I, s:s, s:I, s:o, s:o}", "k", "snap", "t",
                            (json_int_t)now, "seq", (json_int_t)e->seq, "boot", e->boot_id,
                            "offset", (json_int_t)e->offset, "model", model, "roster", roster);
    char why[512];
    if (rec)
        append_json(e, rec, false, why, sizeof why);
}

/* ---- replay ---- */

/* Whether a record is of kind k ("snap", "ckpt"), without parsing it: the
 * engine writes "k" first. Snapshots are large and checkpoints many. */
static bool record_is(const char *payload, size_t len, const char *k)
{
    char start[16];
    int n = snprintf(start, sizeof start, "{\"k\":\"%s\"", k);
    return n > 0 && len > (size_t)n && memcmp(payload, start, (size_t)n) == 0;
}

/* One record of the journal, read once. */
typedef struct {
    json_t *rec;               /* NULL: not readable, or a snapshot not parsed */
    const char *k;             /* its kind, or NULL */
    char *raw;                 /* a snapshot's text */
    size_t len;
    long at;                   /* byte of the file where it starts */
} entry_t;

typedef struct {
    journal_t *j;
    entry_t *v;
    size_t n, cap;
    bool failed;               /* out of memory */
} entries_t;

static int collect_entry(void *ctx, const char *payload, size_t len)
{
    entries_t *es = ctx;
    if (es->n == es->cap) {
        size_t cap = es->cap ? es->cap * 2 : 256;
        entry_t *v = realloc(es->v, cap * sizeof *v);
        if (!v) {
            es->failed = true;
            return -1;
        }
        es->v = v;
        es->cap = cap;
    }
    entry_t *x = &es->v[es->n++];
    x->at = journal_record_offset(es->j);
    x->raw = NULL;
    x->rec = NULL;
    x->k = NULL;
    if (record_is(payload, len, "snap")) {
        /* Parsed only when one is needed, from the last. */
        x->k = "snap";
        x->raw = malloc(len);
        x->len = len;
        if (!x->raw) {
            es->failed = true;
            return -1;
        }
        memcpy(x->raw, payload, len);
        return 0;
    }
    x->rec = json_loadb(payload, len, 0, NULL);
    x->k = json_string_value(json_object_get(x->rec, "k"));
    return 0;
}

static void entries_free(entries_t *es)
{
    for (size_t i = 0; i < es->n; i++) {
        json_decref(es->v[i].rec);
        free(es->v[i].raw);
    }
    free(es->v);
}

/* What a restart could not read or apply: every item in the log, a summary
 * for the director. */
typedef struct {
    long lost;                 /* records that cost the tournament something */
    long applied;              /* commands applied after the snapshot */
    long harmless;             /* damage a later snapshot made good */
    char first[160];           /* the first loss, for the notice */
} losses_t;

static void lose(losses_t *l, bool costs, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void lose(losses_t *l, bool costs, const char *fmt, ...)
{
    char line[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "pokerclock: journal: %s%s\n", line,
            costs ? "" : " (a later snapshot holds it: nothing lost)");
    if (!costs) {
        l->harmless++;
        return;
    }
    if (l->lost++ == 0)
        snprintf(l->first, sizeof l->first, "%s", line);
}

/* The tournament of a configuration at its start, with its tables. */
static void start_game(engine_t *e, const settings_t *c)
{
    tables_roster(&c->tables, e->tables);
    game_init(e->m, &c->structure, e->tables);
}

/* The roster of a snapshot record; one written before the roster existed
 * has the configuration's tables and no players. */
static int snapshot_roster_load(engine_t *e, const json_t *rec, char *why, size_t whylen)
{
    const json_t *roster = json_object_get(rec, "roster");
    if (!roster) {
        game_roster_reset(e->m, e->tables);
        return 0;
    }
    return roster_json_load(roster, e->m, why, whylen);
}

/* The start of the tournament from an init record; false when it does not
 * load. */
static bool load_init(engine_t *e, json_t *rec)
{
    const char *text = json_string_value(json_object_get(rec, "config"));
    const char *name = json_string_value(json_object_get(rec, "config_name"));
    settings_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    bool ok = text && c && probs && config_load_string(text, name ? name : "journal", c, probs);
    char *t2 = ok ? strdup(text) : NULL, *n2 = ok ? strdup(name ? name : "journal") : NULL;
    if (ok && t2 && n2) {
        start_game(e, c);
        /* A tournament that followed another in this journal goes on with
         * its numbers, so that screens see that the roster changed. */
        json_int_t rv = json_integer_value(json_object_get(rec, "roster_version"));
        if (rv > 0)
            e->m->r.version = (uint32_t)rv;
        free(e->config_text);
        free(e->config_name);
        e->config_text = t2;
        e->config_name = n2;
    } else {
        ok = false;
        free(t2);
        free(n2);
    }
    free(c);
    free(probs);
    return ok;
}

/* Restores the model from the journal's records: the last snapshot that
 * reads, else the init record, else the configuration given at start (the
 * state e->m already holds), then every command after it. Never fails: the
 * clock starts from what is readable, and l says what was lost. */
static void replay(engine_t *e, entries_t *es, losses_t *l)
{
    long base = -1;
    for (long i = (long)es->n - 1; i >= 0 && base < 0; i--) {
        entry_t *x = &es->v[i];
        if (!x->k || strcmp(x->k, "snap") != 0)
            continue;
        char why[256] = "it is not JSON";
        x->rec = json_loadb(x->raw, x->len, 0, NULL);
        if (x->rec &&
            snapshot_model_from_json(json_object_get(x->rec, "model"), &e->m->m, why, sizeof why) == 0 &&
            snapshot_roster_load(e, x->rec, why, sizeof why) == 0)
            base = i;
        else
            lose(l, false, "the snapshot at byte %ld does not load (%s): an earlier one is used",
                 x->at, why);
    }
    if (base < 0) {
        if (es->n > 0 && es->v[0].k && strcmp(es->v[0].k, "init") == 0 &&
            load_init(e, es->v[0].rec)) {
            base = 0;
        } else {
            lose(l, true, "the start of the tournament is lost: it starts again from %s",
                 e->config_name);
        }
    }
    long base_at = base >= 0 ? es->v[base].at : -1;
    /* Damage before the snapshot is made good by it; after it, it costs. */
    const journal_damage_t *d = journal_damage(e->j);
    for (long i = 0; i < d->regions && i < JOURNAL_DAMAGE_KEPT; i++)
        lose(l, d->at[i] > base_at, "%ld damaged bytes at byte %ld: the records there are lost",
             d->bytes[i], d->at[i]);
    if (d->regions > JOURNAL_DAMAGE_KEPT)
        lose(l, true, "%ld more damaged stretches", d->regions - JOURNAL_DAMAGE_KEPT);
    for (size_t i = 0; i < es->n; i++) {
        entry_t *x = &es->v[i];
        bool after = (long)i > base;
        if (!x->k) {
            lose(l, after, "record %zu at byte %ld is not readable", i + 1, x->at);
            continue;
        }
        if (!after || strcmp(x->k, "cmd") != 0)
            continue;
        command_t c;
        char why[256];
        json_t *cmd = json_object_get(x->rec, "cmd");
        const char *type = json_string_value(json_object_get(cmd, "type"));
        int64_t t = json_integer_value(json_object_get(x->rec, "t"));
        if (codec_command_parse_internal(cmd, &c, why, sizeof why) != 0 ||
            game_apply(e->m, &c, t, why, sizeof why) != APPLY_OK)
            lose(l, true, "record %zu at byte %ld (%s) could not be applied: %s", i + 1, x->at,
                 type ? type : "a command", why);
        else
            l->applied++;
    }
}

/* The boot and the engine's time offset of the last start, the latest
 * time any record saw, and the largest seq. */
typedef struct {
    char boot[64];
    int64_t offset, last_t, seq;
} marks_t;

static marks_t journal_marks(const entries_t *es)
{
    marks_t mk = {.boot = ""};
    for (size_t i = 0; i < es->n; i++) {
        json_t *rec = es->v[i].rec;
        const char *k = es->v[i].k;
        if (!k)
            continue;
        const char *boot = json_string_value(json_object_get(rec, "boot"));
        if (boot && (!strcmp(k, "init") || !strcmp(k, "boot") || !strcmp(k, "snap"))) {
            snprintf(mk.boot, sizeof mk.boot, "%s", boot);
            mk.offset = json_integer_value(json_object_get(rec, "offset"));
        }
        int64_t t = json_integer_value(json_object_get(rec, "t"));
        int64_t q = json_integer_value(json_object_get(rec, "seq"));
        mk.last_t = t > mk.last_t ? t : mk.last_t;
        mk.seq = q > mk.seq ? q : mk.seq;
    }
    return mk;
}

static bool resume_new_boot(engine_t *e, int64_t last_t, const char *lost);

/* Replays the journal into e->m. Returns 1 when it is empty (a new
 * tournament), 0 when it resumed, -1 with err when it cannot be read at all. */
static int resume_journal(engine_t *e, char *err, size_t errlen)
{
    entries_t es = {.j = e->j};
    char warn[512] = "";
    long n = journal_read(e->j, collect_entry, &es, warn, sizeof warn);
    if (n < 0 || es.failed) {
        snprintf(err, errlen, "%s", es.failed ? "out of memory reading the journal" : warn);
        entries_free(&es);
        return -1;
    }
    if (warn[0])
        fprintf(stderr, "pokerclock: %s\n", warn);
    if (n == 0) {
        /* An empty journal: a new tournament. Unless nothing in it could
         * be read: the director must know that one was there. */
        long bytes = journal_damage(e->j)->tail_bytes;
        if (bytes > 0)
            snprintf(e->notice, sizeof e->notice,
                     "The saved journal could not be read (%ld damaged bytes): the tournament "
                     "starts again from %s",
                     bytes, e->config_name);
        entries_free(&es);
        return 1;
    }
    losses_t l = {0};
    replay(e, &es, &l);
    marks_t mk = journal_marks(&es);
    int64_t last_t = mk.last_t, seq = mk.seq;
    entries_free(&es);
    /* seq grows for the life of the tournament: the panel, the structure
     * reload and followers compare it. Publishes that change no record (a
     * level ending, an announcement running out) are not journaled, a few
     * between two records at most: the margin keeps the new numbers above
     * any a client saw. */
    e->seq = seq > 0 ? (uint64_t)seq + SEQ_RESTART_MARGIN : 0;
    char lost[200] = "";
    if (l.lost > 0)
        snprintf(lost, sizeof lost,
                 " The saved journal was damaged: %ld record%s lost (%s): check the levels "
                 "and players.",
                 l.lost, l.lost == 1 ? "" : "s", l.first);
    if (l.lost + l.harmless > 0)
        fprintf(stderr, "pokerclock: journal: %ld record%s lost, %ld damaged made good by a "
                        "snapshot\n",
                l.lost, l.lost == 1 ? "" : "s", l.harmless);
    /* A restart that had more to do than read a snapshot writes one, so
     * the next starts from here. */
    bool replayed = l.lost + l.harmless + l.applied > 0;
    if (strcmp(mk.boot, e->boot_id) == 0) {
        /* The same boot: the monotonic clock went on, and so did the game. */
        e->offset = mk.offset;
        snprintf(e->notice, sizeof e->notice, "%s%s",
                 "Restarted: the clock went on where it was", lost);
        if (replayed)
            append_snapshot(e, engine_now(e));
        return 0;
    }
    if (lost[0])
        snprintf(e->notice, sizeof e->notice, "%s", lost + 1);
    if (resume_new_boot(e, last_t, lost) || replayed)
        if (!e->n_pending)
            append_snapshot(e, engine_now(e));
    return 0;
}

/* A new boot (the power went): the engine's time goes on just after the
 * last record, and a running clock is paused at that time, journaled as a
 * power_recovered command. Returns whether it was running. */
static bool resume_new_boot(engine_t *e, int64_t last_t, const char *lost)
{
    e->offset = last_t + 1 - mono_ms();
    json_t *boot = json_pack("{s:s, s:s, s:I, s:I, s:I, s:I}", "k", "boot", "boot", e->boot_id,
                             "offset", (json_int_t)e->offset, "t", (json_int_t)engine_now(e),
                             "wall", (json_int_t)wall_ms(), "seq", (json_int_t)e->seq);
    append_restart_record(e, boot);
    if (e->m->m.t.clock.running) {
        command_t c = {.type = CMD_POWER_RECOVERED, .ms = last_t};
        char why[256];
        int64_t now = engine_now(e);
        json_t *rec = json_pack("{s:s, s:I, s:I, s:I, s:o}", "k", "cmd", "t", (json_int_t)now,
                                "wall", (json_int_t)wall_ms(), "seq", (json_int_t)e->seq, "cmd",
                                codec_command(&c));
        append_restart_record(e, rec);
        game_apply(e->m, &c, now, why, sizeof why);
        snprintf(e->notice, sizeof e->notice, "%s%s",
                 "Recovered after power loss: check the time, then resume", lost);
        return true;
    }
    return false;
}

/* Rewrites the journal from the second-to-last snapshot on: the last one
 * and what follows make the tournament, and the one before stays as the
 * fallback should the last be damaged later. */
typedef struct {
    char **payloads;
    size_t *lens;
    size_t n, cap;
    long snaps[2];             /* indexes of the last two snapshots, or -1 */
    bool failed;               /* out of memory: what is kept is not all */
} keep_t;

static int keep_record(void *ctx, const char *payload, size_t len)
{
    keep_t *k = ctx;
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
    if (!(k->payloads[k->n] = malloc(len))) {
        k->failed = true;
        return -1;
    }
    memcpy(k->payloads[k->n], payload, len);
    k->lens[k->n] = len;
    if (record_is(payload, len, "snap")) {
        k->snaps[0] = k->snaps[1];
        k->snaps[1] = (long)k->n;
    }
    k->n++;
    return 0;
}

static void journal_compact(engine_t *e, int64_t now)
{
    append_snapshot(e, now);
    keep_t k = {.snaps = {-1, -1}};
    char warn[512] = "", why[512];
    long n = journal_read(e->j, keep_record, &k, warn, sizeof warn);
    size_t from = k.snaps[0] >= 0 ? (size_t)k.snaps[0] : 0, kept = 0;
    /* Checkpoints before the last snapshot say nothing it does not. */
    for (size_t i = from; i < k.n && !k.failed; i++) {
        if (record_is(k.payloads[i], k.lens[i], "ckpt") && (long)i < k.snaps[1])
            continue;
        /* Swapped, not copied: the ones skipped move back and are freed. */
        char *p = k.payloads[from + kept];
        size_t len = k.lens[from + kept];
        k.payloads[from + kept] = k.payloads[i];
        k.lens[from + kept] = k.lens[i];
        k.payloads[i] = p;
        k.lens[i] = len;
        kept++;
    }
    /* Only a complete read may replace the journal: a partial one would
     * throw away the records it did not get to. */
    if (n > 0 && !k.failed && (size_t)n == k.n && k.snaps[1] >= 0 && from > 0 &&
        journal_rewrite(e->j, (const char *const *)k.payloads + from, k.lens + from, kept, why,
                        sizeof why) != 0)
        fprintf(stderr, "pokerclock: %s\n", why);
    for (size_t i = 0; i < k.n; i++)
        free(k.payloads[i]);
    free(k.payloads);
    free(k.lens);
}

/* ---- life cycle ---- */

/* The tournament from the journal in e->state_dir, or a new journal begun
 * with it. A journal that cannot be opened or written is a storage error
 * the director sees (the clock runs on); -1 with err only when one is there
 * but cannot be read at all. */
static int open_journal(engine_t *e, char *err, size_t errlen)
{
    char why[512];
    /* Read-only, another pokerclock may be writing the journal: it is only
     * read, and without one the configuration is shown. */
    e->j = e->read_only ? journal_open_readonly(e->state_dir, why, sizeof why)
                        : journal_open(e->state_dir, why, sizeof why);
    if (!e->j) {
        if (!e->read_only)
            snprintf(e->storage_error, sizeof e->storage_error, "cannot save the tournament: %s",
                     why);
        return 0;
    }
    int rc = resume_journal(e, why, sizeof why);
    if (rc < 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (rc == 1 && !e->read_only &&
        append_json(e, record_init(e, engine_now(e)), true, why, sizeof why)) {
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save the tournament: %s", why);
        journal_free(e->j);
        e->j = NULL;
    }
    return 0;
}

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
    e->tables = malloc(sizeof *e->tables);
    e->config_text = strdup(o->config_text ? o->config_text : "");
    e->config_name = strdup(o->config_name ? o->config_name : "built-in");
    e->configured_text = strdup(e->config_text ? e->config_text : "");
    e->configured_name = strdup(e->config_name ? e->config_name : "built-in");
    /* A follower keeps nothing: the master has the tournament on its disk. */
    e->state_dir = o->state_dir && !o->follow_url ? strdup(o->state_dir) : NULL;
    e->read_only = o->read_only;
    e->follow_url = o->follow_url ? strdup(o->follow_url) : NULL;
    settings_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    if (!e->m || !e->scratch || !e->tables || !e->config_text || !e->config_name ||
        !e->configured_text || !e->configured_name || !c || !probs ||
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
    memcpy(e->language, c->language, sizeof e->language);
    memcpy(e->language2, c->language2, sizeof e->language2);
    /* POKERCLOCK_BOOT_ID stands in for the kernel's boot id: a reboot can
     * then be tried out (and tested) without rebooting. */
    const char *boot = getenv("POKERCLOCK_BOOT_ID");
    if (boot && *boot)
        snprintf(e->boot_id, sizeof e->boot_id, "%s", boot);
    else
        journal_boot_id(e->boot_id, sizeof e->boot_id);
    e->offset = 0;
    start_game(e, c);

    if (e->state_dir && open_journal(e, err, errlen) != 0)
        goto fail;
    if (e->state_dir && !e->read_only)
        archive_clean(e->state_dir);
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
    free(e->tables);
    roster_release(e->roster);
    free(e->state_dir);
    free(e->follow_url);
    free(e->mirror_json);
    free(e->config_text);
    free(e->config_name);
    free(e->configured_text);
    free(e->configured_name);
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

/* Uniform 64-bit numbers from the kernel's random source, for seat draws. */
static int draw_numbers(uint64_t *out, int n, char *err, size_t errlen)
{
    size_t want = (size_t)n * sizeof *out, got = 0;
    while (got < want) {
        ssize_t k = getrandom((char *)out + got, want - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            snprintf(err, errlen, "cannot draw seats: the kernel's random source failed (%s)",
                     k < 0 ? strerror(errno) : "no bytes");
            return -1;
        }
        got += (size_t)k;
    }
    return 0;
}

int engine_apply(engine_t *e, const command_t *c, int64_t now, char *err, size_t errlen)
{
    return engine_apply_get(e, c, now, NULL, err, errlen);
}

/* The seats a command needs are drawn here, once, into *drawn (which *c
 * then points at), and journaled with the command: replay seats the same
 * players at the same seats. Returns 0, or the HTTP status of a refusal. */
static int draw_seats(engine_t *e, const command_t **c, command_t *drawn, char *err,
                      size_t errlen)
{
    int seats = game_draws_needed(e->m, *c);
    if (seats <= 0)
        return 0;
    uint64_t rnd[TOURNEY_MAX_REGISTER];
    seats = seats < TOURNEY_MAX_REGISTER ? seats : TOURNEY_MAX_REGISTER;
    if (*c != drawn) {
        *drawn = **c;
        *c = drawn;
    }
    if (draw_numbers(rnd, seats, err, errlen))
        return 503;
    return game_draw(e->m, drawn, rnd, err, errlen) ? 0 : APPLY_CONFLICT;
}

/* The command on disk before it is acknowledged. On failure the clock
 * says so (storage_error, published) and the command is refused: -1. */
static int journal_command(engine_t *e, const command_t *c, int64_t now, char *err,
                           size_t errlen)
{
    char why[512] = "";
    int rc = -1;
    /* Without a journal no command was ever accepted: the state is still
     * the configuration's, and the journal can start from it. */
    if (e->j || journal_start(e, why, sizeof why) == 0) {
        json_t *rec = json_pack("{s:s, s:I, s:I, s:I, s:o}", "k", "cmd", "t", (json_int_t)now,
                                "wall", (json_int_t)wall_ms(), "seq", (json_int_t)(e->seq + 1),
                                "cmd", codec_command(c));
        rc = append_json(e, rec, true, why, sizeof why);
    }
    if (rc != 0) {
        /* Never acknowledge what is not on disk: refuse, change nothing. */
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
        snprintf(err, errlen, "%s (nothing was changed; the clock goes on as it was)",
                 e->storage_error);
        publish(e, now);
        return -1;
    }
    e->storage_error[0] = 0;
    return 0;
}

int engine_apply_get(engine_t *e, const command_t *c, int64_t now, command_t *done, char *err,
                     size_t errlen)
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
    int rc = draw_seats(e, &c, &drawn, err, errlen);
    if (rc) {
        pthread_mutex_unlock(&e->write_lock);
        return rc;
    }
    int first_new = e->m->r.n_players + 1;
    char unknown[8];
    int named = c->type != CMD_REGISTER && game_command_names_players(e->m, c)
                    ? game_player_of(e->m, c, unknown, sizeof unknown) + 1
                    : 0;
    *e->scratch = *e->m;
    apply_status st = game_apply(e->scratch, c, now, err, errlen);
    if (st != APPLY_OK) {
        pthread_mutex_unlock(&e->write_lock);
        return (int)st;
    }
    if (e->state_dir && journal_command(e, c, now, err, errlen) != 0) {
        uint64_t seq = e->seq;
        pthread_mutex_unlock(&e->write_lock);
        notify(e, seq);
        return 503;
    }
    game_t *old = e->m;
    e->m = e->scratch;
    e->scratch = old;
    if (done) {
        *done = *c;
        if (c->type == CMD_REGISTER && e->m->r.n_players >= first_new)
            done->player = first_new;
        else if (named > 0)
            done->player = named; /* a bust by seat: who sat there */
    }
    if (c->type == CMD_RESUME)
        e->notice[0] = 0;
    if (c->type == CMD_DAY_END_DRAW)
        fprintf(stderr, "pokerclock: end of day: the card drawn is %d: %d more hands today\n",
                c->drawn, c->drawn);
    publish(e, now);
    append_snapshot(e, now);
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    notify(e, seq);
    return 200;
}

void engine_set_sound(engine_t *e, const char *sound, const char *speech)
{
    pthread_mutex_lock(&e->write_lock);
    e->sound_known = true;
    if (sound)
        snprintf(e->sound, sizeof e->sound, "%s", sound);
    if (speech)
        snprintf(e->speech, sizeof e->speech, "%s", speech);
    publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    notify(e, seq);
}

void engine_set_slides_version(engine_t *e, uint64_t version)
{
    pthread_mutex_lock(&e->write_lock);
    bool changed = e->slides_version != version;
    e->slides_version = version;
    if (changed)
        publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    if (changed)
        notify(e, seq);
}

int engine_mirror(engine_t *e, const tourney_t *t, const char *notice)
{
    if (!e->follow_url)
        return -1;
    pthread_mutex_lock(&e->write_lock);
    if (t)
        e->m->m.t = *t;
    snprintf(e->notice, sizeof e->notice, "%s", notice ? notice : "");
    publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    notify(e, seq);
    return 0;
}

int engine_mirror_players(engine_t *e, uint32_t version, char *json, size_t len,
                          const roster_t *r)
{
    if (!e->follow_url)
        return -1;
    pthread_mutex_lock(&e->write_lock);
    if (r)
        e->m->r = *r;
    free(e->mirror_json);
    e->mirror_json = json;
    e->mirror_json_len = len;
    /* The next publish copies the roster with this version, and with it
     * the text: a roster and its version always go out together. */
    e->m->r.version = version;
    pthread_mutex_unlock(&e->write_lock);
    return 0;
}

void engine_tick(engine_t *e, int64_t now)
{
    pthread_mutex_lock(&e->write_lock);
    uint64_t seq = 0;
    tourney_view_t v;
    tourney_view(&e->m->m.t, now, &v);
    if (v.level != e->shown_level || v.overtime != e->shown_overtime ||
        v.announcement_active != e->shown_announcement) {
        publish(e, now);
        seq = e->seq;
    }
    if (e->j && !e->read_only && e->m->m.t.clock.running &&
        now - e->last_checkpoint >= CHECKPOINT_EVERY_MS) {
        char why[512];
        json_t *rec = json_pack("{s:s, s:I, s:I}", "k", "ckpt", "t", (json_int_t)now, "seq",
                                (json_int_t)e->seq);
        /* Not synced: the file system commits within seconds, and a power
         * cut losing the last few seconds is the accepted cost. */
        if (append_json(e, rec, false, why, sizeof why) == 0) {
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
    }
    /* Paused or running: commands write snapshots either way. */
    if (e->j && !e->read_only && journal_size(e->j) > COMPACT_AFTER_BYTES &&
        (now - e->compact_tried >= COMPACT_RETRY_MS || now < e->compact_tried)) {
        journal_compact(e, now);
        e->compact_tried = now;
    }
    pthread_mutex_unlock(&e->write_lock);
    if (seq)
        notify(e, seq);
}

/* ---- a new tournament ---- */

/* Puts the tournament's journal and result sheet aside (archive_put); dir
 * receives the folder. 0, or -1 with err. */
static int archive_current(engine_t *e, const engine_new_options_t *o, int64_t now, char *dir,
                           size_t dirlen, char *err, size_t errlen)
{
    char path[4096], why[512];
    dir[0] = 0;
    if ((size_t)snprintf(path, sizeof path, "%s/journal", e->state_dir) >= sizeof path) {
        snprintf(err, errlen, "the state directory's path is too long");
        return -1;
    }
    /* The last state whole at the journal's end: the archived journal
     * reads as it is, without the records compaction would need. */
    if (e->j)
        append_snapshot(e, now);
    size_t jlen = 0, slen = 0, clen = 0;
    char *journal = file_read(path, ARCHIVE_JOURNAL_MAX, &jlen, why, sizeof why);
    char *sheet = journal && o->sheet ? o->sheet(o->ctx, false, &slen) : NULL;
    char *csv = sheet ? o->sheet(o->ctx, true, &clen) : NULL;
    int rc = -1;
    if (!journal) {
        snprintf(err, errlen, "cannot read %s: %s", path, why);
    } else if (o->sheet && !csv) {
        snprintf(err, errlen, "out of memory writing the result sheet");
    } else {
        archive_file_t files[] = {{"journal", journal, jlen},
                                  {"results.json", sheet, slen},
                                  {"results.csv", csv, clen}};
        rc = archive_put(e->state_dir, e->m->m.t.s.name, (time_t)(wall_ms() / 1000), files,
                         o->sheet ? 3 : 1, dir, dirlen, err, errlen);
    }
    free(journal);
    free(sheet);
    free(csv);
    return rc;
}

/* Replaces the journal by the new tournament's first record, atomically
 * (journal_rewrite): a power cut finds the old journal or the new one. */
static int journal_begin_again(engine_t *e, int64_t now, uint32_t roster_version, char *err,
                               size_t errlen)
{
    json_t *rec = record_init_of(e, now, e->configured_name, e->configured_text);
    if (rec) {
        /* seq and the roster's version go on: every screen sees a change,
         * and a restart numbers from here (journal_marks). */
        json_object_set_new(rec, "seq", json_integer((json_int_t)e->seq + 1));
        json_object_set_new(rec, "roster_version", json_integer((json_int_t)roster_version));
    }
    char *text = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
    json_decref(rec);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char why[512];
    int rc = 0;
    if (!e->j && !(e->j = journal_open(e->state_dir, why, sizeof why)))
        rc = -1;
    size_t len = strlen(text);
    const char *payloads[] = {text};
    if (rc == 0)
        rc = journal_rewrite(e->j, payloads, &len, 1, why, sizeof why);
    if (rc != 0)
        snprintf(err, errlen, "%s", why);
    free(text);
    return rc;
}

int engine_new_tournament(engine_t *e, const engine_new_options_t *o, int64_t now, char *archived,
                          size_t archivedlen, char *err, size_t errlen)
{
    archived[0] = 0;
    if (e->follow_url) {
        snprintf(err, errlen, "this screen follows %s: start the new tournament there",
                 e->follow_url);
        return 409;
    }
    if (e->read_only) {
        snprintf(err, errlen, "this pokerclock only shows the saved tournament");
        return 503;
    }
    settings_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    roster_t *tables = malloc(sizeof *tables);
    int status = 503;
    pthread_mutex_lock(&e->write_lock);
    const tourney_t *t = &e->m->m.t;
    tourney_view_t v;
    tourney_view(t, now, &v);
    /* A tap by mistake loses nothing: a tournament under way is put aside
     * only when the request says so. One that is over, or where nothing
     * happened yet, has nothing to lose. */
    bool idle = !t->clock.started && t->entries == 0 && e->m->r.n_players == 0;
    if (!o->confirm && !v.over && !idle) {
        snprintf(err, errlen,
                 "\"%s\" is still running with %d player%s left: confirm to put it aside and "
                 "start a new tournament",
                 t->s.name, v.players_left, v.players_left == 1 ? "" : "s");
        status = 409;
        goto out;
    }
    if (!c || !probs || !tables) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    if (!config_load_string(e->configured_text, e->configured_name, c, probs)) {
        char line[512] = "the tournament configuration has errors";
        if (probs->n > 0)
            config_problem_format(&probs->items[0], line, sizeof line);
        snprintf(err, errlen, "%s", line);
        status = 409;
        goto out;
    }
    tables_roster(&c->tables, tables);
    game_init(e->scratch, &c->structure, tables);
    uint32_t roster_version = e->m->r.version + 1;
    e->scratch->r.version = roster_version;
    char dir[256] = "", why[512];
    if (e->state_dir) {
        /* One where nothing happened leaves nothing worth keeping. */
        if (!idle && archive_current(e, o, now, dir, sizeof dir, why, sizeof why) != 0) {
            snprintf(err, errlen, "cannot put the tournament aside: %s (nothing was changed)",
                     why);
            goto out;
        }
        if (journal_begin_again(e, now, roster_version, why, sizeof why) != 0) {
            if (dir[0])
                archive_remove(e->state_dir, dir);
            snprintf(err, errlen, "cannot start the new tournament: %s (nothing was changed)",
                     why);
            goto out;
        }
    }
    game_t *old = e->m;
    e->m = e->scratch;
    e->scratch = old;
    *e->tables = *tables;
    char *text = e->config_text, *name = e->config_name;
    e->config_text = strdup(e->configured_text);
    e->config_name = strdup(e->configured_name);
    if (e->config_text && e->config_name) {
        free(text);
        free(name);
    } else { /* out of memory: only the messages keep the old name */
        free(e->config_text);
        free(e->config_name);
        e->config_text = text;
        e->config_name = name;
    }
    memcpy(e->language, c->language, sizeof e->language);
    memcpy(e->language2, c->language2, sizeof e->language2);
    /* What the old journal owed belongs to the tournament put aside. */
    for (int i = 0; i < e->n_pending; i++)
        free(e->pending[i]);
    e->n_pending = 0;
    e->notice[0] = 0;
    e->storage_error[0] = 0;
    e->last_checkpoint = e->compact_tried = now;
    snprintf(archived, archivedlen, "%s", dir);
    fprintf(stderr, "pokerclock: a new tournament: %s%s\n",
            dir[0] ? "the last one is kept in " : "nothing to keep", dir);
    status = 200;
    publish(e, now);
out:;
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    if (status == 200)
        notify(e, seq);
    free(c);
    free(probs);
    free(tables);
    return status;
}
