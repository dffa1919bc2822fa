/* Commands on the tournament: validation, effect, and undo. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/history.h"
#include "model/prizes.h"
#include "model/procedures.h"
#include "model/settle.h"
#include "model/standings.h"
#include "model/voice.h"

void model_init(model_t *m, const structure_t *s)
{
    memset(m, 0, sizeof *m);
    m->t.s = *s;
}

static int64_t current_duration(const tourney_t *t)
{
    return t->s.levels[t->clock.level].duration_ms;
}

static void remaining_set(tourney_t *t, int64_t remaining)
{
    t->clock.level_elapsed_ms = current_duration(t) - remaining;
}

static int64_t remaining_get(const tourney_t *t)
{
    int64_t r = current_duration(t) - t->clock.level_elapsed_ms;
    return r < 0 ? 0 : r;
}

static int count_of(const command_t *c)
{
    return c->count == 0 ? 1 : c->count;
}

static apply_status level_from_command(const command_t *c, level_t *l, refusal_t *err)
{
    if (c->has & LF_BREAK)
        l->kind = c->level.kind;
    if (c->has & LF_SMALL)
        l->small_blind = c->level.small_blind;
    if (c->has & LF_BIG)
        l->big_blind = c->level.big_blind;
    if (c->has & LF_ANTE)
        l->ante = c->level.ante;
    if (c->has & LF_BBA)
        l->big_blind_ante = c->level.big_blind_ante;
    if (c->has & LF_DURATION)
        l->duration_ms = c->level.duration_ms;
    if (c->has & LF_DAY_END)
        l->day_end = c->level.day_end;
    if (c->has & LF_COLOR_UP)
        l->color_up = c->level.color_up;
    if (l->kind == LEVEL_BREAK) {
        l->small_blind = l->big_blind = l->ante = 0;
        l->big_blind_ante = false;
    }
    if (!level_validate(l, err))
        return APPLY_INVALID;
    return APPLY_OK;
}

static apply_status add_level(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    structure_t *s = &t->s;
    apply_status st;
    if (c->index < -1 || c->index >= s->n_levels)
        return refuse_level_after_range(err, s->n_levels - 1);
    if (s->n_levels >= TOURNEY_MAX_LEVELS)
        return refuse_levels_full(err, TOURNEY_MAX_LEVELS);
    unsigned need = (c->has & LF_BREAK) && c->level.kind == LEVEL_BREAK
                        ? LF_DURATION
                        : LF_SMALL | LF_BIG | LF_DURATION;
    if ((c->has & need) != need)
        return need == LF_DURATION ? refuse_level_needs_minutes(err)
                                   : refuse_level_needs_blinds(err);
    level_t l = {0};
    if ((st = level_from_command(c, &l, err)) != APPLY_OK)
        return st;
    clock_settle(t, now);
    int at = c->index + 1;
    /* In overtime a level added after the last one starts now, whole:
     * the overtime was played at the last level's blinds. */
    if (at == s->n_levels && t->clock.level == s->n_levels - 1 &&
        t->clock.level_elapsed_ms > current_duration(t))
        t->clock.level_elapsed_ms = current_duration(t);
    memmove(&s->levels[at + 1], &s->levels[at], (size_t)(s->n_levels - at) * sizeof(level_t));
    s->levels[at] = l;
    s->n_levels++;
    /* The level being played (or chosen to begin with) stays current.
     * Before the start, a level added before the very first one is
     * where the tournament begins. */
    if (at < t->clock.level || (at == t->clock.level && (t->clock.started || t->clock.level > 0)))
        t->clock.level++;
    return APPLY_OK;
}

/* An existing level changed (the clock already settled). */
static apply_status edit_level(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    structure_t *s = &t->s;
    apply_status st;
    if (!(c->has & (LF_SMALL | LF_BIG | LF_ANTE | LF_BBA | LF_DURATION | LF_BREAK | LF_DAY_END |
                    LF_COLOR_UP)))
        return refuse_level_edit_empty(err);
    level_t l = s->levels[c->index];
    if ((st = level_from_command(c, &l, err)) != APPLY_OK)
        return st;
    if (l.kind == LEVEL_BREAK && s->levels[c->index].kind == LEVEL_PLAY) {
        int play = 0;
        for (int i = 0; i < s->n_levels; i++)
            play += i != c->index && s->levels[i].kind == LEVEL_PLAY;
        if (play == 0)
            return refuse_level_needs_play(err);
    }
    /* Editing the level being played keeps the time already played; made
     * shorter than that, it ends now and the next level starts whole
     * (the last level already in overtime keeps counting it). */
    int64_t played = t->clock.level_elapsed_ms;
    if (c->index == t->clock.level && played > l.duration_ms &&
        played <= s->levels[c->index].duration_ms)
        t->clock.level_elapsed_ms = l.duration_ms;
    s->levels[c->index] = l;
    return APPLY_OK;
}

