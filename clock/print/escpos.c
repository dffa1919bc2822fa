/* ESC/POS bytes of a slip; see escpos.h. */
#include "print/escpos.h"

#include <string.h>

/* U+00A0..U+00FF in PC850 (PC858 differs only at 0xD5: the euro sign for
 * the dotless i, which is not among these). */
static const uint8_t latin1[96] = {
    0xFF, 0xAD, 0xBD, 0x9C, 0xCF, 0xBE, 0xDD, 0xF5, 0xF9, 0xB8, 0xA6, 0xAE, 0xAA, 0xF0, 0xA9, 0xEE,
    0xF8, 0xF1, 0xFD, 0xFC, 0xEF, 0xE6, 0xF4, 0xFA, 0xF7, 0xFB, 0xA7, 0xAF, 0xAC, 0xAB, 0xF3, 0xA8,
    0xB7, 0xB5, 0xB6, 0xC7, 0x8E, 0x8F, 0x92, 0x80, 0xD4, 0x90, 0xD2, 0xD3, 0xDE, 0xD6, 0xD7, 0xD8,
    0xD1, 0xA5, 0xE3, 0xE0, 0xE2, 0xE5, 0x99, 0x9E, 0x9D, 0xEB, 0xE9, 0xEA, 0x9A, 0xED, 0xE8, 0xE1,
    0x85, 0xA0, 0x83, 0xC6, 0x84, 0x86, 0x91, 0x87, 0x8A, 0x82, 0x88, 0x89, 0x8D, 0xA1, 0x8C, 0x8B,
    0xD0, 0xA4, 0x95, 0xA2, 0x93, 0xE4, 0x94, 0xF6, 0x9B, 0x97, 0xA3, 0x96, 0x81, 0xEC, 0xE7, 0x98,
};

/* U+0100..U+017F (Latin Extended-A: Polish, Czech, Turkish ... names) as
 * the letter without its mark; Ĳ ĳ Œ œ take a second letter (below). */
static const char latin_ext[] = "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlLl"
                                "LlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

/* Punctuation a phone's keyboard writes, as the printer's nearest. */
static int punctuation(uint32_t cp)
{
    switch (cp) {
    case 0x2018:
    case 0x2019:
    case 0x201A:
    case 0x2032: return '\'';
    case 0x201C:
    case 0x201D:
    case 0x201E:
    case 0x2033: return '"';
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2212: return '-';
    case 0x2026: return '.';
    case 0x20AC: return 0xD5; /* € */
    default: return 0;
    }
}

int escpos_char(uint32_t cp, uint8_t out[2])
{
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        return 0;
    if (cp < 0x7F) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x100) {
        out[0] = latin1[cp - 0xA0];
        return 1;
    }
    if (cp < 0x180) {
        out[0] = (uint8_t)latin_ext[cp - 0x100];
        if (cp == 0x132 || cp == 0x133 || cp == 0x152 || cp == 0x153) {
            bool upper = cp == 0x132 || cp == 0x152;
            out[1] = (uint8_t)(cp < 0x140 ? (upper ? 'J' : 'j') : (upper ? 'E' : 'e'));
            return 2;
        }
        return 1;
    }
    int p = punctuation(cp);
    out[0] = (uint8_t)(p ? p : '?');
    return 1;
}

/* The next code point of s at *i, moving *i past it; 0xFFFD for a
 * malformed sequence (one byte skipped). */
static uint32_t next_cp(const unsigned char *s, size_t *i)
{
    unsigned c = s[*i];
    int n = c < 0x80             ? 0
            : (c & 0xE0) == 0xC0 ? 1
            : (c & 0xF0) == 0xE0 ? 2
            : (c & 0xF8) == 0xF0 ? 3
                                 : -1;
    if (n < 0) {
        (*i)++;
        return 0xFFFD;
    }
    uint32_t cp = n == 0 ? c : c & (0x3Fu >> n);
    for (int k = 1; k <= n; k++) {
        if ((s[*i + k] & 0xC0) != 0x80) {
            (*i)++;
            return 0xFFFD;
        }
        cp = cp << 6 | (s[*i + k] & 0x3F);
    }
    *i += (size_t)n + 1;
    /* An overlong form (C0 9B for ESC) is malformed, not the character. */
    static const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    return cp < least[n] ? 0xFFFD : cp;
}

size_t escpos_encode(const char *utf8, uint8_t *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)utf8;
    size_t i = 0, len = 0;
    while (s[i]) {
        uint8_t b[2];
        int n = escpos_char(next_cp(s, &i), b);
        if (len + (size_t)n > cap)
            break;
        memcpy(out + len, b, (size_t)n);
        len += (size_t)n;
    }
    return len;
}

static void put(escpos_t *e, const uint8_t *b, size_t n)
{
    if (e->full || e->len + n > sizeof e->b) {
        e->full = true;
        return;
    }
    memcpy(e->b + e->len, b, n);
    e->len += n;
}

void escpos_begin(escpos_t *e)
{
    static const uint8_t start[] = {0x1B, '@', 0x1B, 't', ESCPOS_CODE_PAGE};
    e->len = 0;
    e->full = false;
    put(e, start, sizeof start);
}

void escpos_align(escpos_t *e, int how)
{
    uint8_t b[] = {0x1B, 'a', (uint8_t)(how ? 1 : 0)};
    put(e, b, sizeof b);
}

void escpos_style(escpos_t *e, bool bold, bool big)
{
    uint8_t b[] = {0x1B, 'E', (uint8_t)(bold ? 1 : 0), 0x1D, '!', (uint8_t)(big ? 0x11 : 0)};
    put(e, b, sizeof b);
}

void escpos_line(escpos_t *e, const char *utf8, int width)
{
    uint8_t text[ESCPOS_MAX];
    size_t n = escpos_encode(utf8, text, sizeof text), at = 0;
    size_t w = width > 0 ? (size_t)width : 1;
    static const uint8_t lf = '\n';
    do {
        size_t take = n - at <= w ? n - at : w;
        /* Break at the last space of a line too long, when there is one. */
        if (n - at > w)
            for (size_t k = take; k > 0; k--)
                if (text[at + k] == ' ') {
                    take = k;
                    break;
                }
        put(e, text + at, take);
        put(e, &lf, 1);
        at += take;
        while (at < n && text[at] == ' ')
            at++;
    } while (at < n);
}

void escpos_feed(escpos_t *e, int n)
{
    uint8_t b[] = {0x1B, 'd', (uint8_t)(n < 0 ? 0 : n > 255 ? 255 : n)};
    put(e, b, sizeof b);
}

void escpos_cut(escpos_t *e)
{
    static const uint8_t cut[] = {0x1D, 'V', 1};
    escpos_feed(e, ESCPOS_FEED_BEFORE_CUT);
    put(e, cut, sizeof cut);
}

int escpos_columns(int paper_mm)
{
    return paper_mm <= 58 ? 32 : 48;
}
