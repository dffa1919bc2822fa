/* GET /api/results and /api/results.csv: the result sheet as JSON and as CSV (RFC 4180). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/bounty.h"
#include "model/sheet.h"
#include "model/standings.h"
#include "net/csv.h"
#include "net/reply.h"
#include "net/results.h"

/* The rows of the sheet, malloc'd (a field of 2,500 is 100 KB: not on a
 * server thread's stack). */
static sheet_row_t *rows_of(const tourney_t *t, const roster_t *r, int *n)
{
    sheet_row_t *rows = malloc(sizeof *rows * ROSTER_MAX_PLAYERS);
    if (rows)
        *n = sheet_rows(t, r, rows, ROSTER_MAX_PLAYERS);
    return rows;
}

static void label_of(const tourney_t *t, const roster_t *r, const sheet_row_t *row, bool director,
                     char *buf, size_t len)
{
    if (row->player >= 0)
        roster_player_shown(r, row->player, !director && t->s.house.short_names, buf, len);
    else
        buf[0] = 0;
}

static json_t *known(int v)
{
    return v < 0 ? json_null() : json_integer(v);
}

json_t *results_bounty_json(const tourney_t *t, const roster_t *r)
{
    if (!bounty_on(&t->s))
        return json_null();
    bounty_totals_t b;
    bounty_totals(t, r, &b);
    return json_pack("{s:I, s:s, s:b, s:I, s:I, s:I, s:I, s:I}", "amount",
                     (json_int_t)bounty_per_entry(&t->s), "kind",
                     bounty_progressive(&t->s) ? "progressive" : "fixed", "rebuys",
                     t->s.bounty.rebuys, "paid_in", (json_int_t)b.paid_in, "won", (json_int_t)b.won,
                     "on_heads", (json_int_t)b.on_heads, "unclaimed", (json_int_t)b.unclaimed,
                     "dealt", (json_int_t)b.dealt);
}

json_t *results_json_of(const tourney_t *t, const roster_t *ro, int64_t now, bool director)
{
    int n = 0;
    sheet_row_t *rows = rows_of(t, ro, &n);
    tourney_view_t v;
    tourney_view(t, now, &v);
    json_t *list = json_array(), *o = NULL;
    int64_t total = 0;
    for (int i = 0; rows && list && i < n; i++) {
        const sheet_row_t *r = &rows[i];
        char label[64];
        label_of(t, ro, r, director, label, sizeof label);
        json_t *j = json_pack("{s:i, s:i, s:s, s:o, s:o, s:o, s:o, s:I, s:b, s:o}", "place",
                              r->place_best, "place_worst", r->place_worst, "name", label, "player",
                              r->player >= 0 ? json_integer(r->player + 1) : json_null(), "entries",
                              known(r->entries), "rebuys", known(r->rebuys), "addons",
                              known(r->addons), "prize", (json_int_t)r->prize, "deal", r->deal,
                              "points", r->has_points ? json_real(r->points) : json_null());
        if (bounty_on(&t->s))
            json_object_set_new(j, "bounties", json_integer(r->bounties));
        json_array_append_new(list, j);
        total += r->prize;
    }
    if (rows && list)
        o = json_pack("{s:s, s:s, s:i, s:I, s:I, s:b, s:s, s:o}", "name", t->s.name, "currency",
                      t->s.currency, "entries", t->entries, "prize_pool", (json_int_t)v.prize_pool,
                      "total_prizes", (json_int_t)total, "over", v.over, "points_formula",
                      t->s.points.formula, "rows", list);
    else
        json_decref(list);
    if (o) /* the players who entered, each once: the places run 1 to this */
        json_object_set_new(o, "entrants", json_integer(standings_entrants(t)));
    if (o)
        json_object_set_new(o, "deal",
                            t->deal.players > 0
                                ? json_pack("{s:i, s:I}", "players", t->deal.players, "play_for",
                                            (json_int_t)t->deal.play_for)
                                : json_null());
    if (o && t->deal.players > 0 && bounty_on(&t->s)) /* the heads left: dealt in, or kept */
        json_object_set_new(json_object_get(o, "deal"), "bounties",
                            json_string(t->deal.bounties > 0 ? "included" : "excluded"));
    if (o)
        json_object_set_new(o, "bounty", results_bounty_json(t, ro));
    free(rows);
    return o;
}

