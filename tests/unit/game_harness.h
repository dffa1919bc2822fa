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

static const int64_t T = 1000000;
static game_t *g;
static settings_t *settings;
static char err[512];

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

#endif
