/* A follower's copy of the master's slides (slides_copy.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/prefix.h"
#include "follow/slides_copy.h"

/* The settings a slide of the list carries besides its content. */
static void settings_of(const json_t *j, slide_change_t *c)
{
    const json_t *enabled = json_object_get(j, "enabled");
    const json_t *from = json_object_get(j, "from"), *until = json_object_get(j, "until");
    c->has_enabled = json_is_boolean(enabled);
    c->enabled = json_is_true(enabled);
    c->has_from = json_is_string(from) || json_is_null(from);
    c->has_until = json_is_string(until) || json_is_null(until);
    snprintf(c->from, sizeof c->from, "%s", json_is_string(from) ? json_string_value(from) : "");
    snprintf(c->until, sizeof c->until, "%s",
             json_is_string(until) ? json_string_value(until) : "");
}

/* One slide of the list into the store; 0, or -1 with err. */
static int copy_one(slides_t *store, const json_t *j, slides_copy_fetch_fn fetch, void *ctx,
                    char *err, size_t errlen)
{
    const char *kind = json_string_value(json_object_get(j, "kind"));
    const json_t *sec = json_object_get(j, "seconds");
    int seconds = json_is_integer(sec) && json_integer_value(sec) >= SLIDE_SECONDS_MIN &&
                          json_integer_value(sec) <= SLIDE_SECONDS_MAX
                      ? (int)json_integer_value(sec)
                      : 0;
    slide_t added;
    refusal_t no;
    apply_status status;
    if (kind && strcmp(kind, "image") == 0) {
        const char *url = json_string_value(json_object_get(j, "url"));
        if (!url || !starts_with(url, "/api/slides/") || strlen(url) > 64) {
            snprintf(err, errlen, "a picture of the master's slides has no address of its own");
            return -1;
        }
        size_t len = 0;
        char *data = fetch(ctx, url, &len);
        if (!data) {
            snprintf(err, errlen, "cannot fetch %s from the master", url);
            return -1;
        }
        status = slides_add_picture(store, data, len, seconds, &added, &no);
        free(data);
    } else if (kind && strcmp(kind, "text") == 0) {
        slide_change_t c = {.has_text = true};
        const char *title = json_string_value(json_object_get(j, "title"));
        const json_t *lines = json_object_get(j, "lines");
        if (!title || strlen(title) >= sizeof c.title || !json_is_array(lines) ||
            json_array_size(lines) > SLIDE_LINES) {
            snprintf(err, errlen, "a text slide of the master's does not read");
            return -1;
        }
        snprintf(c.title, sizeof c.title, "%s", title);
        for (size_t i = 0; i < json_array_size(lines); i++) {
            const char *l = json_string_value(json_array_get(lines, i));
            if (!l || strlen(l) >= SLIDE_LINE_MAX) {
                snprintf(err, errlen, "a text slide of the master's does not read");
                return -1;
            }
            snprintf(c.lines[c.n_lines++], SLIDE_LINE_MAX, "%s", l);
        }
        status = slides_add_text(store, &c, seconds, &added, &no);
    } else {
        snprintf(err, errlen, "a slide of the master's is neither a picture nor a text");
        return -1;
    }
    slide_change_t c = {0};
    settings_of(j, &c);
    slide_t now;
    if (status == APPLY_OK && slides_change(store, added.id, &c, &now, &no) == APPLY_OK)
        return 0;
    snprintf(err, errlen, "%s", no.text);
    return -1;
}

int slides_copy(slides_t *store, const json_t *list, slides_copy_fetch_fn fetch, void *ctx,
                char *err, size_t errlen)
{
    const json_t *items = json_object_get(list, "slides");
    if (!json_is_array(items)) {
        snprintf(err, errlen, "/api/slides has no list of slides");
        return -1;
    }
    slide_t *have = malloc(sizeof *have * SLIDES_MAX);
    if (!have) {
        snprintf(err, errlen, "out of memory copying the master's slides");
        return -1;
    }
    int n = slides_list(store, have, SLIDES_MAX, NULL);
    for (int i = 0; i < n && i < SLIDES_MAX; i++)
        slides_remove(store, have[i].id, NULL);
    free(have);
    int rc = 0;
    char first[256] = "";
    for (size_t i = 0; i < json_array_size(items) && i < SLIDES_MAX; i++)
        if (copy_one(store, json_array_get(items, i), fetch, ctx, err, errlen) != 0 && !rc) {
            rc = -1;
            snprintf(first, sizeof first, "%s", err);
        }
    if (rc)
        snprintf(err, errlen, "%s", first);
    return rc;
}
