/* The venue's slides: the list in STATE/slides/slides.json, each picture in
 * STATE/slides/ID.png or ID.jpg; every file written whole to a temporary
 * name, synced and renamed, so that a power cut leaves the old list or the
 * new one, never half of either. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "model/text.h"
#include "store/file.h"
#include "store/picture.h"
#include "store/slides.h"

struct slides {
    pthread_mutex_t lock; /* HTTP threads change, the wall reads */
    char *dir;            /* STATE/slides, or NULL: memory only */
    uint64_t version;     /* grows with every change */
    int next_id;
    int n;
    slide_t items[SLIDES_MAX];      /* in the order they show */
    unsigned char *mem[SLIDES_MAX]; /* memory only: the pictures' bytes */
    size_t mem_len[SLIDES_MAX];
    slides_changed_fn changed; /* told after every change, with no lock held */
    void *changed_ctx;
};

void slides_on_change(slides_t *s, slides_changed_fn fn, void *ctx)
{
    pthread_mutex_lock(&s->lock);
    s->changed = fn;
    s->changed_ctx = ctx;
    pthread_mutex_unlock(&s->lock);
}

/* A change went through: the listener hears the new version. */
static apply_status told(slides_t *s, apply_status status)
{
    pthread_mutex_lock(&s->lock);
    slides_changed_fn fn = s->changed;
    void *ctx = s->changed_ctx;
    uint64_t version = s->version;
    pthread_mutex_unlock(&s->lock);
    if (fn && status == APPLY_OK)
        fn(ctx, version);
    return status;
}

static void path_of(const slides_t *s, const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", s->dir, name);
}

static void picture_name(const slide_t *sl, char *buf, size_t len)
{
    snprintf(buf, len, "%d.%s", sl->id, sl->png ? "png" : "jpg");
}

/* dir/name replaced whole by data (file_write_atomic). */
static int write_atomic(const char *dir, const char *name, const void *data, size_t len,
                        refusal_t *no)
{
    int rc = file_write_atomic(dir, name, data, len, 0644);
    if (rc != 0)
        refuse_slides_not_saved(no, dir, strerror(rc));
    return rc ? -1 : 0;
}

json_t *slides_slide_json(const slide_t *sl)
{
    json_t *j = json_pack("{s:i, s:s, s:i, s:b}", "id", sl->id, "kind",
                          sl->kind == SLIDE_IMAGE ? "image" : "text", "seconds", sl->seconds,
                          "enabled", sl->enabled);
    json_object_set_new(j, "from", sl->from[0] ? json_string(sl->from) : json_null());
    json_object_set_new(j, "until", sl->until[0] ? json_string(sl->until) : json_null());
    if (sl->kind == SLIDE_IMAGE) {
        json_object_set_new(j, "type", json_string(sl->png ? "png" : "jpeg"));
        json_object_set_new(j, "width", json_integer(sl->width));
        json_object_set_new(j, "height", json_integer(sl->height));
        json_object_set_new(j, "bytes", json_integer((json_int_t)sl->bytes));
    } else {
        json_t *lines = json_array();
        for (int i = 0; i < sl->n_lines; i++)
            json_array_append_new(lines, json_string(sl->lines[i]));
        json_object_set_new(j, "title", json_string(sl->title));
        json_object_set_new(j, "lines", lines);
    }
    if (sl->file[0]) {
        json_object_set_new(j, "file", json_string(sl->file));
        json_object_set_new(j, "stamp", json_string(sl->stamp));
    }
    return j;
}

/* Called with the lock held. */
static int save_list(slides_t *s, refusal_t *no)
{
    s->version++;
    if (!s->dir)
        return 0;
    json_t *list = json_array();
    for (int i = 0; i < s->n; i++)
        json_array_append_new(list, slides_slide_json(&s->items[i]));
    json_t *j = json_pack("{s:i, s:o}", "next_id", s->next_id, "slides", list);
    char *text = j ? json_dumps(j, JSON_INDENT(1)) : NULL;
    json_decref(j);
    if (!text) {
        refuse_out_of_memory(no);
        return -1;
    }
    int rc = write_atomic(s->dir, "slides.json", text, strlen(text), no);
    free(text);
    return rc;
}

/* A time window's end as given: "" (none) or local time to the minute. */
static bool when_valid(const char *text)
{
    time_t t;
    return !text[0] || slides_when_parse(text, &t) == 0;
}

