/* The league: GET and POST /api/league (the seasons), a season's standings
 * as JSON and CSV, and GET /api/names (the archive's names for the desk). */
#ifndef POKERCLOCK_NET_LEAGUE_API_H
#define POKERCLOCK_NET_LEAGUE_API_H

#include <jansson.h>
#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

#include "store/names.h"
#include "store/seasons.h"

/* A season's table from the archive: {"season", "tournaments": [{"dir",
 * "name", "date"}], "rows": [{"rank", "name", "points", "all_points",
 * "played", "counted", "wins", "best", "results": [{"tournament",
 * "place", "points", "counted"}]}]}; names as the house shows them when
 * short_names. NULL with *no (season_none) when there is no such season
 * (id 0: the current one). */
json_t *league_standings_json(seasons_t *s, const char *state_dir, int id, bool short_names,
                              refusal_t *no);

/* The wall's and the kiosk's board made again from the current season
 * (seasons_board_set): at the start, and after the seasons or the archive
 * changed. */
void league_api_board(seasons_t *s, const char *state_dir);

/* GET /api/league: the seasons. */
enum MHD_Result league_api_list(struct MHD_Connection *con, seasons_t *s);
/* POST /api/league from a director: {"type": "season_save", "season":
 * {...}, "current": true} or {"type": "season_delete", "id": 2}. */
enum MHD_Result league_api_post(struct MHD_Connection *con, seasons_t *s, const char *state_dir,
                                const char *body, size_t len);
/* GET /api/league/standings?season=ID and /api/league.csv?season=ID (no
 * season: the current one). */
enum MHD_Result league_api_standings(struct MHD_Connection *con, seasons_t *s,
                                     const char *state_dir, bool csv, bool short_names);
/* GET /api/names?prefix=as: {"names": [{"name", "tournaments"}]}. */
enum MHD_Result league_api_names(struct MHD_Connection *con, names_t *n);

#endif
