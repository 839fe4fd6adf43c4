/*
 * harness.c: what every scene of the Anima bench harness shares (harness.h): failing calls,
 * the clock, items and poses, resident memory, the animator at Box2D's benchmark settings, the
 * behaviors the scenes add, timed steps and the head of each scene's JSON line.
 */
#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *scene_name = "?";
/* worker threads of every animator the benchmark makes (the third argument) */
int32_t bench_workers = 1;

/* Stops the run on any failed call, naming the call and the library's message. */
void must(anima_status status, const char *call)
{
    if (status != ANIMA_OK) {
        fprintf(stderr, "anima_bench %s: %s failed: %s: %s\n", scene_name, call, anima_status_string(status),
                anima_last_error_message());
        exit(2);
    }
}

/* Seconds on the monotonic clock. */
double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* calloc, or the run stops (exit 2) naming the scene. */
void *allocate(size_t count, size_t size)
{
    void *p = calloc(count, size);
    if (p == NULL) {
        fprintf(stderr, "anima_bench %s: out of memory\n", scene_name);
        exit(2);
    }
    return p;
}

/* An item of the given shape, width x height pt, centred at (x, y), the item defaults otherwise. */
anima_item make_item(anima_animator animator, double x, double y, double width, double height, anima_shape shape)
{
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){ x, y };
    def.size = (anima_size){ width, height };
    def.shape = shape;
    anima_item item;
    MUST(anima_item_create(animator, &def, &item));
    return item;
}

/* A box (a rectangle item), width x height pt, centred at (x, y). */
anima_item make_box(anima_animator animator, double x, double y, double width, double height)
{
    return make_item(animator, x, y, width, height, ANIMA_SHAPE_RECTANGLE);
}

/* Reads every item's (x, y, rotation) into `poses` (3 doubles per item). */
void read_poses_into(anima_animator animator, double *poses, int32_t count)
{
    int32_t written = 0;
    MUST(anima_animator_copy_item_poses(animator, poses, count, &written));
    if (written != count) {
        fprintf(stderr, "anima_bench %s: copy_item_poses wrote %d poses, expected %d\n", scene_name, written, count);
        exit(2);
    }
}

/* Reads every item's (x, y, rotation); returns the buffer (3 doubles per item). */
double *read_poses(anima_animator animator, int32_t count)
{
    double *poses = allocate((size_t)count * 3, sizeof(double));
    read_poses_into(animator, poses, count);
    return poses;
}

/* Reads VmRSS and VmHWM from /proc/self/status, in bytes; -1 for a figure it does not find. */
static void read_resident(long long *now, long long *peak)
{
    *now = -1;
    *peak = -1;
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) {
        return;
    }
    char line[256];
    while (fgets(line, sizeof line, status) != NULL) {
        long long kib = 0;
        if (sscanf(line, "VmRSS: %lld kB", &kib) == 1) {
            *now = 1024 * kib;
        }
        else if (sscanf(line, "VmHWM: %lld kB", &kib) == 1) {
            *peak = 1024 * kib;
        }
    }
    fclose(status);
}

/* Restarts the peak (VmHWM) from the present resident size, then reads the baseline. */
void memory_baseline(resident_memory *memory)
{
    FILE *clear_refs = fopen("/proc/self/clear_refs", "w");
    memory->peak_reset = false;
    if (clear_refs != NULL) {
        bool written = fputs("5", clear_refs) >= 0;
        memory->peak_reset = fclose(clear_refs) == 0 && written;
    }
    long long peak = 0;
    read_resident(&memory->baseline, &peak);
}

/* Reads the resident size after the timed steps, and the peak since the baseline. */
void memory_after(resident_memory *memory)
{
    read_resident(&memory->after, &memory->peak);
}

/* The memory figures as JSON members, after a scene's other members. */
void print_memory(const resident_memory *memory)
{
    printf(", \"rss_baseline\": %lld, \"rss_after\": %lld, \"rss_peak\": %lld, \"peak_reset\": %s", memory->baseline,
           memory->after, memory->peak, memory->peak_reset ? "true" : "false");
}

/*
 * An animator with Box2D's benchmark settings: the benchmark's workers, 60 steps per second, 4
 * sub-steps; with never_pause, a rest time so long that it never pauses (Box2D runs those scenes
 * with sleeping disabled).
 */
anima_animator box2d_animator(bool never_pause)
{
    anima_animator_def adef = anima_default_animator_def();
    adef.workers = bench_workers;
    adef.step_rate = 60.0;
    adef.substeps = 4;
    if (never_pause) {
        adef.rest_time = 1e7;
    }
    anima_animator animator;
    MUST(anima_animator_create(&adef, &animator));
    return animator;
}

