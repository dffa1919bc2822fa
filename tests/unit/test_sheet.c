/* The sheet pays the pool: over thousands of random evenings (players by
 * name and by count, late entries, re-entries, rebuys, add-ons, players
 * out in one hand tied at one table or several, deals with and without a
 * play-for amount, undo at any point), after every command the places
 * given and the places still to be won pay exactly the prize pool, every
 * prize in the payout unit; every place is given once; at the end the
 * state's results, the roster, the result sheet and its JSON and CSV all
 * pay exactly the pool. Evenings with bounties (fixed and progressive,
 * rebuys buying one or not, knockouts by one player, split pots, and
 * players out with nobody recorded) also keep, after every command,
 * prizes + bounties won + bounties on heads + bounties not claimed =
 * everything paid in, and end with no bounty left on a head. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "tsan.h"

#include "model/bounty.h"
#include "model/game.h"
#include "model/settle.h"
#include "model/sheet.h"
#include "net/results.h"
#include "store/config.h"
#include "store/tables.h"
#include "json/codec.h"

/* Why the model refused the last command a test gave it. */
static refusal_t no;

/* Late registration and re-entries until level 3, rebuys until level 2,
 * the add-on at the break after it; three payout tables by field size. */
#define STRUCTURE                                                                                  \
    "tournament = {\n"                                                                             \
    "  name = \"Evening\";\n"                                                                      \
    "  currency = \"EUR\";\n"                                                                      \
    "  buy_in = 30;\n"                                                                             \
    "  fee = 5;\n"                                                                                 \
    "  starting_stack = 10000;\n"                                                                  \
    "  late_registration = { until_level = 3; };\n"                                                \
    "  rebuy = { price = 30; chips = 10000; until_level = 2; };\n"                                 \
    "  addon = { price = 20; chips = 15000; after_level = 2; };\n"                                 \
    "  levels = (\n"                                                                               \
    "    { small_blind = 25; big_blind = 50; minutes = 20; },\n"                                   \
    "    { small_blind = 50; big_blind = 100; minutes = 20; },\n"                                  \
    "    { break = true; minutes = 10; },\n"                                                       \
    "    { small_blind = 100; big_blind = 200; minutes = 20; },\n"                                 \
    "    { small_blind = 200; big_blind = 400; minutes = 20; },\n"                                 \
    "    { small_blind = 300; big_blind = 600; minutes = 20; }\n"                                  \
    "  );\n"                                                                                       \
    "  payouts = (\n"                                                                              \
    "    { min_entries = 2; places = [ 50, 30, 20 ]; },\n"                                         \
    "    { min_entries = 7; places = [ 40, 25, 17, 10, 8 ]; },\n"                                  \
    "    { min_entries = 12; places = [ 30, 20, 15, 11, 9, 8, 7 ]; }\n"                            \
    "  );\n"                                                                                       \
    "};\n"

static const char *seated_config = "tables = { count = 3; seats = 6; };\n" STRUCTURE;
static const char *counted_config = STRUCTURE;
/* The same with bounties, the group put into the tournament's: 10 of the
 * buy-in fixed; 15 progressive, a rebuy buying one too; 7 progressive. */
static const char *const bounty_groups[] = {
    "{ amount = 10; }",
    "{ amount = 15; kind = \"progressive\"; rebuys = true; }",
    "{ amount = 7; kind = \"progressive\"; }",
};
enum { N_BOUNTY = 3 };
/* The evening of a new director: 7 tables of 9, a dealer at table 1. */
static const char *venue_config =
    "tables = { count = 7; seats = 9; list = ( { number = 1; seats = 9; blocked = [ 5 ]; } ); "
    "};\n" STRUCTURE;

/* Under AddressSanitizer (make test SAN=1) each command's copies cost ten
 * times as much: a tenth of the evenings there (none under ThreadSanitizer:
 * the evenings run on one thread, see tsan.h). */
#if defined(__SANITIZE_ADDRESS__)
enum { EVENINGS = 1000 };
#else
enum { EVENINGS = 10000 };
#endif
enum { LOG_MAX = 400 };

static const int64_t T0 = 1000000;
static settings_t *seated, *counted;
/* [k][0]: seated, [k][1]: counted, with bounty_groups[k] */
static settings_t *with_bounty[N_BOUNTY][2];
static game_t *g;
static char err[512];

/* This evening's commands in their journal form, to print when it fails. */
static char *evening_log[LOG_MAX];
static int n_log;
static uint64_t seed_now;

static uint64_t rng;

/* What the evenings did, to say that they did it. */
static struct {
    long accepted[CMD__COUNT];
    long ties, ties_one_table, play_for, units, unnamed, ended_by_deal;
    long bounty_evenings, progressive, knockouts, split, not_recorded, dealt_in;
} seen;

static uint64_t next_rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int below(int n)
{
    return n <= 1 ? 0 : (int)(next_rnd() % (uint64_t)n);
}

