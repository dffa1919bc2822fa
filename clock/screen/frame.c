/* Words, numbers and times as the wall writes them. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "screen/frame.h"

const char *frame_word(frame_t *fr, word_id id)
{
    return lang_word(fr->w->lang, id);
}

/* A label in one language, or "first / second" when the wall shows two. */
void frame_label2(frame_t *fr, word_id id, char *buf, size_t len)
{
    const char *a = lang_word(fr->w->lang, id);
    const char *b = lang_word(fr->w->lang2, id);
    if (fr->w->two_languages && strcmp(a, b) != 0)
        snprintf(buf, len, "%s / %s", a, b);
    else
        snprintf(buf, len, "%s", a);
}

/* The tournament's money in the wall's language; a points event has no
 * currency and shows the number alone. */
void frame_player_name(frame_t *fr, int player, char *buf, size_t len)
{
    const roster_t *r = fr->f->snap->roster;
    if (!r || player < 0 || player >= r->n_players)
        snprintf(buf, len, "?");
    else if (r->players[player].name[0])
        roster_player_shown(r, player, fr->s->house.short_names, buf, len);
    else /* "Spieler 2": a number in the wall's language */
        snprintf(buf, len, frame_word(fr, W_PLAYER_N), (int)r->players[player].id);
}

void frame_money(frame_t *fr, int64_t n, char *buf, size_t len)
{
    lang_money(fr->w->lang, n, fr->s->currency, buf, len);
}

/* The wake-up for a countdown shown in whole seconds (rounded up). */
void frame_wake_countdown(paint_t *p, int64_t ms)
{
    paint_wake_in(p, say_countdown_turns(ms));
}

void frame_say(frame_t *fr, show_text_t t, char *buf, size_t len)
{
    paint_wake_in(fr->p, say(fr->show, t, &fr->say, buf, len));
}

void frame_blinds_text(frame_t *fr, const level_t *l, char *buf, size_t len)
{
    char a[32], b[32];
    lang_chips(fr->w->lang, l->small_blind, a, sizeof a);
    lang_chips(fr->w->lang, l->big_blind, b, sizeof b);
    snprintf(buf, len, "%s / %s", a, b);
}

void frame_ante_text(frame_t *fr, const level_t *l, char *buf, size_t len)
{
    buf[0] = 0;
    if (l->kind != LEVEL_PLAY || l->ante <= 0)
        return;
    char a[32];
    lang_chips(fr->w->lang, l->ante, a, sizeof a);
    snprintf(buf, len, "%s %s", frame_word(fr, l->big_blind_ante ? W_BB_ANTE : W_ANTE), a);
}

int frame_cap_h(frame_t *fr, text_face face, int px)
{
    int top, h;
    text_cap_metrics(fr->w->tc, face, px, &top, &h);
    return h;
}

SDL_Color frame_countdown_colour(frame_t *fr)
{
    const theme_colours_t *c = &fr->w->col;
    if (fr->paused)
        return colour_mix(c->paused, c->fg, 25);
    if (fr->is_break)
        return colour_mix(c->brk, c->fg, 30);
    if (fr->v.overtime || fr->last_minute)
        return c->warn;
    return c->fg;
}

void frame_countdown_text(frame_t *fr, char *buf, size_t len)
{
    if (fr->v.overtime) {
        char t[32];
        say_clock(fr->v.overtime_ms, true, t, sizeof t);
        snprintf(buf, len, "+%s", t);
        if (fr->running)
            paint_wake_in(fr->p, 1000 - fr->v.overtime_ms % 1000);
    } else {
        say_clock(fr->v.remaining_ms, false, buf, len);
        if (fr->running)
            frame_wake_countdown(fr->p, fr->v.remaining_ms);
    }
}

/* Rounded down (a player has at least this many big blinds), one decimal
 * under 10: the pages' fmtBB does the same (tests/vectors/bb.txt). */
void frame_bb_text(int64_t average, int64_t big_blind, char *buf, size_t len)
{
    buf[0] = '\0';
    if (big_blind <= 0 || average <= 0 || average > INT64_MAX / 10)
        return;
    int64_t x10 = average * 10 / big_blind;
    if (x10 < 100)
        snprintf(buf, len, "%" PRId64 ".%" PRId64 " BB", x10 / 10, x10 % 10);
    else
        snprintf(buf, len, "%" PRId64 " BB", x10 / 10);
}
