/* What the screen shows now: every strip and takeover adds itself when its
 * moment has come, the best takeover wins the body, the strips take turns;
 * with their words as codes and numbers and when it all changes next. */
#include <stdio.h>
#include <string.h>

#include "model/bounty.h"
#include "model/show.h"

/* ---- texts ---- */

static show_part_t *part_add(show_t *sh, part_kind kind)
{
    if (sh->n_parts == SHOW_MAX_PARTS)
        return NULL;
    show_part_t *p = &sh->parts[sh->n_parts++];
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    return p;
}

/* A text being made: its parts are the ones added since text_begin. */
static show_text_t text_begin(const show_t *sh)
{
    return (show_text_t){sh->n_parts, 0};
}

static void text_end(const show_t *sh, show_text_t *t)
{
    t->n = sh->n_parts - t->first;
}

static void add_text(show_t *sh, const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 0xffff || sh->pool_len + (int)n > SHOW_POOL)
        return;
    show_part_t *p = part_add(sh, PART_TEXT);
    if (!p)
        return;
    memcpy(sh->pool + sh->pool_len, s, n);
    p->v = sh->pool_len;
    p->len = (uint16_t)n;
    sh->pool_len += (int)n;
}

static void add_value(show_t *sh, part_kind kind, int64_t v)
{
    show_part_t *p = part_add(sh, kind);
    if (p)
        p->v = v;
}

/* A word with its %d arguments (chips: bit i says args[i] is chips, a %s). */
static void add_word_args(show_t *sh, word_id w, int n, unsigned chips, int64_t a, int64_t b)
{
    show_part_t *p = part_add(sh, PART_WORD);
    if (!p)
        return;
    p->word = (uint16_t)w;
    p->n_args = (uint8_t)n;
    p->chips_args = (uint8_t)chips;
    p->args[0] = a;
    p->args[1] = b;
}

static void add_word(show_t *sh, word_id w)
{
    add_word_args(sh, w, 0, 0, 0, 0);
}

static void add_label(show_t *sh, word_id w)
{
    show_part_t *p = part_add(sh, PART_LABEL);
    if (p)
        p->word = (uint16_t)w;
}

/* One text of a single word, or of a label. */
static show_text_t word_text(show_t *sh, word_id w, bool label)
{
    show_text_t t = text_begin(sh);
    if (label)
        add_label(sh, w);
    else
        add_word(sh, w);
    text_end(sh, &t);
    return t;
}

/* A player as the screen names him: "Anna Berg" ("Anna B." where the house
 * shows first names only), or "Player 2" in the screen's language. */
static void add_player(show_t *sh, const show_input_t *in, int player)
{
    const roster_t *r = in->roster;
    char name[96];
    if (!r || player < 0 || player >= r->n_players) {
        add_text(sh, "?");
    } else if (r->players[player].name[0]) {
        roster_player_shown(r, player, in->t->s.house.short_names, name, sizeof name);
        add_text(sh, name);
    } else {
        add_word_args(sh, W_PLAYER_N, 1, 0, r->players[player].id, 0);
    }
}

/* "Table 3, seat 5" */
static void add_table_seat(show_t *sh, int table, int seat)
{
    add_word_args(sh, W_TABLE_SEAT, 2, 0, table, seat);
}

/* ---- the decision ---- */

/* One decision being made: its inputs and what it has found so far. */
typedef struct {
    show_t *sh;
    const show_input_t *in;
    const tourney_t *t;
    const structure_t *s;
    const tourney_view_t *v;
    int64_t now;
    int dismissed_level;
    bool running, is_break;
    show_item_t items[SHOW_MAX_ITEMS];
    int n_items;
} decide_t;

/* The decision changes by itself in ms. */
static void changes_in(decide_t *d, int64_t ms)
{
    if (ms > 0 && ms < d->sh->changes_in_ms)
        d->sh->changes_in_ms = ms;
}

static show_item_t *item_add(decide_t *d, show_kind kind, int priority)
{
    if (d->n_items == SHOW_MAX_ITEMS)
        return NULL;
    show_item_t *it = &d->items[d->n_items++];
    *it = (show_item_t){.kind = kind, .priority = priority};
    return it;
}

/* ---- strips ---- */

