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

/* A cached texture. Entries live in one of two pools, each a list from the
 * most to the least recently used: "fresh" holds strings drawn once so far,
 * "kept" strings drawn again. A string that changes every second (a break
 * countdown, the time of day) is drawn once and replaced, so it only ever
 * pushes out other fresh strings, never the labels every frame draws. */
typedef struct tex_slot {
    uint64_t key; /* hash of face, px, colour and text */
    char *text;   /* to tell hash collisions apart */
    SDL_Texture *tex;
    int w, h;
    size_t bytes;                 /* w * h * 4: the texture's pixels */
    int pool;                     /* POOL_FRESH or POOL_KEPT */
    struct tex_slot *prev, *next; /* in its pool, most recent first */
    struct tex_slot *chain;       /* next in its hash bucket */
} tex_slot_t;

enum { POOL_FRESH = 0, POOL_KEPT = 1 };

typedef struct {
    tex_slot_t *head, *tail;
    size_t bytes;
    int count;
} pool_t;

/* A measured string: shaping it (HarfBuzz) costs more than drawing it, and
 * a frame measures the same strings again and again (to fit, to align,
 * and once more in its dry run). Direct-mapped: a new string takes its
 * slot's place. */
enum { MEASURED = 1024, MEASURED_TEXT = 96 };

typedef struct {
    uint64_t key; /* key_of(face, px, no colour, text); 0: empty */
    char text[MEASURED_TEXT];
    int w, h;
} measured_t;

