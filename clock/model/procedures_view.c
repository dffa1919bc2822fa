/* What the procedures show and what a structure's chips and house rules
 * imply: the house's effective durations, when each chip is colored up, the
 * chip problems of a structure, and the procedures' part of a view. Read
 * only; below the procedures' commands (procedures.c) and the view
 * (view.c), which both use it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/moves.h"
#include "model/procedures.h"

static int64_t or_default(int64_t v, int64_t d)
{
    return v > 0 ? v : d;
}

void house_effective(const house_t *h, house_t *out)
{
    *out = *h;
    out->call_ms = or_default(h->call_ms, 50000);
    out->call_countdown_ms = or_default(h->call_countdown_ms, 10000);
    out->short_level_ms = or_default(h->short_level_ms, 15 * 60000);
    out->short_call_ms = or_default(h->short_call_ms, 25000);
    out->short_call_countdown_ms = or_default(h->short_call_countdown_ms, 5000);
    out->seats = (int)or_default(h->seats, 9);
    out->move_strip_ms = or_default(h->move_strip_ms, MOVES_STRIP_DEFAULT_MS);
}

void house_call_durations(const structure_t *s, int level, int64_t *call, int64_t *countdown)
{
    house_t h;
    house_effective(&s->house, &h);
    /* In events with levels of fifteen minutes or less, the clock is
     * shorter (docs/rules.md §6: NO #16.1). */
    if (s->levels[level].duration_ms <= h.short_level_ms) {
        *call = h.short_call_ms;
        *countdown = h.short_call_countdown_ms;
    } else {
        *call = h.call_ms;
        *countdown = h.call_countdown_ms;
    }
}

/* ---- color-up (docs/rules.md §2) ---- */

/* The last play level whose blinds or ante need chips[chip]: an amount that
 * the next larger chip cannot make. -1 when no level needs it. */
static int last_level_needing(const structure_t *s, int chip)
{
    if (chip + 1 >= s->n_chips)
        return s->n_levels - 1; /* the largest chip is never colored up */
    int64_t next = s->chips[chip + 1].value;
    for (int i = s->n_levels - 1; i >= 0; i--) {
        const level_t *l = &s->levels[i];
        if (l->kind == LEVEL_PLAY &&
            (l->small_blind % next || l->big_blind % next || l->ante % next))
            return i;
    }
    return -1;
}

int color_up_level(const structure_t *s, int chip)
{
    for (int i = 0; i < s->n_levels; i++)
        if (s->levels[i].color_up == s->chips[chip].value)
            return i;
    if (chip + 1 >= s->n_chips)
        return -1;
    int last = last_level_needing(s, chip);
    if (last < 0)
        return -1;
    /* At the first break after it (docs/rules.md §2: in practice at a break). With
     * no break left, the chip stays until the director colors it up
     * (color_up_due asks): chips never leave the tables unannounced. */
    for (int i = last + 1; i < s->n_levels; i++)
        if (s->levels[i].kind == LEVEL_BREAK)
            return i;
    return -1;
}

/* A chip no longer needed after a level with no break to color it up at:
 * the director is asked (v->color_up_due). */
static bool color_up_is_due(const structure_t *s, int chip, int level)
{
    if (chip + 1 >= s->n_chips || color_up_level(s, chip) >= 0)
        return false;
    int last = last_level_needing(s, chip);
    return last >= 0 && level > last;
}

static void color_up_view(const tourney_t *t, int level, tourney_view_t *v)
{
    const structure_t *s = &t->s;
    v->next_color_up_level = -1;
    for (int i = 0; i < s->n_chips; i++) {
        int at = color_up_level(s, i);
        bool removed = (t->chips_removed >> i) & 1;
        bool gone = at >= 0 && (level > at);
        if (!removed && !gone)
            v->chips_in_use |= 1u << i;
        if (!removed && !v->color_up_due && s->chips[i].value != t->color_up_value &&
            color_up_is_due(s, i, level))
            v->color_up_due = s->chips[i].value;
        if (removed || gone || at < 0)
            continue;
        bool now_here = at == level && s->levels[at].kind == LEVEL_BREAK;
        if (now_here && !v->color_up_now)
            v->color_up_now = s->chips[i].value;
        else if (!now_here && !v->next_color_up) {
            v->next_color_up = s->chips[i].value;
            v->next_color_up_level = at;
        }
    }
    if (t->color_up_value)
        v->color_up_now = t->color_up_value;
    if (v->color_up_now) {
        for (int i = 0; i < s->n_chips; i++)
            if (s->chips[i].value > v->color_up_now && ((v->chips_in_use >> i) & 1)) {
                v->color_up_into = s->chips[i].value;
                break;
            }
    }
}

