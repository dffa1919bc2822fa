/* The whole tournament (the model and its undo stack) as JSON, for the journal's snapshots. */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/fields.h"
#include "store/snapshot.h"

/* Why JSON with field names and not the struct's bytes: an appliance update
 * that adds a field to tourney_t changes the layout, and a binary snapshot
 * would then be unreadable, the running tournament lost at the update. By
 * name, a new program reads an old snapshot (the new field stays 0, which
 * every field of the model takes as "not given") and an old one reads a new
 * snapshot (unknown names are skipped). The fields are those model/fields
 * describes (FORM_SNAPSHOT: by member name, in the member's own unit); the
 * encoder and the decoder walk that description. Zero values and trailing
 * zero array elements are left out, and an undo step holds only what it
 * changes: a snapshot stays a few kilobytes. */

/* What a field that is not written reads as, outside an undo step. */
static const unsigned char zeros[sizeof(tourney_t)];

static bool all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static json_t *encode_obj(const record_t *r, const unsigned char *p, const unsigned char *base,
                          bool sparse);

static json_t *encode_one(const field_t *f, const unsigned char *p, const unsigned char *base,
                          bool sparse)
{
    switch (f->type) {
    case FIELD_BOOL: return json_boolean(*(const bool *)p);
    case FIELD_TEXT: return json_stringn((const char *)p, strnlen((const char *)p, f->size));
    case FIELD_RECORD: return encode_obj(f->sub, p, base, sparse);
    /* A 64-bit mask goes through json_int_t as its two's complement. */
    default: return json_integer((json_int_t)field_raw(f, p));
    }
}

/* Whether a value differs from the base's; sparse, a text by what it says
 * (the bytes after its end say nothing). */
static bool differs(const field_t *f, const unsigned char *q, const unsigned char *qb, size_t n,
                    bool sparse)
{
    if (sparse && f->type == FIELD_TEXT) {
        for (size_t k = 0; k < n; k++)
            if (strncmp((const char *)q + k * f->size, (const char *)qb + k * f->size, f->size))
                return true;
        return false;
    }
    return memcmp(q, qb, n * f->size) != 0;
}

/* The elements of an array, less its trailing zeros. */
static size_t used(const field_t *f, const unsigned char *q)
{
    size_t n = f->n;
    while (n > 0 && all_zero(q + (n - 1) * f->size, f->size))
        n--;
    return n;
}

/* An array whole: [e0, e1, ...] less the trailing zeros. */
static json_t *encode_array(const field_t *f, const unsigned char *q)
{
    size_t n = used(f, q);
    json_t *v = json_array();
    for (size_t k = 0; v && k < n; k++)
        if (json_array_append_new(v, encode_one(f, q + k * f->size, zeros, false)) != 0) {
            json_decref(v);
            v = NULL;
        }
    return v;
}

/* Only the elements that differ from the base's: {"#": the elements in
 * use, "k": element k (itself only what differs), ...}. A bust changes one
 * result of 64, a level edit one level of 128. */
static json_t *encode_sparse(const field_t *f, const unsigned char *q, const unsigned char *qb)
{
    size_t n = used(f, q);
    json_t *v = json_pack("{s:I}", "#", (json_int_t)n);
    for (size_t k = 0; v && k < n; k++) {
        const unsigned char *e = q + k * f->size, *eb = qb + k * f->size;
        if (!differs(f, e, eb, 1, true))
            continue;
        char key[24];
        snprintf(key, sizeof key, "%zu", k);
        if (json_object_set_new(v, key, encode_one(f, e, eb, true)) != 0) {
            json_decref(v);
            v = NULL;
        }
    }
    return v;
}

/* An array changed, sparse: its elements that differ; an array of numbers
 * whole when that is shorter (an action's three values: [2,39,40], not
 * {"#":3,"0":2,"1":39,"2":40}). */
static json_t *encode_changed(const field_t *f, const unsigned char *q, const unsigned char *qb)
{
    json_t *some = encode_sparse(f, q, qb);
    if (!some || f->type == FIELD_RECORD || f->type == FIELD_TEXT)
        return some;
    json_t *all = encode_array(f, q);
    size_t a = all ? json_dumpb(all, NULL, 0, JSON_COMPACT) : 0;
    if (!a || a >= json_dumpb(some, NULL, 0, JSON_COMPACT)) {
        json_decref(all);
        return some;
    }
    json_decref(some);
    return all;
}

