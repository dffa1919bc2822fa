/* A follower's copy of the master's slides: the list of GET /api/slides and
 * each picture, in this screen's own store (in memory), which its wall,
 * /display and /kiosk show as the master's do. */
#ifndef POKERCLOCK_SLIDES_COPY_H
#define POKERCLOCK_SLIDES_COPY_H

#include <jansson.h>
#include <stddef.h>

#include "store/slides.h"

/* A picture's bytes from the master (GET path; malloc'd), or NULL. */
typedef char *(*slides_copy_fetch_fn)(void *ctx, const char *path, size_t *len);

/* Makes store hold the slides of list (the master's answer), in its order
 * and with its settings, pictures fetched through fetch. 0, or -1 with err
 * when list is not a list of slides or a slide could not be copied (the
 * others are; the next change of the master's slides tries again). */
int slides_copy(slides_t *store, const json_t *list, slides_copy_fetch_fn fetch, void *ctx,
                char *err, size_t errlen);

#endif
