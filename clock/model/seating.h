/* The roster: players, tables and seats; the seat draw, balancing, breaking
 * and the final-table redraw of docs/rules.md §7 (TDA 10A, 11, 12, 13).
 *
 * Where the roster sits (model/game.h):
 * the tourney_t is a small flat value copied on every change, with a
 * 16-deep undo stack of whole copies; 2,000 player records cannot ride in it.
 * The roster is a value of its own beside it, in the engine:
 *     game_t: { model_t m; roster_t r; roster_undo_t undo[16]; }
 * - roster_t (below) has fixed capacities, so hostile input cannot grow
 *   memory, and one version number, raised on each change: the state every
 *   screen receives carries only that number (and the counts), and clients
 *   fetch GET /api/players when it changes.
 * - Undo keeps what a command changed, not a copy: roster_diff compares the
 *   roster before and after a command and keeps the previous records of the
 *   players and tables it touched (a bust: one player and one table; a
 *   table break: ten players and up to eleven tables), a roster_undo_t of
 *   about 4 KB pushed beside the tourney's copy, so one undo takes back
 *   both. The engine keeps one scratch roster for "before" (a 190 KB copy
 *   per roster command, tens of microseconds).
 * - Nothing here reads a clock or a random source: every random number is an
 *   argument (the engine draws from the kernel and journals the seats drawn,
 *   so a replay applies the same seats and never draws again).
 *
 * Seats are numbered 1..seats clockwise, seat 1 left of the dealer. A table's
 * button, when the floor has marked it, is the button of the next hand to be
 * dealt (roster_hand_done moves it on); it may sit at an empty seat (a dead
 * button). The small blind is the first player after it (heads-up: the
 * button), the big blind the player after the small blind. */
#ifndef POKERCLOCK_SEATING_H
#define POKERCLOCK_SEATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/moves.h"
#include "model/tourney.h"

enum {
    ROSTER_UNDO_RECORDS = 32, /* players (and tables) one command may change */
    ROSTER_MAX_PLAYERS = 2500,
    ROSTER_MAX_TABLES = 256,
    ROSTER_MAX_SEATS = 10, /* never more than ten at a table (docs/rules.md §7) */
    ROSTER_NAME_MAX = TOURNEY_PLAYER_NAME_MAX,
    ROSTER_TABLE_NAME_MAX = 16,
    ROSTER_MAX_MOVES = ROSTER_MAX_SEATS, /* moves in one proposal */
};

typedef enum {
    PLAYER_WAITING = 0,
    PLAYER_SEATED = 1,
    PLAYER_OUT = 2,
    PLAYER_REMOVED = 3, /* registered by mistake and unregistered: his
                           entry, rebuys and add-ons were given back; the
                           record stays so that numbers never change */
} player_status;

typedef struct {
    int32_t id;             /* 1-based index, stable for the tournament */
    int32_t out_seq;        /* out: the elimination (result_t.seq) he went out in */
    int32_t unnamed_before; /* out: players without a record out before him */
    int16_t table;          /* index into tables; -1: none */
    uint16_t entries;       /* buy-in plus re-entries */
    uint16_t rebuys, addons;
    uint8_t status;             /* player_status */
    uint8_t seat;               /* 1..seats when seated; 0 otherwise */
    char name[ROSTER_NAME_MAX]; /* "": shown as its number */
    int64_t head;               /* bounties: what is on his head now */
    int64_t bounties;           /* bounties: what he has won in cash */
    /* Derived from the above and the tourney by model/standings.c after
     * every command, for every reader: the place moves with late entries
     * and re-entries, the prize with the pool. Never a change of its own
     * (undo and the journal's changes leave it out: ROSTER_PLAYER_KEPT). */
    int16_t place_best; /* finishing place (a range when tied); 0: in */
    int16_t place_worst;
    int64_t prize; /* what his place pays now; 0: none */
} player_t;

/* The bytes of a player record that are his (the rest is derived). */
#define ROSTER_PLAYER_KEPT offsetof(player_t, place_best)

typedef struct {
    int16_t number;                     /* 1..TOURNEY_MAX_TABLE_NO, as on its sign */
    int16_t break_pos;                  /* 0: breaks first; tables break in this order */
    int16_t occupant[ROSTER_MAX_SEATS]; /* player index + 1; 0: empty */
    uint16_t blocked;                   /* bit s-1: seat s not for a player (a dealer) */
    uint8_t seats;                      /* 2..ROSTER_MAX_SEATS */
    uint8_t button;                     /* seat of the button; 0: not marked */
    bool open;
    char name[ROSTER_TABLE_NAME_MAX]; /* "": shown as its number */
} table_t;

/* How close tables are kept (docs/rules.md §7, TDA 12): */
typedef enum {
    BALANCE_WITHIN_1 = 0, /* no table two or more short of the fullest */
    BALANCE_WITHIN_2,     /* within 2 while more than within2_until tables play */
    BALANCE_FULL_TABLE,   /* full-table events: play halts at a table three
                             or more short of the fullest */
} balance_mode;

