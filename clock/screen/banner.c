/* The screen's strips and takeovers drawn (what shows is decided in
 * model/show.c): the strips in turn in the footer, the procedure over the
 * body with its figure (chips, tables, the shot clock, the card). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "screen/frame.h"

static const SDL_Color white = {255, 255, 255, 255};

typedef enum {
    FIG_NONE,
    FIG_COLOR_UP,
    FIG_HFH,
    FIG_CALL,
    FIG_CARD,
    FIG_ITM,
    FIG_HANDS,
    FIG_SEATS
} figure_t;

/* An item as the wall draws it: its colours and its picture. */
typedef struct {
    SDL_Color bg, fg;
    figure_t fig;
    char title[600]; /* readable in under two seconds */
    char line[600];  /* the detail under it, or "" */
} banner_t;

/* The item's colours, figure and words. */
static void banner_of(frame_t *fr, const show_item_t *it, banner_t *b)
{
    const theme_colours_t *c = &fr->w->col;
    const show_t *sh = fr->show;
    SDL_Color bg = c->panel, fg = c->fg;
    figure_t fig = FIG_NONE;
    switch (it->kind) {
    case SHOW_STORAGE_ERROR: bg = c->warn, fg = c->bg; break;
    case SHOW_POWER_LOSS: bg = c->paused, fg = white; break;
    case SHOW_ANNOUNCEMENT:
    case SHOW_NEW_LEVEL: bg = c->accent, fg = c->bg; break;
    case SHOW_BUBBLE: bg = c->warn, fg = c->bg; break;
    case SHOW_COLOR_UP_NEXT:
    case SHOW_MOVE: bg = c->brk, fg = white; break;
    case SHOW_KNOCKOUT: bg = c->accent, fg = c->bg; break;
    case SHOW_CLOCK_CALL:
        bg = sh->call.expired ? c->paused : sh->call.counting ? c->warn : c->panel;
        fg = sh->call.expired ? white : sh->call.counting ? c->bg : c->fg;
        fig = FIG_CALL;
        break;
    case SHOW_DAY_END_CARD: fig = FIG_CARD; break;
    case SHOW_DAY_OVER: bg = c->brk, fg = white; break;
    case SHOW_DAY_END_HANDS: fig = FIG_HANDS; break;
    case SHOW_IN_THE_MONEY: fg = c->accent, fig = FIG_ITM; break;
    case SHOW_HAND_FOR_HAND: fg = c->warn, fig = FIG_HFH; break;
    case SHOW_COLOR_UP: fg = c->brk, fig = FIG_COLOR_UP; break;
    case SHOW_WINNER: fg = c->accent; break;
    case SHOW_FINAL_TABLE: fig = FIG_SEATS; break;
    default: break; /* the follower's notice, penalties: panel colours */
    }
    b->bg = bg;
    b->fg = fg;
    b->fig = fig;
    frame_say(fr, it->title, b->title, sizeof b->title);
    frame_say(fr, it->line, b->line, sizeof b->line);
}

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

/* One strip; dots: the width kept free at its right for the dots (and as
 * much at its left, so that the words stay in the middle). */
