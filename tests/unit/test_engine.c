/* The engine against a real state directory: restart, reboot, torn tail, no disk. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"
#include "tsan.h"

#include "engine.h"
#include "store/journal.h"

static const char *config_text = "tournament = {\n"
                                 "  name = \"Engine test\";\n"
                                 "  starting_stack = 10000;\n"
                                 "  late_registration = { until_level = 2; };\n"
                                 "  levels = (\n"
                                 "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
                                 "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
                                 "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
                                 "  );\n"
                                 "};\n";

#define ENGINE_TEST_NAME "engine"
#define ENGINE_TEST_CONFIG config_text
#include "engine_harness.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static tourney_view_t view_at(engine_t *e, int64_t now)
{
    const snapshot_t *s = engine_snapshot(e);
    tourney_view_t v;
    tourney_view(&s->t, now, &v);
    snapshot_release(s);
    return v;
}

/* A process restart in the same boot: the clock went on as if nothing happened. */
static void restart_replays_exactly(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_ADJUST, .delta_ms = -60000}, b + 5000),
                     APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 42}, b + 6000), APPLY_OK);
    command_t a = {.type = CMD_ANNOUNCE, .seconds = 0};
    snprintf(a.text, sizeof a.text, "Dinner at the break");
    assert_int_equal(apply(e, a, b + 7000), APPLY_OK);
    const snapshot_t *before = engine_snapshot(e);
    tourney_t saved = before->t;
    snapshot_release(before);
    engine_free(e);

    e = open_engine(dir);
    const snapshot_t *after = engine_snapshot(e);
    assert_memory_equal(&saved, &after->t, sizeof saved);
    assert_false(after->t.recovered_after_power_loss);
    snapshot_release(after);
    /* 20 min - 1 min adjusted, 9 s played at 10 000 ms. */
    tourney_view_t v = view_at(e, b + 10000);
    assert_int_equal(v.remaining_ms, 20 * 60000 - 60000 - 9000);
    assert_int_equal(v.players_left, 42);
    engine_free(e);
}

/* A reboot: paused where the last record saw it, and the wall is told. */
static void reboot_restores_paused(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 9}, b + 31000), APPLY_OK);
    engine_free(e);

    setenv("POKERCLOCK_BOOT_ID", "another-boot", 1);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_false(s->t.clock.running);
    assert_true(s->t.recovered_after_power_loss);
    assert_non_null(strstr(s->notice, "power loss"));
    snapshot_release(s);
    /* Paused at b + 31 000: 30 s played, whatever the time is now. */
    int64_t now = engine_now(e);
    assert_int_equal(view_at(e, now + 3600000).remaining_ms, 20 * 60000 - 30000);
    /* Resume continues from there and clears the notice. */
    assert_int_equal(apply(e, (command_t){.type = CMD_RESUME}, now), APPLY_OK);
    s = engine_snapshot(e);
    assert_false(s->t.recovered_after_power_loss);
    assert_string_equal(s->notice, "");
    snapshot_release(s);
    assert_int_equal(view_at(e, now + 10000).remaining_ms, 20 * 60000 - 40000);
    engine_free(e);

    /* The same (new) boot again: the resumed clock is still running. */
    e = open_engine(dir);
    s = engine_snapshot(e);
    assert_true(s->t.clock.running);
    snapshot_release(s);
    engine_free(e);
}

/* The power went during a write: the torn record is dropped, the rest kept. */
static void torn_tail_is_dropped(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 5}, b + 1000), APPLY_OK);
    engine_free(e);
    journal_add_bytes("\x01\x40\x00\x00\x00half a rec", 15, 1);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 2000).players_left, 5);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 1}, b + 3000), APPLY_OK);
    engine_free(e);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 4000).players_left, 6);
    engine_free(e);
}

/* No place to save: commands are refused, nothing changes, the clock runs on. */
static void unwritable_state_refuses_commands(void **state)
{
    (void)state;
    char bad[160];
    scratch_unusable_path(bad, sizeof bad);
    engine_t *e = open_engine(bad);
    const snapshot_t *s = engine_snapshot(e);
    assert_true(s->storage_error[0] != 0);
    tourney_t before = s->t;
    snapshot_release(s);
    command_t start = {.type = CMD_START};
    assert_int_equal(engine_apply(e, &start, 1000, &no), APPLY_UNAVAILABLE);
    assert_non_null(strstr(no.text, "nothing was changed"));
    s = engine_snapshot(e);
    assert_memory_equal(&before, &s->t, sizeof before);
    snapshot_release(s);
    engine_free(e);
}

