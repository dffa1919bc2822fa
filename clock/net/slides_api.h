/* The slides API: GET/POST /api/slides, GET/POST/DELETE /api/slides/ID. */
#ifndef POKERCLOCK_SLIDES_API_H
#define POKERCLOCK_SLIDES_API_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "store/slides.h"

/* Whether url is the API's (/api/slides, /api/slides/...). */
bool slides_api_url(const char *url);

/* Answers one request to the slides API; body is what was uploaded (a
 * picture, or JSON). logged_in: the request has the director's session
 * (every change needs it). */
enum MHD_Result slides_api_answer(struct MHD_Connection *con, slides_t *s, const char *method,
                                  const char *url, const char *body, size_t len, bool logged_in);

#endif