int slides_when_parse(const char *text, time_t *out)
{
    struct tm tm = {0};
    int n = 0;
    if (strlen(text) != 16 && strlen(text) != 19)
        return -1;
    if (sscanf(text, "%4d-%2d-%2dT%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &n) != 5 ||
        n != 16)
        return -1;
    if (text[16] && (text[16] != ':' || sscanf(text + 17, "%2d", &tm.tm_sec) != 1))
        return -1;
    if (tm.tm_year < 2000 || tm.tm_year > 2200 || tm.tm_mon < 1 || tm.tm_mon > 12 ||
        tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 59)
        return -1;
    int mday = tm.tm_mday, mon = tm.tm_mon;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    tm.tm_isdst = -1;
    time_t t = mktime(&tm);
    if (t == (time_t)-1 || tm.tm_mday != mday || tm.tm_mon != mon - 1) /* 31 February */
        return -1;
    *out = t;
    return 0;
}

bool slides_live(const slide_t *sl, time_t now)
{
    time_t t;
    if (!sl->enabled)
        return false;
    if (sl->from[0] && slides_when_parse(sl->from, &t) == 0 && now < t)
        return false;
    if (sl->until[0] && slides_when_parse(sl->until, &t) == 0 && now >= t)
        return false;
    return true;
}

int slides_pick(const slide_t *live, int n, int64_t now_ms, int64_t *next_in_ms)
{
    int64_t total = 0;
    for (int i = 0; i < n; i++)
        total += (int64_t)live[i].seconds * 1000;
    if (n <= 0 || total <= 0) {
        *next_in_ms = INT64_MAX;
        return -1;
    }
    int64_t at = ((now_ms % total) + total) % total;
    for (int i = 0; i < n; i++) {
        int64_t d = (int64_t)live[i].seconds * 1000;
        if (at < d) {
            *next_in_ms = n > 1 ? d - at : INT64_MAX;
            return i;
        }
        at -= d;
    }
    *next_in_ms = INT64_MAX;
    return 0;
}

/* A text is kept when it is valid UTF-8 without control characters. */
static bool text_ok(const char *t)
{
    if (!text_utf8_valid(t))
        return false;
    for (const unsigned char *c = (const unsigned char *)t; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            return false;
    return true;
}

static bool slide_from_json(json_t *j, slide_t *sl)
{
    memset(sl, 0, sizeof *sl);
    const char *kind = json_string_value(json_object_get(j, "kind"));
    sl->id = (int)json_integer_value(json_object_get(j, "id"));
    sl->seconds = (int)json_integer_value(json_object_get(j, "seconds"));
    sl->enabled = json_is_true(json_object_get(j, "enabled"));
    const char *from = json_string_value(json_object_get(j, "from"));
    const char *until = json_string_value(json_object_get(j, "until"));
    if (!kind || sl->id < 1 || sl->seconds < SLIDE_SECONDS_MIN || sl->seconds > SLIDE_SECONDS_MAX ||
        (from && (strlen(from) >= SLIDE_WHEN_LEN || !when_valid(from))) ||
        (until && (strlen(until) >= SLIDE_WHEN_LEN || !when_valid(until))))
        return false;
    snprintf(sl->from, sizeof sl->from, "%s", from ? from : "");
    snprintf(sl->until, sizeof sl->until, "%s", until ? until : "");
    const char *file = json_string_value(json_object_get(j, "file"));
    const char *stamp = json_string_value(json_object_get(j, "stamp"));
    if (file && stamp && strlen(file) < SLIDE_FILE_MAX && strlen(stamp) < SLIDE_STAMP_MAX) {
        snprintf(sl->file, sizeof sl->file, "%s", file);
        snprintf(sl->stamp, sizeof sl->stamp, "%s", stamp);
    }
    if (strcmp(kind, "image") == 0) {
        const char *type = json_string_value(json_object_get(j, "type"));
        sl->kind = SLIDE_IMAGE;
        sl->png = type && strcmp(type, "png") == 0;
        sl->width = (int)json_integer_value(json_object_get(j, "width"));
        sl->height = (int)json_integer_value(json_object_get(j, "height"));
        sl->bytes = (size_t)json_integer_value(json_object_get(j, "bytes"));
        return type && (sl->png || strcmp(type, "jpeg") == 0);
    }
    const char *title = json_string_value(json_object_get(j, "title"));
    json_t *lines = json_object_get(j, "lines");
    if (strcmp(kind, "text") != 0 || !title || !text_ok(title) ||
        strlen(title) >= SLIDE_TITLE_MAX || !json_is_array(lines) ||
        json_array_size(lines) > SLIDE_LINES)
        return false;
    sl->kind = SLIDE_TEXT;
    snprintf(sl->title, sizeof sl->title, "%s", title);
    size_t i;
    json_t *v;
    json_array_foreach(lines, i, v)
    {
        const char *line = json_string_value(v);
        if (!line || !text_ok(line) || strlen(line) >= SLIDE_LINE_MAX)
            return false;
        snprintf(sl->lines[sl->n_lines++], SLIDE_LINE_MAX, "%s", line);
    }
    return true;
}

/* The list as kept; slides whose picture is gone or unreadable are left out
 * and said in err. */
static void load(slides_t *s, char *err, size_t errlen)
{
    char path[4096], why[256];
    path_of(s, "slides.json", path, sizeof path);
    if (access(path, F_OK) != 0)
        return;
    char *text = file_read(path, 1024 * 1024, NULL, why, sizeof why);
    json_error_t je;
    json_t *j = text ? json_loads(text, JSON_REJECT_DUPLICATES, &je) : NULL;
    free(text);
    json_t *list = json_object_get(j, "slides");
    if (!json_is_array(list)) {
        if (err)
            snprintf(err, errlen, "the slides in %s cannot be read: none are shown", path);
        json_decref(j);
        return;
    }
    s->next_id = (int)json_integer_value(json_object_get(j, "next_id"));
    int dropped = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v)
    {
        slide_t sl;
        struct stat st;
        char name[64];
        bool ok = s->n < SLIDES_MAX && slide_from_json(v, &sl);
        for (int k = 0; ok && k < s->n; k++)
            ok = s->items[k].id != sl.id;
        if (ok && sl.kind == SLIDE_IMAGE) {
            picture_name(&sl, name, sizeof name);
            path_of(s, name, path, sizeof path);
            ok = stat(path, &st) == 0 && st.st_size > 0 && st.st_size <= PICTURE_BYTES_MAX;
            sl.bytes = ok ? (size_t)st.st_size : 0;
        }
        if (!ok) {
            dropped++;
            continue;
        }
        if (sl.id >= s->next_id)
            s->next_id = sl.id + 1;
        s->items[s->n++] = sl;
    }
    json_decref(j);
    if (dropped && err)
        snprintf(err, errlen, "%d slide%s in %s could not be read and %s left out", dropped,
                 dropped == 1 ? "" : "s", s->dir, dropped == 1 ? "is" : "are");
}

slides_t *slides_open(const char *state_dir, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = 0;
    slides_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->next_id = 1;
    s->version = 1;
    if (state_dir) {
        size_t n = strlen(state_dir) + sizeof "/slides";
        if (!(s->dir = malloc(n))) {
            free(s);
            return NULL;
        }
        snprintf(s->dir, n, "%s/slides", state_dir);
        if (mkdir(s->dir, 0755) != 0 && errno != EEXIST && err)
            snprintf(err, errlen, "cannot make %s: %s", s->dir, strerror(errno));
        load(s, err, errlen);
    }
    if (s->next_id < 1)
        s->next_id = 1;
    return s;
}

void slides_free(slides_t *s)
{
    if (!s)
        return;
    for (int i = 0; i < SLIDES_MAX; i++)
        free(s->mem[i]);
    pthread_mutex_destroy(&s->lock);
    free(s->dir);
    free(s);
}

uint64_t slides_version(slides_t *s)
{
    pthread_mutex_lock(&s->lock);
    uint64_t v = s->version;
    pthread_mutex_unlock(&s->lock);
    return v;
}

int slides_list(slides_t *s, slide_t *out, int max, uint64_t *version)
{
    pthread_mutex_lock(&s->lock);
    int n = s->n;
    for (int i = 0; i < n && i < max; i++)
        out[i] = s->items[i];
    if (version)
        *version = s->version;
    pthread_mutex_unlock(&s->lock);
    return n;
}

static int find(const slides_t *s, int id)
{
    for (int i = 0; i < s->n; i++)
        if (s->items[i].id == id)
            return i;
    return -1;
}

static int seconds_or_default(int seconds)
{
    return seconds ? seconds : SLIDE_SECONDS_DEFAULT;
}

/* Appends sl (its id given here) and saves; the picture's bytes are
 * written first, so that the list never names a file that is not there.
 * Called with the lock held; on failure nothing is kept. APPLY_OK, -1 when
 * the list (memory only) took pic over, or the outcome with *no. */
static int append(slides_t *s, slide_t *sl, unsigned char *pic, size_t pic_len, refusal_t *no)
{
    if (s->n >= SLIDES_MAX)
        return refuse_slides_full(no, SLIDES_MAX);
    sl->id = s->next_id;
    char name[64], path[4096];
    picture_name(sl, name, sizeof name);
    if (pic && s->dir && write_atomic(s->dir, name, pic, pic_len, no) != 0)
        return no->status;
    s->items[s->n++] = *sl;
    s->next_id++;
    if (save_list(s, no) != 0) {
        s->n--;
        s->next_id--;
        if (pic && s->dir) {
            path_of(s, name, path, sizeof path);
            unlink(path);
        }
        return no->status;
    }
    if (pic && !s->dir) {
        s->mem[s->n - 1] = pic;
        s->mem_len[s->n - 1] = pic_len;
        return -1; /* taken over */
    }
    return APPLY_OK;
}

apply_status slides_add_picture(slides_t *s, const void *data, size_t len, int seconds,
                                slide_t *added, refusal_t *no)
{
    if (len > PICTURE_BYTES_MAX)
        return picture_refuse_bytes(no, len);
    if (seconds && (seconds < SLIDE_SECONDS_MIN || seconds > SLIDE_SECONDS_MAX))
        return refuse_slide_seconds(no, SLIDE_SECONDS_MIN, SLIDE_SECONDS_MAX);
    int w, h;
    if (picture_probe(data, len, &w, &h, no) == PICTURE_NONE)
        return no->status;
    unsigned char *pic;
    size_t pic_len;
    picture_type type;
    if (picture_prepare(data, len, &pic, &pic_len, &type, &w, &h, no) != 0)
        return no->status;
    slide_t sl = {.kind = SLIDE_IMAGE,
                  .seconds = seconds_or_default(seconds),
                  .enabled = true,
                  .width = w,
                  .height = h,
                  .png = type == PICTURE_PNG,
                  .bytes = pic_len};
    pthread_mutex_lock(&s->lock);
    int status = append(s, &sl, pic, pic_len, no);
    if (status < 0) { /* kept in memory */
        pic = NULL;
        status = APPLY_OK;
    }
    if (status == APPLY_OK)
        *added = s->items[s->n - 1];
    pthread_mutex_unlock(&s->lock);
    free(pic);
    return told(s, (apply_status)status);
}

/* The text of a change or a new text slide, checked. */
static apply_status text_check(const slide_change_t *c, refusal_t *no)
{
    if (!c->title[0] || !text_ok(c->title))
        return refuse_slide_needs_title(no);
    for (int i = 0; i < c->n_lines; i++)
        if (!text_ok(c->lines[i]))
            return refuse_slide_line_not_one(no, i + 1);
    return APPLY_OK;
}

apply_status slides_add_text(slides_t *s, const slide_change_t *text, int seconds, slide_t *added,
                             refusal_t *no)
{
    apply_status bad = text_check(text, no);
    if (bad != APPLY_OK)
        return bad;
    if (seconds && (seconds < SLIDE_SECONDS_MIN || seconds > SLIDE_SECONDS_MAX))
        return refuse_slide_seconds(no, SLIDE_SECONDS_MIN, SLIDE_SECONDS_MAX);
    slide_t sl = {.kind = SLIDE_TEXT,
                  .seconds = seconds_or_default(seconds),
                  .enabled = true,
                  .n_lines = text->n_lines};
    memcpy(sl.title, text->title, sizeof sl.title);
    memcpy(sl.lines, text->lines, sizeof sl.lines);
    pthread_mutex_lock(&s->lock);
    apply_status status = (apply_status)append(s, &sl, NULL, 0, no);
    if (status == APPLY_OK)
        *added = s->items[s->n - 1];
    pthread_mutex_unlock(&s->lock);
    return told(s, status);
}

apply_status slides_change(slides_t *s, int id, const slide_change_t *c, slide_t *now,
                           refusal_t *no)
{
    if (c->has_seconds && (c->seconds < SLIDE_SECONDS_MIN || c->seconds > SLIDE_SECONDS_MAX))
        return refuse_slide_seconds(no, SLIDE_SECONDS_MIN, SLIDE_SECONDS_MAX);
    if ((c->has_from && !when_valid(c->from)) || (c->has_until && !when_valid(c->until)))
        return refuse_slide_times(no);
    pthread_mutex_lock(&s->lock);
    int i = find(s, id);
    apply_status status = APPLY_OK;
    if (i < 0) {
        status = refuse_slide_none(no, id);
    } else if (c->has_text && s->items[i].kind != SLIDE_TEXT) {
        status = refuse_slide_is_picture(no, id);
    } else if (!c->has_text || (status = text_check(c, no)) == APPLY_OK) {
        slide_t before[SLIDES_MAX];
        memcpy(before, s->items, sizeof before);
        slide_t sl = s->items[i];
        if (c->has_seconds)
            sl.seconds = c->seconds;
        if (c->has_enabled)
            sl.enabled = c->enabled;
        if (c->has_from)
            memcpy(sl.from, c->from, sizeof sl.from);
        if (c->has_until)
            memcpy(sl.until, c->until, sizeof sl.until);
        if (c->has_file) {
            memcpy(sl.file, c->file, sizeof sl.file);
            memcpy(sl.stamp, c->stamp, sizeof sl.stamp);
        }
        if (c->has_text) {
            memcpy(sl.title, c->title, sizeof sl.title);
            memcpy(sl.lines, c->lines, sizeof sl.lines);
            sl.n_lines = c->n_lines;
        }
        s->items[i] = sl;
        if (c->has_order) {
            int to = c->order < 0 ? 0 : c->order >= s->n ? s->n - 1 : c->order;
            unsigned char *m = s->mem[i];
            size_t ml = s->mem_len[i];
            for (; i < to; i++) {
                s->items[i] = s->items[i + 1];
                s->mem[i] = s->mem[i + 1];
                s->mem_len[i] = s->mem_len[i + 1];
            }
            for (; i > to; i--) {
                s->items[i] = s->items[i - 1];
                s->mem[i] = s->mem[i - 1];
                s->mem_len[i] = s->mem_len[i - 1];
            }
            s->items[to] = sl;
            s->mem[to] = m;
            s->mem_len[to] = ml;
        }
        if (save_list(s, no) != 0) {
            /* Only a kept list has files: the memory-only order cannot fail. */
            memcpy(s->items, before, sizeof before);
            status = no->status;
        } else {
            *now = sl;
        }
    }
    pthread_mutex_unlock(&s->lock);
    return told(s, status);
}

apply_status slides_remove(slides_t *s, int id, refusal_t *no)
{
    refusal_t spare;
    no = no ? no : &spare;
    pthread_mutex_lock(&s->lock);
    int i = find(s, id);
    apply_status status = APPLY_OK;
    if (i < 0) {
        status = refuse_slide_none(no, id);
    } else {
        slide_t gone = s->items[i];
        unsigned char *m = s->mem[i];
        size_t ml = s->mem_len[i];
        slide_t before[SLIDES_MAX];
        memcpy(before, s->items, sizeof before);
        for (int k = i; k < s->n - 1; k++) {
            s->items[k] = s->items[k + 1];
            s->mem[k] = s->mem[k + 1];
            s->mem_len[k] = s->mem_len[k + 1];
        }
        s->n--;
        s->mem[s->n] = NULL;
        if (save_list(s, no) != 0) {
            memcpy(s->items, before, sizeof before);
            s->n++;
            status = no->status;
        } else {
            free(m);
            (void)ml;
            if (gone.kind == SLIDE_IMAGE && s->dir) {
                /* The list no longer names it: a file left by a power cut
                 * here is never shown, only taking room. */
                char name[64], path[4096];
                picture_name(&gone, name, sizeof name);
                path_of(s, name, path, sizeof path);
                unlink(path);
            }
        }
    }
    pthread_mutex_unlock(&s->lock);
    return told(s, status);
}

unsigned char *slides_picture(slides_t *s, int id, size_t *len, bool *png)
{
    pthread_mutex_lock(&s->lock);
    int i = find(s, id);
    slide_t sl = {0};
    bool found = i >= 0 && s->items[i].kind == SLIDE_IMAGE;
    unsigned char *copy = NULL;
    if (found) {
        sl = s->items[i];
        if (!s->dir && s->mem[i] && (copy = malloc(s->mem_len[i]))) {
            memcpy(copy, s->mem[i], s->mem_len[i]);
            *len = s->mem_len[i];
        }
    }
    pthread_mutex_unlock(&s->lock);
    if (!found)
        return NULL;
    *png = sl.png;
    if (!s->dir)
        return copy;
    char name[64], path[4096], why[128];
    picture_name(&sl, name, sizeof name);
    path_of(s, name, path, sizeof path);
    return (unsigned char *)file_read(path, PICTURE_BYTES_MAX, len, why, sizeof why);
}
