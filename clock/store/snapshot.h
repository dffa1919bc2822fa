/* The whole tournament (the model and its undo stack) as JSON, for the journal's snapshots. */
#ifndef POKERCLOCK_SNAPSHOT_H
#define POKERCLOCK_SNAPSHOT_H

#include <stddef.h>

#include <jansson.h>

#include "model/tourney.h"

/* Bumped only when a field changes meaning; adding a field never needs it. */
enum { SNAPSHOT_VERSION = 1 };

/* The model as a JSON object {"v", "t", "undo"}; NULL when out of memory or
 * when a text field is not valid UTF-8 (the journal's records still hold the
 * tournament: only this snapshot is not written). */
json_t *snapshot_model_to_json(const model_t *m);

/* Reads a snapshot into *m. Fields it does not know are ignored, fields it
 * misses are 0 (each field's "not given"), so a later program reads an
 * earlier snapshot and the other way round. A snapshot that does not make a
 * sound tournament (a count over its capacity, a level that does not
 * validate, a wrong type) is refused: -1 with err, and *m is untouched. */
int snapshot_model_from_json(const json_t *j, model_t *m, char *err, size_t errlen);

/* What changed in the tournament from *before to *after, by member, an
 * array only in its elements that changed: what a journal record carries
 * besides its command. NULL when out of memory. */
json_t *snapshot_tourney_delta(const tourney_t *before, const tourney_t *after);
/* Puts a delta onto *t. A delta that does not make a sound tournament is
 * refused: -1 with err, and *t is untouched. */
int snapshot_tourney_apply(const json_t *delta, tourney_t *t, char *err, size_t errlen);

#endif
