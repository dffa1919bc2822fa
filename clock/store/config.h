/* Configuration files (libconfig): settings and the tournament, with checks. */
#ifndef POKERCLOCK_CONFIG_H
#define POKERCLOCK_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/tourney.h"
#include "model/voice.h"
#include "store/tables.h"

enum { CONFIG_MAX_PROBLEMS = 64, CONFIG_MSG_MAX = 256, CONFIG_PATH_MAX = 256 };
/* The house rules: paragraphs of one line each, for a page of the kiosk. */
enum { CONFIG_MAX_RULES = 30, CONFIG_RULE_MAX = 400 };
/* The whole file is read into memory (libconfig reports syntax errors by
 * line, and the text is needed to explain them); a larger one is refused. */
enum { CONFIG_MAX_BYTES = 1 << 20 };

typedef struct {
    char file[CONFIG_PATH_MAX];
    int line;     /* 0 when the problem has no line */
    bool warning; /* a warning does not make the file unusable */
    char msg[CONFIG_MSG_MAX];
} config_problem_t;

typedef struct {
    int n;
    config_problem_t items[CONFIG_MAX_PROBLEMS];
} config_problems_t;

typedef struct {
    char bg[8], fg[8], accent[8], paused[8], brk[8], warn[8]; /* "#rrggbb" */
    char logo[CONFIG_PATH_MAX];                               /* PNG; "" for none */
    char font[CONFIG_PATH_MAX];                               /* TTF; "" for the built-in one */
} theme_t;

/* What the screen shows: the clock; the registration area's pages under a
 * small clock; or the venue's slides under a small clock (a sponsor's
 * screen), the clock itself while none is live. */
typedef enum { LAYOUT_WALL = 0, LAYOUT_KIOSK, LAYOUT_SLIDES } screen_layout;

/* "wall", "kiosk" or "slides": 0, or -1 for another word. */
int config_layout_parse(const char *word, screen_layout *out);

typedef struct {
    char bind[64];     /* "" or "0.0.0.0": every address */
    int port;          /* 8080 */
    int port_line;     /* the file's line that sets port; 0: none does */
    char pin[32];      /* "" : none configured */
    char language[8];  /* "en", "no", "de", "nl", "da" */
    char language2[8]; /* second language shown beside it, or "" */
    theme_t theme;
    structure_t structure;
    table_config_t tables;               /* the venue's tables; none: counts only */
    voice_config_t voice;                /* sound = { ... }: volume, sounds, speech */
    screen_layout layout;                /* layout = "wall", "kiosk" or "slides" */
    char slides_folder[CONFIG_PATH_MAX]; /* slides read from this folder at start; "" */
    bool tv_cec;                         /* tv = { cec = true; }: the TV over HDMI-CEC */
    int tv_standby_minutes;        /* tv = { standby_minutes = N; }: after the end; 0: never */
    char printer[CONFIG_PATH_MAX]; /* printer = "/dev/usb/lp0": seat slips; "" none */
    int paper_width;               /* paper_width = 58 or 80 (mm, the default) */
    int n_house_rules;             /* house_rules = [ ... ]: the kiosk's page */
    char house_rules[CONFIG_MAX_RULES][CONFIG_RULE_MAX];
} settings_t;

/* Fills c from a libconfig file. Every problem found is added to p, as
 * "FILE:LINE: message"; returns false when there was any error (warnings
 * alone return true). */
bool config_load_file(const char *path, settings_t *c, config_problems_t *p);
/* The same from text in memory; name stands for the file in messages. */
bool config_load_string(const char *text, const char *name, settings_t *c, config_problems_t *p);
/* The built-in default tournament (assets/structures/default.cfg). */
void config_load_default(settings_t *c);
/* Writes one problem as "FILE:LINE: message" (or "FILE: message"). */
void config_problem_format(const config_problem_t *pr, char *buf, size_t len);

/* pokerclock --check: every problem of the file on out, one a line;
 * returns the exit status (1 on any error, 0 when fine). port: the port
 * the command line gives (--port), 0 for none: a port the file names is
 * then said to be unused. */
int config_check(const char *path, int port, FILE *out);
/* "FILE:LINE: port = N is not used: ..." into buf when the command line's
 * port (not 0) overrides one the file names; false (buf untouched) when
 * there is nothing to say. */
bool config_port_note(const settings_t *c, const char *name, int port, char *buf, size_t len);

#endif
