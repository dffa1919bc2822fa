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
    int mark_fd; /* DIR/journal-end, once written; -1 before */
    char *path;  /* DIR/journal */
    char *dir;
    long size;
    bool read_only;          /* another process writes it: never cut it */
    journal_damage_t damage; /* what the last journal_read skipped */
    long record_at;          /* where the record journal_read is at starts */
    long record_end;         /* and where it ends */
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
    if (j)
        j->fd = j->mark_fd = -1;
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
    if (j->mark_fd >= 0)
        close(j->mark_fd);
    free(j->path);
    free(j->dir);
    free(j);
}

long journal_size(const journal_t *j)
{
    return j->size;
}

/* The reader's view of the file: a window of it in memory, moved forward
 * as the read goes on and grown only to hold the largest record met (at
 * most a header and JOURNAL_MAX_RECORD): reading back a journal of any size
 * takes memory for one record, not for the file. */
typedef struct {
    int fd;
    unsigned char *buf;
    size_t cap;
    long base; /* the file offset of buf[0] */
    long len;  /* bytes of the file in buf */
    long size; /* the file's size when the read began */
    int error; /* errno of a failed read, or 0 */
} window_t;

enum { WINDOW_MIN = 64 << 10 };

/* Makes the file's bytes [pos, pos + need) readable at window_at(w, pos),
 * or as many as the file has. Returns how many are, from pos on. */
static long window_fill(window_t *w, long pos, long need)
{
    if (need > w->size - pos)
        need = w->size - pos;
    if (need <= 0)
        return 0;
    if (pos >= w->base && pos + need <= w->base + w->len)
        return w->base + w->len - pos;
    if (pos >= w->base && pos < w->base + w->len) {
        memmove(w->buf, w->buf + (pos - w->base), (size_t)(w->base + w->len - pos));
        w->len = w->base + w->len - pos;
    } else {
        w->len = 0;
    }
    w->base = pos;
    if ((size_t)need > w->cap || !w->buf) {
        size_t cap = w->cap ? w->cap : WINDOW_MIN;
        while (cap < (size_t)need)
            cap *= 2;
        unsigned char *b = realloc(w->buf, cap);
        if (!b) {
            w->error = ENOMEM;
            return w->len;
        }
        w->buf = b;
        w->cap = cap;
    }
    /* Read as much as fits: the next records are most likely read next. */
    long want = w->size - w->base < (long)w->cap ? w->size - w->base : (long)w->cap;
    while (w->len < want) {
        ssize_t r = pread(w->fd, w->buf + w->len, (size_t)(want - w->len), w->base + w->len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            w->error = r < 0 ? errno : ESPIPE;
            break;
        }
        w->len += r;
    }
    return w->len;
}

