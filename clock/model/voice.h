/* The wall's voice as the tournament holds it: its languages set on the
 * panel, the quiet switch, the text typed to be spoken; which sounds and
 * spoken announcements a change of the tournament calls for; and the
 * configuration's sound group. */
#ifndef POKERCLOCK_VOICE_H
#define POKERCLOCK_VOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

/* set_language, sound, say and sound_settings; on failure nothing changes and err says why. */
apply_status voice_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err);

/* Whether code is a language the wall speaks: en, no (or nb), de, nl, da. */
bool voice_language_known(const char *code);

/* What the wall hears about. */
typedef enum {
    VOICE_LEVEL,       /* a new play level (not after a break) */
    VOICE_MINUTE,      /* one minute left in a play level */
    VOICE_BREAK,       /* a break starts */
    VOICE_BREAK_OVER,  /* a break is over: play again */
    VOICE_CALL_SECOND, /* a counted second of a clock call */
    VOICE_CALL_TIME,   /* the clock call ran out: TIME */
    VOICE_COLOR_UP,    /* the director started a color-up */
    VOICE_HFH,         /* hand-for-hand starts */
    VOICE_BUBBLE,      /* the bubble */
    VOICE_MONEY,       /* the field reached the money */
    VOICE_DAY_END,     /* the end-of-day card drawn, or play over for today */
    VOICE_MOVES,       /* players moved to other seats */
    VOICE_SAY,         /* a text typed on the panel */
    VOICE__COUNT
} voice_event;

enum { VOICE_SOUND_NAME = 16 };

/* The configuration's sound = { ... } group (model/fields.c: voice_record). */
typedef struct {
    int volume; /* 0..100; -1: not given (80) */
    /* Each event's sound by name (assets/sounds/NAME.wav), "none" for
     * silence, "" for its default. */
    char sound[VOICE__COUNT][VOICE_SOUND_NAME];
    bool speak[VOICE__COUNT]; /* spoken too; off by default */
    bool pages;               /* /display and /kiosk play the sounds too,
                                 once tapped (off: a TV nobody taps would
                                 ask for a tap forever) */
} voice_config_t;

/* The sound names there are (assets/sounds/), in order; NULL-terminated. */
extern const char *const voice_sounds[];
/* "none" or one of voice_sounds. */
bool voice_sound_known(const char *name);
/* The sound an event makes under c: its name, or NULL for none. */
const char *voice_sound_for(const voice_config_t *c, voice_event e);
/* The sound settings in force: the configuration's, with what the panel
 * set (sound_settings, kept in t) over them; t NULL: the configuration's. */
void voice_effective(const voice_config_t *config, const tourney_t *t, voice_config_t *out);
/* The sound settings set on the panel (volume, sounds, speech) of from, into to. */
void voice_copy_settings(tourney_t *to, const tourney_t *from);
/* Whether the wall has words for event e (speech can be on for it). */
bool voice_speakable(voice_event e);
/* The volume to play at, 0..100. */
int voice_volume(const voice_config_t *c);
/* The event's name in the configuration ("level", "clock_call_second"). */
const char *voice_event_name(voice_event e);

/* What the wall last saw, to tell what is new. */
typedef struct {
    bool primed; /* seen once: the first look hears nothing */
    int level;
    bool running;
    int64_t remaining_ms;
    int call_second; /* the counted second last heard; 0: none */
    bool call_expired;
    int64_t color_up_at, said_at, itm_at;
    bool hfh, bubble, day_drawn, day_over;
    uint32_t roster_version;
} voice_watch_t;

/* The events (bit e for event e) between the last look and this one at t,
 * now and roster r (NULL: none); before is the roster at the last look
 * (NULL: none), for the moves. */
unsigned voice_watch(voice_watch_t *w, const tourney_t *t, int64_t now, const roster_t *before,
                     const roster_t *r);
/* Players seated in both rosters whose table or seat changed. */
int voice_moves(const roster_t *before, const roster_t *after);

#endif
