/* Follower mode without a network: what the master sends, read back, shows
 * the same at every instant after; broken input is refused, never a crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "follow/follow.h"
#include "follow/http.h"
#include "follow/sse.h"
#include "store/config.h"
#include "json/codec.h"
#include "json/parse_state.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static settings_t config;
static model_t master;

/* JSON text of o, as it travels; o is consumed. */
static char *wire(json_t *o)
{
    char *text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    assert_non_null(text);
    return text;
}

static json_t *unwire(const char *text)
{
    json_error_t je;
    json_t *o = json_loads(text, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        fail_msg("not JSON: %s", je.text);
    return o;
}

static void load(const char *path)
{
    config_problems_t p = {0};
    if (!config_load_file(path, &config, &p))
        fail_msg("%s does not load", path);
}

static structure_t *structure_through_the_wire(const structure_t *s)
{
    static structure_t back;
    char *text = wire(codec_structure(s));
    json_t *o = unwire(text);
    char err[256] = "";
    if (codec_structure_parse(o, &back, err, sizeof err) != 0)
        fail_msg("the structure does not read back: %s", err);
    json_decref(o);
    free(text);
    return &back;
}

/* The follower's /api/structure serves what the master's does. */
static void every_sample_structure_reads_back(void **state)
{
    (void)state;
    const char *samples[] = {"assets/structures/default.cfg", "assets/structures/turbo.cfg",
                             "assets/structures/two-day.cfg", "assets/structures/rebuy.cfg"};
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        load(samples[i]);
        structure_t *back = structure_through_the_wire(&config.structure);
        json_t *a = codec_structure(&config.structure), *b = codec_structure(back);
        if (!json_equal(a, b))
            fail_msg("%s: the structure read back differs", samples[i]);
        json_decref(a);
        json_decref(b);
        assert_int_equal(back->n_levels, config.structure.n_levels);
        assert_int_equal(back->levels[3].big_blind, config.structure.levels[3].big_blind);
        assert_int_equal(back->payouts[0].bp[0], config.structure.payouts[0].bp[0]);
    }
}

static void apply_ok(command_t c, int64_t now)
{
    apply_status st = model_apply(&master, &c, now, &no);
    if (st != APPLY_OK)
        fail_msg("%s at %lld: %s", command_name(c.type), (long long)now, no.text);
}

static json_t *state_without_seq(const tourney_t *t, int64_t now)
{
    json_t *o = codec_state(t, 7, now, "", "");
    json_object_del(o, "seq");
    return o;
}

/* The master's state at `sent`, arriving at the follower's `arrived` (its own
 * clock, unrelated to the master's): from then on, the follower's state at
 * arrived + d is the master's at sent + d, to the millisecond. */
static void follower_matches_master(const char *when, int64_t sent, int64_t arrived)
{
    const structure_t *s = structure_through_the_wire(&master.t.s);
    char *text = wire(codec_state(&master.t, 41, sent, "", ""));
    json_t *o = unwire(text);
    assert_true(codec_state_fits(o, s));
    static tourney_t follower;
    char err[256] = "";
    if (codec_state_parse(o, s, arrived, &follower, err, sizeof err) != 0)
        fail_msg("%s: the state does not read back: %s", when, err);
    json_decref(o);
    free(text);
    const int64_t later[] = {0, 999, 61000, 7 * 60000, 25 * 60000, 3 * 3600000};
    for (size_t i = 0; i < sizeof later / sizeof *later; i++) {
        json_t *m = state_without_seq(&master.t, sent + later[i]);
        json_t *f = state_without_seq(&follower, arrived + later[i]);
        if (!json_equal(m, f)) {
            char *mt = json_dumps(m, JSON_SORT_KEYS), *ft = json_dumps(f, JSON_SORT_KEYS);
            fail_msg("%s, %lld ms later:\nmaster   %s\nfollower %s", when, (long long)later[i], mt,
                     ft);
        }
        json_decref(m);
        json_decref(f);
    }
}

