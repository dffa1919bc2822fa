/* Reading an HTTP/1.1 response as its bytes arrive: status, headers, and the body, chunked or not.
 */
#ifndef POKERCLOCK_HTTP_H
#define POKERCLOCK_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A header line longer than this is not from a pokerclock: give up on it. */
enum { HTTP_LINE_MAX = 8192, HTTP_MAX_HEADERS = 100 };

enum { HTTP_MORE = 0, HTTP_DONE = 1, HTTP_ERROR = -1 };

/* Receives the body's bytes, decoded; returns 0, or -1 to stop reading. */
typedef int (*http_body_fn)(void *ctx, const char *data, size_t len);

typedef struct {
    int state;              /* where in the response the reader is */
    int status;             /* 200, 404, ...; 0 until the status line */
    char content_type[64];  /* as sent, lower case; "" when none */
    bool chunked;           /* Transfer-Encoding: chunked */
    int64_t content_length; /* -1: not given */
    int64_t left;           /* bytes left in this chunk or in the body */
    int headers;            /* header lines seen, to cap them */
    size_t line_len;
    char line[HTTP_LINE_MAX]; /* the status, header or chunk-size line so far */
    char err[160];            /* what was wrong, after HTTP_ERROR */
} http_reader_t;

void http_reader_init(http_reader_t *r);
/* Feeds bytes from the connection. Body bytes go to body(ctx, ...) as they
 * are decoded. Returns HTTP_MORE (send more), HTTP_DONE (the response is
 * complete; *used says how many bytes belonged to it) or HTTP_ERROR. */
int http_reader_feed(http_reader_t *r, const char *data, size_t len, http_body_fn body, void *ctx,
                     size_t *used);
/* The connection was closed: HTTP_DONE when that ends the response (a body
 * without a length), else HTTP_ERROR. */
int http_reader_eof(http_reader_t *r);

#endif
