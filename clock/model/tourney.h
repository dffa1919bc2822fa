/* The tournament as one plain value: structure, clock, players, announcement. */
#ifndef POKERCLOCK_TOURNEY_H
#define POKERCLOCK_TOURNEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/action.h"
#include "model/refusal.h"
#include "model/tableset.h"

/* Fixed capacities keep a tournament a flat value: a snapshot is a memcpy,
 * and hostile input cannot grow memory without bound. */
enum {
    TOURNEY_MAX_LEVELS = 128,
    TOURNEY_MAX_CHIPS = 12,
    TOURNEY_MAX_PAYOUT_TABLES = 16,
    TOURNEY_MAX_PLACES = 40,
    TOURNEY_NAME_MAX = 96,
    TOURNEY_TEXT_MAX = 240,
    TOURNEY_SOUND_EVENTS = 16, /* room for model/voice.h's events */
    TOURNEY_FINAL_SEATS = 10,  /* a final table's seats at most (docs/rules.md §7) */
    TOURNEY_SOUND_NAME = 16,   /* a sound's name: "chime", "none" */
    TOURNEY_COLOUR_MAX = 24,
    TOURNEY_UNDO_DEPTH = 16,
    TOURNEY_MAX_DURATION_MS = 24 * 3600 * 1000,
    TOURNEY_MAX_TABLES = TABLESET_MAX, /* tables in hand-for-hand, numbered 1..this */
    TOURNEY_MAX_PENALTIES = 16,
    TOURNEY_MAX_RESULTS = 64,   /* the last places: every paid one (at most
                                   TOURNEY_MAX_PLACES) and more for the sheet */
    TOURNEY_STATE_RESULTS = 16, /* of those, the latest in the state */
    TOURNEY_MAX_BUSTS = 16,     /* players out in one hand */
    TOURNEY_MAX_TABLE_NO = 999, /* table numbers in clock calls, penalties, busts */
    TOURNEY_MAX_SEAT = 12,
    TOURNEY_MAX_PENALTY_MINUTES = 120,
    TOURNEY_MAX_PENALTY_ROUNDS = 10,
    TOURNEY_CALL_SHOWN_MS = 10000,   /* TIME stays this long after a clock call ran out */
    TOURNEY_FINAL_SHOWN_MS = 180000, /* the final table's seat list after its redraw */
    TOURNEY_DONE_MAX = 8,            /* the last actions kept */
    TOURNEY_DONE_TEXT = 72,
    TOURNEY_MAX_REGISTER = 100,   /* players registered by name in one command */
    TOURNEY_PLAYER_NAME_MAX = 40, /* UTF-8 bytes with the terminating 0 */
    TOURNEY_MAX_DEAL = 20,
    TOURNEY_MAX_POINTS = 100,
    TOURNEY_MAX_KO = 4, /* players who share one knockout (a split pot) */
    /* places a fixed list of league points gives */ /* players in a deal (ICM is exact up to 20) */
};

typedef enum { LEVEL_PLAY = 0, LEVEL_BREAK = 1 } level_kind;

typedef struct {
    level_kind kind;
    int64_t small_blind;
    int64_t big_blind;
    int64_t ante;        /* per player, or the big blind's ante (below) */
    bool big_blind_ante; /* the big blind pays the whole table's ante */
    int64_t duration_ms;
    bool day_end;     /* last level of a day in a multi-day event */
    int64_t color_up; /* chip value colored up at this break; 0: none */
    /* Time played of it when the director moved the clock away from it
     * before its end (next, previous, go to): moving back to it returns
     * there, not to its full time. 0: none. Not part of the configuration. */
    int64_t left_at_ms;
} level_t;

typedef struct {
    int64_t value;
    uint32_t rgb;                    /* 0xRRGGBB, for drawing the chip */
    char colour[TOURNEY_COLOUR_MAX]; /* its name, as the venue says it */
} chip_t;

/* Payouts for fields of at least min_entries: basis points (1/100 %) per
 * place, summing to 10000. The table with the largest min_entries not above
 * the number of entries applies. */
typedef struct {
    int min_entries;
    int places;
    int32_t bp[TOURNEY_MAX_PLACES];
} payout_table_t;

