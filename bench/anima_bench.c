/*
 * anima_bench.c: the Anima side of the stepping benchmarks, driven by bench/run.py.
 *
 *     anima_bench pyramid [steps]    large pyramid, base 100 (5050 boxes); default 500 steps
 *     anima_bench tumbler [steps]    2025 boxes in a turning drum; default 750 steps
 *
 * The scenes are Box2D v3.1's `large_pyramid` and `tumbler` benchmarks at UIKit's scale
 * (1 m = 100 pt) with y pointing down: Box2D's height y = +h is screen y = -h, the ground
 * top is at y = 0 and gravity is (0, +1), i.e. 1000 pt/s^2 downward.
 *
 * Both run at 60 steps per second with 4 sub-steps (Box2D's own setting), so one
 * anima_animator_step is one 1/60 s step. As in Box2D's harness, the scene is built and one
 * step is run before the clock starts; the timed region covers stepping only.
 *
 * Prints one JSON object on stdout: the timing, then the physical checks (how far the top of
 * the pyramid moved; how many boxes left the drum). Any failed call prints the status and
 * the library's message on stderr and exits 2.
 */
#define _POSIX_C_SOURCE 200809L

#include <anima.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *scene_name = "?";

/* Stops the run on any failed call, naming the call and the library's message. */
static void must(anima_status status, const char *call)
{
    if (status != ANIMA_OK) {
        fprintf(stderr, "anima_bench %s: %s failed: %s: %s\n", scene_name, call, anima_status_string(status),
                anima_last_error_message());
        exit(2);
    }
}

#define MUST(call) must((call), #call)

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *allocate(size_t count, size_t size)
{
    void *p = calloc(count, size);
    if (p == NULL) {
        fprintf(stderr, "anima_bench %s: out of memory\n", scene_name);
        exit(2);
    }
    return p;
}

static anima_item make_box(anima_animator animator, double x, double y, double width, double height)
{
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){ x, y };
    def.size = (anima_size){ width, height };
    anima_item item;
    MUST(anima_item_create(animator, &def, &item));
    return item;
}

/* Reads every item's (x, y, rotation); returns the buffer (3 doubles per item). */
static double *read_poses(anima_animator animator, int32_t count)
{
    double *poses = allocate((size_t)count * 3, sizeof(double));
    int32_t written = 0;
    MUST(anima_animator_copy_item_poses(animator, poses, count, &written));
    if (written != count) {
        fprintf(stderr, "anima_bench %s: copy_item_poses wrote %d poses, expected %d\n", scene_name, written, count);
        exit(2);
    }
    return poses;
}

/* Box2D large_pyramid: rows i = 0..99 of 100 - i boxes (1 m = 100 pt), resting on the ground. */
static int run_pyramid(int steps)
{
    const int base = 100;
    const double h = 50.0; /* half extent of a box, pt */
    const int32_t count = base * (base + 1) / 2;

    anima_animator_def adef = anima_default_animator_def();
    adef.step_rate = 60.0;
    adef.substeps = 4;
    adef.rest_time = 1e9; /* Box2D runs this scene with sleeping disabled: never pause */
    anima_animator animator;
    MUST(anima_animator_create(&adef, &animator));

    anima_item *boxes = allocate((size_t)count, sizeof(anima_item));
    int32_t n = 0;
    for (int i = 0; i < base; i++) {
        double y = -(2.0 * h) * (i + 0.5);
        for (int j = i; j < base; j++) {
            double x = (2.0 * h) * (0.5 * (i + 1) + (j - i) - 0.5 * base);
            boxes[n++] = make_box(animator, x, y, 2 * h, 2 * h);
        }
    }

    anima_gravity_def gdef = anima_default_gravity_def();
    anima_behavior gravity;
    MUST(anima_gravity_create(animator, &gdef, boxes, count, &gravity));
    MUST(anima_animator_add_behavior(animator, gravity));

    anima_collision_def cdef = anima_default_collision_def();
    anima_behavior collision;
    MUST(anima_collision_create(animator, &cdef, boxes, count, &collision));
    MUST(anima_collision_add_boundary_segment(collision, "ground", (anima_vec2){ -20000.0, 0.0 },
                                              (anima_vec2){ 20000.0, 0.0 }));
    MUST(anima_animator_add_behavior(animator, collision));

    anima_item_behavior_def pdef = anima_default_item_behavior_def();
    pdef.friction = 0.6;
    pdef.density = 1.0;
    anima_behavior properties;
    MUST(anima_item_behavior_create(animator, &pdef, boxes, count, &properties));
    MUST(anima_animator_add_behavior(animator, properties));

    double *start = read_poses(animator, count);

    MUST(anima_animator_step(animator)); /* untimed first step */
    double t0 = now_seconds();
    for (int k = 0; k < steps; k++) {
        MUST(anima_animator_step(animator));
    }
    double elapsed = now_seconds() - t0;

    uint64_t step_count = 0;
    bool running = false;
    MUST(anima_animator_get_step_count(animator, &step_count));
    MUST(anima_animator_is_running(animator, &running));
    double *end = read_poses(animator, count);

    int32_t top = count - 1;
    double top_dx = end[3 * top] - start[3 * top];
    double top_dy = end[3 * top + 1] - start[3 * top + 1];
    double max_move = 0.0;
    int32_t non_finite = 0;
    for (int32_t k = 0; k < count; k++) {
        double dx = end[3 * k] - start[3 * k], dy = end[3 * k + 1] - start[3 * k + 1];
        double d = sqrt(dx * dx + dy * dy);
        if (!isfinite(d)) {
            non_finite++;
        }
        else if (d > max_move) {
            max_move = d;
        }
    }

    printf("{\"scene\": \"pyramid\", \"items\": %d, \"steps\": %d, \"seconds\": %.9f, \"step_count\": %llu, "
           "\"running\": %s, \"top_dx\": %.6f, \"top_dy\": %.6f, \"max_move\": %.6f, \"non_finite\": %d}\n",
           count, steps, elapsed, (unsigned long long)step_count, running ? "true" : "false", top_dx, top_dy,
           max_move, non_finite);

    free(start);
    free(end);
    free(boxes);
    MUST(anima_animator_destroy(animator));
    return 0;
}

