/* Inside the model: where the clock stands at an instant. */
#ifndef POKERCLOCK_CLOCKPOS_H
#define POKERCLOCK_CLOCKPOS_H

#include "model/tourney.h"

/* The level index and the time spent in it at now; in overtime the elapsed
 * time exceeds the last level's duration. */
void clock_position(const tourney_t *t, int64_t now, int *level, int64_t *elapsed);
/* Fixes the derived position at now into the stored one (level, elapsed,
 * since = now), never moving `since` back: a command that stops, starts or
 * moves the clock settles it first. */
void clock_settle(tourney_t *t, int64_t now);
/* 1-based number of the play level at or before index. */
int level_number_of(const structure_t *s, int index);

#endif
