/* Reading the journal back: the last snapshot that loads, the records after it, and what was lost.
 *
 * Two looks at the file, each one record at a time (journal_read streams:
 * memory for one record, never for the file): the first finds where the
 * snapshots are and the numbers and times to go on from; the second loads
 * the last snapshot that reads and applies the records after it. Nothing
 * stops the clock from starting: it starts from what is readable, and the
 * director is told what was lost (how many records, from which time). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_core.h"
#include "store/snapshot.h"
#include "json/codec.h"
#include "json/roster.h"

/* ---- the first look ---- */

/* The boot and the engine's time offset of the last start, the latest
 * time any record saw, and the largest seq. */
typedef struct {
    char boot[64];
    int64_t offset, last_t, seq;
    long boot_at; /* the record the boot came from */
} marks_t;

typedef struct {
    journal_t *j;
    long *snaps; /* offsets of the snapshot records, in order */
    size_t n_snaps, cap;
    bool failed; /* out of memory */
    bool starts_with_init;
    long records;
    marks_t mk;
    int64_t n_last;    /* the largest record number; 0: none carried */
    int64_t wall_last; /* the wall time of the last record that says */
    int64_t base_wall; /* and of the record replay starts from */
} scan_t;

static void marks_take(marks_t *mk, const json_t *rec, const char *k, long at)
{
    const char *boot = json_string_value(json_object_get(rec, "boot"));
    if (boot && (!strcmp(k, "init") || !strcmp(k, "boot") || !strcmp(k, "snap")) &&
        at >= mk->boot_at) {
        snprintf(mk->boot, sizeof mk->boot, "%s", boot);
        mk->offset = json_integer_value(json_object_get(rec, "offset"));
        mk->boot_at = at;
    }
    int64_t t = json_integer_value(json_object_get(rec, "t"));
    int64_t q = json_integer_value(json_object_get(rec, "seq"));
    mk->last_t = t > mk->last_t ? t : mk->last_t;
    mk->seq = q > mk->seq ? q : mk->seq;
}

static int scan_record(void *ctx, const char *payload, size_t len)
{
    scan_t *s = ctx;
    long at = journal_record_offset(s->j);
    s->records++;
    int64_t n = records_number(payload, len);
    s->n_last = n > s->n_last ? n : s->n_last;
    if (records_is(payload, len, "snap")) {
        /* Parsed only when one is needed, from the last. */
        if (s->n_snaps == s->cap) {
            size_t cap = s->cap ? s->cap * 2 : 16;
            long *v = realloc(s->snaps, cap * sizeof *v);
            if (!v) {
                s->failed = true;
                return -1;
            }
            s->snaps = v;
            s->cap = cap;
        }
        s->snaps[s->n_snaps++] = at;
        return 0;
    }
    json_t *rec = json_loadb(payload, len, 0, NULL);
    const char *k = json_string_value(json_object_get(rec, "k"));
    if (s->records == 1)
        s->starts_with_init = k && !strcmp(k, "init");
    if (k) {
        marks_take(&s->mk, rec, k, at);
        if (json_object_get(rec, "wall"))
            s->wall_last = json_integer_value(json_object_get(rec, "wall"));
    }
    json_decref(rec);
    return 0;
}

/* ---- what was lost ---- */

/* What a restart could not read or apply: every item in the log, a summary
 * for the director. */
typedef struct {
    long lost;        /* records that cost the tournament something */
    long applied;     /* records applied after the snapshot */
    long put_back;    /* of those, put back from the change they carry */
    long harmless;    /* damage a later snapshot made good */
    int64_t from, to; /* wall ms around what was lost; 0: not known */
    char first[200];  /* the first loss, for the notice */
} losses_t;

static void lose(losses_t *l, bool costs, long count, int64_t from, int64_t to, const char *fmt,
                 ...) __attribute__((format(printf, 6, 7)));
static void lose(losses_t *l, bool costs, long count, int64_t from, int64_t to, const char *fmt,
                 ...)
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
    if (l->lost == 0)
        snprintf(l->first, sizeof l->first, "%s", line);
    l->lost += count;
    if (from && (!l->from || from < l->from))
        l->from = from;
    if (to > l->to)
        l->to = to;
}