/* An invalid command is refused with a reason and does not reach the journal. */
static void invalid_commands_change_nothing(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    command_t bad = {.type = CMD_RESUME};
    assert_int_equal(engine_apply(e, &bad, 1000, &no), APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "not started"));
    command_t edit = {.type = CMD_EDIT_LEVEL, .index = 0, .has = LF_BIG};
    edit.level.big_blind = 10; /* below the small blind of 25 */
    assert_int_equal(engine_apply(e, &edit, 1000, &no), APPLY_INVALID);
    assert_string_equal(no.text, "big_blind must be larger than small_blind");
    engine_free(e);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_int_equal(s->t.s.levels[0].big_blind, 50);
    snapshot_release(s);
    engine_free(e);
}

static tourney_t snapshot_tourney(engine_t *e)
{
    const snapshot_t *s = engine_snapshot(e);
    tourney_t t;
    memcpy(&t, &s->t, sizeof t);
    snapshot_release(s);
    return t;
}

/* The tournament with the padding bytes of the records made from compound
 * literals set to zero: those bytes are whatever the stack held, and differ
 * between the evening and its replay without meaning anything. */
/* Bytes after a string's end say nothing (a snapshot does not keep them). */
static void string_tail(char *p, size_t size)
{
    size_t n = strnlen(p, size);
    memset(p + n, 0, size - n);
}

static void canonical(tourney_t *t)
{
    string_tail(t->announcement, sizeof t->announcement);
    string_tail(t->s.name, sizeof t->s.name);
    string_tail(t->s.currency, sizeof t->s.currency);
    for (int i = 0; i < TOURNEY_MAX_CHIPS; i++)
        string_tail(t->s.chips[i].colour, sizeof t->s.chips[i].colour);
    for (int i = 0; i < TOURNEY_MAX_RESULTS; i++) {
        result_t r, *o = &t->results[i];
        memset(&r, 0, sizeof r);
        r.place_best = o->place_best, r.place_worst = o->place_worst;
        r.prize_each = o->prize_each, r.table = o->table, r.chips = o->chips, r.at = o->at;
        memcpy(o, &r, sizeof r);
    }
    for (int i = 0; i < TOURNEY_MAX_PENALTIES; i++) {
        penalty_t p, *o = &t->penalties[i];
        memset(&p, 0, sizeof p);
        p.table = o->table, p.seat = o->seat, p.given_at = o->given_at, p.until = o->until;
        p.rounds = o->rounds;
        memcpy(o, &p, sizeof p);
    }
    clock_call_t c;
    memset(&c, 0, sizeof c);
    c.active = t->call.active, c.table = t->call.table, c.seat = t->call.seat;
    c.started = t->call.started, c.total_ms = t->call.total_ms;
    c.countdown_ms = t->call.countdown_ms;
    memcpy(&t->call, &c, sizeof c);
}

static void expect_same_tourney(const tourney_t *want_in, engine_t *e, const char *when)
{
    tourney_t got = snapshot_tourney(e), want_copy;
    memcpy(&want_copy, want_in, sizeof want_copy);
    const tourney_t *want = &want_copy;
    canonical(&got);
    canonical(&want_copy);
    if (memcmp(want, &got, sizeof got) != 0) {
        size_t at = 0;
        while (((const char *)want)[at] == ((const char *)&got)[at])
            at++;
        fail_msg("%s: the tournament differs from byte %zu on (level %d/%d, elapsed %lld/%lld, "
                 "entries %d/%d)",
                 when, at, got.clock.level, want->clock.level,
                 (long long)got.clock.level_elapsed_ms, (long long)want->clock.level_elapsed_ms,
                 got.entries, want->entries);
    }
}

static int count_checkpoint(void *ctx, const char *payload, size_t len)
{
    long *n = ctx;
    if (len > 11 && memcmp(payload, "{\"k\":\"ckpt\"", 11) == 0)
        n[0]++;
    n[1]++;
    return 0;
}