static void a_tournament_as_the_follower_sees_it(void **state)
{
    (void)state;
    load("assets/structures/rebuy.cfg");
    model_init(&master, &config.structure);
    const int64_t far = INT64_C(5000000); /* the follower's clock is elsewhere */
    int64_t t = 1000;
    follower_matches_master("before the start", t, far);
    apply_ok((command_t){.type = CMD_REGISTER, .count = 30}, t += 1000);
    apply_ok((command_t){.type = CMD_START}, t += 1000);
    follower_matches_master("just started", t + 20, far + 7);
    apply_ok((command_t){.type = CMD_ADJUST, .delta_ms = -60000}, t += 65000);
    command_t a = {.type = CMD_ANNOUNCE, .seconds = 120};
    snprintf(a.text, sizeof a.text, "Dinner at the break — 30 minutes");
    apply_ok(a, t += 1000);
    apply_ok((command_t){.type = CMD_BUST, .count = 4}, t += 1000);
    apply_ok((command_t){.type = CMD_REBUY, .count = 2}, t += 1000);
    follower_matches_master("running, with an announcement", t + 1234, far);
    apply_ok((command_t){.type = CMD_NEXT_LEVEL}, t += 1000);
    apply_ok((command_t){.type = CMD_ADJUST, .delta_ms = 90000}, t += 1000);
    follower_matches_master("time added", t + 500, far + 1);
    apply_ok((command_t){.type = CMD_PAUSE}, t += 30000);
    follower_matches_master("paused", t + 60000, far);
    apply_ok((command_t){.type = CMD_RESUME}, t += 1000);
    apply_ok((command_t){.type = CMD_GOTO_LEVEL, .index = 6}, t += 1000); /* the add-on break */
    apply_ok((command_t){.type = CMD_ADDON, .count = 20}, t += 1000);
    follower_matches_master("on a break", t + 5, far);
    apply_ok((command_t){.type = CMD_COLOR_UP, .value = 100}, t += 1000);
    follower_matches_master("a color-up started by the director", t + 5, far);
    apply_ok((command_t){.type = CMD_COLOR_UP_DONE}, t += 1000);
    apply_ok((command_t){.type = CMD_GOTO_LEVEL, .index = config.structure.n_levels - 1},
             t += 1000);
    follower_matches_master("in overtime", t + 21 * 60000, far);
    /* The procedures, as far as the master's state shows them. */
    apply_ok((command_t){.type = CMD_HFH_START, .tables = 4}, t += 1000);
    apply_ok((command_t){.type = CMD_TABLE_DONE, .table = 2}, t += 1000);
    apply_ok((command_t){.type = CMD_TABLE_WAITING, .table = 3}, t += 1000);
    apply_ok((command_t){.type = CMD_CLOCK_CALL, .table = 3, .seat = 4}, t += 1000);
    apply_ok((command_t){.type = CMD_PENALTY, .table = 1, .seat = 9, .minutes = 2}, t += 1000);
    apply_ok((command_t){.type = CMD_PENALTY, .table = 2, .seat = 1, .rounds = 1}, t += 1000);
    follower_matches_master("hand-for-hand, a clock called, penalties", t + 3000, far);
    apply_ok((command_t){.type = CMD_HFH_STOP}, t += 1000);
    command_t two = {.type = CMD_BUST, .n_busts = 2};
    two.busts[0].table = 1, two.busts[0].chips = 500;
    two.busts[1].table = 2, two.busts[1].chips = 500;
    apply_ok(two, t += 1000);
    follower_matches_master("a tie", t + 100, far);
}

/* A two-day event to its end of the day, hands reported for the field and
 * then per table, with hand-for-hand taking time off each hand. */
