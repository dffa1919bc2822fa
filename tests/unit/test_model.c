/* The model's clock, levels, players and undo, as scripts of timed commands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/tourney.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

#define SEC(x) ((int64_t)(x)*1000)
#define MIN(x) ((int64_t)(x)*60000)

/* ---- structures ---- */

static level_t play(int64_t sb, int64_t bb, int minutes)
{
    return (level_t){.kind = LEVEL_PLAY,
                     .small_blind = sb,
                     .big_blind = bb,
                     .duration_ms = MIN(minutes)};
}

static level_t pause_level(int minutes)
{
    return (level_t){.kind = LEVEL_BREAK, .duration_ms = MIN(minutes)};
}

/* Levels 0-1 of 20 min, a 10 min break (2), 20 min (3), 15 min (4): level 0
 * runs [0, 20) minutes after the start, 1 [20, 40), the break [40, 50),
 * 3 [50, 70), 4 [70, 85), and overtime after that. */
static structure_t standard(void)
{
    structure_t s = {.name = "Test",
                     .currency = "EUR",
                     .buy_in = 50,
                     .fee = 5,
                     .starting_stack = 20000};
    s.levels[s.n_levels++] = play(25, 50, 20);
    s.levels[s.n_levels++] = play(50, 100, 20);
    s.levels[s.n_levels++] = pause_level(10);
    s.levels[s.n_levels++] = play(100, 200, 20);
    s.levels[s.n_levels++] = play(200, 400, 15);
    return s;
}

static model_t *model_new(const structure_t *s)
{
    char err[256];
    if (!structure_validate(s, err, sizeof err))
        fail_msg("test structure: %s", err);
    model_t *m = malloc(sizeof *m);
    assert_non_null(m);
    model_init(m, s);
    return m;
}

/* ---- scripts: {at, command} steps and {at, expected state} checks ---- */

typedef enum { STEP_DO, STEP_SEE } step_kind;

typedef struct {
    int64_t at;
    step_kind kind;
    command_t c;     /* DO */
    int status;      /* DO: the expected status (0: accepted) */
    const char *why; /* DO refused: part of the reason given */
    int level;       /* SEE: index */
    int64_t remaining;
    bool running;
    int64_t overtime; /* -1: not in overtime */
} step_t;

#define DO(t, ...)                                                                                 \
    {                                                                                              \
        .at = (t), .kind = STEP_DO, .c = { __VA_ARGS__ }                                           \
    }
#define NO(t, st, msg, ...)                                                                        \
    {                                                                                              \
        .at = (t), .kind = STEP_DO, .status = (st), .why = (msg), .c = { __VA_ARGS__ }             \
    }
#define SEE(t, lvl, rem, run)                                                                      \
    {                                                                                              \
        .at = (t), .kind = STEP_SEE, .level = (lvl), .remaining = (rem), .running = (run),         \
        .overtime = -1                                                                             \
    }
#define OVER(t, lvl, ot, run)                                                                      \
    {                                                                                              \
        .at = (t), .kind = STEP_SEE, .level = (lvl), .remaining = 0, .running = (run),             \
        .overtime = (ot)                                                                           \
    }

#define START .type = CMD_START
#define PAUSE .type = CMD_PAUSE
#define RESUME .type = CMD_RESUME
#define NEXT .type = CMD_NEXT_LEVEL
#define PREV .type = CMD_PREV_LEVEL
#define UNDO .type = CMD_UNDO
#define GOTO(i) .type = CMD_GOTO_LEVEL, .index = (i)
#define ADJUST(d) .type = CMD_ADJUST, .delta_ms = (d)
#define SETREM(v) .type = CMD_SET_REMAINING, .ms = (v)
#define DELETE(i) .type = CMD_DELETE_LEVEL, .index = (i)
#define EDIT_MS(i, v)                                                                              \
    .type = CMD_EDIT_LEVEL, .index = (i), .has = LF_DURATION, .level = {.duration_ms = (v)}
#define ADD_PLAY(after, sb, bb, min)                                                               \
    .type = CMD_ADD_LEVEL, .index = (after), .has = LF_SMALL | LF_BIG | LF_DURATION,               \
    .level = {.small_blind = (sb), .big_blind = (bb), .duration_ms = MIN(min)}
#define ADD_BREAK(after, min)                                                                      \
    .type = CMD_ADD_LEVEL, .index = (after), .has = LF_BREAK | LF_DURATION,                        \
    .level = {.kind = LEVEL_BREAK, .duration_ms = MIN(min)}

#define RUN(m, steps) run_script((m), (steps), sizeof(steps) / sizeof(steps)[0])

/* Plays the script against m; a refused command must leave m byte-identical. */
static void run_script(model_t *m, const step_t *steps, size_t n)
{
    model_t *before = malloc(sizeof *before);
    assert_non_null(before);
    for (size_t i = 0; i < n; i++) {
        const step_t *st = &steps[i];
        if (st->kind == STEP_DO) {
            char err[256] = "";
            memcpy(before, m, sizeof *m);
            int got = model_apply(m, &st->c, st->at, &no);
            if (got != st->status)
                fail_msg("step %zu (%s at %lld ms): status %d, expected %d (%s)", i,
                         command_name(st->c.type), (long long)st->at, got, st->status, no.text);
            if (st->status != APPLY_OK) {
                if (!strstr(no.text, st->why))
                    fail_msg("step %zu (%s): reason \"%s\" does not say \"%s\"", i,
                             command_name(st->c.type), err, st->why);
                if (memcmp(before, m, sizeof *m) != 0)
                    fail_msg("step %zu (%s): a refused command changed the state", i,
                             command_name(st->c.type));
            }
            continue;
        }
        tourney_view_t v;
        tourney_view(&m->t, st->at, &v);
        bool over = st->overtime >= 0;
        if (v.level != st->level || v.remaining_ms != st->remaining ||
            m->t.clock.running != st->running || v.overtime != over ||
            (over && v.overtime_ms != st->overtime))
            fail_msg("step %zu at %lld ms: level %d, remaining %lld, %s, overtime %d (%lld ms); "
                     "expected level %d, remaining %lld, %s, overtime %d (%lld ms)",
                     i, (long long)st->at, v.level, (long long)v.remaining_ms,
                     m->t.clock.running ? "running" : "stopped", v.overtime,
                     (long long)v.overtime_ms, st->level, (long long)st->remaining,
                     st->running ? "running" : "stopped", over, (long long)st->overtime);
        if (v.remaining_ms < 0 || v.overtime_ms < 0)
            fail_msg("step %zu: negative time on the wall", i);
    }
    free(before);
}

/* ---- the clock ---- */