/* Checkpoints in the journal, and all records. */
static void journal_counts(long *ckpts, long *records)
{
    char err[512], warn[512];
    journal_t *j = journal_open(dir, err, sizeof err);
    if (!j)
        fail_msg("%s", err);
    long n[2] = {0, 0};
    journal_read(j, count_checkpoint, n, warn, sizeof warn);
    journal_free(j);
    *ckpts = n[0];
    *records = n[1];
}

static long journal_bytes(void)
{
    char path[128];
    struct stat st;
    snprintf(path, sizeof path, "%s/journal", dir);
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

/* While the clock runs, a checkpoint every few seconds; after a reboot the
 * clock stands where the last one saw it, not where the last command did. */
static void reboot_restores_last_checkpoint(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 12}, b + 500), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    for (int64_t t = b + 1000; t <= b + 63500; t += 500)
        engine_tick(e, t);
    long ckpts, records;
    journal_counts(&ckpts, &records);
    assert_true(ckpts >= 10); /* a minute of play: every few seconds */
    /* Checkpoints are few: a paused clock writes none. */
    assert_int_equal(apply(e, (command_t){.type = CMD_PAUSE}, b + 64000), APPLY_OK);
    for (int64_t t = b + 64000; t <= b + 600000; t += 500)
        engine_tick(e, t);
    long paused_ckpts;
    journal_counts(&paused_ckpts, &records);
    assert_int_equal(paused_ckpts, ckpts);
    assert_int_equal(apply(e, (command_t){.type = CMD_RESUME}, b + 600000), APPLY_OK);
    int64_t last = 0;
    for (int64_t t = b + 600000; t <= b + 633000; t += 1000) {
        long before = ckpts;
        engine_tick(e, t);
        journal_counts(&ckpts, &records);
        if (ckpts > before)
            last = t;
    }
    assert_true(last > b + 625000);
    tourney_t running = snapshot_tourney(e);
    engine_free(e); /* the power goes */

    setenv("POKERCLOCK_BOOT_ID", "after-the-power-cut", 1);
    e = open_engine(dir);
    tourney_t t = snapshot_tourney(e);
    assert_false(t.clock.running);
    assert_true(t.recovered_after_power_loss);
    assert_int_equal(t.entries, running.entries);
    /* Played: 1 000 to 64 000 and 600 000 to the last checkpoint. */
    int64_t played = 63000 + (last - (b + 600000));
    tourney_view_t v = view_at(e, engine_now(e) + 3600000);
    assert_int_equal(v.remaining_ms, 20 * 60000 - played);
    assert_int_equal(v.tournament_elapsed_ms, played);
    engine_free(e);
}

/* Compaction after many checkpoints: the journal shrinks and replays to the
 * very same tournament, after a restart and after a reboot. */
static void compaction_keeps_the_state(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 30}, b + 100), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    int64_t t = b + 1000;
    long max_bytes = 0;
    for (int i = 1; i <= 2600; i++) {
        t += 5000;
        engine_tick(e, t);
        if (i % 97 == 0) {
            command_t c = {.type = CMD_ADJUST, .delta_ms = 60000};
            if (i % 3 == 0)
                c = (command_t){.type = CMD_BUST, .count = 1};
            assert_int_equal(apply(e, c, t + 1), APPLY_OK);
        }
        long bytes = journal_bytes();
        max_bytes = bytes > max_bytes ? bytes : max_bytes;
    }
    long ckpts, records;
    journal_counts(&ckpts, &records);
    long bytes = journal_bytes();
    /* 2 600 checkpoints were written; most are gone, and the journal never
     * held more than two snapshots and the records after each: four times
     * 64 KiB for a tournament whose snapshot is smaller than that. */
    if (ckpts >= 2600 || max_bytes > 4 * 64 * 1024)
        fail_msg("after compaction: %ld checkpoints, %ld bytes (at most %ld before)", ckpts, bytes,
                 max_bytes);
    tourney_t want = snapshot_tourney(e);
    tourney_view_t v_want = view_at(e, t + 1234);
    engine_free(e);

    e = open_engine(dir); /* the same boot: exactly as it was */
    expect_same_tourney(&want, e, "restart after compaction");
    tourney_view_t v = view_at(e, t + 1234);
    assert_int_equal(v.level, v_want.level);
    assert_int_equal(v.remaining_ms, v_want.remaining_ms);
    assert_int_equal(v.players_left, 30 - 2600 / 97 / 3);
    engine_free(e);

    setenv("POKERCLOCK_BOOT_ID", "after-compaction", 1);
    e = open_engine(dir); /* a reboot: paused at the last checkpoint, kept */
    v = view_at(e, engine_now(e) + 3600000);
    assert_int_equal(v.tournament_elapsed_ms, t - (b + 1000));
    assert_int_equal(v.players_left, 30 - 2600 / 97 / 3);
    engine_free(e);
}

