/* Restarting from a damaged journal: what the director finds, and what is reported lost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"
#include "tsan.h"

#include "engine.h"
#include "store/journal.h"
#include "store/snapshot.h"

static const char *config_text = "tournament = {\n"
                                 "  name = \"Recovery test\";\n"
                                 "  starting_stack = 10000;\n"
                                 "  levels = (\n"
                                 "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
                                 "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
                                 "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
                                 "  );\n"
                                 "};\n";

#define ENGINE_TEST_NAME "recovery"
#define ENGINE_TEST_CONFIG config_text
#include "engine_harness.h"

static tourney_t tourney_of(engine_t *e, char *notice, size_t len, uint64_t *seq)
{
    const snapshot_t *s = engine_snapshot(e);
    tourney_t t = s->t;
    if (notice)
        snprintf(notice, len, "%s", s->notice);
    if (seq)
        *seq = s->seq;
    snapshot_release(s);
    return t;
}

/* ---- the journal's records, where they are ---- */

enum { MAX_RECORDS = 4096 };
typedef struct {
    journal_t *j;
    int n;
    long at[MAX_RECORDS], len[MAX_RECORDS];
    char kind[MAX_RECORDS][8];
    char type[MAX_RECORDS][24]; /* the command's type */
} layout_t;

static int note_record(void *ctx, const char *payload, size_t len)
{
    layout_t *l = ctx;
    if (l->n == MAX_RECORDS)
        return -1;
    l->at[l->n] = journal_record_offset(l->j);
    l->len[l->n] = (long)len + 9;
    char text[200];
    snprintf(text, sizeof text, "%.*s", (int)(len < 199 ? len : 199), payload);
    sscanf(text, "{\"k\":\"%7[a-z]", l->kind[l->n]);
    const char *t = strstr(text, "\"type\":\"");
    l->type[l->n][0] = 0;
    if (t)
        sscanf(t + 8, "%23[a-z_]", l->type[l->n]);
    l->n++;
    return 0;
}

static layout_t *layout(void)
{
    char err[256], warn[512];
    layout_t *l = calloc(1, sizeof *l);
    l->j = journal_open(dir, err, sizeof err);
    assert_non_null(l->j);
    journal_read(l->j, note_record, l, warn, sizeof warn);
    journal_free(l->j);
    l->j = NULL;
    return l;
}

static void flip(long at, unsigned char mask)
{
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    fputc(c ^ mask, f);
    fclose(f);
}

/* A journal of raw records, as an older pokerclock or a hand would write it. */
static void write_records(const char *const *recs, int n)
{
    char err[256];
    journal_t *j = journal_open(dir, err, sizeof err);
    assert_non_null(j);
    for (int i = 0; i < n; i++)
        assert_int_equal(journal_append(j, recs[i], strlen(recs[i]), true, err, sizeof err), 0);
    journal_free(j);
}

/* 125 levels added one after the other: 128 in all. */
static void build_128_levels(engine_t *e)
{
    for (int i = 0; i < 125; i++) {
        command_t c = {.type = CMD_ADD_LEVEL,
                       .index = 2 + i,
                       .has = LF_SMALL | LF_BIG | LF_DURATION};
        c.level = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 200 * (i + 1),
                            .big_blind = 400 * (i + 1),
                            .duration_ms = 20 * 60000};
        if (apply(e, c, b + 1000 + i) != APPLY_OK)
            fail_msg("add_level %d refused", i);
    }
}

/* ---- the damage cases ---- */

/* The last snapshot in the journal, and the first command record after it. */
static int last_of(const layout_t *l, const char *kind)
{
    for (int i = l->n - 1; i >= 0; i--)
        if (!strcmp(l->kind[i], kind))
            return i;
    return -1;
}

/* 128 levels, then one flipped byte in an add_level record before (step
 * -1) or after (+1) the last snapshot, then a restart: every level is
 * there all the same. The restart's notice goes to notice. */
