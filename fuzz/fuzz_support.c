/*
 * fuzz_support.c — value sources, contract checks and the libFuzzer entry point of the API
 * fuzzer (see fuzz.h and docs/reliability.md).
 *
 * What counts as a finding: a crash or trap of the process, an AddressSanitizer or
 * UndefinedBehaviorSanitizer report, a timeout, or a broken contract of include/anima.h that
 * fz_fail reports: an unknown status code, a failure without a message, an output written by a
 * failed call, a count larger than its capacity, a live-handle listing holding a dead handle,
 * a string without its terminating NUL; and, with one thread, a call refused by the thread
 * guard ("another thread is using this animator") although no other thread was inside.
 *
 * Two threads (ANIMA_FUZZ_THREADS=1): once the program has made an animator and run 8 operations
 * (or read half its bytes), a second thread starts with a copy of the program's state (its
 * handle pools, the position in its bytes) and runs the rest of the program too, while the first
 * goes on with it: the same calls on the same animators from two threads at once, racing. Each
 * call must then work, or fail with a status and a message as with one thread, ANIMA_ERR_BUSY
 * from the guard included; no crash and no sanitizer report. The first thread waits for the
 * second, and destroys what both made.
 *
 * Failing allocations in turn (ANIMA_FUZZ_FAULTS=1), as SQLite's tests do: each input runs once
 * to count the checked allocations it asks for (anima_testing_get_allocation_count), then once
 * for each of them with that one failed (anima_testing_fail_allocation). Every run must report
 * the failure it reached as ANIMA_ERR_OUT_OF_MEMORY from some call, and afterwards, with
 * allocation working again, every animator it made must pass the consistency check
 * (anima_testing_check_consistency), step, pass it again and be destroyed; AddressSanitizer
 * reports any leak.
 * The programs' own calls to anima_testing_fail_allocation are skipped in this mode.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define POOL 64
#define MAX_ITEMS_PER_INPUT 256
#define MAX_ANIMATORS_PER_INPUT 12
#define MAX_OPS_PER_INPUT 4000
#define MAX_RESTORES_PER_INPUT 12
#define MAX_DEPTH 3
#define MAX_BLOCKS 256

/* ------------------------------------------------------------------- state */

typedef struct program {
    const uint8_t *data;
    size_t size, pos;
    anima_animator animators[POOL];
    anima_item items[POOL];
    anima_behavior behaviors[POOL];
    anima_animation animations[POOL];
    anima_timeline timelines[POOL];
    anima_value values[POOL];
    anima_detent_drag detent_drags[POOL];
    unsigned animator_count, item_count, behavior_count, animation_count, timeline_count, value_count, detent_drag_count;
    unsigned items_created, animators_created, ops_left;
    void *blocks[MAX_BLOCKS];
    size_t block_count;
    anima_velocity_tracker tracker;
} program;

/* The running thread's program. */
static _Thread_local program z;

/* The input's last snapshot, for the restore decoder (fuzz_snapshot.c), and the animators it
 * restored: the running thread's too, and each thread starts with none. */
static _Thread_local unsigned char *last_snapshot;
static _Thread_local size_t last_snapshot_size;
static _Thread_local unsigned restores;

bool fz_trace;
bool fz_threads;
_Thread_local int fz_depth;
static atomic_ullong total_calls;
/* Calls the thread guard refused because the other thread was inside (two threads only). */
static atomic_ullong guard_busy;
/* ANIMA_FUZZ_FAULTS=1: each input's checked allocations failed in turn (see the top of this file). */
static bool fz_faults;
/* The calls of the running program that returned ANIMA_ERR_OUT_OF_MEMORY. */
static _Thread_local unsigned out_of_memory_statuses;
/* The fault loop's totals: the inputs looped over and the allocations failed. */
static unsigned long long faults_failed, faults_inputs;
/* The allocation count when the running program's last call returned (before the fault loop's steps). */
static uint64_t program_end;

/* ------------------------------------------------------------------ reader */

bool fz_exhausted(void) { return z.pos >= z.size; }

uint8_t fz_u8(void) { return z.pos < z.size ? z.data[z.pos++] : 0; }

uint16_t fz_u16(void) { return (uint16_t)(fz_u8() | (uint16_t)fz_u8() << 8); }

uint32_t fz_u32(void) { return fz_u16() | (uint32_t)fz_u16() << 16; }

