/* The HTTP server (libmicrohttpd): JSON API, event stream, sessions, pages. */
#ifndef POKERCLOCK_NET_H
#define POKERCLOCK_NET_H

#include <stdbool.h>
#include <stddef.h>

#include "cec/tv.h"
#include "engine.h"
#include "print/printer.h"
#include "store/config.h"
#include "store/pin.h"
#include "store/seasons.h"
#include "store/slides.h"

/* Renders the wall as it looks now at w x h into a malloc'd PNG; 0 or -1.
 * Supplied by main (net never calls the screen itself); called from one
 * render thread of net's own, never from a request. The picture is public:
 * it must never show the PIN. */
typedef int (*net_screenshot_fn)(void *ctx, int w, int h, unsigned char **png, size_t *len);

/* The WAV of what the wall says for event (a voice_event) in language, in
 * snap at now, open for reading in *fd (the caller's to close): 0; 1 with
 * err when there is nothing to say; 2 when it is not rendered yet and
 * render is false; -1 with err when it cannot be said. Supplied by main.
 * With render false it only looks (request threads, never blocks); with
 * render true it renders the words, blocking (net's words thread only). */
typedef int (*net_speech_fn)(void *ctx, const snapshot_t *snap, int64_t now, int event,
                             const char *language, bool render, int *fd, char *err, size_t errlen);

typedef struct {
    const char *bind; /* "" or NULL: every address */
    int port;
    const pin_t *pin;         /* the director PIN (NULL: none, nothing matches) */
    const char *state_dir;    /* sessions, known phones and the "PIN seen" mark live here */
    const char *web_dir;      /* serve pages from here; NULL: built-in copies */
    const settings_t *config; /* language and theme for GET /api/settings */
    net_screenshot_fn screenshot;
    void *screenshot_ctx;
    void (*screenshot_thread_end)(void); /* called by the render thread as it ends */
    net_speech_fn speech;                /* GET /api/speech; NULL: the pages hear no words */
    void *speech_ctx;
    slides_t *slides;   /* the venue's slides (/api/slides), or NULL */
    tv_t *tv;           /* the TV over HDMI-CEC (/api/tv), or NULL */
    printer_t *printer; /* the receipt printer (POST /api/slip), or NULL */
} net_options_t;

typedef struct net net_t;

/* Starts serving; NULL with err ("port 8080 is in use: ...") on failure.
 * POKERCLOCK_SSE_HEARTBEAT_MS in the environment shortens the event
 * stream's heartbeat (10 s) for tests. */
net_t *net_start(engine_t *e, const net_options_t *o, char *err, size_t errlen);
void net_stop(net_t *n);
/* The venue's league seasons (/api/league), for the wall and the kiosk;
 * they live as long as the server. */
seasons_t *net_seasons(net_t *n);

#endif
