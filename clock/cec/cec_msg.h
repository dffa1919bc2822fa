/* HDMI-CEC messages the clock sends to the TV, and the one it reads back:
 * their bytes as the CEC specification (HDMI 1.4b, supplement 1) lays them
 * out. No I/O. */
#ifndef POKERCLOCK_CEC_MSG_H
#define POKERCLOCK_CEC_MSG_H

#include <stddef.h>
#include <stdint.h>

enum {
    CEC_LA_TV = 0x0, /* the TV's logical address */
    CEC_LA_BROADCAST = 0xf,
    CEC_FRAME_MAX = 16, /* a header block and 15 data blocks */
    /* Opcodes. */
    CEC_OP_IMAGE_VIEW_ON = 0x04,
    CEC_OP_STANDBY = 0x36,
    CEC_OP_ACTIVE_SOURCE = 0x82,
    CEC_OP_GIVE_DEVICE_POWER_STATUS = 0x8f,
    CEC_OP_REPORT_POWER_STATUS = 0x90,
};

/* The TV's power as it reports it ([Power Status] operand), or what the
 * clock knows of it. */
typedef enum {
    TV_POWER_ON = 0,
    TV_POWER_STANDBY = 1,
    TV_POWER_TURNING_ON = 2,  /* in transition standby to on */
    TV_POWER_TURNING_OFF = 3, /* in transition on to standby */
    TV_POWER_UNKNOWN = 4,     /* no answer (yet), or no TV */
} tv_power;

/* "on", "standby", "turning on", "turning off", "unknown". */
const char *tv_power_name(tv_power p);

/* A frame: the header block (initiator << 4 | destination), the opcode,
 * the operands. */
typedef struct {
    uint8_t b[CEC_FRAME_MAX];
    size_t len;
} cec_frame_t;

/* <Image View On> to the TV: it leaves standby. */
cec_frame_t cec_image_view_on(uint8_t from);
/* <Active Source>, broadcast: this source (physical address a.b.c.d as
 * 0xabcd) is the one to show; the TV switches its input to it. */
cec_frame_t cec_active_source(uint8_t from, uint16_t phys);
/* <Standby> to the TV. */
cec_frame_t cec_standby(uint8_t from);
/* <Give Device Power Status> to the TV; it answers <Report Power Status>. */
cec_frame_t cec_give_power_status(uint8_t from);
/* The TV's <Report Power Status> to us: its power; TV_POWER_UNKNOWN for
 * any other frame. */
tv_power cec_power_status(const uint8_t *b, size_t len);

#endif
