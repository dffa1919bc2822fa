/* Writing the journal: numbered records, what each command changed, periodic snapshots, compaction.
 *
 * A command's record holds the command and what it changed: the members of
 * the tournament and the players and tables that differ after it, so that
 * a record costs what changed, not the whole roster. Replay applies the
 * command; where that cannot be done (a later pokerclock reads the command
 * otherwise), and after a record was lost, it puts back what the record
 * says changed: the values it set are right whatever was lost before.
 *
 * Snapshots of the whole tournament come periodically: once the records
 * after the last one hold as many bytes as it does (at least 16 KiB), or
 * 4,096 records. Damage before the last snapshot costs nothing (the
 * snapshot holds what the damaged records did); only the records after it
 * are exposed, and those are few. After each snapshot the records before
 * the previous one are dropped (compaction, journal_drop_before): the
 * journal holds at most two snapshots and the records after each, about
 * four times the larger of a snapshot and 16 KiB, whatever the rate of
 * commands; a command costs its record and, spread over the records, as
 * much again for the snapshots.
 *
 * Records are numbered ("n"): each start (init, boot) and command takes the
 * next number; snapshots and checkpoints carry the number of the record
 * before them. A gap in the numbers is a record lost, and the end mark
 * beside the journal (journal_set_mark, after each synced record) tells a
 * journal cut short from one that simply ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_core.h"
#include "model/standings.h"
#include "store/snapshot.h"
#include "json/codec.h"
#include "json/roster.h"

enum {
    SNAP_MIN_BYTES = 16 << 10, /* records between snapshots: at least this */
    SNAP_MAX_RECORDS = 4096,   /* and at most this many: a bounded replay */
};

bool records_counted(const char *k)
{
    return k && (!strcmp(k, "init") || !strcmp(k, "cmd") || !strcmp(k, "boot"));
}

bool records_is(const char *payload, size_t len, const char *k)
{
    char start[16];
    int n = snprintf(start, sizeof start, "{\"k\":\"%s\"", k);
    return n > 0 && len > (size_t)n && memcmp(payload, start, (size_t)n) == 0;
}

int64_t records_number(const char *payload, size_t len)
{
    /* ...,"n":123} : the number is the record's last member. */
    size_t i = len;
    if (i < 6 || payload[--i] != '}')
        return 0;
    int64_t n = 0, scale = 1;
    while (i > 0 && payload[i - 1] >= '0' && payload[i - 1] <= '9' && scale <= 1000000000000LL) {
        n += (payload[--i] - '0') * scale;
        scale *= 10;
    }
    return i >= 5 && scale > 1 && memcmp(payload + i - 5, ",\"n\":", 5) == 0 ? n : 0;
}

void records_mark(engine_t *e, int64_t n, int64_t wall)
{
    char text[64], why[512];
    /* Always the same length: rewritten in place, never truncated. */
    snprintf(text, sizeof text, "%019lld %019lld\n", (long long)n, (long long)wall);
    if (e->j && !e->read_only && journal_set_mark(e->j, text, why, sizeof why) != 0)
        fprintf(stderr, "pokerclock: %s\n", why);
}

/* The record's text, with its wall time and its number (last, for
 * records_number); *n and *wall receive them. NULL when out of memory. */
static char *record_text(engine_t *e, json_t *rec, int64_t *n, int64_t *wall)
{
    const char *k = json_string_value(json_object_get(rec, "k"));
    if (!json_object_get(rec, "wall"))
        json_object_set_new(rec, "wall", json_integer((json_int_t)engine_wall_ms()));
    *wall = json_integer_value(json_object_get(rec, "wall"));
    *n = e->n_rec + records_counted(k);
    json_object_set_new(rec, "n", json_integer((json_int_t)*n));
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    return text;
}

