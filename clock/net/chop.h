/* POST /api/chop: the deal calculator as a plain API; it changes nothing in the tournament. */
#ifndef POKERCLOCK_CHOP_H
#define POKERCLOCK_CHOP_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

/* Answers {"method", "stacks", "prizes", "play_for", "unit"} with
 * {"amounts": [...], ...}; 401 unless logged_in (the director's session,
 * as for commands), 400 with the reason for bad input. */
enum MHD_Result chop_reply(struct MHD_Connection *con, bool logged_in, const char *body,
                           size_t len);

#endif
