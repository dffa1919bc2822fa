/* A game (the tourney with its roster) loaded from a configuration's text,
 * for the tests that drive game_apply. Include after scratch.h, with
 * GAME_TEST_NAME (the scratch directory's and the file's name) and
 * GAME_TEST_CONFIG (the configuration's text) defined. */
#ifndef POKERCLOCK_TEST_GAME_HARNESS_H
#define POKERCLOCK_TEST_GAME_HARNESS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/game.h"
#include "store/config.h"
#include "store/tables.h"
#include "json/codec.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static const int64_t T = 1000000;
static game_t *g;
static settings_t *settings;
static char err[512] __attribute__((unused));

static int setup(void **state)
{
    (void)state;
    g = malloc(sizeof *g);
    settings = calloc(1, sizeof *settings);
    config_problems_t *p = calloc(1, sizeof *p);
    assert_true(config_load_string(GAME_TEST_CONFIG, GAME_TEST_NAME ".cfg", settings, p));
    free(p);
    roster_t *tables = malloc(sizeof *tables);
    tables_roster(&settings->tables, tables);
    game_init(g, &settings->structure, tables);
    free(tables);
    scratch_make(GAME_TEST_NAME);
    unsetenv("POKERCLOCK_BOOT_ID");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(g);
    free(settings);
    return scratch_remove();
}

static command_t *cmd(command_type type)
{
    static command_t c;
    memset(&c, 0, sizeof c);
    c.type = type;
    return &c;
}

/* Applies c at now with its draws made from seed and, through its journal
 * form (as a replay applies it), to `also` when given. */
static inline apply_status drawn_apply(command_t *c, uint64_t seed, int64_t now, game_t *also)
{
    uint64_t rnd[2 * TOURNEY_MAX_REGISTER];
    for (int i = 0; i < 2 * TOURNEY_MAX_REGISTER; i++)
        rnd[i] = (seed + (uint64_t)i) * 0x9e3779b97f4a7c15u;
    if (game_draws_needed(g, c) > 0 && !game_draw(g, c, rnd, &no))
        return APPLY_CONFLICT;
    if (also) {
        command_t *back = malloc(sizeof *back);
        json_t *j = codec_command(c);
        assert_int_equal(codec_command_parse_internal(j, back, &no), 0);
        json_decref(j);
        assert_int_equal(game_apply(also, back, now, &no), APPLY_OK);
        free(back);
    }
    return game_apply(g, c, now, &no);
}

#endif
