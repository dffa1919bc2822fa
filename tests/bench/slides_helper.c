/* Figures for the venue's slides: a phone photo's upload (decode, turn,
 * scale, encode) and the decoded pictures the wall holds while slides take
 * turns. Prints figures; no pass/fail. */
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "screen/slideshow.h"
#include "store/picture.h"
#include "store/slides.h"

static double ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long rss_peak_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static unsigned char *path_bytes(const char *path, size_t *len);

/* A photo-like picture of w x h (smooth gradients with detail), as JPEG
 * or PNG bytes. */
static unsigned char *photo(int w, int h, bool png, size_t *len)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888);
    for (int y = 0; y < h; y++) {
        unsigned char *p = (unsigned char *)s->pixels + (size_t)y * s->pitch;
        for (int x = 0; x < w; x++, p += 4) {
            p[0] = (unsigned char)(x * 255 / w);
            p[1] = (unsigned char)(y * 255 / h);
            p[2] = (unsigned char)((x ^ y) & 0x3f);
            p[3] = 255;
        }
    }
    char path[] = "/tmp/pokerclock-bench-XXXXXX.pic";
    int fd = mkstemps(path, 4);
    close(fd);
    if (png)
        IMG_SavePNG(s, path);
    else
        IMG_SaveJPG(s, path, 90);
    SDL_FreeSurface(s);
    return path_bytes(path, len);
}

/* The file's bytes; the file is removed. */
static unsigned char *path_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc(*len);
    if (fread(d, 1, *len, f) != *len)
        exit(1);
    fclose(f);
    unlink(path);
    return d;
}

/* A picture made in a child process, so that this one's peak memory is
 * the uploads' own. */
static unsigned char *made(int w, int h, bool png, size_t *len)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        exit(1);
    if (fork() == 0) {
        unsigned char *p = photo(w, h, png, len);
        if (write(pipefd[1], len, sizeof *len) != sizeof *len || write(pipefd[1], p, *len) != (ssize_t)*len)
            _exit(1);
        _exit(0);
    }
    close(pipefd[1]);
    if (read(pipefd[0], len, sizeof *len) != sizeof *len)
        exit(1);
    unsigned char *d = malloc(*len);
    for (size_t got = 0; got < *len;) {
        ssize_t n = read(pipefd[0], d + got, *len - got);
        if (n <= 0)
            exit(1);
        got += (size_t)n;
    }
    close(pipefd[0]);
    wait(NULL);
    return d;
}

/* The upload prepared in a child process of its own: the growth of its
 * peak memory is this picture's alone. */
static void prepare_alone(const char *what, const unsigned char *data, size_t len)
{
    fflush(stdout);
    if (fork() == 0) {
        long before = rss_peak_kb();
        unsigned char *out;
        size_t out_len;
        picture_type type;
        int w, h;
        refusal_t no;
        double t0 = ms_now();
        if (picture_prepare(data, len, &out, &out_len, &type, &w, &h, &no) != 0) {
            fprintf(stderr, "%s\n", no.text);
            _exit(1);
        }
        double t1 = ms_now();
        printf("%s (%.1f MB): kept as %dx%d, %.0f KB, in %.0f ms; peak memory grew by %.0f MB "
               "while it was prepared\n",
               what, len / 1e6, w, h, out_len / 1e3, t1 - t0, (rss_peak_kb() - before) / 1024.0);
        fflush(stdout);
        _exit(0);
    }
    wait(NULL);
}

int main(void)
{
    size_t len, png_len;
    unsigned char *jpg = made(4032, 3024, false, &len);
    unsigned char *png = made(6000, 4000, true, &png_len);
    prepare_alone("a 12 MP phone photo, a 4032x3024 JPEG", jpg, len);
    prepare_alone("the largest picture taken, a 6000x4000 PNG", png, png_len);
    free(png);
    unsigned char *out;
    size_t out_len;
    picture_type type;
    int w, h;
    char err[256];
    refusal_t no;
    if (picture_prepare(jpg, len, &out, &out_len, &type, &w, &h, &no) != 0) {
        fprintf(stderr, "%s\n", no.text);
        return 1;
    }

    char dir[] = "/tmp/pokerclock-bench-slides-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    slides_t *st = slides_open(dir, err, sizeof err);
    slide_t sl;
    for (int i = 0; i < 10; i++)
        if (slides_add_picture(st, out, out_len, 5, &sl, &no) != APPLY_OK)
            return 1;
    slideshow_t *ss = slideshow_new(st);
    size_t most = 0;
    double decode_ms = 0;
    int changes = 0, last = -1;
    int64_t next;
    for (int64_t t = 0; t < 300000; t += 1000) {
        double a = ms_now();
        wall_slide_t *s = slideshow_get(ss, t, time(NULL), &next);
        double b = ms_now();
        if (s->slide.id != last) {
            changes++;
            decode_ms += b - a;
            last = s->slide.id;
        }
        size_t bytes = slideshow_bytes(ss);
        most = bytes > most ? bytes : most;
        slideshow_release(s);
    }
    printf("10 pictures of %dx%d taking turns every 5 s for 5 minutes: %d changes, at most %.1f MB "
           "of decoded pixels held (budget: %d pictures, %.1f MB at 1920x1080), %.1f ms a change "
           "(reading and decoding the next)\n",
           w, h, changes, most / 1e6, SLIDESHOW_DECODED, SLIDESHOW_DECODED * 1920 * 1080 * 4 / 1e6,
           decode_ms / changes);
    slideshow_free(ss);
    slides_free(st);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        return 1;
    free(out);
    free(jpg);
    return 0;
}
