/* The venue's slides as the wall shows them: the live ones in order, taking
 * turns; the shown picture and the next kept decoded, every other dropped. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screen/slideshow.h"
#include "store/picture.h"

struct slideshow {
    pthread_mutex_t lock; /* the window's loop and the picture thread */
    slides_t *store;
    uint64_t version; /* of the list below */
    slide_t list[SLIDES_MAX];
    int n;
    wall_slide_t *held[SLIDESHOW_DECODED]; /* the shown one and the next */
    size_t alive;                          /* bytes of decoded pixels not yet freed, held or not */
};

slideshow_t *slideshow_new(slides_t *store)
{
    slideshow_t *ss = calloc(1, sizeof *ss);
    if (!ss)
        return NULL;
    pthread_mutex_init(&ss->lock, NULL);
    ss->store = store;
    return ss;
}

static size_t pixel_bytes(const wall_slide_t *sl)
{
    return sl->pixels ? (size_t)sl->pixels->pitch * (size_t)sl->pixels->h : 0;
}

/* Called with the lock held. */
static void unref(wall_slide_t *sl)
{
    if (sl && --sl->refs == 0) {
        if (sl->owner)
            sl->owner->alive -= pixel_bytes(sl);
        SDL_FreeSurface(sl->pixels);
        free(sl);
    }
}

void slideshow_free(slideshow_t *ss)
{
    if (!ss)
        return;
    for (int i = 0; i < SLIDESHOW_DECODED; i++) {
        if (ss->held[i])
            ss->held[i]->owner = NULL;
        unref(ss->held[i]);
    }
    pthread_mutex_destroy(&ss->lock);
    free(ss);
}

void slideshow_release(wall_slide_t *sl)
{
    if (!sl)
        return;
    slideshow_t *ss = sl->owner;
    if (!ss) { /* its slideshow is gone: this was the last reference */
        SDL_FreeSurface(sl->pixels);
        free(sl);
        return;
    }
    pthread_mutex_lock(&ss->lock);
    unref(sl);
    pthread_mutex_unlock(&ss->lock);
}

/* A slide ready to draw: a picture read from the store and decoded. A
 * picture that cannot be read shows as its slide's place, empty. */
static wall_slide_t *make(slideshow_t *ss, const slide_t *s, uint64_t version)
{
    wall_slide_t *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->slide = *s;
    w->refs = 1;
    w->owner = ss;
    /* A text changed in place is a new picture: the list's version names it. */
    w->key = (uint64_t)s->id << 32 ^ (s->kind == SLIDE_TEXT ? version : 0);
    if (s->kind == SLIDE_IMAGE) {
        size_t len;
        bool png;
        refusal_t no;
        unsigned char *data = slides_picture(ss->store, s->id, &len, &png);
        w->pixels = data ? picture_decode(data, len, &no) : NULL;
        if (data && !w->pixels)
            fprintf(stderr, "pokerclock: slide %d: %s\n", s->id, no.text);
        free(data);
    }
    return w;
}

/* The held slide for s, or a new one (held in the place of whatever is
 * neither keep_a nor keep_b). Called with the lock held. */
static wall_slide_t *hold(slideshow_t *ss, const slide_t *s, int keep_a, int keep_b)
{
    uint64_t text_version = s->kind == SLIDE_TEXT ? ss->version : 0;
    for (int i = 0; i < SLIDESHOW_DECODED; i++)
        if (ss->held[i] && ss->held[i]->slide.id == s->id &&
            ss->held[i]->key == ((uint64_t)s->id << 32 ^ text_version))
            return ss->held[i];
    int slot = -1;
    for (int i = 0; i < SLIDESHOW_DECODED && slot < 0; i++)
        if (!ss->held[i] || (ss->held[i]->slide.id != keep_a && ss->held[i]->slide.id != keep_b))
            slot = i;
    if (slot < 0)
        slot = 0;
    /* The old one goes first: never three pictures decoded at once here. */
    unref(ss->held[slot]);
    ss->held[slot] = NULL;
    pthread_mutex_unlock(&ss->lock);
    wall_slide_t *w = make(ss, s, text_version);
    pthread_mutex_lock(&ss->lock);
    if (w)
        ss->alive += pixel_bytes(w);
    unref(ss->held[slot]); /* another thread's, made meanwhile */
    ss->held[slot] = w;
    return w;
}

wall_slide_t *slideshow_get(slideshow_t *ss, int64_t now_ms, time_t wall, int64_t *next_in_ms)
{
    *next_in_ms = INT64_MAX;
    if (!ss)
        return NULL;
    pthread_mutex_lock(&ss->lock);
    if (slides_version(ss->store) != ss->version)
        ss->n = slides_list(ss->store, ss->list, SLIDES_MAX, &ss->version);
    static slide_t live[SLIDES_MAX]; /* under the lock */
    int n = 0;
    for (int i = 0; i < ss->n && i < SLIDES_MAX; i++)
        if (slides_live(&ss->list[i], wall))
            live[n++] = ss->list[i];
    int k = slides_pick(live, n, now_ms, next_in_ms);
    wall_slide_t *w = NULL;
    if (k >= 0) {
        /* Copies: hold() lets go of the lock while it decodes. */
        slide_t cur = live[k], next = live[(k + 1) % n];
        w = hold(ss, &cur, cur.id, next.id);
        if (w)
            w->refs++;
        if (n > 1 && w)
            hold(ss, &next, cur.id, next.id);
    }
    pthread_mutex_unlock(&ss->lock);
    return w;
}

size_t slideshow_bytes(slideshow_t *ss)
{
    pthread_mutex_lock(&ss->lock);
    size_t b = ss->alive;
    pthread_mutex_unlock(&ss->lock);
    return b;
}

uint64_t slideshow_version(slideshow_t *ss)
{
    return ss ? slides_version(ss->store) : 0;
}
