/* The journal file against real files: torn and garbled tails, full disks, compaction. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"

#include "store/journal.h"

enum { HEADER = 9, MAX_RECS = 64 };

static char path[96];

static int setup(void **state)
{
    (void)state;
    scratch_make("journal");
    snprintf(path, sizeof path, "%s/journal", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove();
}

/* Fills the disk with a file of its own; returns its path's fd to free it. */
static void fill_disk(const char *filler)
{
    int fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    static char block[4096];
    memset(block, 'f', sizeof block);
    while (write(fd, block, sizeof block) > 0) {
    }
    while (write(fd, block, 1) > 0) {
    }
    assert_int_equal(errno, ENOSPC);
    close(fd);
}

/* ---- records ---- */

typedef struct {
    int n;
    size_t len[MAX_RECS];
    char *data[MAX_RECS];
} recs_t;

static int collect(void *ctx, const char *payload, size_t len)
{
    recs_t *r = ctx;
    if (r->n == MAX_RECS)
        return -1;
    r->data[r->n] = malloc(len + 1);
    memcpy(r->data[r->n], payload, len);
    r->len[r->n++] = len;
    return 0;
}

static void recs_free(recs_t *r)
{
    for (int i = 0; i < r->n; i++)
        free(r->data[i]);
    r->n = 0;
}

/* The records the tests write: JSON-like text of varied lengths. */
static void record_text(int i, char *buf, size_t len)
{
    snprintf(buf, len, "{\"k\":\"cmd\",\"t\":%d,\"cmd\":{\"type\":\"register\",\"note\":\"%.*s\"}}",
             i * 1000, i * 7 % 40, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ");
}

static journal_t *open_journal(void)
{
    char err[512] = "";
    journal_t *j = journal_open(dir, err, sizeof err);
    if (!j)
        fail_msg("journal_open: %s", err);
    return j;
}

static void append_records(journal_t *j, int from, int to)
{
    char err[512], text[256];
    for (int i = from; i < to; i++) {
        record_text(i, text, sizeof text);
        if (journal_append(j, text, strlen(text), i % 2 == 0, err, sizeof err) != 0)
            fail_msg("journal_append %d: %s", i, err);
    }
}

/* Reads the journal in a fresh handle; checks that it holds records
 * [0, n) as written, and returns the warning. */
static void expect_records(int n, char *warn, size_t warnlen)
{
    journal_t *j = open_journal();
    recs_t r = {0};
    long got = journal_read(j, collect, &r, warn, warnlen);
    if (got != n || r.n != n)
        fail_msg("read %ld records, expected %d (%s)", got, n, warn);
    for (int i = 0; i < n; i++) {
        char text[256];
        record_text(i, text, sizeof text);
        if (r.len[i] != strlen(text) || memcmp(r.data[i], text, r.len[i]) != 0)
            fail_msg("record %d differs", i);
    }
    recs_free(&r);
    journal_free(j);
}

static unsigned char *file_bytes(long *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    rewind(f);
    unsigned char *b = malloc((size_t)*size + 1);
    assert_int_equal(fread(b, 1, (size_t)*size, f), (size_t)*size);
    fclose(f);
    return b;
}

static void file_write(const unsigned char *b, long size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, (size_t)size, f), (size_t)size);
    fclose(f);
}

static long file_size(void)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

/* ---- tests ---- */

static void empty_journal(void **state)
{
    (void)state;
    char warn[512];
    expect_records(0, warn, sizeof warn);
    assert_string_equal(warn, "");
    assert_int_equal(file_size(), 0);
    journal_t *j = open_journal();
    assert_int_equal(journal_size(j), 0);
    append_records(j, 0, 1);
    journal_free(j);
    expect_records(1, warn, sizeof warn);
    assert_string_equal(warn, "");
}