static void storage_error_strip(decide_t *d)
{
    show_item_t *it;
    if (d->in->storage_error[0] && (it = item_add(d, SHOW_STORAGE_ERROR, 100))) {
        it->title = word_text(d->sh, W_STORAGE_ERROR, true);
        it->line = text_begin(d->sh);
        add_text(d->sh, d->in->storage_error);
        text_end(d->sh, &it->line);
    }
}

/* A follower says discreetly when the master has gone quiet. */
static void follower_notice_strip(decide_t *d)
{
    show_item_t *it;
    if (d->in->follows[0] && d->in->notice[0] && (it = item_add(d, SHOW_FOLLOWER_NOTICE, 30))) {
        it->line = text_begin(d->sh);
        add_text(d->sh, d->in->notice);
        text_end(d->sh, &it->line);
    }
}

static void power_loss_strip(decide_t *d)
{
    show_item_t *it;
    if (d->t->recovered_after_power_loss && (it = item_add(d, SHOW_POWER_LOSS, 90))) {
        it->title = word_text(d->sh, W_RECOVERED, true);
        it->line = word_text(d->sh, W_RECOVERED_LINE, false);
    }
}

static void announcement_strip(decide_t *d)
{
    show_item_t *it;
    if (d->v->announcement_active && (it = item_add(d, SHOW_ANNOUNCEMENT, 80))) {
        it->title = text_begin(d->sh);
        add_text(d->sh, d->t->announcement);
        text_end(d->sh, &it->title);
        if (d->t->announcement_until)
            changes_in(d, d->t->announcement_until - d->now);
    }
}

/* "Big blind ante 200" */
static void add_ante(show_t *sh, const level_t *l)
{
    add_word(sh, l->big_blind_ante ? W_BB_ANTE : W_ANTE);
    add_text(sh, " ");
    add_value(sh, PART_CHIPS, l->ante);
}

/* "Level 4: Blinds 100 / 200", "Big blind ante 200 — from the next hand",
 * for the first seconds of a level. */
static void new_level_strip(decide_t *d)
{
    const tourney_view_t *v = d->v;
    const level_t *l = &d->s->levels[v->level];
    show_item_t *it;
    if (!d->running || d->is_break || v->elapsed_ms >= SHOW_NEW_LEVEL_MS || v->overtime ||
        v->level == d->dismissed_level || !(it = item_add(d, SHOW_NEW_LEVEL, 70)))
        return;
    show_t *sh = d->sh;
    it->title = text_begin(sh);
    add_word(sh, W_LEVEL);
    add_text(sh, " ");
    add_value(sh, PART_NUMBER, v->level_number);
    add_text(sh, ": ");
    add_word(sh, W_BLINDS);
    add_text(sh, " ");
    add_value(sh, PART_CHIPS, l->small_blind);
    add_text(sh, " / ");
    add_value(sh, PART_CHIPS, l->big_blind);
    text_end(sh, &it->title);
    it->line = text_begin(sh);
    if (l->ante > 0) {
        add_ante(sh, l);
        add_text(sh, " — ");
    }
    add_word(sh, W_FROM_NEXT_HAND);
    text_end(sh, &it->line);
    changes_in(d, SHOW_NEW_LEVEL_MS - v->elapsed_ms);
}

static void bubble_strip(decide_t *d)
{
    show_item_t *it;
    if (d->t->bubble && (it = item_add(d, SHOW_BUBBLE, 60))) {
        it->title = word_text(d->sh, W_BUBBLE, true);
        it->line = text_begin(d->sh);
        add_word_args(d->sh, W_BUBBLE_LINE, 2, 0, d->v->players_left, d->v->paid_places);
        text_end(d->sh, &it->line);
    }
}

static const chip_t *chip_find(const structure_t *s, int64_t value)
{
    for (int i = 0; i < s->n_chips; i++)
        if (s->chips[i].value == value)
            return &s->chips[i];
    return NULL;
}

