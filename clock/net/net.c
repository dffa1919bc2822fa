/* The HTTP server (libmicrohttpd): the daemon, request dispatch and the JSON API. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <microhttpd.h>

#include "base/mono.h"
#include "base/pin_equal.h"
#include "base/prefix.h"
#include "base/sha256.h"
#include "model/text.h"
#include "model/voice.h"
#include "net/archive_api.h"
#include "net/chop.h"
#include "net/conns.h"
#include "net/events.h"
#include "net/files.h"
#include "net/guard.h"
#include "net/headers.h"
#include "net/league_api.h"
#include "net/net.h"
#include "net/reply.h"
#include "net/results.h"
#include "net/session.h"
#include "net/shots.h"
#include "net/slides_api.h"
#include "net/slips_api.h"
#include "net/tally.h"
#include "net/tv_api.h"
#include "net/words.h"
#include "store/picture.h"
#include "store/pin.h"
#include "json/codec.h"
#include "json/moves.h"
#include "json/roster.h"

enum {
    BODY_MAX = 16 * 1024,    /* the largest request body kept */
    DRAIN_MAX = 1024 * 1024, /* larger ones are refused before they are read */
    THREADS = 4,             /* a slow fsync must not stall the rest */
    CONNECTIONS_MAX = 8000,  /* fewer when the descriptors are fewer */
    CONN_MEMORY = 8 * 1024,  /* MHD's pool per connection (32 KiB by default), about
                              * half of it touched: a request's headers (up to about
                              * 4 KiB) and an answer's; bodies are kept apart */
    FD_SPARE_MIN = 32,       /* descriptors kept for files, the journal, SDL */
    PER_ADDRESS = 256,  /* connections from one address (a screen with tabs, streams gone unseen) */
    DIRECTOR_ROOM = 48, /* the last connections: sessions and pages only */
    REQUEST_MAX_MS = 10000, /* a whole request must arrive within this */
    SEND_STALL_MS = 20000,  /* a peer that takes nothing of its answer this long is gone */
    IDLE_TIMEOUT_S = 30,
};

#define COOKIE "pc_session"
#define PHONE_COOKIE "pc_phone" /* a phone that logged in here: SESSION_PHONE_AGE_S */

/* Set by net_start before the daemon's threads start, then only read: the
 * parts it points to guard their own state. */
struct net {
    engine_t *e;
    struct MHD_Daemon *d;
    pin_t pin; /* the director PIN, as its salted hash */
    char *state_dir;
    const settings_t *config;
    session_store_t *sessions;
    session_store_t *phones; /* phones that logged in: they may use the guard's reserve */
    guard_t *guard;
    tally_t *wrong_pins; /* the log's wrong PINs, a line per address a minute */
    events_t *events;
    files_t *files;
    conns_t *conns;
    shots_t *shots;
    net_speech_fn speech; /* GET /api/speech (main: the wall's words), or NULL */
    void *speech_ctx;
    words_t *words;     /* renders them off the request threads (with speech) */
    slides_t *slides;   /* /api/slides, or NULL */
    tv_t *tv;           /* /api/tv, or NULL without CEC */
    printer_t *printer; /* POST /api/slip, or NULL without a printer */
    seasons_t *seasons; /* /api/league: the venue's seasons */
    names_t *names;     /* /api/names: the archive's players */
    int limit;          /* connections, from the descriptor limit */
    int streams_public; /* event streams without a session, at most */
    int guard_speedup;  /* 1; more makes the guard's time run faster (tests) */
};

/* Per request, in *con_cls from the first call to the completed callback. */
typedef struct {
    char *body; /* NUL-terminated; NULL while empty */
    size_t len;
    size_t seen;        /* bytes of body received, kept or not */
    bool too_large;     /* the rest was read and thrown away */
    size_t max, drain;  /* BODY_MAX, DRAIN_MAX; a slide's picture more */
    size_t cap;         /* bytes allocated for body */
    words_job_t *words; /* GET /api/speech waiting for its words (words.h): the
                         * words thread's until resumed, then this request's */
} request_t;

typedef enum MHD_Result (*handler_fn)(net_t *n, struct MHD_Connection *con, request_t *r);

static const char *header(struct MHD_Connection *con, const char *name)
{
    return MHD_lookup_connection_value(con, MHD_HEADER_KIND, name);
}

static bool logged_in(net_t *n, struct MHD_Connection *con)
{
    const char *token = MHD_lookup_connection_value(con, MHD_COOKIE_KIND, COOKIE);
    return token && session_valid(n->sessions, token, (int64_t)time(NULL));
}

/* A follower: its tournament and slides are the master's. */
static bool following(net_t *n)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    bool f = snap->follows[0] != 0;
    snapshot_release(snap);
    return f;
}

/* Names as this reader may see them: the house's short names ("Anna B.")
 * to anyone but the director. */
static bool public_names_short(net_t *n, struct MHD_Connection *con, const snapshot_t *snap)
{
    return snap->t.s.house.short_names && !logged_in(n, con);
}

/* The snapshot as JSON; the reference is held only while rendering. */
static json_t *state_json(net_t *n, uint64_t *seq)
{
    return reply_state(n->e, seq);
}

/* ---- handlers ---- */

/* Serialised once for every poller and stream (events.c). */
static enum MHD_Result get_state(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return reply_queue(con, MHD_HTTP_OK, events_state_response(n->events));
}

