/* The whole tournament (the model and its undo stack) as JSON, for the journal's snapshots. */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/snapshot.h"

/* Why JSON with field names and not the struct's bytes: an appliance update
 * that adds a field to tourney_t changes the layout, and a binary snapshot
 * would then be unreadable, the running tournament lost at the update. By
 * name, a new program reads an old snapshot (the new field stays 0, which
 * every field of the model takes as "not given") and an old one reads a new
 * snapshot (unknown names are skipped). Each field is described once below,
 * by name, kind and place; the encoder and the decoder walk that table.
 * Zero values and trailing zero array elements are left out, and an undo
 * step holds only what it changes: a snapshot stays a few kilobytes. */

typedef enum { K_INT, K_UINT, K_BOOL, K_STR, K_OBJ } kind_t;

typedef struct desc desc_t;
typedef struct {
    const char *name;
    kind_t kind;
    size_t off;          /* of the member in its struct */
    size_t n;            /* 1, or the capacity of an array */
    size_t esize;        /* size of one element (a string: the whole array) */
    const desc_t *sub;   /* K_OBJ: the element's description */
} field_t;

struct desc {
    size_t size;
    const field_t *f;    /* ends with a NULL name */
};

#define MEMBER(T, m) (((T *)0)->m)
#define SCALAR(T, m, k) {#m, k, offsetof(T, m), 1, sizeof MEMBER(T, m), NULL}
#define STRING(T, m) {#m, K_STR, offsetof(T, m), 1, sizeof MEMBER(T, m), NULL}
#define OBJECT(T, m, d) {#m, K_OBJ, offsetof(T, m), 1, sizeof MEMBER(T, m), &d}
#define ARRAY(T, m, k) \
    {#m, k, offsetof(T, m), sizeof MEMBER(T, m) / sizeof MEMBER(T, m)[0], \
     sizeof MEMBER(T, m)[0], NULL}
#define OBJECTS(T, m, d) \
    {#m, K_OBJ, offsetof(T, m), sizeof MEMBER(T, m) / sizeof MEMBER(T, m)[0], \
     sizeof MEMBER(T, m)[0], &d}
#define END {NULL, K_INT, 0, 0, 0, NULL}

static const desc_t level_d = {sizeof(level_t), (const field_t[]){
    SCALAR(level_t, kind, K_INT), SCALAR(level_t, small_blind, K_INT),
    SCALAR(level_t, big_blind, K_INT), SCALAR(level_t, ante, K_INT),
    SCALAR(level_t, big_blind_ante, K_BOOL), SCALAR(level_t, duration_ms, K_INT),
    SCALAR(level_t, day_end, K_BOOL), SCALAR(level_t, color_up, K_INT),
    SCALAR(level_t, left_at_ms, K_INT), END}};

static const desc_t chip_d = {sizeof(chip_t), (const field_t[]){
    SCALAR(chip_t, value, K_INT), SCALAR(chip_t, rgb, K_UINT), STRING(chip_t, colour), END}};

static const desc_t payout_d = {sizeof(payout_table_t), (const field_t[]){
    SCALAR(payout_table_t, min_entries, K_INT), SCALAR(payout_table_t, places, K_INT),
    ARRAY(payout_table_t, bp, K_INT), END}};

static const desc_t house_d = {sizeof(house_t), (const field_t[]){
    SCALAR(house_t, tables, K_INT), SCALAR(house_t, hfh_deduct_ms, K_INT),
    SCALAR(house_t, hfh_auto_next, K_BOOL), SCALAR(house_t, call_ms, K_INT),
    SCALAR(house_t, call_countdown_ms, K_INT), SCALAR(house_t, short_level_ms, K_INT),
    SCALAR(house_t, short_call_ms, K_INT), SCALAR(house_t, short_call_countdown_ms, K_INT),
    SCALAR(house_t, day_end_per_table, K_BOOL), END}};

static const desc_t structure_d = {sizeof(structure_t), (const field_t[]){
    STRING(structure_t, name), STRING(structure_t, currency),
    SCALAR(structure_t, buy_in, K_INT), SCALAR(structure_t, fee, K_INT),
    SCALAR(structure_t, starting_stack, K_INT), SCALAR(structure_t, rebuy_price, K_INT),
    SCALAR(structure_t, rebuy_chips, K_INT), SCALAR(structure_t, addon_price, K_INT),
    SCALAR(structure_t, addon_chips, K_INT), SCALAR(structure_t, late_reg_until_level, K_INT),
    SCALAR(structure_t, rebuy_until_level, K_INT), SCALAR(structure_t, addon_after_level, K_INT),
    SCALAR(structure_t, guarantee, K_INT), SCALAR(structure_t, n_levels, K_INT),
    OBJECTS(structure_t, levels, level_d), SCALAR(structure_t, n_chips, K_INT),
    OBJECTS(structure_t, chips, chip_d), SCALAR(structure_t, n_payouts, K_INT),
    OBJECTS(structure_t, payouts, payout_d), OBJECT(structure_t, house, house_d), END}};

