/* Finished tournaments put aside in the state directory: STATE/archive/<when>-<name>/. */
#ifndef POKERCLOCK_ARCHIVE_H
#define POKERCLOCK_ARCHIVE_H

#include <stddef.h>
#include <time.h>

#include <jansson.h>

/* One file of an archived tournament. */
typedef struct {
    const char *name; /* "journal", "results.json", "results.csv" */
    const char *data;
    size_t len;
} archive_file_t;

/* Writes the files into a new folder STATE/archive/<UTC when>-<name>/, all
 * or nothing: they are written and synced in a hidden folder first, which
 * is then renamed (and the rename synced). The folder's name goes to dir
 * (its path under state_dir: "archive/20261123T201500Z-Friday-Bounty").
 * 0, or -1 with err saying why (a full disk, an unwritable folder), and
 * nothing left behind. */
int archive_put(const char *state_dir, const char *name, time_t when, const archive_file_t *files,
                int n, char *dir, size_t dirlen, char *err, size_t errlen);

/* Takes back what archive_put made (its dir as returned); 0 or -1. */
int archive_remove(const char *state_dir, const char *dir);

/* Folders left half-written by a power cut, removed; none is ever listed. */
void archive_clean(const char *state_dir);

/* The archived tournaments, newest first: [{"dir", "name", "when", "results"}]
 * ("when": ISO 8601 UTC, from the folder's name; "results": whether its
 * result sheet reads). An empty array
 * when there are none; NULL when out of memory. */
json_t *archive_list(const char *state_dir);

/* An archived tournament's result sheet: file is "results.json" or
 * "results.csv", dir a folder archive_list names (nothing else is read: no
 * other name, no path). Its bytes into *data (malloc'd) and *len; 0, or -1
 * when there is no such sheet. */
int archive_read(const char *state_dir, const char *dir, const char *file, char **data,
                 size_t *len);

#endif