static void level_boundaries_to_the_millisecond(void **state)
{
    (void)state;
    const int64_t t0 = 1000;
    const step_t steps[] = {
        SEE(0, 0, MIN(20), false),
        SEE(MIN(90), 0, MIN(20), false), /* nothing moves before the start */
        DO(t0, START),
        SEE(t0, 0, MIN(20), true),
        SEE(t0 + MIN(20) - 1, 0, 1, true),
        SEE(t0 + MIN(20), 1, MIN(20), true),
        SEE(t0 + MIN(20) + 1, 1, MIN(20) - 1, true),
        SEE(t0 + MIN(40) - 1, 1, 1, true),
        SEE(t0 + MIN(40), 2, MIN(10), true), /* the break */
        SEE(t0 + MIN(50) - 1, 2, 1, true),
        SEE(t0 + MIN(50), 3, MIN(20), true),
        SEE(t0 + MIN(50) + 1, 3, MIN(20) - 1, true),
        SEE(t0 + MIN(70), 4, MIN(15), true),
        SEE(t0 + MIN(85) - 1, 4, 1, true),
        /* Past the last level: overtime, counting up, never a silent 0:00. */
        OVER(t0 + MIN(85), 4, 0, true),
        OVER(t0 + MIN(85) + 1, 4, 1, true),
        OVER(t0 + MIN(90), 4, MIN(5), true),
        DO(t0 + MIN(90), PAUSE),
        OVER(t0 + MIN(100), 4, MIN(5), false),
        /* Overtime is not reset by taking time off: there is none left. */
        NO(t0 + MIN(100), APPLY_CONFLICT, "no time left to take off", ADJUST(-SEC(30))),
        OVER(t0 + MIN(100), 4, MIN(5), false),
        NO(t0 + MIN(100), APPLY_CONFLICT, "this is the last level", NEXT),
        DO(t0 + MIN(100), ADJUST(MIN(2))),
        SEE(t0 + MIN(100), 4, MIN(2), false),
        DO(t0 + MIN(101), RESUME),
        SEE(t0 + MIN(102), 4, MIN(1), true),
        OVER(t0 + MIN(103), 4, 0, true),
        OVER(t0 + MIN(103) + 500, 4, 500, true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

static void pause_resume_adjust(void **state)
{
    (void)state;
    const int64_t p = SEC(61) + 7; /* paused 61.007 s in */
    const step_t steps[] = {
        NO(0, APPLY_CONFLICT, "has not started yet", PAUSE),
        NO(0, APPLY_CONFLICT, "has not started yet", RESUME),
        DO(0, START),
        NO(5, APPLY_CONFLICT, "already started", START),
        NO(5, APPLY_CONFLICT, "already running", RESUME),
        DO(p, PAUSE),
        SEE(p, 0, MIN(20) - p, false),
        SEE(MIN(30), 0, MIN(20) - p, false),
        NO(MIN(30), APPLY_CONFLICT, "already paused", PAUSE),
        DO(MIN(30), RESUME),
        SEE(MIN(30) + 1, 0, MIN(20) - p - 1, true),
        /* +1 minute at 30:59.993 after the start: 61.007 + 59.993 = 121 s played. */
        DO(MIN(31) - 7, ADJUST(MIN(1))),
        SEE(MIN(31) - 7, 0, MIN(20) - SEC(121) + MIN(1), true),
        DO(MIN(31) - 7, ADJUST(-SEC(30))),
        SEE(MIN(32) - 7, 0, MIN(20) - SEC(181) + SEC(30), true),
        /* Taking off more than is left ends the level now. */
        DO(MIN(33), ADJUST(-MIN(30))),
        SEE(MIN(33), 1, MIN(20), true),
        SEE(MIN(53) - 1, 1, 1, true),
        SEE(MIN(53), 2, MIN(10), true),
        /* Adjusting while paused. */
        DO(MIN(54), PAUSE),
        DO(MIN(55), ADJUST(-MIN(2))),
        SEE(MIN(60), 2, MIN(7), false),
        DO(MIN(60), ADJUST(-MIN(8))),
        SEE(MIN(60), 3, MIN(20), false),
        NO(MIN(60), APPLY_INVALID, "non-zero", ADJUST(0)),
        NO(MIN(60), APPLY_INVALID, "at most 24 hours",
           ADJUST((int64_t)TOURNEY_MAX_DURATION_MS + 1)),
        NO(MIN(60), APPLY_INVALID, "at most 24 hours",
           ADJUST(-(int64_t)TOURNEY_MAX_DURATION_MS - 1)),
        NO(MIN(60), APPLY_CONFLICT, "at most 24 hours left", ADJUST(TOURNEY_MAX_DURATION_MS)),
        DO(MIN(60), ADJUST(TOURNEY_MAX_DURATION_MS - MIN(20))),
        SEE(MIN(60), 3, TOURNEY_MAX_DURATION_MS, false),
        DO(MIN(61), RESUME),
        SEE(MIN(61) + TOURNEY_MAX_DURATION_MS - 1, 3, 1, true),
        SEE(MIN(61) + TOURNEY_MAX_DURATION_MS, 4, MIN(15), true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

static void set_remaining(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        NO(MIN(1), APPLY_INVALID, "more than 0", SETREM(0)),
        NO(MIN(1), APPLY_INVALID, "more than 0", SETREM(-5)),
        NO(MIN(1), APPLY_INVALID, "at most 24 hours", SETREM((int64_t)TOURNEY_MAX_DURATION_MS + 1)),
        DO(MIN(1), SETREM(SEC(90))),
        SEE(MIN(1), 0, SEC(90), true),
        SEE(MIN(1) + SEC(90) - 1, 0, 1, true),
        SEE(MIN(1) + SEC(90), 1, MIN(20), true),
        /* More than the level's duration is allowed: the level runs longer. */
        DO(MIN(3), SETREM(MIN(30))),
        SEE(MIN(3), 1, MIN(30), true),
        SEE(MIN(33), 2, MIN(10), true),
        DO(MIN(34), PAUSE),
        DO(MIN(35), SETREM(SEC(5))),
        SEE(MIN(50), 2, SEC(5), false),
        /* In overtime it ends the overtime. */
        DO(MIN(50), GOTO(4)),
        DO(MIN(50), RESUME),
        OVER(MIN(70), 4, MIN(5), true),
        DO(MIN(70), SETREM(MIN(3))),
        SEE(MIN(70), 4, MIN(3), true),
        OVER(MIN(74), 4, MIN(1), true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

static void next_prev_goto(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        DO(MIN(5), NEXT),
        SEE(MIN(5), 1, MIN(20), true),
        DO(MIN(6), NEXT),
        SEE(MIN(6), 2, MIN(10), true),
        /* Back a level: the level goes on from the time it was left at
         * (level 1 was left after 1 minute, level 0 after 5). */
        DO(MIN(7), PREV),
        SEE(MIN(7), 1, MIN(19), true),
        DO(MIN(8), PREV),
        SEE(MIN(8), 0, MIN(15), true),
        NO(MIN(9), APPLY_CONFLICT, "this is the first level", PREV),
        NO(MIN(9), APPLY_INVALID, "no level with index 5", GOTO(5)),
        NO(MIN(9), APPLY_INVALID, "no level with index -1", GOTO(-1)),
        DO(MIN(9), GOTO(4)),
        SEE(MIN(9), 4, MIN(15), true),
        NO(MIN(10), APPLY_CONFLICT, "this is the last level", NEXT),
        /* The break was left after 1 of its 10 minutes: 9 left, then
         * level 3 starts whole. */
        DO(MIN(10), GOTO(2)),
        SEE(MIN(10), 2, MIN(9), true),
        SEE(MIN(20), 3, MIN(19), true),
        /* Paused, a level change stays paused (level 4 was left after
         * 1 minute at 10). */
        DO(MIN(21), PAUSE),
        DO(MIN(22), NEXT),
        SEE(MIN(40), 4, MIN(14), false),
        DO(MIN(41), PREV),
        SEE(MIN(41), 3, MIN(18), false),
        /* Previous level from overtime: the level left in overtime keeps
         * nothing, the one before goes on from where it was left. */
        DO(MIN(42), GOTO(4)),
        DO(MIN(42), RESUME),
        OVER(MIN(60), 4, MIN(4), true),
        DO(MIN(60), PREV),
        SEE(MIN(60), 3, MIN(18), true),
        DO(MIN(61), NEXT),
        SEE(MIN(61), 4, MIN(15), true),
        /* A level left early, then reached by the clock itself, starts
         * whole: level 4 left at 14 min, level 3 runs out into it. */
        DO(MIN(62), PREV),
        SEE(MIN(62), 3, MIN(17), true),
        SEE(MIN(79), 4, MIN(15), true),
        DO(MIN(80), PREV),
        SEE(MIN(80), 3, MIN(20), true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

/* Adding a level before or after the current one while it runs keeps the
 * level being played and its remaining time. */
static void add_levels_while_running(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        SEE(MIN(27), 1, MIN(13), true),
        DO(MIN(27), ADD_PLAY(0, 30, 60, 10)), /* before the current level */
        SEE(MIN(27), 2, MIN(13), true),
        SEE(MIN(40) - 1, 2, 1, true),
        DO(MIN(28), ADD_BREAK(2, 5)), /* right after the current level */
        SEE(MIN(28), 2, MIN(12), true),
        SEE(MIN(40), 3, MIN(5), true),         /* the new break */
        SEE(MIN(45), 4, MIN(10), true),        /* the old break */
        DO(MIN(46), ADD_PLAY(-1, 10, 20, 30)), /* before the first */
        SEE(MIN(46), 5, MIN(9), true),
        NO(MIN(46), APPLY_INVALID, "after must be -1", ADD_PLAY(-2, 10, 20, 30)),
        NO(MIN(46), APPLY_INVALID, "after must be -1", ADD_PLAY(8, 10, 20, 30)),
        NO(MIN(46), APPLY_INVALID, "big_blind must be larger than small_blind",
           ADD_PLAY(7, 100, 50, 20)),
        NO(MIN(46), APPLY_INVALID, "duration of more than 0", ADD_PLAY(7, 100, 200, 0)),
        NO(MIN(46), APPLY_INVALID, "at most 24 hours", ADD_PLAY(7, 100, 200, 24 * 60 + 1)),
        NO(MIN(46), APPLY_INVALID, "needs small_blind, big_blind and minutes",
           .type = CMD_ADD_LEVEL, .index = 0, .has = LF_SMALL | LF_DURATION,
           .level = {.small_blind = 5, .duration_ms = MIN(5)}),
        NO(MIN(46), APPLY_INVALID, "needs minutes", .type = CMD_ADD_LEVEL, .index = 0,
           .has = LF_BREAK, .level = {.kind = LEVEL_BREAK}),
        NO(MIN(46), APPLY_INVALID, "cannot be negative", .type = CMD_ADD_LEVEL, .index = 0,
           .has = LF_SMALL | LF_BIG | LF_ANTE | LF_DURATION,
           .level = {.small_blind = 5, .big_blind = 10, .ante = -1, .duration_ms = MIN(5)}),
        NO(MIN(46), APPLY_INVALID, "big-blind ante needs an ante", .type = CMD_ADD_LEVEL,
           .index = 0, .has = LF_SMALL | LF_BIG | LF_BBA | LF_DURATION,
           .level =
               {.small_blind = 5, .big_blind = 10, .big_blind_ante = true, .duration_ms = MIN(5)}),
        NO(MIN(46), APPLY_INVALID, "a play level or a break", .type = CMD_ADD_LEVEL, .index = 0,
           .has = LF_BREAK | LF_SMALL | LF_BIG | LF_DURATION,
           .level =
               {.kind = (level_kind)7, .small_blind = 5, .big_blind = 10, .duration_ms = MIN(5)}),
        /* Paused: the same. */
        DO(MIN(47), PAUSE),
        DO(MIN(48), ADD_BREAK(1, 5)),
        SEE(MIN(90), 6, MIN(8), false),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    /* The structure as a director would read it now. */
    const structure_t *t = &m->t.s;
    assert_int_equal(t->n_levels, 9);
    assert_int_equal(t->levels[0].big_blind, 20);
    assert_int_equal(t->levels[0].duration_ms, MIN(30));
    assert_int_equal(t->levels[1].big_blind, 50);
    assert_int_equal(t->levels[2].kind, LEVEL_BREAK);
    assert_int_equal(t->levels[3].big_blind, 60);
    assert_int_equal(t->levels[4].big_blind, 100);
    assert_int_equal(t->levels[5].kind, LEVEL_BREAK);
    assert_int_equal(t->levels[5].duration_ms, MIN(5));
    assert_int_equal(t->levels[6].kind, LEVEL_BREAK);
    assert_int_equal(t->levels[6].duration_ms, MIN(10));
    free(m);
}

/* The structure ran out and the director adds a level: it starts now, whole;
 * the overtime was played at the last level's blinds. */
static void add_level_in_overtime(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        DO(0, GOTO(4)),
        OVER(MIN(20), 4, MIN(5), true),
        DO(MIN(20), ADD_PLAY(4, 300, 600, 15)),
        SEE(MIN(20), 5, MIN(15), true),
        SEE(MIN(35) - 1, 5, 1, true),
        OVER(MIN(36), 5, MIN(1), true),
        /* Paused in overtime, a break added before it changes nothing. */
        DO(MIN(36), PAUSE),
        DO(MIN(37), ADD_BREAK(3, 10)),
        OVER(MIN(40), 6, MIN(1), false),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    tourney_view_t v;
    tourney_view(&m->t, MIN(40), &v);
    assert_int_equal(v.tournament_elapsed_ms, MIN(36));
    free(m);
}

static void add_level_before_the_start(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, ADD_PLAY(-1, 10, 20, 5)),
        SEE(MIN(1), 0, MIN(5), false),
        DO(MIN(1), START),
        SEE(MIN(6), 1, MIN(20), true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    assert_int_equal(m->t.s.levels[0].big_blind, 20);
    free(m);
    /* The director chose to begin at a later level: a level added before it
     * does not change where the tournament begins. */
    const step_t later[] = {
        DO(0, GOTO(3)),
        DO(0, ADD_PLAY(-1, 10, 20, 5)),
        DO(0, ADD_BREAK(3, 5)), /* right before the chosen level */
        SEE(MIN(1), 5, MIN(20), false),
        DO(MIN(1), START),
        SEE(MIN(21), 6, MIN(15), true),
    };
    m = model_new(&s);
    RUN(m, later);
    assert_int_equal(m->t.s.levels[5].big_blind, 200);
    free(m);
}

/* Before the start, the level the tournament would begin with can be
 * deleted: the next one takes its place, whole. */
static void delete_first_level_before_the_start(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, SETREM(MIN(3))),
        DO(0, DELETE(0)),
        SEE(MIN(1), 0, MIN(20), false),
        DO(MIN(1), GOTO(3)),
        DO(MIN(1), DELETE(3)), /* the last level, chosen to begin with */
        SEE(MIN(1), 2, MIN(20), false),
        DO(MIN(2), START),
        SEE(MIN(22) - 1, 2, 1, true),
        OVER(MIN(22), 2, 0, true),
        NO(MIN(23), APPLY_CONFLICT, "this level is being played", DELETE(2)),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    assert_int_equal(m->t.s.n_levels, 3);
    assert_int_equal(m->t.s.levels[0].big_blind, 100);
    free(m);
}

static void at_most_levels(void **state)
{
    (void)state;
    structure_t s = standard();
    model_t *m = model_new(&s);
    for (int i = s.n_levels; i < TOURNEY_MAX_LEVELS; i++) {
        command_t c = {ADD_PLAY(i - 1, 1000, 2000, 20)};
        assert_int_equal(model_apply(m, &c, 0, &no), APPLY_OK);
    }
    const step_t steps[] = {
        NO(0, APPLY_CONFLICT, "already has the most levels (128)", ADD_PLAY(3, 1, 2, 3)),
    };
    RUN(m, steps);
    free(m);
}

/* Editing the level being played keeps the time already played. */
static void edit_current_duration(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        DO(MIN(5), EDIT_MS(0, MIN(30))),
        SEE(MIN(5), 0, MIN(25), true),
        DO(MIN(6), EDIT_MS(0, MIN(10))),
        SEE(MIN(6), 0, MIN(4), true),
        SEE(MIN(10), 1, MIN(20), true),
        DO(MIN(11), EDIT_MS(1, MIN(15))),
        SEE(MIN(11), 1, MIN(14), true),
        /* Shorter than what was played: the next level starts now, whole. */
        DO(MIN(12), EDIT_MS(1, MIN(1))),
        SEE(MIN(12), 2, MIN(10), true),
        SEE(MIN(22), 3, MIN(20), true),
        /* Exactly what was played: the same. */
        DO(MIN(27), EDIT_MS(3, MIN(5))),
        SEE(MIN(27), 4, MIN(15), true),
        /* Earlier and later levels: the current one does not move. */
        DO(MIN(28), EDIT_MS(0, MIN(45))),
        DO(MIN(28), EDIT_MS(2, MIN(1))),
        SEE(MIN(28), 4, MIN(14), true),
        /* The last level shortened below what was played: overtime from now. */
        DO(MIN(30), EDIT_MS(4, MIN(2))),
        OVER(MIN(30), 4, 0, true),
        OVER(MIN(31), 4, MIN(1), true),
        /* In overtime, editing its blinds or shortening it more keeps the
         * overtime counted so far. */
        DO(MIN(31), .type = CMD_EDIT_LEVEL, .index = 4, .has = LF_ANTE, .level = {.ante = 50}),
        OVER(MIN(31), 4, MIN(1), true),
        DO(MIN(31), EDIT_MS(4, MIN(1))),
        OVER(MIN(31), 4, MIN(2), true),
        DO(MIN(31), EDIT_MS(4, MIN(2))),
        NO(MIN(31), APPLY_INVALID, "no level with index 5", EDIT_MS(5, MIN(2))),
        NO(MIN(31), APPLY_INVALID, "duration of more than 0", EDIT_MS(4, 0)),
        NO(MIN(31), APPLY_INVALID, "big_blind must be larger than small_blind",
           .type = CMD_EDIT_LEVEL, .index = 3, .has = LF_BIG, .level = {.big_blind = 100}),
        NO(MIN(31), APPLY_INVALID, "nothing to change", .type = CMD_EDIT_LEVEL, .index = 3),
        /* Paused: elapsed time kept too. */
        DO(MIN(31), PREV),
        DO(MIN(33), PAUSE),
        DO(MIN(40), EDIT_MS(3, MIN(10))),
        SEE(MIN(50), 3, MIN(8), false),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

static void edit_blinds_keeps_the_clock(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        DO(MIN(3), .type = CMD_EDIT_LEVEL, .index = 0, .has = LF_SMALL | LF_BIG | LF_ANTE,
           .level = {.small_blind = 30, .big_blind = 60, .ante = 10}),
        SEE(MIN(4), 0, MIN(16), true),
        /* A play level turned into a break keeps its time too. */
        DO(MIN(4), .type = CMD_EDIT_LEVEL, .index = 0, .has = LF_BREAK,
           .level = {.kind = LEVEL_BREAK}),
        SEE(MIN(5), 0, MIN(15), true),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    assert_int_equal(m->t.s.levels[0].kind, LEVEL_BREAK);
    assert_int_equal(m->t.s.levels[0].big_blind, 0); /* a break has no blinds */
    free(m);
}

/* The structure always keeps a level that is not a break. */
static void last_play_level_stays(void **state)
{
    (void)state;
    structure_t s = {.starting_stack = 1000};
    s.levels[s.n_levels++] = play(25, 50, 20);
    s.levels[s.n_levels++] = pause_level(10);
    const step_t steps[] = {
        DO(0, START),
        DO(MIN(1), NEXT),
        NO(MIN(2), APPLY_CONFLICT, "the last level that is not a break", DELETE(0)),
        NO(MIN(2), APPLY_CONFLICT, "not a break", .type = CMD_EDIT_LEVEL, .index = 0,
           .has = LF_BREAK, .level = {.kind = LEVEL_BREAK}),
        NO(MIN(2), APPLY_CONFLICT, "being played", DELETE(1)),
        DO(MIN(2), PREV),
        DO(MIN(2), DELETE(1)),
        NO(MIN(3), APPLY_CONFLICT, "the only level cannot be deleted", DELETE(0)),
    };
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

static void delete_levels(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        SEE(MIN(55), 3, MIN(15), true),
        DO(MIN(55), DELETE(2)), /* the break before the current level */
        SEE(MIN(55), 2, MIN(15), true),
        DO(MIN(56), DELETE(0)),
        SEE(MIN(56), 1, MIN(14), true),
        NO(MIN(57), APPLY_CONFLICT, "this level is being played", DELETE(1)),
        NO(MIN(57), APPLY_INVALID, "no level with index 9", DELETE(9)),
        NO(MIN(57), APPLY_INVALID, "no level with index -1", DELETE(-1)),
        DO(MIN(57), DELETE(2)), /* after the current level: it becomes the last */
        SEE(MIN(57), 1, MIN(13), true),
        OVER(MIN(70), 1, 0, true),
        OVER(MIN(71), 1, MIN(1), true),
        /* Paused on a level that then ends by a deletion before it. */
        DO(MIN(72), PAUSE),
        DO(MIN(73), DELETE(0)),
        OVER(MIN(80), 0, MIN(2), false),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    assert_int_equal(m->t.s.n_levels, 1);
    assert_int_equal(m->t.s.levels[0].big_blind, 200);
    free(m);
}

/* Taking off more than is left of the last level, paused: the wall says
 * overtime at once instead of standing at 0:00. */
static void overtime_is_said(void **state)
{
    (void)state;
    const step_t steps[] = {
        DO(0, START),
        DO(MIN(1), GOTO(4)),
        DO(MIN(2), PAUSE),
        DO(MIN(3), ADJUST(-MIN(20))),
        OVER(MIN(3), 4, 0, false),
        OVER(MIN(60), 4, 0, false),
        DO(MIN(60), RESUME),
        OVER(MIN(61), 4, MIN(1), true),
        /* Paused exactly at the end. */
        DO(MIN(62), SETREM(MIN(1))),
        DO(MIN(63), PAUSE),
        OVER(MIN(63), 4, 0, false),
        OVER(MIN(99), 4, 0, false),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

/* ---- time to the break, tournament time ---- */

static void time_to_next_break(void **state)
{
    (void)state;
    structure_t s = standard();
    s.levels[s.n_levels++] = pause_level(5);     /* 5: a second break */
    s.levels[s.n_levels++] = play(300, 600, 15); /* 6 */
    model_t *m = model_new(&s);
    tourney_view_t v;
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.next_break, 2);
    assert_int_equal(v.to_break_ms, MIN(40));
    assert_int_equal(model_apply(m, &(command_t){START}, 0, &no), APPLY_OK);
    tourney_view(&m->t, MIN(1) + 250, &v);
    assert_int_equal(v.to_break_ms, MIN(39) - 250);
    tourney_view(&m->t, MIN(40) - 1, &v);
    assert_int_equal(v.to_break_ms, 1);
    /* During a break: the time to the next one. */
    tourney_view(&m->t, MIN(40), &v);
    assert_int_equal(v.level, 2);
    assert_int_equal(v.next_break, 5);
    assert_int_equal(v.to_break_ms, MIN(10 + 20 + 15));
    /* Paused and adjusted: it follows the level. */
    assert_int_equal(model_apply(m, &(command_t){PAUSE}, MIN(60), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){ADJUST(MIN(3))}, MIN(61), &no), APPLY_OK);
    tourney_view(&m->t, MIN(99), &v);
    assert_int_equal(v.level, 3);
    assert_int_equal(v.to_break_ms, MIN(10 + 3 + 15));
    /* After the last break there is none. */
    assert_int_equal(model_apply(m, &(command_t){GOTO(5)}, MIN(99), &no), APPLY_OK);
    tourney_view(&m->t, MIN(99), &v);
    assert_int_equal(v.next_break, -1);
    assert_int_equal(v.to_break_ms, -1);
    free(m);
}

/* Tournament time is the time the clock ran: pauses do not count, time added
 * to or taken off a level, or levels skipped, do not make it jump. */
static void tournament_elapsed_is_time_played(void **state)
{
    (void)state;
    structure_t s = standard();
    model_t *m = model_new(&s);
    tourney_view_t v;
    tourney_view(&m->t, MIN(5), &v);
    assert_int_equal(v.tournament_elapsed_ms, 0);
    const struct {
        int64_t at;
        command_t c;
    } script[] = {
        {SEC(1), {START}},    {MIN(10), {PAUSE}},
        {MIN(15), {RESUME}},  {MIN(16), {ADJUST(MIN(5))}},
        {MIN(17), {NEXT}},    {MIN(18), {ADJUST(-MIN(30))}},
        {MIN(19), {GOTO(0)}}, {MIN(20), {SETREM(SEC(1))}},
        {MIN(21), {PAUSE}},   {MIN(25), {ADD_PLAY(-1, 1, 2, 3)}},
        {MIN(26), {RESUME}},  {MIN(27), {DELETE(0)}},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
        if (model_apply(m, &script[i].c, script[i].at, &no) != APPLY_OK)
            fail_msg("command %zu: %s", i, no.text);
    /* Ran 0:01-10:00, 15:00-21:00 and 26:00 on. */
    tourney_view(&m->t, MIN(30), &v);
    assert_int_equal(v.tournament_elapsed_ms, MIN(10) - SEC(1) + MIN(6) + MIN(4));
    free(m);
}

/* A command stamped a little earlier than the one before it (two requests
 * racing for the writer) does not make the clock gain time. */
static void earlier_stamp_gains_no_time(void **state)
{
    (void)state;
    structure_t s = standard();
    model_t *m = model_new(&s);
    assert_int_equal(model_apply(m, &(command_t){START}, SEC(10), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){ADJUST(SEC(30))}, SEC(20), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){ADJUST(-SEC(30))}, SEC(20) - 3, &no), APPLY_OK);
    tourney_view_t v;
    tourney_view(&m->t, SEC(70), &v);
    assert_int_equal(v.remaining_ms, MIN(20) - MIN(1));
    assert_int_equal(v.tournament_elapsed_ms, MIN(1));
    /* Paused, a level edited and resumed by requests stamped before the pause. */
    assert_int_equal(model_apply(m, &(command_t){PAUSE}, SEC(80), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){EDIT_MS(3, MIN(25))}, SEC(80) - 5, &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){RESUME}, SEC(80) - 4, &no), APPLY_OK);
    tourney_view(&m->t, SEC(90), &v);
    assert_int_equal(v.remaining_ms, MIN(20) - SEC(80));
    assert_int_equal(v.tournament_elapsed_ms, SEC(80));
    free(m);
}

/* ---- undo ---- */

static void undo_each_command(void **state)
{
    (void)state;
    structure_t s = standard();
    s.rebuy_until_level = 9;
    s.rebuy_price = 20;
    s.rebuy_chips = 10000;
    s.late_reg_until_level = 9;
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 3, .bp = {5000, 3000, 2000}};
    const command_t commands[] = {
        {PAUSE},
        {ADJUST(MIN(2))},
        {ADJUST(-MIN(30))},
        {SETREM(SEC(10))},
        {NEXT},
        {PREV},
        {GOTO(3)},
        {ADD_PLAY(0, 30, 60, 5)},
        {ADD_BREAK(1, 5)},
        {EDIT_MS(1, MIN(2))},
        {DELETE(0)},
        {DELETE(4)},
        {.type = CMD_ANNOUNCE, .text = "Dinner is served", .seconds = 60},
        {.type = CMD_REGISTER, .count = 3},
        {.type = CMD_UNREGISTER},
        {.type = CMD_BUST},
        {.type = CMD_REBUY, .count = 2},
        {.type = CMD_HFH_START, .tables = 4},
        {.type = CMD_BUBBLE_START},
        {.type = CMD_CLOCK_CALL, .table = 3, .seat = 5},
        {.type = CMD_PENALTY, .table = 2, .seat = 7, .minutes = 10},
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        model_t *m = model_new(&s);
        const command_t setup[] = {{.type = CMD_REGISTER, .count = 10}, {START}, {NEXT}};
        for (size_t k = 0; k < 3; k++)
            assert_int_equal(model_apply(m, &setup[k], MIN(1), &no), APPLY_OK);
        tourney_t before;
        memcpy(&before, &m->t, sizeof before);
        tourney_view_t vb, va;
        tourney_view(&m->t, MIN(9), &vb);
        if (model_apply(m, &commands[i], MIN(5), &no) != APPLY_OK)
            fail_msg("%s: %s", command_name(commands[i].type), no.text);
        if (memcmp(&before, &m->t, sizeof before) == 0)
            fail_msg("%s changed nothing", command_name(commands[i].type));
        assert_int_equal(model_apply(m, &(command_t){UNDO}, MIN(6), &no), APPLY_OK);
        if (memcmp(&before, &m->t, sizeof before) != 0)
            fail_msg("undo of %s did not restore the state", command_name(commands[i].type));
        tourney_view(&m->t, MIN(9), &va);
        assert_int_equal(va.level, vb.level);
        assert_int_equal(va.remaining_ms, vb.remaining_ms);
        assert_int_equal(va.players_left, vb.players_left);
        free(m);
    }
}

static void undo_depth(void **state)
{
    (void)state;
    structure_t s = standard();
    model_t *m = model_new(&s);
    for (int i = 0; i < TOURNEY_UNDO_DEPTH + 4; i++)
        assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER}, i, &no), APPLY_OK);
    for (int i = 0; i < TOURNEY_UNDO_DEPTH; i++)
        assert_int_equal(model_apply(m, &(command_t){UNDO}, 100, &no), APPLY_OK);
    assert_int_equal(m->t.entries, 4);
    const step_t steps[] = {NO(100, APPLY_CONFLICT, "there is nothing to undo", UNDO)};
    RUN(m, steps);
    /* A refused command leaves nothing to undo either. */
    assert_int_equal(model_apply(m, &(command_t){PAUSE}, 100, &no), APPLY_CONFLICT);
    RUN(m, steps);
    free(m);
}

static void undo_on_the_clock(void **state)
{
    (void)state;
    const step_t steps[] = {
        NO(0, APPLY_CONFLICT, "nothing to undo", UNDO),
        DO(0, START),
        DO(MIN(5), PAUSE),
        DO(MIN(8), UNDO), /* the pause was a mistake: as if it never was */
        SEE(MIN(8), 0, MIN(12), true),
        DO(MIN(9), NEXT),
        DO(MIN(10), UNDO),
        SEE(MIN(10), 0, MIN(10), true),
        DO(MIN(11), ADJUST(-MIN(5))),
        SEE(MIN(11), 0, MIN(4), true),
        DO(MIN(12), UNDO),
        SEE(MIN(12), 0, MIN(8), true),
        DO(MIN(13), UNDO), /* the start */
        SEE(MIN(13), 0, MIN(20), false),
        NO(MIN(13), APPLY_CONFLICT, "nothing to undo", UNDO),
    };
    structure_t s = standard();
    model_t *m = model_new(&s);
    RUN(m, steps);
    free(m);
}

/* ---- refused commands ---- */

static void invalid_commands_say_why(void **state)
{
    (void)state;
    structure_t s = standard();
    const step_t steps[] = {
        NO(0, APPLY_INVALID, "unknown command", .type = CMD_NONE),
        NO(0, APPLY_INVALID, "unknown command", .type = CMD__COUNT),
        NO(0, APPLY_INVALID, "unknown command", .type = (command_type)-1),
        NO(0, APPLY_INVALID, "an announcement needs some text", .type = CMD_ANNOUNCE,
           .text = " \t"),
        NO(0, APPLY_INVALID, "seconds must be 0", .type = CMD_ANNOUNCE, .text = "x", .seconds = -1),
        NO(0, APPLY_INVALID, "seconds must be 0", .type = CMD_ANNOUNCE, .text = "x",
           .seconds = 86401),
        NO(0, APPLY_CONFLICT, "no announcement on the screen", .type = CMD_ANNOUNCE_CLEAR),
        NO(0, APPLY_INVALID, "count must be 1 to 10000", .type = CMD_REGISTER, .count = -1),
        NO(0, APPLY_INVALID, "count must be 1 to 10000", .type = CMD_REGISTER, .count = 10001),
        NO(0, APPLY_CONFLICT, "only 0 players are registered", .type = CMD_UNREGISTER),
        NO(0, APPLY_CONFLICT, "no rebuys", .type = CMD_REBUY),
        NO(0, APPLY_CONFLICT, "no add-on", .type = CMD_ADDON),
        NO(0, APPLY_INVALID, "at most 16 players can be out in one hand", .type = CMD_BUST,
           .n_busts = TOURNEY_MAX_BUSTS + 1),
        NO(0, APPLY_INVALID, "at most 16 players", .type = CMD_BUST, .n_busts = -1),
        NO(0, APPLY_INVALID, "unknown command", .type = CMD_POWER_RECOVERED + 1000),
        DO(0, .type = CMD_ANNOUNCE, .text = "Seat open at table 3", .seconds = 10),
        DO(SEC(5), .type = CMD_ANNOUNCE_CLEAR),
        DO(SEC(6), .type = CMD_ANNOUNCE, .text = "Last hand", .seconds = 10),
        NO(SEC(16), APPLY_CONFLICT, "no announcement on the screen", .type = CMD_ANNOUNCE_CLEAR),
    };
    model_t *m = model_new(&s);
    RUN(m, steps);
    /* An announcement of text that fills the field to the end, unterminated. */
    command_t c = {.type = CMD_ANNOUNCE};
    memset(c.text, 'x', sizeof c.text);
    model_t *copy = malloc(sizeof *copy);
    memcpy(copy, m, sizeof *m);
    assert_int_equal(model_apply(m, &c, SEC(20), &no), APPLY_INVALID);
    assert_non_null(strstr(no.text, "too long"));
    assert_memory_equal(copy, m, sizeof *m);
    free(copy);
    free(m);
}

/* ---- players and money ---- */

static void players_and_prize_pool(void **state)
{
    (void)state;
    structure_t s = standard();
    s.guarantee = 1000;
    s.rebuy_price = 20, s.rebuy_chips = 10000, s.rebuy_until_level = 3;
    s.addon_price = 25, s.addon_chips = 15000, s.addon_after_level = 2;
    s.late_reg_until_level = 3;
    s.n_payouts = 3;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 1, .bp = {10000}};
    s.payouts[1] = (payout_table_t){.min_entries = 5, .places = 3, .bp = {5000, 3000, 2000}};
    s.payouts[2] = (payout_table_t){.min_entries = 20,
                                    .places = 5,
                                    .bp = {4000, 2500, 1500, 1000, 1000}};
    model_t *m = model_new(&s);
    tourney_view_t v;
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.players_left, 0);
    assert_int_equal(v.average_stack, 0);
    assert_int_equal(v.prize_pool, 0);
    assert_int_equal(v.paid_places, 0);

    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 3}, 0, &no),
                     APPLY_OK);
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.players_left, 3);
    assert_int_equal(v.chips_in_play, 60000);
    assert_int_equal(v.average_stack, 20000);
    assert_int_equal(v.prize_pool, 1000); /* 150 in, the guarantee holds */
    assert_int_equal(v.paid_places, 1);
    assert_int_equal(v.payouts[0], 1000);

    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 27}, 0, &no),
                     APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){START}, 0, &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REBUY, .count = 4}, MIN(1), &no),
                     APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_BUST, .count = 7}, MIN(2), &no),
                     APPLY_OK);
    tourney_view(&m->t, MIN(2), &v);
    assert_int_equal(v.players_left, 23);
    assert_int_equal(v.chips_in_play, 30 * 20000 + 4 * 10000);
    assert_int_equal(v.average_stack, (30 * 20000 + 4 * 10000) / 23);
    assert_int_equal(v.prize_pool, 30 * 50 + 4 * 20); /* 1580: above the guarantee */
    assert_int_equal(v.paid_places, 5);
    assert_int_equal(v.payouts[0], 632);
    assert_int_equal(v.payouts[1], 395);
    assert_int_equal(v.payouts[2], 237);
    assert_int_equal(v.payouts[3], 158);
    assert_int_equal(v.payouts[4], 158);

    /* The add-on at the break after level 2, with its chips and money. */
    assert_int_equal(model_apply(m, &(command_t){GOTO(2)}, MIN(3), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_ADDON, .count = 20}, MIN(4), &no),
                     APPLY_OK);
    tourney_view(&m->t, MIN(4), &v);
    assert_int_equal(v.chips_in_play, 30 * 20000 + 4 * 10000 + 20 * 15000);
    assert_int_equal(v.prize_pool, 1580 + 20 * 25);
    int64_t sum = 0;
    for (int k = 0; k < v.paid_places; k++)
        sum += v.payouts[k];
    assert_int_equal(sum, v.prize_pool);
    /* No more add-ons than entries and rebuys. */
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_ADDON, .count = 15}, MIN(4), &no),
                     APPLY_CONFLICT);
    assert_non_null(strstr(no.text, "more add-ons than entries"));
    /* Counts stay within what can be counted: a million rebuys at most. */
    m->t.rebuys = 1000000 - 3;
    const step_t steps[] = {
        NO(MIN(5), APPLY_CONFLICT, "too many rebuys", .type = CMD_REBUY, .count = 4),
        DO(MIN(5), .type = CMD_REBUY, .count = 3),
        NO(MIN(5), APPLY_CONFLICT, "too many rebuys", .type = CMD_REBUY),
    };
    RUN(m, steps);
    free(m);
}

