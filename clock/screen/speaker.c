/* The wall's sounds and voice for the tournament's events; see speaker.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/voice.h"
#include "screen/lang.h"
#include "screen/sound.h"
#include "screen/speaker.h"
#include "screen/speech.h"

struct speaker {
    const settings_t *config; /* volume, each event's sound, what is spoken */
    sound_t *sound;           /* NULL: no sound device */
    speech_t *speech;         /* NULL: no voice (no device, or no espeak-ng) */
    voice_watch_t watch;      /* what was seen last */
    const snapshot_t *last;   /* the snapshot last looked at (its roster: moves) */
};

speaker_t *speaker_new(const settings_t *c, engine_t *e)
{
    speaker_t *sp = calloc(1, sizeof *sp);
    if (!sp)
        return NULL;
    sp->config = c;
    refusal_t why, no_voice;
    sp->sound = sound_open(&why);
    refuse_sound_no_device(&no_voice);
    if (!sp->sound) {
        fprintf(stderr, "pokerclock: %s: the wall plays no sounds\n", why.text);
    } else {
        /* The service keeps its temporary directory in memory. */
        char dir[200];
        speech_cache_dir(dir, sizeof dir);
        sp->speech = speech_new(sp->sound, dir, &no_voice);
        if (!sp->speech)
            fprintf(stderr, "pokerclock: %s: the wall plays its sounds but does not speak\n",
                    no_voice.text);
    }
    /* What is on the wall now is old news: only what changes is heard. */
    const snapshot_t *snap = engine_snapshot(e);
    speaker_hear(sp, snap, engine_now(e));
    snapshot_release(snap);
    engine_set_sound(e, sp->sound ? NULL : &why, sp->speech ? NULL : &no_voice);
    return sp;
}

void speaker_free(speaker_t *sp)
{
    if (!sp)
        return;
    if (sp->last)
        snapshot_release(sp->last);
    speech_free(sp->speech);
    sound_close(sp->sound);
    free(sp);
}

/* A level's words: "Level 7. Blinds 400, 800. Big blind ante 800." Plain
 * digits: espeak-ng reads 3000 as a number in every language, where 3.000
 * or 3,000 would be read as a decimal in some. */
void speaker_level_words(lang_id l, const structure_t *s, int i, int number, char *buf, size_t len)
{
    const level_t *lv = &s->levels[i];
    char sb[24], bb[24], ante[24];
    snprintf(sb, sizeof sb, "%" PRId64, lv->small_blind);
    snprintf(bb, sizeof bb, "%" PRId64, lv->big_blind);
    snprintf(ante, sizeof ante, "%" PRId64, lv->ante);
    int n = snprintf(buf, len, lang_word(l, W_SAY_LEVEL), number, sb, bb);
    if (lv->ante > 0 && n > 0 && (size_t)n < len) {
        buf[n++] = ' ';
        buf[n] = 0;
        snprintf(buf + n, len - (size_t)n,
                 lang_word(l, lv->big_blind_ante ? W_SAY_BB_ANTE : W_SAY_ANTE), ante);
    }
}

/* What is said for event e in language l; "" for nothing. */
static void phrase(lang_id l, voice_event e, const tourney_t *t, const tourney_view_t *v, char *buf,
                   size_t len)
{
    const structure_t *s = &t->s;
    char a[300] = "", b[300] = "";
    buf[0] = 0;
    switch (e) {
    case VOICE_LEVEL: speaker_level_words(l, s, v->level, v->level_number, buf, len); break;
    case VOICE_BREAK:
        snprintf(a, sizeof a, lang_word(l, W_SAY_BREAK),
                 (int)(s->levels[v->level].duration_ms / 60000));
        if (v->color_up_now) {
            char chip[24];
            snprintf(chip, sizeof chip, "%" PRId64, v->color_up_now);
            snprintf(b, sizeof b, lang_word(l, W_SAY_COLOR_UP), chip);
        }
        snprintf(buf, len, "%s%s%s", a, b[0] ? " " : "", b);
        break;
    case VOICE_BREAK_OVER:
        speaker_level_words(l, s, v->level, v->level_number, a, sizeof a);
        snprintf(buf, len, "%s %s", lang_word(l, W_SAY_BREAK_OVER), a);
        break;
    case VOICE_COLOR_UP: {
        char chip[24];
        snprintf(chip, sizeof chip, "%" PRId64, t->color_up_value);
        snprintf(buf, len, lang_word(l, W_SAY_COLOR_UP), chip);
        break;
    }
    case VOICE_HFH: snprintf(buf, len, "%s", lang_word(l, W_SAY_HAND_FOR_HAND)); break;
    case VOICE_BUBBLE: snprintf(buf, len, "%s", lang_word(l, W_SAY_BUBBLE)); break;
    case VOICE_MONEY: snprintf(buf, len, "%s", lang_word(l, W_SAY_MONEY)); break;
    case VOICE_DAY_END:
        if (v->day_over)
            snprintf(buf, len, "%s", lang_word(l, W_SAY_DAY_OVER));
        else
            snprintf(buf, len, lang_word(l, W_SAY_DAY_END), t->day_end.drawn);
        break;
    default: break;
    }
}