typedef struct {
    uint32_t version; /* raised by every change */
    balance_mode balance;
    int within2_until;   /* BALANCE_WITHIN_2: within 1 from this many tables */
    bool final_plus_one; /* final table: one more than a full table, at most 10 */
    bool final_drawn;    /* the final table has been redrawn */
    int n_players;
    int n_tables;
    table_t tables[ROSTER_MAX_TABLES];
    player_t players[ROSTER_MAX_PLAYERS];
    moves_log_t moves; /* recent moves, for the wall, the kiosk and the panel */
} roster_t;

/* One player to a seat. The player is -1 when the floor names him (a
 * balancing move at a table without a button: "the player who is big blind
 * next"); `waits` says the seat is between the small blind and the button,
 * where a new or moved player is dealt in only once the button has passed
 * (TDA 10A). */
typedef struct {
    int player;                /* index; -1: see above */
    int from_table, from_seat; /* indices/seats; -1, 0 for a new player */
    int to_table, to_seat;
    bool waits;
} move_t;

typedef enum {
    ROSTER_NOTHING = 0,
    ROSTER_BALANCE, /* a table is too short: move a player */
    ROSTER_BREAK,   /* the players fit in one table fewer */
    ROSTER_FINAL,   /* they fit the final table: redraw it */
} roster_action;

/* ---- set-up ---- */

/* An empty roster with no tables; balance within 1. */
void roster_init(roster_t *r);
/* Adds an open table; it breaks first, the others keep their order (a
 * table the venue opens while play goes on, too; roster_diff keeps no
 * record of the others' shift). Returns its index or -1 (err says why). */
int roster_add_table(roster_t *r, int number, const char *name, int seats, uint16_t blocked,
                     refusal_t *err);
int roster_table_by_number(const roster_t *r, int number);
/* The break order as table numbers, first to break first; every table once. */
bool roster_set_break_order(roster_t *r, const int *numbers, int n, refusal_t *err);
/* A break order drawn at random: rnd[i] for i < n_tables - 1. */
void roster_draw_break_order(roster_t *r, const uint64_t *rnd);
/* Table indices in break order into out (n_tables of them). */
void roster_break_order(const roster_t *r, int *out);
/* Opens or closes a table; closing needs it empty. */
bool roster_table_open(roster_t *r, int table, bool open, refusal_t *err);
/* Blocks or frees a seat; blocking needs it empty. */
bool roster_block_seat(roster_t *r, int table, int seat, bool blocked, refusal_t *err);
/* Marks the button (0: unknown); it moves on with roster_hand_done. */
bool roster_set_button(roster_t *r, int table, int seat, refusal_t *err);
/* A hand was completed at the table: the button moves to that hand's small
 * blind (heads-up: to the other player). Call it before recording the hand's
 * busts, so that a small blind who went out leaves a dead button on his seat. */
void roster_hand_done(roster_t *r, int table);

/* ---- players ---- */

/* A new player, waiting for a seat. Returns the index or -1. */
int roster_register(roster_t *r, const char *name, refusal_t *err);
/* A player's name corrected (one line of UTF-8, at most ROSTER_NAME_MAX - 1
 * bytes). */
bool roster_rename(roster_t *r, int player, const char *name, refusal_t *err);
/* A player registered by mistake: out of the roster (his seat freed, his
 * counts no longer counted); only a player still in (model/game.c also
 * keeps one who re-entered). */
bool roster_remove(roster_t *r, int player, refusal_t *err);
/* Whether the record is a player of the tournament (not removed). */
bool roster_counts(const roster_t *r, int player);
/* "Anna Berg", or "Player 17" when there is no name. */
void roster_player_label(const roster_t *r, int player, char *buf, size_t len);
/* The label as the public screens write it: "Anna B." when the house shows
 * first names only (short), else the label. */
void roster_player_shown(const roster_t *r, int player, bool short_names, char *buf, size_t len);
bool roster_reenter(roster_t *r, int player, refusal_t *err);
bool roster_rebuy(roster_t *r, int player, refusal_t *err);
bool roster_addon(roster_t *r, int player, refusal_t *err);
/* Registers n players (names[i], or none when names is NULL) and draws
 * their seats one after the other, rnd[i] for the i-th; out[i] says where
 * each sits. All or nothing: refused when the seats free are too few. */
bool roster_register_seated(roster_t *r, const char *const *names, int n, const uint64_t *rnd,
                            move_t *out, refusal_t *err);
/* Counts the clock shows, derived from the records. */
int roster_entries(const roster_t *r);
int roster_busted(const roster_t *r);
int roster_players_left(const roster_t *r); /* seated or waiting */
int roster_table_players(const roster_t *r, int table);
/* The seats kept free at a table of `seats` the venue adds on the night:
 * those every table of that size has kept free (a dealer's seat); none
 * when there is no table of that size. */
uint16_t roster_usual_blocked(const roster_t *r, int seats);
/* A move logged still stands: its player sits where it put him (he is not
 * out, removed or moved again since). */
bool roster_move_stands(const roster_t *r, const move_rec_t *m);
/* The numbers of the tables in play (open, with players), ascending, for
 * hand-for-hand and the end-of-day draw; returns how many. */
