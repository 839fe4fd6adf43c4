/*
 * harness.h: the shared part of the Anima bench harness (anima_bench.c, box2d_app.c): each
 * scene builds an animator, times its steps and prints one JSON line (see anima_bench.c).
 */
#ifndef ANIMA_BENCH_HARNESS_H
#define ANIMA_BENCH_HARNESS_H

#include <anima.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the scene being run, for messages (the first argument) */
extern const char *scene_name;
/* worker threads of every animator the benchmark makes (the third argument) */
extern int32_t bench_workers;

#define MUST(call) must((call), #call)

/* The process's resident memory around a scene, in bytes (-1 where Linux does not say). */
typedef struct resident_memory {
    long long baseline; /* VmRSS before the animator is created */
    long long after;    /* VmRSS after the timed steps */
    long long peak;     /* VmHWM after the timed steps: the highest VmRSS since the baseline */
    bool peak_reset;    /* whether the peak was restarted at the baseline */
} resident_memory;

/*
 * What a scene that is driven from outside does before each step: step is 1 before the untimed
 * first step, then 2, 3, ... before the timed ones, so that the drive can aim at where the scene
 * is at the end of that step, step / 60 s after the start.
 */
typedef void (*drive_fn)(void *context, long long step);

/* Stops the run on any failed call, naming the call and the library's message. */
void must(anima_status status, const char *call);

/* Seconds on the monotonic clock. */
double now_seconds(void);

/* calloc, or the run stops (exit 2) naming the scene. */
void *allocate(size_t count, size_t size);

/* An item of the given shape, width x height pt, centred at (x, y), the item defaults otherwise. */
anima_item make_item(anima_animator animator, double x, double y, double width, double height, anima_shape shape);

/* A box (a rectangle item), width x height pt, centred at (x, y). */
anima_item make_box(anima_animator animator, double x, double y, double width, double height);

/* Reads every item's (x, y, rotation) into `poses` (3 doubles per item). */
void read_poses_into(anima_animator animator, double *poses, int32_t count);

/* Reads every item's (x, y, rotation); returns the buffer (3 doubles per item). */
double *read_poses(anima_animator animator, int32_t count);

/* Restarts the peak (VmHWM) from the present resident size, then reads the baseline. */
void memory_baseline(resident_memory *memory);

/* Reads the resident size after the timed steps, and the peak since the baseline. */
void memory_after(resident_memory *memory);

/* The memory figures as JSON members, after a scene's other members. */
void print_memory(const resident_memory *memory);

/*
 * An animator with Box2D's benchmark settings: the benchmark's workers, 60 steps per second, 4
 * sub-steps; with never_pause, a rest time so long that it never pauses (Box2D runs those scenes
 * with sleeping disabled).
 */
anima_animator box2d_animator(bool never_pause);

/* Adds a behavior just made to the animator; returns it. */
anima_behavior added(anima_animator animator, anima_behavior behavior);

/* Adds a gravity behavior of the default magnitude and direction over `count` items. */
anima_behavior add_gravity(anima_animator animator, const anima_item *items, int32_t count);

/* Adds one collision behavior over `count` items with the given boundary segments ("ground 0",
 * "ground 1", ...; none when segment_count is 0). */
anima_behavior add_collision(anima_animator animator, const anima_item *items, int32_t count,
                                    const anima_vec2 (*segments)[2], int segment_count);

/* Adds an item behavior with the given properties over `count` items. */
anima_behavior add_item_behavior(anima_animator animator, const anima_item_behavior_def *def,
                                        const anima_item *items, int32_t count);

/* The properties of the benchmarks' bodies: friction 0.6 and the given density. */
anima_item_behavior_def rough_def(double density);

/* Adds gravity, one collision behavior with the given boundary segments, and friction 0.6 with
 * density 1 for `count` items. */
void add_box_physics(anima_animator animator, anima_item *items, int32_t count, const anima_vec2 (*segments)[2],
                            int segment_count);

/*
 * Steps once untimed, then `steps` times on the clock, calling drive (unless it is NULL) before
 * each step; returns the seconds of the timed steps, drive's calls among them.
 */
double timed_steps(anima_animator animator, int steps, drive_fn drive, void *context);

/* The animator's step count and whether it runs: a scene that paused is not comparable. */
void run_state(anima_animator animator, uint64_t *step_count, bool *running);

/* Opens a scene's JSON object with the members most scenes start with: the scene, its items, the
 * timed steps and their seconds, the animator's step count and whether it runs. */
void print_head(const char *scene, int32_t items, int steps, double seconds, anima_animator animator);

/* The end of a stepping scene: its last poses and its items freed, its animator destroyed; returns
 * the exit status, 0. */
int end_scene(anima_animator animator, double *poses, anima_item *items);

/* The largest distance any item moved between two pose buffers; counts non-finite ones. */
double largest_move(const double *start, const double *end, int32_t count, int32_t *non_finite);

/* The scenes of Box2D's benchmark app that box2d_app.c builds (see there); each returns the
 * exit status, 0. */
int run_smash(int steps);
int run_spinner(int steps);

#endif
