/* Reading an uploaded PNG or JPEG row by row (libpng, libjpeg-turbo), so
 * that a large picture is never held whole in memory, and refusing a file
 * that is damaged or cut short instead of showing its missing part grey. */
#ifndef POKERCLOCK_PICTURE_READ_H
#define POKERCLOCK_PICTURE_READ_H

#include <stddef.h>

#include "store/picture.h"

/* Called with each row of the picture, top to bottom: its w pixels as
 * RGBA, 4 bytes each. */
typedef void (*picture_row_fn)(void *ctx, const unsigned char *rgba);

/* Decodes data, a picture of type t and w x h pixels (as picture_probe
 * found them), into fn. What a decoder must hold whole (the rows of an
 * interlaced PNG, the coefficients of a progressive JPEG) is at most
 * PICTURE_WHOLE_BYTES_MAX; a larger one is refused before it is decoded.
 * 0, or with *no (what the director reads) -1 when it is damaged or cut
 * short, -2 when it is too large to decode that way. */
int picture_read(const void *data, size_t len, picture_type t, int w, int h, picture_row_fn fn,
                 void *ctx, refusal_t *no);

#endif
