/* The director PIN: comparing it, making it, keeping it as a hash, and the one-time code from the
 * wall. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/pin_equal.h"
#include "store/pin.h"

static pin_t configured(const char *text)
{
    pin_t p;
    assert_int_equal(pin_configured(&p, text), 0);
    return p;
}

static void only_the_exact_pin_matches(void **state)
{
    (void)state;
    pin_t p = configured("482913");
    assert_true(pin_equal(&p.key, "482913"));
    /* Wrong PINs that share the last digit, all but the first, or a prefix. */
    assert_false(pin_equal(&p.key, "000003"));
    assert_false(pin_equal(&p.key, "582913"));
    assert_false(pin_equal(&p.key, "482910"));
    assert_false(pin_equal(&p.key, "48291"));
    assert_false(pin_equal(&p.key, "4829133"));
    assert_false(pin_equal(&p.key, "482913482913"));
    assert_false(pin_equal(&p.key, ""));
    /* The longest PIN; one typed longer would hash like it when cut, and
     * matches nothing; a longer one cannot be configured. */
    char longest[PIN_TEXT_MAX + 2];
    memset(longest, '7', PIN_TEXT_MAX);
    longest[PIN_TEXT_MAX] = 0;
    pin_t l = configured(longest);
    assert_true(pin_equal(&l.key, longest));
    strcat(longest, "7");
    assert_false(pin_equal(&l.key, longest));
    assert_int_equal(pin_configured(&l, longest), -1);
    /* No PIN set lets nobody in, not even with an empty one. */
    pin_t none = configured("");
    assert_false(pin_equal(&none.key, ""));
    assert_false(pin_equal(&none.key, "0"));
    /* The same PIN twice: another salt, another hash. */
    pin_t again = configured("482913");
    assert_memory_not_equal(p.key.salt, again.key.salt, PIN_SALT_LEN);
    assert_memory_not_equal(p.key.hash, again.key.hash, PIN_HASH_LEN);
    assert_true(pin_equal(&again.key, "482913"));
    assert_true(pin_kinds("482913") == 1e6);
    assert_true(pin_kinds("ab1") == 62.0 * 62 * 62);
}

static char *slurp(const char *dir, const char *name)
{
    static char text[4][512];
    static int next;
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *t = text[next++ % 4];
    size_t n = fread(t, 1, 511, f);
    t[n] = 0;
    fclose(f);
    return t;
}

