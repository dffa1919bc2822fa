/* QR codes: libqrencode makes the matrix, paint draws the modules. */
#include <qrencode.h>
#include <string.h>

#include "screen/qr.h"

enum { QUIET = 2 }; /* modules of white around the code; enough on a dark screen */

static QRcode *encode(const char *text)
{
    return QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
}

void qr_draw(paint_t *p, const char *text, int x, int y, int size)
{
    QRcode *q = text && *text ? encode(text) : NULL;
    if (!q)
        return;
    int n = q->width + 2 * QUIET;
    int m = size / n; /* whole pixels per module: a scanner wants sharp edges */
    if (m < 1)
        m = 1;
    int side = m * n;
    int ox = x + (size - side) / 2, oy = y + (size - side) / 2;
    SDL_Color white = {255, 255, 255, 255}, black = {0, 0, 0, 255};
    paint_rect(p, ox, oy, side, side, white);
    for (int r = 0; r < q->width; r++) {
        int c = 0;
        while (c < q->width) {
            if (!(q->data[r * q->width + c] & 1)) {
                c++;
                continue;
            }
            int run = c;
            while (run < q->width && (q->data[r * q->width + run] & 1))
                run++;
            paint_rect(p, ox + (QUIET + c) * m, oy + (QUIET + r) * m, (run - c) * m, m, black);
            c = run;
        }
    }
    QRcode_free(q);
}
