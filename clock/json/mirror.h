/* A follower's copies of the master's resources: the roster of GET
 * /api/players (what its own wall draws from) and the sound of GET
 * /api/settings. */
#ifndef POKERCLOCK_JSON_MIRROR_H
#define POKERCLOCK_JSON_MIRROR_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "model/seating.h"

/* Reads the players, the tables (numbers, seats, blocked seats, buttons,
 * the break order) and the recent moves (their times as now - ago_ms) of
 * GET /api/players into r, with its version: enough for the wall's move
 * strips, names and the winner. 0, or -1 with err (r then holds nothing
 * to show). */
int mirror_roster(const json_t *doc, int64_t now, roster_t *r, char *err, size_t errlen);

/* The master's sound as it plays it (the "sound" of GET /api/settings: its
 * volume, each event's sound, which events speak) into the sound settings
 * of t, over this screen's configuration, so that a follower sounds like
 * its master. 0, or -1 with err (t unchanged). */
int mirror_sound(const json_t *settings, tourney_t *t, char *err, size_t errlen);

#endif
