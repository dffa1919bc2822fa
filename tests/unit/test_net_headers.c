/* What a request must say about itself: the Host names of this clock (and
 * the names of other sites refused), and JSON said to be JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "net/headers.h"

static void json_must_say_so(void **state)
{
    (void)state;
    const char *yes[] = {"application/json",
                         "APPLICATION/Json",
                         " application/json ",
                         "application/json;charset=utf-8",
                         "application/json; charset=UTF-8",
                         "application/json ; charset = \"utf-8\" "};
    const char *no[] = {NULL,
                        "",
                        "text/plain",
                        "text/plain; charset=utf-8",
                        "application/x-www-form-urlencoded",
                        "multipart/form-data; boundary=x",
                        "application/jsonp",
                        "application/json; charset=latin1",
                        "application/json; boundary=x",
                        "application/json; charset=\"utf-8",
                        "application/json;",
                        "application/json, text/plain"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        if (!headers_type_is(yes[i], "application/json"))
            fail_msg("'%s' was not taken for JSON", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        if (headers_type_is(no[i], "application/json"))
            fail_msg("'%s' was taken for JSON", no[i] ? no[i] : "(none)");
    assert_true(headers_type_is("image/png", "image/png"));
    assert_false(headers_type_is("image/pngx", "image/png"));
    /* A body must say it; no body needs nothing (a logout). */
    assert_true(headers_json_ok(NULL, 0));
    assert_true(headers_json_ok("text/plain", 0));
    assert_false(headers_json_ok(NULL, 2));
    assert_false(headers_json_ok("text/plain", 2));
    assert_true(headers_json_ok("application/json", 2));
}

static void hosts_of_this_clock(void **state)
{
    (void)state;
    const char *ours[] =
        {"127.0.0.1",       "127.0.0.1:8080",   "192.168.1.20:80",     "10.0.0.5",
         "[::1]",           "[::1]:8080",       "[fe80::1]:80",        "[2001:db8::5]",
         "localhost",       "LOCALHOST:8080",   "localhost.",          "pokerclock",
         "PokerClock:8080", "pokerclock.local", "pokerclock.LOCAL:80", "pokerclock.local.:8080",
         "pokerclock.",     "0.0.0.0"};
    const char *theirs[] = {"",
                            "evil.example",
                            "evil.example:8080",
                            "pokerclock.evil.example",
                            "pokerclock.local.evil.example",
                            "localhost.evil.example",
                            "127.0.0.1.nip.io",
                            "x.pokerclock",
                            "pokerclocks",
                            "pokerclock.lan",
                            "[::1",
                            "[::1]x",
                            "[::1]:",
                            "[evil.example]",
                            "[127.0.0.1]",
                            "::1",
                            "127.0.0.1:",
                            "127.0.0.1:80x",
                            "127.0.0.1:123456",
                            "127.0.0.1:-1",
                            "127.1",
                            "0x7f.0.0.1",
                            ".local",
                            "local",
                            "pokerclock..local",
                            "evil.example:8080:80"};
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        if (!headers_host_ours(ours[i], "pokerclock"))
            fail_msg("'%s' was refused", ours[i]);
    for (size_t i = 0; i < sizeof theirs / sizeof *theirs; i++)
        if (headers_host_ours(theirs[i], "pokerclock"))
            fail_msg("'%s' was taken for this clock", theirs[i]);
    /* A machine whose name has a domain: that name, and its first part on mDNS. */
    assert_true(headers_host_ours("pi.venue.lan:8080", "pi.venue.lan"));
    assert_true(headers_host_ours("pi.local", "pi.venue.lan"));
    assert_false(headers_host_ours("pi", "pi.venue.lan"));
    assert_false(headers_host_ours("pi.venue.local", "pi.venue.lan"));
    /* No name known: addresses and localhost only. */
    assert_true(headers_host_ours("localhost:80", ""));
    assert_false(headers_host_ours(".local", ""));
    assert_false(headers_host_ours("", ""));
}

/* The machine's own name, as gethostname says it, asked once in 30 s. */
static void the_machine_name(void **state)
{
    (void)state;
    char want[256] = "", got[256];
    assert_int_equal(gethostname(want, sizeof want - 1), 0);
    headers_machine_name(1000, got, sizeof got);
    assert_string_equal(got, want);
    headers_machine_name(1000 + 29999, got, sizeof got);
    assert_string_equal(got, want);
    assert_true(headers_host_ours(want, got));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_must_say_so),
        cmocka_unit_test(hosts_of_this_clock),
        cmocka_unit_test(the_machine_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
