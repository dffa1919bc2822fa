/* The wall layout: the header, the clock, the side columns and the footer,
 * in landscape and portrait; banners (banner.c) draw over it. */
#include <SDL2/SDL_image.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/league.h"
#include "model/text.h"
#include "screen/frame.h"
#include "screen/kiosk.h"
#include "screen/qr.h"
#include "screen/wall.h"

/* A column's label at the top of bx, in muted colour; its height. Two
 * languages ("Gemiddelde stack / Average stack") that would have to be set
 * under three quarters of px (or below the smallest readable size) to fit
 * on the line take turns on it instead, each at its own size: a column has
 * no room for a second line. */
static int label_line(frame_t *fr, box_t bx, int px, const char *label)
{
    paint_t *p = fr->p;
    char one[128];
    snprintf(one, sizeof one, "%s", label);
    int fit = paint_fit(p, FACE_REGULAR, px, bx.w, one);
    char *cut = strstr(one, " / ");
    if (cut && (fit < px * 3 / 4 || fit < MIN_TEXT_PX)) {
        int64_t now = fr->f->now;
        paint_wake_in(p, ROTATE_MS - now % ROTATE_MS);
        if ((now / ROTATE_MS) % 2)
            memmove(one, cut + 3, strlen(cut + 3) + 1);
        else
            *cut = 0;
        fit = paint_fit(p, FACE_REGULAR, px, bx.w, one);
    }
    paint_text(p, FACE_REGULAR, fit, fr->w->col.muted, bx.x, bx.y, ALIGN_LEFT, one);
    return frame_cap_h(fr, FACE_REGULAR, px);
}

/* A label over a value (and an optional small line): the side columns. */
static int stat_block(frame_t *fr, box_t bx, const char *label, const char *value, const char *sub,
                      SDL_Color value_col, int label_px, int value_px)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int y = bx.y;
    /* On a small screen the three lines sit closer to fit their slot. */
    bool small = frame_small(p->w, p->h);
    int gap = small ? label_px / 4 : label_px / 2, sub_px = small ? label_px : label_px * 5 / 4;
    y += label_line(fr, bx, label_px, label) + gap;
    int vpx = paint_fit(p, FACE_BOLD, value_px, bx.w, value);
    paint_text(p, FACE_BOLD, vpx, value_col, bx.x, y, ALIGN_LEFT, value);
    y += frame_cap_h(fr, FACE_BOLD, value_px);
    if (sub && *sub) {
        y += gap;
        paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, sub_px, bx.w, sub), c->muted, bx.x,
                   y, ALIGN_LEFT, sub);
        y += frame_cap_h(fr, FACE_REGULAR, sub_px);
    }
    return y - bx.y;
}

/* One figure in a side column: a label over a value, and a small line. */
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

    frame_label2(fr, W_PLAYERS, st[n].label, sizeof st[n].label);
    snprintf(st[n].value, sizeof st[n].value, "%d / %d", v->players_left, fr->t->entries);
    st[n++].col = c->fg;

    frame_label2(fr, W_AVERAGE, st[n].label, sizeof st[n].label);
    lang_chips(fr->w->lang, v->average_stack, st[n].value, sizeof st[n].value);
    const level_t *bl = fr->cur;
    for (int i = v->level; bl->kind != LEVEL_PLAY && i < fr->s->n_levels; i++)
        bl = &fr->s->levels[i];
    frame_bb_text(v->average_stack, bl->big_blind, st[n].sub, sizeof st[n].sub);
    st[n++].col = c->fg;

    frame_label2(fr, W_CHIPS_IN_PLAY, st[n].label, sizeof st[n].label);
    lang_chips(fr->w->lang, v->chips_in_play, st[n].value, sizeof st[n].value);
    st[n++].col = c->fg;

    frame_label2(fr, W_PRIZE_POOL, st[n].label, sizeof st[n].label);
    frame_money(fr, v->prize_pool, st[n].value, sizeof st[n].value);
    st[n++].col = c->accent;

    if (!with_next)
        return n;
    frame_label2(fr, W_NEXT_LEVEL, st[n].label, sizeof st[n].label);
    st[n].col = c->fg;
    if (v->next_level >= 0) {
        const level_t *nl = &fr->s->levels[v->next_level];
        if (nl->kind == LEVEL_BREAK) {
            snprintf(st[n].value, sizeof st[n].value, "%s", frame_word(fr, W_BREAK));
            snprintf(st[n].sub, sizeof st[n].sub, "%d min", (int)(nl->duration_ms / 60000));
            st[n].col = c->brk;
        } else {
            frame_blinds_text(fr, nl, st[n].value, sizeof st[n].value);
            frame_ante_text(fr, nl, st[n].sub, sizeof st[n].sub);
        }
    } else {
        snprintf(st[n].value, sizeof st[n].value, "—");
    }
    n++;

    frame_label2(fr, W_NEXT_BREAK, st[n].label, sizeof st[n].label);
    st[n].col = c->fg;
    if (v->to_break_ms >= 0) {
        say_clock(v->to_break_ms, false, a, sizeof a);
        snprintf(st[n].value, sizeof st[n].value, "%s", a);
        if (fr->running)
            frame_wake_countdown(fr->p, v->to_break_ms);
    } else {
        snprintf(st[n].value, sizeof st[n].value, "—");
        snprintf(st[n].sub, sizeof st[n].sub, "%s", frame_word(fr, W_NO_MORE_BREAKS));
    }
    n++;
    return n;
}

