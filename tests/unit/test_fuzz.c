/* Random command sequences against the model: no crash, refusals change
 * nothing, the tournament always makes sense. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tsan.h"

#include "model/tourney.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

enum { STEPS = 6000 };

static uint64_t rng;

static uint64_t next64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int64_t below(int64_t n)
{
    return (int64_t)(next64() % (uint64_t)n);
}

#define PICK(arr) (arr)[below((int64_t)(sizeof(arr) / sizeof(arr)[0]))]

static int64_t any_ms(void)
{
    static const int64_t v[] = {0,
                                1,
                                -1,
                                999,
                                1000,
                                60000,
                                -60000,
                                300000,
                                -300000,
                                1200000,
                                TOURNEY_MAX_DURATION_MS,
                                -(int64_t)TOURNEY_MAX_DURATION_MS,
                                (int64_t)TOURNEY_MAX_DURATION_MS + 1,
                                -(int64_t)TOURNEY_MAX_DURATION_MS - 1,
                                INT64_MAX,
                                INT64_MIN};
    return below(3) ? (below(2) ? 1 : -1) * below(1800000) : PICK(v);
}

static int any_int(int small)
{
    static const int v[] = {-1, 0,  1,   2,   3,   5,    7,     8,     12,      13,     63,
                            64, 65, 127, 128, 999, 1000, 10000, 10001, INT_MAX, INT_MIN};
    return below(3) ? (int)below(small) : PICK(v);
}

static int64_t any_chips(void)
{
    static const int64_t v[] = {-1,
                                0,
                                25,
                                50,
                                100,
                                500,
                                1000,
                                5000,
                                INT64_C(1000000000000),
                                INT64_C(1000000000001),
                                INT64_MAX,
                                INT64_MIN};
    return PICK(v);
}

static void any_command(command_t *c, const tourney_t *t)
{
    memset(c, 0, sizeof *c);
    int64_t r = below(100);
    if (r < 3)
        c->type = (command_type)(below(6) - 3 + (r ? CMD__COUNT : 0));
    else if (r < 50) /* the clock and the structure, most of the time */
        c->type = (command_type)(CMD_START + below(CMD_UNDO - CMD_START + 1));
    else if (r < 60) /* players come and go */
        c->type = below(2) ? CMD_REGISTER : CMD_BUST;
    else
        c->type = (command_type)(1 + below(CMD__COUNT - 1));
    c->delta_ms = any_ms();
    c->ms = any_ms();
    c->index = below(4) ? (int)below(t->s.n_levels + 2) - 1 : any_int(8);
    c->has = below(3) ? (unsigned)below(256) : (unsigned)next64();
    c->level.kind = below(10) ? (level_kind)below(2) : (level_kind)any_int(4);
    c->level.small_blind = any_chips();
    c->level.big_blind = below(2) && c->level.small_blind >= 0 &&
                                 c->level.small_blind < INT64_C(1) << 40
                             ? c->level.small_blind * 2
                             : any_chips();
    c->level.ante = below(2) ? 0 : any_chips();
    c->level.big_blind_ante = below(2);
    c->level.duration_ms = below(2) ? 60000 * (1 + below(30)) : any_ms();
    c->level.day_end = below(8) == 0;
    c->level.color_up = below(2) ? 0 : any_chips();
    if (below(20)) {
        size_t n = (size_t)below(sizeof c->text);
        for (size_t i = 0; i < n; i++)
            c->text[i] = below(4) ? (char)(' ' + below(95)) : (char)(1 + below(255));
        c->text[n] = 0;
    } else { /* the whole field, without an end */
        memset(c->text, 'a', sizeof c->text);
    }
    c->seconds = any_int(120);
    c->count = below(2) ? 0 : any_int(c->type == CMD_REGISTER ? 60 : 5);
    c->table = any_int(6);
    c->seat = any_int(11);
    c->tables = any_int(6);
    c->table_set = (tableset_t){{0}};
    for (int w = 0; !below(2) && w < TABLESET_WORDS; w++)
        c->table_set.w[w] = below(2) ? (uint64_t)below(64) : next64();
    c->drawn = any_int(8);
    c->value = below(2) && t->s.n_chips ? t->s.chips[below(t->s.n_chips)].value : any_chips();
    c->minutes = any_int(12);
    c->rounds = any_int(4);
    c->n_busts = below(2) ? 0 : below(8) ? (int)below(TOURNEY_MAX_BUSTS + 1) : any_int(40);
    for (int i = 0; i < TOURNEY_MAX_BUSTS; i++) {
        c->busts[i].table = below(16) ? 1 + (int)below(4) : any_int(6);
        c->busts[i].chips = below(16) ? below(50000) : any_chips();
    }
}

