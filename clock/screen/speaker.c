/* The wall's sounds and voice for the tournament's events; see speaker.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/voice.h"
#include "screen/sound.h"
#include "screen/speaker.h"

struct speaker {
    const settings_t *config;  /* volume, each event's sound, what is spoken */
    sound_t *sound;            /* NULL: no sound device */
    voice_watch_t watch;       /* what was seen last */
    const snapshot_t *last;    /* the snapshot last looked at (its roster: moves) */
};

speaker_t *speaker_new(const settings_t *c, engine_t *e)
{
    speaker_t *sp = calloc(1, sizeof *sp);
    if (!sp)
        return NULL;
    sp->config = c;
    char why[160] = "";
    sp->sound = sound_open(why, sizeof why);
    if (!sp->sound)
        fprintf(stderr, "pokerclock: %s: the wall plays no sounds\n", why);
    /* What is on the wall now is old news: only what changes is heard. */
    const snapshot_t *snap = engine_snapshot(e);
    speaker_hear(sp, snap, engine_now(e));
    snapshot_release(snap);
    engine_set_sound(e, sp->sound ? "" : why, "");
    return sp;
}

void speaker_free(speaker_t *sp)
{
    if (!sp)
        return;
    if (sp->last)
        snapshot_release(sp->last);
    sound_close(sp->sound);
    free(sp);
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
    const voice_config_t *vc = &sp->config->voice;
    for (int e = 0; e < VOICE__COUNT; e++) {
        const char *name = ev & (1u << e) ? voice_sound_for(vc, (voice_event)e) : NULL;
        if (name)
            sound_play(sp->sound, name, voice_volume(vc));
    }
}
