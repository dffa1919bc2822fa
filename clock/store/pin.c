/* The director PIN: the configured one, or one made on first start and kept. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/pin.h"

static void path_of(const char *dir, const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", dir, name);
}

int pin_resolve(const char *state_dir, const char *configured, char *pin, size_t len,
                bool *generated)
{
    *generated = false;
    if (configured && *configured) {
        snprintf(pin, len, "%s", configured);
        return 0;
    }
    char path[4096];
    path_of(state_dir, "pin", path, sizeof path);
    FILE *f = fopen(path, "r");
    if (f) {
        char line[64] = "";
        bool ok = fgets(line, sizeof line, f) != NULL;
        fclose(f);
        line[strcspn(line, "\r\n")] = 0;
        if (ok && strlen(line) >= 4) {
            snprintf(pin, len, "%s", line);
            *generated = true;
            return 0;
        }
    }
    unsigned int r;
    if (getrandom(&r, sizeof r, 0) != sizeof r)
        return -1;
    snprintf(pin, len, "%06u", r % 1000000u);
    mkdir(state_dir, 0755);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    char text[32];
    int n = snprintf(text, sizeof text, "%s\n", pin);
    int rc = write(fd, text, (size_t)n) == n && fsync(fd) == 0 ? 0 : -1;
    close(fd);
    *generated = rc == 0;
    return rc;
}

bool pin_seen(const char *state_dir)
{
    char path[4096];
    path_of(state_dir, "pin-seen", path, sizeof path);
    return access(path, F_OK) == 0;
}

void pin_mark_seen(const char *state_dir)
{
    char path[4096];
    path_of(state_dir, "pin-seen", path, sizeof path);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}
