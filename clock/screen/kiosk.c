/* The kiosk layout of the SDL screen (layout = "kiosk"): the registration
 * area's pages in turn under a compact clock, as /kiosk shows them in a
 * browser: the structure, the payouts, the seats alphabetically (as many
 * pages as the field needs), the tables in the order they break, the
 * recent moves, the results so far and the venue's house rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/league.h"
#include "model/text.h"
#include "screen/kiosk.h"

enum {
    KIOSK_MOVES_MS = 30 * 60000, /* a move stays on its page this long */
};

typedef enum {
    PAGE_STRUCTURE,
    PAGE_PAYOUTS,
    PAGE_SEATS,
    PAGE_TABLES,
    PAGE_MOVES,
    PAGE_RESULTS,
    PAGE_RULES,
    PAGE_LEAGUE /* the current league season's table, named by the season */
} page_kind;

/* One line of a page: a number, a text, and up to two values on the right. */
typedef struct {
    char num[16], text[200], mid[64], value[96];
    SDL_Color col; /* the text's colour */
    bool bold;
} row_t;

/* The pages shown now, and the data they list. */
typedef struct {
    page_kind kind[64];
    int chunk[64]; /* the part of a list this page shows */
    int n;
    int *seats; /* players with a name in or waiting, alphabetically */
    int n_seats;
    int *results; /* players out (and the winner), best place first */
    int n_results;
    int tables[ROSTER_MAX_TABLES]; /* open tables with players, first to break first */
    int n_tables;
    int moves[64]; /* log positions of the recent moves that stand, newest first */
    int n_moves;
    int per_page; /* rows on one page of a list */
} pages_t;

/* ---- names in order: case and accents aside (Ødegård with the O) ---- */

typedef char sort_key_t[48];

static int by_name(const void *a, const void *b, void *ctx)
{
    const sort_key_t *keys = ctx;
    int x = *(const int *)a, y = *(const int *)b;
    int c = strcmp(keys[x], keys[y]);
    return c ? c : x - y;
}

static int by_place(const void *a, const void *b, void *ctx)
{
    const roster_t *r = ctx;
    const player_t *x = &r->players[*(const int *)a], *y = &r->players[*(const int *)b];
    return x->place_best != y->place_best ? x->place_best - y->place_best : x->id - y->id;
}

/* ---- which pages ---- */

static void add(pages_t *pg, page_kind k, int chunk)
{
    if (pg->n < (int)(sizeof pg->kind / sizeof pg->kind[0])) {
        pg->kind[pg->n] = k;
        pg->chunk[pg->n++] = chunk;
    }
}

static int chunks(int n, int per)
{
    return n <= 0 ? 0 : (n + per - 1) / per;
}

/* The seats and the results are sorted for each frame drawn (2,000 names:
 * well under a millisecond); the rest is read in place. */
