/* GET /api/tv and POST /api/tv/action: the TV's power for the panel, and
 * its buttons (on, off, show the clock) over HDMI-CEC (cec/tv.h). */
#ifndef POKERCLOCK_TV_API_H
#define POKERCLOCK_TV_API_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "cec/tv.h"

/* {"cec": false} without CEC (tv NULL); else {"cec": true, "power": "on" |
 * "standby" | "turning on" | "turning off" | "unknown", "problem": "..."}. */
enum MHD_Result tv_api_get(struct MHD_Connection *con, tv_t *tv);
/* {"action": "on" | "show" | "standby"}: 202 once the TV's thread has it;
 * 401 unless logged_in, 409 without CEC, 400 for another action. */
enum MHD_Result tv_api_post(struct MHD_Connection *con, tv_t *tv, bool logged_in, const char *body,
                            size_t len);

#endif
