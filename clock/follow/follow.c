/* Follower mode: shows another pokerclock's tournament, read from its event stream. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

#include "base/prefix.h"
#include "follow/follow.h"
#include "follow/http.h"
#include "follow/slides_copy.h"
#include "follow/sse.h"
#include "model/voice.h"
#include "store/picture.h"
#include "json/mirror.h"
#include "json/parse_state.h"

#ifndef POKERCLOCK_VERSION
#define POKERCLOCK_VERSION "0"
#endif

enum {
    DEFAULT_LOST_AFTER_MS = 30000,
    CONNECT_TIMEOUT_MS = 5000,
    STRUCTURE_TIMEOUT_MS = 5000,
    BACKOFF_FIRST_MS = 1000,
    BACKOFF_MAX_MS = 10000,
    STRUCTURE_MAX = 1 << 20,   /* a structure of 128 levels is some 40 KB */
    PLAYERS_MAX = 16 << 20,    /* 2,000 players are some 400 KB */
    SLIDES_LIST_MAX = 1 << 20, /* 50 slides are some 20 KB */
};

static const char LOST_NOTICE[] = "Connection to the master lost: showing the last known state";

struct follow {
    engine_t *e;
    follow_url_t url;
    int64_t lost_after_ms;
    int wake[2]; /* a byte in wake[1] stops the thread */
    atomic_bool stopping;
    pthread_t thread;

    /* The rest belongs to the thread. */
    structure_t structure; /* the master's, as last fetched */
    bool have_structure;
    int64_t structure_seq;   /* the state's seq it was fetched for */
    int64_t roster_version;  /* the master's roster shown; -1: none yet */
    slides_t *slides;        /* this screen's copy of the master's slides, or NULL */
    tourney_t *sound;        /* the master's sound settings (only those), or NULL */
    int64_t sound_key;       /* the state's sound_key they were fetched for; -1: none */
    int64_t slides_version;  /* the master's slides copied; -1: none yet */
    bool shown;              /* a state of the master was ever shown */
    bool lost;               /* the lost-connection notice is up */
    bool got_state;          /* this connection delivered a state */
    int64_t last_data;       /* engine time of the last event or heartbeat */
    char master_notice[256]; /* the master's own notice, shown as it is */
    char why[256];           /* what went wrong with this connection */
    char logged[256];        /* the last problem written to stderr */
    tourney_t t;             /* scratch for the next state */
    http_reader_t http;      /* the event stream's response */
    http_reader_t fetch;     /* /api/structure's, read in the middle of it */
    sse_parser_t sse;
};

/* ---- the address ---- */

int follow_url_parse(const char *text, follow_url_t *u, char *err, size_t errlen)
{
    memset(u, 0, sizeof *u);
    const char *p = text;
    if (starts_with(p, "https://")) {
        snprintf(err, errlen,
                 "--follow: https is not supported; use the master's http:// "
                 "address on the venue network");
        return -1;
    }
    const char *after_scheme = starts_with(p, "http://");
    if (after_scheme)
        p = after_scheme;
    else if (strstr(p, "://")) {
        snprintf(err, errlen, "--follow: the address must start with http://");
        return -1;
    }
    const char *host = p, *host_end;
    if (*p == '[') { /* [fd00::5]:8080 */
        host = p + 1;
        host_end = strchr(host, ']');
        if (!host_end) {
            snprintf(err, errlen, "--follow: a ']' is missing after the IPv6 address");
            return -1;
        }
        p = host_end + 1;
    } else {
        host_end = p + strcspn(p, ":/");
        p = host_end;
    }
    size_t host_len = (size_t)(host_end - host);
    if (host_len == 0 || host_len >= sizeof u->host) {
        snprintf(err, errlen,
                 "--follow: the address needs the master's host, like "
                 "http://10.0.0.5:8080");
        return -1;
    }
    memcpy(u->host, host, host_len);
    for (size_t i = 0; i < host_len; i++)
        if ((unsigned char)u->host[i] <= ' ' || strchr("@?#\\\"", u->host[i])) {
            snprintf(err, errlen, "--follow: the host name has a character it cannot have");
            return -1;
        }
    snprintf(u->port, sizeof u->port, "8080");
    if (*p == ':') {
        char *end;
        errno = 0;
        long port = strtol(p + 1, &end, 10);
        if (end == p + 1 || errno || port < 1 || port > 65535 || (*end && *end != '/')) {
            snprintf(err, errlen, "--follow: the port must be a number from 1 to 65535");
            return -1;
        }
        snprintf(u->port, sizeof u->port, "%ld", port);
        p = end;
    }
    if (*p && *p != '/') {
        snprintf(err, errlen, "--follow: cannot read the address '%.80s'", text);
        return -1;
    }
    size_t path_len = strlen(p);
    while (path_len > 0 && p[path_len - 1] == '/')
        path_len--;
    if (path_len >= sizeof u->path) {
        snprintf(err, errlen, "--follow: the address is too long");
        return -1;
    }
    memcpy(u->path, p, path_len);
    for (size_t i = 0; i < path_len; i++)
        if ((unsigned char)u->path[i] <= ' ' || u->path[i] == '?' || u->path[i] == '#' ||
            (unsigned char)u->path[i] >= 0x7f) {
            snprintf(err, errlen, "--follow: the address has a character it cannot have");
            return -1;
        }
    bool v6 = strchr(u->host, ':') != NULL;
    snprintf(u->text, sizeof u->text, "http://%s%s%s:%s%s", v6 ? "[" : "", u->host, v6 ? "]" : "",
             u->port, u->path);
    return 0;
}

