/* The monotonic clock and the timed waits that run on it: a wait ends at
 * its deadline, neither before it nor long after. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/mono.h"

static void clock_moves_forward(void **state)
{
    (void)state;
    int64_t a = mono_ms();
    struct timespec nap = {0, 20 * 1000000L};
    nanosleep(&nap, NULL);
    int64_t b = mono_ms();
    assert_true(b - a >= 20);
    assert_true(b - a < 2000);
}

static void deadline_splits_milliseconds(void **state)
{
    (void)state;
    struct timespec t = mono_deadline(12345);
    assert_int_equal(t.tv_sec, 12);
    assert_int_equal(t.tv_nsec, 345 * 1000000L);
    t = mono_deadline(-5);
    assert_int_equal(t.tv_sec, 0);
    assert_int_equal(t.tv_nsec, 0);
}

/* A wait with nobody signalling lasts until its deadline: had the condition
 * variable kept the wall-clock time, a monotonic deadline (far in the
 * wall clock's past) would end it at once. */
static void timed_wait_lasts_until_deadline(void **state)
{
    (void)state;
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t wake;
    assert_int_equal(mono_cond_init(&wake), 0);
    pthread_mutex_lock(&lock);
    int64_t start = mono_ms();
    struct timespec until = mono_deadline(start + 150);
    int rc = 0;
    while (rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&wake, &lock, &until);
    int64_t waited = mono_ms() - start;
    pthread_mutex_unlock(&lock);
    pthread_cond_destroy(&wake);
    assert_true(waited >= 150);
    assert_true(waited < 2000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clock_moves_forward),
        cmocka_unit_test(deadline_splits_milliseconds),
        cmocka_unit_test(timed_wait_lasts_until_deadline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