static void the_end_of_the_day_as_the_follower_sees_it(void **state)
{
    (void)state;
    load("assets/structures/two-day.cfg");
    for (int per_table = 0; per_table < 2; per_table++) {
        config.structure.house.day_end_per_table = per_table;
        config.structure.house.hfh_deduct_ms = 30000;
        model_init(&master, &config.structure);
        const int64_t far = INT64_C(987654321);
        int64_t t = 500;
        apply_ok((command_t){.type = CMD_REGISTER, .count = 80}, t += 1000);
        apply_ok((command_t){.type = CMD_START}, t += 1000);
        int last_day1 = 0;
        while (!config.structure.levels[last_day1].day_end)
            last_day1++;
        apply_ok((command_t){.type = CMD_GOTO_LEVEL, .index = last_day1}, t += 1000);
        apply_ok((command_t){.type = CMD_SET_REMAINING, .ms = 10 * 60000}, t += 1000);
        follower_matches_master("in the end-of-day window", t + 1000, far);
        /* Tables 2, 70 and 200 are left in play (a big field's numbers). */
        const tableset_t tables = tableset_of(3, (int[]){2, 70, 200});
        apply_ok((command_t){.type = CMD_DAY_END_DRAW,
                             .drawn = 4,
                             .tables = 3,
                             .table_set = tables},
                 t += 1000);
        apply_ok((command_t){.type = CMD_DAY_END_HAND_DONE, .table = per_table ? 70 : 0},
                 t += 1000);
        follower_matches_master(per_table ? "hands left per table" : "hands left", t + 10, far);
        apply_ok((command_t){.type = CMD_DAY_END_CLEAR}, t += 1000);
        tourney_view_t v;
        tourney_view(&master.t, t, &v);
        apply_ok((command_t){.type = CMD_BUST, .count = v.players_left - v.paid_places - 1},
                 t += 1000);
        apply_ok((command_t){.type = CMD_BUBBLE_START}, t += 1000);
        apply_ok((command_t){.type = CMD_RESUME}, t += 1000);
        apply_ok((command_t){.type = CMD_HFH_START, .tables = 3, .table_set = tables}, t += 1000);
        apply_ok((command_t){.type = CMD_TABLE_DONE, .table = 2}, t += 1000);
        apply_ok((command_t){.type = CMD_TABLE_DONE, .table = 70}, t += 1000);
        apply_ok((command_t){.type = CMD_TABLE_DONE, .table = 200}, t += 1000);
        apply_ok((command_t){.type = CMD_HFH_NEXT}, t += 1000);
        apply_ok((command_t){.type = CMD_TABLE_WAITING, .table = 200}, t += 1000);
        follower_matches_master("the bubble, hand-for-hand", t + 10, far);
        apply_ok((command_t){.type = CMD_BUST, .count = 1}, t += 1000);
        follower_matches_master("in the money", t + 10, far);
        apply_ok((command_t){.type = CMD_CLOCK_CALL, .table = 1, .seat = 2}, t += 1000);
        follower_matches_master("a clock called", t + 30000, far);
        follower_matches_master("a clock called, time up", t + 61000, far);
    }
}

/* What the wall counts: the remaining time goes on from the moment of arrival. */
static void the_clock_counts_on_from_arrival(void **state)
{
    (void)state;
    load("assets/structures/default.cfg");
    structure_t *s = structure_through_the_wire(&config.structure);
    json_t *o = unwire("{\"seq\": 3, \"name\": \"Friday Freezeout\", \"started\": true,"
                       " \"running\": true, \"levels_count\": 22,"
                       " \"level\": {\"index\": 2, \"kind\": \"level\", \"small_blind\": 75,"
                       " \"big_blind\": 150, \"duration_ms\": 1200000},"
                       " \"remaining_ms\": 754000, \"players\": {\"entries\": 42, \"busted\": 5},"
                       " \"announcement\": {\"text\": \"Dinner\", \"remaining_ms\": 3000}}");
    tourney_t t;
    char err[256] = "";
    if (codec_state_parse(o, s, 100000, &t, err, sizeof err) != 0)
        fail_msg("%s", err);
    tourney_view_t v;
    tourney_view(&t, 102000, &v);
    assert_int_equal(v.level, 2);
    assert_int_equal(v.remaining_ms, 752000);
    assert_int_equal(v.players_left, 37);
    assert_true(v.announcement_active);
    tourney_view(&t, 103000, &v);
    assert_false(v.announcement_active);
    tourney_view(&t, 100000 + 754000 + 1000, &v);
    assert_int_equal(v.level, 3);
    json_decref(o);
}