static const unsigned char *window_at(const window_t *w, long pos)
{
    return w->buf + (pos - w->base);
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
static bool record_at(window_t *w, long pos, uint32_t *len)
{
    if (window_fill(w, pos, HEADER) < HEADER || *window_at(w, pos) != MAGIC)
        return false;
    *len = get32(window_at(w, pos) + 1);
    if (*len > JOURNAL_MAX_RECORD || (long)*len > w->size - pos - HEADER ||
        window_fill(w, pos, HEADER + (long)*len) < HEADER + (long)*len)
        return false;
    const unsigned char *p = window_at(w, pos);
    return !memchr(p + HEADER, MAGIC, *len) && crc32_of(p + HEADER, *len) == get32(p + 5);
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

long journal_record_end(const journal_t *j)
{
    return j->record_end;
}

/* Damage at pos: where the next intact record starts (its length in *len),
 * or the file's size when none does. Only MAGIC bytes can start one (see
 * record_at). */
static long next_intact(window_t *w, long pos, uint32_t *len)
{
    long next = pos + 1;
    while (next < w->size && !w->error) {
        long have = window_fill(w, next, WINDOW_MIN);
        if (have <= 0)
            break;
        const unsigned char *m = memchr(window_at(w, next), MAGIC, (size_t)have);
        if (!m) {
            next += have;
            continue;
        }
        next += m - window_at(w, next);
        if (record_at(w, next, len))
            return next;
        next++;
    }
    return w->size;
}

/* How a read from some byte on went. */
typedef struct {
    long count;   /* intact records read */
    long end;     /* where the last one read ends */
    long size;    /* the file's size when the read began */
    bool stopped; /* fn asked to stop */
} span_t;

/* Reads the records from byte `from` on, each to fn; stretches that are not
 * records go to damage (when given). -1 with warn when the file cannot be
 * read. */
static int read_span(journal_t *j, long from, journal_record_fn fn, void *ctx,
                     journal_damage_t *damage, span_t *sp, char *warn, size_t warnlen)
{
    struct stat st;
    if (fstat(j->fd, &st) != 0) {
        snprintf(warn, warnlen, "cannot read %s: %s", j->path, strerror(errno));
        return -1;
    }
    window_t w = {.fd = j->fd, .size = (long)st.st_size};
    long pos = from;
    uint32_t len;
    *sp = (span_t){.size = w.size};
    while (pos < w.size && !w.error && !sp->stopped) {
        if (!record_at(&w, pos, &len)) {
            long next = w.error ? w.size : next_intact(&w, pos, &len);
            if (next >= w.size)
                break; /* the tail */
            if (damage)
                damage_add(damage, pos, next - pos);
            pos = next;
        }
        sp->count++;
        j->record_at = pos;
        j->record_end = pos + HEADER + (long)len;
        sp->stopped = fn && fn(ctx, (const char *)window_at(&w, pos) + HEADER, len) != 0;
        pos += HEADER + (long)len;
    }
    free(w.buf);
    sp->end = pos;
    if (w.error) {
        snprintf(warn, warnlen, "cannot read %s: %s", j->path,
                 w.error == ESPIPE ? "it got shorter while reading" : strerror(w.error));
        return -1;
    }
    return 0;
}

long journal_read(journal_t *j, journal_record_fn fn, void *ctx, char *warn, size_t warnlen)
{
    char why[512] = "";
    span_t sp;
    memset(&j->damage, 0, sizeof j->damage);
    int rc = read_span(j, 0, fn, ctx, &j->damage, &sp, why, sizeof why);
    if (warn && warnlen)
        snprintf(warn, warnlen, "%s", why);
    if (rc != 0)
        return -1;
    if (sp.stopped)
        return sp.count;
    if (j->damage.regions > 0 && warn && warnlen)
        snprintf(warn, warnlen,
                 "%s: skipped %ld damaged stretch%s (%ld bytes, the first at byte %ld): "
                 "the records there are lost",
                 j->path, j->damage.regions, j->damage.regions == 1 ? "" : "es",
                 j->damage.total_bytes, j->damage.at[0]);
    if (sp.end < sp.size && j->read_only) {
        /* Most likely the writer is in the middle of a record: leave it. */
        j->size = sp.end;
    } else if (sp.end < sp.size) {
        /* A torn or garbled tail: everything before it is good. Cut it off
         * so that new records follow the last good one. */
        size_t used = warn && warnlen ? strlen(warn) : 0;
        if (warn && warnlen)
            snprintf(warn + used, warnlen - used,
                     "%s%s: dropped %ld damaged bytes at the end (the power went during a write)",
                     used ? "; " : "", j->path, sp.size - sp.end);
        j->damage.tail_at = sp.end;
        j->damage.tail_bytes = sp.size - sp.end;
        if (ftruncate(j->fd, sp.end) == 0) {
            fsync(j->fd);
            j->size = sp.end;
        }
    } else {
        j->size = sp.size;
    }
    return sp.count;
}

long journal_read_from(journal_t *j, long from, journal_record_fn fn, void *ctx, char *warn,
                       size_t warnlen)
{
    span_t sp;
    char why[512] = "";
    int rc = read_span(j, from, fn, ctx, NULL, &sp, why, sizeof why);
    if (warn && warnlen)
        snprintf(warn, warnlen, "%s", why);
    return rc == 0 ? sp.count : -1;
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

/* What goes into a journal that replaces the old one: given records, or
 * the old file's bytes from an offset on. */
typedef struct {
    const char *const *payloads;
    const size_t *lens;
    size_t n;
    long from; /* with n == 0: copy the old file from here */
} contents_t;

static int write_contents(journal_t *j, int fd, const contents_t *c, long *size)
{
    *size = 0;
    for (size_t i = 0; i < c->n; i++) {
        size_t total;
        unsigned char *b = frame(c->payloads[i], c->lens[i], &total);
        int rc = b ? write_all(fd, b, total) : -1;
        free(b);
        if (rc != 0)
            return -1;
        *size += (long)total;
    }
    if (c->n > 0)
        return 0;
    unsigned char buf[64 << 10];
    for (long pos = c->from; pos < j->size;) {
        size_t want = j->size - pos < (long)sizeof buf ? (size_t)(j->size - pos) : sizeof buf;
        ssize_t r = pread(j->fd, buf, want, pos);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || write_all(fd, buf, (size_t)r) != 0) {
            if (r == 0)
                errno = ESPIPE;
            return -1;
        }
        pos += r;
        *size += r;
    }
    return 0;
}

/* Replaces the journal atomically (write a new file, fsync, rename): a
 * power cut finds the old journal or the new one, never a mix. */
static int replace(journal_t *j, const contents_t *c, char *err, size_t errlen)
{
    if (j->read_only) {
        snprintf(err, errlen, "%s is open only to be read", j->path);
        return -1;
    }
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
    int rc = write_contents(j, fd, c, &size);
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
        snprintf(err, errlen, "cannot compact %s: %s", j->path,
                 saved == ENOSPC ? "the disk is full" : strerror(saved));
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

int journal_rewrite(journal_t *j, const char *const *payloads, const size_t *lens, size_t n,
                    char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (payload_check(payloads[i], lens[i], err, errlen) != 0)
            return -1;
    contents_t c = {.payloads = payloads, .lens = lens, .n = n};
    if (n == 0) /* nothing: an empty journal */
        c.from = j->size;
    return replace(j, &c, err, errlen);
}

int journal_drop_before(journal_t *j, long offset, char *err, size_t errlen)
{
    if (offset < 0 || offset > j->size) {
        snprintf(err, errlen, "%s has no byte %ld", j->path, offset);
        return -1;
    }
    contents_t c = {.from = offset};
    return replace(j, &c, err, errlen);
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

/* DIR/journal-end into buf. */
static void mark_path(const journal_t *j, char *buf, size_t len)
{
    snprintf(buf, len, "%s/journal-end", j->dir);
}

int journal_set_mark(journal_t *j, const char *text, char *err, size_t errlen)
{
    char path[4096];
    if (j->read_only) {
        snprintf(err, errlen, "%s is open only to be read", j->path);
        return -1;
    }
    mark_path(j, path, sizeof path);
    if (j->mark_fd < 0)
        j->mark_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    size_t n = strlen(text);
    struct stat st;
    if (j->mark_fd < 0 || pwrite(j->mark_fd, text, n, 0) != (ssize_t)n ||
        (fstat(j->mark_fd, &st) == 0 && st.st_size > (off_t)n && ftruncate(j->mark_fd, (off_t)n))) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void journal_mark(const journal_t *j, char *buf, size_t len)
{
    char path[4096];
    mark_path(j, path, sizeof path);
    buf[0] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t r = pread(fd, buf, len - 1, 0);
    buf[r > 0 ? r : 0] = 0;
    close(fd);
}
