/* JSON forms (jansson) of the state, the structure and commands. */
#ifndef POKERCLOCK_CODEC_H
#define POKERCLOCK_CODEC_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "model/tourney.h"
#include "json/unread.h"

/* The public state at `now`, as GET /api/state returns it. */
json_t *codec_state(const tourney_t *t, uint64_t seq, int64_t now, const char *storage_error,
                    const char *notice);
/* The structure, as GET /api/structure returns it. */
json_t *codec_structure(const structure_t *s);

/* A command from its JSON object ({"type": "pause"}, ...). Returns 0, or -1
 * with *no saying what is wrong (field_whole: "delta_ms must be a whole
 * number"). */
int codec_command_parse(const json_t *obj, command_t *c, refusal_t *no);
/* The same, also accepting the commands only the engine itself journals. */
int codec_command_parse_internal(const json_t *obj, command_t *c, refusal_t *no);
/* The same from request body text. */
int codec_command_parse_text(const char *text, size_t len, command_t *c, refusal_t *no);
json_t *codec_command(const command_t *c);

#endif
