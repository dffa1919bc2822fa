/* Benchmark helper for events.bench: N event-stream clients on one epoll,
 * the clock's memory with them, and how long each command takes to reach
 * every client. Usage: events_helper PID PORT COOKIE CLIENTS ROUNDS.
 * Clients come from 127.1.x.y (at most 200 per address: the clock allows
 * 256 connections per address) and carry the director's session cookie, so
 * that the limit for strangers (half the connections) does not apply. */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
    int fd;
    unsigned states;   /* "event: state" lines seen */
    char tail[16];     /* the end of the last read, for a line split across reads */
    double got;        /* when the awaited state arrived, or 0 */
} client_t;

static const char MARK[] = "event: state";

static int pss_kb(int pid, const char *field)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, field[0] == 'P' ? "smaps_rollup" : "status");
    FILE *f = fopen(path, "r");
    int v = -1;
    size_t n = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, field, n))
            v = atoi(line + n);
    if (f)
        fclose(f);
    return v;
}

/* Reads what c has; counts the state events in it. -1 when it closed. */
static int drain(client_t *c, double t)
{
    char buf[65536 + sizeof c->tail];
    for (;;) {
        size_t keep = strlen(c->tail);
        memcpy(buf, c->tail, keep);
        ssize_t n = read(c->fd, buf + keep, 65536);
        if (n == 0)
            return -1;
        if (n < 0)
            return errno == EAGAIN ? 0 : -1;
        size_t len = keep + (size_t)n;
        unsigned before = c->states;
        for (char *p = buf; (p = memmem(p, len - (size_t)(p - buf), MARK, sizeof MARK - 1));
             p += sizeof MARK - 1)
            c->states++;
        if (c->states != before && !c->got)
            c->got = t;
        size_t k = len < sizeof MARK - 1 ? len : sizeof MARK - 1;
        memcpy(c->tail, buf + len - k, k);
        c->tail[k] = 0;
        /* A mark fully inside the tail was counted: keep only its last byte
         * count short of a whole mark. */
        if (k == sizeof MARK - 1 && !memcmp(c->tail, MARK, k))
            c->tail[0] = 0;
    }
}

/* The process's CPU time so far, in clock ticks (utime + stime). */
static long cpu_ticks(int pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = 0;
    const char *p = strrchr(buf, ')');
    long utime = 0, stime = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &utime, &stime);
    return utime + stime;
}

