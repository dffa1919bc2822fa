/* PNG encoding of a rendered surface, fast rather than small: what
 * GET /api/screen.png and --screenshot send.
 *
 * SDL_image's IMG_SavePNG went through libpng at its default compression:
 * 50 ms for a 1080p wall, 45 times the drawing itself. The wall is large
 * flat areas and text: each row filtered with PNG's Sub filter (a flat run
 * becomes zeros) and deflated with zlib's run-length strategy at level 1
 * costs a fraction of that for a file of about the same size. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "screen/png.h"

typedef struct {
    unsigned char *data;
    size_t len, cap;
} buf_t;

static int reserve(buf_t *b, size_t more)
{
    if (b->len + more <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap < b->len + more)
        cap *= 2;
    unsigned char *d = realloc(b->data, cap);
    if (!d)
        return -1;
    b->data = d;
    b->cap = cap;
    return 0;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A chunk's length, type and data are in place from `at`: adds its CRC. */
static int chunk_end(buf_t *b, size_t at)
{
    if (reserve(b, 4))
        return -1;
    put32(b->data + at, (uint32_t)(b->len - at - 8));
    uLong crc = crc32(0, b->data + at + 4, (uInt)(b->len - at - 4));
    put32(b->data + b->len, (uint32_t)crc);
    b->len += 4;
    return 0;
}

static int chunk_start(buf_t *b, const char type[4], size_t *at)
{
    if (reserve(b, 8))
        return -1;
    *at = b->len;
    memcpy(b->data + b->len + 4, type, 4);
    b->len += 8;
    return 0;
}

/* One row of RGB888 pixels as a PNG scanline with the Sub filter: each
 * byte less the same byte of the pixel before. */
static void sub_filter(const uint32_t *px, int w, unsigned char *o)
{
    *o++ = 1;
    unsigned pr = 0, pg = 0, pb = 0;
    for (int x = 0; x < w; x++) {
        unsigned r = px[x] >> 16 & 0xff, g = px[x] >> 8 & 0xff, bl = px[x] & 0xff;
        *o++ = (unsigned char)(r - pr);
        *o++ = (unsigned char)(g - pg);
        *o++ = (unsigned char)(bl - pb);
        pr = r, pg = g, pb = bl;
    }
}

int png_encode(SDL_Surface *s, unsigned char **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    SDL_Surface *conv = NULL;
    if (s->format->format != SDL_PIXELFORMAT_RGB888) {
        conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGB888, 0);
        if (!conv)
            return -1;
        s = conv;
    }
    int w = s->w, h = s->h, rc = -1;
    size_t row = 1 + 3 * (size_t)w;
    unsigned char *line = malloc(row);
    buf_t b = {0};
    z_stream z = {0};
    bool zok = false;
    if (!line || deflateInit2(&z, 1, Z_DEFLATED, 15, 8, Z_RLE) != Z_OK)
        goto done;
    zok = true;
    static const unsigned char sig[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};
    size_t at;
    if (reserve(&b, 8))
        goto done;
    memcpy(b.data, sig, 8);
    b.len = 8;
    if (chunk_start(&b, "IHDR", &at) || reserve(&b, 13))
        goto done;
    put32(b.data + b.len, (uint32_t)w);
    put32(b.data + b.len + 4, (uint32_t)h);
    memcpy(b.data + b.len + 8, (const unsigned char[]){8, 2, 0, 0, 0}, 5); /* 8-bit RGB */
    b.len += 13;
    if (chunk_end(&b, at) || chunk_start(&b, "IDAT", &at))
        goto done;
    if (SDL_MUSTLOCK(s))
        SDL_LockSurface(s);
    int zrc = Z_OK;
    for (int y = 0; y <= h && zrc == Z_OK; y++) {
        if (y < h) {
            sub_filter((const uint32_t *)((const unsigned char *)s->pixels + (size_t)y * s->pitch),
                       w, line);
            z.next_in = line;
            z.avail_in = (uInt)row;
        }
        int flush = y < h ? Z_NO_FLUSH : Z_FINISH;
        do {
            if (reserve(&b, 1 << 16)) {
                zrc = Z_MEM_ERROR;
                break;
            }
            z.next_out = b.data + b.len;
            z.avail_out = (uInt)(b.cap - b.len);
            zrc = deflate(&z, flush);
            b.len = b.cap - z.avail_out;
        } while (zrc == Z_OK && (z.avail_in > 0 || z.avail_out == 0 || flush == Z_FINISH));
        if (y < h && zrc == Z_BUF_ERROR)
            zrc = Z_OK; /* nothing to do this round */
    }
    if (SDL_MUSTLOCK(s))
        SDL_UnlockSurface(s);
    if (zrc != Z_STREAM_END || chunk_end(&b, at) || chunk_start(&b, "IEND", &at) ||
        chunk_end(&b, at))
        goto done;
    *out = b.data;
    *len = b.len;
    b.data = NULL;
    rc = 0;
done:
    if (zok)
        deflateEnd(&z);
    free(b.data);
    free(line);
    SDL_FreeSurface(conv);
    return rc;
}