static structure_t full_structure(void)
{
    structure_t s = {.name = "Fuzz",
                     .currency = "EUR",
                     .buy_in = 50,
                     .fee = 5,
                     .starting_stack = 20000,
                     .rebuy_price = 20,
                     .rebuy_chips = 10000,
                     .addon_price = 20,
                     .addon_chips = 15000,
                     .late_reg_until_level = 4,
                     .rebuy_until_level = 4,
                     .addon_after_level = 4,
                     .guarantee = 500};
    const int64_t chips[] = {25, 100, 500, 1000, 5000};
    for (int i = 0; i < 5; i++)
        s.chips[s.n_chips++] = (chip_t){.value = chips[i], .rgb = 0x808080, .colour = "grey"};
    int64_t sb = 25;
    for (int i = 0; i < 16; i++) {
        level_t l = {.duration_ms = 60000 * (5 + i % 4 * 5)};
        if (i % 5 == 4) {
            l.kind = LEVEL_BREAK;
            l.color_up = i == 9 ? 25 : 0;
        } else {
            l.small_blind = sb;
            l.big_blind = sb * 2;
            l.ante = i > 6 ? sb * 2 : 0;
            l.big_blind_ante = i > 6;
            l.day_end = i == 13;
            sb = sb < 100 ? sb * 2 : sb + sb / 2 / 100 * 100;
        }
        s.levels[s.n_levels++] = l;
    }
    s.payouts[s.n_payouts++] = (payout_table_t){.min_entries = 2, .places = 1, .bp = {10000}};
    s.payouts[s.n_payouts++] = (payout_table_t){.min_entries = 6,
                                                .places = 3,
                                                .bp = {5000, 3000, 2000}};
    s.payouts[s.n_payouts++] = (payout_table_t){.min_entries = 20,
                                                .places = 5,
                                                .bp = {4000, 2500, 1500, 1000, 1000}};
    s.house = (house_t){.tables = 4, .hfh_deduct_ms = 30000};
    return s;
}

/* latest: the latest time any command had (commands may come a little out
 * of order); the clock cannot have run longer than since its first start. */
static void check_invariants(const model_t *m, int64_t now, int64_t latest, int64_t first_start,
                             long step)
{
    const tourney_t *t = &m->t;
    char err[256];
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fail_msg("step %ld at %lld ms: %s does not hold", step, (long long)now, #cond);        \
    } while (0)
    CHECK(structure_validate(&t->s, err, sizeof err));
    CHECK(t->clock.level >= 0 && t->clock.level < t->s.n_levels);
    CHECK(m->n_undo >= 0 && m->n_undo <= TOURNEY_UNDO_DEPTH);
    CHECK(t->entries >= 0 && t->busted >= 0 && t->rebuys >= 0 && t->addons >= 0);
    CHECK(t->busted <= t->entries);
    CHECK(memchr(t->announcement, 0, sizeof t->announcement) != NULL);
    CHECK(t->n_results >= 0 && t->n_results <= TOURNEY_MAX_RESULTS);
    CHECK(t->n_penalties >= 0 && t->n_penalties <= TOURNEY_MAX_PENALTIES);
    const int64_t at[] = {latest, latest + 1, latest + 3600000};
    for (int k = 0; k < 3; k++) {
        tourney_view_t v;
        tourney_view(t, at[k], &v);
        CHECK(v.level >= 0 && v.level < t->s.n_levels);
        CHECK(v.next_level == (v.level + 1 < t->s.n_levels ? v.level + 1 : -1));
        CHECK(v.remaining_ms >= 0);
        CHECK(v.overtime_ms >= 0);
        CHECK(!v.overtime || v.level == t->s.n_levels - 1);
        CHECK(v.overtime == (v.remaining_ms == 0));
        CHECK(v.to_break_ms >= -1);
        CHECK((v.next_break == -1) == (v.to_break_ms == -1));
        CHECK(v.next_break == -1 || t->s.levels[v.next_break].kind == LEVEL_BREAK);
        CHECK(v.players_left >= 0);
        CHECK(v.chips_in_play >= 0 && v.average_stack >= 0 && v.prize_pool >= 0);
        CHECK(v.paid_places >= 0 && v.paid_places <= TOURNEY_MAX_PLACES);
        CHECK(v.paid_places <= t->entries);
        int64_t sum = 0;
        for (int p = 0; p < v.paid_places; p++) {
            CHECK(v.payouts[p] >= 0);
            sum += v.payouts[p];
        }
        CHECK(v.paid_places == 0 || sum == v.prize_pool);
        CHECK(v.late_reg_open == (v.late_reg_closes_ms >= 0) && v.late_reg_closes_ms >= -1);
        CHECK(v.rebuys_open == (v.rebuys_close_ms >= 0) && v.rebuys_close_ms >= -1);
        CHECK(v.addon_open == (v.addon_closes_ms >= 0) && v.addon_closes_ms >= -1);
        CHECK(!v.late_reg_open || v.late_reg_closes_ms >= v.remaining_ms);
        CHECK(v.tournament_elapsed_ms >= 0);
        if (t->clock.started && v.tournament_elapsed_ms > at[k] - first_start)
            fail_msg("step %ld: played %lld ms in the %lld ms since the first start", step,
                     (long long)v.tournament_elapsed_ms, (long long)(at[k] - first_start));
        CHECK(t->clock.started || v.tournament_elapsed_ms == 0);
    }
#undef CHECK
}

