/* The wall display as players see it: golden images of every state at the
 * screen sizes venues use, compared pixel by pixel; offscreen rendering from
 * several threads; the text cache's bound. */
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
#include <pthread.h>

#include "tsan.h"

#include "engine.h"
#include "model/settle.h"
#include "screen/frame.h"
#include "screen/kiosk.h"
#include "screen/lang.h"
#include "screen/screen.h"
#include "screen/text.h"
#include "screen/wall.h"
#include "store/config.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

static settings_t config;
static const int64_t T0 = 1000000; /* the clock starts here in every state */
#define URL "http://192.168.1.20:8080/"

static level_t play(int64_t sb, int64_t bb, int64_t ante, bool bba)
{
    return (level_t){.kind = LEVEL_PLAY,
                     .small_blind = sb,
                     .big_blind = bb,
                     .ante = ante,
                     .big_blind_ante = bba,
                     .duration_ms = 20 * 60000};
}

static void structure_make(structure_t *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "Friday Freezeout");
    snprintf(s->currency, sizeof s->currency, "EUR");
    s->buy_in = 50;
    s->fee = 5;
    s->starting_stack = 20000;
    s->late_reg_until_level = 4;
    s->rebuy_until_level = 4;
    s->rebuy_price = 50;
    s->rebuy_chips = 20000;
    s->addon_after_level = 4;
    s->addon_price = 20;
    s->addon_chips = 10000;
    level_t l[] = {play(25, 50, 0, false),
                   play(50, 100, 0, false),
                   play(75, 150, 150, true),
                   play(100, 200, 200, true),
                   {.kind = LEVEL_BREAK, .duration_ms = 15 * 60000, .color_up = 25},
                   play(150, 300, 300, true),
                   play(200, 400, 400, true),
                   play(300, 600, 600, true),
                   play(400, 800, 800, true)};
    l[7].day_end = true;
    s->n_levels = (int)(sizeof l / sizeof l[0]);
    memcpy(s->levels, l, sizeof l);
    chip_t chips[] = {{25, 0x2e8b57, "green"},
                      {100, 0x222222, "black"},
                      {500, 0x6a3d9a, "purple"},
                      {1000, 0xf2c200, "yellow"},
                      {5000, 0xc0392b, "red"}};
    s->n_chips = 5;
    memcpy(s->chips, chips, sizeof chips);
    s->n_payouts = 3;
    s->payouts[0] = (payout_table_t){.min_entries = 2, .places = 1, .bp = {10000}};
    s->payouts[1] = (payout_table_t){.min_entries = 10, .places = 3, .bp = {5000, 3000, 2000}};
    s->payouts[2] = (payout_table_t){.min_entries = 30,
                                     .places = 8,
                                     .bp = {3000, 2000, 1400, 1100, 900, 700, 500, 400}};
    s->house.tables = 5;
}

static model_t m;

static void run(command_t c, int64_t now)
{
    apply_status st = model_apply(&m, &c, now, &no);
    if (st != APPLY_OK)
        fail_msg("%s at %lld: %s", command_name(c.type), (long long)now, no.text);
}

/* 42 players, started at T0, five out. */
static void field(void)
{
    structure_t s;
    structure_make(&s);
    model_init(&m, &s);
    run((command_t){.type = CMD_REGISTER, .count = 42}, T0 - 60000);
    run((command_t){.type = CMD_START}, T0);
    run((command_t){.type = CMD_BUST, .count = 5}, T0 + 1800000);
}

static int64_t level_start(int index)
{
    int64_t t = T0;
    for (int i = 0; i < index; i++)
        t += m.t.s.levels[i].duration_ms;
    return t;
}

/* Each state: how it is reached, and when it is looked at. */
typedef int64_t (*state_fn)(void);

static int64_t st_running(void)
{
    field();
    return level_start(2) + 446000; /* 12:34 left in level 3 */
}

/* 8 s on: a two-language label too long for its column has turned to
 * its second language. */
static int64_t st_running_turned(void)
{
    return st_running() + 8000;
}

static int64_t st_paused(void)
{
    int64_t now = st_running();
    run((command_t){.type = CMD_PAUSE}, now - 20000);
    return now;
}

static int64_t st_not_started(void)
{
    structure_t s;
    structure_make(&s);
    model_init(&m, &s);
    run((command_t){.type = CMD_REGISTER, .count = 12}, T0);
    return T0 + 1000;
}

static int64_t st_break_color_up(void)
{
    field();
    return level_start(4) + 5 * 60000 + 300;
}

static int64_t st_break(void)
{
    field();
    run((command_t){.type = CMD_COLOR_UP, .value = 25}, level_start(4) + 1000);
    run((command_t){.type = CMD_COLOR_UP_DONE}, level_start(4) + 60000);
    return level_start(4) + 9 * 60000 + 12300;
}

static int64_t st_last_minute(void)
{
    field();
    return level_start(3) + 20 * 60000 - 42000;
}

static int64_t st_overtime(void)
{
    field();
    run((command_t){.type = CMD_GOTO_LEVEL, .index = 8}, T0 + 60000);
    return T0 + 60000 + 20 * 60000 + 135000;
}

static int64_t st_new_level(void)
{
    field();
    return level_start(3) + 8000;
}

static int64_t st_announcement(void)
{
    field();
    command_t c = {.type = CMD_ANNOUNCE};
    snprintf(c.text, sizeof c.text,
             "Dinner after level 6: the buffet opens in the bar. Keep your seat card with you.");
    run(c, level_start(2) + 100000);
    return level_start(2) + 446000;
}

static int64_t st_power_loss(void)
{
    field();
    int64_t now = level_start(2) + 446000;
    run((command_t){.type = CMD_POWER_RECOVERED, .ms = now - 4000}, now);
    return now + 30000;
}

/* Nine players left, eight paid: the bubble. */
static int64_t bubble_field(void)
{
    field();
    int64_t at = level_start(5) + 60000;
    run((command_t){.type = CMD_BUST, .count = 28}, at);
    return at;
}

static int64_t st_bubble(void)
{
    int64_t at = bubble_field();
    run((command_t){.type = CMD_BUBBLE_START}, at + 1000);
    return at + 200000;
}

static int64_t st_hand_for_hand(void)
{
    int64_t at = bubble_field();
    run((command_t){.type = CMD_BUBBLE_START}, at + 1000);
    run((command_t){.type = CMD_HFH_START, .tables = 5}, at + 2000);
    for (int hand = 1; hand <= 2; hand++) {
        for (int t = 1; t <= 5; t++)
            run((command_t){.type = CMD_TABLE_DONE, .table = t}, at + hand * 90000 - 10000 + t);
        run((command_t){.type = CMD_HFH_NEXT}, at + hand * 90000);
    }
    run((command_t){.type = CMD_TABLE_DONE, .table = 1}, at + 200000);
    run((command_t){.type = CMD_TABLE_DONE, .table = 4}, at + 210000);
    run((command_t){.type = CMD_TABLE_WAITING, .table = 2}, at + 220000);
    return at + 230000;
}

/* A big field in hand-for-hand: every third table done, table 5 all-in. */
static int64_t hand_for_hand_on(int tables)
{
    int64_t at = bubble_field();
    run((command_t){.type = CMD_HFH_START, .tables = tables}, at + 1000);
    for (int t = 1; t <= tables; t += 3)
        run((command_t){.type = CMD_TABLE_DONE, .table = t}, at + 2000 + t);
    run((command_t){.type = CMD_TABLE_WAITING, .table = 5}, at + 3000);
    return at + 4000;
}

static int64_t st_hand_for_hand_80(void)
{
    return hand_for_hand_on(80);
}

static int64_t st_hand_for_hand_250(void)
{
    return hand_for_hand_on(250);
}

static int64_t st_hand_for_hand_deal(void)
{
    int64_t at = st_hand_for_hand();
    for (int t = 2; t <= 5; t++)
        if (t != 4)
            run((command_t){.type = CMD_TABLE_DONE, .table = t}, at + t * 1000);
    return at + 10000;
}