/* With bounties, under the payouts (model/show.c decides them): the
 * bounty per head on one row, or the biggest heads a row each under their
 * title, as many as leave the payouts three rows and their last line of
 * the `rows` there is room for. How many heads; *taken: the rows. */
static int bounty_heads(const show_t *sh, int rows, int *taken)
{
    int heads = sh->bounty.n_heads < rows - 5 ? sh->bounty.n_heads : rows - 5;
    heads = heads > 1 ? heads : 1;
    *taken = sh->bounty.title.n == 0 ? 0 : sh->bounty.amount > 0 ? 1 : 1 + heads;
    return heads;
}

static void bounty_block(frame_t *fr, box_t bx, int y, int row_px, int row_h, int heads)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const show_t *sh = fr->show;
    char text[128], amount[48];
    frame_say(fr, sh->bounty.title, text, sizeof text);
    int lpx = frame_readable(paint_fit(p, FACE_REGULAR, row_px, bx.w * 3 / 5, text));
    paint_text(p, FACE_REGULAR, lpx, c->muted, bx.x,
               y + frame_cap_h(fr, FACE_REGULAR, row_px) - frame_cap_h(fr, FACE_REGULAR, lpx),
               ALIGN_LEFT, text);
    if (sh->bounty.amount > 0) {
        frame_money(fr, sh->bounty.amount, amount, sizeof amount);
        paint_text(p, FACE_BOLD, row_px, c->accent, bx.x + bx.w, y, ALIGN_RIGHT, amount);
    }
    for (int i = 0; i < sh->bounty.n_heads && i < heads; i++) {
        int yy = y + (i + 1) * row_h;
        frame_say(fr, sh->bounty.who[i], text, sizeof text);
        frame_money(fr, sh->bounty.head[i], amount, sizeof amount);
        int npx = frame_readable(paint_fit(p, FACE_REGULAR, row_px, bx.w * 3 / 5, text));
        paint_text(p, FACE_REGULAR, npx, c->fg, bx.x,
                   yy + frame_cap_h(fr, FACE_REGULAR, row_px) - frame_cap_h(fr, FACE_REGULAR, npx),
                   ALIGN_LEFT, text);
        paint_text(p, FACE_BOLD, row_px, c->accent, bx.x + bx.w, yy, ALIGN_RIGHT, amount);
    }
}