static void pages_collect(frame_t *fr, pages_t *pg, int per_page)
{
    memset(pg, 0, sizeof *pg);
    pg->per_page = per_page > 0 ? per_page : 1;
    const roster_t *r = fr->f->snap->roster;
    add(pg, PAGE_STRUCTURE, 0);
    add(pg, PAGE_PAYOUTS, 0);
    if (r && r->n_players > 0) {
        pg->seats = malloc(sizeof(int) * (size_t)r->n_players);
        pg->results = malloc(sizeof(int) * (size_t)r->n_players);
        sort_key_t *keys = malloc(sizeof *keys * (size_t)r->n_players);
        bool named = false;
        for (int i = 0; pg->seats && pg->results && keys && i < r->n_players; i++) {
            const player_t *p = &r->players[i];
            named |= p->name[0] != 0;
            if (p->place_best > 0)
                pg->results[pg->n_results++] = i;
            else if (p->name[0] && p->status != PLAYER_REMOVED) { /* unregistered: no seat */
                char shown[ROSTER_NAME_MAX];
                frame_player_name(fr, i, shown, sizeof shown);
                text_fold(shown, keys[i], sizeof keys[i]);
                pg->seats[pg->n_seats++] = i;
            }
        }
        if (pg->seats && keys)
            qsort_r(pg->seats, (size_t)pg->n_seats, sizeof(int), by_name, keys);
        if (pg->results)
            qsort_r(pg->results, (size_t)pg->n_results, sizeof(int), by_place, (void *)r);
        free(keys);
        for (int c = 0; named && c < chunks(pg->n_seats, pg->per_page); c++)
            add(pg, PAGE_SEATS, c);
        int order[ROSTER_MAX_TABLES];
        roster_break_order(r, order);
        for (int i = 0; i < r->n_tables; i++)
            if (r->tables[order[i]].open && roster_table_players(r, order[i]) > 0)
                pg->tables[pg->n_tables++] = order[i];
        if (named && pg->n_tables > 0)
            add(pg, PAGE_TABLES, 0);
        int recent = moves_log_recent(&r->moves, fr->f->now, KIOSK_MOVES_MS);
        int most = pg->per_page < 64 ? pg->per_page : 64;
        for (int i = 0; i < recent && pg->n_moves < most; i++)
            if (roster_move_stands(r, moves_log_get(&r->moves, i)))
                pg->moves[pg->n_moves++] = i;
        if (pg->n_moves > 0)
            add(pg, PAGE_MOVES, 0);
        for (int c = 0; named && c < chunks(pg->n_results, pg->per_page); c++)
            add(pg, PAGE_RESULTS, c);
    }
    if (fr->w->config->n_house_rules > 0)
        add(pg, PAGE_RULES, 0);
    for (int c = 0; fr->f->board && c < chunks(fr->f->board->n, pg->per_page); c++)
        add(pg, PAGE_LEAGUE, c);
}

static void pages_free(pages_t *pg)
{
    free(pg->seats);
    free(pg->results);
}

/* ---- rows ---- */

static int structure_rows(frame_t *fr, row_t *rows, int max)
{
    const theme_colours_t *c = &fr->w->col;
    const structure_t *s = fr->s;
    /* From the level before the current one: what is still to come. */
    int from = fr->v.level > 0 ? fr->v.level - 1 : 0;
    if (s->n_levels - from < max)
        from = s->n_levels > max ? s->n_levels - max : 0;
    int n = 0;
    for (int i = from; i < s->n_levels && n < max; i++, n++) {
        const level_t *l = &s->levels[i];
        row_t *w = &rows[n];
        memset(w, 0, sizeof *w);
        if (l->kind == LEVEL_BREAK) {
            snprintf(w->text, sizeof w->text, "%s", frame_word(fr, W_BREAK));
        } else {
            snprintf(w->num, sizeof w->num, "%d", show_play_number(s, i));
            frame_blinds_text(fr, l, w->text, sizeof w->text);
            frame_ante_text(fr, l, w->mid, sizeof w->mid);
        }
        snprintf(w->value, sizeof w->value, "%lld %s", (long long)(l->duration_ms / 60000),
                 frame_word(fr, W_MIN));
        w->col = i == fr->v.level         ? c->accent
                 : i < fr->v.level        ? c->muted
                 : l->kind == LEVEL_BREAK ? c->brk
                                          : c->fg;
        w->bold = i == fr->v.level;
    }
    return n;
}

/* The payouts as the wall lists them (show_payout_rows): after a deal, one
 * line for what the dealing players share and one for what they still
 * play for, then the places below them. */
