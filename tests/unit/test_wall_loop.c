/* The wall's main loop against a real engine and SDL's offscreen video
 * driver: it sleeps between seconds, the keypad drives the clock, and
 * without a screen it still keeps the engine ticking. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>
#include <SDL2/SDL.h>

#include "engine.h"
#include "screen/screen.h"
#include "store/config.h"
#include "store/pin.h"

static const char *config_text =
    "tournament = {\n"
    "  name = \"Loop test\";\n"
    "  starting_stack = 10000;\n"
    "  levels = (\n"
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
    "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
    "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
    "  );\n"
    "};\n";

static config_t config;

typedef struct {
    screen_t *screen;
    engine_t *engine;
    volatile int stop;
    int rc;
    pthread_t thread;
} loop_t;

static void *loop_main(void *arg)
{
    loop_t *l = arg;
    l->rc = screen_run(l->screen, l->engine, &l->stop);
    return NULL;
}

static engine_t *engine_open(void)
{
    engine_options_t o = {.state_dir = NULL, .config_text = config_text,
                          .config_name = "loop.cfg"};
    char err[512] = "";
    engine_t *e = engine_new(&o, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    return e;
}

static const char *loop_pin, *loop_state_dir;

static void loop_start(loop_t *l, bool headless)
{
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "en");
    l->engine = engine_open();
    screen_options_t o = {.config = &config, .headless = headless,
                          .panel_url = "http://127.0.0.1:8080/", .pin = loop_pin,
                          .state_dir = loop_state_dir};
    char err[256] = "";
    l->screen = screen_new(&o, err, sizeof err);
    if (!l->screen)
        fail_msg("screen_new: %s", err);
    l->stop = 0;
    pthread_create(&l->thread, NULL, loop_main, l);
}

static void loop_stop(loop_t *l)
{
    l->stop = 1;
    pthread_join(l->thread, NULL);
    assert_int_equal(l->rc, 0);
}

static void loop_free(loop_t *l)
{
    screen_free(l->screen);
    engine_free(l->engine);
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int apply(engine_t *e, command_t c)
{
    char err[256];
    return engine_apply(e, &c, engine_now(e), err, sizeof err);
}

static tourney_view_t view_now(engine_t *e, bool *running)
{
    const snapshot_t *s = engine_snapshot(e);
    tourney_view_t v;
    tourney_view(&s->t, engine_now(e), &v);
    if (running)
        *running = s->t.clock.running;
    snapshot_release(s);
    return v;
}

/* Five seconds of countdown with nothing else happening: about one frame a
 * second, not one per loop turn. */
static void countdown_draws_about_once_a_second(void **state)
{
    (void)state;
    loop_t l;
    loop_start(&l, false);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_START}), 200);
    sleep_ms(600); /* the first frame, and the new-level banner is steady */
    uint64_t before = screen_frames(l.screen);
    sleep_ms(5000);
    uint64_t drawn = screen_frames(l.screen) - before;
    loop_stop(&l);
    print_message("frames in 5 s of countdown: %llu\n", (unsigned long long)drawn);
    assert_true(drawn >= 4);  /* the countdown did move on screen */
    assert_true(drawn <= 10); /* and nothing else was drawn */
    loop_free(&l);
}

/* The end-of-day card is drawn with an animation: frames at the display
 * rate while it moves, then back to none at all (the level clock stops). */
static void animation_draws_only_while_it_moves(void **state)
{
    (void)state;
    loop_t l;
    loop_start(&l, false);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_START}), 200);
    sleep_ms(500);
    uint64_t before = screen_frames(l.screen);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_DAY_END_DRAW, .tables = 1}), 200);
    sleep_ms(3000);
    uint64_t moving = screen_frames(l.screen) - before;
    sleep_ms(2000); /* the card has landed */
    uint64_t after = screen_frames(l.screen);
    sleep_ms(3000);
    uint64_t still = screen_frames(l.screen) - after;
    loop_stop(&l);
    print_message("frames: %llu in 3 s of animation, %llu in 3 s after it\n",
                  (unsigned long long)moving, (unsigned long long)still);
    assert_true(moving >= 60); /* moving: many frames a second */
    assert_int_equal(still, 0); /* settled: nothing to draw */
    loop_free(&l);
}

