/* The last actions in JSON: the state's "last_actions" (the English lines,
 * as API users have always read them), "last_action_codes" (each line's
 * code and values, the same order) and "undo", and the way back for a
 * follower. */
#ifndef POKERCLOCK_JSON_ACTIONS_H
#define POKERCLOCK_JSON_ACTIONS_H

#include <jansson.h>
#include <stddef.h>

#include "model/tourney.h"

/* One action as the state writes it: {"code": "bust", "players": 2, ...};
 * {"code": null} for an older clock's line known by its words alone. */
json_t *action_json(const action_t *a);
/* t's last actions, the latest first, and what undo would take back, into
 * the state o. */
void actions_json(json_t *o, const tourney_t *t);
/* The way back: the state's last actions into t's list, each by its code
 * when this clock knows it, else by its words; and whether undo would take
 * back the latest. 0, or -1 with err. */
int actions_json_parse(const json_t *o, tourney_t *t, char *err, size_t errlen);

#endif
