/* What text the clock shows: well-formed UTF-8 on one line. Names and
 * announcements from a file, the panel or a follower pass through here. */
#ifndef POKERCLOCK_MODEL_TEXT_H
#define POKERCLOCK_MODEL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The length of s cut to at most max bytes at a whole UTF-8 character. */
size_t text_whole(const char *s, size_t max);

/* Whether s is well-formed UTF-8 (no overlong forms, no surrogates). */
bool text_utf8_valid(const char *s);

/* s made well-formed UTF-8 in place: each byte that does not belong to a
 * whole character becomes '?' (a character cut in two by a length limit,
 * bytes that are not UTF-8 at all). */
void text_utf8_repair(char *s);

/* Whether s is well-formed UTF-8 without line breaks, tabs or other
 * control characters: text that fits on one line of the wall. */
bool text_one_line(const char *s);

/* A name as a house that shows first names only writes it: the first
 * word and the last word's initial ("Anna Maria Berg" -> "Anna B.",
 * "Bjørn Ødegård" -> "Bjørn Ø."); one word stays as it is. */
void text_short_name(const char *name, char *out, size_t len);

/* A name folded so that the same person matches however it was typed:
 * lower case ASCII, the accented Latin letters as their base letter
 * ("Åse  Lie" -> "ase lie", "Łukasz" -> "lukasz"), runs of spaces as one
 * and none at either end; other characters by their bytes. At most
 * len - 1 bytes (never more than s has). */
void text_fold(const char *s, char *out, size_t len);

/* Whether a folded name has a word that begins with the folded prefix
 * ("ase lie" has "li"); an empty prefix begins every name. */
bool text_fold_word_prefix(const char *folded, const char *prefix);

/* The value of a hexadecimal digit (either case), or -1. */
int text_hex_digit(int c);

/* n bytes from exactly 2n hexadecimal digits (the whole of hex): true, or
 * false for anything else. */
bool text_hex_bytes(const char *hex, unsigned char *out, size_t n);
/* n bytes as 2n lowercase hexadecimal digits and a NUL into out. */
void text_hex_write(const unsigned char *bytes, size_t n, char *out);

#endif
