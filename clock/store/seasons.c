/* The venue's league seasons, kept in STATE/seasons.json. */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/text.h"
#include "store/file.h"
#include "store/seasons.h"

static const char FILE_NAME[] = "seasons.json";

/* What the file holds. */
typedef struct {
    int n, next_id;
    int current; /* a season's id; 0: none */
    season_t items[SEASONS_MAX];
} book_t;

struct seasons {
    pthread_mutex_t lock; /* guards book and board */
    char *dir;            /* NULL: in memory only; set once, then only read */
    book_t book;
    season_board_t board;
};

/* "2026-09-01", a day that exists, or "". */
static bool date_valid(const char *d)
{
    if (!d[0])
        return true;
    int y, m, day;
    char end;
    if (strlen(d) != 10 || sscanf(d, "%4d-%2d-%2d%c", &y, &m, &day, &end) != 3 || d[4] != '-' ||
        d[7] != '-')
        return false;
    struct tm tm = {.tm_year = y - 1900, .tm_mon = m - 1, .tm_mday = day, .tm_hour = 12};
    time_t t = timegm(&tm);
    return t != (time_t)-1 && tm.tm_year == y - 1900 && tm.tm_mon == m - 1 && tm.tm_mday == day;
}

/* A folder's name as the archive makes them: letters, digits, '-', '_'. */
static bool dir_valid(const char *d)
{
    size_t n = strlen(d);
    if (n < 17 || n >= SEASON_DIR_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)d[i]) && d[i] != '-' && d[i] != '_')
            return false;
    return true;
}

/* An optional text field into out (at most len - 1 bytes); a non-text
 * value refused as command_unread. */
static int text_field(const json_t *j, const char *key, char *out, size_t len, refusal_t *no)
{
    const json_t *v = json_object_get(j, key);
    out[0] = 0;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v) || json_string_length(v) >= len) {
        char why[64];
        snprintf(why, sizeof why, "%s must be a text of at most %zu bytes", key, len - 1);
        refuse_command_unread(no, why);
        return -1;
    }
    snprintf(out, len, "%s", json_string_value(v));
    return 0;
}

