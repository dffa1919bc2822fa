/* The wall layout: header, clock, side columns, and one banner mechanism for
 * every overlay (strips in the footer, takeovers of the body). */
#include <SDL2/SDL_image.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screen/lang.h"
#include "screen/paint.h"
#include "screen/qr.h"
#include "screen/wall.h"

enum {
    NEW_LEVEL_MS = 20000,      /* the new-level banner, from the start of a level */
    ITM_MS = 30000,            /* the in-the-money celebration */
    CARD_MS = 4000,            /* the end-of-day card being drawn */
    CALL_LINGER_MS = 10000,    /* "TIME" stays this long after a clock call ran out */
    ROTATE_MS = 8000,          /* strips take turns in the footer */
    MAX_BANNERS = 16,
};

typedef struct {
    SDL_Color bg, fg, accent, paused, brk, warn;
    SDL_Color muted, panel, line;
} theme_colours_t;

struct wall {
    SDL_Renderer *r;
    text_cache_t *tc;
    paint_t p;
    const config_t *config;
    theme_colours_t col;
    lang_id lang, lang2;
    bool two_languages;
    SDL_Texture *logo;
    int logo_w, logo_h;
};

typedef enum { STRIP, TAKEOVER } banner_size;
typedef enum { FIG_NONE, FIG_COLOR_UP, FIG_HFH, FIG_CALL, FIG_CARD, FIG_ITM, FIG_HANDS } figure_t;

typedef struct {
    int priority;
    banner_size size;
    SDL_Color bg, fg;
    char title[300];
    char line[600];
    figure_t fig;
} banner_t;

typedef struct {
    int x, y, w, h;
} box_t;

/* Everything one frame draws from. */
typedef struct {
    wall_t *w;
    paint_t *p;
    const wall_frame_t *f;
    const tourney_t *t;
    const structure_t *s;
    tourney_view_t v;
    const level_t *cur;
    bool running, started, is_break, last_minute, paused;
    banner_t banners[MAX_BANNERS];
    int n_banners;
    const banner_t *takeover;
    const banner_t *strips[MAX_BANNERS];
    int n_strips;
    int call_second;
} frame_t;

/* ---- words ---- */

static const char *word(frame_t *fr, word_id id)
{
    return lang_word(fr->w->lang, id);
}

/* A label in one language, or "first / second" when the wall shows two. */
static void label2(frame_t *fr, word_id id, char *buf, size_t len)
{
    const char *a = lang_word(fr->w->lang, id);
    const char *b = lang_word(fr->w->lang2, id);
    if (fr->w->two_languages && strcmp(a, b) != 0)
        snprintf(buf, len, "%s / %s", a, b);
    else
        snprintf(buf, len, "%s", a);
}

