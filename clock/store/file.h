/* Whole files read into memory, with a hard cap on their size, and written whole. */
#ifndef POKERCLOCK_FILE_H
#define POKERCLOCK_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* The file at path in a malloc'd buffer with a NUL after the last byte
 * (*len bytes, len may be NULL). NULL with err when it cannot be opened or
 * read ("cannot open: No such file or directory") or holds more than max
 * bytes ("the file is larger than N bytes: is it the right file?"). */
char *file_read(const char *path, size_t max, size_t *len, char *err, size_t errlen);

/* dir/name replaced whole by data: a temporary file beside it, fsync,
 * rename, the folder synced. 0, or an errno value (nothing changed). */
int file_write_atomic(const char *dir, const char *name, const void *data, size_t len, int mode);
/* The first line of dir/name without its line break, or false. */
bool file_first_line(const char *dir, const char *name, char *line, size_t len);

#endif
