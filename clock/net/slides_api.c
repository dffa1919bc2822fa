/* The slides API: the list, a picture, and the director's changes (each with
 * the session, like every command). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "base/prefix.h"
#include "net/headers.h"
#include "net/reply.h"
#include "net/slides_api.h"
#include "store/picture.h"

bool slides_api_url(const char *url)
{
    const char *rest = starts_with(url, "/api/slides");
    return rest && (*rest == 0 || *rest == '/');
}

/* GET /api/slides: every slide in order, with "live" (shown now, by this
 * clock's time) and a picture's "url". */
static enum MHD_Result list(struct MHD_Connection *con, slides_t *s)
{
    static slide_t items[SLIDES_MAX]; /* too large for a server thread's stack */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    uint64_t version;
    int n = slides_list(s, items, SLIDES_MAX, &version);
    time_t now = time(NULL);
    json_t *arr = json_array();
    for (int i = 0; i < n && i < SLIDES_MAX; i++) {
        json_t *j = slides_slide_json(&items[i]);
        json_object_set_new(j, "order", json_integer(i));
        json_object_set_new(j, "live", json_boolean(slides_live(&items[i], now)));
        if (items[i].kind == SLIDE_IMAGE) {
            char url[48];
            snprintf(url, sizeof url, "/api/slides/%d", items[i].id);
            json_object_set_new(j, "url", json_string(url));
        }
        json_array_append_new(arr, j);
    }
    pthread_mutex_unlock(&lock);
    return reply_json(con, MHD_HTTP_OK,
                      json_pack("{s:I, s:o, s:i, s:i}", "version", (json_int_t)version, "slides",
                                arr, "max", SLIDES_MAX, "max_bytes", PICTURE_BYTES_MAX),
                      NULL, NULL);
}

/* A time window's end: a string, or null for none. */
static bool when_field(json_t *v, char *out, const char *name, refusal_t *no)
{
    const char *t = json_string_value(v);
    if (json_is_null(v) || (t && !*t)) {
        out[0] = 0;
        return true;
    }
    if (!t || strlen(t) >= SLIDE_WHEN_LEN) {
        refuse_slide_when(no, name);
        return false;
    }
    snprintf(out, SLIDE_WHEN_LEN, "%s", t);
    return true;
}

/* {"seconds", "enabled", "from", "until", "order", "title", "lines"}: any of
 * them; anything else is refused. 0, or -1 with *no. */
static int change_parse(const char *body, size_t len, slide_change_t *c, refusal_t *no)
{
    memset(c, 0, sizeof *c);
    refusal_clear(no);
    json_error_t je;
    json_t *j = body ? json_loadb(body, len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (!json_is_object(j)) {
        refuse_body_not_object(no);
        json_decref(j);
        return -1;
    }
    const char *key;
    json_t *v;
    int rc = 0;
    json_object_foreach(j, key, v)
    {
        if (rc)
            break;
        if (!strcmp(key, "seconds") && json_is_integer(v)) {
            c->has_seconds = true;
            json_int_t x = json_integer_value(v);
            c->seconds = x < 0 ? -1 : x > 100000 ? 100000 : (int)x;
        } else if (!strcmp(key, "enabled") && json_is_boolean(v)) {
            c->has_enabled = true;
            c->enabled = json_is_true(v);
        } else if (!strcmp(key, "order") && json_is_integer(v)) {
            c->has_order = true;
            json_int_t x = json_integer_value(v);
            c->order = x < 0 ? 0 : x > SLIDES_MAX ? SLIDES_MAX : (int)x;
        } else if (!strcmp(key, "from")) {
            c->has_from = true;
            rc = when_field(v, c->from, "from", no) ? 0 : -1;
        } else if (!strcmp(key, "until")) {
            c->has_until = true;
            rc = when_field(v, c->until, "until", no) ? 0 : -1;
        } else if (!strcmp(key, "title") && json_is_string(v)) {
            c->has_text = true;
            if (json_string_length(v) >= SLIDE_TITLE_MAX) {
                refuse_slide_title_long(no, SLIDE_TITLE_MAX - 1);
                rc = -1;
            } else {
                snprintf(c->title, sizeof c->title, "%s", json_string_value(v));
            }
        } else if (!strcmp(key, "lines") && json_is_array(v)) {
            c->has_text = true;
            size_t i;
            json_t *line;
            if (json_array_size(v) > SLIDE_LINES) {
                refuse_slide_lines_most(no, SLIDE_LINES);
                rc = -1;
            }
            json_array_foreach(v, i, line)
            {
                if (rc)
                    break;
                if (!json_is_string(line) || json_string_length(line) >= SLIDE_LINE_MAX) {
                    refuse_slide_line_long(no, (long long)i + 1, SLIDE_LINE_MAX - 1);
                    rc = -1;
                } else {
                    snprintf(c->lines[c->n_lines++], SLIDE_LINE_MAX, "%s", json_string_value(line));
                }
            }
        } else {
            refuse_slide_key(no, key);
            rc = -1;
        }
    }
    json_decref(j);
    return rc;
}

static enum MHD_Result answer_slide(struct MHD_Connection *con, unsigned status, const slide_t *sl)
{
    json_t *j = slides_slide_json(sl);
    if (sl->kind == SLIDE_IMAGE) {
        char url[48];
        snprintf(url, sizeof url, "/api/slides/%d", sl->id);
        json_object_set_new(j, "url", json_string(url));
    }
    return reply_json(con, status, json_pack("{s:b, s:o}", "ok", 1, "slide", j), NULL, NULL);
}

/* POST /api/slides: a picture as the body (image/png, image/jpeg; seconds
 * in the query), or a text slide as JSON. */
static enum MHD_Result add(struct MHD_Connection *con, slides_t *s, const char *body, size_t len)
{
    const char *type = MHD_lookup_connection_value(con, MHD_HEADER_KIND, "Content-Type");
    refusal_t no;
    slide_t added;
    apply_status status;
    if (headers_type_is(type, "image/png") || headers_type_is(type, "image/jpeg")) {
        const char *q = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, "seconds");
        int seconds = q ? atoi(q) : 0;
        if (q && (seconds < SLIDE_SECONDS_MIN || seconds > SLIDE_SECONDS_MAX)) {
            refuse_slide_seconds(&no, SLIDE_SECONDS_MIN, SLIDE_SECONDS_MAX);
            return reply_refused(con, &no);
        }
        if (!body || !len) {
            refuse_picture_body_empty(&no);
            return reply_refused(con, &no);
        }
        status = slides_add_picture(s, body, len, seconds, &added, &no);
        picture_thread_end();
    } else if (headers_type_is(type, "application/json")) {
        slide_change_t c;
        if (change_parse(body, len, &c, &no) != 0)
            return reply_refused(con, &no);
        if (c.has_seconds && (c.seconds < SLIDE_SECONDS_MIN || c.seconds > SLIDE_SECONDS_MAX)) {
            refuse_slide_seconds(&no, SLIDE_SECONDS_MIN, SLIDE_SECONDS_MAX);
            return reply_refused(con, &no);
        }
        status = slides_add_text(s, &c, c.has_seconds ? c.seconds : 0, &added, &no);
        if (status == APPLY_OK && (c.has_enabled || c.has_from || c.has_until || c.has_order)) {
            c.has_text = c.has_seconds = false;
            slide_t now;
            if (slides_change(s, added.id, &c, &now, &no) == APPLY_OK)
                added = now;
        }
    } else {
        return reply_error(con, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE,
                           "send a picture (Content-Type: image/png or image/jpeg) or a text "
                           "slide (Content-Type: application/json)");
    }
    if (status != APPLY_OK)
        return reply_refused(con, &no);
    return answer_slide(con, MHD_HTTP_CREATED, &added);
}