static int payout_rows(frame_t *fr, row_t *rows, int max)
{
    show_pay_row_t pay[TOURNEY_MAX_PLACES];
    int n = show_payout_rows(fr->t, &fr->v, max < TOURNEY_MAX_PLACES ? max : TOURNEY_MAX_PLACES,
                             pay);
    for (int i = 0; i < n; i++) {
        memset(&rows[i], 0, sizeof rows[i]);
        if (pay[i].kind == PAY_DEAL)
            snprintf(rows[i].text, sizeof rows[i].text, frame_word(fr, W_PAY_DEAL), pay[i].place);
        else if (pay[i].kind == PAY_PLAY_FOR)
            snprintf(rows[i].text, sizeof rows[i].text, "%s", frame_word(fr, W_PAY_PLAY_FOR));
        else
            snprintf(rows[i].num, sizeof rows[i].num, "%d.", pay[i].place);
        frame_money(fr, pay[i].amount, rows[i].value, sizeof rows[i].value);
        rows[i].col = fr->w->col.fg;
        rows[i].bold = pay[i].place == 1 || pay[i].kind == PAY_PLAY_FOR;
    }
    /* With bounties, as on the wall: the bounty per head, or the biggest heads. */
    const show_t *sh = fr->show;
    if (sh->bounty.title.n > 0 && n < max) {
        memset(&rows[n], 0, sizeof rows[n]);
        frame_say(fr, sh->bounty.title, rows[n].text, sizeof rows[n].text);
        if (sh->bounty.amount > 0)
            frame_money(fr, sh->bounty.amount, rows[n].value, sizeof rows[n].value);
        rows[n++].col = fr->w->col.accent;
    }
    for (int i = 0; sh->bounty.title.n > 0 && i < sh->bounty.n_heads && n < max; i++, n++) {
        memset(&rows[n], 0, sizeof rows[n]);
        frame_say(fr, sh->bounty.who[i], rows[n].text, sizeof rows[n].text);
        frame_money(fr, sh->bounty.head[i], rows[n].value, sizeof rows[n].value);
        rows[n].col = fr->w->col.fg;
    }
    return n;
}

static void where_text(frame_t *fr, const roster_t *r, const player_t *p, char *buf, size_t len)
{
    if (p->status == PLAYER_SEATED && p->table >= 0 && p->table < r->n_tables)
        snprintf(buf, len, frame_word(fr, W_TABLE_SEAT), r->tables[p->table].number, p->seat);
    else
        snprintf(buf, len, "%s", frame_word(fr, W_SEAT_WAITING));
}

static int list_rows(frame_t *fr, const pages_t *pg, page_kind k, int chunk, row_t *rows, int max)
{
    const roster_t *r = fr->f->snap->roster;
    const theme_colours_t *c = &fr->w->col;
    int n = 0;
    if (k == PAGE_SEATS || k == PAGE_RESULTS) {
        const int *list = k == PAGE_SEATS ? pg->seats : pg->results;
        int total = k == PAGE_SEATS ? pg->n_seats : pg->n_results;
        for (int i = chunk * pg->per_page; i < total && n < max && n < pg->per_page; i++, n++) {
            const player_t *p = &r->players[list[i]];
            row_t *w = &rows[n];
            memset(w, 0, sizeof *w);
            frame_player_name(fr, list[i], w->text, sizeof w->text);
            w->bold = true;
            w->col = c->fg;
            if (k == PAGE_SEATS) {
                where_text(fr, r, p, w->value, sizeof w->value);
            } else {
                if (p->place_worst > p->place_best)
                    snprintf(w->num, sizeof w->num, "%d-%d.", p->place_best, p->place_worst);
                else
                    snprintf(w->num, sizeof w->num, "%d.", p->place_best);
                if (p->prize > 0)
                    frame_money(fr, p->prize, w->value, sizeof w->value);
            }
        }
    } else if (k == PAGE_TABLES) {
        for (int i = 0; i < pg->n_tables && n < max; i++, n++) {
            row_t *w = &rows[n];
            memset(w, 0, sizeof *w);
            snprintf(w->num, sizeof w->num, "%d.", i + 1);
            snprintf(w->text, sizeof w->text, frame_word(fr, W_TABLE_PLAYERS),
                     r->tables[pg->tables[i]].number, roster_table_players(r, pg->tables[i]));
            w->col = i == 0 ? c->accent : c->fg; /* the next to break */
            w->bold = i == 0;
        }
    } else if (k == PAGE_LEAGUE) {
        const season_board_t *b = fr->f->board;
        for (int i = chunk * pg->per_page; i < b->n && n < max && n < pg->per_page; i++, n++) {
            row_t *w = &rows[n];
            memset(w, 0, sizeof *w);
            snprintf(w->num, sizeof w->num, "%d.", b->rows[i].rank);
            if (fr->s->house.short_names)
                text_short_name(b->rows[i].name, w->text, sizeof w->text);
            else
                snprintf(w->text, sizeof w->text, "%s", b->rows[i].name);
            league_points_text(b->rows[i].points, w->value, sizeof w->value);
            w->col = c->fg;
            w->bold = b->rows[i].rank == 1;
        }
    } else if (k == PAGE_MOVES) {
        for (int i = 0; i < pg->n_moves && n < max; i++) {
            const move_rec_t *m = moves_log_get(&r->moves, pg->moves[i]);
            row_t *w = &rows[n++];
            memset(w, 0, sizeof *w);
            char who[ROSTER_NAME_MAX + 16], to[64], from[64] = "";
            frame_player_name(fr, m->player, who, sizeof who);
            snprintf(to, sizeof to, frame_word(fr, W_TABLE_SEAT), r->tables[m->to_table].number,
                     m->to_seat);
            if (m->from_table >= 0 && m->from_table < r->n_tables)
                snprintf(from, sizeof from, frame_word(fr, W_TABLE_SEAT),
                         r->tables[m->from_table].number, m->from_seat);
            snprintf(w->text, sizeof w->text, "%s: %s%s%s", who, from, from[0] ? " » " : "", to);
            snprintf(w->value, sizeof w->value, frame_word(fr, W_MINUTES_AGO),
                     (int)((fr->f->now - m->at) / 60000));
            w->col = c->fg;
        }
    }
    return n;
}

