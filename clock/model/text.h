/* What text the clock shows: well-formed UTF-8 on one line. Names and
 * announcements from a file, the panel or a follower pass through here. */
#ifndef POKERCLOCK_TEXT_H
#define POKERCLOCK_TEXT_H

#include <stdbool.h>

/* Whether s is well-formed UTF-8 (no overlong forms, no surrogates). */
bool text_utf8_valid(const char *s);

/* Whether s is well-formed UTF-8 without line breaks, tabs or other
 * control characters: text that fits on one line of the wall. */
bool text_one_line(const char *s);

/* The value of a hexadecimal digit (either case), or -1. */
int text_hex_digit(int c);

#endif
