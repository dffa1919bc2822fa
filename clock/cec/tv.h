/* The TV over HDMI-CEC (the kernel's CEC device, linux/cec.h): on and on
 * our input at the wall's first frame and whenever the clock starts or
 * resumes, standby a while after the tournament is over (if asked for), the
 * panel's TV buttons, and the TV's power for the panel. */
#ifndef POKERCLOCK_CEC_TV_H
#define POKERCLOCK_CEC_TV_H

#include <stdbool.h>
#include <stdint.h>

#include "cec/cec_msg.h"
#include "engine.h"

/* What the clock does to the TV. */
typedef enum {
    TV_DO_NONE = 0,
    TV_DO_ON,      /* <Image View On>: out of standby */
    TV_DO_SHOW,    /* on, and on our input (<Active Source>) */
    TV_DO_STANDBY, /* <Standby> */
} tv_action;

/* "on", "show", "standby": the panel's words for an action; 0 or -1. */
int tv_action_parse(const char *word, tv_action *out);

/* How the clock talks to the TV: the kernel's CEC device, or a test's fake. */
typedef struct {
    /* Sends f; with reply_op, waits for the TV's answer with that opcode
     * into *reply. 0, or -errno. */
    int (*send)(void *ctx, const cec_frame_t *f, uint8_t reply_op, cec_frame_t *reply);
    uint8_t (*log_addr)(void *ctx);   /* ours; CEC_LA_BROADCAST: none yet */
    uint16_t (*phys_addr)(void *ctx); /* ours, 0xabcd for a.b.c.d; 0xffff: none */
    void *ctx;
} tv_link_t;

/* Carries out an action: 0, or -errno of the frame that failed (-ENONET:
 * no logical address, as without a TV). */
int tv_act(const tv_link_t *l, tv_action a);
/* Asks the TV for its power. */
tv_power tv_ask_power(const tv_link_t *l);

/* What the clock's state asks of the TV, step by step (time passed in). */
typedef struct {
    bool first_frame; /* the wall has been drawn on the screen */
    bool running;     /* the level clock runs */
    bool over;        /* the tournament is over */
} tv_facts_t;

typedef struct {
    bool shown; /* the TV was asked on for the first frame */
    bool was_running;
    bool was_over;
    bool standby_sent; /* for this end of the tournament */
    int64_t over_since;
} tv_policy_t;

/* The action for these facts at now: TV_DO_SHOW at the first frame and at
 * each start or resume; TV_DO_STANDBY once, standby_ms after the tournament
 * is over (0: never); else TV_DO_NONE. */
tv_action tv_policy_step(tv_policy_t *p, const tv_facts_t *f, int64_t now, int64_t standby_ms);

/* ---- the running part: a thread of its own ---- */

typedef struct tv tv_t;

typedef struct {
    const char *device; /* the CEC device, like /dev/cec0 */
    int64_t standby_ms; /* standby after the tournament is over; 0: never */
    engine_t *engine;
    /* The wall's frames so far (screen_frames), or NULL without a screen. */
    uint64_t (*frames)(void *ctx);
    void *frames_ctx;
    const tv_link_t *link; /* a test's fake; NULL: the device */
} tv_options_t;

/* Starts the TV's thread, which opens the device (tried again every 10 s
 * while it is not there: tv_status says why). NULL with err when no
 * thread can be started. */
tv_t *tv_start(const tv_options_t *o, char *err, size_t errlen);
void tv_stop(tv_t *t);
/* A button on the panel: carried out by the TV's thread at once. */
void tv_request(tv_t *t, tv_action a);
/* The TV's power as last asked, and the last problem ("" for none). */
tv_power tv_status(tv_t *t, char *problem, size_t len);

#endif