static void group_int(int64_t n, char *buf, size_t len)
{
    char digits[32], out[48];
    snprintf(digits, sizeof digits, "%" PRId64, n < 0 ? -n : n);
    size_t k = strlen(digits), o = 0;
    if (n < 0)
        out[o++] = '-';
    for (size_t i = 0; i < k; i++) {
        if (i && (k - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = 0;
    snprintf(buf, len, "%s", out);
}

static void money(const structure_t *s, int64_t n, char *buf, size_t len)
{
    char g[48];
    group_int(n, g, sizeof g);
    const char *c = s->currency;
    if (!strcmp(c, "EUR"))
        snprintf(buf, len, "€%s", g);
    else if (!strcmp(c, "USD"))
        snprintf(buf, len, "$%s", g);
    else if (!strcmp(c, "GBP"))
        snprintf(buf, len, "£%s", g);
    else if (*c)
        snprintf(buf, len, "%s %s", g, c);
    else
        snprintf(buf, len, "%s", g);
}

/* m:ss, or h:mm:ss from an hour; counts whole seconds up (a level shows its
 * full length when it starts and 0:00 only when it is over). */
static void clock_text(int64_t ms, bool up, char *buf, size_t len)
{
    int64_t s = up ? ms / 1000 : (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, len, "%" PRId64 ":%02d:%02d", s / 3600, (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, len, "%d:%02d", (int)(s / 60), (int)(s % 60));
}

/* The wake-up for a countdown shown in whole seconds (rounded up). */
static void wake_countdown(paint_t *p, int64_t ms)
{
    if (ms > 0)
        paint_wake_in(p, ms % 1000 ? ms % 1000 : 1000);
}

static int play_number(const structure_t *s, int index)
{
    int n = 0;
    for (int i = 0; i <= index && i < s->n_levels; i++)
        n += s->levels[i].kind == LEVEL_PLAY;
    return n;
}

static void blinds_text(const level_t *l, char *buf, size_t len)
{
    char a[32], b[32];
    format_chips(l->small_blind, a, sizeof a);
    format_chips(l->big_blind, b, sizeof b);
    snprintf(buf, len, "%s / %s", a, b);
}

static void ante_text(frame_t *fr, const level_t *l, char *buf, size_t len)
{
    buf[0] = 0;
    if (l->kind != LEVEL_PLAY || l->ante <= 0)
        return;
    char a[32];
    format_chips(l->ante, a, sizeof a);
    snprintf(buf, len, "%s %s", word(fr, l->big_blind_ante ? W_BB_ANTE : W_ANTE), a);
}

/* ---- banners: every overlay is one of these ---- */

static banner_t *banner_add(frame_t *fr, int priority, banner_size size, SDL_Color bg,
                            SDL_Color fg, figure_t fig)
{
    if (fr->n_banners == MAX_BANNERS)
        return NULL;
    banner_t *b = &fr->banners[fr->n_banners++];
    memset(b, 0, sizeof *b);
    *b = (banner_t){.priority = priority, .size = size, .bg = bg, .fg = fg, .fig = fig};
    return b;
}

/* A title in the wall's language, with the second language after it. */
static void title2(frame_t *fr, banner_t *b, word_id id)
{
    label2(fr, id, b->title, sizeof b->title);
}

static void banners_collect(frame_t *fr)
{
    const theme_colours_t *c = &fr->w->col;
    const tourney_t *t = fr->t;
    const tourney_view_t *v = &fr->v;
    int64_t now = fr->f->now;
    SDL_Color dark = fr->w->col.bg;
    banner_t *b;
    char x[64], y[64];

    if (fr->f->snap->storage_error[0] && (b = banner_add(fr, 100, STRIP, c->warn, dark, FIG_NONE))) {
        title2(fr, b, W_STORAGE_ERROR);
        snprintf(b->line, sizeof b->line, "%s", fr->f->snap->storage_error);
    }
    if (t->recovered_after_power_loss &&
        (b = banner_add(fr, 90, STRIP, c->paused, (SDL_Color){255, 255, 255, 255}, FIG_NONE))) {
        title2(fr, b, W_RECOVERED);
        snprintf(b->line, sizeof b->line, "%s", word(fr, W_RECOVERED_LINE));
    }
    if (v->announcement_active && (b = banner_add(fr, 80, STRIP, c->accent, dark, FIG_NONE))) {
        snprintf(b->title, sizeof b->title, "%s", t->announcement);
        if (t->announcement_until)
            paint_wake_in(fr->p, t->announcement_until - now);
    }
    if (fr->running && !fr->is_break && v->elapsed_ms < NEW_LEVEL_MS && !v->overtime &&
        v->level != fr->f->dismissed_level &&
        (b = banner_add(fr, 70, STRIP, c->accent, dark, FIG_NONE))) {
        blinds_text(fr->cur, x, sizeof x);
        snprintf(b->title, sizeof b->title, "%s %d: %s %s", word(fr, W_LEVEL), v->level_number,
                 word(fr, W_BLINDS), x);
        ante_text(fr, fr->cur, y, sizeof y);
        snprintf(b->line, sizeof b->line, "%s%s%s", y, y[0] ? " — " : "",
                 word(fr, W_FROM_NEXT_HAND));
        paint_wake_in(fr->p, NEW_LEVEL_MS - v->elapsed_ms);
    }
    if (t->bubble && (b = banner_add(fr, 60, STRIP, c->warn, dark, FIG_NONE))) {
        title2(fr, b, W_BUBBLE);
        snprintf(b->line, sizeof b->line, word(fr, W_BUBBLE_LINE), v->players_left,
                 v->paid_places);
    }
    if (v->next_color_up && v->next_color_up_level >= 0 && !v->color_up_now) {
        int at = v->next_color_up_level;
        word_id id = 0;
        if (at == v->next_level && fr->s->levels[at].kind == LEVEL_BREAK)
            id = W_COLOR_UP_NEXT_BREAK;
        else if (at == v->level && !fr->is_break)
            id = W_COLOR_UP_END_OF_LEVEL;
        if (id && (b = banner_add(fr, 50, STRIP, c->brk, (SDL_Color){255, 255, 255, 255},
                                  FIG_NONE))) {
            format_chips(v->next_color_up, x, sizeof x);
            snprintf(b->title, sizeof b->title, word(fr, id), x);
            for (int i = 0; i < fr->s->n_chips; i++)
                if (fr->s->chips[i].value == v->next_color_up && fr->s->chips[i].colour[0])
                    snprintf(b->line, sizeof b->line, "%s %s", fr->s->chips[i].colour, x);
        }
    }
    int shown = 0;
    char pen[600] = "";
    for (int i = 0; i < t->n_penalties; i++) {
        const penalty_t *pe = &t->penalties[i];
        if (pe->rounds == 0 && pe->until <= now)
            continue;
        char one[128], ts[48];
        snprintf(one, sizeof one, word(fr, W_TABLE_SEAT), pe->table, pe->seat);
        if (pe->rounds == 1) {
            snprintf(ts, sizeof ts, "%s", word(fr, W_ROUND));
        } else if (pe->rounds > 1) {
            snprintf(ts, sizeof ts, word(fr, W_ROUNDS), pe->rounds);
        } else {
            clock_text(pe->until - now, false, ts, sizeof ts);
            wake_countdown(fr->p, pe->until - now);
        }
        size_t l = strlen(pen);
        snprintf(pen + l, sizeof pen - l, "%s%s: %s", shown ? "   ·   " : "", one, ts);
        shown++;
    }
    if (shown && (b = banner_add(fr, 40, STRIP, c->panel, c->fg, FIG_NONE))) {
        title2(fr, b, W_PENALTIES);
        snprintf(b->line, sizeof b->line, "%s", pen);
    }

    /* Takeovers: the procedures that the whole room must follow now. */
    if (t->call.active) {
        int64_t over = now - (t->call.started + t->call.total_ms);
        if (over < CALL_LINGER_MS) {
            bool counting = v->call_counting, expired = v->call_expired;
            SDL_Color bg = expired ? c->paused : counting ? c->warn : c->panel;
            SDL_Color fg = expired ? (SDL_Color){255, 255, 255, 255} : counting ? dark : c->fg;
            if ((b = banner_add(fr, 100, TAKEOVER, bg, fg, FIG_CALL))) {
                snprintf(b->title, sizeof b->title, word(fr, W_CLOCK_ON), t->call.table,
                         t->call.seat);
                if (!expired) {
                    wake_countdown(fr->p, v->call_remaining_ms);
                    if (counting)
                        fr->call_second = (int)((v->call_remaining_ms + 999) / 1000);
                } else {
                    paint_wake_in(fr->p, CALL_LINGER_MS - over);
                }
            }
        }
    }
    if (t->day_end.active) {
        int64_t since = now - t->day_end.drawn_at;
        if (since < CARD_MS) {
            if ((b = banner_add(fr, 90, TAKEOVER, c->panel, c->fg, FIG_CARD)))
                title2(fr, b, W_DRAWING);
            fr->p->animating = true;
        } else if (v->day_over) {
            if ((b = banner_add(fr, 70, TAKEOVER, c->brk, (SDL_Color){255, 255, 255, 255},
                                FIG_NONE))) {
                title2(fr, b, W_DAY_OVER);
                snprintf(b->line, sizeof b->line, "%s", word(fr, W_BAG_TAG));
            }
        } else if ((b = banner_add(fr, 50, TAKEOVER, c->panel, c->fg, FIG_HANDS))) {
            if (v->day_end_hands_left == 1)
                snprintf(b->title, sizeof b->title, "%s", word(fr, W_LAST_HAND));
            else
                snprintf(b->title, sizeof b->title, word(fr, W_HANDS_LEFT), v->day_end_hands_left);
        }
    }
    if (t->itm_at && now - t->itm_at < ITM_MS && now >= t->itm_at &&
        (b = banner_add(fr, 80, TAKEOVER, c->panel, c->accent, FIG_ITM))) {
        title2(fr, b, W_ITM);
        snprintf(b->line, sizeof b->line, word(fr, W_ITM_LINE), v->paid_places);
        fr->p->animating = true;
        paint_wake_in(fr->p, ITM_MS - (now - t->itm_at));
    }
    if (t->hfh.active && (b = banner_add(fr, 60, TAKEOVER, c->panel, c->warn, FIG_HFH))) {
        title2(fr, b, W_HFH);
        snprintf(b->line, sizeof b->line, "%s", word(fr, W_PHONES));
    }
    if (v->color_up_now && (fr->is_break || t->color_up_value) &&
        (b = banner_add(fr, 40, TAKEOVER, c->panel, c->brk, FIG_COLOR_UP))) {
        title2(fr, b, W_COLOR_UP);
        format_chips(v->color_up_now, x, sizeof x);
        snprintf(b->line, sizeof b->line, word(fr, W_COLOR_UP_REMOVE), x);
    }

    /* Highest priority first; the best takeover wins the body. */
    for (int i = 1; i < fr->n_banners; i++)
        for (int j = i; j > 0 && fr->banners[j].priority > fr->banners[j - 1].priority; j--) {
            banner_t tmp = fr->banners[j];
            fr->banners[j] = fr->banners[j - 1];
            fr->banners[j - 1] = tmp;
        }
    for (int i = 0; i < fr->n_banners; i++) {
        if (fr->banners[i].size == TAKEOVER) {
            if (!fr->takeover)
                fr->takeover = &fr->banners[i];
        } else {
            fr->strips[fr->n_strips++] = &fr->banners[i];
        }
    }
}

/* ---- blocks ---- */

/* Splits text into at most two lines that fit max_w at px. */
static int wrap2(paint_t *p, text_face face, int px, int max_w, const char *s, char *l1, char *l2,
                 size_t len)
{
    snprintf(l1, len, "%s", s);
    l2[0] = 0;
    if (paint_text_width(p, face, px, s) <= max_w)
        return 1;
    /* Break at the space nearest the middle that gives the narrower longest line. */
    size_t n = strlen(s);
    int best = -1, best_w = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        if (s[i] != ' ')
            continue;
        char a[600], b[600];
        snprintf(a, sizeof a, "%.*s", (int)i, s);
        snprintf(b, sizeof b, "%s", s + i + 1);
        int wa = paint_text_width(p, face, px, a), wb = paint_text_width(p, face, px, b);
        int wmax = wa > wb ? wa : wb;
        if (best < 0 || wmax < best_w) {
            best = (int)i;
            best_w = wmax;
        }
    }
    if (best < 0)
        return 1;
    snprintf(l1, len, "%.*s", best, s);
    snprintf(l2, len, "%s", s + best + 1);
    return 2;
}

static int cap_h(frame_t *fr, text_face face, int px)
{
    int top, h;
    text_cap_metrics(fr->w->tc, face, px, &top, &h);
    return h;
}

/* A label over a value (and an optional small line): the side columns. */
static int stat_block(frame_t *fr, box_t bx, const char *label, const char *value,
                      const char *sub, SDL_Color value_col, int label_px, int value_px)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int y = bx.y;
    paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, label_px, bx.w, label), c->muted, bx.x,
               y, ALIGN_LEFT, label);
    y += cap_h(fr, FACE_REGULAR, label_px) + label_px / 2;
    int vpx = paint_fit(p, FACE_BOLD, value_px, bx.w, value);
    paint_text(p, FACE_BOLD, vpx, value_col, bx.x, y, ALIGN_LEFT, value);
    y += cap_h(fr, FACE_BOLD, value_px);
    if (sub && *sub) {
        y += label_px / 2;
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, label_px * 5 / 4, bx.w, sub),
                   c->muted, bx.x, y, ALIGN_LEFT, sub);
        y += cap_h(fr, FACE_REGULAR, label_px * 5 / 4);
    }
    return y - bx.y;
}

static SDL_Color countdown_colour(frame_t *fr)
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

static void countdown_text(frame_t *fr, char *buf, size_t len)
{
    if (fr->v.overtime) {
        char t[32];
        clock_text(fr->v.overtime_ms, true, t, sizeof t);
        snprintf(buf, len, "+%s", t);
        if (fr->running)
            paint_wake_in(fr->p, 1000 - fr->v.overtime_ms % 1000);
    } else {
        clock_text(fr->v.remaining_ms, false, buf, len);
        if (fr->running)
            wake_countdown(fr->p, fr->v.remaining_ms);
    }
}

