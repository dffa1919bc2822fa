/* What a request must say about itself: its Host and its Content-Type. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/prefix.h"
#include "net/headers.h"

enum { NAME_MAX_LEN = 256, NAME_TTL_MS = 30000 };

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

bool headers_type_is(const char *content_type, const char *want)
{
    if (!content_type)
        return false;
    const char *p = skip_space(content_type);
    size_t n = strlen(want);
    if (strncasecmp(p, want, n) != 0)
        return false;
    p = skip_space(p + n);
    while (*p == ';') {
        p = skip_space(p + 1);
        const char *after = starts_with_case(p, "charset");
        if (!after)
            return false;
        p = skip_space(after);
        if (*p++ != '=')
            return false;
        p = skip_space(p);
        bool quoted = *p == '"';
        p += quoted;
        p = starts_with_case(p, "utf-8");
        if (!p)
            return false;
        if (quoted && *p++ != '"')
            return false;
        p = skip_space(p);
    }
    return *p == 0;
}

bool headers_json_ok(const char *content_type, size_t body_len)
{
    return body_len == 0 || headers_type_is(content_type, "application/json");
}

/* Whether the n bytes at s are name, in any case. */
static bool same_name(const char *s, size_t n, const char *name)
{
    return n == strlen(name) && n > 0 && strncasecmp(s, name, n) == 0;
}

/* Whether the n bytes at s are an IP address of this family written out. */
static bool ip_literal(int family, const char *s, size_t n)
{
    char text[INET6_ADDRSTRLEN];
    unsigned char bin[sizeof(struct in6_addr)];
    if (n >= sizeof text)
        return false;
    memcpy(text, s, n);
    text[n] = 0;
    return inet_pton(family, text, bin) == 1;
}

bool headers_host_ours(const char *host, const char *name)
{
    bool v6 = host[0] == '[';
    const char *start = host + v6;
    const char *end = v6 ? strchr(start, ']') : start + strcspn(start, ":");
    if (!end)
        return false;
    const char *port = end + v6;
    size_t digits = *port ? strlen(port + 1) : 0;
    if (*port &&
        (*port != ':' || digits < 1 || digits > 5 || strspn(port + 1, "0123456789") != digits))
        return false;
    size_t n = (size_t)(end - start);
    if (v6)
        return ip_literal(AF_INET6, start, n);
    if (n && start[n - 1] == '.') /* "pokerclock.local." is the same name */
        n--;
    size_t first = strcspn(name, ".");
    return ip_literal(AF_INET, start, n) || same_name(start, n, "localhost") ||
           same_name(start, n, name) ||
           (first > 0 && n > first && strncasecmp(start, name, first) == 0 &&
            same_name(start + first, n - first, ".local"));
}

/* The name read last and when: the lock is `lock`. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char cached[NAME_MAX_LEN];
static int64_t cached_at;
static bool cached_once;

void headers_machine_name(int64_t now_ms, char *out, size_t len)
{
    pthread_mutex_lock(&lock);
    if (!cached_once || now_ms - cached_at >= NAME_TTL_MS) {
        char name[NAME_MAX_LEN] = "";
        if (gethostname(name, sizeof name - 1) != 0)
            name[0] = 0;
        snprintf(cached, sizeof cached, "%s", name);
        cached_at = now_ms;
        cached_once = true;
    }
    snprintf(out, len, "%s", cached);
    pthread_mutex_unlock(&lock);
}
