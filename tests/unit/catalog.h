/* The tests' view of the catalogs (build/gen/lang_table.h, made from po/):
 * a key's text in a language, and the {name} places in a text. For the
 * tests that walk codes (refusals, last actions). */
#ifndef POKERCLOCK_TEST_CATALOG_H
#define POKERCLOCK_TEST_CATALOG_H

#include <stdio.h>
#include <string.h>

#include "lang_table.h"

/* The catalog's text of key in language l, or NULL. */
static inline const char *catalog(const char *key, int l)
{
    for (int w = 0; w < W__COUNT; w++)
        if (!strcmp(lang_keys[w], key))
            return lang_table[w][l];
    return NULL;
}

/* How often "{name}" is in text. */
static inline int uses(const char *text, const char *name)
{
    char want[64];
    snprintf(want, sizeof want, "{%s}", name);
    int n = 0;
    for (const char *p = strstr(text, want); p; p = strstr(p + 1, want))
        n++;
    return n;
}

/* How many places for a value ("{") text has. */
static inline int braces(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '{';
    return n;
}

#endif
