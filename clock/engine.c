/* The one writer: validates, journals and applies commands, publishes snapshots. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "engine_core.h"
#include "store/archive.h"
#include "store/config.h"
#include "store/journal.h"
#include "store/snapshot.h"
#include "json/codec.h"
#include "json/roster.h"

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
    engine_start_game(e, c);
    e->snaps = (snaps_t){.at = -1, .prev_at = -1};

    /* The tournament from the journal in the state directory, or a new
     * journal begun with it. A journal that cannot be opened or written is
     * a storage error the director sees (the clock runs on); an error only
     * when one is there but cannot be read at all. */
    if (e->state_dir && replay_open(e, err, errlen) != 0)
        goto fail;
    if (e->state_dir && !e->read_only)
        archive_clean(e->state_dir);
    free(c);
    free(probs);
    engine_publish(e, engine_now(e));
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
    engine_roster_release(e->roster);
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

/* The end-of-day card (docs/rules.md §5): uniform on 3..7 from the kernel's random
 * source. Bytes of 250 and more are drawn again, so that each of the five
 * cards has exactly 50 of the 250 accepted values (no modulo bias). */
static int draw_card(refusal_t *err)
{
    for (;;) {
        unsigned char b;
        ssize_t n = getrandom(&b, 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != 1) {
            refuse_random_card(err, n < 0 ? strerror(errno) : "no bytes");
            return -1;
        }
        if (b < 250)
            return 3 + b % 5;
    }
}

/* Uniform 64-bit numbers from the kernel's random source, for seat draws. */
static int draw_numbers(uint64_t *out, int n, refusal_t *err)
{
    size_t want = (size_t)n * sizeof *out, got = 0;
    while (got < want) {
        ssize_t k = getrandom((char *)out + got, want - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            refuse_random_seats(err, k < 0 ? strerror(errno) : "no bytes");
            return -1;
        }
        got += (size_t)k;
    }
    return 0;
}

apply_status engine_apply(engine_t *e, const command_t *c, int64_t now, refusal_t *err)
{
    return engine_apply_get(e, c, now, NULL, err);
}

/* The seats a command needs are drawn here, once, into *drawn (which *c
 * then points at), and journaled with the command: replay seats the same
 * players at the same seats. */
static apply_status draw_seats(engine_t *e, const command_t **c, command_t *drawn, refusal_t *err)
{
    int seats = game_draws_needed(e->m, *c);
    if (seats <= 0)
        return APPLY_OK;
    uint64_t rnd[TOURNEY_MAX_REGISTER];
    seats = seats < TOURNEY_MAX_REGISTER ? seats : TOURNEY_MAX_REGISTER;
    if (*c != drawn) {
        *drawn = **c;
        *c = drawn;
    }
    if (draw_numbers(rnd, seats, err))
        return APPLY_UNAVAILABLE;
    return game_draw(e->m, drawn, rnd, err) ? APPLY_OK : APPLY_CONFLICT;
}

/* The command and what it changes on disk before it is acknowledged. On
 * failure the clock says so (storage_error, published) and the command is
 * refused: -1. */
static int journal_command(engine_t *e, const command_t *c, int64_t now, refusal_t *err)
{
    char why[512] = "";
    int rc = -1;
    /* Without a journal no command was ever accepted: the state is still
     * the configuration's, and the journal can start from it. */
    if (e->j || records_start(e, why, sizeof why) == 0)
        rc = records_append(e, records_command(e, c, now, e->seq + 1, e->m, e->scratch), true, why,
                            sizeof why);
    if (rc != 0) {
        /* Never acknowledge what is not on disk: refuse, change nothing. */
        snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
        refuse_not_saved(err, why);
        engine_publish(e, now);
        return -1;
    }
    e->storage_error[0] = 0;
    return 0;
}

