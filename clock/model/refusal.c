/* Refusals as data: the table of codes, and their sentences from the
 * catalogs. */
#include "model/refusal.h"

#include <stdio.h>
#include <string.h>

#include "lang_table.h"

#define DEF_NAME(p) DEF_NAME_##p
#define DEF_NAME_N(name) #name
#define DEF_NAME_S(name) #name
#define DEF_TEXT(p) DEF_TEXT_##p
#define DEF_TEXT_N(name) false
#define DEF_TEXT_S(name) true
#define DEF0(id, st) [REFUSAL_##id] = {#id, APPLY_##st, 0, {NULL}, {false}},
#define DEF1(id, st, a) [REFUSAL_##id] = {#id, APPLY_##st, 1, {DEF_NAME(a)}, {DEF_TEXT(a)}},
#define DEF2(id, st, a, b)                                                                         \
    [REFUSAL_##id] = {#id, APPLY_##st, 2, {DEF_NAME(a), DEF_NAME(b)}, {DEF_TEXT(a), DEF_TEXT(b)}},
#define DEF3(id, st, a, b, c)                                                                      \
    [REFUSAL_##id] = {#id,                                                                         \
                      APPLY_##st,                                                                  \
                      3,                                                                           \
                      {DEF_NAME(a), DEF_NAME(b), DEF_NAME(c)},                                     \
                      {DEF_TEXT(a), DEF_TEXT(b), DEF_TEXT(c)}},

#define DEF4(id, st, a, b, c, d)                                                                   \
    [REFUSAL_##id] = {#id,                                                                         \
                      APPLY_##st,                                                                  \
                      4,                                                                           \
                      {DEF_NAME(a), DEF_NAME(b), DEF_NAME(c), DEF_NAME(d)},                        \
                      {DEF_TEXT(a), DEF_TEXT(b), DEF_TEXT(c), DEF_TEXT(d)}},

const refusal_def refusal_defs[REFUSAL__COUNT] =
    {[REFUSAL_NONE] = {"", APPLY_OK, 0, {NULL}, {false}}, REFUSALS(DEF0, DEF1, DEF2, DEF3, DEF4)};

const char *refusal_key(refusal_code code, char *buf, size_t len)
{
    if (code <= REFUSAL_NONE || code >= REFUSAL__COUNT)
        return NULL;
    snprintf(buf, len, "refusal.%s", refusal_defs[code].code);
    return buf;
}

const char *catalog_text(const char *key, int lang)
{
    if (lang < 0 || lang >= LANG__COUNT)
        return NULL;
    for (int w = 0; w < W__COUNT; w++)
        if (!strcmp(lang_keys[w], key))
            return lang_table[w][lang];
    return NULL;
}

/* Appends s to out[*o..len). */
static void put(char *out, size_t len, size_t *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n && *o + 1 < len; i++)
        out[(*o)++] = s[i];
    out[*o] = 0;
}

void words_fill(const char *form, words_value_fn value, const void *ctx, char *out, size_t len)
{
    if (!len)
        return;
    out[0] = 0;
    if (!form)
        return;
    size_t o = 0;
    const char *f = form;
    while (*f) {
        const char *open = strchr(f, '{');
        const char *close = open ? strchr(open, '}') : NULL;
        if (!close) {
            put(out, len, &o, f, strlen(f));
            break;
        }
        put(out, len, &o, f, (size_t)(open - f));
        char v[REFUSAL_TEXT_MAX];
        if (value(ctx, open + 1, (size_t)(close - open - 1), v, sizeof v))
            put(out, len, &o, v, strlen(v));
        else
            put(out, len, &o, open, (size_t)(close + 1 - open)); /* not a value: as written */
        f = close + 1;
    }
}

/* The value of a refusal called name (n bytes) into buf. */
static bool refusal_value_of(const void *ctx, const char *name, size_t n, char *buf, size_t len)
{
    const refusal_t *r = ctx;
    for (int i = 0; i < r->n; i++) {
        if (strlen(r->v[i].name) != n || strncmp(r->v[i].name, name, n))
            continue;
        if (r->v[i].is_text)
            snprintf(buf, len, "%s", r->v[i].text);
        else
            snprintf(buf, len, "%lld", r->v[i].num);
        return true;
    }
    return false;
}

void refusal_say(const refusal_t *r, int lang, char *out, size_t len)
{
    char key[64];
    const char *f = r && refusal_key(r->code, key, sizeof key) ? catalog_text(key, lang) : NULL;
    if (!f) {
        if (len)
            out[0] = 0;
        return;
    }
    words_fill(f, refusal_value_of, r, out, len);
}

apply_status refusal_make(refusal_t *r, refusal_code code, const refusal_arg *args)
{
    const refusal_def *d = &refusal_defs[code];
    if (!r)
        return d->status;
    r->code = code;
    r->status = d->status;
    r->n = d->n;
    for (int i = 0; i < d->n; i++) {
        r->v[i].name = d->names[i];
        r->v[i].is_text = d->is_text[i];
        r->v[i].num = d->is_text[i] ? 0 : args[i].num;
        snprintf(r->v[i].text, sizeof r->v[i].text, "%s",
                 d->is_text[i] && args[i].text ? args[i].text : "");
    }
    refusal_say(r, LANG_EN, r->text, sizeof r->text);
    return d->status;
}

void refusal_clear(refusal_t *r)
{
    if (r)
        memset(r, 0, sizeof *r);
}
