/* The wall's sound device; see sound.h. */
#include <SDL2/SDL.h>
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embedded.h"
#include "screen/sound.h"

struct sound {
    SDL_AudioDeviceID dev; /* open and playing */
    SDL_AudioSpec have;    /* what the queue takes: SOUND_RATE, S16, mono */
};

/* A sound card that can play has /dev/snd/pcmC<card>D<device>p (the unit's
 * sandbox may hide /proc/asound; /dev/snd alone holds only timers). */
static bool sound_card_present(void)
{
    glob_t g;
    bool any = glob("/dev/snd/pcmC*p", 0, NULL, &g) == 0 && g.gl_pathc > 0;
    globfree(&g);
    return any;
}

sound_t *sound_open(refusal_t *why)
{
    /* No sound card: the audio libraries are not asked (ALSA would print a
     * block of errors at each start). */
    const char *drv = getenv("SDL_AUDIODRIVER");
    if (!(drv && *drv) && !sound_card_present()) {
        refuse_sound_no_card(why);
        return NULL;
    }
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        refuse_sound_failed(why, SDL_GetError());
        return NULL;
    }
    sound_t *s = calloc(1, sizeof *s);
    SDL_AudioSpec want = {.freq = SOUND_RATE,
                          .format = AUDIO_S16SYS,
                          .channels = 1,
                          .samples = 1024};
    /* No changes allowed: SDL converts to what the card takes. */
    if (s)
        s->dev = SDL_OpenAudioDevice(NULL, 0, &want, &s->have, 0);
    if (!s || !s->dev) {
        refuse_sound_failed(why, s ? SDL_GetError() : "out of memory");
        free(s);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return NULL;
    }
    SDL_PauseAudioDevice(s->dev, 0);
    return s;
}

void sound_close(sound_t *s)
{
    if (!s)
        return;
    SDL_CloseAudioDevice(s->dev);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    free(s);
}

/* Converts a loaded WAV to the queue's format, sets its volume, queues it. */
static int queue(sound_t *s, const SDL_AudioSpec *spec, Uint8 *buf, Uint32 len, int volume)
{
    SDL_AudioCVT cvt;
    if (SDL_BuildAudioCVT(&cvt, spec->format, spec->channels, spec->freq, AUDIO_S16SYS, 1,
                          SOUND_RATE) < 0)
        return -1;
    cvt.len = (int)len;
    cvt.buf = malloc((size_t)len * (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1));
    if (!cvt.buf)
        return -1;
    memcpy(cvt.buf, buf, len);
    if (cvt.needed && SDL_ConvertAudio(&cvt) != 0) {
        free(cvt.buf);
        return -1;
    }
    int n = cvt.needed ? cvt.len_cvt : cvt.len;
    Sint16 *pcm = (Sint16 *)cvt.buf;
    int v = volume < 0 ? 0 : volume > 100 ? 100 : volume;
    for (int i = 0; i < n / 2; i++)
        pcm[i] = (Sint16)(pcm[i] * v / 100);
    int rc = SDL_QueueAudio(s->dev, pcm, (Uint32)n);
    free(cvt.buf);
    return rc == 0 ? 0 : -1;
}

static int play_rw(sound_t *s, SDL_RWops *rw, int volume)
{
    if (!s || !rw)
        return -1;
    SDL_AudioSpec spec;
    Uint8 *buf;
    Uint32 len;
    if (!SDL_LoadWAV_RW(rw, 1, &spec, &buf, &len))
        return -1;
    int rc = queue(s, &spec, buf, len, volume);
    SDL_FreeWAV(buf);
    return rc;
}

int sound_play(sound_t *s, const char *name, int volume)
{
    char path[64];
    snprintf(path, sizeof path, "assets/sounds/%s.wav", name);
    const embedded_file_t *f = embedded_find(path);
    if (!s || !f)
        return -1;
    return play_rw(s, SDL_RWFromConstMem(f->data, (int)f->size), volume);
}

int sound_play_file(sound_t *s, const char *path, int volume)
{
    return s ? play_rw(s, SDL_RWFromFile(path, "rb"), volume) : -1;
}