static void strip_draw(frame_t *fr, const banner_t *b, box_t bx, int dots)
{
    paint_t *p = fr->p;
    int r = bx.h / 6;
    paint_round_rect(p, bx.x, bx.y, bx.w, bx.h, r, b->bg);
    int pad = bx.h / 4;
    int inner = bx.w - 2 * (pad + dots);
    int title_px = bx.h * 38 / 100, line_px = bx.h * 24 / 100;
    char l1[600], l2[600];
    int lines = b->line[0] ? 1 : wrap2(p, FACE_BOLD, title_px, inner, b->title, l1, l2, sizeof l1);
    if (lines == 2) {
        /* A long announcement: two lines of title, no second line. */
        int px = title_px * 3 / 4;
        px = paint_fit(p, FACE_BOLD, px, inner,
                       paint_text_width(p, FACE_BOLD, px, l1) >
                               paint_text_width(p, FACE_BOLD, px, l2)
                           ? l1
                           : l2);
        int h = frame_cap_h(fr, FACE_BOLD, px);
        int gap = (bx.h - 2 * h) / 3;
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, bx.y + gap, ALIGN_CENTER, l1);
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, bx.y + 2 * gap + h, ALIGN_CENTER, l2);
        return;
    }
    int tpx = paint_fit(p, FACE_BOLD, title_px, inner, b->title);
    int th = frame_cap_h(fr, FACE_BOLD, tpx);
    if (!b->line[0]) {
        paint_text(p, FACE_BOLD, tpx, b->fg, bx.x + bx.w / 2, bx.y + (bx.h - th) / 2, ALIGN_CENTER,
                   b->title);
        return;
    }
    int lpx = paint_fit(p, FACE_REGULAR, line_px, inner, b->line);
    int lh = frame_cap_h(fr, FACE_REGULAR, lpx);
    int gap = (bx.h - th - lh) / 3;
    paint_text(p, FACE_BOLD, tpx, b->fg, bx.x + bx.w / 2, bx.y + gap, ALIGN_CENTER, b->title);
    paint_text(p, FACE_REGULAR, lpx, b->fg, bx.x + bx.w / 2, bx.y + 2 * gap + th, ALIGN_CENTER,
               b->line);
}

/* The strips take turns; dots at the right end say how many there are
 * and which one is up, in columns of four of their own beside the words
 * (as on /display). */
void banner_strips_draw(frame_t *fr, box_t bx)
{
    const show_t *sh = fr->show;
    int n = sh->n_strips, k = sh->turn;
    if (n < 1)
        return;
    if (sh->turn_in_ms != INT64_MAX)
        paint_wake_in(fr->p, sh->turn_in_ms);
    banner_t b;
    banner_of(fr, &sh->strips[k], &b);
    int rows = n < 4 ? n : 4, cols = (n + 3) / 4;
    int d = bx.h / 12, gap = d * 5 / 2;
    int col = n > 1 ? bx.h / 4 + (cols - 1) * gap : 0;
    strip_draw(fr, &b, bx, col);
    if (n < 2)
        return;
    int x0 = bx.x + bx.w - (bx.h / 4 + col) / 2 - (cols - 1) * gap / 2;
    int y0 = bx.y + bx.h / 2 - (rows - 1) * gap / 2;
    for (int i = 0; i < n; i++)
        paint_circle(fr->p, x0 + i / 4 * gap, y0 + i % 4 * gap, d / 2 + 1,
                     i == k ? b.fg : colour_mix(b.bg, b.fg, 35));
}

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
    lang_chips(fr->w->lang, chip->value, v, sizeof v);
    int px = paint_fit(p, FACE_BOLD, r * 6 / 10, r, v);
    SDL_Color tc = (body.r + body.g + body.b) > 450 ? (SDL_Color){20, 20, 20, 255}
                                                    : (SDL_Color){255, 255, 255, 255};
    paint_text(p, FACE_BOLD, px, tc, cx, cy - frame_cap_h(fr, FACE_BOLD, px) / 2, ALIGN_CENTER, v);
}

/* Long on purpose: one figure (the chips going, what they become, the
 * break's countdown beside it) laid out in both orientations. */