static enum MHD_Result get_structure(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    json_t *j = codec_structure(&snap->t.s);
    snapshot_release(snap);
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

/* GET /api/players: the roster, from the snapshot (nothing waits on the writer). */
static enum MHD_Result get_players(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    if (snap->roster_json) { /* a follower: the master's */
        json_t *m = json_loadb(snap->roster_json, snap->roster_json_len, 0, NULL);
        snapshot_release(snap);
        return reply_json(con, MHD_HTTP_OK, m, NULL, NULL);
    }
    bool short_names = public_names_short(n, con, snap);
    json_t *j = roster_json_players(snap->roster, short_names);
    if (j) {
        /* seeded by the moves made, not the version: a seat proposed stays
         * through busts and button marks until a move is made */
        json_object_set_new(j, "next",
                            roster_json_proposal(snap->roster, snap->roster->moves.total));
        json_object_set_new(j, "moves",
                            moves_json_list(snap->roster, short_names, engine_now(n->e)));
    }
    snapshot_release(snap);
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

/* GET /api/moves: the recent moves alone, for the wall and the kiosk. */
static enum MHD_Result get_moves(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    json_t *j = moves_json_resource(snap->roster, &snap->t.s.house,
                                    public_names_short(n, con, snap), engine_now(n->e));
    snapshot_release(snap);
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

/* GET /api/view: what the screen shows now (also in every state). */
static enum MHD_Result get_view(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return reply_json(con, MHD_HTTP_OK, reply_view(n->e), NULL, NULL);
}

static enum MHD_Result get_healthz(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    json_t *j = json_pack("{s:b, s:I}", "ok", 1, "seq", (json_int_t)snap->seq);
    snapshot_release(snap);
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

/* The wall's languages now: as set on the panel, or the configuration's. */
static void wall_languages(const snapshot_t *snap, const settings_t *c, const char **l1,
                           const char **l2)
{
    *l1 = snap->language[0] ? snap->language : c->language[0] ? c->language : "en";
    *l2 = snap->language[0] ? snap->language2 : c->language2;
}

static enum MHD_Result get_settings(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const settings_t *c = n->config;
    if (!c)
        return reply_json(con, MHD_HTTP_OK,
                          json_pack("{s:s, s:n, s:{}}", "language", "en", "language2", "theme"),
                          NULL, NULL);
    const theme_t *t = &c->theme;
    const snapshot_t *snap = engine_snapshot(n->e);
    const char *l1, *l2;
    wall_languages(snap, c, &l1, &l2);
    json_t *j = json_pack("{s:s, s:o, s:{s:s, s:s, s:s, s:s, s:s, s:s}}", "language", l1,
                          "language2", l2[0] ? json_string(l2) : json_null(), "theme", "background",
                          t->bg, "foreground", t->fg, "accent", t->accent, "paused", t->paused,
                          "break", t->brk, "warning", t->warn);
    /* The kiosk's page of house rules, one paragraph each. */
    json_t *rules = json_array();
    for (int i = 0; rules && i < c->n_house_rules; i++)
        json_array_append_new(rules, json_string(c->house_rules[i]));
    if (j && rules)
        json_object_set_new(j, "house_rules", rules);
    else
        json_decref(rules);
    /* What the pages play, when the venue lets them (sound.pages): the
     * configuration's sound group with what the panel set over it; and
     * which events speak on the wall, for the panel. */
    voice_config_t vc;
    voice_effective(&c->voice, &snap->t, &vc);
    snapshot_release(snap);
    json_t *sounds = json_object(), *speak = json_object();
    for (int e = 0; e < VOICE__COUNT; e++) {
        const char *name = voice_sound_for(&vc, (voice_event)e);
        if (e != VOICE_SAY)
            json_object_set_new(sounds, voice_event_name((voice_event)e),
                                name ? json_string(name) : json_null());
        if (voice_speakable((voice_event)e))
            json_object_set_new(speak, voice_event_name((voice_event)e), json_boolean(vc.speak[e]));
    }
    json_t *choices = json_array();
    for (int i = 0; voice_sounds[i]; i++)
        json_array_append_new(choices, json_string(voice_sounds[i]));
    json_object_set_new(j, "sound",
                        json_pack("{s:b, s:i, s:o, s:o, s:o}", "pages", vc.pages, "volume",
                                  voice_volume(&vc), "sounds", sounds, "speak", speak, "choices",
                                  choices));
    return reply_json(con, MHD_HTTP_OK, j, NULL, NULL);
}

/* Streams cost a descriptor each for as long as they are open: strangers
 * get half the connections at most, so that pages, commands and the
 * director's own stream still find room. */
static enum MHD_Result get_events(net_t *n, struct MHD_Connection *con, request_t *r)
{
    int open = events_open(n->events);
    if (open >= n->limit - DIRECTOR_ROOM / 2 || (open >= n->streams_public && !logged_in(n, con)))
        return reply_no_room(con, "too many screens follow this clock; try again later");
    conns_streaming(con);
    return reply_queue(con, MHD_HTTP_OK, events_response(n->events, con));
}

static enum MHD_Result get_session(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return reply_json(con, MHD_HTTP_OK, json_pack("{s:b}", "logged_in", logged_in(n, con)), NULL,
                      NULL);
}

/* A size from the query: -1 when absent; false for anything that is not a
 * plain number. */
static bool query_size(struct MHD_Connection *con, const char *key, int *out)
{
    const char *s = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, key);
    *out = -1;
    if (!s)
        return true;
    if (!*s || strlen(s) > 6 || strspn(s, "0123456789") != strlen(s))
        return false;
    *out = (int)strtol(s, NULL, 10);
    return true;
}

/* A few fixed sizes only (shots.h): each is rendered once per change for
 * everybody; w alone or h alone means the landscape size with that side. */
static enum MHD_Result get_screen(net_t *n, struct MHD_Connection *con, request_t *r)
{
    int w, h;
    if (!query_size(con, "w", &w) || !query_size(con, "h", &h))
        return reply_error(con, MHD_HTTP_BAD_REQUEST,
                           "w and h must be whole numbers of pixels, like ?w=1280&h=720");
    if (w < 0 && h < 0)
        w = 1280, h = 720;
    else if (h < 0)
        h = w * 9 / 16;
    else if (w < 0)
        w = h * 16 / 9;
    if (!shots_allowed(w, h)) {
        return reply_error(con, MHD_HTTP_BAD_REQUEST,
                           "pictures come in these sizes only: %s; %dx%d is not one",
                           shots_sizes_text(), w, h);
    }
    if (!n->shots)
        return reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE,
                           "this pokerclock has no wall display to show");
    bool suspended;
    struct MHD_Response *resp = shots_response(n->shots, con, w, h, &suspended);
    if (suspended)
        return MHD_YES; /* answered when the picture is there */
    if (!resp)
        return reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE,
                           "the wall display could not be rendered");
    MHD_add_response_header(resp, "Content-Type", "image/png");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    return reply_queue(con, MHD_HTTP_OK, resp);
}

/* The spoken words' answer: the WAV open in fd (rc 0), or why not. */
static enum MHD_Result speech_answer(struct MHD_Connection *con, int rc, int fd, const char *err)
{
    if (rc != 0)
        return reply_error(con, rc > 0 ? MHD_HTTP_CONFLICT : MHD_HTTP_SERVICE_UNAVAILABLE, "%s",
                           err);
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE, "the spoken words were lost");
    }
    struct MHD_Response *resp = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!resp) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", "audio/wav");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    return reply_queue(con, MHD_HTTP_OK, resp);
}