/* The level label, the countdown, the progress bar, the blinds: the heart. */
static void clock_block(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const tourney_view_t *v = &fr->v;
    char label[128], cd[32], blinds[64], ante[96], l2[128];

    if (fr->is_break)
        label2(fr, W_BREAK, label, sizeof label);
    else
        snprintf(label, sizeof label, "%s %d", word(fr, W_LEVEL), v->level_number);
    if (v->overtime) {
        size_t n = strlen(label);
        snprintf(label + n, sizeof label - n, "  ·  %s", word(fr, W_OVERTIME));
    } else if (fr->cur->day_end) {
        size_t n = strlen(label);
        snprintf(label + n, sizeof label - n, "  ·  %s", word(fr, W_LAST_LEVEL_TODAY));
    }
    countdown_text(fr, cd, sizeof cd);

    /* What goes under the bar: the blinds now, or on a break those after it. */
    const level_t *shown = fr->cur;
    l2[0] = 0;
    if (fr->is_break) {
        shown = NULL;
        for (int i = v->level + 1; i < fr->s->n_levels; i++)
            if (fr->s->levels[i].kind == LEVEL_PLAY) {
                shown = &fr->s->levels[i];
                snprintf(l2, sizeof l2, "%s: %s %d", word(fr, W_THEN), word(fr, W_LEVEL),
                         play_number(fr->s, i));
                break;
            }
    }
    blinds[0] = ante[0] = 0;
    if (shown) {
        blinds_text(shown, blinds, sizeof blinds);
        ante_text(fr, shown, ante, sizeof ante);
    }

    /* Sizes from the box: the countdown takes what the width allows. */
    int label_px = bx.h * 9 / 100;
    int ref = 100;
    int cw = paint_digits_width(p, FACE_BOLD, ref, cd[0] == '+' || strlen(cd) > 5 ? cd : "00:00");
    int cd_px = cw > 0 ? (int)((int64_t)ref * bx.w * 97 / 100 / cw) : bx.h / 2;
    if (cd_px > bx.h * 50 / 100)
        cd_px = bx.h * 50 / 100;
    int bar_h = bx.h * 22 / 1000 + 1;
    int blinds_px = paint_fit(p, FACE_BOLD, bx.h * 17 / 100, bx.w, blinds[0] ? blinds : "0");
    int sub_px = bx.h * 7 / 100;

    int h_label = cap_h(fr, FACE_BOLD, label_px);
    int h_cd = cap_h(fr, FACE_BOLD, cd_px);
    int h_l2 = l2[0] ? cap_h(fr, FACE_REGULAR, sub_px) : 0;
    int h_blinds = blinds[0] ? cap_h(fr, FACE_BOLD, blinds_px) : 0;
    int h_ante = ante[0] ? cap_h(fr, FACE_REGULAR, sub_px) : 0;
    int used = h_label + h_cd + bar_h + h_l2 + h_blinds + h_ante;
    int gaps = 4 + (h_l2 > 0) + (h_ante > 0);
    int gap = (bx.h - used) / (gaps + 1);
    if (gap < 0)
        gap = 0;
    int y = bx.y + gap / 2;
    int cx = bx.x + bx.w / 2;

    SDL_Color label_col = fr->is_break ? c->brk : fr->paused ? c->paused : c->accent;
    paint_text(p, FACE_BOLD, paint_fit(p, FACE_BOLD, label_px, bx.w, label), label_col, cx, y,
               ALIGN_CENTER, label);
    y += h_label + gap;
    paint_digits(p, FACE_BOLD, cd_px, countdown_colour(fr), cx, y, ALIGN_CENTER, cd);
    y += h_cd + gap * 5 / 4;

    /* Progress through the level; it moves with the countdown, once a second. */
    int bw = bx.w * 9 / 10, bxl = cx - bw / 2;
    paint_round_rect(p, bxl, y, bw, bar_h, bar_h / 2, c->line);
    int64_t dur = fr->cur->duration_ms;
    int64_t done_s = (v->overtime ? dur : dur - v->remaining_ms) / 1000;
    int fill = dur > 0 ? (int)((int64_t)bw * done_s * 1000 / dur) : 0;
    if (fill > bw)
        fill = bw;
    if (fill > 0)
        paint_round_rect(p, bxl, y, fill, bar_h, bar_h / 2,
                         fr->is_break ? c->brk : fr->paused ? c->paused
                                                : fr->last_minute || v->overtime ? c->warn
                                                                                 : c->accent);
    y += bar_h + gap;
    if (h_l2) {
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, sub_px, bx.w, l2), c->muted, cx, y,
                   ALIGN_CENTER, l2);
        y += h_l2 + gap / 2;
    }
    if (h_blinds) {
        paint_text(p, FACE_BOLD, blinds_px, c->fg, cx, y, ALIGN_CENTER, blinds);
        y += h_blinds + gap * 3 / 4;
    }
    if (h_ante)
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, sub_px, bx.w, ante), c->fg, cx, y,
                   ALIGN_CENTER, ante);
}

/* ---- stats ---- */

typedef struct {
    char label[128], value[64], sub[96];
    SDL_Color col;
} stat_t;

static int stats_collect(frame_t *fr, stat_t *st, bool with_next)
{
    const tourney_view_t *v = &fr->v;
    const theme_colours_t *c = &fr->w->col;
    int n = 0;
    char a[48];
    memset(st, 0, sizeof *st * 6);

    label2(fr, W_PLAYERS, st[n].label, sizeof st[n].label);
    snprintf(st[n].value, sizeof st[n].value, "%d / %d", v->players_left, fr->t->entries);
    st[n++].col = c->fg;

    label2(fr, W_AVERAGE, st[n].label, sizeof st[n].label);
    format_chips(v->average_stack, st[n].value, sizeof st[n].value);
    const level_t *bl = fr->cur;
    for (int i = v->level; bl->kind != LEVEL_PLAY && i < fr->s->n_levels; i++)
        bl = &fr->s->levels[i];
    if (bl->big_blind > 0 && v->average_stack > 0) {
        int64_t x10 = v->average_stack * 10 / bl->big_blind;
        if (x10 < 100)
            snprintf(st[n].sub, sizeof st[n].sub, "%" PRId64 ".%" PRId64 " BB", x10 / 10, x10 % 10);
        else
            snprintf(st[n].sub, sizeof st[n].sub, "%" PRId64 " BB", x10 / 10);
    }
    st[n++].col = c->fg;

    label2(fr, W_CHIPS_IN_PLAY, st[n].label, sizeof st[n].label);
    format_chips(v->chips_in_play, st[n].value, sizeof st[n].value);
    st[n++].col = c->fg;

    label2(fr, W_PRIZE_POOL, st[n].label, sizeof st[n].label);
    money(fr->s, v->prize_pool, st[n].value, sizeof st[n].value);
    st[n++].col = c->accent;

    if (!with_next)
        return n;
    label2(fr, W_NEXT_LEVEL, st[n].label, sizeof st[n].label);
    st[n].col = c->fg;
    if (v->next_level >= 0) {
        const level_t *nl = &fr->s->levels[v->next_level];
        if (nl->kind == LEVEL_BREAK) {
            snprintf(st[n].value, sizeof st[n].value, "%s", word(fr, W_BREAK));
            snprintf(st[n].sub, sizeof st[n].sub, "%d min", (int)(nl->duration_ms / 60000));
            st[n].col = c->brk;
        } else {
            blinds_text(nl, st[n].value, sizeof st[n].value);
            ante_text(fr, nl, st[n].sub, sizeof st[n].sub);
        }
    } else {
        snprintf(st[n].value, sizeof st[n].value, "—");
    }
    n++;

    label2(fr, W_NEXT_BREAK, st[n].label, sizeof st[n].label);
    st[n].col = c->fg;
    if (v->to_break_ms >= 0) {
        clock_text(v->to_break_ms, false, a, sizeof a);
        snprintf(st[n].value, sizeof st[n].value, "%s", a);
        if (fr->running)
            wake_countdown(fr->p, v->to_break_ms);
    } else {
        snprintf(st[n].value, sizeof st[n].value, "—");
        snprintf(st[n].sub, sizeof st[n].sub, "%s", word(fr, W_NO_MORE_BREAKS));
    }
    n++;
    return n;
}