static void flip_an_add_level(int step, char *notice, size_t len)
{
    engine_t *e = open_engine(dir);
    build_128_levels(e);
    engine_free(e);
    layout_t *l = layout();
    int k = last_of(l, "snap") + step;
    while (k >= 0 && k < l->n - 1 && strcmp(l->type[k], "add_level"))
        k += step;
    if (k < 0 || k >= l->n - 1)
        fail_msg("no add_level %s the last snapshot in %d records", step < 0 ? "before" : "after",
                 l->n);
    flip(l->at[k] + 30, 0x04);
    free(l);
    e = open_engine(dir);
    tourney_t t = tourney_of(e, notice, len, NULL);
    assert_int_equal(t.s.n_levels, 128);
    assert_int_equal(t.s.levels[127].big_blind, 400 * 125);
    engine_free(e);
}

/* Before the last snapshot: the snapshot holds it, nothing is lost. */
static void flipped_byte_before_the_last_snapshot(void **state)
{
    (void)state;
    char notice[256];
    flip_an_add_level(-1, notice, sizeof notice);
    assert_null(strstr(notice, "damaged"));
}

/* After it: the level edits after it carry the whole structure, so every
 * level is there all the same; the director is told that one record was
 * lost, and when. */
static void flipped_byte_after_the_last_snapshot(void **state)
{
    (void)state;
    char notice[256];
    flip_an_add_level(+1, notice, sizeof notice);
    if (!strstr(notice, "The saved journal was damaged: 1 record lost at "))
        fail_msg("notice: %s", notice);
}

/* The damage takes the last add_level: that level alone is lost, and the
 * director is told. */
static void last_add_level_lost(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    build_128_levels(e);
    engine_free(e);
    layout_t *l = layout();
    int k = last_of(l, "cmd");
    assert_string_equal(l->type[k], "add_level");
    flip(l->at[k] + 30, 0x04);
    /* A record after it, so the damage is not the tail. */
    free(l);
    const char *ckpt = "{\"k\":\"ckpt\",\"t\":1}";
    write_records(&ckpt, 1);
    e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.s.n_levels, 127);
    assert_int_equal(t.s.levels[126].big_blind, 400 * 124);
    assert_non_null(strstr(notice, "The saved journal was damaged: 1 record lost"));
    engine_free(e);
}

/* The first record (the tournament's configuration) damaged: the clock
 * starts with everything after it. */
static void first_record_damaged(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 17}, b + 100), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_NEXT_LEVEL}, b + 200), APPLY_OK);
    engine_free(e);
    flip(20, 0x01);
    e = open_engine(dir);
    tourney_t t = tourney_of(e, NULL, 0, NULL);
    assert_int_equal(t.entries, 17);
    assert_int_equal(t.clock.level, 1);
    engine_free(e);
}

/* The only record damaged (a tournament configured, nothing done yet):
 * it starts from the configuration and says the saved one was unreadable. */
static void only_record_damaged(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 3}, b + 100), APPLY_OK);
    engine_free(e);
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    layout_t *l = layout();
    assert_int_equal(truncate(path, l->at[1]), 0); /* the init record alone */
    free(l);
    flip(30, 0x01);
    e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.entries, 0);
    assert_string_equal(t.s.name, "Recovery test");
    assert_non_null(strstr(notice, "The saved journal could not be read"));
    engine_free(e);
}

/* No snapshot to fall back on (a journal of an older pokerclock) and the
 * first record damaged: it starts from the configuration given, applies the
 * commands, and says the start was lost. */
static void first_record_damaged_without_snapshots(void **state)
{
    (void)state;
    const char *recs[] = {
        "{\"k\":\"init\",\"t\":1,\"boot\":\"x\",\"offset\":0,\"config_name\":\"old.cfg\","
        "\"config\":\"tournament = { levels = ( { small_blind = 1; big_blind = 2; minutes = 5; } "
        "); };\"}",
        "{\"k\":\"cmd\",\"t\":2,\"cmd\":{\"type\":\"register\",\"count\":9}}",
        "{\"k\":\"cmd\",\"t\":3,\"cmd\":{\"type\":\"register\",\"count\":4}}",
    };
    write_records(recs, 3);
    flip(5, 0x80); /* the checksum of the first */
    engine_t *e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.entries, 13);
    assert_int_equal(t.s.n_levels, 3); /* test.cfg's */
    assert_non_null(strstr(notice, "start of the tournament is lost"));
    engine_free(e);
}

/* A record with a good checksum but no sense in it, first and in the
 * middle: the clock starts, keeps the rest, and reports it. */
