/* The field descriptions of the records; see fields.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/fields.h"
#include "model/tourney.h"
#include "model/voice.h"

/* Chip amounts and money beyond this are not a tournament, they are noise. */
#define MAX_CHIPS INT64_C(1000000000000)
#define MAX_MONEY INT64_C(1000000000000)

#define MEMBER(T, m) (((T *)0)->m)
#define FIELD(T, name, m, type, lo, hi, unit, has, forms, sub)                                     \
    {                                                                                              \
        name, #m, type, offsetof(T, m), sizeof MEMBER(T, m), 1, lo, hi, unit, has, forms, sub      \
    }
#define ARRAY(T, name, m, type, lo, hi, forms, sub)                                                \
    {                                                                                              \
        name, #m, type, offsetof(T, m), sizeof MEMBER(T, m)[0],                                    \
            sizeof MEMBER(T, m) / sizeof MEMBER(T, m)[0], lo, hi, 1, 0, forms, sub                 \
    }
/* A member only the snapshot keeps, under its own name. */
#define KEPT(T, m, type) FIELD(T, #m, m, type, 0, 0, 1, 0, FORM_SNAPSHOT, NULL)
#define KEPT_RECORD(T, m, rec) FIELD(T, #m, m, FIELD_RECORD, 0, 0, 1, 0, FORM_SNAPSHOT, &rec)
#define KEPT_ARRAY(T, m, type, rec) ARRAY(T, #m, m, type, 0, 0, FORM_SNAPSHOT, rec)
#define GROUP(T, name, rec, forms)                                                                 \
    {                                                                                              \
        name, "", FIELD_GROUP, 0, sizeof(T), 1, 0, 0, 1, 0, forms, &rec                            \
    }
#define RECORD(T, fields)                                                                          \
    {                                                                                              \
        sizeof(T), fields, sizeof fields / sizeof *fields                                          \
    }

#define LEVEL(name, type, member, lo, hi, has, forms)                                              \
    FIELD(level_t, name, member, type, lo, hi, 1, has, forms, NULL)

static const field_t level_fields[] = {
    LEVEL("break", FIELD_BREAK, kind, 0, 1, LF_BREAK, FORM_CONFIG | FORM_COMMAND | FORM_SNAPSHOT),
    LEVEL("small_blind", FIELD_INT, small_blind, 0, MAX_CHIPS, LF_SMALL, FORM_ALL),
    LEVEL("big_blind", FIELD_INT, big_blind, 0, MAX_CHIPS, LF_BIG, FORM_ALL),
    LEVEL("ante", FIELD_INT, ante, 0, MAX_CHIPS, LF_ANTE, FORM_ALL),
    LEVEL("big_blind_ante", FIELD_BOOL, big_blind_ante, 0, 1, LF_BBA, FORM_ALL),
    LEVEL("duration_ms", FIELD_INT, duration_ms, 1, TOURNEY_MAX_DURATION_MS, LF_DURATION,
          FORM_COMMAND | FORM_STATE | FORM_SNAPSHOT),
    /* after duration_ms: a command with both takes the minutes */
    LEVEL("minutes", FIELD_MINUTES, duration_ms, 0, 24 * 60, LF_DURATION,
          FORM_CONFIG | FORM_COMMAND),
    LEVEL("day_end", FIELD_BOOL, day_end, 0, 1, LF_DAY_END, FORM_ALL),
    /* 0: the color-up is derived from the structure */
    LEVEL("color_up", FIELD_INT, color_up, 0, MAX_CHIPS, LF_COLOR_UP, FORM_ALL),
    KEPT(level_t, left_at_ms, FIELD_INT),
};
const record_t level_record = RECORD(level_t, level_fields);

#define WRITTEN (FORM_CONFIG | FORM_STATE | FORM_SNAPSHOT)

static const field_t chip_fields[] = {
    FIELD(chip_t, "value", value, FIELD_INT, 1, MAX_CHIPS, 1, 0, WRITTEN, NULL),
    /* The other spelling, before colour: with both, colour is the one taken. */
    FIELD(chip_t, "color", colour, FIELD_TEXT, 0, 0, 1, 0, FORM_CONFIG, NULL),
    FIELD(chip_t, "colour", colour, FIELD_TEXT, 0, 0, 1, 0, WRITTEN, NULL),
    FIELD(chip_t, "rgb", rgb, FIELD_RGB, 0, 0xffffff, 1, 0, WRITTEN, NULL),
};
const record_t chip_record = RECORD(chip_t, chip_fields);