static void fig_color_up(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const show_t *sh = fr->show;
    bool portrait = fr->f->h > fr->f->w;
    box_t left = bx, right = bx;
    if (sh->color_up.beside_clock) {
        /* The break's own countdown stays big beside the guide. */
        if (portrait) {
            left.h = bx.h * 42 / 100;
            right.y = bx.y + left.h;
            right.h = bx.h - left.h;
        } else {
            /* On a small screen the guide's lines need the room more. */
            left.w = bx.w * (frame_small(fr->f->w, fr->f->h) ? 31 : 44) / 100;
            right.x = bx.x + left.w;
            right.w = bx.w - left.w;
        }
        wall_clock_block(fr, (box_t){left.x + left.w / 20, left.y, left.w * 9 / 10, left.h});
    }
    chip_t fa = {.value = sh->color_up.from, .rgb = sh->color_up.from_rgb};
    chip_t fb = {.value = sh->color_up.into, .rgb = sh->color_up.into_rgb};
    const chip_t *from = &fa, *to = sh->color_up.into ? &fb : NULL;
    int cx = right.x + right.w / 2;

    /* Sizes first, so that the guide sits in the middle of its space. */
    int r = right.h * 15 / 100;
    if (r > right.w / 9)
        r = right.w / 9;
    char colour_line[160], race[128], words[4][160];
    frame_say(fr, sh->color_up.gone, colour_line, sizeof colour_line);
    int lpx = paint_fit(p, FACE_BOLD, frame_readable(right.h * 8 / 100), right.w * 9 / 10,
                        colour_line);
    frame_say(fr, sh->color_up.race, race, sizeof race);
    int hpx = paint_fit(p, FACE_BOLD, frame_readable(right.h * 8 / 100), right.w * 9 / 10, race);
    /* The chip race in four short lines; where they would be smaller than
     * readable (a 7-inch screen), a line takes two. */
    int fit = right.h * 7 / 100, line_w = right.w * 96 / 100;
    for (int i = 0; i < 4; i++) {
        frame_say(fr, sh->color_up.race_lines[i], words[i], sizeof words[i]);
        int f = paint_fit(p, FACE_REGULAR, fit, line_w, words[i]);
        if (f < fit)
            fit = f;
    }
    char text[8][160];
    int n = 0;
    if (fit < MIN_TEXT_PX) {
        fit = MIN_TEXT_PX;
        for (int i = 0; i < 4; i++)
            n += wrap2(p, FACE_REGULAR, fit, line_w, words[i], text[n], text[n + 1],
                       sizeof text[0]);
    } else {
        for (; n < 4; n++)
            snprintf(text[n], sizeof text[n], "%s", words[n]);
    }
    /* Wrapped lines sit closer, and the chips give way to the words down
     * to where their values are still readable. */
    bool tight = n > 4;
    int g1 = right.h / (tight ? 20 : 14), g2 = right.h / (tight ? 16 : 12),
        g3 = right.h / (tight ? 40 : 25);
    int line_h = frame_cap_h(fr, FACE_REGULAR, fit) * (tight ? 17 : 19) / 10;
    int words_h = g1 + frame_cap_h(fr, FACE_BOLD, lpx) + g2 + frame_cap_h(fr, FACE_BOLD, hpx) + g3 +
                  (n - 1) * line_h + frame_cap_h(fr, FACE_REGULAR, fit);
    int r_min = MIN_TEXT_PX * 10 / 6 + 1;
    if (2 * r + words_h > right.h)
        r = (right.h - words_h) / 2 > r_min ? (right.h - words_h) / 2 : r_min;
    int total = 2 * r + words_h;
    int top = right.y + (right.h - total) / 2;
    if (top < right.y)
        top = right.y;
    int cy = top + r;

    if (to) {
        char times[32];
        snprintf(times, sizeof times, "%" PRId64 " ×", sh->color_up.times);
        int px = r;
        int tw = paint_text_width(p, FACE_BOLD, px, times);
        int span = tw + r / 2 + 2 * r + r + r * 3 / 2 + r + 2 * r;
        int x = cx - span / 2;
        paint_text(p, FACE_BOLD, px, c->fg, x, cy - frame_cap_h(fr, FACE_BOLD, px) / 2, ALIGN_LEFT,
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
    y += frame_cap_h(fr, FACE_BOLD, lpx) + g2;
    paint_text(p, FACE_BOLD, hpx, c->brk, cx, y, ALIGN_CENTER, race);
    y += frame_cap_h(fr, FACE_BOLD, hpx) + g3;
    for (int i = 0; i < n; i++) {
        paint_text(p, FACE_REGULAR, fit, c->fg, cx, y, ALIGN_CENTER, text[i]);
        y += line_h;
    }
}

/* The size a table's number gets in a box of side cell, for the widest of
 * the n numbers shown (three digits past table 99). */
static int hfh_number_px(paint_t *p, int cell, int n, const int *nums)
{
    int g = cell / 8;
    return paint_fit(p, FACE_BOLD, (cell - g) * 55 / 100, (cell - g) * 85 / 100,
                     n && nums[n - 1] > 99 ? "888" : "88");
}

/* Long on purpose: one figure (the grid of tables in play and their state)
 * laid out in both orientations. */
static void fig_hfh(frame_t *fr, box_t bx, const banner_t *b)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const show_t *h = fr->show;
    char hand[64];
    frame_say(fr, h->hfh.hand, hand, sizeof hand);
    int u = bx.h < bx.w * 8 / 10 ? bx.h : bx.w * 8 / 10; /* text scales with the short side */
    int y = bx.y;
    int px = u * 12 / 100;
    paint_text(p, FACE_BOLD, px, c->fg, bx.x + bx.w / 2, y, ALIGN_CENTER, hand);
    y += frame_cap_h(fr, FACE_BOLD, px) + u / 14;
    if (h->hfh.field.n) {
        char field[96];
        frame_say(fr, h->hfh.field, field, sizeof field);
        int fpx = paint_fit(p, FACE_REGULAR, frame_readable(u * 7 / 100), bx.w, field);
        paint_text(p, FACE_REGULAR, fpx, c->fg, bx.x + bx.w / 2, y, ALIGN_CENTER, field);
        y += frame_cap_h(fr, FACE_REGULAR, fpx) + u / 14;
    }
    if (h->hfh.all_done) {
        char deal[64];
        frame_say(fr, h->hfh.deal, deal, sizeof deal);
        int dpx = paint_fit(p, FACE_BOLD, u * 40 / 100, bx.w * 7 / 10, deal);
        int dh = frame_cap_h(fr, FACE_BOLD, dpx);
        int box_h = dh + u / 8;
        int dy = y + (bx.y + bx.h - y - box_h) / 3;
        paint_round_rect(p, bx.x + bx.w / 10, dy, bx.w * 8 / 10, box_h, u / 30, c->accent);
        paint_text(p, FACE_BOLD, dpx, c->bg, bx.x + bx.w / 2, dy + u / 16, ALIGN_CENTER, deal);
        return;
    }
    /* One box per table: still playing ones lit, done ones dim. */
    char label[128];
    frame_say(fr, h->hfh.label, label, sizeof label);
    int lpx = frame_readable(u * 6 / 100);
    paint_text(p, FACE_REGULAR, lpx, c->muted, bx.x + bx.w / 2, y, ALIGN_CENTER, label);
    y += frame_cap_h(fr, FACE_REGULAR, lpx) + u / 20;
    tableset_t set = h->hfh.shown;
    bool any_waiting = h->hfh.legend.n > 0;
    int legend_px = frame_readable(u * 6 / 100);
    int legend_h = any_waiting ? frame_cap_h(fr, FACE_REGULAR, legend_px) * 3 : 0;
    int avail_h = bx.y + bx.h - y - legend_h;
    int nums[TOURNEY_MAX_TABLES], n = 0, cols = 1, rows = 1, cell = 0, more = 0;
    bool readable = false;
    /* Every table while the boxes stay readable; past that (a big field)
     * the ones done drop out, so the few still playing stay big. */
    for (int pass = 0; pass < 2 && !readable; pass++) {
        tableset_t shown = pass ? tableset_minus(&set, &h->hfh.done) : set;
        n = 0;
        for (int t = 0; (t = tableset_next(&shown, t));)
            nums[n++] = t;
        cell = 0;
        for (int rr = 1; rr <= n; rr++) {
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
        /* Readable: the widest number (three digits past table 99) keeps
         * the wall's smallest text at least. */
        readable = cell >= frame_readable(u * 14 / 100) &&
                   hfh_number_px(p, cell, n, nums) >= MIN_TEXT_PX;
    }
    /* Still too many to read (a hundred tables and more on a small
     * screen): as many as fit at a readable size, in order, and "+N". */
    if (!readable) {
        /* The number's size grows with the box: one step there, then
         * at most a few to make up for rounding (each size measured is a
         * font opened, on the drawing thread). */
        int npx = hfh_number_px(p, cell, n, nums);
        if (npx > 0 && npx < MIN_TEXT_PX)
            cell = cell * MIN_TEXT_PX / npx;
        for (int k = 0; k < 4 && cell < avail_h && hfh_number_px(p, cell, n, nums) < MIN_TEXT_PX;
             k++)
            cell += 2;
        int more_h = frame_cap_h(fr, FACE_REGULAR, legend_px) * 2;
        cols = bx.w * 9 / 10 / cell > 0 ? bx.w * 9 / 10 / cell : 1;
        rows = (avail_h - more_h) / cell > 0 ? (avail_h - more_h) / cell : 1;
        if (n > cols * rows) {
            more = n - cols * rows;
            n = cols * rows;
        }
        rows = (n + cols - 1) / cols;
    }
    if (cell > u * 45 / 100)
        cell = u * 45 / 100;
    int gap = cell / 8;
    int x0 = bx.x + (bx.w - cols * cell) / 2;
    for (int i = 0; i < n; i++) {
        int r = i / cols, k = i % cols;
        int x = x0 + k * cell + gap / 2, yy = y + r * cell + gap / 2;
        bool done = tableset_has(&h->hfh.done, nums[i]);
        bool waiting = tableset_has(&h->hfh.waiting, nums[i]);
        SDL_Color bg = done ? c->line : waiting ? c->brk : b->fg;
        SDL_Color fg = done ? c->muted : waiting ? (SDL_Color){255, 255, 255, 255} : c->bg;
        paint_round_rect(p, x, yy, cell - gap, cell - gap, cell / 10, bg);
        char num[8];
        snprintf(num, sizeof num, "%d", nums[i]);
        int npx = paint_fit(p, FACE_BOLD, (cell - gap) * 55 / 100, (cell - gap) * 85 / 100, num);
        paint_text(p, FACE_BOLD, npx, fg, x + (cell - gap) / 2,
                   yy + (cell - gap - frame_cap_h(fr, FACE_BOLD, npx)) / 2, ALIGN_CENTER, num);
    }
    if (more > 0) {
        char plus[16];
        snprintf(plus, sizeof plus, "+%d", more);
        paint_text(p, FACE_BOLD, legend_px, b->fg, bx.x + bx.w / 2, y + rows * cell + cell / 4,
                   ALIGN_CENTER, plus);
        y += frame_cap_h(fr, FACE_BOLD, legend_px) * 2;
    }
    if (any_waiting) {
        /* What the blue tables are. */
        char lw[128];
        frame_say(fr, h->hfh.legend, lw, sizeof lw);
        int ly = y + rows * cell + legend_h / 3;
        int lpx2 = legend_px, sq = frame_cap_h(fr, FACE_REGULAR, lpx2);
        int tw = paint_text_width(p, FACE_REGULAR, lpx2, lw);
        int lx = bx.x + (bx.w - tw - sq * 2) / 2;
        paint_round_rect(p, lx, ly, sq, sq, sq / 5, c->brk);
        paint_text(p, FACE_REGULAR, lpx2, c->muted, lx + sq * 2, ly, ALIGN_LEFT, lw);
    }
}

static void fig_call(frame_t *fr, box_t bx, const banner_t *b)
{
    paint_t *p = fr->p;
    const show_t *k = fr->show;
    if (k->call.expired) {
        const char *t = frame_word(fr, W_TIME_UP);
        int px = paint_fit(p, FACE_BOLD, bx.h * 60 / 100, bx.w * 9 / 10, t);
        paint_text(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2,
                   bx.y + (bx.h - frame_cap_h(fr, FACE_BOLD, px)) / 2, ALIGN_CENTER, t);
        return;
    }
    char secs[16];
    snprintf(secs, sizeof secs, "%d", (int)((k->call.remaining_ms + 999) / 1000));
    frame_wake_countdown(p, k->call.remaining_ms);
    int bar_h = bx.h / 18;
    int px = bx.h * 78 / 100;
    int h = frame_cap_h(fr, FACE_BOLD, px);
    int y = bx.y + (bx.h - bar_h * 3 - h) / 2;
    paint_digits(p, FACE_BOLD, px, b->fg, bx.x + bx.w / 2, y, ALIGN_CENTER, secs);
    /* The bar shrinks with the call; the counted part is marked. */
    int bw = bx.w * 8 / 10, x = bx.x + bx.w / 10;
    int by = y + h + bar_h * 2;
    paint_round_rect(p, x, by, bw, bar_h, bar_h / 2, colour_mix(b->bg, b->fg, 20));
    int64_t left_s = (k->call.remaining_ms + 999) / 1000, total = k->call.total_ms;
    int fill = total > 0 ? (int)((int64_t)bw * left_s * 1000 / total) : 0;
    if (fill > bw)
        fill = bw;
    paint_round_rect(p, x, by, fill, bar_h, bar_h / 2, b->fg);
    int mark = total > 0 ? (int)((int64_t)bw * k->call.countdown_ms / total) : 0;
    paint_rect(p, x + mark, by - bar_h / 2, bar_h / 4 + 1, bar_h * 2, fr->w->col.warn);
}

static void fig_card(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    int64_t t = fr->show->card.since_ms;
    int ch = bx.h * 85 / 100, cw = ch * 5 / 7;
    if (cw > bx.w * 65 / 100) { /* portrait: the width decides */
        cw = bx.w * 65 / 100;
        ch = cw * 7 / 5;
    }
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
    snprintf(n, sizeof n, "%d", fr->show->card.drawn);
    SDL_Color red = {200, 30, 45, 255};
    if (sx > 0.95) {
        int px = ch * 55 / 100;
        paint_text(p, FACE_BOLD, px, red, cx, y + (ch - frame_cap_h(fr, FACE_BOLD, px)) / 2,
                   ALIGN_CENTER, n);
        int cpx = ch / 8;
        paint_text(p, FACE_BOLD, cpx, red, cx - cw / 2 + cw / 12, y + ch / 20, ALIGN_LEFT, n);
        /* A diamond under the corner index. */
        int dx = cx - cw / 2 + cw / 12 + cpx / 4, dy = y + ch / 20 + cpx * 3 / 2, d = cpx / 3;
        paint_polygon(p,
                      (SDL_FPoint[]){{(float)dx, (float)(dy - d)},
                                     {(float)(dx + d * 3 / 4), (float)dy},
                                     {(float)dx, (float)(dy + d)},
                                     {(float)(dx - d * 3 / 4), (float)dy}},
                      4, red);
    }
}

/* Confetti for the money: each piece's path is a function of time alone. */
static void fig_confetti(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int64_t t = fr->show->itm_since_ms;
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

/* A suit drawn (the wall's font has no suit signs): 0 clubs, 1 diamonds,
 * 2 hearts, 3 spades, in a box of size d whose centre is cx, cy. */
static void suit_shape(paint_t *p, int suit, int cx, int cy, int d, SDL_Color c)
{
    float x = (float)cx, y = (float)cy, h = (float)d / 2;
    switch (suit) {
    case 1:
        paint_polygon(p,
                      (SDL_FPoint[]){{x, y - h},
                                     {x + h * 0.75f, y},
                                     {x, y + h},
                                     {x - h * 0.75f, y}},
                      4, c);
        break;
    case 2: /* two lobes over a point */
        paint_circle(p, cx - d / 4, cy - d / 6, d / 4 + 1, c);
        paint_circle(p, cx + d / 4, cy - d / 6, d / 4 + 1, c);
        paint_polygon(p, (SDL_FPoint[]){{x - h, y - h / 4}, {x + h, y - h / 4}, {x, y + h}}, 3, c);
        break;
    case 3: /* a point over two lobes, and a stem */
        paint_circle(p, cx - d / 4, cy + d / 8, d / 4 + 1, c);
        paint_circle(p, cx + d / 4, cy + d / 8, d / 4 + 1, c);
        paint_polygon(p, (SDL_FPoint[]){{x, y - h}, {x + h, y + h / 5}, {x - h, y + h / 5}}, 3, c);
        paint_polygon(p, (SDL_FPoint[]){{x, y}, {x + h / 3, y + h}, {x - h / 3, y + h}}, 3, c);
        break;
    default: /* three leaves and a stem */
        paint_circle(p, cx, cy - d / 4, d / 4 + 1, c);
        paint_circle(p, cx - d / 4, cy + d / 8, d / 4 + 1, c);
        paint_circle(p, cx + d / 4, cy + d / 8, d / 4 + 1, c);
        paint_polygon(p, (SDL_FPoint[]){{x, y}, {x + h / 3, y + h}, {x - h / 3, y + h}}, 3, c);
        break;
    }
}

/* The final table's seats: number (the button's marked), the card dealt
 * for the button, the player; two columns across, one down in portrait. */
static void fig_seats(frame_t *fr, box_t bx, const banner_t *b)
{
    paint_t *p = fr->p;
    const show_t *sh = fr->show;
    int n = sh->final.n_seats, cols = bx.w > bx.h ? 2 : 1, rows = (n + cols - 1) / cols;
    int rh = bx.h / (rows > 0 ? rows : 1), cw = bx.w / cols;
    static const char *const ranks[] = {"2", "3",  "4", "5", "6", "7", "8",
                                        "9", "10", "J", "Q", "K", "A"};
    SDL_Color red = {200, 30, 45, 255}, black = {20, 20, 24, 255}, card_bg = {250, 250, 250, 255};
    for (int s = 1; s <= n; s++) {
        int i = s - 1, x = bx.x + (i / rows) * cw, y = bx.y + (i % rows) * rh;
        int box = rh * 80 / 100, pad = rh / 10;
        bool button = s == sh->final.button;
        paint_round_rect(p, x + pad, y + pad, box, box, box / 6,
                         button ? fr->w->col.accent : fr->w->col.line);
        char num[8];
        snprintf(num, sizeof num, "%d", s);
        int npx = box * 60 / 100;
        paint_text(p, FACE_BOLD, npx, button ? fr->w->col.bg : b->fg, x + pad + box / 2,
                   y + pad + (box - frame_cap_h(fr, FACE_BOLD, npx)) / 2, ALIGN_CENTER, num);
        int nx = x + pad * 2 + box;
        int card = sh->final.card[s - 1];
        if (card >= 0) {
            int w = box * 130 / 100;
            SDL_Color ink = card % 4 == 1 || card % 4 == 2 ? red : black;
            paint_round_rect(p, nx, y + pad, w, box, box / 8, card_bg);
            int rpx = box * 55 / 100;
            paint_text(p, FACE_BOLD, rpx, ink, nx + w * 32 / 100,
                       y + pad + (box - frame_cap_h(fr, FACE_BOLD, rpx)) / 2, ALIGN_CENTER,
                       ranks[card / 4]);
            suit_shape(p, card % 4, nx + w * 74 / 100, y + pad + box / 2, box * 40 / 100, ink);
            nx += w + pad;
        }
        if (!sh->final.who[s - 1].n)
            continue;
        char who[96];
        frame_say(fr, sh->final.who[s - 1], who, sizeof who);
        int room = x + cw - nx - pad;
        int px = paint_fit(p, FACE_BOLD, box * 55 / 100, room > 0 ? room : 1, who);
        if (px < MIN_TEXT_PX)
            px = MIN_TEXT_PX;
        paint_text(p, FACE_BOLD, px, b->fg, nx,
                   y + pad + (box - frame_cap_h(fr, FACE_BOLD, px)) / 2, ALIGN_LEFT, who);
    }
}

void banner_takeover_draw(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    banner_t bn;
    const banner_t *b = &bn;
    banner_of(fr, fr->takeover, &bn);
    if (fr->show->animating)
        p->animating = true;
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
    int th = frame_cap_h(fr, FACE_BOLD, tpx);
    int lpx = unit * (b->fig == FIG_ITM || b->fig == FIG_NONE ? 9 : 7) / 100;
    int lh = b->line[0] ? frame_cap_h(fr, FACE_REGULAR, lpx) : 0;
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
    case FIG_SEATS: fig_seats(fr, fig, b); break;
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
