/* The live-tournament procedures of docs/rules.md: color-up, hand-for-hand, the
 * bubble and ties, the end-of-day draw, calling the clock, penalties. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/procedures.h"
#include "model/standings.h"

/* Hand-for-hand ends; the level clock goes on if it ran before. */
static void hfh_end(tourney_t *t, int64_t now)
{
    if (t->hfh.clock_was_running && !t->clock.running) {
        clock_settle(t, now); /* never moves `since` back */
        t->clock.running = true;
    }
    memset(&t->hfh, 0, sizeof t->hfh);
}

/* ---- eliminations (docs/rules.md §3 and §4) ---- */

/* Places for players out in the same hand: at one table, fewer chips at the
 * start of the hand finishes lower; across tables, the players who are the
 * same number from the bottom at their tables tie and share the prizes
 * (model/standings.c). */
static void busts_in_one_hand(tourney_t *t, const command_t *c, int64_t now)
{
    int k = c->n_busts;
    int rank[TOURNEY_MAX_BUSTS]; /* 0: the fewest chips at their table */
    int max_rank = 0;
    for (int i = 0; i < k; i++) {
        rank[i] = 0;
        for (int j = 0; j < k; j++)
            if (j != i && c->busts[j].table == c->busts[i].table &&
                c->busts[j].chips < c->busts[i].chips) {
                /* count distinct smaller stacks only once */
                bool first = true;
                for (int q = 0; q < j; q++)
                    if (c->busts[q].table == c->busts[j].table &&
                        c->busts[q].chips == c->busts[j].chips)
                        first = false;
                rank[i] += first;
            }
        if (rank[i] > max_rank)
            max_rank = rank[i];
    }
    for (int r = 0; r <= max_rank; r++) {
        /* the players of this rank, in the order the bust named them */
        int g = 0, players[TOURNEY_MAX_BUSTS], tables[TOURNEY_MAX_BUSTS];
        int64_t chips[TOURNEY_MAX_BUSTS];
        for (int i = 0; i < k; i++)
            if (rank[i] == r) {
                players[g] = c->movers[i];
                tables[g] = c->busts[i].table;
                chips[g++] = c->busts[i].chips;
            }
        if (g > 0)
            standings_out(t, g, players, tables, chips, now);
    }
}

apply_status procedures_bust(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    tourney_view_t v;
    tourney_view(t, now, &v);
    int n = c->n_busts > 0 ? c->n_busts : (c->count ? c->count : 1);
    if (n < 1 || n > 10000)
        return refuse_count_range(err);
    if (v.players_left - n < 1)
        return v.players_left == 1 ? refuse_winner_left(err)
                                   : refuse_winner_left_n(err, v.players_left);
    if (c->n_busts > TOURNEY_MAX_BUSTS)
        return refuse_busts_hand_most(err, TOURNEY_MAX_BUSTS);
    if (c->n_busts > 0) {
        for (int i = 0; i < c->n_busts; i++)
            if (c->busts[i].table < 1 || c->busts[i].table > TOURNEY_MAX_TABLE_NO ||
                c->busts[i].chips < 1)
                return refuse_bust_needs_table(err, TOURNEY_MAX_TABLE_NO);
        busts_in_one_hand(t, c, now);
    } else {
        /* One at a time; one player named by his number. */
        for (int i = 0; i < n; i++)
            standings_out(t, 1, n == 1 && c->player > 0 ? &c->player : NULL, NULL, NULL, now);
    }
    if (v.players_left - n == 1)
        /* The last bust: the one left is the winner, place 1 (model/game.c
         * names him when he has a record). */
        standings_winner(t, 0, now);
    if (v.paid_places > 0 && v.players_left - n <= v.paid_places && t->itm_at == 0) {
        t->itm_at = now;
        t->bubble = false;
        /* The bubble burst: hand-for-hand has done its job. */
        if (t->hfh.active && !t->s.house.hfh_stays)
            hfh_end(t, now);
    }
    if (t->clock.started && v.players_left - n == 1 && t->clock.running) {
        /* The winner is known: the clock has nothing left to count. */
        clock_settle(t, now);
        t->clock.running = false;
    }
    return APPLY_OK;
}