/* The fields of *p that differ from *base into o: against zeros, the fields
 * that are given; against the current tournament, what an undo step changes
 * (a step is then a few bytes, not another copy of 128 levels). An array
 * that differs is written whole, less its trailing zeros; sparse, only its
 * elements that differ (a journal record's delta), but for those of the
 * configuration. */
static int encode_fields(json_t *o, const record_t *r, const unsigned char *p,
                         const unsigned char *base, bool sparse)
{
    for (int i = 0; i < r->n; i++) {
        const field_t *f = &r->f[i];
        if (f->type == FIELD_GROUP) {
            if (encode_fields(o, f->sub, p, base, sparse) != 0)
                return -1;
            continue;
        }
        const unsigned char *q = p + f->offset, *qb = base + f->offset;
        if (!(f->forms & FORM_SNAPSHOT) || !differs(f, q, qb, f->n, sparse))
            continue;
        /* A configuration's array (levels, chips, payouts) is written
         * whole all the same: the structure is checked as a whole, and one
         * record carrying it makes good a level edit that was lost. */
        json_t *v = f->n == 1                             ? encode_one(f, q, qb, sparse)
                    : sparse && !(f->forms & FORM_CONFIG) ? encode_changed(f, q, qb)
                                                          : encode_array(f, q);
        if (!v || json_object_set_new(o, f->member, v) != 0)
            return -1;
    }
    return 0;
}

