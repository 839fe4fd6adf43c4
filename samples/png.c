/*
 * png.c: PNG files with uncompressed deflate blocks (RFC 1950/1951 "stored" blocks, PNG
 * filter 0 on every row). Larger than a compressed PNG, but any viewer reads it.
 */
#include "png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t crc_table[256];

static void make_crc_table(void)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) {
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        }
        crc_table[n] = c;
    }
}

static uint32_t crc_update(uint32_t crc, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc = crc_table[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
    }
    return crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Writes one chunk: length, type, data, CRC of type and data. */
static bool write_chunk(FILE *f, const char type[4], const uint8_t *data, size_t n)
{
    uint8_t header[8];
    put32(header, (uint32_t)n);
    memcpy(header + 4, type, 4);
    uint32_t crc = crc_update(0xFFFFFFFFu, (const uint8_t *)type, 4);
    crc = crc_update(crc, data, n) ^ 0xFFFFFFFFu;
    uint8_t trailer[4];
    put32(trailer, crc);
    return fwrite(header, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) && fwrite(trailer, 1, 4, f) == 4;
}

bool png_write_argb(const char *path, const uint32_t *pixels, int w, int h, int pitch, char *error, size_t error_size)
{
    make_crc_table();
    const size_t row = 1 + 3 * (size_t)w;                   /* filter byte + RGB */
    const size_t raw_size = row * (size_t)h;
    const size_t blocks = (raw_size + 65534) / 65535;
    const size_t zsize = 2 + raw_size + 5 * blocks + 4;     /* zlib header, stored blocks, Adler-32 */
    uint8_t *raw = malloc(raw_size);
    uint8_t *z = malloc(zsize);
    if (raw == NULL || z == NULL) {
        free(raw);
        free(z);
        snprintf(error, error_size, "screenshot: out of memory for a %d x %d PNG", w, h);
        return false;
    }
    for (int y = 0; y < h; y++) {
        const uint32_t *line = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)pitch);
        uint8_t *out = raw + (size_t)y * row;
        *out++ = 0;
        for (int x = 0; x < w; x++) {
            *out++ = (uint8_t)(line[x] >> 16);
            *out++ = (uint8_t)(line[x] >> 8);
            *out++ = (uint8_t)line[x];
        }
    }
    size_t at = 0;
    z[at++] = 0x78;   /* deflate, 32 K window */
    z[at++] = 0x01;   /* no preset dictionary; (0x78 << 8 | 0x01) % 31 == 0 */
    uint32_t a = 1, b = 0;
    for (size_t done = 0; done < raw_size;) {
        const size_t n = raw_size - done > 65535 ? 65535 : raw_size - done;
        z[at++] = done + n == raw_size ? 1 : 0;   /* BFINAL, BTYPE 00 */
        z[at++] = (uint8_t)n;
        z[at++] = (uint8_t)(n >> 8);
        z[at++] = (uint8_t)~n;
        z[at++] = (uint8_t)(~n >> 8);
        memcpy(z + at, raw + done, n);
        for (size_t i = 0; i < n; i++) {
            a = (a + raw[done + i]) % 65521;
            b = (b + a) % 65521;
        }
        at += n;
        done += n;
    }
    put32(z + at, (b << 16) | a);
    at += 4;

    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;    /* bit depth */
    ihdr[9] = 2;    /* RGB */
    ihdr[10] = 0;   /* deflate */
    ihdr[11] = 0;   /* filter method 0 */
    ihdr[12] = 0;   /* no interlace */
    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

    bool done = false;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        snprintf(error, error_size, "screenshot: cannot write %s: %s", path, strerror(errno));
    } else {
        done = fwrite(signature, 1, 8, f) == 8 && write_chunk(f, "IHDR", ihdr, sizeof ihdr)
            && write_chunk(f, "IDAT", z, at) && write_chunk(f, "IEND", NULL, 0);
        done = fclose(f) == 0 && done;
        if (!done) {
            snprintf(error, error_size, "screenshot: cannot write %s: %s", path, strerror(errno));
        }
    }
    free(raw);
    free(z);
    return done;
}