static void payouts_block(frame_t *fr, box_t bx, int label_px, int row_px, int max_rows, int cols)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const tourney_view_t *v = &fr->v;
    char label[128];
    frame_label2(fr, W_PAYOUTS, label, sizeof label);
    int y = bx.y + label_line(fr, bx, label_px, label) + label_px / 2;
    int row_h = frame_cap_h(fr, FACE_BOLD, row_px) * 17 / 10;
    int rows = v->paid_places < max_rows ? v->paid_places : max_rows;
    int bounty, heads = bounty_heads(fr->show, (bx.y + bx.h - y) / (row_h > 0 ? row_h : 1),
                                     &bounty); /* rows of their own at the end */
    int room = (bx.y + bx.h - y - bounty * row_h) / (row_h > 0 ? row_h : 1) * cols;
    bool more = v->paid_places > rows;
    if (rows > room)
        rows = room;
    if (more && rows == room && rows > 1)
        rows--;
    if (rows < v->paid_places)
        more = true;
    if (v->paid_places == 0) {
        paint_text(p, FACE_BOLD, row_px, c->fg, bx.x, y, ALIGN_LEFT, "—");
        if (bounty)
            bounty_block(fr, (box_t){bx.x, bx.y, (bx.w - (cols - 1) * bx.w / 12) / cols, bx.h},
                         y + row_h, row_px, row_h, heads);
        return;
    }
    show_pay_row_t pay[TOURNEY_MAX_PLACES];
    rows = show_payout_rows(fr->t, v, rows, pay);
    int per_col = (rows + cols - 1) / cols;
    int colw = (bx.w - (cols - 1) * bx.w / 12) / cols;
    int y0 = y;
    for (int i = 0; i < rows; i++) {
        char place[64], amount[48];
        int x = bx.x + (i / per_col) * (colw + bx.w / 12);
        int yy = y0 + (i % per_col) * row_h;
        if (pay[i].kind == PAY_DEAL)
            snprintf(place, sizeof place, frame_word(fr, W_PAY_DEAL), pay[i].place);
        else if (pay[i].kind == PAY_PLAY_FOR)
            snprintf(place, sizeof place, "%s", frame_word(fr, W_PAY_PLAY_FOR));
        else
            lang_ordinal(fr->w->lang, pay[i].place, place, sizeof place);
        frame_money(fr, pay[i].amount, amount, sizeof amount);
        int lpx = frame_readable(paint_fit(p, FACE_REGULAR, row_px, colw * 3 / 5, place));
        paint_text(p, FACE_REGULAR, lpx, c->muted, x,
                   yy + frame_cap_h(fr, FACE_REGULAR, row_px) - frame_cap_h(fr, FACE_REGULAR, lpx),
                   ALIGN_LEFT, place);
        paint_text(p, FACE_BOLD, row_px, pay[i].place == 1 ? c->accent : c->fg, x + colw, yy,
                   ALIGN_RIGHT, amount);
    }
    y = y0 + per_col * row_h;
    if (more) {
        char line[96];
        snprintf(line, sizeof line, frame_word(fr, W_ITM_LINE), v->paid_places);
        paint_text(p, FACE_REGULAR,
                   paint_fit(p, FACE_REGULAR, frame_readable(row_px * 4 / 5), bx.w, line), c->muted,
                   bx.x, y, ALIGN_LEFT, line);
        y += row_h;
    }
    if (bounty)
        bounty_block(fr, (box_t){bx.x, bx.y, colw, bx.h}, y, row_px, row_h, heads);
}

/* The tournament's name in the header: on one line, smaller if need be;
 * when that would make it small, on two lines split at the space nearest
 * its middle. Never cut ("Thursday R..."). */
static void header_name(frame_t *fr, box_t bx, int x, int w, const char *name)
{
    paint_t *p = fr->p;
    SDL_Color fg = fr->w->col.fg;
    int want = bx.h * 50 / 100;
    int px = paint_fit(p, FACE_BOLD, want, w, name);
    const char *mid = NULL;
    size_t n = strlen(name);
    for (const char *c = strchr(name, ' '); c; c = strchr(c + 1, ' '))
        if (!mid || labs((long)(c - name) - (long)n / 2) < labs((long)(mid - name) - (long)n / 2))
            mid = c;
    if (px >= want * 6 / 10 || !mid || (size_t)(mid - name) >= 300) {
        paint_text(p, FACE_BOLD, px, fg, x, bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_LEFT, name);
        return;
    }
    char l1[300];
    snprintf(l1, sizeof l1, "%.*s", (int)(mid - name), name);
    const char *l2 = mid + 1;
    int px2 = paint_fit(p, FACE_BOLD, bx.h * 34 / 100, w, l1);
    int f2 = paint_fit(p, FACE_BOLD, px2, w, l2);
    px2 = f2 < px2 ? f2 : px2;
    if (px2 <= px) { /* two lines would be no larger */
        paint_text(p, FACE_BOLD, px, fg, x, bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_LEFT, name);
        return;
    }
    int ch = frame_cap_h(fr, FACE_BOLD, px2), lh = ch * 16 / 10;
    int y = bx.y + (bx.h - lh - ch) / 2;
    paint_text(p, FACE_BOLD, px2, fg, x, y, ALIGN_LEFT, l1);
    paint_text(p, FACE_BOLD, px2, fg, x, y + lh, ALIGN_LEFT, l2);
}

/* Long on purpose: one band laid out from both ends toward the middle;
 * its parts share the space left. */
