/* The last actions as data: a stable code with its values for each line of
 * the panel's list ("bust" with players 2, first 9, last 10), worded in the
 * catalogs (po/, msgctxt "action.CODE") and nowhere else: the English line
 * the state and the log carry is said from the English catalog, the panel
 * says the same code in its own language. Below the tournament (tourney.h
 * keeps the list); model/history.c decides which code a command gets. */
#ifndef POKERCLOCK_ACTION_H
#define POKERCLOCK_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/refusal.h"

/* Every action line: its code (the wire's name) and its values in the
 * order of the English line. A value is N(name) a number, C(name) an
 * amount of chips (1,500 or 25K in English), T(name) a time in ms (said
 * m:ss; always named ms, which is how the panel knows it), or S(name) a
 * text (a name, an announcement, cut at ACTION_TEXT_CUT bytes). The line
 * is in po/en.po under msgctxt "action.CODE" with {name} where a value
 * goes, and in every other catalog. To add one: a line here, the entry in
 * each po/ file; tests/unit/test_action.c checks both. A code, once
 * released, stays as it is: journals and API users know it by its name. */
#define ACTIONS(X0, X1, X2, X3, X4, X5)                                                            \
    X0(start)                                                                                      \
    X0(pause)                                                                                      \
    X0(resume)                                                                                     \
    X1(adjust_add, T(ms))                                                                          \
    X1(adjust_take, T(ms))                                                                         \
    X1(remaining, T(ms))                                                                           \
    X3(level_next, N(level), C(small), C(big))                                                     \
    X1(break_next, N(level))                                                                       \
    X3(level_prev, N(level), C(small), C(big))                                                     \
    X1(break_prev, N(level))                                                                       \
    X3(level_goto, N(level), C(small), C(big))                                                     \
    X1(break_goto, N(level))                                                                       \
    X3(level_add, N(level), C(small), C(big))                                                      \
    X1(break_add, N(level))                                                                        \
    X3(level_edit, N(level), C(small), C(big))                                                     \
    X1(break_edit, N(level))                                                                       \
    X3(level_delete, N(level), C(small), C(big))                                                   \
    X1(break_delete, N(level))                                                                     \
    X1(announce, S(text))                                                                          \
    X0(announce_clear)                                                                             \
    X0(register_one)                                                                               \
    X1(register, N(players))                                                                       \
    X0(unregister_one)                                                                             \
    X1(unregister, N(players))                                                                     \
    X1(unregister_of, S(name))                                                                     \
    X0(rebuy_one)                                                                                  \
    X1(rebuy, N(count))                                                                            \
    X1(rebuy_of, S(name))                                                                          \
    X0(addon_one)                                                                                  \
    X1(addon, N(count))                                                                            \
    X1(addon_of, S(name))                                                                          \
    X1(bust_one, N(place))                                                                         \
    X3(bust, N(players), N(first), N(last))                                                        \
    X2(bust_of_one, S(name), N(place))                                                             \
    X3(bust_of_one_by, S(name), N(place), S(by))                                                   \
    X4(bust_of_one_split, S(name), N(place), S(by), N(more))                                       \
    X4(bust_of_two, S(name), S(name2), N(first), N(last))                                          \
    X5(bust_of_more, S(name), S(name2), N(more), N(first), N(last))                                \
    X0(hfh_start)                                                                                  \
    X1(table_done, N(table))                                                                       \
    X1(table_waiting, N(table))                                                                    \
    X1(hfh_hand, N(hand))                                                                          \
    X0(hfh_stop)                                                                                   \
    X1(hfh_tables, N(tables))                                                                      \
    X0(bubble_on)                                                                                  \
    X0(bubble_off)                                                                                 \
    X1(day_end_draw, N(hands))                                                                     \
    X1(day_end_hand_at, N(table))                                                                  \
    X0(day_end_hand)                                                                               \
    X0(day_end_clear)                                                                              \
    X2(clock_call, N(table), N(seat))                                                              \
    X0(clock_call_cancel)                                                                          \
    X1(color_up, C(chip))                                                                          \
    X1(color_up_done, C(chip))                                                                     \
    X2(penalty, N(table), N(seat))                                                                 \
    X2(penalty_clear, N(table), N(seat))                                                           \
    X2(move, N(table), N(seat))                                                                    \
    X3(move_of, S(name), N(table), N(seat))                                                        \
    X1(break_table, N(table))                                                                      \
    X0(final_table)                                                                                \
    X2(button, N(table), N(seat))                                                                  \
    X1(button_clear, N(table))                                                                     \
    X2(seat_block, N(table), N(seat))                                                              \
    X2(seat_free, N(table), N(seat))                                                               \
    X2(table_new, N(table), N(seats))                                                              \
    X1(table_open, N(table))                                                                       \
    X1(table_close, N(table))                                                                      \
    X1(reenter, N(player))                                                                         \
    X1(reenter_of, S(name))                                                                        \
    X1(rename, N(player))                                                                          \
    X2(rename_of, S(name), S(to))                                                                  \
    X1(language, S(language))                                                                      \
    X2(languages, S(language), S(language2))                                                       \
    X0(sound_off)                                                                                  \
    X0(sound_on)                                                                                   \
    X0(sound_settings)                                                                             \
    X1(say, S(text))                                                                               \
    X1(payouts_one, N(unit))                                                                       \
    X2(payouts, N(places), N(unit))                                                                \
    X1(payouts_one_fixed, N(unit))                                                                 \
    X2(payouts_fixed, N(places), N(unit))                                                          \
    X1(deal, N(players))                                                                           \
    X1(deal_play_on, N(players))                                                                   \
    X1(command, S(command))