/* Fewer entries than the table pays: the places there are share it pro rata. */
static void payouts_pro_rata(void **state)
{
    (void)state;
    structure_t s = standard();
    s.buy_in = 100;
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 3, .bp = {5000, 3000, 2000}};
    model_t *m = model_new(&s);
    tourney_view_t v;
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER}, 0, &no), APPLY_OK);
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.paid_places, 0); /* one entry: no table applies */
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER}, 0, &no), APPLY_OK);
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.prize_pool, 200);
    assert_int_equal(v.paid_places, 2);
    assert_int_equal(v.payouts[0], 125); /* 50 / 80 of 200 */
    assert_int_equal(v.payouts[1], 75);  /* 30 / 80 */
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER}, 0, &no), APPLY_OK);
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.paid_places, 3);
    assert_int_equal(v.payouts[0], 150);
    assert_int_equal(v.payouts[1], 90);
    assert_int_equal(v.payouts[2], 60);
    /* Odd amounts: what rounding leaves goes to the winner, nothing is lost. */
    s.buy_in = 33;
    free(m);
    m = model_new(&s);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 7}, 0, &no),
                     APPLY_OK);
    tourney_view(&m->t, 0, &v);
    assert_int_equal(v.prize_pool, 231);
    assert_int_equal(v.payouts[0] + v.payouts[1] + v.payouts[2], 231);
    assert_int_equal(v.payouts[1], 69);
    assert_int_equal(v.payouts[2], 46);
    free(m);
}