static void good_checksum_garbage(void **state)
{
    (void)state;
    const char *recs[] = {
        "this is not json",
        "{\"k\":\"cmd\",\"t\":2,\"cmd\":{\"type\":\"register\",\"count\":9}}",
        "{\"x\":1}",
        "{\"k\":\"cmd\",\"t\":3,\"cmd\":{\"type\":\"no_such_command\"}}",
        "{\"k\":\"cmd\",\"t\":4,\"cmd\":{\"type\":\"register\",\"count\":4}}",
    };
    write_records(recs, 5);
    engine_t *e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.entries, 13);
    assert_non_null(strstr(notice, "4 records lost"));
    assert_non_null(strstr(notice, "start of the tournament is lost"));
    /* And it goes on: a new command is kept over a restart. */
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER}, b + 10), APPLY_OK);
    engine_free(e);
    e = open_engine(dir);
    assert_int_equal(tourney_of(e, NULL, 0, NULL).entries, 14);
    engine_free(e);
}

/* Commands with a restart after each: a restart that replayed a command
 * writes a snapshot, so the journal holds several. */
static void commands_with_snapshots(void)
{
    command_t cs[] = {{.type = CMD_REGISTER, .count = 20},
                      {.type = CMD_BUST, .count = 3},
                      {.type = CMD_NEXT_LEVEL}};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        engine_t *e = open_engine(dir);
        assert_int_equal(apply(e, cs[i], b + 100 * (int64_t)(i + 1)), APPLY_OK);
        engine_free(e);
    }
    engine_free(open_engine(dir));
}

/* The last snapshot damaged: the one before it and the command after it
 * give the same tournament. Also when the snapshot's checksum is good but
 * its content does not make a tournament. */
static void damaged_snapshot_falls_back(void **state)
{
    (void)state;
    commands_with_snapshots();
    layout_t *l = layout();
    int last = l->n - 1;
    assert_string_equal(l->kind[last], "snap");
    const char *ckpt = "{\"k\":\"ckpt\",\"t\":1}";
    flip(l->at[last] + 100, 0x02);
    write_records(&ckpt, 1);
    free(l);
    engine_t *e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.entries, 20);
    assert_int_equal(t.busted, 3);
    assert_int_equal(t.clock.level, 1);
    assert_null(strstr(notice, "lost"));
    engine_free(e);

    /* Good checksum, impossible content: 500 levels. */
    const char *bad =
        "{\"k\":\"snap\",\"t\":5,\"model\":{\"v\":1,\"t\":{\"s\":{\"n_levels\":500}}}}";
    write_records(&bad, 1);
    e = open_engine(dir);
    t = tourney_of(e, NULL, 0, NULL);
    assert_int_equal(t.busted, 3);
    assert_int_equal(t.clock.level, 1);
    assert_int_equal(t.s.n_levels, 3);
    engine_free(e);
}

/* The whole journal file, or the journal made of that. */
static char *journal_bytes(long *len)
{
    FILE *f = fopen(journal_path(), "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)*len);
    assert_int_equal(fread(buf, 1, (size_t)*len, f), (size_t)*len);
    fclose(f);
    return buf;
}

/* Two snapshots damaged, and the start of the tournament still there
 * (compaction keeps two snapshots, so such a journal is put together from
 * the journal as it was before its second snapshot and the records after
 * it): every command replays from the start, and nothing is reported lost:
 * the commands are all there, and snapshots carry none of their own. */
static void two_damaged_snapshots_lose_nothing(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 20}, b + 100), APPLY_OK);
    engine_free(e);
    e = open_engine(dir); /* replays the register: a snapshot */
    assert_int_equal(apply(e, (command_t){.type = CMD_BUST, .count = 3}, b + 200), APPLY_OK);
    engine_free(e);
    long alen, blen;
    char *a = journal_bytes(&alen); /* init, register, snapshot, bust */
    e = open_engine(dir);           /* a second snapshot: compaction drops the start */
    assert_int_equal(apply(e, (command_t){.type = CMD_NEXT_LEVEL}, b + 300), APPLY_OK);
    engine_free(e);
    layout_t *l = layout();
    int snap2 = last_of(l, "snap");
    assert_true(snap2 > 0);
    char *bb = journal_bytes(&blen);
    FILE *f = fopen(journal_path(), "wb");
    fwrite(a, 1, (size_t)alen, f);
    fwrite(bb + l->at[snap2], 1, (size_t)(blen - l->at[snap2]), f);
    fclose(f);
    free(a);
    free(bb);
    free(l);
    l = layout();
    int snaps = 0;
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->kind[i], "snap")) {
            flip(l->at[i] + 100, 0x02);
            snaps++;
        }
    assert_int_equal(snaps, 2);
    assert_string_equal(l->kind[0], "init");
    free(l);
    e = open_engine(dir);
    char notice[256];
    tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
    assert_int_equal(t.entries, 20);
    assert_int_equal(t.busted, 3);
    assert_int_equal(t.clock.level, 1);
    if (strstr(notice, "lost"))
        fail_msg("notice: %s", notice);
    engine_free(e);
}

