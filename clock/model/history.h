/* Inside the model: the last actions in words, for the panel's list and
 * for naming what an undo takes back ("bust of 3 players, places 37-39"). */
#ifndef POKERCLOCK_HISTORY_H
#define POKERCLOCK_HISTORY_H

#include "model/tourney.h"

/* Writes what c did to before (after is the result) into buf. */
void history_describe(const tourney_t *before, const tourney_t *after, const command_t *c,
                      char *buf, size_t len);
/* The words of a command that named players, with their names (as they
 * were called before it, n of them) in place of their numbers: "bust of
 * Anna Berg, place 7", "rebuy of Bo Ek", "rename of Bo Ek to Bo Eklund". */
void history_describe_named(const tourney_t *before, const tourney_t *after, const command_t *c,
                            const char *const *names, int n, char *buf, size_t len);
/* A bust of one player's words with who knocked him out (n_by names):
 * "bust of Bo Ek, place 7, knocked out by Anna Berg". */
void history_knocked_out_by(char *buf, size_t len, const char *const *by, int n_by);
/* Appends an action to t's list, the oldest falling out; words too long are
 * cut at a whole character. */
void history_add(tourney_t *t, const char *what);
/* Puts what in place of the last action's words. */
void history_rename_last(tourney_t *t, const char *what);

#endif
