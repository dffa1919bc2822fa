/* Whole files read into memory, with a hard cap on their size. */
#ifndef POKERCLOCK_FILE_H
#define POKERCLOCK_FILE_H

#include <stddef.h>

/* The file at path in a malloc'd buffer with a NUL after the last byte
 * (*len bytes, len may be NULL). NULL with err when it cannot be opened or
 * read ("cannot open: No such file or directory") or holds more than max
 * bytes ("the file is larger than N bytes: is it the right file?"). */
char *file_read(const char *path, size_t max, size_t *len, char *err, size_t errlen);

#endif