/* The next color-up, announced at the level before it. */
static void color_up_next_strip(decide_t *d)
{
    const tourney_view_t *v = d->v;
    if (!v->next_color_up || v->next_color_up_level < 0 || v->color_up_now)
        return;
    int at = v->next_color_up_level;
    word_id id = 0;
    if (at == v->next_level && d->s->levels[at].kind == LEVEL_BREAK)
        id = W_COLOR_UP_NEXT_BREAK;
    else if (at == v->level && !d->is_break)
        id = W_COLOR_UP_END_OF_LEVEL;
    show_item_t *it;
    if (!id || !(it = item_add(d, SHOW_COLOR_UP_NEXT, 50)))
        return;
    it->chip = v->next_color_up;
    it->title = text_begin(d->sh);
    add_word_args(d->sh, id, 1, 1, v->next_color_up, 0);
    text_end(d->sh, &it->title);
    const chip_t *c = chip_find(d->s, v->next_color_up);
    it->line = text_begin(d->sh);
    if (c && c->colour[0]) {
        add_text(d->sh, c->colour);
        add_text(d->sh, " ");
        add_value(d->sh, PART_CHIPS, c->value);
    }
    text_end(d->sh, &it->line);
}

/* Every penalty still running, in one line. */
static void penalties_strip(decide_t *d)
{
    const tourney_t *t = d->t;
    show_t *sh = d->sh;
    show_text_t line = text_begin(sh);
    int shown = 0;
    for (int i = 0; i < t->n_penalties; i++) {
        const penalty_t *pe = &t->penalties[i];
        if (pe->rounds == 0 && pe->until <= d->now)
            continue;
        if (shown++)
            add_text(sh, "   ·   ");
        add_table_seat(sh, pe->table, pe->seat);
        add_text(sh, ": ");
        if (pe->rounds == 1) {
            add_word(sh, W_ROUND);
        } else if (pe->rounds > 1) {
            add_word_args(sh, W_ROUNDS, 1, 0, pe->rounds, 0);
        } else {
            add_value(sh, PART_TIME, pe->until - d->now);
            changes_in(d, pe->until - d->now);
        }
    }
    text_end(sh, &line);
    show_item_t *it;
    if (shown && (it = item_add(d, SHOW_PENALTIES, 40))) {
        it->title = word_text(sh, W_PENALTIES, true);
        it->line = line;
    }
}

/* Each move of the last move_strip_seconds that still stands (the player
 * sits where it put him: not since out, removed or moved again), a strip
 * of its own, the newest first: who, from which seat to which, and why.
 * Last among the makers, it takes only the places the others left. */
static void move_strips(decide_t *d)
{
    const roster_t *r = d->in->roster;
    const house_t *h = &d->s->house;
    show_t *sh = d->sh;
    int64_t shown_ms = moves_strip_ms(h->move_strip_ms, h->move_strip_off);
    int n = r ? moves_log_recent(&r->moves, d->now, shown_ms) : 0;
    for (int i = 0; i < n; i++) {
        const move_rec_t *m = moves_log_get(&r->moves, i);
        if (!roster_move_stands(r, m))
            continue;
        show_item_t *it = item_add(d, SHOW_MOVE, 35);
        if (!it)
            break;
        bool from = m->from_table >= 0 && m->from_table < r->n_tables;
        it->title = text_begin(sh);
        add_player(sh, d->in, m->player);
        add_text(sh, ": ");
        /* », not →: the wall's font has no arrows */
        if (from) {
            add_table_seat(sh, r->tables[m->from_table].number, m->from_seat);
            add_text(sh, " » ");
        } else {
            add_text(sh, "» ");
        }
        add_table_seat(sh, r->tables[m->to_table].number, m->to_seat);
        text_end(sh, &it->title);
        it->line = text_begin(sh);
        if (m->why == MOVE_BREAK && from)
            add_word_args(sh, W_MOVE_BREAK, 1, 0, r->tables[m->from_table].number, 0);
        else
            add_label(sh, m->why == MOVE_FINAL ? W_MOVE_FINAL : W_MOVE_BALANCE);
        text_end(sh, &it->line);
        changes_in(d, shown_ms - (d->now - m->at));
    }
}

/* The last knockout, for a minute: "Ada knocks out Bo: €25" (the head he
 * carried), two or more sharing a split pot named together. */