/* What the wall says for an event, as a WAV file for /display and /kiosk
 * (GET /api/speech?event=level&lang=no): only the words of the state now,
 * in the wall's languages, for an event the venue lets speak; never a
 * text of the asker's. From the cache at once, else rendered once by the
 * words thread (words.c) while the request waits without a thread. */
static enum MHD_Result get_speech(net_t *n, struct MHD_Connection *con, request_t *r)
{
    char err[300] = "";
    int fd = -1;
    if (r->words) { /* resumed: its words are rendered, or could not be */
        int rc = words_result(r->words, &fd, err, sizeof err);
        words_job_free(r->words);
        r->words = NULL;
        return speech_answer(con, rc, fd, err);
    }
    const char *name = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, "event");
    const char *lang = MHD_lookup_connection_value(con, MHD_GET_ARGUMENT_KIND, "lang");
    int e = -1;
    for (int i = 0; name && i < VOICE__COUNT; i++)
        if ((voice_speakable((voice_event)i) || i == VOICE_SAY) &&
            strcmp(name, voice_event_name((voice_event)i)) == 0)
            e = i;
    if (e < 0)
        return reply_error(con, MHD_HTTP_NOT_FOUND,
                           "event must be one with words: level, break, break_over, color_up, "
                           "hand_for_hand, bubble, money, day_end or say");
    if (!n->config || !n->speech || !n->words)
        return reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE, "this pokerclock does not speak");
    const snapshot_t *snap = engine_snapshot(n->e);
    const settings_t *c = n->config;
    const char *l1, *l2;
    wall_languages(snap, c, &l1, &l2);
    voice_config_t vc;
    voice_effective(&c->voice, &snap->t, &vc);
    const char *refused = NULL;
    if (!vc.pages)
        refused = "the pages play no sound here (sound.pages is off)";
    else if (snap->t.quiet)
        refused = "the wall's sound is off";
    else if (e != VOICE_SAY && !vc.speak[e])
        refused = "that event is not spoken (the panel's sound settings)";
    else if (!lang ||
             !(strcmp(lang, l1) == 0 || (e != VOICE_SAY && l2[0] && strcmp(lang, l2) == 0)))
        refused = "lang must be the wall's language (or its second one)";
    int64_t now = engine_now(n->e);
    int rc = refused ? 1
                     : n->speech(n->speech_ctx, snap, now, e, lang, false, &fd, err, sizeof err);
    if (rc == 2)
        r->words = words_render(n->words, con, snap, now, e, lang);
    snapshot_release(snap);
    if (refused)
        return reply_error(con, MHD_HTTP_CONFLICT, "%s", refused);
    if (rc == 2)
        return r->words ? MHD_YES /* answered when resumed */
                        : reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE,
                                      "too many pages are waiting for their words: ask again");
    return speech_answer(con, rc, fd, err);
}

/* ctx: the cookies to set, a NULL-terminated list. */
static void add_cookies(struct MHD_Response *resp, void *ctx)
{
    for (const char *const *c = ctx; *c; c++)
        MHD_add_response_header(resp, "Set-Cookie", *c);
}

/* The client's address as bytes, for counting its wrong PINs. */
static const void *client_addr(struct MHD_Connection *con, size_t *len)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(con, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    if (sa && sa->sa_family == AF_INET) {
        *len = 4;
        return &((const struct sockaddr_in *)sa)->sin_addr;
    }
    if (sa && sa->sa_family == AF_INET6) {
        *len = 16;
        return &((const struct sockaddr_in6 *)sa)->sin6_addr;
    }
    *len = 1;
    return "";
}

/* The guard's clock: monotonic, running faster for tests that must not wait. */
static int64_t guard_now(const net_t *n)
{
    return mono_ms() * n->guard_speedup;
}

/* Who is trying a PIN, for the guard: a phone that logged in here before
 * by its cookie (its own waits, wherever it connects from, and the guard's
 * reserve), anyone else by address. */
typedef struct {
    uint8_t who[GUARD_WHO_MAX];
    size_t len;
    const char *phone; /* a known phone's cookie; NULL: a stranger */
} trier_t;

static void who_tries(net_t *n, struct MHD_Connection *con, const void *addr, size_t alen,
                      trier_t *t)
{
    const char *phone = MHD_lookup_connection_value(con, MHD_COOKIE_KIND, PHONE_COOKIE);
    t->phone = phone && session_valid(n->phones, phone, (int64_t)time(NULL)) ? phone : NULL;
    if (t->phone) {
        uint8_t h[SHA256_LEN];
        sha256(phone, strlen(phone), h);
        t->who[0] = 'p'; /* 17 bytes: never an address's 4 or 16 */
        memcpy(t->who + 1, h, 16);
        t->len = 17;
    } else {
        memcpy(t->who, addr, alen);
        t->len = alen;
    }
}

