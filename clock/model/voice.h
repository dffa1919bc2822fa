/* The wall's voice as the tournament holds it: its languages set on the
 * panel, the quiet switch, the text typed to be spoken; and which sounds
 * and spoken announcements a change of the tournament calls for. */
#ifndef POKERCLOCK_VOICE_H
#define POKERCLOCK_VOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/tourney.h"

/* set_language, sound and say; on failure nothing changes and err says why. */
apply_status voice_apply(tourney_t *t, const command_t *c, int64_t now, char *err,
                         size_t errlen);

/* Whether code is a language the wall speaks: en, no (or nb), de, nl, da. */
bool voice_language_known(const char *code);

#endif
