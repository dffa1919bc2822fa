/* The wall's main loop against a real engine and SDL's offscreen video
 * driver, on a clock of the test's own: the loop's waits move time on at
 * once, so the frame rules (one frame a second for a countdown, the display
 * rate while something moves, none while nothing changes) are checked to the
 * millisecond and without waiting. */
#include <dlfcn.h>
#include <ifaddrs.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <SDL2/SDL.h>
#include <cmocka.h>

#include "engine.h"
#include "screen/screen.h"
#include "store/config.h"
#include "store/pin.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static const char *config_text = "tournament = {\n"
                                 "  name = \"Loop test\";\n"
                                 "  starting_stack = 10000;\n"
                                 "  levels = (\n"
                                 "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"
                                 "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"
                                 "    { small_blind = 100; big_blind = 200; minutes = 20; }\n"
                                 "  );\n"
                                 "};\n";

enum { MAX_FRAMES = 4096 };

typedef struct loop loop_t;

/* A loop run on the test's clock. */
struct loop {
    screen_t *screen;
    engine_t *engine;
    volatile sig_atomic_t stop;
    int64_t start; /* the engine's time when the test began */
    int64_t now;   /* the loop's time */
    int64_t end;   /* the loop is stopped here */
    /* What the test does while the loop runs: called at each wait, with the
     * loop's time, before time moves on. */
    void (*script)(loop_t *l);
    int step;
    int64_t frame_at[MAX_FRAMES]; /* when each frame was drawn, from start */
    int n_frames;
    int64_t longest_wait;
};

static settings_t config;
static const char *loop_pin, *loop_state_dir, *loop_url = "http://127.0.0.1:8080/";

/* The system's network interfaces and host name, as the wall asks for
 * them (the panel's addresses beside the QR code): counted, then given by
 * the system as ever. */
static int getifaddrs_calls, gethostname_calls;

int getifaddrs(struct ifaddrs **ifap)
{
    getifaddrs_calls++;
    int (*real)(struct ifaddrs **) = (int (*)(struct ifaddrs **))dlsym(RTLD_NEXT, "getifaddrs");
    return real(ifap);
}

int gethostname(char *name, size_t len)
{
    gethostname_calls++;
    int (*real)(char *, size_t) = (int (*)(char *, size_t))dlsym(RTLD_NEXT, "gethostname");
    return real(name, len);
}

static int64_t test_now(void *ctx)
{
    return ((loop_t *)ctx)->now;
}

/* The loop draws, then waits: frames drawn since the last wait were drawn
 * at this time. */
static void test_wait(void *ctx, int64_t ms)
{
    loop_t *l = ctx;
    uint64_t frames = screen_frames(l->screen);
    while ((uint64_t)l->n_frames < frames && l->n_frames < MAX_FRAMES)
        l->frame_at[l->n_frames++] = l->now - l->start;
    if (l->script)
        l->script(l);
    if (ms > l->longest_wait)
        l->longest_wait = ms;
    l->now += ms;
    if (l->now >= l->end)
        l->stop = 1;
}

static void loop_open(loop_t *l, bool headless)
{
    memset(l, 0, sizeof *l);
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "en");
    engine_options_t eo = {.config_text = config_text, .config_name = "loop.cfg"};
    char err[512] = "";
    l->engine = engine_new(&eo, err, sizeof err);
    if (!l->engine)
        fail_msg("engine_new: %s", err);
    l->start = l->now = engine_now(l->engine);
    screen_options_t o = {.config = &config,
                          .headless = headless,
                          .panel_url = loop_url,
                          .pin = loop_pin,
                          .state_dir = loop_state_dir,
                          .clock = {.now = test_now, .wait = test_wait, .ctx = l}};
    l->screen = screen_new(&o, err, sizeof err);
    if (!l->screen)
        fail_msg("screen_new: %s", err);
}

/* Runs the loop until ms after the start of the test. */
static void loop_run_until(loop_t *l, int64_t ms)
{
    l->end = l->start + ms;
    l->stop = 0;
    assert_int_equal(screen_run(l->screen, l->engine, &l->stop), 0);
}

static void loop_free(loop_t *l)
{
    screen_free(l->screen);
    engine_free(l->engine);
}

/* Frames drawn from..to ms after the start. */
static int frames_between(const loop_t *l, int64_t from, int64_t to)
{
    int n = 0;
    for (int i = 0; i < l->n_frames; i++)
        n += l->frame_at[i] >= from && l->frame_at[i] < to;
    return n;
}

static int apply(loop_t *l, command_t c)
{
    return engine_apply(l->engine, &c, l->now, &no);
}

