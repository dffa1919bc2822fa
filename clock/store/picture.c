/* Pictures the venue uploads: checked from their header before anything is
 * decoded, decoded by the PNG and JPEG readers only (never TIFF, GIF or
 * another parser the venue did not ask for) straight into the size kept,
 * upright, encoded again. */
#include <SDL2/SDL_image.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/picture.h"
#include "store/picture_read.h"

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

/* The EXIF orientation (1-8) of a JPEG, 1 when it has none. */
static int jpeg_orientation(const unsigned char *p, size_t len)
{
    size_t i = 2;
    while (i + 4 <= len && p[i] == 0xFF) {
        unsigned m = p[i + 1], seg = be16(p + i + 2);
        if (m == 0xDA || seg < 2 || i + 2 + seg > len)
            break;
        const unsigned char *s = p + i + 4;
        size_t n = seg - 2;
        if (m == 0xE1 && n >= 14 && memcmp(s, "Exif\0\0", 6) == 0) {
            const unsigned char *t = s + 6;
            size_t tn = n - 6;
            bool le = t[0] == 'I' && t[1] == 'I';
            if (!le && !(t[0] == 'M' && t[1] == 'M'))
                return 1;
#define U16(q) (le ? (unsigned)(q)[0] | (unsigned)(q)[1] << 8 : be16(q))
#define U32(q)                                                                                     \
    (le ? (uint32_t)(q)[0] | (uint32_t)(q)[1] << 8 | (uint32_t)(q)[2] << 16 |                      \
              (uint32_t)(q)[3] << 24                                                               \
        : be32(q))
            uint32_t ifd = U32(t + 4);
            if (ifd > tn || tn - ifd < 2)
                return 1;
            unsigned count = U16(t + ifd);
            for (unsigned k = 0; k < count; k++) {
                size_t e = ifd + 2 + (size_t)k * 12;
                if (e + 12 > tn)
                    break;
                if (U16(t + e) == 0x0112) {
                    unsigned v = U16(t + e + 8);
                    return v >= 1 && v <= 8 ? (int)v : 1;
                }
            }
#undef U16
#undef U32
            return 1;
        }
        i += 2 + seg;
    }
    return 1;
}

/* The size in a JPEG's frame header (SOF0-15, not DHT/JPG/DAC). */
static bool jpeg_size(const unsigned char *p, size_t len, int *w, int *h)
{
    size_t i = 2;
    while (i + 4 <= len) {
        if (p[i] != 0xFF)
            return false;
        unsigned m = p[i + 1];
        if (m == 0xFF) { /* fill byte */
            i++;
            continue;
        }
        if (m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
            i += 2;
            continue;
        }
        unsigned seg = be16(p + i + 2);
        if (seg < 2 || m == 0xDA || m == 0xD9)
            return false;
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
            if (i + 9 > len || seg < 7)
                return false;
            *h = (int)be16(p + i + 5);
            *w = (int)be16(p + i + 7);
            return true;
        }
        i += 2 + seg;
    }
    return false;
}

apply_status picture_refuse_bytes(refusal_t *no, unsigned long long bytes)
{
    char mb[32];
    snprintf(mb, sizeof mb, "%.1f", bytes / 1e6);
    return refuse_picture_too_large(no, mb, PICTURE_BYTES_MAX / (1024 * 1024));
}

picture_type picture_probe(const void *data, size_t len, int *w, int *h, refusal_t *no)
{
    const unsigned char *p = data;
    picture_type t = PICTURE_NONE;
    *w = *h = 0;
    if (len >= 24 && memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp(p + 12, "IHDR", 4) == 0) {
        uint32_t pw = be32(p + 16), ph = be32(p + 20);
        *w = pw > INT32_MAX ? INT32_MAX : (int)pw;
        *h = ph > INT32_MAX ? INT32_MAX : (int)ph;
        t = PICTURE_PNG;
    } else if (len >= 4 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF) {
        if (!jpeg_size(p, len, w, h)) {
            refuse_picture_jpeg_size(no);
            return PICTURE_NONE;
        }
        t = PICTURE_JPEG;
    } else {
        refuse_picture_kind(no);
        return PICTURE_NONE;
    }
    if (*w < 1 || *h < 1 || *w > PICTURE_SIDE_MAX || *h > PICTURE_SIDE_MAX ||
        (int64_t)*w * *h > PICTURE_PIXELS_MAX) {
        refuse_picture_pixels(no, *w, *h, PICTURE_SIDE_MAX, PICTURE_PIXELS_MAX / 1000000);
        return PICTURE_NONE;
    }
    return t;
}

