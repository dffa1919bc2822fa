/* Replays a fuzz target's committed inputs (corpus and regressions) through its entry point, on every make test. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef FUZZ_NAME
#error "FUZZ_NAME names the target"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of tests/fuzz/NAME/SUB through the target; a crash, a sanitizer
 * report or a broken promise inside the target fails (aborts) the test.
 * Returns how many inputs ran. */
static int replay_dir(const char *sub)
{
    char dir[512];
    snprintf(dir, sizeof dir, "tests/fuzz/%s/%s", FUZZ_NAME, sub);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char *names[4096];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 4096)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    for (int i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f)
            fail_msg("cannot open %s", path);
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        rewind(f);
        uint8_t *buf = malloc(len > 0 ? (size_t)len : 1);
        assert_non_null(buf);
        assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
        fclose(f);
        if (getenv("FUZZ_TRACE"))
            fprintf(stderr, "%s\n", path);
        /* An exact copy, so a read past the end is caught under ASan. */
        assert_int_equal(LLVMFuzzerTestOneInput(buf, (size_t)len), 0);
        free(buf);
        free(names[i]);
    }
    return n;
}

static void corpus(void **state)
{
    (void)state;
    /* A target without a corpus would test nothing. */
    assert_true(replay_dir("corpus") > 0);
}

static void regressions(void **state)
{
    (void)state;
    int n = replay_dir("regress");
    printf("[          ] %d regression input%s of %s\n", n, n == 1 ? "" : "s", FUZZ_NAME);
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus),
        cmocka_unit_test(regressions),
    };
    return cmocka_run_group_tests_name("fuzz_" FUZZ_NAME, tests, NULL, NULL);
}
