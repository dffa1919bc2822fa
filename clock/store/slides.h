/* The venue's slides (pictures and text) and their order, kept in
 * STATE/slides/ so that they outlive a restart. Safe from any thread. */
#ifndef POKERCLOCK_SLIDES_H
#define POKERCLOCK_SLIDES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <jansson.h>

#include "model/refusal.h"

enum {
    SLIDES_MAX = 50,
    SLIDE_TITLE_MAX = 121, /* bytes, with the NUL */
    SLIDE_LINE_MAX = 161,
    SLIDE_LINES = 6,
    SLIDE_SECONDS_MIN = 3,
    SLIDE_SECONDS_MAX = 600,
    SLIDE_SECONDS_DEFAULT = 10,
    SLIDE_WHEN_LEN = 17,  /* "2026-11-23T18:00" and the NUL */
    SLIDE_FILE_MAX = 128, /* a folder's file name, with the NUL */
    SLIDE_STAMP_MAX = 48, /* its size and time of change */
};

typedef enum { SLIDE_IMAGE, SLIDE_TEXT } slide_kind;

typedef struct {
    int id; /* 1, 2, ...: never used again */
    slide_kind kind;
    int seconds; /* how long it shows */
    bool enabled;
    char from[SLIDE_WHEN_LEN];  /* local time it starts showing, or "" */
    char until[SLIDE_WHEN_LEN]; /* local time it stops, or "" */
    char title[SLIDE_TITLE_MAX];
    char lines[SLIDE_LINES][SLIDE_LINE_MAX];
    int n_lines;
    int width, height;           /* a picture's, as kept */
    bool png;                    /* a picture: PNG, else JPEG */
    size_t bytes;                /* a picture's file */
    char file[SLIDE_FILE_MAX];   /* from the slides folder: its file; "": uploaded */
    char stamp[SLIDE_STAMP_MAX]; /* that file's size and time when it was read */
} slide_t;

/* What a change sets: each field only when its has_ flag is. */
typedef struct {
    bool has_seconds, has_enabled, has_from, has_until, has_order, has_text, has_file;
    int seconds;
    bool enabled;
    char from[SLIDE_WHEN_LEN], until[SLIDE_WHEN_LEN];
    int order; /* the new position, 0 first */
    char title[SLIDE_TITLE_MAX];
    char lines[SLIDE_LINES][SLIDE_LINE_MAX];
    int n_lines;
    char file[SLIDE_FILE_MAX], stamp[SLIDE_STAMP_MAX]; /* where it came from (has_file) */
} slide_change_t;

typedef struct slides slides_t;

/* The slides kept in state_dir/slides/ (made when missing); NULL state_dir
 * keeps them in memory only (a follower). A damaged list is reported in
 * err (when not NULL) and the slides that can be read are kept. NULL only
 * without memory. */
slides_t *slides_open(const char *state_dir, char *err, size_t errlen);
void slides_free(slides_t *s);

/* Grows with every change: screens look again when it does. */
uint64_t slides_version(slides_t *s);
/* fn hears every change's new version (from the thread that made it, with
 * no lock held); one listener, NULL: none. */
typedef void (*slides_changed_fn)(void *ctx, uint64_t version);
void slides_on_change(slides_t *s, slides_changed_fn fn, void *ctx);
/* Every slide in order into out (up to max); how many there are. */
int slides_list(slides_t *s, slide_t *out, int max, uint64_t *version);

/* Adds a picture (its bytes as uploaded; checked, scaled and encoded again
 * by picture_prepare) or a text slide (kind SLIDE_TEXT with title and
 * lines) at the end, shown for `seconds` (0: the default). Returns
 * APPLY_OK with *added, or the outcome with *no: the file refused (invalid,
 * too large, unsupported), too many slides (conflict), not saved
 * (unavailable: nothing kept). */
apply_status slides_add_picture(slides_t *s, const void *data, size_t len, int seconds,
                                slide_t *added, refusal_t *no);
apply_status slides_add_text(slides_t *s, const slide_change_t *text, int seconds, slide_t *added,
                             refusal_t *no);
/* APPLY_OK with *now, or the outcome with *no (not found among them). */
apply_status slides_change(slides_t *s, int id, const slide_change_t *c, slide_t *now,
                           refusal_t *no);
apply_status slides_remove(slides_t *s, int id, refusal_t *no); /* no may be NULL */
/* A picture's file as kept (malloc'd), or NULL: no such picture. */
unsigned char *slides_picture(slides_t *s, int id, size_t *len, bool *png);

/* A slide as the list keeps it and the API shows it: id, kind, seconds,
 * enabled, from, until, and type, width, height, bytes or title, lines;
 * file and stamp for one from the slides folder. */
json_t *slides_slide_json(const slide_t *sl);

/* "2026-11-23T18:00" (or with ":ss") as local time: 0, or -1. */
int slides_when_parse(const char *text, time_t *out);
/* Whether a slide shows at wall time now: on, and inside its window. */
bool slides_live(const slide_t *sl, time_t now);
/* Which of n live slides shows at now_ms (any steady clock: they take
 * turns by their seconds from its zero), and in how many ms the next does. */
int slides_pick(const slide_t *live, int n, int64_t now_ms, int64_t *next_in_ms);

#endif
