/* The wall's words and number formats, read from the generated table; the
 * same rules as po/runtime.js, which the browser pages use. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/prefix.h"
#include "screen/lang.h"

lang_id lang_from_code(const char *code)
{
    if (!code)
        return LANG_EN;
    if (!strcmp(code, "no") || !strcmp(code, "nn"))
        return LANG_NB;
    for (int l = 0; l < LANG__COUNT; l++)
        if (!strcmp(code, lang_codes[l]))
            return (lang_id)l;
    return LANG_EN;
}

const char *lang_word(lang_id lang, word_id w)
{
    if ((unsigned)lang >= LANG__COUNT)
        lang = LANG_EN;
    if ((unsigned)w >= W__COUNT || !lang_table[w][lang])
        return "";
    return lang_table[w][lang];
}

void lang_ordinal(lang_id lang, int n, char *buf, size_t len)
{
    if (lang == LANG_EN) {
        const char *suf = "th";
        if (n % 100 < 11 || n % 100 > 13)
            suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        snprintf(buf, len, "%d%s", n, suf);
    } else if (lang == LANG_NL) {
        snprintf(buf, len, "%de", n);
    } else {
        snprintf(buf, len, "%d.", n);
    }
}

void lang_upper(char *s)
{
    for (unsigned char *q = (unsigned char *)s; *q; q++) {
        if (*q >= 'a' && *q <= 'z')
            *q = (unsigned char)(*q - 32);
        else if (*q == 0xc3 && q[1] >= 0xa0 && q[1] <= 0xbe && q[1] != 0xb7)
            *++q -= 0x20; /* U+00E0..U+00FE, minus the division sign */
    }
}

void lang_number(lang_id lang, int64_t v, char *buf, size_t len)
{
    const char *sep = lang_word(lang, W_NUMBER_GROUP);
    char digits[32], out[128];
    /* The magnitude as unsigned: INT64_MIN has no positive twin. */
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    snprintf(digits, sizeof digits, "%" PRIu64, a);
    size_t k = strlen(digits), o = 0, sl = strlen(sep);
    if (v < 0)
        out[o++] = '-';
    for (size_t i = 0; i < k; i++) {
        if (i && (k - i) % 3 == 0 && o + sl < sizeof out) {
            memcpy(out + o, sep, sl);
            o += sl;
        }
        out[o++] = digits[i];
    }
    out[o] = 0;
    snprintf(buf, len, "%s", out);
}

void lang_chips(lang_id lang, int64_t v, char *buf, size_t len)
{
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    const char *sign = v < 0 ? "-" : "", *dec = lang_word(lang, W_NUMBER_DECIMAL);
    if (a >= 1000000 && a % 100000 == 0) {
        if (a % 1000000 == 0)
            snprintf(buf, len, "%s%" PRIu64 "M", sign, a / 1000000);
        else
            snprintf(buf, len, "%s%" PRIu64 "%s%" PRIu64 "M", sign, a / 1000000, dec,
                     a / 100000 % 10);
    } else if (a >= 10000 && a % 1000 == 0) {
        snprintf(buf, len, "%s%" PRIu64 "K", sign, a / 1000);
    } else if (a >= 10000 && a % 100 == 0 && a < 1000000) {
        snprintf(buf, len, "%s%" PRIu64 "%s%" PRIu64 "K", sign, a / 1000, dec, a / 100 % 10);
    } else {
        lang_number(lang, v, buf, len);
    }
}

/* The catalog's sign for a currency ("currency.EUR"), or the code itself. */
static const char *currency_sign(lang_id lang, const char *code)
{
    for (int w = 0; w < W__COUNT; w++) {
        const char *key_code = starts_with(lang_keys[w], "currency.");
        if (key_code && strcmp(key_code, code) == 0)
            return lang_word(lang, (word_id)w);
    }
    return code;
}

void lang_money(lang_id lang, int64_t v, const char *currency, char *buf, size_t len)
{
    char n[128];
    if (!len)
        return;
    lang_number(lang, v, n, sizeof n);
    if (!currency || !*currency) {
        /* An event played for points: "1,500 points", "1.500 Punkte". */
        const char *pat = lang_word(lang, v == 1 ? W_POINTS_1 : W_POINTS);
        const char *at = strchr(pat, '#');
        if (at)
            snprintf(buf, len, "%.*s%s%s", (int)(at - pat), pat, n, at + 1);
        else
            snprintf(buf, len, "%s", n);
        return;
    }
    const char *sign = currency_sign(lang, currency);
    bool word = false;
    for (const char *p = sign; *p; p++)
        word |= (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z');
    /* The pattern: ¤ the currency, # the amount; a code or a word keeps a
     * space from the number even where a sign sits close to it. */
    const char *pat = lang_word(lang, W_MONEY);
    static const char mark[] = "\xc2\xa4"; /* ¤ */
    size_t o = 0;
    buf[0] = 0;
    for (const char *p = pat; *p && o + 1 < len;) {
        bool cur = !strncmp(p, mark, 2);
        const char *next = p + (cur ? 2 : 1);
        if (cur || *p == '#') {
            bool touch = word && (cur ? *next == '#' : !strncmp(next, mark, 2));
            o += (size_t)snprintf(buf + o, len - o, "%s%s", cur ? sign : n, touch ? " " : "");
        } else {
            buf[o++] = *p;
            buf[o] = 0;
        }
        if (o >= len)
            o = len - 1;
        p = next;
    }
}