static void records_read_back_in_order(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 20);
    /* An empty record and one of the largest size are records too. */
    char err[512];
    assert_int_equal(journal_append(j, "", 0, true, err, sizeof err), 0);
    char *big = malloc(JOURNAL_MAX_RECORD + 1);
    memset(big, 'x', JOURNAL_MAX_RECORD + 1);
    assert_int_equal(journal_append(j, big, JOURNAL_MAX_RECORD, false, err, sizeof err), 0);
    long size = journal_size(j);
    assert_int_equal(journal_append(j, big, JOURNAL_MAX_RECORD + 1, false, err, sizeof err), -1);
    assert_non_null(strstr(err, "too large"));
    assert_int_equal(journal_size(j), size);
    journal_free(j);
    assert_int_equal(file_size(), size);

    j = open_journal();
    recs_t r = {0};
    char warn[512];
    assert_int_equal(journal_read(j, collect, &r, warn, sizeof warn), 22);
    assert_string_equal(warn, "");
    assert_int_equal(r.len[20], 0);
    assert_int_equal(r.len[21], JOURNAL_MAX_RECORD);
    assert_memory_equal(r.data[21], big, JOURNAL_MAX_RECORD);
    recs_free(&r);
    journal_free(j);
    free(big);
}

/* The power goes while a record is written: cut the file at every byte. The
 * records before the cut are all there, the torn one is dropped with a
 * warning, and a record appended afterwards is read back after them. */
static void torn_at_every_byte(void **state)
{
    (void)state;
    const int n = 6;
    journal_t *j = open_journal();
    long ends[8] = {0};
    for (int i = 0; i < n; i++) {
        append_records(j, i, i + 1);
        ends[i + 1] = journal_size(j);
    }
    journal_free(j);
    long size;
    unsigned char *whole = file_bytes(&size);
    assert_int_equal(size, ends[n]);
    int cuts = 0;
    for (long cut = 0; cut <= size; cut++) {
        file_write(whole, cut);
        int intact = 0;
        while (intact < n && ends[intact + 1] <= cut)
            intact++;
        bool torn = cut != ends[intact];
        char warn[512];
        j = open_journal();
        recs_t r = {0};
        long got = journal_read(j, collect, &r, warn, sizeof warn);
        if (got != intact)
            fail_msg("cut at %ld: read %ld records, expected %d", cut, got, intact);
        if (torn != (warn[0] != 0))
            fail_msg("cut at %ld: warning \"%s\"", cut, warn);
        if (torn && !strstr(warn, "damaged bytes at the end"))
            fail_msg("cut at %ld: the warning does not say what happened: %s", cut, warn);
        recs_free(&r);
        /* Appending afterwards: the next record of the sequence. */
        append_records(j, intact, intact + 1);
        journal_free(j);
        expect_records(intact + 1, warn, sizeof warn);
        if (warn[0])
            fail_msg("cut at %ld: after the append: %s", cut, warn);
        cuts += torn;
    }
    assert_int_equal(cuts, size - n);
    free(whole);
}

/* A flipped bit anywhere in the last record (its length, its checksum or
 * its payload) is seen, and that record alone is dropped. */
static void flipped_bit_in_last_record(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 4);
    long last = journal_size(j);
    append_records(j, 4, 5);
    journal_free(j);
    long size;
    unsigned char *whole = file_bytes(&size);
    unsigned char *b = malloc((size_t)size);
    for (long byte = last; byte < size; byte++) {
        for (int bit = 0; bit < 8; bit++) {
            memcpy(b, whole, (size_t)size);
            b[byte] ^= (unsigned char)(1u << bit);
            file_write(b, size);
            char warn[512];
            expect_records(4, warn, sizeof warn);
            if (!strstr(warn, "damaged"))
                fail_msg("bit %d of byte %ld: no warning", bit, byte);
            assert_int_equal(file_size(), last);
        }
    }
    free(b);
    free(whole);
}

