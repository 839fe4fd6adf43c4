/*
 * png.h: a minimal PNG writer (8-bit RGB, deflate "stored" blocks: valid and uncompressed), so
 * that screenshots need no image library.
 */
#ifndef SAMPLES_PNG_H
#define SAMPLES_PNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes w x h pixels of 0xAARRGGBB (rows `pitch` bytes apart) as an RGB PNG. Returns false with
   a message in error. */
bool png_write_argb(const char *path, const uint32_t *pixels, int w, int h, int pitch, char *error, size_t error_size);

#endif