static void header(frame_t *fr, box_t bx, bool compact_clock)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int pad = bx.h * 30 / 100;
    if (fr->paused || !fr->started) {
        /* Paused: the whole band says so, in the paused colour; before the
         * start, in the accent colour. */
        paint_rect(p, bx.x, bx.y, bx.w, bx.h, fr->paused ? c->paused : c->accent);
        char label[128];
        frame_label2(fr, fr->paused ? W_PAUSED : W_NOT_STARTED, label, sizeof label);
        lang_upper(label);
        int px = paint_fit(p, FACE_BOLD, bx.h * 62 / 100, bx.w * 6 / 10, label);
        paint_text(p, FACE_BOLD, px, fr->paused ? (SDL_Color){255, 255, 255, 255} : c->bg,
                   bx.x + bx.w / 2, bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_CENTER, label);
        return;
    }
    paint_rect(p, bx.x, bx.y, bx.w, bx.h, c->panel);
    int x = bx.x + pad;
    if (fr->w->logo) {
        int lh = bx.h * 80 / 100;
        int lw = fr->w->logo_h > 0 ? fr->w->logo_w * lh / fr->w->logo_h : lh;
        if (lw > bx.w / 5)
            lw = bx.w / 5;
        paint_texture(p, fr->w->logo, fr->w->logo_w, fr->w->logo_h, x, bx.y + (bx.h - lh) / 2, lw,
                      lh, fr->w->config->theme.logo);
        x += lw + pad;
    }
    /* The right side: the state, and during a takeover the level clock small. */
    int right = bx.x + bx.w - pad;
    char pill[128] = "";
    SDL_Color pill_bg = c->warn, pill_fg = c->bg;
    if (fr->show->pill >= 0)
        frame_label2(fr, (word_id)fr->show->pill, pill, sizeof pill);
    if (fr->show->pill == W_BREAK) {
        pill_bg = c->brk;
        pill_fg = (SDL_Color){255, 255, 255, 255};
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
                   bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, pill_px)) / 2, ALIGN_CENTER, pill);
        right -= pw + pad;
    }
    if (compact_clock) {
        char cd[32], line[128], blinds[64] = "";
        frame_countdown_text(fr, cd, sizeof cd);
        if (!fr->is_break)
            frame_blinds_text(fr, fr->cur, blinds, sizeof blinds);
        if (fr->is_break)
            snprintf(line, sizeof line, "%s", frame_word(fr, W_BREAK));
        else
            snprintf(line, sizeof line, "%s %d  ·  %s", frame_word(fr, W_LEVEL), fr->v.level_number,
                     blinds);
        int px = bx.h * 48 / 100;
        int cdw = paint_digits_width(p, FACE_BOLD, px, cd);
        int y = bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, px)) / 2;
        paint_digits(p, FACE_BOLD, px, frame_countdown_colour(fr), right, y, ALIGN_RIGHT, cd);
        right -= cdw + pad;
        int lpx = paint_fit(p, FACE_BOLD, px * 8 / 10, right - x - bx.w / 4, line);
        paint_text(p, FACE_BOLD, lpx, c->accent, right,
                   bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, lpx)) / 2, ALIGN_RIGHT, line);
        right -= paint_text_width(p, FACE_BOLD, lpx, line) + pad;
    }
    const char *name = fr->s->name;
    if (*name && right > x)
        header_name(fr, bx, x, right - x, name);
}

/* A PIN or one-time code to show (only ever on the physical wall) brings the
 * QR code out whatever the clock is doing: the director asked for it. */
static bool qr_shown(frame_t *fr)
{
    return fr->f->panel && fr->f->panel->url[0] &&
           (fr->paused || !fr->started || fr->is_break || (fr->f->pin && *fr->f->pin));
}

/* The footer: the panel's QR code when paused or on a break, and the strips
 * in turn, or the registration periods when nothing is announced. */
/* The QR code of the panel at the footer's right, with the address and a
 * generated PIN beside it; the footer keeps what is left (*bx). */
