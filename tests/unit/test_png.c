/* The PNG encoder: what it writes decodes (with SDL_image's libpng) to the
 * same pixels, at odd sizes and in other pixel formats. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <cmocka.h>

#include "screen/png.h"

static void round_trip(int w, int h, Uint32 format)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format);
    assert_non_null(s);
    /* Flat runs, edges and noise: every filter difference wraps somewhere. */
    uint32_t seed = 12345;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            seed = seed * 1103515245u + 12345u;
            Uint8 r = x < w / 3 ? 200 : (Uint8)(seed >> 16), g = (Uint8)(y * 7), b = (Uint8)(x ^ y);
            ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] = SDL_MapRGB(s->format, r, g, b);
        }
    unsigned char *png = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(s, &png, &len), 0);
    assert_true(len > 8);
    SDL_Surface *d = IMG_Load_RW(SDL_RWFromConstMem(png, (int)len), 1);
    assert_non_null(d);
    assert_int_equal(d->w, w);
    assert_int_equal(d->h, h);
    SDL_Surface *dc = SDL_ConvertSurfaceFormat(d, SDL_PIXELFORMAT_RGB888, 0);
    SDL_Surface *sc = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGB888, 0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            Uint32 a = ((Uint32 *)((Uint8 *)sc->pixels + y * sc->pitch))[x] & 0xffffff;
            Uint32 b = ((Uint32 *)((Uint8 *)dc->pixels + y * dc->pitch))[x] & 0xffffff;
            if (a != b)
                fail_msg("%dx%d: pixel %d,%d is %06x, written %06x", w, h, x, y, b, a);
        }
    SDL_FreeSurface(dc);
    SDL_FreeSurface(sc);
    SDL_FreeSurface(d);
    SDL_FreeSurface(s);
    free(png);
}

static void pixels_survive(void **state)
{
    (void)state;
    round_trip(1, 1, SDL_PIXELFORMAT_RGB888);
    round_trip(97, 31, SDL_PIXELFORMAT_RGB888);
    round_trip(640, 360, SDL_PIXELFORMAT_RGB888);
    round_trip(33, 17, SDL_PIXELFORMAT_ARGB8888);
    round_trip(50, 40, SDL_PIXELFORMAT_ABGR8888);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(pixels_survive)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