/* House options for the procedures of docs/rules.md; 0 means the default. */
typedef struct {
    int tables;                      /* tables in play (hand-for-hand, end of day) */
    int64_t hfh_deduct_ms;           /* taken off the level per hand-for-hand hand;
                                        0: the level clock simply stops */
    bool hfh_auto_next;              /* the next hand starts when all tables are done */
    int64_t call_ms;                 /* calling the clock: 50 s ... */
    int64_t call_countdown_ms;       /* ... then 10 s counted down (60 s in all) */
    int64_t short_level_ms;          /* in levels this short or shorter (15 min) ... */
    int64_t short_call_ms;           /* ... 25 s ... */
    int64_t short_call_countdown_ms; /* ... and 5 s */
    bool day_end_per_table;          /* end-of-day hands reported per table */
    bool call_stays;                 /* a clock call at TIME stays until cancelled;
                                        by default it goes after TOURNEY_CALL_SHOWN_MS */
    bool hfh_stays;                  /* hand-for-hand goes on after the bubble
                                        bursts; by default it ends then */
    int seats;                       /* seats per table (9): how many tables the
                                        players left fill */
    int64_t move_strip_ms;           /* the wall shows a move this long (120 s) */
    bool move_strip_off;             /* ... or not at all */
    bool short_names;                /* the wall, the kiosk and anyone without a
                                        director's session see "Anna B." */
    bool slides_band;                /* the venue's slides also beside the clock
                                        while a level runs (landscape screens) */
} house_t;

/* League points on the result sheet (model/points.h). */
typedef struct {
    char formula[8]; /* "": none; "fixed", "linear", "sqrt" */
    int n_list;
    int32_t list[TOURNEY_MAX_POINTS]; /* fixed: places 1, 2, ...; the rest 0 */
} points_config_t;

/* Bounties (model/bounty.h): amount of each entry's buy-in that goes onto
 * the player's head instead of into the prize pool. */
typedef struct {
    int64_t amount; /* per entry; 0: no bounties */
    char kind[12];  /* "fixed" (also ""): the eliminator takes the head;
                       "progressive": half of it, the other half onto his
                       own head */
    bool rebuys;    /* a rebuy buys a bounty too (out of its price) */
} bounty_config_t;

typedef struct {
    char name[TOURNEY_NAME_MAX];
    char currency[8];
    int64_t buy_in; /* into the prize pool, per entry */
    int64_t fee;    /* to the house, per entry (not in the pool) */
    int64_t starting_stack;
    int64_t rebuy_price, rebuy_chips;
    int64_t addon_price, addon_chips;
    int late_reg_until_level; /* play level number; 0: no late registration */
    int rebuy_until_level;    /* 0: no rebuys */
    int addon_after_level;    /* add-on at the break after this level; 0: none */
    int64_t guarantee;        /* prize pool is at least this */
    int n_levels;
    level_t levels[TOURNEY_MAX_LEVELS];
    int n_chips;
    chip_t chips[TOURNEY_MAX_CHIPS]; /* ascending value */
    int n_payouts;
    payout_table_t payouts[TOURNEY_MAX_PAYOUT_TABLES]; /* ascending min_entries */
    house_t house;
    points_config_t points;
    int64_t payout_unit; /* prizes are multiples of this; 0: 1 */
    /* Fixed prizes per place set from the panel (set_payouts with amounts):
     * they replace the payout tables' shares; 0 places: the shares. They
     * added up to the pool when set; should the pool change afterwards
     * they are its shares, pro rata. */
    int n_payout_amounts;
    int64_t payout_amounts[TOURNEY_MAX_PLACES];
    bool payout_remainder_largest; /* what rounding leaves: a unit each to the
                                      places that lost most; false: to 1st */
    bounty_config_t bounty;
} structure_t;

/* The clock stores when it last started and how far into which level it was
 * then; everything else is derived from that and "now". */
typedef struct {
    bool started; /* false until the first start */
    bool running;
    int level;                /* level index at `since` */
    int64_t level_elapsed_ms; /* time spent in `level` at `since` (may be <0
                                 when time was added) */
    int64_t since;            /* when running: the time it last started */
    int64_t played_ms;        /* time the clock ran before `since` (all of
                                 it while stopped): the tournament's time */
} clock_state_t;