static void garbage_after_the_records(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 3);
    journal_free(j);
    long size;
    unsigned char *whole = file_bytes(&size);
    uint32_t seed = 12345;
    for (int round = 0; round < 200; round++) {
        int extra = 1 + round % 97;
        unsigned char *b = malloc((size_t)(size + extra));
        memcpy(b, whole, (size_t)size);
        for (int k = 0; k < extra; k++) {
            seed = seed * 1103515245u + 12345u;
            b[size + k] = (unsigned char)(seed >> 16);
        }
        if (round % 2 == 0) /* looks like a record header */
            b[size] = 0x01;
        if (round % 4 == 0 && extra >= HEADER) { /* with a length that fits */
            b[size + 1] = (unsigned char)(extra - HEADER);
            b[size + 2] = b[size + 3] = b[size + 4] = 0;
        }
        file_write(b, size + extra);
        char warn[512];
        expect_records(3, warn, sizeof warn);
        if (!strstr(warn, "dropped"))
            fail_msg("round %d: %d bytes of garbage not reported", round, extra);
        assert_int_equal(file_size(), size);
        free(b);
    }
    free(whole);
}

/* Damage inside the journal (a bad block of the SD card, or bytes of a
 * failed write that could not be taken back before later records were
 * written): the damaged record is skipped with a warning, and every intact
 * record after it is still read. */
static void damage_in_the_middle(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    long ends[7] = {0};
    for (int i = 0; i < 6; i++) {
        append_records(j, i, i + 1);
        ends[i + 1] = journal_size(j);
    }
    journal_free(j);
    long size;
    unsigned char *whole = file_bytes(&size);
    unsigned char *b = malloc((size_t)size + 64);
    /* A flipped bit in record 2, at every byte of it. */
    for (long byte = ends[2]; byte < ends[3]; byte++) {
        memcpy(b, whole, (size_t)size);
        b[byte] ^= 0x10;
        file_write(b, size);
        j = open_journal();
        recs_t r = {0};
        char warn[512];
        long got = journal_read(j, collect, &r, warn, sizeof warn);
        if (got != 5)
            fail_msg("bit flipped at byte %ld: %ld records read, expected 5", byte, got);
        if (!strstr(warn, "skipped"))
            fail_msg("bit flipped at byte %ld: warning \"%s\"", byte, warn);
        for (int i = 0, k = 0; i < 6; i++) {
            if (i == 2)
                continue;
            char text[256];
            record_text(i, text, sizeof text);
            assert_int_equal(r.len[k], strlen(text));
            assert_memory_equal(r.data[k], text, r.len[k]);
            k++;
        }
        recs_free(&r);
        journal_free(j);
        assert_int_equal(file_size(), size); /* nothing good was cut off */
    }
    /* Garbage between records 3 and 4: all six are read, and appending goes
     * on after the last. */
    memcpy(b, whole, (size_t)ends[4]);
    memcpy(b + ends[4], "\x01\xff\x00garbage of a failed write", 28);
    memcpy(b + ends[4] + 28, whole + ends[4], (size_t)(size - ends[4]));
    file_write(b, size + 28);
    j = open_journal();
    char warn[512];
    recs_t r = {0};
    assert_int_equal(journal_read(j, collect, &r, warn, sizeof warn), 6);
    assert_non_null(strstr(warn, "skipped 1 damaged stretch (28 bytes, the first at byte"));
    const journal_damage_t *d = journal_damage(j);
    assert_int_equal(d->regions, 1);
    assert_int_equal(d->total_bytes, 28);
    assert_int_equal(d->at[0], ends[4]);
    assert_int_equal(d->tail_bytes, 0);
    recs_free(&r);
    append_records(j, 6, 7);
    journal_free(j);
    j = open_journal();
    assert_int_equal(journal_read(j, collect, &r, warn, sizeof warn), 7);
    recs_free(&r);
    journal_free(j);
    free(b);
    free(whole);
}

/* Journals of intact records and noise spliced at random: every intact
 * record is read, in order, whatever the noise around it. */
