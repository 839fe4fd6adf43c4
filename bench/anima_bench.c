/*
 * anima_bench.c: the Anima side of the stepping benchmarks, driven by bench/run.py.
 *
 *     anima_bench pyramid [steps]        large pyramid, base 100 (5050 boxes); default 500 steps
 *     anima_bench tumbler [steps]        2025 boxes in a turning drum; default 750 steps
 *     anima_bench joint_grid [steps]     100 x 100 circles pinned to their neighbours; default 500 steps
 *     anima_bench springy_list [steps]   1000 list rows on springs to a moving scroller; default 500 steps
 *     anima_bench many_pyramids [steps]  20 x 20 pyramids of base 10 (22 000 boxes); default 200 steps
 *     anima_bench pile [steps]           10 000 boxes poured into a box, default animator; default 300 steps
 *     anima_bench smash [steps]          a heavy box through a sleeping wall of 9 600 boxes; default 300 steps
 *     anima_bench spinner [steps]        a driven bar stirring 6 076 bodies in a ring; default 500 steps
 *                                        (these two in box2d_app.c: scenes of Box2D's own benchmark app)
 *     anima_bench call_cost [calls]      ns per anima_item_get_center and anima_animator_get_step_count call,
 *                                        best of 5 batches of `calls` (default 10 000 000); the cost of the
 *                                        boundary itself (handle check, thread guard, status), not of physics
 *
 * An optional third argument sets the animator's worker threads (1...16, default 1).
 *
 * The first three are Box2D v3.1's `large_pyramid`, `tumbler` and `joint_grid` benchmarks at
 * UIKit's scale (1 m = 100 pt) with y pointing down: Box2D's height y = +h is screen y = -h,
 * the ground top is at y = 0 and gravity is (0, +1), i.e. 1000 pt/s^2 downward. The springy
 * list is a scrolling list with springy rows (bench/README.md). bench/run.py builds the same
 * scenes in pymunk.
 *
 * All run at 60 steps per second with 4 sub-steps (Box2D's own setting), so one
 * anima_animator_step is one 1/60 s step. As in Box2D's harness, the scene is built and one
 * step is run before the clock starts; the timed region covers stepping, plus, where a scene
 * is driven from outside (the tumbler's walls, the springy list's anchors), the calls that
 * drive it before each step.
 *
 * Prints one JSON object on stdout: the timing, then the physical checks (how far the top of
 * the pyramid moved; how many boxes left the drum; how wide the net's pins opened; how far the
 * list's springs stretched and its rows overlapped). Any failed call prints the status and the
 * library's message on stderr and exits 2.
 *
 * The pyramid and the pile also report the process's resident memory (Linux's VmRSS and VmHWM
 * in /proc/self/status, in bytes): "rss_baseline" just before the animator is created (the
 * library loaded and, in the pyramid, the buffer of starting poses already written; the array of
 * item handles comes after and counts with the animator), "rss_after" right after the timed
 * steps, and "rss_peak", the highest it reached in between (the peak is restarted at the
 * baseline by writing 5 to /proc/self/clear_refs; "peak_reset" says whether the kernel took it).
 * bench/run.py divides the differences by the items.
 */
#define _GNU_SOURCE /* dladdr: call_cost names the library it timed */

#include "harness.h"

