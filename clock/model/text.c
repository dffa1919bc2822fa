/* What text the clock shows: well-formed UTF-8 on one line. */
#include "model/text.h"

#include <stdio.h>
#include <string.h>

/* The length of the well-formed UTF-8 character at p (1 to 4), or 0 when
 * the bytes there are not one (a stray continuation byte, an overlong
 * form, a surrogate, a character cut short). */
static int utf8_char(const unsigned char *p)
{
    unsigned c = *p;
    int more = c < 0x80             ? 0
               : (c & 0xe0) == 0xc0 ? 1
               : (c & 0xf0) == 0xe0 ? 2
               : (c & 0xf8) == 0xf0 ? 3
                                    : -1;
    if (more < 0 || (more == 1 && c < 0xc2) || (more == 3 && c > 0xf4))
        return 0;
    unsigned cp = more ? c & (0x3f >> more) : c;
    for (int i = 1; i <= more; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    if ((more == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (more == 3 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return more + 1;
}

size_t text_whole(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max)
        return n;
    while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
        max--;
    return max;
}

bool text_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    for (int n; *p; p += n)
        if (!(n = utf8_char(p)))
            return false;
    return true;
}

void text_utf8_repair(char *s)
{
    unsigned char *p = (unsigned char *)s;
    for (int n; *p; p += n)
        if (!(n = utf8_char(p))) {
            *p = '?';
            n = 1;
        }
}

bool text_one_line(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            return false;
    return text_utf8_valid(s);
}

/* The base letter of U+00C0 to U+017F (Latin-1's upper half and Latin
 * Extended-A), or 0. */
static char latin_base(unsigned cp)
{
    static const char latin1[] = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty";
    static const char extended[] =
        "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLl"
        "LlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";
    _Static_assert(sizeof latin1 == 0x40 + 1 && sizeof extended == 0x80 + 1, "one letter a code");
    if (cp >= 0xC0 && cp <= 0xFF)
        return latin1[cp - 0xC0];
    if (cp >= 0x100 && cp <= 0x17F)
        return extended[cp - 0x100];
    return 0;
}

void text_fold(const char *s, char *out, size_t len)
{
    size_t o = 0;
    bool space = false;
    const unsigned char *p = (const unsigned char *)s;
    while (*p && o + 1 < len) {
        char c = 0;
        if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80) {
            c = latin_base((p[0] & 0x1Fu) << 6 | (p[1] & 0x3Fu));
            if (c) /* other two-byte letters stay as their bytes */
                p += 2;
        }
        if (!c)
            c = (char)*p++;
        if (c == ' ') {
            space = o > 0;
            continue;
        }
        if (space && o + 2 >= len)
            break;
        if (space)
            out[o++] = ' ';
        space = false;
        out[o++] = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
    }
    out[o] = 0;
}

bool text_fold_word_prefix(const char *folded, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *w = folded; w; w = strchr(w, ' ')) {
        w += *w == ' ';
        if (strncmp(w, prefix, n) == 0)
            return true;
    }
    return false;
}

int text_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool text_hex_bytes(const char *hex, unsigned char *out, size_t n)
{
    if (strlen(hex) != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        int hi = text_hex_digit((unsigned char)hex[2 * i]);
        int lo = text_hex_digit((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return true;
}

void text_hex_write(const unsigned char *bytes, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = 0;
}

void text_short_name(const char *name, char *out, size_t len)
{
    if (!len)
        return;
    while (*name == ' ')
        name++;
    size_t first = strcspn(name, " ");
    const char *last = NULL;
    for (const char *c = name + first; *c; c++)
        if (c[0] == ' ' && c[1] && c[1] != ' ')
            last = c + 1;
    if (!last) {
        snprintf(out, len, "%.*s", (int)first, name);
        return;
    }
    /* the initial: one whole UTF-8 character */
    size_t n = 1;
    while (last[n] && ((unsigned char)last[n] & 0xC0) == 0x80)
        n++;
    snprintf(out, len, "%.*s %.*s.", (int)first, name, (int)n, last);
}