static void footer_qr(frame_t *fr, box_t *bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int size = bx->h;
    int qx = bx->x + bx->w - size;
    const panel_addr_t *a = fr->f->panel;
    const char *qr = a->qr, *by_name = a->by_name, *by_ip = a->by_ip;
    paint_hash(p, qr, strlen(qr));
    qr_draw(p, qr, qx, bx->y, size);
    bool small = frame_small(p->w, p->h);
    int tw = small ? bx->w / 3 : bx->w / 4;
    int tx = qx - bx->h / 8;
    int px = frame_readable(bx->h * 15 / 100);
    int step = small ? 17 : 20; /* tenths of a capital's height from line to line */
    int y = bx->y + bx->h / 10;
    char label[128];
    frame_label2(fr, W_PANEL, label, sizeof label);
    paint_text(p, FACE_REGULAR, paint_fit(p, FACE_REGULAR, px, tw, label), c->muted, tx, y,
               ALIGN_RIGHT, label);
    y += frame_cap_h(fr, FACE_REGULAR, px) * step / 10;
    paint_text(p, FACE_BOLD, paint_fit(p, FACE_BOLD, px, tw, by_name), c->fg, tx, y, ALIGN_RIGHT,
               by_name);
    y += frame_cap_h(fr, FACE_BOLD, px) * step / 10;
    if (by_ip[0]) {
        paint_text(p, FACE_BOLD, paint_fit(p, FACE_BOLD, px, tw, by_ip), c->fg, tx, y, ALIGN_RIGHT,
                   by_ip);
        y += frame_cap_h(fr, FACE_BOLD, px) * step / 10;
    }
    if (fr->f->pin && *fr->f->pin) {
        char pin[64];
        snprintf(pin, sizeof pin, "%s %s", frame_word(fr, W_PIN), fr->f->pin);
        int ppx = paint_fit(p, FACE_BOLD, px * 17 / 10, tw, pin);
        paint_text(p, FACE_BOLD, ppx, c->accent, tx, y, ALIGN_RIGHT, pin);
    }
    bx->w -= size + tw + bx->h / 4;
}

/* The periods in one line joined by dots, or one a line where one line
 * would be too small (beside the QR code, or portrait). */
static void footer_periods(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    SDL_Color muted = fr->w->col.muted;
    char parts[SHOW_MAX_PERIODS][160], line[SHOW_MAX_PERIODS * 170] = "";
    int n = fr->show->n_periods;
    if (n == 0)
        return;
    for (int i = 0; i < n; i++)
        frame_say(fr, fr->show->periods[i], parts[i], sizeof parts[i]);
    for (int i = 0; i < n; i++)
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", i ? "   ·   " : "",
                 parts[i]);
    int want = bx.h * 24 / 100;
    int px = paint_fit(p, FACE_REGULAR, want, bx.w, line);
    if (px >= want * 7 / 10) {
        paint_text(p, FACE_REGULAR, px, muted, bx.x + bx.w / 2,
                   bx.y + (bx.h - frame_cap_h(fr, FACE_REGULAR, px)) / 2, ALIGN_CENTER, line);
        return;
    }
    /* As large as n lines (a line is 1.7 capitals high) fit the band. */
    px = want;
    while (px > 6 && frame_cap_h(fr, FACE_REGULAR, px) * (17 * n - 7) / 10 > bx.h * 9 / 10)
        px--;
    for (int i = 0; i < n; i++) {
        int f = paint_fit(p, FACE_REGULAR, px, bx.w, parts[i]);
        if (f < px)
            px = f;
    }
    int ch = frame_cap_h(fr, FACE_REGULAR, px), lh = ch * 17 / 10;
    int y = bx.y + (bx.h - lh * (n - 1) - ch) / 2;
    for (int i = 0; i < n; i++, y += lh)
        paint_text(p, FACE_REGULAR, px, muted, bx.x, y, ALIGN_LEFT, parts[i]);
}

static void footer(frame_t *fr, box_t bx)
{
    if (qr_shown(fr))
        footer_qr(fr, &bx);
    if (fr->show->n_strips > 0)
        banner_strips_draw(fr, bx);
    else
        footer_periods(fr, bx);
}

static void frame_setup(frame_t *fr, wall_t *w, const wall_frame_t *f)
{
    memset(fr, 0, sizeof *fr);
    fr->w = w;
    fr->p = &w->p;
    fr->f = f;
    fr->t = &f->snap->t;
    fr->s = &fr->t->s;
    fr->show = f->show;
    fr->v = f->show->v;
    fr->takeover = f->show->has_takeover ? &f->show->takeover : NULL;
    fr->cur = &fr->s->levels[fr->v.level];
    /* The languages of this snapshot (set on the panel while running), or
     * the configuration's when it names none. */
    const char *l1 = f->snap->language[0] ? f->snap->language : w->config->language;
    const char *l2 = f->snap->language[0] ? f->snap->language2 : w->config->language2;
    w->lang = lang_from_code(l1);
    w->lang2 = lang_from_code(l2);
    w->two_languages = l2[0] && w->lang2 != w->lang;
    fr->say = (say_lang_t){.lang = w->lang,
                           .lang2 = w->lang2,
                           .two = w->two_languages,
                           .currency = fr->s->currency};
    fr->started = fr->t->clock.started;
    fr->running = fr->t->clock.running;
    fr->paused = f->show->paused;
    fr->is_break = fr->cur->kind == LEVEL_BREAK;
    fr->last_minute = f->show->pill == W_LAST_MINUTE;
    /* What is shown changes by itself then (a strip's time is up, ...). */
    paint_wake_in(fr->p, f->show->changes_in_ms);
}

