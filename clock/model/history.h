/* Inside the model: the last actions, each a code with its values
 * (model/action.h), for the panel's list and for naming what an undo takes
 * back ("bust" of 3 players, places 37-39). */
#ifndef POKERCLOCK_HISTORY_H
#define POKERCLOCK_HISTORY_H

#include "model/tourney.h"

/* The action of what c did to before (after is the result). */
void history_describe(const tourney_t *before, const tourney_t *after, const command_t *c,
                      action_t *a);
/* The action of a command that named players, with their names (as they
 * were called before it, n of them) in place of their numbers: "bust of
 * Anna Berg, place 7", "rebuy of Bo Ek", "rename of Bo Ek to Bo Eklund";
 * by, for a bust of one with a bounty, the first who knocked him out
 * (c->busts[0].n_by of them: "knocked out by Ada Lind and 1 more"), or NULL. */
void history_describe_named(const tourney_t *before, const tourney_t *after, const command_t *c,
                            const char *const *names, int n, const char *by, action_t *a);
/* Appends an action to t's list, the oldest falling out. */
void history_add(tourney_t *t, const action_t *a);
/* Puts a in place of the last action. */
void history_rename_last(tourney_t *t, const action_t *a);
/* How many actions t's list holds (at most TOURNEY_DONE_MAX). */
int history_count(const tourney_t *t);
/* Action k of the list, the latest first (k = 0); NULL when there is none
 * or it has no code (an older clock's, known by its words alone). */
const action_t *history_action(const tourney_t *t, int k);
/* Action k in English words: said from its code, or an older clock's
 * words as they were kept; "" when there is none. */
void history_words(const tourney_t *t, int k, char *buf, size_t len);

#endif
