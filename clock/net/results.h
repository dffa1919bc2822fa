/* GET /api/results and /api/results.csv: the result sheet as JSON and as CSV (RFC 4180). */
#ifndef POKERCLOCK_NET_RESULTS_H
#define POKERCLOCK_NET_RESULTS_H

#include <jansson.h>
#include <microhttpd.h>
#include <stdbool.h>

#include "engine.h"

/* The sheet of the newest snapshot: {"name", "currency", "entries",
 * "prize_pool", "deal", "points_formula", "over", "bounty", "rows": [...]}; names in
 * full for the director, else as the house shows them (house.short_names). */
json_t *results_json(engine_t *e, bool director);
/* The same rows as CSV text (UTF-8 with a byte-order mark, for Excel;
 * malloc'd, the caller frees), or NULL. */
char *results_csv(engine_t *e, bool director, size_t *len);
/* Both of a tournament and its roster as they are, at now. */
json_t *results_json_of(const tourney_t *t, const roster_t *r, int64_t now, bool director);
char *results_csv_of(const tourney_t *t, const roster_t *r, bool director, size_t *len);
/* The sheet's bounty pool: {"amount", "kind", "rebuys", "paid_in", "won",
 * "on_heads", "unclaimed", "dealt" (in a deal's amounts)}, or null without
 * bounties. */
json_t *results_bounty_json(const tourney_t *t, const roster_t *r);

enum MHD_Result results_reply_json(struct MHD_Connection *con, engine_t *e, bool director);
enum MHD_Result results_reply_csv(struct MHD_Connection *con, engine_t *e, bool director);

#endif
