/* Why the clock refused a request: an outcome, a stable code with its
 * values, and the sentence in English. Below every other file of the model
 * (it includes none of them): the rules decide a refusal here, and so do
 * the login, the TV's buttons and the deal calculator (clock/net); the
 * catalogs (po/, msgctxt "refusal.CODE") word it, net answers it. */
#ifndef POKERCLOCK_REFUSAL_H
#define POKERCLOCK_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>

/* What became of a command. net/reply.c turns it into an HTTP status. */
typedef enum {
    APPLY_OK = 0,
    APPLY_INVALID,      /* the command itself is malformed */
    APPLY_CONFLICT,     /* well-formed, but not possible now */
    APPLY_UNAVAILABLE,  /* the clock cannot do it (no disk, no
                           randomness, a read-only clock) */
    APPLY_UNAUTHORIZED, /* nobody logged in, or a wrong PIN */
    APPLY_TOO_MANY,     /* too many wrong PINs: wait */
    APPLY_NOT_FOUND,    /* no such thing (a slide) */
    APPLY_TOO_LARGE,    /* a picture too large to take */
    APPLY_UNSUPPORTED,  /* not a kind of picture the clock takes */
} apply_status;

/* Every refusal: its code (the wire's name), its outcome, and its values
 * in the order of the English sentence (N: a number, S: a text). The
 * sentence is in po/en.po under msgctxt "refusal.CODE" with {name} where a
 * value goes, and in every other catalog. To add one: a line here, the
 * entry in each po/ file; tests/unit/test_refusal.c checks both. */
