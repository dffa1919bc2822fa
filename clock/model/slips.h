/* Seat slips: which players a change of the roster hands a slip to, and
 * what each slip says. Pure: the printer (print/printer.c) and the page
 * of slips (web/slips.js) say it in words.
 *
 * A slip goes to a player who registers (seated, or waiting for a seat), who
 * re-enters, and who is moved: by the director, a balancing move, a table
 * break, the final-table redraw, or a waiting player given his seat. An
 * undone move sends him back, and his slip says so; a bust undone, a
 * rename or a player removed hand out none. */
#ifndef POKERCLOCK_SLIPS_H
#define POKERCLOCK_SLIPS_H

#include "model/seating.h"

typedef enum {
    SLIP_REGISTER = 0,
    SLIP_REENTER,
    SLIP_MOVE,
    SLIP_AGAIN, /* asked for again on the panel */
} slip_kind;

typedef struct {
    slip_kind kind;
    int player;                 /* roster index */
    int id;                     /* his number */
    char name[ROSTER_NAME_MAX]; /* "" when registered without one */
    int table, seat;            /* the table's number and the seat; 0, 0: waiting */
    int from_table, from_seat;  /* a move: where he sat; 0, 0: waiting */
} slip_t;

/* The slip of one player as he sits in r. */
void slip_of(const roster_t *r, int player, slip_kind kind, slip_t *out);

/* The slips the change from before to after hands out, into out (at most
 * max): how many. Players in registration order. */
int slips_between(const roster_t *before, const roster_t *after, slip_t *out, int max);

#endif