static void knockout_strip(decide_t *d)
{
    const tourney_t *t = d->t;
    int64_t since = d->now - t->knockout.at;
    show_item_t *it;
    if (!bounty_on(d->s) || t->knockout.at == 0 || t->knockout.n_by < 1 || since < 0 ||
        since >= SHOW_KNOCKOUT_MS || !(it = item_add(d, SHOW_KNOCKOUT, 36)))
        return;
    show_t *sh = d->sh;
    int64_t head = 0;
    it->title = text_begin(sh);
    for (int i = 0; i < t->knockout.n_by && i < TOURNEY_MAX_KO; i++) {
        if (i > 0)
            add_text(sh, " & ");
        add_player(sh, d->in, t->knockout.by[i] - 1);
        head += t->knockout.cash[i];
    }
    add_text(sh, " ");
    add_word(sh, t->knockout.n_by > 1 ? W_KNOCK_OUT : W_KNOCKS_OUT);
    add_text(sh, " ");
    add_player(sh, d->in, t->knockout.out - 1);
    add_text(sh, ": ");
    add_value(sh, PART_MONEY, head);
    text_end(sh, &it->title);
    it->line = word_text(sh, W_BOUNTY, true);
    changes_in(d, SHOW_KNOCKOUT_MS - since);
}

/* ---- takeovers ---- */

static void clock_call_takeover(decide_t *d)
{
    const tourney_t *t = d->t;
    const tourney_view_t *v = d->v;
    show_item_t *it;
    if (!t->call.active || !v->call_on || !(it = item_add(d, SHOW_CLOCK_CALL, 100)))
        return;
    it->title = text_begin(d->sh);
    add_word_args(d->sh, W_CLOCK_ON, 2, 0, t->call.table, t->call.seat);
    text_end(d->sh, &it->title);
    int64_t left = t->call.total_ms - (d->now - t->call.started);
    if (left > 0) {
        changes_in(d, left - t->call.countdown_ms); /* the counted seconds */
        changes_in(d, left);                        /* TIME */
    } else if (!t->s.house.call_stays) {
        changes_in(d, TOURNEY_CALL_SHOWN_MS + left); /* TIME goes */
    }
}

/* The end of the day: the card drawn, the hands left, then play is over. */
static void day_end_takeover(decide_t *d)
{
    const tourney_t *t = d->t;
    show_t *sh = d->sh;
    show_item_t *it;
    if (!t->day_end.active)
        return;
    int64_t since = d->now - t->day_end.drawn_at;
    if (since < SHOW_CARD_MS) {
        if ((it = item_add(d, SHOW_DAY_END_CARD, 90)))
            it->title = word_text(sh, W_DRAWING, true);
        changes_in(d, SHOW_CARD_MS - since);
    } else if (d->v->day_over) {
        if ((it = item_add(d, SHOW_DAY_OVER, 70))) {
            it->title = word_text(sh, W_DAY_OVER, true);
            it->line = word_text(sh, W_BAG_TAG, false);
        }
    } else if ((it = item_add(d, SHOW_DAY_END_HANDS, 50))) {
        it->title = text_begin(sh);
        if (d->v->day_end_hands_left == 1)
            add_word(sh, W_LAST_HAND);
        else
            add_word_args(sh, W_HANDS_LEFT, 1, 0, d->v->day_end_hands_left, 0);
        text_end(sh, &it->title);
    }
}

static void in_the_money_takeover(decide_t *d)
{
    const tourney_t *t = d->t;
    int64_t since = d->now - t->itm_at;
    show_item_t *it;
    if (t->itm_at && since < SHOW_ITM_MS && since >= 0 &&
        (it = item_add(d, SHOW_IN_THE_MONEY, 80))) {
        it->title = word_text(d->sh, W_ITM, true);
        it->line = text_begin(d->sh);
        add_word_args(d->sh, W_ITM_LINE, 1, 0, d->v->paid_places, 0);
        text_end(d->sh, &it->line);
        changes_in(d, SHOW_ITM_MS - since);
    }
}

static void hand_for_hand_takeover(decide_t *d)
{
    show_item_t *it;
    if (d->t->hfh.active && (it = item_add(d, SHOW_HAND_FOR_HAND, 60))) {
        it->title = word_text(d->sh, W_HFH, true);
        it->line = word_text(d->sh, W_PHONES, false);
    }
}