#define REFUSALS(X0, X1, X2, X3, X4)                                                               \
    X1(level_after_range, INVALID, N(last))                                                        \
    X1(levels_full, CONFLICT, N(most))                                                             \
    X0(level_needs_minutes, INVALID)                                                               \
    X0(level_needs_blinds, INVALID)                                                                \
    X0(level_edit_empty, INVALID)                                                                  \
    X0(level_needs_play, CONFLICT)                                                                 \
    X0(level_only_one, CONFLICT)                                                                   \
    X0(level_being_played, CONFLICT)                                                               \
    X0(level_last_play, CONFLICT)                                                                  \
    X1(level_no_such, INVALID, N(index))                                                           \
    X0(deal_made, CONFLICT)                                                                        \
    X0(winner_left, CONFLICT)                                                                      \
    X0(count_range, INVALID)                                                                       \
    X0(registration_closed, CONFLICT)                                                              \
    X0(entries_too_many, CONFLICT)                                                                 \
    X1(players_registered, CONFLICT, N(left))                                                      \
    X1(unregister_places_given, CONFLICT, N(left))                                                 \
    X0(rebuys_none, CONFLICT)                                                                      \
    X1(rebuys_closed, CONFLICT, N(level))                                                          \
    X0(rebuys_too_many, CONFLICT)                                                                  \
    X0(addon_none, CONFLICT)                                                                       \
    X1(addon_not_now, CONFLICT, N(level))                                                          \
    X0(addons_too_many, CONFLICT)                                                                  \
    X0(clock_started, CONFLICT)                                                                    \
    X0(clock_paused, CONFLICT)                                                                     \
    X0(clock_not_started, CONFLICT)                                                                \
    X0(clock_start_first, CONFLICT)                                                                \
    X0(clock_running, CONFLICT)                                                                    \
    X0(command_kind, INVALID)                                                                      \
    X0(adjust_range, INVALID)                                                                      \
    X0(adjust_overtime, CONFLICT)                                                                  \
    X0(adjust_too_long, CONFLICT)                                                                  \
    X0(remaining_range, INVALID)                                                                   \
    X0(level_last, CONFLICT)                                                                       \
    X0(level_first, CONFLICT)                                                                      \
    X1(announce_too_long, INVALID, N(most))                                                        \
    X0(announce_empty, INVALID)                                                                    \
    X0(announce_seconds, INVALID)                                                                  \
    X0(announce_none, CONFLICT)                                                                    \
    X1(busts_too_many, INVALID, N(most))                                                           \
    X0(undo_nothing, CONFLICT)                                                                     \
    X0(level_kind, INVALID)                                                                        \
    X0(level_no_duration, INVALID)                                                                 \
    X0(level_too_long, INVALID)                                                                    \
    X0(level_color_up, INVALID)                                                                    \
    X0(level_negative, INVALID)                                                                    \
    X0(level_no_big_blind, INVALID)                                                                \
    X0(level_blinds_order, INVALID)                                                                \
    X0(level_blind_too_large, INVALID)                                                             \
    X0(level_bba_ante, INVALID)                                                                    \
    X1(player_no_such, CONFLICT, N(player))                                                        \
    X1(player_unregistered, CONFLICT, S(player))                                                   \
    X3(player_still_seated, CONFLICT, S(player), N(table), N(seat))                                \
    X1(player_still_waiting, CONFLICT, S(player))                                                  \
    X1(table_no_such, CONFLICT, N(table))                                                          \
    X1(table_no_such_add, CONFLICT, N(table))                                                      \
    X1(table_closed_already, CONFLICT, N(table))                                                   \
    X1(table_open_already, CONFLICT, N(table))                                                     \
    X1(table_last_open, CONFLICT, N(table))                                                        \
    X1(register_batch, INVALID, N(most))                                                           \
    X1(register_batch_seated, INVALID, N(most))                                                    \
    X0(out_of_memory, UNAVAILABLE)                                                                 \
    X0(no_free_seat_open, CONFLICT)                                                                \
    X1(break_too_few_seats, CONFLICT, N(table))                                                    \
    X2(final_too_many, CONFLICT, N(left), N(seats))                                                \
    X0(draw_nothing, CONFLICT)                                                                     \
    X2(table_seats, CONFLICT, N(table), N(seats))                                                  \
    X2(seat_nobody, CONFLICT, N(table), N(seat))                                                   \
    X0(undo_too_many_moves, CONFLICT)                                                              \
    X0(seating_no_tables, CONFLICT)                                                                \
    X0(seats_not_drawn, CONFLICT)                                                                  \
    X1(player_has_place, CONFLICT, S(player))                                                      \
    X1(player_reentered, CONFLICT, S(player))                                                      \
    X1(name_missing, INVALID, N(index))                                                            \
    X2(rename_same, CONFLICT, N(player), S(name))                                                  \
    X0(seat_not_drawn, CONFLICT)                                                                   \
    X0(tables_none, CONFLICT)                                                                      \
    X1(table_exists, CONFLICT, N(table))                                                           \
    X2(seat_blocked_already, CONFLICT, N(table), N(seat))                                          \
    X2(seat_free_already, CONFLICT, N(table), N(seat))                                             \
    X3(seat_has_player, CONFLICT, S(player), N(table), N(seat))                                    \
    X1(table_has_player, CONFLICT, N(table))                                                       \
    X2(table_has_players, CONFLICT, N(table), N(players))                                          \
    X0(button_cards, CONFLICT)                                                                     \
    X0(button_not_deal, CONFLICT)                                                                  \
    X0(player_sits_there, CONFLICT)                                                                \
    X1(button_there, CONFLICT, N(seat))                                                            \
    X1(button_none, CONFLICT, N(table))                                                            \
    X1(break_not_drawn, CONFLICT, N(table))                                                        \
    X2(player_not_at_table, CONFLICT, N(player), N(table))                                         \
    X2(busts_by_seat, CONFLICT, N(named), N(left))                                                 \
    X2(payout_amount_range, INVALID, N(place), N(most))                                            \
    X3(payout_unit_multiple, INVALID, N(place), N(amount), N(unit))                                \
    X2(payout_order, INVALID, N(place), N(above))                                                  \
    X2(payout_amounts_sum, INVALID, N(sum), N(pool))                                               \
    X1(payout_amounts_count, INVALID, N(most))                                                     \
    X1(payout_shares_count, INVALID, N(most))                                                      \
    X0(payout_unit_range, INVALID)                                                                 \
    X1(payout_share_range, INVALID, N(place))                                                      \
    X1(payout_shares_sum, INVALID, S(percent))                                                     \
    X1(winner_left_n, CONFLICT, N(left))                                                           \
    X1(busts_hand_most, INVALID, N(most))                                                          \
    X1(bust_needs_table, INVALID, N(most))                                                         \
    X1(hfh_tables_range, INVALID, N(most))                                                         \
    X1(hfh_which_table, INVALID, S(tables))                                                        \
    X2(hfh_table_not_in_play, INVALID, N(table), S(tables))                                        \
    X0(hfh_on, CONFLICT)                                                                           \
    X0(hfh_tables_missing, INVALID)                                                                \
    X1(hfh_tables_same, CONFLICT, S(tables))                                                       \
    X0(hfh_off, CONFLICT)                                                                          \
    X2(hfh_table_done, CONFLICT, N(table), N(hand))                                                \
    X1(hfh_table_waiting, CONFLICT, N(table))                                                      \
    X2(hfh_hand_playing, CONFLICT, N(hand), N(table))                                              \
    X2(hfh_hand_playing_tables, CONFLICT, N(hand), S(tables))                                      \
    X0(day_end_card, INVALID)                                                                      \
    X1(day_end_drawn, CONFLICT, N(hands))                                                          \
    X0(day_end_not_drawn, CONFLICT)                                                                \
    X1(day_end_table_done, CONFLICT, N(table))                                                     \
    X0(day_end_whole_field, INVALID)                                                               \
    X0(day_end_done, CONFLICT)                                                                     \
    X0(day_end_none, CONFLICT)                                                                     \
    X2(penalty_seat, INVALID, N(tables), N(seats))                                                 \
    X2(penalty_none, CONFLICT, N(table), N(seat))                                                  \
    X0(penalty_kind, INVALID)                                                                      \
    X2(penalty_too_long, INVALID, N(minutes), N(rounds))                                           \
    X1(penalties_full, CONFLICT, N(most))                                                          \
    X0(bubble_off, CONFLICT)                                                                       \
    X0(bubble_on, CONFLICT)                                                                        \
    X0(bubble_no_places, CONFLICT)                                                                 \
    X0(bubble_in_money, CONFLICT)                                                                  \
    X0(call_none, CONFLICT)                                                                        \
    X2(call_seat, INVALID, N(tables), N(seats))                                                    \
    X2(call_already, CONFLICT, N(table), N(seat))                                                  \
    X0(color_up_none, CONFLICT)                                                                    \
    X1(color_up_busy, CONFLICT, N(chip))                                                           \
    X1(color_up_no_chip, INVALID, N(chip))                                                         \
    X1(color_up_gone, CONFLICT, N(chip))                                                           \
    X1(color_up_largest, CONFLICT, N(chip))                                                        \
    X0(command_unknown, INVALID)                                                                   \
    X1(tables_most, CONFLICT, N(most))                                                             \
    X1(table_number_range, CONFLICT, N(most))                                                      \
    X1(table_seats_range, CONFLICT, N(most))                                                       \
    X1(table_name_long, CONFLICT, N(most))                                                         \
    X0(table_blocked_seats, CONFLICT)                                                              \
    X1(break_order_count, CONFLICT, N(tables))                                                     \
    X1(break_order_twice, CONFLICT, N(table))                                                      \
    X0(table_unknown, CONFLICT)                                                                    \
    X1(table_still_player, CONFLICT, N(table))                                                     \
    X2(table_still_players, CONFLICT, N(table), N(players))                                        \
    X2(seat_taken_by, CONFLICT, N(table), N(seat))                                                 \
    X1(table_no_seat_left, CONFLICT, N(table))                                                     \
    X2(button_seats, CONFLICT, N(table), N(seats))                                                 \
    X0(player_unknown, CONFLICT)                                                                   \
    X1(name_too_long, CONFLICT, N(most))                                                           \
    X0(name_not_text, CONFLICT)                                                                    \
    X1(players_most, CONFLICT, N(most))                                                            \
    X1(player_out_already, CONFLICT, N(player))                                                    \
    X0(reenter_not_out, CONFLICT)                                                                  \
    X0(player_is_out, CONFLICT)                                                                    \
    X0(too_many, CONFLICT)                                                                         \
    X1(move_player_out, CONFLICT, N(player))                                                       \
    X1(table_closed, CONFLICT, N(table))                                                           \
    X2(table_no_seat, CONFLICT, N(table), N(seat))                                                 \
    X1(move_twice, CONFLICT, N(player))                                                            \
    X2(move_same_seat, CONFLICT, N(table), N(seat))                                                \
    X2(seat_taken, CONFLICT, N(table), N(seat))                                                    \
    X0(tables_none_open, CONFLICT)                                                                 \
    X1(final_redraw_all, CONFLICT, N(left))                                                        \
    X1(final_is_table, CONFLICT, N(table))                                                         \
    X1(busts_hand_range, CONFLICT, N(most))                                                        \
    X0(busts_need_chips, CONFLICT)                                                                 \
    X1(player_named_twice, CONFLICT, N(player))                                                    \
    X1(player_no_seat, CONFLICT, N(player))                                                        \
    X1(bust_no_place, CONFLICT, N(player))                                                         \
    X0(bounty_none, CONFLICT)                                                                      \
    X1(bounty_by_self, CONFLICT, S(player))                                                        \
    X1(bounty_by_not_in, CONFLICT, S(player))                                                      \
    X1(bounty_by_too_many, INVALID, N(most))                                                       \
    X1(player_has_bounties, CONFLICT, S(player))                                                   \
    X1(register_room, CONFLICT, N(most))                                                           \
    X0(seats_none_free, CONFLICT)                                                                  \
    X1(seat_free_one, CONFLICT, N(players))                                                        \
    X2(seats_short, CONFLICT, N(free), N(players))                                                 \
    X0(deal_made_already, CONFLICT)                                                                \
    X0(deal_players_left, CONFLICT)                                                                \
    X1(deal_amounts_range, INVALID, N(most))                                                       \
    X2(deal_amount_each, CONFLICT, N(left), N(amounts))                                            \
    X2(deal_names_amounts, INVALID, N(players), N(amounts))                                        \
    X0(deal_play_for_names, CONFLICT)                                                              \
    X0(deal_play_for_negative, INVALID)                                                            \
    X2(deal_amount_range, INVALID, N(index), N(left))                                              \
    X3(deal_sum, CONFLICT, N(sum), N(left), N(places))                                             \
    X3(deal_sum_play_for, CONFLICT, N(sum), N(left), N(places))                                    \
    X0(deal_no_records, CONFLICT)                                                                  \
    X1(deal_name_each, CONFLICT, N(left))                                                          \
    X1(deal_player_not_left, CONFLICT, N(player))                                                  \
    X0(language_unknown, INVALID)                                                                  \
    X0(language2_unknown, INVALID)                                                                 \
    X0(say_too_long, INVALID)                                                                      \
    X0(say_not_text, INVALID)                                                                      \
    X0(say_nothing, INVALID)                                                                       \
    X0(volume_range, INVALID)                                                                      \
    X0(sound_name_long, INVALID)                                                                   \
    X0(sound_event_unknown, INVALID)                                                               \
    X2(sound_unknown, INVALID, S(event), S(sound))                                                 \
    X1(sound_no_words, INVALID, S(event))                                                          \
    X0(sound_settings_empty, INVALID)                                                              \
    X0(wall_quiet, CONFLICT)                                                                       \
    X0(wall_sound_on, CONFLICT)                                                                    \
    X1(chop_players, INVALID, N(most))                                                             \
    X0(chop_prizes_count, INVALID)                                                                 \
    X0(chop_stacks, INVALID)                                                                       \
    X0(chop_prizes, INVALID)                                                                       \
    X0(chop_prizes_order, INVALID)                                                                 \
    X0(chop_play_for, INVALID)                                                                     \
    X0(chop_unit, INVALID)                                                                         \
    X0(chop_memory, UNAVAILABLE)                                                                   \
    X0(chop_method, INVALID)                                                                       \
    X1(not_saved, UNAVAILABLE, S(why))                                                             \
    X1(follower, CONFLICT, S(master))                                                              \
    X0(read_only, UNAVAILABLE)                                                                     \
    X0(command_type_unknown, INVALID)                                                              \
    X1(random_card, UNAVAILABLE, S(why))                                                           \
    X1(random_seats, UNAVAILABLE, S(why))                                                          \
    X1(new_follower, CONFLICT, S(master))                                                          \
    X1(new_still_running_one, CONFLICT, S(name))                                                   \
    X2(new_still_running, CONFLICT, S(name), N(left))                                              \
    X1(new_config, CONFLICT, S(why))                                                               \
    X1(new_not_archived, UNAVAILABLE, S(why))                                                      \
    X1(new_not_begun, UNAVAILABLE, S(why))                                                         \
    X1(season_name, INVALID, N(most))                                                              \
    X0(season_dates, INVALID)                                                                      \
    X1(season_picks, INVALID, N(most))                                                             \
    X1(season_pick_unknown, INVALID, S(tournament))                                                \
    X1(season_none, NOT_FOUND, N(season))                                                          \
    X1(seasons_full, CONFLICT, N(most))                                                            \
    X1(seasons_not_saved, UNAVAILABLE, S(why))                                                     \
    X0(pin_wrong, UNAUTHORIZED)                                                                    \
    X0(pin_wrong_second, UNAUTHORIZED)                                                             \
    X1(pin_wrong_seconds, UNAUTHORIZED, N(seconds))                                                \
    X1(pin_wrong_minutes, UNAUTHORIZED, N(minutes))                                                \
    X0(pins_wait_second, TOO_MANY)                                                                 \
    X1(pins_wait_seconds, TOO_MANY, N(seconds))                                                    \
    X1(pins_wait_minutes, TOO_MANY, N(minutes))                                                    \
    X0(pins_clock_second, TOO_MANY)                                                                \
    X1(pins_clock_seconds, TOO_MANY, N(seconds))                                                   \
    X1(pins_clock_minutes, TOO_MANY, N(minutes))                                                   \
    X0(login_first, UNAUTHORIZED)                                                                  \
    X0(login_pin_missing, INVALID)                                                                 \
    X0(body_not_object, INVALID)                                                                   \
    X1(tv_no_cec, CONFLICT, S(setting))                                                            \
    X0(tv_action, INVALID)                                                                         \
    X1(printer_none, CONFLICT, S(setting))                                                         \
    X1(printer_queue_full, TOO_MANY, N(most))                                                      \
    X1(slips_through, INVALID, N(players))                                                         \
    X1(chop_list, INVALID, S(key))                                                                 \
    X2(chop_list_long, INVALID, S(key), N(most))                                                   \
    X2(chop_item_whole, INVALID, S(key), N(index))                                                 \
    X1(chop_number_whole, INVALID, S(key))                                                         \
    X1(chop_key, INVALID, S(key))                                                                  \
    X1(slide_key, INVALID, S(key))                                                                 \
    X1(slide_when, INVALID, S(field))                                                              \
    X1(slide_title_long, INVALID, N(most))                                                         \
    X1(slide_lines_most, INVALID, N(most))                                                         \
    X2(slide_line_long, INVALID, N(line), N(most))                                                 \
    X2(slide_seconds, INVALID, N(least), N(most))                                                  \
    X1(slides_full, CONFLICT, N(most))                                                             \
    X2(picture_too_large, TOO_LARGE, S(size), N(most))                                             \
    X4(picture_pixels, TOO_LARGE, N(width), N(height), N(side), N(megapixels))                     \
    X0(picture_kind, UNSUPPORTED)                                                                  \
    X0(picture_body_empty, INVALID)                                                                \
    X0(picture_jpeg_size, UNSUPPORTED)                                                             \
    X2(picture_damaged, INVALID, S(kind), S(why))                                                  \
    X4(picture_interlaced, TOO_LARGE, N(width), N(height), N(need), N(most))                       \
    X4(picture_progressive, TOO_LARGE, N(width), N(height), N(need), N(most))                      \
    X0(slide_needs_title, INVALID)                                                                 \
    X1(slide_line_not_one, INVALID, N(line))                                                       \
    X0(slide_times, INVALID)                                                                       \
    X1(slide_no_picture, NOT_FOUND, N(slide))                                                      \
    X1(slide_none, NOT_FOUND, N(slide))                                                            \
    X1(slide_is_picture, INVALID, N(slide))                                                        \
    X2(picture_memory, UNAVAILABLE, N(width), N(height))                                           \
    X1(picture_encode, UNAVAILABLE, S(why))                                                        \
    X2(slides_not_saved, UNAVAILABLE, S(dir), S(why))                                              \
    X1(picture_over, TOO_LARGE, N(most))                                                           \
    X1(command_type_named, INVALID, S(type))                                                       \
    X1(names_list, INVALID, N(most))                                                               \
    X1(table_add_seats, INVALID, N(most))                                                          \
    X2(name_form, INVALID, S(field), N(most))                                                      \
    X1(amounts_list, INVALID, N(most))                                                             \
    X1(places_percentage, INVALID, N(index))                                                       \
    X0(unit_range, INVALID)                                                                        \
    X0(play_for_range, INVALID)                                                                    \
    X2(deal_count, INVALID, N(players), N(amounts))                                                \
    X2(hfh_tables_listed, INVALID, N(listed), N(most))                                             \
    X1(hfh_tables_form, INVALID, N(most))                                                          \
    X1(hfh_table_twice, INVALID, N(table))                                                         \
    X0(hfh_tables_empty, INVALID)                                                                  \
    X2(penalty_needs, INVALID, N(minutes), N(rounds))                                              \
    X0(text_nul, INVALID)                                                                          \
    X2(text_long, INVALID, S(field), N(most))                                                      \
    X3(field_range, INVALID, S(field), N(least), N(most))                                          \
    X3(field_between, INVALID, S(field), N(least), N(most))                                        \
    X2(field_positive, INVALID, S(field), N(most))                                                 \
    X1(field_whole, INVALID, S(field))                                                             \
    X1(field_bool, INVALID, S(field))                                                              \
    X1(field_missing, INVALID, S(field))                                                           \
    X1(command_unread, INVALID, S(why))                                                            \
    X0(sound_no_screen, UNAVAILABLE)                                                               \
    X0(sound_no_card, UNAVAILABLE)                                                                 \
    X0(sound_no_device, UNAVAILABLE)                                                               \
    X1(sound_failed, UNAVAILABLE, S(why))                                                          \
    X0(voice_no_espeak, UNAVAILABLE)                                                               \
    X2(voice_no_cache, UNAVAILABLE, S(dir), S(why))                                                \
    X1(voice_failed, UNAVAILABLE, S(why))

