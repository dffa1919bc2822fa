/* The wall's sound device: the built-in sounds (assets/sounds/) and WAV
 * files (spoken words), queued one after another at a volume. */
#ifndef POKERCLOCK_SOUND_H
#define POKERCLOCK_SOUND_H

#include <stddef.h>

#include "model/refusal.h"

typedef struct sound sound_t;

enum { SOUND_RATE = 22050 }; /* what the sounds and espeak-ng are made at */

/* Opens the default device; NULL with why (a refusal: its code for the
 * panel, its English for the log) when there is none. */
sound_t *sound_open(refusal_t *why);
void sound_close(sound_t *s);

/* Queues assets/sounds/NAME.wav at volume 0..100. 0, or -1 when there is
 * no such sound. Safe from any thread. */
int sound_play(sound_t *s, const char *name, int volume);
/* The same for a WAV file on disk (any rate and format SDL reads). */
int sound_play_file(sound_t *s, const char *path, int volume);

#endif