/*
 * Gives each anchored wall the velocities that carry it, in one step of dt, to where the drum's
 * turn puts it: its centre to the drum centre plus its offset turned by next_angle, its rotation
 * to next_angle. Aiming at the target from the wall's current pose, rather than integrating
 * w x r in straight lines, keeps the walls on their circle. An item's velocity is zeroed when
 * it becomes anchored, which happens in the first step after the behavior is added; aiming at
 * the target from where the wall is makes up for that step too.
 */
static anima_status drive_walls(const anima_item *walls, const anima_vec2 *offset, anima_vec2 drum,
                                double next_angle, double dt)
{
    double c = cos(next_angle), s = sin(next_angle);
    for (int w = 0; w < 4; w++) {
        anima_vec2 p;
        double angle;
        anima_status status = anima_item_get_center(walls[w], &p);
        if (status == ANIMA_OK) {
            status = anima_item_get_rotation(walls[w], &angle);
        }
        if (status != ANIMA_OK) {
            return status;
        }
        anima_vec2 target = { drum.x + c * offset[w].x - s * offset[w].y, drum.y + s * offset[w].x + c * offset[w].y };
        status = anima_item_set_linear_velocity(walls[w], (anima_vec2){ (target.x - p.x) / dt, (target.y - p.y) / dt });
        if (status != ANIMA_OK) {
            return status;
        }
        status = anima_item_set_angular_velocity(walls[w], (next_angle - angle) / dt);
        if (status != ANIMA_OK) {
            return status;
        }
    }
    return ANIMA_OK;
}

/*
 * Box2D tumbler: a 20 x 20 m drum of 1 m thick walls centred 10 m up, turning at 25 deg/s
 * counter-clockwise (y up), filled with 45 x 45 boxes of 0.25 m on a 0.4 m grid.
 *
 * Anima has no joints yet, so each wall is an anchored item (kinematic: it follows the
 * velocity it is given), and before every step drive_walls gives each wall the drum's turn:
 * an angular velocity of w (after the first step) and the linear velocity that carries its
 * centre along the chord of the drum's circle, which equals w x r to a part in 10^5.
 * Counter-clockwise with y up is counter-clockwise on screen, which with y down is a negative
 * angle: w = -25 deg/s.
 */