/* A copy of s turned by EXIF orientation o (2-8); s is freed. */
static SDL_Surface *orient(SDL_Surface *s, int o)
{
    int W = s->w, H = s->h;
    bool swap = o >= 5;
    SDL_Surface *d = SDL_CreateRGBSurfaceWithFormat(0, swap ? H : W, swap ? W : H, 32,
                                                    SDL_PIXELFORMAT_ABGR8888);
    if (!d)
        return s; /* shown sideways rather than not at all */
    for (int y = 0; y < d->h; y++) {
        uint32_t *row = (uint32_t *)((char *)d->pixels + (size_t)y * d->pitch);
        for (int x = 0; x < d->w; x++) {
            int sx, sy;
            switch (o) {
            case 2:
                sx = W - 1 - x;
                sy = y;
                break;
            case 3:
                sx = W - 1 - x;
                sy = H - 1 - y;
                break;
            case 4:
                sx = x;
                sy = H - 1 - y;
                break;
            case 5:
                sx = y;
                sy = x;
                break;
            case 6:
                sx = y;
                sy = H - 1 - x;
                break;
            case 7:
                sx = W - 1 - y;
                sy = H - 1 - x;
                break;
            default:
                sx = W - 1 - y;
                sy = x;
                break; /* 8 */
            }
            row[x] = *(uint32_t *)((char *)s->pixels + (size_t)sy * s->pitch + (size_t)sx * 4);
        }
    }
    SDL_FreeSurface(s);
    return d;
}

/* A picture made smaller as its rows arrive: each pixel of the result is
 * the average of the source pixels it covers, so only the result and one
 * row of sums are ever held, however large the source. */
typedef struct {
    SDL_Surface *d; /* the result, w x h */
    int sw, sh;     /* the source; never smaller than d */
    int y;          /* source rows seen (when smaller) */
    int oy;         /* the row of d being summed */
    uint64_t *sum;  /* per pixel of that row: r*a, g*a, b*a, a, n */
} shrink_t;

static int shrink_start(shrink_t *k, int sw, int sh, int w, int h)
{
    memset(k, 0, sizeof *k);
    k->sw = sw;
    k->sh = sh;
    bool same = w == sw && h == sh;
    k->d = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888);
    k->sum = k->d && !same ? calloc((size_t)w * 5, sizeof *k->sum) : NULL;
    if (!k->d || (!same && !k->sum)) {
        SDL_FreeSurface(k->d);
        free(k->sum);
        return -1;
    }
    return 0;
}

static void shrink_row(void *ctx, const unsigned char *src)
{
    shrink_t *k = ctx;
    SDL_Surface *d = k->d;
    if (k->oy >= d->h)
        return;
    unsigned char *out = (unsigned char *)d->pixels + (size_t)k->oy * d->pitch;
    if (!k->sum) { /* the same size: the row as it is */
        memcpy(out, src, (size_t)d->w * 4);
        k->oy++;
        return;
    }
    int w = d->w, sw = k->sw;
    for (int x = 0; x < w; x++) {
        int x0 = (int)((int64_t)x * sw / w), x1 = (int)((int64_t)(x + 1) * sw / w);
        uint64_t *s = k->sum + (size_t)x * 5;
        /* Colours weighted by their alpha: a logo's transparent edge does
         * not turn dark. */
        for (const unsigned char *q = src + (size_t)x0 * 4; q < src + (size_t)x1 * 4; q += 4) {
            s[0] += (uint64_t)q[0] * q[3];
            s[1] += (uint64_t)q[1] * q[3];
            s[2] += (uint64_t)q[2] * q[3];
            s[3] += q[3];
            s[4]++;
        }
    }
    k->y++;
    if (k->y < (int)((int64_t)(k->oy + 1) * k->sh / d->h))
        return;
    for (int x = 0; x < w; x++) {
        uint64_t *s = k->sum + (size_t)x * 5, a = s[3];
        unsigned char *o = out + (size_t)x * 4;
        o[0] = a ? (unsigned char)(s[0] / a) : 0;
        o[1] = a ? (unsigned char)(s[1] / a) : 0;
        o[2] = a ? (unsigned char)(s[2] / a) : 0;
        o[3] = (unsigned char)(a / s[4]);
    }
    memset(k->sum, 0, (size_t)w * 5 * sizeof *k->sum);
    k->oy++;
}

SDL_Surface *picture_scale(SDL_Surface *src, int w, int h)
{
    shrink_t k;
    if (w > src->w || h > src->h || shrink_start(&k, src->w, src->h, w, h) != 0)
        return NULL;
    for (int y = 0; y < src->h; y++)
        shrink_row(&k, (const unsigned char *)src->pixels + (size_t)y * src->pitch);
    free(k.sum);
    return k.d;
}

/* The picture decoded straight into w x h (its own size or smaller, in the
 * file's orientation), then turned upright: the file's pixels are never
 * held whole. NULL with err, and *too_large (when not NULL) set when it is
 * too large to decode. */