/* A takeover hides the clock: the header then carries it, small. */
static bool compact_clock_wanted(frame_t *fr)
{
    return fr->takeover &&
           !(fr->takeover->kind == SHOW_COLOR_UP && fr->show->color_up.beside_clock);
}

/* The body of a landscape wall: the clock in the middle, the field on the
 * left, what comes next and the payouts on the right. */
static void landscape(frame_t *fr, box_t body)
{
    int W = fr->p->w, H = fr->p->h;
    int side = W * 20 / 100;
    box_t left = {body.x, body.y, side, body.h};
    box_t right = {body.x + body.w - side, body.y, side, body.h};
    box_t centre = {left.x + side + W / 50, body.y, body.w - 2 * side - W / 25, body.h};
    wall_clock_block(fr, centre);
    stat_t st[8];
    int n = stats_collect(fr, st, true);
    int label_px = frame_readable(H * 3 / 100), value_px = H * 6 / 100;
    int slot = body.h / 4;
    for (int i = 0; i < 4; i++)
        stat_block(fr, (box_t){left.x, left.y + i * slot, left.w, slot}, st[i].label, st[i].value,
                   st[i].sub, st[i].col, label_px, value_px);
    int y = right.y;
    for (int i = 4; i < n; i++)
        stat_block(fr, (box_t){right.x, y + (i - 4) * slot, right.w, slot}, st[i].label,
                   st[i].value, st[i].sub, st[i].col, label_px, value_px);
    payouts_block(fr, (box_t){right.x, y + 2 * slot, right.w, body.h - 2 * slot}, label_px,
                  frame_readable(H * 38 / 1000), 5, 1);
}

/* The body of a portrait wall: the clock on top, the figures in two
 * columns below, then the payouts. */
static void portrait(frame_t *fr, box_t body, int gap)
{
    paint_t *p = fr->p;
    int W = p->w;
    box_t clock = {body.x, body.y, body.w, body.h * 44 / 100};
    wall_clock_block(fr, clock);
    stat_t st[8];
    int n = stats_collect(fr, st, true);
    int top = clock.y + clock.h + gap;
    paint_rect(p, body.x, top - gap / 2, body.w, 2, fr->w->col.line);
    int rows = (n + 1) / 2;
    int grid_h = body.h * 36 / 100;
    int slot = grid_h / rows, colw = body.w / 2;
    int label_px = frame_readable(W * 3 / 100), value_px = W * 6 / 100;
    for (int i = 0; i < n; i++)
        stat_block(fr,
                   (box_t){body.x + (i % 2) * colw, top + gap / 2 + (i / 2) * slot, colw - W / 30,
                           slot},
                   st[i].label, st[i].value, st[i].sub, st[i].col, label_px, value_px);
    int py = top + grid_h + gap;
    payouts_block(fr, (box_t){body.x, py, body.w, body.y + body.h - py}, label_px,
                  frame_readable(W * 45 / 1000), 8, 2);
}

void wall_show(const snapshot_t *snap, int64_t now, int dismissed_level, show_t *out)
{
    show_input_t in = {.t = &snap->t,
                       .roster = snap->roster,
                       .storage_error = snap->storage_error,
                       .follows = snap->follows,
                       .notice = snap->notice};
    show_decide(&in, now, dismissed_level, out);
}

bool wall_slide_time(const settings_t *c, const snapshot_t *snap, const show_t *show)
{
    return !snap->t.clock.started || snap->t.s.levels[show->v.level].kind == LEVEL_BREAK ||
           snap->t.s.house.slides_band || c->layout == LAYOUT_SLIDES;
}

/* Slides show on a break and before the start, when no procedure takes the
 * screen over; where the house wants them, also while a level runs, in a
 * band beside the clock on a landscape screen. */
static bool slide_shown(frame_t *fr)
{
    bool band = fr->s->house.slides_band && fr->p->w > fr->p->h;
    return fr->f->slide && (fr->is_break || !fr->started || band) && !fr->takeover && !fr->v.over;
}

/* A text slide: its title in the accent colour, its lines under it, on a
 * panel of its own. */
