/* Commands on the tournament: validation, effect, and undo. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/history.h"
#include "model/procedures.h"
#include "model/voice.h"
#include "model/prizes.h"
#include "model/settle.h"
#include "model/standings.h"

apply_status model_fail(apply_status st, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return st;
}

void model_init(model_t *m, const structure_t *s)
{
    memset(m, 0, sizeof *m);
    m->t.s = *s;
}

/* Fixes the derived position into the stored one, so that a command can
 * change it: afterwards `since` is now and nothing has been lost. */
void clock_settle(tourney_t *t, int64_t now)
{
    /* A command stamped before the last start or pause (two requests racing
     * for the writer) must not move `since` back: a running clock would
     * count that time twice, a paused one when it resumes. */
    if (now < t->clock.since)
        now = t->clock.since;
    int lvl;
    int64_t e;
    clock_position(t, now, &lvl, &e);
    /* Levels the clock ran into by itself start whole: a time they were
     * left at before no longer holds. */
    for (int i = t->clock.level + 1; i <= lvl; i++)
        t->s.levels[i].left_at_ms = 0;
    t->clock.level = lvl;
    t->clock.level_elapsed_ms = e;
    t->clock.since = now;
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

static apply_status level_from_command(const command_t *c, level_t *l, char *err, size_t errlen)
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
    if (!level_validate(l, err, errlen))
        return APPLY_INVALID;
    return APPLY_OK;
}

static apply_status add_level(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    structure_t *s = &t->s;
    apply_status st;
    if (c->index < -1 || c->index >= s->n_levels)
        return model_fail(APPLY_INVALID, err, errlen, "after must be -1 (at the start) to %d",
                          s->n_levels - 1);
    if (s->n_levels >= TOURNEY_MAX_LEVELS)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "the structure already has the most levels (%d)", TOURNEY_MAX_LEVELS);
    unsigned need = (c->has & LF_BREAK) && c->level.kind == LEVEL_BREAK
                        ? LF_DURATION
                        : LF_SMALL | LF_BIG | LF_DURATION;
    if ((c->has & need) != need)
        return model_fail(APPLY_INVALID, err, errlen, "a new level needs %s",
                          need == LF_DURATION ? "minutes"
                                              : "small_blind, big_blind and minutes");
    level_t l = {0};
    if ((st = level_from_command(c, &l, err, errlen)) != APPLY_OK)
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
    if (at < t->clock.level ||
        (at == t->clock.level && (t->clock.started || t->clock.level > 0)))
        t->clock.level++;
    return APPLY_OK;
}

/* An existing level changed (the clock already settled). */
static apply_status edit_level(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    structure_t *s = &t->s;
    apply_status st;
    if (!(c->has & (LF_SMALL | LF_BIG | LF_ANTE | LF_BBA | LF_DURATION | LF_BREAK | LF_DAY_END |
                    LF_COLOR_UP)))
        return model_fail(APPLY_INVALID, err, errlen, "edit_level has nothing to change");
    level_t l = s->levels[c->index];
    if ((st = level_from_command(c, &l, err, errlen)) != APPLY_OK)
        return st;
    if (l.kind == LEVEL_BREAK && s->levels[c->index].kind == LEVEL_PLAY) {
        int play = 0;
        for (int i = 0; i < s->n_levels; i++)
            play += i != c->index && s->levels[i].kind == LEVEL_PLAY;
        if (play == 0)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "the structure needs at least one level that is not a break");
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
static apply_status delete_level(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    structure_t *s = &t->s;
    if (s->n_levels <= 1)
        return model_fail(APPLY_CONFLICT, err, errlen, "the only level cannot be deleted");
    if (c->index == t->clock.level && t->clock.started)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "this level is being played: go to another level before deleting it");
    int play = 0;
    for (int i = 0; i < s->n_levels; i++)
        play += i != c->index && s->levels[i].kind == LEVEL_PLAY;
    if (play == 0)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "the last level that is not a break cannot be deleted");
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

