/* The text cache: FreeType behind one lock, fonts per size, textures per string. */
#include <SDL2/SDL_ttf.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embedded.h"
#include "screen/text.h"
#include "store/file.h"

/* A theme's font file larger than this is not a font. */
enum { FONT_MAX_BYTES = 64 << 20 };

/* SDL_ttf shares one FreeType library between all fonts, and FreeType's
 * library is not safe to use from two threads at once: the wall and the
 * HTTP threads' offscreen renders take turns through this lock. */
static pthread_mutex_t ttf_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t ttf_once = PTHREAD_ONCE_INIT;
static int ttf_ok;

static void ttf_init(void)
{
    ttf_ok = TTF_Init() == 0;
}

typedef struct {
    text_face face;
    int px;
    TTF_Font *font;
    uint64_t used;
} font_slot_t;

typedef struct {
    uint64_t key;              /* hash of face, px, colour and text */
    char *text;                /* to tell hash collisions apart */
    SDL_Texture *tex;
    int w, h;
    uint64_t used;             /* for least-recently-used eviction */
} tex_slot_t;

struct text_cache {
    SDL_Renderer *r;
    const void *data[FACE__COUNT];  /* the font files, in memory */
    size_t size[FACE__COUNT];
    void *owned;                    /* a theme font read from disk */
    font_slot_t fonts[TEXT_FONTS_MAX];
    int n_fonts;
    tex_slot_t tex[TEXT_CACHE_MAX];
    int n_tex;
    uint64_t clock;                 /* use counter for LRU */
};

text_cache_t *text_cache_new(SDL_Renderer *r, const char *font_path, char *err, size_t errlen)
{
    pthread_once(&ttf_once, ttf_init);
    if (!ttf_ok) {
        snprintf(err, errlen, "cannot start the font library: %s", TTF_GetError());
        return NULL;
    }
    text_cache_t *tc = calloc(1, sizeof *tc);
    if (!tc) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    tc->r = r;
    if (font_path && *font_path) {
        size_t n;
        char why[128];
        tc->owned = file_read(font_path, FONT_MAX_BYTES, &n, why, sizeof why);
        /* A file that is not a font must not leave the wall blank. */
        TTF_Font *probe = NULL;
        if (tc->owned) {
            pthread_mutex_lock(&ttf_lock);
            SDL_RWops *rw = SDL_RWFromConstMem(tc->owned, (int)n);
            probe = rw ? TTF_OpenFontRW(rw, 1, 12) : NULL;
            if (probe)
                TTF_CloseFont(probe);
            pthread_mutex_unlock(&ttf_lock);
        }
        if (probe) {
            tc->data[FACE_BOLD] = tc->data[FACE_REGULAR] = tc->owned;
            tc->size[FACE_BOLD] = tc->size[FACE_REGULAR] = n;
        } else {
            fprintf(stderr, "pokerclock: theme font %s is not a font that can be read; "
                            "using the built-in one\n", font_path);
            free(tc->owned);
            tc->owned = NULL;
        }
    }
    static const char *const builtin[FACE__COUNT] = {"assets/fonts/Roboto-Bold.ttf",
                                                     "assets/fonts/Roboto-Regular.ttf"};
    for (int f = 0; f < FACE__COUNT; f++) {
        if (tc->data[f])
            continue;
        const embedded_file_t *ef = embedded_find(builtin[f]);
        if (!ef) {
            snprintf(err, errlen, "the built-in font %s is missing from this build", builtin[f]);
            text_cache_free(tc);
            return NULL;
        }
        tc->data[f] = ef->data;
        tc->size[f] = ef->size;
    }
    return tc;
}

void text_cache_free(text_cache_t *tc)
{
    if (!tc)
        return;
    pthread_mutex_lock(&ttf_lock);
    for (int i = 0; i < tc->n_fonts; i++)
        TTF_CloseFont(tc->fonts[i].font);
    pthread_mutex_unlock(&ttf_lock);
    for (int i = 0; i < tc->n_tex; i++) {
        SDL_DestroyTexture(tc->tex[i].tex);
        free(tc->tex[i].text);
    }
    free(tc->owned);
    free(tc);
}

