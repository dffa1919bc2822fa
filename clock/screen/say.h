/* The screen's texts (model/show.h) in words: the venue's language, the
 * second one beside the labels, numbers and money as the wall writes them.
 * The pages do the same with the same catalogs (web/display.js, say). */
#ifndef POKERCLOCK_SAY_H
#define POKERCLOCK_SAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/show.h"
#include "screen/lang.h"

typedef struct {
    lang_id lang, lang2;
    bool two;             /* labels show both languages */
    const char *currency; /* "" for points */
} say_lang_t;

/* Text t of sh in words, into buf. Returns the ms until they change by
 * themselves (a time shown in whole seconds turning), or INT64_MAX. */
int64_t say(const show_t *sh, show_text_t t, const say_lang_t *l, char *buf, size_t len);

/* m:ss, or h:mm:ss from an hour; up: counting up (overtime) in whole
 * seconds, else rounded up (a level shows its full length when it starts
 * and 0:00 only when it is over). */
void say_clock(int64_t ms, bool up, char *buf, size_t len);

/* The wake-up for a countdown shown in whole seconds (rounded up): ms until
 * the second shown changes, or INT64_MAX when it is over. */
int64_t say_countdown_turns(int64_t ms);

#endif