/* Late registration and rebuys are open up to and including level 2 and the
 * break after it; the add-on only at that break. */
static void periods_open_and_close(void **state)
{
    (void)state;
    structure_t s = standard();
    s.late_reg_until_level = 2;
    s.rebuy_until_level = 2, s.rebuy_price = 10, s.rebuy_chips = 1000;
    s.addon_after_level = 2, s.addon_price = 10, s.addon_chips = 1000;
    model_t *m = model_new(&s);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 10}, 0, &no),
                     APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){START}, 0, &no), APPLY_OK);
    /* And the countdowns to closing the wall shows (-1: closed). */
    const struct {
        int64_t at;
        int level;
        bool reg, rebuy, addon;
        int64_t reg_ms, addon_ms;
    } expect[] = {
        {MIN(1), 0, true, true, false, MIN(49), -1},
        {MIN(20) - 1, 0, true, true, false, MIN(30) + 1, -1},
        {MIN(20), 1, true, true, false, MIN(30), -1},
        {MIN(40) - 1, 1, true, true, false, MIN(10) + 1, -1},
        {MIN(40), 2, true, true, true, MIN(10), MIN(10)},
        {MIN(50) - 1, 2, true, true, true, 1, 1},
        {MIN(50), 3, false, false, false, -1, -1},
        {MIN(90), 4, false, false, false, -1, -1},
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        tourney_view_t v;
        tourney_view(&m->t, expect[i].at, &v);
        assert_int_equal(v.level, expect[i].level);
        if (v.late_reg_open != expect[i].reg || v.rebuys_open != expect[i].rebuy ||
            v.addon_open != expect[i].addon)
            fail_msg("at %lld ms: registration %d rebuys %d add-on %d", (long long)expect[i].at,
                     v.late_reg_open, v.rebuys_open, v.addon_open);
        if (v.late_reg_closes_ms != expect[i].reg_ms || v.rebuys_close_ms != expect[i].reg_ms ||
            v.addon_closes_ms != expect[i].addon_ms)
            fail_msg("at %lld ms: closing in %lld / %lld / %lld ms", (long long)expect[i].at,
                     (long long)v.late_reg_closes_ms, (long long)v.rebuys_close_ms,
                     (long long)v.addon_closes_ms);
        /* The commands agree with what the wall says. */
        model_t *copy = malloc(sizeof *copy);
        const command_type types[] = {CMD_REGISTER, CMD_REBUY, CMD_ADDON};
        const bool open[] = {expect[i].reg, expect[i].rebuy, expect[i].addon};
        const char *why[] = {"registration is closed", "rebuys closed after level 2",
                             "only at the break after level 2"};
        for (int k = 0; k < 3; k++) {
            memcpy(copy, m, sizeof *m);
            int st = model_apply(copy, &(command_t){.type = types[k]}, expect[i].at, &no);
            if (open[k])
                assert_int_equal(st, APPLY_OK);
            else {
                assert_int_equal(st, APPLY_CONFLICT);
                assert_non_null(strstr(no.text, why[k]));
            }
        }
        free(copy);
    }
    free(m);
}