/* Hand-for-hand (docs/rules.md §3): tables by number (model/tableset.h). */
typedef struct {
    bool active;
    int hand;               /* 1-based hand number */
    int tables;             /* how many tables are in play */
    tableset_t in_play;     /* which */
    tableset_t done;        /* tables that finished the current hand */
    tableset_t waiting;     /* all-in tables frozen until the others finish */
    bool clock_was_running; /* to resume the level clock at the end */
    int64_t hand_at;        /* when the current hand was dealt */
} hand_for_hand_t;

/* End of the day (docs/rules.md §5): a card from 3 to 7 says how many hands remain. */
typedef struct {
    bool active;
    int drawn; /* 3..7 */
    int64_t drawn_at;
    int tables;                       /* per-table reporting: how many tables */
    tableset_t in_play;               /* which */
    int left_field;                   /* hands left for the field */
    uint8_t left[TOURNEY_MAX_TABLES]; /* per table, when reported per table */
} day_end_t;

/* A clock called on a seat (docs/rules.md §6). */
typedef struct {
    bool active;
    int table, seat;
    int64_t started, total_ms, countdown_ms;
} clock_call_t;

typedef struct {
    int table, seat;
    int64_t given_at;
    int64_t until; /* time penalty: when it ends; 0 for rounds */
    int rounds;    /* missed-hand penalty in rounds; 0 for time */
} penalty_t;

/* A finishing place (or places shared by a tie) and the prize for each. */
_Static_assert(TOURNEY_MAX_RESULTS >= TOURNEY_MAX_PLACES, "every paid place is kept");

/* A player out: what happened (kept), and the place and prize it comes to
 * (derived by model/standings.c after every command: a place is the rank
 * among the entrants, and moves with late entries and re-entries; a prize
 * follows its place and the payouts in force). */
typedef struct {
    int place_best, place_worst; /* derived */
    int64_t prize_each;          /* derived: this player's share */
    int table;                   /* 0: not given */
    int64_t chips;               /* at the start of the hand; 0: not given */
    int64_t at;
    int player;     /* roster number; 0: a player without a record */
    int seq;        /* the elimination, counted from 1: players out
                       in one hand at one rank share it */
    int out_before; /* entrants out for good before it */
    int group;      /* players who share it (a tie: 2 or more) */
} result_t;

/* A deal the players left agreed with the director (docs/rules.md §10): each gets
 * amount[i]; play_for (0: none) is held back and goes to the winner when
 * play goes on for it. */
typedef struct {
    int players; /* how many were left; 0: no deal */
    int64_t play_for;
    int64_t at;
    int16_t who[TOURNEY_MAX_DEAL]; /* roster player numbers; 0: by place (no
                                      records): who[i] finished i + 1 */
    int64_t amount[TOURNEY_MAX_DEAL];
    int64_t bounties; /* the bounties on the heads left, dealt in with the
                         prizes (in the amounts); 0: each keeps his own */
} tourney_deal_t;