static settings_t *load(const char *text)
{
    settings_t *s = calloc(1, sizeof *s);
    config_problems_t *p = calloc(1, sizeof *p);
    assert_true(config_load_string(text, "evening.cfg", s, p));
    free(p);
    return s;
}

/* text with "  bounty = group;" after its fee. */
static settings_t *load_with_bounty(const char *text, const char *group)
{
    static char buf[4096];
    const char *fee = strstr(text, "  fee = 5;\n");
    assert_non_null(fee);
    size_t at = (size_t)(fee - text) + strlen("  fee = 5;\n");
    snprintf(buf, sizeof buf, "%.*s  bounty = %s;\n%s", (int)at, text, group, text + at);
    return load(buf);
}

static int setup(void **state)
{
    (void)state;
    seated = load(seated_config);
    counted = load(counted_config);
    for (int k = 0; k < N_BOUNTY; k++) {
        with_bounty[k][0] = load_with_bounty(seated_config, bounty_groups[k]);
        with_bounty[k][1] = load_with_bounty(counted_config, bounty_groups[k]);
    }
    g = malloc(sizeof *g);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(seated);
    free(counted);
    for (int k = 0; k < N_BOUNTY; k++)
        free(with_bounty[k][0]), free(with_bounty[k][1]);
    free(g);
    return 0;
}

static void forget_log(void)
{
    for (int i = 0; i < n_log; i++)
        free(evening_log[i]);
    n_log = 0;
}

static void print_log(void)
{
    print_message("evening with seed %llu, its commands:\n", (unsigned long long)seed_now);
    for (int i = 0; i < n_log; i++)
        print_message("  %s\n", evening_log[i]);
}

#define check(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            print_log();                                                                           \
            fail_msg(__VA_ARGS__);                                                                 \
        }                                                                                          \
    } while (0)

/* Applies c at now with its draws; an accepted command goes into the log. */
static bool apply(command_t *c, int64_t now)
{
    uint64_t rnd[2 * TOURNEY_MAX_REGISTER];
    for (int i = 0; i < 2 * TOURNEY_MAX_REGISTER; i++)
        rnd[i] = next_rnd();
    if (game_draws_needed(g, c) > 0 && !game_draw(g, c, rnd, &no))
        return false;
    if (game_apply(g, c, now, &no) != APPLY_OK)
        return false;
    seen.accepted[c->type]++;
    seen.play_for += c->type == CMD_DEAL && c->deal.play_for > 0;
    seen.dealt_in += c->type == CMD_DEAL && c->deal.bounties;
    for (int i = 0; c->type == CMD_BUST && g->m.t.s.bounty.amount > 0 &&
                    i < (c->n_busts > 0 ? c->n_busts : (c->player > 0));
         i++) {
        seen.knockouts += c->busts[i].n_by > 0;
        seen.split += c->busts[i].n_by > 1;
        seen.not_recorded += c->busts[i].n_by == 0;
    }
    if (c->type == CMD_BUST && c->n_busts > 1) {
        const result_t *last = &g->m.t.results[g->m.t.n_results - 1];
        for (int i = 0; i < g->m.t.n_results; i++) {
            const result_t *r = &g->m.t.results[i];
            if (r->at == last->at && r->place_best < r->place_worst && i + 1 < g->m.t.n_results &&
                g->m.t.results[i + 1].place_best == r->place_best) {
                seen.ties++;
                seen.ties_one_table += r->table == g->m.t.results[i + 1].table;
            }
        }
    }
    if (n_log < LOG_MAX) {
        json_t *j = codec_command(c);
        evening_log[n_log++] = json_dumps(j, JSON_COMPACT);
        json_decref(j);
    }
    return true;
}

static command_t *cmd(command_type type)
{
    static command_t c;
    memset(&c, 0, sizeof c);
    c.type = type;
    return &c;
}

/* ---- what the evening owes ---- */

static int64_t unit_of(const tourney_t *t)
{
    return t->s.payout_unit > 0 ? t->s.payout_unit : 1;
}

/* The players who entered, each once: those with a record, and the entries
 * without one. */
static int entrants(const game_t *gm)
{
    int with_record = 0, their_entries = 0;
    for (int i = 0; i < gm->r.n_players; i++)
        if (gm->r.players[i].entries > 0 && gm->r.players[i].status <= PLAYER_OUT) {
            with_record++;
            their_entries += gm->r.players[i].entries;
        }
    return gm->m.t.entries - their_entries + with_record;
}

/* What the places still to be won pay: the prizes of places 1 to players
 * left, or after a deal the amounts of the players in it who are still in
 * (and the play-for amount while the winner is not known). */
static int64_t still_to_win(const game_t *gm, const tourney_view_t *v)
{
    const tourney_t *t = &gm->m.t;
    int64_t sum = 0;
    if (t->deal.players > 0) {
        if (v->over)
            return 0;
        for (int i = 0; i < t->deal.players; i++) {
            const player_t *p = &gm->r.players[t->deal.who[i] - 1];
            if (t->deal.who[i] > 0 && p->place_best == 0)
                sum += t->deal.amount[i];
        }
        return sum + t->deal.play_for;
    }
    if (v->over)
        return 0;
    for (int k = 0; k < v->players_left && k < v->paid_places; k++)
        sum += v->payouts[k];
    return sum;
}

