/* PNG encoding of a rendered surface, fast rather than small. */
#ifndef POKERCLOCK_PNG_H
#define POKERCLOCK_PNG_H

#include <SDL2/SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* s as an 8-bit RGB PNG in a malloc'd buffer; 0, or -1 without memory. */
int png_encode(SDL_Surface *s, unsigned char **out, size_t *len);

#endif
