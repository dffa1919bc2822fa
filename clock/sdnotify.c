/* systemd's notify protocol without libsystemd: ready, watchdog, status. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/mono.h"
#include "sdnotify.h"

static void send_state(const char *text)
{
    const char *path = getenv("NOTIFY_SOCKET");
    if (!path || (path[0] != '/' && path[0] != '@'))
        return;
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    size_t n = strlen(path);
    if (n >= sizeof sa.sun_path)
        return;
    memcpy(sa.sun_path, path, n);
    if (sa.sun_path[0] == '@')
        sa.sun_path[0] = 0; /* abstract socket */
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return;
    socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n);
    sendto(fd, text, strlen(text), MSG_NOSIGNAL, (struct sockaddr *)&sa, len);
    close(fd);
}

void sdnotify_ready(void)
{
    send_state("READY=1");
}

void sdnotify_watchdog(void)
{
    static int64_t last;
    int64_t second = mono_ms() / 1000;
    if (second == last)
        return;
    last = second;
    send_state("WATCHDOG=1");
}

void sdnotify_status(const char *text)
{
    char buf[256];
    snprintf(buf, sizeof buf, "STATUS=%s", text);
    send_state(buf);
}
