/* The refusal of a command the clock cannot read (unread.h). */
#include <stdarg.h>
#include <stdio.h>

#include "json/unread.h"

int codec_unread(refusal_t *no, const char *fmt, ...)
{
    char why[REFUSAL_VALUE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    refuse_command_unread(no, why);
    return -1;
}