static void slide_text(frame_t *fr, box_t bx, const slide_t *sl)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    paint_round_rect(p, bx.x, bx.y, bx.w, bx.h, bx.h / 30 + 1, c->panel);
    int pad = bx.w / 16, w = bx.w - 2 * pad;
    int title_px = paint_fit(p, FACE_BOLD, bx.h * 13 / 100, w, sl->title);
    int line_px = frame_readable(bx.h * 7 / 100);
    for (int i = 0; i < sl->n_lines; i++) {
        int f = paint_fit(p, FACE_REGULAR, line_px, w, sl->lines[i]);
        if (f < line_px)
            line_px = f;
    }
    int th = frame_cap_h(fr, FACE_BOLD, title_px), lh = frame_cap_h(fr, FACE_REGULAR, line_px);
    int step = lh * 19 / 10, gap = th;
    /* Lines that do not fit the panel's height are left out, never squeezed. */
    int n = sl->n_lines;
    while (n > 0 && th + gap + (n - 1) * step + lh > bx.h - 2 * pad)
        n--;
    int total = th + (n ? gap + (n - 1) * step + lh : 0);
    int y = bx.y + (bx.h - total) / 2, cx = bx.x + bx.w / 2;
    paint_text(p, FACE_BOLD, title_px, c->accent, cx, y, ALIGN_CENTER, sl->title);
    y += th + gap;
    for (int i = 0; i < n; i++, y += step)
        paint_text(p, FACE_REGULAR, line_px, c->fg, cx, y, ALIGN_CENTER, sl->lines[i]);
}

/* The slide in its box: a picture as large as fits, or a text. Its picture
 * becomes a texture once, when it first shows; the one before is let go. */
static void slide_draw(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    wall_t *w = fr->w;
    const wall_slide_t *sl = fr->f->slide;
    if (fr->f->slide_next_in_ms != INT64_MAX)
        paint_wake_in(p, fr->f->slide_next_in_ms);
    if (sl->slide.kind == SLIDE_TEXT) {
        slide_text(fr, bx, &sl->slide);
        return;
    }
    if (!sl->pixels)
        return;
    if (!p->dry && w->slide_key != sl->key) {
        if (w->slide_tex)
            SDL_DestroyTexture(w->slide_tex);
        w->slide_tex = SDL_CreateTextureFromSurface(w->r, sl->pixels);
        w->slide_key = w->slide_tex ? sl->key : 0;
    }
    char key[48];
    snprintf(key, sizeof key, "slide %llu", (unsigned long long)sl->key);
    paint_texture(p, p->dry ? NULL : w->slide_tex, sl->pixels->w, sl->pixels->h, bx.x, bx.y, bx.w,
                  bx.h, key);
}

/* Before the start, when no slide shows: the current league season's
 * leaders, as a text slide (its name, then a line each). */
static bool league_shown(frame_t *fr)
{
    return fr->f->board && !fr->started && !fr->takeover && !fr->v.over && !slide_shown(fr);
}

static void league_draw(frame_t *fr, box_t bx)
{
    const season_board_t *b = fr->f->board;
    slide_t sl = {.kind = SLIDE_TEXT};
    snprintf(sl.title, sizeof sl.title, "%s", b->season);
    for (int i = 0; i < b->n && i < SLIDE_LINES; i++, sl.n_lines++) {
        char name[LEAGUE_NAME_MAX], pts[32];
        if (fr->s->house.short_names)
            text_short_name(b->rows[i].name, name, sizeof name);
        else
            snprintf(name, sizeof name, "%s", b->rows[i].name);
        league_points_text(b->rows[i].points, pts, sizeof pts);
        snprintf(sl.lines[i], sizeof sl.lines[i], "%d. %s   %s", b->rows[i].rank, name, pts);
    }
    slide_text(fr, bx, &sl);
}

/* What goes beside the clock: the slide, or the league. */
static void beside_draw(frame_t *fr, box_t bx)
{
    if (slide_shown(fr))
        slide_draw(fr, bx);
    else
        league_draw(fr, bx);
}

/* A break or the wait before the start with a slide: the clock (the level,
 * the time left, what follows) beside it in landscape, above it in portrait;
 * a running level with the house's band of slides: the clock larger. */
static void slide_page(frame_t *fr, box_t body, bool tall, int gap)
{
    int W = fr->p->w;
    if (tall) {
        box_t clock = {body.x, body.y, body.w, body.h * 38 / 100};
        wall_clock_block(fr, clock);
        int top = clock.y + clock.h + gap;
        beside_draw(fr, (box_t){body.x, top, body.w, body.y + body.h - top});
        return;
    }
    /* While a level runs the clock keeps most of the screen. */
    int cw = body.w * (fr->is_break || !fr->started ? 36 : 58) / 100, sep = W / 40;
    wall_clock_block(fr, (box_t){body.x, body.y, cw, body.h});
    beside_draw(fr, (box_t){body.x + cw + sep, body.y, body.w - cw - sep, body.h});
}