/* The disk fills up: commands are refused with 503 and change nothing, the
 * clock keeps running; with space again, commands are accepted. */
static void full_disk_refuses_then_recovers(void **state)
{
    (void)state;
    scratch_mount_tiny_or_skip("64k");
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    char filler[128];
    snprintf(filler, sizeof filler, "%s/filler", dir);
    FILE *f = fopen(filler, "w");
    assert_non_null(f);
    static char block[4096];
    while (fwrite(block, 1, sizeof block, f) == sizeof block && fflush(f) == 0) {
    }
    while (fwrite(block, 1, 1, f) == 1 && fflush(f) == 0) {
    }
    fclose(f);

    /* What is left of the journal's last block takes a few more commands. */
    int accepted = 0, status = APPLY_OK;
    tourney_t before;
    int64_t t = b + 2000;
    while (accepted < 500) {
        before = snapshot_tourney(e);
        command_t c = {.type = CMD_REGISTER};
        status = engine_apply(e, &c, t, &no);
        if (status != APPLY_OK)
            break;
        accepted++;
        t += 10;
    }
    assert_int_equal(status, APPLY_UNAVAILABLE);
    assert_non_null(strstr(no.text, "the disk is full"));
    assert_non_null(strstr(no.text, "nothing was changed"));
    expect_same_tourney(&before, e, "refused on a full disk");
    const snapshot_t *s = engine_snapshot(e);
    assert_non_null(strstr(s->storage_error, "disk is full"));
    assert_true(s->t.clock.running);
    snapshot_release(s);
    /* The clock runs on, checkpoints or not. */
    for (int64_t k = t; k < t + 30000; k += 1000)
        engine_tick(e, k);
    tourney_view_t v = view_at(e, b + 1000 + 5 * 60000);
    assert_int_equal(v.remaining_ms, 15 * 60000);
    assert_int_equal(v.players_left, accepted);
    assert_int_equal(apply(e, (command_t){.type = CMD_ADJUST, .delta_ms = 60000}, t + 30000),
                     APPLY_UNAVAILABLE);

    assert_int_equal(unlink(filler), 0);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER}, t + 31000), APPLY_OK);
    s = engine_snapshot(e);
    assert_string_equal(s->storage_error, "");
    snapshot_release(s);
    tourney_t want = snapshot_tourney(e);
    engine_free(e);
    e = open_engine(dir);
    expect_same_tourney(&want, e, "restart after the disk was full");
    assert_int_equal(view_at(e, t + 40000).players_left, accepted + 1);
    engine_free(e);
}

static void fill_disk(const char *filler)
{
    FILE *f = fopen(filler, "w");
    assert_non_null(f);
    static char block[4096];
    while (fwrite(block, 1, sizeof block, f) == sizeof block && fflush(f) == 0) {
    }
    while (fwrite(block, 1, 1, f) == 1 && fflush(f) == 0) {
    }
    fclose(f);
}

/* The power goes while the disk is full: pokerclock still comes back, paused
 * at the last checkpoint, says the disk is full, and saves the recovery as
 * soon as there is space. */
