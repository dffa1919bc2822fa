/* Fuzz target: the bytes of a journal file into the tournament the clock starts with (engine_new on that state directory). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"

static char dir[256], file[300];

/* A small tournament with every kind of level, so that replayed commands
 * have something to act on. */
static const char CONFIG[] =
    "tournament = {\n"
    "  name = \"Fuzz\"; buy_in = 50; starting_stack = 10000;\n"
    "  rebuy = { price = 20; chips = 10000; until_level = 2; };\n"
    "  chips = ( { value = 25; }, { value = 100; }, { value = 500; } );\n"
    "  levels = ( { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "             { break = true; minutes = 10; color_up = 25; },\n"
    "             { small_blind = 100; big_blind = 200; ante = 200; minutes = 20; } );\n"
    "};\n";

static void remove_dir(void)
{
    unlink(file);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/pokerclock-fuzz-journal-%d", tmp, (int)getpid());
    snprintf(file, sizeof file, "%s/journal", dir);
    mkdir(dir, 0700);
    atexit(remove_dir);
    /* The same boot as the records that name this id: a restart, replayed
     * in full; others are a reboot. */
    setenv("POKERCLOCK_BOOT_ID", "fuzz-boot", 1);
    return 0;
}

static void check(const engine_t *e, const snapshot_t *s)
{
    char why[256];
    const tourney_t *t = &s->t;
    if (!structure_validate(&t->s, why, sizeof why)) {
        fprintf(stderr, "the recovered tournament is not valid: %s\n", why);
        abort();
    }
    if (t->clock.level < 0 || t->clock.level >= t->s.n_levels || t->busted > t->entries ||
        t->entries < 0 || t->busted < 0) {
        fprintf(stderr, "the recovered tournament makes no sense: level %d, %d of %d busted\n",
                t->clock.level, t->busted, t->entries);
        abort();
    }
    tourney_view_t v;
    tourney_view(t, engine_now(e), &v);
    if (v.level < 0 || v.level >= t->s.n_levels || v.remaining_ms < 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(file, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    engine_options_t o = {.state_dir = dir, .config_text = CONFIG, .config_name = "fuzz.cfg"};
    char err[1024] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e) {
        if (!err[0])
            abort(); /* refused to start without a word */
        unlink(file);
        return 0;
    }
    const snapshot_t *first = engine_snapshot(e);
    check(e, first);
    structure_t *s = malloc(sizeof *s);
    *s = first->t.s;
    int entries = first->t.entries, busted = first->t.busted;
    snapshot_release(first);
    engine_free(e);

    /* What the clock left on the card (cut, compacted, a restart record)
     * starts again, as the same tournament. */
    e = engine_new(&o, err, sizeof err);
    if (!e) {
        fprintf(stderr, "the clock started once but not again: %s\n", err);
        abort();
    }
    const snapshot_t *second = engine_snapshot(e);
    check(e, second);
    if (memcmp(&second->t.s, s, sizeof *s) != 0 || second->t.entries != entries ||
        second->t.busted != busted) {
        fprintf(stderr, "a restart changed the tournament\n");
        abort();
    }
    snapshot_release(second);
    engine_free(e);
    free(s);
    unlink(file);
    return 0;
}
