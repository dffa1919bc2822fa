/* The TV over HDMI-CEC: the bytes of each message against the CEC
 * specification (HDMI 1.4b supplement 1: header block initiator << 4 |
 * destination, then opcode and operands), what the clock's state asks of
 * the TV, and the TV's thread against a fake CEC device with a real engine. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cec/cec_msg.h"
#include "cec/tv.h"
#include "engine.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

/* ---- a fake CEC device: records what is sent, the TV answers its power.
 * The TV's thread sends, the test reads: lock guards sent and n. */
typedef struct {
    pthread_mutex_t lock;
    cec_frame_t sent[64];
    int n;
    uint8_t la; /* ours; CEC_LA_BROADCAST: none */
    uint16_t pa;
    int tv_power; /* what the TV reports; -1: it does not answer */
} fake_t;

static int fake_send(void *ctx, const cec_frame_t *f, uint8_t reply_op, cec_frame_t *reply)
{
    fake_t *k = ctx;
    pthread_mutex_lock(&k->lock);
    if (k->n < 64)
        k->sent[k->n++] = *f;
    pthread_mutex_unlock(&k->lock);
    if (!reply_op)
        return 0;
    if (k->tv_power < 0)
        return -ETIMEDOUT;
    /* <Report Power Status> from the TV to the initiator. */
    reply->b[0] = (uint8_t)(CEC_LA_TV << 4 | (f->b[0] >> 4));
    reply->b[1] = CEC_OP_REPORT_POWER_STATUS;
    reply->b[2] = (uint8_t)k->tv_power;
    reply->len = 3;
    return 0;
}
static uint8_t fake_la(void *ctx)
{
    return ((fake_t *)ctx)->la;
}
static uint16_t fake_pa(void *ctx)
{
    return ((fake_t *)ctx)->pa;
}

static void frame_is(const cec_frame_t *f, size_t len, const uint8_t *want)
{
    assert_int_equal(f->len, len);
    assert_memory_equal(f->b, want, len);
}

/* Playback device 1 is logical address 4; the Pi on the TV's HDMI 1 is
 * physical address 1.0.0.0. */
static void messages_have_the_specified_bytes(void **state)
{
    (void)state;
    cec_frame_t f = cec_image_view_on(4);
    frame_is(&f, 2, (const uint8_t[]){0x40, 0x04});
    f = cec_active_source(4, 0x1000);
    frame_is(&f, 4, (const uint8_t[]){0x4f, 0x82, 0x10, 0x00});
    f = cec_active_source(8, 0x2100); /* playback device 2 on HDMI 2's switch port 1 */
    frame_is(&f, 4, (const uint8_t[]){0x8f, 0x82, 0x21, 0x00});
    f = cec_standby(4);
    frame_is(&f, 2, (const uint8_t[]){0x40, 0x36});
    f = cec_give_power_status(4);
    frame_is(&f, 2, (const uint8_t[]){0x40, 0x8f});
}

static void the_tvs_power_report_is_read(void **state)
{
    (void)state;
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90, 0x00}, 3), TV_POWER_ON);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90, 0x01}, 3), TV_POWER_STANDBY);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90, 0x02}, 3), TV_POWER_TURNING_ON);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90, 0x03}, 3),
                     TV_POWER_TURNING_OFF);
    /* Not the TV, not the report, a reserved value, too short. */
    assert_int_equal(cec_power_status((const uint8_t[]){0x54, 0x90, 0x00}, 3), TV_POWER_UNKNOWN);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x8f, 0x00}, 3), TV_POWER_UNKNOWN);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90, 0x04}, 3), TV_POWER_UNKNOWN);
    assert_int_equal(cec_power_status((const uint8_t[]){0x04, 0x90}, 2), TV_POWER_UNKNOWN);
    assert_string_equal(tv_power_name(TV_POWER_STANDBY), "standby");
}