static void reboot_on_a_full_disk(void **state)
{
    (void)state;
    scratch_mount_tiny_or_skip("64k");
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 8}, b + 500), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    char filler[128];
    snprintf(filler, sizeof filler, "%s/filler", dir);
    fill_disk(filler);
    /* Checkpoints until not even one fits. */
    int64_t t = b + 1000, last_ok = 0;
    for (int i = 0; i < 2000; i++) {
        t += 5000;
        engine_tick(e, t);
        const snapshot_t *s = engine_snapshot(e);
        bool full = s->storage_error[0] != 0;
        snapshot_release(s);
        if (full)
            break;
        last_ok = t;
    }
    assert_true(last_ok > 0);
    engine_free(e);

    setenv("POKERCLOCK_BOOT_ID", "back-on-a-full-disk", 1);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_false(s->t.clock.running);
    assert_true(s->t.recovered_after_power_loss);
    assert_non_null(strstr(s->notice, "Recovered after power loss"));
    assert_non_null(strstr(s->storage_error, "disk is full"));
    snapshot_release(s);
    int64_t now = engine_now(e);
    tourney_view_t v = view_at(e, now + 3600000);
    assert_int_equal(v.tournament_elapsed_ms, last_ok - (b + 1000));
    assert_int_equal(apply(e, (command_t){.type = CMD_RESUME}, now), APPLY_UNAVAILABLE);

    assert_int_equal(unlink(filler), 0);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER}, now + 1000), APPLY_OK);
    tourney_t want = snapshot_tourney(e);
    s = engine_snapshot(e);
    assert_string_equal(s->storage_error, "");
    snapshot_release(s);
    engine_free(e);
    e = open_engine(dir); /* the same boot: as it was, still paused */
    expect_same_tourney(&want, e, "restart after recovering on a full disk");
    assert_false(want.clock.running);
    assert_int_equal(view_at(e, now + 7200000).tournament_elapsed_ms, last_ok - (b + 1000));
    engine_free(e);
}

/* A long evening of commands: what the engine replays from its journal is
 * byte for byte what it had, and what the model alone makes of them. */
static void long_journal_replays_identically(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    engine_t *e = open_engine(dir);
    tourney_t initial = snapshot_tourney(e);
    model_t *m = malloc(sizeof *m);
    assert_non_null(m);
    model_init(m, &initial.s);
    uint64_t r = 0x2545F4914F6CDD1Dull;
    int64_t t = b + 1000;
    int accepted = 0;
    for (int i = 0; i < 1500; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        command_t c = {0};
        switch (r % 13) {
        case 0: c.type = CMD_START; break;
        case 1: c.type = CMD_PAUSE; break;
        case 2: c.type = CMD_RESUME; break;
        case 3: c.type = CMD_ADJUST, c.delta_ms = (int64_t)(r >> 8) % 240001 - 120000; break;
        case 4: c.type = CMD_SET_REMAINING, c.ms = 1 + (int64_t)(r >> 8) % 1800000; break;
        case 5: c.type = CMD_NEXT_LEVEL; break;
        case 6: c.type = CMD_PREV_LEVEL; break;
        case 7: c.type = CMD_REGISTER, c.count = 1 + (int)(r >> 8) % 3; break;
        case 8: c.type = CMD_BUST; break;
        case 9: c.type = CMD_UNDO; break;
        case 10:
            c.type = CMD_ADD_LEVEL, c.index = (int)((r >> 8) % 3) - 1;
            c.has = LF_SMALL | LF_BIG | LF_DURATION;
            c.level = (level_t){.small_blind = 100, .big_blind = 200, .duration_ms = 600000};
            break;
        case 11:
            c.type = CMD_EDIT_LEVEL, c.index = (int)((r >> 8) % 3), c.has = LF_DURATION;
            c.level.duration_ms = 60000 * (1 + (int64_t)(r >> 16) % 30);
            break;
        default:
            c.type = CMD_ANNOUNCE, c.seconds = (int)(r >> 8) % 120;
            snprintf(c.text, sizeof c.text, "Announcement %d: table %d is breaking", i,
                     (int)(r >> 20) % 9 + 1);
        }
        t += (int64_t)((r >> 32) % 90000);
        refusal_t why;
        apply_status st = engine_apply(e, &c, t, &no);
        apply_status ms = model_apply(m, &c, t, &why);
        if (st != ms)
            fail_msg("command %d (%s): the engine said %d (%s), the model %d (%s)", i,
                     command_name(c.type), st, no.text, ms, why.text);
        accepted += st == APPLY_OK;
        if (i % 50 == 0)
            engine_tick(e, t);
    }
    assert_true(accepted > 500);
    tourney_t want = snapshot_tourney(e);
    expect_same_tourney(&m->t, e, "the engine against the model alone");
    engine_free(e);
    e = open_engine(dir);
    expect_same_tourney(&want, e, "replay of the journal");
    /* Undo works across the restart too: the history was replayed. */
    command_t undo = {.type = CMD_UNDO};
    assert_int_equal(engine_apply(e, &undo, t + 1, &no) == APPLY_OK,
                     model_apply(m, &undo, t + 1, &no) == APPLY_OK);
    expect_same_tourney(&m->t, e, "undo after the replay");
    engine_free(e);
    free(m);
}

