/* A season's standings: the league points of its tournaments' result
 * sheets summed per player, ranked by the season's rules. The rules, in
 * the order they decide (docs/rules.md, "The league"):
 * - Players are the same person when their names fold the same
 *   (text_fold: case, accents and spaces aside); a tournament counts once
 *   per player (two rows of one name: the better).
 * - Of each player's results the best `best` count (0: all); a result
 *   without points (a sheet without a points formula) counts 0.
 * - A player with fewer than `min_played` tournaments is not ranked: he
 *   is listed after the ranked ones, in the same order, without a rank.
 * - Ranked by the counted points, then the most wins, then the best
 *   finish, then the points of all results (those not counted too), then
 *   the most tournaments played; players equal on all of them share the
 *   rank (listed by their folded names).
 * Points are compared to the hundredth, as the sheets print them. */
#ifndef POKERCLOCK_LEAGUE_H
#define POKERCLOCK_LEAGUE_H

#include <stdbool.h>
#include <stddef.h>

enum { LEAGUE_NAME_MAX = 64, LEAGUE_BEST_MAX = 1000 };

typedef struct {
    int best;       /* results that count, the best first; 0: all */
    int min_played; /* tournaments a player needs to be ranked; 0 or 1: any */
} league_rules_t;

/* One row of one tournament's result sheet. */
typedef struct {
    int tournament;   /* 0, 1, ...: in the season's order, the oldest first */
    const char *name; /* as the sheet holds it (the final name); "": skipped */
    int place;        /* the best place of the row (a shared place: its first) */
    bool has_points;
    double points;
} league_result_t;

/* One player of the table. */
typedef struct {
    char name[LEAGUE_NAME_MAX]; /* as in his most recent tournament */
    char key[LEAGUE_NAME_MAX];  /* the name folded: what matched */
    int rank;                   /* 1, 2, ... (shared by equals); 0: not ranked */
    double points;              /* the counted results */
    double all_points;          /* every result */
    int played, counted, wins;
    int best_place; /* the best finish */
} league_row_t;

/* What became of each result: the row it went to (-1: no name, or a
 * second row of the same name in one tournament) and whether it counted. */
typedef struct {
    int row;
    bool counted;
} league_mark_t;

/* The table of n results: at most n rows into rows (room for n), the
 * ranked first; marks (room for n, may be NULL) says what became of each
 * result. The number of rows, or -1 when out of memory. */
int league_standings(const league_rules_t *rules, const league_result_t *results, int n,
                     league_row_t *rows, league_mark_t *marks);

/* Points as a table shows them: "27" when whole, else "22.50". */
void league_points_text(double points, char *out, size_t len);

#endif