/* A torn last snapshot (the power went while writing it): the command
 * before it is durable and replays on the previous snapshot. */
static void torn_snapshot_at_the_end(void **state)
{
    (void)state;
    commands_with_snapshots();
    layout_t *l = layout();
    int last = l->n - 1;
    assert_string_equal(l->kind[last], "snap");
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    for (long cut = l->at[last] + 1; cut < l->at[last] + l->len[last]; cut += 97) {
        assert_int_equal(truncate(path, cut), 0);
        engine_t *e = open_engine(dir);
        char notice[256];
        tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
        assert_int_equal(t.entries, 20);
        assert_int_equal(t.clock.level, 1);
        assert_null(strstr(notice, "lost"));
        engine_free(e);
        layout_t *again = layout(); /* the restart wrote a snapshot again */
        assert_string_equal(again->kind[again->n - 1], "snap");
        free(again);
    }
    free(l);
}

/* A journal cut short (the card lost its last blocks, or a copy stopped
 * early): the commands after the cut are gone, and the director is told
 * how many and from when, whether the cut fell between records or inside
 * one. The next restart does not tell it again. */
static void cut_short_journal_says_what_was_lost(void **state)
{
    (void)state;
    for (int mid = 0; mid < 2; mid++) {
        engine_t *e = open_engine(dir);
        for (int i = 0; i < 10; i++)
            assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 1}, b + 10 * i),
                             APPLY_OK);
        engine_free(e);
        layout_t *l = layout();
        int k = l->n - 3; /* the third command from the end */
        assert_string_equal(l->kind[k], "cmd");
        assert_int_equal(truncate(journal_path(), l->at[k] + (mid ? l->len[k] / 2 : 0)), 0);
        free(l);
        e = open_engine(dir);
        char notice[256];
        tourney_t t = tourney_of(e, notice, sizeof notice, NULL);
        assert_int_equal(t.entries, 7);
        if (!strstr(notice, "3 records lost at ") || !strstr(notice, "the journal was cut short"))
            fail_msg("cut %s a record: notice: %s", mid ? "inside" : "before", notice);
        /* A command after it is kept, and nothing more is said. */
        assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 1}, b + 200),
                         APPLY_OK);
        engine_free(e);
        e = open_engine(dir);
        t = tourney_of(e, notice, sizeof notice, NULL);
        assert_int_equal(t.entries, 8);
        assert_null(strstr(notice, "lost"));
        engine_free(e);
        scratch_remove();
        scratch_make(ENGINE_TEST_NAME);
        b = 0;
    }
}

/* A record torn by a kill -9 or a power cut while it was written was never
 * acknowledged: nothing is lost, nothing is reported. */
static void torn_unacknowledged_record_loses_nothing(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 4}, b + 100), APPLY_OK);
    engine_free(e);
    journal_add_bytes("\x01\x40\x00\x00\x00half a rec", 15, 1);
    e = open_engine(dir);
    char notice[256];
    assert_int_equal(tourney_of(e, notice, sizeof notice, NULL).entries, 4);
    assert_null(strstr(notice, "lost"));
    engine_free(e);
}

/* A crafted journal of 3 MiB of record starts after the commands: the
 * clock starts at once with the commands. The start time is printed. */