static const char *rich_config =
    "tournament = {\n"
    "  name = \"Every command\"; currency = \"EUR\"; buy_in = 50; fee = 5;\n"
    "  starting_stack = 20000; guarantee = 1000;\n"
    "  late_registration = { until_level = 4; };\n"
    "  rebuy = { price = 20; chips = 10000; until_level = 4; };\n"
    "  addon = { price = 20; chips = 15000; after_level = 2; };\n"
    "  chips = ( { value = 25; colour = \"green\"; rgb = \"#2e8b57\"; },\n"
    "            { value = 100; colour = \"black\"; rgb = \"#222222\"; },\n"
    "            { value = 500; colour = \"purple\"; rgb = \"#7b3fa0\"; } );\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 15; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 15; },\n"
    "    { break = true; minutes = 10; color_up = 25; },\n"
    "    { small_blind = 100; big_blind = 200; ante = 200; big_blind_ante = true; minutes = 20; "
    "},\n"
    "    { small_blind = 200; big_blind = 400; ante = 400; big_blind_ante = true; minutes = 20;\n"
    "      day_end = true; },\n"
    "    { small_blind = 300; big_blind = 600; ante = 600; big_blind_ante = true; minutes = 20; }\n"
    "  );\n"
    "  payouts = ( { min_entries = 2; places = [100]; },\n"
    "              { min_entries = 8; places = [50, 30, 20]; } );\n"
    "  house = { tables = 4; hand_for_hand_deduct_seconds = 20; };\n"
    "};\n";

/* An evening of every kind of command, with the process restarted at random
 * moments: after each restart the tournament is the very same. A command
 * the journal does not keep whole would show here. */