static void put(const char *dir, const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void clean(const char *dir)
{
    const char *names[] = {"pin", "pin-wall", "pin-seen"};
    char path[128];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* A generated PIN: 8 digits, kept as a salted hash; in clear only for the
 * wall, and only until the director has logged in once. */
static void a_generated_pin_is_kept_as_a_hash(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    pin_t p, again;
    char shown[PIN_TEXT_MAX], wall[PIN_TEXT_MAX];
    assert_int_equal(pin_resolve(dir, NULL, &p, shown, sizeof shown), 0);
    assert_true(p.generated);
    assert_int_equal(strlen(shown), PIN_DIGITS);
    assert_int_equal(strspn(shown, "0123456789"), PIN_DIGITS);
    assert_true(p.kinds == 1e8);
    assert_true(pin_equal(&p.key, shown));
    /* DIR/pin: the hash, never the PIN. */
    char *kept = slurp(dir, "pin");
    assert_non_null(kept);
    assert_null(strstr(kept, shown));
    assert_int_equal(strncmp(kept, "sha256 d8 ", 10), 0);
    /* Before the first login: the same PIN again, shown again. */
    assert_int_equal(pin_resolve(dir, "", &again, wall, sizeof wall), 0);
    assert_string_equal(wall, shown);
    assert_true(pin_wall_text(dir, wall, sizeof wall));
    assert_string_equal(wall, shown);
    /* The first login: the clear copy goes; the PIN stays the same. */
    pin_mark_seen(dir);
    assert_null(slurp(dir, "pin-wall"));
    assert_false(pin_wall_text(dir, wall, sizeof wall));
    assert_int_equal(pin_resolve(dir, NULL, &again, wall, sizeof wall), 0);
    assert_string_equal(wall, "");
    assert_true(pin_equal(&again.key, shown));
    assert_true(again.kinds == 1e8);
    /* A configured PIN wins, and touches nothing kept. */
    assert_int_equal(pin_resolve(dir, "2468", &again, wall, sizeof wall), 0);
    assert_false(again.generated);
    assert_string_equal(wall, "");
    assert_true(pin_equal(&again.key, "2468"));
    assert_string_equal(slurp(dir, "pin"), kept);
    clean(dir);
}

/* A DIR/pin an older pokerclock wrote in clear is turned into its hash:
 * the same PIN logs in, shown on the wall while nobody has logged in. */
static void a_pin_kept_in_clear_is_hashed(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    put(dir, "pin", "30914691\n");
    pin_t p;
    char shown[PIN_TEXT_MAX];
    char wall[PIN_TEXT_MAX];
    assert_true(pin_wall_text(dir, wall, sizeof wall)); /* --screenshot before the start */
    assert_string_equal(wall, "30914691");
    assert_int_equal(pin_resolve(dir, NULL, &p, shown, sizeof shown), 0);
    assert_string_equal(shown, "30914691");
    assert_true(pin_equal(&p.key, "30914691"));
    assert_null(strstr(slurp(dir, "pin"), "30914691"));
    /* Once seen, as a director who logged in with it before. */
    clean(dir);
    strcpy(dir, "/tmp/pokerclock-pin-XXXXXX");
    assert_non_null(mkdtemp(dir));
    put(dir, "pin", "30914691\n");
    pin_mark_seen(dir);
    assert_int_equal(pin_resolve(dir, NULL, &p, shown, sizeof shown), 0);
    assert_string_equal(shown, "");
    assert_true(pin_equal(&p.key, "30914691"));
    assert_null(strstr(slurp(dir, "pin"), "30914691"));
    assert_null(slurp(dir, "pin-wall"));
    clean(dir);
}

/* A new PIN is one nobody has seen: the wall shows it even where a
 * director once logged in (with a configured PIN since taken out), and a
 * kept hash whose clear copy is lost before anybody saw it is replaced. */
static void a_new_pin_is_shown_again(void **state)
{
    (void)state;
    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    pin_mark_seen(dir);
    pin_t p, q;
    char shown[PIN_TEXT_MAX], again[PIN_TEXT_MAX];
    assert_int_equal(pin_resolve(dir, NULL, &p, shown, sizeof shown), 0);
    assert_int_equal(strlen(shown), PIN_DIGITS);
    assert_false(pin_seen(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/pin-wall", dir);
    unlink(path);
    assert_int_equal(pin_resolve(dir, NULL, &q, again, sizeof again), 0);
    assert_int_equal(strlen(again), PIN_DIGITS);
    assert_true(pin_equal(&q.key, again));
    clean(dir);
}

/* The sessions' mark: the same PIN gives a matching one (a restart keeps
 * them), another PIN does not. */
static void a_stamp_tells_the_pin_in_force(void **state)
{
    (void)state;
    pin_t a = configured("2468"), a2 = configured("2468"), b = configured("1357");
    pin_hash_t st;
    assert_int_equal(pin_stamp(&a, &st), 0);
    assert_true(pin_stamp_matches(&a2, &st));
    assert_false(pin_stamp_matches(&b, &st));

    char dir[] = "/tmp/pokerclock-pin-XXXXXX";
    assert_non_null(mkdtemp(dir));
    pin_t g, g2;
    char shown[PIN_TEXT_MAX];
    assert_int_equal(pin_resolve(dir, NULL, &g, shown, sizeof shown), 0);
    assert_int_equal(pin_stamp(&g, &st), 0);
    assert_int_equal(pin_resolve(dir, NULL, &g2, shown, sizeof shown), 0);
    assert_true(pin_stamp_matches(&g2, &st));
    assert_false(pin_stamp_matches(&a, &st));
    /* The generated PIN made anew: another PIN. */
    clean(dir);
    strcpy(dir, "/tmp/pokerclock-pin-XXXXXX");
    assert_non_null(mkdtemp(dir));
    assert_int_equal(pin_resolve(dir, NULL, &g2, shown, sizeof shown), 0);
    assert_false(pin_stamp_matches(&g2, &st));
    clean(dir);
}

static void a_one_time_code_works_once_and_for_two_minutes(void **state)
{
    (void)state;
    char code[PIN_DIGITS + 1], shown[PIN_DIGITS + 1];
    int64_t t = 5000000;
    assert_false(pin_code_shown(t, shown));
    assert_false(pin_code_take("12345678", t));
    assert_int_equal(pin_code_new(t, code), 0);
    assert_int_equal(strlen(code), PIN_DIGITS);
    assert_true(pin_code_shown(t + 1000, shown));
    assert_string_equal(shown, code);
    /* Wrong codes, however many, do not end it (a guesser cannot take the
     * director's way in away); near misses are wrong. */
    char near[PIN_DIGITS + 1];
    memcpy(near, code, sizeof near);
    near[0] = near[0] == '9' ? '0' : (char)(near[0] + 1);
    for (int i = 0; i < 1000; i++)
        assert_false(pin_code_take(near, t + 2000));
    memcpy(near, code, sizeof near);
    near[PIN_DIGITS - 1] = near[PIN_DIGITS - 1] == '9' ? '0' : (char)(near[PIN_DIGITS - 1] + 1);
    assert_false(pin_code_take(near, t + 2000));
    char shorter[PIN_DIGITS + 1];
    memcpy(shorter, code, sizeof shorter);
    shorter[PIN_DIGITS - 1] = 0;
    assert_false(pin_code_take(shorter, t + 2000));
    assert_true(pin_code_take(code, t + 3000));
    assert_false(pin_code_take(code, t + 3001)); /* used up */
    assert_false(pin_code_shown(t + 3001, shown));

    assert_int_equal(pin_code_new(t, code), 0);
    assert_false(pin_code_take(code, t + PIN_CODE_MS)); /* too late */
    assert_false(pin_code_shown(t + PIN_CODE_MS, shown));
    /* A new code replaces the old one. */
    char first[PIN_DIGITS + 1];
    assert_int_equal(pin_code_new(t, first), 0);
    assert_int_equal(pin_code_new(t, code), 0);
    if (strcmp(first, code) != 0)
        assert_false(pin_code_take(first, t + 1));
    assert_true(pin_code_take(code, t + 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_the_exact_pin_matches),
        cmocka_unit_test(a_generated_pin_is_kept_as_a_hash),
        cmocka_unit_test(a_pin_kept_in_clear_is_hashed),
        cmocka_unit_test(a_new_pin_is_shown_again),
        cmocka_unit_test(a_stamp_tells_the_pin_in_force),
        cmocka_unit_test(a_one_time_code_works_once_and_for_two_minutes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