/* A level taken out (the clock already settled). */
static apply_status delete_level(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    structure_t *s = &t->s;
    if (s->n_levels <= 1)
        return refuse_level_only_one(err);
    if (c->index == t->clock.level && t->clock.started)
        return refuse_level_being_played(err);
    int play = 0;
    for (int i = 0; i < s->n_levels; i++)
        play += i != c->index && s->levels[i].kind == LEVEL_PLAY;
    if (play == 0)
        return refuse_level_last_play(err);
    memmove(&s->levels[c->index], &s->levels[c->index + 1],
            (size_t)(s->n_levels - c->index - 1) * sizeof(level_t));
    s->n_levels--;
    if (c->index < t->clock.level) {
        t->clock.level--;
    } else if (c->index == t->clock.level) {
        /* Before the start: the next level is the one to begin with. */
        if (t->clock.level == s->n_levels)
            t->clock.level--;
        t->clock.level_elapsed_ms = 0;
    }
    return APPLY_OK;
}

static apply_status apply_level_edit(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    if (c->type == CMD_ADD_LEVEL)
        return add_level(t, c, now, err);
    if (c->index < 0 || c->index >= t->s.n_levels)
        return refuse_level_no_such(err, c->index);
    clock_settle(t, now);
    return c->type == CMD_EDIT_LEVEL ? edit_level(t, c, now, err) : delete_level(t, c, now, err);
}

static bool text_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

/* Entries, rebuys and add-ons change the pool: never once it is shared out. */
static apply_status pool_open(const tourney_t *t, const tourney_view_t *v, refusal_t *err)
{
    if (t->deal.players > 0)
        return refuse_deal_made(err);
    if (v->over)
        return refuse_winner_left(err);
    return APPLY_OK;
}

/* Long on purpose: one case per command that counts entries, rebuys or
 * add-ons, each the checks of its period and its count; split, the
 * periods' rules would be spread apart. */
static apply_status apply_players(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    int n = count_of(c);
    if (n < 1 || n > 10000)
        return refuse_count_range(err);
    tourney_view_t v;
    tourney_view(t, now, &v);
    const structure_t *s = &t->s;
    apply_status st = pool_open(t, &v, err);
    if (st != APPLY_OK)
        return st;
    switch (c->type) {
    case CMD_REGISTER:
    case CMD_REENTER:
        if (t->clock.started && !v.late_reg_open)
            return refuse_registration_closed(err);
        if (t->entries + n > 100000)
            return refuse_entries_too_many(err);
        /* A player back in: his elimination no longer counts, his place
         * is to be won again (model/standings.c). */
        if (c->type == CMD_REENTER)
            standings_reenter(t, c->player);
        t->entries += n;
        return APPLY_OK;
    case CMD_UNREGISTER:
        if (v.players_left < n)
            return refuse_players_registered(err, v.players_left);
        if (t->busted > 0 && v.players_left - n < 2)
            return refuse_unregister_places_given(err, v.players_left);
        /* what he bought goes back with him, never more than was bought */
        t->entries -= n;
        t->rebuys -= c->back_rebuys > 0 && c->back_rebuys <= t->rebuys ? c->back_rebuys : 0;
        t->addons -= c->back_addons > 0 && c->back_addons <= t->addons ? c->back_addons : 0;
        return APPLY_OK;
    case CMD_REBUY:
        if (s->rebuy_until_level <= 0)
            return refuse_rebuys_none(err);
        if (!v.rebuys_open)
            return refuse_rebuys_closed(err, s->rebuy_until_level);
        if (t->rebuys + n > 1000000)
            return refuse_rebuys_too_many(err);
        if (v.players_left < 1)
            return refuse_players_registered(err, v.players_left);
        t->rebuys += n;
        return APPLY_OK;
    default: /* CMD_ADDON */
        if (s->addon_after_level <= 0)
            return refuse_addon_none(err);
        if (!v.addon_open)
            return refuse_addon_not_now(err, s->addon_after_level);
        if (t->addons + n > t->entries + t->rebuys || v.players_left < 1)
            return refuse_addons_too_many(err);
        t->addons += n;
        return APPLY_OK;
    }
}

