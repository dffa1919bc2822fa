/* The venue's slides: pictures turned upright and scaled, the store across a
 * restart, which slide shows when, the memory they hold, and golden images
 * of a break with a slide at 1080p and in portrait. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <cmocka.h>
#include <jpeglib.h>

#include "engine.h"
#include "model/tourney.h"
#include "screen/screen.h"
#include "screen/slideshow.h"
#include "screen/wall.h"
#include "store/config.h"
#include "store/picture.h"
#include "store/slides.h"

#include "scratch.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

/* scratch.h also mounts tiny file systems: not needed here. */
static void (*const unused_mount)(const char *)
    __attribute__((unused)) = scratch_mount_tiny_or_skip;

static const int64_t T0 = 1000000;

/* An SDL surface saved as PNG (or JPEG) in memory. */
static unsigned char *encode(SDL_Surface *s, bool png, size_t *len)
{
    char path[128];
    snprintf(path, sizeof path, "%s/enc.%s", dir, png ? "png" : "jpg");
    assert_int_equal(png ? IMG_SavePNG(s, path) : IMG_SaveJPG(s, path, 95), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc(*len);
    assert_int_equal(fread(d, 1, *len, f), *len);
    fclose(f);
    unlink(path);
    return d;
}

/* A w x h picture: rgb(x, y) paints it. */
static SDL_Surface *painted(int w, int h, uint32_t (*rgb)(int x, int y, int w, int h))
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            ((uint32_t *)((char *)s->pixels + (size_t)y * s->pitch))[x] = 0xff000000 |
                                                                          rgb(x, y, w, h);
    return s;
}

/* Red in the top left quarter only: every turn and mirror moves it. */
static uint32_t left_red(int x, int y, int w, int h)
{
    return x < w / 2 && y < h / 2 ? 0xdd1111 : 0xffffff;
}

/* A sponsor's card: a gold band, a dark field, a green disc. */
static uint32_t sponsor(int x, int y, int w, int h)
{
    int dx = x - w * 2 / 3, dy = y - h / 2;
    if (y < h / 5)
        return 0xf2b705;
    if (dx * dx + dy * dy < (h / 4) * (h / 4))
        return 0x2e8b57;
    return x < w / 3 ? 0x1d3557 : 0x457b9d;
}

static uint32_t pixel(SDL_Surface *s, int x, int y)
{
    const uint8_t *p = (const uint8_t *)s->pixels + (size_t)y * s->pitch + (size_t)x * 4;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]; /* RGBA bytes */
}

static bool reddish(uint32_t c)
{
    return (c >> 16) > 180 && ((c >> 8) & 0xff) < 80 && (c & 0xff) < 80;
}

/* Adds an EXIF block with this orientation after a JPEG's SOI. */
static unsigned char *with_orientation(const unsigned char *jpg, size_t len, int o, size_t *out)
{
    static const unsigned char head[] = {0xff, 0xe1, 0x00, 0x22, 'E',  'x',  'i',  'f',  0,    0,
                                         'I',  'I',  0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
                                         0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00};
    unsigned char tail[] = {(unsigned char)o, 0, 0, 0, 0, 0, 0, 0};
    *out = len + sizeof head + sizeof tail;
    unsigned char *d = malloc(*out);
    memcpy(d, jpg, 2);
    memcpy(d + 2, head, sizeof head);
    memcpy(d + 2 + sizeof head, tail, sizeof tail);
    memcpy(d + 2 + sizeof head + sizeof tail, jpg + 2, len - 2);
    return d;
}

static int setup(void **state)
{
    (void)state;
    scratch_make("slides");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove();
}

/* A camera's portrait photo (stored sideways, EXIF 6 or 8) comes out
 * upright: the red top left quarter goes to the top right (turned a
 * quarter clockwise, 6) or the bottom left (anticlockwise, 8). */
