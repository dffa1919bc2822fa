/* Open connections and how long each has been at its request: slow clients are cut off. */
#ifndef POKERCLOCK_CONNS_H
#define POKERCLOCK_CONNS_H

#include <microhttpd.h>

typedef struct conns conns_t;

/* A connection that has not sent a whole request within request_max_ms of
 * connecting (or of its last answer) is hung up on, however it trickles. */
conns_t *conns_new(int request_max_ms);
/* Stops the watch; after the daemon has stopped. */
void conns_free(conns_t *c);

/* MHD_OPTION_NOTIFY_CONNECTION, with c as its closure. */
void conns_notify(void *c, struct MHD_Connection *con, void **socket_context,
                  enum MHD_ConnectionNotificationCode code);

/* The request on con is complete and being answered (no time limit), is a
 * stream (none either), or was answered (the clock runs for the next). */
void conns_answering(struct MHD_Connection *con);
void conns_streaming(struct MHD_Connection *con);
void conns_answered(struct MHD_Connection *con);

/* Connections open now, and the most ever hung up on for slowness. */
int conns_open(conns_t *c);
unsigned long conns_cut(conns_t *c);

#endif
