/* Whole files read into memory: configurations and fonts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
