/* The players' names of the archived tournaments, for the registration desk. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/league.h"
#include "model/text.h"
#include "store/archive.h"
#include "store/names.h"

typedef struct {
    char name[LEAGUE_NAME_MAX]; /* as the newest sheet writes it */
    char key[LEAGUE_NAME_MAX];  /* folded */
    int tournaments;
    int age; /* 0: from the newest tournament, 1: the one before, ... */
} entry_t;

struct names {
    pthread_mutex_t lock; /* guards all below */
    char *state_dir;
    bool built;
    struct timespec stamp; /* the archive folder's time of change when built */
    entry_t *e;
    int n;
};

names_t *names_open(const char *state_dir)
{
    names_t *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->state_dir = state_dir ? strdup(state_dir) : NULL;
    pthread_mutex_init(&n->lock, NULL);
    return n;
}

void names_free(names_t *n)
{
    if (!n)
        return;
    pthread_mutex_destroy(&n->lock);
    free(n->e);
    free(n->state_dir);
    free(n);
}

/* The rows' names of one sheet appended to *e (grown as needed). */
static void add_sheet(const char *state_dir, const char *dir, int age, entry_t **e, int *n,
                      int *cap)
{
    char *data = NULL;
    size_t len = 0;
    if (archive_read(state_dir, dir, "results.json", &data, &len) != 0)
        return;
    json_t *sheet = json_loadb(data, len, 0, NULL);
    free(data);
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(sheet, "rows"), i, row)
    {
        const char *name = json_string_value(json_object_get(row, "name"));
        if (!name || !name[0])
            continue;
        if (*n == *cap) {
            int more = *cap ? *cap * 2 : 256;
            entry_t *bigger = realloc(*e, sizeof **e * (size_t)more);
            if (!bigger)
                break;
            *e = bigger;
            *cap = more;
        }
        entry_t *x = &(*e)[(*n)++];
        snprintf(x->name, sizeof x->name, "%s", name);
        text_fold(name, x->key, sizeof x->key);
        x->tournaments = 1;
        x->age = age;
    }
    json_decref(sheet);
}

static int by_key_newest(const void *a, const void *b)
{
    const entry_t *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->age - y->age;
}

/* Reads every sheet of the archive into the index (with the lock held). */
static void build(names_t *n)
{
    entry_t *e = NULL;
    int count = 0, cap = 0;
    json_t *list = archive_list(n->state_dir);
    size_t i;
    json_t *t;
    json_array_foreach(list, i, t) /* newest first */
        add_sheet(n->state_dir, json_string_value(json_object_get(t, "dir")), (int)i, &e, &count,
                  &cap);
    json_decref(list);
    if (count > 0)
        qsort(e, (size_t)count, sizeof *e, by_key_newest);
    /* One entry a person: the newest spelling, the tournaments counted
     * (a name twice in one sheet: once). */
    int m = 0;
    for (int k = 0; k < count; k++) {
        if (m > 0 && strcmp(e[m - 1].key, e[k].key) == 0) {
            if (e[k].age != e[m - 1].age)
                e[m - 1].tournaments++;
            e[m - 1].age = e[k].age;
            continue;
        }
        e[m++] = e[k];
    }
    free(n->e);
    n->e = e;
    n->n = m;
    n->built = true;
}

static int most_played(const void *a, const void *b)
{
    const entry_t *x = *(entry_t *const *)a, *y = *(entry_t *const *)b;
    return x->tournaments != y->tournaments ? y->tournaments - x->tournaments
                                            : strcmp(x->key, y->key);
}

json_t *names_find(names_t *n, const char *prefix, int max)
{
    char want[LEAGUE_NAME_MAX];
    text_fold(prefix ? prefix : "", want, sizeof want);
    json_t *out = json_array();
    pthread_mutex_lock(&n->lock);
    /* The archive's folder changes when a tournament is put aside (or
     * taken away): only then is it read again. */
    struct stat st;
    char root[4096];
    snprintf(root, sizeof root, "%s/archive", n->state_dir ? n->state_dir : "");
    bool have = n->state_dir && stat(root, &st) == 0;
    struct timespec stamp = have ? st.st_mtim : (struct timespec){0, 0};
    if (have &&
        (!n->built || stamp.tv_sec != n->stamp.tv_sec || stamp.tv_nsec != n->stamp.tv_nsec)) {
        build(n);
        n->stamp = stamp;
    }
    const entry_t **hits = max > 0 && n->n > 0 ? malloc(sizeof *hits * (size_t)n->n) : NULL;
    int k = 0;
    for (int i = 0; hits && i < n->n; i++)
        if (text_fold_word_prefix(n->e[i].key, want))
            hits[k++] = &n->e[i];
    if (k > 0)
        qsort(hits, (size_t)k, sizeof *hits, most_played);
    for (int i = 0; out && i < k && i < max; i++)
        json_array_append_new(out, json_pack("{s:s, s:i}", "name", hits[i]->name, "tournaments",
                                             hits[i]->tournaments));
    pthread_mutex_unlock(&n->lock);
    free(hits);
    return out;
}
