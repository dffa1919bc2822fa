/* A playing card as the state writes it: "A♠", "10♦" (model/seating.h's
 * number: rank * 4 + suit, 2 low, suits ♣ ♦ ♥ ♠). */
#ifndef POKERCLOCK_CARD_H
#define POKERCLOCK_CARD_H

enum { CARD_TEXT = 8 }; /* "10" and a suit of 3 bytes, and the NUL */

/* card's text into out; "" for a number that is no card (below 0, 52 up). */
void card_text(int card, char out[CARD_TEXT]);
/* The card text s writes, or -1. */
int card_parse(const char *s);

#endif
