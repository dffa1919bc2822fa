/* The wall's words in the venue's languages (en, no, de, nl, da). */
#ifndef POKERCLOCK_LANG_H
#define POKERCLOCK_LANG_H

#include <stddef.h>

typedef enum {
    LANG_EN, LANG_NO, LANG_DE, LANG_NL, LANG_DA, LANG__COUNT
} lang_id;

typedef enum {
    W_LEVEL, W_BREAK, W_PAUSED, W_NOT_STARTED, W_LAST_MINUTE, W_OVERTIME,
    W_BLINDS, W_ANTE, W_BB_ANTE, W_NEXT_LEVEL, W_NEXT_BREAK, W_NO_MORE_BREAKS,
    W_PLAYERS, W_AVERAGE, W_CHIPS_IN_PLAY, W_PRIZE_POOL, W_PAYOUTS,
    W_FROM_NEXT_HAND, W_LATE_REG, W_REBUYS, W_ADDON, W_ADDON_NOW,
    W_RECOVERED, W_RECOVERED_LINE, W_STORAGE_ERROR,
    W_COLOR_UP_NEXT_BREAK, W_COLOR_UP_END_OF_LEVEL, W_COLOR_UP, W_COLOR_UP_REMOVE,
    W_RACE, W_RACE_1, W_RACE_2, W_RACE_3, W_RACE_4,
    W_HFH, W_HAND_N, W_STILL_PLAYING, W_DEAL, W_PHONES, W_ALL_IN_WAITING,
    W_BUBBLE, W_BUBBLE_LINE, W_ITM, W_ITM_LINE,
    W_DRAWING, W_HANDS_LEFT, W_LAST_HAND, W_DAY_OVER, W_BAG_TAG,
    W_CLOCK_ON, W_TIME_UP, W_TABLE_SEAT, W_PENALTIES, W_ROUND, W_ROUNDS,
    W_PANEL, W_PIN, W_BREAK_IN, W_THEN, W_LAST_LEVEL_TODAY, W_ANNOUNCEMENT,
    W__COUNT
} word_id;

/* "en", "no" (also "nb", "nn"), "de", "nl", "da"; anything else is English. */
lang_id lang_from_code(const char *code);
/* The word or printf format; formats take the same arguments in every language. */
const char *lang_word(lang_id lang, word_id w);
/* "1st", "1.", "1e": a finishing place. */
void lang_ordinal(lang_id lang, int n, char *buf, size_t len);

#endif