static int64_t st_in_the_money(void)
{
    int64_t at = st_bubble();
    run((command_t){.type = CMD_BUST}, at + 1000);
    return at + 4000;
}

static int64_t day_end_at;

static int64_t st_day_end_draw(void)
{
    field();
    int64_t at = level_start(7) + 10 * 60000;
    run((command_t){.type = CMD_DAY_END_DRAW, .drawn = 5}, at);
    day_end_at = at;
    return at + 900;
}

static int64_t st_day_end_card(void)
{
    st_day_end_draw();
    return day_end_at + 3000;
}

static int64_t st_day_end_hands(void)
{
    st_day_end_draw();
    run((command_t){.type = CMD_DAY_END_HAND_DONE}, day_end_at + 200000);
    return day_end_at + 300000;
}

static int64_t st_day_over(void)
{
    st_day_end_draw();
    for (int i = 1; i <= 5; i++)
        run((command_t){.type = CMD_DAY_END_HAND_DONE}, day_end_at + i * 120000);
    return day_end_at + 700000;
}

static int64_t call_at;

static int64_t st_clock_call(void)
{
    field();
    call_at = level_start(2) + 300000;
    run((command_t){.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, call_at);
    return call_at + 52300; /* 8 of the counted 10 seconds left */
}

static int64_t st_clock_call_start(void)
{
    st_clock_call();
    return call_at + 9500;
}

/* TIME a few seconds after the call ran out; 15 s later it has gone from
 * the wall by itself, unless the house keeps it until cancelled. */
static int64_t st_clock_call_time(void)
{
    st_clock_call();
    return call_at + 63000;
}

static int64_t st_clock_call_gone(void)
{
    st_clock_call();
    return call_at + 78000;
}

static int64_t st_clock_call_stays(void)
{
    st_clock_call();
    m.t.s.house.call_stays = true;
    return call_at + 78000;
}

/* The last bust: one player left, the winner with the first prize; by
 * name when the roster has one. */
static const roster_t *shot_roster;

static int64_t st_winner(void)
{
    field();
    int64_t at = level_start(6);
    run((command_t){.type = CMD_BUST, .count = 36}, at);
    return at + 5000;
}

static int64_t st_winner_named(void)
{
    static roster_t r;
    memset(&r, 0, sizeof r);
    r.n_players = 1;
    r.players[0] = (player_t){.id = 1, .place_best = 1, .place_worst = 1, .table = -1};
    snprintf(r.players[0].name, sizeof r.players[0].name, "Kari Nordmann");
    shot_roster = &r;
    return st_winner();
}

static int64_t st_penalties(void)
{
    field();
    int64_t at = level_start(2) + 100000;
    run((command_t){.type = CMD_PENALTY, .table = 3, .seat = 5, .minutes = 10}, at);
    run((command_t){.type = CMD_PENALTY, .table = 1, .seat = 2, .rounds = 2}, at + 5000);
    return at + 108000; /* 8:12 of the ten minutes left */
}

/* Banners competing for the wall: a clock call during hand-for-hand on
 * the bubble, with an announcement up. The call takes the body (it comes
 * before hand-for-hand); the strips take turns (the bubble now, the announcement before it). */
static int64_t st_banners_compete(void)
{
    int64_t at = st_hand_for_hand();
    command_t c = {.type = CMD_ANNOUNCE};
    snprintf(c.text, sizeof c.text, "Seat open at table 2");
    run(c, at - 5000);
    run((command_t){.type = CMD_CLOCK_CALL, .table = 3, .seat = 2}, at - 4000);
    return at;
}

/* Hand-for-hand in a tournament whose name is long: the header's level
 * line and clock leave it little room. */
static int64_t st_long_name(void)
{
    int64_t at = st_hand_for_hand();
    snprintf(m.t.s.name, sizeof m.t.s.name, "Thursday Rebuy Deepstack Championship");
    return at;
}

/* A league evening played for points: no currency. */
static int64_t st_points(void)
{
    int64_t at = st_running();
    m.t.s.currency[0] = 0;
    return at;
}

/* Table 5 broke: Anna Berg went to table 1, seat 7, 30 s ago; 10 s ago a
 * balancing move took player 2 (no name) from table 1, seat 3 to table 2,
 * seat 4. Strips take turns: the newest shows first. */
static roster_t *moves_roster(int64_t at)
{
    static roster_t r;
    roster_init(&r);
    int t1 = roster_add_table(&r, 1, "", 9, 0, &no);
    int t2 = roster_add_table(&r, 2, "", 9, 0, &no);
    int t5 = roster_add_table(&r, 5, "", 9, 0, &no);
    int anna = roster_register(&r, "Anna Berg", &no);
    int two = roster_register(&r, "", &no);
    assert_true(roster_seat_player(&r, anna, t1, 7, &no));
    assert_true(roster_seat_player(&r, two, t2, 4, &no));
    move_rec_t a = {.at = at - 30000,
                    .player = (int16_t)anna,
                    .from_table = (int16_t)t5,
                    .from_seat = 2,
                    .to_table = (int16_t)t1,
                    .to_seat = 7,
                    .why = MOVE_BREAK};
    move_rec_t b = {.at = at - 10000,
                    .player = (int16_t)two,
                    .from_table = (int16_t)t1,
                    .from_seat = 3,
                    .to_table = (int16_t)t2,
                    .to_seat = 4,
                    .why = MOVE_BALANCE};
    moves_log_add(&r.moves, &a);
    moves_log_add(&r.moves, &b);
    return &r;
}

static int64_t st_moves(void)
{
    int64_t now = st_running() - 446000 + 440000; /* the first strip's turn */
    shot_roster = moves_roster(now);
    return now;
}

static int64_t st_moves_second(void)
{
    int64_t now = st_moves() + 8000; /* the next strip's turn */
    return now;
}

/* After move_strip_seconds (here 25 s) the older move is gone; with the
 * strip off, both. */
static int64_t st_moves_after(void)
{
    int64_t now = st_moves();
    m.t.s.house.move_strip_ms = 25000;
    return now;
}

static int64_t st_moves_off(void)
{
    int64_t now = st_moves();
    m.t.s.house.move_strip_off = true;
    return now;
}

/* A knockout evening: the field of st_running with bounties, three named
 * players in with their heads, and Ada Lind's knockout of Bo Ek 5 s ago. */
static roster_t *bounty_roster(const char *kind, int64_t now)
{
    static roster_t r;
    roster_init(&r);
    int t1 = roster_add_table(&r, 1, "", 9, 0, &no);
    static const char *const names[] = {"Ada Lind", "Bo Ek", "Dee Holm", "Eve Gran"};
    static const int64_t heads[] = {47, 0, 22, 29};
    for (int i = 0; i < 4; i++) {
        int p = roster_register(&r, names[i], &no);
        if (heads[i] > 0)
            assert_true(roster_seat_player(&r, p, t1, 1 + i, &no));
        else
            r.players[p].status = PLAYER_OUT;
        r.players[p].head = heads[i];
    }
    snprintf(m.t.s.bounty.kind, sizeof m.t.s.bounty.kind, "%s", kind);
    m.t.s.bounty.amount = 15;
    m.t.knockout.at = now - 5000;
    m.t.knockout.out = 2;
    m.t.knockout.n_by = 1;
    m.t.knockout.by[0] = 1;
    m.t.knockout.cash[0] = 25;
    return &r;
}

static int64_t st_knockout(void)
{
    int64_t now = st_running();
    shot_roster = bounty_roster("progressive", now);
    return now;
}

/* Fixed: the bounty per head under the payouts; the knockout's strip gone. */
static int64_t st_bounty_fixed(void)
{
    int64_t now = st_running();
    shot_roster = bounty_roster("fixed", now - SHOW_KNOCKOUT_MS);
    return now;
}

/* Five strips taking turns (an announcement, the bubble, a penalty and two
 * moves): their dots in a column of their own inside the strip, never
 * over the payouts above it. */
static int64_t st_many_strips(void)
{
    int64_t at = bubble_field();
    run((command_t){.type = CMD_BUBBLE_START}, at + 1000);
    command_t c = {.type = CMD_ANNOUNCE};
    snprintf(c.text, sizeof c.text, "Dinner is served in the bar");
    run(c, at + 2000);
    run((command_t){.type = CMD_PENALTY, .table = 1, .seat = 2, .rounds = 2}, at + 3000);
    int64_t now = at + 40000 - (at + 40000) % 40000; /* the announcement's turn */
    shot_roster = moves_roster(now);
    return now;
}

/* The final table redrawn a minute ago: nine players (one unnamed, one
 * with a long name), a card each for the button, the ace of spades on
 * seat 6 has it. */
static int64_t st_final_table(void)
{
    static roster_t r;
    int64_t now = st_running();
    roster_init(&r);
    int t = roster_add_table(&r, 1, "", 9, 0, &no);
    static const char *const names[] = {"Kari Nordmann",
                                        "Bo Ek",
                                        "",
                                        "Anna-Sofie Vestergaard-Lindholm",
                                        "Jan de Vries",
                                        "Åse Ødegård",
                                        "Klaus Müller",
                                        "Mia Berg",
                                        "Lars Holm"};
    static const uint8_t cards[] = {12, 7, 30, 45, 2, 51, 21, 38, 16};
    for (int i = 0; i < 9; i++) {
        int p = roster_register(&r, names[i], &no);
        assert_true(roster_seat_player(&r, p, t, i + 1, &no));
        m.t.final_cards[i] = (uint8_t)(cards[i] + 1);
    }
    m.t.final_at = now - 60000;
    m.t.final_table = 1;
    m.t.final_button = 6;
    shot_roster = &r;
    return now;
}

/* The same where the house shows first names only: "Kari N.", "Åse Ø." */
static int64_t st_final_table_short(void)
{
    int64_t now = st_final_table();
    m.t.s.house.short_names = true;
    return now;
}

static int64_t st_running_at_moves(void)
{
    return st_running() - 446000 + 440000;
}

/* The kiosk layout (layout = "kiosk"): a field of 40 by name on five
 * tables, one waiting, four out with their places, two moves a few minutes
 * ago, three house rules. Its pages turn every 15 s: kiosk_at(k) is the
 * moment the k-th of its eight shows (structure, payouts, seats 1 and 2,
 * tables, moves, results, rules). */
static int64_t kiosk_at(int k)
{
    static roster_t r;
    int64_t now = st_running();
    config.layout = LAYOUT_KIOSK;
    static const char *const rules[] = {
        "One player to a hand: no advice, and no showing cards while the hand is in play.",
        "English only at the table while a hand is in play.",
        "Cards speak, but a player must show both cards to win at showdown.",
    };
    for (int i = 0; i < 3; i++)
        snprintf(config.house_rules[i], sizeof config.house_rules[i], "%s", rules[i]);
    config.n_house_rules = 3;
    roster_init(&r);
    int tables[5];
    for (int t = 0; t < 5; t++)
        tables[t] = roster_add_table(&r, t + 1, "", 9, 0, &no);
    static const char *const first[] = {"Anna", "Bjørn", "Carla", "Dag",
                                        "Eva",  "Frode", "Gro",   "Hans"};
    static const char *const last[] = {"Berg", "Ødegård", "Núñez", "Ek", "Lindqvist"};
    for (int i = 0; i < 40; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s %s", first[i % 8], last[i / 8]);
        int p = roster_register(&r, name, &no);
        if (i < 35)
            roster_seat_player(&r, p, tables[i % 5], 1 + i / 5, &no);
        else if (i > 35) { /* out: places 46 to 43 */
            r.players[p].status = PLAYER_OUT;
            r.players[p].place_best = r.players[p].place_worst = (int16_t)(82 - i);
        }
    }
    /* Dag Berg went to table 4, seat 1, where he sits; Dag Lindqvist was
     * moved too, then went back to waiting: his move no longer stands and
     * the moves' page leaves it out. */
    move_rec_t a = {.at = now - 240000,
                    .player = 3,
                    .from_table = (int16_t)tables[4],
                    .from_seat = 2,
                    .to_table = (int16_t)tables[3],
                    .to_seat = 1,
                    .why = MOVE_BALANCE};
    move_rec_t b = {.at = now - 60000,
                    .player = 35,
                    .from_table = -1,
                    .from_seat = 0,
                    .to_table = (int16_t)tables[1],
                    .to_seat = 9,
                    .why = MOVE_BALANCE};
    moves_log_add(&r.moves, &a);
    moves_log_add(&r.moves, &b);
    r.players[35].status = PLAYER_WAITING; /* "waiting for a seat" */
    shot_roster = &r;
    int64_t q = now / KIOSK_PAGE_MS;
    return now + ((k - q % 8 + 8) % 8) * KIOSK_PAGE_MS;
}

static int64_t st_kiosk_structure(void)
{
    return kiosk_at(0);
}
static int64_t st_kiosk_payouts(void)
{
    return kiosk_at(1);
}
/* The payouts page after a deal of the last four: one line for what they
 * shared, as the wall says it, then the places paid before the deal. */
static int64_t st_kiosk_deal(void)
{
    int64_t at = kiosk_at(1);
    run((command_t){.type = CMD_BUST, .count = 33}, at - 120000);
    int64_t pool = settle_pool_left(&m.t, at - 60000), given = 0;
    command_t c = {.type = CMD_DEAL};
    c.deal.n = 4;
    static const int share[4] = {40, 25, 20, 15};
    for (int i = 0; i < 4; i++) {
        c.deal.amount[i] = i == 3 ? pool - given : pool * share[i] / 100;
        given += c.deal.amount[i];
    }
    run(c, at - 60000);
    return at;
}
static int64_t st_kiosk_seats(void)
{
    return kiosk_at(2);
}
static int64_t st_kiosk_seats2(void)
{
    return kiosk_at(3);
}
static int64_t st_kiosk_tables(void)
{
    return kiosk_at(4);
}
static int64_t st_kiosk_moves(void)
{
    return kiosk_at(5);
}
static int64_t st_kiosk_results(void)
{
    return kiosk_at(6);
}
static int64_t st_kiosk_rules(void)
{
    return kiosk_at(7);
}

typedef struct {
    const char *name;
    state_fn state;
    int w, h;
    const char *lang, *lang2;
    const char *url, *pin;
    bool themed; /* the venue's colours, logo and font */
    const char *storage_error;
} shot_t;

static const shot_t shots[] = {
    {"running-1920x1080", st_running, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"running-1280x720", st_running, 1280, 720, "en", "", NULL, NULL, false, NULL},
    {"running-3840x2160", st_running, 3840, 2160, "en", "", NULL, NULL, false, NULL},
    {"running-1920x1200", st_running, 1920, 1200, "en", "", NULL, NULL, false, NULL},
    {"running-1080x1920", st_running, 1080, 1920, "en", "", NULL, NULL, false, NULL},
    {"running-no-en-1920x1080", st_running, 1920, 1080, "no", "en", NULL, NULL, false, NULL},
    /* Each language with English beside it, at 1080p and the smallest size. */
    {"running-no-en-800x480", st_running, 800, 480, "no", "en", NULL, NULL, false, NULL},
    {"running-de-en-1920x1080", st_running, 1920, 1080, "de", "en", NULL, NULL, false, NULL},
    {"running-de-en-800x480", st_running, 800, 480, "de", "en", NULL, NULL, false, NULL},
    {"running-nl-en-1920x1080", st_running, 1920, 1080, "nl", "en", NULL, NULL, false, NULL},
    {"running-nl-en-800x480", st_running, 800, 480, "nl", "en", NULL, NULL, false, NULL},
    {"running-nl-en-800x480-turned", st_running_turned, 800, 480, "nl", "en", NULL, NULL, false,
     NULL},
    {"running-da-en-1920x1080", st_running, 1920, 1080, "da", "en", NULL, NULL, false, NULL},
    {"running-da-en-800x480", st_running, 800, 480, "da", "en", NULL, NULL, false, NULL},
    {"not-started-1920x1080", st_not_started, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"paused-1920x1080", st_paused, 1920, 1080, "en", "", URL, "482913", false, NULL},
    {"paused-1080x1920", st_paused, 1080, 1920, "en", "", URL, "482913", false, NULL},
    {"paused-1280x720", st_paused, 1280, 720, "de", "", URL, NULL, false, NULL},
    {"break-color-up-1920x1080", st_break_color_up, 1920, 1080, "en", "", URL, NULL, false, NULL},
    {"break-color-up-1280x720", st_break_color_up, 1280, 720, "da", "", URL, NULL, false, NULL},
    {"break-color-up-1080x1920", st_break_color_up, 1080, 1920, "en", "", URL, NULL, false, NULL},
    {"break-1920x1080", st_break, 1920, 1080, "en", "", URL, NULL, false, NULL},
    {"storage-error-1280x720", st_running, 1280, 720, "en", "", NULL, NULL, false,
     "cannot write /var/lib/pokerclock/journal: No space left on device"},
    {"themed-1920x1080", st_running, 1920, 1080, "de", "en", NULL, NULL, true, NULL},
    {"themed-paused-1280x720", st_paused, 1280, 720, "en", "", URL, NULL, true, NULL},
    {"last-minute-1920x1080", st_last_minute, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"overtime-1280x720", st_overtime, 1280, 720, "en", "", NULL, NULL, false, NULL},
    {"new-level-1920x1080", st_new_level, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"new-level-1920x1200", st_new_level, 1920, 1200, "nl", "", NULL, NULL, false, NULL},
    {"announcement-1920x1080", st_announcement, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"power-loss-1920x1080", st_power_loss, 1920, 1080, "en", "", URL, NULL, false, NULL},
    {"bubble-1920x1080", st_bubble, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"hand-for-hand-1920x1080", st_hand_for_hand, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"banners-compete-1920x1080", st_banners_compete, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"hand-for-hand-1080x1920", st_hand_for_hand, 1080, 1920, "en", "", NULL, NULL, false, NULL},
    {"hand-for-hand-deal-1920x1080", st_hand_for_hand_deal, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"hand-for-hand-80-tables-1920x1080", st_hand_for_hand_80, 1920, 1080, "en", "", NULL, NULL,
     false, NULL},
    {"hand-for-hand-250-tables-1280x720", st_hand_for_hand_250, 1280, 720, "en", "", NULL, NULL,
     false, NULL},
    {"in-the-money-1920x1080", st_in_the_money, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"day-end-draw-1920x1080", st_day_end_draw, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"day-end-card-1920x1080", st_day_end_card, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"day-end-hands-1920x1080", st_day_end_hands, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"day-over-1920x1080", st_day_over, 1920, 1080, "no", "", NULL, NULL, false, NULL},
    {"clock-call-1920x1080", st_clock_call, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"clock-call-start-1280x720", st_clock_call_start, 1280, 720, "en", "", NULL, NULL, false,
     NULL},
    {"penalties-1920x1080", st_penalties, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"penalties-3840x2160", st_penalties, 3840, 2160, "en", "", NULL, NULL, false, NULL},
    {"break-color-up-3840x2160", st_break_color_up, 3840, 2160, "en", "", URL, NULL, false, NULL},
    {"clock-call-1920x1200", st_clock_call, 1920, 1200, "de", "", NULL, NULL, false, NULL},
    {"day-end-hands-1080x1920", st_day_end_hands, 1080, 1920, "en", "", NULL, NULL, false, NULL},
    {"in-the-money-1280x720", st_in_the_money, 1280, 720, "nl", "", NULL, NULL, false, NULL},
    /* The Raspberry Pi's 7-inch touchscreen, and a portrait TV of 720x1280. */
    {"running-800x480", st_running, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"paused-800x480", st_paused, 800, 480, "en", "", URL, "482913", false, NULL},
    {"break-color-up-800x480", st_break_color_up, 800, 480, "en", "", URL, NULL, false, NULL},
    {"break-color-up-de-800x480", st_break_color_up, 800, 480, "de", "", URL, NULL, false, NULL},
    {"break-color-up-no-800x480", st_break_color_up, 800, 480, "no", "", URL, NULL, false, NULL},
    {"hand-for-hand-800x480", st_hand_for_hand, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"penalties-800x480", st_penalties, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"clock-call-800x480", st_clock_call, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"winner-1920x1080", st_winner, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"winner-named-1280x720", st_winner_named, 1280, 720, "nb", "", NULL, NULL, false, NULL},
    {"clock-call-time-1280x720", st_clock_call_time, 1280, 720, "en", "", NULL, NULL, false, NULL},
    {"clock-call-gone-1280x720", st_clock_call_gone, 1280, 720, "en", "", NULL, NULL, false, NULL},
    {"clock-call-stays-1280x720", st_clock_call_stays, 1280, 720, "en", "", NULL, NULL, false,
     NULL},
    {"day-end-hands-800x480", st_day_end_hands, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"running-720x1280", st_running, 720, 1280, "en", "", NULL, NULL, false, NULL},
    {"paused-720x1280", st_paused, 720, 1280, "en", "", URL, "482913", false, NULL},
    {"break-color-up-720x1280", st_break_color_up, 720, 1280, "en", "", URL, NULL, false, NULL},
    {"hand-for-hand-720x1280", st_hand_for_hand, 720, 1280, "en", "", NULL, NULL, false, NULL},
    {"day-end-hands-720x1280", st_day_end_hands, 720, 1280, "en", "", NULL, NULL, false, NULL},
    {"long-name-800x480", st_long_name, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"long-name-720x1280", st_long_name, 720, 1280, "en", "", NULL, NULL, false, NULL},
    {"long-name-1920x1080", st_long_name, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"points-1280x720", st_points, 1280, 720, "de", "", NULL, NULL, false, NULL},
    {"moves-1920x1080", st_moves, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"moves-second-1920x1080", st_moves_second, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"moves-800x480", st_moves, 800, 480, "de", "", NULL, NULL, false, NULL},
    {"moves-720x1280", st_moves, 720, 1280, "nb", "", NULL, NULL, false, NULL},
    {"many-strips-1920x1080", st_many_strips, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"knockout-1920x1080", st_knockout, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"knockout-de-800x480", st_knockout, 800, 480, "de", "", NULL, NULL, false, NULL},
    {"bounty-fixed-1080x1920", st_bounty_fixed, 1080, 1920, "en", "", NULL, NULL, false, NULL},
    {"many-strips-800x480", st_many_strips, 800, 480, "en", "", NULL, NULL, false, NULL},
    {"final-table-1920x1080", st_final_table, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"final-table-1280x720", st_final_table, 1280, 720, "de", "en", NULL, NULL, false, NULL},
    {"final-table-720x1280", st_final_table, 720, 1280, "nb", "", NULL, NULL, false, NULL},
    {"final-table-short-1920x1080", st_final_table_short, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"wall-kiosk-structure-1920x1080", st_kiosk_structure, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"wall-kiosk-payouts-1920x1080", st_kiosk_payouts, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"wall-kiosk-deal-1920x1080", st_kiosk_deal, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-seats-1920x1080", st_kiosk_seats, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-seats2-1920x1080", st_kiosk_seats2, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-tables-1920x1080", st_kiosk_tables, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-moves-1920x1080", st_kiosk_moves, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-results-1920x1080", st_kiosk_results, 1920, 1080, "en", "", NULL, NULL, false,
     NULL},
    {"wall-kiosk-rules-1920x1080", st_kiosk_rules, 1920, 1080, "en", "", NULL, NULL, false, NULL},
    {"wall-kiosk-seats-1080x1920", st_kiosk_seats, 1080, 1920, "nb", "", NULL, NULL, false, NULL},
    {"wall-kiosk-rules-1080x1920", st_kiosk_rules, 1080, 1920, "de", "", NULL, NULL, false, NULL},
    {"wall-kiosk-payouts-no-en-1920x1080", st_kiosk_payouts, 1920, 1080, "no", "en", NULL, NULL,
     false, NULL},
    {"wall-kiosk-structure-de-en-1920x1080", st_kiosk_structure, 1920, 1080, "de", "en", NULL, NULL,
     false, NULL},
};

/* A venue's logo: a gold disc with a dark ring, made here so the test
 * needs no picture file of its own. */
static const char *logo_make(void)
{
    static char path[64];
    if (path[0])
        return path;
    snprintf(path, sizeof path, "/tmp/pokerclock-logo-%d.png", (int)getpid());
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 120, 120, 32, SDL_PIXELFORMAT_ARGB8888);
    for (int y = 0; y < 120; y++)
        for (int x = 0; x < 120; x++) {
            int dx = x - 60, dy = y - 60, d = dx * dx + dy * dy;
            Uint32 px = d > 3600 ? 0x00000000 : d > 2500 ? 0xff1b4332 : 0xffe9c46a;
            ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] = px;
        }
    assert_int_equal(IMG_SavePNG(s, path), 0);
    SDL_FreeSurface(s);
    return path;
}