static void payouts_block(frame_t *fr, box_t bx, int label_px, int row_px, int max_rows,
                          int cols)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const tourney_view_t *v = &fr->v;
    char label[128];
    label2(fr, W_PAYOUTS, label, sizeof label);
    paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, label_px, bx.w, label), c->muted, bx.x,
               bx.y, ALIGN_LEFT, label);
    int y = bx.y + cap_h(fr, FACE_REGULAR, label_px) + label_px / 2;
    int row_h = cap_h(fr, FACE_BOLD, row_px) * 17 / 10;
    int rows = v->paid_places < max_rows ? v->paid_places : max_rows;
    int room = (bx.y + bx.h - y) / (row_h > 0 ? row_h : 1) * cols;
    bool more = v->paid_places > rows;
    if (rows > room)
        rows = room;
    if (more && rows == room && rows > 1)
        rows--;
    if (rows < v->paid_places)
        more = true;
    if (v->paid_places == 0) {
        paint_text(p, FACE_BOLD, row_px, c->fg, bx.x, y, ALIGN_LEFT, "—");
        return;
    }
    int per_col = (rows + cols - 1) / cols;
    int colw = (bx.w - (cols - 1) * bx.w / 12) / cols;
    int y0 = y;
    for (int i = 0; i < rows; i++) {
        char place[16], amount[48];
        int x = bx.x + (i / per_col) * (colw + bx.w / 12);
        int yy = y0 + (i % per_col) * row_h;
        lang_ordinal(fr->w->lang, i + 1, place, sizeof place);
        money(fr->s, v->payouts[i], amount, sizeof amount);
        paint_text(p, FACE_REGULAR, row_px, c->muted, x, yy, ALIGN_LEFT, place);
        paint_text(p, FACE_BOLD, row_px, i == 0 ? c->accent : c->fg, x + colw, yy, ALIGN_RIGHT,
                   amount);
    }
    y = y0 + per_col * row_h;
    if (more) {
        char line[96];
        snprintf(line, sizeof line, word(fr, W_ITM_LINE), v->paid_places);
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, row_px * 4 / 5, bx.w, line),
                   c->muted, bx.x, y, ALIGN_LEFT, line);
    }
}

/* ---- header and footer ---- */

static void header(frame_t *fr, box_t bx, bool compact_clock)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int pad = bx.h * 30 / 100;
    if (fr->paused) {
        /* Paused: the whole band says so, in the paused colour. */
        paint_rect(p, bx.x, bx.y, bx.w, bx.h, c->paused);
        char label[128];
        label2(fr, fr->started ? W_PAUSED : W_NOT_STARTED, label, sizeof label);
        if (!fr->started) {
            for (char *q = label; *q; q++)
                if (*q >= 'a' && *q <= 'z')
                    *q = (char)(*q - 32);
        }
        int px = paint_fit(p, FACE_BOLD, bx.h * 62 / 100, bx.w * 6 / 10, label);
        paint_text(p, FACE_BOLD, px, (SDL_Color){255, 255, 255, 255}, bx.x + bx.w / 2,
                   bx.y + (bx.h - cap_h(fr, FACE_BOLD, px)) / 2, ALIGN_CENTER, label);
        return;
    }
    paint_rect(p, bx.x, bx.y, bx.w, bx.h, c->panel);
    int x = bx.x + pad;
    if (fr->w->logo) {
        int lh = bx.h * 80 / 100;
        int lw = fr->w->logo_h > 0 ? fr->w->logo_w * lh / fr->w->logo_h : lh;
        if (lw > bx.w / 5)
            lw = bx.w / 5;
        paint_texture(p, fr->w->logo, fr->w->logo_w, fr->w->logo_h, x, bx.y + (bx.h - lh) / 2,
                      lw, lh, fr->w->config->theme.logo);
        x += lw + pad;
    }
    /* The right side: the state, and during a takeover the level clock small. */
    int right = bx.x + bx.w - pad;
    char pill[128] = "";
    SDL_Color pill_bg = c->panel, pill_fg = c->bg;
    if (fr->is_break) {
        label2(fr, W_BREAK, pill, sizeof pill);
        pill_bg = c->brk;
        pill_fg = (SDL_Color){255, 255, 255, 255};
    } else if (fr->v.overtime) {
        label2(fr, W_OVERTIME, pill, sizeof pill);
        pill_bg = c->warn;
    } else if (fr->last_minute) {
        label2(fr, W_LAST_MINUTE, pill, sizeof pill);
        pill_bg = c->warn;
        paint_wake_in(p, fr->v.remaining_ms); /* not needed, but harmless */
    }
    int pill_px = bx.h * 42 / 100;
    if (pill[0]) {
        for (char *q = pill; *q; q++)
            if (*q >= 'a' && *q <= 'z')
                *q = (char)(*q - 32);
        int tw = paint_text_width(p, FACE_BOLD, pill_px, pill);
        int ph = bx.h * 66 / 100, pw = tw + ph;
        paint_round_rect(p, right - pw, bx.y + (bx.h - ph) / 2, pw, ph, ph / 2, pill_bg);
        paint_text(p, FACE_BOLD, pill_px, pill_fg, right - pw / 2,
                   bx.y + (bx.h - cap_h(fr, FACE_BOLD, pill_px)) / 2, ALIGN_CENTER, pill);
        right -= pw + pad;
    }
    if (compact_clock) {
        char cd[32], line[128], blinds[64] = "";
        countdown_text(fr, cd, sizeof cd);
        if (!fr->is_break)
            blinds_text(fr->cur, blinds, sizeof blinds);
        if (fr->is_break)
            snprintf(line, sizeof line, "%s", word(fr, W_BREAK));
        else
            snprintf(line, sizeof line, "%s %d  ·  %s", word(fr, W_LEVEL), fr->v.level_number,
                     blinds);
        int px = bx.h * 48 / 100;
        int cdw = paint_digits_width(p, FACE_BOLD, px, cd);
        int y = bx.y + (bx.h - cap_h(fr, FACE_BOLD, px)) / 2;
        paint_digits(p, FACE_BOLD, px, countdown_colour(fr), right, y, ALIGN_RIGHT, cd);
        right -= cdw + pad;
        int lpx = paint_fit(p, FACE_BOLD, px * 8 / 10, right - x - bx.w / 4, line);
        paint_text(p, FACE_BOLD, lpx, c->accent, right, bx.y + (bx.h - cap_h(fr, FACE_BOLD, lpx)) / 2,
                   ALIGN_RIGHT, line);
        right -= paint_text_width(p, FACE_BOLD, lpx, line) + pad;
    }
    const char *name = fr->s->name;
    if (*name && right > x) {
        int px = paint_fit(p, FACE_BOLD, bx.h * 50 / 100, right - x, name);
        paint_text(p, FACE_BOLD, px, c->fg, x, bx.y + (bx.h - cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_LEFT, name);
    }
}

static void strip_draw(frame_t *fr, const banner_t *b, box_t bx)
{
    paint_t *p = fr->p;
    int r = bx.h / 6;
    paint_round_rect(p, bx.x, bx.y, bx.w, bx.h, r, b->bg);
    int pad = bx.h / 4;
    int inner = bx.w - 2 * pad;
    int title_px = bx.h * 38 / 100, line_px = bx.h * 24 / 100;
    char l1[600], l2[600];
    int lines = b->line[0] ? 1 : wrap2(p, FACE_BOLD, title_px, inner, b->title, l1, l2, sizeof l1);
    if (lines == 2) {
        /* A long announcement: two lines of title, no second line. */
        int px = title_px * 3 / 4;
        px = paint_fit(p, FACE_BOLD, px, inner, paint_text_width(p, FACE_BOLD, px, l1) >
                                                        paint_text_width(p, FACE_BOLD, px, l2)
                                                    ? l1
                                                    : l2);
        int h = cap_h(fr, FACE_BOLD, px);
        int gap = (bx.h - 2 * h) / 3;
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, bx.y + gap, ALIGN_CENTER, l1);
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, bx.y + 2 * gap + h, ALIGN_CENTER, l2);
        return;
    }
    int tpx = paint_fit(p, FACE_BOLD, title_px, inner, b->title);
    int th = cap_h(fr, FACE_BOLD, tpx);
    if (!b->line[0]) {
        paint_text(p, FACE_BOLD, tpx, b->fg, bx.x + bx.w / 2, bx.y + (bx.h - th) / 2, ALIGN_CENTER,
                   b->title);
        return;
    }
    int lpx = paint_fit(p, FACE_REGULAR, line_px, inner, b->line);
    int lh = cap_h(fr, FACE_REGULAR, lpx);
    int gap = (bx.h - th - lh) / 3;
    paint_text(p, FACE_BOLD, tpx, b->fg, bx.x + bx.w / 2, bx.y + gap, ALIGN_CENTER, b->title);
    paint_text(p, FACE_REGULAR, lpx, b->fg, bx.x + bx.w / 2, bx.y + 2 * gap + th, ALIGN_CENTER,
               b->line);
}