/* Adds a behavior just made to the animator; returns it. */
anima_behavior added(anima_animator animator, anima_behavior behavior)
{
    MUST(anima_animator_add_behavior(animator, behavior));
    return behavior;
}

/* Adds a gravity behavior of the default magnitude and direction over `count` items. */
anima_behavior add_gravity(anima_animator animator, const anima_item *items, int32_t count)
{
    anima_gravity_def gdef = anima_default_gravity_def();
    anima_behavior gravity;
    MUST(anima_gravity_create(animator, &gdef, items, count, &gravity));
    return added(animator, gravity);
}

/* Adds one collision behavior over `count` items with the given boundary segments ("ground 0",
 * "ground 1", ...; none when segment_count is 0). */
anima_behavior add_collision(anima_animator animator, const anima_item *items, int32_t count,
                                    const anima_vec2 (*segments)[2], int segment_count)
{
    anima_collision_def cdef = anima_default_collision_def();
    anima_behavior collision;
    MUST(anima_collision_create(animator, &cdef, items, count, &collision));
    for (int s = 0; s < segment_count; s++) {
        char name[32];
        snprintf(name, sizeof name, "ground %d", s);
        MUST(anima_collision_add_boundary_segment(collision, name, segments[s][0], segments[s][1]));
    }
    return added(animator, collision);
}

/* Adds an item behavior with the given properties over `count` items. */
anima_behavior add_item_behavior(anima_animator animator, const anima_item_behavior_def *def,
                                        const anima_item *items, int32_t count)
{
    anima_behavior properties;
    MUST(anima_item_behavior_create(animator, def, items, count, &properties));
    return added(animator, properties);
}

/* The properties of the benchmarks' bodies: friction 0.6 and the given density. */
anima_item_behavior_def rough_def(double density)
{
    anima_item_behavior_def def = anima_default_item_behavior_def();
    def.friction = 0.6;
    def.density = density;
    return def;
}

/* Adds gravity, one collision behavior with the given boundary segments, and friction 0.6 with
 * density 1 for `count` items. */
void add_box_physics(anima_animator animator, anima_item *items, int32_t count, const anima_vec2 (*segments)[2],
                            int segment_count)
{
    add_gravity(animator, items, count);
    add_collision(animator, items, count, segments, segment_count);
    const anima_item_behavior_def properties = rough_def(1.0);
    add_item_behavior(animator, &properties, items, count);
}

/*
 * Steps once untimed, then `steps` times on the clock, calling drive (unless it is NULL) before
 * each step; returns the seconds of the timed steps, drive's calls among them.
 */
double timed_steps(anima_animator animator, int steps, drive_fn drive, void *context)
{
    if (drive != NULL) {
        drive(context, 1);
    }
    MUST(anima_animator_step(animator));
    double t0 = now_seconds();
    for (int k = 0; k < steps; k++) {
        if (drive != NULL) {
            drive(context, (long long)k + 2);
        }
        MUST(anima_animator_step(animator));
    }
    return now_seconds() - t0;
}

/* The animator's step count and whether it runs: a scene that paused is not comparable. */
void run_state(anima_animator animator, uint64_t *step_count, bool *running)
{
    MUST(anima_animator_get_step_count(animator, step_count));
    MUST(anima_animator_is_running(animator, running));
}

/* Opens a scene's JSON object with the members most scenes start with: the scene, its items, the
 * timed steps and their seconds, the animator's step count and whether it runs. */
void print_head(const char *scene, int32_t items, int steps, double seconds, anima_animator animator)
{
    uint64_t step_count = 0;
    bool running = false;
    run_state(animator, &step_count, &running);
    printf("{\"scene\": \"%s\", \"items\": %d, \"steps\": %d, \"seconds\": %.9f, \"step_count\": %llu, \"running\": %s",
           scene, items, steps, seconds, (unsigned long long)step_count, running ? "true" : "false");
}

/* The end of a stepping scene: its last poses and its items freed, its animator destroyed; returns
 * the exit status, 0. */
int end_scene(anima_animator animator, double *poses, anima_item *items)
{
    free(poses);
    free(items);
    MUST(anima_animator_destroy(animator));
    return 0;
}

/* The largest distance any item moved between two pose buffers; counts non-finite ones. */
double largest_move(const double *start, const double *end, int32_t count, int32_t *non_finite)
{
    double largest = 0.0;
    *non_finite = 0;
    for (int32_t k = 0; k < count; k++) {
        double d = hypot(end[3 * k] - start[3 * k], end[3 * k + 1] - start[3 * k + 1]);
        if (!isfinite(d)) {
            (*non_finite)++;
        }
        else if (d > largest) {
            largest = d;
        }
    }
    return largest;
}
