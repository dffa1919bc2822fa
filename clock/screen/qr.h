/* The panel's address as a QR code (libqrencode), drawn with paint. */
#ifndef POKERCLOCK_QR_H
#define POKERCLOCK_QR_H

#include "screen/paint.h"

/* Draws the code, dark on white with a quiet zone, filling a size x size box. */
void qr_draw(paint_t *p, const char *text, int x, int y, int size);

#endif
