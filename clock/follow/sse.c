/* Server-Sent Events as they arrive: `event:` and `data:` lines into events, `:` comments as
 * heartbeats. */
#include <stdio.h>
#include <string.h>

#include "base/prefix.h"
#include "follow/sse.h"

void sse_init(sse_parser_t *p)
{
    p->after_cr = false;
    p->line_len = 0;
    p->event[0] = 0;
    p->has_data = false;
    p->data_len = 0;
    p->err[0] = 0;
}

static int fail(sse_parser_t *p, const char *msg)
{
    snprintf(p->err, sizeof p->err, "%s", msg);
    return -1;
}

/* One line of the stream, as the EventSource specification reads it. */
static int line_done(sse_parser_t *p, sse_event_fn fn, void *ctx)
{
    char *line = p->line;
    size_t n = p->line_len;
    line[n] = 0;
    p->line_len = 0;
    if (n == 0) { /* an empty line dispatches the event */
        int rc = 0;
        if (p->has_data) {
            p->data[p->data_len] = 0;
            rc = fn(ctx, p->event[0] ? p->event : "message", p->data, p->data_len);
        }
        p->event[0] = 0;
        p->has_data = false;
        p->data_len = 0;
        return rc ? fail(p, "the event was refused") : 0;
    }
    if (line[0] == ':')
        return fn(ctx, NULL, line + 1, n - 1) ? fail(p, "the comment was refused") : 0;
    char *value = memchr(line, ':', n);
    size_t name_len = value ? (size_t)(value - line) : n;
    size_t value_len = 0;
    if (value) {
        value++;
        if (*value == ' ')
            value++;
        value_len = n - (size_t)(value - line);
    } else {
        value = line + n;
    }
    if (bytes_are(line, name_len, "event")) {
        if (value_len >= sizeof p->event)
            return fail(p, "an event name is too long");
        memcpy(p->event, value, value_len + 1);
    } else if (bytes_are(line, name_len, "data")) {
        size_t need = p->data_len + (p->has_data ? 1 : 0) + value_len;
        if (need > SSE_DATA_MAX)
            return fail(p, "an event is too large");
        if (p->has_data)
            p->data[p->data_len++] = '\n';
        memcpy(p->data + p->data_len, value, value_len);
        p->data_len += value_len;
        p->has_data = true;
    }
    /* id, retry and unknown fields: nothing a follower needs. */
    return 0;
}

int sse_feed(sse_parser_t *p, const char *data, size_t len, sse_event_fn fn, void *ctx)
{
    for (size_t i = 0; i < len; i++) {
        char ch = data[i];
        if (ch == '\n' && p->after_cr) {
            p->after_cr = false;
            continue;
        }
        p->after_cr = ch == '\r';
        if (ch == '\r' || ch == '\n') {
            if (line_done(p, fn, ctx))
                return -1;
        } else if (ch == 0) {
            return fail(p, "the stream has a NUL byte");
        } else if (p->line_len + 1 >= sizeof p->line) {
            return fail(p, "a line of the stream is too long");
        } else {
            p->line[p->line_len++] = ch;
        }
    }
    return 0;
}