static void exif_orientation_turns_the_photo(void **state)
{
    (void)state;
    SDL_Surface *s = painted(80, 40, left_red);
    size_t len, olen;
    unsigned char *jpg = encode(s, false, &len);
    SDL_FreeSurface(s);
    /* Where the red is: one point of each quarter, in reading order. */
    struct {
        int o, w, h, red;
    } cases[] = {{1, 80, 40, 0}, {6, 40, 80, 1}, {8, 40, 80, 2}, {3, 80, 40, 3}};
    for (size_t i = 0; i < 4; i++) {
        unsigned char *d = with_orientation(jpg, len, cases[i].o, &olen);
        SDL_Surface *got = picture_decode(d, olen, &no);
        assert_non_null(got);
        assert_int_equal(got->w, cases[i].w);
        assert_int_equal(got->h, cases[i].h);
        int qx[4] = {got->w / 4, got->w * 3 / 4, got->w / 4, got->w * 3 / 4};
        int qy[4] = {got->h / 4, got->h / 4, got->h * 3 / 4, got->h * 3 / 4};
        for (int q = 0; q < 4; q++)
            if (reddish(pixel(got, qx[q], qy[q])) != (q == cases[i].red))
                fail_msg("orientation %d: quarter %d is %s", cases[i].o, q,
                         q == cases[i].red ? "not red" : "red");
        SDL_FreeSurface(got);
        free(d);
    }
    free(jpg);
}

/* Sizes come from the header alone: a 20000 x 20000 PNG is refused before
 * a byte of it is decoded. */
static void header_sizes_refuse_bombs(void **state)
{
    (void)state;
    unsigned char png[33] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0,    0,    13, 'I',
                             'H',  'D', 'R', 0,   0,    0x4e, 0x20, 0,    0, 0x4e, 0x20, 1,  0};
    int w, h;
    assert_int_equal(picture_probe(png, sizeof png, &w, &h, &no), PICTURE_NONE);
    assert_int_equal(w, 20000);
    assert_non_null(strstr(no.text, "20000 x 20000"));
    assert_int_equal(no.code, REFUSAL_picture_pixels);
    assert_int_equal(no.status, APPLY_TOO_LARGE);
    png[18] = 0, png[19] = 100, png[22] = 0, png[23] = 50; /* 100 x 50 */
    assert_int_equal(picture_probe(png, sizeof png, &w, &h, &no), PICTURE_PNG);
    assert_int_equal(w, 100);
    assert_int_equal(h, 50);
    assert_int_equal(picture_probe("GIF89a....", 10, &w, &h, &no), PICTURE_NONE);
    assert_non_null(strstr(no.text, "not a PNG or JPEG"));
    assert_int_equal(no.status, APPLY_UNSUPPORTED);
}

/* A w x h JPEG made by libjpeg itself, red in the top left quarter as
 * left_red paints it: progressive (as editors save for the web), or CMYK
 * as Adobe writes it (inverted; as a print shop sends a sponsor's logo). */
