/* The venue's league seasons, kept in STATE/seasons.json so that they
 * outlive a restart and every tournament: each a name, the archived
 * tournaments it takes (by date or picked) and its rules. Safe from any
 * thread. */
#ifndef POKERCLOCK_SEASONS_H
#define POKERCLOCK_SEASONS_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "model/league.h"
#include "model/refusal.h"

enum {
    SEASONS_MAX = 20,
    SEASON_NAME_MAX = 81,    /* bytes, with the NUL */
    SEASON_PICKED_MAX = 100, /* tournaments picked by hand */
    SEASON_DIR_MAX = 64,     /* an archived folder's name, with the NUL */
    SEASON_DATE_LEN = 11,    /* "2026-09-01" and the NUL */
    SEASON_BOARD_ROWS = 30,  /* the wall's and the kiosk's table: its top */
};

typedef struct {
    int id; /* 1, 2, ...: never used again */
    char name[SEASON_NAME_MAX];
    /* The tournaments: those picked when any are, else those put aside
     * from `from` to `to` (local dates, either end open when ""). */
    char from[SEASON_DATE_LEN], to[SEASON_DATE_LEN];
    int n_picked;
    char picked[SEASON_PICKED_MAX][SEASON_DIR_MAX];
    league_rules_t rules;
} season_t;

typedef struct seasons seasons_t;

/* The seasons of state_dir (NULL: kept in memory only). A file that does
 * not read is set aside as seasons.json.bad and the clock starts with
 * none: it never stops the clock. NULL when out of memory. */
seasons_t *seasons_open(const char *state_dir);
void seasons_free(seasons_t *s);

/* A season from the API's JSON ({"name", "from", "to", "tournaments",
 * "best", "min"}): 0, or -1 with *no saying what is wrong. The one place
 * a season's fields are checked, for the file and the panel alike. */
int season_from_json(const json_t *j, season_t *out, refusal_t *no);
json_t *season_json(const season_t *s);

/* Whether the archived tournament (its folder, its local date
 * "2026-11-23") belongs to the season. */
bool season_takes(const season_t *s, const char *dir, const char *date);

/* Adds the season (id 0) or replaces the one of its id; current: make it
 * the current one (the wall and the kiosk show it), or no longer. Written
 * to disk before it answers: 0 with *id set, or -1 with *no. */
int seasons_put(seasons_t *s, season_t *in, bool current, bool has_current, refusal_t *no);
/* Removes a season: 0, or -1 with *no. */
int seasons_delete(seasons_t *s, int id, refusal_t *no);

/* {"seasons": [...], "current": id or null}. */
json_t *seasons_json(seasons_t *s);
/* A copy of the season of id (0: the current one): true, or false when
 * there is none. */
bool seasons_get(seasons_t *s, int id, season_t *out);

/* The current season's table as the wall and the kiosk show it: its ranked
 * players from the top, names in full. */
typedef struct {
    uint64_t version;             /* changes with what it holds */
    char season[SEASON_NAME_MAX]; /* "": no current season */
    int n;
    struct {
        int rank;
        char name[LEAGUE_NAME_MAX];
        double points;
    } rows[SEASON_BOARD_ROWS];
} season_board_t;

/* The board replaced (its version is set here: it moves only when what it
 * holds changed). */
void seasons_board_set(seasons_t *s, season_board_t *b);
/* A copy of the board; s NULL: an empty one. */
void seasons_board_get(seasons_t *s, season_board_t *out);
uint64_t seasons_board_version(seasons_t *s);

#endif