static void config_for(const shot_t *s)
{
    memset(&config, 0, sizeof config);
    snprintf(config.language, sizeof config.language, "%s", s->lang);
    snprintf(config.language2, sizeof config.language2, "%s", s->lang2);
    if (s->themed) {
        theme_t *t = &config.theme;
        snprintf(t->bg, sizeof t->bg, "#10261c");
        snprintf(t->fg, sizeof t->fg, "#fdf6e3");
        snprintf(t->accent, sizeof t->accent, "#e9c46a");
        snprintf(t->paused, sizeof t->paused, "#b5179e");
        snprintf(t->brk, sizeof t->brk, "#4cc9f0");
        snprintf(t->warn, sizeof t->warn, "#f4a261");
        snprintf(t->logo, sizeof t->logo, "%s", logo_make());
        /* DejaVu comes with the build's packages (fonts-dejavu-core). */
        snprintf(t->font, sizeof t->font, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
    }
}

/* The shot's state, as every screen would get it; returns its time. */
static int64_t shot_state(const shot_t *s, snapshot_t *snap)
{
    shot_roster = NULL;
    config_for(s); /* before the state: the kiosk's sets its layout */
    int64_t now = s->state();
    memset(snap, 0, sizeof *snap);
    snap->t = m.t;
    snap->roster = shot_roster;
    snap->seq = 1;
    if (s->storage_error)
        snprintf(snap->storage_error, sizeof snap->storage_error, "%s", s->storage_error);
    return now;
}

static int render(const shot_t *s, unsigned char **png, size_t *len)
{
    static snapshot_t snap;
    int64_t now = shot_state(s, &snap);
    return wall_render_png(&config, &snap, now, s->w, s->h, s->url, s->pin, png, len);
}

static SDL_Surface *decode(const unsigned char *png, size_t len)
{
    SDL_Surface *raw = IMG_Load_RW(SDL_RWFromConstMem(png, (int)len), 1);
    if (!raw)
        return NULL;
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGB888, 0);
    SDL_FreeSurface(raw);
    return s;
}