/* ---- drawing ---- */

/* Rows in one or two columns (the column of numbers only when there are any). */
static void rows_draw(frame_t *fr, box_t bx, const row_t *rows, int n, int row_h, int cols)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    int per_col = (n + cols - 1) / (cols > 0 ? cols : 1);
    int gap = bx.w / 30, cw = (bx.w - gap * (cols - 1)) / cols;
    int px = frame_readable(row_h * 52 / 100);
    bool numbered = false;
    for (int i = 0; i < n; i++)
        numbered |= rows[i].num[0] != 0;
    int num_w = numbered ? paint_text_width(p, FACE_REGULAR, px, "88-88.") + px / 2 : 0;
    for (int i = 0; i < n; i++) {
        const row_t *w = &rows[i];
        int x = bx.x + (i / per_col) * (cw + gap), y = bx.y + (i % per_col) * row_h;
        paint_rect(p, x, y + row_h - 2, cw, 2, c->line);
        int ty = y + (row_h - frame_cap_h(fr, FACE_BOLD, px)) / 2;
        if (w->num[0])
            paint_text(p, FACE_REGULAR, px, c->muted, x + num_w - px / 2, ty, ALIGN_RIGHT, w->num);
        int right = x + cw;
        if (w->value[0]) {
            int vpx = paint_fit(p, FACE_BOLD, px, cw / 2, w->value);
            right -= paint_text(p, FACE_BOLD, frame_readable(vpx), c->accent, right, ty,
                                ALIGN_RIGHT, w->value) +
                     px;
        }
        if (w->mid[0]) {
            int mx = x + cw * 72 / 100;
            if (mx < right) {
                paint_text(p, FACE_REGULAR, px, c->muted, mx, ty, ALIGN_RIGHT, w->mid);
                right = mx - paint_text_width(p, FACE_REGULAR, px, w->mid) - px;
            }
        }
        int tx = x + num_w, room = right - tx;
        if (room > 0 && w->text[0]) {
            text_face f = w->bold ? FACE_BOLD : FACE_REGULAR;
            paint_text(p, f, frame_readable(paint_fit(p, f, px, room, w->text)), w->col, tx, ty,
                       ALIGN_LEFT, w->text);
        }
    }
}

/* A paragraph set in lines of at most w pixels; returns the lines' count
 * (drawn only when draw). */