static void crafted_journal_starts_at_once(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 31}, b + 100), APPLY_OK);
    engine_free(e);
    journal_add_bytes("\x01\x00\x00\x10\x00", 5, (3L << 20) / 5);
    const char *ckpt = "{\"k\":\"ckpt\",\"t\":1}";
    write_records(&ckpt, 1);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    e = open_engine(dir);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    char notice[256];
    /* The stretch held no command (the records' numbers say so): nothing
     * is reported lost. */
    assert_int_equal(tourney_of(e, notice, sizeof notice, NULL).entries, 31);
    assert_null(strstr(notice, "lost"));
    printf("recovery: start on a crafted 3 MiB journal: %.1f ms\n",
           (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
    engine_free(e);
}

/* After a power cut with the clock running, the restart journals the new
 * boot and the pause at the last record's time, then a snapshot: the start
 * after reads that, not the whole journal again. */
static void power_cut_restart_ends_with_a_snapshot(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    engine_free(e);
    setenv("POKERCLOCK_BOOT_ID", "after-the-power-cut", 1);
    e = open_engine(dir);
    engine_free(e);
    layout_t *l = layout();
    assert_true(l->n >= 3);
    assert_string_equal(l->kind[l->n - 3], "boot");
    assert_string_equal(l->type[l->n - 2], "power_recovered");
    assert_string_equal(l->kind[l->n - 1], "snap");
    free(l);
}

/* seq grows for the life of the tournament, across restarts and reboots:
 * a panel comparing it never takes a new state for an old one. */
static void seq_grows_across_restarts(void **state)
{
    (void)state;
    uint64_t last = 0, seq;
    for (int round = 0; round < 4; round++) {
        if (round == 3)
            setenv("POKERCLOCK_BOOT_ID", "a-new-boot", 1);
        engine_t *e = open_engine(dir);
        tourney_of(e, NULL, 0, &seq);
        if (round > 0 && seq <= last)
            fail_msg("restart %d: seq %llu after %llu", round, (unsigned long long)seq,
                     (unsigned long long)last);
        command_t a = {.type = CMD_ANNOUNCE};
        snprintf(a.text, sizeof a.text, "Round %d", round);
        assert_int_equal(apply(e, a, b + 100 * (round + 1)), APPLY_OK);
        if (round == 1) {
            /* Level changes are published without a record: their seq too
             * must stay below the next start's. */
            assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
            int64_t end = b + 1000 + 20 * 60000; /* of the first level */
            engine_tick(e, end - 500);           /* a checkpoint ... */
            engine_tick(e, end + 100);           /* ... and a new level 600 ms later */
        }
        tourney_of(e, NULL, 0, &last);
        engine_free(e);
    }
}

/* ---- the snapshot format ---- */

/* A snapshot written by a later pokerclock (a field this one does not
 * know) or an earlier one (a field missing) still loads. */
static void snapshot_reads_other_versions(void **state)
{
    (void)state;
    model_t *m = calloc(1, sizeof *m);
    json_error_t je;
    json_t *j = json_loads(
        "{\"v\":1,\"t\":{\"s\":{\"name\":\"Later\",\"n_levels\":1,\"levels\":[{\"small_blind\":5,"
        "\"big_blind\":10,\"duration_ms\":60000,\"shot_clock\":30}],\"sponsor\":\"x\"},"
        "\"entries\":7,\"players\":[{\"name\":\"Ann\"}]},\"undo\":[]}",
        0, &je);
    assert_non_null(j);
    char err[256] = "";
    if (snapshot_model_from_json(j, m, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_string_equal(m->t.s.name, "Later");
    assert_int_equal(m->t.entries, 7);
    assert_int_equal(m->t.s.levels[0].big_blind, 10);
    assert_int_equal(m->t.s.levels[0].ante, 0); /* missing: 0 */
    json_decref(j);
    /* Wrong types and counts out of range are refused, the model untouched. */
    const char *bad[] = {
        "{\"t\":{\"s\":{\"n_levels\":1,\"levels\":[{\"big_blind\":\"ten\"}]}}}",
        "{\"t\":{\"s\":{\"n_levels\":1,\"levels\":[{\"small_blind\":1,\"big_blind\":2,"
        "\"duration_ms\":1000}]},\"n_penalties\":99}}",
        "{\"t\":{\"s\":{\"n_levels\":1,\"levels\":[{\"small_blind\":1,\"big_blind\":2,"
        "\"duration_ms\":1000}]},\"clock\":{\"level\":4}}}",
        "{\"t\":{\"entries\":4294967296}}",
        /* the same in a tournament that is otherwise sound */
        "{\"t\":{\"s\":{\"n_levels\":1,\"levels\":[{\"small_blind\":1,\"big_blind\":2,"
        "\"duration_ms\":1000}]},\"entries\":4294967296}}",
        "{\"v\":2,\"t\":{}}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        j = json_loads(bad[i], 0, &je);
        assert_non_null(j);
        if (snapshot_model_from_json(j, m, err, sizeof err) == 0)
            fail_msg("accepted: %s", bad[i]);
        assert_int_equal(m->t.entries, 7);
        json_decref(j);
    }
    free(m);
}

/* A snapshot written by pokerclock before the snapshot's fields were
 * described with the configuration's (tests/vectors/snapshot-v1.json: a
 * busy tournament with hand-for-hand, end of day, a clock call, penalties,
 * results, a color-up and 16 undo steps) reads back and writes out again
 * the same, name for name and value for value. */
static void snapshot_of_version_1_reads_and_writes_the_same(void **state)
{
    (void)state;
    json_error_t je;
    json_t *old = json_load_file("tests/vectors/snapshot-v1.json", 0, &je);
    if (!old)
        fail_msg("tests/vectors/snapshot-v1.json:%d: %s", je.line, je.text);
    model_t *m = calloc(1, sizeof *m);
    char err[256] = "";
    if (snapshot_model_from_json(old, m, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_string_equal(m->t.s.name, "Rebuy Madness");
    assert_int_equal(m->t.s.n_chips, 5);
    assert_int_equal(m->t.s.chips[2].rgb, 0x7b3fa0);
    assert_int_equal(m->t.s.payouts[3].bp[6], 600);
    assert_int_equal(m->t.s.levels[6].kind, LEVEL_BREAK);
    assert_int_equal(m->t.s.house.tables, 4);
    assert_int_equal(m->t.hfh.in_play.w[0], 0x0b);
    assert_int_equal(m->t.hfh.in_play.w[1] | m->t.hfh.in_play.w[2] | m->t.hfh.in_play.w[3], 0);
    assert_int_equal(m->t.day_end.in_play.w[0], 7);
    assert_int_equal(m->t.day_end.left[1], 4);
    assert_int_equal(m->t.n_penalties, 2);
    assert_int_equal(m->n_undo, 16);
    json_t *again = snapshot_model_to_json(m);
    assert_non_null(again);
    if (!json_equal(old, again)) {
        char *text = json_dumps(again, JSON_SORT_KEYS | JSON_INDENT(1));
        print_error("written now:\n%s\n", text);
        free(text);
        fail_msg("the snapshot is not written as before");
    }
    json_decref(again);
    json_decref(old);
    free(m);
}

/* Tables above 64 in hand-for-hand and the end-of-day draw survive a
 * snapshot, in the tournament and in an undo step. */
static void tables_above_64_survive_a_snapshot(void **state)
{
    (void)state;
    json_error_t je;
    json_t *old = json_load_file("tests/vectors/snapshot-v1.json", 0, &je);
    assert_non_null(old);
    model_t *m = calloc(1, sizeof *m), *back = calloc(1, sizeof *back);
    char err[256] = "";
    if (snapshot_model_from_json(old, m, err, sizeof err) != 0)
        fail_msg("%s", err);
    m->undo[3].hfh.in_play = tableset_of(3, (int[]){2, 66, 129});
    m->t.hfh.in_play = tableset_of(4, (int[]){1, 64, 65, 256});
    m->t.hfh.done = tableset_of(1, (int[]){65});
    m->t.hfh.waiting = tableset_of(1, (int[]){256});
    m->t.day_end.in_play = tableset_of(2, (int[]){3, 200});
    m->t.day_end.left[199] = 6;
    json_t *j = snapshot_model_to_json(m);
    assert_non_null(j);
    if (snapshot_model_from_json(j, back, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_memory_equal(&back->t.hfh, &m->t.hfh, sizeof m->t.hfh);
    assert_memory_equal(&back->t.day_end, &m->t.day_end, sizeof m->t.day_end);
    assert_memory_equal(&back->undo[3].hfh, &m->undo[3].hfh, sizeof m->undo[3].hfh);
    assert_memory_equal(&back->undo[2].hfh, &m->undo[2].hfh, sizeof m->undo[2].hfh);
    json_decref(j);
    json_decref(old);
    free(back);
    free(m);
}

/* Every field of a busy tournament and its undo stack survives a snapshot,
 * and the figures of a 12-hour journal are printed: its size, one
 * snapshot's size, and the time to resume from it. */
static void twelve_hours_resume(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    engine_t *e = open_engine(dir);
    build_128_levels(e);
    int64_t t = b + 10000;
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 120}, t), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, t), APPLY_OK);
    int commands = 127;
    for (int i = 1; i <= 12 * 720; i++) { /* 12 hours of 5 s ticks */
        t += 5000;
        engine_tick(e, t);
        if (i % 20 == 0) {
            command_t c = i % 40 == 0 ? (command_t){.type = CMD_BUST, .count = 1}
                                      : (command_t){.type = CMD_ADJUST, .delta_ms = 1000};
            if (i % 200 == 0) {
                c = (command_t){.type = CMD_ANNOUNCE, .seconds = 60};
                snprintf(c.text, sizeof c.text, "Announcement %d", i);
            }
            if (apply(e, c, t + 1) == APPLY_OK)
                commands++;
        }
    }
    const snapshot_t *s = engine_snapshot(e);
    tourney_t want = s->t;
    uint64_t want_seq = s->seq;
    snapshot_release(s);
    engine_free(e);
    struct stat st;
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    assert_int_equal(stat(path, &st), 0);
    layout_t *l = layout();
    long snap = l->len[l->n - 1];
    for (int i = l->n - 1; i >= 0; i--)
        if (!strcmp(l->kind[i], "snap")) {
            snap = l->len[i];
            break;
        }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    e = open_engine(dir);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uint64_t seq;
    tourney_t got = tourney_of(e, NULL, 0, &seq);
    assert_int_equal(got.s.n_levels, want.s.n_levels);
    assert_memory_equal(&got.s.levels, &want.s.levels, sizeof want.s.levels);
    assert_int_equal(got.busted, want.busted);
    assert_int_equal(got.clock.level_elapsed_ms, want.clock.level_elapsed_ms);
    assert_int_equal(got.clock.since, want.clock.since);
    assert_int_equal(got.clock.played_ms, want.clock.played_ms);
    assert_string_equal(got.announcement, want.announcement);
    assert_true(seq > want_seq);
    printf("recovery: 12 hours, %d commands, 8640 checkpoints: journal %ld bytes in %d records "
           "after compaction, the last snapshot %ld bytes, resumed in %.1f ms\n",
           commands, (long)st.st_size, l->n, snap,
           (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
    free(l);
    engine_free(e);
}

int main(void)
{
    (void)scratch_mount_tiny_or_skip; /* the full disk is test_engine's */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(flipped_byte_before_the_last_snapshot, setup, teardown),
        cmocka_unit_test_setup_teardown(flipped_byte_after_the_last_snapshot, setup, teardown),
        cmocka_unit_test_setup_teardown(last_add_level_lost, setup, teardown),
        cmocka_unit_test_setup_teardown(first_record_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(first_record_damaged_without_snapshots, setup, teardown),
        cmocka_unit_test_setup_teardown(only_record_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(good_checksum_garbage, setup, teardown),
        cmocka_unit_test_setup_teardown(damaged_snapshot_falls_back, setup, teardown),
        cmocka_unit_test_setup_teardown(two_damaged_snapshots_lose_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_snapshot_at_the_end, setup, teardown),
        cmocka_unit_test_setup_teardown(cut_short_journal_says_what_was_lost, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_unacknowledged_record_loses_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(crafted_journal_starts_at_once, setup, teardown),
        cmocka_unit_test_setup_teardown(seq_grows_across_restarts, setup, teardown),
        cmocka_unit_test_setup_teardown(power_cut_restart_ends_with_a_snapshot, setup, teardown),
        cmocka_unit_test(snapshot_reads_other_versions),
        cmocka_unit_test(snapshot_of_version_1_reads_and_writes_the_same),
        cmocka_unit_test(tables_above_64_survive_a_snapshot),
        cmocka_unit_test_setup_teardown(twelve_hours_resume, setup, teardown),
    };
    return cmocka_run_group_tests_name("recovery", tests, NULL, NULL);
}
