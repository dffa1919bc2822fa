/* Public pictures of the wall (GET /api/screen.png): a few fixed sizes, rendered off the request
 * threads. */
#ifndef POKERCLOCK_SHOTS_H
#define POKERCLOCK_SHOTS_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "engine.h"

/* Renders the wall as it looks now at w x h into a malloc'd PNG; 0 or -1.
 * Called with w = h = 0 when nobody asked for a while: then it lets go of
 * what it keeps between pictures (and renders nothing). */
typedef int (*shots_render_fn)(void *ctx, int w, int h, unsigned char **png, size_t *len);

typedef struct shots shots_t;

/* thread_end (may be NULL) is called by the render thread as it ends. */
shots_t *shots_new(engine_t *e, shots_render_fn render, void *ctx, void (*thread_end)(void));
/* Wakes every waiting request (they get 503) and stops the render thread:
 * before MHD_stop_daemon, which must not find suspended connections. */
void shots_shutdown(shots_t *s);
void shots_free(shots_t *s);

/* Whether w x h is one of the sizes served: 320x180, 640x360, 1280x720,
 * 1920x1080, and each turned for portrait; shots_sizes_text lists them for
 * the answer to any other. */
bool shots_allowed(int w, int h);
const char *shots_sizes_text(void);

/* The picture for a fixed size: a PNG response when one is ready (a second
 * old at most, for the current state), else NULL with *suspended true (con
 * is resumed when it is rendered: answer the request again then), or NULL
 * with *suspended false when the clock cannot render (503). */
struct MHD_Response *shots_response(shots_t *s, struct MHD_Connection *con, int fw, int fh,
                                    bool *suspended);

/* Pictures rendered since the start (for the attack summary). */
unsigned long shots_rendered(shots_t *s);

#endif
