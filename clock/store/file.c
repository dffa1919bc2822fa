/* Whole files read into memory (configurations and fonts); files of the
 * state directory written whole, and their first line read. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/file.h"

char *file_read(const char *path, size_t max, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    /* Grown as it fills, so that a pipe or /proc file reads as well as a
     * regular one; one byte past max tells a file that is too large. */
    size_t cap = 0, n = 0;
    char *buf = NULL;
    const char *why = NULL;
    for (;;) {
        if (n == cap) {
            size_t want = cap ? cap * 2 : 65536;
            if (want > max + 1)
                want = max + 1;
            char *bigger = want > cap ? realloc(buf, want + 1) : NULL;
            if (!bigger) {
                why = want > cap ? "out of memory" : NULL;
                break;
            }
            buf = bigger;
            cap = want;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int read_errno = ferror(f) ? errno : 0;
    fclose(f);
    if (!why && read_errno)
        why = strerror(read_errno);
    if (why) {
        snprintf(err, errlen, "cannot read: %s", why);
        free(buf);
        return NULL;
    }
    if (n > max) {
        snprintf(err, errlen, "the file is larger than %zu bytes: is it the right file?", max);
        free(buf);
        return NULL;
    }
    if (!buf && !(buf = malloc(1))) {
        snprintf(err, errlen, "cannot read: out of memory");
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

int file_write_atomic(const char *dir, const char *name, const void *data, size_t len, int mode)
{
    char path[4096], tmp[4200];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return ENAMETOOLONG;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0)
        return errno;
    const char *p = data;
    int rc = 0;
    while (len > 0 && rc == 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            rc = w < 0 ? errno : ENOSPC;
        else
            p += w, len -= (size_t)w;
    }
    if (rc == 0 && fsync(fd) != 0)
        rc = errno;
    if (close(fd) != 0 && rc == 0)
        rc = errno;
    if (rc == 0 && rename(tmp, path) != 0)
        rc = errno;
    if (rc != 0) {
        unlink(tmp);
        return rc;
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

/* The first line of dir/name without its line break, or false. */
bool file_first_line(const char *dir, const char *name, char *line, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fgets(line, (int)len, f) != NULL;
    fclose(f);
    if (ok)
        line[strcspn(line, "\r\n")] = 0;
    return ok;
}
