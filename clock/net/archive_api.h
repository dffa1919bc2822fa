/* The command new_tournament and GET /api/archive: finished tournaments put aside. */
#ifndef POKERCLOCK_NET_ARCHIVE_API_H
#define POKERCLOCK_NET_ARCHIVE_API_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

/* Whether a command's body is a new_tournament (it is answered here, not
 * by the model's commands). */
bool archive_api_is_new(const char *body, size_t len);
/* POST /api/command {"type": "new_tournament", "confirm": true}, from a
 * director already logged in. */
enum MHD_Result archive_api_new(struct MHD_Connection *con, engine_t *e, const char *body,
                                size_t len);
/* Puts the tournament aside, its result sheets with it, and starts the
 * configured one (engine_new_tournament, confirmed): what `--new` does at
 * start. APPLY_OK, or the outcome with err saying why and nothing changed. */
apply_status archive_api_start_new(engine_t *e, char *archived, size_t archivedlen, refusal_t *err);
/* GET /api/archive: {"tournaments": [...]} (store/archive.h), newest first. */
enum MHD_Result archive_api_list(struct MHD_Connection *con, const char *state_dir);
/* GET /api/archive/<dir>/results.json or results.csv (path: what follows
 * "/api/archive/"): an archived tournament's sheet, public like the live
 * one; 404 for anything else. */
enum MHD_Result archive_api_sheet(struct MHD_Connection *con, const char *state_dir, bool get,
                                  const char *path);

#endif
