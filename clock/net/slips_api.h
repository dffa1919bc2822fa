/* POST /api/slip: a player's seat slip printed again on the receipt
 * printer (print/printer.h). */
#ifndef POKERCLOCK_SLIPS_API_H
#define POKERCLOCK_SLIPS_API_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "print/printer.h"

/* {"player": N} (his number): 202 once queued; 401 unless logged_in, 409
 * without a printer or for no such player, 429 when the queue is full. */
enum MHD_Result slips_api_again(struct MHD_Connection *con, printer_t *printer, bool logged_in,
                                const char *body, size_t len);

#endif
