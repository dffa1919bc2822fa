/* A playing card as the state writes it, both ways. */
#include <stdio.h>
#include <string.h>

#include "base/prefix.h"
#include "json/card.h"

static const char ranks[] = "23456789TJQKA";
static const char *const suits[] = {"♣", "♦", "♥", "♠"};

void card_text(int card, char out[CARD_TEXT])
{
    out[0] = 0;
    if (card < 0 || card >= 52)
        return;
    int rank = card / 4;
    if (rank == 8)
        snprintf(out, CARD_TEXT, "10%s", suits[card % 4]);
    else
        snprintf(out, CARD_TEXT, "%c%s", ranks[rank], suits[card % 4]);
}

int card_parse(const char *s)
{
    int rank = -1;
    const char *after_ten = starts_with(s, "10");
    if (after_ten)
        rank = 8, s = after_ten;
    else if (*s && *s != 'T' && strchr(ranks, *s))
        rank = (int)(strchr(ranks, *s) - ranks), s++;
    for (int k = 0; rank >= 0 && k < 4; k++)
        if (strcmp(s, suits[k]) == 0)
            return rank * 4 + k;
    return -1;
}
