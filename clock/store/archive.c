/* Finished tournaments put aside in the state directory: STATE/archive/<when>-<name>/. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/archive.h"

enum { SLUG_MAX = 40 };

static const char TMP_PREFIX[] = ".new-";

static void sync_path(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* The tournament's name as a folder name: letters, digits and '-' only, so
 * that a name with '/', '..' or spaces makes one safe folder. */
static void slug(const char *name, char *out, size_t len)
{
    size_t n = 0;
    bool dash = false;
    for (const unsigned char *p = (const unsigned char *)name; *p && n + 1 < len && n < SLUG_MAX;
         p++) {
        bool keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                    (*p >= '0' && *p <= '9');
        if (keep) {
            out[n++] = (char)*p;
            dash = false;
        } else if (!dash && n > 0) {
            out[n++] = '-';
            dash = true;
        }
    }
    while (n > 0 && out[n - 1] == '-')
        n--;
    if (n == 0)
        n = (size_t)snprintf(out, len, "tournament");
    out[n] = 0;
}

static int write_file(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            snprintf(err, errlen, "cannot write %s: %s", path, w < 0 ? strerror(errno) : "no room");
            close(fd);
            return -1;
        }
        done += (size_t)w;
    }
    /* On disk before the folder is renamed into place: a folder that is
     * listed is complete. */
    if (fsync(fd) != 0 || close(fd) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Removes a folder of plain files (what archive_put writes). */
static int remove_folder(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return errno == ENOENT ? 0 : -1;
    struct dirent *de;
    char file[4096];
    while ((de = readdir(d)))
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
            (size_t)snprintf(file, sizeof file, "%s/%s", path, de->d_name) < sizeof file)
            unlink(file);
    closedir(d);
    return rmdir(path);
}

int archive_put(const char *state_dir, const char *name, time_t when, const archive_file_t *files,
                int n, char *dir, size_t dirlen, char *err, size_t errlen)
{
    char root[4096], tmp[4096], final[4096], path[4096], stamp[32], s[SLUG_MAX + 16];
    struct tm tm;
    if (!gmtime_r(&when, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm)) {
        snprintf(err, errlen, "the clock's date is not usable");
        return -1;
    }
    slug(name ? name : "", s, sizeof s);
    if ((size_t)snprintf(root, sizeof root, "%s/archive", state_dir) >= sizeof root ||
        (size_t)snprintf(tmp, sizeof tmp, "%s/%s%s-%s", root, TMP_PREFIX, stamp, s) >= sizeof tmp) {
        snprintf(err, errlen, "the state directory's path is too long");
        return -1;
    }
    if (mkdir(root, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create %s: %s", root, strerror(errno));
        return -1;
    }
    remove_folder(tmp); /* one a power cut left, of the same second */
    if (mkdir(tmp, 0755) != 0) {
        snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if ((size_t)snprintf(path, sizeof path, "%s/%s", tmp, files[i].name) >= sizeof path) {
            snprintf(err, errlen, "the state directory's path is too long");
            goto fail;
        }
        if (write_file(path, files[i].data, files[i].len, err, errlen) != 0)
            goto fail;
    }
    sync_path(tmp);
    /* Two tournaments put aside in the same second keep both. */
    for (int k = 1; k < 100; k++) {
        int w = k == 1 ? snprintf(final, sizeof final, "%s/%s-%s", root, stamp, s)
                       : snprintf(final, sizeof final, "%s/%s-%s-%d", root, stamp, s, k);
        if (w < 0 || (size_t)w >= sizeof final)
            break;
        if (access(final, F_OK) == 0)
            continue;
        if (rename(tmp, final) != 0) {
            snprintf(err, errlen, "cannot rename %s: %s", tmp, strerror(errno));
            goto fail;
        }
        sync_path(root);
        snprintf(dir, dirlen, "archive/%s", final + strlen(root) + 1);
        return 0;
    }
    snprintf(err, errlen, "too many tournaments put aside in the same second");
fail:
    remove_folder(tmp);
    return -1;
}

int archive_remove(const char *state_dir, const char *dir)
{
    char path[4096];
    if (strstr(dir, "..") ||
        (size_t)snprintf(path, sizeof path, "%s/%s", state_dir, dir) >= sizeof path)
        return -1;
    int rc = remove_folder(path);
    snprintf(path, sizeof path, "%s/archive", state_dir);
    sync_path(path);
    return rc;
}

void archive_clean(const char *state_dir)
{
    char root[4096], path[4096];
    if ((size_t)snprintf(root, sizeof root, "%s/archive", state_dir) >= sizeof root)
        return;
    DIR *d = opendir(root);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)))
        if (strncmp(de->d_name, TMP_PREFIX, sizeof TMP_PREFIX - 1) == 0 &&
            (size_t)snprintf(path, sizeof path, "%s/%s", root, de->d_name) < sizeof path)
            remove_folder(path);
    closedir(d);
}