uint64_t fz_u64(void) { return fz_u32() | (uint64_t)fz_u32() << 32; }

bool fz_one_in(unsigned n) { return fz_u8() % n == 0; }

/* ------------------------------------------------------------------ values */

/* Boundary values first: the limits the header states (1e-6, 1e-3, 1e6, 1e7, 1e9, 86400),
 * the smallest subnormal, the largest finite, the infinities and NaN; then ordinary values of
 * a UI scene. */
static const double special_doubles[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 100.0, 1000.0, 1e-6, 1e-3, 1e6, 1e7, 1e9, 1e12,
    -1e9, 1e300, -1e300, 5e-324, -5e-324, DBL_MIN, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN,
    3.141592653589793, 1.5707963267948966, -3.141592653589793, 1.0 / 60.0, 1.0 / 120.0, 60.0,
    86400.0, 86400.001, 0.999999, 1.000001, 16.0, 17.0, 0.25, 0.998, 320.0, 480.0, 568.0, 50.0,
};
#define SPECIAL_DOUBLES (sizeof special_doubles / sizeof special_doubles[0])

double fz_double(void)
{
    uint8_t b = fz_u8();
    if (b < 128) {
        return special_doubles[b % SPECIAL_DOUBLES];
    }
    if (b < 224) {  /* a scene coordinate: -512 ... 511.98 in 1/64 pt */
        return ((int32_t)fz_u16() - 32768) / 64.0;
    }
    uint64_t bits = fz_u64();
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

double fz_seconds(void)
{
    static const double values[] = {
        1.0 / 60.0, 1.0 / 120.0, 0.0, 0.1, 0.5, 1.0 / 30.0, 0.004, -0.0, -1.0, NAN, INFINITY,
        -INFINITY, 1e300, 5e-324, 86400.5, DBL_MAX,
    };
    return values[fz_u8() % (sizeof values / sizeof values[0])];
}

int32_t fz_int32(void)
{
    static const int32_t values[] = {0, 1, 2, 3, 4, -1, 16, 17, 64, 1000, 1000001, INT32_MAX, INT32_MIN};
    uint8_t b = fz_u8();
    if (b < 200) {
        return values[b % (sizeof values / sizeof values[0])];
    }
    return (int32_t)fz_u32();
}

bool fz_bool(void) { return fz_u8() & 1; }

int32_t fz_count(void)
{
    static const int32_t values[] = {0, 1, 2, 3, 4, 5, 8, 16, 17, 64, 200, -1, INT32_MIN};
    return values[fz_u8() % (sizeof values / sizeof values[0])];
}

int32_t fz_capacity(void)
{
    static const int32_t values[] = {0, 1, 2, 3, 8, 16, 64, 300, -1};
    return values[fz_u8() % (sizeof values / sizeof values[0])];
}

int32_t fz_enum(const int32_t *values, int count)
{
    uint8_t b = fz_u8();
    if (b < 224) {
        return values[b % count];
    }
    static const int32_t outside[] = {-1, 64, 1000, INT32_MAX, INT32_MIN};
    return outside[b % 5];
}

const char *fz_string(void)
{
    static const char *const values[] = {
        "floor", "wall", "a", "b", "", "left", "right", "\xff\xfe not utf-8", "line\nbreak",
        "a rather long identifier that goes on for well over sixty-four bytes of text, to be sure",
    };
    uint8_t b = fz_u8();
    if (b % 16 == 15) {
        return NULL;
    }
    return values[b % (sizeof values / sizeof values[0])];
}

void *fz_opaque(void) { return (void *)(uintptr_t)fz_u32(); }

anima_velocity_tracker *fz_tracker(void)
{
    if (fz_one_in(64)) {
        z.tracker = anima_default_velocity_tracker();
    }
    else if (fz_one_in(64)) {
        /* a caller that wrote into the struct: the library must refuse it, not trust it */
        uint8_t *bytes = (uint8_t *)&z.tracker;
        bytes[fz_u32() % sizeof z.tracker] = (uint8_t)fz_u32();
    }
    return &z.tracker;
}

/* ----------------------------------------------------------------- handles */

#define RECORD(pool, count, value) \
    do { z.pool[z.count % POOL] = (value); z.count++; } while (0)

void fz_record_animator(anima_animator a) { RECORD(animators, animator_count, a); }
void fz_record_item(anima_item i) { RECORD(items, item_count, i); }
void fz_record_behavior(anima_behavior b) { RECORD(behaviors, behavior_count, b); }
void fz_record_animation(anima_animation a) { RECORD(animations, animation_count, a); }
void fz_record_timeline(anima_timeline t) { RECORD(timelines, timeline_count, t); }
void fz_record_value(anima_value v) { RECORD(values, value_count, v); }
void fz_record_detent_drag(anima_detent_drag d) { RECORD(detent_drags, detent_drag_count, d); }

static unsigned pool_size(unsigned count) { return count < POOL ? count : POOL; }

/* A 64-bit handle or id that is no recorded one: 0 for an odd byte b, else random bits. */
static uint64_t raw_id(uint8_t b) { return b & 1 ? 0 : fz_u64(); }

/* The slot that byte b picks in a pool of `count` recorded handles, or -1 while it is empty. */
static int pool_slot(uint8_t b, unsigned count)
{
    unsigned n = pool_size(count);
    return n > 0 ? (int)(b % n) : -1;
}

/* The slot of the recorded handle that byte b asks for (most bytes, those below `below`), or -1 for
 * a forged one: when b is not below, or nothing is recorded yet. */
static int recorded_slot(uint8_t b, uint8_t below, unsigned count)
{
    return b < below ? pool_slot(b, count) : -1;
}

/* Every handle source: mostly a recorded handle (live or stale), sometimes null, one of
 * another kind with its index and generation, or random bits. */
anima_animator fz_animator(void)
{
    uint8_t b = fz_u8();
    int k = recorded_slot(b, 232, z.animator_count);
    if (k >= 0) {
        return z.animators[k];
    }
    anima_animator a = {0, 0};
    switch (b % 4) {
    case 0: break;
    case 1: a.index1 = fz_u32(); a.generation = fz_u32(); break;
    case 2: if (pool_size(z.item_count) > 0) { anima_item i = z.items[0]; a.index1 = i.index1; a.generation = i.generation; } break;
    default: if (pool_size(z.animator_count) > 0) { a = z.animators[0]; a.generation += 1; } break;
    }
    return a;
}

/* Items and behaviors have handles of one layout (index1, generation, animator, kind), so one
 * source serves both, reading either pool as anima_item. */
_Static_assert(sizeof(anima_item) == sizeof(anima_behavior), "item and behavior handles share one layout");

/* The ways an item's or a behavior's handle is forged, when the program's byte asks for no
 * recorded one. */
typedef enum forgery {
    NULL_HANDLE,            /* every field zero */
    RANDOM_BITS,            /* every field from the program's bytes */
    OTHER_KIND,             /* a recorded handle of the other kind, passed as it is */
    OTHER_KIND_AS_ITEM,     /* a behavior's slot with the item kind */
    NEXT_BEHAVIOR_KIND,     /* the right slot, another behavior kind */
    NEXT_ANIMATOR,          /* a recorded handle's slot with another animator */
    FLIPPED_GENERATION,     /* a recorded handle with the low bit of its generation flipped */
} forgery;

/* Each kind's forgeries, picked by the byte modulo 5. */
static const forgery item_forgeries[5] = { NULL_HANDLE, RANDOM_BITS, OTHER_KIND, OTHER_KIND_AS_ITEM, NEXT_ANIMATOR };
static const forgery behavior_forgeries[5] = { NULL_HANDLE, RANDOM_BITS, OTHER_KIND, NEXT_BEHAVIOR_KIND,
                                               FLIPPED_GENERATION };

/* Entry `slot` of a pool of item or behavior handles, as an anima_item. */
static anima_item pooled(const void *pool, int slot)
{
    anima_item h;
    memcpy(&h, (const unsigned char *)pool + (size_t)slot * sizeof h, sizeof h);
    return h;
}

/* An item's or a behavior's handle: the recorded one of `own` that byte b asks for, or else the
 * forgery forgeries[b % 5], made from the same byte and the pools of both kinds (`other`: the
 * other kind's). A forgery that needs a recorded handle of an empty pool gives the null handle. */
static anima_item four_field_handle(const void *own, unsigned own_count, const void *other, unsigned other_count,
                                    const forgery *forgeries)
{
    uint8_t b = fz_u8();
    int k = recorded_slot(b, 224, own_count);
    if (k >= 0) {
        return pooled(own, k);
    }
    anima_item h = {0, 0, 0, 0};
    int mine = pool_slot(b, own_count), theirs = pool_slot(b, other_count);
    switch (forgeries[b % 5]) {
    case NULL_HANDLE: break;
    case RANDOM_BITS: h.index1 = fz_u32(); h.generation = fz_u32(); h.animator = fz_u16(); h.kind = fz_u16(); break;
    case OTHER_KIND: if (theirs >= 0) { h = pooled(other, theirs); } break;
    case OTHER_KIND_AS_ITEM: if (theirs >= 0) { h = pooled(other, theirs); h.kind = ANIMA_KIND_ITEM; } break;
    case NEXT_BEHAVIOR_KIND: if (mine >= 0) { h = pooled(own, mine); h.kind = (uint16_t)(3 + (h.kind + 1) % 8); } break;
    case NEXT_ANIMATOR: if (mine >= 0) { h = pooled(own, mine); h.animator += 1; } break;
    case FLIPPED_GENERATION: if (mine >= 0) { h = pooled(own, mine); h.generation ^= 1; } break;
    }
    return h;
}

anima_item fz_item(void)
{
    return four_field_handle(z.items, z.item_count, z.behaviors, z.behavior_count, item_forgeries);
}

anima_behavior fz_behavior(void)
{
    anima_item h = four_field_handle(z.behaviors, z.behavior_count, z.items, z.item_count, behavior_forgeries);
    anima_behavior behavior;
    memcpy(&behavior, &h, sizeof behavior);
    return behavior;
}

/* A 64-bit handle (an animation's or a timeline's) of a pool of `count`: mostly a recorded one,
 * otherwise 0 or random bits. */
static uint64_t recorded_or_raw(const uint64_t *pool, unsigned count)
{
    uint8_t b = fz_u8();
    int k = recorded_slot(b, 224, count);
    return k >= 0 ? pool[k] : raw_id(b);
}

anima_animation fz_animation(void) { return recorded_or_raw(z.animations, z.animation_count); }

anima_timeline fz_timeline(void) { return recorded_or_raw(z.timelines, z.timeline_count); }

anima_detent_drag fz_detent_drag(void) { return recorded_or_raw(z.detent_drags, z.detent_drag_count); }

/* A value's handle: a recorded one, or a forgery made with the items' pool as the other kind (an
 * item passed as a value, an item's slot with the value kind, ...). */
anima_value fz_value(void)
{
    _Static_assert(sizeof(anima_value) == sizeof(anima_item), "four-field handles");
    anima_item h = four_field_handle(z.values, z.value_count, z.items, z.item_count, item_forgeries);
    if (h.kind == ANIMA_KIND_ITEM && fz_one_in(2)) {
        h.kind = ANIMA_KIND_VALUE;   /* an item's slot dressed as a value */
    }
    anima_value value;
    memcpy(&value, &h, sizeof value);
    return value;
}

/* The stable id of an item or a behavior handle, as anima_item_get_id and anima_behavior_get_id
 * make it: the generation above the index. */
static uint64_t stable_id(anima_item h) { return (uint64_t)h.generation << 32 | h.index1; }

/* The id of a recorded item or behavior of `pool` (mostly), or 0 or random bits. */
static uint64_t recorded_id(const void *pool, unsigned count)
{
    uint8_t b = fz_u8();
    int k = recorded_slot(b, 224, count);
    return k >= 0 ? stable_id(pooled(pool, k)) : raw_id(b);
}

uint64_t fz_item_id(void) { return recorded_id(z.items, z.item_count); }

uint64_t fz_behavior_id(void) { return recorded_id(z.behaviors, z.behavior_count); }

/* --------------------------------------------------------------- snapshots */

void fz_keep_snapshot(const unsigned char *bytes, size_t size)
{
    free(last_snapshot);
    last_snapshot = malloc(size);
    if (last_snapshot == NULL) {
        fz_fail("harness", "out of memory");
    }
    memcpy(last_snapshot, bytes, size);
    last_snapshot_size = size;
}

const unsigned char *fz_last_snapshot(size_t *size)
{
    *size = last_snapshot_size;
    return last_snapshot;
}

bool fz_may_restore(void) { return restores < MAX_RESTORES_PER_INPUT; }

void fz_count_restore(void) { restores++; }

/* Forgets the last snapshot and the restore count: before each input, and around the second thread's run. */
static void forget_snapshots(void)
{
    free(last_snapshot);
    last_snapshot = NULL;
    last_snapshot_size = 0;
    restores = 0;
}

/* --------------------------------------------------------------- memory */

void *fz_alloc(size_t count, size_t size)
{
    if (z.block_count == MAX_BLOCKS) {
        fz_fail("harness", "too many argument blocks in one call frame");
    }
    void *p = calloc(count ? count : 1, size);
    if (p == NULL) {
        fz_fail("harness", "out of memory");
    }
    z.blocks[z.block_count++] = p;
    return p;
}

size_t fz_frame_begin(void) { return z.block_count; }

void fz_frame_end(size_t mark)
{
    while (z.block_count > mark) {
        free(z.blocks[--z.block_count]);
    }
}

/* ---------------------------------------------------------------- checks */

void fz_fail(const char *function, const char *what)
{
    fprintf(stderr, "fuzz: contract broken by %s: %s (last error: \"%s\")\n", function, what,
            anima_last_error_message());
    fflush(stderr);
    abort();
}

void fz_check_status(const char *function, anima_status status)
{
    if ((unsigned)status > ANIMA_ERR_INTERRUPTED) {
        fz_fail(function, "returned an unknown status code");
    }
    if (status == ANIMA_ERR_OUT_OF_MEMORY) {
        out_of_memory_statuses++;
    }
    if (status != ANIMA_OK) {
        const char *message = anima_last_error_message();
        if (message == NULL || message[0] == '\0') {
            fz_fail(function, "failed without an error message");
        }
        (void)strlen(anima_status_string(status));
        if (status == ANIMA_ERR_BUSY && strstr(message, "another thread is using this animator") != NULL) {
            if (!fz_threads) {
                fz_fail(function, "refused by the thread guard, with no other thread inside");
            }
            atomic_fetch_add(&guard_busy, 1);
        }
    }
}

#define POISON 0xA5

void fz_poison(void *p, size_t size) { memset(p, POISON, size); }

bool fz_untouched(const void *p, size_t size)
{
    const uint8_t *b = p;
    for (size_t k = 0; k < size; k++) {
        if (b[k] != POISON) {
            return false;
        }
    }
    return true;
}

void fz_touch_string(const char *function, const char *s)
{
    if (s != NULL && strlen(s) > (1u << 20)) {
        fz_fail(function, "returned a string longer than a megabyte");
    }
}

void fz_touch_events(const anima_contact_event *events, int32_t count)
{
    volatile double sink = 0;
    for (int32_t k = 0; k < count; k++) {
        const anima_contact_event *e = &events[k];
        sink += e->point.x + e->point.y + e->item_a.index1 + e->item_b.index1 + e->collision.index1 + e->is_boundary;
        fz_touch_string("contact event", e->boundary_identifier);
    }
    (void)sink;
}

void fz_touch_hits(const anima_hit_event *events, int32_t count)
{
    volatile double sink = 0;
    for (int32_t k = 0; k < count; k++) {
        const anima_hit_event *e = &events[k];
        /* a hit is pushed apart while closing: a finite positive speed and impulse, a unit normal */
        if (!(e->approach_speed > 0 && e->approach_speed <= 1e300) || !(e->impulse > 0 && e->impulse <= 1e300)) {
            fz_fail("anima_animator_get_hit_events", "a hit with a speed or impulse that is not finite and positive");
        }
        double n = e->normal.x * e->normal.x + e->normal.y * e->normal.y;
        if (!(n > 0.999 && n < 1.001)) {
            fz_fail("anima_animator_get_hit_events", "a hit whose normal is not a unit vector");
        }
        sink += e->point.x + e->point.y + e->item_a.index1 + e->item_b.index1 + e->collision.index1 + e->is_boundary;
        fz_touch_string("hit event", e->boundary_identifier);
    }
    (void)sink;
}

void fz_touch_sensor_events(const anima_sensor_event *events, int32_t count)
{
    volatile uint32_t sink = 0;
    for (int32_t k = 0; k < count; k++) {
        /* a sensor is never its own visitor */
        if (events[k].sensor.index1 == events[k].visitor.index1 && events[k].sensor.generation == events[k].visitor.generation) {
            fz_fail("anima_animator_get_sensor_events", "a sensor listed as its own visitor");
        }
        sink += events[k].sensor.index1 + events[k].visitor.index1;
    }
    (void)sink;
}

/* ------------------------------------------------------------ callbacks */

static void run_ops(unsigned count);

/* A callback runs up to four more operations now and then; the program's bytes decide. */
static void reenter(void)
{
    if (fz_depth >= MAX_DEPTH || fz_exhausted()) {
        return;
    }
    uint8_t b = fz_u8();
    if (b >= 40) {
        return;
    }
    fz_depth++;
    run_ops(1 + b % 4);
    fz_depth--;
}

static void on_event(void *user_data, anima_animator animator)
{
    (void)user_data;
    (void)anima_animator_is_valid(animator);
    reenter();
}

static void on_action(void *user_data, anima_behavior behavior)
{
    (void)user_data;
    (void)anima_behavior_is_valid(behavior);
    reenter();
}

static void on_contact(void *user_data, const anima_contact_event *event)
{
    (void)user_data;
    fz_touch_events(event, 1);
    reenter();
}

static void on_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                     double delta_time, anima_vec2 *out_force)
{
    (void)user_data;
    volatile double sink = position.x + position.y + velocity.x + velocity.y + mass + charge + delta_time;
    (void)sink;
    reenter();
    if (fz_one_in(4)) {
        out_force->x = fz_double();
        out_force->y = fz_double();
    }
}