/* Starting, pausing and resuming the clock; a power loss stops it. */
static apply_status apply_clock(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    clock_state_t *k = &t->clock;
    switch (c->type) {
    case CMD_START:
        if (k->started)
            return refuse_clock_started(err);
        k->started = k->running = true;
        k->since = now;
        return APPLY_OK;
    case CMD_PAUSE:
        if (!k->running)
            return k->started ? refuse_clock_paused(err) : refuse_clock_not_started(err);
        clock_settle(t, now);
        k->running = false;
        return APPLY_OK;
    case CMD_RESUME:
        if (!k->started)
            return refuse_clock_start_first(err);
        if (k->running)
            return refuse_clock_running(err);
        k->running = true;
        /* Not before the pause it ends (a request stamped a moment early). */
        if (now > k->since)
            k->since = now;
        t->recovered_after_power_loss = false;
        return APPLY_OK;
    case CMD_POWER_RECOVERED: {
        /* The clock stops where the last checkpoint saw it. */
        int64_t at = c->ms < now ? c->ms : now;
        if (k->running) {
            clock_settle(t, at);
            k->running = false;
        }
        t->recovered_after_power_loss = true;
        return APPLY_OK;
    }
    default: return refuse_command_kind(err);
    }
}

/* Time added to or taken off the level, or set. */
static apply_status apply_time(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    switch (c->type) {
    case CMD_ADJUST: {
        if (c->delta_ms == 0 || c->delta_ms > TOURNEY_MAX_DURATION_MS ||
            c->delta_ms < -TOURNEY_MAX_DURATION_MS)
            return refuse_adjust_range(err);
        clock_settle(t, now);
        /* Overtime already counts up from the end: taking time off would
         * only reset it. */
        if (c->delta_ms < 0 && t->clock.level_elapsed_ms >= current_duration(t))
            return refuse_adjust_overtime(err);
        int64_t r = remaining_get(t) + c->delta_ms;
        if (r > TOURNEY_MAX_DURATION_MS)
            return refuse_adjust_too_long(err);
        /* Taking off more than is left ends the level now. */
        remaining_set(t, r < 0 ? 0 : r);
        return APPLY_OK;
    }
    case CMD_SET_REMAINING:
        if (c->ms <= 0 || c->ms > TOURNEY_MAX_DURATION_MS)
            return refuse_remaining_range(err);
        clock_settle(t, now);
        remaining_set(t, c->ms);
        return APPLY_OK;
    default: return refuse_command_kind(err);
    }
}

/* The clock (settled) moves to level `to`: the level it leaves keeps the
 * time played of it, and `to` goes on from where it was left, if it was
 * (a director who went back a level by mistake gets 6:40 back, not 20:00). */
static void level_move_to(tourney_t *t, int to)
{
    clock_state_t *k = &t->clock;
    level_t *from = &t->s.levels[k->level];
    from->left_at_ms = k->level_elapsed_ms > 0 && k->level_elapsed_ms < from->duration_ms
                           ? k->level_elapsed_ms
                           : 0;
    level_t *l = &t->s.levels[to];
    k->level = to;
    k->level_elapsed_ms = l->left_at_ms < l->duration_ms ? l->left_at_ms : 0;
    l->left_at_ms = 0;
}

/* Moving to another level. */
static apply_status apply_level_move(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    clock_state_t *k = &t->clock;
    switch (c->type) {
    case CMD_NEXT_LEVEL:
        clock_settle(t, now);
        if (k->level >= t->s.n_levels - 1)
            return refuse_level_last(err);
        level_move_to(t, k->level + 1);
        return APPLY_OK;
    case CMD_PREV_LEVEL:
        clock_settle(t, now);
        if (k->level == 0)
            return refuse_level_first(err);
        level_move_to(t, k->level - 1);
        return APPLY_OK;
    case CMD_GOTO_LEVEL:
        if (c->index < 0 || c->index >= t->s.n_levels)
            return refuse_level_no_such(err, c->index);
        clock_settle(t, now);
        level_move_to(t, c->index);
        return APPLY_OK;
    default: return refuse_command_kind(err);
    }
}

