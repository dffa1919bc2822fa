/* Pictures the venue uploads: PNG and JPEG checked from their header,
 * decoded row by row into the size kept (libpng, libjpeg-turbo), turned
 * upright and encoded again (SDL2_image). */
#ifndef POKERCLOCK_PICTURE_H
#define POKERCLOCK_PICTURE_H

#include <SDL2/SDL.h>
#include <stddef.h>

#include "model/refusal.h"

enum {
    PICTURE_BYTES_MAX = 8 * 1024 * 1024, /* an upload: a phone's photo fits */
    PICTURE_SIDE_MAX = 12000,            /* either side, from the header */
    /* Phones take 12 MP photos unless told otherwise. Decoded row by row,
     * a picture costs its result, not its own pixels. */
    PICTURE_PIXELS_MAX = 24 * 1000 * 1000,
    /* What a decoder may hold of a whole picture: an interlaced PNG's
     * pixels (4 bytes each: 12 MP), a progressive JPEG's coefficients (3
     * bytes a pixel in the usual 4:2:0: 16 MP). Larger ones are refused
     * before they are decoded. */
    PICTURE_WHOLE_BYTES_MAX = 48 * 1024 * 1024,
    PICTURE_OUT_W = 1920, /* what is kept: at most a 1080p screen */
    PICTURE_OUT_H = 1080,
};

typedef enum { PICTURE_NONE, PICTURE_PNG, PICTURE_JPEG } picture_type;

/* The type and size from the first bytes (PNG IHDR, JPEG SOF), without
 * decoding; PICTURE_NONE with *no when it is neither or its size is over
 * the limits (picture_pixels, picture_kind, picture_jpeg_size). */
picture_type picture_probe(const void *data, size_t len, int *w, int *h, refusal_t *no);

/* picture_too_large: a picture of so many bytes, over PICTURE_BYTES_MAX. */
apply_status picture_refuse_bytes(refusal_t *no, unsigned long long bytes);

/* Decoded (after picture_probe), turned upright by a JPEG's EXIF
 * orientation, as 32-bit RGBA; NULL with *no. A file damaged or cut short
 * is refused (picture_damaged), never
 * shown with its missing part grey. */
SDL_Surface *picture_decode(const void *data, size_t len, refusal_t *no);

/* The picture as it is kept: decoded, upright, scaled down to fit
 * PICTURE_OUT_W x PICTURE_OUT_H (never up), and encoded again (PNG stays
 * PNG, for logos with transparency; JPEG stays JPEG), so that a camera's
 * metadata (its GPS position) is not kept. *out is malloc'd. 0, or with *no
 * (what the director reads) -1 when it cannot be read, -2 when it is too
 * large to decode (picture_read). */
int picture_prepare(const void *data, size_t len, unsigned char **out, size_t *out_len,
                    picture_type *type, int *w, int *h, refusal_t *no);

/* A thread SDL did not make (an HTTP server's) calls this after working
 * on a picture: SDL keeps its error text per thread and frees it only for
 * its own threads. Never from the wall's thread (SDL keeps its renderer's
 * state there too). */
void picture_thread_end(void);

/* src scaled into a new w x h RGBA surface (no larger than src; NULL
 * otherwise) by averaging the pixels each one covers (a photo scaled down
 * to a quarter stays smooth). */
SDL_Surface *picture_scale(SDL_Surface *src, int w, int h);

#endif
