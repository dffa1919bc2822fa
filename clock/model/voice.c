/* The wall's languages, quiet switch and typed speech as commands; see voice.h. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/text.h"
#include "model/voice.h"

bool voice_language_known(const char *code)
{
    static const char *const known[] = {"en", "no", "nb", "de", "nl", "da"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strcmp(code, known[i]) == 0)
            return true;
    return false;
}

static apply_status set_language(tourney_t *t, const command_t *c, refusal_t *err)
{
    if (!memchr(c->language, 0, sizeof c->language) || !voice_language_known(c->language))
        return refuse_language_unknown(err);
    if (!memchr(c->language2, 0, sizeof c->language2) ||
        (c->language2[0] && !voice_language_known(c->language2)))
        return refuse_language2_unknown(err);
    /* Whole: a snapshot keeps the bytes, not what an older value left. */
    memset(t->language, 0, sizeof t->language);
    memset(t->language2, 0, sizeof t->language2);
    snprintf(t->language, sizeof t->language, "%s", c->language);
    /* The same language twice is one language. */
    if (strcmp(c->language2, c->language) != 0)
        snprintf(t->language2, sizeof t->language2, "%s", c->language2);
    return APPLY_OK;
}

static apply_status say(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    if (!memchr(c->text, 0, sizeof c->text))
        return refuse_say_too_long(err);
    if (!text_one_line(c->text))
        return refuse_say_not_text(err);
    bool blank = true;
    for (const char *p = c->text; *p; p++)
        blank &= *p == ' ';
    if (blank)
        return refuse_say_nothing(err);
    memset(t->said, 0, sizeof t->said);
    snprintf(t->said, sizeof t->said, "%s", c->text);
    /* Grows with each one, even two in the same millisecond: the wall
     * speaks each once. */
    t->said_at = now > t->said_at ? now : t->said_at + 1;
    return APPLY_OK;
}

_Static_assert((int)VOICE__COUNT <= (int)TOURNEY_SOUND_EVENTS,
               "every event has its place in a tourney");

/* Speech has words for these events only (the sounds, for every one). */
bool voice_speakable(voice_event e)
{
    return e == VOICE_LEVEL || e == VOICE_BREAK || e == VOICE_BREAK_OVER || e == VOICE_COLOR_UP ||
           e == VOICE_HFH || e == VOICE_BUBBLE || e == VOICE_MONEY || e == VOICE_DAY_END;
}

/* All or nothing: every part is checked before any is set. */
static apply_status sound_settings(tourney_t *t, const command_t *c, refusal_t *err)
{
    if (c->volume < -1 || c->volume > 100)
        return refuse_volume_range(err);
    bool any = c->volume >= 0 || c->speak_set;
    for (int e = 0; e < TOURNEY_SOUND_EVENTS; e++) {
        const char *name = c->sounds[e];
        if (!memchr(name, 0, TOURNEY_SOUND_NAME))
            return refuse_sound_name_long(err);
        if (!name[0])
            continue;
        any = true;
        if (e >= VOICE__COUNT || e == VOICE_SAY)
            return refuse_sound_event_unknown(err);
        if (strcmp(name, "config") != 0 && !voice_sound_known(name))
            return refuse_sound_unknown(err, voice_event_name((voice_event)e), name);
    }
    for (int e = 0; e < TOURNEY_SOUND_EVENTS; e++)
        if ((c->speak_set >> e & 1u) && (e >= VOICE__COUNT || !voice_speakable((voice_event)e)))
            return refuse_sound_no_words(err, e < VOICE__COUNT ? voice_event_name((voice_event)e)
                                                               : "that event");
    if (!any)
        return refuse_sound_settings_empty(err);
    if (c->volume >= 0) {
        t->volume_set = true;
        t->volume = c->volume;
    }
    for (int e = 0; e < VOICE__COUNT; e++) {
        if (!c->sounds[e][0])
            continue;
        memset(t->sounds[e], 0, sizeof t->sounds[e]);
        if (strcmp(c->sounds[e], "config") != 0)
            snprintf(t->sounds[e], sizeof t->sounds[e], "%s", c->sounds[e]);
    }
    t->speak_set |= c->speak_set;
    t->speak_on = (t->speak_on & ~c->speak_set) | (c->speak_on & c->speak_set);
    return APPLY_OK;
}

void voice_effective(const voice_config_t *config, const tourney_t *t, voice_config_t *out)
{
    *out = *config;
    if (!t)
        return;
    if (t->volume_set)
        out->volume = t->volume;
    for (int e = 0; e < VOICE__COUNT; e++) {
        if (t->sounds[e][0] && memchr(t->sounds[e], 0, sizeof t->sounds[e]))
            snprintf(out->sound[e], sizeof out->sound[e], "%s", t->sounds[e]);
        if (t->speak_set >> e & 1u)
            out->speak[e] = (t->speak_on >> e & 1u) != 0;
    }
}

void voice_copy_settings(tourney_t *to, const tourney_t *from)
{
    to->volume_set = from->volume_set;
    to->volume = from->volume;
    memcpy(to->sounds, from->sounds, sizeof to->sounds);
    to->speak_set = from->speak_set;
    to->speak_on = from->speak_on;
}

apply_status voice_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    switch (c->type) {
    case CMD_SET_LANGUAGE: return set_language(t, c, err);
    case CMD_SOUND:
        if (t->quiet == c->quiet)
            return c->quiet ? refuse_wall_quiet(err) : refuse_wall_sound_on(err);
        t->quiet = c->quiet;
        return APPLY_OK;
    case CMD_SAY: return say(t, c, now, err);
    case CMD_SOUND_SETTINGS: return sound_settings(t, c, err);
    default: return refuse_command_kind(err);
    }
}

/* ---- what the wall hears ---- */