apply_status engine_apply_get(engine_t *e, const command_t *c, int64_t now, command_t *done,
                              refusal_t *err)
{
    command_t drawn;
    if (c->type == CMD_DAY_END_DRAW) {
        /* The card is drawn here, once, and journaled with the command:
         * replay applies the same card and never draws again. */
        drawn = *c;
        if ((drawn.drawn = draw_card(err)) < 0)
            return APPLY_UNAVAILABLE;
        c = &drawn;
    }
    if (c->type == CMD_POWER_RECOVERED)
        return refuse_command_type_unknown(err);
    if (e->follow_url)
        return refuse_follower(err, e->follow_url);
    if (e->read_only)
        return refuse_read_only(err);
    pthread_mutex_lock(&e->write_lock);
    apply_status st = draw_seats(e, &c, &drawn, err);
    if (st != APPLY_OK) {
        pthread_mutex_unlock(&e->write_lock);
        return st;
    }
    int first_new = e->m->r.n_players + 1;
    int named = c->type != CMD_REGISTER && game_command_names_players(e->m, c)
                    ? game_player_of(e->m, c, NULL) + 1
                    : 0;
    *e->scratch = *e->m;
    st = game_apply(e->scratch, c, now, err);
    if (st != APPLY_OK) {
        pthread_mutex_unlock(&e->write_lock);
        return st;
    }
    if (e->state_dir && journal_command(e, c, now, err) != 0) {
        uint64_t seq = e->seq;
        pthread_mutex_unlock(&e->write_lock);
        engine_notify(e, seq);
        return APPLY_UNAVAILABLE;
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
    engine_publish(e, now);
    records_upkeep(e, now);
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    engine_notify(e, seq);
    return APPLY_OK;
}

void engine_set_sound(engine_t *e, const refusal_t *sound, const refusal_t *speech)
{
    static const refusal_t none = {.code = REFUSAL_NONE};
    pthread_mutex_lock(&e->write_lock);
    e->sound_known = true;
    e->sound = sound ? *sound : none;
    e->speech = speech ? *speech : none;
    engine_publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    engine_notify(e, seq);
}

/* With write_lock held and something beside the tournament set: a new
 * state is published when it changed, and the lock let go. */
static void publish_unlock(engine_t *e, bool changed)
{
    if (changed)
        engine_publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    if (changed)
        engine_notify(e, seq);
}

void engine_set_printer(engine_t *e, const char *status)
{
    pthread_mutex_lock(&e->write_lock);
    bool changed = strncmp(e->printer, status, sizeof e->printer) != 0;
    snprintf(e->printer, sizeof e->printer, "%s", status);
    publish_unlock(e, changed);
}

void engine_set_slides_version(engine_t *e, uint64_t version)
{
    pthread_mutex_lock(&e->write_lock);
    bool changed = e->slides_version != version;
    e->slides_version = version;
    publish_unlock(e, changed);
}

int engine_mirror(engine_t *e, const tourney_t *t, const char *notice)
{
    if (!e->follow_url)
        return -1;
    pthread_mutex_lock(&e->write_lock);
    if (t)
        e->m->m.t = *t;
    snprintf(e->notice, sizeof e->notice, "%s", notice ? notice : "");
    engine_publish(e, engine_now(e));
    uint64_t seq = e->seq;
    pthread_mutex_unlock(&e->write_lock);
    engine_notify(e, seq);
    return 0;
}

int engine_mirror_players(engine_t *e, uint32_t version, char *json, size_t len, const roster_t *r)
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
        engine_publish(e, now);
        seq = e->seq;
    }
    if (e->j && !e->read_only && e->m->m.t.clock.running &&
        now - e->last_checkpoint >= CHECKPOINT_EVERY_MS) {
        char why[512];
        json_t *rec = json_pack("{s:s, s:I, s:I}", "k", "ckpt", "t", (json_int_t)now, "seq",
                                (json_int_t)e->seq);
        /* Not synced: the file system commits within seconds, and a power
         * cut losing the last few seconds is the accepted cost. */
        if (records_append(e, rec, false, why, sizeof why) == 0) {
            records_upkeep(e, now);
            if (e->storage_error[0]) {
                e->storage_error[0] = 0;
                engine_publish(e, now);
                seq = e->seq;
            }
        } else if (!e->storage_error[0]) {
            snprintf(e->storage_error, sizeof e->storage_error, "cannot save: %s", why);
            engine_publish(e, now);
            seq = e->seq;
        }
        e->last_checkpoint = now;
    }
    pthread_mutex_unlock(&e->write_lock);
    if (seq)
        engine_notify(e, seq);
}