/* Header, body and footer in proportions of the screen; a takeover fills
 * the body in either orientation. */
static void page(frame_t *fr)
{
    int W = fr->p->w, H = fr->p->h;
    bool tall = H > W, small = frame_small(W, H);
    int head_h = H * (tall ? 6 : small ? 12 : 11) / 100;
    int foot_h = H * (tall ? 10 : small ? 22 : 16) / 100;
    int margin = W * (tall ? 40 : 25) / 1000;
    int gap = H * (tall ? 15 : 20) / 1000;
    box_t head = {0, 0, W, head_h};
    box_t foot = {margin, H - foot_h - gap, W - 2 * margin, foot_h};
    box_t body = {margin, head_h + gap, W - 2 * margin, foot.y - gap - head_h - gap};

    /* The registration area's pages, or a sponsor's screen with a slide:
     * under the clock, small, to the bottom of the screen. */
    box_t below = {margin, head_h + gap, W - 2 * margin, H - head_h - 2 * gap};
    screen_layout layout = fr->w->config->layout;
    bool sponsor = layout == LAYOUT_SLIDES && fr->f->slide && !fr->takeover && !fr->v.over;
    if (layout == LAYOUT_KIOSK || sponsor) {
        header(fr, head, true);
        if (sponsor)
            slide_draw(fr, below);
        else
            kiosk_body(fr, below);
        return;
    }
    header(fr, head, compact_clock_wanted(fr));
    if (fr->takeover)
        banner_takeover_draw(fr, body);
    else if (slide_shown(fr) || league_shown(fr))
        slide_page(fr, body, tall, gap);
    else if (tall)
        portrait(fr, body, gap);
    else
        landscape(fr, body);
    footer(fr, foot);
}

static void wall_paint(wall_t *w, const wall_frame_t *f, bool dry, const SDL_Rect *clip, int n_clip,
                       wall_plan_t *plan)
{
    paint_t *p = &w->p;
    p->w = f->w;
    p->h = f->h;
    paint_begin(p, dry, dry ? &w->planned : &w->shown, clip, n_clip);
    frame_t fr;
    frame_setup(&fr, w, f);
    paint_clear(p, w->col.bg);
    page(&fr);
    if (fr.paused && fr.started) {
        /* A frame in the paused colour: nobody mistakes a stopped clock. */
        int t = (f->h < f->w ? f->h : f->w) / 90 + 2;
        paint_rect(p, 0, 0, f->w, t, w->col.paused);
        paint_rect(p, 0, f->h - t, f->w, t, w->col.paused);
        paint_rect(p, 0, 0, t, f->h, w->col.paused);
        paint_rect(p, f->w - t, 0, t, f->h, w->col.paused);
    }
    paint_end(p);
    if (plan) {
        plan->hash = p->hash;
        plan->wake_in_ms = p->wake_in_ms;
        plan->animating = p->animating;
        plan->smallest_text_px = p->smallest_text_px;
    }
}

void wall_plan(wall_t *w, const wall_frame_t *f, wall_plan_t *out)
{
    wall_paint(w, f, true, NULL, 0, out);
    out->n_damage = damage_find(&w->shown, &w->planned, f->w, f->h, out->damage);
}

void wall_render(wall_t *w, const wall_frame_t *f)
{
    wall_paint(w, f, false, NULL, 0, NULL);
}

void wall_render_part(wall_t *w, const wall_frame_t *f, const wall_plan_t *plan)
{
    if (plan->n_damage < 0)
        wall_render(w, f);
    else if (plan->n_damage > 0)
        wall_paint(w, f, false, plan->damage, plan->n_damage, NULL);
}

/* SDL_image sets its PNG support up on first use, which two threads must
 * not do at once (the wall and an HTTP thread's offscreen render). */
static pthread_once_t img_once = PTHREAD_ONCE_INIT;

static void img_init(void)
{
    IMG_Init(IMG_INIT_PNG);
}

wall_t *wall_new(SDL_Renderer *r, const settings_t *c, char *err, size_t errlen)
{
    pthread_once(&img_once, img_init);
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

const text_cache_t *wall_text_cache(const wall_t *w)
{
    return w->tc;
}

void wall_free(wall_t *w)
{
    if (!w)
        return;
    if (w->logo)
        SDL_DestroyTexture(w->logo);
    if (w->slide_tex)
        SDL_DestroyTexture(w->slide_tex);
    text_cache_free(w->tc);
    paint_ops_free(&w->planned);
    paint_ops_free(&w->shown);
    free(w);
}