static void on_completion(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                          anima_position position)
{
    (void)user_data;
    (void)animator;
    (void)animation;
    (void)finished;
    (void)position;
    reenter();
}

/* The debug drawing's callbacks check what they are handed: finite coordinates, a colour of 24 bits. */
static void debug_coordinates(const char *what, const anima_vec2 *points, int32_t count, uint32_t color)
{
    if (color > 0xFFFFFF) {
        fz_fail("anima_animator_debug_draw", "a colour wider than 0xRRGGBB");
    }
    for (int32_t k = 0; k < count; k++) {
        if (!isfinite(points[k].x) || !isfinite(points[k].y)) {
            fz_fail("anima_animator_debug_draw", what);
        }
    }
}

static void on_debug_polygon(void *context, const anima_vec2 *vertices, int32_t count, uint32_t color)
{
    (void)context;
    if (count < 3 || count > 16 || vertices == NULL) {
        fz_fail("anima_animator_debug_draw", "a polygon of fewer than 3 or more than 16 vertices");
    }
    debug_coordinates("a polygon vertex that is not finite", vertices, count, color);
    reenter();
}

static void on_debug_circle(void *context, anima_vec2 center, double radius, double angle, uint32_t color)
{
    (void)context;
    if (!(radius >= 0) || !isfinite(angle)) {
        fz_fail("anima_animator_debug_draw", "a circle with a bad radius or angle");
    }
    debug_coordinates("a circle centre that is not finite", &center, 1, color);
    reenter();
}

