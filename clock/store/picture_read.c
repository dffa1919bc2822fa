/* Reading an uploaded PNG or JPEG row by row: libpng and libjpeg-turbo
 * directly, each row handed on as it is decoded. Both libraries report a
 * fatal error by longjmp; everything that must be freed afterwards lives
 * in a reader_t, never in a local variable of the function that set the
 * jump. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h> /* before jpeglib.h, which uses FILE and size_t */
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

#include <jerror.h> /* after jpeglib.h: its codes depend on jconfig.h */

#include "store/picture_read.h"

/* What a file that ends before its picture does is called, PNG or JPEG. */
#define CUT_SHORT "the file ends early"

typedef struct {
    const unsigned char *data;
    size_t len, at; /* the PNG's bytes read so far */
    int w, h;
    picture_row_fn fn;
    void *ctx;
    unsigned char *row;   /* one row as decoded */
    unsigned char *whole; /* an interlaced PNG's rows */
    png_bytep *rows;      /* ... and a pointer to each */
    char why[JMSG_LENGTH_MAX > 200 ? JMSG_LENGTH_MAX : 200];
    bool no_memory; /* what failed was this machine, not the file */
    refusal_t *no;  /* why it was refused */
} reader_t;

static void damaged(reader_t *r, const char *type)
{
    if (r->no_memory)
        refuse_picture_memory(r->no, r->w, r->h);
    else
        refuse_picture_damaged(r->no, type, r->why);
}

/* ---- PNG ---- */

static void png_from_memory(png_structp png, png_bytep out, size_t n)
{
    reader_t *r = png_get_io_ptr(png);
    if (n > r->len - r->at)
        png_error(png, CUT_SHORT);
    memcpy(out, r->data + r->at, n);
    r->at += n;
}

static void png_fail(png_structp png, png_const_charp msg)
{
    reader_t *r = png_get_error_ptr(png);
    snprintf(r->why, sizeof r->why, "%s", msg);
    png_longjmp(png, 1);
}

/* Warnings (a known incorrect sRGB profile, an ancillary chunk with a bad
 * CRC, dropped) leave the picture whole. */
static void png_note(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static int png_rows(reader_t *r, png_structp png, png_infop info)
{
    if (setjmp(png_jmpbuf(png))) {
        damaged(r, "PNG");
        return -1;
    }
    png_set_read_fn(png, r, png_from_memory);
    png_set_user_limits(png, PICTURE_SIDE_MAX, PICTURE_SIDE_MAX);
    png_read_info(png, info);
    int64_t whole = (int64_t)r->w * r->h * 4;
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE &&
        whole > PICTURE_WHOLE_BYTES_MAX) {
        refuse_picture_interlaced(r->no, r->w, r->h, whole >> 20, PICTURE_WHOLE_BYTES_MAX >> 20);
        return -2;
    }
    /* Every kind of PNG as 8-bit RGBA: palettes and transparency
     * expanded, grey made colour, 16 bits cut to 8, opaque ones given
     * alpha. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_image_width(png, info) != (png_uint_32)r->w ||
        png_get_image_height(png, info) != (png_uint_32)r->h ||
        png_get_rowbytes(png, info) != (size_t)r->w * 4)
        png_error(png, "its size is not what its header says");
    if (passes > 1) {
        /* Interlaced: each pass adds pixels all over the picture, so it
         * is held whole (within its limit, checked before this). */
        r->whole = malloc((size_t)r->w * 4 * (size_t)r->h);
        r->rows = malloc(sizeof *r->rows * (size_t)r->h);
        if ((r->no_memory = !r->whole || !r->rows))
            png_error(png, "out of memory");
        for (int y = 0; y < r->h; y++)
            r->rows[y] = r->whole + (size_t)y * r->w * 4;
        png_read_image(png, r->rows);
        png_read_end(png, NULL); /* up to IEND: a file without it is cut short */
        for (int y = 0; y < r->h; y++)
            r->fn(r->ctx, r->rows[y]);
        return 0;
    }
    if ((r->no_memory = !(r->row = malloc((size_t)r->w * 4))))
        png_error(png, "out of memory");
    for (int y = 0; y < r->h; y++) {
        png_read_row(png, r->row, NULL);
        r->fn(r->ctx, r->row);
    }
    png_read_end(png, NULL);
    return 0;
}

static int png_read_all(reader_t *r)
{
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, png_fail, png_note);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int rc = -1;
    if (!info)
        refuse_picture_memory(r->no, r->w, r->h);
    else
        rc = png_rows(r, png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return rc;
}

/* ---- JPEG ---- */

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    reader_t *r;
} jpeg_err_t;

static void jpeg_fail(j_common_ptr c)
{
    jpeg_err_t *e = (jpeg_err_t *)c->err;
    c->err->format_message(c, e->r->why);
    longjmp(e->jump, 1);
}

/* libjpeg only warns about damage in the entropy-coded data and goes on,
 * painting what is missing grey: the director would never want that
 * slide. Other warnings (an unknown JFIF version, bytes skipped before a
 * marker) leave the picture whole. */
