/* The league: the seasons, a season's standings as JSON and CSV, and the archive's names for the
 * desk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/league.h"
#include "model/text.h"
#include "net/csv.h"
#include "net/league_api.h"
#include "net/reply.h"
#include "store/archive.h"

enum { NAMES_OFFERED = 8 };

/* The local date an archived folder ("20261123T201500Z-...") was put aside
 * on: "2026-11-23"; "" when its name holds no time. */
static void local_date(const char *dir, char *out, size_t len)
{
    struct tm tm = {0};
    out[0] = 0;
    if (!dir || sscanf(dir, "%4d%2d%2dT%2d%2d%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                       &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 6)
        return;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    time_t t = timegm(&tm);
    struct tm local;
    if (t != (time_t)-1 && localtime_r(&t, &local))
        strftime(out, len, "%Y-%m-%d", &local);
}

/* The season's tournaments from the archive, the oldest first, each with
 * its sheet: {"dir", "name", "date"} into tours, the sheets into sheets. */
static void season_sheets(const season_t *season, const char *state_dir, json_t *tours,
                          json_t *sheets)
{
    json_t *list = state_dir ? archive_list(state_dir) : json_array();
    for (size_t i = json_array_size(list); i-- > 0;) {
        json_t *t = json_array_get(list, i);
        const char *dir = json_string_value(json_object_get(t, "dir"));
        char date[16], *data = NULL;
        size_t len = 0;
        local_date(dir, date, sizeof date);
        if (!dir || !season_takes(season, dir, date) ||
            archive_read(state_dir, dir, "results.json", &data, &len) != 0)
            continue;
        json_t *sheet = json_loadb(data, len, 0, NULL);
        free(data);
        if (!json_is_array(json_object_get(sheet, "rows"))) {
            json_decref(sheet);
            continue;
        }
        json_array_append_new(tours, json_pack("{s:s, s:O, s:s}", "dir", dir, "name",
                                               json_object_get(t, "name"), "date", date));
        json_array_append_new(sheets, sheet);
    }
    json_decref(list);
}

/* The sheets' rows as the model's results (names point into the sheets). */
static league_result_t *results_of(json_t *sheets, int *n)
{
    size_t total = 0, i, k;
    json_t *sheet, *row;
    json_array_foreach(sheets, i, sheet) total += json_array_size(json_object_get(sheet, "rows"));
    league_result_t *res = malloc(sizeof *res * (total ? total : 1));
    *n = 0;
    json_array_foreach(sheets, i, sheet) json_array_foreach(json_object_get(sheet, "rows"), k, row)
    {
        if (!res)
            break;
        const char *name = json_string_value(json_object_get(row, "name"));
        json_t *pts = json_object_get(row, "points");
        res[(*n)++] = (league_result_t){.tournament = (int)i,
                                        .name = name ? name : "",
                                        .place = (int)json_integer_value(
                                            json_object_get(row, "place")),
                                        .has_points = json_is_number(pts),
                                        .points = json_number_value(pts)};
    }
    return res;
}

static json_t *row_json(const league_row_t *r, bool short_names)
{
    char shown[LEAGUE_NAME_MAX];
    if (short_names)
        text_short_name(r->name, shown, sizeof shown);
    else
        snprintf(shown, sizeof shown, "%s", r->name);
    return json_pack("{s:o, s:s, s:f, s:f, s:i, s:i, s:i, s:i, s:[]}", "rank",
                     r->rank ? json_integer(r->rank) : json_null(), "name", shown, "points",
                     r->points, "all_points", r->all_points, "played", r->played, "counted",
                     r->counted, "wins", r->wins, "best", r->best_place, "results");
}

json_t *league_standings_json(seasons_t *s, const char *state_dir, int id, bool short_names,
                              refusal_t *no)
{
    season_t *season = malloc(sizeof *season);
    if (!season || !seasons_get(s, id, season)) {
        free(season);
        return refuse_season_none(no, id), NULL;
    }
    json_t *tours = json_array(), *sheets = json_array(), *rows = json_array();
    season_sheets(season, state_dir, tours, sheets);
    int n = 0;
    league_result_t *res = results_of(sheets, &n);
    league_row_t *table = malloc(sizeof *table * (size_t)(n ? n : 1));
    league_mark_t *marks = malloc(sizeof *marks * (size_t)(n ? n : 1));
    int k = res && table && marks ? league_standings(&season->rules, res, n, table, marks) : -1;
    for (int i = 0; i < k; i++)
        json_array_append_new(rows, row_json(&table[i], short_names));
    for (int i = 0; k >= 0 && i < n; i++) {
        json_t *list = json_object_get(json_array_get(rows, (size_t)marks[i].row), "results");
        if (marks[i].row >= 0 && list)
            json_array_append_new(list, json_pack("{s:i, s:i, s:f, s:b}", "tournament",
                                                  res[i].tournament, "place", res[i].place,
                                                  "points", res[i].has_points ? res[i].points : 0.0,
                                                  "counted", marks[i].counted));
    }
    json_t *o = k >= 0 ? json_pack("{s:o, s:O, s:O}", "season", season_json(season), "tournaments",
                                   tours, "rows", rows)
                       : NULL;
    if (k < 0)
        refuse_out_of_memory(no);
    free(season);
    free(res);
    free(table);
    free(marks);
    json_decref(tours);
    json_decref(sheets);
    json_decref(rows);
    return o;
}

void league_api_board(seasons_t *s, const char *state_dir)
{
    season_board_t *b = calloc(1, sizeof *b);
    if (!b)
        return;
    refusal_t no;
    json_t *j = league_standings_json(s, state_dir, 0, false, &no);
    const char *season = json_string_value(json_object_get(json_object_get(j, "season"), "name"));
    snprintf(b->season, sizeof b->season, "%s", season ? season : "");
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(j, "rows"), i, r)
    {
        if (!json_is_integer(json_object_get(r, "rank")) || b->n == SEASON_BOARD_ROWS)
            break; /* the ranked ones come first */
        b->rows[b->n].rank = (int)json_integer_value(json_object_get(r, "rank"));
        snprintf(b->rows[b->n].name, sizeof b->rows[b->n].name, "%s",
                 json_string_value(json_object_get(r, "name")));
        b->rows[b->n++].points = json_real_value(json_object_get(r, "points"));
    }
    json_decref(j);
    seasons_board_set(s, b);
    free(b);
}

static char *standings_csv(const json_t *j, size_t *len)
{
    csv_t b = {0};
    char f[160];
    csv_put(&b, "\xEF\xBB\xBF", 3); /* Excel reads UTF-8 only with it */
    static const char head[] = "rank,name,points,played,counted,wins,best,all_points";
    csv_put(&b, head, sizeof head - 1);
    size_t i, k;
    json_t *t, *r, *x;
    json_t *tours = json_object_get(j, "tournaments");
    size_t nt = json_array_size(tours);
    csv_put(&b, nt ? "," : "\r\n", nt ? 1 : 2);
    json_array_foreach(tours, i, t)
    {
        snprintf(f, sizeof f, "%s %s", json_string_value(json_object_get(t, "date")),
                 json_string_value(json_object_get(t, "name")));
        csv_field(&b, f, i + 1 == nt);
    }
    json_array_foreach(json_object_get(j, "rows"), i, r)
    {
        json_t *rank = json_object_get(r, "rank");
        snprintf(f, sizeof f, "%lld", (long long)json_integer_value(rank));
        csv_field(&b, json_is_integer(rank) ? f : "", false);
        csv_field(&b, json_string_value(json_object_get(r, "name")), false);
        snprintf(f, sizeof f, "%.2f,%lld,%lld,%lld,%lld,%.2f",
                 json_real_value(json_object_get(r, "points")),
                 json_integer_value(json_object_get(r, "played")),
                 json_integer_value(json_object_get(r, "counted")),
                 json_integer_value(json_object_get(r, "wins")),
                 json_integer_value(json_object_get(r, "best")),
                 json_real_value(json_object_get(r, "all_points")));
        csv_put(&b, f, strlen(f));
        csv_put(&b, nt ? "," : "\r\n", nt ? 1 : 2);
        /* Each tournament's points; those not counted in brackets. */
        for (size_t c = 0; c < nt; c++) {
            f[0] = 0;
            json_array_foreach(json_object_get(r, "results"), k, x)
            {
                if ((size_t)json_integer_value(json_object_get(x, "tournament")) != c)
                    continue;
                double p = json_real_value(json_object_get(x, "points"));
                snprintf(f, sizeof f,
                         json_is_true(json_object_get(x, "counted")) ? "%.2f" : "(%.2f)", p);
            }
            csv_field(&b, f, c + 1 == nt);
        }
    }
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

enum MHD_Result league_api_list(struct MHD_Connection *con, seasons_t *s)
{
    return reply_json(con, MHD_HTTP_OK, seasons_json(s), NULL, NULL);
}

/* Each tournament a season picks is one the archive holds. */
static int picks_archived(const season_t *season, const char *state_dir, refusal_t *no)
{
    json_t *list = state_dir ? archive_list(state_dir) : json_array();
    int rc = 0;
    for (int i = 0; i < season->n_picked && rc == 0; i++) {
        bool found = false;
        size_t k;
        json_t *t;
        json_array_foreach(list, k, t)
            found |= strcmp(json_string_value(json_object_get(t, "dir")), season->picked[i]) == 0;
        if (!found)
            rc = -1, refuse_season_pick_unknown(no, season->picked[i]);
    }
    json_decref(list);
    return rc;
}

static int post_apply(const json_t *o, seasons_t *s, const char *state_dir, refusal_t *no)
{
    const char *type = json_string_value(json_object_get(o, "type"));
    if (type && strcmp(type, "season_delete") == 0) {
        json_t *id = json_object_get(o, "id");
        if (!json_is_integer(id))
            return refuse_field_missing(no, "id"), -1;
        return seasons_delete(s, (int)json_integer_value(id), no);
    }
    if (!type || strcmp(type, "season_save") != 0)
        return refuse_command_unread(no, "type must be \"season_save\" or \"season_delete\""), -1;
    json_t *current = json_object_get(o, "current");
    if (current && !json_is_boolean(current))
        return refuse_field_bool(no, "current"), -1;
    season_t *season = malloc(sizeof *season);
    if (!season)
        return refuse_out_of_memory(no), -1;
    int rc = season_from_json(json_object_get(o, "season"), season, no);
    if (rc == 0)
        rc = picks_archived(season, state_dir, no);
    if (rc == 0)
        rc = seasons_put(s, season, json_is_true(current), current != NULL, no);
    free(season);
    return rc;
}

enum MHD_Result league_api_post(struct MHD_Connection *con, seasons_t *s, const char *state_dir,
                                const char *body, size_t len)
{
    json_t *o = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, NULL);
    refusal_t no;
    refusal_clear(&no);
    int rc = json_is_object(o) ? post_apply(o, s, state_dir, &no)
                               : (refuse_command_unread(&no, "the body must be a JSON object"), -1);
    json_decref(o);
    if (rc != 0)
        return reply_refused(con, &no);
    json_t *j = seasons_json(s);
    if (j)
        json_object_set_new(j, "ok", json_true());
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

enum MHD_Result league_api_standings(struct MHD_Connection *con, seasons_t *s,
                                     const char *state_dir, bool csv, bool short_names)
{
    const char *arg = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, "season");
    char *end = NULL;
    long id = arg && *arg ? strtol(arg, &end, 10) : 0;
    refusal_t no;
    refusal_clear(&no);
    if (end && (*end || id < 1 || id > 1000000))
        return refuse_field_range(&no, "season", 1, 1000000), reply_refused(con, &no);
    json_t *j = league_standings_json(s, state_dir, (int)id, short_names, &no);
    if (!j)
        return reply_refused(con, &no);
    if (!csv)
        return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
    size_t len = 0;
    char *text = standings_csv(j, &len);
    json_decref(j);
    struct MHD_Response *r = text
                                 ? MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE)
                                 : NULL;
    if (!r) {
        free(text);
        return reply_error(con, MHD_HTTP_INTERNAL_SERVER_ERROR, "the clock is out of memory");
    }
    MHD_add_response_header(r, "Content-Type", "text/csv; charset=utf-8; header=present");
    MHD_add_response_header(r, "Content-Disposition", "inline; filename=\"league.csv\"");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    return reply_queue(con, MHD_HTTP_OK, r);
}

enum MHD_Result league_api_names(struct MHD_Connection *con, names_t *n)
{
    const char *prefix = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, "prefix");
    if (prefix && !text_one_line(prefix))
        return reply_error(con, MHD_HTTP_BAD_REQUEST, "prefix must be one line of text");
    json_t *list = names_find(n, prefix ? prefix : "", NAMES_OFFERED);
    return reply_json(con, MHD_HTTP_OK, list ? json_pack("{s:o}", "names", list) : NULL, NULL,
                      NULL);
}
