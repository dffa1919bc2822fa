/* The league on the screen: before the start the wall shows the current
 * season's leaders beside the clock (and not once the clock runs), and the
 * kiosk gives the season's table a page of its own in its turn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <cmocka.h>

#include "engine.h"
#include "screen/kiosk.h"
#include "screen/wall.h"
#include "store/config.h"

static const int64_t T0 = 1000000;
static model_t m;
static settings_t config;

static void tournament(bool started)
{
    structure_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "League Night");
    snprintf(s.currency, sizeof s.currency, "EUR");
    s.buy_in = 20;
    s.starting_stack = 10000;
    s.n_levels = 2;
    for (int i = 0; i < 2; i++)
        s.levels[i] = (level_t){.kind = LEVEL_PLAY,
                                .small_blind = 100 << i,
                                .big_blind = 200 << i,
                                .duration_ms = 20 * 60000};
    model_init(&m, &s);
    refusal_t no;
    assert_int_equal(model_apply(&m, &(command_t){.type = CMD_REGISTER, .count = 12}, T0, &no),
                     APPLY_OK);
    if (started)
        assert_int_equal(model_apply(&m, &(command_t){.type = CMD_START}, T0, &no), APPLY_OK);
}

static season_board_t board;

static void board_make(void)
{
    static const char *const names[] = {"Bjørn Ødegård", "Cato Berg", "Dina Holm",
                                        "Åse Lie",       "Eli Nes",   "Finn Ask"};
    static const double points[] = {27, 24, 22, 22, 11.5, 4};
    memset(&board, 0, sizeof board);
    snprintf(board.season, sizeof board.season, "Autumn League 2026");
    for (int i = 0; i < 6; i++) {
        board.rows[i].rank = i + 1;
        snprintf(board.rows[i].name, sizeof board.rows[i].name, "%s", names[i]);
        board.rows[i].points = points[i];
    }
    board.n = 6;
}

/* The frame's fingerprint at now, with the board or without; saved as a
 * picture under name when given (tests/out/, to look at). */
static uint64_t frame_hash(int64_t now, bool with_board, const char *name)
{
    static snapshot_t snap;
    memset(&snap, 0, sizeof snap);
    snap.t = m.t;
    snap.seq = 1;
    static show_t show;
    wall_show(&snap, now, -1, &show);
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surface);
    char err[256];
    wall_t *w = wall_new(r, &config, err, sizeof err);
    assert_non_null(w);
    wall_frame_t f = {.snap = &snap,
                      .now = now,
                      .show = &show,
                      .w = 1280,
                      .h = 720,
                      .board = with_board ? &board : NULL};
    wall_plan_t plan;
    wall_plan(w, &f, &plan);
    if (name) {
        wall_render(w, &f);
        char path[256];
        snprintf(path, sizeof path, "tests/out/%s.png", name);
        IMG_SavePNG(surface, path);
    }
    wall_free(w);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surface);
    return plan.hash;
}

static void wall_before_the_start(void **state)
{
    (void)state;
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "en");
    tournament(false);
    uint64_t with = frame_hash(T0, true, "league-wall-1280x720");
    assert_true(with != frame_hash(T0, false, NULL));
    /* The house's short names: another picture. */
    m.t.s.house.short_names = true;
    assert_true(frame_hash(T0, true, NULL) != with);
    /* Once the clock runs, the wall is the clock's. */
    tournament(true);
    assert_true(frame_hash(T0 + 60000, true, NULL) == frame_hash(T0 + 60000, false, NULL));
}

static int distinct(const uint64_t *h, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++) {
        bool again = false;
        for (int k = 0; k < i; k++)
            again |= h[k] == h[i];
        d += !again;
    }
    return d;
}

static void kiosk_turn(void **state)
{
    (void)state;
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "en");
    config.layout = LAYOUT_KIOSK;
    tournament(false); /* the clock stands: only the page in turn changes */
    /* Two turns of the pages, one every KIOSK_PAGE_MS: the structure and
     * the payouts, and with a board the season's table besides. */
    enum { N = 6 };
    uint64_t without[N], with[N], renamed[N];
    for (int i = 0; i < N; i++) {
        char name[64];
        snprintf(name, sizeof name, "league-kiosk-%d", i);
        without[i] = frame_hash(T0 + (int64_t)i * KIOSK_PAGE_MS, false, NULL);
        with[i] = frame_hash(T0 + (int64_t)i * KIOSK_PAGE_MS, true, name);
    }
    assert_int_equal(distinct(without, N), 2);
    assert_int_equal(distinct(with, N), 3);
    /* The season's names are on one page of the turn, and only there. */
    snprintf(board.rows[0].name, sizeof board.rows[0].name, "Bjørn Ødegaard");
    int changed = 0;
    for (int i = 0; i < N; i++) {
        renamed[i] = frame_hash(T0 + (int64_t)i * KIOSK_PAGE_MS, true, NULL);
        changed += renamed[i] != with[i];
    }
    board_make();
    assert_int_equal(changed, 2);
}

int main(void)
{
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    board_make();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wall_before_the_start),
        cmocka_unit_test(kiosk_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