static bool qr_shown(frame_t *fr)
{
    return fr->f->url && *fr->f->url && (fr->paused || fr->is_break);
}

/* The footer: the panel's QR code when paused or on a break, and the strips
 * in turn, or the registration periods when nothing is announced. */
static void footer(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    if (qr_shown(fr)) {
        int size = bx.h;
        int qx = bx.x + bx.w - size;
        qr_draw(p, fr->f->url, qx, bx.y, size);
        int tw = bx.w / 4;
        int tx = qx - bx.h / 8;
        int px = bx.h * 15 / 100;
        int y = bx.y + bx.h / 10;
        char label[128];
        label2(fr, W_PANEL, label, sizeof label);
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, px, tw, label), c->muted, tx, y,
                   ALIGN_RIGHT, label);
        y += cap_h(fr, FACE_REGULAR, px) * 2;
        const char *url = fr->f->url;
        if (!strncmp(url, "http://", 7))
            url += 7;
        paint_text(p, FACE_BOLD, paint_fit(p, FACE_BOLD, px, tw, url), c->fg, tx, y, ALIGN_RIGHT,
                   url);
        y += cap_h(fr, FACE_BOLD, px) * 2;
        if (fr->f->pin && *fr->f->pin) {
            char pin[64];
            snprintf(pin, sizeof pin, "%s %s", word(fr, W_PIN), fr->f->pin);
            int ppx = paint_fit(p, FACE_BOLD, px * 17 / 10, tw, pin);
            paint_text(p, FACE_BOLD, ppx, c->accent, tx, y, ALIGN_RIGHT, pin);
        }
        bx.w -= size + tw + bx.h / 4;
    }
    if (fr->n_strips > 0) {
        int k = 0;
        if (fr->n_strips > 1) {
            k = (int)((fr->f->now / ROTATE_MS) % fr->n_strips);
            paint_wake_in(p, ROTATE_MS - fr->f->now % ROTATE_MS);
        }
        strip_draw(fr, fr->strips[k], bx);
        if (fr->n_strips > 1) {
            /* Dots at the strip's right end say how many take turns. */
            int d = bx.h / 14, gap = d * 3;
            int y0 = bx.y + bx.h / 2 - (fr->n_strips - 1) * gap / 2;
            for (int i = 0; i < fr->n_strips; i++)
                paint_circle(p, bx.x + bx.w - bx.h / 8, y0 + i * gap, d / 2 + 1,
                             i == k ? fr->strips[k]->fg
                                    : colour_mix(fr->strips[k]->bg, fr->strips[k]->fg, 35));
        }
        return;
    }
    char line[400] = "";
    const structure_t *s = fr->s;
    const tourney_view_t *v = &fr->v;
    char part[160];
    if (v->late_reg_open) {
        snprintf(part, sizeof part, word(fr, W_LATE_REG), s->late_reg_until_level);
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s", part);
    }
    if (v->rebuys_open) {
        snprintf(part, sizeof part, word(fr, W_REBUYS), s->rebuy_until_level);
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", line[0] ? "   ·   " : "",
                 part);
    }
    if (v->addon_open) {
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s",
                 line[0] ? "   ·   " : "", word(fr, W_ADDON_NOW));
    } else if (s->addon_after_level > 0 && v->level_number <= s->addon_after_level) {
        snprintf(part, sizeof part, word(fr, W_ADDON), s->addon_after_level);
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s",
                 line[0] ? "   ·   " : "", part);
    }
    if (!line[0])
        return;
    int want = bx.h * 24 / 100;
    int px = paint_fit(p, FACE_REGULAR, want, bx.w, line);
    if (px >= want * 7 / 10) {
        paint_text(p, FACE_REGULAR, px, c->muted, bx.x + bx.w / 2,
                   bx.y + (bx.h - cap_h(fr, FACE_REGULAR, px)) / 2, ALIGN_CENTER, line);
        return;
    }
    /* Too narrow for one line (beside the QR code, or portrait): one a line. */
    char parts[3][160];
    int n = 0;
    for (char *q = line; q && n < 3;) {
        char *sep = strstr(q, "   ·   ");
        snprintf(parts[n++], sizeof parts[0], "%.*s", sep ? (int)(sep - q) : (int)strlen(q), q);
        q = sep ? sep + strlen("   ·   ") : NULL;
    }
    px = bx.h * 2 / (n * 5 + 2);
    if (px > want)
        px = want;
    for (int i = 0; i < n; i++) {
        int f = paint_fit(p, FACE_REGULAR, px, bx.w, parts[i]);
        if (f < px)
            px = f;
    }
    int lh = cap_h(fr, FACE_REGULAR, px) * 2;
    int y = bx.y + (bx.h - lh * n + cap_h(fr, FACE_REGULAR, px)) / 2;
    for (int i = 0; i < n; i++, y += lh)
        paint_text(p, FACE_REGULAR, px, c->muted, bx.x, y, ALIGN_LEFT, parts[i]);
}

/* ---- takeover figures ---- */

static void chip_draw(frame_t *fr, int cx, int cy, int r, const chip_t *chip)
{
    paint_t *p = fr->p;
    SDL_Color body = colour_rgb(chip->rgb);
    SDL_Color edge = (body.r + body.g + body.b) > 600 ? (SDL_Color){40, 40, 40, 255}
                                                      : (SDL_Color){245, 245, 245, 255};
    paint_circle(p, cx, cy, r + r / 20 + 1, colour_mix(fr->w->col.bg, edge, 40));
    paint_circle(p, cx, cy, r, body);
    /* The edge spots of a casino chip. */
    for (int i = 0; i < 6; i++) {
        double a = i * M_PI / 3;
        double a0 = a - 0.17, a1 = a + 0.17;
        SDL_FPoint q[4] = {
            {(float)(cx + r * cos(a0)), (float)(cy + r * sin(a0))},
            {(float)(cx + r * cos(a1)), (float)(cy + r * sin(a1))},
            {(float)(cx + r * 0.78 * cos(a1)), (float)(cy + r * 0.78 * sin(a1))},
            {(float)(cx + r * 0.78 * cos(a0)), (float)(cy + r * 0.78 * sin(a0))},
        };
        paint_polygon(p, q, 4, edge);
    }
    paint_circle(p, cx, cy, r * 62 / 100, colour_mix(body, edge, 18));
    char v[32];
    format_chips(chip->value, v, sizeof v);
    int px = paint_fit(p, FACE_BOLD, r * 6 / 10, r, v);
    SDL_Color tc = (body.r + body.g + body.b) > 450 ? (SDL_Color){20, 20, 20, 255}
                                                    : (SDL_Color){255, 255, 255, 255};
    paint_text(p, FACE_BOLD, px, tc, cx, cy - cap_h(fr, FACE_BOLD, px) / 2, ALIGN_CENTER, v);
}

static const chip_t *chip_of(const structure_t *s, int64_t value, chip_t *fallback)
{
    for (int i = 0; i < s->n_chips; i++)
        if (s->chips[i].value == value)
            return &s->chips[i];
    *fallback = (chip_t){.value = value, .rgb = 0x808080};
    return fallback;
}

