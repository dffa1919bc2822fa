/* The last actions as data: the table of codes, and their lines from the
 * catalogs (action.h). */
#include "model/action.h"

#include <stdio.h>
#include <string.h>

#include "lang_table.h"
#include "model/text.h"
#include "model/tourney.h"

#define DEF_NAME(p) DEF_NAME_##p
#define DEF_NAME_N(name) #name
#define DEF_NAME_C(name) #name
#define DEF_NAME_T(name) #name
#define DEF_NAME_S(name) #name
#define DEF_KIND(p) DEF_KIND_##p
#define DEF_KIND_N(name) 'N'
#define DEF_KIND_C(name) 'C'
#define DEF_KIND_T(name) 'T'
#define DEF_KIND_S(name) 'S'
#define DEF0(id) [ACTION_##id] = {#id, 0, {NULL}, {0}},
#define DEF1(id, a) [ACTION_##id] = {#id, 1, {DEF_NAME(a)}, {DEF_KIND(a)}},
#define DEF2(id, a, b)                                                                             \
    [ACTION_##id] = {#id, 2, {DEF_NAME(a), DEF_NAME(b)}, {DEF_KIND(a), DEF_KIND(b)}},
#define DEF3(id, a, b, c)                                                                          \
    [ACTION_##id] = {#id,                                                                          \
                     3,                                                                            \
                     {DEF_NAME(a), DEF_NAME(b), DEF_NAME(c)},                                      \
                     {DEF_KIND(a), DEF_KIND(b), DEF_KIND(c)}},
#define DEF4(id, a, b, c, d)                                                                       \
    [ACTION_##id] = {#id,                                                                          \
                     4,                                                                            \
                     {DEF_NAME(a), DEF_NAME(b), DEF_NAME(c), DEF_NAME(d)},                         \
                     {DEF_KIND(a), DEF_KIND(b), DEF_KIND(c), DEF_KIND(d)}},
#define DEF5(id, a, b, c, d, e)                                                                    \
    [ACTION_##id] = {#id,                                                                          \
                     5,                                                                            \
                     {DEF_NAME(a), DEF_NAME(b), DEF_NAME(c), DEF_NAME(d), DEF_NAME(e)},            \
                     {DEF_KIND(a), DEF_KIND(b), DEF_KIND(c), DEF_KIND(d), DEF_KIND(e)}},

const action_def action_defs[ACTION__COUNT] = {[ACTION_NONE] = {"", 0, {NULL}, {0}},
                                               ACTIONS(DEF0, DEF1, DEF2, DEF3, DEF4, DEF5)};

void action_make(action_t *a, action_code code, const refusal_arg *args)
{
    /* Whole: a snapshot keeps the action, not what an older one left. */
    memset(a, 0, sizeof *a);
    const action_def *d = &action_defs[code];
    snprintf(a->code, sizeof a->code, "%s", d->code);
    int texts = 0;
    for (int i = 0; i < d->n; i++) {
        if (d->kinds[i] != 'S') {
            a->num[i] = args[i].num;
        } else if (texts < ACTION_MAX_TEXTS) {
            const char *s = args[i].text ? args[i].text : "";
            memcpy(a->text[texts++], s, text_whole(s, ACTION_TEXT_CUT));
        }
    }
}

action_code action_of(const action_t *a)
{
    for (int c = ACTION_NONE + 1; a->code[0] && c < ACTION__COUNT; c++)
        if (!strcmp(action_defs[c].code, a->code))
            return (action_code)c;
    return ACTION_NONE;
}

const char *action_key(action_code code, char *buf, size_t len)
{
    if (code <= ACTION_NONE || code >= ACTION__COUNT)
        return NULL;
    snprintf(buf, len, "action.%s", action_defs[code].code);
    return buf;
}

const char *action_value(const action_t *a, int i, int64_t *num)
{
    const action_def *d = &action_defs[action_of(a)];
    *num = 0;
    if (i < 0 || i >= d->n)
        return NULL;
    if (d->kinds[i] != 'S') {
        *num = a->num[i];
        return NULL;
    }
    int texts = 0;
    for (int k = 0; k < i; k++)
        texts += d->kinds[k] == 'S';
    return texts < ACTION_MAX_TEXTS ? a->text[texts] : "";
}

void action_value_words(const action_t *a, int i, char *out, size_t len)
{
    const action_def *d = &action_defs[action_of(a)];
    int64_t v;
    const char *text = action_value(a, i, &v);
    if (i < 0 || i >= d->n)
        snprintf(out, len, "%s", "");
    else if (text)
        snprintf(out, len, "%s", text);
    else if (d->kinds[i] == 'C')
        format_chips(v, out, len);
    else if (d->kinds[i] == 'T')
        snprintf(out, len, "%lld:%02lld", (long long)(v / 60000), (long long)(v / 1000 % 60));
    else
        snprintf(out, len, "%lld", (long long)v);
}

/* A value of an action called name (n bytes) in words. */
static bool value_of(const void *ctx, const char *name, size_t n, char *buf, size_t len)
{
    const action_t *a = ctx;
    const action_def *d = &action_defs[action_of(a)];
    for (int i = 0; i < d->n; i++)
        if (strlen(d->names[i]) == n && !strncmp(d->names[i], name, n)) {
            action_value_words(a, i, buf, len);
            return true;
        }
    return false;
}

void action_say(const action_t *a, int lang, char *out, size_t len)
{
    char key[64];
    const char *f = action_key(action_of(a), key, sizeof key) ? catalog_text(key, lang) : NULL;
    words_fill(f, value_of, a, out, len);
}