/* A state made on another structure (a level edited, added) is noticed, so
 * that the follower fetches the structure again. */
static void a_changed_structure_is_noticed(void **state)
{
    (void)state;
    load("assets/structures/default.cfg");
    model_init(&master, &config.structure);
    structure_t before = *structure_through_the_wire(&master.t.s);
    json_t *o = codec_state(&master.t, 1, 0, "", "");
    assert_true(codec_state_fits(o, &before));
    json_decref(o);
    command_t edit = {.type = CMD_EDIT_LEVEL, .index = 1, .has = LF_BIG | LF_SMALL};
    edit.level.small_blind = 60, edit.level.big_blind = 120;
    apply_ok(edit, 10);
    o = codec_state(&master.t, 2, 10, "", "");
    assert_false(codec_state_fits(o, &before)); /* the next level shows it */
    json_decref(o);
    command_t add = {.type = CMD_ADD_LEVEL, .index = 10, .has = LF_BIG | LF_SMALL | LF_DURATION};
    add.level.small_blind = 1, add.level.big_blind = 2, add.level.duration_ms = 60000;
    apply_ok(add, 20);
    before = *structure_through_the_wire(&master.t.s);
    apply_ok((command_t){.type = CMD_DELETE_LEVEL, .index = 11}, 30);
    o = codec_state(&master.t, 3, 30, "", "");
    assert_false(codec_state_fits(o, &before)); /* the count shows it */
    json_decref(o);
}

/* Broken or hostile states and structures are refused with a reason. */
static void broken_input_is_refused(void **state)
{
    (void)state;
    load("assets/structures/default.cfg");
    structure_t *s = structure_through_the_wire(&config.structure);
    const char *bad_states[] = {
        "[]",
        "{}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1000}",
        "{\"started\": 1, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 0}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 99}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": -5, \"level\": {\"index\": 0}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1.5, \"level\": {\"index\": 0}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 0},"
        " \"players\": {\"entries\": 3, \"busted\": 4}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 0},"
        " \"announcement\": {\"text\": 5}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 0},"
        " \"hand_for_hand\": {\"hand\": 1, \"tables\": 4, \"done\": [0]}}",
        "{\"started\": true, \"running\": true, \"remaining_ms\": 1, \"level\": {\"index\": 0},"
        " \"penalties\": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]}",
    };
    for (size_t i = 0; i < sizeof bad_states / sizeof *bad_states; i++) {
        json_t *o = unwire(bad_states[i]);
        tourney_t t;
        char err[256] = "";
        if (codec_state_parse(o, s, 1000, &t, err, sizeof err) == 0)
            fail_msg("accepted: %s", bad_states[i]);
        assert_true(err[0] != 0);
        json_decref(o);
    }
    const char *bad_structures[] = {
        "{}",
        "{\"name\": \"x\", \"starting_stack\": 100, \"levels\": []}",
        "{\"name\": \"x\", \"starting_stack\": 100, \"levels\": [{\"kind\": \"level\","
        " \"small_blind\": 100, \"big_blind\": 50, \"duration_ms\": 60000}]}",
        "{\"name\": \"x\", \"starting_stack\": 100, \"levels\": [{\"kind\": \"bonus\","
        " \"duration_ms\": 60000}]}",
        "{\"name\": \"x\", \"starting_stack\": 100, \"chips\": [{\"value\": 5, \"rgb\": \"red\"}],"
        " \"levels\": [{\"kind\": \"level\", \"small_blind\": 1, \"big_blind\": 2,"
        " \"duration_ms\": 60000}]}",
        "{\"name\": \"x\", \"starting_stack\": 100, \"payouts\": [{\"min_entries\": 2,"
        " \"places\": [60, 30]}], \"levels\": [{\"kind\": \"level\", \"small_blind\": 1,"
        " \"big_blind\": 2, \"duration_ms\": 60000}]}",
    };
    for (size_t i = 0; i < sizeof bad_structures / sizeof *bad_structures; i++) {
        json_t *o = unwire(bad_structures[i]);
        structure_t back;
        char err[256] = "";
        if (codec_structure_parse(o, &back, err, sizeof err) == 0)
            fail_msg("accepted: %s", bad_structures[i]);
        assert_true(err[0] != 0);
        json_decref(o);
    }
    /* 129 levels do not fit a structure. */
    json_t *o = codec_structure(&config.structure);
    json_t *levels = json_object_get(o, "levels");
    while (json_array_size(levels) <= TOURNEY_MAX_LEVELS)
        json_array_append(levels, json_array_get(levels, 0));
    structure_t back;
    char err[256] = "";
    assert_int_equal(codec_structure_parse(o, &back, err, sizeof err), -1);
    json_decref(o);
}

