/* The panel's "print again"; see slips_api.h. */
#include "net/slips_api.h"

#include <jansson.h>

#include "net/reply.h"

enum MHD_Result slips_api_again(struct MHD_Connection *con, printer_t *printer, bool logged_in,
                                const char *body, size_t len)
{
    if (!logged_in)
        return reply_login_first(con);
    refusal_t no;
    if (!printer) {
        refuse_printer_none(&no, "printer = \"/dev/usb/lp0\";");
        return reply_refused(con, &no);
    }
    json_error_t jerr;
    json_t *j = json_loadb(body ? body : "", len, 0, &jerr);
    json_t *player = json_object_get(j, "player");
    json_int_t id = json_is_integer(player) ? json_integer_value(player) : 0;
    json_decref(j);
    int rc = id >= 1 && id <= ROSTER_MAX_PLAYERS ? printer_again(printer, (int)id - 1) : -2;
    if (rc == 0)
        return reply_json(con, MHD_HTTP_ACCEPTED, json_pack("{s:b}", "ok", 1), NULL, NULL);
    if (rc == -1)
        refuse_printer_queue_full(&no, PRINTER_QUEUE_MAX);
    else
        refuse_player_unknown(&no);
    return reply_refused(con, &no);
}
