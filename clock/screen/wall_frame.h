/* What one frame of the wall is drawn from: the layout (wall.c) and the
 * parts it draws with (frame.h) both take it from here. */
#ifndef POKERCLOCK_WALL_FRAME_H
#define POKERCLOCK_WALL_FRAME_H

#include <stdint.h>

#include "engine.h"
#include "model/show.h"
#include "screen/address.h"
#include "screen/slideshow.h"
#include "store/seasons.h"

typedef struct wall wall_t;

/* One frame's inputs. */
typedef struct {
    const snapshot_t *snap;
    int64_t now;
    const show_t *show; /* what the screen shows: show_decide(snap, now) */
    int w, h;
    const panel_addr_t *panel;   /* QR code while paused or on a break; NULL: none */
    const char *pin;             /* shown beside it; NULL: none */
    const wall_slide_t *slide;   /* the venue's slide for breaks and before the start; NULL */
    int64_t slide_next_in_ms;    /* when the next slide is due; INT64_MAX: never */
    const season_board_t *board; /* the current league season's top; NULL: none */
} wall_frame_t;

#endif