#define REFUSAL_ENUM0(id, st) REFUSAL_##id,
#define REFUSAL_ENUM1(id, st, a) REFUSAL_##id,
#define REFUSAL_ENUM2(id, st, a, b) REFUSAL_##id,
#define REFUSAL_ENUM3(id, st, a, b, c) REFUSAL_##id,
#define REFUSAL_ENUM4(id, st, a, b, c, d) REFUSAL_##id,
typedef enum {
    REFUSAL_NONE = 0,
    REFUSALS(REFUSAL_ENUM0, REFUSAL_ENUM1, REFUSAL_ENUM2, REFUSAL_ENUM3, REFUSAL_ENUM4)
        REFUSAL__COUNT
} refusal_code;

enum { REFUSAL_MAX_VALUES = 4, REFUSAL_VALUE_MAX = 208, REFUSAL_TEXT_MAX = 512 };

typedef struct {
    const char *name; /* the key beside "code" in the answer */
    bool is_text;
    long long num;                /* a number, or */
    char text[REFUSAL_VALUE_MAX]; /* a text (a name, a list of tables) */
} refusal_value;

typedef struct {
    refusal_code code; /* REFUSAL_NONE: nothing refused yet */
    apply_status status;
    int n;
    refusal_value v[REFUSAL_MAX_VALUES];
    char text[REFUSAL_TEXT_MAX]; /* the sentence in English */
} refusal_t;