typedef struct {
    structure_t s;
    clock_state_t clock;
    int entries;    /* buy-ins, including re-entries */
    int reentries;  /* of those, players who came back: the
                       entrants are entries - reentries */
    int out_groups; /* eliminations so far (result_t.seq) */
    int busted;     /* busts, including those a re-entry took back:
                       the players left are entries - busted */
    int rebuys;
    int addons;
    char announcement[TOURNEY_TEXT_MAX];
    int64_t announcement_until; /* 0: until cleared */
    int64_t announcement_at;    /* when it was made; 0: none */
    bool recovered_after_power_loss;
    hand_for_hand_t hfh;
    bool bubble;    /* the bubble is on the wall */
    int64_t itm_at; /* when the field reached the money; 0: not yet */
    day_end_t day_end;
    clock_call_t call;
    int n_penalties;
    penalty_t penalties[TOURNEY_MAX_PENALTIES];
    int n_results; /* the latest last */
    result_t results[TOURNEY_MAX_RESULTS];
    int64_t color_up_value; /* a color-up the director started; 0: none */
    int64_t color_up_at;
    uint32_t chips_removed; /* bit i: chips[i] colored up by the director */
    /* The last actions, a ring: action k (0-based, of n_done in all) is
     * acts[k % TOURNEY_DONE_MAX], its code and values (model/action.h);
     * one an older clock journaled has no code, only its words in done[]
     * at the same place. A ring, so that an undo step in a snapshot
     * differs by one entry, not the whole list. model/history.h reads it. */
    uint32_t n_done;
    char done[TOURNEY_DONE_MAX][TOURNEY_DONE_TEXT];
    action_t acts[TOURNEY_DONE_MAX];
    int undoable; /* how many of the last actions undo can take back */
    /* The wall's settings changed on the panel while running (set_language,
     * sound, say): journaled with the tournament. While language is "" the
     * configuration's languages apply. */
    char language[8];            /* "en", "no", "de", "nl", "da", or "" */
    char language2[8];           /* the second one, or "" for none */
    bool quiet;                  /* the wall's sounds and voice are off */
    char said[TOURNEY_TEXT_MAX]; /* the last text typed to be spoken */
    int64_t said_at;             /* when; 0: never */
    /* The sound settings set on the panel (sound_settings, model/voice.h):
     * what is not set here is the configuration's sound group. */
    bool volume_set;
    int volume;                                            /* 0..100 */
    char sounds[TOURNEY_SOUND_EVENTS][TOURNEY_SOUND_NAME]; /* "": the configuration's */
    uint32_t speak_set, speak_on;                          /* bit e: spoken or not, as set here */
    /* The final table's redraw, for the wall's seat list (docs/rules.md §7): when,
     * the table's number, the button's seat, and the card each seat was
     * dealt for it (card + 1, as model/seating.h numbers cards; 0: none,
     * the director gave the button). final_at 0: no redraw. */
    int64_t final_at;
    int final_table;
    int final_button;
    uint8_t final_cards[TOURNEY_FINAL_SEATS];
    tourney_deal_t deal;
    /* Bounties (model/bounty.h) the roster's heads do not hold: those of
     * players in without a record, and those of players out whose
     * eliminator was not recorded. */
    int64_t bounty_loose;
    int64_t bounty_unclaimed;
    /* The last knockout, for the wall's strip: who went out (roster
     * number), who took his head, and what each took in cash. at 0: none. */
    struct {
        int64_t at;
        int16_t out;
        int16_t n_by;
        int16_t by[TOURNEY_MAX_KO];
        int64_t cash[TOURNEY_MAX_KO];
    } knockout;
} tourney_t;

/* Everything a display needs at one instant, derived from a tourney and now. */
typedef struct {
    int level;            /* index into s.levels */
    int level_number;     /* 1-based among play levels; for a break, the
                             number of the play level before it */
    int next_level;       /* index, or -1 at the end of the structure */
    int64_t remaining_ms; /* never below 0 */
    int64_t elapsed_ms;   /* in the current level */
    bool overtime;        /* past the end of the last level */
    int64_t overtime_ms;
    int64_t to_break_ms; /* until the next break starts; -1: none */
    int next_break;      /* index, or -1 */
    int64_t tournament_elapsed_ms;
    int players_left;
    int64_t chips_in_play;
    int64_t average_stack;
    int64_t prize_pool;
    int paid_places;
    int64_t payouts[TOURNEY_MAX_PLACES];
    bool late_reg_open;
    bool rebuys_open;
    bool addon_open;
    /* Clock time until each open period closes (docs/rules.md §8: a countdown on the
     * wall); -1 when it is not open. Open to the end of the structure: the
     * time to that end. */
    int64_t late_reg_closes_ms;
    int64_t rebuys_close_ms;
    int64_t addon_closes_ms;
    bool announcement_active;
    /* Color-up (docs/rules.md §2): the next scheduled one, and the one now. */
    int64_t next_color_up;   /* chip value, 0: none */
    int next_color_up_level; /* index of the break (or level) it is at */
    int64_t color_up_now;    /* chip value being colored up now; 0: none */
    int64_t color_up_into;   /* the chip value it is exchanged for */
    int64_t color_up_due;    /* a chip no longer needed with no break left
                                to color it up at: the director decides */
    uint32_t chips_in_use;   /* bit i: chips[i] still in play */
    /* Calling the clock. */
    int64_t call_remaining_ms;
    bool call_counting; /* in the counted last seconds */
    bool call_expired;
    bool over;    /* one player left and place 1 recorded: the
                     winner is known, nothing waits to resume */
    bool call_on; /* the call is on the wall: counting, or at
                     TIME for a while (house.call_stays: until
                     cancelled) */
    /* The end of the day. */
    bool day_end_window;    /* 5 to 15 minutes left in the day's last level */
    bool day_end_level;     /* the current level ends the day */
    int day_end_hands_left; /* the most any table has left */
    bool day_over;
    bool in_the_money;
    bool hfh_all_done;
} tourney_view_t;