/* ---- the connection ---- */

static void say(follow_t *f, const char *why)
{
    if (strcmp(f->logged, why) != 0) {
        fprintf(stderr, "pokerclock: following %s: %s\n", f->url.text, why);
        snprintf(f->logged, sizeof f->logged, "%s", why);
    }
}

static bool stop_requested(const follow_t *f)
{
    return atomic_load(&f->stopping);
}

/* Waits for fd (or only the stop pipe when fd < 0) until the engine time
 * deadline. 1: ready, 0: timed out, -1: stopping or an error. */
static int wait_fd(follow_t *f, int fd, short events, int64_t deadline)
{
    for (;;) {
        if (stop_requested(f))
            return -1;
        int64_t left = deadline - engine_now(f->e);
        if (left <= 0)
            return 0;
        struct pollfd p[2] = {{.fd = f->wake[0], .events = POLLIN}, {.fd = fd, .events = events}};
        int n = poll(p, fd >= 0 ? 2 : 1, left > 60000 ? 60000 : (int)left);
        if (n < 0 && errno != EINTR)
            return -1;
        if (n > 0 && p[0].revents)
            return -1;
        if (n > 0 && fd >= 0 && p[1].revents)
            return 1;
    }
}

static int tcp_connect(follow_t *f, int64_t deadline)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    struct addrinfo *ai = NULL;
    int rc = getaddrinfo(f->url.host, f->url.port, &hints, &ai);
    if (rc != 0) {
        snprintf(f->why, sizeof f->why, "cannot find %s: %s", f->url.host, gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) {
            snprintf(f->why, sizeof f->why, "no socket: %s", strerror(errno));
            continue;
        }
        int err = 0;
        if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            err = errno;
            if (err == EINPROGRESS) {
                int w = wait_fd(f, fd, POLLOUT, deadline);
                socklen_t len = sizeof err;
                if (w == 1)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
                else
                    err = w == 0 ? ETIMEDOUT : ECANCELED;
            }
        }
        if (err) {
            snprintf(f->why, sizeof f->why, "cannot connect: %s", strerror(err));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    return fd;
}

