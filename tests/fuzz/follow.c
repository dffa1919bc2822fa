/* Fuzz target: what a follower reads from its master: the event stream's HTTP response (chunked or not), its events, and each state in them; or /api/structure's, /api/players', /api/settings' or /api/slides' response. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "follow/http.h"
#include "follow/slides_copy.h"
#include "follow/sse.h"
#include "json/codec.h"
#include "json/mirror.h"
#include "json/parse_state.h"
#include "model/voice.h"
#include "store/config.h"

static settings_t config;
/* The readers are as large as the follower's (a state may be 256 KB): kept
 * here, not on the stack. */
static http_reader_t http;
static sse_parser_t sse;
static tourney_t scratch;

typedef struct {
    bool structure;            /* the body is /api/structure's */
    char *body;
    size_t len;
} ctx_t;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    config_load_default(&config);
    return 0;
}

/* As the follower does with each `event: state`. */
static int on_event(void *ctx, const char *event, const char *data, size_t len)
{
    (void)ctx;
    if (!event || strcmp(event, "state") != 0)
        return 0;
    if (strlen(data) != len || len > SSE_DATA_MAX)
        abort(); /* the promise of sse.h: NUL-terminated, whole */
    json_error_t je;
    json_t *o = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(o)) {
        json_decref(o);
        return -1;
    }
    char err[200] = "";
    if (codec_state_fits(o, &config.structure) &&
        codec_state_parse(o, &config.structure, 5000000, &scratch, err, sizeof err) == 0) {
        /* A state the follower shows is one the wall can draw. */
        tourney_view_t v;
        tourney_view(&scratch, 5000000, &v);
        if (scratch.clock.level < 0 || scratch.clock.level >= scratch.s.n_levels ||
            v.remaining_ms < 0) {
            fprintf(stderr, "a state from the master was taken but makes no sense\n");
            abort();
        }
    } else if (!err[0] && codec_state_fits(o, &config.structure)) {
        abort(); /* refused without a reason for the wall */
    }
    json_decref(o);
    return 0;
}

static int on_body(void *vctx, const char *data, size_t len)
{
    ctx_t *c = vctx;
    if (c->structure) {
        if (c->len + len > (1 << 20))
            return -1;
        char *p = realloc(c->body, c->len + len + 1);
        if (!p)
            return -1;
        memcpy(p + c->len, data, len);
        c->body = p;
        c->len += len;
        return 0;
    }
    return sse_feed(&sse, data, len, on_event, NULL);
}

/* /api/players, as the follower reads it for its wall: taken only whole
 * and consistent (every seated player in his table's seat), or refused
 * with a reason. */
static roster_t roster;
static void players_done(const json_t *o)
{
    char err[256] = "";
    if (mirror_roster(o, 5000000, &roster, err, sizeof err) != 0) {
        if (!err[0])
            abort();
        return;
    }
    for (int i = 0; i < roster.n_players; i++) {
        const player_t *p = &roster.players[i];
        if (p->status == PLAYER_SEATED &&
            (p->table < 0 || p->table >= roster.n_tables || p->seat < 1 ||
             p->seat > roster.tables[p->table].seats ||
             roster.tables[p->table].occupant[p->seat - 1] != i + 1))
            abort();
    }
    for (int i = 0; i < moves_log_count(&roster.moves); i++) {
        const move_rec_t *m = moves_log_get(&roster.moves, i);
        if (m->player < 0 || m->player >= roster.n_players || m->to_table < 0 ||
            m->to_table >= roster.n_tables || m->from_table >= roster.n_tables)
            abort();
    }
}

/* /api/settings' sound: taken whole (a volume 0..100, known sounds) or
 * refused with a reason and nothing changed. */
static void sound_done(const json_t *o)
{
    memset(&scratch, 0, sizeof scratch);
    char err[256] = "";
    if (mirror_sound(o, &scratch, err, sizeof err) != 0) {
        if (!err[0] || scratch.volume_set)
            abort();
        return;
    }
    if (!scratch.volume_set || scratch.volume < 0 || scratch.volume > 100)
        abort();
    for (int e = 0; e < VOICE__COUNT; e++)
        if (scratch.sounds[e][0] && !voice_sound_known(scratch.sounds[e]))
            abort();
}

/* /api/slides: copied into a store in memory (pictures cannot be fetched
 * here); never more slides than the list has, and every one that is kept
 * can be listed. */
static slides_t *store;
static char *no_picture(void *ctx, const char *path, size_t *len)
{
    (void)ctx, (void)path, (void)len;
    return NULL;
}
static void slides_done(const json_t *o)
{
    char err[256] = "";
    if (!store && !(store = slides_open(NULL, err, sizeof err)))
        return;
    int rc = slides_copy(store, o, no_picture, NULL, err, sizeof err);
    if (rc != 0 && !err[0])
        abort();
    static slide_t listed[SLIDES_MAX];
    int n = slides_list(store, listed, SLIDES_MAX, NULL);
    const json_t *items = json_object_get(o, "slides");
    if (n > SLIDES_MAX || (json_is_array(items) && (size_t)n > json_array_size(items)))
        abort();
}

static void structure_done(ctx_t *c)
{
    json_error_t je;
    json_t *o = json_loadb(c->body ? c->body : "", c->len, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        return;
    if (json_object_get(o, "players")) {
        players_done(o);
        json_decref(o);
        return;
    }
    if (json_object_get(o, "sound")) {
        sound_done(o);
        json_decref(o);
        return;
    }
    if (json_object_get(o, "slides")) {
        slides_done(o);
        json_decref(o);
        return;
    }
    structure_t *s = malloc(sizeof *s);
    char err[200] = "", why[200];
    if (codec_structure_parse(o, s, err, sizeof err) == 0) {
        if (!structure_validate(s, why, sizeof why)) {
            fprintf(stderr, "a structure from the master was taken but is not valid: %s\n", why);
            abort();
        }
        /* And back: what this clock would serve reads as the same. */
        json_t *again = codec_structure(s);
        structure_t *t = malloc(sizeof *t);
        if (codec_structure_parse(again, t, err, sizeof err) != 0) {
            fprintf(stderr, "a structure does not read back: %s\n", err);
            abort();
        }
        json_t *thrice = codec_structure(t);
        if (!json_equal(again, thrice))
            abort();
        json_decref(again);
        json_decref(thrice);
        free(t);
    } else if (!err[0]) {
        abort();
    }
    free(s);
    json_decref(o);
}

/* The first byte chooses what is read (bit 0: the structure's response, not
 * the stream) and how the rest arrives: in pieces of 1 to 64 bytes, as a
 * network hands them over, or all at once. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    ctx_t c = {.structure = data[0] & 1};
    size_t piece = (data[0] >> 1) & 63 ? (size_t)((data[0] >> 1) & 63) : size;
    data++, size--;
    http_reader_init(&http);
    sse_init(&sse);
    int st = HTTP_MORE;
    for (size_t at = 0; at < size && st == HTTP_MORE;) {
        size_t n = size - at < piece ? size - at : piece, used = 0;
        st = http_reader_feed(&http, (const char *)data + at, n, on_body, &c, &used);
        if (st == HTTP_DONE && used > n)
            abort(); /* used more than it was given */
        at += n;
    }
    if (st == HTTP_MORE)
        st = http_reader_eof(&http);
    if (st == HTTP_ERROR && !http.err[0])
        abort(); /* an error without a word for the log */
    if (c.structure && st == HTTP_DONE && http.status == 200)
        structure_done(&c);
    free(c.body);
    return 0;
}