static void on_debug_segment(void *context, anima_vec2 from, anima_vec2 to, uint32_t color)
{
    (void)context;
    anima_vec2 ends[2] = {from, to};
    debug_coordinates("a segment end that is not finite", ends, 2, color);
    reenter();
}

static void on_debug_point(void *context, anima_vec2 point, double size, uint32_t color)
{
    (void)context;
    (void)size;
    debug_coordinates("a point that is not finite", &point, 1, color);
    reenter();
}

/* A pre-solve hook: checks the contact it is asked about, runs more of the program now and then,
 * and keeps or refuses the contact as the program's bytes say. */
static bool on_pre_solve(void *user_data, const anima_pre_solve_contact *contact)
{
    (void)user_data;
    double n = contact->normal.x * contact->normal.x + contact->normal.y * contact->normal.y;
    if (!(n > 0.999 && n < 1.001) || contact->point_count < 1 || contact->point_count > 2
        || !isfinite(contact->point.x) || !isfinite(contact->point.y) || !isfinite(contact->separation)) {
        fz_fail("anima_collision_set_pre_solve", "a pre-solve contact with a bad normal, point or point count");
    }
    fz_touch_string("pre-solve contact", contact->boundary_identifier);
    reenter();
    return !fz_one_in(3);
}

#define CALLBACK_SOURCE(type, fn) \
    type fz_cb_##type(void) { return fz_one_in(6) ? NULL : fn; }

