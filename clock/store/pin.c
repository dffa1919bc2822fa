/* The director PIN (the configured one, or one made on first start and kept)
 * and the one-time login code shown only on the wall. */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/pin.h"

static void path_of(const char *dir, const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", dir, name);
}

/* PIN_DIGITS uniform digits (rejection sampling: no digit is likelier). */
static int random_digits(char *out)
{
    int n = 0;
    while (n < PIN_DIGITS) {
        unsigned char b[16];
        if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b)
            return -1;
        for (size_t i = 0; i < sizeof b && n < PIN_DIGITS; i++)
            if (b[i] < 250)
                out[n++] = (char)('0' + b[i] % 10);
    }
    out[n] = 0;
    return 0;
}

int pin_resolve(const char *state_dir, const char *configured, char *pin, size_t len,
                bool *generated)
{
    *generated = false;
    if (configured && *configured) {
        snprintf(pin, len, "%s", configured);
        return 0;
    }
    char path[4096];
    path_of(state_dir, "pin", path, sizeof path);
    FILE *f = fopen(path, "r");
    if (f) {
        char line[64] = "";
        bool ok = fgets(line, sizeof line, f) != NULL;
        fclose(f);
        line[strcspn(line, "\r\n")] = 0;
        if (ok && strlen(line) >= 4) {
            snprintf(pin, len, "%s", line);
            *generated = true;
            return 0;
        }
    }
    char made[PIN_DIGITS + 1];
    if (random_digits(made) != 0)
        return -1;
    snprintf(pin, len, "%s", made);
    mkdir(state_dir, 0755);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    char text[32];
    int n = snprintf(text, sizeof text, "%s\n", pin);
    int rc = write(fd, text, (size_t)n) == n && fsync(fd) == 0 ? 0 : -1;
    close(fd);
    *generated = rc == 0;
    return rc;
}

bool pin_seen(const char *state_dir)
{
    char path[4096];
    path_of(state_dir, "pin-seen", path, sizeof path);
    return access(path, F_OK) == 0;
}

void pin_mark_seen(const char *state_dir)
{
    char path[4096];
    path_of(state_dir, "pin-seen", path, sizeof path);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* The one code at the clock: the wall draws it, the server checks it. */
static struct {
    pthread_mutex_t lock;
    char code[PIN_DIGITS + 1]; /* "" when none */
    int64_t until;             /* monotonic ms */
} code = {.lock = PTHREAD_MUTEX_INITIALIZER};

int pin_code_new(int64_t now_ms, char *out)
{
    char made[PIN_DIGITS + 1];
    if (random_digits(made) != 0)
        return -1;
    pthread_mutex_lock(&code.lock);
    memcpy(code.code, made, sizeof made);
    code.until = now_ms + PIN_CODE_MS;
    pthread_mutex_unlock(&code.lock);
    memcpy(out, made, sizeof made);
    return 0;
}

static bool live(int64_t now_ms)
{
    if (code.code[0] && now_ms >= code.until)
        code.code[0] = 0;
    return code.code[0] != 0;
}

bool pin_code_shown(int64_t now_ms, char *out)
{
    pthread_mutex_lock(&code.lock);
    bool on = live(now_ms);
    if (on)
        memcpy(out, code.code, sizeof code.code);
    pthread_mutex_unlock(&code.lock);
    return on;
}

bool pin_code_take(const char *got, int64_t now_ms)
{
    pthread_mutex_lock(&code.lock);
    bool ok = false;
    if (live(now_ms)) {
        unsigned diff = strlen(got) != PIN_DIGITS;
        for (size_t i = 0; i < PIN_DIGITS && got[i]; i++)
            diff |= (unsigned char)got[i] ^ (unsigned char)code.code[i];
        ok = diff == 0;
        if (ok)
            code.code[0] = 0;
    }
    pthread_mutex_unlock(&code.lock);
    return ok;
}