static const desc_t clock_d = {sizeof(clock_state_t), (const field_t[]){
    SCALAR(clock_state_t, started, K_BOOL), SCALAR(clock_state_t, running, K_BOOL),
    SCALAR(clock_state_t, level, K_INT), SCALAR(clock_state_t, level_elapsed_ms, K_INT),
    SCALAR(clock_state_t, since, K_INT), SCALAR(clock_state_t, played_ms, K_INT), END}};

static const desc_t hfh_d = {sizeof(hand_for_hand_t), (const field_t[]){
    SCALAR(hand_for_hand_t, active, K_BOOL), SCALAR(hand_for_hand_t, hand, K_INT),
    SCALAR(hand_for_hand_t, tables, K_INT), SCALAR(hand_for_hand_t, in_play, K_UINT),
    SCALAR(hand_for_hand_t, done, K_UINT), SCALAR(hand_for_hand_t, waiting, K_UINT),
    SCALAR(hand_for_hand_t, clock_was_running, K_BOOL), SCALAR(hand_for_hand_t, hand_at, K_INT),
    END}};

static const desc_t day_end_d = {sizeof(day_end_t), (const field_t[]){
    SCALAR(day_end_t, active, K_BOOL), SCALAR(day_end_t, drawn, K_INT),
    SCALAR(day_end_t, drawn_at, K_INT), SCALAR(day_end_t, tables, K_INT),
    SCALAR(day_end_t, in_play, K_UINT), SCALAR(day_end_t, left_field, K_INT),
    ARRAY(day_end_t, left, K_UINT), END}};

static const desc_t call_d = {sizeof(clock_call_t), (const field_t[]){
    SCALAR(clock_call_t, active, K_BOOL), SCALAR(clock_call_t, table, K_INT),
    SCALAR(clock_call_t, seat, K_INT), SCALAR(clock_call_t, started, K_INT),
    SCALAR(clock_call_t, total_ms, K_INT), SCALAR(clock_call_t, countdown_ms, K_INT), END}};

static const desc_t penalty_d = {sizeof(penalty_t), (const field_t[]){
    SCALAR(penalty_t, table, K_INT), SCALAR(penalty_t, seat, K_INT),
    SCALAR(penalty_t, given_at, K_INT), SCALAR(penalty_t, until, K_INT),
    SCALAR(penalty_t, rounds, K_INT), END}};

static const desc_t result_d = {sizeof(result_t), (const field_t[]){
    SCALAR(result_t, place_best, K_INT), SCALAR(result_t, place_worst, K_INT),
    SCALAR(result_t, prize_each, K_INT), SCALAR(result_t, table, K_INT),
    SCALAR(result_t, chips, K_INT), SCALAR(result_t, at, K_INT), END}};

static const desc_t tourney_d = {sizeof(tourney_t), (const field_t[]){
    OBJECT(tourney_t, s, structure_d), OBJECT(tourney_t, clock, clock_d),
    SCALAR(tourney_t, entries, K_INT), SCALAR(tourney_t, busted, K_INT),
    SCALAR(tourney_t, rebuys, K_INT), SCALAR(tourney_t, addons, K_INT),
    STRING(tourney_t, announcement), SCALAR(tourney_t, announcement_until, K_INT),
    SCALAR(tourney_t, announcement_at, K_INT),
    SCALAR(tourney_t, recovered_after_power_loss, K_BOOL), OBJECT(tourney_t, hfh, hfh_d),
    SCALAR(tourney_t, bubble, K_BOOL), SCALAR(tourney_t, itm_at, K_INT),
    OBJECT(tourney_t, day_end, day_end_d), OBJECT(tourney_t, call, call_d),
    SCALAR(tourney_t, n_penalties, K_INT), OBJECTS(tourney_t, penalties, penalty_d),
    SCALAR(tourney_t, n_results, K_INT), OBJECTS(tourney_t, results, result_d),
    SCALAR(tourney_t, color_up_value, K_INT), SCALAR(tourney_t, color_up_at, K_INT),
    SCALAR(tourney_t, chips_removed, K_UINT), SCALAR(tourney_t, n_done, K_UINT),
    ARRAY(tourney_t, done, K_STR), SCALAR(tourney_t, undoable, K_INT), END}};

