/*
 * fuzz.h — the byte-program interpreter behind the API fuzzer.
 *
 * A fuzz input is a program: a sequence of calls to the public C API. Each call is a 3-byte
 * operation code, mapped to a function of include/anima.h by consistent hashing of the
 * function's name (so that adding a function to the header leaves the meaning of most stored
 * inputs unchanged), followed by the bytes its arguments are decoded from. The per-function
 * decoders are generated from the header (fuzz/gen_harness.py writes build/fuzz/api_calls.c);
 * this file declares the value sources they draw from: handles from pools of everything the
 * program created (kept after destruction, so stale handles come back), forged handles of the
 * wrong kind, boundary doubles and integers, defs that start from their defaults with a few
 * fields changed, honest buffers (a count never exceeds the memory behind its pointer), and
 * callbacks that run more of the program from inside the library. The program's state is the
 * running thread's own, so that a second thread can run the program too (ANIMA_FUZZ_THREADS=1).
 */
#ifndef ANIMA_FUZZ_H
#define ANIMA_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "anima.h"

/* ------------------------------------------------------------------ reader */

/** Takes the next byte of the program, or 0 once it is exhausted. */
uint8_t fz_u8(void);
uint16_t fz_u16(void);
uint32_t fz_u32(void);
uint64_t fz_u64(void);
/** True once every byte of the program has been read. */
bool fz_exhausted(void);

/* ------------------------------------------------------------------ values */

double fz_double(void);
/** The argument of anima_animator_advance: boundary values and at most half a second of work. */
double fz_seconds(void);
int32_t fz_int32(void);
bool fz_bool(void);
/** An element count: small, boundary (16, 17, 64), negative; the caller allocates honestly. */
int32_t fz_count(void);
/** An output capacity (>= 0 mostly, sometimes negative). */
int32_t fz_capacity(void);
/** One of the values of an enum, or one outside it. */
int32_t fz_enum(const int32_t *values, int count);
/** A NUL-terminated identifier (or NULL); the memory lives until the current call ends. */
const char *fz_string(void);
/** An opaque pointer value (never dereferenced by the library). */
void *fz_opaque(void);
/** True with probability 1/n: used to pass NULL for a pointer argument now and then. */
bool fz_one_in(unsigned n);
/** The program's velocity tracker (anima_velocity_tracker_*), made by anima_default_velocity_tracker() at
 * the start of each input; now and then emptied again, or one of its bytes overwritten, as a careless
 * caller might. */
anima_velocity_tracker *fz_tracker(void);

anima_animator fz_animator(void);
anima_item fz_item(void);
anima_behavior fz_behavior(void);
anima_animation fz_animation(void);
anima_timeline fz_timeline(void);
anima_value fz_value(void);
anima_detent_drag fz_detent_drag(void);

/** The id (anima_item_get_id, anima_behavior_get_id) of a recorded item or behavior, or raw bits now and then. */
uint64_t fz_item_id(void);
uint64_t fz_behavior_id(void);

void fz_record_animator(anima_animator a);
void fz_record_item(anima_item i);
void fz_record_behavior(anima_behavior b);
void fz_record_animation(anima_animation a);
void fz_record_timeline(anima_timeline t);
void fz_record_value(anima_value v);
void fz_record_detent_drag(anima_detent_drag d);

/* Callbacks that run a few more operations of the program from inside the library. */
anima_animator_event_fn fz_cb_anima_animator_event_fn(void);
anima_behavior_action_fn fz_cb_anima_behavior_action_fn(void);
anima_contact_fn fz_cb_anima_contact_fn(void);
anima_debug_polygon_fn fz_cb_anima_debug_polygon_fn(void);
anima_debug_circle_fn fz_cb_anima_debug_circle_fn(void);
anima_debug_segment_fn fz_cb_anima_debug_segment_fn(void);
anima_debug_point_fn fz_cb_anima_debug_point_fn(void);
anima_pre_solve_fn fz_cb_anima_pre_solve_fn(void);
anima_field_fn fz_cb_anima_field_fn(void);
anima_animation_completion_fn fz_cb_anima_animation_completion_fn(void);
anima_value_fn fz_cb_anima_value_fn(void);

/* Hand-written decoders (fuzz_snapshot.c): anima_animator_snapshot and anima_animator_restore. */
void fz_call_snapshot(void);
void fz_call_restore(void);

/* --------------------------------------------------------------- snapshots */

/* What the snapshot decoders keep between calls, kept here with the rest of the program's state:
 * per input and per thread, and forgotten before each input. */

/** Keeps a copy of a snapshot's bytes as the input's last snapshot, in place of the one before. */
void fz_keep_snapshot(const unsigned char *bytes, size_t size);
/** The input's last snapshot (owned by the harness), or NULL with *size 0 when it has none. */
const unsigned char *fz_last_snapshot(size_t *size);
/** Whether the input may restore one more animator (at most 12 an input, on each thread). */
bool fz_may_restore(void);
/** Counts an animator the input restored. */
void fz_count_restore(void);

/* --------------------------------------------------------------- memory */

/** Memory for one call's arguments, freed when the call's frame ends (fz_frame_end). */
void *fz_alloc(size_t count, size_t size);
size_t fz_frame_begin(void);
void fz_frame_end(size_t mark);

/* ---------------------------------------------------------------- checks */

/** Aborts (a finding) when the library broke its contract; see fuzz_support.c. */
void fz_fail(const char *function, const char *what);
/** Checks a returned status: a known code, and a message naming the failure. */
void fz_check_status(const char *function, anima_status status);
/** Fills an output with a pattern, so that fz_untouched can tell whether a failed call wrote it. */
void fz_poison(void *p, size_t size);
bool fz_untouched(const void *p, size_t size);
/** Reads every field of contact events (a use of freed memory shows under AddressSanitizer). */
void fz_touch_events(const anima_contact_event *events, int32_t count);
void fz_touch_hits(const anima_hit_event *events, int32_t count);
void fz_touch_sensor_events(const anima_sensor_event *events, int32_t count);
/** Reads a string the library returned. */
void fz_touch_string(const char *function, const char *s);

/** Called before each operation; false skips it (the harness caps the items of one input). */
bool fz_allow(int index);
/** Tracing (ANIMA_FUZZ_TRACE=1): each call and its status on stderr. */
extern bool fz_trace;
/** How deep in callbacks the running thread's program is. */
extern _Thread_local int fz_depth;
/** Two threads (ANIMA_FUZZ_THREADS=1): a second thread replays the rest of each input on the same
 * animators while the first runs it; see fuzz_support.c. Checks that one thread alone makes hold
 * (a two-call idiom sees the same size twice, a listed item is still valid) are not made then. */
extern bool fz_threads;
void fz_trace_call(const char *function, anima_status status, bool has_status);
/** Tracing: a def field the harness changed from its default (printf format and arguments). */
void fz_trace_field(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* ------------------------------------------------------ generated table */

typedef struct fz_call {
    const char *name;
    uint32_t point;        /* the function's place on the 24-bit ring: fnv1a32(name) >> 8 */
    void (*run)(void);
} fz_call;

/** Every function of the header, sorted by point (build/fuzz/api_calls.c). */
extern const fz_call fz_calls[];
extern const int fz_call_count;

#endif