/* Writes the records of a restart that are still owed, oldest first. */
static int flush_pending(engine_t *e, char *err, size_t errlen)
{
    while (e->n_pending > 0) {
        if (journal_append(e->j, e->pending[0], strlen(e->pending[0]), true, err, errlen) != 0)
            return -1;
        records_mark(e, records_number(e->pending[0], strlen(e->pending[0])), engine_wall_ms());
        free(e->pending[0]);
        e->pending[0] = e->pending[1];
        e->pending[1] = NULL;
        e->n_pending--;
        e->snaps.records_since++;
    }
    return 0;
}

int records_append(engine_t *e, json_t *rec, bool sync, char *err, size_t errlen)
{
    if (e->read_only) {
        json_decref(rec);
        return 0;
    }
    int64_t n, wall;
    char *text = record_text(e, rec, &n, &wall);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = flush_pending(e, err, errlen);
    if (rc == 0)
        rc = journal_append(e->j, text, strlen(text), sync, err, errlen);
    free(text);
    if (rc != 0)
        return -1; /* its number is not taken: no gap where nothing was lost */
    e->n_rec = n;
    e->snaps.records_since++;
    if (sync)
        records_mark(e, n, wall);
    return 0;
}

void records_append_restart(engine_t *e, json_t *rec)
{
    char why[512];
    if (e->read_only) {
        json_decref(rec);
        return;
    }
    int64_t n, wall;
    char *text = record_text(e, rec, &n, &wall);
    if (!text || e->n_pending == 2) {
        free(text);
        return;
    }
    /* Numbered now: it is written before any other record. */
    e->n_rec = n;
    e->pending[e->n_pending++] = text;
    if (flush_pending(e, why, sizeof why) != 0)
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
}

json_t *records_init(engine_t *e, int64_t now, const char *name, const char *text)
{
    return json_pack("{s:s, s:I, s:s, s:I, s:I, s:s, s:s}", "k", "init", "t", (json_int_t)now,
                     "boot", e->boot_id, "offset", (json_int_t)e->offset, "wall",
                     (json_int_t)engine_wall_ms(), "config_name", name, "config", text);
}

int records_start(engine_t *e, char *err, size_t errlen)
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
    e->snaps = (snaps_t){.at = -1, .prev_at = -1};
    if (records_append(e, records_init(e, engine_now(e), e->config_name, e->config_text), true, err,
                       errlen) != 0) {
        journal_free(e->j);
        e->j = NULL;
        return -1;
    }
    return 0;
}

json_t *records_delta(const game_t *before, const game_t *after)
{
    json_t *d = json_pack("{s:o}", "t", snapshot_tourney_delta(&before->m.t, &after->m.t));
    if (d && before->r.version != after->r.version &&
        json_object_set_new(d, "r", roster_json_delta(&before->r, &after->r)) != 0) {
        json_decref(d);
        d = NULL;
    }
    return d;
}

json_t *records_command(engine_t *e, const command_t *c, int64_t now, uint64_t seq,
                        const game_t *before, const game_t *after)
{
    json_t *rec = json_pack("{s:s, s:I, s:I, s:I, s:o}", "k", "cmd", "t", (json_int_t)now, "wall",
                            (json_int_t)engine_wall_ms(), "seq", (json_int_t)seq, "cmd",
                            codec_command(c));
    /* Without its change (out of memory) the command alone still replays. */
    json_t *d = rec && before && after ? records_delta(before, after) : NULL;
    if (d)
        json_object_set_new(rec, "d", d);
    return rec;
}

int records_put_back(game_t *g, const json_t *delta, char *why, size_t whylen)
{
    const json_t *t = json_object_get(delta, "t"), *r = json_object_get(delta, "r");
    if (!json_is_object(delta) || !t) {
        snprintf(why, whylen, "its change is not there");
        return -1;
    }
    tourney_t *was = malloc(sizeof *was);
    if (!was) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    *was = g->m.t;
    int rc = snapshot_tourney_apply(t, &g->m.t, why, whylen);
    if (rc == 0 && r && roster_json_apply(r, &g->r, why, whylen) != 0) {
        g->m.t = *was;
        rc = -1;
    }
    if (rc == 0)
        standings_roster(&g->r, &g->m.t); /* places the change moved, not in it */
    free(was);
    if (rc == 0) {
        /* As after a power loss: undo cannot reach across what is missing. */
        g->m.n_undo = g->n_undo = 0;
        g->m.t.undoable = 0;
    }
    return rc;
}

