/*
 * font.h: the samples' built-in bitmap font, 5 x 7 pixels per glyph, ASCII 32...126.
 */
#ifndef SAMPLES_FONT_H
#define SAMPLES_FONT_H

#include <stdint.h>

#define FONT_FIRST 32
#define FONT_LAST 126
#define FONT_WIDTH 5
#define FONT_HEIGHT 7
#define FONT_ADVANCE 6      /* pixels from one glyph to the next at scale 1 */
#define FONT_LINE 10        /* pixels from one line to the next at scale 1 */

/* The rows of a glyph, top first; bit 4 of a row is its leftmost pixel. Characters outside
   32...126 give the glyph of '?'. */
const uint8_t *font_glyph(int character);

#endif
