/* What a request must say about itself before the clock serves it: a Host
 * that names this clock (a page of another site that had its own name
 * turned into this clock's address, "DNS rebinding", says its own name
 * there), and a body of JSON said to be JSON. */
#ifndef POKERCLOCK_HEADERS_H
#define POKERCLOCK_HEADERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether content_type (a Content-Type header, or NULL) is the media type
 * want ("application/json"), in any case, with no parameter but
 * charset=utf-8. */
bool headers_type_is(const char *content_type, const char *want);

/* Whether a request whose body the API reads as JSON may be read: it has
 * no body (a logout; a command without one is refused for that), or it
 * says that the body is JSON. A form of another site's page can only send
 * text/plain, a form's types or multipart; JSON makes the browser ask the
 * clock first (CORS), and the clock never says yes. */
bool headers_json_ok(const char *content_type, size_t body_len);

/* The refusal (415) when it may not. */
#define HEADERS_NOT_JSON "send JSON, with Content-Type: application/json"

/* Whether host (a Host header: a name or an address, with or without
 * ":port") names this clock: any IP address written out (v4, or v6 in
 * brackets: a rebinding needs a name), "localhost", or name (this
 * machine's host name), or its first part with ".local" (its mDNS name);
 * in any case, with or without a final dot. */
bool headers_host_ours(const char *host, const char *name);

/* This machine's host name, as gethostname says it; read again at most
 * every 30 s (now_ms: a monotonic clock), not for every request. Any
 * thread. */
void headers_machine_name(int64_t now_ms, char *out, size_t len);

#endif