static unsigned char *jpeg_made(int w, int h, bool progressive, bool cmyk, size_t *len)
{
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    unsigned char *out = NULL;
    unsigned long n = 0;
    jpeg_mem_dest(&c, &out, &n);
    c.image_width = (JDIMENSION)w;
    c.image_height = (JDIMENSION)h;
    c.input_components = cmyk ? 4 : 3;
    c.in_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&c);
    if (progressive)
        jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc((size_t)w * 4);
    while (c.next_scanline < c.image_height) {
        for (int x = 0; x < w; x++) {
            uint32_t rgb = left_red(x, (int)c.next_scanline, w, h);
            unsigned char r = rgb >> 16, g = rgb >> 8 & 0xff, b = rgb & 0xff;
            unsigned char *p = row + (size_t)x * c.input_components;
            if (cmyk) { /* inverted: each value is the light left, R = C x K / 255 */
                unsigned char k = r > g ? (r > b ? r : b) : (g > b ? g : b);
                p[0] = (unsigned char)(r * 255 / k), p[1] = (unsigned char)(g * 255 / k);
                p[2] = (unsigned char)(b * 255 / k), p[3] = k;
            } else {
                p[0] = r, p[1] = g, p[2] = b;
            }
        }
        JSAMPROW rp = row;
        jpeg_write_scanlines(&c, &rp, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(row);
    *len = n;
    return out;
}

/* Where the red is, in a picture painted by left_red. */
static void assert_left_red(SDL_Surface *got)
{
    int qx[4] = {got->w / 4, got->w * 3 / 4, got->w / 4, got->w * 3 / 4};
    int qy[4] = {got->h / 4, got->h / 4, got->h * 3 / 4, got->h * 3 / 4};
    for (int q = 0; q < 4; q++)
        if (reddish(pixel(got, qx[q], qy[q])) != (q == 0))
            fail_msg("quarter %d is %s", q, q == 0 ? "not red" : "red");
}

/* Progressive and CMYK JPEGs come out as they look. */
static void progressive_and_cmyk_jpegs_are_read(void **state)
{
    (void)state;
    for (int cmyk = 0; cmyk < 2; cmyk++) {
        size_t len;
        unsigned char *jpg = jpeg_made(160, 80, !cmyk, cmyk, &len);
        refusal_clear(&no);
        SDL_Surface *got = picture_decode(jpg, len, &no);
        if (!got)
            fail_msg("%s: %s", cmyk ? "CMYK" : "progressive", no.text);
        assert_int_equal(got->w, 160);
        assert_int_equal(got->h, 80);
        assert_left_red(got);
        SDL_FreeSurface(got);
        free(jpg);
    }
}

/* A file cut short anywhere, or damaged inside its picture data, is
 * refused, never shown with its missing part grey; so is a progressive
 * JPEG that would take more than PICTURE_WHOLE_BYTES_MAX to decode, from
 * its header alone. */
static void damaged_and_too_large_jpegs_are_refused(void **state)
{
    (void)state;
    for (int progressive = 0; progressive < 2; progressive++) {
        size_t len;
        unsigned char *jpg = jpeg_made(640, 320, progressive, false, &len);
        for (size_t cut = len / 3; cut < len; cut += len / 5) {
            SDL_Surface *got = picture_decode(jpg, cut, &no);
            if (got)
                fail_msg("%s JPEG of %zu bytes cut at %zu was read",
                         progressive ? "a progressive" : "a", len, cut);
            assert_non_null(strstr(no.text, "the JPEG picture is damaged or cut short"));
        }
        free(jpg);
    }
    size_t len, out_len;
    unsigned char *big = jpeg_made(6000, 4000, true, false, &len), *out;
    picture_type type;
    int w, h;
    assert_int_equal(picture_prepare(big, len, &out, &out_len, &type, &w, &h, &no), -2);
    assert_string_equal(no.text,
                        "the picture is 6000 x 4000 pixels and a progressive JPEG: decoding it "
                        "would take 68 MB, at most 48 MB (save it as a standard JPEG, or "
                        "smaller)");
    free(big);
}

/* Scaling down averages: a fine black-and-white checkerboard becomes grey,
 * not black or white (what picking one pixel in four would give). */
static void scaling_down_averages(void **state)
{
    (void)state;
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, 400, 400, 32, SDL_PIXELFORMAT_ABGR8888);
    for (int y = 0; y < 400; y++)
        for (int x = 0; x < 400; x++)
            ((uint32_t *)((char *)src->pixels + (size_t)y * src->pitch))[x] = (x + y) % 2
                                                                                  ? 0xffffffff
                                                                                  : 0xff000000;
    SDL_Surface *d = picture_scale(src, 100, 100);
    for (int i = 0; i < 100; i += 17) {
        uint32_t c = pixel(d, i, 99 - i);
        assert_in_range(c >> 16, 120, 135);
    }
    SDL_FreeSurface(d);
    SDL_FreeSurface(src);
}

/* Slides take turns by their seconds; only those switched on and inside
 * their window show. */
static void turns_and_windows(void **state)
{
    (void)state;
    slide_t s[3] = {{.id = 1, .seconds = 10, .enabled = true},
                    {.id = 2, .seconds = 5, .enabled = true},
                    {.id = 3, .seconds = 20, .enabled = true}};
    int64_t next;
    assert_int_equal(slides_pick(s, 3, 0, &next), 0);
    assert_int_equal(next, 10000);
    assert_int_equal(slides_pick(s, 3, 12000, &next), 1);
    assert_int_equal(next, 3000);
    assert_int_equal(slides_pick(s, 3, 15000, &next), 2);
    assert_int_equal(slides_pick(s, 3, 35000 + 9999, &next), 0);
    assert_int_equal(slides_pick(s, 1, 123456, &next), 0);
    assert_true(next == INT64_MAX);
    assert_int_equal(slides_pick(s, 0, 0, &next), -1);

    time_t at;
    assert_int_equal(slides_when_parse("2026-11-23T18:00", &at), 0);
    slide_t w = {.id = 4, .seconds = 10, .enabled = true};
    snprintf(w.from, sizeof w.from, "2026-11-23T18:00");
    snprintf(w.until, sizeof w.until, "2026-11-30T00:00");
    assert_false(slides_live(&w, at - 1));
    assert_true(slides_live(&w, at));
    assert_true(slides_live(&w, at + 6 * 86400 + 6 * 3600 - 1)); /* the 29th, 23:59:59 */
    assert_false(slides_live(&w, at + 6 * 86400 + 6 * 3600));    /* gone on the 30th */
    w.enabled = false;
    assert_false(slides_live(&w, at));
    assert_int_equal(slides_when_parse("2026-02-29T10:00", &at), -1);
    assert_int_equal(slides_when_parse("2026-11-23 18:00", &at), -1);
}

