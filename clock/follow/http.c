/* Reading an HTTP/1.1 response as its bytes arrive: status, headers, and the body, chunked or not.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/prefix.h"
#include "follow/http.h"

enum {
    S_STATUS,     /* the status line */
    S_HEADERS,    /* header lines up to the empty one */
    S_BODY,       /* content-length bytes */
    S_BODY_EOF,   /* everything until the connection closes */
    S_CHUNK_SIZE, /* a chunk's size line */
    S_CHUNK_DATA, /* a chunk's bytes */
    S_CHUNK_END,  /* the CRLF after a chunk */
    S_TRAILERS,   /* trailer lines after the last chunk */
    S_DONE,
    S_ERROR,
};

/* A body (chunk) larger than this is refused: no pokerclock sends one. */
static const int64_t BODY_MAX = INT64_C(64) << 20;

void http_reader_init(http_reader_t *r)
{
    memset(r, 0, sizeof *r);
    r->state = S_STATUS;
    r->content_length = -1;
}

static int fail(http_reader_t *r, const char *msg)
{
    snprintf(r->err, sizeof r->err, "%s", msg);
    r->state = S_ERROR;
    return HTTP_ERROR;
}

/* Parses a decimal or hexadecimal number that fills text up to end. */
static bool parse_number(const char *text, const char *end, int base, int64_t *out)
{
    int64_t n = 0;
    if (text == end)
        return false;
    for (const char *p = text; p < end; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (base == 16 && *p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (base == 16 && *p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return false;
        if (n > (BODY_MAX - d) / base)
            return false;
        n = n * base + d;
    }
    *out = n;
    return true;
}

static int status_line(http_reader_t *r, char *line)
{
    /* "HTTP/1.1 200 OK": after "HTTP/1." the minor version, a space, three digits */
    const char *v = starts_with(line, "HTTP/1.");
    const char *code = v ? v + 2 : NULL;
    if (!v || !isdigit((unsigned char)v[0]) || v[1] != ' ' || !isdigit((unsigned char)code[0]) ||
        !isdigit((unsigned char)code[1]) || !isdigit((unsigned char)code[2]) ||
        (code[3] != ' ' && code[3] != 0))
        return fail(r, "the answer is not HTTP (is this the address of a pokerclock?)");
    r->status = (code[0] - '0') * 100 + (code[1] - '0') * 10 + (code[2] - '0');
    if (r->status < 100)
        return fail(r, "the answer has an impossible HTTP status");
    r->state = S_HEADERS;
    return HTTP_MORE;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    return s;
}

static int header_line(http_reader_t *r, char *line)
{
    if (!*line) {
        if (r->status < 200) { /* 100 Continue and the like: the real one follows */
            int keep = r->headers;
            http_reader_init(r);
            r->headers = keep;
            return HTTP_MORE;
        }
        if (r->status == 204 || r->status == 304)
            r->state = S_DONE;
        else if (r->chunked)
            r->state = S_CHUNK_SIZE;
        else if (r->content_length > 0)
            r->state = S_BODY;
        else if (r->content_length == 0)
            r->state = S_DONE;
        else
            r->state = S_BODY_EOF;
        return r->state == S_DONE ? HTTP_DONE : HTTP_MORE;
    }
    if (++r->headers > HTTP_MAX_HEADERS)
        return fail(r, "the answer has too many header lines");
    char *colon = strchr(line, ':');
    if (!colon || colon == line)
        return fail(r, "the answer has a malformed header line");
    *colon = 0;
    char *name = line, *value = trim(colon + 1);
    if (strcasecmp(name, "Content-Length") == 0) {
        int64_t n;
        if (!parse_number(value, value + strlen(value), 10, &n) ||
            (r->content_length >= 0 && r->content_length != n))
            return fail(r, "the answer has a malformed Content-Length");
        r->content_length = n;
        r->left = n;
    } else if (strcasecmp(name, "Transfer-Encoding") == 0) {
        if (strcasecmp(value, "chunked") != 0)
            return fail(r, "the answer uses a transfer encoding other than chunked");
        r->chunked = true;
    } else if (strcasecmp(name, "Content-Type") == 0) {
        snprintf(r->content_type, sizeof r->content_type, "%s", value);
        for (char *p = r->content_type; *p; p++)
            *p = (char)tolower((unsigned char)*p);
    }
    return HTTP_MORE;
}

static int chunk_size_line(http_reader_t *r, char *line)
{
    char *end = line;
    while (isxdigit((unsigned char)*end))
        end++;
    int64_t n;
    if (!parse_number(line, end, 16, &n) || (*end && *end != ';' && *end != ' '))
        return fail(r, "the answer has a malformed chunk size");
    if (n == 0) {
        r->state = S_TRAILERS;
    } else {
        r->left = n;
        r->state = S_CHUNK_DATA;
    }
    return HTTP_MORE;
}

/* A complete line (without its CRLF) for the line-based states. */
static int line_done(http_reader_t *r)
{
    r->line[r->line_len] = 0;
    r->line_len = 0;
    switch (r->state) {
    case S_STATUS: return status_line(r, r->line);
    case S_HEADERS: return header_line(r, r->line);
    case S_CHUNK_SIZE: return chunk_size_line(r, r->line);
    case S_CHUNK_END:
        if (r->line[0])
            return fail(r, "the answer has a chunk longer than it said");
        r->state = S_CHUNK_SIZE;
        return HTTP_MORE;
    default: /* S_TRAILERS */
        if (r->line[0])
            return ++r->headers > HTTP_MAX_HEADERS ? fail(r, "the answer has too many trailers")
                                                   : HTTP_MORE;
        r->state = S_DONE;
        return HTTP_DONE;
    }
}

int http_reader_feed(http_reader_t *r, const char *data, size_t len, http_body_fn body, void *ctx,
                     size_t *used)
{
    size_t i = 0;
    int rc = HTTP_MORE;
    while (i < len && rc == HTTP_MORE) {
        switch (r->state) {
        case S_BODY:
        case S_CHUNK_DATA:
        case S_BODY_EOF: {
            size_t n = len - i;
            if (r->state != S_BODY_EOF && (int64_t)n > r->left)
                n = (size_t)r->left;
            if (body && body(ctx, data + i, n) != 0) {
                rc = fail(r, "the answer's body was refused");
                break;
            }
            i += n;
            if (r->state == S_BODY_EOF)
                break;
            r->left -= (int64_t)n;
            if (r->left == 0) {
                if (r->state == S_BODY) {
                    r->state = S_DONE;
                    rc = HTTP_DONE;
                } else {
                    r->state = S_CHUNK_END;
                }
            }
            break;
        }
        case S_DONE: rc = HTTP_DONE; break;
        case S_ERROR: rc = HTTP_ERROR; break;
        default: {
            char ch = data[i++];
            if (ch == '\n') {
                if (r->line_len > 0 && r->line[r->line_len - 1] == '\r')
                    r->line_len--;
                rc = line_done(r);
            } else if (ch == 0) {
                rc = fail(r, "the answer has a NUL byte in a header");
            } else if (r->line_len + 1 >= sizeof r->line) {
                rc = fail(r, "the answer has a header line that is too long");
            } else {
                r->line[r->line_len++] = ch;
            }
        }
        }
    }
    if (used)
        *used = i;
    return rc;
}

int http_reader_eof(http_reader_t *r)
{
    if (r->state == S_DONE)
        return HTTP_DONE;
    if (r->state == S_BODY_EOF) {
        r->state = S_DONE;
        return HTTP_DONE;
    }
    if (r->state != S_ERROR)
        fail(r, r->status ? "the connection closed in the middle of the answer"
                          : "the connection closed before an answer");
    return HTTP_ERROR;
}
