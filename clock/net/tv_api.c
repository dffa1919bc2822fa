/* The panel's TV card: the TV's power, and its three buttons. */
#include "net/tv_api.h"

#include <jansson.h>

#include "net/reply.h"

enum MHD_Result tv_api_get(struct MHD_Connection *con, tv_t *tv)
{
    if (!tv)
        return reply_json(con, MHD_HTTP_OK, json_pack("{s:b}", "cec", 0), NULL, NULL);
    char problem[160];
    tv_power p = tv_status(tv, problem, sizeof problem);
    return reply_json(con, MHD_HTTP_OK,
                      json_pack("{s:b, s:s, s:s}", "cec", 1, "power", tv_power_name(p), "problem",
                                problem),
                      NULL, NULL);
}

enum MHD_Result tv_api_post(struct MHD_Connection *con, tv_t *tv, bool logged_in, const char *body,
                            size_t len)
{
    if (!logged_in)
        return reply_login_first(con);
    refusal_t no;
    if (!tv) {
        refuse_tv_no_cec(&no, "tv = { cec = true; }");
        return reply_refused(con, &no);
    }
    json_error_t jerr;
    json_t *j = json_loadb(body ? body : "", len, 0, &jerr);
    tv_action a;
    int bad = !j || tv_action_parse(json_string_value(json_object_get(j, "action")), &a) != 0;
    json_decref(j);
    if (bad) {
        refuse_tv_action(&no);
        return reply_refused(con, &no);
    }
    tv_request(tv, a);
    return reply_json(con, MHD_HTTP_ACCEPTED, json_pack("{s:b}", "ok", 1), NULL, NULL);
}