/* " from 21:14 to 21:52" in local time, or "" when the times are not known. */
static void say_span(int64_t from, int64_t to, char *buf, size_t len)
{
    buf[0] = 0;
    if (!from || !to)
        return;
    char a[16], b[16];
    struct tm tm;
    time_t s = (time_t)(from / 1000);
    strftime(a, sizeof a, "%H:%M", localtime_r(&s, &tm));
    s = (time_t)(to / 1000);
    strftime(b, sizeof b, "%H:%M", localtime_r(&s, &tm));
    if (strcmp(a, b))
        snprintf(buf, len, " from %s to %s", a, b);
    else
        snprintf(buf, len, " at %s", a);
}

/* ---- the second look ---- */

static int take_one(void *ctx, const char *payload, size_t len)
{
    *(json_t **)ctx = json_loadb(payload, len, 0, NULL);
    return 1;
}

/* The record that starts at byte at, parsed (NULL: it does not read). */
static json_t *record_at(engine_t *e, long at)
{
    json_t *rec = NULL;
    journal_read_from(e->j, at, take_one, &rec, NULL, 0);
    return rec;
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
static bool load_init(engine_t *e, const json_t *rec)
{
    const char *text = json_string_value(json_object_get(rec, "config"));
    const char *name = json_string_value(json_object_get(rec, "config_name"));
    settings_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    bool ok = text && c && probs && config_load_string(text, name ? name : "journal", c, probs);
    char *t2 = ok ? strdup(text) : NULL, *n2 = ok ? strdup(name ? name : "journal") : NULL;
    if (ok && t2 && n2) {
        engine_start_game(e, c);
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

/* The base to replay from: the last snapshot that loads, else the init
 * record, else the configuration given at start (the state e->m already
 * holds: -1). Its offset; the marks take its own. */
static long load_base(engine_t *e, scan_t *s, losses_t *l, bool *snap)
{
    *snap = false;
    for (size_t i = s->n_snaps; i-- > 0;) {
        long at = s->snaps[i];
        char why[256] = "it is not JSON";
        json_t *rec = record_at(e, at);
        bool ok = rec &&
                  snapshot_model_from_json(json_object_get(rec, "model"), &e->m->m, why,
                                           sizeof why) == 0 &&
                  snapshot_roster_load(e, rec, why, sizeof why) == 0;
        if (ok) {
            marks_take(&s->mk, rec, "snap", at);
            s->base_wall = json_integer_value(json_object_get(rec, "wall"));
        }
        json_decref(rec);
        if (ok) {
            *snap = true;
            return at;
        }
        lose(l, false, 1, 0, 0,
             "the snapshot at byte %ld does not load (%s): an earlier one is used", at, why);
    }
    if (s->starts_with_init) {
        json_t *rec = record_at(e, 0);
        bool ok = load_init(e, rec);
        s->base_wall = json_integer_value(json_object_get(rec, "wall"));
        json_decref(rec);
        if (ok)
            return 0;
    }
    lose(l, true, 1, 0, 0, "the start of the tournament is lost: it starts again from %s",
         e->config_name);
    return -1;
}

/* The records after the base, applied one at a time. */
typedef struct {
    engine_t *e;
    losses_t *l;
    long base; /* offset of the base record; -1: none */
    bool base_is_snap;
    bool past_base; /* the base record itself was passed */
    bool numbered;  /* the journal's records carry numbers */
    bool repair;    /* a record before was lost: what follows is
                       put back from the changes it carries */
    long damaged;   /* damaged bytes since the last numbered record */
    int64_t n_prev; /* number of the last record read; 0: unknown */
    int64_t wall_prev;
    long prev_end;      /* where the last record read ends */
    int damage_next;    /* the first damaged stretch not yet passed */
    long unreadable;    /* records read that are not JSON, since the
                           last that is */
    long unreadable_at; /* the first of them */
} apply_t;

/* A damaged stretch between the last record and this one: its bytes. */
static long damage_before(apply_t *a, long at)
{
    const journal_damage_t *d = journal_damage(a->e->j);
    long bytes = 0;
    while (a->damage_next < d->regions && a->damage_next < JOURNAL_DAMAGE_KEPT &&
           d->at[a->damage_next] < at) {
        if (d->at[a->damage_next] >= a->prev_end)
            bytes += d->bytes[a->damage_next];
        a->damage_next++;
    }
    return bytes;
}

/* A command record: applied, or put back from its change. After a loss
 * the change comes first (the values it set are right whatever was lost),
 * the command second (a change that no longer fits, as a bust of a player
 * whose registration was lost, may still be done as a command). */
static void apply_command(apply_t *a, const json_t *rec, long at)
{
    engine_t *e = a->e;
    command_t c;
    char why[256] = "", why2[256] = "";
    const json_t *cmd = json_object_get(rec, "cmd"), *d = json_object_get(rec, "d");
    const char *type = json_string_value(json_object_get(cmd, "type"));
    int64_t t = json_integer_value(json_object_get(rec, "t"));
    int64_t wall = json_integer_value(json_object_get(rec, "wall"));
    refusal_t no;
    bool parsed = codec_command_parse_internal(cmd, &c, &no) == 0;
    if (a->repair && d && records_put_back(e->m, d, why2, sizeof why2) == 0) {
        a->l->applied++;
        a->l->put_back++;
        return;
    }
    if (parsed && game_apply(e->m, &c, t, &no) == APPLY_OK) {
        a->l->applied++;
        return;
    }
    snprintf(why, sizeof why, "%s", no.text);
    if (!a->repair && d && records_put_back(e->m, d, why2, sizeof why2) == 0) {
        a->l->applied++;
        a->l->put_back++;
        fprintf(stderr,
                "pokerclock: journal: the record at byte %ld (%s) did not apply (%s): what it "
                "changed is put back\n",
                at, type ? type : "a command", why);
        return;
    }
    lose(a->l, true, 1, wall, wall, "the record at byte %ld (%s) could not be applied: %s", at,
         type ? type : "a command", why2[0] ? why2 : why);
}

static bool known_kind(const char *k)
{
    return records_counted(k) || !strcmp(k, "snap") || !strcmp(k, "ckpt");
}

/* Whether a record took a number of its own: the kinds this pokerclock
 * writes say; one of a kind it does not know did when its number is new. */
static bool numbered_itself(const char *k, int64_t n, int64_t prev)
{
    return known_kind(k) ? records_counted(k) : n > prev;
}

static int apply_record(void *ctx, const char *payload, size_t len)
{
    apply_t *a = ctx;
    long at = journal_record_offset(a->e->j);
    if (!a->past_base && a->base >= 0) {
        a->past_base = true;
        a->prev_end = journal_record_end(a->e->j);
        a->n_prev = records_number(payload, len);
        if (a->base_is_snap)
            a->e->snaps.len = a->prev_end - at;
        return 0;
    }
    json_t *rec = json_loadb(payload, len, 0, NULL);
    const char *k = json_string_value(json_object_get(rec, "k"));
    if (!k) {
        /* Counted with the next record that reads: its number says whether
         * this one was one that mattered. */
        fprintf(stderr, "pokerclock: journal: the record at byte %ld is not readable\n", at);
        if (a->unreadable++ == 0)
            a->unreadable_at = at;
        json_decref(rec);
        return 0;
    }
    int64_t n = records_number(payload, len);
    int64_t wall = json_integer_value(json_object_get(rec, "wall"));
    a->damaged += damage_before(a, at);
    if (!a->numbered) {
        /* An older pokerclock's journal carries no numbers: a damaged
         * stretch or an unreadable record counts one. */
        long count = (a->damaged ? 1 : 0) + a->unreadable;
        if (count) {
            lose(a->l, true, count, a->wall_prev, wall,
                 "%ld damaged or unreadable record%s before byte %ld", count, count == 1 ? "" : "s",
                 at);
            a->repair = true;
        }
    } else if (n) {
        /* The gap says how many are missing, whatever the damage looked
         * like (a damaged snapshot or checkpoint leaves none). */
        long gap = (long)(n - a->n_prev - numbered_itself(k, n, a->n_prev));
        if (gap > 0) {
            lose(a->l, true, gap, a->wall_prev, wall, "%ld record%s before byte %ld (%s)", gap,
                 gap == 1 ? "" : "s", at, a->damaged ? "damaged bytes" : "not readable");
            a->repair = true;
        } else if (a->damaged || a->unreadable) {
            lose(a->l, false, 0, 0, 0, "%ld damaged bytes before byte %ld held no command",
                 a->damaged, at);
        }
    }
    /* A record without a number in a numbered journal (written by hand)
     * says nothing: the next numbered record, or the end, tells. */
    if (n || !a->numbered) {
        a->damaged = 0;
        a->unreadable = 0;
    }
    if (!strcmp(k, "cmd"))
        apply_command(a, rec, at);
    else if (a->numbered && !known_kind(k) && numbered_itself(k, n, a->n_prev))
        lose(a->l, true, 1, wall, wall,
             "the record at byte %ld is of a kind (%s) this pokerclock does not know", at, k);
    if (n)
        a->n_prev = n;
    if (wall)
        a->wall_prev = wall;
    a->prev_end = journal_record_end(a->e->j);
    a->e->snaps.records_since++;
    json_decref(rec);
    return 0;
}

/* The records missing at the end: ones that did not read (their numbers
 * are in the file), and those a journal cut short lost (its end mark says
 * a later number reached the disk). last: the last number applied. */
static void check_end(engine_t *e, const scan_t *s, int64_t last, int64_t wall_last, bool damaged,
                      losses_t *l)
{
    char mark[64];
    long long n = 0, wall = 0;
    journal_mark(e->j, mark, sizeof mark);
    bool marked = !e->read_only && sscanf(mark, "%lld %lld", &n, &wall) == 2 && n > s->n_last;
    int64_t end = marked ? n : s->n_last;
    if (end <= last)
        return;
    long lost = (long)(end - last);
    lose(l, true, lost, wall_last, marked ? wall : wall_last, "the last %ld record%s %s %s", lost,
         lost == 1 ? "" : "s", lost == 1 ? "is" : "are",
         damaged  ? "damaged"
         : marked ? "missing: the journal was cut short"
                  : "not readable");
}

/* The same boot and the same process life go on; a new boot pauses. */
static bool resume_new_boot(engine_t *e, int64_t last_t, const char *lost);

/* The records after the base, applied; what is missing at the end. The
 * last record's wall time into *wall_last. */
static void apply_after(engine_t *e, const scan_t *s, long base, bool snap, losses_t *l,
                        int64_t *wall_last)
{
    char warn[512];
    const journal_damage_t *d = journal_damage(e->j);
    apply_t a = {.e = e,
                 .l = l,
                 .base = base,
                 .base_is_snap = snap,
                 .numbered = s->n_last > 0,
                 .wall_prev = s->base_wall};
    /* Damage before the base is made good by it. */
    for (; a.damage_next < d->regions && a.damage_next < JOURNAL_DAMAGE_KEPT &&
           d->at[a.damage_next] < base;
         a.damage_next++)
        lose(l, false, 0, 0, 0, "%ld damaged bytes at byte %ld", d->bytes[a.damage_next],
             d->at[a.damage_next]);
    e->snaps = (snaps_t){.at = snap ? base : -1, .prev_at = -1};
    if (journal_read_from(e->j, base < 0 ? 0 : base, apply_record, &a, warn, sizeof warn) < 0)
        fprintf(stderr, "pokerclock: %s\n", warn);
    /* Damage or unreadable records at the end: their numbers (the end mark,
     * the largest number in the file) say whether they held commands. */
    a.damaged += damage_before(&a, LONG_MAX);
    if (a.numbered)
        check_end(e, s, a.n_prev, a.wall_prev, a.damaged > 0, l);
    else if (a.unreadable || a.damaged)
        lose(l, true, a.unreadable + (a.damaged ? 1 : 0), a.wall_prev, a.wall_prev,
             "the record at byte %ld is not readable%s", a.unreadable_at,
             a.unreadable > 1 ? ", nor those after it" : "");
    if (d->regions > JOURNAL_DAMAGE_KEPT && !s->n_last)
        lose(l, true, d->regions - JOURNAL_DAMAGE_KEPT, 0, 0, "%ld more damaged stretches",
             d->regions - JOURNAL_DAMAGE_KEPT);
    *wall_last = a.wall_prev;
}

/* What was lost, for the log and (into lost, "" when nothing) the panel. */
static void tell_losses(const losses_t *l, char *lost, size_t len)
{
    char span[48];
    say_span(l->from, l->to, span, sizeof span);
    lost[0] = 0;
    if (l->lost > 0)
        snprintf(lost, len,
                 " The saved journal was damaged: %ld record%s lost%s (%s): check the levels "
                 "and players.",
                 l->lost, l->lost == 1 ? "" : "s", span, l->first);
    if (l->lost + l->harmless + l->put_back > 0)
        fprintf(stderr,
                "pokerclock: journal: %ld record%s lost, %ld damaged made good by a snapshot, "
                "%ld put back from the changes they carry\n",
                l->lost, l->lost == 1 ? "" : "s", l->harmless, l->put_back);
}

/* An empty journal: a new tournament (1). Unless one was there: the
 * director must know. */
static int resume_empty(engine_t *e, const scan_t *s)
{
    losses_t l = {0};
    long bytes = journal_damage(e->j)->tail_bytes;
    check_end(e, s, 0, 0, bytes > 0, &l);
    if (bytes > 0 || l.lost > 0)
        snprintf(e->notice, sizeof e->notice,
                 "The saved journal could not be read (%s): the tournament starts again from %s",
                 l.lost ? l.first : "damaged bytes", e->config_name);
    if (l.lost)
        records_mark(e, 0, 0);
    return 1;
}

static int resume(engine_t *e, char *err, size_t errlen)
{
    scan_t s = {.j = e->j, .mk = {.boot_at = -1}};
    char warn[512] = "";
    long n = journal_read(e->j, scan_record, &s, warn, sizeof warn);
    if (n < 0 || s.failed) {
        snprintf(err, errlen, "%s", s.failed ? "out of memory reading the journal" : warn);
        free(s.snaps);
        return -1;
    }
    if (warn[0])
        fprintf(stderr, "pokerclock: %s\n", warn);
    if (n == 0) {
        free(s.snaps);
        return resume_empty(e, &s);
    }
    losses_t l = {0};
    bool snap;
    int64_t wall_last;
    long base = load_base(e, &s, &l, &snap);
    apply_after(e, &s, base, snap, &l, &wall_last);
    e->n_rec = s.n_last;
    free(s.snaps);
    /* seq grows for the life of the tournament: the panel, the structure
     * reload and followers compare it. Publishes that change no record (a
     * level ending, an announcement running out) are not journaled, a few
     * between two records at most: the margin keeps the new numbers above
     * any a client saw. */
    e->seq = s.mk.seq > 0 ? (uint64_t)s.mk.seq + SEQ_RESTART_MARGIN : 0;
    char lost[256];
    tell_losses(&l, lost, sizeof lost);
    /* Told once: the next restart does not find the same loss again. */
    if (l.lost > 0 && !e->read_only)
        records_mark(e, e->n_rec, wall_last);
    /* A restart that had more to do than read a snapshot writes one, so
     * the next starts from here. */
    bool replayed = l.lost + l.harmless + l.applied > 0;
    if (strcmp(s.mk.boot, e->boot_id) == 0) {
        /* The same boot: the monotonic clock went on, and so did the game. */
        e->offset = s.mk.offset;
        snprintf(e->notice, sizeof e->notice, "%s%s", "Restarted: the clock went on where it was",
                 lost);
        if (replayed)
            records_snapshot(e, engine_now(e));
        return 0;
    }
    if (lost[0])
        snprintf(e->notice, sizeof e->notice, "%s", lost + 1);
    if (resume_new_boot(e, s.mk.last_t, lost) || replayed)
        if (!e->n_pending)
            records_snapshot(e, engine_now(e));
    return 0;
}

/* A new boot (the power went): the engine's time goes on just after the
 * last record, and a running clock is paused at that time, journaled as a
 * power_recovered command. Returns whether it was running. */
static bool resume_new_boot(engine_t *e, int64_t last_t, const char *lost)
{
    e->offset = last_t + 1 - engine_mono_ms();
    json_t *boot = json_pack("{s:s, s:s, s:I, s:I, s:I}", "k", "boot", "boot", e->boot_id, "offset",
                             (json_int_t)e->offset, "t", (json_int_t)engine_now(e), "seq",
                             (json_int_t)e->seq);
    records_append_restart(e, boot);
    if (!e->m->m.t.clock.running)
        return false;
    command_t c = {.type = CMD_POWER_RECOVERED, .ms = last_t};
    int64_t now = engine_now(e);
    *e->scratch = *e->m;
    if (game_apply(e->scratch, &c, now, NULL) == APPLY_OK) {
        records_append_restart(e, records_command(e, &c, now, e->seq, e->m, e->scratch));
        game_t *old = e->m;
        e->m = e->scratch;
        e->scratch = old;
    }
    snprintf(e->notice, sizeof e->notice, "%s%s",
             "Recovered after power loss: check the time, then resume", lost);
    return true;
}

int replay_open(engine_t *e, char *err, size_t errlen)
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
    e->snaps = (snaps_t){.at = -1, .prev_at = -1};
    int rc = resume(e, why, sizeof why);
    if (rc < 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (rc == 1 && !e->read_only &&
        records_append(e, records_init(e, engine_now(e), e->config_name, e->config_text), true, why,
                       sizeof why)) {
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save the tournament: %s", why);
        journal_free(e->j);
        e->j = NULL;
    }
    return 0;
}