static int run_tumbler(int steps)
{
    const double pi = 3.14159265358979323846;
    const double omega = -25.0 * pi / 180.0; /* rad/s, y down */
    const anima_vec2 drum = { 0.0, -1000.0 };
    const double dt = 1.0 / 60.0;
    enum { wall_count = 4, grid = 45 };
    const int32_t box_count = grid * grid;
    const int32_t count = wall_count + box_count;

    anima_animator_def adef = anima_default_animator_def();
    adef.step_rate = 60.0;
    adef.substeps = 4;
    anima_animator animator;
    MUST(anima_animator_create(&adef, &animator));

    /* walls: local centres and sizes around the drum centre */
    const anima_vec2 wall_offset[wall_count] = { { 1000.0, 0.0 }, { -1000.0, 0.0 }, { 0.0, 1000.0 }, { 0.0, -1000.0 } };
    const anima_size wall_size[wall_count] = { { 100.0, 2000.0 }, { 100.0, 2000.0 }, { 2000.0, 100.0 }, { 2000.0, 100.0 } };
    anima_item *items = allocate((size_t)count, sizeof(anima_item));
    for (int w = 0; w < wall_count; w++) {
        items[w] = make_box(animator, drum.x + wall_offset[w].x, drum.y + wall_offset[w].y, wall_size[w].width,
                            wall_size[w].height);
    }
    for (int i = 0; i < grid; i++) {
        for (int j = 0; j < grid; j++) {
            items[wall_count + i * grid + j] = make_box(animator, -900.0 + 40.0 * j, -(100.0 + 40.0 * i), 25.0, 25.0);
        }
    }
    anima_item *walls = items;
    anima_item *boxes = items + wall_count;

    anima_gravity_def gdef = anima_default_gravity_def();
    anima_behavior gravity;
    MUST(anima_gravity_create(animator, &gdef, boxes, box_count, &gravity));
    MUST(anima_animator_add_behavior(animator, gravity));

    anima_collision_def cdef = anima_default_collision_def();
    anima_behavior collision;
    MUST(anima_collision_create(animator, &cdef, items, count, &collision));
    MUST(anima_animator_add_behavior(animator, collision));

    anima_item_behavior_def wdef = anima_default_item_behavior_def();
    wdef.friction = 0.6;
    wdef.density = 50.0;
    wdef.anchored = true;
    anima_behavior wall_properties;
    MUST(anima_item_behavior_create(animator, &wdef, walls, wall_count, &wall_properties));
    MUST(anima_animator_add_behavior(animator, wall_properties));

    anima_item_behavior_def bdef = anima_default_item_behavior_def();
    bdef.friction = 0.6;
    bdef.density = 1.0;
    anima_behavior box_properties;
    MUST(anima_item_behavior_create(animator, &bdef, boxes, box_count, &box_properties));
    MUST(anima_animator_add_behavior(animator, box_properties));

    MUST(drive_walls(walls, wall_offset, drum, omega * dt, dt));
    MUST(anima_animator_step(animator)); /* untimed first step */
    long long done = 1;
    double t0 = now_seconds();
    for (int k = 0; k < steps; k++) {
        MUST(drive_walls(walls, wall_offset, drum, omega * dt * (double)(done + 1), dt));
        MUST(anima_animator_step(animator));
        done++;
    }
    double elapsed = now_seconds() - t0;

    uint64_t step_count = 0;
    bool running = false;
    MUST(anima_animator_get_step_count(animator, &step_count));
    MUST(anima_animator_is_running(animator, &running));
    double *end = read_poses(animator, count);

    /* where the drum should be, and where its walls are */
    double expected_angle = omega * dt * (double)done;
    double drum_angle = end[2]; /* the first wall's rotation */
    double wall_error = 0.0;
    for (int w = 0; w < wall_count; w++) {
        double c = cos(expected_angle), s = sin(expected_angle);
        double ex = drum.x + c * wall_offset[w].x - s * wall_offset[w].y;
        double ey = drum.y + s * wall_offset[w].x + c * wall_offset[w].y;
        double e = hypot(end[3 * w] - ex, end[3 * w + 1] - ey);
        if (!(e <= wall_error)) {
            wall_error = e;
        }
    }

    /* a box has escaped when its centre is past the middle of a wall, in the drum's frame */
    int32_t escaped = 0;
    double deepest = 0.0; /* how far the farthest box centre is from the drum centre, along a drum axis */
    double c = cos(-drum_angle), s = sin(-drum_angle);
    for (int32_t k = wall_count; k < count; k++) {
        double dx = end[3 * k] - drum.x, dy = end[3 * k + 1] - drum.y;
        double lx = c * dx - s * dy, ly = s * dx + c * dy;
        double reach = fmax(fabs(lx), fabs(ly));
        if (!isfinite(reach) || reach > 1000.0) {
            escaped++;
        }
        if (isfinite(reach) && reach > deepest) {
            deepest = reach;
        }
    }

    printf("{\"scene\": \"tumbler\", \"items\": %d, \"steps\": %d, \"seconds\": %.9f, \"step_count\": %llu, "
           "\"running\": %s, \"escaped\": %d, \"max_reach\": %.6f, \"drum_angle\": %.9f, \"expected_angle\": %.9f, "
           "\"wall_error\": %.6f}\n",
           box_count, steps, elapsed, (unsigned long long)step_count, running ? "true" : "false", escaped, deepest,
           drum_angle, expected_angle, wall_error);

    free(end);
    free(items);
    MUST(anima_animator_destroy(animator));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s pyramid|tumbler [steps]\n", argv[0]);
        return 64;
    }
    scene_name = argv[1];
    int steps = 0;
    if (argc == 3) {
        char *endp = NULL;
        long v = strtol(argv[2], &endp, 10);
        if (endp == argv[2] || *endp != '\0' || v < 1 || v > 1000000) {
            fprintf(stderr, "anima_bench: steps must be 1...1000000 (got %s)\n", argv[2]);
            return 64;
        }
        steps = (int)v;
    }
    if (strcmp(scene_name, "pyramid") == 0) {
        return run_pyramid(steps > 0 ? steps : 500);
    }
    if (strcmp(scene_name, "tumbler") == 0) {
        return run_tumbler(steps > 0 ? steps : 750);
    }
    fprintf(stderr, "anima_bench: unknown scene '%s' (pyramid or tumbler)\n", scene_name);
    return 64;
}