static int fd_count(int pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd", pid);
    DIR *d = opendir(path);
    int k = 0;
    while (d && readdir(d))
        k++;
    if (d)
        closedir(d);
    return k - 2;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int post(int port, const char *cookie, const char *body)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
        return -1;
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "POST /api/command HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: %s\r\nContent-Type: "
                     "application/json\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n%s",
                     port, cookie, strlen(body), body);
    if (write(fd, req, (size_t)n) != n)
        return -1;
    return fd; /* read and closed by the caller later: the answer is not timed */
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: events_helper PID PORT COOKIE CLIENTS ROUNDS\n");
        return 2;
    }
    int pid = atoi(argv[1]), port = atoi(argv[2]), n = atoi(argv[4]), rounds = atoi(argv[5]);
    const char *cookie = argv[3];
    int before_pss = pss_kb(pid, "Pss:"), before_rss = pss_kb(pid, "VmRSS:");
    client_t *cl = calloc((size_t)n, sizeof *cl);
    int ep = epoll_create1(0);
    char req[512];
    int reqlen = snprintf(req, sizeof req,
                          "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: %s\r\n\r\n", port,
                          cookie);
    double t0 = now_ms();
    for (int i = 0; i < n; i++) {
        client_t *c = &cl[i];
        c->fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in from = {.sin_family = AF_INET};
        from.sin_addr.s_addr = htonl(0x7f010000u | (uint32_t)((i / 200) << 8) | 1u);
        struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
        if (c->fd < 0 || bind(c->fd, (struct sockaddr *)&from, sizeof from) != 0 ||
            connect(c->fd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
            write(c->fd, req, (size_t)reqlen) != reqlen) {
            fprintf(stderr, "client %d: %s\n", i, strerror(errno));
            return 1;
        }
        fcntl(c->fd, F_SETFL, O_NONBLOCK);
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &e);
    }
    struct epoll_event evs[512];
    int with_state = 0, closed = 0;
    /* Every client has its first state. */
    while (with_state + closed < n && now_ms() - t0 < 60000) {
        int k = epoll_wait(ep, evs, 512, 1000);
        for (int j = 0; j < k; j++) {
            client_t *c = &cl[evs[j].data.u32];
            unsigned s = c->states;
            if (drain(c, now_ms()) < 0) {
                closed++;
                epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
            } else if (!s && c->states) {
                with_state++;
            }
        }
    }
    double connected = now_ms() - t0;
    usleep(500000);
    int pss = pss_kb(pid, "Pss:"), rss = pss_kb(pid, "VmRSS:");
    printf("%d clients: all connected with their first state in %.0f ms (%d refused or closed); "
           "the clock's PSS %.1f MB (%.1f MB before), RSS %.1f MB (%.1f MB before)\n",
           n, connected, closed, pss / 1024.0, before_pss / 1024.0, rss / 1024.0,
           before_rss / 1024.0);
    /* What one phone that only listens costs, against the budget. */
    double per = (pss - before_pss) / (double)n;
    const char *max_env = getenv("BENCH_EVENT_KB_MAX");
    double max = max_env ? atof(max_env) : 12.0;
    printf("%d clients: %.1f KB of the clock's memory per client (budget %.0f KB)\n", n, per, max);
    if (per > max) {
        fprintf(stderr, "over the budget of %.0f KB per client\n", max);
        return 1;
    }
    /* A figure from clients the clock turned away measures nothing. */
    if (closed > 0) {
        fprintf(stderr, "%d of %d clients were refused or closed: no figures\n", closed, n);
        return 1;
    }
    /* Idle: no change for 20 s, two heartbeats, every client reading. */
    long c0 = cpu_ticks(pid);
    double i0 = now_ms();
    while (now_ms() - i0 < 20000) {
        int k = epoll_wait(ep, evs, 512, 500);
        for (int j = 0; j < k; j++)
            drain(&cl[evs[j].data.u32], now_ms());
    }
    printf("%d clients idle for 20 s: the clock used %.2f %% of a core\n", n,
           100.0 * (double)(cpu_ticks(pid) - c0) / (double)sysconf(_SC_CLK_TCK) /
               ((now_ms() - i0) / 1000.0));
    double *all = calloc((size_t)n * (size_t)rounds, sizeof *all), *last = calloc((size_t)rounds, sizeof *last);
    size_t na = 0;
    int missed = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++)
            cl[i].got = 0;
        double sent = now_ms();
        int cfd = post(port, cookie, r % 2 ? "{\"type\":\"resume\"}" : "{\"type\":\"pause\"}");
        int have = 0, want = n - closed;
        while (have < want && now_ms() - sent < 5000) {
            int k = epoll_wait(ep, evs, 512, 100);
            double t = now_ms();
            for (int j = 0; j < k; j++) {
                client_t *c = &cl[evs[j].data.u32];
                double g = c->got;
                drain(c, t);
                if (!g && c->got)
                    have++;
            }
        }
        for (int i = 0; i < n; i++)
            if (cl[i].got) {
                all[na++] = cl[i].got - sent;
                if (cl[i].got - sent > last[r])
                    last[r] = cl[i].got - sent;
            }
        missed += want - have;
        if (cfd >= 0)
            close(cfd);
        usleep(300000); /* apart, as a director's taps are */
    }
    qsort(all, na, sizeof *all, cmp);
    qsort(last, (size_t)rounds, sizeof *last, cmp);
    printf("%d clients, %d commands: command to client p50 %.1f ms, p99 %.1f ms; to the last "
           "client median %.1f ms, max %.1f ms; %d deliveries missing after 5 s\n",
           n, rounds, all[na / 2], all[na * 99 / 100], last[rounds / 2], last[rounds - 1], missed);
    int fds_open = fd_count(pid);
    for (int i = 0; i < n; i++)
        close(cl[i].fd);
    double closed_at = now_ms();
    int fds = fd_count(pid);
    while (fds > fds_open - n + 16 && now_ms() - closed_at < 15000) {
        usleep(20000);
        fds = fd_count(pid);
    }
    printf("%d clients closed: the clock released their descriptors within %.0f ms "
           "(%d open before, %d after)\n", n, now_ms() - closed_at, fds_open, fds);
    return 0;
}