static int wrap(frame_t *fr, const char *s, int px, int x, int y, int w, int line_h, bool draw)
{
    paint_t *p = fr->p;
    char line[CONFIG_RULE_MAX] = "";
    int lines = 0;
    const char *c = s;
    while (*c) {
        while (*c == ' ')
            c++;
        size_t wl = strcspn(c, " ");
        if (!wl)
            break;
        char tryline[CONFIG_RULE_MAX * 2];
        snprintf(tryline, sizeof tryline, "%s%s%.*s", line, line[0] ? " " : "", (int)wl, c);
        if (line[0] && paint_text_width(p, FACE_REGULAR, px, tryline) > w) {
            if (draw)
                paint_text(p, FACE_REGULAR, px, fr->w->col.fg, x, y + lines * line_h, ALIGN_LEFT,
                           line);
            lines++;
            snprintf(line, sizeof line, "%.*s", (int)wl, c);
        } else {
            snprintf(line, sizeof line, "%s", tryline);
        }
        c += wl;
    }
    if (line[0]) {
        if (draw)
            paint_text(p, FACE_REGULAR, px, fr->w->col.fg, x, y + lines * line_h, ALIGN_LEFT, line);
        lines++;
    }
    return lines;
}

/* The house rules, numbered, as large as they all fit. */
static void rules_draw(frame_t *fr, box_t bx, int row_h)
{
    const settings_t *cfg = fr->w->config;
    paint_t *p = fr->p;
    int px = row_h * 75 / 100;
    for (;;) {
        int line_h = px * 135 / 100, num_w = paint_text_width(p, FACE_BOLD, px, "88. ");
        int y = bx.y;
        for (int i = 0; i < cfg->n_house_rules; i++)
            y += wrap(fr, cfg->house_rules[i], px, 0, 0, bx.w - num_w, line_h, false) * line_h +
                 line_h / 3;
        if (y <= bx.y + bx.h || px <= MIN_TEXT_PX) {
            y = bx.y;
            for (int i = 0; i < cfg->n_house_rules; i++) {
                char num[16];
                snprintf(num, sizeof num, "%d.", i + 1);
                paint_text(p, FACE_BOLD, px, fr->w->col.accent, bx.x + num_w - px / 3, y,
                           ALIGN_RIGHT, num);
                y += wrap(fr, cfg->house_rules[i], px, bx.x + num_w, y, bx.w - num_w, line_h,
                          true) *
                         line_h +
                     line_h / 3;
            }
            return;
        }
        px = px * 9 / 10;
        if (px < MIN_TEXT_PX)
            px = MIN_TEXT_PX;
    }
}

static word_id title_word(page_kind k)
{
    static const word_id w[] = {W_STRUCTURE,    W_PAYOUTS, W_SEAT_LIST,   W_BREAK_ORDER,
                                W_RECENT_MOVES, W_RESULTS, W_HOUSE_RULES, W_RESULTS /* unused */};
    return w[k];
}

/* The letter a name is sorted by, as a capital ("Ø" under O); a name in
 * another script: its first character as it is. */
static void initial(frame_t *fr, int player, char *out, size_t len)
{
    char name[ROSTER_NAME_MAX], f[2];
    frame_player_name(fr, player, name, sizeof name);
    text_fold(name, f, sizeof f);
    if ((unsigned char)f[0] < 0x80) {
        snprintf(out, len, "%c", f[0] >= 'a' && f[0] <= 'z' ? f[0] - 32 : f[0]);
        return;
    }
    size_t n = 1;
    while (name[n] && ((unsigned char)name[n] & 0xC0) == 0x80)
        n++;
    snprintf(out, len, "%.*s", (int)n, name);
}

/* The page's title: "Seats A–F (2/5)" for a part of the seat list, so that
 * a player finds his page; the prize pool beside the payouts. */
