/* The event stream (GET /api/events): Server-Sent Events without a thread per client. */
#ifndef POKERCLOCK_EVENTS_H
#define POKERCLOCK_EVENTS_H

#include <microhttpd.h>

#include "engine.h"

typedef struct events events_t;

/* Listens to e for new snapshots; a heartbeat goes out every heartbeat_ms. */
events_t *events_new(engine_t *e, int heartbeat_ms);
/* The streaming response for a new client on con (NULL without memory). */
struct MHD_Response *events_response(events_t *ev, struct MHD_Connection *con);
/* Streams open now. */
int events_open(events_t *ev);
/* GET /api/state's answer: the state the streams send (serialised at most
 * 25 ms ago, for the current snapshot); NULL without memory. */
struct MHD_Response *events_state_response(events_t *ev);
/* Times the state was serialised for the streams (once per change, however
 * many streams there are). */
unsigned long events_serialised(events_t *ev);
/* Ends every stream and lets no new one wait: call before MHD_stop_daemon,
 * which must not find suspended connections. */
void events_shutdown(events_t *ev);
/* After the daemon has stopped. */
void events_free(events_t *ev);

#endif