static bool deal_row(const tourney_t *t, const sheet_row_t *row)
{
    return t->deal.players > 0 && row->place_worst <= t->deal.players;
}

/* The bounty pool, after every command: what the heads, the winnings and
 * the bounties not claimed hold is what the entries and rebuys paid in;
 * the prize pool is the rest. */
static void check_bounties(int64_t now)
{
    const tourney_t *t = &g->m.t;
    const structure_t *s = &t->s;
    int64_t per_entry = s->bounty.amount, per_rebuy = s->bounty.rebuys ? per_entry : 0;
    int64_t paid_in = t->entries * per_entry + t->rebuys * per_rebuy;
    int64_t money = t->entries * s->buy_in + t->rebuys * s->rebuy_price +
                    t->addons * s->addon_price;
    tourney_view_t v;
    tourney_view(t, now, &v);
    check(v.prize_pool == money - paid_in, "the prize pool is %lld of %lld paid in, %lld bounties",
          (long long)v.prize_pool, (long long)money, (long long)paid_in);
    int64_t won = 0, heads = 0;
    for (int i = 0; i < g->r.n_players; i++) {
        const player_t *p = &g->r.players[i];
        bool in = p->status == PLAYER_SEATED || p->status == PLAYER_WAITING;
        won += p->bounties;
        heads += p->head;
        check(in || p->head == 0, "player %d is out with %lld on his head", i + 1,
              (long long)p->head);
        check(!in || v.over || t->deal.bounties > 0 || p->head >= per_entry,
              "player %d is in with %lld on his head", i + 1, (long long)p->head);
        check(p->bounties >= 0, "player %d won %lld", i + 1, (long long)p->bounties);
    }
    check(t->bounty_loose >= 0 && t->bounty_unclaimed >= 0, "loose %lld, not claimed %lld",
          (long long)t->bounty_loose, (long long)t->bounty_unclaimed);
    check(won + heads + t->bounty_loose + t->bounty_unclaimed + t->deal.bounties == paid_in,
          "bounties won %lld, on heads %lld + %lld, not claimed %lld, dealt in %lld: not the %lld "
          "paid in",
          (long long)won, (long long)heads, (long long)t->bounty_loose,
          (long long)t->bounty_unclaimed, (long long)t->deal.bounties, (long long)paid_in);
    check(!v.over || heads + t->bounty_loose == 0, "play is over with %lld still on heads",
          (long long)(heads + t->bounty_loose));
}

/* The invariant, after every command. */
static void check_evening(int64_t now)
{
    const tourney_t *t = &g->m.t;
    tourney_view_t v;
    tourney_view(t, now, &v);
    check_bounties(now);
    static sheet_row_t rows[ROSTER_MAX_PLAYERS];
    int n = sheet_rows(t, &g->r, rows, ROSTER_MAX_PLAYERS);
    int64_t unit = unit_of(t), paid = 0;
    int e = entrants(g);
    /* every place given once: from players left + 1 to the entrants */
    static uint8_t cover[ROSTER_MAX_PLAYERS + 2];
    memset(cover, 0, sizeof cover);
    for (int i = 0; i < n; i++) {
        const sheet_row_t *row = &rows[i];
        paid += row->prize;
        check(row->place_best >= 1 && row->place_worst <= e && row->place_best <= row->place_worst,
              "a place %d-%d outside 1..%d", row->place_best, row->place_worst, e);
        int width = row->place_worst - row->place_best + 1, tied = 0;
        for (int k = 0; k < n; k++)
            tied += rows[k].place_best == row->place_best &&
                    rows[k].place_worst == row->place_worst;
        check(tied == width, "places %d-%d are shared by %d players", row->place_best,
              row->place_worst, tied);
        for (int p = row->place_best; p <= row->place_worst; p++)
            cover[p]++;
        if (deal_row(t, row))
            continue;
        int64_t off = row->place_best == 1 ? v.prize_pool % unit : 0;
        check(row->prize % unit == off, "place %d-%d pays %lld, not in units of %lld",
              row->place_best, row->place_worst, (long long)row->prize, (long long)unit);
    }
    for (int p = 1; p <= e; p++) {
        bool given = v.over || p > v.players_left;
        check(!given || cover[p] >= 1, "place %d of %d is given to nobody (%d left)", p, e,
              v.players_left);
        check(given || cover[p] == 0, "place %d is given while %d players are left", p,
              v.players_left);
    }
    for (int i = 0; i < n; i++) {
        /* a tie's places counted once per player sharing them */
        int width = rows[i].place_worst - rows[i].place_best + 1;
        for (int p = rows[i].place_best; p <= rows[i].place_worst; p++)
            check(cover[p] == width, "place %d is on the sheet %d times", p, cover[p]);
    }
    int64_t owed = still_to_win(g, &v);
    if (v.paid_places == 0) /* a field smaller than any payout table's */
        return;
    /* a deal that dealt the heads left in pays them with the prizes */
    int64_t pool = v.prize_pool + t->deal.bounties;
    check(paid + owed == pool,
          "the sheet pays %lld and %lld is still to be won: %lld, but the prize pool is %lld",
          (long long)paid, (long long)owed, (long long)(paid + owed), (long long)pool);
    /* The state's results: every place it holds, as the sheet. */
    if (t->n_results < TOURNEY_MAX_RESULTS) {
        int64_t in_results = 0;
        for (int i = 0; i < t->n_results; i++)
            in_results += t->results[i].prize_each;
        check(in_results + owed == pool,
              "the state's results pay %lld and %lld is still to be won, but the pool is %lld",
              (long long)in_results, (long long)owed, (long long)pool);
    }
    /* The roster's prizes are the sheet's, player by player. */
    int64_t roster_paid = 0;
    for (int i = 0; i < g->r.n_players; i++)
        roster_paid += g->r.players[i].place_best > 0 ? g->r.players[i].prize : 0;
    int64_t named_rows = 0;
    for (int i = 0; i < n; i++)
        named_rows += rows[i].player >= 0 ? rows[i].prize : 0;
    check(roster_paid == named_rows, "the roster pays %lld, its rows on the sheet %lld",
          (long long)roster_paid, (long long)named_rows);
}