typedef enum {
    CMD_NONE = 0,
    CMD_START,
    CMD_PAUSE,
    CMD_RESUME,
    CMD_ADJUST,
    CMD_SET_REMAINING,
    CMD_NEXT_LEVEL,
    CMD_PREV_LEVEL,
    CMD_GOTO_LEVEL,
    CMD_ADD_LEVEL,
    CMD_EDIT_LEVEL,
    CMD_DELETE_LEVEL,
    CMD_ANNOUNCE,
    CMD_ANNOUNCE_CLEAR,
    CMD_UNDO,
    CMD_REGISTER,
    CMD_UNREGISTER,
    CMD_BUST,
    CMD_REBUY,
    CMD_ADDON,
    CMD_POWER_RECOVERED, /* journaled at restart after a power loss */
    CMD_HFH_START,
    CMD_TABLE_DONE,
    CMD_TABLE_WAITING,
    CMD_HFH_NEXT,
    CMD_HFH_STOP,
    CMD_HFH_TABLES,
    CMD_BUBBLE_START,
    CMD_BUBBLE_STOP,
    CMD_DAY_END_DRAW,
    CMD_DAY_END_HAND_DONE,
    CMD_DAY_END_CLEAR,
    CMD_CLOCK_CALL,
    CMD_CLOCK_CALL_CANCEL,
    CMD_COLOR_UP,
    CMD_COLOR_UP_DONE,
    CMD_PENALTY,
    CMD_PENALTY_CLEAR,
    CMD_MOVE,
    CMD_BREAK_TABLE,
    CMD_FINAL_TABLE, /* the roster's (model/game.h) */
    CMD_BUTTON,      /* the roster's: a table's button seat (0: not marked) */
    CMD_SET_LANGUAGE,
    CMD_SOUND,
    CMD_SAY,         /* the wall's voice (model/voice.c) */
    CMD_DEAL,        /* model/settle.h */
    CMD_SET_PAYOUTS, /* model/prizes.h */
    CMD_TABLE,
    CMD_REENTER,        /* the roster's: open/close/add a table, block a seat; a player back in */
    CMD_SOUND_SETTINGS, /* the wall's volume, sounds and speech (model/voice.c) */
    CMD_RENAME,         /* the roster's: a player's name corrected */
    CMD__COUNT
} command_type;

/* Fields of a level that an add_level / edit_level sets; `has` says which
 * were given (edit_level changes only those). */
enum {
    LF_SMALL = 1 << 0,
    LF_BIG = 1 << 1,
    LF_ANTE = 1 << 2,
    LF_BBA = 1 << 3,
    LF_DURATION = 1 << 4,
    LF_BREAK = 1 << 5,
    LF_DAY_END = 1 << 6,
    LF_COLOR_UP = 1 << 7,
};

