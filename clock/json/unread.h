/* The refusal of a command the clock cannot read, for every reader of
 * commands (json/codec.c and the readers it calls for their fields). */
#ifndef POKERCLOCK_UNREAD_H
#define POKERCLOCK_UNREAD_H

#include "model/refusal.h"

/* -1 with *no: command_unread, its English words made from fmt (a command
 * the panel never sends: a key or a type the clock does not read). */
int codec_unread(refusal_t *no, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
