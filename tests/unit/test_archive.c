/* Tournaments put aside: folders named safely, all or nothing, listed newest first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"
#include "store/archive.h"
#include "store/file.h"

static const char SHEET[] = "{\"name\": \"Friday / ../ Bounty\", \"rows\": []}";

static int put(const char *name, time_t when, char *out, size_t len, char *err, size_t errlen)
{
    archive_file_t files[] = {{"journal", "JOURNAL", 7},
                              {"results.json", SHEET, sizeof SHEET - 1},
                              {"results.csv", "place,name\r\n", 12}};
    return archive_put(dir, name, when, files, 3, out, len, err, errlen);
}

/* A name with '/' and '..' makes one folder inside archive/, holding every
 * file whole; the list names the tournament as its sheet does. */
static void a_hostile_name_makes_one_safe_folder(void **state)
{
    (void)state;
    scratch_make("archive");
    char out[256], err[256], path[512];
    assert_int_equal(put("Friday / ../ Bounty", 1795462500, out, sizeof out, err, sizeof err), 0);
    assert_string_equal(out, "archive/20261123T193500Z-Friday-Bounty");
    snprintf(path, sizeof path, "%s/%s/journal", dir, out);
    char *j = file_read(path, 100, NULL, err, sizeof err);
    assert_non_null(j);
    assert_string_equal(j, "JOURNAL");
    free(j);
    /* The same second and name again: kept apart, the newest listed first. */
    char out2[256];
    assert_int_equal(put("Friday / ../ Bounty", 1795462500, out2, sizeof out2, err, sizeof err), 0);
    assert_string_equal(out2, "archive/20261123T193500Z-Friday-Bounty-2");
    assert_int_equal(put("", 1795400000, out, sizeof out, err, sizeof err), 0);
    assert_string_equal(out, "archive/20261123T021320Z-tournament");
    json_t *list = archive_list(dir);
    assert_int_equal(json_array_size(list), 3);
    json_t *first = json_array_get(list, 0);
    assert_string_equal(json_string_value(json_object_get(first, "name")), "Friday / ../ Bounty");
    assert_string_equal(json_string_value(json_object_get(first, "when")), "2026-11-23T19:35:00Z");
    assert_string_equal(json_string_value(json_object_get(json_array_get(list, 2), "dir")),
                        "20261123T021320Z-tournament");
    json_decref(list);
    /* Taken back: gone from the list. */
    assert_int_equal(archive_remove(dir, out2), 0);
    list = archive_list(dir);
    assert_int_equal(json_array_size(list), 2);
    json_decref(list);
    assert_int_not_equal(archive_remove(dir, "archive/../../etc"), 0);
    scratch_remove();
}

/* A folder a power cut left half written is never listed, and goes at the
 * next start. */
static void a_half_written_folder_is_never_listed(void **state)
{
    (void)state;
    scratch_make("archive");
    char path[512];
    snprintf(path, sizeof path, "%s/archive", dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/archive/.new-20261123T193500Z-x", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/archive/.new-20261123T193500Z-x/journal", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    json_t *list = archive_list(dir);
    assert_int_equal(json_array_size(list), 0);
    json_decref(list);
    archive_clean(dir);
    snprintf(path, sizeof path, "%s/archive/.new-20261123T193500Z-x", dir);
    assert_int_not_equal(access(path, F_OK), 0);
    scratch_remove();
}

/* A full disk: -1 with the reason, and nothing left behind. */
static void a_full_disk_leaves_nothing(void **state)
{
    (void)state;
    scratch_make("archive");
    scratch_mount_tiny_or_skip("16k");
    char *big = malloc(64 << 10);
    assert_non_null(big);
    memset(big, 'x', 64 << 10);
    archive_file_t files[] = {{"journal", big, 64 << 10}};
    char out[256] = "", err[256] = "";
    assert_int_equal(archive_put(dir, "Full", 1795462500, files, 1, out, sizeof out, err,
                                 sizeof err),
                     -1);
    assert_non_null(strstr(err, "No space left"));
    free(big);
    json_t *list = archive_list(dir);
    assert_int_equal(json_array_size(list), 0);
    json_decref(list);
    char path[512];
    snprintf(path, sizeof path, "%s/archive/.new-20261123T193500Z-Full", dir);
    assert_int_not_equal(access(path, F_OK), 0);
    scratch_remove();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hostile_name_makes_one_safe_folder),
        cmocka_unit_test(a_half_written_folder_is_never_listed),
        cmocka_unit_test(a_full_disk_leaves_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
