/* Fuzz target: raw bytes of HTTP requests to the real server (net_start on 127.0.0.1), over a loopback socket. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdbool.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "follow/http.h"
#include "net/net.h"
#include "store/config.h"

/* The longest an input may keep the server talking, when it neither
 * answers nor closes (a request cut short); the clock's own requests get
 * longer, as a busy machine may be slow. */
enum { ANSWER_MS = 100, OWN_ANSWER_MS = 10000, PLACEHOLDER_MAX = 64 };

static const char CONFIG[] =
    "tournament = {\n"
    "  name = \"Fuzz\"; buy_in = 50; starting_stack = 10000;\n"
    "  chips = ( { value = 25; }, { value = 100; } );\n"
    "  levels = ( { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "             { break = true; minutes = 10; color_up = 25; },\n"
    "             { small_blind = 100; big_blind = 200; minutes = 20; } );\n"
    "};\n";

static settings_t config;
static engine_t *engine;
static net_t *net;
static int port;
/* "SID" in an input stands for a live director session's token, so that
 * the fuzzer reaches the commands behind the login too. */
static char token[PLACEHOLDER_MAX];

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A connection to the clock, from 127.0.0.1, or from 127.0.0.2: somebody
 * else, whom the clock's limit per address for the fuzzed requests does
 * not touch. */
static int connect_local(bool elsewhere)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    struct sockaddr_in from = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK + 1)};
    if (fd >= 0 && elsewhere && bind(fd, (struct sockaddr *)&from, sizeof from) != 0) {
        close(fd);
        fd = -1;
    }
    int rc = fd < 0 ? -1 : connect(fd, (struct sockaddr *)&sa, sizeof sa);
    if (rc != 0 && errno == EINTR) {
        /* A signal (libFuzzer's timer) cut the wait short; the connection
         * goes on being made: wait for it and read its outcome. */
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int err = 0;
        socklen_t elen = sizeof err;
        while (poll(&p, 1, -1) < 0 && errno == EINTR)
            ;
        rc = getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) == 0 && err == 0 ? 0 : -1;
        if (err)
            errno = err;
    }
    if (rc != 0) {
        fprintf(stderr, "cannot connect to the clock on 127.0.0.1:%d: %s\n", port,
                strerror(errno));
        abort();
    }
    return fd;
}

/* An event stream never ends: its first bytes (the state) are enough. */
static int body_read(void *ctx, const char *data, size_t len)
{
    const http_reader_t *r = ctx;
    (void)data, (void)len;
    return strncmp(r->content_type, "text/event-stream", 17) == 0 ? -1 : 0;
}

/* Sends req, closes the sending side and reads what comes back, until a
 * whole response came, the server closes or wait_ms have passed; the
 * answer (NUL-terminated) into out, cut at cap. */
static size_t exchange(const void *req, size_t len, char *out, size_t cap, int wait_ms,
                       bool elsewhere)
{
    int fd = connect_local(elsewhere);
    int64_t deadline = mono_ms() + wait_ms;
    size_t sent = 0, got = 0;
    while (sent < len) {
        ssize_t k = send(fd, (const char *)req + sent, len - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (k > 0) {
            sent += (size_t)k;
            continue;
        }
        if (k < 0 && errno != EAGAIN && errno != EINTR)
            break; /* the server gave up on the request: fine */
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        if (mono_ms() >= deadline || poll(&p, 1, 10) < 0)
            break;
    }
    shutdown(fd, SHUT_WR);
    static __thread http_reader_t r;
    http_reader_init(&r);
    for (;;) {
        int64_t left = deadline - mono_ms();
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = left > 0 ? poll(&p, 1, (int)left) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            break;
        char buf[4096];
        ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            break;
        if (out && got + 1 < cap) {
            size_t take = (size_t)n < cap - 1 - got ? (size_t)n : cap - 1 - got;
            memcpy(out + got, buf, take);
            got += take;
        }
        /* The server keeps the connection for more: one answer is enough. */
        if (http_reader_feed(&r, buf, (size_t)n, body_read, &r, NULL) != HTTP_MORE)
            break;
    }
    if (out)
        out[got] = 0;
    close(fd);
    return got;
}

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sa;
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
        getsockname(fd, (struct sockaddr *)&sa, &len) != 0)
        abort();
    close(fd);
    return ntohs(sa.sin_port);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_IGN);
    setenv("POKERCLOCK_SSE_HEARTBEAT_MS", "100", 1);
    config_problems_t p = {0};
    char err[512];
    if (!config_load_string(CONFIG, "fuzz.cfg", &config, &p))
        abort();
    engine_options_t eo = {.config_text = CONFIG, .config_name = "fuzz.cfg"};
    if (!(engine = engine_new(&eo, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        abort();
    }
    for (int attempt = 0; !net && attempt < 20; attempt++) {
        port = free_port();
        static pin_t pin;
        if (pin_configured(&pin, "2468") != 0)
            abort();
        net_options_t no = {.bind = "127.0.0.1", .port = port, .pin = &pin, .config = &config};
        net = net_start(engine, &no, err, sizeof err);
    }
    if (!net) {
        fprintf(stderr, "%s\n", err);
        abort();
    }
    static const char login[] = "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                "Content-Type: application/json\r\nContent-Length: 14\r\n"
                                "Connection: close\r\n\r\n{\"pin\":\"2468\"}";
    char answer[4096];
    exchange(login, sizeof login - 1, answer, sizeof answer, OWN_ANSWER_MS, false);
    const char *c = strstr(answer, "pc_session=");
    if (!c || sscanf(c + 11, "%63[0-9a-fA-F]", token) != 1) {
        fprintf(stderr, "cannot log in to the clock:\n%s\n", answer);
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The input with each "SID" replaced by the session's token. */
    size_t tlen = strlen(token), n = 0;
    char *req = malloc(size * (tlen > 3 ? tlen / 3 + 1 : 1) + 1);
    for (size_t i = 0; i < size; i++) {
        if (i + 3 <= size && memcmp(data + i, "SID", 3) == 0) {
            memcpy(req + n, token, tlen);
            n += tlen;
            i += 2;
        } else {
            req[n++] = (char)data[i];
        }
    }
    char *answer = malloc(65536);
    int64_t t0 = mono_ms();
    exchange(req, n, answer, 65536, ANSWER_MS, false);
    if (getenv("FUZZ_TRACE")) /* what the server said, to see what an input reaches */
        fprintf(stderr, "%lld ms: %.200s\n", (long long)(mono_ms() - t0), answer);
    free(answer);
    free(req);
    /* Whatever that was, the clock still answers everybody else (from another address). */
    static const char health[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                 "Connection: close\r\n\r\n";
    char health_answer[1024];
    exchange(health, sizeof health - 1, health_answer, sizeof health_answer, OWN_ANSWER_MS, true);
    if (strncmp(health_answer, "HTTP/1.1 200", 12) != 0) {
        fprintf(stderr, "after that request the clock no longer answers /healthz:\n%s\n",
                health_answer);
        abort();
    }
    return 0;
}