static void actions_send_their_frames(void **state)
{
    (void)state;
    fake_t k = {.lock = PTHREAD_MUTEX_INITIALIZER, .la = 4, .pa = 0x1000, .tv_power = 0};
    tv_link_t l = {.send = fake_send, .log_addr = fake_la, .phys_addr = fake_pa, .ctx = &k};
    assert_int_equal(tv_act(&l, TV_DO_SHOW), 0);
    assert_int_equal(k.n, 2);
    frame_is(&k.sent[0], 2, (const uint8_t[]){0x40, 0x04});
    frame_is(&k.sent[1], 4, (const uint8_t[]){0x4f, 0x82, 0x10, 0x00});
    k.n = 0;
    assert_int_equal(tv_act(&l, TV_DO_ON), 0);
    assert_int_equal(k.n, 1);
    frame_is(&k.sent[0], 2, (const uint8_t[]){0x40, 0x04});
    k.n = 0;
    assert_int_equal(tv_act(&l, TV_DO_STANDBY), 0);
    frame_is(&k.sent[0], 2, (const uint8_t[]){0x40, 0x36});
    k.n = 0;
    k.tv_power = 1;
    assert_int_equal(tv_ask_power(&l), TV_POWER_STANDBY);
    frame_is(&k.sent[0], 2, (const uint8_t[]){0x40, 0x8f});
    /* No TV: no address claimed, nothing sent. */
    k.n = 0;
    k.la = CEC_LA_BROADCAST;
    assert_int_equal(tv_act(&l, TV_DO_SHOW), -ENONET);
    assert_int_equal(tv_ask_power(&l), TV_POWER_UNKNOWN);
    assert_int_equal(k.n, 0);
    tv_action a;
    assert_int_equal(tv_action_parse("show", &a), 0);
    assert_int_equal(a, TV_DO_SHOW);
    assert_int_equal(tv_action_parse("standby", &a), 0);
    assert_int_equal(a, TV_DO_STANDBY);
    assert_int_equal(tv_action_parse("reboot", &a), -1);
    assert_int_equal(tv_action_parse(NULL, &a), -1);
}

static void the_clock_shows_itself_and_lets_the_tv_sleep_after_the_end(void **state)
{
    (void)state;
    tv_policy_t p = {0};
    tv_facts_t f = {0};
    const int64_t ten_min = 600000;
    /* Power on: nothing until the wall is on the screen, then once. */
    assert_int_equal(tv_policy_step(&p, &f, 0, ten_min), TV_DO_NONE);
    f.first_frame = true;
    assert_int_equal(tv_policy_step(&p, &f, 100, ten_min), TV_DO_SHOW);
    assert_int_equal(tv_policy_step(&p, &f, 200, ten_min), TV_DO_NONE);
    /* Start, pause, resume: shown at each start. */
    f.running = true;
    assert_int_equal(tv_policy_step(&p, &f, 1000, ten_min), TV_DO_SHOW);
    assert_int_equal(tv_policy_step(&p, &f, 2000, ten_min), TV_DO_NONE);
    f.running = false;
    assert_int_equal(tv_policy_step(&p, &f, 3000, ten_min), TV_DO_NONE);
    f.running = true;
    assert_int_equal(tv_policy_step(&p, &f, 4000, ten_min), TV_DO_SHOW);
    /* Over (the clock stops): standby ten minutes later, once. */
    f.running = false;
    f.over = true;
    assert_int_equal(tv_policy_step(&p, &f, 10000, ten_min), TV_DO_NONE);
    assert_int_equal(tv_policy_step(&p, &f, 10000 + ten_min - 1, ten_min), TV_DO_NONE);
    assert_int_equal(tv_policy_step(&p, &f, 10000 + ten_min, ten_min), TV_DO_STANDBY);
    assert_int_equal(tv_policy_step(&p, &f, 20000 + ten_min, ten_min), TV_DO_NONE);
    /* An undone last bust: not over; over again: a new wait. */
    f.over = false;
    assert_int_equal(tv_policy_step(&p, &f, 30000 + ten_min, ten_min), TV_DO_NONE);
    f.over = true;
    assert_int_equal(tv_policy_step(&p, &f, 40000 + ten_min, ten_min), TV_DO_NONE);
    assert_int_equal(tv_policy_step(&p, &f, 40000 + 2 * ten_min, ten_min), TV_DO_STANDBY);
    /* Without a standby delay the TV is never switched off. */
    tv_policy_t q = {0};
    tv_facts_t g = {.first_frame = true, .over = true};
    assert_int_equal(tv_policy_step(&q, &g, 0, 0), TV_DO_SHOW);
    assert_int_equal(tv_policy_step(&q, &g, 24 * 3600 * 1000LL, 0), TV_DO_NONE);
}

