/* JSON replies: every answer of the API, errors included, goes out through here. */
#ifndef POKERCLOCK_REPLY_H
#define POKERCLOCK_REPLY_H

#include <jansson.h>
#include <microhttpd.h>
#include <stdint.h>

#include "engine.h"

/* The newest snapshot as the state JSON of the API (seq set when not NULL);
 * the snapshot is held only while rendering. */
json_t *reply_state(engine_t *e, uint64_t *seq);
/* {"seq": ..., "view": ...}: what the screen shows now (json/show.h), for
 * a page whose view changes by itself between two states. */
json_t *reply_view(engine_t *e);

/* Sends j (the reference is taken over) with status; extra may add headers. */
enum MHD_Result reply_json(struct MHD_Connection *con, unsigned status, json_t *j,
                           void (*extra)(struct MHD_Response *r, void *ctx), void *ctx);
enum { REPLY_ERROR_MAX = 512 }; /* an error's message is cut to this, less one */

/* {"error": "..."} with status. */
/* The one place an outcome becomes an HTTP status: 200, 400, 401, 404,
 * 409, 413, 415, 429, 503. */
unsigned reply_status(apply_status st);
/* A refusal as the API answers it: {"ok": false, "error": the English
 * sentence, "code": "seats_short", and each value by its name}. */
json_t *reply_refusal_json(const refusal_t *no);
enum MHD_Result reply_refusal(struct MHD_Connection *con, apply_status st, const refusal_t *no);
/* The same with the refusal's own outcome. */
enum MHD_Result reply_refused(struct MHD_Connection *con, const refusal_t *no);
/* 401 login_first: the director must log in. */
enum MHD_Result reply_login_first(struct MHD_Connection *con);
/* The same with "retry_after_s" in the body and a Retry-After header. */
enum MHD_Result reply_refusal_retry(struct MHD_Connection *con, int retry_after_s,
                                    const refusal_t *no);
enum MHD_Result reply_error(struct MHD_Connection *con, unsigned status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* {"error": msg} with status; extra may add headers. */
enum MHD_Result reply_error_with(struct MHD_Connection *con, unsigned status, const char *msg,
                                 void (*extra)(struct MHD_Response *r, void *ctx), void *ctx);
/* The same with "retry_after_s" in the body and a Retry-After header. */
enum MHD_Result reply_error_retry(struct MHD_Connection *con, unsigned status, int retry_after_s,
                                  const char *msg);
/* 503 {"error": msg}, and the connection closed once it is sent: a client
 * turned away for lack of room must not keep its place. */
enum MHD_Result reply_no_room(struct MHD_Connection *con, const char *msg);
/* Queues r (NULL: 500) with status and drops this side's reference. */
enum MHD_Result reply_queue(struct MHD_Connection *con, unsigned status, struct MHD_Response *r);

#endif
