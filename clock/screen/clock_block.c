/* The clock in the wall's body: the level, the countdown as the largest
 * thing on the screen, the progress through the level, the blinds (on a
 * break, those after it). The layout and the color-up's guide place it. */
#include <stdio.h>
#include <string.h>

#include "screen/frame.h"

/* The level label, the countdown, the progress bar, the blinds: the heart.
 * Long on purpose: one layout from top to bottom, every part placed under
 * the one before with the sizes measured for it. */
void wall_clock_block(frame_t *fr, box_t bx)
{
    paint_t *p = fr->p;
    const theme_colours_t *c = &fr->w->col;
    const tourney_view_t *v = &fr->v;
    char label[128], cd[32], blinds[64], ante[96], l2[128];

    if (fr->is_break)
        frame_label2(fr, W_BREAK, label, sizeof label);
    else
        snprintf(label, sizeof label, "%s %d", frame_word(fr, W_LEVEL), v->level_number);
    if (v->overtime) {
        size_t n = strlen(label);
        snprintf(label + n, sizeof label - n, "  ·  %s", frame_word(fr, W_OVERTIME));
    } else if (fr->cur->day_end) {
        size_t n = strlen(label);
        snprintf(label + n, sizeof label - n, "  ·  %s", frame_word(fr, W_LAST_LEVEL_TODAY));
    }
    frame_countdown_text(fr, cd, sizeof cd);

    /* What goes under the bar: the blinds now, or on a break those after it. */
    const level_t *shown = fr->cur;
    l2[0] = 0;
    if (fr->is_break) {
        shown = NULL;
        for (int i = v->level + 1; i < fr->s->n_levels; i++)
            if (fr->s->levels[i].kind == LEVEL_PLAY) {
                shown = &fr->s->levels[i];
                snprintf(l2, sizeof l2, "%s: %s %d", frame_word(fr, W_THEN),
                         frame_word(fr, W_LEVEL), show_play_number(fr->s, i));
                break;
            }
    }
    blinds[0] = ante[0] = 0;
    if (shown) {
        frame_blinds_text(fr, shown, blinds, sizeof blinds);
        frame_ante_text(fr, shown, ante, sizeof ante);
    }

    /* Sizes from the box: the countdown takes what the width allows. */
    int label_px = frame_readable(bx.h * 9 / 100);
    int ref = 100;
    int cw = paint_digits_width(p, FACE_BOLD, ref, cd[0] == '+' || strlen(cd) > 5 ? cd : "00:00");
    int cd_px = cw > 0 ? (int)((int64_t)ref * bx.w * 97 / 100 / cw) : bx.h / 2;
    if (cd_px > bx.h * 50 / 100)
        cd_px = bx.h * 50 / 100;
    int bar_h = bx.h * 22 / 1000 + 1;
    int blinds_px = paint_fit(p, FACE_BOLD, bx.h * 17 / 100, bx.w, blinds[0] ? blinds : "0");
    int sub_px = frame_readable(bx.h * 7 / 100);

    int h_label = frame_cap_h(fr, FACE_BOLD, label_px);
    int h_cd = frame_cap_h(fr, FACE_BOLD, cd_px);
    int h_l2 = l2[0] ? frame_cap_h(fr, FACE_REGULAR, sub_px) : 0;
    int h_blinds = blinds[0] ? frame_cap_h(fr, FACE_BOLD, blinds_px) : 0;
    int h_ante = ante[0] ? frame_cap_h(fr, FACE_REGULAR, sub_px) : 0;
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
    paint_digits(p, FACE_BOLD, cd_px, frame_countdown_colour(fr), cx, y, ALIGN_CENTER, cd);
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
                         fr->is_break                     ? c->brk
                         : fr->paused                     ? c->paused
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