static void fig_color_up(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const tourney_view_t *v = &fr->v;
    bool portrait = fr->f->h > fr->f->w;
    box_t left = bx, right = bx;
    if (fr->is_break) {
        /* The break's own countdown stays big beside the guide. */
        if (portrait) {
            left.h = bx.h * 42 / 100;
            right.y = bx.y + left.h;
            right.h = bx.h - left.h;
        } else {
            left.w = bx.w * 44 / 100;
            right.x = bx.x + left.w;
            right.w = bx.w - left.w;
        }
        clock_block(fr, (box_t){left.x + left.w / 20, left.y, left.w * 9 / 10, left.h});
    }
    chip_t fa, fb;
    const chip_t *from = chip_of(fr->s, v->color_up_now, &fa);
    const chip_t *to = v->color_up_into ? chip_of(fr->s, v->color_up_into, &fb) : NULL;
    int cx = right.x + right.w / 2;

    /* Sizes first, so that the guide sits in the middle of its space. */
    int r = right.h * 15 / 100;
    if (r > right.w / 9)
        r = right.w / 9;
    char colour_line[160], fv[32], race[128];
    format_chips(from->value, fv, sizeof fv);
    snprintf(colour_line, sizeof colour_line, word(fr, W_COLOR_UP_REMOVE), fv);
    if (from->colour[0]) {
        size_t n = strlen(colour_line);
        snprintf(colour_line + n, sizeof colour_line - n, " (%s)", from->colour);
    }
    int lpx = paint_fit(p, FACE_BOLD, right.h * 8 / 100, right.w * 9 / 10, colour_line);
    label2(fr, W_RACE, race, sizeof race);
    int hpx = paint_fit(p, FACE_BOLD, right.h * 8 / 100, right.w * 9 / 10, race);
    const word_id lines[4] = {W_RACE_1, W_RACE_2, W_RACE_3, W_RACE_4};
    int fit = right.h * 7 / 100;
    for (int i = 0; i < 4; i++) {
        int f = paint_fit(p, FACE_REGULAR, fit, right.w * 92 / 100, word(fr, lines[i]));
        if (f < fit)
            fit = f;
    }
    int g1 = right.h / 14, g2 = right.h / 12, g3 = right.h / 25;
    int line_h = cap_h(fr, FACE_REGULAR, fit) * 19 / 10;
    int total = 2 * r + g1 + cap_h(fr, FACE_BOLD, lpx) + g2 + cap_h(fr, FACE_BOLD, hpx) + g3 +
                3 * line_h + cap_h(fr, FACE_REGULAR, fit);
    int top = right.y + (right.h - total) / 2;
    if (top < right.y)
        top = right.y;
    int cy = top + r;

    if (to) {
        int64_t k = from->value > 0 ? to->value / from->value : 0;
        char times[32];
        snprintf(times, sizeof times, "%" PRId64 " ×", k);
        int px = r;
        int tw = paint_text_width(p, FACE_BOLD, px, times);
        int span = tw + r / 2 + 2 * r + r + r * 3 / 2 + r + 2 * r;
        int x = cx - span / 2;
        paint_text(p, FACE_BOLD, px, c->fg, x, cy - cap_h(fr, FACE_BOLD, px) / 2, ALIGN_LEFT,
                   times);
        x += tw + r / 2;
        chip_draw(fr, x + r, cy, r, from);
        x += 2 * r + r / 2;
        /* An arrow to what they become. */
        SDL_FPoint arrow[7] = {{(float)x, (float)(cy - r / 8)},
                               {(float)(x + r), (float)(cy - r / 8)},
                               {(float)(x + r), (float)(cy - r / 3)},
                               {(float)(x + r * 3 / 2), (float)cy},
                               {(float)(x + r), (float)(cy + r / 3)},
                               {(float)(x + r), (float)(cy + r / 8)},
                               {(float)x, (float)(cy + r / 8)}};
        paint_polygon(p, (SDL_FPoint[]){arrow[0], arrow[1], arrow[5], arrow[6]}, 4, c->fg);
        paint_polygon(p, (SDL_FPoint[]){arrow[2], arrow[3], arrow[4]}, 3, c->fg);
        x += r * 3 / 2 + r / 2;
        chip_draw(fr, x + r, cy, r, to);
    } else {
        chip_draw(fr, cx, cy, r, from);
    }
    int y = cy + r + g1;
    paint_text(p, FACE_BOLD, lpx, c->fg, cx, y, ALIGN_CENTER, colour_line);
    y += cap_h(fr, FACE_BOLD, lpx) + g2;
    /* The chip race in four short lines. */
    paint_text(p, FACE_BOLD, hpx, c->brk, cx, y, ALIGN_CENTER, race);
    y += cap_h(fr, FACE_BOLD, hpx) + g3;
    for (int i = 0; i < 4; i++) {
        paint_text(p, FACE_REGULAR, fit, c->fg, cx, y, ALIGN_CENTER, word(fr, lines[i]));
        y += line_h;
    }
}

static void fig_hfh(frame_t *fr, box_t bx, const banner_t *b)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const hand_for_hand_t *h = &fr->t->hfh;
    char hand[64];
    snprintf(hand, sizeof hand, word(fr, W_HAND_N), h->hand);
    int y = bx.y;
    int px = bx.h * 12 / 100;
    paint_text(p, FACE_BOLD, px, c->fg, bx.x + bx.w / 2, y, ALIGN_CENTER, hand);
    y += cap_h(fr, FACE_BOLD, px) + bx.h / 14;
    if (fr->v.hfh_all_done) {
        const char *deal = word(fr, W_DEAL);
        int dpx = paint_fit(p, FACE_BOLD, bx.h * 40 / 100, bx.w * 8 / 10, deal);
        int dh = cap_h(fr, FACE_BOLD, dpx);
        paint_round_rect(p, bx.x + bx.w / 10, y, bx.w * 8 / 10, dh + bx.h / 8, bx.h / 30,
                         c->accent);
        paint_text(p, FACE_BOLD, dpx, c->bg, bx.x + bx.w / 2, y + bx.h / 16, ALIGN_CENTER, deal);
        return;
    }
    /* One box per table: still playing ones lit, done ones dim. */
    char label[128];
    label2(fr, W_STILL_PLAYING, label, sizeof label);
    int lpx = bx.h * 6 / 100;
    paint_text(p, FACE_REGULAR, lpx, c->muted, bx.x + bx.w / 2, y, ALIGN_CENTER, label);
    y += cap_h(fr, FACE_REGULAR, lpx) + bx.h / 20;
    /* The tables in play, by number (a table broken out of order is gone). */
    int nums[64], n = 0;
    uint64_t set = h->in_play;
    if (!set)
        set = h->tables >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << h->tables) - 1;
    for (int t = 0; t < 64; t++)
        if ((set >> t) & 1)
            nums[n++] = t + 1;
    int avail_h = bx.y + bx.h - y;
    int cols = n, rows = 1;
    int cell = 0;
    for (int rr = 1; rr <= 8 && n > 0; rr++) {
        int cc = (n + rr - 1) / rr;
        int s = bx.w * 9 / 10 / cc;
        int sh = avail_h / rr;
        int side = s < sh ? s : sh;
        if (side > cell) {
            cell = side;
            cols = cc;
            rows = rr;
        }
    }
    if (cell > bx.h * 45 / 100)
        cell = bx.h * 45 / 100;
    bool any_waiting = h->waiting != 0;
    if (any_waiting && rows == 1 && cell > avail_h * 70 / 100)
        cell = avail_h * 70 / 100; /* room for the legend */
    int gap = cell / 8;
    int x0 = bx.x + (bx.w - cols * cell) / 2;
    for (int i = 0; i < n; i++) {
        int r = i / cols, k = i % cols;
        int x = x0 + k * cell + gap / 2, yy = y + r * cell + gap / 2;
        int tb = nums[i] - 1;
        bool done = (h->done >> tb) & 1, waiting = (h->waiting >> tb) & 1;
        SDL_Color bg = done ? c->line : waiting ? c->brk : b->fg;
        SDL_Color fg = done ? c->muted : waiting ? (SDL_Color){255, 255, 255, 255} : c->bg;
        paint_round_rect(p, x, yy, cell - gap, cell - gap, cell / 10, bg);
        char num[8];
        snprintf(num, sizeof num, "%d", nums[i]);
        int npx = paint_fit(p, FACE_BOLD, (cell - gap) * 55 / 100, (cell - gap) * 85 / 100, num);
        paint_text(p, FACE_BOLD, npx, fg, x + (cell - gap) / 2,
                   yy + (cell - gap - cap_h(fr, FACE_BOLD, npx)) / 2, ALIGN_CENTER, num);
    }
    if (any_waiting) {
        /* What the blue tables are. */
        const char *lw = word(fr, W_ALL_IN_WAITING);
        int ly = y + rows * cell + cell / 6;
        int lpx2 = bx.h * 6 / 100, sq = cap_h(fr, FACE_REGULAR, lpx2);
        int tw = paint_text_width(p, FACE_REGULAR, lpx2, lw);
        int lx = bx.x + (bx.w - tw - sq * 2) / 2;
        paint_round_rect(p, lx, ly, sq, sq, sq / 5, c->brk);
        paint_text(p, FACE_REGULAR, lpx2, c->muted, lx + sq * 2, ly, ALIGN_LEFT, lw);
    }
}