static tourney_view_t view_now(loop_t *l, bool *running)
{
    const snapshot_t *s = engine_snapshot(l->engine);
    tourney_view_t v;
    tourney_view(&s->t, l->now, &v);
    if (running)
        *running = s->t.clock.running;
    snapshot_release(s);
    return v;
}

/* A countdown with nothing else going on: one frame each time the shown
 * second changes (just after it), and none in between. */
static void countdown_draws_once_a_second(void **state)
{
    (void)state;
    loop_t l;
    loop_open(&l, false);
    assert_int_equal(apply(&l, (command_t){.type = CMD_START}), APPLY_OK);
    loop_run_until(&l, 10000);
    int first = frames_between(&l, 0, 4000);
    print_message("frames: %d in the first 4 s, %d in the next 6 s\n", first,
                  frames_between(&l, 4000, 10000));
    assert_true(first >= 4);
    /* Settled: the countdown's second changes at every whole second from
     * the start, and the frame comes 2 ms after it. */
    for (int s = 4; s < 10; s++) {
        assert_int_equal(frames_between(&l, s * 1000, (s + 1) * 1000), 1);
        assert_int_equal(frames_between(&l, s * 1000 + 2, s * 1000 + 3), 1);
    }
    loop_free(&l);
}

/* A paused clock shows nothing that changes: the loop draws the first frame
 * and then nothing, and sleeps in long waits. */
static void paused_clock_draws_nothing(void **state)
{
    (void)state;
    loop_t l;
    loop_open(&l, false);
    assert_int_equal(apply(&l, (command_t){.type = CMD_START}), APPLY_OK);
    assert_int_equal(apply(&l, (command_t){.type = CMD_PAUSE}), APPLY_OK);
    loop_run_until(&l, 60000);
    assert_int_equal(l.n_frames, 1);
    assert_int_equal(l.frame_at[0], 0);
    loop_free(&l);
}

static void draw_the_day_end_card(loop_t *l)
{
    if (l->step == 0 && l->now - l->start >= 1000) {
        l->step = 1;
        assert_int_equal(apply(l, (command_t){.type = CMD_DAY_END_DRAW, .tables = 1}), APPLY_OK);
    }
}

/* The end-of-day card is drawn with an animation: a frame every 18 ms
 * (16 ms and the 2 ms past) while it moves, then none at all (the level
 * clock stops at the end of the day). */
static void animation_draws_only_while_it_moves(void **state)
{
    (void)state;
    loop_t l;
    loop_open(&l, false);
    assert_int_equal(apply(&l, (command_t){.type = CMD_START}), APPLY_OK);
    l.script = draw_the_day_end_card;
    loop_run_until(&l, 12000);
    int moving = frames_between(&l, 1000, 2000);
    print_message("frames: %d in the first second of the card, %d in the last 6 s\n", moving,
                  frames_between(&l, 6000, 12000));
    /* The first frame of the card comes with the next wait (a key slice at
     * most); from then on the animation runs at the display rate. */
    int i = 0;
    while (i < l.n_frames && l.frame_at[i] < 1000)
        i++;
    assert_true(i < l.n_frames && l.frame_at[i] <= 1100);
    for (int k = i + 1; k < l.n_frames && l.frame_at[k] < 2000; k++)
        assert_int_equal(l.frame_at[k] - l.frame_at[k - 1], 18);
    assert_true(moving >= 50);
    assert_int_equal(frames_between(&l, 6000, 12000), 0);
    loop_free(&l);
}

static void director_logs_in(loop_t *l)
{
    if (l->step == 0 && l->now - l->start >= 2500) {
        l->step = 1;
        pin_mark_seen(loop_state_dir);
    }
}

/* A generated PIN stands beside the QR code until the director logs in
 * once; the loop looks every 2 s and then draws the wall once without it,
 * though nothing else moves. */
