/* Inside the model: the procedures of RULES.md (color-up, hand-for-hand,
 * bubble, end of day, clock call, penalties). */
#ifndef POKERCLOCK_PROCEDURES_H
#define POKERCLOCK_PROCEDURES_H

#include "model/tourney.h"

apply_status procedures_apply(tourney_t *t, const command_t *c, int64_t now, char *err,
                              size_t errlen);
/* A bust, with places and prizes for players out in the same hand. */
apply_status procedures_bust(tourney_t *t, const command_t *c, int64_t now, char *err,
                             size_t errlen);
/* Fills the procedures' part of a view whose clock part is done. */
void procedures_view(const tourney_t *t, int64_t now, tourney_view_t *v);

#endif