static apply_status apply_level_edit(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    if (c->type == CMD_ADD_LEVEL)
        return add_level(t, c, now, err, errlen);
    if (c->index < 0 || c->index >= t->s.n_levels)
        return model_fail(APPLY_INVALID, err, errlen, "there is no level with index %d", c->index);
    clock_settle(t, now);
    return c->type == CMD_EDIT_LEVEL ? edit_level(t, c, now, err, errlen)
                                     : delete_level(t, c, now, err, errlen);
}

static bool text_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

/* Entries, rebuys and add-ons change the pool: never once it is shared out. */
static apply_status pool_open(const tourney_t *t, const tourney_view_t *v, char *err,
                              size_t errlen)
{
    if (t->deal.players > 0)
        return model_fail(APPLY_CONFLICT, err, errlen,
                          "a deal was made: its amounts are the prizes now (undo it first)");
    if (v->over)
        return model_fail(APPLY_CONFLICT, err, errlen, "1 player left: the last one is the winner");
    return APPLY_OK;
}

/* Long on purpose: one case per command that counts entries, rebuys or
 * add-ons, each the checks of its period and its count; split, the
 * periods' rules would be spread apart. */
static apply_status apply_players(tourney_t *t, const command_t *c, int64_t now, char *err,
                                  size_t errlen)
{
    int n = count_of(c);
    if (n < 1 || n > 10000)
        return model_fail(APPLY_INVALID, err, errlen, "count must be 1 to 10000");
    tourney_view_t v;
    tourney_view(t, now, &v);
    const structure_t *s = &t->s;
    apply_status st = pool_open(t, &v, err, errlen);
    if (st != APPLY_OK)
        return st;
    switch (c->type) {
    case CMD_REGISTER:
    case CMD_REENTER:
        if (t->clock.started && !v.late_reg_open)
            return model_fail(APPLY_CONFLICT, err, errlen, "registration is closed");
        if (t->entries + n > 100000)
            return model_fail(APPLY_CONFLICT, err, errlen, "too many entries");
        /* A player back in: his elimination no longer counts, his place
         * is to be won again (model/standings.c). */
        if (c->type == CMD_REENTER)
            standings_reenter(t, c->player);
        t->entries += n;
        return APPLY_OK;
    case CMD_UNREGISTER:
        if (v.players_left < n)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "only %d players are registered and not out", v.players_left);
        if (t->busted > 0 && v.players_left - n < 2)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "places are given and %d players are left: bust the player "
                              "instead (the last one left wins)",
                              v.players_left);
        /* what he bought goes back with him, never more than was bought */
        t->entries -= n;
        t->rebuys -= c->back_rebuys > 0 && c->back_rebuys <= t->rebuys ? c->back_rebuys : 0;
        t->addons -= c->back_addons > 0 && c->back_addons <= t->addons ? c->back_addons : 0;
        return APPLY_OK;
    case CMD_REBUY:
        if (s->rebuy_until_level <= 0)
            return model_fail(APPLY_CONFLICT, err, errlen, "this tournament has no rebuys");
        if (!v.rebuys_open)
            return model_fail(APPLY_CONFLICT, err, errlen, "rebuys closed after level %d",
                              s->rebuy_until_level);
        if (t->rebuys + n > 1000000)
            return model_fail(APPLY_CONFLICT, err, errlen, "too many rebuys");
        if (v.players_left < 1)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "only %d players are registered and not out", v.players_left);
        t->rebuys += n;
        return APPLY_OK;
    default: /* CMD_ADDON */
        if (s->addon_after_level <= 0)
            return model_fail(APPLY_CONFLICT, err, errlen, "this tournament has no add-on");
        if (!v.addon_open)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "the add-on is only at the break after level %d",
                              s->addon_after_level);
        if (t->addons + n > t->entries + t->rebuys || v.players_left < 1)
            return model_fail(APPLY_CONFLICT, err, errlen, "more add-ons than entries");
        t->addons += n;
        return APPLY_OK;
    }
}