/* Random damage to real states and structures: refused or read, never a crash. */
static void damaged_input_never_crashes(void **state)
{
    (void)state;
    load("assets/structures/two-day.cfg");
    model_init(&master, &config.structure);
    apply_ok((command_t){.type = CMD_REGISTER, .count = 12}, 1);
    apply_ok((command_t){.type = CMD_START}, 2);
    apply_ok((command_t){.type = CMD_HFH_START, .tables = 3}, 3);
    char *texts[2] = {wire(codec_state(&master.t, 9, 5000, "", "")),
                      wire(codec_structure(&master.t.s))};
    structure_t *s = structure_through_the_wire(&master.t.s);
    srand(42);
    int read = 0, refused = 0;
    for (int round = 0; round < 4000; round++) {
        char *text = strdup(texts[round % 2]);
        size_t n = strlen(text);
        for (int k = 0; k < 1 + rand() % 4; k++) {
            static const char junk[] = "0123456789-.e\"{}[],:tfnul \\";
            text[rand() % n] = junk[rand() % (sizeof junk - 1)];
        }
        json_error_t je;
        json_t *o = json_loads(text, JSON_REJECT_DUPLICATES, &je);
        if (o) {
            static tourney_t t;
            static structure_t back;
            char err[256];
            int rc = round % 2 ? codec_structure_parse(o, &back, err, sizeof err)
                               : codec_state_parse(o, s, 777, &t, err, sizeof err);
            rc == 0 ? read++ : refused++;
            if (rc == 0 && round % 2 == 0) {
                tourney_view_t v;
                tourney_view(&t, 100000, &v); /* what the wall then draws */
                json_decref(codec_state(&t, 1, 100000, "", ""));
            }
            json_decref(o);
        }
        free(text);
    }
    print_message("damaged input: %d read, %d refused\n", read, refused);
    assert_true(read > 0 && refused > 0);
    free(texts[0]);
    free(texts[1]);
}

/* ---- the HTTP reader and the event stream ---- */

typedef struct {
    char data[4096];
    size_t len;
} collected_t;

static int collect(void *ctx, const char *data, size_t len)
{
    collected_t *c = ctx;
    assert_true(c->len + len < sizeof c->data);
    memcpy(c->data + c->len, data, len);
    c->len += len;
    return 0;
}

/* Feeds text in pieces of `step` bytes; the final status. */
static int feed_http(http_reader_t *r, const char *text, size_t step, collected_t *c)
{
    size_t n = strlen(text);
    int rc = HTTP_MORE;
    for (size_t i = 0; i < n && rc == HTTP_MORE; i += step)
        rc = http_reader_feed(r, text + i, n - i < step ? n - i : step, collect, c, NULL);
    return rc;
}

