/* The durable journal: length- and checksum-framed records in one file. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/journal.h"

/* A record on disk: a header of magic (1 byte), payload length (4 bytes,
 * little endian) and CRC-32 of the payload (4 bytes), then the payload. A
 * power cut can leave the last record short or garbled; the header and the
 * checksum tell. */
enum { MAGIC = 0x01, HEADER = 9 };

struct journal {
    int fd;
    char *path; /* DIR/journal */
    char *dir;
    long size;
    bool read_only; /* another process writes it: never cut it */
    journal_damage_t damage; /* what the last journal_read skipped */
    long record_at;          /* where the record journal_read is at starts */
};

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    static uint32_t table[256];
    static int ready;
    if (!ready) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++)
                c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
        ready = 1;
    }
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Creates dir and its parents as needed. */
static int make_dirs(const char *dir, char *err, size_t errlen)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(tmp, 0755) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
            return -1;
        }
        *p = '/';
    }
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        return -1;
    }
    return 0;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Opens DIR/journal for appending (created as needed) or only for reading. */
static journal_t *open_file(const char *dir, bool read_only, char *err, size_t errlen)
{
    journal_t *j = calloc(1, sizeof *j);
    size_t n = strlen(dir) + sizeof "/journal";
    if (!j || !(j->path = malloc(n)) || !(j->dir = strdup(dir))) {
        snprintf(err, errlen, "out of memory");
        journal_free(j);
        return NULL;
    }
    snprintf(j->path, n, "%s/journal", dir);
    j->read_only = read_only;
    j->fd = read_only ? open(j->path, O_RDONLY | O_CLOEXEC)
                      : open(j->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (j->fd < 0) {
        snprintf(err, errlen, "cannot open %s: %s", j->path, strerror(errno));
        j->fd = -1;
        journal_free(j);
        return NULL;
    }
    struct stat st;
    j->size = fstat(j->fd, &st) == 0 ? (long)st.st_size : 0;
    return j;
}

journal_t *journal_open(const char *dir, char *err, size_t errlen)
{
    if (make_dirs(dir, err, errlen) != 0)
        return NULL;
    return open_file(dir, false, err, errlen);
}

journal_t *journal_open_readonly(const char *dir, char *err, size_t errlen)
{
    return open_file(dir, true, err, errlen);
}

void journal_free(journal_t *j)
{
    if (!j)
        return;
    if (j->fd >= 0)
        close(j->fd);
    free(j->path);
    free(j->dir);
    free(j);
}

long journal_size(const journal_t *j)
{
    return j->size;
}

/* Whether an intact record starts at pos; its payload length in *len.
 *
 * Linear time whatever the bytes: a payload never holds a MAGIC byte (it is
 * JSON text, where control characters are escaped, and journal_append
 * refuses any other), so a candidate whose claimed payload runs into a MAGIC
 * byte is refused by memchr before any checksum. The checksum is then only
 * computed over payloads free of MAGIC bytes, and no two candidates more
 * than a header apart can claim the same bytes: the whole scan of a damaged
 * journal reads each byte a bounded number of times (a crafted 3 MiB file
 * took more than 40 s when every byte was tried with a CRC over 1 MiB). */
static bool record_at(const unsigned char *buf, long size, long pos, uint32_t *len)
{
    if (size - pos < HEADER || buf[pos] != MAGIC)
        return false;
    *len = get32(buf + pos + 1);
    return *len <= JOURNAL_MAX_RECORD && (long)*len <= size - pos - HEADER &&
           !memchr(buf + pos + HEADER, MAGIC, *len) &&
           crc32_of(buf + pos + HEADER, *len) == get32(buf + pos + 5);
}

/* Notes a damaged stretch [at, at + bytes) for journal_damage. */
static void damage_add(journal_damage_t *d, long at, long bytes)
{
    if (d->regions < JOURNAL_DAMAGE_KEPT) {
        d->at[d->regions] = at;
        d->bytes[d->regions] = bytes;
    }
    d->regions++;
    d->total_bytes += bytes;
}

const journal_damage_t *journal_damage(const journal_t *j)
{
    return &j->damage;
}

long journal_record_offset(const journal_t *j)
{
    return j->record_at;
}

/* The whole journal file into *buf (NULL when empty), its size in *size. */
static int read_whole(journal_t *j, unsigned char **buf, long *size, char *warn, size_t warnlen)
{
    struct stat st;
    if (fstat(j->fd, &st) != 0) {
        snprintf(warn, warnlen, "cannot read %s: %s", j->path, strerror(errno));
        return -1;
    }
    *size = (long)st.st_size;
    *buf = *size > 0 ? malloc((size_t)*size) : NULL;
    if (*size > 0 && !*buf) {
        snprintf(warn, warnlen, "%s: out of memory", j->path);
        return -1;
    }
    long got = 0;
    while (got < *size) {
        ssize_t r = pread(j->fd, *buf + got, (size_t)(*size - got), got);
        if (r <= 0) {
            if (r < 0 && errno == EINTR)
                continue;
            snprintf(warn, warnlen, "cannot read %s: %s", j->path,
                     r < 0 ? strerror(errno) : "it got shorter while reading");
            free(*buf);
            return -1;
        }
        got += r;
    }
    return 0;
}

/* Damage at pos: where the next intact record starts (its length in *len),
 * or size when none does. Only MAGIC bytes can start one (see record_at). */
static long next_intact(const unsigned char *buf, long size, long pos, uint32_t *len)
{
    long next = pos;
    do {
        const unsigned char *m =
            next + 1 < size ? memchr(buf + next + 1, MAGIC, (size_t)(size - next - 1)) : NULL;
        next = m ? m - buf : size;
    } while (next < size && !record_at(buf, size, next, len));
    return next;
}

long journal_read(journal_t *j, journal_record_fn fn, void *ctx, char *warn, size_t warnlen)
{
    if (warn && warnlen)
        warn[0] = 0;
    long size;
    unsigned char *buf;
    if (read_whole(j, &buf, &size, warn, warnlen) != 0)
        return -1;
    long pos = 0, count = 0;
    uint32_t len;
    memset(&j->damage, 0, sizeof j->damage);
    while (pos < size) {
        if (!record_at(buf, size, pos, &len)) {
            long next = next_intact(buf, size, pos, &len);
            if (next >= size)
                break; /* the tail */
            damage_add(&j->damage, pos, next - pos);
            pos = next;
        }
        count++;
        j->record_at = pos;
        if (fn && fn(ctx, (const char *)buf + pos + HEADER, len) != 0) {
            free(buf);
            return count;
        }
        pos += HEADER + (long)len;
    }
    free(buf);
    if (warn && warnlen)
        warn[0] = 0;
    if (j->damage.regions > 0 && warn && warnlen)
        snprintf(warn, warnlen,
                 "%s: skipped %ld damaged stretch%s (%ld bytes, the first at byte %ld): "
                 "the records there are lost",
                 j->path, j->damage.regions, j->damage.regions == 1 ? "" : "es",
                 j->damage.total_bytes, j->damage.at[0]);
    if (pos < size && j->read_only) {
        /* Most likely the writer is in the middle of a record: leave it. */
        j->size = pos;
    } else if (pos < size) {
        /* A torn or garbled tail: everything before it is good. Cut it off
         * so that new records follow the last good one. */
        size_t used = warn && warnlen ? strlen(warn) : 0;
        if (warn && warnlen)
            snprintf(warn + used, warnlen - used,
                     "%s%s: dropped %ld damaged bytes at the end (the power went during a write)",
                     used ? "; " : "", j->path, size - pos);
        j->damage.tail_at = pos;
        j->damage.tail_bytes = size - pos;
        if (ftruncate(j->fd, pos) == 0) {
            fsync(j->fd);
            j->size = pos;
        }
    } else {
        j->size = size;
    }
    return count;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* What record_at relies on: a bounded length and no MAGIC byte inside. */
static int payload_check(const char *payload, size_t len, char *err, size_t errlen)
{
    if (len > JOURNAL_MAX_RECORD) {
        snprintf(err, errlen, "a record of %zu bytes is too large", len);
        return -1;
    }
    if (memchr(payload, MAGIC, len)) {
        snprintf(err, errlen, "a record may not hold the byte 0x%02x", MAGIC);
        return -1;
    }
    return 0;
}

/* Header and payload in one buffer: one write, so a record is never split
 * between two writes by a concurrent writer, and a failure is all or nothing
 * as far as we can make it. */
static unsigned char *frame(const char *payload, size_t len, size_t *total)
{
    unsigned char *b = malloc(HEADER + len);
    if (!b)
        return NULL;
    b[0] = MAGIC;
    put32(b + 1, (uint32_t)len);
    put32(b + 5, crc32_of((const unsigned char *)payload, len));
    memcpy(b + HEADER, payload, len);
    *total = HEADER + len;
    return b;
}

int journal_append(journal_t *j, const char *payload, size_t len, bool sync, char *err,
                   size_t errlen)
{
    if (j->read_only) {
        snprintf(err, errlen, "%s is open only to be read", j->path);
        return -1;
    }
    if (payload_check(payload, len, err, errlen) != 0)
        return -1;
    size_t total;
    unsigned char *b = frame(payload, len, &total);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = write_all(j->fd, b, total);
    int saved = errno;
    free(b);
    if (rc == 0 && sync && fdatasync(j->fd) != 0) {
        saved = errno;
        rc = -1;
    }
    if (rc != 0) {
        /* Take back whatever part of the record reached the file. If that
         * fails too, the part stays: the next read skips it, and the size
         * must say where the file really ends, or the next failed append
         * would cut into records written after it. */
        struct stat st;
        if (ftruncate(j->fd, j->size) != 0 && fstat(j->fd, &st) == 0)
            j->size = (long)st.st_size;
        snprintf(err, errlen, "cannot write %s: %s", j->path,
                 saved == ENOSPC ? "the disk is full" : strerror(saved));
        return -1;
    }
    j->size += (long)total;
    return 0;
}

int journal_rewrite(journal_t *j, const char *const *payloads, const size_t *lens, size_t n,
                    char *err, size_t errlen)
{
    if (j->read_only) {
        snprintf(err, errlen, "%s is open only to be read", j->path);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (payload_check(payloads[i], lens[i], err, errlen) != 0)
            return -1;
    size_t plen = strlen(j->path) + sizeof ".new";
    char *tmp = malloc(plen);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(tmp, plen, "%s.new", j->path);
    /* Opened for appending as the journal will be: after the rename this
     * descriptor is the journal, with nothing left that could fail. */
    int fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        free(tmp);
        return -1;
    }
    long size = 0;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        size_t total;
        unsigned char *b = frame(payloads[i], lens[i], &total);
        rc = b ? write_all(fd, b, total) : -1;
        free(b);
        size += (long)total;
    }
    if (rc == 0 && fsync(fd) != 0)
        rc = -1;
    int saved = errno;
    if (rc == 0 && rename(tmp, j->path) != 0) {
        saved = errno;
        rc = -1;
    }
    if (rc != 0) {
        close(fd);
        unlink(tmp);
        snprintf(err, errlen, "cannot compact %s: %s", j->path, strerror(saved));
        free(tmp);
        return -1;
    }
    free(tmp);
    sync_dir(j->dir);
    close(j->fd);
    j->fd = fd;
    j->size = size;
    return 0;
}

void journal_boot_id(char *buf, size_t len)
{
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    buf[0] = 0;
    if (f) {
        if (fgets(buf, (int)len, f))
            buf[strcspn(buf, "\n")] = 0;
        fclose(f);
    }
    if (!buf[0])
        snprintf(buf, len, "unknown");
}