/* Without a break after the add-on level, the add-on is during that level. */
static void addon_without_a_break(void **state)
{
    (void)state;
    structure_t s = standard();
    s.addon_after_level = 3, s.addon_price = 10, s.addon_chips = 1000;
    model_t *m = model_new(&s);
    assert_int_equal(model_apply(m, &(command_t){.type = CMD_REGISTER, .count = 2}, 0, &no),
                     APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){START}, 0, &no), APPLY_OK);
    tourney_view_t v;
    tourney_view(&m->t, MIN(60), &v);
    assert_int_equal(v.level, 3);
    assert_true(v.addon_open);
    assert_int_equal(v.addon_closes_ms, MIN(10));
    tourney_view(&m->t, MIN(70), &v);
    assert_false(v.addon_open);
    assert_int_equal(v.addon_closes_ms, -1);
    /* Paused, the countdown stands still. */
    assert_int_equal(model_apply(m, &(command_t){GOTO(3)}, MIN(70), &no), APPLY_OK);
    assert_int_equal(model_apply(m, &(command_t){PAUSE}, MIN(75), &no), APPLY_OK);
    tourney_view(&m->t, MIN(99), &v);
    assert_int_equal(v.addon_closes_ms, MIN(15));
    free(m);
}

/* ---- twelve hours ---- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* Twelve hours of model time: a full structure, pauses, resumes, adjusts and
 * set_remaining at irregular instants, and at every second the remaining time
 * must be what a countdown kept by hand says, to the millisecond. The check
 * keeps its own books the other way round from the model: the instant the
 * level ends while running, the time left while paused. */