struct text_cache {
    SDL_Renderer *r;
    measured_t *measured;          /* MEASURED slots, or NULL */
    const void *data[FACE__COUNT]; /* the font files, in memory */
    size_t size[FACE__COUNT];
    void *owned; /* a theme font read from disk */
    font_slot_t fonts[TEXT_FONTS_MAX];
    int n_fonts;
    pool_t pool[2];
    tex_slot_t **bucket; /* hash table of entries by key */
    size_t n_bucket;     /* a power of two */
    SDL_Texture *loose;  /* a texture larger than the budget, not kept */
    uint64_t hits, misses, evicted;
    uint64_t clock; /* use counter for the fonts' LRU */
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
    tc->measured = calloc(MEASURED, sizeof *tc->measured);
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
            fprintf(stderr,
                    "pokerclock: theme font %s is not a font that can be read; "
                    "using the built-in one\n",
                    font_path);
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
    for (int p = 0; p < 2; p++) {
        for (tex_slot_t *t = tc->pool[p].head, *next; t; t = next) {
            next = t->next;
            SDL_DestroyTexture(t->tex);
            free(t->text);
            free(t);
        }
    }
    SDL_DestroyTexture(tc->loose);
    free(tc->measured);
    free(tc->bucket);
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

static uint64_t key_of(text_face face, int px, SDL_Color c, const char *s);

/* The slot where s at px was measured, or NULL. */
static measured_t *measured_slot(text_cache_t *tc, uint64_t key, const char *s)
{
    if (!tc->measured || strlen(s) >= MEASURED_TEXT)
        return NULL;
    return &tc->measured[(key ^ key >> 31) & (MEASURED - 1)];
}

int text_measure(text_cache_t *tc, text_face face, int px, const char *s, int *w, int *h)
{
    uint64_t key = key_of(face, px, (SDL_Color){0, 0, 0, 0}, s) | 1;
    measured_t *m = measured_slot(tc, key, s);
    if (m && m->key == key && strcmp(m->text, s) == 0) {
        *w = m->w;
        *h = m->h;
        return 0;
    }
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
    if (rc) {
        *w = *h = 0;
        return rc;
    }
    if (m) {
        m->key = key;
        snprintf(m->text, sizeof m->text, "%s", s);
        m->w = *w;
        m->h = *h;
    }
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

static void pool_unlink(text_cache_t *tc, tex_slot_t *t)
{
    pool_t *p = &tc->pool[t->pool];
    *(t->prev ? &t->prev->next : &p->head) = t->next;
    *(t->next ? &t->next->prev : &p->tail) = t->prev;
    t->prev = t->next = NULL;
    p->bytes -= t->bytes;
    p->count--;
}

static void pool_push(text_cache_t *tc, tex_slot_t *t, int pool)
{
    pool_t *p = &tc->pool[pool];
    t->pool = pool;
    t->prev = NULL;
    t->next = p->head;
    *(p->head ? &p->head->prev : &p->tail) = t;
    p->head = t;
    p->bytes += t->bytes;
    p->count++;
}

static tex_slot_t **bucket_of(text_cache_t *tc, uint64_t key)
{
    return &tc->bucket[(key ^ key >> 29) & (tc->n_bucket - 1)];
}

static void evict(text_cache_t *tc, tex_slot_t *t)
{
    tc->evicted++;
    pool_unlink(tc, t);
    tex_slot_t **b = bucket_of(tc, t->key);
    while (*b != t)
        b = &(*b)->chain;
    *b = t->chain;
    SDL_DestroyTexture(t->tex);
    free(t->text);
    free(t);
}

void text_cache_budget(const text_cache_t *tc, size_t *total, size_t *fresh)
{
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(tc->r, &w, &h) != 0)
        w = h = 0;
    size_t screen = (size_t)(w > 0 ? w : 0) * (size_t)(h > 0 ? h : 0) * 4;
    *total = 2 * screen > TEXT_CACHE_MIN_BYTES ? 2 * screen : TEXT_CACHE_MIN_BYTES;
    *fresh = *total / 4;
}

/* Keeps fresh within its share and the whole within the budget, never
 * evicting keep (the entry being returned). */
static void trim(text_cache_t *tc, const tex_slot_t *keep)
{
    pool_t *fresh = &tc->pool[POOL_FRESH], *kept = &tc->pool[POOL_KEPT];
    size_t budget, fresh_budget;
    text_cache_budget(tc, &budget, &fresh_budget);
    while (fresh->bytes > fresh_budget && fresh->tail && fresh->tail != keep)
        evict(tc, fresh->tail);
    while (kept->bytes > budget - fresh_budget && kept->tail && kept->tail != keep)
        evict(tc, kept->tail);
    while (fresh->bytes + kept->bytes > budget) {
        if (kept->tail && kept->tail != keep)
            evict(tc, kept->tail);
        else if (fresh->tail && fresh->tail != keep)
            evict(tc, fresh->tail);
        else
            break;
    }
}

/* Doubles the hash table when it holds more entries than buckets. */
static int table_fit(text_cache_t *tc)
{
    size_t n = (size_t)(tc->pool[0].count + tc->pool[1].count) + 1;
    if (tc->bucket && n <= tc->n_bucket)
        return 0;
    size_t nb = tc->n_bucket ? tc->n_bucket * 2 : 256;
    tex_slot_t **b = calloc(nb, sizeof *b);
    if (!b)
        return tc->bucket ? 0 : -1; /* longer chains, still correct */
    tex_slot_t **old = tc->bucket;
    size_t old_n = tc->n_bucket;
    tc->bucket = b;
    tc->n_bucket = nb;
    for (size_t i = 0; i < old_n; i++) {
        for (tex_slot_t *t = old[i], *next; t; t = next) {
            next = t->chain;
            tex_slot_t **to = bucket_of(tc, t->key);
            t->chain = *to;
            *to = t;
        }
    }
    free(old);
    return 0;
}

SDL_Texture *text_get(text_cache_t *tc, text_face face, int px, SDL_Color c, const char *s, int *w,
                      int *h)
{
    *w = *h = 0;
    if (!s || !*s)
        return NULL;
    SDL_DestroyTexture(tc->loose);
    tc->loose = NULL;
    uint64_t key = key_of(face, px, c, s);
    for (tex_slot_t *t = tc->bucket ? *bucket_of(tc, key) : NULL; t; t = t->chain) {
        if (t->key == key && strcmp(t->text, s) == 0) {
            tc->hits++;
            /* Drawn again: kept, and the most recent of its pool. */
            pool_unlink(tc, t);
            pool_push(tc, t, POOL_KEPT);
            trim(tc, t);
            *w = t->w;
            *h = t->h;
            return t->tex;
        }
    }
    tc->misses++;
    pthread_mutex_lock(&ttf_lock);
    TTF_Font *f = font_get(tc, face, px);
    SDL_Surface *surf = f ? TTF_RenderUTF8_Blended(f, s, c) : NULL;
    pthread_mutex_unlock(&ttf_lock);
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(tc->r, surf);
    int sw = surf->w, sh = surf->h;
    SDL_FreeSurface(surf);
    if (!tex)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    *w = sw;
    *h = sh;
    size_t bytes = (size_t)sw * (size_t)sh * 4, budget, fresh_budget;
    text_cache_budget(tc, &budget, &fresh_budget);
    tex_slot_t *t = bytes <= budget ? calloc(1, sizeof *t) : NULL;
    char *copy = t ? strdup(s) : NULL;
    if (!copy || table_fit(tc) != 0) {
        /* Not cached (larger than the whole budget, or no memory): drawn
         * this once and destroyed at the next call. */
        free(t);
        free(copy);
        tc->loose = tex;
        return tex;
    }
    *t = (tex_slot_t){.key = key, .text = copy, .tex = tex, .w = sw, .h = sh, .bytes = bytes};
    tex_slot_t **b = bucket_of(tc, key);
    t->chain = *b;
    *b = t;
    pool_push(tc, t, POOL_FRESH);
    trim(tc, t);
    return tex;
}

void text_cache_stats(const text_cache_t *tc, text_cache_stats_t *out)
{
    const pool_t *fresh = &tc->pool[POOL_FRESH], *kept = &tc->pool[POOL_KEPT];
    *out = (text_cache_stats_t){.bytes = fresh->bytes + kept->bytes,
                                .fresh_bytes = fresh->bytes,
                                .count = fresh->count + kept->count,
                                .hits = tc->hits,
                                .misses = tc->misses,
                                .evicted = tc->evicted};
}