static long pixels_differing(SDL_Surface *a, SDL_Surface *b)
{
    if (a->w != b->w || a->h != b->h)
        return (long)a->w * a->h;
    long n = 0;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *pa = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        const Uint32 *pb = (const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch);
        for (int x = 0; x < a->w; x++)
            n += (pa[x] & 0xffffff) != (pb[x] & 0xffffff);
    }
    return n;
}

static void file_write(const char *path, const unsigned char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static unsigned char *file_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc((size_t)n);
    if (d && fread(d, 1, (size_t)n, f) != (size_t)n) {
        free(d);
        d = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return d;
}

/* The average in big blinds against the vectors the pages' fmtBB is tested
 * with too (tests/vectors/bb.txt): the wall and /display round alike. */
static void bb_text_matches_the_shared_vectors(void **state)
{
    (void)state;
    FILE *f = fopen("tests/vectors/bb.txt", "r");
    assert_non_null(f);
    char line[160], want[64], got[64];
    long long avg, bb;
    int n = 0, used;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%lld %lld %n", &avg, &bb, &used) != 2)
            continue;
        snprintf(want, sizeof want, "%s", line + used);
        want[strcspn(want, "\n")] = '\0';
        if (strcmp(want, "\"\"") == 0)
            want[0] = '\0';
        frame_bb_text(avg, bb, got, sizeof got);
        if (strcmp(got, want) != 0)
            fail_msg("frame_bb_text(%lld, %lld) = \"%s\", not \"%s\"", avg, bb, got, want);
        n++;
    }
    fclose(f);
    assert_true(n >= 10);
}