static const char *config_text =
    "tournament = { name = \"TV\"; starting_stack = 10000;\n"
    "  levels = ( { small_blind = 100; big_blind = 200; minutes = 20; } ); };\n";

static uint64_t frames_seen;
static uint64_t frames(void *ctx)
{
    return __atomic_load_n(&frames_seen, __ATOMIC_SEQ_CST);
}

static int sent(fake_t *k)
{
    pthread_mutex_lock(&k->lock);
    int n = k->n;
    pthread_mutex_unlock(&k->lock);
    return n;
}

static int wait_sent(fake_t *k, int n)
{
    for (int i = 0; i < 200 && sent(k) < n; i++)
        usleep(10000);
    return sent(k);
}

/* The thread, with a real engine: the first frame switches the TV on and to
 * our input, a start from the panel does again, the panel's standby button
 * is carried out, and the TV's power is asked and kept for the panel. */
static void the_thread_follows_the_clock_and_the_panel(void **state)
{
    (void)state;
    engine_options_t eo = {.config_text = config_text, .config_name = "tv.cfg"};
    char err[256] = "";
    engine_t *e = engine_new(&eo, err, sizeof err);
    if (!e)
        fail_msg("engine_new: %s", err);
    fake_t k = {.lock = PTHREAD_MUTEX_INITIALIZER, .la = 4, .pa = 0x1000, .tv_power = 1};
    tv_link_t l = {.send = fake_send, .log_addr = fake_la, .phys_addr = fake_pa, .ctx = &k};
    frames_seen = 0;
    tv_options_t o = {.engine = e, .frames = frames, .link = &l};
    tv_t *t = tv_start(&o, err, sizeof err);
    assert_non_null(t);
    /* Nothing on the screen yet: only the power question. */
    usleep(400000);
    int before = sent(&k);
    for (int i = 0; i < before; i++)
        assert_int_equal(k.sent[i].b[1], CEC_OP_GIVE_DEVICE_POWER_STATUS);
    __atomic_store_n(&frames_seen, 1, __ATOMIC_SEQ_CST);
    assert_true(wait_sent(&k, before + 2) >= before + 2);
    frame_is(&k.sent[before], 2, (const uint8_t[]){0x40, 0x04});
    frame_is(&k.sent[before + 1], 4, (const uint8_t[]){0x4f, 0x82, 0x10, 0x00});
    assert_int_equal(tv_status(t, NULL, 0), TV_POWER_STANDBY);

    command_t c = {.type = CMD_START};
    assert_int_equal(engine_apply(e, &c, engine_now(e), &no), APPLY_OK);
    before = sent(&k);
    assert_true(wait_sent(&k, before + 2) >= before + 2);
    frame_is(&k.sent[before], 2, (const uint8_t[]){0x40, 0x04});

    usleep(300000);
    before = sent(&k);
    tv_request(t, TV_DO_STANDBY);
    assert_true(wait_sent(&k, before + 1) >= before + 1);
    frame_is(&k.sent[before], 2, (const uint8_t[]){0x40, 0x36});
    char problem[160];
    tv_status(t, problem, sizeof problem);
    assert_string_equal(problem, "");
    tv_stop(t);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(messages_have_the_specified_bytes),
        cmocka_unit_test(the_tvs_power_report_is_read),
        cmocka_unit_test(actions_send_their_frames),
        cmocka_unit_test(the_clock_shows_itself_and_lets_the_tv_sleep_after_the_end),
        cmocka_unit_test(the_thread_follows_the_clock_and_the_panel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
