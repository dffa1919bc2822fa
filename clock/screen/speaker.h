/* What the wall plays and says when the tournament changes: the sounds of
 * each event, and (clock/screen/speech.c) spoken announcements. */
#ifndef POKERCLOCK_SPEAKER_H
#define POKERCLOCK_SPEAKER_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "screen/lang.h"
#include "store/config.h"

typedef struct speaker speaker_t;

/* Opens the sound device (and the voice); tells the engine, for the panel,
 * what the wall cannot play, and writes it to the log once. Never NULL but
 * when out of memory. */
speaker_t *speaker_new(const settings_t *c, engine_t *e);
void speaker_free(speaker_t *sp);

/* Looks at snap (now): plays and says what is new since the last look.
 * The first look only takes note. Never blocks on speech. */
void speaker_hear(speaker_t *sp, const snapshot_t *snap, int64_t now);

/* A level's words in language l, as the wall says them: "Level 7. Blinds
 * 400, 800. Big blind ante 800." (levels[i], play level number). */
void speaker_level_words(lang_id l, const structure_t *s, int i, int number, char *buf, size_t len);

/* The WAV file of what the wall says for event (a voice_event) in
 * language, the snapshot's at now, as the pages play it (GET /api/speech),
 * open for reading in *fd: from the voice's cache, rendered into it first
 * when render is true (blocking, without a sound device). 0; 1 with err
 * when there is nothing to say; 2 when it is not in the cache and render
 * is false; -1 with err when it cannot be said (no espeak-ng). A
 * net_speech_fn (ctx unused). */
int speaker_phrase_file(void *ctx, const snapshot_t *snap, int64_t now, int event,
                        const char *language, bool render, int *fd, char *err, size_t errlen);

#endif
