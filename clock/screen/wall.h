/* The wall display's layout: what players read from across the room. */
#ifndef POKERCLOCK_WALL_H
#define POKERCLOCK_WALL_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "model/show.h"
#include "screen/text.h"
#include "screen/wall_frame.h"
#include "store/config.h"

/* What a dry run found: redraw when hash changes; wake after wake_in_ms. */
typedef struct {
    uint64_t hash;
    int64_t wake_in_ms;        /* INT64_MAX: nothing shown changes by itself */
    bool animating;            /* something moves: draw at the display rate */
    int smallest_text_px;      /* the smallest text on it (MIN_TEXT_PX is the floor) */
} wall_plan_t;

/* Whether the wall may show a slide now (a break, before the start, the
 * house's band, a screen of slides): only then is one decoded. */
bool wall_slide_time(const settings_t *c, const snapshot_t *snap, const show_t *show);

/* What the wall shows for snap at now (model/show.h); dismissed_level: the
 * level whose new-level strip was taken down here, or -1. */
void wall_show(const snapshot_t *snap, int64_t now, int dismissed_level, show_t *out);

wall_t *wall_new(SDL_Renderer *r, const settings_t *c, char *err, size_t errlen);
void wall_free(wall_t *w);
void wall_plan(wall_t *w, const wall_frame_t *f, wall_plan_t *out);
void wall_render(wall_t *w, const wall_frame_t *f);
/* Its text cache: its bytes and hits, for tests of its bound and the bench. */
const text_cache_t *wall_text_cache(const wall_t *w);

#endif