static void color_up_takeover(decide_t *d)
{
    show_item_t *it;
    if (d->v->color_up_now && (d->is_break || d->t->color_up_value) &&
        (it = item_add(d, SHOW_COLOR_UP, 40))) {
        it->title = word_text(d->sh, W_COLOR_UP, true);
        it->line = text_begin(d->sh);
        add_word_args(d->sh, W_COLOR_UP_REMOVE, 1, 1, d->v->color_up_now, 0);
        text_end(d->sh, &it->line);
    }
}

/* The tournament is over: the winner, by name when the roster has one,
 * and the first prize. It stays until the director undoes the last bust. */
static void winner_takeover(decide_t *d)
{
    const tourney_t *t = d->t;
    const result_t *first = NULL;
    for (int i = 0; i < t->n_results; i++)
        if (t->results[i].place_best == 1)
            first = &t->results[i];
    show_item_t *it;
    if (!d->v->over || !first || !(it = item_add(d, SHOW_WINNER, 120)))
        return;
    const roster_t *r = d->in->roster;
    int who = -1;
    for (int i = 0; r && i < r->n_players; i++)
        if (r->players[i].place_best == 1 && r->players[i].name[0])
            who = i;
    it->title = text_begin(d->sh);
    if (who >= 0) {
        add_word(d->sh, W_WINNER);
        add_text(d->sh, ": ");
        add_player(d->sh, d->in, who);
    } else {
        add_label(d->sh, W_WINNER);
    }
    text_end(d->sh, &it->title);
    it->line = text_begin(d->sh);
    if (first->prize_each > 0)
        add_value(d->sh, PART_MONEY, first->prize_each);
    text_end(d->sh, &it->line);
}

/* The final table redrawn: for three minutes every seat with its player
 * and the card dealt for the button, the button marked, so that players
 * find their seats and see why the button is where it is. */
static void final_table_takeover(decide_t *d)
{
    const tourney_t *t = d->t;
    int64_t since = d->now - t->final_at;
    show_item_t *it;
    if (!t->final_at || since < 0 || since >= TOURNEY_FINAL_SHOWN_MS || d->v->over ||
        !(it = item_add(d, SHOW_FINAL_TABLE, 75)))
        return;
    it->title = word_text(d->sh, W_FINAL_TABLE, true);
    bool dealt = false;
    for (int s = 0; s < TOURNEY_FINAL_SEATS; s++)
        dealt |= t->final_cards[s] != 0;
    it->line = text_begin(d->sh);
    if (t->final_button)
        add_word_args(d->sh, dealt ? W_BUTTON_HIGH_CARD : W_BUTTON_SEAT, 1, 0, t->final_button, 0);
    text_end(d->sh, &it->line);
    changes_in(d, TOURNEY_FINAL_SHOWN_MS - since);
}

/* Every strip and takeover the screen knows, each adding itself when its
 * moment has come; among equal priorities the earlier one here goes first. */
static void (*const makers[])(decide_t *d) = {
    storage_error_strip, follower_notice_strip, power_loss_strip,      announcement_strip,
    new_level_strip,     bubble_strip,          color_up_next_strip,   penalties_strip,
    clock_call_takeover, day_end_takeover,      in_the_money_takeover, hand_for_hand_takeover,
    color_up_takeover,   winner_takeover,       final_table_takeover,  knockout_strip,
    move_strips,
};

/* ---- the figures of the takeover that won ---- */

static void call_figure(decide_t *d)
{
    const clock_call_t *k = &d->t->call;
    d->sh->call.remaining_ms = d->v->call_remaining_ms;
    d->sh->call.total_ms = k->total_ms;
    d->sh->call.countdown_ms = k->countdown_ms;
    d->sh->call.counting = d->v->call_counting;
    d->sh->call.expired = d->v->call_expired;
}

