/* For tests on real files: a scratch directory per test, and a tiny file
 * system mounted on it to fill up. Include after <cmocka.h>. */
#ifndef POKERCLOCK_TEST_SCRATCH_H
#define POKERCLOCK_TEST_SCRATCH_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

static char dir[64];
static bool mounted;

static void scratch_make(const char *name)
{
    snprintf(dir, sizeof dir, "/tmp/pokerclock-%s-XXXXXX", name);
    assert_non_null(mkdtemp(dir));
    mounted = false;
}

/* A path in the scratch directory where no directory can be made: inside
 * a plain file ("a-file/state"). */
static inline void scratch_unusable_path(char *bad, size_t len)
{
    char file[128];
    snprintf(file, sizeof file, "%s/a-file", dir);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(bad, len, "%s/state", file);
}

static int scratch_remove(void)
{
    if (mounted)
        umount2(dir, MNT_DETACH);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

/* A tmpfs of that size on the scratch directory; where mounting is not
 * allowed (not root, or a container without the right), the test is
 * skipped with the reason. */
static void scratch_mount_tiny_or_skip(const char *size)
{
    char opts[64];
    snprintf(opts, sizeof opts, "size=%s,mode=0755", size);
    if (mount("tmpfs", dir, "tmpfs", 0, opts) != 0) {
        print_message("skipped: cannot mount a small tmpfs here (%s)\n", strerror(errno));
        skip();
    }
    mounted = true;
}

#endif