CALLBACK_SOURCE(anima_animator_event_fn, on_event)
CALLBACK_SOURCE(anima_behavior_action_fn, on_action)
CALLBACK_SOURCE(anima_contact_fn, on_contact)
CALLBACK_SOURCE(anima_field_fn, on_field)
CALLBACK_SOURCE(anima_animation_completion_fn, on_completion)
CALLBACK_SOURCE(anima_debug_polygon_fn, on_debug_polygon)
CALLBACK_SOURCE(anima_debug_circle_fn, on_debug_circle)
CALLBACK_SOURCE(anima_debug_segment_fn, on_debug_segment)
CALLBACK_SOURCE(anima_debug_point_fn, on_debug_point)
CALLBACK_SOURCE(anima_pre_solve_fn, on_pre_solve)

static void on_value(void *user_data, anima_value value, const double *components, int32_t count)
{
    (void)user_data;
    (void)value;
    volatile double sink = 0;
    for (int32_t i = 0; i < count; i++) {
        sink += components[i];
    }
    (void)sink;
    reenter();
}

CALLBACK_SOURCE(anima_value_fn, on_value)

/* -------------------------------------------------------------- driver */

static int item_create_index = -1, animator_create_index = -1, fail_allocation_index = -1;

bool fz_allow(int index)
{
    if (index == item_create_index) {
        return z.items_created++ < MAX_ITEMS_PER_INPUT;
    }
    if (index == animator_create_index) {
        return z.animators_created++ < MAX_ANIMATORS_PER_INPUT;
    }
    return true;
}

