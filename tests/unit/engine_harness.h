/* An engine on a scratch directory, as the engine's and the recovery's
 * tests open it. Include after scratch.h, with ENGINE_TEST_NAME (the
 * scratch directory's name) and ENGINE_TEST_CONFIG (the tournament, as a
 * configuration file's text) defined. */
#ifndef POKERCLOCK_TEST_ENGINE_HARNESS_H
#define POKERCLOCK_TEST_ENGINE_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static int64_t b; /* the engine's time when a test starts: commands are timed from it */

static int setup(void **state)
{
    (void)state;
    scratch_make(ENGINE_TEST_NAME);
    unsetenv("POKERCLOCK_BOOT_ID");
    b = 0;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove();
}

static engine_t *open_engine(const char *state_dir)
{
    engine_options_t o = {.state_dir = state_dir,
                          .config_text = ENGINE_TEST_CONFIG,
                          .config_name = "test.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    if (b == 0)
        b = engine_now(e);
    return e;
}

static apply_status apply(engine_t *e, command_t c, int64_t now)
{
    return engine_apply(e, &c, now, &no);
}

/* The path of the engine's journal in the scratch directory. */
static const char *journal_path(void)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/journal", dir);
    return path;
}

/* Adds bytes to the end of the journal, times over: what a write cut off
 * by the power, or a crafted file, leaves there. */
static void journal_add_bytes(const char *bytes, size_t n, long times)
{
    FILE *f = fopen(journal_path(), "ab");
    assert_non_null(f);
    for (long i = 0; i < times; i++)
        fwrite(bytes, 1, n, f);
    fclose(f);
}

#endif
