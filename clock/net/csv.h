/* CSV text as RFC 4180 wants it, for the result sheet and the league table. */
#ifndef POKERCLOCK_NET_CSV_H
#define POKERCLOCK_NET_CSV_H

#include <stdbool.h>
#include <stddef.h>

/* A growing text with a hard cap (4 MiB): the sheet of the largest field
 * fits. */
typedef struct {
    char *p;
    size_t len, cap;
    bool failed; /* out of memory or over the cap: the text is dropped */
} csv_t;

/* n bytes of s, as they are. */
void csv_put(csv_t *b, const char *s, size_t n);
/* A field, quoted when it holds a comma, a quote or a line break (its
 * quotes doubled: names come from the panel and may hold any of them),
 * then a comma, or the line's end when last. */
void csv_field(csv_t *b, const char *s, bool last);

#endif
