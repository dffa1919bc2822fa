/* Inside the model: where the clock stands at an instant. */
#ifndef POKERCLOCK_CLOCKPOS_H
#define POKERCLOCK_CLOCKPOS_H

#include "model/tourney.h"

/* The level index and the time spent in it at now; in overtime the elapsed
 * time exceeds the last level's duration. */
void clock_position(const tourney_t *t, int64_t now, int *level, int64_t *elapsed);
/* 1-based number of the play level at or before index. */
int level_number_of(const structure_t *s, int index);

#endif
