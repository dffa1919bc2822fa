/* Server-Sent Events as they arrive: `event:` and `data:` lines into events, `:` comments as
 * heartbeats. */
#ifndef POKERCLOCK_SSE_H
#define POKERCLOCK_SSE_H

#include <stdbool.h>
#include <stddef.h>

/* An event larger than this is not from a pokerclock (a state is a few KB). */
enum { SSE_DATA_MAX = 256 * 1024, SSE_EVENT_MAX = 64 };

/* An event (type "message" when none was named; data without its final
 * newline, NUL-terminated), or a comment line when event is NULL. Returns 0,
 * or -1 to stop reading. */
typedef int (*sse_event_fn)(void *ctx, const char *event, const char *data, size_t len);

typedef struct {
    bool after_cr; /* a CR ended the last line: skip a LF after it */
    size_t line_len;
    char line[SSE_DATA_MAX + 16];
    char event[SSE_EVENT_MAX];
    bool has_data;
    size_t data_len;
    char data[SSE_DATA_MAX + 1];
    char err[128];
} sse_parser_t;

void sse_init(sse_parser_t *p);
/* Feeds bytes of the stream; 0, or -1 with p->err when the stream is not
 * usable (a line or an event too long, or fn said stop). */
int sse_feed(sse_parser_t *p, const char *data, size_t len, sse_event_fn fn, void *ctx);

#endif