/* Drops the records before the snapshot before the last: the last snapshot
 * and what follows make the tournament, the one before stays as the
 * fallback should the last be damaged later. */
static void compact(engine_t *e)
{
    char why[512];
    long from = e->snaps.prev_at;
    if (from <= 0)
        return;
    if (journal_drop_before(e->j, from, why, sizeof why) != 0) {
        fprintf(stderr, "pokerclock: %s\n", why);
        return;
    }
    e->snaps.at -= from;
    e->snaps.prev_at = 0;
    fprintf(stderr, "pokerclock: journal compacted: %ld bytes kept, %ld dropped\n",
            journal_size(e->j), from);
}

void records_snapshot(engine_t *e, int64_t now)
{
    if (!e->j || e->read_only)
        return;
    json_t *model = snapshot_model_to_json(&e->m->m);
    json_t *roster = model ? roster_json_save(e->m) : NULL;
    json_t *rec = roster
                      ? json_pack("{s:s, s:I, s:I, s:s, s:I, s:o, s:o}", "k", "snap", "t",
                                  (json_int_t)now, "seq", (json_int_t)e->seq, "boot", e->boot_id,
                                  "offset", (json_int_t)e->offset, "model", model, "roster", roster)
                      : NULL;
    if (!rec) {
        json_decref(model);
        json_decref(roster);
        return; /* the records still hold the tournament */
    }
    /* Not synced on its own: the command before it is, and the next synced
     * write carries it; a torn one is the tail, and the previous snapshot
     * plus the records after it stand in for it. */
    char why[512];
    long at = journal_size(e->j);
    if (records_append(e, rec, false, why, sizeof why) != 0)
        return;
    e->snaps.prev_at = e->snaps.at;
    e->snaps.at = at;
    e->snaps.len = journal_size(e->j) - at;
    e->snaps.records_since = 0;
    compact(e);
}

void records_upkeep(engine_t *e, int64_t now)
{
    if (!e->j || e->read_only)
        return;
    long after = e->snaps.at >= 0 ? e->snaps.at + e->snaps.len : 0;
    long every = e->snaps.len > SNAP_MIN_BYTES ? e->snaps.len : SNAP_MIN_BYTES;
    if (journal_size(e->j) - after >= every || e->snaps.records_since >= SNAP_MAX_RECORDS)
        records_snapshot(e, now);
}

int records_begin_again(engine_t *e, int64_t now, uint32_t roster_version, char *err, size_t errlen)
{
    json_t *rec = records_init(e, now, e->configured_name, e->configured_text);
    if (rec) {
        /* seq and the roster's version go on: every screen sees a change,
         * and a restart numbers from here. So do the records' numbers: an
         * end mark of the tournament put aside never reads as a loss. */
        json_object_set_new(rec, "seq", json_integer((json_int_t)e->seq + 1));
        json_object_set_new(rec, "roster_version", json_integer((json_int_t)roster_version));
    }
    int64_t n = 0, wall = 0;
    char *text = rec ? record_text(e, rec, &n, &wall) : NULL;
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
    /* journal_rewrite syncs: atomically the old journal or the new one. */
    if (rc == 0)
        rc = journal_rewrite(e->j, payloads, &len, 1, why, sizeof why);
    free(text);
    if (rc != 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    e->n_rec = n;
    e->snaps = (snaps_t){.at = -1, .prev_at = -1, .records_since = 1};
    records_mark(e, n, wall);
    return 0;
}