/* The announcement on the wall. */
static apply_status apply_announcement(tourney_t *t, const command_t *c, int64_t now,
                                       refusal_t *err)
{
    switch (c->type) {
    case CMD_ANNOUNCE:
        if (!memchr(c->text, 0, sizeof c->text))
            return refuse_announce_too_long(err, (int)sizeof c->text - 1);
        if (text_blank(c->text))
            return refuse_announce_empty(err);
        if (c->seconds < 0 || c->seconds > 24 * 3600)
            return refuse_announce_seconds(err);
        snprintf(t->announcement, sizeof t->announcement, "%s", c->text);
        t->announcement_at = now;
        t->announcement_until = c->seconds ? now + (int64_t)c->seconds * 1000 : 0;
        return APPLY_OK;
    case CMD_ANNOUNCE_CLEAR:
        if (!t->announcement[0] || (t->announcement_until && now >= t->announcement_until))
            return refuse_announce_none(err);
        t->announcement[0] = 0;
        t->announcement_at = t->announcement_until = 0;
        return APPLY_OK;
    default: return refuse_command_kind(err);
    }
}

static apply_status apply_one(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    switch (c->type) {
    case CMD_START:
    case CMD_PAUSE:
    case CMD_RESUME:
    case CMD_POWER_RECOVERED: return apply_clock(t, c, now, err);
    case CMD_ADJUST:
    case CMD_SET_REMAINING: return apply_time(t, c, now, err);
    case CMD_NEXT_LEVEL:
    case CMD_PREV_LEVEL:
    case CMD_GOTO_LEVEL: return apply_level_move(t, c, now, err);
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
    case CMD_DELETE_LEVEL: return apply_level_edit(t, c, now, err);
    case CMD_ANNOUNCE:
    case CMD_ANNOUNCE_CLEAR: return apply_announcement(t, c, now, err);
    case CMD_BUST:
        /* The players out in one hand are read from a fixed array. */
        if (c->n_busts < 0 || c->n_busts > TOURNEY_MAX_BUSTS)
            return refuse_busts_too_many(err, TOURNEY_MAX_BUSTS);
        return procedures_bust(t, c, now, err);
    case CMD_REGISTER:
    case CMD_REENTER:
    case CMD_UNREGISTER:
    case CMD_REBUY:
    case CMD_ADDON: return apply_players(t, c, now, err);
    case CMD_SET_LANGUAGE:
    case CMD_SOUND:
    case CMD_SAY:
    case CMD_SOUND_SETTINGS: return voice_apply(t, c, now, err);
    case CMD_DEAL: return settle_apply(t, c, now, err);
    case CMD_SET_PAYOUTS: return prizes_apply(t, c, now, err);
    default: return procedures_apply(t, c, now, err);
    }
}

static int64_t run_since(const clock_state_t *k, int64_t now)
{
    return k->running && now > k->since ? now - k->since : 0;
}

apply_status model_apply(model_t *m, const command_t *c, int64_t now, refusal_t *err)
{
    if (c->type == CMD_UNDO) {
        if (m->n_undo == 0)
            return refuse_undo_nothing(err);
        m->t = m->undo[--m->n_undo];
        m->t.undoable = m->n_undo;
        return APPLY_OK;
    }
    tourney_t next = m->t;
    apply_status st = apply_one(&next, c, now, err);
    if (st != APPLY_OK)
        return st;
    /* Places and prizes as they come out after it, whatever it was. */
    standings_refresh(&next);
    /* The time played goes on through every command, whichever way it
     * stopped, started or moved the clock; after a power loss it ends where
     * the clock was stopped. */
    int64_t until = c->type == CMD_POWER_RECOVERED && c->ms < now ? c->ms : now;
    next.clock.played_ms = m->t.clock.played_ms + run_since(&m->t.clock, until) -
                           run_since(&next.clock, now);
    if (c->type == CMD_POWER_RECOVERED) {
        m->n_undo = 0; /* undoing across a power loss would restart a stale clock */
    } else {
        action_t what;
        history_describe(&m->t, &next, c, &what);
        history_add(&next, &what);
        if (m->n_undo == TOURNEY_UNDO_DEPTH) {
            memmove(&m->undo[0], &m->undo[1], sizeof m->undo[0] * (TOURNEY_UNDO_DEPTH - 1));
            m->n_undo--;
        }
        m->undo[m->n_undo++] = m->t;
    }
    m->t = next;
    m->t.undoable = m->n_undo;
    return APPLY_OK;
}
