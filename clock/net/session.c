/* Director sessions and known phones: random tokens, kept on disk only as
 * hashes with their expiry, under a mark of the PIN they were made with.
 *
 * The file: "pin SALT HASH" (pin_stamp), then a line "HASH EXPIRES" per
 * token. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "base/sha256.h"
#include "model/text.h"
#include "net/session.h"

typedef struct {
    uint8_t hash[SHA256_LEN]; /* of the token's hex text: a stolen file logs nobody in */
    int64_t expires;          /* wall seconds */
} session_t;

struct session_store {
    pthread_mutex_t lock; /* requests come from several server threads; guards all below */
    char *path;           /* state_dir/name, or NULL: memory only */
    int max_age_s;
    pin_hash_t stamp; /* the mark of the PIN in force */
    int n;
    session_t items[SESSION_MAX];
};

static bool token_well_formed(const char *token)
{
    if (!token || strlen(token) != SESSION_TOKEN_LEN)
        return false;
    for (int i = 0; i < SESSION_TOKEN_LEN; i++)
        if (text_hex_digit((unsigned char)token[i]) < 0)
            return false;
    return true;
}

/* The tokens kept in the file, if it carries the mark of pin; true when
 * they may stay (false: the stamp is to be made anew). */
static bool load(session_store_t *s, const pin_t *pin)
{
    FILE *f = fopen(s->path, "r");
    if (!f)
        return false;
    char line[200], salt[40], hex[2 * SHA256_LEN + 2];
    long long expires;
    bool same = fgets(line, sizeof line, f) && sscanf(line, "pin %39s %65s", salt, hex) == 2 &&
                pin_hash_read(salt, hex, &s->stamp) && pin_stamp_matches(pin, &s->stamp);
    while (same && s->n < SESSION_MAX && fgets(line, sizeof line, f)) {
        session_t *it = &s->items[s->n];
        if (sscanf(line, "%65s %lld", hex, &expires) == 2 &&
            text_hex_bytes(hex, it->hash, SHA256_LEN)) {
            it->expires = expires;
            s->n++;
        }
    }
    fclose(f);
    return same;
}

/* Called with the lock held. A failed write keeps the sessions in memory:
 * the director stays logged in until the clock restarts. */
static void save(session_store_t *s)
{
    if (!s->path)
        return;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", s->path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        fprintf(stderr, "pokerclock: cannot save sessions in %s: %s\n", tmp, strerror(errno));
        return;
    }
    char stamp[PIN_HASH_TEXT], hex[2 * SHA256_LEN + 1];
    pin_hash_write(&s->stamp, stamp);
    fprintf(f, "pin %s\n", stamp);
    for (int i = 0; i < s->n; i++) {
        text_hex_write(s->items[i].hash, SHA256_LEN, hex);
        fprintf(f, "%s %lld\n", hex, (long long)s->items[i].expires);
    }
    bool ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, s->path) != 0) {
        fprintf(stderr, "pokerclock: cannot save sessions in %s: %s\n", s->path, strerror(errno));
        unlink(tmp);
    }
}

static void drop_expired(session_store_t *s, int64_t now_s)
{
    int k = 0;
    for (int i = 0; i < s->n; i++)
        if (s->items[i].expires > now_s)
            s->items[k++] = s->items[i];
    s->n = k;
}

session_store_t *session_store_open(const char *state_dir, const char *name, int max_age_s,
                                    const pin_t *pin)
{
    session_store_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->max_age_s = max_age_s;
    if (state_dir) {
        size_t len = strlen(state_dir) + strlen(name) + 2;
        if (!(s->path = malloc(len))) {
            session_store_free(s);
            return NULL;
        }
        snprintf(s->path, len, "%s/%s", state_dir, name);
    }
    if (!s->path || !load(s, pin)) {
        /* Another PIN (or none kept): what was there ends, now on disk too. */
        s->n = 0;
        if (pin_stamp(pin, &s->stamp) != 0) {
            session_store_free(s);
            return NULL;
        }
        if (s->path && access(s->path, F_OK) == 0)
            save(s);
    }
    return s;
}

void session_store_free(session_store_t *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s->path);
    free(s);
}

int session_create(session_store_t *s, int64_t now_s, char token[SESSION_TOKEN_LEN + 1])
{
    uint8_t raw[SESSION_TOKEN_LEN / 2];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(token + 2 * i, 3, "%02x", raw[i]);
    session_t it;
    sha256(token, SESSION_TOKEN_LEN, it.hash);
    it.expires = now_s + s->max_age_s;
    pthread_mutex_lock(&s->lock);
    drop_expired(s, now_s);
    if (s->n == SESSION_MAX) {
        int oldest = 0;
        for (int i = 1; i < s->n; i++)
            if (s->items[i].expires < s->items[oldest].expires)
                oldest = i;
        s->items[oldest] = s->items[--s->n];
    }
    s->items[s->n++] = it;
    save(s);
    pthread_mutex_unlock(&s->lock);
    return 0;
}

/* Index of the session with this hash, or -1; looks at every entry and
 * every byte, so the time taken says nothing about near misses. */
static int find(const session_store_t *s, const uint8_t hash[SHA256_LEN], int64_t now_s)
{
    int found = -1;
    for (int i = 0; i < s->n; i++) {
        uint8_t diff = 0;
        for (int j = 0; j < SHA256_LEN; j++)
            diff |= s->items[i].hash[j] ^ hash[j];
        if (diff == 0 && s->items[i].expires > now_s)
            found = i;
    }
    return found;
}

bool session_valid(session_store_t *s, const char *token, int64_t now_s)
{
    if (!token_well_formed(token))
        return false;
    uint8_t hash[SHA256_LEN];
    sha256(token, SESSION_TOKEN_LEN, hash);
    pthread_mutex_lock(&s->lock);
    bool ok = find(s, hash, now_s) >= 0;
    pthread_mutex_unlock(&s->lock);
    return ok;
}

void session_end(session_store_t *s, const char *token)
{
    if (!token_well_formed(token))
        return;
    uint8_t hash[SHA256_LEN];
    sha256(token, SESSION_TOKEN_LEN, hash);
    pthread_mutex_lock(&s->lock);
    int i = find(s, hash, INT64_MIN);
    if (i >= 0) {
        s->items[i] = s->items[--s->n];
        save(s);
    }
    pthread_mutex_unlock(&s->lock);
}

void session_end_all(session_store_t *s, const char *keep)
{
    uint8_t hash[SHA256_LEN];
    bool keeping = token_well_formed(keep);
    if (keeping)
        sha256(keep, SESSION_TOKEN_LEN, hash);
    pthread_mutex_lock(&s->lock);
    int i = keeping ? find(s, hash, INT64_MIN) : -1;
    if (i >= 0)
        s->items[0] = s->items[i];
    s->n = i >= 0;
    save(s);
    pthread_mutex_unlock(&s->lock);
}
