/* Files built into the binary: web pages, the built-in tournament, the font. */
#ifndef POKERCLOCK_EMBEDDED_H
#define POKERCLOCK_EMBEDDED_H

#include <stddef.h>

typedef struct {
    const char *path;          /* as in the source tree: "web/index.html" */
    const unsigned char *data; /* NUL-terminated after size bytes */
    size_t size;
    const char *mime;
} embedded_file_t;

/* NULL when no such file was built in. */
const embedded_file_t *embedded_find(const char *path);

extern const embedded_file_t embedded_files[];
extern const size_t embedded_count;

#endif
