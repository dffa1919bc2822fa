/* The monotonic clock in milliseconds, and timed waits that run on it: a
 * change of the wall-clock time (NTP, the director setting the date) moves
 * no deadline. */
#ifndef POKERCLOCK_MONO_H
#define POKERCLOCK_MONO_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

/* Milliseconds of CLOCK_MONOTONIC: only differences mean anything. */
int64_t mono_ms(void);

/* A condition variable whose pthread_cond_timedwait deadlines are
 * mono_deadline()'s. 0, or the error of pthread_cond_init. */
int mono_cond_init(pthread_cond_t *c);

/* The moment at (mono_ms() milliseconds) as a deadline for
 * pthread_cond_timedwait on a condition variable made by mono_cond_init. */
struct timespec mono_deadline(int64_t at);

#endif
