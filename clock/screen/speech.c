/* The wall's voice with espeak-ng; see speech.h. */
#include <SDL2/SDL.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/mono.h"
#include "screen/speech.h"

extern char **environ;

enum {
    QUEUE = 16,        /* phrases waiting; more are dropped */
    TEXT_MAX = 600,    /* a phrase in one language */
    CACHE_MAX = 200,   /* WAV files kept; then the cache starts afresh */
    RENDER_MS = 20000, /* espeak-ng takes longer: it is stopped */
};

typedef struct {
    char language[8];
    char text[TEXT_MAX];
    int volume;
    bool play;
} phrase_t;

/* snd, exe, dir and thread are set by speech_new before the thread starts,
 * then only read; the rest belongs to lock. */
struct speech {
    sound_t *snd;
    char exe[256]; /* the espeak-ng program */
    char dir[256]; /* the cache */
    pthread_t thread;
    pthread_mutex_t lock; /* the queue and stop: speech_say and the voice's thread */
    pthread_cond_t wake;  /* with lock: something to say, or stop */
    phrase_t q[QUEUE];    /* lock: a ring, head is the next to say */
    int head, n;          /* lock */
    bool stop;            /* lock */
};

bool speech_find(char *exe, size_t len)
{
    const char *env = getenv("POKERCLOCK_ESPEAK");
    if (env && *env) {
        snprintf(exe, len, "%s", env);
        return access(exe, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    char dirs[1024];
    snprintf(dirs, sizeof dirs, "%s", path && *path ? path : "/usr/bin:/bin");
    for (char *save, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(exe, len, "%s/espeak-ng", d);
        if (access(exe, X_OK) == 0)
            return true;
    }
    return false;
}

/* espeak-ng's voice for a language of the configuration. */
static const char *voice_of(const char *language)
{
    return !strcmp(language, "no") || !strcmp(language, "nb") || !strcmp(language, "nn") ? "nb"
           : !strcmp(language, "de")                                                     ? "de"
           : !strcmp(language, "nl")                                                     ? "nl"
           : !strcmp(language, "da")                                                     ? "da"
                                                                                         : "en";
}

/* The text goes in on a pipe, never on the command line: nothing in it
 * can be taken for an option. */
int speech_render(const char *exe, const char *language, const char *text, const char *path,
                  char *err, size_t errlen)
{
    int in[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    char *argv[] =
        {(char *)"espeak-ng", (char *)"-v", (char *)voice_of(language), (char *)"-w", (char *)path,
         (char *)"--stdin",   NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int rc = posix_spawn(&pid, exe, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    if (rc != 0) {
        close(in[1]);
        snprintf(err, errlen, "%s: %s", exe, strerror(rc));
        return -1;
    }
    /* A phrase is far smaller than a pipe's buffer; a broken pipe is
     * reported by the exit status below. */
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t w = write(in[1], text + off, len - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    if (write(in[1], "\n", 1) < 0) { /* the exit status says */
    }
    close(in[1]);
    struct timespec pending = {0, 0};
    sigtimedwait(&pipe_set, NULL, &pending);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    int status = 0;
    int64_t until = mono_ms() + RENDER_MS;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (mono_ms() > until) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            snprintf(err, errlen, "espeak-ng took more than %d s", RENDER_MS / 1000);
            return -1;
        }
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "espeak-ng failed (status %d)", status);
        return -1;
    }
    return 0;
}

/* The cached file of a phrase: FNV-1a of its language and text. */
static void cache_path(const char *dir, const char *language, const char *text, char *path,
                       size_t len)
{
    uint64_t h = 0xcbf29ce484222325u;
    const char *parts[] = {voice_of(language), "\n", text};
    for (int i = 0; i < 3; i++)
        for (const unsigned char *c = (const unsigned char *)parts[i]; *c; c++)
            h = (h ^ *c) * 0x100000001b3u;
    snprintf(path, len, "%s/%016" PRIx64 ".wav", dir, h);
}

/* The cache lives in the temporary directory, which the service keeps in
 * memory: past CACHE_MAX files it is emptied and starts again. The wall's
 * voice and the pages' share it, with no lock: each writer renders into a
 * part file of its own and renames it into place whole, so a reader finds
 * a whole WAV or none; a page's file is opened before it is named, so that
 * emptying the cache meanwhile cannot take its words away. */
static atomic_int cached; /* atomic: files written to the cache since it was last emptied */

static void cache_trim(const char *dir)
{
    /* The writer that makes it CACHE_MAX empties it; the others go on. */
    if (atomic_fetch_add(&cached, 1) + 1 != CACHE_MAX)
        return;
    atomic_store(&cached, 0);
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[600];
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".wav") == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    }
    if (d)
        closedir(d);
}

void speech_cache_dir(char *dir, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, len, "%s/pokerclock-speech-%u", tmp && *tmp ? tmp : "/tmp", (unsigned)getuid());
}

/* Renders text into the cache as path; with fd, the new file open for
 * reading in *fd (opened before it is named in the cache). */
