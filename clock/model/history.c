/* The last actions in words (history.h). */
#include <stdio.h>
#include <string.h>

#include "model/history.h"

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "Level 5 (300/600)", "the break after level 4". */
static void level_words(const structure_t *s, int i, char *buf, size_t len)
{
    int number = 0;
    for (int k = 0; k <= i && k < s->n_levels; k++)
        number += s->levels[k].kind == LEVEL_PLAY;
    const level_t *l = &s->levels[i];
    if (l->kind == LEVEL_BREAK) {
        snprintf(buf, len, "the break after level %d", number);
        return;
    }
    char sb[24], bb[24];
    format_chips(l->small_blind, sb, sizeof sb);
    format_chips(l->big_blind, bb, sizeof bb);
    snprintf(buf, len, "level %d (%s/%s)", number, sb, bb);
}

/* The length of s cut to at most max bytes at a whole UTF-8 character. */
static size_t whole(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max)
        return n;
    while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
        max--;
    return max;
}

/* The first max bytes of s (whole characters) into out. */
static void cut(const char *s, size_t max, char *out, size_t len)
{
    snprintf(out, len, "%.*s", (int)whole(s, max), s);
}

static void mmss(int64_t ms, char *buf, size_t len)
{
    int64_t a = (ms < 0 ? -ms : ms) / 1000;
    snprintf(buf, len, "%s%lld:%02lld", ms < 0 ? "-" : "", (long long)(a / 60),
             (long long)(a % 60));
}

/* Long on purpose: one case per command, a line or two of words each, read
 * best as one table; split, the words would be spread over functions that
 * each name nothing. */