static void http_bodies_arrive_whole_however_cut(void **state)
{
    (void)state;
    const char *chunked = "HTTP/1.1 200 OK\r\nContent-Type: Text/Event-Stream\r\n"
                          "Transfer-Encoding: chunked\r\n\r\n"
                          "6\r\nevent:\r\n18;ext=1\r\n state\ndata: {\"seq\":1}\n\n\r\n0\r\n\r\n";
    const char *sized = "HTTP/1.0 200 OK\nContent-Length: 11\n\nhello world";
    for (size_t step = 1; step < 80; step++) {
        http_reader_t r;
        collected_t c = {0};
        http_reader_init(&r);
        assert_int_equal(feed_http(&r, chunked, step, &c), HTTP_DONE);
        assert_int_equal(r.status, 200);
        assert_string_equal(r.content_type, "text/event-stream");
        c.data[c.len] = 0;
        assert_string_equal(c.data, "event: state\ndata: {\"seq\":1}\n\n");
        http_reader_init(&r);
        memset(&c, 0, sizeof c);
        assert_int_equal(feed_http(&r, sized, step, &c), HTTP_DONE);
        c.data[c.len] = 0;
        assert_string_equal(c.data, "hello world");
    }
}

static void http_nonsense_is_refused(void **state)
{
    (void)state;
    static char long_header[HTTP_LINE_MAX + 64];
    snprintf(long_header, sizeof long_header, "HTTP/1.1 200 OK\r\nX-Long: ");
    memset(long_header + strlen(long_header), 'a', HTTP_LINE_MAX);
    const char *bad[] = {
        "SSH-2.0-OpenSSH_9.2\r\n",
        "HTTP/1.1 2x0 OK\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        long_header,
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        http_reader_t r;
        collected_t c = {0};
        http_reader_init(&r);
        int rc = feed_http(&r, bad[i], 7, &c);
        if (rc == HTTP_MORE)
            rc = http_reader_eof(&r);
        if (rc != HTTP_ERROR)
            fail_msg("accepted: %.60s", bad[i]);
        assert_true(r.err[0] != 0);
    }
    /* Closed in the middle of a sized body: not a whole answer. */
    http_reader_t r;
    collected_t c = {0};
    http_reader_init(&r);
    assert_int_equal(feed_http(&r, "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc", 5, &c),
                     HTTP_MORE);
    assert_int_equal(http_reader_eof(&r), HTTP_ERROR);
    /* A body without a length ends with the connection. */
    http_reader_init(&r);
    assert_int_equal(feed_http(&r, "HTTP/1.0 200 OK\r\n\r\n{}", 5, &c), HTTP_MORE);
    assert_int_equal(http_reader_eof(&r), HTTP_DONE);
}

typedef struct {
    int states, heartbeats, others;
    char last[256];
} events_t;

static int on_event(void *ctx, const char *event, const char *data, size_t len)
{
    events_t *e = ctx;
    if (!event) {
        e->heartbeats++;
    } else if (strcmp(event, "state") == 0) {
        e->states++;
        assert_int_equal(strlen(data), len);
        snprintf(e->last, sizeof e->last, "%s", data);
    } else {
        e->others++;
    }
    return 0;
}

static void events_and_heartbeats_however_cut(void **state)
{
    (void)state;
    const char *stream = ": ping\n\nevent: state\ndata: {\"seq\": 1}\n\n"
                         "event: state\r\ndata: {\"seq\":\r\ndata:  2}\r\n\r\n"
                         ": ping\r\rdata: no name\n\nevent: state\ndata: half";
    static sse_parser_t p;
    for (size_t step = 1; step < 40; step++) {
        events_t e = {0};
        sse_init(&p);
        size_t n = strlen(stream);
        for (size_t i = 0; i < n; i += step)
            assert_int_equal(sse_feed(&p, stream + i, n - i < step ? n - i : step, on_event, &e),
                             0);
        assert_int_equal(e.states, 2);
        assert_int_equal(e.heartbeats, 2);
        assert_int_equal(e.others, 1);
        assert_string_equal(e.last, "{\"seq\":\n 2}");
    }
    /* An endless line is cut off, not stored. */
    events_t e = {0};
    sse_init(&p);
    static char flood[SSE_DATA_MAX + 1024];
    memset(flood, 'x', sizeof flood);
    assert_int_equal(sse_feed(&p, flood, sizeof flood, on_event, &e), -1);
    assert_true(p.err[0] != 0);
}