/* What one store kept, another reads back after a restart; removing a
 * picture removes its file, and no temporary file is left behind. */
static void the_store_survives_a_restart(void **state)
{
    (void)state;
    char err[256];
    slides_t *st = slides_open(dir, err, sizeof err);
    assert_non_null(st);
    assert_string_equal(err, "");
    SDL_Surface *s = painted(64, 32, sponsor);
    size_t len;
    unsigned char *png = encode(s, true, &len);
    SDL_FreeSurface(s);
    slide_t a, b, c;
    assert_int_equal(slides_add_picture(st, png, len, 0, &a, &no), APPLY_OK);
    slide_change_t text = {.n_lines = 1};
    snprintf(text.title, sizeof text.title, "Dinner");
    snprintf(text.lines[0], sizeof text.lines[0], "Burgers at eight");
    assert_int_equal(slides_add_text(st, &text, 15, &b, &no), APPLY_OK);
    assert_int_equal(slides_add_picture(st, png, len, 5, &c, &no), APPLY_OK);
    slide_change_t move = {.has_order = true, .order = 0, .has_enabled = true, .enabled = false};
    slide_t now;
    assert_int_equal(slides_change(st, b.id, &move, &now, &no), APPLY_OK);
    assert_int_equal(slides_remove(st, a.id, &no), APPLY_OK);
    slide_t before[SLIDES_MAX];
    int n = slides_list(st, before, SLIDES_MAX, NULL);
    slides_free(st);

    char path[256];
    snprintf(path, sizeof path, "%s/slides/%d.png", dir, a.id);
    assert_int_not_equal(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/slides/slides.json.tmp", dir);
    assert_int_not_equal(access(path, F_OK), 0);

    st = slides_open(dir, err, sizeof err);
    slide_t after[SLIDES_MAX];
    assert_int_equal(slides_list(st, after, SLIDES_MAX, NULL), n);
    assert_int_equal(n, 2);
    assert_memory_equal(before, after, sizeof before[0] * (size_t)n);
    assert_string_equal(after[0].lines[0], "Burgers at eight");
    assert_false(after[0].enabled);
    size_t got_len;
    bool is_png;
    unsigned char *got = slides_picture(st, c.id, &got_len, &is_png);
    assert_non_null(got);
    assert_true(is_png);
    free(got);
    slides_free(st);
    free(png);
}

/* However many pictures take turns, at most the shown one and the next are
 * decoded; a 1080p picture is 8.3 MB of pixels. */
static void decoded_pictures_stay_within_the_budget(void **state)
{
    (void)state;
    char err[256];
    slides_t *st = slides_open(dir, err, sizeof err);
    SDL_Surface *s = painted(1920, 1080, sponsor);
    size_t len;
    unsigned char *jpg = encode(s, false, &len);
    SDL_FreeSurface(s);
    slide_t sl;
    for (int i = 0; i < 6; i++)
        assert_int_equal(slides_add_picture(st, jpg, len, 5, &sl, &no), APPLY_OK);
    slideshow_t *ss = slideshow_new(st);
    size_t most = 0;
    int64_t next;
    int seen[8] = {0};
    for (int64_t t = 0; t < 60000; t += 1000) {
        wall_slide_t *w = slideshow_get(ss, t, time(NULL), &next);
        assert_non_null(w);
        assert_non_null(w->pixels);
        seen[w->slide.id]++;
        size_t b = slideshow_bytes(ss);
        most = b > most ? b : most;
        slideshow_release(w);
    }
    for (int id = 1; id <= 6; id++)
        assert_int_equal(seen[id], 10);
    print_message("decoded slides held at most: %.1f MB (6 pictures of 1920x1080)\n", most / 1e6);
    assert_true(most <= (size_t)SLIDESHOW_DECODED * 1920 * 1080 * 4);
    assert_true(most >= (size_t)2 * 1920 * 1080 * 4);
    slideshow_free(ss);
    slides_free(st);
    free(jpg);
}

/* ---- the wall with a slide ---- */

static model_t m;

static void run(command_t c, int64_t now)
{
    if (model_apply(&m, &c, now, &no) != APPLY_OK)
        fail_msg("%s: %s", command_name(c.type), no.text);
}

/* Two levels of 20 minutes, a 15-minute break; 30 players. */
static void tournament(void)
{
    structure_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "Friday Freezeout");
    snprintf(s.currency, sizeof s.currency, "EUR");
    s.buy_in = 50;
    s.starting_stack = 20000;
    level_t l[] =
        {{.kind = LEVEL_PLAY, .small_blind = 100, .big_blind = 200, .duration_ms = 1200000},
         {.kind = LEVEL_BREAK, .duration_ms = 900000},
         {.kind = LEVEL_PLAY,
          .small_blind = 200,
          .big_blind = 400,
          .ante = 400,
          .big_blind_ante = true,
          .duration_ms = 1200000}};
    s.n_levels = 3;
    memcpy(s.levels, l, sizeof l);
    s.n_payouts = 1;
    s.payouts[0] = (payout_table_t){.min_entries = 2, .places = 3, .bp = {5000, 3000, 2000}};
    model_init(&m, &s);
    run((command_t){.type = CMD_REGISTER, .count = 30}, T0 - 60000);
    run((command_t){.type = CMD_START}, T0);
}

