/* make test TSAN=1 runs the unit tests under ThreadSanitizer, where work on
 * one thread runs 20 to 50 times slower. A test that repeats on one thread,
 * many times over, what the others do once (hours of a tournament, every
 * golden picture) starts with LONG_ON_ONE_THREAD(): it is skipped there,
 * where it could find no race, and runs in every other build. Include
 * after <cmocka.h>. */
#ifndef POKERCLOCK_TEST_TSAN_H
#define POKERCLOCK_TEST_TSAN_H

#if defined(__SANITIZE_THREAD__)
#define POKERCLOCK_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define POKERCLOCK_TSAN 1
#endif
#endif

#ifdef POKERCLOCK_TSAN
#define LONG_ON_ONE_THREAD() skip()
#else
#define LONG_ON_ONE_THREAD() ((void)0)
#endif

#endif