static void fig_call(frame_t *fr, box_t bx, const banner_t *b)
{
    paint_t *p = fr->p;
    const tourney_view_t *v = &fr->v;
    const clock_call_t *k = &fr->t->call;
    if (v->call_expired) {
        const char *t = word(fr, W_TIME_UP);
        int px = paint_fit(p, FACE_BOLD, bx.h * 60 / 100, bx.w * 9 / 10, t);
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2,
                   bx.y + (bx.h - cap_h(fr, FACE_BOLD, px)) / 2, ALIGN_CENTER, t);
        return;
    }
    char secs[16];
    snprintf(secs, sizeof secs, "%d", (int)((v->call_remaining_ms + 999) / 1000));
    int bar_h = bx.h / 18;
    int px = bx.h * 78 / 100;
    int h = cap_h(fr, FACE_BOLD, px);
    int y = bx.y + (bx.h - bar_h * 3 - h) / 2;
    paint_digits(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, y, ALIGN_CENTER, secs);
    /* The bar shrinks with the call; the counted part is marked. */
    int bw = bx.w * 8 / 10, x = bx.x + bx.w / 10;
    int by = y + h + bar_h * 2;
    paint_round_rect(p, x, by, bw, bar_h, bar_h / 2, colour_mix(b->bg, b->fg, 20));
    int64_t left_s = (v->call_remaining_ms + 999) / 1000;
    int fill = k->total_ms > 0 ? (int)((int64_t)bw * left_s * 1000 / k->total_ms) : 0;
    if (fill > bw)
        fill = bw;
    paint_round_rect(p, x, by, fill, bar_h, bar_h / 2, b->fg);
    int mark = k->total_ms > 0 ? (int)((int64_t)bw * k->countdown_ms / k->total_ms) : 0;
    paint_rect(p, x + mark, by - bar_h / 2, bar_h / 4 + 1, bar_h * 2, fr->w->col.warn);
}