static int rule_field(const json_t *j, const char *key, int *out, refusal_t *no)
{
    const json_t *v = json_object_get(j, key);
    *out = 0;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0 ||
        json_integer_value(v) > LEAGUE_BEST_MAX) {
        refuse_field_range(no, key, 0, LEAGUE_BEST_MAX);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static int picks_field(const json_t *j, season_t *out, refusal_t *no)
{
    const json_t *list = json_object_get(j, "tournaments");
    if (!list || json_is_null(list))
        return 0;
    if (!json_is_array(list) || json_array_size(list) > SEASON_PICKED_MAX) {
        refuse_season_picks(no, SEASON_PICKED_MAX);
        return -1;
    }
    size_t i;
    const json_t *v;
    json_array_foreach(list, i, v)
    {
        const char *d = json_string_value(v);
        if (!d || !dir_valid(d)) {
            refuse_season_pick_unknown(no, d ? d : "");
            return -1;
        }
        for (int k = 0; k < out->n_picked; k++)
            if (strcmp(out->picked[k], d) == 0) {
                refuse_season_picks(no, SEASON_PICKED_MAX);
                return -1;
            }
        snprintf(out->picked[out->n_picked++], SEASON_DIR_MAX, "%s", d);
    }
    return 0;
}

int season_from_json(const json_t *j, season_t *out, refusal_t *no)
{
    memset(out, 0, sizeof *out);
    static const char *const keys[] = {"id", "name", "from", "to", "tournaments", "best", "min"};
    const char *key;
    const json_t *v;
    if (!json_is_object(j)) {
        refuse_command_unread(no, "the season must be a JSON object");
        return -1;
    }
    json_object_foreach((json_t *)j, key, v)
    {
        size_t k = 0;
        while (k < sizeof keys / sizeof *keys && strcmp(keys[k], key) != 0)
            k++;
        if (k == sizeof keys / sizeof *keys) {
            char why[96];
            snprintf(why, sizeof why, "a season has no \"%.40s\"", key);
            refuse_command_unread(no, why);
            return -1;
        }
    }
    const json_t *id = json_object_get(j, "id");
    if (id && !json_is_null(id) &&
        (!json_is_integer(id) || json_integer_value(id) < 0 || json_integer_value(id) > 1000000)) {
        refuse_field_range(no, "id", 0, 1000000);
        return -1;
    }
    out->id = id ? (int)json_integer_value(id) : 0;
    const char *name = json_string_value(json_object_get(j, "name"));
    if (!name || !name[0] || strlen(name) >= SEASON_NAME_MAX || !text_one_line(name)) {
        refuse_season_name(no, SEASON_NAME_MAX - 1);
        return -1;
    }
    snprintf(out->name, sizeof out->name, "%s", name);
    if (text_field(j, "from", out->from, sizeof out->from, no) ||
        text_field(j, "to", out->to, sizeof out->to, no))
        return -1;
    if (!date_valid(out->from) || !date_valid(out->to) ||
        (out->from[0] && out->to[0] && strcmp(out->from, out->to) > 0)) {
        refuse_season_dates(no);
        return -1;
    }
    if (picks_field(j, out, no) || rule_field(j, "best", &out->rules.best, no) ||
        rule_field(j, "min", &out->rules.min_played, no))
        return -1;
    return 0;
}

json_t *season_json(const season_t *s)
{
    json_t *picked = json_array();
    for (int i = 0; i < s->n_picked; i++)
        json_array_append_new(picked, json_string(s->picked[i]));
    return json_pack("{s:i, s:s, s:s?, s:s?, s:o, s:i, s:i}", "id", s->id, "name", s->name, "from",
                     s->from[0] ? s->from : NULL, "to", s->to[0] ? s->to : NULL, "tournaments",
                     picked, "best", s->rules.best, "min", s->rules.min_played);
}

bool season_takes(const season_t *s, const char *dir, const char *date)
{
    if (s->n_picked > 0) {
        for (int i = 0; i < s->n_picked; i++)
            if (strcmp(s->picked[i], dir) == 0)
                return true;
        return false;
    }
    return (!s->from[0] || strcmp(date, s->from) >= 0) && (!s->to[0] || strcmp(date, s->to) <= 0);
}

static json_t *book_json(const book_t *b, bool with_next)
{
    json_t *list = json_array();
    for (int i = 0; i < b->n; i++)
        json_array_append_new(list, season_json(&b->items[i]));
    json_t *j = json_pack("{s:o, s:o}", "seasons", list, "current",
                          b->current ? json_integer(b->current) : json_null());
    if (j && with_next)
        json_object_set_new(j, "next_id", json_integer(b->next_id));
    return j;
}

/* The book written whole to the state directory: 0, or -1 with *no. */
static int book_save(const char *dir, const book_t *b, refusal_t *no)
{
    if (!dir)
        return 0;
    json_t *j = book_json(b, true);
    char *text = j ? json_dumps(j, JSON_INDENT(1)) : NULL;
    json_decref(j);
    if (!text) {
        refuse_out_of_memory(no);
        return -1;
    }
    int rc = file_write_atomic(dir, FILE_NAME, text, strlen(text), 0644);
    free(text);
    if (rc != 0)
        refuse_seasons_not_saved(no, strerror(rc));
    return rc ? -1 : 0;
}

static int find(const book_t *b, int id)
{
    for (int i = 0; i < b->n; i++)
        if (b->items[i].id == id)
            return i;
    return -1;
}

/* The file's seasons into b: 0, or -1 when it does not read whole. */
static int book_load(const char *path, book_t *b)
{
    json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, NULL);
    const json_t *list = json_object_get(j, "seasons"), *cur = json_object_get(j, "current");
    const json_t *next = json_object_get(j, "next_id");
    int rc = json_is_array(list) && json_array_size(list) <= SEASONS_MAX && json_is_integer(next)
                 ? 0
                 : -1;
    size_t i;
    const json_t *v;
    refusal_t no;
    json_array_foreach(list, i, v)
    {
        season_t *s = &b->items[b->n];
        if (rc || season_from_json(v, s, &no) != 0 || s->id <= 0 || find(b, s->id) >= 0)
            rc = -1;
        else
            b->n++;
    }
    /* Never an id given again, whatever the file says. */
    b->next_id = (int)json_integer_value(next);
    for (int k = 0; k < b->n; k++)
        if (b->items[k].id >= b->next_id)
            b->next_id = b->items[k].id + 1;
    b->current = json_is_integer(cur) ? (int)json_integer_value(cur) : 0;
    json_decref(j);
    return rc;
}

