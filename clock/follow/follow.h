/* Follower mode: shows another pokerclock's tournament, read from its event stream. */
#ifndef POKERCLOCK_FOLLOW_H
#define POKERCLOCK_FOLLOW_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "store/slides.h"

/* The master's address, taken apart. */
typedef struct {
    char host[256]; /* name or address, without brackets */
    char port[8];
    char path[256]; /* prefix before /api/...; "" for none */
    char text[560]; /* as shown to people: "http://10.0.0.5:8080" */
} follow_url_t;

/* "http://10.0.0.5:8080", "10.0.0.5", "http://[fd00::5]:8080/": the port is
 * 8080 (pokerclock's) when not given. 0, or -1 with err saying what is wrong. */
int follow_url_parse(const char *text, follow_url_t *u, char *err, size_t errlen);

typedef struct {
    const char *url;       /* the master */
    int64_t lost_after_ms; /* silence before "connection lost"; 0: 30 s */
    slides_t *slides;      /* where the master's slides are copied; NULL: not */
} follow_options_t;

typedef struct follow follow_t;

/* Starts following in a thread of its own: every state the master sends is
 * shown through engine_mirror() (e must be made with follow_url), and the
 * connection is made again, forever, when it breaks. NULL with err when the
 * URL is not usable or no thread could be started. */
follow_t *follow_start(engine_t *e, const follow_options_t *o, char *err, size_t errlen);
/* Stops the thread and frees everything. */
void follow_stop(follow_t *f);

#endif
