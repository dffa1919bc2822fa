/* The kernel's CEC device (/dev/cecN, linux/cec.h) as a tv_link_t: the clock
 * claims a logical address as a playback device named "pokerclock" and sends
 * frames to the TV, waiting for its answers. */
#ifndef POKERCLOCK_CEC_DEV_H
#define POKERCLOCK_CEC_DEV_H

#include <stddef.h>

#include "cec/tv.h"

typedef struct cec_dev cec_dev_t;

/* Opens the device and asks for a logical address (claimed by the kernel
 * once a TV is connected). NULL with err on a problem. */
cec_dev_t *cec_dev_open(const char *path, char *err, size_t errlen);
void cec_dev_close(cec_dev_t *d);
/* The device as the TV's link; valid until cec_dev_close. */
const tv_link_t *cec_dev_link(cec_dev_t *d);

#endif