static void title_text(frame_t *fr, const pages_t *pg, int i, char *buf, size_t len)
{
    page_kind k = pg->kind[i];
    char t[128];
    if (k == PAGE_LEAGUE)
        snprintf(t, sizeof t, "%s", fr->f->board->season);
    else
        frame_label2(fr, title_word(k), t, sizeof t);
    int total = k == PAGE_SEATS     ? pg->n_seats
                : k == PAGE_RESULTS ? pg->n_results
                : k == PAGE_LEAGUE  ? fr->f->board->n
                                    : 0;
    int parts = chunks(total, pg->per_page);
    if (k == PAGE_SEATS && parts > 1) {
        int a = pg->seats[pg->chunk[i] * pg->per_page];
        int last = (pg->chunk[i] + 1) * pg->per_page;
        int b = pg->seats[(last < total ? last : total) - 1];
        char fa[8], fb[8];
        initial(fr, a, fa, sizeof fa);
        initial(fr, b, fb, sizeof fb);
        snprintf(buf, len, "%s  %s–%s  (%d/%d)", t, fa, fb, pg->chunk[i] + 1, parts);
    } else if (parts > 1) {
        snprintf(buf, len, "%s  (%d/%d)", t, pg->chunk[i] + 1, parts);
    } else {
        snprintf(buf, len, "%s", t);
    }
}

void kiosk_body(frame_t *fr, box_t body)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    bool tall = p->h > p->w;
    int unit = (p->w < p->h ? p->w : p->h);
    int title_h = unit * 9 / 100, dots_h = unit * 4 / 100;
    int row_h = unit / 17;
    if (row_h < MIN_TEXT_PX * 2)
        row_h = MIN_TEXT_PX * 2;
    int cols = tall ? 1 : 2;
    box_t list = {body.x, body.y + title_h, body.w, body.h - title_h - dots_h};
    int per_col = list.h / row_h;
    if (per_col < 1)
        per_col = 1;
    pages_t pg;
    pages_collect(fr, &pg, per_col * cols);
    /* The page of this moment: every KIOSK_PAGE_MS the next. */
    int64_t now = fr->f->now > 0 ? fr->f->now : 0;
    int i = (int)((now / KIOSK_PAGE_MS) % pg.n);
    paint_wake_in(p, KIOSK_PAGE_MS - now % KIOSK_PAGE_MS);
    paint_hash(p, &i, sizeof i);

    char title[256];
    title_text(fr, &pg, i, title, sizeof title);
    page_kind k = pg.kind[i];
    int tpx = paint_fit(p, FACE_BOLD, title_h * 55 / 100, k == PAGE_PAYOUTS ? body.w / 2 : body.w,
                        title);
    paint_text(p, FACE_BOLD, frame_readable(tpx), c->accent, body.x,
               body.y + (title_h - frame_cap_h(fr, FACE_BOLD, tpx)) / 2, ALIGN_LEFT, title);

    if (k == PAGE_RULES) {
        rules_draw(fr, list, row_h);
    } else {
        int max = per_col * cols;
        row_t *rows = calloc((size_t)max, sizeof *rows);
        int n = 0;
        if (rows) {
            if (k == PAGE_STRUCTURE)
                n = structure_rows(fr, rows, max);
            else if (k == PAGE_PAYOUTS)
                n = payout_rows(fr, rows, max);
            else
                n = list_rows(fr, &pg, k, pg.chunk[i], rows, max);
            /* A short list in one column, at the left. */
            rows_draw(fr, list, rows, n, row_h, n <= per_col ? 1 : cols);
            free(rows);
        }
        if (k == PAGE_PAYOUTS) {
            char pool[128], money[64];
            frame_money(fr, fr->v.prize_pool, money, sizeof money);
            snprintf(pool, sizeof pool, "%s: %s   ·   %d %s", frame_word(fr, W_PRIZE_POOL), money,
                     fr->v.paid_places, frame_word(fr, W_PLACES_PAID));
            int ppx = frame_readable(row_h * 52 / 100);
            paint_text(p, FACE_REGULAR, ppx, c->muted, body.x + body.w,
                       body.y + (title_h - frame_cap_h(fr, FACE_REGULAR, ppx)) / 2, ALIGN_RIGHT,
                       pool);
        }
    }

    /* Which page of how many: a dot each. */
    int d = dots_h / 3, step = d * 3, x0 = body.x + (body.w - step * pg.n) / 2;
    for (int k2 = 0; k2 < pg.n && pg.n > 1; k2++)
        paint_circle(p, x0 + k2 * step + step / 2, body.y + body.h - dots_h / 2, d / 2,
                     k2 == i ? c->accent : c->line);
    pages_free(&pg);
}