static void fig_card(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    int64_t t = fr->f->now - fr->t->day_end.drawn_at;
    int ch = bx.h * 85 / 100, cw = ch * 5 / 7;
    int cx = bx.x + bx.w / 2, y = bx.y + (bx.h - ch) / 2;
    /* Face down, then it turns over (its width through zero), then face up. */
    double phase = t < 1500 ? 0 : t < 2300 ? (t - 1500) / 800.0 : 1;
    double sx = fabs(cos(phase * M_PI));
    bool face = phase >= 0.5;
    int w = (int)(cw * sx);
    if (w < 2)
        w = 2;
    /* A slight lift while face down: the card is being drawn. */
    int lift = t < 1500 ? (int)(bx.h / 20 * sin(t / 1500.0 * M_PI)) : 0;
    paint_round_rect(p, cx - w / 2 + ch / 40, y - lift + ch / 40, w, ch, cw / 12,
                     (SDL_Color){0, 0, 0, 255});
    paint_round_rect(p, cx - w / 2, y - lift, w, ch, cw / 12, (SDL_Color){250, 250, 250, 255});
    if (!face) {
        int m = cw / 14;
        if (w > 2 * m)
            paint_round_rect(p, cx - w / 2 + m, y - lift + m, w - 2 * m, ch - 2 * m, cw / 16,
                             fr->w->col.brk);
        return;
    }
    char n[8];
    snprintf(n, sizeof n, "%d", fr->t->day_end.drawn);
    SDL_Color red = {200, 30, 45, 255};
    if (sx > 0.95) {
        int px = ch * 55 / 100;
        paint_text(p, FACE_BOLD, px, red, cx, y + (ch - cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_CENTER, n);
        int cpx = ch / 8;
        paint_text(p, FACE_BOLD, cpx, red, cx - cw / 2 + cw / 12, y + ch / 20, ALIGN_LEFT, n);
        /* A diamond under the corner index. */
        int dx = cx - cw / 2 + cw / 12 + cpx / 4, dy = y + ch / 20 + cpx * 3 / 2, d = cpx / 3;
        paint_polygon(p, (SDL_FPoint[]){{(float)dx, (float)(dy - d)}, {(float)(dx + d * 3 / 4), (float)dy},
                                        {(float)dx, (float)(dy + d)}, {(float)(dx - d * 3 / 4), (float)dy}},
                      4, red);
    }
}

/* Confetti for the money: each piece's path is a function of time alone. */
static void fig_confetti(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int64_t t = fr->f->now - fr->t->itm_at;
    SDL_Color cols[4] = {c->accent, c->brk, c->warn, c->fg};
    int size = bx.h / 40 + 2;
    for (int i = 0; i < 90; i++) {
        uint32_t h = (uint32_t)i * 2654435761u;
        int x = bx.x + (int)(h % (uint32_t)bx.w);
        double speed = 0.12 + (h >> 8) % 100 / 400.0; /* of the box height per second */
        double y0 = (h >> 16) % 1000 / 1000.0;
        double fy = fmod(y0 + speed * t / 1000.0, 1.0);
        int y = bx.y + (int)(fy * bx.h);
        int sway = (int)(size * 2 * sin(t / 300.0 + i));
        x += sway;
        if (x < bx.x || x > bx.x + bx.w - size || y > bx.y + bx.h - size)
            continue;
        /* The words in the middle stay clear. */
        if (y > bx.y + bx.h * 30 / 100 && y < bx.y + bx.h * 72 / 100 && x > bx.x + bx.w / 5 &&
            x < bx.x + bx.w * 4 / 5)
            continue;
        paint_rect(p, x, y, size, size * 2 / 3, cols[i % 4]);
    }
}

static void takeover_draw(frame_t *fr, const banner_t *b, box_t bx)
{
    paint_t *p = fr->p;
    paint_round_rect(p, bx.x, bx.y, bx.w, bx.h, bx.h / 40, b->bg);
    if (b->fig == FIG_ITM)
        fig_confetti(fr, bx);
    int pad = bx.h / 20;
    box_t in = {bx.x + pad, bx.y + pad, bx.w - 2 * pad, bx.h - 2 * pad};
    int unit = in.h < in.w ? in.h : in.w * 6 / 10;
    int title_px = unit * 12 / 100;
    if (b->fig == FIG_HANDS || b->fig == FIG_ITM || b->fig == FIG_NONE)
        title_px = unit * 18 / 100;
    int tpx = paint_fit(p, FACE_BOLD, title_px, in.w, b->title);
    int th = cap_h(fr, FACE_BOLD, tpx);
    int lpx = in.h * (b->fig == FIG_ITM || b->fig == FIG_NONE ? 9 : 7) / 100;
    int lh = b->line[0] ? cap_h(fr, FACE_REGULAR, lpx) : 0;
    if (b->fig == FIG_NONE || b->fig == FIG_ITM) {
        /* Words only: centred in the panel. */
        int gap = in.h / 10;
        int y = in.y + (in.h - th - (lh ? lh + gap : 0)) / 2;
        paint_text(p, FACE_BOLD, tpx, b->fg, in.x + in.w / 2, y, ALIGN_CENTER, b->title);
        if (lh) {
            int fpx = paint_fit(p, FACE_REGULAR, lpx, in.w, b->line);
            paint_text(p, FACE_REGULAR, fpx, b->fig == FIG_ITM ? fr->w->col.fg : b->fg,
                       in.x + in.w / 2, y + th + gap, ALIGN_CENTER, b->line);
        }
        return;
    }
    paint_text(p, FACE_BOLD, tpx, b->fg, in.x + in.w / 2, in.y, ALIGN_CENTER, b->title);
    int fy = in.y + th + in.h / 16;
    int fh = in.y + in.h - fy - (lh ? lh + in.h / 16 : 0);
    box_t fig = {in.x, fy, in.w, fh};
    switch (b->fig) {
    case FIG_COLOR_UP: fig_color_up(fr, fig); break;
    case FIG_HFH: fig_hfh(fr, fig, b); break;
    case FIG_CALL: fig_call(fr, fig, b); break;
    case FIG_CARD: fig_card(fr, fig); break;
    case FIG_HANDS: {
        /* The card stays in view beside the count. */
        fig_card(fr, (box_t){fig.x, fig.y, fig.w, fig.h});
        break;
    }
    default: break;
    }
    if (lh && b->fig != FIG_COLOR_UP) {
        int fpx = paint_fit(p, FACE_REGULAR, lpx, in.w, b->line);
        paint_text(p, FACE_REGULAR, fpx, b->fg, in.x + in.w / 2, in.y + in.h - lh, ALIGN_CENTER,
                   b->line);
    }
}

/* ---- the frame ---- */

static void frame_setup(frame_t *fr, wall_t *w, const wall_frame_t *f)
{
    memset(fr, 0, sizeof *fr);
    fr->w = w;
    fr->p = &w->p;
    fr->f = f;
    fr->t = &f->snap->t;
    fr->s = &fr->t->s;
    tourney_view(fr->t, f->now, &fr->v);
    fr->cur = &fr->s->levels[fr->v.level];
    fr->started = fr->t->clock.started;
    fr->running = fr->t->clock.running;
    /* Hand-for-hand and the end-of-day draw stop the level clock on purpose:
     * the wall shows the procedure, not PAUSED. */
    fr->paused = !fr->running && !fr->t->hfh.active && !fr->t->day_end.active;
    fr->is_break = fr->cur->kind == LEVEL_BREAK;
    fr->last_minute = fr->running && !fr->is_break && !fr->v.overtime &&
                      fr->v.remaining_ms <= 60000;
    if (fr->running && !fr->is_break && !fr->v.overtime && fr->v.remaining_ms > 60000)
        paint_wake_in(fr->p, fr->v.remaining_ms - 60000);
}

/* A takeover hides the clock: the header then carries it, small. */
static bool compact_clock_wanted(frame_t *fr)
{
    return fr->takeover && !(fr->takeover->fig == FIG_COLOR_UP && fr->is_break);
}

static void landscape(frame_t *fr)
{
    paint_t *p = fr->p;
    int W = p->w, H = p->h;
    int head_h = H * 11 / 100;
    int foot_h = H * 16 / 100;
    int margin = W * 25 / 1000;
    int gap = H * 2 / 100;
    box_t head = {0, 0, W, head_h};
    box_t foot = {margin, H - foot_h - gap, W - 2 * margin, foot_h};
    box_t body = {margin, head_h + gap, W - 2 * margin, foot.y - gap - head_h - gap};

    header(fr, head, compact_clock_wanted(fr));
    if (fr->takeover) {
        takeover_draw(fr, fr->takeover, body);
    } else {
        int side = W * 20 / 100;
        box_t left = {body.x, body.y, side, body.h};
        box_t right = {body.x + body.w - side, body.y, side, body.h};
        box_t centre = {left.x + side + W / 50, body.y, body.w - 2 * side - W / 25, body.h};
        clock_block(fr, centre);
        stat_t st[8];
        int n = stats_collect(fr, st, true);
        int label_px = H * 3 / 100, value_px = H * 6 / 100;
        /* Left: the field; right: what comes next and the payouts. */
        int slot = body.h / 4;
        for (int i = 0; i < 4; i++)
            stat_block(fr, (box_t){left.x, left.y + i * slot, left.w, slot}, st[i].label,
                       st[i].value, st[i].sub, st[i].col, label_px, value_px);
        int y = right.y;
        for (int i = 4; i < n; i++)
            stat_block(fr, (box_t){right.x, y + (i - 4) * slot, right.w, slot}, st[i].label,
                       st[i].value, st[i].sub, st[i].col, label_px, value_px);
        payouts_block(fr, (box_t){right.x, y + 2 * slot, right.w, body.h - 2 * slot}, label_px,
                      H * 38 / 1000, 5, 1);
    }
    footer(fr, foot);
}

static void portrait(frame_t *fr)
{
    paint_t *p = fr->p;
    int W = p->w, H = p->h;
    int head_h = H * 6 / 100;
    int foot_h = H * 10 / 100;
    int margin = W * 4 / 100;
    int gap = H * 15 / 1000;
    box_t head = {0, 0, W, head_h};
    box_t foot = {margin, H - foot_h - gap, W - 2 * margin, foot_h};
    box_t body = {margin, head_h + gap, W - 2 * margin, foot.y - gap - head_h - gap};

    header(fr, head, compact_clock_wanted(fr));
    if (fr->takeover) {
        takeover_draw(fr, fr->takeover, body);
    } else {
        box_t clock = {body.x, body.y, body.w, body.h * 44 / 100};
        clock_block(fr, clock);
        stat_t st[8];
        int n = stats_collect(fr, st, true);
        int top = clock.y + clock.h + gap;
        paint_rect(p, body.x, top - gap / 2, body.w, 2, fr->w->col.line);
        int rows = (n + 1) / 2;
        int grid_h = body.h * 36 / 100;
        int slot = grid_h / rows, colw = body.w / 2;
        int label_px = W * 3 / 100, value_px = W * 6 / 100;
        for (int i = 0; i < n; i++)
            stat_block(fr,
                       (box_t){body.x + (i % 2) * colw, top + gap / 2 + (i / 2) * slot,
                               colw - W / 30, slot},
                       st[i].label, st[i].value, st[i].sub, st[i].col, label_px, value_px);
        int py = top + grid_h + gap;
        payouts_block(fr, (box_t){body.x, py, body.w, body.y + body.h - py}, label_px,
                      W * 45 / 1000, 8, 2);
    }
    footer(fr, foot);
}

static void wall_paint(wall_t *w, const wall_frame_t *f, bool dry, wall_plan_t *plan)
{
    paint_t *p = &w->p;
    p->w = f->w;
    p->h = f->h;
    paint_begin(p, dry);
    paint_hash(p, &f->snap->seq, sizeof f->snap->seq);
    frame_t fr;
    frame_setup(&fr, w, f);
    banners_collect(&fr);
    paint_clear(p, w->col.bg);
    if (f->h > f->w)
        portrait(&fr);
    else
        landscape(&fr);
    if (fr.paused && fr.started) {
        /* A frame in the paused colour: nobody mistakes a stopped clock. */
        int t = (f->h < f->w ? f->h : f->w) / 90 + 2;
        paint_rect(p, 0, 0, f->w, t, w->col.paused);
        paint_rect(p, 0, f->h - t, f->w, t, w->col.paused);
        paint_rect(p, 0, 0, t, f->h, w->col.paused);
        paint_rect(p, f->w - t, 0, t, f->h, w->col.paused);
    }
    if (plan) {
        plan->hash = p->hash;
        plan->wake_in_ms = p->wake_in_ms;
        plan->animating = p->animating;
        plan->level = fr.v.level;
        plan->level_running = fr.running && !fr.is_break;
        plan->call_second = fr.call_second;
    }
}

void wall_plan(wall_t *w, const wall_frame_t *f, wall_plan_t *out)
{
    wall_paint(w, f, true, out);
}

void wall_render(wall_t *w, const wall_frame_t *f)
{
    wall_paint(w, f, false, NULL);
}

wall_t *wall_new(SDL_Renderer *r, const config_t *c, char *err, size_t errlen)
{
    wall_t *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    w->r = r;
    w->config = c;
    w->tc = text_cache_new(r, c->theme.font, err, errlen);
    if (!w->tc) {
        free(w);
        return NULL;
    }
    w->p = (paint_t){.r = r, .tc = w->tc};
    const theme_t *th = &c->theme;
    theme_colours_t *k = &w->col;
    k->bg = colour_parse(th->bg, colour_rgb(0x0b1220));
    k->fg = colour_parse(th->fg, colour_rgb(0xf5f7fa));
    k->accent = colour_parse(th->accent, colour_rgb(0xf2b705));
    k->paused = colour_parse(th->paused, colour_rgb(0xd7263d));
    k->brk = colour_parse(th->brk, colour_rgb(0x2e86ab));
    k->warn = colour_parse(th->warn, colour_rgb(0xff8c00));
    k->muted = colour_mix(k->bg, k->fg, 62);
    k->panel = colour_mix(k->bg, k->fg, 7);
    k->line = colour_mix(k->bg, k->fg, 16);
    w->lang = lang_from_code(c->language);
    w->lang2 = lang_from_code(c->language2);
    w->two_languages = c->language2[0] && w->lang2 != w->lang;
    if (th->logo[0]) {
        SDL_Surface *s = IMG_Load(th->logo);
        if (s) {
            w->logo = SDL_CreateTextureFromSurface(r, s);
            w->logo_w = s->w;
            w->logo_h = s->h;
            SDL_FreeSurface(s);
        } else {
            fprintf(stderr, "pokerclock: logo %s: %s\n", th->logo, IMG_GetError());
        }
    }
    return w;
}

void wall_free(wall_t *w)
{
    if (!w)
        return;
    if (w->logo)
        SDL_DestroyTexture(w->logo);
    text_cache_free(w->tc);
    free(w);
}
