/* Where the clock stands at an instant, and fixing it there before a
 * command moves it. Below the model's commands: it includes none of them. */
#include "model/clockpos.h"

void clock_position(const tourney_t *t, int64_t now, int *level, int64_t *elapsed)
{
    const structure_t *s = &t->s;
    int lvl = t->clock.level;
    int64_t e = t->clock.level_elapsed_ms;
    if (t->clock.running && now > t->clock.since)
        e += now - t->clock.since;
    while (lvl < s->n_levels - 1 && e >= s->levels[lvl].duration_ms) {
        e -= s->levels[lvl].duration_ms;
        lvl++;
    }
    *level = lvl;
    *elapsed = e;
}

int level_number_of(const structure_t *s, int index)
{
    int n = 0;
    for (int i = 0; i <= index && i < s->n_levels; i++)
        n += s->levels[i].kind == LEVEL_PLAY;
    return n;
}

/* Fixes the derived position into the stored one, so that a command can
 * change it: afterwards `since` is now and nothing has been lost. */
void clock_settle(tourney_t *t, int64_t now)
{
    /* A command stamped before the last start or pause (two requests racing
     * for the writer) must not move `since` back: a running clock would
     * count that time twice, a paused one when it resumes. */
    if (now < t->clock.since)
        now = t->clock.since;
    int lvl;
    int64_t e;
    clock_position(t, now, &lvl, &e);
    /* Levels the clock ran into by itself start whole: a time they were
     * left at before no longer holds. */
    for (int i = t->clock.level + 1; i <= lvl; i++)
        t->s.levels[i].left_at_ms = 0;
    t->clock.level = lvl;
    t->clock.level_elapsed_ms = e;
    t->clock.since = now;
}
