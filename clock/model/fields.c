/* The field descriptions of the records; see fields.h. */
#include "model/fields.h"
#include "model/tourney.h"

/* Chip amounts beyond this are not a tournament, they are noise. */
#define MAX_CHIPS INT64_C(1000000000000)

#define LEVEL(name, type, member, lo, hi, has, forms) \
    {name, type, offsetof(level_t, member), lo, hi, 1, has, forms}

static const field_t level_fields[] = {
    LEVEL("break", FIELD_BREAK, kind, 0, 1, LF_BREAK, FORM_CONFIG | FORM_COMMAND),
    LEVEL("small_blind", FIELD_INT, small_blind, 0, MAX_CHIPS, LF_SMALL, FORM_ALL),
    LEVEL("big_blind", FIELD_INT, big_blind, 0, MAX_CHIPS, LF_BIG, FORM_ALL),
    LEVEL("ante", FIELD_INT, ante, 0, MAX_CHIPS, LF_ANTE, FORM_ALL),
    LEVEL("big_blind_ante", FIELD_BOOL, big_blind_ante, 0, 1, LF_BBA, FORM_ALL),
    LEVEL("duration_ms", FIELD_INT, duration_ms, 1, TOURNEY_MAX_DURATION_MS, LF_DURATION,
          FORM_COMMAND | FORM_STATE),
    /* after duration_ms: a command with both takes the minutes */
    LEVEL("minutes", FIELD_MINUTES, duration_ms, 0, 24 * 60, LF_DURATION,
          FORM_CONFIG | FORM_COMMAND),
    LEVEL("day_end", FIELD_BOOL, day_end, 0, 1, LF_DAY_END, FORM_ALL),
    /* 0: the color-up is derived from the structure */
    LEVEL("color_up", FIELD_INT, color_up, 0, MAX_CHIPS, LF_COLOR_UP, FORM_ALL),
};

const record_t level_record = {level_fields, sizeof level_fields / sizeof *level_fields};

#define HOUSE(name, type, member, lo, hi, unit) \
    {name, type, offsetof(house_t, member), lo, hi, unit, 0, FORM_CONFIG | FORM_STATE}

/* The configuration's house group; the structure sends the same names.
 * 0 is the default everywhere; where the range starts above 0, the default
 * is the only way to 0 (house_effective fills it in before it is sent). */
static const field_t house_fields[] = {
    HOUSE("tables", FIELD_INT32, tables, 0, TOURNEY_MAX_TABLES, 1), /* 0: the default */
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
    HOUSE("seats_per_table", FIELD_INT32, seats, 2, TOURNEY_MAX_SEAT, 1),
};

const record_t house_record = {house_fields, sizeof house_fields / sizeof *house_fields};

int64_t field_get_int(const field_t *f, const void *rec)
{
    const char *p = (const char *)rec + f->offset;
    int64_t v = f->type == FIELD_INT32 ? *(const int *)p : *(const int64_t *)p;
    return v / f->unit;
}

void field_set_int(const field_t *f, void *rec, int64_t written)
{
    char *p = (char *)rec + f->offset;
    if (f->type == FIELD_INT32)
        *(int *)p = (int)(written * f->unit);
    else
        *(int64_t *)p = written * f->unit;
}

bool *field_bool(const field_t *f, void *rec)
{
    return (bool *)((char *)rec + f->offset);
}