/* One line of REFUSALS as data. */
typedef struct {
    const char *code; /* "seats_short" */
    apply_status status;
    int n;
    const char *names[REFUSAL_MAX_VALUES];
    bool is_text[REFUSAL_MAX_VALUES];
} refusal_def;

extern const refusal_def refusal_defs[REFUSAL__COUNT];

/* A value handed to refusal_make: a number or a text. */
typedef struct {
    bool is_text;
    long long num;
    const char *text;
} refusal_arg;
static inline refusal_arg refusal_num(long long v)
{
    return (refusal_arg){false, v, NULL};
}
static inline refusal_arg refusal_str(const char *v)
{
    return (refusal_arg){true, 0, v};
}

/* Fills *r (when not NULL) with code, its values and the English sentence;
 * returns the code's outcome. */
apply_status refusal_make(refusal_t *r, refusal_code code, const refusal_arg *args);
/* The refusal in language lang (a lang_id of lang_table.h; "" when there
 * is none): the wall's words for it. */
void refusal_say(const refusal_t *r, int lang, char *out, size_t len);
/* The catalog key of a code: "refusal.seats_short", or NULL. */
const char *refusal_key(refusal_code code, char *buf, size_t len);
/* The catalog's text of key ("refusal.seats_short") in lang, or NULL. */
const char *catalog_text(const char *key, int lang);
/* A value of a catalog's text called name (n bytes, not ended) into buf:
 * false when there is none of that name. */