static void hfh_figure(decide_t *d)
{
    const hand_for_hand_t *h = &d->t->hfh;
    show_t *sh = d->sh;
    /* The tables in play, by number (a table broken out of order is gone). */
    sh->hfh.shown = tableset_empty(&h->in_play) ? tableset_first(h->tables) : h->in_play;
    sh->hfh.done = tableset_and(&h->done, &sh->hfh.shown);
    sh->hfh.waiting = tableset_and(&h->waiting, &sh->hfh.shown);
    sh->hfh.waiting = tableset_minus(&sh->hfh.waiting, &sh->hfh.done);
    sh->hfh.all_done = d->v->hfh_all_done;
    /* When every table is done, the hand to deal is the next one. */
    sh->hfh.hand = text_begin(sh);
    add_word_args(sh, W_HAND_N, 1, 0, sh->hfh.all_done ? h->hand + 1 : h->hand, 0);
    text_end(sh, &sh->hfh.hand);
    /* Hand-for-hand is played for a place: how many are left for how many
     * paid stays on the wall while it takes the body. */
    if (d->v->paid_places > 0) {
        sh->hfh.field = text_begin(sh);
        add_word_args(sh, W_BUBBLE_LINE, 2, 0, d->v->players_left, d->v->paid_places);
        text_end(sh, &sh->hfh.field);
    }
    if (sh->hfh.all_done) {
        sh->hfh.deal = word_text(sh, W_DEAL, false);
        return;
    }
    sh->hfh.label = word_text(sh, W_STILL_PLAYING, true);
    if (!tableset_empty(&sh->hfh.waiting))
        sh->hfh.legend = word_text(sh, W_ALL_IN_WAITING, false);
}

static void color_up_figure(decide_t *d)
{
    show_t *sh = d->sh;
    int64_t from = d->v->color_up_now, into = d->v->color_up_into;
    const chip_t *f = chip_find(d->s, from), *i = into ? chip_find(d->s, into) : NULL;
    sh->color_up.from = from;
    sh->color_up.from_rgb = f ? f->rgb : 0x808080;
    sh->color_up.into = into;
    sh->color_up.into_rgb = i ? i->rgb : 0x808080;
    sh->color_up.times = into && from > 0 ? into / from : 0;
    sh->color_up.beside_clock = d->is_break;
    sh->color_up.gone = text_begin(sh);
    add_word_args(sh, W_COLOR_UP_REMOVE, 1, 1, from, 0);
    if (f && f->colour[0]) {
        add_text(sh, " (");
        add_text(sh, f->colour);
        add_text(sh, ")");
    }
    text_end(sh, &sh->color_up.gone);
    sh->color_up.race = word_text(sh, W_RACE, true);
    static const word_id lines[4] = {W_RACE_1, W_RACE_2, W_RACE_3, W_RACE_4};
    for (int k = 0; k < 4; k++)
        sh->color_up.race_lines[k] = word_text(sh, lines[k], false);
}

static void final_figure(decide_t *d)
{
    const tourney_t *t = d->t;
    const roster_t *r = d->in->roster;
    show_t *sh = d->sh;
    int ti = r ? roster_table_by_number(r, t->final_table) : -1;
    sh->final.button = t->final_button;
    if (ti < 0)
        return;
    const table_t *tb = &r->tables[ti];
    sh->final.n_seats = tb->seats < TOURNEY_FINAL_SEATS ? tb->seats : TOURNEY_FINAL_SEATS;
    for (int s = 0; s < sh->final.n_seats; s++) {
        int card = t->final_cards[s] - 1, occ = tb->occupant[s] - 1;
        sh->final.card[s] = card >= 0 && card < 52 ? card : -1;
        sh->final.who[s] = text_begin(sh);
        if (occ >= 0 && occ < r->n_players)
            add_player(sh, d->in, occ);
        text_end(sh, &sh->final.who[s]);
    }
}

static void figure(decide_t *d)
{
    show_t *sh = d->sh;
    int64_t now = d->now;
    switch (sh->takeover.kind) {
    case SHOW_CLOCK_CALL: call_figure(d); break;
    case SHOW_DAY_END_CARD:
    case SHOW_DAY_END_HANDS:
        sh->card.drawn = d->t->day_end.drawn;
        sh->card.since_ms = now - d->t->day_end.drawn_at;
        sh->animating = sh->takeover.kind == SHOW_DAY_END_CARD;
        break;
    case SHOW_IN_THE_MONEY:
        sh->itm_since_ms = now - d->t->itm_at;
        sh->animating = true;
        break;
    case SHOW_HAND_FOR_HAND: hfh_figure(d); break;
    case SHOW_COLOR_UP: color_up_figure(d); break;
    case SHOW_FINAL_TABLE: final_figure(d); break;
    default: break;
    }
}

/* ---- the footer's periods and the header ---- */

/* Appends " (m:ss)": how long a period that ends after play level `until`
 * (and the break right after it) stays open. */