/* What a field that is not written reads as, outside an undo step. */
static const unsigned char zeros[sizeof(tourney_t)];

static bool all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static int64_t get_int(const unsigned char *p, size_t size)
{
    switch (size) {
    case 1: { int8_t v; memcpy(&v, p, 1); return v; }
    case 2: { int16_t v; memcpy(&v, p, 2); return v; }
    case 4: { int32_t v; memcpy(&v, p, 4); return v; }
    default: { int64_t v; memcpy(&v, p, 8); return v; }
    }
}

static uint64_t get_uint(const unsigned char *p, size_t size)
{
    switch (size) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

static json_t *encode_obj(const desc_t *d, const unsigned char *p, const unsigned char *base);

static json_t *encode_one(const field_t *f, const unsigned char *p, const unsigned char *base)
{
    switch (f->kind) {
    case K_INT: return json_integer((json_int_t)get_int(p, f->esize));
    /* A 64-bit mask goes through json_int_t as its two's complement. */
    case K_UINT: return json_integer((json_int_t)get_uint(p, f->esize));
    case K_BOOL: return json_boolean(*(const bool *)p);
    case K_STR: return json_stringn((const char *)p, strnlen((const char *)p, f->esize));
    case K_OBJ: return encode_obj(f->sub, p, base);
    }
    return NULL;
}

/* The fields of *p that differ from *base: against zeros, the fields that
 * are given; against the current tournament, what an undo step changes (a
 * step is then a few bytes, not another copy of 128 levels). An array that
 * differs is written whole, less its trailing zeros. */
static json_t *encode_obj(const desc_t *d, const unsigned char *p, const unsigned char *base)
{
    json_t *o = json_object();
    for (const field_t *f = d->f; o && f->name; f++) {
        const unsigned char *q = p + f->off, *qb = base + f->off;
        if (memcmp(q, qb, f->n * f->esize) == 0)
            continue;
        json_t *v;
        if (f->n == 1) {
            v = encode_one(f, q, qb);
        } else {
            size_t n = f->n;
            while (n > 0 && all_zero(q + (n - 1) * f->esize, f->esize))
                n--;
            v = json_array();
            for (size_t i = 0; v && i < n; i++)
                if (json_array_append_new(v, encode_one(f, q + i * f->esize, zeros)) != 0) {
                    json_decref(v);
                    v = NULL;
                }
        }
        if (!v || json_object_set_new(o, f->name, v) != 0) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}

json_t *snapshot_model_to_json(const model_t *m)
{
    json_t *undo = json_array();
    for (int i = 0; undo && i < m->n_undo; i++)
        if (json_array_append_new(undo, encode_obj(&tourney_d, (const void *)&m->undo[i],
                                                   (const void *)&m->t)) != 0) {
            json_decref(undo);
            undo = NULL;
        }
    json_t *t = encode_obj(&tourney_d, (const void *)&m->t, zeros);
    if (!undo || !t) {
        json_decref(undo);
        json_decref(t);
        return NULL;
    }
    return json_pack("{s:i, s:o, s:o}", "v", SNAPSHOT_VERSION, "t", t, "undo", undo);
}

static int decode_obj(const desc_t *d, const json_t *o, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen);

static int decode_one(const field_t *f, const json_t *v, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen)
{
    switch (f->kind) {
    case K_INT: case K_UINT: {
        if (!json_is_integer(v))
            break;
        json_int_t x = json_integer_value(v);
        /* In range of the member, or the snapshot is not one we wrote. */
        if (f->kind == K_INT && f->esize < 8) {
            int64_t lim = (int64_t)1 << (f->esize * 8 - 1);
            if (x < -lim || x >= lim)
                break;
        } else if (f->kind == K_UINT && f->esize < 8 &&
                   (x < 0 || (uint64_t)x >= (uint64_t)1 << (f->esize * 8))) {
            break;
        }
        if (f->esize == 1) { int8_t y = (int8_t)x; memcpy(p, &y, 1); }
        else if (f->esize == 2) { int16_t y = (int16_t)x; memcpy(p, &y, 2); }
        else if (f->esize == 4) { int32_t y = (int32_t)x; memcpy(p, &y, 4); }
        else { int64_t y = (int64_t)x; memcpy(p, &y, 8); }
        return 0;
    }
    case K_BOOL:
        if (!json_is_boolean(v))
            break;
        *(bool *)p = json_is_true(v);
        return 0;
    case K_STR:
        if (!json_is_string(v) || json_string_length(v) >= f->esize ||
            strlen(json_string_value(v)) != json_string_length(v))
            break;
        memcpy(p, json_string_value(v), json_string_length(v) + 1);
        return 0;
    case K_OBJ:
        return decode_obj(f->sub, v, p, base, err, errlen);
    }
    snprintf(err, errlen, "the snapshot's %s is not what it should be", f->name);
    return -1;
}

/* Reads the fields written by encode_obj over a copy of *base. */
static int decode_obj(const desc_t *d, const json_t *o, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen)
{
    if (!json_is_object(o)) {
        snprintf(err, errlen, "the snapshot has a value where a record should be");
        return -1;
    }
    memmove(p, base, d->size);
    for (const field_t *f = d->f; f->name; f++) {
        const json_t *v = json_object_get(o, f->name);
        unsigned char *q = p + f->off;
        if (!v)
            continue; /* as the base, or a field this snapshot predates */
        if (f->n == 1) {
            if (decode_one(f, v, q, base + f->off, err, errlen) != 0)
                return -1;
            continue;
        }
        if (!json_is_array(v) || json_array_size(v) > f->n) {
            snprintf(err, errlen, "the snapshot's %s has more than %zu entries", f->name, f->n);
            return -1;
        }
        memset(q, 0, f->n * f->esize);
        for (size_t i = 0; i < json_array_size(v); i++)
            if (decode_one(f, json_array_get(v, i), q + i * f->esize, zeros, err, errlen) != 0)
                return -1;
    }
    return 0;
}

static bool in(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

/* What the model relies on to index its arrays; everything else a wrong
 * value could only show wrong, never crash. */
static int tourney_check(const tourney_t *t, char *err, size_t errlen)
{
    const structure_t *s = &t->s;
    char why[200];
    if (!structure_validate(s, why, sizeof why)) {
        snprintf(err, errlen, "the snapshot's structure is not valid: %s", why);
        return -1;
    }
    bool places = true;
    for (int i = 0; i < s->n_payouts; i++)
        places = places && in(s->payouts[i].places, 1, TOURNEY_MAX_PLACES);
    if (!in(s->n_chips, 0, TOURNEY_MAX_CHIPS) || !in(s->n_payouts, 0, TOURNEY_MAX_PAYOUT_TABLES) ||
        !places || !in(t->clock.level, 0, s->n_levels - 1) ||
        !in(t->n_penalties, 0, TOURNEY_MAX_PENALTIES) ||
        !in(t->n_results, 0, TOURNEY_MAX_RESULTS) || !in(t->hfh.tables, 0, TOURNEY_MAX_TABLES) ||
        !in(t->day_end.tables, 0, TOURNEY_MAX_TABLES) || !in(t->entries, 0, INT_MAX / 2) ||
        !in(t->busted, 0, t->entries)) {
        snprintf(err, errlen, "the snapshot holds a count out of its range");
        return -1;
    }
    return 0;
}

int snapshot_model_from_json(const json_t *j, model_t *m, char *err, size_t errlen)
{
    const json_t *t = json_object_get(j, "t"), *undo = json_object_get(j, "undo");
    json_int_t v = json_integer_value(json_object_get(j, "v"));
    if (!json_is_object(j) || !t) {
        snprintf(err, errlen, "the snapshot has no tournament");
        return -1;
    }
    if (v > SNAPSHOT_VERSION) {
        snprintf(err, errlen, "the snapshot was written by a newer pokerclock (format %lld)",
                 (long long)v);
        return -1;
    }
    if (undo && (!json_is_array(undo) || json_array_size(undo) > TOURNEY_UNDO_DEPTH)) {
        snprintf(err, errlen, "the snapshot's undo stack is not a list of at most %d",
                 TOURNEY_UNDO_DEPTH);
        return -1;
    }
    model_t *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memset(tmp, 0, sizeof *tmp);
    int rc = decode_obj(&tourney_d, t, (void *)&tmp->t, zeros, err, errlen);
    if (rc == 0)
        rc = tourney_check(&tmp->t, err, errlen);
    tmp->n_undo = (int)json_array_size(undo);
    for (int i = 0; rc == 0 && i < tmp->n_undo; i++) {
        rc = decode_obj(&tourney_d, json_array_get(undo, (size_t)i), (void *)&tmp->undo[i],
                        (const void *)&tmp->t, err, errlen);
        if (rc == 0)
            rc = tourney_check(&tmp->undo[i], err, errlen);
    }
    if (rc == 0)
        *m = *tmp;
    free(tmp);
    return rc;
}
