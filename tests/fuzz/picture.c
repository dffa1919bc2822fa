/* Fuzz target: the bytes of an uploaded slide picture, through the header
 * check, the PNG and JPEG readers and the picture kept. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/picture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *out;
    size_t out_len;
    picture_type type;
    int w, h;
    refusal_t no = {0};
    if (picture_prepare(data, size, &out, &out_len, &type, &w, &h, &no) != 0) {
        if (no.code == REFUSAL_NONE || !no.text[0])
            abort(); /* a refusal without a code or words */
        return 0;
    }
    /* What is kept fits the wall, is of the type sent, and reads back as
     * the picture it says it is. */
    int bw = w >= h ? PICTURE_OUT_W : PICTURE_OUT_H, bh = w >= h ? PICTURE_OUT_H : PICTURE_OUT_W;
    if (w < 1 || h < 1 || w > bw || h > bh)
        abort();
    SDL_Surface *back = picture_decode(out, out_len, &no);
    int kw, kh;
    if (!back || back->w != w || back->h != h ||
        picture_probe(out, out_len, &kw, &kh, &no) != type) {
        fprintf(stderr, "a %d x %d picture kept does not read back: %s\n", w, h, no.text);
        abort();
    }
    SDL_FreeSurface(back);
    free(out);
    return 0;
}