static void period_left(decide_t *d, int until)
{
    const structure_t *s = d->s;
    int64_t ms = d->v->remaining_ms;
    for (int k = d->v->level + 1; k < s->n_levels; k++) {
        if (s->levels[k].kind == LEVEL_PLAY && show_play_number(s, k) > until) {
            add_text(d->sh, " (");
            add_value(d->sh, PART_LEVEL_TIME, ms);
            add_text(d->sh, ")");
            return;
        }
        ms += s->levels[k].duration_ms;
    }
}

/* Under the payouts: fixed, "Bounty per head" and the amount;
 * progressive, "Biggest bounties" and the three biggest heads now; after
 * a deal, "Bounties in the deal" and what they came to, or "Bounties not
 * in the deal" and the heads as before. */
static void bounty_lines(decide_t *d)
{
    show_t *sh = d->sh;
    const tourney_deal_t *deal = &d->t->deal;
    if (!bounty_on(d->s) || d->v->over)
        return;
    bool progressive = bounty_progressive(d->s);
    word_id title = deal->players == 0   ? (progressive ? W_BIGGEST_BOUNTIES : W_BOUNTY_PER_HEAD)
                    : deal->bounties > 0 ? W_BOUNTIES_IN_DEAL
                                         : W_BOUNTIES_NOT_IN_DEAL;
    sh->bounty.title = word_text(sh, title, false);
    if (deal->bounties > 0 || !progressive) {
        sh->bounty.amount = deal->bounties > 0 ? deal->bounties : bounty_per_entry(d->s);
        return;
    }
    if (!d->in->roster)
        return;
    bounty_totals_t b;
    bounty_totals(d->t, d->in->roster, &b);
    for (int i = 0; i < 3 && b.biggest[i] > 0; i++) {
        sh->bounty.who[i] = text_begin(sh);
        add_player(sh, d->in, b.biggest_player[i] - 1);
        text_end(sh, &sh->bounty.who[i]);
        sh->bounty.head[sh->bounty.n_heads++] = b.biggest[i];
    }
}

/* What is open now: late registration, rebuys, the add-on; nothing once
 * there is a winner. */
static void periods_open(decide_t *d)
{
    const structure_t *s = d->s;
    const tourney_view_t *v = d->v;
    show_t *sh = d->sh;
    if (v->over)
        return;
    show_text_t *p = sh->periods;
    if (v->late_reg_open) {
        p[sh->n_periods] = text_begin(sh);
        add_word_args(sh, W_LATE_REG_UNTIL, 1, 0, s->late_reg_until_level, 0);
        period_left(d, s->late_reg_until_level);
        text_end(sh, &p[sh->n_periods++]);
    }
    if (v->rebuys_open) {
        p[sh->n_periods] = text_begin(sh);
        add_word_args(sh, W_REBUYS_UNTIL, 1, 0, s->rebuy_until_level, 0);
        period_left(d, s->rebuy_until_level);
        text_end(sh, &p[sh->n_periods++]);
    }
    if (v->addon_open)
        p[sh->n_periods++] = word_text(sh, W_ADDON_NOW, false);
    else if (s->addon_after_level > 0 && v->level_number <= s->addon_after_level) {
        p[sh->n_periods] = text_begin(sh);
        add_word_args(sh, W_ADDON_AFTER, 1, 0, s->addon_after_level, 0);
        text_end(sh, &p[sh->n_periods++]);
    }
}

static void heading(decide_t *d)
{
    const tourney_t *t = d->t;
    const tourney_view_t *v = d->v;
    show_t *sh = d->sh;
    /* Hand-for-hand and the end-of-day draw stop the level clock on purpose:
     * the screen shows the procedure, not PAUSED; so does the end (one
     * player left): nothing waits to resume. */
    sh->paused = t->clock.started && !t->clock.running && !t->hfh.active && !t->day_end.active &&
                 !v->over;
    sh->pill = -1;
    bool counted = d->running && !d->is_break && !v->overtime;
    if (d->is_break)
        sh->pill = W_BREAK;
    else if (v->overtime)
        sh->pill = W_OVERTIME;
    else if (counted && v->remaining_ms <= 60000)
        sh->pill = W_LAST_MINUTE;
    else if (counted)
        changes_in(d, v->remaining_ms - 60000);
}