int roster_tables_in_play(const roster_t *r, int *numbers, int max);
/* The seat finder: players whose name holds `query` (ASCII letters in either
 * case; other bytes as typed), or whose number it is; in registration
 * order, at most max written. Returns how many match. */
int roster_find(const roster_t *r, const char *query, int *out, int max);

/* ---- the seat draw (TDA 10A) ---- */

/* The seats a new player may be drawn to: free, not blocked, at the open
 * tables with the fewest players, and not between the small blind and the
 * button where a table's button is marked (when every such seat is, those
 * seats, with `waits` set). Returns how many (at most max written). */
int roster_seat_choices(const roster_t *r, move_t *out, int max);
/* Draws one of those for the player, uniformly from rnd (a uniform 64-bit
 * number); false when no seat is free. */
bool roster_draw_seat(const roster_t *r, int player, uint64_t rnd, move_t *out);
/* Seats a waiting player, or moves a seated one. */
bool roster_seat_player(roster_t *r, int player, int table, int seat, refusal_t *err);
/* Applies moves together (a redraw moves players into each other's seats);
 * all or nothing. The player of each move must be known. */
bool roster_apply_moves(roster_t *r, const move_t *m, int n, refusal_t *err);

/* ---- balancing, breaking, the final table (TDA 11, 12, 13) ---- */

/* What the floor has to do now: the final table before a break, a break
 * before balancing. */
roster_action roster_next_action(const roster_t *r);
/* How many players the fullest table may have over the shortest now. */
int roster_tolerance(const roster_t *r);
/* The balancing moves due now, one after the other (at most max): from the
 * fullest table (ties: the one that breaks first), the player who is big
 * blind next (-1 when that table has no button), to the worst position at
 * the shortest table (ties: the one that breaks last): with its button
 * marked, the seat that pays the big blind soonest (never the small blind);
 * otherwise a free seat drawn with rnd[i]. Returns how many. */
int roster_propose_balance(const roster_t *r, const uint64_t *rnd, move_t *out, int max);
/* The next open table of the break order (the last open one never), or -1. */
int roster_next_break(const roster_t *r);
/* Breaking that table: its players in seat order, each by the two-step draw,
 * a table (rnd[2i]: among those with the fewest players), then a seat there
 * (rnd[2i+1]). Returns how many moves (its players). */
int roster_propose_break(const roster_t *r, int table, const uint64_t *rnd, move_t *out, int max);
/* Players the final table seats: one table of the format, or one more (at
 * most ten) with final_plus_one. */
int roster_final_size(const roster_t *r);
/* The final-table redraw: every player left to a seat of the last table of
 * the break order, drawn with rnd[i] (i < players left). Returns how many. */
int roster_propose_final(const roster_t *r, const uint64_t *rnd, move_t *out, int max);
/* Applies the redraw: widens the final table to roster_final_size seats,
 * seats the players, closes every other table. */
bool roster_apply_final(roster_t *r, const move_t *m, int n, refusal_t *err);

/* Cards 0..51: rank c / 4 (0: deuce .. 12: ace), suit c % 4 (clubs,
 * diamonds, hearts, spades). Deals n distinct cards from a shuffled deck
 * with rnd[i]; returns the index of the high card (ties of rank by suit). */
void roster_deal_cards(const uint64_t *rnd, int n, int *cards);
int roster_high_card(const int *cards, int n);

/* ---- busts (places as procedures_bust gives them) ---- */

/* The bust command for players out in one hand: their numbers, their
 * tables, and their chips at the start of the hand when more than one
 * (chips may be NULL for one player). */
bool roster_bust_command(const roster_t *r, const int *players, const int64_t *chips, int n,
                         command_t *out, refusal_t *err);
/* After the tourney recorded players out (a bust, or a deal that ended
 * play): each of them is out, at the elimination the tourney's results
 * name him in (model/standings.c gives the place and prize). */
bool roster_record_busts(roster_t *r, const int *players, int n, const tourney_t *after,
                         refusal_t *err);

/* ---- undo ---- */

typedef struct {
    uint32_t version; /* of the roster before */
    balance_mode balance;
    int within2_until;
    bool final_plus_one, final_drawn;
    int n_players, n_tables;
    int n_changed_players, n_changed_tables;
    int16_t player_index[ROSTER_UNDO_RECORDS];
    int16_t table_index[ROSTER_UNDO_RECORDS];
    player_t players[ROSTER_UNDO_RECORDS]; /* as they were before */
    table_t tables[ROSTER_UNDO_RECORDS];
    uint32_t moves_total; /* the moves log's total before (model/moves.h) */
} roster_undo_t;

/* What a command changed from before to after, to take it back; false when
 * it changed more records than an undo holds (the command is then not
 * undoable). Players added by the command are not records it changed: a
 * list of 300 registered at once on 34 tables is undone whole. */
bool roster_diff(const roster_t *before, const roster_t *after, roster_undo_t *u);
/* Takes the change back; the version still moves on, so clients fetch the
 * roster again. */
void roster_undo(roster_t *r, const roster_undo_t *u);

#endif
