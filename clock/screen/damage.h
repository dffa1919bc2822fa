/* Where two frames differ: the rectangles a partial redraw must cover, from
 * the records of their drawing calls (paint_ops_t). */
#ifndef POKERCLOCK_DAMAGE_H
#define POKERCLOCK_DAMAGE_H

#include <SDL2/SDL.h>

#include "screen/paint.h"

enum { DAMAGE_MAX = 8 };

/* The rectangles of a w x h frame where `now` may differ from `before`, at
 * most DAMAGE_MAX in out, none overlapping; each call of `now` drawn only
 * whole (a scaled picture) lies inside a rectangle or outside all. Returns
 * their number, 0 when the frames are the same, -1 when the whole frame is
 * to be drawn (nothing to compare, or most of it changed). */
int damage_find(const paint_ops_t *before, const paint_ops_t *now, int w, int h, SDL_Rect *out);

#endif
