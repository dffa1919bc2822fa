/* The receipt printer: seat slips printed on a thread of their own, so
 * that a registration never waits for the paper. It watches the published
 * snapshots (engine_listen) and prints the slips each change of the roster
 * hands out (model/slips.h), and the ones the panel asks for again; it
 * tells the panel through the state when the printer is missing, out of
 * paper, off line or in error (engine_set_printer). */
#ifndef POKERCLOCK_PRINTER_H
#define POKERCLOCK_PRINTER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

enum {
    PRINTER_QUEUE_MAX = 32,   /* slips waiting for the printer; more are dropped */
    PRINTER_RETRY_MS = 2000,  /* how often a missing or stopped printer is tried */
    PRINTER_STALL_MS = 10000, /* a write that makes no way this long: off line */
};

typedef enum {
    PRINTER_READY = 0,
    PRINTER_MISSING,   /* no device there (unplugged; a FIFO nobody reads) */
    PRINTER_PAPER_OUT, /* the printer says it is out of paper */
    PRINTER_OFFLINE,   /* it says it is off line, or takes no bytes */
    PRINTER_ERROR,     /* it says it is in error (cover open, cutter jammed) */
} printer_status;

/* "ready", "missing", "paper_out", "offline", "error": the state's words. */
const char *printer_status_name(printer_status s);
/* The status byte of usblp's LPGETSTATUS, as the panel says it. */
printer_status printer_status_of_lp(int lp_status);

typedef struct printer printer_t;

typedef struct {
    const char *device; /* "/dev/usb/lp0"; a FIFO or a file does too */
    int paper_mm;       /* 58 or 80 */
} printer_options_t;

/* The printer on engine, listening to it; NULL without memory (the clock
 * goes on without it). From the main thread before any other runs:
 * engine_listen's rule. Slips asked for are queued until printer_run. */
printer_t *printer_new(engine_t *engine, const printer_options_t *o);
/* Starts the printer's thread: 0, or -1 (then it prints nothing). */
int printer_run(printer_t *p);
/* Stops the thread (within a second; a slip half sent stays half sent)
 * and frees the printer. */
void printer_stop(printer_t *p);

/* The slip of player (roster index) as he sits now, queued once more:
 * 0; -1 when the queue is full, -2 when he is no player still in. */
int printer_again(printer_t *p, int player);

#endif