/* No text on any of those screens is smaller than MIN_TEXT_PX (the chip
 * race on a 7-inch 800x480 touchscreen, read at arm's length), nor than a
 * fiftieth of the screen's short side (a TV's footer, read across the room). */
static void no_text_below_the_minimum(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof shots / sizeof shots[0]; i++) {
        const shot_t *s = &shots[i];
        static snapshot_t snap;
        int64_t now = shot_state(s, &snap);
        SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, s->w, s->h, 32,
                                                              SDL_PIXELFORMAT_RGB888);
        assert_non_null(surface);
        SDL_Renderer *r = SDL_CreateSoftwareRenderer(surface);
        assert_non_null(r);
        char err[256];
        wall_t *w = wall_new(r, &config, err, sizeof err);
        assert_non_null(w);
        static show_t show;
        static panel_addr_t panel;
        wall_show(&snap, now, -1, &show);
        if (s->url)
            panel_addr_lookup(s->url, &panel);
        wall_frame_t f = {.snap = &snap,
                          .now = now,
                          .show = &show,
                          .w = s->w,
                          .h = s->h,
                          .panel = s->url ? &panel : NULL,
                          .pin = s->pin};
        wall_plan_t plan;
        wall_plan(w, &f, &plan);
        int least = (s->w < s->h ? s->w : s->h) / 50;
        if (least < MIN_TEXT_PX)
            least = MIN_TEXT_PX;
        if (plan.smallest_text_px < least) {
            print_message("%s: text of %d px, under the %d px minimum\n", s->name,
                          plan.smallest_text_px, least);
            failures++;
        }
        wall_free(w);
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(surface);
    }
    assert_int_equal(failures, 0);
}

/* A wall on a surface of its own that keeps its pixels from frame to
 * frame, as the window's do. */
typedef struct {
    SDL_Surface *s;
    SDL_Renderer *r;
    wall_t *w;
} canvas_t;

static void canvas_open(canvas_t *c, int w, int h)
{
    c->s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    assert_non_null(c->s);
    c->r = SDL_CreateSoftwareRenderer(c->s);
    assert_non_null(c->r);
    char err[256];
    c->w = wall_new(c->r, &config, err, sizeof err);
    assert_non_null(c->w);
}

static void canvas_close(canvas_t *c)
{
    wall_free(c->w);
    SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->s);
}

/* One moment of an evening: at ms after the first frame, a command (or
 * none) and then the frame. */
typedef struct {
    const char *what;
    int64_t ms;
    command_t c;
    bool tick; /* only the clock moved: a small part changes */
} moment_t;

static const moment_t evening[] = {
    {"first frame", 0, {.type = 0}, false},
    {"a second later", 1000, {.type = 0}, true},
    {"another second", 2000, {.type = 0}, true},
    {"the bar moves", 3500, {.type = 0}, true},
    {"an announcement's strip", 4000, {.type = CMD_ANNOUNCE}, false},
    {"the strip on", 5000, {.type = 0}, true},
    {"a bust", 6000, {.type = CMD_BUST, .count = 1}, false},
    {"paused", 7000, {.type = CMD_PAUSE}, false},
    {"still paused", 12000, {.type = 0}, false},
    {"resumed", 13000, {.type = CMD_RESUME}, false},
    {"the next level", 14000, {.type = CMD_NEXT_LEVEL}, false},
    {"its first second (every digit)", 15000, {.type = 0}, false},
    {"a clock call takes over", 16000, {.type = CMD_CLOCK_CALL, .table = 4, .seat = 7}, false},
    {"the call counts", 17000, {.type = 0}, false},
    {"the call cancelled", 18000, {.type = CMD_CLOCK_CALL_CANCEL}, false},
    {"the clock again", 19000, {.type = 0}, true},
};