json_t *results_json(engine_t *e, bool director)
{
    const snapshot_t *snap = engine_snapshot(e);
    json_t *o = results_json_of(&snap->t, snap->roster, engine_now(e), director);
    snapshot_release(snap);
    return o;
}

char *results_csv_of(const tourney_t *t, const roster_t *ro, bool director, size_t *len)
{
    int n = 0;
    sheet_row_t *rows = rows_of(t, ro, &n);
    csv_t b = {0};
    if (!rows)
        b.failed = true;
    /* A byte-order mark first: Excel on Windows reads the file as UTF-8
     * only with it (without, "Åse Ødegård" comes out as mojibake). */
    csv_put(&b, "\xEF\xBB\xBF", 3);
    bool bounties = bounty_on(&t->s);
    csv_put(&b, "place,name,entries,rebuys,addons,prize,deal,points", 50);
    csv_put(&b, bounties ? ",bounties\r\n" : "\r\n", bounties ? 11 : 2);
    for (int i = 0; i < n && !b.failed; i++) {
        const sheet_row_t *r = &rows[i];
        char f[64];
        if (r->place_worst != r->place_best)
            snprintf(f, sizeof f, "%d-%d", r->place_best, r->place_worst);
        else
            snprintf(f, sizeof f, "%d", r->place_best);
        csv_field(&b, f, false);
        label_of(t, ro, r, director, f, sizeof f);
        csv_field(&b, f, false);
        const int counts[] = {r->entries, r->rebuys, r->addons};
        for (int k = 0; k < 3; k++) {
            if (counts[k] < 0)
                f[0] = 0;
            else
                snprintf(f, sizeof f, "%d", counts[k]);
            csv_field(&b, f, false);
        }
        snprintf(f, sizeof f, "%lld", (long long)r->prize);
        csv_field(&b, f, false);
        csv_field(&b, r->deal ? "yes" : "", false);
        if (r->has_points)
            snprintf(f, sizeof f, "%.2f", r->points);
        else
            f[0] = 0;
        csv_field(&b, f, !bounties);
        snprintf(f, sizeof f, "%lld", (long long)r->bounties);
        if (bounties)
            csv_field(&b, f, true);
    }
    free(rows);
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

char *results_csv(engine_t *e, bool director, size_t *len)
{
    const snapshot_t *snap = engine_snapshot(e);
    char *text = results_csv_of(&snap->t, snap->roster, director, len);
    snapshot_release(snap);
    return text;
}

enum MHD_Result results_reply_json(struct MHD_Connection *con, engine_t *e, bool director)
{
    return reply_json(con, MHD_HTTP_OK, results_json(e, director), NULL, NULL); /* NULL: 500 */
}

enum MHD_Result results_reply_csv(struct MHD_Connection *con, engine_t *e, bool director)
{
    size_t len = 0;
    char *text = results_csv(e, director, &len);
    if (!text)
        return reply_error(con, MHD_HTTP_INTERNAL_SERVER_ERROR, "the clock is out of memory");
    struct MHD_Response *r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(text);
        return reply_queue(con, MHD_HTTP_INTERNAL_SERVER_ERROR, NULL);
    }
    MHD_add_response_header(r, "Content-Type", "text/csv; charset=utf-8; header=present");
    MHD_add_response_header(r, "Content-Disposition", "inline; filename=\"results.csv\"");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    return reply_queue(con, MHD_HTTP_OK, r);
}
