/*
 * fuzz_snapshot.c — the fuzzer's hand-written decoders for anima_animator_snapshot and
 * anima_animator_restore (see fuzz.h and docs/reliability.md).
 *
 * A snapshot call keeps its bytes as the input's last snapshot (with the harness, fz_keep_snapshot
 * in fuzz_support.c, which forgets it before the next input). A restore call restores bytes
 * made one of several ways: the last snapshot as it is (then the restored animator's own
 * snapshot must be the same bytes: a contract check), with a few bytes, 32-bit or 64-bit
 * fields overwritten and the CRC-32 made right again (so that the mutation reaches the
 * decoder), the same without fixing the CRC-32, cut short, header fields changed, raw program
 * bytes, or raw program bytes behind a valid header. A restored animator is stepped a few times
 * (the fuzzer's library checks its structures after every step), goes into the handle pools
 * for the rest of the program, and is destroyed with the others at the end. With two threads
 * (ANIMA_FUZZ_THREADS=1) the second call of the two-call idiom may meet the other thread inside
 * (BUSY) or an animator it changed: only the untouched outputs of a failure are checked then.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

#define HEADER 32

/* CRC-32 as in zlib (polynomial 0xEDB88320 reflected, initial and final value 0xFFFFFFFF). */
static uint32_t crc32(const unsigned char *p, size_t n)
{
    static uint32_t table[256];
    static bool ready;
    if (!ready) {
        for (uint32_t k = 0; k < 256; k++) {
            uint32_t c = k;
            for (int bit = 0; bit < 8; bit++) {
                c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            }
            table[k] = c;
        }
        ready = true;
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t k = 0; k < n; k++) {
        crc = table[(crc ^ p[k]) & 0xFF] ^ (crc >> 8);
    }
    return ~crc;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) {
        p[k] = (unsigned char)(v >> (8 * k));
    }
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int k = 0; k < 8; k++) {
        p[k] = (unsigned char)(v >> (8 * k));
    }
}

/* Makes the header's CRC-32 right for the payload behind it. */
static void fix_checksum(unsigned char *bytes, size_t size)
{
    if (size >= HEADER) {
        put32(bytes + 24, crc32(bytes + HEADER, size - HEADER));
    }
}

void fz_call_snapshot(void)
{
    anima_animator animator = fz_animator();
    uint8_t mode = fz_u8() % 4;
    int64_t size;
    fz_poison(&size, sizeof size);
    anima_status s;
    if (mode == 3) {
        /* a bad buffer: a positive capacity with NULL, or a negative capacity */
        s = anima_animator_snapshot(animator, NULL, fz_one_in(2) ? 16 : -1, &size);
        if (fz_trace) { fz_trace_call("anima_animator_snapshot", s, true); }
        fz_check_status("anima_animator_snapshot", s);
        if (s == ANIMA_OK || s == ANIMA_ERR_BUFFER_TOO_SMALL) {
            fz_fail("anima_animator_snapshot", "accepted a NULL buffer with a capacity, or a negative capacity");
        }
        if (!fz_untouched(&size, sizeof size)) { fz_fail("anima_animator_snapshot", "a failed call wrote its output out_size"); }
        return;
    }
    /* the size first: BUFFER_TOO_SMALL, since a snapshot is never empty */
    s = anima_animator_snapshot(animator, NULL, 0, &size);
    if (fz_trace) { fz_trace_call("anima_animator_snapshot", s, true); }
    fz_check_status("anima_animator_snapshot", s);
    if (s == ANIMA_OK) { fz_fail("anima_animator_snapshot", "a snapshot fitted in 0 bytes"); }
    if (s != ANIMA_ERR_BUFFER_TOO_SMALL) {
        if (!fz_untouched(&size, sizeof size)) { fz_fail("anima_animator_snapshot", "a failed call wrote its output out_size"); }
        return;
    }
    if (size < HEADER) { fz_fail("anima_animator_snapshot", "a snapshot shorter than its header"); }
    if (mode == 0) {
        return;
    }
    int64_t wanted = size;
    int64_t capacity = mode == 1 ? size : size - 1 - fz_u8() % 8;
    unsigned char *buffer = fz_alloc((size_t)capacity, 1);
    fz_poison(buffer, (size_t)capacity);
    s = anima_animator_snapshot(animator, buffer, capacity, &size);
    if (fz_trace) { fz_trace_call("anima_animator_snapshot", s, true); }
    fz_check_status("anima_animator_snapshot", s);
    if (s != ANIMA_OK && s != ANIMA_ERR_BUFFER_TOO_SMALL && size != wanted) {
        fz_fail("anima_animator_snapshot", "a failed call wrote its output out_size");
    }
    if (s != ANIMA_OK && !fz_untouched(buffer, (size_t)capacity)) {
        fz_fail("anima_animator_snapshot", "a failed call wrote into the buffer");
    }
    if (fz_threads && (s != ANIMA_OK || size != wanted)) {
        /* the other thread was inside (BUSY), or changed the animator between the two calls */
        return;
    }
    if (s == ANIMA_ERR_OUT_OF_MEMORY) {
        /* an injected allocation failure (or a real one) fell on the second call: refused as checked above */
        return;
    }
    if (mode == 2) {
        if (s != ANIMA_ERR_BUFFER_TOO_SMALL || size != wanted || !fz_untouched(buffer, (size_t)capacity)) {
            fz_fail("anima_animator_snapshot", "a buffer one too small was not refused untouched with the size");
        }
        return;
    }
    if (s != ANIMA_OK || size != wanted) {
        fz_fail("anima_animator_snapshot", "the second call of the two-call idiom failed or changed the size");
    }
    fz_keep_snapshot(buffer, (size_t)size);
}