#include <dlfcn.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Box2D large_pyramid: rows i = 0..99 of 100 - i boxes (1 m = 100 pt), resting on the ground. */
static int run_pyramid(int steps)
{
    const int base = 100;
    const double h = 50.0; /* half extent of a box, pt */
    const int32_t count = base * (base + 1) / 2;

    /* the starting poses' buffer is touched before the baseline, so that it is not counted as the animator's */
    double *start = allocate((size_t)count * 3, sizeof(double));
    memset(start, 0xff, (size_t)count * 3 * sizeof(double));
    resident_memory memory;
    memory_baseline(&memory);

    anima_animator animator = box2d_animator(true);

    anima_item *boxes = allocate((size_t)count, sizeof(anima_item));
    int32_t n = 0;
    for (int i = 0; i < base; i++) {
        double y = -(2.0 * h) * (i + 0.5);
        for (int j = i; j < base; j++) {
            double x = (2.0 * h) * (0.5 * (i + 1) + (j - i) - 0.5 * base);
            boxes[n++] = make_box(animator, x, y, 2 * h, 2 * h);
        }
    }

    const anima_vec2 ground[1][2] = { { { -20000.0, 0.0 }, { 20000.0, 0.0 } } };
    add_box_physics(animator, boxes, count, ground, 1);

    read_poses_into(animator, start, count);

    double elapsed = timed_steps(animator, steps, NULL, NULL);
    memory_after(&memory);
    double *end = read_poses(animator, count);

    int32_t top = count - 1;
    double top_dx = end[3 * top] - start[3 * top];
    double top_dy = end[3 * top + 1] - start[3 * top + 1];
    int32_t non_finite = 0;
    double max_move = largest_move(start, end, count, &non_finite);

    print_head("pyramid", count, steps, elapsed, animator);
    printf(", \"top_dx\": %.6f, \"top_dy\": %.6f, \"max_move\": %.6f, \"non_finite\": %d", top_dx, top_dy, max_move,
           non_finite);
    print_memory(&memory);
    printf("}\n");

    free(start);
    return end_scene(animator, end, boxes);
}

/* Where a wall's centre is when the drum has turned by an angle of cosine c and sine s: the drum
 * centre plus the wall's offset from it, turned. */