static void run(uint64_t seed, const structure_t *s)
{
    rng = seed;
    model_t *m = malloc(sizeof *m), *before = malloc(sizeof *before);
    assert_non_null(m);
    assert_non_null(before);
    model_init(m, s);
    int64_t now = 1000000, latest = now, first_start = -1;
    long accepted = 0;
    for (long step = 0; step < STEPS; step++) {
        int64_t r = below(10);
        now += r < 2 ? 0 : r < 3 ? -below(5) : below(r < 8 ? 60000 : 1200000);
        command_t c;
        any_command(&c, &m->t);
        memcpy(before, m, sizeof *m);
        char err[256] = "";
        apply_status st = model_apply(m, &c, now, &no);
        if (st == APPLY_OK) {
            accepted++;
            /* The earliest start (one undone may be followed by a start
             * stamped a moment earlier). */
            if (c.type == CMD_START && (first_start < 0 || now < first_start))
                first_start = now;
        } else {
            if (st != APPLY_INVALID && st != APPLY_CONFLICT)
                fail_msg("step %ld: %s returned %d", step, command_name(c.type), st);
            if (!no.text[0])
                fail_msg("step %ld: %s refused without a reason", step, command_name(c.type));
            if (memcmp(before, m, sizeof *m) != 0)
                fail_msg("step %ld: %s was refused (%s) but changed the state", step,
                         command_name(c.type), no.text);
        }
        if (getenv("FUZZ_TRACE")) /* to follow a failure step by step */
            fprintf(stderr, "%ld at %lld: %s -> %d %s [running %d level %d elapsed %lld]\n", step,
                    (long long)now, command_name(c.type), st, err, m->t.clock.running,
                    m->t.clock.level, (long long)m->t.clock.level_elapsed_ms);
        latest = now > latest ? now : latest;
        check_invariants(m, now, latest, first_start, step);
    }
    /* Enough went through to have reached deep into the structure. */
    assert_true(accepted > STEPS / 10);
    free(m);
    free(before);
}

static void random_commands_full_structure(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    structure_t s = full_structure();
    char err[256];
    assert_true(structure_validate(&s, err, sizeof err));
    /* FUZZ_SEEDS=N runs more sequences, for a longer hunt by hand. */
    const char *env = getenv("FUZZ_SEEDS");
    uint64_t seeds = env && atoi(env) > 0 ? (uint64_t)atoi(env) : 4;
    for (uint64_t seed = 1; seed <= seeds; seed++)
        run(seed * 0x9E3779B97F4A7C15ull, &s);
}

/* A structure of one level: every edge at once. */
static void random_commands_one_level(void **state)
{
    (void)state;
    structure_t s = {.name = "One", .starting_stack = 1000, .buy_in = 10};
    s.levels[s.n_levels++] = (level_t){.small_blind = 1, .big_blind = 2, .duration_ms = 60000};
    run(0xC0FFEEull, &s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_commands_full_structure),
        cmocka_unit_test(random_commands_one_level),
    };
    return cmocka_run_group_tests_name("fuzz", tests, NULL, NULL);
}
