/* Inside the model: the last actions in words, for the panel's list and
 * for naming what an undo takes back ("bust of 3 players, places 37-39"). */
#ifndef POKERCLOCK_HISTORY_H
#define POKERCLOCK_HISTORY_H

#include "model/tourney.h"

/* Writes what c did to before (after is the result) into buf. */
void history_describe(const tourney_t *before, const tourney_t *after, const command_t *c,
                      char *buf, size_t len);
/* Appends an action to t's list, the oldest falling out. */
void history_add(tourney_t *t, const char *what);

#endif
