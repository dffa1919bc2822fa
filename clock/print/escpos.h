/* ESC/POS for the common 58 mm and 80 mm thermal receipt printers: the
 * bytes of a slip, built in memory. Pure: no I/O.
 *
 * The text goes out in code page PC858 (PC850, the Western European DOS
 * page, with the euro sign), which every such printer has and which holds
 * every letter of the venues' languages (å ø æ ü ö ä é ß ...). A character
 * it lacks is written as its nearest letters (ł → l, š → s, Œ → OE), else
 * "?". Control characters never reach the printer: a name cannot carry a
 * command. */
#ifndef POKERCLOCK_ESCPOS_H
#define POKERCLOCK_ESCPOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    ESCPOS_MAX = 2048,          /* the bytes of one slip, at most */
    ESCPOS_CODE_PAGE = 19,      /* ESC t 19: PC858 */
    ESCPOS_FEED_BEFORE_CUT = 4, /* lines fed so the cut falls below the text */
};

typedef struct {
    uint8_t b[ESCPOS_MAX];
    size_t len;
    bool full; /* something did not fit and was left off */
} escpos_t;

/* ESC @ (the printer's defaults) and ESC t 19 (PC858): a slip's start. */
void escpos_begin(escpos_t *e);
/* ESC a: 0 left, 1 centred. */
void escpos_align(escpos_t *e, int how);
/* ESC E (bold) and GS ! (double width and height when big). */
void escpos_style(escpos_t *e, bool bold, bool big);
/* One line of UTF-8 text, in PC858, then LF; cut at `width` characters
 * and continued on the next line (at a space when there is one). */
void escpos_line(escpos_t *e, const char *utf8, int width);
/* n line feeds. */
void escpos_feed(escpos_t *e, int n);
/* Feeds past the tear bar and cuts the paper, leaving a point uncut
 * (GS V 1: a partial cut), so the slips hang together until torn. */
void escpos_cut(escpos_t *e);

/* The PC858 byte(s) for one Unicode code point into out (at most 2): how
 * many. A control character gives none. */
int escpos_char(uint32_t cp, uint8_t out[2]);
/* UTF-8 text as PC858 into out (at most cap bytes, no terminator): the
 * number of bytes. Malformed UTF-8 is "?". */
size_t escpos_encode(const char *utf8, uint8_t *out, size_t cap);

/* Characters per line of Font A on the paper: 58 mm → 32, 80 mm → 48. */
int escpos_columns(int paper_mm);

#endif