static void pin_leaves_the_wall_after_first_login(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    loop_pin = "482913";
    loop_state_dir = dir;
    loop_t l;
    loop_open(&l, false);
    l.script = director_logs_in;
    loop_run_until(&l, 20000);
    loop_pin = loop_state_dir = NULL;
    assert_int_equal(frames_between(&l, 0, 2500), 1); /* with the PIN */
    /* It looks every 2 s (and the 2 ms past): at 2002 ms the PIN is not
     * seen yet, at 4004 ms it is, and the wall is drawn without it. */
    assert_int_equal(frames_between(&l, 2500, 4004), 0);
    assert_int_equal(frames_between(&l, 4004, 4005), 1);
    assert_int_equal(frames_between(&l, 4005, 20000), 0); /* and then nothing */
    loop_free(&l);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void press(SDL_Keycode k)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = k;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

/* The USB keypad, one key a wait: each key is pressed while the loop waits
 * and handled right after it; the next wait checks what it did. */
static void keypad_script(loop_t *l)
{
    bool running;
    tourney_view_t v = view_now(l, &running);
    static int64_t left;
    switch (l->step++) {
    case 0: press(SDLK_SPACE); break;
    case 1:
        assert_true(running);
        press(SDLK_SPACE);
        break;
    case 2:
        assert_false(running);
        left = v.remaining_ms;
        press(SDLK_UP);
        break;
    case 3:
        assert_int_equal(v.remaining_ms, left + 60000);
        press(SDLK_DOWN);
        break;
    case 4: press(SDLK_DOWN); break;
    case 5:
        assert_int_equal(v.remaining_ms, left - 60000);
        press(SDLK_RIGHT);
        break;
    case 6:
        assert_int_equal(v.level, 1);
        press(SDLK_LEFT);
        break;
    case 7: {
        assert_int_equal(v.level, 0);
        command_t a = {.type = CMD_ANNOUNCE};
        snprintf(a.text, sizeof a.text, "Seat open at table 2");
        assert_int_equal(apply(l, a), APPLY_OK);
        assert_true(view_now(l, NULL).announcement_active);
        press(SDLK_ESCAPE);
        break;
    }
    case 8:
        assert_false(v.announcement_active);
        assert_int_equal(apply(l, (command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}),
                         APPLY_OK);
        press(SDLK_BACKSPACE);
        break;
    case 9: {
        const snapshot_t *s = engine_snapshot(l->engine);
        assert_false(s->t.call.active);
        snapshot_release(s);
        press(SDLK_SPACE);
        break;
    }
    case 10:
        assert_true(running);
        l->stop = 1;
        break;
    default: break;
    }
}

/* The QR code of this machine's own panel with its addresses, a frame a
 * second for a minute: the addresses are looked up every 10 s, not for
 * every frame (each look a system call per network interface). */
static void addresses_are_not_looked_up_per_frame(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-addr-XXXXXX";
    assert_non_null(mkdtemp(dir));
    loop_pin = "482913"; /* the PIN brings the QR code out while the clock runs */
    loop_state_dir = dir;
    loop_url = "http://localhost:8080/";
    loop_t l;
    loop_open(&l, false);
    assert_int_equal(apply(&l, (command_t){.type = CMD_START}), APPLY_OK);
    getifaddrs_calls = gethostname_calls = 0;
    loop_run_until(&l, 60000);
    loop_pin = loop_state_dir = NULL;
    loop_url = "http://127.0.0.1:8080/";
    print_message("frames: %d; getifaddrs: %d calls, gethostname: %d\n", l.n_frames,
                  getifaddrs_calls, gethostname_calls);
    assert_true(l.n_frames >= 55);
    /* A look: gethostname once, getifaddrs twice (this machine's address,
     * then the one to show); seven looks in a minute at most. */
    assert_true(gethostname_calls >= 1 && gethostname_calls <= 7);
    assert_true(getifaddrs_calls >= 1 && getifaddrs_calls <= 14);
    loop_free(&l);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* Space starts and pauses, arrows move time and levels, Esc and Backspace
 * take the banner in front down. */
static void keypad_drives_the_clock(void **state)
{
    (void)state;
    loop_t l;
    loop_open(&l, false);
    l.script = keypad_script;
    loop_run_until(&l, 60000);
    assert_int_equal(l.step, 11); /* every step ran */
    loop_free(&l);
}

/* With no screen at all the loop still ticks the engine: a level that
 * ends is published as a new snapshot without anyone asking, within a
 * tick (250 ms). */
static void headless_loop_ticks_the_engine(void **state)
{
    (void)state;
    loop_t l;
    loop_open(&l, true);
    assert_int_equal(apply(&l, (command_t){.type = CMD_START}), APPLY_OK);
    assert_int_equal(apply(&l, (command_t){.type = CMD_SET_REMAINING, .ms = 300}), APPLY_OK);
    const snapshot_t *s = engine_snapshot(l.engine);
    uint64_t seq = s->seq;
    snapshot_release(s);
    loop_run_until(&l, 550);
    s = engine_snapshot(l.engine);
    assert_true(s->seq > seq);
    snapshot_release(s);
    assert_int_equal(view_now(&l, NULL).level, 1);
    assert_int_equal(screen_frames(l.screen), 0);
    assert_true(l.longest_wait <= 250);
    loop_free(&l);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(countdown_draws_once_a_second),
        cmocka_unit_test(paused_clock_draws_nothing),
        cmocka_unit_test(animation_draws_only_while_it_moves),
        cmocka_unit_test(keypad_drives_the_clock),
        cmocka_unit_test(pin_leaves_the_wall_after_first_login),
        cmocka_unit_test(headless_loop_ticks_the_engine),
        cmocka_unit_test(addresses_are_not_looked_up_per_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