typedef bool (*words_value_fn)(const void *ctx, const char *name, size_t n, char *buf, size_t len);
/* form with each {name} replaced by its value (a {name} without one stays
 * as written), into out. */
void words_fill(const char *form, words_value_fn value, const void *ctx, char *out, size_t len);
/* Empties *r (when not NULL). */
void refusal_clear(refusal_t *r);

/* refuse_CODE(r, values...): the typed maker of each refusal (a value
 * N(name) is a long long, S(name) a const char *), returning its outcome. */
#define REFUSAL_TYPE(p) REFUSAL_TYPE_##p
#define REFUSAL_TYPE_N(name) long long
#define REFUSAL_TYPE_S(name) const char *
#define REFUSAL_ARG(p) REFUSAL_ARG_##p
#define REFUSAL_ARG_N(name) refusal_num
#define REFUSAL_ARG_S(name) refusal_str
#define REFUSAL_FN0(id, st)                                                                        \
    static inline apply_status refuse_##id(refusal_t *r)                                           \
    {                                                                                              \
        return refusal_make(r, REFUSAL_##id, NULL);                                                \
    }
#define REFUSAL_FN1(id, st, a)                                                                     \
    static inline apply_status refuse_##id(refusal_t *r, REFUSAL_TYPE(a) a1)                       \
    {                                                                                              \
        refusal_arg v[] = {REFUSAL_ARG(a)(a1)};                                                    \
        return refusal_make(r, REFUSAL_##id, v);                                                   \
    }
#define REFUSAL_FN2(id, st, a, b)                                                                  \
    static inline apply_status refuse_##id(refusal_t *r, REFUSAL_TYPE(a) a1, REFUSAL_TYPE(b) a2)   \
    {                                                                                              \
        refusal_arg v[] = {REFUSAL_ARG(a)(a1), REFUSAL_ARG(b)(a2)};                                \
        return refusal_make(r, REFUSAL_##id, v);                                                   \
    }
#define REFUSAL_FN3(id, st, a, b, c)                                                               \
    static inline apply_status refuse_##id(refusal_t *r, REFUSAL_TYPE(a) a1, REFUSAL_TYPE(b) a2,   \
                                           REFUSAL_TYPE(c) a3)                                     \
    {                                                                                              \
        refusal_arg v[] = {REFUSAL_ARG(a)(a1), REFUSAL_ARG(b)(a2), REFUSAL_ARG(c)(a3)};            \
        return refusal_make(r, REFUSAL_##id, v);                                                   \
    }
#define REFUSAL_FN4(id, st, a, b, c, d)                                                            \
    static inline apply_status refuse_##id(refusal_t *r, REFUSAL_TYPE(a) a1, REFUSAL_TYPE(b) a2,   \
                                           REFUSAL_TYPE(c) a3, REFUSAL_TYPE(d) a4)                 \
    {                                                                                              \
        refusal_arg v[] = {REFUSAL_ARG(a)(a1), REFUSAL_ARG(b)(a2), REFUSAL_ARG(c)(a3),             \
                           REFUSAL_ARG(d)(a4)};                                                    \
        return refusal_make(r, REFUSAL_##id, v);                                                   \
    }
REFUSALS(REFUSAL_FN0, REFUSAL_FN1, REFUSAL_FN2, REFUSAL_FN3, REFUSAL_FN4)

#endif
