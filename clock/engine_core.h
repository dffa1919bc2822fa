/* The engine's insides, shared by its files, each using only those below
 * it: engine_core.c (time, publishing, the start of a tournament),
 * engine_records.c (writing the journal), engine_replay.c (reading it
 * back), engine_new.c (a new tournament) and on top engine.c (commands,
 * life cycle). Nothing outside the engine includes this. */
#ifndef POKERCLOCK_ENGINE_CORE_H
#define POKERCLOCK_ENGINE_CORE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "engine.h"
#include "model/game.h"
#include "store/config.h"
#include "store/journal.h"

enum {
    MAX_LISTENERS = 8,
    CHECKPOINT_EVERY_MS = 5000,
    SEQ_RESTART_MARGIN = 1000,
};

/* The roster as published: shared by the snapshots until it changes. */
typedef struct roster_pub {
    roster_t r;
    atomic_int refs;
    char *json; /* a follower: the master's roster, or NULL */
    size_t json_len;
} roster_pub_t;

typedef struct {
    snapshot_t s; /* first: a snapshot_t* is a published_t* */
    atomic_int refs;
    roster_pub_t *roster; /* a reference */
} published_t;

/* Where the journal's snapshots are and what came after the last one:
 * when the next is due and from where compaction may drop records. */
typedef struct {
    long at;            /* the last snapshot's offset; -1: none */
    long len;           /* its size on disk */
    long prev_at;       /* the one before it (the fallback); -1: none */
    long records_since; /* records appended after the last one */
} snaps_t;

/* Every field below is guarded by write_lock (the one writer), except
 * `published`, which pub_lock guards so that readers never wait for a
 * command's disk write, and the listeners, which are set before any
 * thread other than the main one runs. */
struct engine {
    pthread_mutex_t write_lock; /* one writer: model, journal, counters */
    pthread_mutex_t pub_lock;   /* guards only the `published` pointer */
    game_t *m, *scratch;        /* scratch: where a command is tried first */
    roster_t *tables;           /* the configuration's tables, players none */
    roster_pub_t *roster;       /* the roster last published */
    journal_t *j;               /* NULL: memory only, or the disk failed */
    char *state_dir;
    bool read_only;
    char *follow_url;  /* a follower: commands go to this master */
    char *mirror_json; /* the master's roster for the next publish */
    size_t mirror_json_len;
    char *config_text, *config_name;
    char *configured_text, *configured_name; /* what a new tournament starts */
    char boot_id[64];
    int64_t offset; /* engine time = CLOCK_MONOTONIC + offset */
    uint64_t seq;
    int64_t n_rec; /* the number of the journal's last record */
    snaps_t snaps;
    int64_t last_checkpoint;
    int shown_level;     /* what the last snapshot showed, to publish */
    bool shown_overtime; /* when the derived picture changes */
    bool shown_announcement;
    char storage_error[256];
    char notice[256];
    char language[8], language2[8]; /* the configuration's languages */
    bool sound_known;               /* the wall has said: */
    refusal_t sound, speech;        /* why it has no sound, no voice */
    uint64_t slides_version;
    char printer[16]; /* the receipt printer's status; "" none */
    char *pending[2]; /* records of a restart that did not fit on
                         the disk: written before any other */
    int n_pending;
    published_t *published;
    struct {
        engine_listener_fn fn;
        void *ctx;
    } listeners[MAX_LISTENERS];
    int n_listeners;
};

int64_t engine_mono_ms(void);
int64_t engine_wall_ms(void);

/* engine_core.c: the tournament of a configuration at its start, with its
 * tables; a new snapshot for readers (write_lock held); a reference to a
 * published roster given back. */
void engine_start_game(engine_t *e, const settings_t *c);
void engine_publish(engine_t *e, int64_t now);
void engine_roster_release(roster_pub_t *r);
/* Tells the listeners (without write_lock held). */
void engine_notify(engine_t *e, uint64_t seq);

/* engine_records.c, all with write_lock held. */
/* Appends a record (it takes rec), numbered; with sync, on disk before it
 * returns. 0, or -1 with err and nothing appended. */
int records_append(engine_t *e, json_t *rec, bool sync, char *err, size_t errlen);
/* A record of the restart itself, kept and written before the next one
 * when the disk is full. */
void records_append_restart(engine_t *e, json_t *rec);
/* The configuration's first record of a tournament. */
json_t *records_init(engine_t *e, int64_t now, const char *name, const char *text);
/* What one command changed: {"t": the tournament's members that differ,
 * "r": the roster's change, when it has one}. NULL when out of memory. */
json_t *records_delta(const game_t *before, const game_t *after);
/* A command's record: the command and what it changed (before -> after). */
json_t *records_command(engine_t *e, const command_t *c, int64_t now, uint64_t seq,
                        const game_t *before, const game_t *after);
/* A snapshot of the whole tournament now (never fails: without one the
 * records still hold the tournament). */
void records_snapshot(engine_t *e, int64_t now);
/* After a record: a snapshot when one is due, and compaction after it. */
void records_upkeep(engine_t *e, int64_t now);
/* Opens the journal and starts it with the configuration (no command
 * accepted yet). */
int records_start(engine_t *e, char *err, size_t errlen);
/* Replaces the journal by a new tournament's first record. */
int records_begin_again(engine_t *e, int64_t now, uint32_t roster_version, char *err,
                        size_t errlen);
/* Whether a record is of kind k, without parsing it (the engine writes "k"
 * first); and the number a record carries at its end ("n", last), 0 when
 * it carries none. */
bool records_is(const char *payload, size_t len, const char *k);
int64_t records_number(const char *payload, size_t len);
/* Whether records of this kind take a number of their own (the others
 * carry the number of the last one before them). */
bool records_counted(const char *k);
/* Puts back what a command changed from the change its record carries;
 * the undo stack is cleared (it cannot reach across what was lost).
 * 0, or -1 with why and g unchanged. */
int records_put_back(game_t *g, const json_t *delta, char *why, size_t whylen);
/* The end mark: the number and wall time of the last record on disk. */
void records_mark(engine_t *e, int64_t n, int64_t wall);

/* engine_replay.c: the tournament from the journal in e->state_dir, or a
 * new journal begun with it (see engine_new). */
int replay_open(engine_t *e, char *err, size_t errlen);

#endif