/* A wrong try: counted for who tried (and for the clock when the PIN was
 * looked at), and for the log's summary of the address's minute, never
 * with what was typed. */
static enum MHD_Result wrong_try(net_t *n, struct MHD_Connection *con, const trier_t *t,
                                 const void *addr, size_t alen, int clock_wait,
                                 const refusal_t *why)
{
    bool looked = clock_wait == 0;
    refusal_t no;
    int wait = guard_fail(n->guard, t->who, t->len, guard_now(n), &no, NULL);
    tally_add(n->wrong_pins, addr, alen, !looked);
    if (!looked)
        return reply_refusal_retry(con, wait > clock_wait ? wait : clock_wait, why);
    if (wait > 0)
        return reply_refusal_retry(con, wait, &no);
    return reply_refused(con, &no);
}

/* The PIN, or the one-time code the wall shows after a key press there. The
 * code is looked at even when wrong PINs from everywhere have used up the
 * clock's budget: that is a new phone's way in while guessers hammer; a
 * phone that logged in before has the budget's reserve. Each login makes
 * the phone known (a new cookie replaces the one it brought). */
static enum MHD_Result post_login(net_t *n, struct MHD_Connection *con, request_t *r)
{
    refusal_t no;
    size_t alen;
    const void *addr = client_addr(con, &alen);
    trier_t t;
    who_tries(n, con, addr, alen, &t);
    int wait = guard_check(n->guard, t.who, t.len, guard_now(n), &no);
    if (wait > 0)
        return reply_refusal_retry(con, wait, &no);
    json_error_t je;
    json_t *body = r->body ? json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &je) : NULL;
    const char *pin = json_string_value(json_object_get(body, "pin"));
    if (!pin || json_object_size(body) != 1) {
        json_decref(body);
        refuse_login_pin_missing(&no);
        return reply_refused(con, &no);
    }
    bool ok = pin_code_take(pin, engine_now(n->e));
    int clock_wait = 0;
    if (!ok) {
        clock_wait = guard_take(n->guard, t.phone != NULL, guard_now(n), &no);
        ok = clock_wait == 0 && pin_equal(&n->pin.key, pin);
        if (ok)
            guard_give_back(n->guard);
    }
    json_decref(body);
    if (!ok)
        return wrong_try(n, con, &t, addr, alen, clock_wait, &no);
    guard_succeed(n->guard, t.who, t.len);
    int64_t now = (int64_t)time(NULL);
    char token[SESSION_TOKEN_LEN + 1], phone[SESSION_TOKEN_LEN + 1];
    if (session_create(n->sessions, now, token) != 0 || session_create(n->phones, now, phone) != 0)
        return reply_error(con, MHD_HTTP_SERVICE_UNAVAILABLE,
                           "no randomness for a session yet; try again in a moment");
    if (t.phone)
        session_end(n->phones, t.phone);
    if (n->state_dir)
        pin_mark_seen(n->state_dir);
    char session_cookie[160], phone_cookie[160];
    snprintf(session_cookie, sizeof session_cookie,
             COOKIE "=%s; HttpOnly; SameSite=Strict; Path=/; Max-Age=%d", token, SESSION_MAX_AGE_S);
    snprintf(phone_cookie, sizeof phone_cookie,
             PHONE_COOKIE "=%s; HttpOnly; SameSite=Strict; Path=/api; Max-Age=%d", phone,
             SESSION_PHONE_AGE_S);
    const char *cookies[] = {session_cookie, phone_cookie, NULL};
    return reply_json(con, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1), add_cookies, cookies);
}

/* {} (or no body): this session ends. {"everywhere": true}, for the
 * director: every session ends, and every known phone but this one is
 * forgotten (a lost phone, or a PIN seen by others). */
static enum MHD_Result post_logout(net_t *n, struct MHD_Connection *con, request_t *r)
{
    const char *token = MHD_lookup_connection_value(con, MHD_COOKIE_KIND, COOKIE);
    json_error_t je;
    json_t *body = r->body ? json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &je) : NULL;
    json_t *everywhere = json_object_get(body, "everywhere");
    bool well_formed = !r->body || (json_is_object(body) &&
                                    json_object_size(body) ==
                                        (everywhere && json_is_boolean(everywhere) ? 1u : 0u));
    bool all = json_is_true(everywhere);
    json_decref(body);
    if (!well_formed)
        return reply_error(con, MHD_HTTP_BAD_REQUEST,
                           "send {} to log out here, {\"everywhere\": true} to log out everywhere");
    if (all) {
        if (!logged_in(n, con))
            return reply_login_first(con);
        session_end_all(n->sessions, NULL);
        session_end_all(n->phones, MHD_lookup_connection_value(con, MHD_COOKIE_KIND, PHONE_COOKIE));
        fprintf(stderr, "pokerclock: the director logged out everywhere\n");
    } else if (token) {
        session_end(n->sessions, token);
    }
    static const char *const cleared[] = {COOKIE "=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0",
                                          NULL};
    return reply_json(con, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1), add_cookies, (void *)cleared);
}

/* After a command that named players: their records as they are now
 * (those registered, the one out and the winner, ...), or NULL. */
static json_t *players_named(net_t *n, const command_t *c)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    const roster_t *r = snap->roster;
    json_t *list = NULL;
    int from = -1, to = -1;
    if (c->type == CMD_REGISTER && c->player > 0) {
        from = c->player - 1;
        to = r->n_players;
    } else if (c->player > 0) {
        from = c->player - 1;
        to = c->player;
    } else if (((c->type == CMD_BREAK_TABLE || c->type == CMD_FINAL_TABLE) && c->n_seats > 0) ||
               (c->type == CMD_BUST && c->n_busts > 0 && c->movers[0] > 0)) {
        int k = c->type == CMD_BUST ? c->n_busts : c->n_seats;
        list = json_array();
        for (int i = 0; i < k && i < TOURNEY_MAX_REGISTER; i++)
            if (c->movers[i] >= 1 && c->movers[i] <= r->n_players)
                json_array_append_new(list, roster_json_player(r, c->movers[i] - 1, false));
    }
    if (from >= 0 && from < to && to <= r->n_players) {
        list = json_array();
        for (int i = from; i < to; i++)
            json_array_append_new(list, roster_json_player(r, i, false));
        /* The last bust: the winner too. */
        for (int i = 0; c->type == CMD_BUST && i < r->n_players; i++)
            if (r->players[i].status != PLAYER_OUT && r->players[i].place_best == 1)
                json_array_append_new(list, roster_json_player(r, i, false));
    }
    snapshot_release(snap);
    return list;
}

