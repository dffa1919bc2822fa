/* Text that starts with a known word, without counting its letters by
 * hand: starts_with(url, "/api/archive/") instead of
 * strncmp(url, "/api/archive/", 13) and url + 13. */
#ifndef POKERCLOCK_PREFIX_H
#define POKERCLOCK_PREFIX_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

/* The rest of s after prefix, or NULL when s does not start with it. */
static inline const char *starts_with(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(s, prefix, n) == 0 ? s + n : NULL;
}

/* The same, ASCII letters matching in either case. */
static inline const char *starts_with_case(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncasecmp(s, prefix, n) == 0 ? s + n : NULL;
}

/* Whether the n bytes at p (not ended by a NUL) are word. */
static inline bool bytes_are(const char *p, size_t n, const char *word)
{
    return n == strlen(word) && memcmp(p, word, n) == 0;
}

#endif
