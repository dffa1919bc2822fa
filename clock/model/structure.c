/* Checks on a structure and its levels, payout tables, chip amounts as text. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model/bounty.h"
#include "model/text.h"
#include "model/tourney.h"

/* Each check refuses (never APPLY_OK): !refuse_...() is false. */
bool level_validate(const level_t *l, refusal_t *err)
{
    if (l->kind != LEVEL_PLAY && l->kind != LEVEL_BREAK)
        return !refuse_level_kind(err);
    if (l->duration_ms <= 0)
        return !refuse_level_no_duration(err);
    if (l->duration_ms > TOURNEY_MAX_DURATION_MS)
        return !refuse_level_too_long(err);
    if (l->color_up < 0)
        return !refuse_level_color_up(err);
    if (l->kind == LEVEL_BREAK)
        return true;
    if (l->small_blind < 0 || l->big_blind < 0 || l->ante < 0)
        return !refuse_level_negative(err);
    if (l->big_blind <= 0)
        return !refuse_level_no_big_blind(err);
    if (l->big_blind <= l->small_blind)
        return !refuse_level_blinds_order(err);
    if (l->big_blind > INT64_C(1000000000000))
        return !refuse_level_blind_too_large(err);
    if (l->big_blind_ante && l->ante <= 0)
        return !refuse_level_bba_ante(err);
    return true;
}

bool structure_validate(const structure_t *s, char *err, size_t errlen)
{
    if (!text_one_line(s->name) || !text_one_line(s->currency)) {
        snprintf(err, errlen, "the tournament's name and currency are one line of UTF-8 text each");
        return false;
    }
    if (s->n_levels < 1 || s->n_levels > TOURNEY_MAX_LEVELS) {
        snprintf(err, errlen, "a structure needs 1 to %d levels", TOURNEY_MAX_LEVELS);
        return false;
    }
    int play = 0;
    for (int i = 0; i < s->n_levels; i++) {
        refusal_t why;
        if (!level_validate(&s->levels[i], &why)) {
            snprintf(err, errlen, "level %d: %s", i + 1, why.text);
            return false;
        }
        play += s->levels[i].kind == LEVEL_PLAY;
    }
    if (play == 0) {
        snprintf(err, errlen, "a structure needs at least one level that is not a break");
        return false;
    }
    if (*bounty_config_problem(s)) {
        snprintf(err, errlen, "%s", bounty_config_problem(s));
        return false;
    }
    for (int i = 0; i < s->n_payouts; i++) {
        const payout_table_t *p = &s->payouts[i];
        int32_t sum = 0;
        for (int k = 0; k < p->places; k++)
            sum += p->bp[k];
        if (p->places < 1 || p->places > TOURNEY_MAX_PLACES || sum != 10000) {
            snprintf(err, errlen, "payout table %d must pay 1 to %d places adding up to 100%%",
                     i + 1, TOURNEY_MAX_PLACES);
            return false;
        }
    }
    return true;
}

const payout_table_t *structure_payouts_for(const structure_t *s, int entries)
{
    const payout_table_t *best = NULL;
    for (int i = 0; i < s->n_payouts; i++)
        if (s->payouts[i].min_entries <= entries &&
            (!best || s->payouts[i].min_entries >= best->min_entries))
            best = &s->payouts[i];
    return best;
}