static int newest_first(const void *a, const void *b)
{
    return -strcmp(json_string_value(json_object_get(*(json_t *const *)a, "dir")),
                   json_string_value(json_object_get(*(json_t *const *)b, "dir")));
}

/* One archived folder, or NULL when it is not one archive_put made. */
static json_t *list_entry(const char *root, const char *dname)
{
    int y, mo, d, h, mi, s;
    char z;
    if (strlen(dname) < 17 ||
        sscanf(dname, "%4d%2d%2dT%2d%2d%2d%c", &y, &mo, &d, &h, &mi, &s, &z) != 7 || z != 'Z')
        return NULL;
    char path[4096], when[32];
    snprintf(when, sizeof when, "%04d-%02d-%02dT%02d:%02d:%02dZ", y, mo, d, h, mi, s);
    if ((size_t)snprintf(path, sizeof path, "%s/%s/results.json", root, dname) >= sizeof path)
        return NULL;
    /* The tournament's own name, as the results sheet keeps it. */
    json_t *sheet = json_load_file(path, 0, NULL);
    const char *name = json_string_value(json_object_get(sheet, "name"));
    json_t *o = json_pack("{s:s, s:s, s:s, s:b}", "dir", dname, "name", name ? name : dname + 17,
                          "when", when, "results", sheet != NULL);
    json_decref(sheet);
    return o;
}

json_t *archive_list(const char *state_dir)
{
    json_t *list = json_array();
    char root[4096];
    if (!list || (size_t)snprintf(root, sizeof root, "%s/archive", state_dir) >= sizeof root)
        return list;
    DIR *d = opendir(root);
    if (!d)
        return list;
    struct dirent *de;
    while ((de = readdir(d))) {
        json_t *o = de->d_name[0] == '.' ? NULL : list_entry(root, de->d_name);
        if (o)
            json_array_append_new(list, o);
    }
    closedir(d);
    size_t n = json_array_size(list);
    json_t **v = malloc(n * sizeof *v + 1);
    if (!v)
        return list;
    for (size_t i = 0; i < n; i++)
        v[i] = json_incref(json_array_get(list, i));
    qsort(v, n, sizeof *v, newest_first);
    json_array_clear(list);
    for (size_t i = 0; i < n; i++)
        json_array_append_new(list, v[i]);
    free(v);
    return list;
}

int archive_read(const char *state_dir, const char *dir, const char *file, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    if (strcmp(file, "results.json") != 0 && strcmp(file, "results.csv") != 0)
        return -1;
    /* Only a name archive_put makes: its time first, then the slug's
     * letters, digits and dashes; never "..", a slash or a hidden folder. */
    size_t n = strlen(dir);
    if (n < 17 || n > 200 || dir[0] == '.')
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)dir[i]) && dir[i] != '-' && dir[i] != '_')
            return -1;
    char root[4096], path[4096];
    if ((size_t)snprintf(root, sizeof root, "%s/archive", state_dir) >= sizeof root)
        return -1;
    json_t *entry = list_entry(root, dir);
    json_decref(entry);
    if (!entry || (size_t)snprintf(path, sizeof path, "%s/%s/%s", root, dir, file) >= sizeof path)
        return -1;
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    enum { SHEET_MAX = 8 << 20 }; /* a sheet of 2,500 players is some 300 KB */
    char *buf = malloc(SHEET_MAX);
    size_t got = buf ? fread(buf, 1, SHEET_MAX, f) : 0;
    bool whole = buf && feof(f) && !ferror(f);
    fclose(f);
    if (!whole) {
        free(buf);
        return -1;
    }
    *data = buf;
    *len = got;
    return 0;
}
