/* CSV text as RFC 4180 wants it, for the result sheet and the league table. */
#include <stdlib.h>
#include <string.h>

#include "net/csv.h"

void csv_put(csv_t *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *p = cap <= 4 * 1024 * 1024 ? realloc(b->p, cap) : NULL;
        if (!p) {
            b->failed = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void csv_field(csv_t *b, const char *s, bool last)
{
    if (strpbrk(s, ",\"\r\n")) {
        csv_put(b, "\"", 1);
        for (const char *c = s; *c; c++) {
            csv_put(b, c, 1);
            if (*c == '"')
                csv_put(b, "\"", 1);
        }
        csv_put(b, "\"", 1);
    } else {
        csv_put(b, s, strlen(s));
    }
    csv_put(b, last ? "\r\n" : ",", last ? 2 : 1);
}