/* ---- hand-for-hand (docs/rules.md §3) ---- */

/* Fixes the derived clock position into the stored one at now. */
static void level_clock_stop(tourney_t *t, int64_t now, bool *was_running)
{
    *was_running = t->clock.running;
    if (t->clock.running) {
        clock_settle(t, now);
        t->clock.running = false;
    }
}

/* A set of table numbers as people write it: "1-3, 5, 7-8". */
static void tables_text(const tableset_t *set, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int t = 0; (t = tableset_next(set, t));) {
        if (o + 16 >= len) {
            snprintf(buf + o, len - o, ", ...");
            return;
        }
        int last = t;
        while (tableset_has(set, last + 1))
            last++;
        o += (size_t)snprintf(buf + o, len - o, last > t + 1 ? "%s%d-%d" : "%s%d", o ? ", " : "", t,
                              last);
        if (last == t + 1)
            o += (size_t)snprintf(buf + o, len - o, ", %d", last);
        t = last;
    }
}

/* The tables a command names: by number, or 1..tables, or 1..dflt. */
static apply_status tables_from(const command_t *c, int dflt, tableset_t *set, refusal_t *err)
{
    if (!tableset_empty(&c->table_set)) {
        *set = c->table_set;
        return APPLY_OK;
    }
    int tables = c->tables ? c->tables : dflt;
    if (tables < 1 || tables > TOURNEY_MAX_TABLES)
        return refuse_hfh_tables_range(err, TOURNEY_MAX_TABLES);
    *set = tableset_first(tables);
    return APPLY_OK;
}

static apply_status table_in(const tableset_t *in_play, int table, refusal_t *err)
{
    if (tableset_has(in_play, table))
        return APPLY_OK;
    char list[200];
    tables_text(in_play, list, sizeof list);
    if (table == 0)
        return refuse_hfh_which_table(err, list);
    return refuse_hfh_table_not_in_play(err, table, list);
}

static bool hfh_done(const hand_for_hand_t *h)
{
    return tableset_within(&h->in_play, &h->done);
}

static void hfh_next_hand(tourney_t *t, int64_t now)
{
    t->hfh.hand++;
    t->hfh.done = t->hfh.waiting = (tableset_t){{0}};
    t->hfh.hand_at = now;
    int64_t deduct = t->s.house.hfh_deduct_ms;
    if (deduct > 0) {
        /* Each hand costs the level a fixed time, as if the clock had run
         * while it was played: a level that runs out gives way to the next,
         * whose blinds apply from the next hand. */
        clock_settle(t, now);
        t->clock.level_elapsed_ms += deduct;
        clock_settle(t, now);
    }
}

static apply_status hfh_start(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    hand_for_hand_t *h = &t->hfh;
    tableset_t set;
    apply_status st;
    if (h->active)
        return refuse_hfh_on(err);
    if ((st = tables_from(c, t->s.house.tables, &set, err)) != APPLY_OK)
        return st;
    memset(h, 0, sizeof *h);
    h->active = true;
    h->in_play = set;
    h->tables = tableset_count(&set);
    h->hand = 1; /* the hand the tables are finishing now */
    h->hand_at = now;
    level_clock_stop(t, now, &h->clock_was_running);
    return APPLY_OK;
}