int speaker_phrase_file(void *ctx, const snapshot_t *snap, int64_t now, int event,
                        const char *language, bool render, int *fd, char *err, size_t errlen)
{
    (void)ctx;
    char text[600] = "";
    if (event == VOICE_SAY) {
        snprintf(text, sizeof text, "%s", snap->t.said);
    } else if (event >= 0 && event < VOICE__COUNT) {
        tourney_view_t v;
        tourney_view(&snap->t, now, &v);
        phrase(lang_from_code(language), (voice_event)event, &snap->t, &v, text, sizeof text);
    }
    if (!text[0]) {
        snprintf(err, errlen, "there is nothing to say for that now");
        return 1;
    }
    char exe[256], dir[200];
    if (!speech_find(exe, sizeof exe)) {
        snprintf(err, errlen, SPEECH_NO_ESPEAK);
        return -1;
    }
    speech_cache_dir(dir, sizeof dir);
    int rc = speech_open(exe, dir, language, text, render, fd, err, errlen);
    return rc > 0 ? 2 : rc;
}

/* Says what the events call for, in the wall's language and then in the
 * second one; the next level's words are rendered ahead, to be ready. */
static void speak(speaker_t *sp, unsigned ev, const snapshot_t *snap, int64_t now,
                  const voice_config_t *vc)
{
    const char *langs[2] = {snap->language[0] ? snap->language : sp->config->language,
                            snap->language[0] ? snap->language2 : sp->config->language2};
    tourney_view_t v;
    tourney_view(&snap->t, now, &v);
    char text[600];
    for (int e = 0; e < VOICE__COUNT; e++) {
        if (!(ev & (1u << e)))
            continue;
        if (e == VOICE_SAY) {
            /* Typed in one language: said once, in the wall's voice. */
            speech_say(sp->speech, langs[0], snap->t.said, voice_volume(vc), true);
            continue;
        }
        if (!vc->speak[e])
            continue;
        for (int i = 0; i < 2; i++) {
            if (!langs[i][0] || (i == 1 && lang_from_code(langs[1]) == lang_from_code(langs[0])))
                continue;
            phrase(lang_from_code(langs[i]), (voice_event)e, &snap->t, &v, text, sizeof text);
            speech_say(sp->speech, langs[i], text, voice_volume(vc), true);
        }
    }
    int next = v.next_level;
    if ((ev & (1u << VOICE_LEVEL | 1u << VOICE_BREAK_OVER)) && vc->speak[VOICE_LEVEL] &&
        next >= 0 && snap->t.s.levels[next].kind == LEVEL_PLAY) {
        for (int i = 0; i < 2; i++)
            if (langs[i][0]) {
                speaker_level_words(lang_from_code(langs[i]), &snap->t.s, next, v.level_number + 1,
                                    text, sizeof text);
                speech_say(sp->speech, langs[i], text, voice_volume(vc), false);
            }
    }
}

void speaker_hear(speaker_t *sp, const snapshot_t *snap, int64_t now)
{
    unsigned ev = voice_watch(&sp->watch, &snap->t, now, sp->last ? sp->last->roster : NULL,
                              snap->roster);
    if (sp->last != snap) {
        if (sp->last)
            snapshot_release(sp->last);
        sp->last = snapshot_retain(snap);
    }
    if (!ev || snap->t.quiet || !sp->sound)
        return;
    /* The configuration's, with what the panel set over it. */
    voice_config_t in_force;
    voice_effective(&sp->config->voice, &snap->t, &in_force);
    const voice_config_t *vc = &in_force;
    for (int e = 0; e < VOICE__COUNT; e++) {
        const char *name = ev & (1u << e) ? voice_sound_for(vc, (voice_event)e) : NULL;
        if (name)
            sound_play(sp->sound, name, voice_volume(vc));
    }
    if (sp->speech)
        speak(sp, ev, snap, now, vc);
}