/* ---- chip checks for pokerclock --check ---- */

static int chip_index(const structure_t *s, int64_t value)
{
    for (int i = 0; i < s->n_chips; i++)
        if (s->chips[i].value == value)
            return i;
    return -1;
}

/* Whether chips[chip] is still at the tables during level. */
static bool chip_in_play(const structure_t *s, int chip, int level)
{
    int at = color_up_level(s, chip);
    return at < 0 || at >= level;
}

typedef struct {
    chip_problem_t *out;
    int max, n;
} problems_t;

static void problem_add(problems_t *p, int level, bool error, const char *fmt, ...)
{
    if (p->n < p->max) {
        chip_problem_t *q = &p->out[p->n];
        q->level = level;
        q->error = error;
        int o = snprintf(q->msg, sizeof q->msg, "level %d: ", level + 1);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(q->msg + o, sizeof q->msg - (size_t)o, fmt, ap);
        va_end(ap);
    }
    p->n++;
}

/* "at the break before (level 6)", "at the end of level 6", ... */
static void where_colored_up(const structure_t *s, int at, int level, char *buf, size_t len)
{
    if (s->levels[at].kind == LEVEL_BREAK)
        snprintf(buf, len, "at the break %s(level %d)", at == level - 1 ? "before " : "", at + 1);
    else
        snprintf(buf, len, "at the end of level %d", at + 1);
}

/* Amounts of a play level, with their names for messages. */
static int level_amounts(const level_t *l, int64_t amount[3], const char *name[3])
{
    int n = 0;
    amount[n] = l->small_blind, name[n++] = "small blind";
    amount[n] = l->big_blind, name[n++] = "big blind";
    if (l->ante > 0)
        amount[n] = l->ante, name[n++] = l->big_blind_ante ? "big-blind ante" : "ante";
    return n;
}

/* A play level's amounts that the chips in play at it cannot make: one
 * problem a level is enough to act on. Returns the chip it needs, as a bit,
 * when that chip is colored up too early (0: none). */
static uint32_t level_chip_problem(const structure_t *s, int L, problems_t *p)
{
    const level_t *l = &s->levels[L];
    int smallest = -1;
    for (int i = 0; i < s->n_chips && smallest < 0; i++)
        if (chip_in_play(s, i, L))
            smallest = i;
    int64_t amount[3];
    const char *name[3];
    int n = level_amounts(l, amount, name);
    for (int k = 0; k < n; k++) {
        if (smallest < 0 || amount[k] % s->chips[smallest].value == 0)
            continue;
        /* The largest chip of the set that makes it, if any. */
        int need = -1;
        for (int i = 0; i < s->n_chips; i++)
            if (amount[k] % s->chips[i].value == 0)
                need = i;
        /* That chip still in play pays it (a set whose chips are not
         * multiples of the smallest, 10 and 25). It may also never be
         * colored up: there is no "where" to tell. */
        if (need >= 0 && chip_in_play(s, need, L))
            continue;
        if (need < 0) {
            problem_add(p, L, true,
                        "the %s %lld cannot be made with the chips in play (the smallest is %lld)",
                        name[k], (long long)amount[k], (long long)s->chips[smallest].value);
            return 0;
        }
        char where[64];
        where_colored_up(s, color_up_level(s, need), L, where, sizeof where);
        problem_add(p, L, true, "the %s %lld needs a chip of %lld, colored up %s", name[k],
                    (long long)amount[k], (long long)s->chips[need].value, where);
        return 1u << need;
    }
    return 0;
}

