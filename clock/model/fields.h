/* One description of each record's fields (name, type, range, unit), read
 * by the configuration loader, the command codec and the follower's reader
 * alike: a new field, or a new record, is described here once. */
#ifndef POKERCLOCK_FIELDS_H
#define POKERCLOCK_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    FIELD_INT,      /* int64_t: a whole number from lo to hi, times unit */
    FIELD_INT32,    /* int: the same */
    FIELD_BOOL,     /* bool: true or false */
    FIELD_MINUTES,  /* int64_t ms, written as minutes (a number, 0 < m <= hi) */
    FIELD_BREAK,    /* level_kind, written as break = true/false */
} field_type;

/* The forms a field is written in. */
enum { FORM_CONFIG = 1, FORM_COMMAND = 2, FORM_STATE = 4, FORM_ALL = 7 };

typedef struct {
    const char *name;          /* as written in every form */
    field_type type;
    size_t offset;             /* of the value in its record */
    int64_t lo, hi;            /* the range, in the written unit */
    int64_t unit;              /* the record keeps the value times this (ms) */
    unsigned has;              /* commands: the LF_* bit for "given" */
    unsigned forms;            /* FORM_*: where it is read */
} field_t;

typedef struct {
    const field_t *f;
    int n;
} record_t;

/* A level (level_t), and the house options (house_t). */
extern const record_t level_record;
extern const record_t house_record;

/* The value of f in rec as written (divided by its unit), and back. */
int64_t field_get_int(const field_t *f, const void *rec);
void field_set_int(const field_t *f, void *rec, int64_t written);
bool *field_bool(const field_t *f, void *rec);

#endif
