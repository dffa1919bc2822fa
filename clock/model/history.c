/* The last actions: which code each command gets (history.h). */
#include <stdio.h>
#include <string.h>

#include "lang_table.h"
#include "model/history.h"

/* The number of the level at index i of s among the levels played (of a
 * break: the level it comes after). */
static int level_number(const structure_t *s, int i)
{
    int number = 0;
    for (int k = 0; k <= i && k < s->n_levels; k++)
        number += s->levels[k].kind == LEVEL_PLAY;
    return number;
}

/* The action of a level command: a level (by its number and blinds) or the
 * break after one, play and brk the codes of each. */
static void level_action(const structure_t *s, int i, action_code play, action_code brk,
                         action_t *a)
{
    const level_t *l = &s->levels[i];
    if (l->kind == LEVEL_BREAK) {
        action_make(a, brk, (refusal_arg[]){refusal_num(level_number(s, i))});
        return;
    }
    action_make(a, play,
                (refusal_arg[]){refusal_num(level_number(s, i)), refusal_num(l->small_blind),
                                refusal_num(l->big_blind)});
}

static void bust_action(const tourney_t *before, const tourney_t *after, action_t *a)
{
    int out = after->busted - before->busted;
    int worst = before->entries - before->busted; /* players left before */
    if (out == 1)
        act_bust_one(a, worst);
    else
        act_bust(a, out, worst - out + 1, worst);
}

/* Long on purpose: one case per command, a line or two each, read best as
 * one table; split, the codes would be spread over functions that each
 * name nothing. */
void history_describe(const tourney_t *before, const tourney_t *after, const command_t *c,
                      action_t *a)
{
    int n = c->count > 0 ? c->count : 1;
    switch (c->type) {
    case CMD_START: act_start(a); return;
    case CMD_PAUSE: act_pause(a); return;
    case CMD_RESUME: act_resume(a); return;
    case CMD_ADJUST:
        if (c->delta_ms < 0)
            act_adjust_take(a, -c->delta_ms);
        else
            act_adjust_add(a, c->delta_ms);
        return;
    case CMD_SET_REMAINING: act_remaining(a, c->ms); return;
    case CMD_NEXT_LEVEL:
        level_action(&after->s, after->clock.level, ACTION_level_next, ACTION_break_next, a);
        return;
    case CMD_PREV_LEVEL:
        level_action(&after->s, after->clock.level, ACTION_level_prev, ACTION_break_prev, a);
        return;
    case CMD_GOTO_LEVEL:
        level_action(&after->s, after->clock.level, ACTION_level_goto, ACTION_break_goto, a);
        return;
    case CMD_ADD_LEVEL:
        level_action(&after->s, c->index + 1, ACTION_level_add, ACTION_break_add, a);
        return;
    case CMD_EDIT_LEVEL:
        level_action(&after->s, c->index, ACTION_level_edit, ACTION_break_edit, a);
        return;
    case CMD_DELETE_LEVEL:
        level_action(&before->s, c->index, ACTION_level_delete, ACTION_break_delete, a);
        return;
    case CMD_ANNOUNCE: act_announce(a, c->text); return;
    case CMD_ANNOUNCE_CLEAR: act_announce_clear(a); return;
    case CMD_REGISTER: n == 1 ? act_register_one(a) : act_register(a, n); return;
    case CMD_UNREGISTER: n == 1 ? act_unregister_one(a) : act_unregister(a, n); return;
    case CMD_REBUY: n == 1 ? act_rebuy_one(a) : act_rebuy(a, n); return;
    case CMD_ADDON: n == 1 ? act_addon_one(a) : act_addon(a, n); return;
    case CMD_BUST: bust_action(before, after, a); return;
    case CMD_HFH_START: act_hfh_start(a); return;
    case CMD_TABLE_DONE: act_table_done(a, c->table); return;
    case CMD_TABLE_WAITING: act_table_waiting(a, c->table); return;
    case CMD_HFH_NEXT: act_hfh_hand(a, after->hfh.hand); return;
    case CMD_HFH_STOP: act_hfh_stop(a); return;
    case CMD_HFH_TABLES: act_hfh_tables(a, after->hfh.tables); return;
    case CMD_BUBBLE_START: act_bubble_on(a); return;
    case CMD_BUBBLE_STOP: act_bubble_off(a); return;
    case CMD_DAY_END_DRAW: act_day_end_draw(a, after->day_end.drawn); return;
    case CMD_DAY_END_HAND_DONE:
        c->table ? act_day_end_hand_at(a, c->table) : act_day_end_hand(a);
        return;
    case CMD_DAY_END_CLEAR: act_day_end_clear(a); return;
    case CMD_CLOCK_CALL: act_clock_call(a, c->table, c->seat); return;
    case CMD_CLOCK_CALL_CANCEL: act_clock_call_cancel(a); return;
    case CMD_COLOR_UP: act_color_up(a, c->value); return;
    case CMD_COLOR_UP_DONE: {
        /* the chip it took out of play: the director's, or the break's */
        int64_t value = before->color_up_value;
        for (int i = 0; i < after->s.n_chips && !value; i++)
            if ((after->chips_removed & ~before->chips_removed) >> i & 1)
                value = after->s.chips[i].value;
        act_color_up_done(a, value);
        return;
    }
    case CMD_PENALTY: act_penalty(a, c->table, c->seat); return;
    case CMD_PENALTY_CLEAR: act_penalty_clear(a, c->table, c->seat); return;
    case CMD_MOVE: act_move(a, c->table, c->seat); return;
    case CMD_BREAK_TABLE: act_break_table(a, c->table); return;
    case CMD_FINAL_TABLE: act_final_table(a); return;
    case CMD_BUTTON:
        c->seat ? act_button(a, c->table, c->seat) : act_button_clear(a, c->table);
        return;
    case CMD_TABLE:
        if (c->seat)
            c->on ? act_seat_block(a, c->table, c->seat) : act_seat_free(a, c->table, c->seat);
        else if (c->new_seats)
            act_table_new(a, c->table, c->new_seats);
        else
            c->on ? act_table_open(a, c->table) : act_table_close(a, c->table);
        return;
    case CMD_REENTER: act_reenter(a, c->player); return;
    case CMD_RENAME: act_rename(a, c->player); return;
    case CMD_SET_LANGUAGE:
        after->language2[0] ? act_languages(a, after->language, after->language2)
                            : act_language(a, after->language);
        return;
    case CMD_SOUND: c->quiet ? act_sound_off(a) : act_sound_on(a); return;
    case CMD_SOUND_SETTINGS: act_sound_settings(a); return;
    case CMD_SAY: act_say(a, c->text); return;
    case CMD_SET_PAYOUTS: {
        int places = c->payouts.n;
        long long unit = c->payouts.unit;
        if (places == 1)
            c->payouts.fixed ? act_payouts_one_fixed(a, unit) : act_payouts_one(a, unit);
        else
            c->payouts.fixed ? act_payouts_fixed(a, places, unit) : act_payouts(a, places, unit);
        return;
    }
    case CMD_DEAL:
        c->deal.play_for ? act_deal_play_on(a, c->deal.n) : act_deal(a, c->deal.n);
        return;
    default: act_command(a, command_name(c->type)); return;
    }
}

