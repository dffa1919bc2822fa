/* The players' names of the archived tournaments, for the registration
 * desk: the same person keeps the same name all season. Built from the
 * archive's result sheets once, and again only when the archive changes
 * (a tournament put aside); safe from any thread. */
#ifndef POKERCLOCK_NAMES_H
#define POKERCLOCK_NAMES_H

#include <jansson.h>

typedef struct names names_t;

/* The index of state_dir's archive (read at the first question). NULL
 * when out of memory. */
names_t *names_open(const char *state_dir);
void names_free(names_t *n);

/* At most max names with a word that begins with prefix, case and
 * accents aside ("as" finds "Åse Lie" and "Tor Åsen"), those who played
 * most first: [{"name", "tournaments"}], each person once, as his newest
 * sheet writes him. NULL when out of memory. */
json_t *names_find(names_t *n, const char *prefix, int max);

#endif
