/* The wall's words, numbers and money in the venue's languages: the table is
 * generated from the .po files in po/ at build time (build/gen/lang_table.h), the same
 * catalogs the browser pages load as i18n.js. */
#ifndef POKERCLOCK_LANG_H
#define POKERCLOCK_LANG_H

#include <stddef.h>
#include <stdint.h>

#include "lang_table.h"

/* "en", "nb" (also "no", "nn"), "de", "nl", "da"; anything else is English. */
lang_id lang_from_code(const char *code);
/* The word or printf format; formats take the same arguments in every
 * language (msgfmt --check holds the catalogs to it). */
const char *lang_word(lang_id lang, word_id w);
/* "1st", "1.", "1e": a finishing place. */
void lang_ordinal(lang_id lang, int n, char *buf, size_t len);
/* In capitals, in place: ASCII and the Latin-1 letters of the venues'
 * languages (ä ö ü å æ ø é ...), so "Beginnt in Kürze" is not "BEGINNT IN KüRZE". */
void lang_upper(char *s);
/* 3,000 / 3.000 / 3 000: a whole number grouped by thousands. */
void lang_number(lang_id lang, int64_t v, char *buf, size_t len);
/* Chips as the wall shows them: 1,500  25K  2.5K (from 10K)  1.5M. */
void lang_chips(lang_id lang, int64_t v, char *buf, size_t len);
/* €2,100 / 2.100 € / 2 100 kr; the number alone without a currency (an
 * event played for points). */
void lang_money(lang_id lang, int64_t v, const char *currency, char *buf, size_t len);

#endif
