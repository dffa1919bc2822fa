/* A seat slip (model/slips.h) as ESC/POS, in the venue's language. */
#ifndef POKERCLOCK_PRINT_SLIP_H
#define POKERCLOCK_PRINT_SLIP_H

#include "model/slips.h"
#include "print/escpos.h"

/* The slip of s for the tournament named `tournament`, in language
 * ("en", "no", ...), `width` characters a line, ending with a cut:
 *     Sunday Deepstack          (bold, centred)
 *     Anna Berg                 (bold)
 *     Re-entry / Moved from table 3, seat 2
 *     TABLE 4                   (double size, bold)
 *     SEAT 7
 * A player waiting for a seat has "waiting for a seat" instead. */
void slip_escpos(const slip_t *s, const char *tournament, const char *language, int width,
                 escpos_t *out);

#endif