static enum MHD_Result post_command(net_t *n, struct MHD_Connection *con, request_t *r)
{
    if (!logged_in(n, con))
        return reply_login_first(con);
    if (archive_api_is_new(r->body, r->len)) {
        enum MHD_Result done = archive_api_new(con, n->e, r->body, r->len);
        league_api_board(n->seasons, n->state_dir); /* one more tournament in the archive */
        return done;
    }
    command_t c;
    refusal_t unread;
    if (codec_command_parse_text(r->body ? r->body : "", r->len, &c, &unread) != 0)
        return reply_refused(con, &unread);
    command_t *done = malloc(sizeof *done);
    if (!done)
        return reply_error(con, MHD_HTTP_INTERNAL_SERVER_ERROR, "the clock is out of memory");
    refusal_t no;
    refusal_clear(&no);
    apply_status st = engine_apply_get(n->e, &c, engine_now(n->e), done, &no);
    if (st != APPLY_OK) {
        free(done);
        return reply_refusal(con, st, &no);
    }
    uint64_t seq;
    json_t *state = state_json(n, &seq);
    json_t *reply = json_pack("{s:b, s:I, s:o*}", "ok", 1, "seq", (json_int_t)seq, "state", state);
    /* The players the command named: the seats drawn, the place of a bust. */
    json_t *players = reply ? players_named(n, done) : NULL;
    if (players)
        json_object_set_new(reply, "players", players);
    free(done);
    return reply_json(con, MHD_HTTP_OK, reply, NULL, NULL);
}

static enum MHD_Result post_chop(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return chop_reply(con, logged_in(n, con), r->body, r->len);
}

static enum MHD_Result get_results(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return results_reply_json(con, n->e, logged_in(n, con));
}

static enum MHD_Result get_results_csv(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return results_reply_csv(con, n->e, logged_in(n, con));
}

static enum MHD_Result get_archive(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return archive_api_list(con, n->state_dir);
}

static enum MHD_Result get_league(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return league_api_list(con, n->seasons);
}

static enum MHD_Result post_league(net_t *n, struct MHD_Connection *con, request_t *r)
{
    if (!logged_in(n, con))
        return reply_login_first(con);
    enum MHD_Result done = league_api_post(con, n->seasons, n->state_dir, r->body, r->len);
    league_api_board(n->seasons, n->state_dir);
    return done;
}

/* The table as a player may read it: short names where the house has them. */
static enum MHD_Result league_table(net_t *n, struct MHD_Connection *con, bool csv)
{
    const snapshot_t *snap = engine_snapshot(n->e);
    bool short_names = public_names_short(n, con, snap);
    snapshot_release(snap);
    return league_api_standings(con, n->seasons, n->state_dir, csv, short_names);
}

static enum MHD_Result get_league_standings(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return league_table(n, con, false);
}

static enum MHD_Result get_league_csv(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return league_table(n, con, true);
}

seasons_t *net_seasons(net_t *n)
{
    return n ? n->seasons : NULL;
}

/* The archive's names are the director's record, in full: the desk's. */
static enum MHD_Result get_names(net_t *n, struct MHD_Connection *con, request_t *r)
{
    if (!logged_in(n, con))
        return reply_login_first(con);
    return league_api_names(con, n->names);
}

static enum MHD_Result get_tv(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return tv_api_get(con, n->tv);
}

static enum MHD_Result post_slip(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return slips_api_again(con, n->printer, logged_in(n, con), r->body, r->len);
}

static enum MHD_Result get_slips(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return slips_api_mark(con);
}

static enum MHD_Result post_slips_printed(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return slips_api_printed(con, logged_in(n, con), r->body, r->len);
}

static enum MHD_Result post_tv(net_t *n, struct MHD_Connection *con, request_t *r)
{
    return tv_api_post(con, n->tv, logged_in(n, con), r->body, r->len);
}

/* ---- dispatch ---- */

static const struct route {
    const char *method, *path;
    handler_fn fn;
} routes[] = {
    {"GET", "/api/state", get_state},
    {"GET", "/api/events", get_events},
    {"GET", "/api/structure", get_structure},
    {"GET", "/api/settings", get_settings},
    {"GET", "/api/players", get_players},
    {"GET", "/api/moves", get_moves},
    {"GET", "/api/screen.png", get_screen},
    {"GET", "/api/speech", get_speech},
    {"GET", "/api/session", get_session},
    {"POST", "/api/login", post_login},
    {"POST", "/api/logout", post_logout},
    {"POST", "/api/command", post_command},
    {"GET", "/healthz", get_healthz},
    {"POST", "/api/chop", post_chop},
    {"GET", "/api/results", get_results},
    {"GET", "/api/results.csv", get_results_csv},
    {"GET", "/api/archive", get_archive},
    {"GET", "/api/league", get_league},
    {"POST", "/api/league", post_league},
    {"GET", "/api/league/standings", get_league_standings},
    {"GET", "/api/league.csv", get_league_csv},
    {"GET", "/api/names", get_names},
    {"GET", "/api/view", get_view},
    {"GET", "/api/tv", get_tv},
    {"POST", "/api/tv/action", post_tv},
    {"POST", "/api/slip", post_slip},
    {"GET", "/api/slips", get_slips},
    {"POST", "/api/slips/printed", post_slips_printed},
};

static void add_allow(struct MHD_Response *resp, void *ctx)
{
    MHD_add_response_header(resp, "Allow", ctx);
}

