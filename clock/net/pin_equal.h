/* Comparing a PIN typed on the network with the director's, in constant time. */
#ifndef POKERCLOCK_PIN_EQUAL_H
#define POKERCLOCK_PIN_EQUAL_H

#include <stdbool.h>

/* Whether got is exactly want; an empty want matches nothing. The time
 * taken depends only on got's length, not on how much of it was right. */
bool pin_equal(const char *want, const char *got);

#endif