const char *const voice_sounds[] = {"level", "minute",  "break_over", "tick",  "time", "bubble",
                                    "money", "day_end", "moves",      "chime", NULL};

static const char *const event_names[VOICE__COUNT] = {
    [VOICE_LEVEL] = "level",
    [VOICE_MINUTE] = "minute",
    [VOICE_BREAK] = "break",
    [VOICE_BREAK_OVER] = "break_over",
    [VOICE_CALL_SECOND] = "clock_call_second",
    [VOICE_CALL_TIME] = "clock_call_time",
    [VOICE_COLOR_UP] = "color_up",
    [VOICE_HFH] = "hand_for_hand",
    [VOICE_BUBBLE] = "bubble",
    [VOICE_MONEY] = "money",
    [VOICE_DAY_END] = "day_end",
    [VOICE_MOVES] = "moves",
    [VOICE_SAY] = "say",
};

/* Each event's own sound; NULL: silent unless the configuration gives one. */
static const char *const default_sounds[VOICE__COUNT] = {
    [VOICE_LEVEL] = "level",           [VOICE_MINUTE] = "minute",    [VOICE_BREAK] = "level",
    [VOICE_BREAK_OVER] = "break_over", [VOICE_CALL_SECOND] = "tick", [VOICE_CALL_TIME] = "time",
    [VOICE_BUBBLE] = "bubble",         [VOICE_MONEY] = "money",      [VOICE_DAY_END] = "day_end",
    [VOICE_MOVES] = "moves",
};

const char *voice_event_name(voice_event e)
{
    return (unsigned)e < VOICE__COUNT ? event_names[e] : "";
}

bool voice_sound_known(const char *name)
{
    if (strcmp(name, "none") == 0)
        return true;
    for (int i = 0; voice_sounds[i]; i++)
        if (strcmp(name, voice_sounds[i]) == 0)
            return true;
    return false;
}

const char *voice_sound_for(const voice_config_t *c, voice_event e)
{
    if ((unsigned)e >= VOICE__COUNT)
        return NULL;
    const char *name = c && c->sound[e][0] ? c->sound[e] : default_sounds[e];
    return name && strcmp(name, "none") != 0 && voice_sound_known(name) ? name : NULL;
}

int voice_volume(const voice_config_t *c)
{
    return !c || c->volume < 0 ? 80 : c->volume > 100 ? 100 : c->volume;
}

int voice_moves(const roster_t *before, const roster_t *after)
{
    if (!before || !after)
        return 0;
    int n = before->n_players < after->n_players ? before->n_players : after->n_players, moved = 0;
    for (int i = 0; i < n; i++) {
        const player_t *a = &before->players[i], *b = &after->players[i];
        moved += a->status == PLAYER_SEATED && b->status == PLAYER_SEATED &&
                 (a->table != b->table || a->seat != b->seat);
    }
    return moved;
}

/* Long for its list: one rule per event, each comparing what the wall saw
 * last with what it sees now; apart they would each need the view. */
unsigned voice_watch(voice_watch_t *w, const tourney_t *t, int64_t now, const roster_t *before,
                     const roster_t *r)
{
    tourney_view_t v;
    tourney_view(t, now, &v);
    voice_watch_t was = *w;
    w->primed = true;
    w->level = v.level;
    w->running = t->clock.running;
    w->remaining_ms = v.remaining_ms;
    w->call_second = v.call_counting && !v.call_expired ? (int)((v.call_remaining_ms + 999) / 1000)
                                                        : 0;
    w->call_expired = t->call.active && v.call_expired;
    w->color_up_at = t->color_up_at;
    w->said_at = t->said_at;
    w->itm_at = t->itm_at;
    w->hfh = t->hfh.active;
    w->bubble = t->bubble;
    w->day_drawn = t->day_end.active && t->day_end.drawn > 0;
    w->day_over = v.day_over;
    w->roster_version = r ? r->version : 0;
    if (!was.primed)
        return 0;

    unsigned ev = 0;
    bool is_break = t->s.levels[v.level].kind == LEVEL_BREAK;
    if (v.level != was.level && t->clock.running) {
        bool was_break = was.level >= 0 && was.level < t->s.n_levels &&
                         t->s.levels[was.level].kind == LEVEL_BREAK;
        ev |= 1u << (is_break ? VOICE_BREAK : was_break ? VOICE_BREAK_OVER : VOICE_LEVEL);
    } else if (v.level == was.level && t->clock.running && !is_break && !v.overtime &&
               was.remaining_ms > 60000 && v.remaining_ms <= 60000 && v.remaining_ms > 0) {
        ev |= 1u << VOICE_MINUTE;
    }
    if (w->call_second && w->call_second != was.call_second)
        ev |= 1u << VOICE_CALL_SECOND;
    if (w->call_expired && !was.call_expired)
        ev |= 1u << VOICE_CALL_TIME;
    if (t->color_up_at && t->color_up_at != was.color_up_at && t->color_up_value)
        ev |= 1u << VOICE_COLOR_UP;
    if (w->hfh && !was.hfh)
        ev |= 1u << VOICE_HFH;
    if (w->bubble && !was.bubble)
        ev |= 1u << VOICE_BUBBLE;
    if (t->itm_at && t->itm_at != was.itm_at)
        ev |= 1u << VOICE_MONEY;
    if ((w->day_drawn && !was.day_drawn) || (w->day_over && !was.day_over))
        ev |= 1u << VOICE_DAY_END;
    /* An undo takes said_at back: only a newer one is spoken. */
    if (t->said_at > was.said_at && t->said[0])
        ev |= 1u << VOICE_SAY;
    if (r && r->version != was.roster_version && voice_moves(before, r) > 0)
        ev |= 1u << VOICE_MOVES;
    return ev;
}
