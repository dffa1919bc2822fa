/* What the screen shows now, decided once from the state and the time: the
 * procedure that takes the body over, the strips that take turns in the
 * footer and the one up now, the registration periods, each with its words
 * as codes and numbers (the catalogs' keys: lang_table.h). The SDL wall
 * draws it (screen/banner.c), /display receives it in the state and draws
 * the same (json/show.c). No words here: they come from the catalogs where
 * it is drawn. */
#ifndef POKERCLOCK_SHOW_H
#define POKERCLOCK_SHOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lang_table.h"
#include "model/moves.h"
#include "model/seating.h"
#include "model/tourney.h"

enum {
    SHOW_NEW_LEVEL_MS = 20000, /* the new level's strip, from the start of a level */
    SHOW_ITM_MS = 30000,       /* the in-the-money celebration */
    SHOW_CARD_MS = 4000,       /* the end-of-day card being drawn */
    SHOW_TURN_MS = 8000,       /* strips take turns in the footer */
    SHOW_MAX_ITEMS = 16,       /* strips and takeovers that apply at once */
    SHOW_MAX_PARTS = 384,
    SHOW_POOL = 4096, /* the bytes of the texts given as they are */
    SHOW_MAX_PERIODS = 3,
    SHOW_PAY_ROWS = 5,        /* the payouts column of /display */
    SHOW_KNOCKOUT_MS = 60000, /* a knockout's strip */
};

/* What an item is; its name in the state (show_kind_name) is the pages'
 * class for it. */
typedef enum {
    /* strips: in the footer, one at a time */
    SHOW_STORAGE_ERROR,
    SHOW_FOLLOWER_NOTICE,
    SHOW_POWER_LOSS,
    SHOW_ANNOUNCEMENT,
    SHOW_NEW_LEVEL,
    SHOW_BUBBLE,
    SHOW_COLOR_UP_NEXT,
    SHOW_PENALTIES,
    SHOW_MOVE,
    SHOW_KNOCKOUT,
    /* takeovers: the procedure the whole room follows, over the body */
    SHOW_CLOCK_CALL,
    SHOW_DAY_END_CARD,
    SHOW_DAY_OVER,
    SHOW_DAY_END_HANDS,
    SHOW_IN_THE_MONEY,
    SHOW_HAND_FOR_HAND,
    SHOW_COLOR_UP,
    SHOW_WINNER,
    SHOW_FINAL_TABLE,
    SHOW__COUNT
} show_kind;

/* One piece of a text. */
typedef enum {
    PART_TEXT,       /* as given: an announcement, a name, punctuation */
    PART_NUMBER,     /* a whole number as digits ("Level 4") */
    PART_WORD,       /* a word of the catalogs, its %d and %s from args */
    PART_LABEL,      /* the same in both of the wall's languages ("Boble / Bubble") */
    PART_CHIPS,      /* 1,500  25K */
    PART_MONEY,      /* in the tournament's currency */
    PART_TIME,       /* m:ss counting down from v ms, whatever the level clock does */
    PART_LEVEL_TIME, /* m:ss counting down only while the level clock runs */
} part_kind;

typedef struct {
    uint8_t kind;       /* part_kind */
    uint8_t n_args;     /* PART_WORD: its conversions, in order */
    uint8_t chips_args; /* bit i: args[i] is chips (a %s), else a %d */
    uint16_t word;      /* word_id: PART_WORD, PART_LABEL */
    uint16_t len;       /* PART_TEXT: its bytes at pool[v] */
    int64_t v;          /* the number, amount or ms; PART_TEXT: offset in pool */
    int64_t args[2];
} show_part_t;

/* A text: parts[first .. first + n); n = 0: none. */
typedef struct {
    int first, n;
} show_text_t;

typedef struct {
    show_kind kind;
    int priority; /* higher first; the highest takeover wins the body */
    show_text_t title, line;
    int64_t chip; /* SHOW_COLOR_UP_NEXT: the chip's value */
} show_item_t;

/* One line of a payouts column. */
typedef enum {
    PAY_PLACE,    /* a place and its prize */
    PAY_DEAL,     /* the places a deal shared (place: how many), what it shared */
    PAY_PLAY_FOR, /* what the players of a deal play on for */
} pay_row_kind;

typedef struct {
    uint8_t kind; /* pay_row_kind */
    int16_t place;
    int64_t amount;
} show_pay_row_t;

typedef enum { SEAT_PLAYING, SEAT_DONE, SEAT_WAITING } hfh_table_state;

