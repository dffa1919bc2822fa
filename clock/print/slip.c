/* A seat slip's bytes; see slip.h. */
#include "print/slip.h"

#include <stdio.h>

#include "screen/lang.h"

void slip_escpos(const slip_t *s, const char *tournament, const char *language, int width,
                 escpos_t *out)
{
    lang_id lang = lang_from_code(language);
    char line[160];
    escpos_begin(out);
    escpos_align(out, 1);
    escpos_style(out, true, false);
    escpos_line(out, tournament, width);
    escpos_feed(out, 1);
    if (s->name[0])
        snprintf(line, sizeof line, "%s", s->name);
    else
        snprintf(line, sizeof line, lang_word(lang, W_PLAYER_N), s->id);
    escpos_line(out, line, width);
    escpos_style(out, false, false);
    if (s->kind == SLIP_REENTER)
        escpos_line(out, lang_word(lang, W_SLIP_REENTRY), width);
    if (s->kind == SLIP_MOVE && s->from_table) {
        snprintf(line, sizeof line, lang_word(lang, W_SLIP_MOVED), s->from_table, s->from_seat);
        escpos_line(out, line, width);
    }
    escpos_feed(out, 1);
    if (s->table) {
        /* Double width: half the characters fit. */
        escpos_style(out, true, true);
        snprintf(line, sizeof line, lang_word(lang, W_SLIP_TABLE), s->table);
        escpos_line(out, line, width / 2);
        snprintf(line, sizeof line, lang_word(lang, W_SLIP_SEAT), s->seat);
        escpos_line(out, line, width / 2);
        escpos_style(out, false, false);
    } else {
        escpos_line(out, lang_word(lang, W_SEAT_WAITING), width);
    }
    escpos_cut(out);
}