#define ACTION_ENUM0(id) ACTION_##id,
#define ACTION_ENUM1(id, a) ACTION_##id,
#define ACTION_ENUM2(id, a, b) ACTION_##id,
#define ACTION_ENUM3(id, a, b, c) ACTION_##id,
#define ACTION_ENUM4(id, a, b, c, d) ACTION_##id,
#define ACTION_ENUM5(id, a, b, c, d, e) ACTION_##id,
typedef enum {
    ACTION_NONE = 0,
    ACTIONS(ACTION_ENUM0, ACTION_ENUM1, ACTION_ENUM2, ACTION_ENUM3, ACTION_ENUM4, ACTION_ENUM5)
        ACTION__COUNT
} action_code;

enum {
    ACTION_MAX_VALUES = 5,
    ACTION_MAX_TEXTS = 2, /* text values in one action at most */
    ACTION_CODE_MAX = 24,
    ACTION_TEXT_CUT = 40, /* bytes of a text value kept (whole characters) */
    ACTION_TEXT_MAX = 44,
    ACTION_LINE_MAX = 256, /* an action said, with its values */
};

/* One action as the tournament keeps it: by the code's name, so that a
 * journal stays readable when codes are added; its numbers by position,
 * its texts in the order they come. */
typedef struct {
    char code[ACTION_CODE_MAX]; /* "": none (an older clock's line, in words) */
    int64_t num[ACTION_MAX_VALUES];
    char text[ACTION_MAX_TEXTS][ACTION_TEXT_MAX];
} action_t;

/* One line of ACTIONS as data. kinds[i] is 'N', 'C', 'T' or 'S'. */
typedef struct {
    const char *code;
    int n;
    const char *names[ACTION_MAX_VALUES];
    char kinds[ACTION_MAX_VALUES];
} action_def;

extern const action_def action_defs[ACTION__COUNT];

/* Fills *a with code and its values (refusal_num / refusal_str, in the
 * order of the line). */
void action_make(action_t *a, action_code code, const refusal_arg *args);
/* The code of a by its name, or ACTION_NONE. */
action_code action_of(const action_t *a);
/* The catalog key of a code: "action.bust", or NULL. */
const char *action_key(action_code code, char *buf, size_t len);
/* Value i of a (of its code's), as the line says it in English: "1,500",
 * "1:05", a text; "" when there is none. */
