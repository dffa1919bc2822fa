/* The tournament as one plain value: structure, clock, players, announcement. */
#ifndef POKERCLOCK_TOURNEY_H
#define POKERCLOCK_TOURNEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Fixed capacities keep a tournament a flat value: a snapshot is a memcpy,
 * and hostile input cannot grow memory without bound. */
enum {
    TOURNEY_MAX_LEVELS = 128,
    TOURNEY_MAX_CHIPS = 12,
    TOURNEY_MAX_PAYOUT_TABLES = 16,
    TOURNEY_MAX_PLACES = 40,
    TOURNEY_NAME_MAX = 96,
    TOURNEY_TEXT_MAX = 240,
    TOURNEY_COLOUR_MAX = 24,
    TOURNEY_UNDO_DEPTH = 16,
    TOURNEY_MAX_DURATION_MS = 24 * 3600 * 1000,
};

typedef enum { LEVEL_PLAY = 0, LEVEL_BREAK = 1 } level_kind;

typedef struct {
    level_kind kind;
    int64_t small_blind;
    int64_t big_blind;
    int64_t ante;            /* per player, or the big blind's ante (below) */
    bool big_blind_ante;     /* the big blind pays the whole table's ante */
    int64_t duration_ms;
    bool day_end;            /* last level of a day in a multi-day event */
    int64_t color_up;        /* chip value colored up at this break; 0: none */
} level_t;

typedef struct {
    int64_t value;
    uint32_t rgb;                      /* 0xRRGGBB, for drawing the chip */
    char colour[TOURNEY_COLOUR_MAX];   /* its name, as the venue says it */
} chip_t;

/* Payouts for fields of at least min_entries: basis points (1/100 %) per
 * place, summing to 10000. The table with the largest min_entries not above
 * the number of entries applies. */
typedef struct {
    int min_entries;
    int places;
    int32_t bp[TOURNEY_MAX_PLACES];
} payout_table_t;

typedef struct {
    char name[TOURNEY_NAME_MAX];
    char currency[8];
    int64_t buy_in;            /* into the prize pool, per entry */
    int64_t fee;               /* to the house, per entry (not in the pool) */
    int64_t starting_stack;
    int64_t rebuy_price, rebuy_chips;
    int64_t addon_price, addon_chips;
    int late_reg_until_level;  /* play level number; 0: no late registration */
    int rebuy_until_level;     /* 0: no rebuys */
    int addon_after_level;     /* add-on at the break after this level; 0: none */
    int64_t guarantee;         /* prize pool is at least this */
    int n_levels;
    level_t levels[TOURNEY_MAX_LEVELS];
    int n_chips;
    chip_t chips[TOURNEY_MAX_CHIPS];   /* ascending value */
    int n_payouts;
    payout_table_t payouts[TOURNEY_MAX_PAYOUT_TABLES]; /* ascending min_entries */
} structure_t;

/* The clock stores when it last started and how far into which level it was
 * then; everything else is derived from that and "now". */
typedef struct {
    bool started;              /* false until the first start */
    bool running;
    int level;                 /* level index at `since` */
    int64_t level_elapsed_ms;  /* time spent in `level` at `since` (may be <0
                                  when time was added) */
    int64_t since;             /* when running: the time it last started */
} clock_state_t;

typedef struct {
    structure_t s;
    clock_state_t clock;
    int entries;               /* buy-ins, including re-entries */
    int busted;
    int rebuys;
    int addons;
    char announcement[TOURNEY_TEXT_MAX];
    int64_t announcement_until; /* 0: until cleared */
    int64_t announcement_at;    /* when it was made; 0: none */
    bool recovered_after_power_loss;
} tourney_t;

/* Everything a display needs at one instant, derived from a tourney and now. */
typedef struct {
    int level;                 /* index into s.levels */
    int level_number;          /* 1-based among play levels; for a break, the
                                  number of the play level before it */
    int next_level;            /* index, or -1 at the end of the structure */
    int64_t remaining_ms;      /* never below 0 */
    int64_t elapsed_ms;        /* in the current level */
    bool overtime;             /* past the end of the last level */
    int64_t overtime_ms;
    int64_t to_break_ms;       /* until the next break starts; -1: none */
    int next_break;            /* index, or -1 */
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
    bool announcement_active;
} tourney_view_t;

typedef enum {
    CMD_NONE = 0,
    CMD_START, CMD_PAUSE, CMD_RESUME, CMD_ADJUST, CMD_SET_REMAINING,
    CMD_NEXT_LEVEL, CMD_PREV_LEVEL, CMD_GOTO_LEVEL,
    CMD_ADD_LEVEL, CMD_EDIT_LEVEL, CMD_DELETE_LEVEL,
    CMD_ANNOUNCE, CMD_ANNOUNCE_CLEAR, CMD_UNDO,
    CMD_REGISTER, CMD_UNREGISTER, CMD_BUST, CMD_REBUY, CMD_ADDON,
    CMD_POWER_RECOVERED,       /* journaled at restart after a power loss */
    CMD__COUNT
} command_type;

/* Fields of a level that an add_level / edit_level sets; `has` says which
 * were given (edit_level changes only those). */
enum {
    LF_SMALL = 1 << 0, LF_BIG = 1 << 1, LF_ANTE = 1 << 2, LF_BBA = 1 << 3,
    LF_DURATION = 1 << 4, LF_BREAK = 1 << 5, LF_DAY_END = 1 << 6,
    LF_COLOR_UP = 1 << 7,
};

typedef struct {
    command_type type;
    int64_t delta_ms;          /* adjust */
    int64_t ms;                /* set_remaining; power_recovered: pause time */
    int index;                 /* goto/edit/delete level; add_level: after
                                  (-1: before the first) */
    unsigned has;              /* LF_* for add/edit level */
    level_t level;
    char text[TOURNEY_TEXT_MAX]; /* announce */
    int seconds;               /* announce; 0: until cleared */
    int count;                 /* register/bust/rebuy/addon; 0 means 1 */
} command_t;

typedef struct {
    tourney_t t;
    int n_undo;
    tourney_t undo[TOURNEY_UNDO_DEPTH]; /* most recent last */
} model_t;

/* Status of applying a command. */
typedef enum {
    APPLY_OK = 0,
    APPLY_INVALID = 400,       /* the command itself is malformed */
    APPLY_CONFLICT = 409,      /* well-formed, but not possible now */
} apply_status;

const char *command_name(command_type type);
command_type command_from_name(const char *name);

/* Checks a structure; on the first problem writes it to err and returns false. */
bool structure_validate(const structure_t *s, char *err, size_t errlen);
/* Checks one level; "big_blind must be larger than small_blind". */
bool level_validate(const level_t *l, char *err, size_t errlen);

void model_init(model_t *m, const structure_t *s);
/* Applies c at time now; on failure nothing changes and err says why. */
apply_status model_apply(model_t *m, const command_t *c, int64_t now,
                         char *err, size_t errlen);

void tourney_view(const tourney_t *t, int64_t now, tourney_view_t *v);
/* The payout table for a number of entries, or NULL when none applies. */
const payout_table_t *structure_payouts_for(const structure_t *s, int entries);
/* Formats a blind amount compactly for display: 1500, 25K, 1.5M. */
void format_chips(int64_t chips, char *buf, size_t len);

#endif