static const field_t payout_fields[] = {
    FIELD(payout_table_t, "min_entries", min_entries, FIELD_INT, 1, 100000, 1, 0, WRITTEN, NULL),
    /* Written as the list of percentages; the snapshot keeps the count. */
    ARRAY(payout_table_t, "places", bp, FIELD_PERCENT, 0, 100, WRITTEN, NULL),
    KEPT(payout_table_t, places, FIELD_INT),
};
const record_t payout_record = RECORD(payout_table_t, payout_fields);

#define HOUSE(name, type, member, lo, hi, unit)                                                    \
    FIELD(house_t, name, member, type, lo, hi, unit, 0, WRITTEN, NULL)

/* The configuration's house group; the structure sends the same names.
 * 0 is the default everywhere; where the range starts above 0, the default
 * is the only way to 0 (house_effective fills it in before it is sent). */
static const field_t house_fields[] = {
    HOUSE("tables", FIELD_INT, tables, 0, TOURNEY_MAX_TABLES, 1), /* 0: the default */
    HOUSE("hand_for_hand_deduct_seconds", FIELD_INT, hfh_deduct_ms, 0, 600, 1000),
    HOUSE("hand_for_hand_auto_next", FIELD_BOOL, hfh_auto_next, 0, 1, 1),
    HOUSE("clock_call_seconds", FIELD_INT, call_ms, 5, 600, 1000),
    HOUSE("clock_call_countdown_seconds", FIELD_INT, call_countdown_ms, 1, 60, 1000),
    HOUSE("short_level_minutes", FIELD_INT, short_level_ms, 1, 240, 60000),
    HOUSE("short_clock_call_seconds", FIELD_INT, short_call_ms, 5, 600, 1000),
    HOUSE("short_clock_call_countdown_seconds", FIELD_INT, short_call_countdown_ms, 1, 60, 1000),
    HOUSE("day_end_per_table", FIELD_BOOL, day_end_per_table, 0, 1, 1),
    /* false: TIME goes from the wall by itself 10 s after a clock call ran out */
    HOUSE("clock_call_stays", FIELD_BOOL, call_stays, 0, 1, 1),
    /* false: hand-for-hand ends by itself when the bubble bursts */
    HOUSE("hand_for_hand_stays_in_the_money", FIELD_BOOL, hfh_stays, 0, 1, 1),
    HOUSE("seats_per_table", FIELD_INT, seats, 2, TOURNEY_MAX_SEAT, 1),
    /* the wall's strip of a move ("Table 5, seat 2 -> Table 1, seat 7") */
    HOUSE("move_strip_seconds", FIELD_INT, move_strip_ms, 5, 3600, 1000),
    HOUSE("move_strip_off", FIELD_BOOL, move_strip_off, 0, 1, 1),
    /* first name and initial on every screen the public sees */
    HOUSE("short_names", FIELD_BOOL, short_names, 0, 1, 1),
    /* the slides in a band beside the clock while a level runs, landscape only */
    HOUSE("slides_while_running", FIELD_BOOL, slides_band, 0, 1, 1),
};
const record_t house_record = RECORD(house_t, house_fields);

/* The periods: members of the structure, each a group of its own where it
 * is written. A level is a play level's number; 0: no such period. */
#define PERIOD(name, member, lo, hi)                                                               \
    FIELD(structure_t, name, member, FIELD_INT, lo, hi, 1, 0, WRITTEN, NULL)

static const field_t late_reg_fields[] = {
    PERIOD("until_level", late_reg_until_level, 1, TOURNEY_MAX_LEVELS),
};
const record_t late_reg_record = RECORD(structure_t, late_reg_fields);

static const field_t rebuy_fields[] = {
    PERIOD("price", rebuy_price, 0, MAX_MONEY),
    PERIOD("chips", rebuy_chips, 1, MAX_CHIPS),
    PERIOD("until_level", rebuy_until_level, 1, TOURNEY_MAX_LEVELS),
};
const record_t rebuy_record = RECORD(structure_t, rebuy_fields);

static const field_t addon_fields[] = {
    PERIOD("price", addon_price, 0, MAX_MONEY),
    PERIOD("chips", addon_chips, 1, MAX_CHIPS),
    PERIOD("after_level", addon_after_level, 1, TOURNEY_MAX_LEVELS),
};
const record_t addon_record = RECORD(structure_t, addon_fields);