static void records_among_noise(void **state)
{
    (void)state;
    /* Intact records as they are on disk, framed by the journal itself. */
    journal_t *j = open_journal();
    long ends[11] = {0};
    for (int i = 0; i < 10; i++) {
        append_records(j, i, i + 1);
        ends[i + 1] = journal_size(j);
    }
    journal_free(j);
    long size;
    unsigned char *framed = file_bytes(&size);
    unsigned char *b = malloc(64 * 1024);
    uint32_t seed = 777;
    for (int round = 0; round < 300; round++) {
        long n = 0;
        int expect[64], k = 0;
        bool noise_inside = false, noise_at_end = false;
        int parts = 1 + round % 12;
        for (int p = 0; p < parts; p++) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 3) { /* an intact record */
                int r = (int)((seed >> 8) % 10);
                memcpy(b + n, framed + ends[r], (size_t)(ends[r + 1] - ends[r]));
                n += ends[r + 1] - ends[r];
                expect[k++] = r;
                noise_inside |= noise_at_end;
                noise_at_end = false;
            } else { /* noise, sometimes shaped like a header */
                int len = 1 + (int)((seed >> 4) % 60);
                for (int q = 0; q < len; q++) {
                    seed = seed * 1103515245u + 12345u;
                    b[n + q] = (unsigned char)(seed >> 16);
                }
                if (len > HEADER && (seed >> 12) % 2) {
                    b[n] = 0x01;
                    b[n + 1] = (unsigned char)((seed >> 20) % 80);
                    b[n + 2] = b[n + 3] = b[n + 4] = 0;
                }
                n += len;
                noise_at_end = true;
            }
        }
        file_write(b, n);
        j = open_journal();
        recs_t r = {0};
        char warn[512];
        long got = journal_read(j, collect, &r, warn, sizeof warn);
        if (got != k)
            fail_msg("round %d: %ld records read, expected %d (%s)", round, got, k, warn);
        for (int q = 0; q < k; q++) {
            char text[256];
            record_text(expect[q], text, sizeof text);
            if (r.len[q] != strlen(text) || memcmp(r.data[q], text, r.len[q]) != 0)
                fail_msg("round %d: record %d differs", round, q);
        }
        if (noise_inside != (strstr(warn, "skipped") != NULL) ||
            noise_at_end != (strstr(warn, "dropped") != NULL))
            fail_msg("round %d: warning \"%s\"", round, warn);
        recs_free(&r);
        journal_free(j);
    }
    free(b);
    free(framed);
}

/* Compaction: the records given replace the journal, read back identically,
 * and appending goes on in the new file. */
static void rewrite_replaces_the_journal(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 30);
    char text[3][256];
    const char *p[3];
    size_t len[3];
    for (int i = 0; i < 3; i++) {
        record_text(i, text[i], sizeof text[i]);
        p[i] = text[i];
        len[i] = strlen(text[i]);
    }
    char err[512];
    assert_int_equal(journal_rewrite(j, p, len, 3, err, sizeof err), 0);
    assert_int_equal(journal_size(j), file_size());
    append_records(j, 3, 5);
    journal_free(j);
    char warn[512];
    expect_records(5, warn, sizeof warn);
    assert_string_equal(warn, "");
    struct stat st;
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    assert_int_not_equal(stat(tmp, &st), 0);
}

/* When the new journal cannot be written, the old one stays as it was. */
static void rewrite_that_cannot_write_keeps_the_old(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 6);
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    assert_int_equal(mkdir(tmp, 0755), 0); /* where the new file would go */
    const char *p[1] = {"{}"};
    size_t len[1] = {2};
    char err[512];
    assert_int_equal(journal_rewrite(j, p, len, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "journal.new"));
    append_records(j, 6, 7);
    journal_free(j);
    char warn[512];
    expect_records(7, warn, sizeof warn);
    assert_string_equal(warn, "");
}

