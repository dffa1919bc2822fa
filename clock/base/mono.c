/* The monotonic clock in milliseconds, and timed waits that run on it. */
#include "base/mono.h"

int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int mono_cond_init(pthread_cond_t *c)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(c, &ca);
    pthread_condattr_destroy(&ca);
    return rc;
}

struct timespec mono_deadline(int64_t at)
{
    if (at < 0)
        at = 0;
    return (struct timespec){.tv_sec = at / 1000, .tv_nsec = (long)(at % 1000) * 1000000L};
}