/* League points: the formula, and for "fixed" the points per place. */
static const field_t points_fields[] = {
    FIELD(points_config_t, "formula", formula, FIELD_TEXT, 0, 0, 1, 0, WRITTEN, NULL),
    ARRAY(points_config_t, "list", list, FIELD_INT, 0, 1000000, FORM_CONFIG | FORM_SNAPSHOT, NULL),
    KEPT(points_config_t, n_list, FIELD_INT),
};
const record_t points_record = RECORD(points_config_t, points_fields);

/* Bounties: the amount per entry, its kind, whether rebuys buy one. */
static const field_t bounty_fields[] = {
    FIELD(bounty_config_t, "amount", amount, FIELD_INT, 1, MAX_MONEY, 1, 0, WRITTEN, NULL),
    FIELD(bounty_config_t, "kind", kind, FIELD_TEXT, 0, 0, 1, 0, WRITTEN, NULL),
    FIELD(bounty_config_t, "rebuys", rebuys, FIELD_BOOL, 0, 1, 1, 0, WRITTEN, NULL),
};
const record_t bounty_record = RECORD(bounty_config_t, bounty_fields);

#define STRUCTURE(name, member, type, lo, hi)                                                      \
    FIELD(structure_t, name, member, type, lo, hi, 1, 0, WRITTEN, NULL)

/* In the order the configuration reads them: the periods refer to levels. */
static const field_t structure_fields[] = {
    STRUCTURE("name", name, FIELD_TEXT, 0, 0),
    STRUCTURE("currency", currency, FIELD_TEXT, 0, 0),
    STRUCTURE("buy_in", buy_in, FIELD_INT, 0, MAX_MONEY),
    STRUCTURE("fee", fee, FIELD_INT, 0, MAX_MONEY),
    STRUCTURE("guarantee", guarantee, FIELD_INT, 0, MAX_MONEY),
    STRUCTURE("starting_stack", starting_stack, FIELD_INT, 1, MAX_CHIPS),
    KEPT(structure_t, n_levels, FIELD_INT),
    ARRAY(structure_t, "levels", levels, FIELD_RECORD, 0, 0, WRITTEN, &level_record),
    KEPT(structure_t, n_chips, FIELD_INT),
    ARRAY(structure_t, "chips", chips, FIELD_RECORD, 0, 0, WRITTEN, &chip_record),
    KEPT(structure_t, n_payouts, FIELD_INT),
    ARRAY(structure_t, "payouts", payouts, FIELD_RECORD, 0, 0, WRITTEN, &payout_record),
    GROUP(structure_t, "late_registration", late_reg_record, FORM_CONFIG | FORM_STATE),
    GROUP(structure_t, "rebuy", rebuy_record, FORM_CONFIG | FORM_STATE),
    GROUP(structure_t, "addon", addon_record, FORM_CONFIG | FORM_STATE),
    FIELD(structure_t, "house", house, FIELD_RECORD, 0, 0, 1, 0, WRITTEN, &house_record),
    FIELD(structure_t, "points", points, FIELD_RECORD, 0, 0, 1, 0, WRITTEN, &points_record),
    /* 0: a unit of 1 (the default is the only way to 0); the state says
     * them as payout_rule (json/settle.c), not in the structure */
    FIELD(structure_t, "payout_unit", payout_unit, FIELD_INT, 1, 1000000, 1, 0,
          FORM_CONFIG | FORM_SNAPSHOT, NULL),
    FIELD(structure_t, "payout_remainder_largest", payout_remainder_largest, FIELD_BOOL, 0, 1, 1, 0,
          FORM_CONFIG | FORM_SNAPSHOT, NULL),
    KEPT(structure_t, n_payout_amounts, FIELD_INT),
    KEPT_ARRAY(structure_t, payout_amounts, FIELD_INT, NULL),
    FIELD(structure_t, "bounty", bounty, FIELD_RECORD, 0, 0, 1, 0, WRITTEN, &bounty_record),
};
const record_t structure_record = RECORD(structure_t, structure_fields);

/* The configuration's sound group: the volume, each event's sound, and
 * which events are spoken (all off unless set). */
#define SOUND(name, e)                                                                             \
    FIELD(voice_config_t, name, sound[e], FIELD_TEXT, 0, 0, 1, 0, FORM_CONFIG, NULL)
