/* Open connections: slow clients are cut off, and the memory of a burst is given back. */
#ifndef POKERCLOCK_CONNS_H
#define POKERCLOCK_CONNS_H

#include <microhttpd.h>

typedef struct conns conns_t;

/* A connection that has not sent a whole request within request_max_ms of
 * connecting (or of its last answer) is hung up on, however it trickles.
 * One whose peer takes nothing of what it is sent for send_stall_ms (no
 * byte acknowledged, or a window kept shut) is dropped by the system: a
 * phone that left the Wi-Fi, a client that never reads. A phone that takes
 * its bytes slowly is not: every byte it takes starts the time again. */
conns_t *conns_new(int request_max_ms, int send_stall_ms);
/* Stops the watch; after the daemon has stopped. */
void conns_free(conns_t *c);

/* MHD_OPTION_NOTIFY_CONNECTION, with c as its closure. */
void conns_notify(void *c, struct MHD_Connection *con, void **socket_context,
                  enum MHD_ConnectionNotificationCode code);

/* The request on con is complete and being answered (no time limit), is a
 * stream (none either; its send buffer is kept to a few states, so that a
 * stream nobody reads stalls soon), or was answered (the clock runs for
 * the next). */
void conns_answering(struct MHD_Connection *con);
void conns_streaming(struct MHD_Connection *con);
void conns_answered(struct MHD_Connection *con);

/* Connections open now, and the most ever hung up on for slowness. */
int conns_open(conns_t *c);
unsigned long conns_cut(conns_t *c);

#endif