/* The sheet the cashier prints, at the end: JSON and CSV pay the pool. */
static void check_printed(int64_t now)
{
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    json_t *j = results_json_of(&g->m.t, &g->r, now, true);
    check(j != NULL, "no sheet");
    check(json_integer_value(json_object_get(j, "entrants")) == entrants(g), "entrants");
    json_int_t total = json_integer_value(json_object_get(j, "total_prizes")), rows_sum = 0;
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(j, "rows"), i, row)
        rows_sum += json_integer_value(json_object_get(row, "prize"));
    const tourney_t *t = &g->m.t;
    int64_t pool = v.prize_pool + t->deal.bounties; /* the heads dealt in, with the prizes */
    check(total == pool && rows_sum == pool,
          "the printed sheet pays %lld (rows %lld) of a pool of %lld", (long long)total,
          (long long)rows_sum, (long long)pool);
    /* with bounties: prizes + bounties won + not claimed = all paid in */
    json_t *b = json_object_get(j, "bounty");
    json_int_t won = 0;
    json_array_foreach(json_object_get(j, "rows"), i, row)
        won += json_integer_value(json_object_get(row, "bounties"));
    if (t->s.bounty.amount > 0) {
        json_int_t money = t->entries * t->s.buy_in + t->rebuys * t->s.rebuy_price +
                           t->addons * t->s.addon_price;
        json_int_t unclaimed = json_integer_value(json_object_get(b, "unclaimed"));
        check(json_integer_value(json_object_get(b, "won")) == won &&
                  json_integer_value(json_object_get(b, "on_heads")) == 0,
              "the sheet's rows won %lld of bounties, its pool says %lld, %lld on heads",
              (long long)won, (long long)json_integer_value(json_object_get(b, "won")),
              (long long)json_integer_value(json_object_get(b, "on_heads")));
        check(total + won + unclaimed == money,
              "the sheet pays %lld in prizes, %lld in bounties, %lld not claimed: not the %lld "
              "paid in",
              (long long)total, (long long)won, (long long)unclaimed, (long long)money);
    } else {
        check(json_is_null(b) && won == 0, "a sheet without bounties lists bounties");
    }
    json_decref(j);
    size_t len = 0;
    char *csv = results_csv_of(&g->m.t, &g->r, true, &len);
    check(csv != NULL, "no CSV");
    /* the prize is the sixth field of each row after the header, the
     * bounties the ninth; names here have no commas */
    int64_t sum = 0, bounties = 0;
    char *line = strstr(csv, "\r\n");
    while (line && line[2]) {
        char *f = line + 2;
        for (int k = 0; k < 5; k++)
            f = strchr(f, ',') + 1;
        sum += strtoll(f, NULL, 10);
        for (int k = 5; k < 8 && t->s.bounty.amount > 0; k++)
            f = strchr(f, ',') + 1;
        bounties += t->s.bounty.amount > 0 ? strtoll(f, NULL, 10) : 0;
        line = strstr(line + 2, "\r\n");
    }
    check(sum == pool, "the CSV pays %lld of a pool of %lld", (long long)sum, (long long)pool);
    check(bounties == won, "the CSV pays %lld in bounties, the sheet %lld", (long long)bounties,
          (long long)won);
    free(csv);
}

/* ---- the evening ---- */

static int in_players(int *out)
{
    int n = 0;
    for (int i = 0; i < g->r.n_players; i++)
        if (g->r.players[i].status == PLAYER_SEATED || g->r.players[i].status == PLAYER_WAITING)
            out[n++] = i;
    return n;
}

static int unnamed_left(int64_t now)
{
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    int named[ROSTER_MAX_PLAYERS];
    return v.players_left - in_players(named);
}

