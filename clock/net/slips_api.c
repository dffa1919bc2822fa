/* The panel's "print again" and the mark of the page of slips; see
 * slips_api.h. */
#include "net/slips_api.h"

#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/reply.h"
#include "store/file.h"

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

/* The mark: one per process, as the engine is. lock guards through and
 * state_dir's file: the request threads set it and read it, the engine's
 * listener (the publishing thread) takes it down. */
static struct {
    pthread_mutex_t lock;
    engine_t *e;          /* set once by slips_mark_open */
    char state_dir[4096]; /* "": memory only */
    int through;          /* lock */
} mark = {PTHREAD_MUTEX_INITIALIZER, NULL, "", 0};

static const char MARK_FILE[] = "slips-printed";

/* With the lock held: the mark set and kept. */
static int set_through(int n)
{
    mark.through = n;
    if (!mark.state_dir[0])
        return 0;
    char text[32];
    snprintf(text, sizeof text, "%d\n", n);
    return file_write_atomic(mark.state_dir, MARK_FILE, text, strlen(text), 0600) == 0 ? 0 : -1;
}

/* After each change: fewer players than the mark (a registration undone,
 * a new tournament begun) take it down. */
static void follow_roster(void *ctx, uint64_t seq)
{
    pthread_mutex_lock(&mark.lock);
    if (mark.through > 0) {
        const snapshot_t *snap = engine_snapshot(mark.e);
        if (snap->roster->n_players < mark.through)
            set_through(snap->roster->n_players);
        snapshot_release(snap);
    }
    pthread_mutex_unlock(&mark.lock);
}

void slips_mark_open(engine_t *e, const char *state_dir)
{
    static atomic_flag opened = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&opened))
        return;
    pthread_mutex_lock(&mark.lock);
    mark.e = e;
    snprintf(mark.state_dir, sizeof mark.state_dir, "%s", state_dir ? state_dir : "");
    char line[32];
    int n = 0;
    if (mark.state_dir[0] && file_first_line(mark.state_dir, MARK_FILE, line, sizeof line))
        n = atoi(line) > 0 ? atoi(line) : 0;
    mark.through = n;
    pthread_mutex_unlock(&mark.lock);
    engine_listen(e, follow_roster, NULL);
    follow_roster(NULL, 0);
}

enum MHD_Result slips_api_mark(struct MHD_Connection *con)
{
    pthread_mutex_lock(&mark.lock);
    int n = mark.through;
    pthread_mutex_unlock(&mark.lock);
    return reply_json(con, MHD_HTTP_OK, json_pack("{s:i}", "printed", n), NULL, NULL);
}

enum MHD_Result slips_api_printed(struct MHD_Connection *con, bool logged_in, const char *body,
                                  size_t len)
{
    if (!logged_in)
        return reply_login_first(con);
    json_error_t jerr;
    json_t *j = json_loadb(body ? body : "", len, 0, &jerr);
    json_t *through = json_object_get(j, "through");
    json_int_t n = json_is_integer(through) ? json_integer_value(through) : -1;
    json_decref(j);
    const snapshot_t *snap = engine_snapshot(mark.e);
    int players = snap->roster->n_players;
    snapshot_release(snap);
    refusal_t no;
    if (n < 0 || n > players) {
        refuse_slips_through(&no, players);
        return reply_refused(con, &no);
    }
    pthread_mutex_lock(&mark.lock);
    int rc = set_through((int)n);
    pthread_mutex_unlock(&mark.lock);
    if (rc != 0) {
        refuse_not_saved(&no, strerror(errno));
        return reply_refused(con, &no);
    }
    return reply_json(con, MHD_HTTP_OK, json_pack("{s:b, s:i}", "ok", 1, "printed", (int)n), NULL,
                      NULL);
}