static settings_t config;

static SDL_Surface *decode_png(const unsigned char *png, size_t len)
{
    SDL_Surface *raw = IMG_Load_RW(SDL_RWFromConstMem(png, (int)len), 1);
    SDL_Surface *s = raw ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGB888, 0) : NULL;
    SDL_FreeSurface(raw);
    return s;
}

static long differing(SDL_Surface *a, SDL_Surface *b)
{
    if (a->w != b->w || a->h != b->h)
        return (long)a->w * a->h;
    long n = 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            n += (((uint32_t *)((uint8_t *)a->pixels + y * a->pitch))[x] & 0xffffff) !=
                 (((uint32_t *)((uint8_t *)b->pixels + y * b->pitch))[x] & 0xffffff);
    return n;
}

/* The render against tests/golden/NAME.png (UPDATE_GOLDEN=1 writes it;
 * a mismatch goes to tests/out/NAME.png). */
static int golden(const char *name, int64_t now, int w, int h)
{
    static snapshot_t snap;
    memset(&snap, 0, sizeof snap);
    snap.t = m.t;
    snap.seq = 1;
    unsigned char *png;
    size_t len;
    assert_int_equal(wall_render_png(&config, &snap, now, w, h, NULL, NULL, &png, &len), 0);
    char path[256], out[256];
    snprintf(path, sizeof path, "tests/golden/%s.png", name);
    snprintf(out, sizeof out, "tests/out/%s.png", name);
    SDL_Surface *got = decode_png(png, len);
    int failed = 0;
    if (getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1') {
        FILE *f = fopen(path, "wb");
        fwrite(png, 1, len, f);
        fclose(f);
    } else {
        SDL_Surface *raw = IMG_Load(path);
        SDL_Surface *want = raw ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGB888, 0) : NULL;
        SDL_FreeSurface(raw);
        long diff = want ? differing(got, want) : -1;
        if (diff != 0) {
            mkdir("tests/out", 0755);
            FILE *f = fopen(out, "wb");
            fwrite(png, 1, len, f);
            fclose(f);
            print_message("%s: %ld pixels differ from %s (no golden: -1); this render is in %s\n",
                          name, diff, path, out);
            failed = 1;
        }
        SDL_FreeSurface(want);
    }
    SDL_FreeSurface(got);
    free(png);
    return failed;
}

/* A break with the sponsor's picture at 1080p and in portrait, a text slide
 * at 1080p; and while a level runs, no slide. */