static void jpeg_note(j_common_ptr c, int level)
{
    jpeg_err_t *e = (jpeg_err_t *)c->err;
    int code = c->err->msg_code;
    if (level >= 0 ||
        !(code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE ||
          code == JWRN_ARITH_BAD_CODE || code == JWRN_MUST_RESYNC || code == JWRN_NOT_SEQUENTIAL ||
          code == JWRN_BOGUS_PROGRESSION))
        return;
    if (code == JWRN_JPEG_EOF)
        snprintf(e->r->why, sizeof e->r->why, CUT_SHORT);
    else
        c->err->format_message(c, e->r->why);
    longjmp(e->jump, 1);
}

/* What a progressive JPEG holds whole while it is decoded: every block's
 * coefficients (64 of 2 bytes), each component padded to its sampling. */
static int64_t jpeg_whole_bytes(const struct jpeg_decompress_struct *ci)
{
    int64_t bytes = 0;
    for (int i = 0; i < ci->num_components; i++) {
        const jpeg_component_info *c = &ci->comp_info[i];
        int64_t bw = ((int64_t)c->width_in_blocks + c->h_samp_factor - 1) / c->h_samp_factor *
                     c->h_samp_factor;
        int64_t bh = ((int64_t)c->height_in_blocks + c->v_samp_factor - 1) / c->v_samp_factor *
                     c->v_samp_factor;
        bytes += bw * bh * DCTSIZE2 * (int64_t)sizeof(JCOEF);
    }
    return bytes;
}

static int jpeg_rows(reader_t *r, struct jpeg_decompress_struct *ci, jpeg_err_t *e)
{
    if (setjmp(e->jump)) {
        damaged(r, "JPEG");
        return -1;
    }
    /* A backstop: libjpeg fails rather than hold more than this. */
    ci->mem->max_memory_to_use = PICTURE_WHOLE_BYTES_MAX + (8 << 20);
    jpeg_mem_src(ci, r->data, (unsigned long)r->len);
    jpeg_read_header(ci, TRUE);
    if (ci->image_width != (JDIMENSION)r->w || ci->image_height != (JDIMENSION)r->h) {
        snprintf(r->why, sizeof r->why, "its size is not what its header says");
        longjmp(e->jump, 1);
    }
    int64_t whole = ci->progressive_mode ? jpeg_whole_bytes(ci) : 0;
    if (whole > PICTURE_WHOLE_BYTES_MAX) {
        refuse_picture_progressive(r->no, r->w, r->h, whole >> 20, PICTURE_WHOLE_BYTES_MAX >> 20);
        return -2;
    }
    bool cmyk = ci->jpeg_color_space == JCS_CMYK || ci->jpeg_color_space == JCS_YCCK;
    ci->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(ci);
    if (ci->output_width != (JDIMENSION)r->w || ci->output_components != 4) {
        snprintf(r->why, sizeof r->why, "its size is not what its header says");
        longjmp(e->jump, 1);
    }
    if ((r->no_memory = !(r->row = malloc((size_t)r->w * 4))))
        longjmp(e->jump, 1);
    while (ci->output_scanline < ci->output_height) {
        JSAMPROW row = r->row;
        if (jpeg_read_scanlines(ci, &row, 1) != 1) {
            snprintf(r->why, sizeof r->why, CUT_SHORT);
            longjmp(e->jump, 1);
        }
        /* CMYK as Adobe writes it (inverted: 255 is no ink), or plain. */
        for (int x = 0; cmyk && x < r->w; x++) {
            unsigned char *p = r->row + (size_t)x * 4;
            unsigned k = ci->saw_Adobe_marker ? p[3] : 255u - p[3];
            for (int i = 0; i < 3; i++)
                p[i] = (unsigned char)((ci->saw_Adobe_marker ? p[i] : 255u - p[i]) * k / 255);
            p[3] = 255;
        }
        r->fn(r->ctx, r->row);
    }
    jpeg_finish_decompress(ci); /* up to EOI: a file without it is cut short */
    return 0;
}

static int jpeg_read_all(reader_t *r)
{
    struct jpeg_decompress_struct ci;
    jpeg_err_t e = {.r = r};
    ci.err = jpeg_std_error(&e.pub);
    e.pub.error_exit = jpeg_fail;
    e.pub.emit_message = jpeg_note;
    jpeg_create_decompress(&ci);
    int rc = jpeg_rows(r, &ci, &e);
    jpeg_destroy_decompress(&ci);
    return rc;
}

int picture_read(const void *data, size_t len, picture_type t, int w, int h, picture_row_fn fn,
                 void *ctx, refusal_t *no)
{
    reader_t r = {.data = data, .len = len, .w = w, .h = h, .fn = fn, .ctx = ctx, .no = no};
    int rc = t == PICTURE_PNG ? png_read_all(&r) : jpeg_read_all(&r);
    free(r.row);
    free(r.whole);
    free(r.rows);
    return rc;
}