/* A browser sends Origin with every POST; another site's page must not be
 * able to drive the clock through the director's browser. The clock speaks
 * plain HTTP, so its own pages' origin is exactly "http://" + Host. A POST
 * without Origin does not come from a page in a browser (curl, a script):
 * it cannot ride on the director's cookie, and still needs the PIN or a
 * session of its own. */
static bool same_origin(struct MHD_Connection *con)
{
    const char *origin = header(con, "Origin");
    if (!origin)
        return true;
    const char *host = header(con, "Host");
    const char *origin_host = starts_with(origin, "http://");
    return host && origin_host && strcasecmp(origin_host, host) == 0;
}

/* A page of another site can have its own name turned into this clock's
 * address (DNS rebinding) and then talk to the clock as its own site,
 * from a guest's browser: it still says its own name as Host, and is
 * refused, before anything is read. A request without Host is not from a
 * browser (HTTP/1.0, a script). name: this machine's, for the message. */
static bool host_ours(struct MHD_Connection *con, char *name, size_t len)
{
    const char *host = header(con, "Host");
    headers_machine_name(mono_ms(), name, len);
    return !host || headers_host_ours(host, name);
}

/* Near the connection limit only the director is served: requests with a
 * session, the login and the pages. Strangers' API reads wait for room. */
static bool room_for(net_t *n, struct MHD_Connection *con, const char *url)
{
    if (conns_open(n->conns) < n->limit - DIRECTOR_ROOM)
        return true;
    if (!starts_with(url, "/api/") || strcmp(url, "/api/login") == 0)
        return true;
    return logged_in(n, con);
}

static enum MHD_Result dispatch(net_t *n, struct MHD_Connection *con, const char *url,
                                const char *method, request_t *r)
{
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    conns_answering(con);
    if (!room_for(n, con, url))
        return reply_no_room(con, "the clock has too many connections; try again in a moment");
    const char *sheet = starts_with(url, "/api/archive/");
    if (sheet)
        return archive_api_sheet(con, n->state_dir, get, sheet);
    if (slides_api_url(url)) {
        if (!get && !same_origin(con))
            return reply_error(con, MHD_HTTP_FORBIDDEN,
                               "refused: this request came from another site's page");
        if (!get && following(n))
            return reply_error(con, MHD_HTTP_CONFLICT,
                               "this screen shows the master's slides: change them on the "
                               "master's panel");
        return slides_api_answer(con, n->slides, method, url, r->body, r->len, logged_in(n, con));
    }
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const struct route *rt = &routes[i];
        if (strcmp(url, rt->path) != 0)
            continue;
        bool wants_get = strcmp(rt->method, "GET") == 0;
        bool other = i + 1 < sizeof routes / sizeof routes[0] && !strcmp(url, routes[i + 1].path);
        if ((wants_get ? !get : strcmp(method, rt->method) != 0) && other)
            continue; /* the same address, read and changed: the next one */
        if (wants_get ? !get : strcmp(method, rt->method) != 0) {
            char msg[128]; /* a long method is cut, and repaired where cut in a character */
            snprintf(msg, sizeof msg, "%s takes %s, not %s", rt->path, rt->method, method);
            return reply_error_with(con, MHD_HTTP_METHOD_NOT_ALLOWED, msg, add_allow,
                                    wants_get ? "GET, HEAD" : (void *)rt->method);
        }
        if (!wants_get && !same_origin(con))
            return reply_error(con, MHD_HTTP_FORBIDDEN,
                               "refused: this request came from another site's page");
        if (!wants_get && !headers_json_ok(header(con, "Content-Type"), r->len))
            return reply_error(con, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "%s", HEADERS_NOT_JSON);
        return rt->fn(n, con, r);
    }
    if (starts_with(url, "/api/"))
        return reply_error(con, MHD_HTTP_NOT_FOUND, "there is no %.200s in this API", url);
    if (!get)
        return reply_error_with(con, MHD_HTTP_METHOD_NOT_ALLOWED, "pages can only be read (GET)",
                                add_allow, "GET, HEAD");
    struct MHD_Response *page = files_response(n->files, url);
    if (!page)
        return reply_error(con, MHD_HTTP_NOT_FOUND, "there is no page %.200s", url);
    return reply_queue(con, MHD_HTTP_OK, page);
}

/* A request's first call, before its body: refuses what cannot be
 * answered (not UTF-8, another site's name, a body too large) and sets how
 * much of the body is kept. */
static enum MHD_Result request_begin(net_t *n, struct MHD_Connection *con, const char *url,
                                     const char *method, request_t *r)
{
    /* Messages quote the address and method: JSON cannot carry what is
     * not UTF-8. */
    if (!text_utf8_valid(url) || !text_utf8_valid(method))
        return reply_error(con, MHD_HTTP_BAD_REQUEST, "the address or method is not valid UTF-8");
    char name[256];
    if (!host_ours(con, name, sizeof name))
        return reply_error(con, MHD_HTTP_MISDIRECTED_REQUEST,
                           "refused: %.100s is not a name of this clock; open it by its "
                           "address (like 192.168.1.20) or as %.*s.local",
                           header(con, "Host"), (int)strcspn(name, "."), name);
    r->max = BODY_MAX;
    r->drain = DRAIN_MAX;
    const char *cl = header(con, "Content-Length");
    /* A slide's picture may be large: only the director's, and only up
     * to its limit, is read at all. */
    if (slides_api_url(url) && strcmp(method, "GET") && strcmp(method, "HEAD")) {
        if (!logged_in(n, con))
            return reply_login_first(con);
        /* Too large ones are read and thrown away, up to four times
         * the limit, so that the phone hears why (a browser that is
         * cut off mid-upload shows only a network error). */
        r->max = PICTURE_BYTES_MAX;
        r->drain = 4 * (size_t)PICTURE_BYTES_MAX;
        if (cl && strtoull(cl, NULL, 10) > r->drain) {
            refusal_t no;
            picture_refuse_bytes(&no, strtoull(cl, NULL, 10));
            return reply_refused(con, &no);
        }
    }
    if (cl && strtoull(cl, NULL, 10) > r->drain) /* answered unread; MHD then closes */
        return reply_error(con, MHD_HTTP_CONTENT_TOO_LARGE,
                           "the request is too large: at most 16 KiB");
    return MHD_YES;
}