/* Draws each moment of the evening as the main loop does (the first frame
 * whole, then only the rectangles its plan says changed, over the frame
 * before) and holds it to a whole frame of the same state and time drawn
 * on a fresh wall: every pixel the same. A tick of a wall in one language
 * (whose labels do not take turns) redraws only a small part of the
 * screen; and leaving out one changed rectangle shows. */
static void evening_in_parts(const shot_t *shot, bool ticks_small)
{
    static snapshot_t snap;
    int64_t t0 = shot_state(shot, &snap);
    canvas_t part, whole;
    canvas_open(&part, shot->w, shot->h);
    SDL_Surface *before = SDL_CreateRGBSurfaceWithFormat(0, shot->w, shot->h, 32,
                                                         SDL_PIXELFORMAT_RGB888);
    assert_non_null(before);
    static panel_addr_t panel;
    if (shot->url)
        panel_addr_lookup(shot->url, &panel);
    int partial = 0, skipped_shown = 0;
    for (size_t i = 0; i < sizeof evening / sizeof evening[0]; i++) {
        const moment_t *mo = &evening[i];
        int64_t now = t0 + mo->ms;
        if (mo->c.type) {
            command_t c = mo->c;
            if (c.type == CMD_ANNOUNCE)
                snprintf(c.text, sizeof c.text, "Seat open at table 2");
            run(c, now);
        }
        snap.t = m.t;
        snap.seq++;
        static show_t show;
        wall_show(&snap, now, -1, &show);
        wall_frame_t f = {.snap = &snap,
                          .now = now,
                          .show = &show,
                          .w = shot->w,
                          .h = shot->h,
                          .panel = shot->url ? &panel : NULL,
                          .pin = shot->pin};
        wall_plan_t plan;
        wall_plan(part.w, &f, &plan);
        if (i == 0)
            assert_int_equal(plan.n_damage, -1); /* nothing to compare with */
        long area = 0;
        for (int k = 0; k < plan.n_damage; k++)
            area += (long)plan.damage[k].w * plan.damage[k].h;
        if (mo->tick && ticks_small) {
            /* The digits, the bar, a strip: not the screen. */
            assert_true(plan.n_damage > 0);
            assert_true(area * 10 < (long)shot->w * shot->h);
        }
        partial += plan.n_damage > 0;
        canvas_open(&whole, shot->w, shot->h);
        wall_render(whole.w, &f);
        SDL_RenderFlush(whole.r);
        if (plan.n_damage > 1 && !skipped_shown) {
            /* Without one of its rectangles the frame is wrong. */
            SDL_BlitSurface(part.s, NULL, before, NULL);
            wall_plan_t less = plan;
            less.n_damage--;
            wall_render_part(part.w, &f, &less);
            SDL_RenderFlush(part.r);
            assert_true(pixels_differing(part.s, whole.s) > 0);
            SDL_BlitSurface(before, NULL, part.s, NULL);
            skipped_shown = 1;
        }
        wall_render_part(part.w, &f, &plan);
        SDL_RenderFlush(part.r);
        long diff = pixels_differing(part.s, whole.s);
        if (diff != 0) {
            char path[256];
            snprintf(path, sizeof path, "tests/out/parts-%s-%zu.bmp", shot->name, i);
            mkdir("tests/out", 0755);
            SDL_SaveBMP(part.s, path);
            fail_msg("%s, %s (+%lld ms): %ld pixels differ from the whole frame (%d "
                     "rectangles redrawn; the picture is in %s)",
                     shot->name, mo->what, (long long)mo->ms, diff, plan.n_damage, path);
        }
        print_message("%s, %s: %d rectangle%s, %ld px (%.1f %% of the screen)\n", shot->name,
                      mo->what, plan.n_damage, plan.n_damage == 1 ? "" : "s",
                      plan.n_damage < 0 ? (long)shot->w * shot->h : area,
                      plan.n_damage < 0 ? 100.0 : 100.0 * (double)area / shot->w / shot->h);
        canvas_close(&whole);
    }
    assert_true(partial >= 6);
    assert_int_equal(skipped_shown, 1);
    SDL_FreeSurface(before);
    canvas_close(&part);
}

/* A frame of a scaled picture with a square over it, the square at x;
 * drawn into r within clip (NULL: all), its calls kept in ops. */
static void picture_frame(SDL_Renderer *r, SDL_Texture *pic, int x, paint_ops_t *ops,
                          const SDL_Rect *clip, int n_clip, bool dry)
{
    paint_t p = {.r = r, .w = 400, .h = 400};
    paint_begin(&p, dry, ops, clip, n_clip);
    paint_clear(&p, (SDL_Color){10, 20, 30, 255});
    paint_texture(&p, dry ? NULL : pic, 120, 120, 13, 17, 157, 157, "picture");
    paint_rect(&p, x, 60, 20, 20, (SDL_Color){200, 30, 30, 255});
    paint_end(&p);
    if (!dry)
        SDL_RenderFlush(r);
}

/* SDL samples a scaled picture differently when a clip cuts it: a square
 * moving over a logo or a slide redraws the whole picture, and the frame
 * is the same as one drawn whole. */