typedef struct {
    command_type type;
    int64_t delta_ms; /* adjust */
    int64_t ms;       /* set_remaining; power_recovered: pause time */
    int index;        /* goto/edit/delete level; add_level: after
                         (-1: before the first) */
    unsigned has;     /* LF_* for add/edit level */
    level_t level;
    char text[TOURNEY_TEXT_MAX]; /* announce */
    int seconds;                 /* announce; 0: until cleared */
    int count;                   /* register/bust/rebuy/addon; 0 means 1 */
    int table, seat;             /* table_done, clock_call, penalty, ... */
    int tables;                  /* hand_for_hand_start / _tables, day_end_draw */
    tableset_t table_set;        /* the same given by number; empty: tables 1..tables */
    int drawn;                   /* day_end_draw: the card, drawn by the engine */
    int64_t value;               /* color_up: the chip */
    int minutes, rounds;         /* penalty */
    int n_busts;                 /* bust: players out in the same hand, with */
    struct {
        int table;     /* their table and */
        int64_t chips; /* chips at the start of the hand */
        /* who knocked him out (roster numbers; n_by 0: not recorded); a
         * bust of one player by number or seat has them in busts[0] */
        int n_by;
        int16_t by[TOURNEY_MAX_KO];
    } busts[TOURNEY_MAX_BUSTS];
    /* Players by name (model/game.h): bust, rebuy, add-on of one player by
     * number (table and seat above name him too); register of names[i], or
     * of count players, at the seats the engine drew (journaled: a replay
     * never draws again). */
    int player; /* 1-based player number; 0: none */
    /* unregister of a player (filled in by model/game.c): his rebuys and
     * add-ons go back with his entry */
    int back_rebuys, back_addons;
    int n_names, n_seats;
    char names[TOURNEY_MAX_REGISTER][TOURNEY_PLAYER_NAME_MAX];
    struct {
        int16_t table, seat; /* table number as on its sign, seat 1.. */
    } seats[TOURNEY_MAX_REGISTER];
    /* move: the player by number or by the seat he leaves, to table and
     * seat above; break_table, final_table: movers[i] (numbers) to
     * seats[i], as the engine drew them; bust of players out in one hand
     * by number: movers[i], with busts[i].chips. */
    int from_table, from_seat;
    int16_t movers[TOURNEY_MAX_REGISTER];
    /* final_table: the card dealt to movers[i] for the button (n_cards of
     * them, drawn with the seats); or seat: the button's seat given. */
    int n_cards;
    uint8_t cards[TOURNEY_FINAL_SEATS];
    bool on;                        /* table: open (no seat given), or the seat blocked */
    int new_seats;                  /* table: the seats of a table opened that was not there */
    char language[8], language2[8]; /* set_language ("" language2: none) */
    bool quiet;                     /* sound: the wall's sounds off */
    /* sound_settings: the volume (-1: unchanged), each event's sound (""
     * unchanged, "config": the configuration's again), and speech for the
     * events of speak_set (on for those of speak_on). */
    int volume;
    char sounds[TOURNEY_SOUND_EVENTS][TOURNEY_SOUND_NAME];
    uint32_t speak_set, speak_on;
    /* deal: the players (numbers, in finishing order when play ends; none
     * without records) and their amounts, and what is played for. */
    struct {
        int n, n_players;
        int16_t player[TOURNEY_MAX_DEAL];
        int64_t amount[TOURNEY_MAX_DEAL];
        int64_t play_for;
        bool bounties; /* the bounties on the heads left dealt in too */
        int64_t heads; /* what they are (model/game.c fills it in) */
    } deal;
    /* set_payouts: basis points per place, or fixed amounts, the rounding
     * unit, the rule. */
    struct {
        int n;
        bool fixed; /* amount[] is given, not bp[] */
        int32_t bp[TOURNEY_MAX_PLACES];
        int64_t amount[TOURNEY_MAX_PLACES];
        int64_t unit;
        bool largest;
    } payouts;
} command_t;

typedef struct {
    tourney_t t;
    int n_undo;
    tourney_t undo[TOURNEY_UNDO_DEPTH]; /* most recent last */
} model_t;

const char *command_name(command_type type);
command_type command_from_name(const char *name);

/* Checks a structure; on the first problem writes it to err and returns false. */
bool structure_validate(const structure_t *s, char *err, size_t errlen);
/* Checks one level; "big_blind must be larger than small_blind". */
bool level_validate(const level_t *l, refusal_t *err);

void model_init(model_t *m, const structure_t *s);
/* Applies c at time now; on failure nothing changes and err says why. */
apply_status model_apply(model_t *m, const command_t *c, int64_t now, refusal_t *err);

void tourney_view(const tourney_t *t, int64_t now, tourney_view_t *v);
/* The payout table for a number of entries, or NULL when none applies. */
const payout_table_t *structure_payouts_for(const structure_t *s, int entries);
/* Where chips[chip] is colored up: the index of the break (or of the level
 * at whose end) it happens, or -1 when it stays in play. */
int color_up_level(const structure_t *s, int chip);
/* The house options as the clock uses them: every 0 replaced by its
 * default (tables stays 0 when not given). */
void house_effective(const house_t *h, house_t *out);
/* The call and counted durations of a clock call in that level (docs/rules.md §6). */
void house_call_durations(const structure_t *s, int level, int64_t *call, int64_t *countdown);
/* Formats a blind amount compactly for display: 1500, 25K, 1.5M. */
void format_chips(int64_t chips, char *buf, size_t len);

#endif
