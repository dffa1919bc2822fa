/* JSON replies: every answer of the API, errors included, goes out through here. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/text.h"
#include "net/reply.h"
#include "json/card.h"
#include "json/codec.h"
#include "json/show.h"

/* What the screen shows at now, decided as the wall decides it. */
static json_t *view_of(const snapshot_t *snap, int64_t now)
{
    show_t *sh = malloc(sizeof *sh);
    if (!sh)
        return json_null();
    show_input_t in = {.t = &snap->t,
                       .roster = snap->roster,
                       .storage_error = snap->storage_error,
                       .follows = snap->follows,
                       .notice = snap->notice};
    show_decide(&in, now, -1, sh);
    json_t *j = show_json(sh);
    free(sh);
    return j ? j : json_null();
}

json_t *reply_view(engine_t *e)
{
    const snapshot_t *snap = engine_snapshot(e);
    json_t *j = view_of(snap, engine_now(e));
    json_t *o = json_pack("{s:I, s:o}", "seq", (json_int_t)snap->seq, "view", j);
    snapshot_release(snap);
    return o;
}

/* The sound settings set on the panel, as a number that changes with
 * them: the pages fetch GET /api/settings again when it does. */
static uint32_t sound_key(const tourney_t *t)
{
    uint32_t key = 2166136261u;
    const unsigned char *parts[] = {(const unsigned char *)&t->volume_set,
                                    (const unsigned char *)&t->volume,
                                    (const unsigned char *)t->sounds,
                                    (const unsigned char *)&t->speak_set,
                                    (const unsigned char *)&t->speak_on};
    const size_t sizes[] = {sizeof t->volume_set, sizeof t->volume, sizeof t->sounds,
                            sizeof t->speak_set, sizeof t->speak_on};
    for (int k = 0; k < 5; k++)
        for (size_t b = 0; b < sizes[k]; b++)
            key = (key ^ parts[k][b]) * 16777619u;
    return key;
}

/* Whether the wall's sound device and voice work, and why not; null until
 * the wall has opened (or not) its sound device. */
static json_t *sound_json(const snapshot_t *snap)
{
    if (!snap->sound_known)
        return json_null();
    bool device = snap->sound.code == REFUSAL_NONE, voice = snap->speech.code == REFUSAL_NONE;
    json_t *j = json_pack("{s:b, s:b}", "device", device, "speech", device && voice);
    /* why: the English (UTF-8 made whole); why_refusal: its code and values. */
    json_t *no = device ? json_null() : reply_refusal_json(&snap->sound);
    json_object_set(j, "why", device ? json_null() : json_object_get(no, "error"));
    json_object_set_new(j, "why_refusal", no);
    no = voice ? json_null() : reply_refusal_json(&snap->speech);
    json_object_set(j, "speech_why", voice ? json_null() : json_object_get(no, "error"));
    json_object_set_new(j, "speech_why_refusal", no);
    return j;
}

/* The wall's languages, as set on the panel or configured; its quiet
 * switch, its sound and the last text typed to be spoken. */
static void add_wall_settings(json_t *j, const snapshot_t *snap)
{
    const tourney_t *t = &snap->t;
    json_object_set_new(j, "language", json_string(snap->language));
    json_object_set_new(j, "language2",
                        snap->language2[0] ? json_string(snap->language2) : json_null());
    /* Set on the panel: follower screens take them too (the
     * configuration's stay each screen's own). */
    json_object_set_new(j, "language_set", json_boolean(t->language[0] != 0));
    json_object_set_new(j, "quiet", json_boolean(t->quiet));
    json_object_set_new(j, "sound_key", json_integer(sound_key(t)));
    /* The venue's slides: fetch GET /api/slides again when it changes. */
    json_object_set_new(j, "slides_version", json_integer((json_int_t)snap->slides_version));
    /* When the director last called a color-up done (the pages say it). */
    json_object_set_new(j, "color_up_at",
                        t->color_up_at && t->color_up_value ? json_integer(t->color_up_at)
                                                            : json_null());
    json_object_set_new(j, "said",
                        t->said_at
                            ? json_pack("{s:s, s:I}", "text", t->said, "at", (json_int_t)t->said_at)
                            : json_null());
    json_object_set_new(j, "sound", sound_json(snap));
    /* The receipt printer's status: null without one. */
    json_object_set_new(j, "printer", snap->printer[0] ? json_string(snap->printer) : json_null());
}