static void master_addresses(void **state)
{
    (void)state;
    follow_url_t u;
    char err[256];
    assert_int_equal(follow_url_parse("http://10.0.0.5:8080", &u, err, sizeof err), 0);
    assert_string_equal(u.host, "10.0.0.5");
    assert_string_equal(u.port, "8080");
    assert_string_equal(u.text, "http://10.0.0.5:8080");
    assert_int_equal(follow_url_parse("clock.local", &u, err, sizeof err), 0);
    assert_string_equal(u.text, "http://clock.local:8080");
    assert_int_equal(follow_url_parse("http://[fd00::5]:9000/clock/", &u, err, sizeof err), 0);
    assert_string_equal(u.host, "fd00::5");
    assert_string_equal(u.path, "/clock");
    assert_string_equal(u.text, "http://[fd00::5]:9000/clock");
    const char *bad[] = {"https://10.0.0.5", "ftp://x",        "http://",
                         "http://x:0",       "http://x:99999", "http://x:80a",
                         "http://a b",       "http://[::1",    "http://x/a?b"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        if (follow_url_parse(bad[i], &u, err, sizeof err) == 0)
            fail_msg("accepted: %s", bad[i]);
        assert_non_null(strstr(err, "--follow"));
    }
}

/* A follower's engine shows what it is given and refuses commands. */
static void a_follower_engine_refuses_commands(void **state)
{
    (void)state;
    load("assets/structures/default.cfg");
    FILE *f = fopen("assets/structures/default.cfg", "r");
    assert_non_null(f);
    static char text[65536];
    text[fread(text, 1, sizeof text - 1, f)] = 0;
    fclose(f);
    engine_options_t o = {.state_dir = "/nonexistent/never-written",
                          .config_text = text,
                          .config_name = "default.cfg",
                          .follow_url = "http://10.0.0.5:8080"};
    char err[256] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    command_t c = {.type = CMD_START};
    assert_int_equal(engine_apply(e, &c, engine_now(e), &no), APPLY_CONFLICT);
    assert_string_equal(no.text, "this screen follows http://10.0.0.5:8080: change the tournament "
                                 "there");
    const snapshot_t *s = engine_snapshot(e);
    assert_string_equal(s->storage_error, "");
    uint64_t seq = s->seq;
    tourney_t t = s->t;
    snapshot_release(s);
    t.entries = 17;
    assert_int_equal(engine_mirror(e, &t, "from the master"), 0);
    s = engine_snapshot(e);
    assert_int_equal(s->t.entries, 17);
    assert_string_equal(s->notice, "from the master");
    assert_true(s->seq > seq);
    snapshot_release(s);
    assert_int_equal(engine_mirror(e, NULL, NULL), 0);
    s = engine_snapshot(e);
    assert_int_equal(s->t.entries, 17);
    assert_string_equal(s->notice, "");
    snapshot_release(s);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_sample_structure_reads_back),
        cmocka_unit_test(a_tournament_as_the_follower_sees_it),
        cmocka_unit_test(the_end_of_the_day_as_the_follower_sees_it),
        cmocka_unit_test(the_clock_counts_on_from_arrival),
        cmocka_unit_test(a_changed_structure_is_noticed),
        cmocka_unit_test(broken_input_is_refused),
        cmocka_unit_test(damaged_input_never_crashes),
        cmocka_unit_test(http_bodies_arrive_whole_however_cut),
        cmocka_unit_test(http_nonsense_is_refused),
        cmocka_unit_test(events_and_heartbeats_however_cut),
        cmocka_unit_test(master_addresses),
        cmocka_unit_test(a_follower_engine_refuses_commands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