void action_value_words(const action_t *a, int i, char *out, size_t len);
/* The line of a in language lang (a lang_id of lang_table.h); "" for an
 * action without a known code. */
void action_say(const action_t *a, int lang, char *out, size_t len);
/* Value i of a: its text (kind 'S'), or NULL for a number (in *num). */
const char *action_value(const action_t *a, int i, int64_t *num);

/* act_CODE(a, values...): the typed maker of each action (N, C, T: a
 * long long; S: a const char *). */
#define ACTION_TYPE(p) ACTION_TYPE_##p
#define ACTION_TYPE_N(name) long long
#define ACTION_TYPE_C(name) long long
#define ACTION_TYPE_T(name) long long
#define ACTION_TYPE_S(name) const char *
#define ACTION_ARG(p) ACTION_ARG_##p
#define ACTION_ARG_N(name) refusal_num
#define ACTION_ARG_C(name) refusal_num
#define ACTION_ARG_T(name) refusal_num
#define ACTION_ARG_S(name) refusal_str
#define ACTION_FN0(id)                                                                             \
    static inline void act_##id(action_t *a)                                                       \
    {                                                                                              \
        action_make(a, ACTION_##id, NULL);                                                         \
    }
#define ACTION_FN1(id, p)                                                                          \
    static inline void act_##id(action_t *a, ACTION_TYPE(p) a1)                                    \
    {                                                                                              \
        refusal_arg v[] = {ACTION_ARG(p)(a1)};                                                     \
        action_make(a, ACTION_##id, v);                                                            \
    }
#define ACTION_FN2(id, p, q)                                                                       \
    static inline void act_##id(action_t *a, ACTION_TYPE(p) a1, ACTION_TYPE(q) a2)                 \
    {                                                                                              \
        refusal_arg v[] = {ACTION_ARG(p)(a1), ACTION_ARG(q)(a2)};                                  \
        action_make(a, ACTION_##id, v);                                                            \
    }
#define ACTION_FN3(id, p, q, r)                                                                    \
    static inline void act_##id(action_t *a, ACTION_TYPE(p) a1, ACTION_TYPE(q) a2,                 \
                                ACTION_TYPE(r) a3)                                                 \
    {                                                                                              \
        refusal_arg v[] = {ACTION_ARG(p)(a1), ACTION_ARG(q)(a2), ACTION_ARG(r)(a3)};               \
        action_make(a, ACTION_##id, v);                                                            \
    }
#define ACTION_FN4(id, p, q, r, s)                                                                 \
    static inline void act_##id(action_t *a, ACTION_TYPE(p) a1, ACTION_TYPE(q) a2,                 \
                                ACTION_TYPE(r) a3, ACTION_TYPE(s) a4)                              \
    {                                                                                              \
        refusal_arg v[] = {ACTION_ARG(p)(a1), ACTION_ARG(q)(a2), ACTION_ARG(r)(a3),                \
                           ACTION_ARG(s)(a4)};                                                     \
        action_make(a, ACTION_##id, v);                                                            \
    }
#define ACTION_FN5(id, p, q, r, s, t)                                                              \
    static inline void act_##id(action_t *a, ACTION_TYPE(p) a1, ACTION_TYPE(q) a2,                 \
                                ACTION_TYPE(r) a3, ACTION_TYPE(s) a4, ACTION_TYPE(t) a5)           \
    {                                                                                              \
        refusal_arg v[] = {ACTION_ARG(p)(a1), ACTION_ARG(q)(a2), ACTION_ARG(r)(a3),                \
                           ACTION_ARG(s)(a4), ACTION_ARG(t)(a5)};                                  \
        action_make(a, ACTION_##id, v);                                                            \
    }
ACTIONS(ACTION_FN0, ACTION_FN1, ACTION_FN2, ACTION_FN3, ACTION_FN4, ACTION_FN5)

#endif
