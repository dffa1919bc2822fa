/* The screen's texts in words. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "screen/say.h"

void say_clock(int64_t ms, bool up, char *buf, size_t len)
{
    int64_t s = up ? ms / 1000 : (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, len, "%" PRId64 ":%02d:%02d", s / 3600, (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, len, "%d:%02d", (int)(s / 60), (int)(s % 60));
}

int64_t say_countdown_turns(int64_t ms)
{
    if (ms <= 0)
        return INT64_MAX;
    return ms % 1000 ? ms % 1000 : 1000;
}

/* Appends s to buf (of len, holding *n bytes), cutting where it is full. */
static void put(char *buf, size_t len, size_t *n, const char *s)
{
    int w = snprintf(buf + *n, len - *n, "%s", s);
    *n += w < 0 ? 0 : (size_t)w < len - *n ? (size_t)w : len - *n - 1;
}

/* A word with its %d and %s filled in order (%s: chips) and %% as %. */
static void word_fill(const show_part_t *p, lang_id l, char *buf, size_t len, size_t *n)
{
    const char *f = lang_word(l, (word_id)p->word);
    int arg = 0;
    char one[64];
    for (; *f && *n + 1 < len; f++) {
        if (f[0] == '%' && (f[1] == 'd' || f[1] == 's') && arg < p->n_args) {
            if (p->chips_args >> arg & 1)
                lang_chips(l, p->args[arg], one, sizeof one);
            else
                snprintf(one, sizeof one, "%" PRId64, p->args[arg]);
            arg++;
            put(buf, len, n, one);
            f++;
        } else if (f[0] == '%' && f[1] == '%') {
            put(buf, len, n, "%");
            f++;
        } else {
            buf[(*n)++] = *f;
            buf[*n] = 0;
        }
    }
}

int64_t say(const show_t *sh, show_text_t t, const say_lang_t *l, char *buf, size_t len)
{
    int64_t wake = INT64_MAX;
    size_t n = 0;
    if (!len)
        return wake;
    buf[0] = 0;
    for (int i = t.first; i < t.first + t.n && i < sh->n_parts; i++) {
        const show_part_t *p = &sh->parts[i];
        char one[320];
        one[0] = 0;
        switch (p->kind) {
        case PART_TEXT: snprintf(one, sizeof one, "%.*s", (int)p->len, sh->pool + p->v); break;
        case PART_NUMBER: snprintf(one, sizeof one, "%" PRId64, p->v); break;
        case PART_WORD: word_fill(p, l->lang, buf, len, &n); break;
        case PART_LABEL: {
            const char *a = lang_word(l->lang, (word_id)p->word);
            const char *b = lang_word(l->lang2, (word_id)p->word);
            if (l->two && strcmp(a, b) != 0)
                snprintf(one, sizeof one, "%s / %s", a, b);
            else
                snprintf(one, sizeof one, "%s", a);
            break;
        }
        case PART_CHIPS: lang_chips(l->lang, p->v, one, sizeof one); break;
        case PART_MONEY: lang_money(l->lang, p->v, l->currency, one, sizeof one); break;
        case PART_TIME:
        case PART_LEVEL_TIME: {
            say_clock(p->v, false, one, sizeof one);
            int64_t w = p->kind == PART_TIME || sh->running ? say_countdown_turns(p->v) : INT64_MAX;
            if (w < wake)
                wake = w;
            break;
        }
        default: break;
        }
        put(buf, len, &n, one);
    }
    return wake;
}
