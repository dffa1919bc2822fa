/* HDMI-CEC messages to the TV and its power report, as bytes. */
#include "cec/cec_msg.h"

const char *tv_power_name(tv_power p)
{
    static const char *const names[] = {"on", "standby", "turning on", "turning off", "unknown"};
    return p >= TV_POWER_ON && p <= TV_POWER_UNKNOWN ? names[p] : "unknown";
}

static cec_frame_t frame(uint8_t from, uint8_t to, uint8_t op)
{
    cec_frame_t f = {.len = 2};
    f.b[0] = (uint8_t)((from & 0xf) << 4 | (to & 0xf));
    f.b[1] = op;
    return f;
}

cec_frame_t cec_image_view_on(uint8_t from)
{
    return frame(from, CEC_LA_TV, CEC_OP_IMAGE_VIEW_ON);
}

cec_frame_t cec_active_source(uint8_t from, uint16_t phys)
{
    cec_frame_t f = frame(from, CEC_LA_BROADCAST, CEC_OP_ACTIVE_SOURCE);
    f.b[2] = (uint8_t)(phys >> 8);
    f.b[3] = (uint8_t)(phys & 0xff);
    f.len = 4;
    return f;
}

cec_frame_t cec_standby(uint8_t from)
{
    return frame(from, CEC_LA_TV, CEC_OP_STANDBY);
}

cec_frame_t cec_give_power_status(uint8_t from)
{
    return frame(from, CEC_LA_TV, CEC_OP_GIVE_DEVICE_POWER_STATUS);
}

tv_power cec_power_status(const uint8_t *b, size_t len)
{
    /* From the TV (initiator 0), the opcode, one operand of 0 to 3. */
    if (len < 3 || (b[0] >> 4) != CEC_LA_TV || b[1] != CEC_OP_REPORT_POWER_STATUS || b[2] > 3)
        return TV_POWER_UNKNOWN;
    return (tv_power)b[2];
}
