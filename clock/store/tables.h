/* The venue's tables in the configuration: how many, their seats, seats kept free, break order. */
#ifndef POKERCLOCK_TABLES_H
#define POKERCLOCK_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "model/seating.h"

typedef struct {
    int n; /* 0: none configured (a tournament run by counts) */
    struct {
        int16_t number;
        uint8_t seats;
        uint16_t blocked; /* bit s-1: seat s kept free (a dealer) */
        char name[ROSTER_TABLE_NAME_MAX];
    } t[ROSTER_MAX_TABLES];
    int n_break; /* 0: the last table breaks first */
    int16_t break_order[ROSTER_MAX_TABLES];
} table_config_t;

/* Reports one problem at a line of the file (0: none). */
typedef void (*tables_problem_fn)(void *ctx, int line, const char *msg);

/* Reads `tables` (a group: count, seats, blocked, break_order; or a list of
 * { number; seats; blocked; name; }) into out; each problem goes to report. */
struct config_setting_t;
void tables_load(const struct config_setting_t *s, table_config_t *out, tables_problem_fn report,
                 void *ctx);

/* The roster of those tables, no players yet. */
void tables_roster(const table_config_t *tc, roster_t *r);

#endif