/* Seat s of the final table: its player and the card dealt for the button. */
static json_t *final_seat_json(const snapshot_t *snap, const table_t *tb, int s)
{
    const tourney_t *t = &snap->t;
    int p = tb->occupant[s - 1] - 1, card = t->final_cards[s - 1] - 1;
    char label[64] = "", cardtext[CARD_TEXT];
    if (p >= 0)
        roster_player_shown(snap->roster, p, t->s.house.short_names, label, sizeof label);
    card_text(card, cardtext);
    return json_pack("{s:i, s:o, s:s, s:s, s:o}", "seat", s, "player",
                     p >= 0 ? json_integer(p + 1) : json_null(), "name",
                     p >= 0 && snap->roster->players[p].name[0] ? label : "", "label", label,
                     "card", cardtext[0] ? json_string(cardtext) : json_null());
}

/* The final table's seat list while the wall shows it (ten seats at most),
 * null otherwise. */
static json_t *final_table_json(const snapshot_t *snap, int64_t now)
{
    const tourney_t *t = &snap->t;
    int64_t left = TOURNEY_FINAL_SHOWN_MS - (now - t->final_at);
    int ti = snap->roster ? roster_table_by_number(snap->roster, t->final_table) : -1;
    json_t *seats = NULL;
    if (!t->final_at || left <= 0 || ti < 0 || !(seats = json_array()))
        return json_null();
    const table_t *tb = &snap->roster->tables[ti];
    for (int s = 1; s <= tb->seats && s <= TOURNEY_FINAL_SEATS; s++)
        json_array_append_new(seats, final_seat_json(snap, tb, s));
    return json_pack("{s:i, s:o, s:I, s:o}", "table", t->final_table, "button",
                     t->final_button ? json_integer(t->final_button) : json_null(), "remaining_ms",
                     (json_int_t)left, "seats", seats);
}

json_t *reply_state(engine_t *e, uint64_t *seq)
{
    const snapshot_t *snap = engine_snapshot(e);
    int64_t now = engine_now(e);
    json_t *j = codec_state(&snap->t, snap->seq, now, snap->storage_error, snap->notice);
    if (j) {
        /* What the wall shows, for the pages that show the same (/display). */
        json_object_set_new(j, "view", view_of(snap, now));
        /* A follower's panel says where the tournament is run from. */
        json_object_set_new(j, "follows",
                            snap->follows[0] ? json_string(snap->follows) : json_null());
        add_wall_settings(j, snap);
        json_object_set_new(j, "final_table", final_table_json(snap, now));
    }
    if (j && snap->roster) {
        /* The roster is its own resource (GET /api/players): clients fetch
         * it when this number changes; GET /api/moves when the second
         * does (the wall's strip of moves). */
        json_object_set_new(j, "roster_version", json_integer(snap->roster->version));
        json_object_set_new(j, "moves_total", json_integer(snap->roster->moves.total));
    }
    if (seq)
        *seq = snap->seq;
    snapshot_release(snap);
    return j;
}

enum MHD_Result reply_queue(struct MHD_Connection *con, unsigned status, struct MHD_Response *r)
{
    if (!r) {
        static const char oom[] = "{\"error\": \"the clock is out of memory\"}";
        r = MHD_create_response_from_buffer(sizeof oom - 1, (void *)oom, MHD_RESPMEM_PERSISTENT);
        if (!r)
            return MHD_NO;
        MHD_add_response_header(r, "Content-Type", "application/json");
        status = MHD_HTTP_INTERNAL_SERVER_ERROR;
    }
    enum MHD_Result rc = MHD_queue_response(con, status, r);
    MHD_destroy_response(r);
    return rc;
}

enum MHD_Result reply_json(struct MHD_Connection *con, unsigned status, json_t *j,
                           void (*extra)(struct MHD_Response *r, void *ctx), void *ctx)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    struct MHD_Response *r = text ? MHD_create_response_from_buffer(strlen(text), text,
                                                                    MHD_RESPMEM_MUST_FREE)
                                  : NULL;
    if (!r) {
        free(text);
        return reply_queue(con, status, NULL);
    }
    MHD_add_response_header(r, "Content-Type", "application/json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    if (extra)
        extra(r, ctx);
    return reply_queue(con, status, r);
}