void history_describe(const tourney_t *before, const tourney_t *after, const command_t *c,
                      char *buf, size_t len)
{
    int n = c->count > 0 ? c->count : 1;
    char a[64], b[64];
    switch (c->type) {
    case CMD_START: snprintf(buf, len, "start of the clock"); return;
    case CMD_PAUSE: snprintf(buf, len, "pause"); return;
    case CMD_RESUME: snprintf(buf, len, "resume"); return;
    case CMD_ADJUST:
        mmss(c->delta_ms, a, sizeof a);
        snprintf(buf, len, "%s%s on the clock", c->delta_ms > 0 ? "+" : "", a);
        return;
    case CMD_SET_REMAINING:
        mmss(c->ms, a, sizeof a);
        snprintf(buf, len, "time left set to %s", a);
        return;
    case CMD_NEXT_LEVEL:
    case CMD_PREV_LEVEL:
    case CMD_GOTO_LEVEL:
        level_words(&after->s, after->clock.level, a, sizeof a);
        snprintf(buf, len, "%s%s",
                 c->type == CMD_PREV_LEVEL   ? "back to "
                 : c->type == CMD_NEXT_LEVEL ? "on to "
                                             : "to ",
                 a);
        return;
    case CMD_ADD_LEVEL:
        level_words(&after->s, c->index + 1, a, sizeof a);
        snprintf(buf, len, "new %s", a);
        return;
    case CMD_EDIT_LEVEL:
        level_words(&after->s, c->index, a, sizeof a);
        snprintf(buf, len, "change of %s", a);
        return;
    case CMD_DELETE_LEVEL:
        level_words(&before->s, c->index, a, sizeof a);
        snprintf(buf, len, "deletion of %s", a);
        return;
    case CMD_ANNOUNCE:
        cut(c->text, 40, a, sizeof a);
        snprintf(buf, len, "announcement \"%s\"", a);
        return;
    case CMD_ANNOUNCE_CLEAR: snprintf(buf, len, "announcement cleared"); return;
    case CMD_REGISTER:
        snprintf(buf, len, "registration of %d %s", n, plural(n, "player", "players"));
        return;
    case CMD_UNREGISTER:
        snprintf(buf, len, "unregistration of %d %s", n, plural(n, "player", "players"));
        return;
    case CMD_REBUY: snprintf(buf, len, "%d %s", n, plural(n, "rebuy", "rebuys")); return;
    case CMD_ADDON: snprintf(buf, len, "%d %s", n, plural(n, "add-on", "add-ons")); return;
    case CMD_BUST: {
        int out = after->busted - before->busted;
        int worst = before->entries - before->busted; /* players left before */
        if (out == 1)
            snprintf(buf, len, "bust of 1 player, place %d", worst);
        else
            snprintf(buf, len, "bust of %d players, places %d\u2013%d", out, worst - out + 1,
                     worst);
        return;
    }
    case CMD_HFH_START: snprintf(buf, len, "start of hand-for-hand"); return;
    case CMD_TABLE_DONE: snprintf(buf, len, "table %d done", c->table); return;
    case CMD_TABLE_WAITING: snprintf(buf, len, "table %d waiting with an all-in", c->table); return;
    case CMD_HFH_NEXT: snprintf(buf, len, "hand-for-hand hand %d dealt", after->hfh.hand); return;
    case CMD_HFH_STOP: snprintf(buf, len, "end of hand-for-hand"); return;
    case CMD_HFH_TABLES:
        snprintf(buf, len, "tables in hand-for-hand: %d", after->hfh.tables);
        return;
    case CMD_BUBBLE_START: snprintf(buf, len, "bubble on"); return;
    case CMD_BUBBLE_STOP: snprintf(buf, len, "bubble off"); return;
    case CMD_DAY_END_DRAW:
        snprintf(buf, len, "end-of-day draw: %d hands", after->day_end.drawn);
        return;
    case CMD_DAY_END_HAND_DONE:
        if (c->table)
            snprintf(buf, len, "end-of-day hand done at table %d", c->table);
        else
            snprintf(buf, len, "end-of-day hand done");
        return;
    case CMD_DAY_END_CLEAR: snprintf(buf, len, "end-of-day draw cleared"); return;
    case CMD_CLOCK_CALL:
        snprintf(buf, len, "clock call on table %d, seat %d", c->table, c->seat);
        return;
    case CMD_CLOCK_CALL_CANCEL: snprintf(buf, len, "clock call cancelled"); return;
    case CMD_COLOR_UP:
        format_chips(c->value, a, sizeof a);
        snprintf(buf, len, "color-up of the %s chips", a);
        return;
    case CMD_COLOR_UP_DONE: {
        /* the chip it took out of play: the director's, or the break's */
        int64_t value = before->color_up_value;
        for (int i = 0; i < after->s.n_chips && !value; i++)
            if ((after->chips_removed & ~before->chips_removed) >> i & 1)
                value = after->s.chips[i].value;
        format_chips(value, b, sizeof b);
        snprintf(buf, len, "color-up of the %s chips done", b);
        return;
    }
    case CMD_PENALTY:
        snprintf(buf, len, "penalty for table %d, seat %d", c->table, c->seat);
        return;
    case CMD_PENALTY_CLEAR:
        snprintf(buf, len, "penalty cleared for table %d, seat %d", c->table, c->seat);
        return;
    case CMD_MOVE: snprintf(buf, len, "move to table %d, seat %d", c->table, c->seat); return;
    case CMD_BREAK_TABLE: snprintf(buf, len, "break of table %d", c->table); return;
    case CMD_FINAL_TABLE: snprintf(buf, len, "final table draw"); return;
    case CMD_BUTTON:
        if (c->seat)
            snprintf(buf, len, "button at table %d, seat %d", c->table, c->seat);
        else
            snprintf(buf, len, "button cleared at table %d", c->table);
        return;
    case CMD_TABLE:
        if (c->seat)
            snprintf(buf, len, "%s table %d, seat %d", c->on ? "block" : "free", c->table, c->seat);
        else if (c->new_seats)
            snprintf(buf, len, "new table %d (%d seats)", c->table, c->new_seats);
        else
            snprintf(buf, len, "%s table %d", c->on ? "open" : "close", c->table);
        return;
    case CMD_REENTER: snprintf(buf, len, "re-entry of player %d", c->player); return;
    case CMD_SET_LANGUAGE:
        snprintf(buf, len, "wall language %s%s%s", after->language,
                 after->language2[0] ? " + " : "", after->language2);
        return;
    case CMD_SOUND: snprintf(buf, len, "wall sound %s", c->quiet ? "off" : "on"); return;
    case CMD_SOUND_SETTINGS: snprintf(buf, len, "wall sound settings"); return;
    case CMD_SAY:
        cut(c->text, 40, a, sizeof a);
        snprintf(buf, len, "spoken \"%s\"", a);
        return;
    case CMD_SET_PAYOUTS:
        snprintf(buf, len, "payouts: %d place%s%s, rounded to %lld", c->payouts.n,
                 c->payouts.n == 1 ? "" : "s", c->payouts.fixed ? " at fixed amounts" : "",
                 (long long)c->payouts.unit);
        return;
    case CMD_DEAL:
        snprintf(buf, len, "deal of %d players%s", c->deal.n,
                 c->deal.play_for ? ", playing on" : "");
        return;
    default: snprintf(buf, len, "%s", command_name(c->type)); return;
    }
}