static void full_disk(void **state)
{
    (void)state;
    scratch_mount_tiny_or_skip("64k");
    journal_t *j = open_journal();
    append_records(j, 0, 5);
    char filler[128];
    snprintf(filler, sizeof filler, "%s/filler", dir);
    fill_disk(filler);
    long size = journal_size(j);
    char err[512];

    /* A record larger than what is left of the journal's last page: part of
     * it may reach the file before the disk refuses; that part is taken back. */
    char *big = malloc(20000);
    memset(big, 'b', 20000);
    assert_int_equal(journal_append(j, big, 20000, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "the disk is full"));
    assert_int_equal(journal_size(j), size);
    assert_int_equal(file_size(), size);

    /* Compaction on a full disk: refused, the old journal intact. */
    const char *p[2] = {big, big};
    size_t len[2] = {20000, 20000};
    assert_int_equal(journal_rewrite(j, p, len, 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot compact"));
    char tmp[128];
    struct stat st;
    snprintf(tmp, sizeof tmp, "%s.new", path);
    assert_int_not_equal(stat(tmp, &st), 0);
    char warn[512];
    expect_records(5, warn, sizeof warn);
    assert_string_equal(warn, "");

    /* Space again: appending works and nothing was lost. */
    assert_int_equal(unlink(filler), 0);
    append_records(j, 5, 6);
    assert_int_equal(journal_append(j, big, 20000, true, err, sizeof err), 0);
    journal_free(j);
    j = open_journal();
    recs_t r = {0};
    assert_int_equal(journal_read(j, collect, &r, warn, sizeof warn), 7);
    assert_string_equal(warn, "");
    assert_int_equal(r.len[6], 20000);
    for (int i = 0; i < 6; i++) {
        char text[256];
        record_text(i, text, sizeof text);
        assert_int_equal(r.len[i], strlen(text));
        assert_memory_equal(r.data[i], text, r.len[i]);
    }
    recs_free(&r);
    journal_free(j);
    free(big);
}

/* Read-only (a screenshot while the clock runs): a record the writer is in
 * the middle of is left alone, and nothing can be written. */
static void read_only_leaves_the_file(void **state)
{
    (void)state;
    char err[512] = "";
    assert_null(journal_open_readonly(dir, err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
    struct stat st;
    assert_int_not_equal(stat(path, &st), 0); /* not created */
    journal_t *j = open_journal();
    append_records(j, 0, 3);
    journal_free(j);
    long size;
    unsigned char *whole = file_bytes(&size);
    unsigned char *b = malloc((size_t)size + 20);
    memcpy(b, whole, (size_t)size);
    memcpy(b + size, "\x01\x30\x00\x00\x00\x11\x22\x33\x44{\"k\":", 14);
    file_write(b, size + 14);
    j = journal_open_readonly(dir, err, sizeof err);
    assert_non_null(j);
    recs_t r = {0};
    char warn[512];
    assert_int_equal(journal_read(j, collect, &r, warn, sizeof warn), 3);
    recs_free(&r);
    assert_int_equal(journal_append(j, "{}", 2, true, err, sizeof err), -1);
    const char *p[1] = {"{}"};
    size_t len[1] = {2};
    assert_int_equal(journal_rewrite(j, p, len, 1, err, sizeof err), -1);
    journal_free(j);
    assert_int_equal(file_size(), size + 14);
    free(b);
    free(whole);
}

static void unusable_directory(void **state)
{
    (void)state;
    char bad[160];
    scratch_unusable_path(bad, sizeof bad);
    char err[512] = "";
    assert_null(journal_open(bad, err, sizeof err));
    assert_non_null(strstr(err, "cannot create"));
    assert_non_null(strstr(err, "a-file"));
}

/* A journal crafted to make the reader slow: after one good record, every
 * byte is a record start claiming a payload of 1 MiB. The old reader tried
 * a checksum over up to 1 MiB at each of 3 MiB of bytes (more than 40 s of
 * a clock that does not answer). The read must find the good records around
 * it and report the rest; the time is printed, not judged. */
static void crafted_journal_reads_in_linear_time(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 1);
    long head = journal_size(j);
    journal_free(j);
    long noise = 3L << 20;
    long size;
    unsigned char *whole = file_bytes(&size);
    unsigned char *b = malloc((size_t)(size + noise) + 512);
    memcpy(b, whole, (size_t)size);
    for (long i = 0; i < noise; i += 5) { /* MAGIC, length 1 MiB, over and over */
        unsigned char h[5] = {0x01, 0x00, 0x00, 0x10, 0x00};
        memcpy(b + size + i, h, (size_t)(noise - i < 5 ? noise - i : 5));
    }
    file_write(b, size + noise);
    j = open_journal();
    append_records(j, 1, 2); /* a good record after the noise */
    journal_free(j);
    /* The same noise with 0x01 bytes far apart, each claiming the whole
     * rest of the file: the other shape of the old quadratic scan. */
    struct timespec t0, t1;
    j = open_journal();
    recs_t r = {0};
    char warn[512];
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long got = journal_read(j, collect, &r, warn, sizeof warn);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_int_equal(got, 2);
    char text[256];
    record_text(1, text, sizeof text);
    assert_memory_equal(r.data[1], text, r.len[1]);
    const journal_damage_t *d = journal_damage(j);
    assert_int_equal(d->regions, 1);
    assert_int_equal(d->at[0], head);
    assert_int_equal(d->total_bytes, noise);
    printf("journal: a crafted %ld MiB journal (a record start every 5 bytes) read in %.1f ms\n",
           noise >> 20,
           (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
    recs_free(&r);
    journal_free(j);
    /* Sparse record starts with payloads free of 0x01: each claims up to
     * 1 MiB and fails its checksum. */
    for (long i = 0; i < noise; i++)
        b[size + i] = (unsigned char)('a' + i % 26);
    for (long i = 0; i < noise; i += 4096) {
        unsigned char h[9] = {0x01, 0x00, 0x00, 0x10, 0x00, 1 + (i & 0x7f), 2, 3, 4};
        memcpy(b + size + i, h, 9);
    }
    file_write(b, size + noise);
    j = open_journal();
    append_records(j, 1, 2);
    journal_free(j);
    j = open_journal();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    got = journal_read(j, collect, &r, warn, sizeof warn);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_int_equal(got, 2);
    printf(
        "journal: a crafted %ld MiB journal (a 1 MiB record claimed every 4 KiB) read in %.1f ms\n",
        noise >> 20,
        (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
    recs_free(&r);
    journal_free(j);
    free(whole);
    free(b);
}

/* The reader's linear scan relies on payloads never holding the MAGIC byte:
 * the writer refuses one, and the journal stays as it was. */
static void record_with_the_magic_byte_is_refused(void **state)
{
    (void)state;
    journal_t *j = open_journal();
    append_records(j, 0, 1);
    long before = journal_size(j);
    char err[256] = "";
    assert_int_equal(journal_append(j, "{\"a\":\"\x01\"}", 9, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "0x01"));
    assert_int_equal(journal_size(j), before);
    journal_free(j);
    char warn[512];
    expect_records(1, warn, sizeof warn);
    assert_string_equal(warn, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(empty_journal, setup, teardown),
        cmocka_unit_test_setup_teardown(records_read_back_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_at_every_byte, setup, teardown),
        cmocka_unit_test_setup_teardown(flipped_bit_in_last_record, setup, teardown),
        cmocka_unit_test_setup_teardown(garbage_after_the_records, setup, teardown),
        cmocka_unit_test_setup_teardown(damage_in_the_middle, setup, teardown),
        cmocka_unit_test_setup_teardown(records_among_noise, setup, teardown),
        cmocka_unit_test_setup_teardown(rewrite_replaces_the_journal, setup, teardown),
        cmocka_unit_test_setup_teardown(rewrite_that_cannot_write_keeps_the_old, setup, teardown),
        cmocka_unit_test_setup_teardown(full_disk, setup, teardown),
        cmocka_unit_test_setup_teardown(read_only_leaves_the_file, setup, teardown),
        cmocka_unit_test_setup_teardown(unusable_directory, setup, teardown),
        cmocka_unit_test_setup_teardown(crafted_journal_reads_in_linear_time, setup, teardown),
        cmocka_unit_test_setup_teardown(record_with_the_magic_byte_is_refused, setup, teardown),
    };
    return cmocka_run_group_tests_name("journal", tests, NULL, NULL);
}
