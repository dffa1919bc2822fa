/* systemd's notify protocol without libsystemd: ready, watchdog, status. */
#ifndef POKERCLOCK_SDNOTIFY_H
#define POKERCLOCK_SDNOTIFY_H

/* Each does nothing when not started by systemd (no NOTIFY_SOCKET). */
void sdnotify_ready(void);
/* Call from the main loop; sends at most one keep-alive a second. */
void sdnotify_watchdog(void);
void sdnotify_status(const char *text);

#endif