static json_t *encode_obj(const record_t *r, const unsigned char *p, const unsigned char *base,
                          bool sparse)
{
    json_t *o = json_object();
    if (o && encode_fields(o, r, p, base, sparse) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *snapshot_model_to_json(const model_t *m)
{
    json_t *undo = json_array();
    for (int i = 0; undo && i < m->n_undo; i++)
        if (json_array_append_new(undo, encode_obj(&tourney_record, (const void *)&m->undo[i],
                                                   (const void *)&m->t, false)) != 0) {
            json_decref(undo);
            undo = NULL;
        }
    json_t *t = encode_obj(&tourney_record, (const void *)&m->t, zeros, false);
    if (!undo || !t) {
        json_decref(undo);
        json_decref(t);
        return NULL;
    }
    return json_pack("{s:i, s:o, s:o}", "v", SNAPSHOT_VERSION, "t", t, "undo", undo);
}

static int decode_obj(const record_t *r, const json_t *o, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen);

static int decode_one(const field_t *f, const json_t *v, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen)
{
    switch (f->type) {
    case FIELD_BOOL:
        if (!json_is_boolean(v))
            break;
        *(bool *)p = json_is_true(v);
        return 0;
    case FIELD_TEXT:
        if (!json_is_string(v) || json_string_length(v) >= f->size ||
            strlen(json_string_value(v)) != json_string_length(v))
            break;
        /* Whole: no bytes of the text it replaces left after its end. */
        memset(p, 0, f->size);
        memcpy(p, json_string_value(v), json_string_length(v));
        return 0;
    case FIELD_RECORD: return decode_obj(f->sub, v, p, base, err, errlen);
    default: {
        if (!json_is_integer(v))
            break;
        json_int_t x = json_integer_value(v);
        bool u = f->type == FIELD_UINT || f->type == FIELD_RGB;
        /* In range of the member, or the snapshot is not one we wrote. */
        if (!u && f->size < 8) {
            int64_t lim = (int64_t)1 << (f->size * 8 - 1);
            if (x < -lim || x >= lim)
                break;
        } else if (u && f->size < 8 && (x < 0 || (uint64_t)x >= (uint64_t)1 << (f->size * 8))) {
            break;
        }
        field_set_raw(f, p, x);
        return 0;
    }
    }
    snprintf(err, errlen, "the snapshot's %s is not what it should be", f->member);
    return -1;
}

/* An array as encode_sparse wrote it, onto the array as it is at q. */
static int decode_sparse(const field_t *f, const json_t *v, unsigned char *q, char *err,
                         size_t errlen)
{
    const json_t *n = json_object_get(v, "#");
    if (!json_is_integer(n) || json_integer_value(n) < 0 || (size_t)json_integer_value(n) > f->n) {
        snprintf(err, errlen, "the %s changed has no count of at most %zu", f->member, f->n);
        return -1;
    }
    size_t used_n = (size_t)json_integer_value(n);
    const char *key;
    const json_t *e;
    json_object_foreach((json_t *)v, key, e)
    {
        char *end;
        unsigned long k = strtoul(key, &end, 10);
        if (!strcmp(key, "#"))
            continue;
        if (*end || end == key || k >= used_n) {
            snprintf(err, errlen, "the %s changed has no element %s", f->member, key);
            return -1;
        }
        unsigned char *at = q + k * f->size;
        if (decode_one(f, e, at, at, err, errlen) != 0)
            return -1;
    }
    memset(q + used_n * f->size, 0, (f->n - used_n) * f->size);
    return 0;
}

/* Reads the fields written by encode_fields into p (a copy of *base). */
static int decode_fields(const record_t *r, const json_t *o, unsigned char *p,
                         const unsigned char *base, char *err, size_t errlen)
{
    for (int i = 0; i < r->n; i++) {
        const field_t *f = &r->f[i];
        if (f->type == FIELD_GROUP) {
            if (decode_fields(f->sub, o, p, base, err, errlen) != 0)
                return -1;
            continue;
        }
        const json_t *v = json_object_get(o, f->member);
        unsigned char *q = p + f->offset;
        if (!(f->forms & FORM_SNAPSHOT) || !v)
            continue; /* as the base, or a field this snapshot predates */
        if (f->n == 1) {
            if (decode_one(f, v, q, base + f->offset, err, errlen) != 0)
                return -1;
            continue;
        }
        if (json_is_object(v)) {
            if (decode_sparse(f, v, q, err, errlen) != 0)
                return -1;
            continue;
        }
        if (!json_is_array(v) || json_array_size(v) > f->n) {
            snprintf(err, errlen, "the snapshot's %s has more than %zu entries", f->member, f->n);
            return -1;
        }
        memset(q, 0, f->n * f->size);
        for (size_t k = 0; k < json_array_size(v); k++)
            if (decode_one(f, json_array_get(v, k), q + k * f->size, zeros, err, errlen) != 0)
                return -1;
    }
    return 0;
}

static int decode_obj(const record_t *r, const json_t *o, unsigned char *p,
                      const unsigned char *base, char *err, size_t errlen)
{
    if (!json_is_object(o)) {
        snprintf(err, errlen, "the snapshot has a value where a record should be");
        return -1;
    }
    memmove(p, base, r->size);
    return decode_fields(r, o, p, base, err, errlen);
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
        !in(t->n_results, 0, TOURNEY_MAX_RESULTS) || !in(t->deal.players, 0, TOURNEY_MAX_DEAL) ||
        !in(t->hfh.tables, 0, TOURNEY_MAX_TABLES) ||
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
    int rc = decode_obj(&tourney_record, t, (void *)&tmp->t, zeros, err, errlen);
    if (rc == 0)
        rc = tourney_check(&tmp->t, err, errlen);
    tmp->n_undo = (int)json_array_size(undo);
    for (int i = 0; rc == 0 && i < tmp->n_undo; i++) {
        rc = decode_obj(&tourney_record, json_array_get(undo, (size_t)i), (void *)&tmp->undo[i],
                        (const void *)&tmp->t, err, errlen);
        if (rc == 0)
            rc = tourney_check(&tmp->undo[i], err, errlen);
    }
    if (rc == 0)
        *m = *tmp;
    free(tmp);
    return rc;
}

json_t *snapshot_tourney_delta(const tourney_t *before, const tourney_t *after)
{
    return encode_obj(&tourney_record, (const void *)after, (const void *)before, true);
}

int snapshot_tourney_apply(const json_t *delta, tourney_t *t, char *err, size_t errlen)
{
    tourney_t *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *tmp = *t;
    int rc = decode_obj(&tourney_record, delta, (void *)tmp, (const void *)tmp, err, errlen);
    if (rc == 0)
        rc = tourney_check(tmp, err, errlen);
    if (rc == 0)
        *t = *tmp;
    free(tmp);
    return rc;
}