/* With ttf_lock held. */
static TTF_Font *font_get(text_cache_t *tc, text_face face, int px)
{
    if (px < 4)
        px = 4;
    tc->clock++;
    int lru = 0;
    for (int i = 0; i < tc->n_fonts; i++) {
        if (tc->fonts[i].face == face && tc->fonts[i].px == px) {
            tc->fonts[i].used = tc->clock;
            return tc->fonts[i].font;
        }
        if (tc->fonts[i].used < tc->fonts[lru].used)
            lru = i;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(tc->data[face], (int)tc->size[face]);
    TTF_Font *f = rw ? TTF_OpenFontRW(rw, 1, px) : NULL;
    if (!f)
        return NULL;
    /* Kerning could pull digit pairs together: the countdown must not move. */
    TTF_SetFontKerning(f, 0);
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    int slot;
    if (tc->n_fonts < TEXT_FONTS_MAX) {
        slot = tc->n_fonts++;
    } else {
        slot = lru;
        TTF_CloseFont(tc->fonts[slot].font);
    }
    tc->fonts[slot] = (font_slot_t){face, px, f, tc->clock};
    return f;
}

int text_measure(text_cache_t *tc, text_face face, int px, const char *s, int *w, int *h)
{
    pthread_mutex_lock(&ttf_lock);
    TTF_Font *f = font_get(tc, face, px);
    int rc = -1;
    if (f) {
        if (!*s) {
            *w = 0;
            *h = TTF_FontHeight(f);
            rc = 0;
        } else {
            rc = TTF_SizeUTF8(f, s, w, h) == 0 ? 0 : -1;
        }
    }
    pthread_mutex_unlock(&ttf_lock);
    if (rc)
        *w = *h = 0;
    return rc;
}

int text_advance(text_cache_t *tc, text_face face, int px, Uint16 ch)
{
    int adv = 0, minx, maxx, miny, maxy;
    pthread_mutex_lock(&ttf_lock);
    TTF_Font *f = font_get(tc, face, px);
    if (f && TTF_GlyphMetrics(f, ch, &minx, &maxx, &miny, &maxy, &adv) != 0)
        adv = 0;
    pthread_mutex_unlock(&ttf_lock);
    return adv;
}

void text_cap_metrics(text_cache_t *tc, text_face face, int px, int *top, int *height)
{
    int minx, maxx, miny, maxy, adv;
    *top = 0;
    *height = px * 7 / 10;
    pthread_mutex_lock(&ttf_lock);
    TTF_Font *f = font_get(tc, face, px);
    if (f && TTF_GlyphMetrics(f, 'H', &minx, &maxx, &miny, &maxy, &adv) == 0) {
        *top = TTF_FontAscent(f) - maxy;
        *height = maxy - miny;
    }
    pthread_mutex_unlock(&ttf_lock);
}

static uint64_t key_of(text_face face, int px, SDL_Color c, const char *s)
{
    uint64_t h = 1469598103934665603ull;
    uint8_t head[8] = {(uint8_t)face, (uint8_t)px, (uint8_t)(px >> 8), c.r, c.g, c.b, c.a, 0};
    for (size_t i = 0; i < sizeof head; i++)
        h = (h ^ head[i]) * 1099511628211ull;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

SDL_Texture *text_get(text_cache_t *tc, text_face face, int px, SDL_Color c, const char *s,
                      int *w, int *h)
{
    *w = *h = 0;
    if (!s || !*s)
        return NULL;
    uint64_t key = key_of(face, px, c, s);
    tc->clock++;
    int lru = 0;
    for (int i = 0; i < tc->n_tex; i++) {
        tex_slot_t *t = &tc->tex[i];
        if (t->key == key && strcmp(t->text, s) == 0) {
            t->used = tc->clock;
            *w = t->w;
            *h = t->h;
            return t->tex;
        }
        if (t->used < tc->tex[lru].used)
            lru = i;
    }
    pthread_mutex_lock(&ttf_lock);
    TTF_Font *f = font_get(tc, face, px);
    SDL_Surface *surf = f ? TTF_RenderUTF8_Blended(f, s, c) : NULL;
    pthread_mutex_unlock(&ttf_lock);
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(tc->r, surf);
    int sw = surf->w, sh = surf->h;
    SDL_FreeSurface(surf);
    char *copy = strdup(s);
    if (!tex || !copy) {
        SDL_DestroyTexture(tex);
        free(copy);
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    int slot;
    if (tc->n_tex < TEXT_CACHE_MAX) {
        slot = tc->n_tex++;
    } else {
        slot = lru;
        SDL_DestroyTexture(tc->tex[slot].tex);
        free(tc->tex[slot].text);
    }
    tc->tex[slot] = (tex_slot_t){key, copy, tex, sw, sh, tc->clock};
    *w = sw;
    *h = sh;
    return tex;
}

int text_cache_count(const text_cache_t *tc)
{
    return tc->n_tex;
}