void fz_trace_call(const char *function, anima_status status, bool has_status)
{
    if (has_status) {
        fprintf(stderr, "%*s%s -> %s\n", 2 * fz_depth, "", function, anima_status_string(status));
    }
    else {
        fprintf(stderr, "%*s%s\n", 2 * fz_depth, "", function);
    }
}

void fz_trace_field(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "%*s  def: ", 2 * fz_depth, "");
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

/* The function whose point on the ring comes first at or after the operation code. */
static int lookup(uint32_t code)
{
    int lo = 0, hi = fz_call_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (fz_calls[mid].point < code) {
            lo = mid + 1;
        }
        else {
            hi = mid;
        }
    }
    return lo == fz_call_count ? 0 : lo;
}

static void run_ops(unsigned count)
{
    for (unsigned k = 0; k < count && z.ops_left > 0 && !fz_exhausted(); k++) {
        z.ops_left--;
        uint32_t code = fz_u8() | (uint32_t)fz_u8() << 8 | (uint32_t)fz_u8() << 16;
        int index = lookup(code);
        if (!fz_allow(index) || (fz_faults && index == fail_allocation_index)) {
            continue;
        }
        atomic_fetch_add_explicit(&total_calls, 1, memory_order_relaxed);
        size_t mark = fz_frame_begin();
        fz_calls[index].run();
        fz_frame_end(mark);
    }
}

