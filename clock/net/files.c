/* The pages: built-in copies of web/, or the files of a directory while developing. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/prefix.h"
#include "embedded.h"
#include "net/files.h"

struct files {
    char *root; /* realpath of web_dir, or NULL: built in; never changes */
};

/* What the browser may load: only this program's own files. Inline styles
 * are allowed because pages set style attributes; scripts never inline. */
static const char csp[] = "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                          "object-src 'none'; base-uri 'none'; "
                          "frame-ancestors 'none'; form-action 'self'";

static const struct {
    const char *ext, *mime;
} types[] = {
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".ico", "image/x-icon"},
    {".ttf", "font/ttf"},
    {".woff2", "font/woff2"},
    {".woff", "font/woff"},
    {".wav", "audio/wav"},
    {".ogg", "audio/ogg"},
    {".mp3", "audio/mpeg"},
    {".txt", "text/plain; charset=utf-8"},
    {".cfg", "text/plain; charset=utf-8"},
    {".webmanifest", "application/manifest+json"},
};

static const char *mime_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i].ext) == 0)
            return types[i].mime;
    return "application/octet-stream";
}

files_t *files_new(const char *web_dir, char *err, size_t errlen)
{
    files_t *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (web_dir) {
        struct stat st;
        f->root = realpath(web_dir, NULL);
        if (!f->root || stat(f->root, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "--web-dir %s: %s", web_dir,
                     f->root ? "not a directory" : strerror(errno));
            files_free(f);
            return NULL;
        }
    }
    return f;
}

void files_free(files_t *f)
{
    if (f) {
        free(f->root);
        free(f);
    }
}

/* "web/..." for a URL path, or false for one that may not name a file. */
static bool page_path(const char *url, char *out, size_t len)
{
    static const struct {
        const char *url, *file;
    } named[] = {{"/", "index.html"},      {"/display", "display.html"},
                 {"/kiosk", "kiosk.html"}, {"/results", "results.html"},
                 {"/slips", "slips.html"}, {"/league", "league.html"}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(url, named[i].url) == 0)
            return (size_t)snprintf(out, len, "web/%s", named[i].file) < len;
    if (url[0] != '/' || url[1] == '/' || strstr(url, "..") || strchr(url, '\\') ||
        url[strlen(url) - 1] == '/')
        return false;
    for (const char *p = url; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return false;
    return (size_t)snprintf(out, len, "web%s", url) < len;
}

static void add_headers(struct MHD_Response *r, const char *mime)
{
    MHD_add_response_header(r, "Content-Type", mime);
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    if (starts_with(mime, "text/html"))
        MHD_add_response_header(r, "Content-Security-Policy", csp);
}

/* A file under root, refusing anything that resolves outside it (a symlink
 * pointing elsewhere) and anything that is not a regular file. */
static struct MHD_Response *from_disk(const files_t *f, const char *rel)
{
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", f->root, rel + 4) >= sizeof path)
        return NULL;
    char *real = realpath(path, NULL);
    size_t rootlen = strlen(f->root);
    bool inside = real && strncmp(real, f->root, rootlen) == 0 && real[rootlen] == '/';
    int fd = inside ? open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) : -1;
    free(real);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    struct MHD_Response *r = MHD_create_response_from_fd((size_t)st.st_size, fd);
    if (!r)
        close(fd);
    else
        add_headers(r, mime_of(rel));
    return r;
}

/* The wall's own font for the pages (/display, /kiosk draw in Roboto as the
 * wall does): always the copy built into the binary, also with --web-dir. */
static const embedded_file_t *font_file(const char *url)
{
    static const struct {
        const char *url, *file;
    } fonts[] = {{"/fonts/Roboto-Regular.ttf", "assets/fonts/Roboto-Regular.ttf"},
                 {"/fonts/Roboto-Bold.ttf", "assets/fonts/Roboto-Bold.ttf"}};
    for (size_t i = 0; i < sizeof fonts / sizeof fonts[0]; i++)
        if (strcmp(url, fonts[i].url) == 0)
            return embedded_find(fonts[i].file);
    return NULL;
}

/* The wall's sounds for the pages: /sounds/NAME.wav, built in. */
static const embedded_file_t *sound_file(const char *url)
{
    char path[64];
    const char *name = starts_with(url, "/sounds/");
    size_t stem = name ? strspn(name, "abcdefghijklmnopqrstuvwxyz_") : 0;
    if (!name || stem < 1 || stem > 28 || strcmp(name + stem, ".wav") != 0)
        return NULL;
    snprintf(path, sizeof path, "assets%s", url);
    return embedded_find(path);
}

struct MHD_Response *files_response(files_t *f, const char *url)
{
    char rel[PATH_MAX];
    const embedded_file_t *e = font_file(url);
    if (!e)
        e = sound_file(url);
    if (!e) {
        if (!page_path(url, rel, sizeof rel))
            return NULL;
        if (f->root)
            return from_disk(f, rel);
        e = embedded_find(rel);
    }
    if (!e)
        return NULL;
    struct MHD_Response *r = MHD_create_response_from_buffer(e->size, (void *)e->data,
                                                             MHD_RESPMEM_PERSISTENT);
    if (r)
        add_headers(r, e->mime ? e->mime : mime_of(e->path));
    return r;
}