#define SPEAK(name, e)                                                                             \
    FIELD(voice_config_t, name, speak[e], FIELD_BOOL, 0, 1, 1, 0, FORM_CONFIG, NULL)

static const field_t voice_fields[] = {
    FIELD(voice_config_t, "volume", volume, FIELD_INT, 0, 100, 1, 0, FORM_CONFIG, NULL),
    SOUND("level", VOICE_LEVEL),
    SOUND("minute", VOICE_MINUTE),
    SOUND("break", VOICE_BREAK),
    SOUND("break_over", VOICE_BREAK_OVER),
    SOUND("clock_call_second", VOICE_CALL_SECOND),
    SOUND("clock_call_time", VOICE_CALL_TIME),
    SOUND("color_up", VOICE_COLOR_UP),
    SOUND("hand_for_hand", VOICE_HFH),
    SOUND("bubble", VOICE_BUBBLE),
    SOUND("money", VOICE_MONEY),
    SOUND("day_end", VOICE_DAY_END),
    SOUND("moves", VOICE_MOVES),
    SPEAK("speak_level", VOICE_LEVEL),
    SPEAK("speak_break", VOICE_BREAK),
    SPEAK("speak_break_over", VOICE_BREAK_OVER),
    SPEAK("speak_color_up", VOICE_COLOR_UP),
    SPEAK("speak_hand_for_hand", VOICE_HFH),
    SPEAK("speak_bubble", VOICE_BUBBLE),
    SPEAK("speak_money", VOICE_MONEY),
    SPEAK("speak_day_end", VOICE_DAY_END),
    FIELD(voice_config_t, "pages", pages, FIELD_BOOL, 0, 1, 1, 0, FORM_CONFIG, NULL),
};
const record_t voice_record = RECORD(voice_config_t, voice_fields);

/* ---- what only the snapshot keeps: the tournament as it goes ---- */

static const field_t clock_fields[] = {
    KEPT(clock_state_t, started, FIELD_BOOL), KEPT(clock_state_t, running, FIELD_BOOL),
    KEPT(clock_state_t, level, FIELD_INT),    KEPT(clock_state_t, level_elapsed_ms, FIELD_INT),
    KEPT(clock_state_t, since, FIELD_INT),    KEPT(clock_state_t, played_ms, FIELD_INT),
};
static const record_t clock_record = RECORD(clock_state_t, clock_fields);

/* A set of tables: its first word under the member's name, as the 64-bit
 * mask a snapshot kept before (tables 1..64), the words above in an array
 * of their own (tables 65..), absent from snapshots that predate them. */