static void do_register(int64_t now)
{
    command_t *c = cmd(CMD_REGISTER);
    int n = 1 + below(3);
    if (below(2)) {
        for (int i = 0; i < n; i++)
            snprintf(c->names[i], sizeof c->names[i], "%s %d",
                     (const char *[]){"Åse", "Bo", "Cy", "Dana", "Eik", "Fru Ølstad"}[below(6)],
                     g->r.n_players + i + 1);
        c->n_names = n;
    }
    c->count = n;
    apply(c, now);
}

static void do_reenter(int64_t now)
{
    int out[ROSTER_MAX_PLAYERS], n = 0;
    for (int i = 0; i < g->r.n_players; i++)
        if (g->r.players[i].status == PLAYER_OUT)
            out[n++] = i;
    if (n == 0)
        return;
    command_t *c = cmd(CMD_REENTER);
    c->player = out[below(n)] + 1;
    apply(c, now);
}

static void do_rebuy_or_addon(command_type type, int64_t now)
{
    int in[ROSTER_MAX_PLAYERS], n = in_players(in);
    command_t *c = cmd(type);
    if (n > 0 && below(4)) {
        c->player = in[below(n)] + 1;
        c->count = 1;
    } else {
        c->count = 1 + below(3);
    }
    apply(c, now);
}

/* With bounties, who knocked out player `out` (a number) of those out in
 * the hand (numbers in hand[0 .. n)): one player still in, mostly; two or
 * three sharing a split pot; sometimes nobody recorded; now and then a
 * player who cannot be (one out in the same hand), which is refused. */
static void pick_eliminators(command_t *c, int i, const int16_t *hand, int n)
{
    if (g->m.t.s.bounty.amount == 0 || below(8) == 0)
        return;
    int in[ROSTER_MAX_PLAYERS], m = in_players(in), cand[ROSTER_MAX_PLAYERS], k = 0;
    for (int x = 0; x < m; x++) {
        bool busted = false;
        for (int j = 0; j < n; j++)
            busted |= hand[j] == in[x] + 1;
        if (!busted)
            cand[k++] = in[x];
    }
    if (below(40) == 0) { /* one out in the same hand: refused */
        c->busts[i].by[0] = hand[below(n)];
        c->busts[i].n_by = 1;
        return;
    }
    int want = below(5) == 0 ? 2 + below(2) : 1;
    for (int tries = 0; c->busts[i].n_by < want && k > 0 && tries < 20; tries++) {
        int16_t q = (int16_t)(cand[below(k)] + 1);
        bool dup = false;
        for (int j = 0; j < c->busts[i].n_by; j++)
            dup |= c->busts[i].by[j] == q;
        if (!dup)
            c->busts[i].by[c->busts[i].n_by++] = q;
    }
}

/* Players out in one hand: one, or two to four at one table (equal chips,
 * or not) or at several. */
static void do_bust(int64_t now)
{
    int in[ROSTER_MAX_PLAYERS], n = in_players(in);
    int unnamed = unnamed_left(now);
    command_t *c = cmd(CMD_BUST);
    int k = below(3) ? 1 : 2 + below(3);
    if (n > 0 && (unnamed == 0 || below(2))) {
        if (k > n - 1 + unnamed)
            k = 1;
        if (k == 1) {
            c->player = in[below(n)] + 1;
            c->count = 1;
            int16_t hand[1] = {(int16_t)c->player};
            pick_eliminators(c, 0, hand, 1);
            apply(c, now);
            return;
        }
        /* by number with chips: seated players only */
        int at_table[ROSTER_MAX_PLAYERS], s = 0;
        for (int i = 0; i < n; i++)
            if (g->r.players[in[i]].status == PLAYER_SEATED)
                at_table[s++] = in[i];
        if (s < k || k > n - 1 + unnamed)
            return;
        /* the first at random, the others at his table when possible */
        int first = at_table[below(s)];
        int table = g->r.players[first].table;
        bool one_table = below(2);
        int64_t chips = 1000 * (1 + below(3));
        c->movers[0] = (int16_t)(first + 1);
        c->busts[0].chips = chips;
        int got = 1;
        for (int tries = 0; got < k && tries < 50; tries++) {
            int p = at_table[below(s)];
            bool dup = false;
            for (int j = 0; j < got; j++)
                dup |= c->movers[j] == p + 1;
            if (dup || (one_table && g->r.players[p].table != table))
                continue;
            c->movers[got] = (int16_t)(p + 1);
            c->busts[got].chips = below(2) ? chips : 1000 * (1 + below(3));
            got++;
        }
        c->n_busts = got;
        c->count = got;
        for (int i = 0; i < got; i++)
            pick_eliminators(c, i, c->movers, got);
        apply(c, now);
        return;
    }
    if (unnamed <= 1)
        return;
    if (k >= unnamed)
        k = 1;
    if (k == 1 || below(3) == 0) {
        c->count = k;
        apply(c, now);
        return;
    }
    /* by table, unnamed: same chips at one table tie, across tables too */
    int64_t chips = 1000 * (1 + below(2));
    for (int i = 0; i < k; i++) {
        c->busts[i].table = 1 + below(2);
        c->busts[i].chips = below(3) ? chips : 1000 * (1 + below(3));
    }
    c->n_busts = k;
    c->count = k;
    apply(c, now);
}

