/* The director PIN (the configured one, or one made on first start and kept
 * as a salted hash) and the one-time login code shown only on the wall. */
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/pin_equal.h"
#include "model/text.h"
#include "store/file.h"
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

/* 'd': digits only; 'c': characters of any kind. */
static char kind_of(const char *text)
{
    return *text && strspn(text, "0123456789") == strlen(text) ? 'd' : 'c';
}

static double kinds_of(char kind, size_t n)
{
    return pow(kind == 'd' ? 10.0 : 62.0, (double)n);
}

double pin_kinds(const char *text)
{
    return kinds_of(kind_of(text), strlen(text));
}

/* A line of DIR/pin as an older pokerclock wrote it: the PIN in clear. */
static bool kept_in_clear(const char *line)
{
    return strlen(line) >= 4 && strlen(line) < PIN_TEXT_MAX;
}

int pin_hash_make(pin_hash_t *h, const char *text)
{
    if (getrandom(h->salt, sizeof h->salt, 0) != (ssize_t)sizeof h->salt)
        return -1;
    pin_hash_of(h->salt, text, h->hash);
    return 0;
}

int pin_configured(pin_t *p, const char *text)
{
    memset(p, 0, sizeof *p);
    if (strlen(text) > PIN_TEXT_MAX)
        return -1;
    snprintf(p->configured, sizeof p->configured, "%s", text);
    p->kinds = pin_kinds(text);
    return pin_hash_make(&p->key, text);
}

void pin_hash_write(const pin_hash_t *h, char out[PIN_HASH_TEXT])
{
    text_hex_write(h->salt, PIN_SALT_LEN, out);
    out[2 * PIN_SALT_LEN] = ' ';
    text_hex_write(h->hash, PIN_HASH_LEN, out + 2 * PIN_SALT_LEN + 1);
}

bool pin_hash_read(const char *salt_hex, const char *hash_hex, pin_hash_t *h)
{
    return text_hex_bytes(salt_hex, h->salt, PIN_SALT_LEN) &&
           text_hex_bytes(hash_hex, h->hash, PIN_HASH_LEN);
}

/* DIR/pin: "sha256 d8 SALT HASH" (a PIN of 8 digits; "c6": 6 characters of
 * any kind). */
static bool parse_kept(const char *line, pin_t *p)
{
    char kind, salt[2 * PIN_SALT_LEN + 2], hash[2 * PIN_HASH_LEN + 2];
    int n;
    if (sscanf(line, "sha256 %c%d %33s %65s", &kind, &n, salt, hash) != 4 ||
        (kind != 'd' && kind != 'c') || n < 1 || n >= PIN_TEXT_MAX ||
        !pin_hash_read(salt, hash, &p->key))
        return false;
    p->kinds = kinds_of(kind, (size_t)n);
    p->generated = true;
    return true;
}

/* The clear copy for the wall, if it is there and is this PIN. */
static bool wall_copy(const char *dir, const pin_t *p, char *buf, size_t len)
{
    char line[PIN_TEXT_MAX + 2];
    if (!file_first_line(dir, "pin-wall", line, sizeof line) || !pin_equal(&p->key, line))
        return false;
    snprintf(buf, len, "%s", line);
    return true;
}

static void forget_wall_copy(const char *dir)
{
    char path[4096];
    path_of(dir, "pin-wall", path, sizeof path);
    unlink(path);
}

/* Keeps text as the generated PIN: its hash in DIR/pin and, until the first
 * login, text itself in DIR/pin-wall (written first: a PIN whose hash is
 * kept must be readable by the director). 0 or -1. */
static int keep(const char *dir, const char *text, bool seen, pin_t *p, char *shown,
                size_t shownlen)
{
    if (pin_hash_make(&p->key, text) != 0)
        return -1;
    p->kinds = pin_kinds(text);
    p->generated = true;
    char line[2 * PIN_TEXT_MAX], hash[PIN_HASH_TEXT];
    if (!seen) {
        snprintf(line, sizeof line, "%s\n", text);
        if (file_write_atomic(dir, "pin-wall", line, strlen(line), 0600) != 0)
            return -1;
        snprintf(shown, shownlen, "%s", text);
    }
    pin_hash_write(&p->key, hash);
    snprintf(line, sizeof line, "sha256 %c%zu %s\n", kind_of(text), strlen(text), hash);
    return file_write_atomic(dir, "pin", line, strlen(line), 0600) == 0 ? 0 : -1;
}

int pin_resolve(const char *state_dir, const char *configured, pin_t *p, char *shown,
                size_t shownlen)
{
    memset(p, 0, sizeof *p);
    if (shownlen)
        shown[0] = 0;
    if (configured && *configured)
        return pin_configured(p, configured);
    bool seen = pin_seen(state_dir);
    char line[256];
    if (file_first_line(state_dir, "pin", line, sizeof line)) {
        if (parse_kept(line, p)) {
            if (seen)
                forget_wall_copy(state_dir);
            /* A PIN nobody can read (its clear copy lost before the first
             * login) is of no use: a new one is made below. */
            if (seen || wall_copy(state_dir, p, shown, shownlen))
                return 0;
        } else if (kept_in_clear(line)) {
            return keep(state_dir, line, seen, p, shown, shownlen);
        }
    }
    char made[PIN_DIGITS + 1];
    if (random_digits(made) != 0)
        return -1;
    mkdir(state_dir, 0755);
    char path[4096];
    path_of(state_dir, "pin-seen", path, sizeof path);
    unlink(path); /* nobody has seen this one yet */
    return keep(state_dir, made, false, p, shown, shownlen);
}

bool pin_wall_text(const char *state_dir, char *buf, size_t len)
{
    if (pin_seen(state_dir))
        return false;
    char line[256];
    pin_t p = {0};
    if (!file_first_line(state_dir, "pin", line, sizeof line))
        return false;
    if (parse_kept(line, &p))
        return wall_copy(state_dir, &p, buf, len);
    if (!kept_in_clear(line))
        return false;
    snprintf(buf, len, "%s", line);
    return true;
}

/* What the stamp is made of: the configured PIN, or the generated one's
 * hash (it changes with the PIN: a new one has a new salt). */
static void identity(const pin_t *p, char out[PIN_TEXT_MAX + 1])
{
    if (p->generated)
        text_hex_write(p->key.hash, PIN_HASH_LEN, out);
    else
        snprintf(out, PIN_TEXT_MAX + 1, "%s", p->configured);
}

int pin_stamp(const pin_t *p, pin_hash_t *stamp)
{
    char id[PIN_TEXT_MAX + 1];
    identity(p, id);
    return pin_hash_make(stamp, id);
}

bool pin_stamp_matches(const pin_t *p, const pin_hash_t *stamp)
{
    char id[PIN_TEXT_MAX + 1];
    identity(p, id);
    return pin_equal(stamp, id);
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
        bool kept = fsync(fd) == 0;
        close(fd);
        /* Only once the mark is kept: without it the wall would show a
         * PIN nobody can read any more. */
        if (kept)
            forget_wall_copy(state_dir);
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