static enum MHD_Result picture(struct MHD_Connection *con, slides_t *s, int id)
{
    size_t len;
    bool png;
    unsigned char *data = slides_picture(s, id, &len, &png);
    if (!data) {
        refusal_t no;
        refuse_slide_no_picture(&no, id);
        return reply_refused(con, &no);
    }
    struct MHD_Response *r = MHD_create_response_from_buffer(len, data, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(data);
        return reply_queue(con, MHD_HTTP_OK, NULL);
    }
    /* Screens keep the picture and ask again with its tag: a fresh state
     * directory starts its ids at 1 again, so an id alone does not name
     * a picture for ever. */
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    char tag[40];
    snprintf(tag, sizeof tag, "\"%d-%016llx\"", id, (unsigned long long)h);
    const char *seen = MHD_lookup_connection_value(con, MHD_HEADER_KIND, "If-None-Match");
    if (seen && strcmp(seen, tag) == 0) {
        MHD_destroy_response(r);
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (!r)
            return reply_queue(con, MHD_HTTP_OK, NULL);
        MHD_add_response_header(r, "ETag", tag);
        MHD_add_response_header(r, "Cache-Control", "no-cache");
        return reply_queue(con, MHD_HTTP_NOT_MODIFIED, r);
    }
    MHD_add_response_header(r, "Content-Type", png ? "image/png" : "image/jpeg");
    MHD_add_response_header(r, "ETag", tag);
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    return reply_queue(con, MHD_HTTP_OK, r);
}

enum MHD_Result slides_api_answer(struct MHD_Connection *con, slides_t *s, const char *method,
                                  const char *url, const char *body, size_t len, bool logged_in)
{
    bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    if (!s)
        return reply_error(con, MHD_HTTP_NOT_FOUND, "this clock has no slides");
    if (url[11] == 0) {
        if (get)
            return list(con, s);
        if (strcmp(method, "POST") != 0)
            return reply_error(con, MHD_HTTP_METHOD_NOT_ALLOWED, "/api/slides takes GET or POST");
        if (!logged_in)
            return reply_login_first(con);
        return add(con, s, body, len);
    }
    const char *tail = url + 12;
    if (!*tail || strlen(tail) > 9 || strspn(tail, "0123456789") != strlen(tail))
        return reply_error(con, MHD_HTTP_NOT_FOUND, "there is no %.200s in this API", url);
    int id = atoi(tail);
    if (get)
        return picture(con, s, id);
    bool change = !strcmp(method, "POST") || !strcmp(method, "PATCH");
    if (!change && strcmp(method, "DELETE") != 0)
        return reply_error(con, MHD_HTTP_METHOD_NOT_ALLOWED,
                           "/api/slides/%d takes GET, POST (a change) or DELETE", id);
    if (!logged_in)
        return reply_login_first(con);
    refusal_t no;
    if (!change) {
        if (slides_remove(s, id, &no) != APPLY_OK)
            return reply_refused(con, &no);
        return reply_json(con, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1), NULL, NULL);
    }
    if (!headers_json_ok(MHD_lookup_connection_value(con, MHD_HEADER_KIND, "Content-Type"), len))
        return reply_error(con, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "%s", HEADERS_NOT_JSON);
    slide_change_t c;
    slide_t now;
    if (change_parse(body, len, &c, &no) != 0)
        return reply_refused(con, &no);
    if (slides_change(s, id, &c, &now, &no) != APPLY_OK)
        return reply_refused(con, &no);
    return answer_slide(con, MHD_HTTP_OK, &now);
}