static void a_scaled_picture_is_redrawn_whole(void **state)
{
    (void)state;
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, 120, 120, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(src);
    for (int y = 0; y < 120; y++)
        for (int x = 0; x < 120; x++)
            ((Uint32 *)((Uint8 *)src->pixels + y * src->pitch))[x] = 0xff000000u |
                                                                     (Uint32)(x * 2) << 16 |
                                                                     (Uint32)(y * 2) << 8 |
                                                                     (Uint32)((x ^ y) & 0xff);
    SDL_Surface *sa = SDL_CreateRGBSurfaceWithFormat(0, 400, 400, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Surface *sb = SDL_CreateRGBSurfaceWithFormat(0, 400, 400, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *ra = SDL_CreateSoftwareRenderer(sa), *rb = SDL_CreateSoftwareRenderer(sb);
    SDL_Texture *ta = SDL_CreateTextureFromSurface(ra, src),
                *tb = SDL_CreateTextureFromSurface(rb, src);
    assert_non_null(ta);
    assert_non_null(tb);
    paint_ops_t shown = {0}, next = {0};
    picture_frame(ra, ta, 60, &shown, NULL, 0, false);
    picture_frame(ra, NULL, 63, &next, NULL, 0, true);
    SDL_Rect damage[DAMAGE_MAX];
    int n = damage_find(&shown, &next, 400, 400, damage);
    assert_int_equal(n, 1);
    picture_frame(ra, ta, 63, &shown, damage, n, false);
    picture_frame(rb, tb, 63, NULL, NULL, 0, false);
    assert_int_equal(pixels_differing(sa, sb), 0);
    /* The square's two places, grown to the whole picture. */
    assert_true(SDL_RectEquals(&damage[0], &(SDL_Rect){13, 17, 157, 157}));
    paint_ops_free(&shown);
    paint_ops_free(&next);
    SDL_DestroyTexture(ta);
    SDL_DestroyTexture(tb);
    SDL_DestroyRenderer(ra);
    SDL_DestroyRenderer(rb);
    SDL_FreeSurface(sa);
    SDL_FreeSurface(sb);
    SDL_FreeSurface(src);
}

static void partial_redraws_match_whole_frames(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    /* The plain wall at 1080p; the venue's theme (a logo scaled into the
     * header, a font of its own) with the QR code at 720p; portrait. */
    evening_in_parts(&(shot_t){"running-1920x1080", st_running, 1920, 1080, "en", "", NULL, NULL,
                               false, NULL},
                     true);
    evening_in_parts(&(shot_t){"themed-1280x720", st_running, 1280, 720, "de", "en", URL, "482913",
                               true, NULL},
                     false);
    evening_in_parts(&(shot_t){"running-1080x1920", st_running, 1080, 1920, "en", "", NULL, NULL,
                               false, NULL},
                     true);
}

/* Every state at its sizes looks exactly like the picture a person checked. */
static void golden_images_match(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    bool update = getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1';
    int failures = 0;
    mkdir("tests/out", 0755);
    for (size_t i = 0; i < sizeof shots / sizeof shots[0]; i++) {
        const shot_t *s = &shots[i];
        unsigned char *png;
        size_t len;
        assert_int_equal(render(s, &png, &len), 0);
        char path[256];
        snprintf(path, sizeof path, "tests/golden/%s.png", s->name);
        SDL_Surface *got = decode(png, len);
        assert_non_null(got);
        assert_int_equal(got->w, s->w);
        assert_int_equal(got->h, s->h);
        if (update) {
            file_write(path, png, len);
        } else {
            size_t glen;
            unsigned char *gold = file_read(path, &glen);
            SDL_Surface *want = gold ? decode(gold, glen) : NULL;
            long diff = want ? pixels_differing(got, want) : -1;
            if (diff != 0) {
                char out[256];
                snprintf(out, sizeof out, "tests/out/%s.png", s->name);
                file_write(out, png, len);
                if (diff < 0)
                    print_message("%s: no golden image %s (UPDATE_GOLDEN=1 makes it); "
                                  "this render is in %s\n",
                                  s->name, path, out);
                else
                    print_message("%s: %ld pixels differ from %s; this render is in %s\n", s->name,
                                  diff, path, out);
                failures++;
            }
            SDL_FreeSurface(want);
            free(gold);
        }
        SDL_FreeSurface(got);
        free(png);
    }
    assert_int_equal(failures, 0);
}

static SDL_Surface *shot_surface(state_fn fn)
{
    shot_t s = {"", fn, 1280, 720, "en", "", NULL, NULL, false, NULL};
    unsigned char *png;
    size_t len;
    assert_int_equal(render(&s, &png, &len), 0);
    SDL_Surface *got = decode(png, len);
    free(png);
    assert_non_null(got);
    return got;
}

/* The moves' strips go after move_strip_seconds, and never show when the
 * house turned them off: the wall is then as without moves. */
static void move_strips_go_in_time(void **state)
{
    (void)state;
    SDL_Surface *plain = shot_surface(st_running_at_moves);
    SDL_Surface *moves = shot_surface(st_moves);
    SDL_Surface *off = shot_surface(st_moves_off);
    SDL_Surface *after = shot_surface(st_moves_after);
    assert_true(pixels_differing(plain, moves) > 0);
    assert_int_equal(pixels_differing(plain, off), 0);
    /* one move left: one strip, no dots, and not the plain wall */
    assert_true(pixels_differing(plain, after) > 0);
    assert_true(pixels_differing(moves, after) > 0);
    SDL_FreeSurface(plain);
    SDL_FreeSurface(moves);
    SDL_FreeSurface(off);
    SDL_FreeSurface(after);
}

/* The countdown is drawn in equal cells: the colon stays put from one
 * second to the next, whatever the digits. */
static void countdown_does_not_move(void **state)
{
    (void)state;
    shot_t s = {"", st_running, 1280, 720, "en", "", NULL, NULL, false, NULL};
    unsigned char *a, *b;
    size_t la, lb;
    assert_int_equal(render(&s, &a, &la), 0);
    /* 11:11 against 10:08: narrow and wide digits in every place. */
    int64_t now = level_start(2);
    static snapshot_t snap;
    snap.t = m.t;
    config_for(&s);
    free(a);
    assert_int_equal(wall_render_png(&config, &snap, now + 1200000 - 671000, 1280, 720, NULL, NULL,
                                     &a, &la),
                     0);
    assert_int_equal(wall_render_png(&config, &snap, now + 1200000 - 608000, 1280, 720, NULL, NULL,
                                     &b, &lb),
                     0);
    SDL_Surface *sa = decode(a, la), *sb = decode(b, lb);
    /* Find the colon: the columns of the countdown's middle band where the
     * two frames agree, between the digits that differ. */
    int y0 = 720 * 30 / 100, y1 = 720 * 55 / 100;
    int first_diff = -1, last_diff = -1;
    for (int x = 0; x < 1280; x++)
        for (int y = y0; y < y1; y++) {
            Uint32 pa = ((Uint32 *)((Uint8 *)sa->pixels + y * sa->pitch))[x] & 0xffffff;
            Uint32 pb = ((Uint32 *)((Uint8 *)sb->pixels + y * sb->pitch))[x] & 0xffffff;
            if (pa != pb) {
                if (first_diff < 0)
                    first_diff = x;
                last_diff = x;
                break;
            }
        }
    assert_true(first_diff > 0);
    /* The colon's columns are identical in both frames: some column in the
     * middle third of the changed span does not differ at all. */
    int same = 0;
    for (int x = first_diff + (last_diff - first_diff) / 3;
         x < first_diff + 2 * (last_diff - first_diff) / 3; x++) {
        int differs = 0;
        for (int y = y0; y < y1 && !differs; y++) {
            Uint32 pa = ((Uint32 *)((Uint8 *)sa->pixels + y * sa->pitch))[x] & 0xffffff;
            Uint32 pb = ((Uint32 *)((Uint8 *)sb->pixels + y * sb->pitch))[x] & 0xffffff;
            differs = pa != pb;
        }
        same += !differs;
    }
    assert_true(same > 3);
    SDL_FreeSurface(sa);
    SDL_FreeSurface(sb);
    free(a);
    free(b);
}

typedef struct {
    const snapshot_t *snap;
    int64_t now;
    unsigned char *png;
    size_t len;
    int rc;
} job_t;

static void *render_job(void *arg)
{
    job_t *j = arg;
    for (int i = 0; i < 3 && j->rc == 0; i++) {
        free(j->png);
        j->rc = wall_render_png(&config, j->snap, j->now, i == 1 ? 960 : 1280, i == 1 ? 540 : 720,
                                URL, NULL, &j->png, &j->len);
    }
    wall_render_thread_end();
    return NULL;
}

/* GET /api/screen.png renders from HTTP threads at once: each gets the
 * same picture it would have got alone. */
static void renders_from_threads_agree(void **state)
{
    (void)state;
    shot_t s = {"", st_paused, 1280, 720, "en", "", URL, NULL, false, NULL};
    int64_t now = s.state();
    static snapshot_t snap;
    snap.t = m.t;
    config_for(&s);
    unsigned char *alone;
    size_t alone_len;
    assert_int_equal(wall_render_png(&config, &snap, now, 1280, 720, URL, NULL, &alone, &alone_len),
                     0);
    job_t jobs[4] = {{0}};
    pthread_t th[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (job_t){.snap = &snap, .now = now};
        pthread_create(&th[i], NULL, render_job, &jobs[i]);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    SDL_Surface *want = decode(alone, alone_len);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(jobs[i].rc, 0);
        SDL_Surface *got = decode(jobs[i].png, jobs[i].len);
        assert_int_equal(pixels_differing(got, want), 0);
        SDL_FreeSurface(got);
        free(jobs[i].png);
    }
    SDL_FreeSurface(want);
    free(alone);
}

/* Twelve hours of a time that changes every second, drawn large through
 * the real text path: the cache's textures never exceed their budget, the
 * labels drawn every second are found in it every second, and the words
 * shown only once every twenty minutes (a new level's banner) are still
 * there at the end: the ever-changing time pushes out only its own kind. */
static void text_cache_stays_bounded(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 1920, 1080, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    char err[256];
    text_cache_t *tc = text_cache_new(r, NULL, err, sizeof err);
    assert_non_null(tc);
    size_t budget, fresh_budget;
    text_cache_budget(tc, &budget, &fresh_budget);
    assert_true(budget >= (size_t)TEXT_CACHE_MIN_BYTES && fresh_budget < budget);
    SDL_Color white = {255, 255, 255, 255}, gold = {242, 183, 5, 255};
    static const char *const labels[] = {"Friday Freezeout", "BLINDS", "PLAYERS", "AVERAGE"};
    static const char *const banner[] = {"Level", "Blinds up", "BREAK"};
    int w, h;
    text_cache_stats_t st;
    for (int s = 0; s < 12 * 3600; s++) {
        char t[32];
        snprintf(t, sizeof t, "Break in %d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        assert_non_null(text_get(tc, FACE_BOLD, 110, white, t, &w, &h));
        assert_true(w > 0 && h > 0);
        for (size_t i = 0; i < sizeof labels / sizeof *labels; i++) {
            text_cache_stats(tc, &st);
            uint64_t misses = st.misses;
            assert_non_null(text_get(tc, FACE_REGULAR, 48, gold, labels[i], &w, &h));
            text_cache_stats(tc, &st);
            if (s > 0 && st.misses != misses)
                fail_msg("label \"%s\" rendered again at %d s", labels[i], s);
        }
        if (s % 1200 == 0) /* a banner: its words, drawn for a few frames */
            for (int k = 0; k < 2; k++)
                for (size_t i = 0; i < sizeof banner / sizeof *banner; i++)
                    assert_non_null(text_get(tc, FACE_BOLD, 200, gold, banner[i], &w, &h));
        text_cache_stats(tc, &st);
        if (st.bytes > budget)
            fail_msg("%zu bytes of text after %d s: more than the budget of %zu", st.bytes, s,
                     budget);
        if (st.fresh_bytes > fresh_budget)
            fail_msg("%zu bytes of fresh text after %d s: more than its %zu", st.fresh_bytes, s,
                     fresh_budget);
    }
    /* The budget was used: times were pushed out all evening. */
    assert_true(st.evicted > 40000);
    /* The banner's words drawn at 0 s, 20 min, ... are found, not drawn again. */
    uint64_t misses = st.misses;
    for (size_t i = 0; i < sizeof banner / sizeof *banner; i++)
        assert_non_null(text_get(tc, FACE_BOLD, 200, gold, banner[i], &w, &h));
    text_cache_stats(tc, &st);
    assert_int_equal(st.misses, misses);
    /* A string asked for again is the same texture, not a new one. */
    SDL_Texture *a = text_get(tc, FACE_BOLD, 24, white, "Level 3", &w, &h);
    SDL_Texture *b = text_get(tc, FACE_BOLD, 24, white, "Level 3", &w, &h);
    assert_ptr_equal(a, b);
    text_cache_free(tc);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

/* A theme font or logo that cannot be used leaves the wall as it is
 * with the built-in font and no logo: never blank. */
static void bad_theme_files_fall_back(void **state)
{
    (void)state;
    shot_t s = {"", st_running, 960, 540, "en", "", NULL, NULL, false, NULL};
    unsigned char *plain, *bad;
    size_t lp, lb;
    assert_int_equal(render(&s, &plain, &lp), 0);
    int64_t now = st_running();
    static snapshot_t snap;
    snap.t = m.t;
    snap.seq = 1;
    static settings_t c;
    memset(&c, 0, sizeof c);
    snprintf(c.language, sizeof c.language, "en");
    snprintf(c.theme.font, sizeof c.theme.font, "tests/unit/test_wall.c"); /* not a font */
    snprintf(c.theme.logo, sizeof c.theme.logo, "/nonexistent/logo.png");
    assert_int_equal(wall_render_png(&c, &snap, now, 960, 540, NULL, NULL, &bad, &lb), 0);
    SDL_Surface *a = decode(plain, lp), *b = decode(bad, lb);
    assert_int_equal(pixels_differing(a, b), 0);
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    free(plain);
    free(bad);
}

/* The conversions of a printf format, in order: "%d ... %s" -> "ds". */
static void conversions(const char *f, char *out, size_t len)
{
    size_t n = 0;
    for (; *f && n + 1 < len; f++)
        if (*f == '%' && f[1]) {
            f++;
            if (*f != '%')
                out[n++] = *f;
        }
    out[n] = 0;
}

/* Every word the wall shows exists in every language, and a translated
 * format takes the same arguments as the English one (a wrong one would
 * print garbage on the wall, or crash). */
static void every_word_in_every_language(void **state)
{
    (void)state;
    for (int w = 0; w < W__COUNT; w++) {
        char en[16];
        conversions(lang_word(LANG_EN, (word_id)w), en, sizeof en);
        for (int l = 0; l < LANG__COUNT; l++) {
            const char *t = lang_word((lang_id)l, (word_id)w);
            if (!*t)
                fail_msg("word %d has no text in language %d", w, l);
            char c[16];
            conversions(t, c, sizeof c);
            if (strcmp(c, en) != 0)
                fail_msg("word %d in language %d: \"%s\" takes other arguments than \"%s\"", w, l,
                         t, lang_word(LANG_EN, (word_id)w));
        }
    }
    assert_int_equal(lang_from_code("nb"), LANG_NB);
    assert_int_equal(lang_from_code("da"), LANG_DA);
    assert_int_equal(lang_from_code("xx"), LANG_EN);
    char buf[16];
    lang_ordinal(LANG_EN, 2, buf, sizeof buf);
    assert_string_equal(buf, "2nd");
    lang_ordinal(LANG_EN, 12, buf, sizeof buf);
    assert_string_equal(buf, "12th");
    lang_ordinal(LANG_DE, 3, buf, sizeof buf);
    assert_string_equal(buf, "3.");
}

/* pokerclock --screenshot OUT.png --size WxH writes the wall as a PNG of
 * that size (the program itself, as a venue would run it). */
static void screenshot_writes_png_of_requested_size(void **state)
{
    (void)state;
    const char *bin = getenv("POKERCLOCK_BIN");
    if (!bin || !*bin)
        bin = "./pokerclock";
    if (access(bin, X_OK) != 0) {
        print_message("%s is not built; build it with make to run this test\n", bin);
        skip();
    }
    char dir[] = "/tmp/pokerclock-shot-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[1024], out[512];
    snprintf(out, sizeof out, "%s/wall.png", dir);
    snprintf(cmd, sizeof cmd,
             "SDL_VIDEODRIVER=dummy '%s' --screenshot '%s' --size 1280x800 "
             "--state '%s' 2>/dev/null",
             bin, out, dir);
    assert_int_equal(system(cmd), 0);
    SDL_Surface *s = IMG_Load(out);
    assert_non_null(s);
    assert_int_equal(s->w, 1280);
    assert_int_equal(s->h, 800);
    SDL_FreeSurface(s);
    /* A size it cannot make is refused with a message, and no file. */
    snprintf(out, sizeof out, "%s/bad.png", dir);
    snprintf(cmd, sizeof cmd, "'%s' --screenshot '%s' --size 10x10 --state '%s' 2>/dev/null", bin,
             out, dir);
    assert_int_not_equal(system(cmd), 0);
    assert_int_not_equal(access(out, F_OK), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bb_text_matches_the_shared_vectors),
        cmocka_unit_test(golden_images_match),
        cmocka_unit_test(partial_redraws_match_whole_frames),
        cmocka_unit_test(a_scaled_picture_is_redrawn_whole),
        cmocka_unit_test(no_text_below_the_minimum),
        cmocka_unit_test(countdown_does_not_move),
        cmocka_unit_test(move_strips_go_in_time),
        cmocka_unit_test(renders_from_threads_agree),
        cmocka_unit_test(text_cache_stays_bounded),
        cmocka_unit_test(every_word_in_every_language),
        cmocka_unit_test(bad_theme_files_fall_back),
        cmocka_unit_test(screenshot_writes_png_of_requested_size),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char logo[64];
    snprintf(logo, sizeof logo, "/tmp/pokerclock-logo-%d.png", (int)getpid());
    unlink(logo);
    return failed;
}