/* The tables in play change (one broken) during hand-for-hand. */
static apply_status hfh_tables(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    hand_for_hand_t *h = &t->hfh;
    tableset_t set;
    apply_status st;
    if (tableset_empty(&c->table_set) && !c->tables)
        return refuse_hfh_tables_missing(err);
    if ((st = tables_from(c, 0, &set, err)) != APPLY_OK)
        return st;
    if (tableset_equal(&set, &h->in_play)) {
        char list[200];
        tables_text(&set, list, sizeof list);
        return refuse_hfh_tables_same(err, list);
    }
    h->in_play = set;
    h->tables = tableset_count(&set);
    h->done = tableset_and(&h->done, &set);
    h->waiting = tableset_and(&h->waiting, &set);
    /* A table broken while the others were done completes the hand. */
    if (hfh_done(h) && t->s.house.hfh_auto_next)
        hfh_next_hand(t, now);
    return APPLY_OK;
}

void procedures_table_closed(tourney_t *t, int table, int64_t now)
{
    hand_for_hand_t *h = &t->hfh;
    /* The last table in play stays: the procedure needs one. */
    if (h->active && tableset_has(&h->in_play, table) && tableset_count(&h->in_play) > 1) {
        tableset_remove(&h->in_play, table);
        h->tables = tableset_count(&h->in_play);
        h->done = tableset_and(&h->done, &h->in_play);
        h->waiting = tableset_and(&h->waiting, &h->in_play);
        if (hfh_done(h) && t->s.house.hfh_auto_next)
            hfh_next_hand(t, now);
    }
    day_end_t *d = &t->day_end;
    if (d->active && tableset_has(&d->in_play, table) && tableset_count(&d->in_play) > 1) {
        tableset_remove(&d->in_play, table);
        d->tables = tableset_count(&d->in_play);
        d->left[table - 1] = 0;
    }
}

static apply_status hand_for_hand(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    hand_for_hand_t *h = &t->hfh;
    if (c->type != CMD_HFH_START && !h->active)
        return refuse_hfh_off(err);
    apply_status st;
    if (c->type == CMD_TABLE_DONE || c->type == CMD_TABLE_WAITING)
        if ((st = table_in(&h->in_play, c->table, err)) != APPLY_OK)
            return st;
    switch (c->type) {
    case CMD_HFH_START: return hfh_start(t, c, now, err);
    case CMD_TABLE_DONE:
        if (tableset_has(&h->done, c->table))
            return refuse_hfh_table_done(err, c->table, h->hand);
        tableset_add(&h->done, c->table);
        tableset_remove(&h->waiting, c->table);
        if (hfh_done(h) && t->s.house.hfh_auto_next)
            hfh_next_hand(t, now);
        return APPLY_OK;
    case CMD_TABLE_WAITING:
        if (tableset_has(&h->done, c->table))
            return refuse_hfh_table_done(err, c->table, h->hand);
        if (tableset_has(&h->waiting, c->table))
            return refuse_hfh_table_waiting(err, c->table);
        tableset_add(&h->waiting, c->table);
        return APPLY_OK;
    case CMD_HFH_NEXT:
        if (!hfh_done(h)) {
            /* Two phones pressing DEAL must not skip a hand. */
            char playing[200];
            tableset_t left = tableset_minus(&h->in_play, &h->done);
            tables_text(&left, playing, sizeof playing);
            return tableset_count(&left) > 1
                       ? refuse_hfh_hand_playing_tables(err, h->hand, playing)
                       : refuse_hfh_hand_playing(err, h->hand, tableset_next(&left, 0));
        }
        hfh_next_hand(t, now);
        return APPLY_OK;
    case CMD_HFH_TABLES: return hfh_tables(t, c, now, err);
    default: /* CMD_HFH_STOP */ hfh_end(t, now); return APPLY_OK;
    }
}

/* ---- the end of the day (docs/rules.md §5) ---- */