/* A piece of the body: kept up to r->max, counted and thrown away past it,
 * and the connection dropped past r->drain. */
static enum MHD_Result request_take(request_t *r, const char *data, size_t size)
{
    r->seen += size;
    if (r->seen > r->drain)
        return MHD_NO; /* an endless body: hang up rather than read on */
    if (!r->too_large && r->len + size > r->max) {
        r->too_large = true;
        free(r->body);
        r->body = NULL;
        r->len = r->cap = 0;
    }
    if (r->too_large)
        return MHD_YES;
    if (r->len + size + 1 > r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 4096; /* doubling: a picture arrives in pieces */
        while (cap < r->len + size + 1)
            cap *= 2;
        char *more = realloc(r->body, cap);
        if (!more)
            return MHD_NO;
        r->body = more;
        r->cap = cap;
    }
    memcpy(r->body + r->len, data, size);
    r->len += size;
    r->body[r->len] = 0;
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **con_cls)
{
    net_t *n = cls;
    request_t *r = *con_cls;
    if (!r) {
        if (!(r = calloc(1, sizeof *r)))
            return MHD_NO;
        *con_cls = r;
        return request_begin(n, con, url, method, r);
    }
    if (*upload_size) {
        enum MHD_Result rc = request_take(r, upload_data, *upload_size);
        *upload_size = 0;
        return rc;
    }
    if (r->too_large && r->max == PICTURE_BYTES_MAX) {
        refusal_t no;
        refuse_picture_over(&no, PICTURE_BYTES_MAX / (1024 * 1024));
        return reply_refused(con, &no);
    }
    if (r->too_large)
        return reply_error(con, MHD_HTTP_CONTENT_TOO_LARGE,
                           "the request is too large: at most 16 KiB");
    return dispatch(n, con, url, method, r);
}

static void on_completed(void *cls, struct MHD_Connection *con, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    request_t *r = *con_cls;
    conns_answered(con);
    if (r) {
        words_job_free(r->words);
        free(r->body);
        free(r);
        *con_cls = NULL;
    }
}

/* Percent-decoding as MHD's own, except that %00 becomes \x01: a NUL would
 * silently cut "/index.html%00.png" short; \x01 makes it a path no page has. */
static size_t on_unescape(void *cls, struct MHD_Connection *con, char *s)
{
    char *out = s;
    for (const char *in = s; *in; in++) {
        int hi, lo;
        if (in[0] == '%' && (hi = text_hex_digit(in[1])) >= 0 &&
            (lo = text_hex_digit(in[2])) >= 0) {
            *out++ = (char)(hi << 4 | lo) ? (char)(hi << 4 | lo) : '\x01';
            in += 2;
        } else {
            *out++ = *in;
        }
    }
    *out = 0;
    return (size_t)(out - s);
}

/* libmicrohttpd's complaints, each kind at most once a second: out of
 * descriptors it says the same thing for every accept() it tries. */
static void on_log(void *cls, const char *fmt, va_list ap)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct {
        const char *fmt;
        int64_t at;
        unsigned long quiet; /* held back since it was last written */
    } seen[16];
    int64_t now = mono_ms();
    pthread_mutex_lock(&lock);
    int k = -1, oldest = 0;
    for (int i = 0; i < 16 && k < 0; i++) {
        if (seen[i].fmt == fmt)
            k = i;
        else if (seen[i].at < seen[oldest].at)
            oldest = i;
    }
    if (k < 0) {
        k = oldest;
        seen[k].fmt = fmt;
        seen[k].at = INT64_MIN / 2;
        seen[k].quiet = 0;
    }
    bool say = now - seen[k].at >= 1000;
    unsigned long quiet = seen[k].quiet;
    if (say) {
        seen[k].at = now;
        seen[k].quiet = 0;
    } else {
        seen[k].quiet++;
    }
    pthread_mutex_unlock(&lock);
    if (!say)
        return;
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    line[strcspn(line, "\n")] = 0;
    if (quiet)
        fprintf(stderr, "pokerclock: http: %s (and %lu more like it in the last second)\n", line,
                quiet);
    else
        fprintf(stderr, "pokerclock: http: %s\n", line);
}

/* The listening socket, made here so that a taken port gets a clear answer. */
static int listen_on(const char *bind_addr, int port, char *err, size_t errlen)
{
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (!bind_addr || !*bind_addr || strcmp(bind_addr, "0.0.0.0") == 0)
        sa.sin_addr.s_addr = htonl(INADDR_ANY);
    else if (strcmp(bind_addr, "localhost") == 0)
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    else if (inet_pton(AF_INET, bind_addr, &sa.sin_addr) != 1) {
        snprintf(err, errlen, "bind address '%s' is not an IPv4 address like 192.168.1.20",
                 bind_addr);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0) {
        snprintf(err, errlen, "cannot make a socket: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(fd, 128) != 0) {
        int e = errno;
        if (e == EADDRINUSE)
            snprintf(err, errlen, "port %d is in use: is another pokerclock running?", port);
        else if (e == EACCES)
            snprintf(err, errlen, "port %d needs more privileges; use a port above 1023", port);
        else if (e == EADDRNOTAVAIL)
            snprintf(err, errlen, "%s is not an address of this machine", bind_addr);
        else
            snprintf(err, errlen, "cannot listen on port %d: %s", port, strerror(e));
        close(fd);
        return -1;
    }
    return fd;
}

/* Every connection holds a descriptor: allow as many as the system lets
 * us, and accept only as many connections as there are descriptors for.
 * Past that accept() fails at once and libmicrohttpd would try again and
 * again (a core at 100 % and millions of log lines). */
static int connection_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 64;
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t want = rl.rlim_max == RLIM_INFINITY ? 65536 : rl.rlim_max;
        struct rlimit more = {want, rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &more) == 0)
            rl.rlim_cur = want;
    }
    long fds = rl.rlim_cur == RLIM_INFINITY ? 65536 : (long)rl.rlim_cur;
    long spare = fds / 4 > FD_SPARE_MIN ? fds / 4 : FD_SPARE_MIN;
    long limit = fds - spare;
    if (limit > CONNECTIONS_MAX)
        limit = CONNECTIONS_MAX;
    if (limit < 8)
        limit = 8;
    return (int)limit;
}

