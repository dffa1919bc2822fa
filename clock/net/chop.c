/* POST /api/chop: the deal calculator as a plain API; it changes nothing in the tournament. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "model/deal.h"
#include "net/chop.h"
#include "net/reply.h"

/* A list of whole numbers into out; false with the reason in *no. */
static bool read_list(json_t *body, const char *key, int64_t *out, int max, int *n, refusal_t *no)
{
    json_t *a = json_object_get(body, key);
    if (!json_is_array(a) || json_array_size(a) == 0) {
        refuse_chop_list(no, key);
        return false;
    }
    if (json_array_size(a) > (size_t)max) {
        refuse_chop_list_long(no, key, max);
        return false;
    }
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v)) {
            refuse_chop_item_whole(no, key, (long long)i);
            return false;
        }
        out[i] = json_integer_value(v);
    }
    *n = (int)json_array_size(a);
    return true;
}

/* An optional whole number: def when absent. */
static bool read_number(json_t *body, const char *key, int64_t def, int64_t *out, refusal_t *no)
{
    json_t *v = json_object_get(body, key);
    if (!v) {
        *out = def;
        return true;
    }
    if (!json_is_integer(v)) {
        refuse_chop_number_whole(no, key);
        return false;
    }
    *out = json_integer_value(v);
    return true;
}

static bool parse(json_t *body, deal_method *method, int64_t *stacks, int *n, int64_t *prizes,
                  int *m, int64_t *play_for, int64_t *unit, refusal_t *no)
{
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v)
    {
        static const char *const known[] = {"method", "stacks", "prizes", "play_for", "unit"};
        bool ok = false;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            ok |= strcmp(key, known[i]) == 0;
        if (!ok) {
            refuse_chop_key(no, key);
            return false;
        }
    }
    int which = deal_method_from_name(json_string_value(json_object_get(body, "method")));
    if (which < 0) {
        refuse_chop_method(no);
        return false;
    }
    *method = (deal_method)which;
    return read_list(body, "stacks", stacks, DEAL_MAX_PLAYERS, n, no) &&
           read_list(body, "prizes", prizes, DEAL_MAX_PLAYERS, m, no) &&
           read_number(body, "play_for", 0, play_for, no) && read_number(body, "unit", 1, unit, no);
}

enum MHD_Result chop_reply(struct MHD_Connection *con, bool logged_in, const char *body, size_t len)
{
    if (!logged_in)
        return reply_login_first(con);
    json_error_t je;
    json_t *j = body ? json_loadb(body, len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (!json_is_object(j)) {
        /* JSON that does not parse: the parser's own words, as a command's */
        refusal_t no;
        char why[240];
        snprintf(why, sizeof why, "the chop is not valid JSON: %s",
                 body ? je.text : "the body is empty");
        if (j)
            refuse_body_not_object(&no);
        else
            refuse_command_unread(&no, why);
        json_decref(j);
        return reply_refused(con, &no);
    }
    deal_method method;
    int64_t stacks[DEAL_MAX_PLAYERS], prizes[DEAL_MAX_PLAYERS], amounts[DEAL_MAX_PLAYERS];
    int n = 0, m = 0;
    int64_t play_for, unit;
    deal_info_t info;
    refusal_t no;
    refusal_clear(&no);
    bool parsed = parse(j, &method, stacks, &n, prizes, &m, &play_for, &unit, &no);
    bool ok = parsed &&
              deal_compute(method, stacks, n, prizes, m, play_for, unit, amounts, &info, &no) == 0;
    json_t *name = json_incref(json_object_get(j, "method"));
    json_decref(j);
    if (!ok) {
        json_decref(name);
        return reply_refused(con, &no);
    }
    json_t *list = json_array();
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        json_array_append_new(list, json_integer(amounts[i]));
        total += amounts[i];
    }
    json_t *out = json_pack("{s:o, s:o, s:I, s:I, s:b}", "method", name, "amounts", list, "total",
                            (json_int_t)total, "play_for", (json_int_t)play_for, "approximate",
                            info.approximate);
    if (out && info.approximate) {
        /* rounded up to a hundredth: never claim to be better than it is */
        json_object_set_new(out, "error", json_real(ceil(info.error * 100) / 100));
        json_object_set_new(out, "samples", json_integer(info.samples));
    }
    return reply_json(con, MHD_HTTP_OK, out, NULL, NULL); /* NULL out: 500 */
}