/* A deal as the calculator would make it: amounts in the unit, the part of
 * the pool below one unit with the first. */
static void do_deal(int64_t now)
{
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    int left = v.players_left;
    if (left < 2 || left > TOURNEY_MAX_DEAL || g->m.t.deal.players > 0)
        return;
    int in[ROSTER_MAX_PLAYERS], n = in_players(in);
    if (n != 0 && n != left)
        return;
    int64_t unit = unit_of(&g->m.t), pool = settle_pool_left(&g->m.t, now);
    command_t *c = cmd(CMD_DEAL);
    /* with bounties, the heads left dealt in too, half the time */
    if (g->m.t.s.bounty.amount > 0 && below(2)) {
        c->deal.bounties = true;
        pool += bounty_heads_left(&g->r, &g->m.t);
    }
    c->deal.n = left;
    c->deal.n_players = n;
    int64_t units = pool / unit;
    if (n > 0 && below(2) && units > left)
        c->deal.play_for = unit * (1 + below((int)(units / left)));
    units -= c->deal.play_for / unit;
    int64_t given = 0;
    for (int i = 0; i < left; i++) {
        int64_t share = i + 1 == left ? units - given : (units - given) * (1 + below(5)) / 10;
        c->deal.amount[i] = share * unit;
        given += share;
        if (n > 0)
            c->deal.player[i] = (int16_t)(in[i] + 1);
    }
    c->deal.amount[0] += pool % unit;
    apply(c, now);
}

static void do_payouts(int64_t now)
{
    static const int32_t shapes[][5] = {{6000, 4000, 0, 0, 0},
                                        {5000, 3000, 2000, 0, 0},
                                        {4000, 2500, 1700, 1000, 800}};
    static const int64_t units[] = {1, 5, 10, 25};
    command_t *c = cmd(CMD_SET_PAYOUTS);
    int s = below(3);
    c->payouts.n = s + 2 + (s == 2 ? 1 : 0);
    memcpy(c->payouts.bp, shapes[s], sizeof shapes[s]);
    c->payouts.unit = units[below(4)];
    c->payouts.largest = below(2);
    apply(c, now);
}

static void evening(uint64_t seed)
{
    rng = seed;
    seed_now = seed;
    forget_log();
    bool with_tables = below(3) != 0;
    /* half the evenings with bounties, of one of the three kinds */
    int b = below(2) ? below(N_BOUNTY) : -1;
    const settings_t *sts = b < 0 ? seated : with_bounty[b][0];
    const settings_t *stc = b < 0 ? counted : with_bounty[b][1];
    seen.bounty_evenings += b >= 0;
    seen.progressive += b > 0;
    game_init(g, with_tables ? &sts->structure : &stc->structure, NULL);
    if (with_tables) {
        roster_t *tables = malloc(sizeof *tables);
        tables_roster(&sts->tables, tables);
        game_init(g, &sts->structure, tables);
        free(tables);
        if (below(2)) { /* a dealer's seat kept free */
            command_t *c = cmd(CMD_TABLE);
            c->table = 1 + below(3);
            c->seat = 1 + below(6);
            c->on = true;
            apply(c, 0);
        }
    }
    if (below(4))
        do_payouts(0);
    /* registration before the start */
    int first = 3 + below(with_tables ? 10 : 12);
    for (int i = 0; i < first;) {
        int before = g->m.t.entries;
        do_register(0);
        i += g->m.t.entries - before;
        if (g->m.t.entries == before)
            break;
    }
    int64_t now = T0;
    apply(cmd(CMD_START), now);
    check_evening(now);
    int steps = 10 + below(30);
    for (int s = 0; s < steps; s++) {
        now += 1000;
        int op = below(100);
        if (op < 12)
            do_register(now);
        else if (op < 18)
            do_reenter(now);
        else if (op < 26)
            do_rebuy_or_addon(CMD_REBUY, now);
        else if (op < 32)
            do_rebuy_or_addon(CMD_ADDON, now);
        else if (op < 38)
            apply(cmd(CMD_NEXT_LEVEL), now);
        else if (op < 46)
            for (int u = 1 + below(3); u > 0; u--)
                apply(cmd(CMD_UNDO), now);
        else if (op < 49)
            do_deal(now);
        else if (op < 51)
            do_payouts(now);
        else if (op < 53) {
            command_t *c = cmd(CMD_UNREGISTER);
            c->count = 1;
            apply(c, now);
        } else
            do_bust(now);
        check_evening(now);
    }
    /* play to the end: busts, perhaps a deal on the way */
    for (int guard = 0; guard < 400; guard++) {
        tourney_view_t v;
        tourney_view(&g->m.t, now, &v);
        if (v.over)
            break;
        now += 1000;
        if (v.players_left < 2) {
            /* everyone undone but one: more come in, or the evening is off */
            int was = g->m.t.entries;
            do_register(now);
            if (g->m.t.entries == was)
                return;
        } else if (v.players_left <= 4 && below(6) == 0)
            do_deal(now);
        else if (below(12) == 0)
            apply(cmd(CMD_UNDO), now);
        else
            do_bust(now);
        check_evening(now);
    }
    tourney_view_t v;
    tourney_view(&g->m.t, now, &v);
    check(v.over, "the evening did not end (%d left)", v.players_left);
    check_printed(now);
    seen.units += unit_of(&g->m.t) > 1;
    seen.unnamed += !with_tables;
    seen.ended_by_deal += g->m.t.deal.players > 0;
}

