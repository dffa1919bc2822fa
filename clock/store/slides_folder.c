/* Slides from a folder (slides_folder.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/prefix.h"
#include "store/file.h"
#include "store/picture.h"
#include "store/slides_folder.h"

typedef enum { FILE_OTHER, FILE_PICTURE, FILE_TEXT } file_kind;

static file_kind kind_of(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (name[0] == '.' || !dot)
        return FILE_OTHER; /* hidden files: a laptop's ._sponsor.png and the like */
    if (!strcasecmp(dot, ".png") || !strcasecmp(dot, ".jpg") || !strcasecmp(dot, ".jpeg"))
        return FILE_PICTURE;
    return strcasecmp(dot, ".txt") == 0 ? FILE_TEXT : FILE_OTHER;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* A text slide from a file: its first line the title, the next ones (up
 * to SLIDE_LINES) under it; empty lines, a BOM and Windows line ends aside. */
static bool text_slide(char *text, slide_change_t *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->has_text = true;
    bool title = false;
    static const char bom[] = "\xEF\xBB\xBF"; /* UTF-8's byte order mark */
    if (starts_with(text, bom))
        text += sizeof bom - 1;
    for (char *line = strtok(text, "\r\n"); line; line = strtok(NULL, "\r\n")) {
        while (*line == ' ' || *line == '\t')
            line++;
        if (!*line)
            continue;
        size_t max = title ? SLIDE_LINE_MAX : SLIDE_TITLE_MAX;
        if (strlen(line) >= max) {
            snprintf(err, errlen, "a line is longer than %zu bytes", max - 1);
            return false;
        }
        if (!title) {
            snprintf(c->title, sizeof c->title, "%s", line);
            title = true;
        } else if (c->n_lines < SLIDE_LINES) {
            snprintf(c->lines[c->n_lines++], SLIDE_LINE_MAX, "%s", line);
        } else {
            snprintf(err, errlen, "more than %d lines under the title", SLIDE_LINES);
            return false;
        }
    }
    if (!title)
        snprintf(err, errlen, "the file is empty");
    return title;
}

/* Adds the file as a slide marked with where it came from; false with err. */
static bool add_file(slides_t *s, const char *dir, const char *name, const char *stamp, char *err,
                     size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len = 0;
    bool picture = kind_of(name) == FILE_PICTURE;
    char *data = file_read(path, picture ? PICTURE_BYTES_MAX : 16384, &len, err, errlen);
    if (!data)
        return false;
    slide_t added;
    refusal_t no;
    apply_status status;
    if (picture) {
        status = slides_add_picture(s, data, len, 0, &added, &no);
    } else {
        slide_change_t c;
        if (!text_slide(data, &c, err, errlen)) {
            free(data);
            return false;
        }
        status = slides_add_text(s, &c, 0, &added, &no);
    }
    free(data);
    slide_change_t mark = {.has_file = true};
    snprintf(mark.file, sizeof mark.file, "%s", name);
    snprintf(mark.stamp, sizeof mark.stamp, "%s", stamp);
    slide_t now;
    if (status == APPLY_OK && slides_change(s, added.id, &mark, &now, &no) != APPLY_OK)
        slides_remove(s, added.id, NULL);
    else if (status == APPLY_OK)
        return true;
    snprintf(err, errlen, "%s", no.text);
    return false;
}

void slides_folder_sync(slides_t *s, const char *dir, slides_folder_report_t *report,
                        slides_folder_say_fn say, void *ctx)
{
    memset(report, 0, sizeof *report);
    slide_t *have = malloc(sizeof *have * SLIDES_MAX);
    if (!have)
        return;
    int n = slides_list(s, have, SLIDES_MAX, NULL);
    if (n > SLIDES_MAX)
        n = SLIDES_MAX;
    bool seen[SLIDES_MAX] = {0};
    struct dirent **list = NULL;
    int files = dir ? scandir(dir, &list, NULL, by_name) : -1;
    char err[256];
    for (int f = 0; f < files; f++) {
        const char *name = list[f]->d_name;
        char path[4096], stamp[SLIDE_STAMP_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (kind_of(name) == FILE_OTHER || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (strlen(name) >= SLIDE_FILE_MAX) {
            say(ctx, name, "the file name is too long");
            report->refused++;
            continue;
        }
        snprintf(stamp, sizeof stamp, "%lld:%lld", (long long)st.st_size, (long long)st.st_mtime);
        int same = -1;
        for (int i = 0; i < n && same < 0; i++)
            if (strcmp(have[i].file, name) == 0)
                same = i;
        if (same >= 0 && strcmp(have[same].stamp, stamp) == 0) {
            seen[same] = true;
            report->kept++;
            continue;
        }
        /* New, or changed since it was read: read again (a changed file's
         * old slide goes with the others not seen). */
        if (add_file(s, dir, name, stamp, err, sizeof err))
            report->added++;
        else {
            say(ctx, name, err);
            report->refused++;
        }
    }
    for (int f = 0; f < files; f++)
        free(list[f]);
    free(list);
    for (int i = 0; i < n; i++)
        if (have[i].file[0] && !seen[i] && slides_remove(s, have[i].id, NULL) == APPLY_OK)
            report->removed++;
    free(have);
}
