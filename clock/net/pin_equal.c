/* Comparing a PIN typed on the network with the director's, in constant time. */
#include <string.h>

#include "net/pin_equal.h"

bool pin_equal(const char *want, const char *got)
{
    size_t wl = strlen(want), gl = strlen(got);
    unsigned diff = wl != gl || wl == 0;
    /* Every byte sent is looked at, matching or not: a guess that is right
     * up to some digit takes as long as one wrong from the first. */
    for (size_t i = 0; i < gl; i++)
        diff |= (unsigned char)got[i] ^ (unsigned char)want[wl ? i % wl : 0];
    return diff == 0;
}