/* Starting, pausing and resuming the clock; a power loss stops it. */
static apply_status apply_clock(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    clock_state_t *k = &t->clock;
    switch (c->type) {
    case CMD_START:
        if (k->started)
            return model_fail(APPLY_CONFLICT, err, errlen, "the clock has already started");
        k->started = k->running = true;
        k->since = now;
        return APPLY_OK;
    case CMD_PAUSE:
        if (!k->running)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              k->started ? "the clock is already paused"
                                         : "the clock has not started yet");
        clock_settle(t, now);
        k->running = false;
        return APPLY_OK;
    case CMD_RESUME:
        if (!k->started)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "the clock has not started yet: start it");
        if (k->running)
            return model_fail(APPLY_CONFLICT, err, errlen, "the clock is already running");
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
    default: return model_fail(APPLY_INVALID, err, errlen, "not a command of this kind");
    }
}

/* Time added to or taken off the level, or set. */
static apply_status apply_time(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    switch (c->type) {
    case CMD_ADJUST: {
        if (c->delta_ms == 0 || c->delta_ms > TOURNEY_MAX_DURATION_MS ||
            c->delta_ms < -TOURNEY_MAX_DURATION_MS)
            return model_fail(APPLY_INVALID, err, errlen,
                              "delta_ms must be non-zero and at most 24 hours");
        clock_settle(t, now);
        /* Overtime already counts up from the end: taking time off would
         * only reset it. */
        if (c->delta_ms < 0 && t->clock.level_elapsed_ms >= current_duration(t))
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "the last level is in overtime: there is no time left to take off");
        int64_t r = remaining_get(t) + c->delta_ms;
        if (r > TOURNEY_MAX_DURATION_MS)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "a level can have at most 24 hours left");
        /* Taking off more than is left ends the level now. */
        remaining_set(t, r < 0 ? 0 : r);
        return APPLY_OK;
    }
    case CMD_SET_REMAINING:
        if (c->ms <= 0 || c->ms > TOURNEY_MAX_DURATION_MS)
            return model_fail(APPLY_INVALID, err, errlen,
                              "ms must be more than 0 and at most 24 hours");
        clock_settle(t, now);
        remaining_set(t, c->ms);
        return APPLY_OK;
    default: return model_fail(APPLY_INVALID, err, errlen, "not a command of this kind");
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
static apply_status apply_level_move(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    clock_state_t *k = &t->clock;
    switch (c->type) {
    case CMD_NEXT_LEVEL:
        clock_settle(t, now);
        if (k->level >= t->s.n_levels - 1)
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "this is the last level of the structure");
        level_move_to(t, k->level + 1);
        return APPLY_OK;
    case CMD_PREV_LEVEL:
        clock_settle(t, now);
        if (k->level == 0)
            return model_fail(APPLY_CONFLICT, err, errlen, "this is the first level");
        level_move_to(t, k->level - 1);
        return APPLY_OK;
    case CMD_GOTO_LEVEL:
        if (c->index < 0 || c->index >= t->s.n_levels)
            return model_fail(APPLY_INVALID, err, errlen, "there is no level with index %d",
                              c->index);
        clock_settle(t, now);
        level_move_to(t, c->index);
        return APPLY_OK;
    default: return model_fail(APPLY_INVALID, err, errlen, "not a command of this kind");
    }
}

/* The announcement on the wall. */
static apply_status apply_announcement(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    switch (c->type) {
    case CMD_ANNOUNCE:
        if (!memchr(c->text, 0, sizeof c->text))
            return model_fail(APPLY_INVALID, err, errlen,
                              "an announcement can be at most %d bytes: "
                              "the text is too long",
                              (int)sizeof c->text - 1);
        if (text_blank(c->text))
            return model_fail(APPLY_INVALID, err, errlen, "an announcement needs some text");
        if (c->seconds < 0 || c->seconds > 24 * 3600)
            return model_fail(APPLY_INVALID, err, errlen,
                              "seconds must be 0 (until cleared) to 86400");
        snprintf(t->announcement, sizeof t->announcement, "%s", c->text);
        t->announcement_at = now;
        t->announcement_until = c->seconds ? now + (int64_t)c->seconds * 1000 : 0;
        return APPLY_OK;
    case CMD_ANNOUNCE_CLEAR:
        if (!t->announcement[0] || (t->announcement_until && now >= t->announcement_until))
            return model_fail(APPLY_CONFLICT, err, errlen,
                              "there is no announcement on the screen");
        t->announcement[0] = 0;
        t->announcement_at = t->announcement_until = 0;
        return APPLY_OK;
    default: return model_fail(APPLY_INVALID, err, errlen, "not a command of this kind");
    }
}