seasons_t *seasons_open(const char *state_dir)
{
    seasons_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->book.next_id = 1;
    if (!state_dir)
        return s;
    s->dir = strdup(state_dir);
    char path[4096], bad[4200];
    snprintf(path, sizeof path, "%s/%s", state_dir, FILE_NAME);
    FILE *f = fopen(path, "r");
    if (!f)
        return s;
    fclose(f);
    if (book_load(path, &s->book) != 0) {
        snprintf(bad, sizeof bad, "%s.bad", path);
        rename(path, bad);
        fprintf(stderr, "pokerclock: %s does not read: set aside as %s, no seasons kept\n", path,
                bad);
        memset(&s->book, 0, sizeof s->book);
        s->book.next_id = 1;
    }
    return s;
}

void seasons_free(seasons_t *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s->dir);
    free(s);
}

/* Applies a change to a copy of the book, writes it, and only then takes
 * it: a season that could not be saved is not kept either. */
static int change(seasons_t *s, int (*fn)(book_t *b, void *ctx, refusal_t *no), void *ctx,
                  refusal_t *no)
{
    book_t *b = malloc(sizeof *b);
    if (!b)
        return refuse_out_of_memory(no), -1;
    pthread_mutex_lock(&s->lock);
    *b = s->book;
    int rc = fn(b, ctx, no);
    if (rc == 0)
        rc = book_save(s->dir, b, no);
    if (rc == 0)
        s->book = *b;
    pthread_mutex_unlock(&s->lock);
    free(b);
    return rc;
}

typedef struct {
    season_t *in;
    bool current, has_current;
} put_t;

static int put_fn(book_t *b, void *ctx, refusal_t *no)
{
    put_t *p = ctx;
    int at = p->in->id > 0 ? find(b, p->in->id) : b->n;
    if (at < 0)
        return refuse_season_none(no, p->in->id), -1;
    if (at == b->n && b->n >= SEASONS_MAX)
        return refuse_seasons_full(no, SEASONS_MAX), -1;
    if (at == b->n) {
        p->in->id = b->next_id++;
        b->n++;
    }
    b->items[at] = *p->in;
    if (p->has_current && p->current)
        b->current = p->in->id;
    else if (p->has_current && b->current == p->in->id)
        b->current = 0;
    return 0;
}

int seasons_put(seasons_t *s, season_t *in, bool current, bool has_current, refusal_t *no)
{
    put_t p = {in, current, has_current};
    return change(s, put_fn, &p, no);
}

static int delete_fn(book_t *b, void *ctx, refusal_t *no)
{
    int id = *(int *)ctx, at = find(b, id);
    if (at < 0)
        return refuse_season_none(no, id), -1;
    memmove(&b->items[at], &b->items[at + 1], sizeof b->items[0] * (size_t)(b->n - at - 1));
    b->n--;
    if (b->current == id)
        b->current = 0;
    return 0;
}

int seasons_delete(seasons_t *s, int id, refusal_t *no)
{
    return change(s, delete_fn, &id, no);
}

json_t *seasons_json(seasons_t *s)
{
    pthread_mutex_lock(&s->lock);
    json_t *j = book_json(&s->book, false);
    pthread_mutex_unlock(&s->lock);
    return j;
}

bool seasons_get(seasons_t *s, int id, season_t *out)
{
    pthread_mutex_lock(&s->lock);
    int at = find(&s->book, id ? id : s->book.current);
    if (at >= 0 && (id || s->book.current))
        *out = s->book.items[at];
    pthread_mutex_unlock(&s->lock);
    return at >= 0 && (id || s->book.current);
}

void seasons_board_set(seasons_t *s, season_board_t *b)
{
    pthread_mutex_lock(&s->lock);
    b->version = s->board.version;
    if (memcmp(b, &s->board, sizeof *b) != 0) {
        b->version++;
        s->board = *b;
    }
    pthread_mutex_unlock(&s->lock);
}

void seasons_board_get(seasons_t *s, season_board_t *out)
{
    if (!s) {
        memset(out, 0, sizeof *out);
        return;
    }
    pthread_mutex_lock(&s->lock);
    *out = s->board;
    pthread_mutex_unlock(&s->lock);
}

uint64_t seasons_board_version(seasons_t *s)
{
    if (!s)
        return 0;
    pthread_mutex_lock(&s->lock);
    uint64_t v = s->board.version;
    pthread_mutex_unlock(&s->lock);
    return v;
}