static int cache_render(const char *exe, const char *dir, const char *language, const char *text,
                        const char *path, int *fd, char *err, size_t errlen)
{
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot make %s: %s", dir, strerror(errno));
        return -1;
    }
    /* Each writer its own part file: the wall's voice and a page may
     * render the same phrase at once. */
    static atomic_uint serial; /* atomic */
    char tmp[360];
    snprintf(tmp, sizeof tmp, "%s.%ld.%u.part", path, (long)getpid(), atomic_fetch_add(&serial, 1));
    if (speech_render(exe, language, text, tmp, err, errlen) != 0) {
        unlink(tmp);
        return -1;
    }
    int f = fd ? open(tmp, O_RDONLY | O_CLOEXEC) : -1;
    if ((fd && f < 0) || rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot keep %s: %s", path, strerror(errno));
        if (f >= 0)
            close(f);
        unlink(tmp);
        return -1;
    }
    if (fd)
        *fd = f;
    cache_trim(dir);
    return 0;
}

int speech_cached(const char *exe, const char *dir, const char *language, const char *text,
                  char *path, size_t pathlen, char *err, size_t errlen)
{
    cache_path(dir, language, text, path, pathlen);
    if (access(path, R_OK) == 0)
        return 0;
    return cache_render(exe, dir, language, text, path, NULL, err, errlen);
}

int speech_open(const char *exe, const char *dir, const char *language, const char *text,
                bool render, int *fd, char *err, size_t errlen)
{
    char path[300];
    cache_path(dir, language, text, path, sizeof path);
    if ((*fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0)
        return 0;
    if (!render)
        return 1;
    return cache_render(exe, dir, language, text, path, fd, err, errlen);
}

static void speak(speech_t *sp, const phrase_t *p)
{
    char path[300], err[300];
    if (speech_cached(sp->exe, sp->dir, p->language, p->text, path, sizeof path, err, sizeof err) !=
        0) {
        fprintf(stderr, "pokerclock: cannot say \"%.60s\": %s\n", p->text, err);
        return;
    }
    if (p->play)
        sound_play_file(sp->snd, path, p->volume);
}

static void *worker(void *arg)
{
    speech_t *sp = arg;
    pthread_mutex_lock(&sp->lock);
    while (!sp->stop) {
        if (sp->n == 0) {
            pthread_cond_wait(&sp->wake, &sp->lock);
            continue;
        }
        phrase_t p = sp->q[sp->head];
        sp->head = (sp->head + 1) % QUEUE;
        sp->n--;
        pthread_mutex_unlock(&sp->lock);
        speak(sp, &p);
        pthread_mutex_lock(&sp->lock);
    }
    pthread_mutex_unlock(&sp->lock);
    /* SDL keeps per-thread storage (its error text) that it frees only for
     * threads it made itself. */
    SDL_TLSCleanup();
    return NULL;
}

speech_t *speech_new(sound_t *snd, const char *cache_dir, refusal_t *why)
{
    speech_t *sp = calloc(1, sizeof *sp);
    if (!sp) {
        refuse_voice_failed(why, "out of memory");
        return NULL;
    }
    if (!speech_find(sp->exe, sizeof sp->exe)) {
        refuse_voice_no_espeak(why);
        free(sp);
        return NULL;
    }
    snprintf(sp->dir, sizeof sp->dir, "%s", cache_dir);
    if (mkdir(sp->dir, 0700) != 0 && errno != EEXIST) {
        refuse_voice_no_cache(why, sp->dir, strerror(errno));
        free(sp);
        return NULL;
    }
    sp->snd = snd;
    pthread_mutex_init(&sp->lock, NULL);
    pthread_cond_init(&sp->wake, NULL);
    if (pthread_create(&sp->thread, NULL, worker, sp) != 0) {
        refuse_voice_failed(why, "cannot start the voice's thread");
        pthread_mutex_destroy(&sp->lock);
        pthread_cond_destroy(&sp->wake);
        free(sp);
        return NULL;
    }
    return sp;
}

void speech_free(speech_t *sp)
{
    if (!sp)
        return;
    pthread_mutex_lock(&sp->lock);
    sp->stop = true;
    pthread_cond_signal(&sp->wake);
    pthread_mutex_unlock(&sp->lock);
    pthread_join(sp->thread, NULL);
    pthread_mutex_destroy(&sp->lock);
    pthread_cond_destroy(&sp->wake);
    free(sp);
}

void speech_say(speech_t *sp, const char *language, const char *text, int volume, bool play)
{
    if (!sp || !text || !*text)
        return;
    pthread_mutex_lock(&sp->lock);
    if (sp->n < QUEUE) {
        phrase_t *p = &sp->q[(sp->head + sp->n) % QUEUE];
        snprintf(p->language, sizeof p->language, "%s", language ? language : "en");
        snprintf(p->text, sizeof p->text, "%s", text);
        p->volume = volume;
        p->play = play;
        sp->n++;
        pthread_cond_signal(&sp->wake);
    }
    pthread_mutex_unlock(&sp->lock);
}