/* "bust of Anna Berg and Bo Ek", "bust of Anna Berg, Bo Ek and 2 more". */
static void names_words(const char *const *names, int n, char *buf, size_t len)
{
    if (n == 1)
        snprintf(buf, len, "%s", names[0]);
    else if (n == 2)
        snprintf(buf, len, "%s and %s", names[0], names[1]);
    else
        snprintf(buf, len, "%s, %s and %d more", names[0], names[1], n - 2);
}

void history_describe_named(const tourney_t *before, const tourney_t *after, const command_t *c,
                            const char *const *names, int n, char *buf, size_t len)
{
    char who[3 * TOURNEY_PLAYER_NAME_MAX + 32];
    if (n < 1) {
        history_describe(before, after, c, buf, len);
        return;
    }
    names_words(names, n, who, sizeof who);
    switch (c->type) {
    case CMD_BUST: {
        int out = after->busted - before->busted;
        int worst = before->entries - before->busted; /* players left before */
        if (out == 1)
            snprintf(buf, len, "bust of %s, place %d", who, worst);
        else
            snprintf(buf, len, "bust of %s, places %d\u2013%d", who, worst - out + 1, worst);
        return;
    }
    case CMD_REBUY: snprintf(buf, len, "rebuy of %s", who); return;
    case CMD_ADDON: snprintf(buf, len, "add-on of %s", who); return;
    case CMD_UNREGISTER: snprintf(buf, len, "unregistration of %s", who); return;
    case CMD_REENTER: snprintf(buf, len, "re-entry of %s", who); return;
    case CMD_MOVE:
        snprintf(buf, len, "move of %s to table %d, seat %d", who, c->table, c->seat);
        return;
    case CMD_RENAME: snprintf(buf, len, "rename of %s to %s", who, c->names[0]); return;
    default: history_describe(before, after, c, buf, len); return;
    }
}

void history_knocked_out_by(char *buf, size_t len, const char *const *by, int n_by)
{
    char who[3 * TOURNEY_PLAYER_NAME_MAX + 32];
    size_t at = strlen(buf);
    if (n_by < 1 || at >= len)
        return;
    names_words(by, n_by, who, sizeof who);
    snprintf(buf + at, len - at, ", knocked out by %s", who);
}

/* what into a slot of the list, cut at a whole UTF-8 character. */
static void words_put(char *slot, const char *what)
{
    /* Whole: a snapshot keeps the text, not what an older one left after it. */
    memset(slot, 0, TOURNEY_DONE_TEXT);
    memcpy(slot, what, whole(what, TOURNEY_DONE_TEXT - 1));
}

void history_add(tourney_t *t, const char *what)
{
    words_put(t->done[t->n_done % TOURNEY_DONE_MAX], what);
    t->n_done++;
}

void history_rename_last(tourney_t *t, const char *what)
{
    if (t->n_done > 0)
        words_put(t->done[(t->n_done - 1) % TOURNEY_DONE_MAX], what);
}
