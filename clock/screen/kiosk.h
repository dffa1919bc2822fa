/* The kiosk layout of the SDL screen: the registration area's pages in turn. */
#ifndef POKERCLOCK_KIOSK_H
#define POKERCLOCK_KIOSK_H

#include "screen/frame.h"

enum {
    KIOSK_PAGE_MS = 15000, /* each page this long, as /kiosk turns them */
};

/* The page of this moment (by the frame's time) in the body, with its
 * title and a dot for each page under it. */
void kiosk_body(frame_t *fr, box_t body);

#endif