static void golden_break_with_a_slide(void **state)
{
    (void)state;
    char err[256];
    slides_t *st = slides_open(dir, err, sizeof err);
    SDL_Surface *s = painted(1600, 900, sponsor);
    size_t len;
    unsigned char *png = encode(s, true, &len);
    SDL_FreeSurface(s);
    slide_t pic, txt;
    assert_int_equal(slides_add_picture(st, png, len, 10, &pic, &no), APPLY_OK);
    slide_change_t text = {.n_lines = 3};
    snprintf(text.title, sizeof text.title, "Dinner at the break");
    snprintf(text.lines[0], sizeof text.lines[0], "Burgers and salads at the bar");
    snprintf(text.lines[1], sizeof text.lines[1], "Order before level 6");
    snprintf(text.lines[2], sizeof text.lines[2], "Phones off the table");
    assert_int_equal(slides_add_text(st, &text, 10, &txt, &no), APPLY_OK);
    slideshow_t *ss = slideshow_new(st);
    wall_render_slides(ss);
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "en");
    tournament();
    /* 5:00 into the break; slides turn every 10 s from the clock's zero. */
    int64_t brk = T0 + 1200000 + 300000;
    int64_t at_pic = brk - brk % 20000, at_txt = at_pic + 10000;
    int failed = golden("slide-break-picture-1920x1080", at_pic, 1920, 1080) +
                 golden("slide-break-picture-1080x1920", at_pic, 1080, 1920) +
                 golden("slide-break-text-1920x1080", at_txt, 1920, 1080) +
                 golden("slide-running-none-1280x720", T0 + 600000, 1280, 720);
    /* The house's band: the slide beside the running clock, landscape only
     * (portrait is the wall as without it). */
    m.t.s.house.slides_band = true;
    int64_t run_pic = T0 + 600000 - (T0 + 600000) % 20000; /* 10:00 into level 1 */
    failed += golden("slide-band-running-1920x1080", run_pic, 1920, 1080);
    failed += golden("running-1080x1920-band-none", T0 + 600000, 1080, 1920);
    m.t.s.house.slides_band = false;
    failed += golden("running-1080x1920-band-none", T0 + 600000, 1080, 1920);
    /* A screen of slides (layout = "slides"): the slide under the clock,
     * small, while a level runs; in portrait too. */
    config.layout = LAYOUT_SLIDES;
    failed += golden("slides-screen-running-1920x1080", run_pic, 1920, 1080) +
              golden("slides-screen-running-1080x1920", run_pic + 10000, 1080, 1920);
    config.layout = LAYOUT_WALL;
    wall_render_slides(NULL);
    slideshow_free(ss);
    slides_free(st);
    free(png);
    assert_int_equal(failed, 0);
}

/* Before the start the countdown stands still: the picture changes only
 * when the slide does, and the wall wakes for exactly that. */
static void a_slide_change_is_one_redraw(void **state)
{
    (void)state;
    char err[256];
    slides_t *st = slides_open(dir, err, sizeof err);
    slide_change_t text = {.n_lines = 0};
    slide_t sl;
    snprintf(text.title, sizeof text.title, "One");
    assert_int_equal(slides_add_text(st, &text, 10, &sl, &no), APPLY_OK);
    snprintf(text.title, sizeof text.title, "Two");
    assert_int_equal(slides_add_text(st, &text, 10, &sl, &no), APPLY_OK);
    slideshow_t *ss = slideshow_new(st);
    structure_t s;
    memset(&s, 0, sizeof s);
    s.levels[0] =
        (level_t){.kind = LEVEL_PLAY, .small_blind = 25, .big_blind = 50, .duration_ms = 1200000};
    s.n_levels = 1;
    model_init(&m, &s);
    static snapshot_t snap;
    snap.t = m.t;
    snap.seq = 1;
    memset(&config, 0, sizeof config);
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(canvas);
    wall_t *w = wall_new(r, &config, err, sizeof err);
    assert_non_null(w);
    uint64_t last = 0;
    int changes = 0;
    for (int64_t t = 200000; t < 260000; t += 500) {
        static show_t show;
        wall_show(&snap, t, -1, &show);
        wall_frame_t f = {.snap = &snap, .now = t, .show = &show, .w = 1280, .h = 720};
        wall_slide_t *shown = slideshow_get(ss, t, time(NULL), &f.slide_next_in_ms);
        f.slide = shown;
        wall_plan_t plan;
        wall_plan(w, &f, &plan);
        if (t > 200000 && plan.hash != last)
            changes++;
        last = plan.hash;
        /* It wakes when the next slide is due, not before. */
        assert_int_equal(plan.wake_in_ms, 10000 - t % 10000);
        slideshow_release(shown);
    }
    assert_int_equal(changes, 5); /* at 210, 220, 230, 240 and 250 s: one each */
    wall_free(w);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(canvas);
    slideshow_free(ss);
    slides_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(exif_orientation_turns_the_photo, setup, teardown),
        cmocka_unit_test(header_sizes_refuse_bombs),
        cmocka_unit_test(scaling_down_averages),
        cmocka_unit_test(progressive_and_cmyk_jpegs_are_read),
        cmocka_unit_test(damaged_and_too_large_jpegs_are_refused),
        cmocka_unit_test(turns_and_windows),
        cmocka_unit_test_setup_teardown(the_store_survives_a_restart, setup, teardown),
        cmocka_unit_test_setup_teardown(decoded_pictures_stay_within_the_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(golden_break_with_a_slide, setup, teardown),
        cmocka_unit_test_setup_teardown(a_slide_change_is_one_redraw, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