static void report(void)
{
    fprintf(stderr, "fuzz: %llu API calls executed\n", (unsigned long long)atomic_load(&total_calls));
    if (fz_faults) {
        fprintf(stderr, "fuzz: fault loop: %llu inputs, %llu checked allocations failed in turn, each reported as "
                        "ANIMA_ERR_OUT_OF_MEMORY, the animators stepped and destroyed after every one\n",
                (unsigned long long)faults_inputs, (unsigned long long)faults_failed);
    }
    if (fz_threads) {
        fprintf(stderr, "fuzz: two threads: %llu calls refused as BUSY by the thread guard\n",
                (unsigned long long)atomic_load(&guard_busy));
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *trace = getenv("ANIMA_FUZZ_TRACE");
    fz_trace = trace != NULL && trace[0] == '1';
    const char *threads = getenv("ANIMA_FUZZ_THREADS");
    fz_threads = threads != NULL && threads[0] == '1';
    const char *faults = getenv("ANIMA_FUZZ_FAULTS");
    fz_faults = faults != NULL && faults[0] == '1';
    for (int k = 0; k < fz_call_count; k++) {
        if (strcmp(fz_calls[k].name, "anima_item_create") == 0) {
            item_create_index = k;
        }
        if (strcmp(fz_calls[k].name, "anima_animator_create") == 0) {
            animator_create_index = k;
        }
        if (strcmp(fz_calls[k].name, "anima_testing_fail_allocation") == 0) {
            fail_allocation_index = k;
        }
    }
    atexit(report);
    return 0;
}

/* The second thread: the rest of the program from a copy of the first thread's state. */
static void *second_thread(void *argument)
{
    program *state = argument;
    z = *state;
    z.block_count = 0;
    fz_depth = 0;
    forget_snapshots();
    while (!fz_exhausted() && z.ops_left > 0) {
        run_ops(1);
    }
    forget_snapshots();
    *state = z;   /* its pools, for the first thread to destroy what it made */
    return NULL;
}

static void destroy_animators(const program *p)
{
    for (unsigned k = 0; k < pool_size(p->animator_count); k++) {
        anima_status s = anima_animator_destroy(p->animators[k]);
        if (s != ANIMA_OK && s != ANIMA_ERR_INVALID_HANDLE) {
            fz_fail("anima_animator_destroy", "could not destroy an animator after the program");
        }
    }
}

/* Fails unless the animator (or a destroyed one's stale handle) passes the library's consistency check. */
static void consistent(anima_animator animator, const char *when)
{
    anima_status s = anima_testing_check_consistency(animator);
    fz_check_status("anima_testing_check_consistency", s);
    if (s != ANIMA_OK && s != ANIMA_ERR_INVALID_HANDLE) {
        fz_fail("anima_testing_check_consistency", when);
    }
}

/* Runs one program; with fail > 0, its fail-th checked allocation fails (fault loop), and its animators
 * step once with allocation working again before they are destroyed. */
static void run_program(const uint8_t *data, size_t size, int32_t fail)
{
    memset(&z, 0, sizeof z);
    /* a failure armed by the previous input (anima_testing_fail_allocation) must not fall on this one */
    anima_testing_fail_allocation(fail);
    z.tracker = anima_default_velocity_tracker();
    forget_snapshots();
    z.data = data;
    z.size = size;
    z.ops_left = MAX_OPS_PER_INPUT;
    fz_depth = 0;
    static program second;
    pthread_t thread;
    bool started = false;
    while (!fz_exhausted() && z.ops_left > 0) {
        run_ops(1);
        if (fz_threads && !started && z.animator_count > 0
            && (MAX_OPS_PER_INPUT - z.ops_left >= 8 || z.pos >= z.size / 2)) {
            second = z;
            if (pthread_create(&thread, NULL, second_thread, &second) != 0) {
                fz_fail("harness", "pthread_create failed");
            }
            started = true;
        }
    }
    if (started) {
        pthread_join(thread, NULL);
    }
    anima_testing_get_allocation_count(&program_end);
    if (fail > 0) {
        /* the failure is behind: every animator the program made steps again */
        anima_testing_fail_allocation(0);
        for (unsigned k = 0; k < pool_size(z.animator_count); k++) {
            consistent(z.animators[k], "after an allocation failed");
            anima_status s = anima_animator_step(z.animators[k]);
            fz_check_status("anima_animator_step", s);
            if (s == ANIMA_ERR_OUT_OF_MEMORY) {
                fz_fail("anima_animator_step", "out of memory after the injected failure was behind");
            }
            consistent(z.animators[k], "stepped after an allocation failed");
        }
    }
    /* everything the program made goes, whatever state it is in (one thread again) */
    destroy_animators(&z);
    if (started) {
        destroy_animators(&second);
    }
    anima_clear_error();
}

/* The fault loop of one input: its checked allocations counted, then failed one at a time. */
static void fault_loop(const uint8_t *data, size_t size)
{
    uint64_t before = 0;
    anima_testing_get_allocation_count(&before);
    run_program(data, size, 0);
    uint64_t points = program_end - before;
    if (points > 2000) {
        points = 2000;
    }
    /* libFuzzer runs an input again when its mallocs and frees do not balance (its leak check):
     * the totals count each input once */
    static uint64_t seen[256];
    static unsigned seen_count;
    uint64_t hash = 1469598103934665603ull;
    for (size_t k = 0; k < size; k++) {
        hash = (hash ^ data[k]) * 1099511628211ull;
    }
    bool counted = size == 0;
    for (unsigned k = 0; k < seen_count && !counted; k++) {
        counted = seen[k] == hash;
    }
    if (!counted && seen_count < 256) {
        seen[seen_count++] = hash;
    }
    faults_inputs += !counted;
    for (uint64_t n = 1; n <= points; n++) {
        out_of_memory_statuses = 0;
        anima_testing_get_allocation_count(&before);
        run_program(data, size, (int32_t)n);
        /* a run that took another path may not reach the n-th allocation; one that did reports it */
        if (program_end - before >= n) {
            if (out_of_memory_statuses == 0) {
                fz_fail("fault loop", "an injected allocation failure was reported by no call");
            }
            faults_failed += !counted;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fz_faults) {
        fault_loop(data, size);
    }
    else {
        run_program(data, size, 0);
    }
    return 0;
}