/* What the server only keeps of its options. */
static void take_options(net_t *n, const net_options_t *o)
{
    n->config = o->config;
    n->slides = o->slides;
    n->tv = o->tv;
    n->printer = o->printer;
}

/* The connections' time limits: POKERCLOCK_REQUEST_MAX_MS and
 * POKERCLOCK_SEND_STALL_MS make them shorter for tests. */
static conns_t *conns_with_limits(void)
{
    const char *rmax = getenv("POKERCLOCK_REQUEST_MAX_MS");
    const char *stall = getenv("POKERCLOCK_SEND_STALL_MS");
    return conns_new(rmax && atoi(rmax) > 0 ? atoi(rmax) : REQUEST_MAX_MS,
                     stall && atoi(stall) > 0 ? atoi(stall) : SEND_STALL_MS);
}

net_t *net_start(engine_t *e, const net_options_t *o, char *err, size_t errlen)
{
    net_t *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    n->e = e;
    if (o->pin)
        n->pin = *o->pin;
    else if (pin_configured(&n->pin, "") != 0) {
        snprintf(err, errlen, "no randomness for the PIN's salt");
        free(n);
        return NULL;
    }
    take_options(n, o);
    n->state_dir = o->state_dir ? strdup(o->state_dir) : NULL;
    const char *beat = getenv("POKERCLOCK_SSE_HEARTBEAT_MS");
    int fd = -1;
    if (!(n->files = files_new(o->web_dir, err, errlen)))
        goto fail;
    const char *speed = getenv("POKERCLOCK_TEST_GUARD_SPEEDUP");
    n->guard_speedup = speed && atoi(speed) > 1 ? atoi(speed) : 1;
    n->sessions = session_store_open(o->state_dir, "sessions", SESSION_MAX_AGE_S, &n->pin);
    n->phones = session_store_open(o->state_dir, "phones", SESSION_PHONE_AGE_S, &n->pin);
    n->seasons = seasons_open(o->state_dir);
    n->names = names_open(o->state_dir);
    n->guard = guard_new(n->pin.kinds);
    n->wrong_pins = tally_new("wrong PIN", 60000 / n->guard_speedup, stderr);
    n->events = events_new(e, beat ? atoi(beat) : 10000);
    slips_mark_open(e, o->state_dir);
    n->conns = conns_with_limits();
    n->speech = o->speech;
    n->speech_ctx = o->speech_ctx;
    n->words = o->speech ? words_new(o->speech, o->speech_ctx) : NULL;
    n->shots = o->screenshot
                   ? shots_new(e, o->screenshot, o->screenshot_ctx, o->screenshot_thread_end)
                   : NULL;
    n->limit = connection_limit();
    n->streams_public = n->limit / 2;
    if (!n->sessions || !n->phones || !n->seasons || !n->names || !n->guard || !n->wrong_pins ||
        !n->events || !n->conns || (o->screenshot && !n->shots) || (o->speech && !n->words) ||
        (o->state_dir && !n->state_dir)) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    league_api_board(n->seasons, n->state_dir);
    if ((fd = listen_on(o->bind, o->port, err, errlen)) < 0)
        goto fail;
    if (n->limit < CONNECTIONS_MAX)
        fprintf(stderr, "pokerclock: only %d connections at once (the descriptor limit is low)\n",
                n->limit);
    n->d = MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
                                MHD_USE_ERROR_LOG,
                            0, NULL, NULL, on_request, n, MHD_OPTION_EXTERNAL_LOGGER, on_log, n,
                            MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_THREAD_POOL_SIZE,
                            (unsigned)THREADS, MHD_OPTION_CONNECTION_LIMIT, (unsigned)n->limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_ADDRESS,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT_S,
                            MHD_OPTION_NOTIFY_CONNECTION, conns_notify, n->conns,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, n,
                            MHD_OPTION_UNESCAPE_CALLBACK, on_unescape, n, MHD_OPTION_END);
    if (!n->d) {
        snprintf(err, errlen, "cannot start the HTTP server on port %d", o->port);
        close(fd);
        goto fail;
    }
    return n;
fail:
    if (n->events) {
        events_shutdown(n->events);
        events_free(n->events);
        n->events = NULL;
    }
    net_stop(n);
    return NULL;
}

void net_stop(net_t *n)
{
    if (!n)
        return;
    /* No new connections from here on; the listening socket is closed only
     * once the daemon has stopped: MHD's worker threads may still hold it
     * in their epoll sets until then. */
    MHD_socket listening = n->d ? MHD_quiesce_daemon(n->d) : MHD_INVALID_SOCKET;
    if (n->events)
        events_shutdown(n->events);
    shots_shutdown(n->shots);
    words_shutdown(n->words);
    if (n->d)
        MHD_stop_daemon(n->d);
    if (listening != MHD_INVALID_SOCKET)
        close(listening);
    events_free(n->events);
    shots_free(n->shots);
    words_free(n->words);
    conns_free(n->conns);
    files_free(n->files);
    session_store_free(n->sessions);
    session_store_free(n->phones);
    seasons_free(n->seasons);
    names_free(n->names);
    guard_free(n->guard);
    tally_free(n->wrong_pins);
    free(n->state_dir);
    free(n);
}
