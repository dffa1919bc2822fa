/* The kernel's CEC device: a playback device's logical address, frames out,
 * the TV's answers in. Blocking calls, from the TV's own thread only. */
#include "cec/cec_dev.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/cec.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { REPLY_MS = 1000 }; /* how long to wait for the TV's answer */

struct cec_dev {
    int fd;
    tv_link_t link; /* set once at open */
};

static int dev_send(void *ctx, const cec_frame_t *f, uint8_t reply_op, cec_frame_t *reply)
{
    cec_dev_t *d = ctx;
    struct cec_msg m;
    memset(&m, 0, sizeof m);
    m.len = (uint32_t)f->len;
    memcpy(m.msg, f->b, f->len);
    if (reply_op) {
        m.reply = reply_op;
        m.timeout = REPLY_MS;
    }
    if (ioctl(d->fd, CEC_TRANSMIT, &m) != 0)
        return -errno;
    if (!(m.tx_status & CEC_TX_STATUS_OK))
        return -EIO;
    if (reply_op) {
        if (!(m.rx_status & CEC_RX_STATUS_OK))
            return -ETIMEDOUT;
        reply->len = m.len < CEC_FRAME_MAX ? m.len : CEC_FRAME_MAX;
        memcpy(reply->b, m.msg, reply->len);
    }
    return 0;
}

static uint8_t dev_log_addr(void *ctx)
{
    cec_dev_t *d = ctx;
    struct cec_log_addrs la;
    memset(&la, 0, sizeof la);
    if (ioctl(d->fd, CEC_ADAP_G_LOG_ADDRS, &la) != 0 || !la.num_log_addrs || !la.log_addr_mask)
        return CEC_LA_BROADCAST;
    return la.log_addr[0];
}

static uint16_t dev_phys_addr(void *ctx)
{
    cec_dev_t *d = ctx;
    uint16_t pa = CEC_PHYS_ADDR_INVALID;
    if (ioctl(d->fd, CEC_ADAP_G_PHYS_ADDR, &pa) != 0)
        return CEC_PHYS_ADDR_INVALID;
    return pa;
}

cec_dev_t *cec_dev_open(const char *path, char *err, size_t errlen)
{
    cec_dev_t *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->fd = open(path, O_RDWR | O_CLOEXEC);
    if (d->fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(d);
        return NULL;
    }
    struct cec_caps caps;
    memset(&caps, 0, sizeof caps);
    if (ioctl(d->fd, CEC_ADAP_G_CAPS, &caps) != 0) {
        snprintf(err, errlen, "%s is not a CEC device: %s", path, strerror(errno));
        cec_dev_close(d);
        return NULL;
    }
    /* The clock sends; the kernel answers the TV's questions about us. */
    uint32_t mode = CEC_MODE_INITIATOR;
    if (ioctl(d->fd, CEC_S_MODE, &mode) != 0) {
        snprintf(err, errlen, "%s: cannot send: %s", path, strerror(errno));
        cec_dev_close(d);
        return NULL;
    }
    if (caps.capabilities & CEC_CAP_LOG_ADDRS) {
        struct cec_log_addrs la;
        memset(&la, 0, sizeof la);
        if (ioctl(d->fd, CEC_ADAP_G_LOG_ADDRS, &la) == 0 && la.num_log_addrs == 0) {
            memset(&la, 0, sizeof la);
            la.cec_version = CEC_OP_CEC_VERSION_1_4;
            la.vendor_id = CEC_VENDOR_ID_NONE;
            la.num_log_addrs = 1;
            snprintf(la.osd_name, sizeof la.osd_name, "pokerclock");
            la.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
            la.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
            la.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
            /* Without a TV the address is claimed once one is plugged in. */
            if (ioctl(d->fd, CEC_ADAP_S_LOG_ADDRS, &la) != 0 && errno != EBUSY) {
                snprintf(err, errlen, "%s: cannot claim an address: %s", path, strerror(errno));
                cec_dev_close(d);
                return NULL;
            }
        }
    }
    d->link = (tv_link_t){.send = dev_send,
                          .log_addr = dev_log_addr,
                          .phys_addr = dev_phys_addr,
                          .ctx = d};
    return d;
}

void cec_dev_close(cec_dev_t *d)
{
    if (!d)
        return;
    if (d->fd >= 0)
        close(d->fd);
    free(d);
}

const tv_link_t *cec_dev_link(cec_dev_t *d)
{
    return &d->link;
}