/* {"error": msg}: the one shape of every refusal. */
static json_t *error_body(const char *msg)
{
    char text[REPLY_ERROR_MAX];
    snprintf(text, sizeof text, "%s", msg);
    /* A message quoting the client's address or text with a length limit
     * ("%.200s") may cut a character in two, and JSON holds only UTF-8:
     * without this the answer would be a 500. */
    text_utf8_repair(text);
    return json_pack("{s:s}", "error", text);
}

enum MHD_Result reply_error_with(struct MHD_Connection *con, unsigned status, const char *msg,
                                 void (*extra)(struct MHD_Response *r, void *ctx), void *ctx)
{
    return reply_json(con, status, error_body(msg), extra, ctx);
}

enum MHD_Result reply_error(struct MHD_Connection *con, unsigned status, const char *fmt, ...)
{
    char msg[REPLY_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return reply_error_with(con, status, msg, NULL, NULL);
}

unsigned reply_status(apply_status st)
{
    switch (st) {
    case APPLY_OK: return MHD_HTTP_OK;
    case APPLY_INVALID: return MHD_HTTP_BAD_REQUEST;
    case APPLY_CONFLICT: return MHD_HTTP_CONFLICT;
    case APPLY_UNAVAILABLE: return MHD_HTTP_SERVICE_UNAVAILABLE;
    case APPLY_UNAUTHORIZED: return MHD_HTTP_UNAUTHORIZED;
    case APPLY_TOO_MANY: return MHD_HTTP_TOO_MANY_REQUESTS;
    case APPLY_NOT_FOUND: return MHD_HTTP_NOT_FOUND;
    case APPLY_TOO_LARGE: return MHD_HTTP_CONTENT_TOO_LARGE;
    case APPLY_UNSUPPORTED: return MHD_HTTP_UNSUPPORTED_MEDIA_TYPE;
    }
    return MHD_HTTP_INTERNAL_SERVER_ERROR;
}

json_t *reply_refusal_json(const refusal_t *no)
{
    char text[sizeof no->text];
    snprintf(text, sizeof text, "%s", no->text);
    text_utf8_repair(text);
    json_t *j = json_pack("{s:b, s:s}", "ok", 0, "error", text);
    if (!j || no->code == REFUSAL_NONE)
        return j;
    json_object_set_new(j, "code", json_string(refusal_defs[no->code].code));
    for (int i = 0; i < no->n; i++) {
        if (no->v[i].is_text) {
            char v[sizeof no->v[i].text];
            snprintf(v, sizeof v, "%s", no->v[i].text);
            text_utf8_repair(v);
            json_object_set_new(j, no->v[i].name, json_string(v));
        } else {
            json_object_set_new(j, no->v[i].name, json_integer((json_int_t)no->v[i].num));
        }
    }
    return j;
}

enum MHD_Result reply_refusal(struct MHD_Connection *con, apply_status st, const refusal_t *no)
{
    return reply_json(con, reply_status(st), reply_refusal_json(no), NULL, NULL);
}

enum MHD_Result reply_refused(struct MHD_Connection *con, const refusal_t *no)
{
    return reply_refusal(con, no->status, no);
}

enum MHD_Result reply_login_first(struct MHD_Connection *con)
{
    refusal_t no;
    refuse_login_first(&no);
    return reply_refused(con, &no);
}

static void add_close(struct MHD_Response *r, void *ctx)
{
    (void)ctx;
    MHD_add_response_header(r, "Connection", "close");
}

enum MHD_Result reply_no_room(struct MHD_Connection *con, const char *msg)
{
    return reply_error_with(con, MHD_HTTP_SERVICE_UNAVAILABLE, msg, add_close, NULL);
}

static void add_retry_after(struct MHD_Response *r, void *ctx)
{
    char s[16];
    snprintf(s, sizeof s, "%d", *(int *)ctx);
    MHD_add_response_header(r, "Retry-After", s);
}

enum MHD_Result reply_refusal_retry(struct MHD_Connection *con, int retry_after_s,
                                    const refusal_t *no)
{
    json_t *j = reply_refusal_json(no);
    if (j)
        json_object_set_new(j, "retry_after_s", json_integer(retry_after_s));
    return reply_json(con, reply_status(no->status), j, add_retry_after, &retry_after_s);
}

enum MHD_Result reply_error_retry(struct MHD_Connection *con, unsigned status, int retry_after_s,
                                  const char *msg)
{
    json_t *j = error_body(msg);
    if (j)
        json_object_set_new(j, "retry_after_s", json_integer(retry_after_s));
    return reply_json(con, status, j, add_retry_after, &retry_after_s);
}
