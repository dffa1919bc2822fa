/* What the screen shows now (model/show.h) as the pages receive it: in
 * the state ("view") and as GET /api/view. Texts are lists of parts: a
 * string as it is, a number, {"w": key, "a": [args]} a word of the
 * catalogs, {"l": key} a label in both languages, {"chips": n},
 * {"money": n}, {"time": ms} and {"level_time": ms} counting down (the
 * latter only while the level clock runs). */
#ifndef POKERCLOCK_JSON_SHOW_H
#define POKERCLOCK_JSON_SHOW_H

#include <jansson.h>

#include "model/show.h"

json_t *show_json(const show_t *sh);

#endif
