/* One description of each record's fields (name, type, range, unit), read
 * by the configuration loader, the command codec, the follower's reader and
 * the journal's snapshots alike: a new field, or a new record, is described
 * here once. */
#ifndef POKERCLOCK_FIELDS_H
#define POKERCLOCK_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    FIELD_INT,     /* a signed whole number (of the member's size) from lo
                      to hi, kept times unit */
    FIELD_UINT,    /* an unsigned one: a set of tables, bit t-1 for table t */
    FIELD_BOOL,    /* bool: true or false */
    FIELD_MINUTES, /* int64_t ms, written as minutes (a number, 0 < m <= hi) */
    FIELD_BREAK,   /* level_kind, written as break = true/false */
    FIELD_TEXT,    /* char[size]: one line of text */
    FIELD_RGB,     /* uint32_t 0xRRGGBB, written as "#rrggbb" */
    FIELD_PERCENT, /* int32_t basis points, written as percent of the pool */
    FIELD_RECORD,  /* a record of its own (sub), or an array of n */
    FIELD_GROUP,   /* members of this same record (sub, at offset 0) that the
                      configuration and the state write as one group
                      (rebuy = { price = 20; ... }); the snapshot keeps them
                      flat, by member, as the struct does */
} field_type;

/* The forms a field is written in. The snapshot writes a field under its
 * member's name and in the member's own unit, so that a snapshot is read
 * back by any later pokerclock whatever the other forms call it. */
enum { FORM_CONFIG = 1, FORM_COMMAND = 2, FORM_STATE = 4, FORM_SNAPSHOT = 8, FORM_ALL = 15 };

typedef struct record record_t;

typedef struct {
    const char *name;   /* as written in the configuration, commands, state */
    const char *member; /* the struct member's name: the snapshot's key */
    field_type type;
    size_t offset;       /* of the value in its record */
    size_t size;         /* of the member (of one element, for an array) */
    size_t n;            /* 1, or the capacity of an array */
    int64_t lo, hi;      /* the range, in the written unit */
    int64_t unit;        /* the record keeps the value times this (ms) */
    unsigned has;        /* commands: the LF_* bit for "given" */
    unsigned forms;      /* FORM_*: where it is read and written */
    const record_t *sub; /* FIELD_RECORD, FIELD_GROUP: its fields */
} field_t;

struct record {
    size_t size; /* of the struct it describes */
    const field_t *f;
    int n;
};

/* A level (level_t), a chip (chip_t), a payout table (payout_table_t), the
 * house options (house_t), the periods (the late_registration, rebuy and
 * addon groups of structure_t), the structure, and the whole tournament
 * (tourney_t) with the records only its snapshot holds. */
extern const record_t level_record;
extern const record_t chip_record;
extern const record_t payout_record;
extern const record_t house_record;
extern const record_t late_reg_record;
extern const record_t rebuy_record;
extern const record_t addon_record;
extern const record_t structure_record;
extern const record_t points_record;
extern const record_t bounty_record;
extern const record_t tourney_record;
/* The configuration's sound group (voice_config_t, model/voice.h). */
extern const record_t voice_record;

/* The field of rec written as name in form, or NULL. */
const field_t *field_find(const record_t *rec, const char *name, unsigned form);

/* The value of f in rec as written (divided by its unit), and back. */
int64_t field_get_int(const field_t *f, const void *rec);
void field_set_int(const field_t *f, void *rec, int64_t written);
bool *field_bool(const field_t *f, void *rec);
/* The member's raw value, any size, signed or not (f->type FIELD_UINT). */
int64_t field_raw(const field_t *f, const void *at);
void field_set_raw(const field_t *f, void *at, int64_t v);

/* "#rrggbb" as 0xRRGGBB; false when text is not such a colour. */
bool field_parse_rgb(const char *text, uint32_t *rgb);

#endif
