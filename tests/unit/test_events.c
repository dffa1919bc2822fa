/* The event stream over real sockets: the state serialised once per change
 * for all streams, and a client that goes away let go at once, not at the
 * next heartbeat. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <microhttpd.h>

#include "base/mono.h"
#include "engine.h"
#include "net/events.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

enum { CLIENTS = 64, CHANGES = 5 };

static const char CONFIG[] =
    "tournament = { name = \"Events\"; starting_stack = 10000;\n"
    "  levels = ( { small_blind = 25; big_blind = 50; minutes = 20; } ); };\n";

static events_t *ev;

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    struct MHD_Response *r = events_response(ev, con);
    enum MHD_Result rc = MHD_queue_response(con, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* Reads from fd until `states` state events have arrived in all (counted in
 * *seen); false after 10 s. */
static bool read_states(int fd, int *seen, int states)
{
    static const char mark[] = "event: state";
    char buf[8192];
    int64_t until = mono_ms() + 10000;
    while (*seen < states) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, (int)(until - mono_ms())) <= 0)
            return false;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n <= 0)
            return false;
        buf[n] = 0;
        /* A state event of this size is one write on loopback: it does
         * not split across reads. */
        for (char *q = buf; (q = strstr(q, mark)); q += sizeof mark - 1)
            (*seen)++;
    }
    return true;
}

static void streams(void **state)
{
    (void)state;
    engine_options_t o = {.config_text = CONFIG, .config_name = "events.cfg"};
    char err[256];
    engine_t *e = engine_new(&o, err, sizeof err);
    assert_non_null(e);
    /* A heartbeat far away: anything let go sooner was let go by the hang-up. */
    ev = events_new(e, 600000);
    assert_non_null(ev);
    struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD |
                                                MHD_ALLOW_SUSPEND_RESUME,
                                            0, NULL, NULL, on_request, NULL,
                                            MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_END);
    assert_non_null(d);
    int port = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT)->port;

    int fd[CLIENTS], seen[CLIENTS] = {0};
    static const char req[] = "GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n";
    for (int i = 0; i < CLIENTS; i++) {
        fd[i] = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
        assert_int_equal(connect(fd[i], (struct sockaddr *)&sa, sizeof sa), 0);
        assert_int_equal(write(fd[i], req, sizeof req - 1), (ssize_t)(sizeof req - 1));
    }
    for (int i = 0; i < CLIENTS; i++)
        assert_true(read_states(fd[i], &seen[i], 1));
    assert_int_equal(events_open(ev), CLIENTS);

    /* Each change reaches every client; serialising it per client would
     * take CLIENTS per change. A few more than one are allowed: a rendered
     * state is shared for 25 ms, and a slow machine may take longer than
     * that to reach them all. */
    for (int k = 0; k < CHANGES; k++) {
        unsigned long before = events_serialised(ev);
        command_t c = {.type = CMD_REGISTER, .count = 1};
        assert_int_equal(engine_apply(e, &c, engine_now(e), &no), APPLY_OK);
        for (int i = 0; i < CLIENTS; i++)
            assert_true(read_states(fd[i], &seen[i], k + 2));
        unsigned long made = events_serialised(ev) - before;
        print_message("change %d: serialised %lu times for %d clients\n", k + 1, made, CLIENTS);
        assert_true(made >= 1);
        assert_true(made <= CLIENTS / 8);
    }

    /* Gone clients are let go within a second or two, not after the
     * 10-minute heartbeat. */
    for (int i = 0; i < CLIENTS / 2; i++)
        close(fd[i]);
    int64_t until = mono_ms() + 5000;
    while (events_open(ev) > CLIENTS - CLIENTS / 2 && mono_ms() < until)
        usleep(10000);
    assert_int_equal(events_open(ev), CLIENTS - CLIENTS / 2);

    /* The rest still get changes. */
    command_t c = {.type = CMD_REGISTER, .count = 1};
    assert_int_equal(engine_apply(e, &c, engine_now(e), &no), APPLY_OK);
    for (int i = CLIENTS / 2; i < CLIENTS; i++)
        assert_true(read_states(fd[i], &seen[i], CHANGES + 2));
    for (int i = CLIENTS / 2; i < CLIENTS; i++)
        close(fd[i]);

    events_shutdown(ev);
    MHD_stop_daemon(d);
    events_free(ev);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(streams)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