static apply_status day_end(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    day_end_t *d = &t->day_end;
    const house_t *h = &t->s.house;
    apply_status st;
    switch (c->type) {
    case CMD_DAY_END_DRAW: {
        if (c->drawn < 3 || c->drawn > 7)
            return refuse_day_end_card(err);
        if (d->active)
            return refuse_day_end_drawn(err, d->drawn);
        tableset_t set;
        if ((st = tables_from(c, h->tables ? h->tables : 1, &set, err)) != APPLY_OK)
            return st;
        bool was;
        level_clock_stop(t, now, &was);
        memset(d, 0, sizeof *d);
        d->active = true;
        d->drawn = c->drawn;
        d->drawn_at = now;
        d->left_field = c->drawn;
        d->in_play = set;
        d->tables = tableset_count(&set);
        for (int tb = 0; (tb = tableset_next(&set, tb));)
            d->left[tb - 1] = (uint8_t)c->drawn;
        return APPLY_OK;
    }
    case CMD_DAY_END_HAND_DONE:
        if (!d->active)
            return refuse_day_end_not_drawn(err);
        if (h->day_end_per_table) {
            if ((st = table_in(&d->in_play, c->table, err)) != APPLY_OK)
                return st;
            if (d->left[c->table - 1] == 0)
                return refuse_day_end_table_done(err, c->table);
            d->left[c->table - 1]--;
        } else {
            /* Counting the field down once per table's report would end
             * the day after a fraction of the hands. */
            if (c->table)
                return refuse_day_end_whole_field(err);
            if (d->left_field == 0)
                return refuse_day_end_done(err);
            d->left_field--;
        }
        return APPLY_OK;
    default: /* CMD_DAY_END_CLEAR */
        if (!d->active)
            return refuse_day_end_none(err);
        memset(d, 0, sizeof *d);
        return APPLY_OK;
    }
}

/* ---- penalties (docs/rules.md §9) ---- */

static void penalties_prune(tourney_t *t, int64_t now)
{
    int k = 0;
    for (int i = 0; i < t->n_penalties; i++)
        if (t->penalties[i].rounds > 0 || t->penalties[i].until > now)
            t->penalties[k++] = t->penalties[i];
    t->n_penalties = k;
}

static apply_status penalty(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    if (c->table < 1 || c->table > TOURNEY_MAX_TABLE_NO || c->seat < 1 ||
        c->seat > TOURNEY_MAX_SEAT)
        return refuse_penalty_seat(err, TOURNEY_MAX_TABLE_NO, TOURNEY_MAX_SEAT);
    penalties_prune(t, now);
    int k = 0;
    for (int i = 0; i < t->n_penalties; i++)
        if (t->penalties[i].table != c->table || t->penalties[i].seat != c->seat)
            t->penalties[k++] = t->penalties[i];
    bool had = k < t->n_penalties;
    if (c->type == CMD_PENALTY_CLEAR) {
        if (!had)
            return refuse_penalty_none(err, c->table, c->seat);
        t->n_penalties = k;
        return APPLY_OK;
    }
    if ((c->minutes > 0) == (c->rounds > 0))
        return refuse_penalty_kind(err);
    if (c->minutes < 0 || c->minutes > TOURNEY_MAX_PENALTY_MINUTES || c->rounds < 0 ||
        c->rounds > TOURNEY_MAX_PENALTY_ROUNDS)
        return refuse_penalty_too_long(err, TOURNEY_MAX_PENALTY_MINUTES,
                                       TOURNEY_MAX_PENALTY_ROUNDS);
    /* A seat serves one penalty: a new one replaces the running one (the
     * floor gives the escalated total). */
    if (k == TOURNEY_MAX_PENALTIES)
        return refuse_penalties_full(err, TOURNEY_MAX_PENALTIES);
    t->n_penalties = k;
    t->penalties[t->n_penalties++] = (penalty_t){c->table, c->seat, now,
                                                 c->minutes ? now + (int64_t)c->minutes * 60000 : 0,
                                                 c->rounds};
    return APPLY_OK;
}

static apply_status bubble(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    tourney_view_t v;
    if (c->type == CMD_BUBBLE_STOP) {
        if (!t->bubble)
            return refuse_bubble_off(err);
        t->bubble = false;
        return APPLY_OK;
    }
    tourney_view(t, now, &v);
    if (t->bubble)
        return refuse_bubble_on(err);
    if (v.paid_places == 0)
        return refuse_bubble_no_places(err);
    if (v.players_left <= v.paid_places)
        return refuse_bubble_in_money(err);
    t->bubble = true;
    return APPLY_OK;
}