static apply_status apply_one(tourney_t *t, const command_t *c, int64_t now, char *err,
                              size_t errlen)
{
    switch (c->type) {
    case CMD_START:
    case CMD_PAUSE:
    case CMD_RESUME:
    case CMD_POWER_RECOVERED: return apply_clock(t, c, now, err, errlen);
    case CMD_ADJUST:
    case CMD_SET_REMAINING: return apply_time(t, c, now, err, errlen);
    case CMD_NEXT_LEVEL:
    case CMD_PREV_LEVEL:
    case CMD_GOTO_LEVEL: return apply_level_move(t, c, now, err, errlen);
    case CMD_ADD_LEVEL:
    case CMD_EDIT_LEVEL:
    case CMD_DELETE_LEVEL: return apply_level_edit(t, c, now, err, errlen);
    case CMD_ANNOUNCE:
    case CMD_ANNOUNCE_CLEAR: return apply_announcement(t, c, now, err, errlen);
    case CMD_BUST:
        /* The players out in one hand are read from a fixed array. */
        if (c->n_busts < 0 || c->n_busts > TOURNEY_MAX_BUSTS)
            return model_fail(APPLY_INVALID, err, errlen,
                              "at most %d players can be out in one hand", TOURNEY_MAX_BUSTS);
        return procedures_bust(t, c, now, err, errlen);
    case CMD_REGISTER:
    case CMD_REENTER:
    case CMD_UNREGISTER:
    case CMD_REBUY:
    case CMD_ADDON: return apply_players(t, c, now, err, errlen);
    case CMD_SET_LANGUAGE:
    case CMD_SOUND:
    case CMD_SAY:
    case CMD_SOUND_SETTINGS: return voice_apply(t, c, now, err, errlen);
    case CMD_DEAL: return settle_apply(t, c, now, err, errlen);
    case CMD_SET_PAYOUTS: return prizes_apply(t, c, now, err, errlen);
    default: return procedures_apply(t, c, now, err, errlen);
    }
}

static int64_t run_since(const clock_state_t *k, int64_t now)
{
    return k->running && now > k->since ? now - k->since : 0;
}

apply_status model_apply(model_t *m, const command_t *c, int64_t now, char *err, size_t errlen)
{
    if (c->type == CMD_UNDO) {
        if (m->n_undo == 0)
            return model_fail(APPLY_CONFLICT, err, errlen, "there is nothing to undo");
        m->t = m->undo[--m->n_undo];
        m->t.undoable = m->n_undo;
        return APPLY_OK;
    }
    tourney_t next = m->t;
    apply_status st = apply_one(&next, c, now, err, errlen);
    if (st != APPLY_OK)
        return st;
    /* Places and prizes as they come out after it, whatever it was. */
    standings_refresh(&next);
    /* The time played goes on through every command, whichever way it
     * stopped, started or moved the clock; after a power loss it ends where
     * the clock was stopped. */
    int64_t until = c->type == CMD_POWER_RECOVERED && c->ms < now ? c->ms : now;
    next.clock.played_ms =
        m->t.clock.played_ms + run_since(&m->t.clock, until) - run_since(&next.clock, now);
    if (c->type == CMD_POWER_RECOVERED) {
        m->n_undo = 0; /* undoing across a power loss would restart a stale clock */
    } else {
        char what[4 * TOURNEY_DONE_TEXT];
        history_describe(&m->t, &next, c, what, sizeof what);
        history_add(&next, what);
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