/* The explicit color-up at level L: of a chip not in the set, of the
 * largest chip, of one already colored up, or of one a later level still
 * uses (unless told, the chips whose shortage a level has told). */
static void color_up_problem(const structure_t *s, int L, uint32_t told, problems_t *q)
{
    int64_t v = s->levels[L].color_up;
    int i = chip_index(s, v);
    if (i < 0) {
        problem_add(q, L, true, "color_up = %lld, but the chip set has no %lld chip", (long long)v,
                    (long long)v);
        return;
    }
    int at = color_up_level(s, i);
    if (at != L) {
        problem_add(q, L, false, "the %lld chips are already colored up at level %d", (long long)v,
                    at + 1);
        return;
    }
    if (i == s->n_chips - 1) {
        problem_add(q, L, true,
                    "color_up = %lld: it is the largest chip, there is nothing to color it up "
                    "into",
                    (long long)v);
        return;
    }
    if ((told >> i) & 1)
        return;
    /* A later level with an amount the next chip cannot make still uses
     * this one, though smaller chips still in play can make it. */
    int64_t next = s->chips[i + 1].value;
    for (int k = L + 1; k < s->n_levels; k++) {
        const level_t *l = &s->levels[k];
        int64_t amount[3];
        const char *name[3];
        int n = level_amounts(l, amount, name);
        for (int a = 0; a < n && l->kind == LEVEL_PLAY; a++)
            if (amount[a] % next) {
                problem_add(q, L, false,
                            "the %lld chips are colored up here, but level %d still uses them "
                            "(%s %lld)",
                            (long long)v, k + 1, name[a], (long long)amount[a]);
                return;
            }
    }
}

int structure_chip_problems(const structure_t *s, chip_problem_t *out, int max)
{
    problems_t p = {out, max, 0};
    if (s->n_chips <= 0)
        return 0;
    /* Chips whose shortage has been told at a level: not told again at the
     * color-up that causes it. */
    uint32_t told = 0;
    for (int L = 0; L < s->n_levels; L++)
        if (s->levels[L].kind == LEVEL_PLAY)
            told |= level_chip_problem(s, L, &p);
    problems_t q = {out ? out + (p.n < max ? p.n : max) : NULL, max > p.n ? max - p.n : 0, 0};
    for (int L = 0; L < s->n_levels; L++)
        if (s->levels[L].color_up)
            color_up_problem(s, L, told, &q);
    /* Both lists are in level order: a stable sort makes the whole so. */
    int total = p.n + q.n, kept = total < max ? total : max;
    for (int x = 1; out && x < kept; x++) {
        chip_problem_t cur = out[x];
        int y = x;
        for (; y > 0 && out[y - 1].level > cur.level; y--)
            out[y] = out[y - 1];
        out[y] = cur;
    }
    return total;
}

/* ---- the procedures' part of the view ---- */

void procedures_view(const tourney_t *t, int64_t now, tourney_view_t *v)
{
    const structure_t *s = &t->s;
    color_up_view(t, v->level, v);

    if (t->call.active) {
        int64_t left = t->call.total_ms - (now - t->call.started);
        v->call_remaining_ms = left > 0 ? left : 0;
        v->call_counting = left > 0 && left <= t->call.countdown_ms;
        v->call_expired = left <= 0;
        v->call_on = t->s.house.call_stays || left > -TOURNEY_CALL_SHOWN_MS;
    }

    const level_t *cur = &s->levels[v->level];
    v->day_end_level = cur->day_end;
    v->day_end_window = cur->day_end && v->remaining_ms <= 15 * 60000 &&
                        v->remaining_ms >= 5 * 60000;
    if (t->day_end.active) {
        int left = t->day_end.left_field;
        if (s->house.day_end_per_table) {
            left = 0;
            for (int tb = 0; (tb = tableset_next(&t->day_end.in_play, tb));)
                if (t->day_end.left[tb - 1] > left)
                    left = t->day_end.left[tb - 1];
        }
        v->day_end_hands_left = left;
        v->day_over = left == 0;
    }
    v->in_the_money = t->itm_at != 0;
    if (t->hfh.active)
        v->hfh_all_done = tableset_within(&t->hfh.in_play, &t->hfh.done);
}