static SDL_Surface *decode_into(const void *data, size_t len, picture_type t, int sw, int sh, int w,
                                int h, bool *too_large, refusal_t *no)
{
    shrink_t k;
    if (shrink_start(&k, sw, sh, w, h) != 0) {
        refuse_picture_memory(no, w, h);
        return NULL;
    }
    int rc = picture_read(data, len, t, sw, sh, shrink_row, &k, no);
    free(k.sum);
    if (rc != 0) {
        SDL_FreeSurface(k.d);
        if (too_large)
            *too_large = rc == -2;
        return NULL;
    }
    int o = t == PICTURE_JPEG ? jpeg_orientation(data, len) : 1;
    return o > 1 ? orient(k.d, o) : k.d;
}

SDL_Surface *picture_decode(const void *data, size_t len, refusal_t *no)
{
    int w, h;
    picture_type t = picture_probe(data, len, &w, &h, no);
    return t == PICTURE_NONE ? NULL : decode_into(data, len, t, w, h, w, h, NULL, no);
}

/* An SDL_RWops writing into a growing buffer. */
typedef struct {
    unsigned char *data;
    size_t len, cap;
    bool failed;
} membuf_t;

static size_t SDLCALL mem_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num)
{
    membuf_t *m = rw->hidden.unknown.data1;
    size_t n = size * num;
    if (m->len + n > m->cap) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap < m->len + n)
            cap *= 2;
        unsigned char *d = realloc(m->data, cap);
        if (!d) {
            m->failed = true;
            return 0;
        }
        m->data = d;
        m->cap = cap;
    }
    memcpy(m->data + m->len, ptr, n);
    m->len += n;
    return num;
}

static Sint64 SDLCALL mem_size(SDL_RWops *rw)
{
    return (Sint64)((membuf_t *)rw->hidden.unknown.data1)->len;
}

static Sint64 SDLCALL mem_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    membuf_t *m = rw->hidden.unknown.data1;
    return whence == RW_SEEK_END || (whence == RW_SEEK_CUR && offset == 0) ? (Sint64)m->len : -1;
}

static int SDLCALL mem_close(SDL_RWops *rw)
{
    (void)rw;
    return 0;
}

static pthread_once_t img_once = PTHREAD_ONCE_INIT;

static void img_init(void)
{
    IMG_Init(IMG_INIT_PNG | IMG_INIT_JPG);
}

/* One picture prepared at a time: each holds up to PICTURE_WHOLE_BYTES_MAX
 * and its result, and a Pi Zero 2 W has 512 MB. */
static pthread_mutex_t one_at_a_time = PTHREAD_MUTEX_INITIALIZER;

int picture_prepare(const void *data, size_t len, unsigned char **out, size_t *out_len,
                    picture_type *type, int *w, int *h, refusal_t *no)
{
    *out = NULL;
    *out_len = 0;
    int pw, ph;
    *type = picture_probe(data, len, &pw, &ph, no);
    if (*type == PICTURE_NONE)
        return -1;
    /* The size as shown, upright: landscape within 1920 x 1080, portrait
     * within 1080 x 1920, never larger; decoded straight into that size
     * (in the file's orientation). */
    bool turned = *type == PICTURE_JPEG && jpeg_orientation(data, len) >= 5;
    int uw = turned ? ph : pw, uh = turned ? pw : ph;
    int bw = uw >= uh ? PICTURE_OUT_W : PICTURE_OUT_H;
    int bh = uw >= uh ? PICTURE_OUT_H : PICTURE_OUT_W;
    int nw = uw, nh = uh;
    if (uw > bw || uh > bh) {
        nw = bw, nh = (int)((int64_t)uh * bw / uw);
        if (nh > bh) {
            nh = bh;
            nw = (int)((int64_t)uw * bh / uh);
        }
        nw = nw > 0 ? nw : 1;
        nh = nh > 0 ? nh : 1;
    }
    pthread_mutex_lock(&one_at_a_time);
    bool too_large = false;
    SDL_Surface *s = decode_into(data, len, *type, pw, ph, turned ? nh : nw, turned ? nw : nh,
                                 &too_large, no);
    int rc = too_large ? -2 : -1;
    if (s) {
        pthread_once(&img_once, img_init);
        membuf_t m = {0};
        SDL_RWops rw = {.size = mem_size,
                        .seek = mem_seek,
                        .write = mem_write,
                        .close = mem_close,
                        .type = SDL_RWOPS_UNKNOWN};
        rw.hidden.unknown.data1 = &m;
        int saved = *type == PICTURE_PNG ? IMG_SavePNG_RW(s, &rw, 0)
                                         : IMG_SaveJPG_RW(s, &rw, 0, 85);
        if (saved == 0 && !m.failed && m.len > 0) {
            *out = m.data;
            *out_len = m.len;
            *w = s->w;
            *h = s->h;
            rc = 0;
        } else {
            free(m.data);
            refuse_picture_encode(no, IMG_GetError());
        }
        SDL_FreeSurface(s);
    }
    pthread_mutex_unlock(&one_at_a_time);
    return rc;
}

void picture_thread_end(void)
{
    SDL_TLSCleanup();
}