static int send_request(follow_t *f, int fd, const char *what, const char *accept, int64_t deadline)
{
    char req[1024];
    bool v6 = strchr(f->url.host, ':') != NULL;
    int n = snprintf(req, sizeof req,
                     "GET %s%s HTTP/1.1\r\nHost: %s%s%s:%s\r\nAccept: %s\r\n"
                     "User-Agent: pokerclock/%s (follower)\r\nCache-Control: no-cache\r\n"
                     "Connection: close\r\n\r\n",
                     f->url.path, what, v6 ? "[" : "", f->url.host, v6 ? "]" : "", f->url.port,
                     accept, POKERCLOCK_VERSION);
    if (n < 0 || (size_t)n >= sizeof req) {
        snprintf(f->why, sizeof f->why, "the address is too long");
        return -1;
    }
    size_t sent = 0;
    while (sent < (size_t)n) {
        ssize_t k = send(fd, req + sent, (size_t)n - sent, MSG_NOSIGNAL);
        if (k > 0) {
            sent += (size_t)k;
        } else if (k < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (wait_fd(f, fd, POLLOUT, deadline) != 1) {
                snprintf(f->why, sizeof f->why, "cannot send the request");
                return -1;
            }
        } else {
            snprintf(f->why, sizeof f->why, "cannot send the request: %s", strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* ---- the structure ---- */

typedef struct {
    char *data;
    size_t len, cap, max;
} body_t;

static int body_append(void *ctx, const char *data, size_t len)
{
    body_t *b = ctx;
    if (b->len + len > b->max)
        return -1;
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 16384;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *p = realloc(b->data, cap);
        if (!p)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

/* GET path: its body (malloc'd, *len bytes, at most max, NUL after it),
 * or NULL with f->why (an answer other than 200 too). */
static char *fetch_body(follow_t *f, const char *path, const char *accept, size_t max, size_t *len)
{
    int64_t deadline = engine_now(f->e) + STRUCTURE_TIMEOUT_MS;
    f->why[0] = 0;
    int fd = tcp_connect(f, deadline);
    if (fd < 0)
        return NULL;
    body_t body = {.max = max};
    http_reader_t *r = &f->fetch;
    http_reader_init(r);
    int rc = send_request(f, fd, path, accept, deadline);
    int state = rc ? HTTP_ERROR : HTTP_MORE;
    while (state == HTTP_MORE) {
        char buf[16384];
        int w = wait_fd(f, fd, POLLIN, deadline);
        if (w != 1) {
            snprintf(f->why, sizeof f->why, "no answer to %s in %d s", path,
                     STRUCTURE_TIMEOUT_MS / 1000);
            state = HTTP_ERROR;
            break;
        }
        ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (n < 0) {
            snprintf(f->why, sizeof f->why, "reading %s: %s", path, strerror(errno));
            state = HTTP_ERROR;
        } else if (n == 0) {
            state = http_reader_eof(r);
        } else {
            state = http_reader_feed(r, buf, (size_t)n, body_append, &body, NULL);
        }
        if (state == HTTP_ERROR && !f->why[0])
            snprintf(f->why, sizeof f->why, "%s: %s", path,
                     body.len >= max ? "the answer is too large" : r->err);
    }
    close(fd);
    if (state == HTTP_DONE && r->status != 200)
        snprintf(f->why, sizeof f->why, "the master answered %d to %s: is it a pokerclock?",
                 r->status, path);
    if (state != HTTP_DONE || r->status != 200) {
        free(body.data);
        return NULL;
    }
    if (!body.data && !(body.data = calloc(1, 1))) {
        snprintf(f->why, sizeof f->why, "out of memory reading %s", path);
        return NULL;
    }
    body.data[body.len] = 0;
    *len = body.len;
    return body.data;
}

/* GET path (a JSON object of at most max bytes); NULL with f->why. */
static json_t *fetch_json(follow_t *f, const char *path, size_t max)
{
    size_t len = 0;
    char *text = fetch_body(f, path, "application/json", max, &len);
    if (!text)
        return NULL;
    json_error_t je;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(o)) {
        snprintf(f->why, sizeof f->why, "%s is not a JSON object: %s", path,
                 o ? "another value" : je.text);
        json_decref(o);
        o = NULL;
    }
    free(text);
    return o;
}

/* GET /api/structure into s; 0, or -1 with f->why. */
static int fetch_structure(follow_t *f, structure_t *s)
{
    json_t *o = fetch_json(f, "/api/structure", STRUCTURE_MAX);
    char err[200];
    int rc = -1;
    if (o && codec_structure_parse(o, s, err, sizeof err) != 0)
        snprintf(f->why, sizeof f->why, "/api/structure: %s", err);
    else if (o)
        rc = 0;
    json_decref(o);
    return rc;
}

/* The master's roster when the state says it changed: GET /api/players,
 * kept as it came (checked to be a roster) for this screen's own
 * /api/players, so that a kiosk here finds a player's seat. A roster that
 * cannot be fetched keeps the last one and its version, to be tried again
 * with the next state. */
static void fetch_players(follow_t *f, const json_t *state)
{
    const json_t *v = json_object_get(state, "roster_version");
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > UINT32_MAX)
        return;
    int64_t version = json_integer_value(v);
    if (version == f->roster_version)
        return;
    char why[256];
    snprintf(why, sizeof why, "%s", f->why);
    json_t *o = fetch_json(f, "/api/players", PLAYERS_MAX);
    char *text = NULL;
    if (o && !json_is_array(json_object_get(o, "players")))
        snprintf(f->why, sizeof f->why, "/api/players has no list of players");
    else if (o && !(text = json_dumps(o, JSON_COMPACT)))
        snprintf(f->why, sizeof f->why, "out of memory copying the master's players");
    /* What this screen's wall draws: move strips, names, the winner. A
     * roster that does not read leaves the wall as it was. */
    roster_t *r = text ? malloc(sizeof *r) : NULL;
    char bad[256];
    if (r && mirror_roster(o, engine_now(f->e), r, bad, sizeof bad) != 0) {
        say(f, bad);
        free(r);
        r = NULL;
    }
    json_t *ov = json_object_get(o, "version");
    /* The roster's own version: a change between the state and the fetch
     * is fetched again with the next state. */
    int64_t got = json_is_integer(ov) ? json_integer_value(ov) : version;
    json_decref(o);
    if (!text) {
        say(f, f->why);
        snprintf(f->why, sizeof f->why, "%s", why);
        return;
    }
    if (got >= 0 && got <= UINT32_MAX &&
        engine_mirror_players(f->e, (uint32_t)got, text, strlen(text), r) == 0)
        f->roster_version = version;
    else
        free(text);
    free(r);
}

static char *fetch_picture(void *ctx, const char *path, size_t *len)
{
    return fetch_body(ctx, path, "image/png, image/jpeg", PICTURE_BYTES_MAX, len);
}

/* The master's slides when the state says they changed: the list and each
 * picture, copied into this screen's own store. Tried again with the next
 * state when something could not be copied. */
static void fetch_slides(follow_t *f, const json_t *state)
{
    const json_t *v = json_object_get(state, "slides_version");
    if (!f->slides || !json_is_integer(v) || json_integer_value(v) == f->slides_version)
        return;
    char why[256], err[256];
    snprintf(why, sizeof why, "%s", f->why);
    json_t *o = fetch_json(f, "/api/slides", SLIDES_LIST_MAX);
    if (!o)
        say(f, f->why);
    else if (slides_copy(f->slides, o, fetch_picture, f, err, sizeof err) != 0)
        say(f, err);
    else
        f->slides_version = json_integer_value(v);
    json_decref(o);
    snprintf(f->why, sizeof f->why, "%s", why);
}

/* The master's sound when the state says it changed (sound_key): GET
 * /api/settings, kept to be laid over every state, so that this screen
 * plays what the master plays. */
static void fetch_sound(follow_t *f, const json_t *state)
{
    const json_t *k = json_object_get(state, "sound_key");
    if (!json_is_integer(k) || json_integer_value(k) == f->sound_key)
        return;
    char why[256], err[256];
    snprintf(why, sizeof why, "%s", f->why);
    json_t *o = fetch_json(f, "/api/settings", STRUCTURE_MAX);
    if (!f->sound)
        f->sound = calloc(1, sizeof *f->sound);
    if (!o)
        say(f, f->why);
    else if (!f->sound || mirror_sound(o, f->sound, err, sizeof err) != 0)
        say(f, f->sound ? err : "out of memory copying the master's sound");
    else
        f->sound_key = json_integer_value(k);
    json_decref(o);
    snprintf(f->why, sizeof f->why, "%s", why);
}

/* ---- the event stream ---- */

static void show_lost_if_silent(follow_t *f)
{
    if (f->lost || engine_now(f->e) - f->last_data < f->lost_after_ms)
        return;
    f->lost = true;
    char notice[256];
    if (f->shown)
        snprintf(notice, sizeof notice, "%s", LOST_NOTICE);
    else
        snprintf(notice, sizeof notice, "Cannot reach the master at %s: %s", f->url.text,
                 f->why[0] ? f->why : "no answer");
    engine_mirror(f->e, NULL, notice);
    say(f, f->shown ? "no word from the master: the wall says the connection is lost"
                    : "no word from the master yet");
}

/* Data flows again: whatever the wall said about the connection goes. */
static void data_arrived(follow_t *f, bool publish)
{
    f->last_data = engine_now(f->e);
    if (f->lost && publish)
        engine_mirror(f->e, NULL, f->master_notice);
    f->lost = false;
}

static int on_state(follow_t *f, const char *data, size_t len)
{
    int64_t arrived = engine_now(f->e);
    json_error_t je;
    json_t *o = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(o)) {
        snprintf(f->why, sizeof f->why, "the master sent a state that is not a JSON object");
        json_decref(o);
        return -1;
    }
    json_t *seq_j = json_object_get(o, "seq");
    int64_t seq = json_is_integer(seq_j) ? json_integer_value(seq_j) : -1;
    /* Every change of the master may have changed the structure (a level
     * edited far ahead shows nowhere in the state): fetch it again. */
    if (!f->have_structure || seq != f->structure_seq || !codec_state_fits(o, &f->structure)) {
        structure_t *s = malloc(sizeof *s);
        int rc = s ? fetch_structure(f, s) : -1;
        if (rc == 0) {
            f->structure = *s;
            f->have_structure = true;
            f->structure_seq = seq;
        }
        free(s);
        if (rc != 0 && !(f->have_structure && codec_state_fits(o, &f->structure))) {
            json_decref(o);
            return -1;
        }
    }
    char err[200];
    if (codec_state_parse(o, &f->structure, arrived, &f->t, err, sizeof err) != 0) {
        snprintf(f->why, sizeof f->why, "cannot show the master's state: %s", err);
        json_decref(o);
        return -1;
    }
    fetch_players(f, o);
    fetch_slides(f, o);
    fetch_sound(f, o);
    if (f->sound && f->sound_key >= 0)
        voice_copy_settings(&f->t, f->sound);
    json_t *notice = json_object_get(o, "notice");
    snprintf(f->master_notice, sizeof f->master_notice, "%s",
             json_is_string(notice) ? json_string_value(notice) : "");
    json_decref(o);
    engine_mirror(f->e, &f->t, f->master_notice);
    data_arrived(f, false);
    if (!f->shown || !f->got_state)
        say(f, "showing the master's tournament");
    f->shown = f->got_state = true;
    return 0;
}

static int on_event(void *ctx, const char *event, const char *data, size_t len)
{
    follow_t *f = ctx;
    if (!event) { /* a heartbeat */
        data_arrived(f, true);
        return 0;
    }
    if (strcmp(event, "state") == 0)
        return on_state(f, data, len);
    data_arrived(f, true); /* an event of a newer master: it is alive */
    return 0;
}

typedef struct {
    follow_t *f;
    bool checked; /* the status and type were looked at */
} stream_ctx_t;

static int on_stream_body(void *ctx, const char *data, size_t len)
{
    stream_ctx_t *c = ctx;
    follow_t *f = c->f;
    if (!c->checked) {
        c->checked = true;
        if (f->http.status != 200) {
            snprintf(f->why, sizeof f->why,
                     "the master answered %d to /api/events: is it a pokerclock?", f->http.status);
            return -1;
        }
        if (!starts_with(f->http.content_type, "text/event-stream")) {
            snprintf(f->why, sizeof f->why,
                     "/api/events is not an event stream: is it a pokerclock?");
            return -1;
        }
    }
    if (sse_feed(&f->sse, data, len, on_event, f) != 0) {
        if (!f->why[0])
            snprintf(f->why, sizeof f->why, "the event stream broke: %s", f->sse.err);
        return -1;
    }
    return 0;
}

/* One connection to /api/events, until it breaks or falls silent. */
static void follow_stream(follow_t *f)
{
    f->got_state = false;
    f->why[0] = 0;
    int fd = tcp_connect(f, engine_now(f->e) + CONNECT_TIMEOUT_MS);
    if (fd < 0)
        return;
    if (send_request(f, fd, "/api/events", "text/event-stream",
                     engine_now(f->e) + CONNECT_TIMEOUT_MS)) {
        close(fd);
        return;
    }
    http_reader_init(&f->http);
    sse_init(&f->sse);
    stream_ctx_t ctx = {.f = f};
    /* Connected, but nothing heard yet: the silence counts from the last
     * word of the previous connection, so a master that accepts and says
     * nothing is lost all the same. */
    for (;;) {
        show_lost_if_silent(f);
        int64_t deadline = f->last_data + f->lost_after_ms;
        if (f->lost)
            deadline = engine_now(f->e) + f->lost_after_ms;
        int w = wait_fd(f, fd, POLLIN, deadline);
        if (w < 0)
            break;
        if (w == 0) {
            show_lost_if_silent(f);
            snprintf(f->why, sizeof f->why, "no heartbeat for %.1f s",
                     (double)f->lost_after_ms / 1000.0);
            break;
        }
        char buf[16384];
        ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (n <= 0) {
            snprintf(f->why, sizeof f->why, "the master closed the connection%s%s",
                     n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
            break;
        }
        int state = http_reader_feed(&f->http, buf, (size_t)n, on_stream_body, &ctx, NULL);
        if (state == HTTP_ERROR) {
            if (!f->why[0])
                snprintf(f->why, sizeof f->why, "the event stream broke: %s", f->http.err);
            break;
        }
        if (state == HTTP_DONE) {
            snprintf(f->why, sizeof f->why, "the master ended the event stream");
            break;
        }
    }
    close(fd);
}

static void *follow_thread(void *arg)
{
    follow_t *f = arg;
    int64_t backoff = BACKOFF_FIRST_MS;
    while (!stop_requested(f)) {
        follow_stream(f);
        if (stop_requested(f))
            break;
        if (f->got_state)
            backoff = BACKOFF_FIRST_MS;
        say(f, f->why[0] ? f->why : "the connection broke");
        /* Wait before trying again, and keep an eye on the silence. */
        int64_t until = engine_now(f->e) + backoff;
        while (!stop_requested(f) && engine_now(f->e) < until) {
            show_lost_if_silent(f);
            int64_t next = f->lost ? until : f->last_data + f->lost_after_ms;
            if (wait_fd(f, -1, 0, next < until ? next : until) < 0)
                break;
        }
        backoff = backoff * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : backoff * 2;
    }
    return NULL;
}

/* ---- life cycle ---- */

follow_t *follow_start(engine_t *e, const follow_options_t *o, char *err, size_t errlen)
{
    follow_t *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (follow_url_parse(o->url, &f->url, err, errlen) != 0) {
        free(f);
        return NULL;
    }
    f->e = e;
    f->lost_after_ms = o->lost_after_ms > 0 ? o->lost_after_ms : DEFAULT_LOST_AFTER_MS;
    f->structure_seq = -1;
    f->roster_version = -1;
    f->slides = o->slides;
    f->slides_version = -1;
    f->sound_key = -1;
    f->last_data = engine_now(e);
    atomic_init(&f->stopping, false);
    if (pipe2(f->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(err, errlen, "cannot follow: %s", strerror(errno));
        free(f);
        return NULL;
    }
    char notice[256];
    snprintf(notice, sizeof notice, "Waiting for the master at %s", f->url.text);
    engine_mirror(e, NULL, notice);
    int rc = pthread_create(&f->thread, NULL, follow_thread, f);
    if (rc != 0) {
        snprintf(err, errlen, "cannot follow: %s", strerror(rc));
        close(f->wake[0]);
        close(f->wake[1]);
        free(f);
        return NULL;
    }
    return f;
}

void follow_stop(follow_t *f)
{
    if (!f)
        return;
    atomic_store(&f->stopping, true);
    if (write(f->wake[1], "x", 1) < 0) {
        /* The flag alone stops it within a poll's time. */
    }
    pthread_join(f->thread, NULL);
    close(f->wake[0]);
    close(f->wake[1]);
    free(f->sound);
    free(f);
}