/* The last snapshot, copied into the call frame (NULL, 0 when there is none). */
static unsigned char *copy_last(size_t *size)
{
    const unsigned char *last = fz_last_snapshot(size);
    if (last == NULL) {
        return NULL;
    }
    unsigned char *bytes = fz_alloc(*size, 1);
    memcpy(bytes, last, *size);
    return bytes;
}

/* Overwrites 1 to 4 payload fields: a byte, a 32-bit integer or a double from the value sources. */
static void mutate(unsigned char *bytes, size_t size)
{
    if (size <= HEADER + 8) {
        return;
    }
    for (int n = 1 + fz_u8() % 4; n > 0; n--) {
        size_t at = HEADER + fz_u32() % (size - HEADER - 8);
        switch (fz_u8() % 3) {
        case 0: bytes[at] = fz_u8(); break;
        case 1: put32(bytes + at, (uint32_t)fz_int32()); break;
        default: {
            double d = fz_double();
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            put64(bytes + at, bits);
            break;
        }
        }
    }
}

void fz_call_restore(void)
{
    uint8_t mode = fz_u8() % 8;
    size_t size = 0;
    unsigned char *bytes = NULL;
    int64_t given = -1;
    switch (mode) {
    case 0: /* as it is */
    case 1: /* fields overwritten, the CRC-32 made right */
    case 2: /* fields overwritten */
        bytes = copy_last(&size);
        if (mode > 0 && bytes != NULL) {
            mutate(bytes, size);
            if (mode == 1) { fix_checksum(bytes, size); }
        }
        break;
    case 3: /* cut short */
        bytes = copy_last(&size);
        if (size > 0) { size = fz_u32() % size; }
        break;
    case 4: /* raw program bytes */
    case 5: /* raw program bytes behind a valid header */
        size = fz_u16() % 4097;
        bytes = fz_alloc(size + HEADER, 1);
        if (mode == 5) {
            memcpy(bytes, "ANIMASNP", 8);
            put32(bytes + 8, 1);
            put64(bytes + 16, size);
        }
        for (size_t k = 0; k < size; k++) {
            bytes[(mode == 5 ? HEADER : 0) + k] = fz_u8();
        }
        if (mode == 5) {
            size += HEADER;
            fix_checksum(bytes, size);
        }
        break;
    case 6: /* a header field changed: magic, version, flags, length */
        bytes = copy_last(&size);
        if (size >= HEADER) {
            static const size_t fields[] = { 0, 8, 12, 16, 20, 28 };
            put32(bytes + fields[fz_u8() % 6], fz_u32());
        }
        break;
    default: /* bad arguments: NULL with a size, or a negative size */
        given = fz_one_in(2) ? (int64_t)fz_u8() + 1 : -1 - (int64_t)fz_u8();
        break;
    }
    if (given == -1) {
        given = (int64_t)size;
    }
    anima_animator restored;
    fz_poison(&restored, sizeof restored);
    anima_animator *out = fz_one_in(32) ? NULL : &restored;
    if (!fz_may_restore()) {
        return;
    }
    anima_status s = anima_animator_restore(mode == 7 ? NULL : bytes, given, out);
    if (fz_trace) {
        fz_trace_call("anima_animator_restore", s, true);
        fprintf(stderr, "%*s    mode=%d size=%lld\n", 2 * fz_depth, "", mode, (long long)given);
    }
    fz_check_status("anima_animator_restore", s);
    if (s != ANIMA_OK) {
        if (out != NULL && !fz_untouched(&restored, sizeof restored)) {
            fz_fail("anima_animator_restore", "a failed call wrote its output out_animator");
        }
        if (mode == 0 && bytes != NULL && out != NULL && s != ANIMA_ERR_OUT_OF_MEMORY) {
            fz_fail("anima_animator_restore", "refused a snapshot the library made");
        }
        return;
    }
    if (mode == 7 || out == NULL) {
        fz_fail("anima_animator_restore", "accepted a NULL pointer or a negative size");
    }
    fz_count_restore();
    fz_record_animator(restored);
    if (mode == 0) {
        /* the restored animator's snapshot is the one it came from, byte for byte */
        int64_t again = 0;
        unsigned char *copy = fz_alloc(size, 1);
        anima_status taken = anima_animator_snapshot(restored, copy, (int64_t)size, &again);
        fz_check_status("anima_animator_snapshot", taken);
        /* (an injected allocation failure may fall on this snapshot: refused, it compares nothing) */
        if (taken != ANIMA_ERR_OUT_OF_MEMORY && (taken != ANIMA_OK || again != (int64_t)size || memcmp(copy, bytes, size) != 0)) {
            fz_fail("anima_animator_restore", "the restored animator's snapshot differs from the one it came from");
        }
    }
    for (int k = 0; k < 3; k++) {
        anima_status step = anima_animator_step(restored);
        fz_check_status("anima_animator_step", step);
    }
}
