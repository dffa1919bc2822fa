/* A follower's roster from the master's GET /api/players: what its own wall draws from. */
#include <stdio.h>
#include <string.h>

#include "model/voice.h"
#include "json/mirror.h"

static int fail(char *err, size_t errlen, const char *what, size_t i, const char *why)
{
    snprintf(err, errlen, "/api/players: %s[%zu] %s", what, i, why);
    return -1;
}

/* An integer member from lo to hi; null or absent reads as none (0). */
static bool num(const json_t *o, const char *key, long lo, long hi, bool nullable, long *out)
{
    const json_t *v = json_object_get(o, key);
    if ((!v || json_is_null(v)) && nullable) {
        *out = 0;
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return false;
    *out = (long)json_integer_value(v);
    return true;
}

/* A text member that fits len bytes with its end. */
static bool text(const json_t *o, const char *key, char *out, size_t len)
{
    const json_t *v = json_object_get(o, key);
    if (!v) {
        out[0] = 0;
        return true;
    }
    if (!json_is_string(v) || json_string_length(v) >= len ||
        strlen(json_string_value(v)) != json_string_length(v))
        return false;
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return true;
}

static int load_table(const json_t *o, size_t i, roster_t *r, char *err, size_t errlen)
{
    table_t *t = &r->tables[r->n_tables];
    long number, seats, button, order;
    const json_t *blocked = json_object_get(o, "blocked"), *open = json_object_get(o, "open");
    if (!json_is_object(o) || !num(o, "number", 1, TOURNEY_MAX_TABLE_NO, false, &number) ||
        !num(o, "seats", 2, ROSTER_MAX_SEATS, false, &seats) ||
        !num(o, "button", 0, seats, true, &button) ||
        !num(o, "break_order", 1, ROSTER_MAX_TABLES, false, &order) ||
        !text(o, "name", t->name, sizeof t->name) || !json_is_boolean(open) ||
        (blocked && !json_is_array(blocked)))
        return fail(err, errlen, "tables", i, "is not a table");
    if (roster_table_by_number(r, (int)number) >= 0)
        return fail(err, errlen, "tables", i, "has a number another table has");
    t->number = (int16_t)number;
    t->seats = (uint8_t)seats;
    t->button = (uint8_t)button;
    t->break_pos = (int16_t)(order - 1);
    t->open = json_is_true(open);
    size_t k;
    const json_t *s;
    json_array_foreach(blocked, k, s)
    {
        if (!json_is_integer(s) || json_integer_value(s) < 1 || json_integer_value(s) > seats)
            return fail(err, errlen, "tables", i, "blocks a seat it does not have");
        t->blocked |= (uint16_t)(1u << (json_integer_value(s) - 1));
    }
    r->n_tables++;
    return 0;
}

static int load_player(const json_t *o, size_t i, roster_t *r, char *err, size_t errlen)
{
    player_t *p = &r->players[i];
    long id, table, seat, place, worst, entries, rebuys, addons;
    const json_t *status = json_object_get(o, "status"), *prize = json_object_get(o, "prize");
    const json_t *head = json_object_get(o, "head"); /* bounties: for the biggest heads */
    if (!json_is_object(o) || !num(o, "id", 1, ROSTER_MAX_PLAYERS, false, &id) ||
        !num(o, "table", 1, TOURNEY_MAX_TABLE_NO, true, &table) ||
        !num(o, "seat", 1, ROSTER_MAX_SEATS, true, &seat) ||
        !num(o, "place", 1, ROSTER_MAX_PLAYERS, true, &place) ||
        !num(o, "place_worst", place, ROSTER_MAX_PLAYERS, true, &worst) ||
        !num(o, "entries", 0, UINT16_MAX, true, &entries) ||
        !num(o, "rebuys", 0, UINT16_MAX, true, &rebuys) ||
        !num(o, "addons", 0, UINT16_MAX, true, &addons) || !json_is_string(status) ||
        (prize && !json_is_integer(prize)) || (head && !json_is_integer(head)) ||
        !text(o, "name", p->name, sizeof p->name))
        return fail(err, errlen, "players", i, "is not a player");
    if (id != (long)i + 1)
        return fail(err, errlen, "players", i, "is out of order");
    const char *st = json_string_value(status);
    p->status = !strcmp(st, "seated")    ? PLAYER_SEATED
                : !strcmp(st, "out")     ? PLAYER_OUT
                : !strcmp(st, "removed") ? PLAYER_REMOVED
                                         : PLAYER_WAITING;
    p->id = (int32_t)id;
    p->table = -1;
    p->place_best = (int16_t)place;
    p->place_worst = (int16_t)(worst ? worst : place);
    p->entries = (uint16_t)entries;
    p->rebuys = (uint16_t)rebuys;
    p->addons = (uint16_t)addons;
    p->prize = prize ? (int64_t)json_integer_value(prize) : 0;
    p->head = head ? (int64_t)json_integer_value(head) : 0;
    if (p->status == PLAYER_SEATED) {
        int ti = roster_table_by_number(r, (int)table);
        if (ti < 0 || seat < 1 || seat > r->tables[ti].seats || r->tables[ti].occupant[seat - 1])
            return fail(err, errlen, "players", i, "sits at no free seat of a table");
        p->table = (int16_t)ti;
        p->seat = (uint8_t)seat;
        r->tables[ti].occupant[seat - 1] = (int16_t)(i + 1);
    }
    r->n_players++;
    return 0;
}

/* The moves come newest first; the log takes them oldest first. */
static int load_moves(const json_t *a, roster_t *r, int64_t now, char *err, size_t errlen)
{
    size_t n = json_array_size(a);
    if (n > MOVES_SHOWN)
        n = MOVES_SHOWN;
    for (size_t k = n; k-- > 0;) {
        const json_t *o = json_array_get(a, k);
        long player, from, from_seat, to, to_seat, ago;
        const json_t *why = json_object_get(o, "why");
        if (!json_is_object(o) || !num(o, "player", 1, r->n_players, false, &player) ||
            !num(o, "from_table", 1, TOURNEY_MAX_TABLE_NO, true, &from) ||
            !num(o, "from_seat", 1, ROSTER_MAX_SEATS, true, &from_seat) ||
            !num(o, "to_table", 1, TOURNEY_MAX_TABLE_NO, false, &to) ||
            !num(o, "to_seat", 1, ROSTER_MAX_SEATS, false, &to_seat) ||
            !num(o, "ago_ms", 0, 400L * 24 * 3600 * 1000, false, &ago) || !json_is_string(why))
            return fail(err, errlen, "moves", k, "is not a move");
        int fi = from ? roster_table_by_number(r, (int)from) : -1,
            ti = roster_table_by_number(r, (int)to);
        if (ti < 0 || (from && fi < 0))
            return fail(err, errlen, "moves", k, "names a table there is not");
        move_rec_t m = {.at = now - ago,
                        .player = (int16_t)(player - 1),
                        .from_table = (int16_t)fi,
                        .to_table = (int16_t)ti,
                        .from_seat = (uint8_t)(fi >= 0 ? from_seat : 0),
                        .to_seat = (uint8_t)to_seat,
                        .why = MOVE_BALANCE};
        for (int w = MOVE_BALANCE; w <= MOVE_FINAL; w++)
            if (!strcmp(json_string_value(why), moves_why_name(w)))
                m.why = (uint8_t)w;
        moves_log_add(&r->moves, &m);
    }
    return 0;
}

int mirror_roster(const json_t *doc, int64_t now, roster_t *r, char *err, size_t errlen)
{
    roster_init(r);
    const json_t *tables = json_object_get(doc, "tables"),
                 *players = json_object_get(doc, "players"), *moves = json_object_get(doc, "moves"),
                 *version = json_object_get(doc, "version");
    if (!json_is_array(tables) || !json_is_array(players) || (moves && !json_is_array(moves)) ||
        !json_is_integer(version) || json_integer_value(version) < 0 ||
        json_integer_value(version) > UINT32_MAX) {
        snprintf(err, errlen, "/api/players is not a roster");
        return -1;
    }
    if (json_array_size(tables) > ROSTER_MAX_TABLES ||
        json_array_size(players) > ROSTER_MAX_PLAYERS) {
        snprintf(err, errlen, "/api/players has more tables or players than a clock holds");
        return -1;
    }
    r->version = (uint32_t)json_integer_value(version);
    size_t i;
    const json_t *o;
    json_array_foreach(tables, i, o)
    {
        if (load_table(o, i, r, err, errlen))
            return -1;
    }
    json_array_foreach(players, i, o)
    {
        if (load_player(o, i, r, err, errlen))
            return -1;
    }
    return moves ? load_moves(moves, r, now, err, errlen) : 0;
}

int mirror_sound(const json_t *settings, tourney_t *t, char *err, size_t errlen)
{
    const json_t *sound = json_object_get(settings, "sound");
    const json_t *volume = json_object_get(sound, "volume");
    const json_t *sounds = json_object_get(sound, "sounds"),
                 *speak = json_object_get(sound, "speak");
    if (!json_is_integer(volume) || json_integer_value(volume) < 0 ||
        json_integer_value(volume) > 100 || !json_is_object(sounds) || !json_is_object(speak)) {
        snprintf(err, errlen, "/api/settings: no sound with a volume, sounds and speech");
        return -1;
    }
    char names[TOURNEY_SOUND_EVENTS][TOURNEY_SOUND_NAME] = {{0}};
    uint32_t speak_set = 0, speak_on = 0;
    for (int e = 0; e < VOICE__COUNT && e < TOURNEY_SOUND_EVENTS; e++) {
        const char *event = voice_event_name((voice_event)e);
        const json_t *name = json_object_get(sounds, event), *on = json_object_get(speak, event);
        if (json_is_null(name)) {
            snprintf(names[e], sizeof names[e], "none");
        } else if (json_is_string(name)) {
            if (!voice_sound_known(json_string_value(name))) {
                snprintf(err, errlen, "/api/settings: the sound of %s is unknown here", event);
                return -1;
            }
            snprintf(names[e], sizeof names[e], "%s", json_string_value(name));
        }
        if (json_is_boolean(on) && voice_speakable((voice_event)e)) {
            speak_set |= 1u << e;
            speak_on |= json_is_true(on) ? 1u << e : 0;
        }
    }
    t->volume_set = true;
    t->volume = (int)json_integer_value(volume);
    memcpy(t->sounds, names, sizeof t->sounds);
    t->speak_set = speak_set;
    t->speak_on = speak_on;
    return 0;
}