/* ---- the evening of the report ---- */

static int64_t at_now = T0;

static void ok(command_t *c)
{
    at_now += 1000;
    if (!apply(c, at_now))
        fail_msg("%s refused: %s", command_name(c->type), err);
}

static void bust_one(int player)
{
    command_t *c = cmd(CMD_BUST);
    c->player = player + 1;
    ok(c);
}

/* Two players at one table out in one hand with the same chips. */
static void bust_two_tied(int *pair)
{
    int count[ROSTER_MAX_TABLES] = {0}, table = -1;
    for (int i = 0; i < g->r.n_players && table < 0; i++)
        if (g->r.players[i].status == PLAYER_SEATED && ++count[g->r.players[i].table] == 2)
            table = g->r.players[i].table;
    int n = 0;
    for (int i = 0; i < g->r.n_players && n < 2; i++)
        if (g->r.players[i].status == PLAYER_SEATED && g->r.players[i].table == table)
            pair[n++] = i;
    command_t *c = cmd(CMD_BUST);
    for (int k = 0; k < 2; k++) {
        c->movers[k] = (int16_t)(pair[k] + 1);
        c->busts[k].chips = 4000;
    }
    c->n_busts = c->count = 2;
    ok(c);
}

/* Busts players, first registered first, until `left` are left. */
static void bust_down_to(int left)
{
    for (int i = 0; i < g->r.n_players && roster_players_left(&g->r) > left; i++)
        if (g->r.players[i].status == PLAYER_SEATED || g->r.players[i].status == PLAYER_WAITING)
            bust_one(i);
}

static void the_evening_of_the_report(void **state)
{
    (void)state;
    settings_t *venue = load(venue_config);
    roster_t *tables = malloc(sizeof *tables);
    tables_roster(&venue->tables, tables);
    game_init(g, &venue->structure, tables);
    free(tables);
    forget_log();
    rng = 42;
    /* 58 by name, then the start and 15 rebuys */
    command_t *c = cmd(CMD_REGISTER);
    for (int i = 0; i < 58; i++)
        snprintf(c->names[i], sizeof c->names[i], "Spiller %d Ødegård", i + 1);
    c->n_names = c->count = 58;
    ok(c);
    ok(cmd(CMD_START));
    for (int i = 0; i < 15; i++) {
        c = cmd(CMD_REBUY);
        c->player = i + 1;
        ok(c);
    }
    /* Out at 58 left; a late entry; out at 58 left again: not both 58th. */
    bust_one(57);
    assert_int_equal(g->r.players[57].place_best, 58);
    c = cmd(CMD_REGISTER);
    snprintf(c->names[0], sizeof c->names[0], "Late Comer");
    c->n_names = c->count = 1;
    ok(c);
    assert_int_equal(g->r.players[57].place_best, 59);
    bust_one(56);
    assert_int_equal(g->r.players[56].place_best, 58);
    assert_int_equal(g->r.players[57].place_best, 59);
    /* The first one out comes back: the one out after him is last now. */
    c = cmd(CMD_REENTER);
    c->player = 58;
    ok(c);
    assert_int_equal(g->r.players[56].place_best, 59);
    assert_int_equal(g->r.players[57].place_best, 0);
    /* The add-on break: 15 add-ons; 60 entries, 2,550 in the pool */
    ok(cmd(CMD_NEXT_LEVEL));
    ok(cmd(CMD_NEXT_LEVEL));
    for (int i = 0; i < 15; i++) {
        c = cmd(CMD_ADDON);
        c->player = i + 1;
        ok(c);
    }
    tourney_view_t v;
    tourney_view(&g->m.t, at_now, &v);
    assert_int_equal(g->m.t.entries, 60);
    assert_int_equal(v.prize_pool, 2550);
    /* Paid in fives: 9th 75, 10th 50; 6th 150, 7th 125 */
    c = cmd(CMD_SET_PAYOUTS);
    static const int64_t amounts[] = {825, 500, 330, 220, 175, 150, 125, 100, 75, 50};
    memcpy(c->payouts.amount, amounts, sizeof amounts);
    c->payouts.n = 10;
    c->payouts.fixed = true;
    c->payouts.unit = 5;
    ok(c);
    ok(cmd(CMD_NEXT_LEVEL));
    /* Two out in one hand at one table with the same chips, at 10 left:
     * 125 shared in fives, the odd five to the first named. */
    bust_down_to(10);
    int pair[2];
    bust_two_tied(pair);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(g->r.players[pair[k]].place_best, 9);
        assert_int_equal(g->r.players[pair[k]].place_worst, 10);
    }
    assert_int_equal(g->r.players[pair[0]].prize, 65);
    assert_int_equal(g->r.players[pair[1]].prize, 60);
    const result_t *last = &g->m.t.results[g->m.t.n_results - 1];
    assert_int_equal(last[-1].prize_each + last[0].prize_each, 125);
    /* and at 7 left: 275 for 6th-7th */
    bust_down_to(7);
    bust_two_tied(pair);
    assert_int_equal(g->r.players[pair[0]].prize, 140);
    assert_int_equal(g->r.players[pair[1]].prize, 135);
    /* A 3-handed deal playing on for 100, and a winner */
    bust_down_to(3);
    int in[3], n = in_players(in);
    assert_int_equal(n, 3);
    int64_t left = settle_pool_left(&g->m.t, at_now); /* 825 + 500 + 330 */
    assert_int_equal(left, 1655);
    c = cmd(CMD_DEAL);
    c->deal.n = c->deal.n_players = 3;
    int64_t dealt[] = {640, 520, 395};
    for (int i = 0; i < 3; i++) {
        c->deal.player[i] = (int16_t)(in[i] + 1);
        c->deal.amount[i] = dealt[i];
    }
    c->deal.play_for = 100;
    ok(c);
    bust_one(in[0]);
    bust_one(in[1]);
    tourney_view(&g->m.t, at_now, &v);
    assert_true(v.over);
    assert_int_equal(g->r.players[in[2]].place_best, 1);
    assert_int_equal(g->r.players[in[2]].prize, 395 + 100);
    /* The sheet: 59 players once each, places 1 to 59, 2,550 paid. */
    static sheet_row_t rows[ROSTER_MAX_PLAYERS];
    int rn = sheet_rows(&g->m.t, &g->r, rows, ROSTER_MAX_PLAYERS);
    assert_int_equal(rn, 59);
    assert_int_equal(rows[rn - 1].place_worst, 59);
    check_evening(at_now);
    check_printed(at_now);
    free(venue);
}

