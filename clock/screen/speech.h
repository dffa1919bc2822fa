/* The wall's voice: text spoken by espeak-ng (a program of its own, run
 * off the drawing thread), each phrase rendered once to a WAV file in a
 * cache and played on the sound device. */
#ifndef POKERCLOCK_SPEECH_H
#define POKERCLOCK_SPEECH_H

#include <stdbool.h>
#include <stddef.h>

#include "screen/sound.h"

typedef struct speech speech_t;

/* Why there is no voice when espeak-ng is not there. */
#define SPEECH_NO_ESPEAK "no espeak-ng (apt-get install espeak-ng)"

/* Starts the voice for snd (not NULL) with its cache in cache_dir (made
 * when missing); NULL with why when espeak-ng is not there.
 * POKERCLOCK_ESPEAK in the environment names the program instead. */
speech_t *speech_new(sound_t *snd, const char *cache_dir, refusal_t *why);
/* Stops the voice; what was still to be said is dropped. */
void speech_free(speech_t *sp);

/* Says text in language ("en", "no", "de", "nl", "da") at volume 0..100,
 * after what is already to be said; play false only renders it into the
 * cache, so that it is ready when it is said. Never blocks: a full queue
 * drops it. */
void speech_say(speech_t *sp, const char *language, const char *text, int volume, bool play);

/* Renders text in language into the WAV file path with the espeak-ng
 * program at exe (blocking; at most 20 s). 0, or -1 with err. */
int speech_render(const char *exe, const char *language, const char *text, const char *path,
                  char *err, size_t errlen);
/* The cache shared by the wall's voice and the pages' (GET /api/speech):
 * TMPDIR (or /tmp)/pokerclock-speech-UID. */
void speech_cache_dir(char *dir, size_t len);
/* The WAV file of text said in language, in the cache dir (made when
 * missing): rendered with the espeak-ng program at exe unless it is there
 * already (blocking, as speech_render). 0 with path, or -1 with err. */
int speech_cached(const char *exe, const char *dir, const char *language, const char *text,
                  char *path, size_t pathlen, char *err, size_t errlen);
/* The same, open for reading in *fd (the caller's to close): 0; 1 when
 * it is not in the cache and render is false (nothing is rendered then);
 * -1 with err. The open file keeps its words when the cache is emptied. */
int speech_open(const char *exe, const char *dir, const char *language, const char *text,
                bool render, int *fd, char *err, size_t errlen);
/* The espeak-ng program: POKERCLOCK_ESPEAK, else espeak-ng on the PATH;
 * false when there is none. */
bool speech_find(char *exe, size_t len);

#endif
