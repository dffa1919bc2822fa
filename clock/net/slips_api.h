/* Seat slips over HTTP: POST /api/slip, a player's slip printed again on
 * the receipt printer (print/printer.h); and the page of slips on paper
 * (/slips): which players' slips were printed already, a mark the
 * director sets (GET /api/slips, POST /api/slips/printed).
 *
 * The mark is stored, not journaled: STATE/slips-printed holds the number
 * of the last player whose slip came out of the office printer. It is
 * paper handling, not the tournament: an undo must take back the last
 * bust, not a print; a follower has nothing to print. It follows the
 * tournament all the same: a roster with fewer players than the mark (an
 * undone registration, a new tournament) takes the mark down with it. */
#ifndef POKERCLOCK_SLIPS_API_H
#define POKERCLOCK_SLIPS_API_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "engine.h"
#include "print/printer.h"

/* {"player": N} (his number): 202 once queued; 401 unless logged_in, 409
 * without a printer or for no such player, 429 when the queue is full. */
enum MHD_Result slips_api_again(struct MHD_Connection *con, printer_t *printer, bool logged_in,
                                const char *body, size_t len);

/* Reads the mark from state_dir (NULL: kept in memory only) and follows
 * the engine's roster; once per process (the mark is one). */
void slips_mark_open(engine_t *e, const char *state_dir);
/* GET /api/slips: {"printed": N}, 0 when none was. */
enum MHD_Result slips_api_mark(struct MHD_Connection *con);
/* POST /api/slips/printed {"through": N}: the slips of players 1..N are
 * printed; 401 unless logged_in, 400 past the players registered. */
enum MHD_Result slips_api_printed(struct MHD_Connection *con, bool logged_in, const char *body,
                                  size_t len);

#endif
