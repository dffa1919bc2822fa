/* Director sessions: random tokens, kept on disk only as hashes with their expiry. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "model/text.h"
#include "net/session.h"
#include "net/sha256.h"

typedef struct {
    uint8_t hash[SHA256_LEN];  /* of the token's hex text: a stolen file logs nobody in */
    int64_t expires;           /* wall seconds */
} session_t;

struct session_store {
    pthread_mutex_t lock;      /* requests come from several server threads */
    char *path;                /* state_dir/sessions, or NULL: memory only; set at open */
    int n;                     /* lock */
    session_t items[SESSION_MAX]; /* lock */
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

static void load(session_store_t *s)
{
    FILE *f = fopen(s->path, "r");
    if (!f)
        return;
    char line[160], hex[2 * SHA256_LEN + 1];
    long long expires;
    while (s->n < SESSION_MAX && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%64s %lld", hex, &expires) != 2 || strlen(hex) != 2 * SHA256_LEN)
            continue;
        session_t *it = &s->items[s->n];
        bool ok = true;
        for (int i = 0; i < SHA256_LEN && ok; i++) {
            int hi = text_hex_digit((unsigned char)hex[2 * i]);
            int lo = text_hex_digit((unsigned char)hex[2 * i + 1]);
            ok = hi >= 0 && lo >= 0;
            it->hash[i] = (uint8_t)(hi << 4 | lo);
        }
        if (ok) {
            it->expires = expires;
            s->n++;
        }
    }
    fclose(f);
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
    for (int i = 0; i < s->n; i++) {
        for (int j = 0; j < SHA256_LEN; j++)
            fprintf(f, "%02x", s->items[i].hash[j]);
        fprintf(f, " %lld\n", (long long)s->items[i].expires);
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

session_store_t *session_store_open(const char *state_dir)
{
    session_store_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    if (state_dir) {
        size_t len = strlen(state_dir) + sizeof "/sessions";
        if (!(s->path = malloc(len))) {
            free(s);
            return NULL;
        }
        snprintf(s->path, len, "%s/sessions", state_dir);
        load(s);
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
    it.expires = now_s + SESSION_MAX_AGE_S;
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