/* format_chips against the vectors the pages' fmtChips is tested with too
 * (tests/vectors/chips.txt, read from the repository root). */
static void format_chips_matches_the_shared_vectors(void **state)
{
    (void)state;
    FILE *f = fopen("tests/vectors/chips.txt", "r");
    assert_non_null(f);
    char line[128], want[64], got[64];
    long long v;
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%lld %63s", &v, want) != 2)
            continue;
        format_chips(v, got, sizeof got);
        if (strcmp(got, want) != 0)
            fail_msg("format_chips(%lld) = \"%s\", not \"%s\"", v, got, want);
        n++;
    }
    fclose(f);
    assert_true(n >= 20);
}

static void twelve_hours_no_drift(void **state)
{
    (void)state;
    structure_t s = {.name = "Twelve hours", .starting_stack = 30000};
    int64_t sb = 25;
    for (int i = 0; i < 29; i++) {
        if (i % 5 == 4)
            s.levels[s.n_levels++] = pause_level(i == 19 ? 30 : 10);
        else {
            s.levels[s.n_levels++] = play(sb, sb * 2, 10 + i % 3 * 5);
            sb = sb * 3 / 2;
        }
    }
    model_t *m = model_new(&s);
    const int64_t t0 = 12345, end = t0 + 12 * 3600 * 1000LL;
    int lvl = 0;
    bool running = true;
    int64_t ends_at = t0 + s.levels[0].duration_ms; /* while running */
    int64_t left = 0;                               /* while paused */
    int64_t played = 0, run_since = t0;
    bool overtime_seen = false;
    assert_int_equal(model_apply(m, &(command_t){START}, t0, &no), APPLY_OK);
    int64_t next_cmd = t0 + 1 + rnd(600000);
    int commands = 0;
    for (int64_t now = t0; now <= end; now += 1000) {
        while (next_cmd <= now) {
            int64_t at = next_cmd;
            /* Where the books say the clock is at `at`. */
            while (running && lvl < s.n_levels - 1 && at >= ends_at) {
                lvl++;
                ends_at += s.levels[lvl].duration_ms;
            }
            int64_t rem = running ? ends_at - at : left;
            command_t c = {0};
            uint32_t what = rnd(10);
            if (what < 4)
                c.type = running ? CMD_PAUSE : CMD_RESUME;
            else if (what < 8) {
                c.type = CMD_ADJUST;
                c.delta_ms = (int64_t)rnd(360001) - 180000;
                if (c.delta_ms == 0)
                    c.delta_ms = 1;
            } else {
                c.type = CMD_SET_REMAINING;
                c.ms = 1 + rnd(600000);
            }
            /* In overtime there is no time left to take off. */
            bool refused = c.type == CMD_ADJUST && c.delta_ms < 0 && rem <= 0;
            assert_int_equal(model_apply(m, &c, at, &no), refused ? APPLY_CONFLICT : APPLY_OK);
            commands++;
            if (refused) {
            } else if (c.type == CMD_PAUSE) {
                played += at - run_since;
                running = false;
                left = rem;
            } else if (c.type == CMD_RESUME) {
                running = true;
                run_since = at;
                ends_at = at + left;
            } else {
                int64_t r = c.type == CMD_ADJUST ? (rem > 0 ? rem : 0) + c.delta_ms : c.ms;
                if (r < 0)
                    r = 0;
                if (r == 0 && lvl < s.n_levels - 1) { /* the level ends now */
                    lvl++;
                    r = s.levels[lvl].duration_ms;
                }
                if (running)
                    ends_at = at + r;
                else
                    left = r;
            }
            next_cmd = at + 1 + rnd(running ? 420000 : 180000);
        }
        while (running && lvl < s.n_levels - 1 && now >= ends_at) {
            lvl++;
            ends_at += s.levels[lvl].duration_ms;
        }
        int64_t rem = running ? ends_at - now : left;
        tourney_view_t v;
        tourney_view(&m->t, now, &v);
        int64_t want_played = played + (running ? now - run_since : 0);
        bool over = rem <= 0;
        overtime_seen |= over;
        if (v.level != lvl || v.remaining_ms != (over ? 0 : rem) || v.overtime != over ||
            (over && v.overtime_ms != -rem) || v.tournament_elapsed_ms != want_played)
            fail_msg("at %lld ms (after %d commands): level %d remaining %lld overtime %lld "
                     "played %lld; expected level %d remaining %lld played %lld",
                     (long long)now, commands, v.level, (long long)v.remaining_ms,
                     (long long)v.overtime_ms, (long long)v.tournament_elapsed_ms, lvl,
                     (long long)rem, (long long)want_played);
    }
    print_message("twelve hours: %d commands, last level %d, overtime %s\n", commands, lvl,
                  overtime_seen ? "reached" : "not reached");
    assert_true(commands > 200);
    assert_true(overtime_seen); /* the structure was played to its end */
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(level_boundaries_to_the_millisecond),
        cmocka_unit_test(pause_resume_adjust),
        cmocka_unit_test(set_remaining),
        cmocka_unit_test(next_prev_goto),
        cmocka_unit_test(add_levels_while_running),
        cmocka_unit_test(add_level_in_overtime),
        cmocka_unit_test(add_level_before_the_start),
        cmocka_unit_test(delete_first_level_before_the_start),
        cmocka_unit_test(at_most_levels),
        cmocka_unit_test(edit_current_duration),
        cmocka_unit_test(edit_blinds_keeps_the_clock),
        cmocka_unit_test(last_play_level_stays),
        cmocka_unit_test(delete_levels),
        cmocka_unit_test(overtime_is_said),
        cmocka_unit_test(time_to_next_break),
        cmocka_unit_test(tournament_elapsed_is_time_played),
        cmocka_unit_test(earlier_stamp_gains_no_time),
        cmocka_unit_test(undo_each_command),
        cmocka_unit_test(undo_depth),
        cmocka_unit_test(undo_on_the_clock),
        cmocka_unit_test(invalid_commands_say_why),
        cmocka_unit_test(players_and_prize_pool),
        cmocka_unit_test(payouts_pro_rata),
        cmocka_unit_test(periods_open_and_close),
        cmocka_unit_test(addon_without_a_break),
        cmocka_unit_test(twelve_hours_no_drift),
        cmocka_unit_test(format_chips_matches_the_shared_vectors),
    };
    return cmocka_run_group_tests_name("model", tests, NULL, NULL);
}