static void restarts_anywhere_keep_everything(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    engine_options_t o = {.state_dir = dir, .config_text = rich_config, .config_name = "rich.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    int64_t t = engine_now(e) + 1000;
    uint64_t r = 0x853C49E6748FEA9Bull;
    int accepted = 0, restarts = 0;
    int per_type[CMD__COUNT] = {0};
    for (int i = 0; i < 2500; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        command_t c = {0};
        int pick = (int)(r % 31);
        int a = (int)((r >> 8) % 4) + 1, z = (int)((r >> 12) % 9) + 1;
        switch (pick) {
        case 0: c.type = CMD_START; break;
        case 1: c.type = CMD_PAUSE; break;
        case 2: c.type = CMD_RESUME; break;
        case 3: c.type = CMD_ADJUST, c.delta_ms = 30000 * (a - 2) + 1; break;
        case 4: c.type = CMD_SET_REMAINING, c.ms = 60000 * z; break;
        case 5: c.type = CMD_NEXT_LEVEL; break;
        case 6: c.type = CMD_PREV_LEVEL; break;
        case 7: c.type = CMD_GOTO_LEVEL, c.index = a; break;
        case 8:
            c.type = CMD_ADD_LEVEL, c.index = a - 2, c.has = LF_SMALL | LF_BIG | LF_DURATION;
            c.level = (level_t){.small_blind = 100 * a,
                                .big_blind = 200 * a,
                                .duration_ms = 60000 * z};
            break;
        case 9:
            c.type = CMD_EDIT_LEVEL, c.index = a, c.has = LF_ANTE | LF_DURATION;
            c.level = (level_t){.ante = 25 * z, .duration_ms = 60000 * (z + 5)};
            break;
        case 10: c.type = CMD_DELETE_LEVEL, c.index = a + 3; break;
        case 11:
            c.type = CMD_ANNOUNCE, c.seconds = z * 10;
            snprintf(c.text, sizeof c.text, "Table %d is breaking — seats %d", a, z);
            break;
        case 12: c.type = CMD_ANNOUNCE_CLEAR; break;
        case 13: c.type = CMD_UNDO; break;
        case 14:
        case 15: c.type = CMD_REGISTER, c.count = z; break;
        case 16: c.type = CMD_UNREGISTER; break;
        case 17:
            c.type = CMD_BUST;
            if (a > 2) {
                c.n_busts = a - 1;
                for (int k = 0; k < c.n_busts; k++)
                    c.busts[k].table = 1 + (k + z) % 4, c.busts[k].chips = 1000 * (k + 1);
            }
            break;
        case 18: c.type = CMD_REBUY; break;
        case 19: c.type = CMD_ADDON; break;
        case 20: c.type = CMD_HFH_START, c.tables = a; break;
        case 21: c.type = CMD_TABLE_DONE, c.table = a; break;
        case 22: c.type = CMD_HFH_NEXT; break;
        case 23: c.type = CMD_HFH_STOP; break;
        case 24: c.type = a > 2 ? CMD_BUBBLE_START : CMD_BUBBLE_STOP; break;
        case 25: c.type = a > 2 ? CMD_DAY_END_DRAW : CMD_DAY_END_CLEAR; break;
        case 26: c.type = CMD_DAY_END_HAND_DONE, c.table = a; break;
        case 27:
            c.type = a > 2 ? CMD_CLOCK_CALL : CMD_CLOCK_CALL_CANCEL, c.table = z, c.seat = a;
            break;
        case 28:
            c.type = a > 2 ? CMD_COLOR_UP : CMD_COLOR_UP_DONE, c.value = a > 3 ? 100 : 25;
            break;
        case 29:
            c.type = a > 2 ? CMD_PENALTY : CMD_PENALTY_CLEAR, c.table = 3, c.seat = a;
            c.minutes = a == 4 ? 10 : 0, c.rounds = a == 3 ? 2 : 0;
            break;
        default: c.type = CMD_TABLE_WAITING, c.table = a; break;
        }
        t += (int64_t)((r >> 24) % 40000);
        apply_status st = engine_apply(e, &c, t, &no);
        if (st != APPLY_OK && st != APPLY_INVALID && st != APPLY_CONFLICT)
            fail_msg("command %d (%s): %d %s", i, command_name(c.type), st, no.text);
        if (st == APPLY_OK) {
            accepted++;
            per_type[c.type]++;
        }
        if (i % 40 == 0)
            engine_tick(e, t);
        if ((r >> 40) % 60 == 0) { /* the process restarts, same boot */
            tourney_t want = snapshot_tourney(e);
            engine_free(e);
            e = engine_new(&o, err, sizeof err);
            if (!e)
                fail_msg("restart after command %d (%s): %s", i, command_name(c.type), err);
            char when[96];
            snprintf(when, sizeof when, "restart after command %d (%s)", i, command_name(c.type));
            expect_same_tourney(&want, e, when);
            restarts++;
        }
    }
    int kinds = 0;
    for (int k = 0; k < CMD__COUNT; k++)
        kinds += per_type[k] > 0;
    print_message("%d commands accepted, of %d kinds, %d restarts\n", accepted, kinds, restarts);
    assert_true(restarts >= 20);
    assert_true(kinds >= 25);
    engine_free(e);
}

/* A bad block inside the journal: the damaged command is lost, and the
 * panel says so with its time; the record after it carries the values it
 * changed (the entries), so the tournament is right all the same, and a
 * command after the restart is kept. */
static void damaged_record_inside_the_journal(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 5}, b + 1000), APPLY_OK);
    char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    long at = journal_bytes();
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 7}, b + 2000), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 11}, b + 3000), APPLY_OK);
    engine_free(e);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, at + 20, SEEK_SET); /* inside the record of the 7 */
    fputc('#', f);
    fclose(f);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 4000).players_left, 5 + 7 + 11);
    const snapshot_t *s = engine_snapshot(e);
    if (!strstr(s->notice, "The saved journal was damaged: 1 record lost at "))
        fail_msg("notice: %s", s->notice);
    snapshot_release(s);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER}, b + 5000), APPLY_OK);
    engine_free(e);
    e = open_engine(dir);
    assert_int_equal(view_at(e, b + 6000).players_left, 5 + 7 + 11 + 1);
    engine_free(e);
}