static anima_vec2 drum_point(anima_vec2 drum, anima_vec2 offset, double c, double s)
{
    return (anima_vec2){ drum.x + c * offset.x - s * offset.y, drum.y + s * offset.x + c * offset.y };
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
    const double c = cos(next_angle), s = sin(next_angle);
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
        anima_vec2 target = drum_point(drum, offset[w], c, s);
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

/* The tumbler's drive: its walls, where they sit on the drum, the drum's centre and its turn. */
typedef struct tumbler_drive {
    const anima_item *walls;
    const anima_vec2 *offset;
    anima_vec2 drum;
    double omega, dt; /* rad/s, s */
} tumbler_drive;

/* Before step `step`: the walls aimed at where the drum's turn puts them at its end. */
static void drive_tumbler(void *context, long long step)
{
    const tumbler_drive *t = context;
    MUST(drive_walls(t->walls, t->offset, t->drum, t->omega * t->dt * (double)step, t->dt));
}

/*
 * Box2D tumbler: a 20 x 20 m drum of 1 m thick walls centred 10 m up, turning at 25 deg/s
 * counter-clockwise (y up), filled with 45 x 45 boxes of 0.25 m on a 0.4 m grid.
 *
 * An Anima item is one convex shape (a pin's motor would turn one wall, not a drum of four), so
 * each wall is an anchored item (kinematic: it follows the velocity it is given), and before
 * every step drive_walls gives each wall the drum's turn:
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

    anima_animator animator = box2d_animator(false);

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

    add_gravity(animator, boxes, box_count);
    add_collision(animator, items, count, NULL, 0);
    anima_item_behavior_def wall_def = rough_def(50.0);
    wall_def.anchored = true;
    add_item_behavior(animator, &wall_def, walls, wall_count);
    const anima_item_behavior_def box_def = rough_def(1.0);
    add_item_behavior(animator, &box_def, boxes, box_count);

    tumbler_drive drive = { walls, wall_offset, drum, omega, dt };
    double elapsed = timed_steps(animator, steps, drive_tumbler, &drive);
    double *end = read_poses(animator, count);

    /* where the drum should be after the untimed step and the timed ones, and where its walls are */
    double expected_angle = omega * dt * (double)(steps + 1);
    double drum_angle = end[2]; /* the first wall's rotation */
    double wall_error = 0.0;
    for (int w = 0; w < wall_count; w++) {
        anima_vec2 expected = drum_point(drum, wall_offset[w], cos(expected_angle), sin(expected_angle));
        double e = hypot(end[3 * w] - expected.x, end[3 * w + 1] - expected.y);
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

    print_head("tumbler", box_count, steps, elapsed, animator);
    printf(", \"escaped\": %d, \"max_reach\": %.6f, \"drum_angle\": %.9f, \"expected_angle\": %.9f, "
           "\"wall_error\": %.6f}\n", escaped, deepest, drum_angle, expected_angle, wall_error);

    return end_scene(animator, end, items);
}

/* Writes a double as a JSON number; NaN and infinities as Python's json module reads them. */
static void print_number(const char *format, double value)
{
    if (isnan(value)) {
        fputs("NaN", stdout);
    }
    else if (isinf(value)) {
        fputs(value > 0 ? "Infinity" : "-Infinity", stdout);
    }
    else {
        printf(format, value);
    }
}

/*
 * Box2D joint_grid: 100 x 100 circles of radius 0.4 m on a 1 m grid that never collide (they
 * are in no collision behavior), the 7 top-middle ones static, each pinned to its neighbour
 * above and to its left at the point halfway between them. Column k is at x = 100 k, row i at
 * y = 100 i (row 0 at the top; the net hangs downward). Box2D also joins the static bodies to
 * each other; those 6 pins would hold nothing, and an Anima pin needs one item that moves, so
 * there are 19 794 pins, as on the pymunk side.
 *
 * As on the pymunk side, the net is checked every 25 steps off the clock: the widest gap
 * between the two attachment points of any pin. A pin made at P with its items at rest and
 * unrotated holds, on each item, the offset P - c from the item's centre c at that time, which
 * turns with the item. Once a pin has opened by more than the 100 pt grid spacing the net has
 * torn; the run stops there and reports how many steps it ran.
 */
enum { grid_n = 100, grid_check_every = 25 };
static const double grid_pitch = 100.0, grid_torn_gap = 100.0;

typedef struct grid_pin {
    int32_t a, b;        /* item indices, column-major: column k, row i is k * grid_n + i */
    anima_vec2 offset_a; /* the pin's point on a, from a's centre, in a's own coordinates */
    anima_vec2 offset_b; /* the same on b */
} grid_pin;

/* The widest gap of any pin, from the poses (x, y, rotation per item); NaN if one is not finite. */
static double widest_pin_gap(const double *poses, const grid_pin *pins, int32_t pin_count)
{
    double widest = 0.0;
    for (int32_t p = 0; p < pin_count; p++) {
        const double *a = poses + 3 * pins[p].a, *b = poses + 3 * pins[p].b;
        double ca = cos(a[2]), sa = sin(a[2]), cb = cos(b[2]), sb = sin(b[2]);
        double ax = a[0] + ca * pins[p].offset_a.x - sa * pins[p].offset_a.y;
        double ay = a[1] + sa * pins[p].offset_a.x + ca * pins[p].offset_a.y;
        double bx = b[0] + cb * pins[p].offset_b.x - sb * pins[p].offset_b.y;
        double by = b[1] + sb * pins[p].offset_b.x + cb * pins[p].offset_b.y;
        double gap = hypot(ax - bx, ay - by);
        if (!isfinite(gap)) {
            return NAN;
        }
        if (gap > widest) {
            widest = gap;
        }
    }
    return widest;
}

static int run_joint_grid(int steps)
{
    const int32_t count = grid_n * grid_n;
    const double half = 0.5 * grid_pitch;

    anima_animator animator = box2d_animator(true);

    anima_item *items = allocate((size_t)count, sizeof(anima_item));
    bool *fixed = allocate((size_t)count, sizeof(bool));
    anima_item fixed_items[7];
    int32_t fixed_count = 0;
    for (int k = 0; k < grid_n; k++) {
        for (int i = 0; i < grid_n; i++) {
            int32_t index = k * grid_n + i;
            items[index] = make_item(animator, grid_pitch * k, grid_pitch * i, 80.0, 80.0, ANIMA_SHAPE_ELLIPSE);
            if (i == 0 && k >= 47 && k <= 53) {
                fixed[index] = true;
                fixed_items[fixed_count++] = items[index];
            }
        }
    }
    const int32_t moving = count - fixed_count;

    add_gravity(animator, items, count);
    anima_item_behavior_def fixed_def = anima_default_item_behavior_def();
    fixed_def.anchored = true;
    add_item_behavior(animator, &fixed_def, fixed_items, fixed_count);

    /* pins to the neighbour above (a = b - 1) and to the one on the left (a = b - grid_n) */
    grid_pin *pins = allocate((size_t)2 * grid_n * (grid_n - 1), sizeof(grid_pin));
    int32_t pin_count = 0;
    anima_attachment_def pdef = anima_default_attachment_def();
    for (int k = 0; k < grid_n; k++) {
        for (int i = 0; i < grid_n; i++) {
            int32_t b = k * grid_n + i;
            for (int side = 0; side < 2; side++) {
                bool above = side == 0;
                if (above ? i == 0 : k == 0) {
                    continue;
                }
                int32_t a = above ? b - 1 : b - grid_n;
                if (fixed[a] && fixed[b]) {
                    continue;
                }
                grid_pin pin = { a, b, above ? (anima_vec2){ 0.0, half } : (anima_vec2){ half, 0.0 },
                                 above ? (anima_vec2){ 0.0, -half } : (anima_vec2){ -half, 0.0 } };
                anima_vec2 at = { grid_pitch * k + pin.offset_b.x, grid_pitch * i + pin.offset_b.y };
                anima_behavior attachment;
                MUST(anima_attachment_create_pin(animator, &pdef, items[a], items[b], at, &attachment));
                added(animator, attachment);
                pins[pin_count++] = pin;
            }
        }
    }

    double *poses = read_poses(animator, count);
    double gap = widest_pin_gap(poses, pins, pin_count); /* 0 before the first step */
    MUST(anima_animator_step(animator));                 /* untimed first step */
    int done = 0, diverged_at = -1;
    double elapsed = 0.0;
    int32_t written = 0;
    while (done < steps) {
        int chunk = steps - done < grid_check_every ? steps - done : grid_check_every;
        double t0 = now_seconds();
        for (int k = 0; k < chunk; k++) {
            MUST(anima_animator_step(animator));
        }
        elapsed += now_seconds() - t0;
        done += chunk;
        MUST(anima_animator_copy_item_poses(animator, poses, count, &written));
        gap = widest_pin_gap(poses, pins, pin_count);
        if (!(gap <= grid_torn_gap)) {
            diverged_at = done;
            break;
        }
    }

    uint64_t step_count = 0;
    bool running = false;
    run_state(animator, &step_count, &running);

    int32_t non_finite = 0;
    for (int32_t k = 0; k < count; k++) {
        if (!isfinite(poses[3 * k]) || !isfinite(poses[3 * k + 1]) || !isfinite(poses[3 * k + 2])) {
            non_finite++;
        }
    }
    double lowest = -INFINITY; /* the lowest row's largest y (y down) */
    for (int k = 0; k < grid_n; k++) {
        double y = poses[3 * (k * grid_n + grid_n - 1) + 1];
        if (!(y <= lowest)) {
            lowest = y;
        }
    }

    printf("{\"scene\": \"joint_grid\", \"items\": %d, \"joints\": %d, \"steps\": %d, \"planned_steps\": %d, "
           "\"seconds\": %.9f, \"step_count\": %llu, \"running\": %s, \"max_joint_gap\": ",
           moving, pin_count, done, steps, elapsed, (unsigned long long)step_count, running ? "true" : "false");
    print_number("%.6f", gap);
    fputs(", \"lowest_y\": ", stdout);
    print_number("%.6f", lowest);
    if (diverged_at < 0) {
        printf(", \"diverged_at\": null, \"non_finite\": %d}\n", non_finite);
    }
    else {
        printf(", \"diverged_at\": %d, \"non_finite\": %d}\n", diverged_at, non_finite);
    }

    free(pins);
    free(fixed);
    return end_scene(animator, poses, items);
}

/*
 * Springy list: 1000 rows of 300 x 40 pt, 44 pt apart (row k centred at (0, 44 k)), rotation
 * locked, friction 0, density 1 (mass 1.2). Each row hangs on a spring of rest length 0 from
 * its own anchor, which rides on a scroller at (0, 44 k + y(t)), y(t) = 300 sin(2 pi 0.5 t).
 * The springs' natural frequencies cycle 2...4 Hz (f = 2 + 2 (k mod 10) / 9), damping ratio
 * 0.3, so neighbouring rows lag differently and press on each other; neighbouring rows collide
 * (one collision behavior with all rows, no boundaries). No gravity.
 *
 * Before each step every anchor is moved to where the scroller is at the end of that step
 * (Anima slides an anchor from its last position to the new one during the step, as pymunk's
 * kinematic scroller moves during its step); the 1000 anima_attachment_set_anchor_point calls
 * per step are inside the timed region.
 *
 * Checks, after the last step: the largest distance of a row's centre from its anchor, and
 * the deepest overlap of neighbouring rows, 40 - (y[k+1] - y[k]) where positive.
 */
enum { springy_rows = 1000 };

/* The springy list's drive: its springs, the rows' pitch and the scroller's motion. */
typedef struct springy_drive {
    const anima_behavior *springs;
    double pitch, amplitude, w, dt; /* pt, pt, rad/s, s */
    double scroll;                  /* where the scroller was sent last, pt */
} springy_drive;

/* Before step `step`: every anchor to where the scroller is at its end, y(step dt). */
static void drive_springy_list(void *context, long long step)
{
    springy_drive *d = context;
    d->scroll = d->amplitude * sin(d->w * d->dt * (double)step);
    for (int k = 0; k < springy_rows; k++) {
        MUST(anima_attachment_set_anchor_point(d->springs[k], (anima_vec2){ 0.0, d->pitch * k + d->scroll }));
    }
}

static int run_springy_list(int steps)
{
    const double pi = 3.14159265358979323846;
    enum { count = springy_rows };
    const double pitch = 44.0, amplitude = 300.0, scroll_hz = 0.5, zeta = 0.3, dt = 1.0 / 60.0;
    const double w = 2.0 * pi * scroll_hz;

    anima_animator animator = box2d_animator(true);

    anima_item *rows = allocate(count, sizeof(anima_item));
    anima_behavior *springs = allocate(count, sizeof(anima_behavior));
    for (int k = 0; k < count; k++) {
        rows[k] = make_box(animator, 0.0, pitch * k, 300.0, 40.0);
    }

    anima_item_behavior_def row_def = anima_default_item_behavior_def();
    row_def.allows_rotation = false;
    row_def.friction = 0.0;
    row_def.density = 1.0;
    add_item_behavior(animator, &row_def, rows, count);
    add_collision(animator, rows, count, NULL, 0);

    for (int k = 0; k < count; k++) {
        anima_attachment_def sdef = anima_default_attachment_def();
        sdef.has_length = true;
        sdef.length = 0.0;
        sdef.frequency = 2.0 + 2.0 * (double)(k % 10) / 9.0;
        sdef.damping = zeta;
        MUST(anima_attachment_create_to_anchor(animator, &sdef, rows[k], (anima_vec2){ 0.0, 0.0 },
                                               (anima_vec2){ 0.0, pitch * k }, &springs[k]));
        added(animator, springs[k]);
    }

    springy_drive drive = { springs, pitch, amplitude, w, dt, 0.0 };
    double elapsed = timed_steps(animator, steps, drive_springy_list, &drive);
    const double scroll = drive.scroll;
    double *end = read_poses(animator, count);

    double stretch = 0.0, overlap = 0.0, drift = 0.0, turn = 0.0;
    int32_t non_finite = 0;
    for (int k = 0; k < count; k++) {
        double x = end[3 * k], y = end[3 * k + 1], r = end[3 * k + 2];
        if (!isfinite(x) || !isfinite(y) || !isfinite(r)) {
            non_finite++;
            continue;
        }
        stretch = fmax(stretch, hypot(x, y - (pitch * k + scroll)));
        drift = fmax(drift, fabs(x));
        turn = fmax(turn, fabs(r));
        if (k + 1 < count && isfinite(end[3 * (k + 1) + 1])) {
            overlap = fmax(overlap, 40.0 - (end[3 * (k + 1) + 1] - y));
        }
    }

    print_head("springy_list", count, steps, elapsed, animator);
    printf(", \"max_stretch\": %.6f, \"max_overlap\": %.6f, \"max_x_drift\": %.6f, \"max_rotation\": %.9f, "
           "\"non_finite\": %d}\n", stretch, overlap, drift, turn, non_finite);

    free(springs);
    return end_scene(animator, end, rows);
}

/*
 * Box2D many_pyramids: 20 x 20 pyramids of base 10 (55 boxes of 100 x 100 pt each, 22 000 in
 * all); each row of pyramids stands on its own ground segment, the segments 1100 pt apart.
 */
static int run_many_pyramids(int steps)
{
    enum { rows = 20, columns = 20, base = 10, per_pyramid = base * (base + 1) / 2 };
    const double extent = 50.0; /* half extent of a box, pt */
    const double ground_dy = 2.0 * extent * (base + 1), ground_width = 2.0 * extent * columns * (base + 1);
    const int32_t count = rows * columns * per_pyramid;

    anima_animator animator = box2d_animator(true);

    anima_item *boxes = allocate((size_t)count, sizeof(anima_item));
    int32_t n = 0;
    for (int r = 0; r < rows; r++) {
        double base_y = r * ground_dy; /* Box2D's height, y up */
        for (int c = 0; c < columns; c++) {
            double center_x = -0.5 * ground_width + c * (2.0 * extent * base + 2.0 * extent) + extent;
            for (int i = 0; i < base; i++) {
                double y = (2.0 * i + 1.0) * extent + base_y;
                for (int j = i; j < base; j++) {
                    double x = (i + 1.0) * extent + 2.0 * (j - i) * extent + center_x - 50.0;
                    boxes[n++] = make_box(animator, x, -y, 2 * extent, 2 * extent);
                }
            }
        }
    }
    anima_vec2 segments[rows][2];
    for (int r = 0; r < rows; r++) {
        segments[r][0] = (anima_vec2){ -0.5 * ground_width, -r * ground_dy };
        segments[r][1] = (anima_vec2){ 0.5 * ground_width, -r * ground_dy };
    }
    add_box_physics(animator, boxes, count, (const anima_vec2 (*)[2])segments, rows);

    double *start = read_poses(animator, count);
    double elapsed = timed_steps(animator, steps, NULL, NULL);
    double *end = read_poses(animator, count);

    int32_t non_finite = 0;
    double max_move = largest_move(start, end, count, &non_finite);
    double max_drop = -INFINITY, sum_drop = 0.0;
    for (int32_t k = per_pyramid - 1; k < count; k += per_pyramid) { /* the top box of each pyramid */
        double dy = end[3 * k + 1] - start[3 * k + 1];
        if (isfinite(dy)) {
            max_drop = fmax(max_drop, dy);
            sum_drop += dy;
        }
    }

    print_head("many_pyramids", count, steps, elapsed, animator);
    printf(", \"pyramids\": %d, \"max_top_drop\": %.6f, \"mean_top_drop\": %.6f, \"max_move\": %.6f, \"non_finite\": %d}\n",
           rows * columns, max_drop, sum_drop / (rows * columns), max_move, non_finite);

    free(start);
    return end_scene(animator, end, boxes);
}

/*
 * The pile: 10 000 boxes of 9 x 9 pt in 100 rows of 100, 10 pt apart (odd rows shifted 2 pt),
 * poured into a container 1150 pt wide whose floor is at y = 600, with the animator a user gets
 * by default (anima_default_animator_def: 120 steps per second, 4 sub-steps). A box has escaped
 * when its centre is outside the container.
 */
/* The resident memory's baseline taken, an animator of the default def with the bench's workers (its def in *adef). */
static anima_animator measured_animator(resident_memory *memory, anima_animator_def *adef)
{
    memory_baseline(memory);
    *adef = anima_default_animator_def();
    adef->workers = bench_workers;
    anima_animator animator;
    MUST(anima_animator_create(adef, &animator));
    return animator;
}

static int run_pile(int steps)
{
    enum { columns = 100, count = 10000 };
    const double size = 9.0, pitch = 10.0, left = -50.0, right = 1100.0, floor_y = 600.0, top = -2000.0;

    resident_memory memory;
    anima_animator_def adef;
    anima_animator animator = measured_animator(&memory, &adef);

    anima_item *boxes = allocate(count, sizeof(anima_item));
    for (int k = 0; k < count; k++) {
        int r = k / columns, c = k % columns;
        boxes[k] = make_box(animator, 5.0 + pitch * c + 2.0 * (r % 2), -10.0 - pitch * r, size, size);
    }
    const anima_vec2 walls[3][2] = {
        { { left, floor_y }, { right, floor_y } },
        { { left, top }, { left, floor_y } },
        { { right, top }, { right, floor_y } },
    };
    add_box_physics(animator, boxes, count, walls, 3);

    double elapsed = timed_steps(animator, steps, NULL, NULL);
    memory_after(&memory);
    double *end = read_poses(animator, count);

    int32_t escaped = 0, non_finite = 0;
    double highest = INFINITY;
    for (int k = 0; k < count; k++) {
        double x = end[3 * k], y = end[3 * k + 1];
        if (!isfinite(x) || !isfinite(y)) {
            non_finite++;
            escaped++;
            continue;
        }
        if (!(x > left && x < right && y < floor_y + 5.0)) {
            escaped++;
        }
        highest = fmin(highest, y);
    }

    print_head("pile", count, steps, elapsed, animator);
    printf(", \"step_rate\": %.1f, \"substeps\": %d, \"escaped\": %d, \"highest\": %.6f, \"non_finite\": %d",
           adef.step_rate, adef.substeps, escaped, highest, non_finite);
    print_memory(&memory);
    printf("}\n");

    return end_scene(animator, end, boxes);
}

/*
 * A million items: 2 x 2 pt boxes on a 1000 x 1000 grid 10 pt apart, falling together under gravity in one
 * collision behavior (their fat boxes apart, so no pair forms): what a step costs per item when it moves every
 * item, refits every proxy and finds nothing, and what the storage holds (anima_animator_get_memory_held and
 * the resident memory). Its figures are the gauge that the storage's checks before each step (docs/reliability.md,
 * "Out of memory") add nothing a step can see.
 */
static int run_million(int steps)
{
    enum { side = 1000, count = side * side };
    const double size = 2.0, pitch = 10.0;

    resident_memory memory;
    anima_animator_def adef;
    anima_animator animator = measured_animator(&memory, &adef);

    anima_item *boxes = allocate(count, sizeof(anima_item));
    for (int k = 0; k < count; k++) {
        boxes[k] = make_box(animator, pitch * (k % side), pitch * (k / side), size, size);
    }
    add_box_physics(animator, boxes, count, NULL, 0);

    double elapsed = timed_steps(animator, steps, NULL, NULL);
    memory_after(&memory);
    double *end = read_poses(animator, count);
    uint64_t held = 0;
    MUST(anima_animator_get_memory_held(animator, &held));
    /* free fall from rest: every box dropped by the same distance, 1/2 g t^2 with the solver's damping */
    double drop = end[1] - 0.0, spread = 0.0;
    for (int k = 0; k < count; k++) {
        spread = fmax(spread, fabs((end[3 * k + 1] - pitch * (k / side)) - drop));
    }

    print_head("million", count, steps, elapsed, animator);
    printf(", \"drop\": %.6f, \"drop_spread\": %.3g, \"memory_held\": %llu", drop, spread, (unsigned long long)held);
    print_memory(&memory);
    printf("}\n");

    return end_scene(animator, end, boxes);
}

/*
 * The cheapest calls of the API, timed: anima_item_get_center on the 200 items of a scene in turn, and
 * anima_animator_get_step_count. What a call costs here is the boundary's work (the handle checks, the
 * thread guard that refuses a second thread with ANIMA_ERR_BUSY, the status), which bench/run.py compares
 * between a library built with the guard and one built without it (-D ANIMA_NO_THREAD_GUARD).
 */
static int run_call_cost(long calls)
{
    enum { ITEMS = 200, BATCHES = 5 };
    anima_animator_def adef = anima_default_animator_def();
    anima_animator animator;
    MUST(anima_animator_create(&adef, &animator));
    anima_item items[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
        items[k] = make_box(animator, 10.0 + 12.0 * (k % 20), 10.0 + 12.0 * (k / 20), 10, 10);
    }
    double best_item = INFINITY, best_animator = INFINITY;
    double sink = 0;
    for (int batch = 0; batch < BATCHES; batch++) {
        double start = now_seconds();
        for (long k = 0; k < calls; k++) {
            anima_vec2 center;
            if (anima_item_get_center(items[k % ITEMS], &center) != ANIMA_OK) {
                must(ANIMA_ERR_INVALID_HANDLE, "anima_item_get_center");
            }
            sink += center.x;
        }
        best_item = fmin(best_item, now_seconds() - start);
        start = now_seconds();
        for (long k = 0; k < calls; k++) {
            uint64_t steps = 0;
            if (anima_animator_get_step_count(animator, &steps) != ANIMA_OK) {
                must(ANIMA_ERR_INVALID_HANDLE, "anima_animator_get_step_count");
            }
            sink += (double)steps;
        }
        best_animator = fmin(best_animator, now_seconds() - start);
    }
    Dl_info library = {0};
    if (dladdr((void *)anima_item_get_center, &library) == 0 || library.dli_fname == NULL) {
        library.dli_fname = "?";
    }
    printf("{\"scene\": \"call_cost\", \"calls\": %ld, \"batches\": %d, \"item_get_center_ns\": %.3f, "
           "\"animator_get_step_count_ns\": %.3f, \"checksum\": %.1f, \"library\": \"%s\"}\n",
           calls, BATCHES, 1e9 * best_item / (double)calls, 1e9 * best_animator / (double)calls, sink, library.dli_fname);
    MUST(anima_animator_destroy(animator));
    return 0;
}

/* argv[index] as a whole number within low...high, or `absent` when the command line stops before
 * it; a number out of range stops the program with status 64, naming the argument ("steps must be
 * 1...1000000 (got 0)"). */
static long argument(int argc, char **argv, int index, long low, long high, long absent, const char *what)
{
    if (index >= argc) {
        return absent;
    }
    char *endp = NULL;
    long v = strtol(argv[index], &endp, 10);
    if (endp == argv[index] || *endp != '\0' || v < low || v > high) {
        fprintf(stderr, "anima_bench: %s must be %ld...%ld (got %s)\n", what, low, high, argv[index]);
        exit(64);
    }
    return v;
}

/* The stepping scenes: the name on the command line, the scene, its steps when none are given. */
static const struct {
    const char *name;
    int (*run)(int steps);
    int default_steps;
} stepping_scenes[] = {
    { "pyramid", run_pyramid, 500 },
    { "tumbler", run_tumbler, 750 },
    { "joint_grid", run_joint_grid, 500 },
    { "springy_list", run_springy_list, 500 },
    { "many_pyramids", run_many_pyramids, 200 },
    { "pile", run_pile, 300 },
    { "smash", run_smash, 300 },
    { "spinner", run_spinner, 500 },
    { "million", run_million, 30 },
};

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s pyramid|tumbler|joint_grid|springy_list|many_pyramids|pile|smash|spinner|million [steps [workers]]\n"
                        "       %s call_cost [calls]\n", argv[0], argv[0]);
        return 64;
    }
    scene_name = argv[1];
    if (strcmp(scene_name, "call_cost") == 0) {
        return run_call_cost(argument(argc, argv, 2, 1, 1000000000, 10000000, "calls"));
    }
    bench_workers = (int32_t)argument(argc, argv, 3, 1, 16, 1, "workers");
    int steps = (int)argument(argc, argv, 2, 1, 1000000, 0, "steps");
    for (size_t k = 0; k < sizeof stepping_scenes / sizeof stepping_scenes[0]; k++) {
        if (strcmp(scene_name, stepping_scenes[k].name) == 0) {
            return stepping_scenes[k].run(steps > 0 ? steps : stepping_scenes[k].default_steps);
        }
    }
    fprintf(stderr, "anima_bench: unknown scene '%s' (pyramid, tumbler, joint_grid, springy_list, many_pyramids, "
                    "pile, smash, spinner or million)\n", scene_name);
    return 64;
}