/* A paused clock shows nothing that changes: the loop draws nothing. */
static void paused_clock_draws_nothing(void **state)
{
    (void)state;
    loop_t l;
    loop_start(&l, false);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_START}), 200);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_PAUSE}), 200);
    sleep_ms(500);
    uint64_t before = screen_frames(l.screen);
    assert_true(before >= 1);
    sleep_ms(3000);
    uint64_t drawn = screen_frames(l.screen) - before;
    loop_stop(&l);
    assert_int_equal(drawn, 0);
    loop_free(&l);
}

/* A generated PIN stands beside the QR code until the director logs in
 * once; then the wall is redrawn without it, though nothing else moves. */
static void pin_leaves_the_wall_after_first_login(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    loop_pin = "482913";
    loop_state_dir = dir;
    loop_t l;
    loop_start(&l, false);
    sleep_ms(2500);
    uint64_t before = screen_frames(l.screen);
    assert_true(before >= 1);
    pin_mark_seen(dir);
    sleep_ms(3000);
    uint64_t after = screen_frames(l.screen);
    sleep_ms(2500);
    uint64_t later = screen_frames(l.screen);
    loop_stop(&l);
    loop_pin = loop_state_dir = NULL;
    assert_int_equal(after, before + 1); /* one new picture: the PIN gone */
    assert_int_equal(later, after);      /* and then nothing */
    loop_free(&l);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void key(SDL_Keycode k)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = k;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    sleep_ms(400);
}

/* The USB keypad: space starts and pauses, arrows move time and levels,
 * Esc takes the announcement down. */
static void keypad_drives_the_clock(void **state)
{
    (void)state;
    loop_t l;
    loop_start(&l, false);
    bool running;
    sleep_ms(300);

    key(SDLK_SPACE);
    view_now(l.engine, &running);
    assert_true(running);

    key(SDLK_SPACE);
    tourney_view_t v = view_now(l.engine, &running);
    assert_false(running);
    int64_t left = v.remaining_ms;

    key(SDLK_UP);
    v = view_now(l.engine, NULL);
    assert_int_equal(v.remaining_ms, left + 60000);
    key(SDLK_DOWN);
    key(SDLK_DOWN);
    v = view_now(l.engine, NULL);
    assert_int_equal(v.remaining_ms, left - 60000);

    key(SDLK_RIGHT);
    v = view_now(l.engine, NULL);
    assert_int_equal(v.level, 1);
    key(SDLK_LEFT);
    v = view_now(l.engine, NULL);
    assert_int_equal(v.level, 0);

    command_t a = {.type = CMD_ANNOUNCE};
    snprintf(a.text, sizeof a.text, "Seat open at table 2");
    assert_int_equal(apply(l.engine, a), 200);
    assert_true(view_now(l.engine, NULL).announcement_active);
    key(SDLK_ESCAPE);
    assert_false(view_now(l.engine, NULL).announcement_active);

    assert_int_equal(apply(l.engine, (command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}),
                     200);
    key(SDLK_BACKSPACE);
    const snapshot_t *s = engine_snapshot(l.engine);
    assert_false(s->t.call.active);
    snapshot_release(s);

    key(SDLK_SPACE);
    view_now(l.engine, &running);
    assert_true(running);
    loop_stop(&l);
    loop_free(&l);
}

/* With no screen at all the loop still ticks the engine: a level that
 * ends is published as a new snapshot without anyone asking. */
static void headless_loop_ticks_the_engine(void **state)
{
    (void)state;
    loop_t l;
    loop_start(&l, true);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_START}), 200);
    assert_int_equal(apply(l.engine, (command_t){.type = CMD_SET_REMAINING, .ms = 300}), 200);
    const snapshot_t *s = engine_snapshot(l.engine);
    uint64_t seq = s->seq;
    snapshot_release(s);
    sleep_ms(1500);
    s = engine_snapshot(l.engine);
    uint64_t after = s->seq;
    snapshot_release(s);
    loop_stop(&l);
    assert_true(after > seq);
    assert_int_equal(screen_frames(l.screen), 0);
    loop_free(&l);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(countdown_draws_about_once_a_second),
        cmocka_unit_test(paused_clock_draws_nothing),
        cmocka_unit_test(animation_draws_only_while_it_moves),
        cmocka_unit_test(keypad_drives_the_clock),
        cmocka_unit_test(pin_leaves_the_wall_after_first_login),
        cmocka_unit_test(headless_loop_ticks_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
