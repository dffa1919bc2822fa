/* A season's standings: the league points of its tournaments summed per player, ranked. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/league.h"
#include "model/text.h"

typedef char fold_key[LEAGUE_NAME_MAX];

typedef struct {
    const league_result_t *r;
    const fold_key *keys;
    const int64_t *cents;
} ctx_t;

/* The points as the sheets print them: hundredths. */
static int64_t cents_of(const league_result_t *r)
{
    return r->has_points && isfinite(r->points) ? (int64_t)llround(r->points * 100) : 0;
}

/* A player's results together, each tournament's best row first. */
static int by_player(const void *a, const void *b, void *p)
{
    const ctx_t *c = p;
    int x = *(const int *)a, y = *(const int *)b;
    int k = strcmp(c->keys[x], c->keys[y]);
    if (k)
        return k;
    if (c->r[x].tournament != c->r[y].tournament)
        return c->r[x].tournament - c->r[y].tournament;
    if (c->cents[x] != c->cents[y])
        return c->cents[x] > c->cents[y] ? -1 : 1;
    return c->r[x].place != c->r[y].place ? c->r[x].place - c->r[y].place : x - y;
}

/* A player's results, the best first: the ones that count. */
static int by_result(const void *a, const void *b, void *p)
{
    const ctx_t *c = p;
    int x = *(const int *)a, y = *(const int *)b;
    if (c->cents[x] != c->cents[y])
        return c->cents[x] > c->cents[y] ? -1 : 1;
    if (c->r[x].place != c->r[y].place)
        return c->r[x].place - c->r[y].place;
    return c->r[x].tournament - c->r[y].tournament;
}

typedef struct {
    league_row_t row;
    int64_t cents, all_cents;
    bool ranked;
} standing_t;

/* The tie-breaks in their order (league.h); 0: equal on all of them. */
static int compare_standing(const standing_t *x, const standing_t *y)
{
    if (x->ranked != y->ranked)
        return x->ranked ? -1 : 1;
    if (x->cents != y->cents)
        return x->cents > y->cents ? -1 : 1;
    if (x->row.wins != y->row.wins)
        return y->row.wins - x->row.wins;
    if (x->row.best_place != y->row.best_place)
        return x->row.best_place - y->row.best_place;
    if (x->all_cents != y->all_cents)
        return x->all_cents > y->all_cents ? -1 : 1;
    return y->row.played - x->row.played;
}

static int by_standing(const void *a, const void *b, void *p)
{
    const standing_t *pl = p;
    int x = *(const int *)a, y = *(const int *)b;
    int c = compare_standing(&pl[x], &pl[y]);
    if (c)
        return c;
    c = strcmp(pl[x].row.key, pl[y].row.key);
    return c ? c : x - y;
}

/* One player's results (idx[0..n), his tournaments' best rows, counted
 * ones marked) into his row. */
static void sum_player(const league_rules_t *rules, const ctx_t *c, int *idx, int n, standing_t *pl,
                       league_mark_t *marks, int row)
{
    memset(pl, 0, sizeof *pl);
    int newest = idx[0];
    pl->row.best_place = c->r[idx[0]].place;
    for (int i = 0; i < n; i++) {
        const league_result_t *r = &c->r[idx[i]];
        if (r->tournament > c->r[newest].tournament)
            newest = idx[i];
        if (r->place == 1)
            pl->row.wins++;
        if (r->place < pl->row.best_place)
            pl->row.best_place = r->place;
        pl->all_cents += c->cents[idx[i]];
        marks[idx[i]].row = row;
    }
    qsort_r(idx, (size_t)n, sizeof *idx, by_result, (void *)c);
    int counting = rules->best > 0 && rules->best < n ? rules->best : n;
    for (int i = 0; i < counting; i++) {
        pl->cents += c->cents[idx[i]];
        marks[idx[i]].counted = true;
    }
    snprintf(pl->row.name, sizeof pl->row.name, "%s", c->r[newest].name);
    snprintf(pl->row.key, sizeof pl->row.key, "%s", c->keys[newest]);
    pl->row.played = n;
    pl->row.counted = counting;
    pl->row.points = (double)pl->cents / 100;
    pl->row.all_points = (double)pl->all_cents / 100;
    pl->ranked = n >= rules->min_played;
}

/* Groups the results by player and sums each; the number of players. */
static int players_of(const league_rules_t *rules, const ctx_t *c, int n, int *order,
                      standing_t *pl, league_mark_t *marks)
{
    int kept = 0;
    for (int i = 0; i < n; i++) {
        marks[i] = (league_mark_t){.row = -1, .counted = false};
        if (c->keys[i][0])
            order[kept++] = i;
    }
    qsort_r(order, (size_t)kept, sizeof *order, by_player, (void *)c);
    int players = 0;
    for (int i = 0; i < kept;) {
        int j = i, m = 0;
        /* His rows: the first of each tournament (the best), moved up. */
        for (; j < kept && strcmp(c->keys[order[j]], c->keys[order[i]]) == 0; j++)
            if (m == 0 || c->r[order[j]].tournament != c->r[order[i + m - 1]].tournament)
                order[i + m++] = order[j];
        sum_player(rules, c, order + i, m, &pl[players], marks, players);
        players++;
        i = j;
    }
    return players;
}

int league_standings(const league_rules_t *rules, const league_result_t *results, int n,
                     league_row_t *rows, league_mark_t *marks)
{
    if (n <= 0)
        return 0;
    fold_key *keys = malloc(sizeof *keys * (size_t)n);
    int64_t *cents = malloc(sizeof *cents * (size_t)n);
    int *order = malloc(sizeof *order * (size_t)n);
    int *where = malloc(sizeof *where * (size_t)n);
    standing_t *pl = malloc(sizeof *pl * (size_t)n);
    league_mark_t *own = marks ? NULL : malloc(sizeof *own * (size_t)n);
    league_mark_t *mk = marks ? marks : own;
    int players = -1;
    if (keys && cents && order && where && pl && mk) {
        for (int i = 0; i < n; i++) {
            text_fold(results[i].name ? results[i].name : "", keys[i], sizeof keys[i]);
            cents[i] = cents_of(&results[i]);
        }
        ctx_t c = {results, (const fold_key *)keys, cents};
        players = players_of(rules, &c, n, order, pl, mk);
        for (int i = 0; i < players; i++)
            order[i] = i;
        qsort_r(order, (size_t)players, sizeof *order, by_standing, pl);
        for (int i = 0; i < players; i++) {
            standing_t *p = &pl[order[i]];
            where[order[i]] = i;
            rows[i] = p->row;
            rows[i].rank = !p->ranked                                         ? 0
                           : i > 0 && !compare_standing(&pl[order[i - 1]], p) ? rows[i - 1].rank
                                                                              : i + 1;
        }
        for (int i = 0; i < n; i++)
            if (mk[i].row >= 0)
                mk[i].row = where[mk[i].row];
    }
    free(keys);
    free(cents);
    free(order);
    free(where);
    free(pl);
    free(own);
    return players;
}

void league_points_text(double points, char *out, size_t len)
{
    long long cents = llround(points * 100);
    if (cents % 100 == 0)
        snprintf(out, len, "%lld", cents / 100);
    else
        snprintf(out, len, "%.2f", (double)cents / 100);
}