typedef struct {
    tourney_view_t v; /* the tournament at now, which all this is from */
    int64_t now;

    /* The body: the winning takeover (takeover.kind < SHOW_CLOCK_CALL: none). */
    bool has_takeover;
    show_item_t takeover;
    bool animating; /* it moves by itself (the card, the confetti) */
    struct {        /* SHOW_CLOCK_CALL */
        int64_t remaining_ms, total_ms, countdown_ms;
        bool counting, expired;
    } call;
    struct { /* SHOW_DAY_END_CARD, _HANDS: the card, and since when */
        int drawn;
        int64_t since_ms;
    } card;
    int64_t itm_since_ms;                /* SHOW_IN_THE_MONEY */
    struct {                             /* SHOW_HAND_FOR_HAND */
        tableset_t shown, done, waiting; /* the tables in play; those done, all-in */
        bool all_done;
        show_text_t hand, label, legend, deal;
        show_text_t field; /* "11 players left, 10 paid": who is out next, and what for */
    } hfh;
    struct {                       /* SHOW_COLOR_UP */
        int64_t from, into, times; /* chips; into 0: none */
        uint32_t from_rgb, into_rgb;
        bool beside_clock; /* on a break: the break's clock beside the guide */
        show_text_t gone, race, race_lines[4];
    } color_up;
    struct { /* SHOW_FINAL_TABLE */
        int n_seats, button;
        show_text_t who[TOURNEY_FINAL_SEATS]; /* n = 0: an empty seat */
        int card[TOURNEY_FINAL_SEATS];        /* 0..51 (rank * 4 + suit), -1: none */
    } final;

    /* The footer: strips in turn, highest priority first; strips[turn] is
     * up now and gives way in turn_in_ms (INT64_MAX: one strip or none). */
    show_item_t strips[SHOW_MAX_ITEMS];
    int n_strips, turn;
    int64_t turn_in_ms;
    /* What is open when nothing is announced (late registration, rebuys,
     * the add-on). */
    show_text_t periods[SHOW_MAX_PERIODS];
    int n_periods;
    /* The payouts column of /display (the wall's has its own room). */
    show_pay_row_t pay[SHOW_PAY_ROWS];
    int n_pay;
    /* Under the payouts, with bounties (model/bounty.h): the bounty on
     * every head (fixed: amount), or the biggest heads now (progressive:
     * who and how much); after a deal, whether the heads left are in it
     * (and then what they came to: amount). title.n 0: no bounties shown. */
    struct {
        show_text_t title;
        int64_t amount;
        int n_heads;
        show_text_t who[3];
        int64_t head[3];
    } bounty;

    /* The header: PAUSED over it (not for a procedure that stops the
     * clock, nor at the end), and the word at its right. */
    bool paused;
    int pill;     /* W_BREAK, W_OVERTIME, W_LAST_MINUTE; -1: none */
    bool running; /* the level clock runs: PART_LEVEL_TIME counts */

    /* When any of this changes by itself (a strip's time is up, a call
     * starts its counted seconds, ...), besides the counting of the times
     * and the turns: INT64_MAX: not before the state does. */
    int64_t changes_in_ms;

    show_part_t parts[SHOW_MAX_PARTS];
    int n_parts;
    char pool[SHOW_POOL];
    int pool_len;
} show_t;

/* The lines of a payouts column with room for `room` of them (the wall
 * and /display draw the same): the places paid from the first; when they
 * do not all fit, the last line is the lowest place still to be won (the
 * min-cash before the money, what the next player out takes after it),
 * so that it is on the wall when players ask. After a deal, its places
 * are one line and the amount played on for another. Returns how many. */
int show_payout_rows(const tourney_t *t, const tourney_view_t *v, int room, show_pay_row_t *out);

/* What it is decided from: the tournament, its roster (NULL: none), and
 * what the clock says beside them ("" for none): that it cannot save, the
 * master a follower shows, and the follower's notice. */
typedef struct {
    const tourney_t *t;
    const roster_t *roster;
    const char *storage_error, *follows, *notice;
} show_input_t;

/* What the screen shows at now. dismissed_level: the level whose new-level
 * strip was taken down on this screen, or -1. */
void show_decide(const show_input_t *in, int64_t now, int dismissed_level, show_t *out);

/* 1-based number of the play level at or before levels[index] ("Level 5"). */
int show_play_number(const structure_t *s, int index);

/* "clock_call", "bubble", ...: an item's name in the state. */
const char *show_kind_name(show_kind k);

#endif