#define KEPT_TABLES(T, m)                                                                          \
    {#m, #m, FIELD_UINT, offsetof(T, m.w), sizeof(uint64_t), 1, 0, 0, 1, 0, FORM_SNAPSHOT, NULL},  \
    {                                                                                              \
#m "_above_64", #m "_above_64", FIELD_UINT, offsetof(T, m.w) + sizeof(uint64_t),           \
            sizeof(uint64_t), TABLESET_WORDS - 1, 0, 0, 1, 0, FORM_SNAPSHOT, NULL                  \
    }

static const field_t hfh_fields[] = {
    KEPT(hand_for_hand_t, active, FIELD_BOOL),
    KEPT(hand_for_hand_t, hand, FIELD_INT),
    KEPT(hand_for_hand_t, tables, FIELD_INT),
    KEPT_TABLES(hand_for_hand_t, in_play),
    KEPT_TABLES(hand_for_hand_t, done),
    KEPT_TABLES(hand_for_hand_t, waiting),
    KEPT(hand_for_hand_t, clock_was_running, FIELD_BOOL),
    KEPT(hand_for_hand_t, hand_at, FIELD_INT),
};
static const record_t hfh_record = RECORD(hand_for_hand_t, hfh_fields);

static const field_t day_end_fields[] = {
    KEPT(day_end_t, active, FIELD_BOOL),
    KEPT(day_end_t, drawn, FIELD_INT),
    KEPT(day_end_t, drawn_at, FIELD_INT),
    KEPT(day_end_t, tables, FIELD_INT),
    KEPT_TABLES(day_end_t, in_play),
    KEPT(day_end_t, left_field, FIELD_INT),
    KEPT_ARRAY(day_end_t, left, FIELD_UINT, NULL),
};
static const record_t day_end_record = RECORD(day_end_t, day_end_fields);

static const field_t call_fields[] = {
    KEPT(clock_call_t, active, FIELD_BOOL),  KEPT(clock_call_t, table, FIELD_INT),
    KEPT(clock_call_t, seat, FIELD_INT),     KEPT(clock_call_t, started, FIELD_INT),
    KEPT(clock_call_t, total_ms, FIELD_INT), KEPT(clock_call_t, countdown_ms, FIELD_INT),
};
static const record_t call_record = RECORD(clock_call_t, call_fields);

static const field_t penalty_fields[] = {
    KEPT(penalty_t, table, FIELD_INT),    KEPT(penalty_t, seat, FIELD_INT),
    KEPT(penalty_t, given_at, FIELD_INT), KEPT(penalty_t, until, FIELD_INT),
    KEPT(penalty_t, rounds, FIELD_INT),
};
static const record_t penalty_record = RECORD(penalty_t, penalty_fields);

static const field_t result_fields[] = {
    KEPT(result_t, place_best, FIELD_INT),
    KEPT(result_t, place_worst, FIELD_INT),
    KEPT(result_t, prize_each, FIELD_INT),
    KEPT(result_t, table, FIELD_INT),
    KEPT(result_t, chips, FIELD_INT),
    KEPT(result_t, at, FIELD_INT),
    /* absent from snapshots of an earlier pokerclock: model/standings.c
     * fills them in from the places */
    KEPT(result_t, player, FIELD_INT),
    KEPT(result_t, seq, FIELD_INT),
    KEPT(result_t, out_before, FIELD_INT),
    KEPT(result_t, group, FIELD_INT),
};
static const record_t result_record = RECORD(result_t, result_fields);

static const field_t deal_fields[] = {
    KEPT(tourney_deal_t, players, FIELD_INT),
    KEPT(tourney_deal_t, play_for, FIELD_INT),
    KEPT(tourney_deal_t, at, FIELD_INT),
    KEPT_ARRAY(tourney_deal_t, who, FIELD_INT, NULL),
    KEPT_ARRAY(tourney_deal_t, amount, FIELD_INT, NULL),
    KEPT(tourney_deal_t, bounties, FIELD_INT),
};
static const record_t deal_record = RECORD(tourney_deal_t, deal_fields);

static const field_t action_fields[] = {
    KEPT(action_t, code, FIELD_TEXT),
    KEPT_ARRAY(action_t, num, FIELD_INT, NULL),
    KEPT_ARRAY(action_t, text, FIELD_TEXT, NULL),
};
static const record_t action_record = RECORD(action_t, action_fields);

#define KNOCKOUT(m, type) FIELD(tourney_t, #m, knockout.m, type, 0, 0, 1, 0, FORM_SNAPSHOT, NULL)
static const field_t knockout_fields[] = {
    KNOCKOUT(at, FIELD_INT),
    KNOCKOUT(out, FIELD_INT),
    KNOCKOUT(n_by, FIELD_INT),
    ARRAY(tourney_t, "by", knockout.by, FIELD_INT, 0, 0, FORM_SNAPSHOT, NULL),
    ARRAY(tourney_t, "cash", knockout.cash, FIELD_INT, 0, 0, FORM_SNAPSHOT, NULL),
};
static const record_t knockout_record = RECORD(tourney_t, knockout_fields);

static const field_t tourney_fields[] = {
    KEPT_RECORD(tourney_t, s, structure_record),
    KEPT_RECORD(tourney_t, clock, clock_record),
    KEPT(tourney_t, entries, FIELD_INT),
    KEPT(tourney_t, reentries, FIELD_INT),
    KEPT(tourney_t, out_groups, FIELD_INT),
    KEPT(tourney_t, busted, FIELD_INT),
    KEPT(tourney_t, rebuys, FIELD_INT),
    KEPT(tourney_t, addons, FIELD_INT),
    KEPT(tourney_t, announcement, FIELD_TEXT),
    KEPT(tourney_t, announcement_until, FIELD_INT),
    KEPT(tourney_t, announcement_at, FIELD_INT),
    KEPT(tourney_t, recovered_after_power_loss, FIELD_BOOL),
    KEPT_RECORD(tourney_t, hfh, hfh_record),
    KEPT(tourney_t, bubble, FIELD_BOOL),
    KEPT(tourney_t, itm_at, FIELD_INT),
    KEPT_RECORD(tourney_t, day_end, day_end_record),
    KEPT_RECORD(tourney_t, call, call_record),
    KEPT(tourney_t, n_penalties, FIELD_INT),
    KEPT_ARRAY(tourney_t, penalties, FIELD_RECORD, &penalty_record),
    KEPT(tourney_t, n_results, FIELD_INT),
    KEPT_ARRAY(tourney_t, results, FIELD_RECORD, &result_record),
    KEPT(tourney_t, color_up_value, FIELD_INT),
    KEPT(tourney_t, color_up_at, FIELD_INT),
    KEPT(tourney_t, chips_removed, FIELD_UINT),
    KEPT(tourney_t, n_done, FIELD_UINT),
    KEPT_ARRAY(tourney_t, done, FIELD_TEXT, NULL),
    KEPT_ARRAY(tourney_t, acts, FIELD_RECORD, &action_record),
    KEPT(tourney_t, undoable, FIELD_INT),
    KEPT(tourney_t, language, FIELD_TEXT),
    KEPT(tourney_t, language2, FIELD_TEXT),
    KEPT(tourney_t, quiet, FIELD_BOOL),
    KEPT(tourney_t, said, FIELD_TEXT),
    KEPT(tourney_t, said_at, FIELD_INT),
    KEPT(tourney_t, volume_set, FIELD_BOOL),
    KEPT(tourney_t, volume, FIELD_INT),
    KEPT_ARRAY(tourney_t, sounds, FIELD_TEXT, NULL),
    KEPT(tourney_t, speak_set, FIELD_UINT),
    KEPT(tourney_t, speak_on, FIELD_UINT),
    KEPT(tourney_t, final_at, FIELD_INT),
    KEPT(tourney_t, final_table, FIELD_INT),
    KEPT(tourney_t, final_button, FIELD_INT),
    KEPT_ARRAY(tourney_t, final_cards, FIELD_UINT, NULL),
    KEPT_RECORD(tourney_t, deal, deal_record),
    KEPT(tourney_t, bounty_loose, FIELD_INT),
    KEPT(tourney_t, bounty_unclaimed, FIELD_INT),
    GROUP(tourney_t, "knockout", knockout_record, FORM_SNAPSHOT),
};
const record_t tourney_record = RECORD(tourney_t, tourney_fields);

const field_t *field_find(const record_t *rec, const char *name, unsigned form)
{
    for (int i = 0; i < rec->n; i++)
        if ((rec->f[i].forms & form) && strcmp(rec->f[i].name, name) == 0)
            return &rec->f[i];
    return NULL;
}

int64_t field_raw(const field_t *f, const void *at)
{
    bool u = f->type == FIELD_UINT || f->type == FIELD_RGB;
    switch (f->size) {
    case 1: {
        uint8_t v;
        memcpy(&v, at, 1);
        return u ? (int64_t)v : (int8_t)v;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, at, 2);
        return u ? (int64_t)v : (int16_t)v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, at, 4);
        return u ? (int64_t)v : (int32_t)v;
    }
    default: {
        int64_t v;
        memcpy(&v, at, 8);
        return v;
    }
    }
}

void field_set_raw(const field_t *f, void *at, int64_t v)
{
    switch (f->size) {
    case 1: {
        uint8_t y = (uint8_t)v;
        memcpy(at, &y, 1);
        break;
    }
    case 2: {
        uint16_t y = (uint16_t)v;
        memcpy(at, &y, 2);
        break;
    }
    case 4: {
        uint32_t y = (uint32_t)v;
        memcpy(at, &y, 4);
        break;
    }
    default: memcpy(at, &v, 8); break;
    }
}

int64_t field_get_int(const field_t *f, const void *rec)
{
    return field_raw(f, (const char *)rec + f->offset) / f->unit;
}

void field_set_int(const field_t *f, void *rec, int64_t written)
{
    field_set_raw(f, (char *)rec + f->offset, written * f->unit);
}

bool *field_bool(const field_t *f, void *rec)
{
    return (bool *)((char *)rec + f->offset);
}

bool field_parse_rgb(const char *text, uint32_t *rgb)
{
    if (text[0] != '#' || strlen(text) != 7)
        return false;
    for (int i = 1; i < 7; i++)
        if (!isxdigit((unsigned char)text[i]))
            return false;
    *rgb = (uint32_t)strtoul(text + 1, NULL, 16);
    return true;
}
