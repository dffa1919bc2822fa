/* A new tournament: the one played is put aside in the archive with its sheets, the journal begins
 * again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_core.h"
#include "store/archive.h"
#include "store/file.h"
#include "store/tables.h"

/* The largest journal a new tournament copies into the archive: compaction
 * keeps a journal far smaller. */
static const size_t ARCHIVE_JOURNAL_MAX = (size_t)256 << 20;

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
        records_snapshot(e, now);
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
        rc = archive_put(e->state_dir, e->m->m.t.s.name, (time_t)(engine_wall_ms() / 1000), files,
                         o->sheet ? 3 : 1, dir, dirlen, err, errlen);
    }
    free(journal);
    free(sheet);
    free(csv);
    return rc;
}

/* The new tournament (in e->scratch) becomes the one played, with its
 * configuration's tables and languages; what the old one owed is dropped. */
static void take_new(engine_t *e, const settings_t *c, const roster_t *tables, int64_t now)
{
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
    e->last_checkpoint = now;
}

/* A tap by mistake loses nothing: a tournament under way is put aside only
 * when the request says so. One that is over, or where nothing happened
 * yet, has nothing to lose. */
static bool may_put_aside(engine_t *e, const engine_new_options_t *o, int64_t now, refusal_t *err)
{
    const tourney_t *t = &e->m->m.t;
    tourney_view_t v;
    tourney_view(t, now, &v);
    bool idle = !t->clock.started && t->entries == 0 && e->m->r.n_players == 0;
    if (o->confirm || v.over || idle)
        return true;
    if (v.players_left == 1)
        refuse_new_still_running_one(err, t->s.name);
    else
        refuse_new_still_running(err, t->s.name, v.players_left);
    return false;
}

apply_status engine_new_tournament(engine_t *e, const engine_new_options_t *o, int64_t now,
                                   char *archived, size_t archivedlen, refusal_t *err)
{
    archived[0] = 0;
    if (e->follow_url)
        return refuse_new_follower(err, e->follow_url);
    if (e->read_only)
        return refuse_read_only(err);
    settings_t *c = calloc(1, sizeof *c);
    config_problems_t *probs = calloc(1, sizeof *probs);
    roster_t *tables = malloc(sizeof *tables);
    apply_status status = APPLY_UNAVAILABLE;
    pthread_mutex_lock(&e->write_lock);
    if (!may_put_aside(e, o, now, err)) {
        status = APPLY_CONFLICT;
        goto out;
    }
    const tourney_t *t = &e->m->m.t;
    bool idle = !t->clock.started && t->entries == 0 && e->m->r.n_players == 0;
    if (!c || !probs || !tables) {
        refuse_out_of_memory(err);
        goto out;
    }
    if (!config_load_string(e->configured_text, e->configured_name, c, probs)) {
        char line[512] = "the tournament configuration has errors";
        if (probs->n > 0)
            config_problem_format(&probs->items[0], line, sizeof line);
        status = refuse_new_config(err, line);
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
            refuse_new_not_archived(err, why);
            goto out;
        }
        if (records_begin_again(e, now, roster_version, why, sizeof why) != 0) {
            if (dir[0])
                archive_remove(e->state_dir, dir);
            refuse_new_not_begun(err, why);
            goto out;
        }
    }
    take_new(e, c, tables, now);
    snprintf(archived, archivedlen, "%s", dir);
    fprintf(stderr, "pokerclock: a new tournament: %s%s\n",
            dir[0] ? "the last one is kept in " : "nothing to keep", dir);
    status = APPLY_OK;
    engine_publish(e, now);
out:;
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    if (status == APPLY_OK)
        engine_notify(e, seq);
    free(c);
    free(probs);
    free(tables);
    return status;
}