static void random_evenings_pay_the_pool(void **state)
{
    (void)state;
    LONG_ON_ONE_THREAD();
    const char *env = getenv("POKERCLOCK_EVENINGS");
    int evenings = env ? atoi(env) : EVENINGS;
    clock_t c0 = clock();
    for (int i = 0; i < evenings; i++)
        evening(0x5eed0000u + (uint64_t)i);
    forget_log();
    print_message("%d evenings, every one paid its pool exactly, in %.1f s\n", evenings,
                  (double)(clock() - c0) / CLOCKS_PER_SEC);
    print_message("they had %ld registrations, %ld re-entries, %ld rebuys, %ld add-ons, %ld "
                  "busts (%ld ties, %ld of them at one table), %ld deals (%ld playing on for "
                  "an amount; %ld evenings ended by one), %ld undos, %ld unregistrations, %ld "
                  "payouts set; %ld evenings paid in units above 1, %ld without tables\n",
                  seen.accepted[CMD_REGISTER], seen.accepted[CMD_REENTER], seen.accepted[CMD_REBUY],
                  seen.accepted[CMD_ADDON], seen.accepted[CMD_BUST], seen.ties, seen.ties_one_table,
                  seen.accepted[CMD_DEAL], seen.play_for, seen.ended_by_deal,
                  seen.accepted[CMD_UNDO], seen.accepted[CMD_UNREGISTER],
                  seen.accepted[CMD_SET_PAYOUTS], seen.units, seen.unnamed);
    /* each kind happened, many times */
    for (int k = 0; k < CMD__COUNT; k++)
        if (k == CMD_REGISTER || k == CMD_REENTER || k == CMD_REBUY || k == CMD_ADDON ||
            k == CMD_BUST || k == CMD_DEAL || k == CMD_UNDO)
            assert_true(seen.accepted[k] > evenings / 50);
    assert_true(seen.ties_one_table > evenings / 50 && seen.play_for > evenings / 100);
    print_message("%ld evenings with bounties (%ld progressive): %ld knockouts recorded, %ld of "
                  "them split pots, %ld players out with nobody recorded, %ld deals that dealt "
                  "the heads in\n",
                  seen.bounty_evenings, seen.progressive, seen.knockouts, seen.split,
                  seen.not_recorded, seen.dealt_in);
    assert_true(seen.bounty_evenings > evenings / 4 && seen.progressive > evenings / 8);
    assert_true(seen.knockouts > evenings && seen.split > evenings / 10 &&
                seen.not_recorded > evenings / 10 && seen.dealt_in > evenings / 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_evening_of_the_report, setup, teardown),
        cmocka_unit_test_setup_teardown(random_evenings_pay_the_pool, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
