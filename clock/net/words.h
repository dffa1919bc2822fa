/* The pages' spoken words (GET /api/speech) rendered off the request
 * threads: a request whose words are not in the cache yet is suspended
 * (no thread held) until one thread of its own has rendered them. */
#ifndef POKERCLOCK_WORDS_H
#define POKERCLOCK_WORDS_H

#include <microhttpd.h>

#include "engine.h"
#include "net/net.h"

typedef struct words words_t;
typedef struct words_job words_job_t;

/* speech renders (with render true), on the words thread only. */
words_t *words_new(net_speech_fn speech, void *ctx);
/* Answers every waiting request (they get 503) and stops the thread:
 * before MHD_stop_daemon, which must not find suspended connections. */
void words_shutdown(words_t *w);
void words_free(words_t *w);

/* Suspends con until the words for event in language, as in snap at now,
 * are rendered (snap is retained meanwhile). The job returned is the
 * words thread's until con is resumed, then the request's: it reads it
 * with words_result and frees it with words_job_free. NULL (con not
 * suspended) when too many wait already or the clock is stopping. */
words_job_t *words_render(words_t *w, struct MHD_Connection *con, const snapshot_t *snap,
                          int64_t now, int event, const char *language);
/* A resumed request's result, as net_speech_fn's: 0 with *fd (then the
 * caller's to close), 1 or -1 with err. */
int words_result(words_job_t *j, int *fd, char *err, size_t errlen);
/* Frees a job that was resumed (or NULL), closing a file not taken. */
void words_job_free(words_job_t *j);

#endif
