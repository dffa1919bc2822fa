/* SHA-256 against the known answers of FIPS 180-4 / NIST's examples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/sha256.h"

static void hex(const uint8_t d[SHA256_LEN], char out[2 * SHA256_LEN + 1])
{
    for (int i = 0; i < SHA256_LEN; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void check(const void *data, size_t len, const char *want)
{
    uint8_t d[SHA256_LEN];
    char got[2 * SHA256_LEN + 1];
    sha256(data, len, d);
    hex(d, got);
    assert_string_equal(got, want);
}

static void nist_vectors(void **state)
{
    (void)state;
    check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check(m448, strlen(m448), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjkl"
                       "mnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    check(m896, strlen(m896), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    char *million = malloc(1000000);
    assert_non_null(million);
    memset(million, 'a', 1000000);
    check(million, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(million);
}

/* The padding's edges: 55, 56 and 64 bytes need one, two and two blocks. */
static void padding_edges(void **state)
{
    (void)state;
    char a[65];
    memset(a, 'a', sizeof a);
    check(a, 55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    check(a, 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    check(a, 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nist_vectors),
        cmocka_unit_test(padding_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
