/* The wall display's layout: what players read from across the room. */
#ifndef POKERCLOCK_WALL_H
#define POKERCLOCK_WALL_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "model/show.h"
#include "screen/damage.h"
#include "screen/text.h"
#include "screen/wall_frame.h"
#include "store/config.h"

/* What a dry run found: what changed since the wall last drew; wake after
 * wake_in_ms. */
typedef struct {
    uint64_t hash;               /* fingerprint of the whole frame */
    int n_damage;                /* rectangles changed since the last frame drawn; */
    SDL_Rect damage[DAMAGE_MAX]; /* 0: none, -1: all of it (or nothing to compare) */
    int64_t wake_in_ms;          /* INT64_MAX: nothing shown changes by itself */
    bool animating;              /* something moves: draw at the display rate */
    int smallest_text_px;        /* the smallest text on it (MIN_TEXT_PX is the floor) */
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
/* The whole frame. */
void wall_render(wall_t *w, const wall_frame_t *f);
/* Only plan's damage, over the frame this wall drew last (still in the
 * renderer's target): the same pixels as wall_render, for less work. plan
 * is wall_plan's for f. */
void wall_render_part(wall_t *w, const wall_frame_t *f, const wall_plan_t *plan);
/* Its text cache: its bytes and hits, for tests of its bound and the bench. */
const text_cache_t *wall_text_cache(const wall_t *w);

#endif