void format_chips(int64_t v, char *buf, size_t len)
{
    int64_t a = v < 0 ? -v : v;
    const char *sign = v < 0 ? "-" : "";
    if (a >= 1000000 && a % 100000 == 0) {
        if (a % 1000000 == 0)
            snprintf(buf, len, "%s%" PRId64 "M", sign, a / 1000000);
        else
            snprintf(buf, len, "%s%" PRId64 ".%" PRId64 "M", sign, a / 1000000, a / 100000 % 10);
    } else if (a >= 10000 && a % 1000 == 0) {
        snprintf(buf, len, "%s%" PRId64 "K", sign, a / 1000);
    } else if (a >= 10000 && a % 100 == 0 && a < 1000000) {
        snprintf(buf, len, "%s%" PRId64 ".%" PRId64 "K", sign, a / 1000, a / 100 % 10);
    } else {
        /* Grouped by thousands: 1,500 and 12,345. */
        char digits[32];
        snprintf(digits, sizeof digits, "%" PRId64, a);
        size_t n = strlen(digits), o = 0;
        char out[48];
        for (size_t i = 0; i < n; i++) {
            if (i && (n - i) % 3 == 0)
                out[o++] = ',';
            out[o++] = digits[i];
        }
        out[o] = 0;
        snprintf(buf, len, "%s%s", sign, out);
    }
}

static const char *const command_names[CMD__COUNT] = {
    [CMD_NONE] = "",
    [CMD_START] = "start",
    [CMD_PAUSE] = "pause",
    [CMD_RESUME] = "resume",
    [CMD_ADJUST] = "adjust",
    [CMD_SET_REMAINING] = "set_remaining",
    [CMD_NEXT_LEVEL] = "next_level",
    [CMD_PREV_LEVEL] = "prev_level",
    [CMD_GOTO_LEVEL] = "goto_level",
    [CMD_ADD_LEVEL] = "add_level",
    [CMD_EDIT_LEVEL] = "edit_level",
    [CMD_DELETE_LEVEL] = "delete_level",
    [CMD_ANNOUNCE] = "announce",
    [CMD_ANNOUNCE_CLEAR] = "announce_clear",
    [CMD_UNDO] = "undo",
    [CMD_REGISTER] = "register",
    [CMD_UNREGISTER] = "unregister",
    [CMD_BUST] = "bust",
    [CMD_REBUY] = "rebuy",
    [CMD_ADDON] = "addon",
    [CMD_POWER_RECOVERED] = "power_recovered",
    [CMD_HFH_START] = "hand_for_hand_start",
    [CMD_TABLE_DONE] = "table_done",
    [CMD_TABLE_WAITING] = "table_waiting",
    [CMD_HFH_NEXT] = "hand_for_hand_next",
    [CMD_HFH_STOP] = "hand_for_hand_stop",
    [CMD_HFH_TABLES] = "hand_for_hand_tables",
    [CMD_BUBBLE_START] = "bubble_start",
    [CMD_BUBBLE_STOP] = "bubble_stop",
    [CMD_DAY_END_DRAW] = "day_end_draw",
    [CMD_DAY_END_HAND_DONE] = "day_end_hand_done",
    [CMD_DAY_END_CLEAR] = "day_end_clear",
    [CMD_CLOCK_CALL] = "clock_call",
    [CMD_CLOCK_CALL_CANCEL] = "clock_call_cancel",
    [CMD_COLOR_UP] = "color_up",
    [CMD_COLOR_UP_DONE] = "color_up_done",
    [CMD_PENALTY] = "penalty",
    [CMD_PENALTY_CLEAR] = "penalty_clear",
    [CMD_MOVE] = "move",
    [CMD_BUTTON] = "button",
    [CMD_BREAK_TABLE] = "break_table",
    [CMD_FINAL_TABLE] = "final_table",
    [CMD_SET_LANGUAGE] = "set_language",
    [CMD_SOUND] = "sound",
    [CMD_SAY] = "say",
    [CMD_SOUND_SETTINGS] = "sound_settings",
    [CMD_DEAL] = "deal",
    [CMD_SET_PAYOUTS] = "set_payouts",
    [CMD_TABLE] = "table",
    [CMD_REENTER] = "reenter",
    [CMD_RENAME] = "rename",
};

const char *command_name(command_type type)
{
    return type > CMD_NONE && type < CMD__COUNT ? command_names[type] : "";
}

command_type command_from_name(const char *name)
{
    for (int i = CMD_NONE + 1; i < CMD__COUNT; i++)
        if (strcmp(command_names[i], name) == 0)
            return (command_type)i;
    return CMD_NONE;
}
