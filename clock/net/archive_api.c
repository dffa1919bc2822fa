/* The command new_tournament and GET /api/archive: finished tournaments put aside. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "net/archive_api.h"
#include "net/reply.h"
#include "net/results.h"
#include "store/archive.h"

bool archive_api_is_new(const char *body, size_t len)
{
    json_t *o = json_loadb(body ? body : "", len, 0, NULL);
    bool is = json_is_object(o) && json_is_string(json_object_get(o, "type")) &&
              strcmp(json_string_value(json_object_get(o, "type")), "new_tournament") == 0;
    json_decref(o);
    return is;
}

/* The sheet of /api/results and /api/results.csv, for the archive. */
static char *sheet_text(void *ctx, bool csv, size_t *len)
{
    engine_t *e = ctx;
    if (csv)
        return results_csv(e, true, len);
    json_t *j = results_json(e, true);
    char *text = j ? json_dumps(j, JSON_INDENT(1)) : NULL;
    json_decref(j);
    if (text)
        *len = strlen(text);
    return text;
}

apply_status archive_api_start_new(engine_t *e, char *archived, size_t archivedlen, refusal_t *err)
{
    engine_new_options_t no = {.confirm = true, .sheet = sheet_text, .ctx = e};
    return engine_new_tournament(e, &no, engine_now(e), archived, archivedlen, err);
}

enum MHD_Result archive_api_new(struct MHD_Connection *con, engine_t *e, const char *body,
                                size_t len)
{
    json_error_t je;
    json_t *o = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, &je);
    refusal_t why;
    refusal_clear(&why);
    if (!json_is_object(o)) {
        json_decref(o);
        refuse_body_not_object(&why);
        return reply_refused(con, &why);
    }
    const char *key;
    json_t *value;
    json_object_foreach(o, key, value)
    {
        if (strcmp(key, "type") != 0 && strcmp(key, "confirm") != 0) {
            json_decref(o);
            refuse_command_unread(&why, "new_tournament takes only \"confirm\" (true or false)");
            return reply_refused(con, &why);
        }
    }
    json_t *confirm = json_object_get(o, "confirm");
    if (confirm && !json_is_boolean(confirm)) {
        json_decref(o);
        refuse_field_bool(&why, "confirm");
        return reply_refused(con, &why);
    }
    engine_new_options_t no = {.confirm = json_is_true(confirm), .sheet = sheet_text, .ctx = e};
    json_decref(o);
    char archived[256];
    apply_status st = engine_new_tournament(e, &no, engine_now(e), archived, sizeof archived, &why);
    if (st != APPLY_OK)
        return reply_refusal(con, st, &why);
    uint64_t seq;
    json_t *state = reply_state(e, &seq);
    return reply_json(con, MHD_HTTP_OK,
                      json_pack("{s:b, s:I, s:o*, s:o}", "ok", 1, "seq", (json_int_t)seq, "state",
                                state, "archived",
                                archived[0] ? json_string(archived) : json_null()),
                      NULL, NULL);
}

enum MHD_Result archive_api_list(struct MHD_Connection *con, const char *state_dir)
{
    json_t *list = state_dir ? archive_list(state_dir) : json_array();
    return reply_json(con, MHD_HTTP_OK, list ? json_pack("{s:o}", "tournaments", list) : NULL, NULL,
                      NULL);
}

enum MHD_Result archive_api_sheet(struct MHD_Connection *con, const char *state_dir, bool get,
                                  const char *path)
{
    if (!get)
        return reply_error(con, MHD_HTTP_METHOD_NOT_ALLOWED, "an archived sheet can only be read");
    const char *slash = strchr(path, '/');
    char dir[256];
    char *data = NULL;
    size_t len = 0;
    if (!state_dir || !slash || (size_t)(slash - path) >= sizeof dir ||
        (snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path),
         archive_read(state_dir, dir, slash + 1, &data, &len) != 0))
        return reply_error(con, MHD_HTTP_NOT_FOUND, "there is no archived sheet %.200s", path);
    struct MHD_Response *r = MHD_create_response_from_buffer(len, data, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(data);
        return reply_queue(con, MHD_HTTP_INTERNAL_SERVER_ERROR, NULL);
    }
    bool csv = strcmp(slash + 1, "results.csv") == 0;
    MHD_add_response_header(r, "Content-Type",
                            csv ? "text/csv; charset=utf-8; header=present" : "application/json");
    char disp[320];
    snprintf(disp, sizeof disp, "inline; filename=\"%s-%s\"", dir, slash + 1);
    MHD_add_response_header(r, "Content-Disposition", disp);
    return reply_queue(con, MHD_HTTP_OK, r);
}