/* Highest priority first, the earlier maker first among equals; the best
 * takeover wins the body, the strips take turns. */
static void sort_out(decide_t *d)
{
    show_t *sh = d->sh;
    for (int i = 1; i < d->n_items; i++)
        for (int j = i; j > 0 && d->items[j].priority > d->items[j - 1].priority; j--) {
            show_item_t tmp = d->items[j];
            d->items[j] = d->items[j - 1];
            d->items[j - 1] = tmp;
        }
    for (int i = 0; i < d->n_items; i++) {
        if (d->items[i].kind >= SHOW_CLOCK_CALL) {
            if (!sh->has_takeover) {
                sh->has_takeover = true;
                sh->takeover = d->items[i];
            }
        } else {
            sh->strips[sh->n_strips++] = d->items[i];
        }
    }
    sh->turn_in_ms = INT64_MAX;
    if (sh->n_strips > 1) {
        int64_t q = d->now / SHOW_TURN_MS;
        sh->turn = (int)(q % sh->n_strips);
        sh->turn_in_ms = SHOW_TURN_MS - (d->now - q * SHOW_TURN_MS);
    }
}

void show_decide(const show_input_t *in, int64_t now, int dismissed_level, show_t *out)
{
    memset(out, 0, offsetof(show_t, parts));
    out->n_parts = out->pool_len = 0;
    out->now = now;
    out->changes_in_ms = INT64_MAX;
    tourney_view(in->t, now, &out->v);
    const structure_t *s = &in->t->s;
    decide_t d = {.sh = out,
                  .in = in,
                  .t = in->t,
                  .s = s,
                  .v = &out->v,
                  .now = now,
                  .dismissed_level = dismissed_level,
                  .running = in->t->clock.running,
                  .is_break = s->levels[out->v.level].kind == LEVEL_BREAK};
    out->running = d.running;
    for (size_t i = 0; i < sizeof makers / sizeof *makers; i++)
        makers[i](&d);
    sort_out(&d);
    figure(&d);
    periods_open(&d);
    bounty_lines(&d);
    heading(&d);
    out->n_pay = show_payout_rows(in->t, &out->v, SHOW_PAY_ROWS, out->pay);
}

int show_payout_rows(const tourney_t *t, const tourney_view_t *v, int room, show_pay_row_t *out)
{
    int n = 0, from = 1;
    if (t->deal.players > 0) {
        int64_t shared = 0;
        for (int k = 0; k < t->deal.players; k++)
            shared += t->deal.amount[k];
        if (n < room)
            out[n++] = (show_pay_row_t){PAY_DEAL, (int16_t)t->deal.players, shared};
        if (t->deal.play_for > 0 && !v->over && n < room)
            out[n++] = (show_pay_row_t){PAY_PLAY_FOR, 1, t->deal.play_for};
        from = t->deal.players + 1;
    }
    int last = v->paid_places, fit = room - n;
    if (last - from + 1 <= 0 || fit <= 0)
        return n;
    /* The lowest place still to be won; the top places down to it when
     * they fit, else all but the last line's worth, then it. */
    int low = v->players_left < last ? v->players_left : last;
    int top = last - from + 1 <= fit || low < from + fit ? fit : fit - 1;
    for (int p = from; p <= last && p < from + top; p++)
        out[n++] = (show_pay_row_t){PAY_PLACE, (int16_t)p, v->payouts[p - 1]};
    if (top < fit && low >= from)
        out[n++] = (show_pay_row_t){PAY_PLACE, (int16_t)low, v->payouts[low - 1]};
    return n;
}

int show_play_number(const structure_t *s, int index)
{
    int n = 0;
    for (int i = 0; i <= index && i < s->n_levels; i++)
        n += s->levels[i].kind == LEVEL_PLAY;
    return n;
}

const char *show_kind_name(show_kind k)
{
    static const char *const names[SHOW__COUNT] = {
        "storage_error", "follower_notice", "power_loss", "announcement",  "new_level",
        "bubble",        "color_up_next",   "penalties",  "move",          "knockout",
        "clock_call",    "day_end_card",    "day_over",   "day_end_hands", "in_the_money",
        "hand_for_hand", "color_up",        "winner",     "final_table",
    };
    return (unsigned)k < SHOW__COUNT ? names[k] : "";
}
