/* The pages: built-in copies of web/, or the files of a directory while developing. */
#ifndef POKERCLOCK_FILES_H
#define POKERCLOCK_FILES_H

#include <microhttpd.h>

typedef struct files files_t;

/* web_dir NULL: the copies built into the program. NULL with err when
 * web_dir is not a readable directory. */
files_t *files_new(const char *web_dir, char *err, size_t errlen);
void files_free(files_t *f);

/* The response for a page path ("/", "/display", "/app.js"), with its type
 * and caching headers; NULL when there is no such page. */
struct MHD_Response *files_response(files_t *f, const char *url);

#endif