void history_describe_named(const tourney_t *before, const tourney_t *after, const command_t *c,
                            const char *const *names, int n, const char *by, action_t *a)
{
    if (n < 1) {
        history_describe(before, after, c, a);
        return;
    }
    switch (c->type) {
    case CMD_BUST: {
        int out = after->busted - before->busted;
        int worst = before->entries - before->busted; /* players left before */
        int n_by = c->busts[0].n_by;
        if (n == 1 && by && n_by > 1)
            act_bust_of_one_split(a, names[0], worst, by, n_by - 1);
        else if (n == 1 && by && n_by == 1)
            act_bust_of_one_by(a, names[0], worst, by);
        else if (n == 1)
            act_bust_of_one(a, names[0], worst);
        else if (n == 2)
            act_bust_of_two(a, names[0], names[1], worst - out + 1, worst);
        else
            act_bust_of_more(a, names[0], names[1], n - 2, worst - out + 1, worst);
        return;
    }
    case CMD_REBUY: act_rebuy_of(a, names[0]); return;
    case CMD_ADDON: act_addon_of(a, names[0]); return;
    case CMD_UNREGISTER: act_unregister_of(a, names[0]); return;
    case CMD_REENTER: act_reenter_of(a, names[0]); return;
    case CMD_MOVE: act_move_of(a, names[0], c->table, c->seat); return;
    case CMD_RENAME: act_rename_of(a, names[0], c->names[0]); return;
    default: history_describe(before, after, c, a); return;
    }
}

/* a into a slot of the list, its older words emptied. */
static void put(tourney_t *t, uint32_t slot, const action_t *a)
{
    /* Whole: a snapshot keeps the action, not what an older one left. */
    memset(t->done[slot], 0, TOURNEY_DONE_TEXT);
    t->acts[slot] = *a;
}

void history_add(tourney_t *t, const action_t *a)
{
    put(t, t->n_done % TOURNEY_DONE_MAX, a);
    t->n_done++;
}

void history_rename_last(tourney_t *t, const action_t *a)
{
    if (t->n_done > 0)
        put(t, (t->n_done - 1) % TOURNEY_DONE_MAX, a);
}

int history_count(const tourney_t *t)
{
    return t->n_done < TOURNEY_DONE_MAX ? (int)t->n_done : TOURNEY_DONE_MAX;
}

const action_t *history_action(const tourney_t *t, int k)
{
    if (k < 0 || k >= history_count(t))
        return NULL;
    const action_t *a = &t->acts[(t->n_done - 1 - (uint32_t)k) % TOURNEY_DONE_MAX];
    return action_of(a) != ACTION_NONE ? a : NULL;
}

void history_words(const tourney_t *t, int k, char *buf, size_t len)
{
    const action_t *a = history_action(t, k);
    if (a)
        action_say(a, LANG_EN, buf, len);
    else if (k >= 0 && k < history_count(t))
        snprintf(buf, len, "%s", t->done[(t->n_done - 1 - (uint32_t)k) % TOURNEY_DONE_MAX]);
    else if (len)
        buf[0] = 0;
}