static apply_status clock_call(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    tourney_view_t v;
    if (c->type == CMD_CLOCK_CALL_CANCEL) {
        tourney_view(t, now, &v);
        if (!v.call_on)
            return refuse_call_none(err);
        memset(&t->call, 0, sizeof t->call);
        return APPLY_OK;
    }
    if (c->table < 1 || c->table > TOURNEY_MAX_TABLE_NO || c->seat < 1 ||
        c->seat > TOURNEY_MAX_SEAT)
        return refuse_call_seat(err, TOURNEY_MAX_TABLE_NO, TOURNEY_MAX_SEAT);
    tourney_view(t, now, &v);
    if (t->call.active && !v.call_expired)
        return refuse_call_already(err, t->call.table, t->call.seat);
    int64_t call, countdown;
    house_call_durations(&t->s, v.level, &call, &countdown);
    t->call = (clock_call_t){true, c->table, c->seat, now, call + countdown, countdown};
    return APPLY_OK;
}

static apply_status color_up(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    tourney_view_t v;
    if (c->type == CMD_COLOR_UP_DONE) {
        /* The one the director started, or the one of this break that the
         * wall shows (the structure's). */
        tourney_view(t, now, &v);
        int64_t value = t->color_up_value ? t->color_up_value : v.color_up_now;
        if (!value)
            return refuse_color_up_none(err);
        for (int i = 0; i < t->s.n_chips; i++)
            if (t->s.chips[i].value == value)
                t->chips_removed |= 1u << i;
        /* The structure sheet says where it happened, so that no later
         * break still lists that chip (the kiosk, the panel, the wall). */
        if (t->s.levels[v.level].color_up == 0)
            t->s.levels[v.level].color_up = value;
        t->color_up_value = 0;
        t->color_up_at = 0;
        return APPLY_OK;
    }
    tourney_view(t, now, &v);
    if (t->color_up_value)
        return refuse_color_up_busy(err, (long long)t->color_up_value);
    int i = 0;
    while (i < t->s.n_chips && t->s.chips[i].value != c->value)
        i++;
    if (i == t->s.n_chips)
        return refuse_color_up_no_chip(err, (long long)c->value);
    if (!((v.chips_in_use >> i) & 1))
        return refuse_color_up_gone(err, (long long)c->value);
    bool bigger = false;
    for (int k = i + 1; k < t->s.n_chips; k++)
        bigger |= (v.chips_in_use >> k) & 1;
    if (!bigger)
        return refuse_color_up_largest(err, (long long)c->value);
    t->color_up_value = c->value;
    t->color_up_at = now;
    return APPLY_OK;
}

apply_status procedures_apply(tourney_t *t, const command_t *c, int64_t now, refusal_t *err)
{
    switch (c->type) {
    case CMD_HFH_START:
    case CMD_TABLE_DONE:
    case CMD_TABLE_WAITING:
    case CMD_HFH_NEXT:
    case CMD_HFH_STOP:
    case CMD_HFH_TABLES: return hand_for_hand(t, c, now, err);
    case CMD_BUBBLE_START:
    case CMD_BUBBLE_STOP: return bubble(t, c, now, err);
    case CMD_DAY_END_DRAW:
    case CMD_DAY_END_HAND_DONE:
    case CMD_DAY_END_CLEAR: return day_end(t, c, now, err);
    case CMD_CLOCK_CALL:
    case CMD_CLOCK_CALL_CANCEL: return clock_call(t, c, now, err);
    case CMD_COLOR_UP:
    case CMD_COLOR_UP_DONE: return color_up(t, c, now, err);
    case CMD_PENALTY:
    case CMD_PENALTY_CLEAR: return penalty(t, c, now, err);
    default: return refuse_command_unknown(err);
    }
}
