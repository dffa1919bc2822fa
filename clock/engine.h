/* The one writer: validates, journals and applies commands, publishes snapshots. */
#ifndef POKERCLOCK_ENGINE_H
#define POKERCLOCK_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/seating.h"
#include "model/tourney.h"

typedef struct engine engine_t;

/* An immutable published state. Readers hold a reference while they use it;
 * nothing in it ever changes. */
typedef struct {
    tourney_t t;
    uint64_t seq;            /* grows with every change, level changes too */
    char storage_error[256]; /* "" while the journal is writable */
    char follows[128];       /* a follower: the master's URL; else "" */
    char notice[256];        /* start-up notice for the panel, or "" */
    const roster_t *roster;  /* players, tables and seats (never NULL) */
    const char *roster_json; /* a follower: the master's GET /api/players, */
    size_t roster_json_len;  /* as it was last fetched; else NULL */
    char language[8];        /* the wall's language: set on the panel, else */
    char language2[8];       /* the configuration's; the second one or "" */
    bool sound_known;        /* the wall has said what it can play: */
    refusal_t sound;         /* why it plays no sound (code REFUSAL_NONE: it does) */
    refusal_t speech;        /* why it does not speak (REFUSAL_NONE: it does) */
    uint64_t slides_version; /* the venue's slides: screens fetch them again
                                when it changes */
    char printer[16];        /* the receipt printer: "ready", "missing",
                                "paper_out", "offline", "error"; "" none */
} snapshot_t;

typedef struct {
    const char *state_dir;   /* where the journal lives; NULL: memory only */
    const char *config_text; /* libconfig text of the tournament to start */
    const char *config_name; /* its file name, for messages */
    bool read_only;          /* replay the journal but never write to it */
    const char *follow_url;  /* a follower: shows the tournament of this
                                master (engine_mirror), refuses commands */
} engine_options_t;

/* Loads the tournament: resumes the journal in state_dir when there is one
 * (replay; after a reboot, paused at the last checkpoint), else starts the
 * tournament of config_text. NULL with err on a problem a person must fix. */
engine_t *engine_new(const engine_options_t *o, char *err, size_t errlen);
void engine_free(engine_t *e);

/* The engine's time in ms: CLOCK_MONOTONIC, continued across reboots. */
int64_t engine_now(const engine_t *e);

/* The single way to change the tournament. Returns APPLY_OK, or the
 * outcome of a refusal (APPLY_UNAVAILABLE: it could not be saved, nothing
 * changed); err (when not NULL) says why. */
apply_status engine_apply(engine_t *e, const command_t *c, int64_t now, refusal_t *err);
/* The same; done (when not NULL) receives the command as it was applied
 * and journaled: a register's seats drawn, and in done->player the number
 * of the first player it registered. */
apply_status engine_apply_get(engine_t *e, const command_t *c, int64_t now, command_t *done,
                              refusal_t *err);

/* What a new tournament needs besides the engine. */
typedef struct {
    bool confirm; /* the director confirmed: a tournament under
                     way may be put aside */
    /* The result sheet of the tournament put aside, as JSON or as CSV
     * (malloc'd, *len bytes), from engine_snapshot: called with the writer
     * lock held, so the snapshot is the tournament as it ends. NULL: no
     * sheet. */
    char *(*sheet)(void *ctx, bool csv, size_t *len);
    void *ctx;
} engine_new_options_t;

/* Puts the tournament aside and starts the configured one (the
 * configuration given at start) fresh: its journal and result sheet go to
 * STATE/archive/<UTC time>-<name>/ (archived receives that folder, "" when
 * nothing was ever saved), the journal begins again, seq and the roster's
 * version move on. Refused (APPLY_CONFLICT) while the tournament is under
 * way unless o->confirm; APPLY_UNAVAILABLE when the disk refuses, with
 * nothing changed. A power cut on the way restarts into the old tournament
 * or the new one. */
apply_status engine_new_tournament(engine_t *e, const engine_new_options_t *o, int64_t now,
                                   char *archived, size_t archivedlen, refusal_t *err);

/* Called from the main loop a few times a second: writes checkpoints while
 * the clock runs and publishes a new snapshot when the level changes. */
void engine_tick(engine_t *e, int64_t now);

/* The current snapshot with a reference taken; release it when done. */
const snapshot_t *engine_snapshot(engine_t *e);
void snapshot_release(const snapshot_t *s);
/* One more reference to a snapshot already held. */
const snapshot_t *snapshot_retain(const snapshot_t *s);

/* What the wall can play, for the panel: why it has no sound and why it
 * cannot speak (NULL when it can); publishes. */
void engine_set_sound(engine_t *e, const refusal_t *sound, const refusal_t *speech);

/* How the receipt printer is (print/printer.h's words), for the panel;
 * publishes when it changed. */
void engine_set_printer(engine_t *e, const char *status);

/* The venue's slides changed (their list's version): publishes, so that
 * every screen sees it in the state at once. */
void engine_set_slides_version(engine_t *e, uint64_t version);

/* A follower's way to show a tournament that is run elsewhere: replaces the
 * tournament with *t (when t is not NULL) and the notice with notice ("" or
 * NULL clears it), and publishes. Only for an engine made with follow_url;
 * returns 0, or -1 otherwise. */
int engine_mirror(engine_t *e, const tourney_t *t, const char *notice);

/* A follower's copy of the master's roster: json (malloc'd JSON text of
 * GET /api/players, taken over) goes out with the next engine_mirror's
 * snapshot, with version as its roster_version, and r (NULL: none) as the
 * roster this screen's wall draws from. -1 when not a follower. */
int engine_mirror_players(engine_t *e, uint32_t version, char *json, size_t len, const roster_t *r);

/* Called (from the publishing thread, with no lock held) after every new
 * snapshot; e.g. to wake event streams. One listener per slot. */
typedef void (*engine_listener_fn)(void *ctx, uint64_t seq);
void engine_listen(engine_t *e, engine_listener_fn fn, void *ctx);

#endif