/* pokerclock --screenshot reads the journal of a running pokerclock: it
 * must never write to it, not even to cut off a record being written. */
static void read_only_never_writes(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_REGISTER, .count = 4}, b + 1000), APPLY_OK);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 2000), APPLY_OK);
    /* The running pokerclock is in the middle of writing a record. */
    journal_add_bytes("\x01\x40\x00\x00\x00half a rec", 15, 1);
    long size = journal_bytes();

    setenv("POKERCLOCK_BOOT_ID", "a-screenshot-elsewhere", 1);
    engine_options_t o = {.state_dir = dir,
                          .config_text = config_text,
                          .config_name = "test.cfg",
                          .read_only = true};
    char err[512] = "";
    engine_t *ro = engine_new(&o, err, sizeof err);
    if (!ro)
        fail_msg("read-only engine_new: %s", err);
    assert_int_equal(view_at(ro, b + 3000).players_left, 4);
    assert_int_equal(journal_bytes(), size);
    engine_free(ro);
    assert_int_equal(journal_bytes(), size);
    engine_free(e);

    /* A state directory that does not exist is not made. */
    char none[160];
    snprintf(none, sizeof none, "%s/none", dir);
    o.state_dir = none;
    ro = engine_new(&o, err, sizeof err);
    if (!ro)
        fail_msg("read-only engine_new without a journal: %s", err);
    assert_int_equal(view_at(ro, b).players_left, 0);
    engine_free(ro);
    struct stat st;
    assert_int_not_equal(stat(none, &st), 0);
}

/* A journal record that is sound JSON but not a record of ours (another
 * version, a hand edit) does not stop the start: the clock starts with
 * everything else and the panel says a record was lost. */
static void foreign_record_is_reported(void **state)
{
    (void)state;
    engine_t *e = open_engine(dir);
    assert_int_equal(apply(e, (command_t){.type = CMD_START}, b + 1000), APPLY_OK);
    engine_free(e);
    char err[512] = "";
    journal_t *j = journal_open(dir, err, sizeof err);
    assert_non_null(j);
    char warn[512], mark[64], rec[64];
    journal_read(j, NULL, NULL, warn, sizeof warn);
    /* Numbered as the next record, as a later pokerclock would write it. */
    journal_mark(j, mark, sizeof mark);
    snprintf(rec, sizeof rec, "{\"x\":1,\"n\":%lld}", atoll(mark) + 1);
    assert_int_equal(journal_append(j, rec, strlen(rec), true, err, sizeof err), 0);
    journal_free(j);
    e = open_engine(dir);
    const snapshot_t *s = engine_snapshot(e);
    assert_true(s->t.clock.running);
    if (!strstr(s->notice, "1 record lost at "))
        fail_msg("notice: %s", s->notice);
    assert_non_null(strstr(s->notice, "is not readable"));
    snapshot_release(s);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(restart_replays_exactly, setup, teardown),
        cmocka_unit_test_setup_teardown(reboot_restores_paused, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_tail_is_dropped, setup, teardown),
        cmocka_unit_test_setup_teardown(unwritable_state_refuses_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(invalid_commands_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(reboot_restores_last_checkpoint, setup, teardown),
        cmocka_unit_test_setup_teardown(compaction_keeps_the_state, setup, teardown),
        cmocka_unit_test_setup_teardown(full_disk_refuses_then_recovers, setup, teardown),
        cmocka_unit_test_setup_teardown(reboot_on_a_full_disk, setup, teardown),
        cmocka_unit_test_setup_teardown(long_journal_replays_identically, setup, teardown),
        cmocka_unit_test_setup_teardown(restarts_anywhere_keep_everything, setup, teardown),
        cmocka_unit_test_setup_teardown(damaged_record_inside_the_journal, setup, teardown),
        cmocka_unit_test_setup_teardown(read_only_never_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(foreign_record_is_reported, setup, teardown),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
