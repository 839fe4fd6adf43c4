/*
 * box2d_app.c: scenes of Box2D v3's own benchmark app (its shared/benchmarks.c) that the
 * harness did not have, at 1 m = 100 pt with y pointing down (see anima_bench.c).
 *
 *     anima_bench smash [steps]     a heavy box through a wall of 9 600 small ones put to sleep,
 *                                   no gravity; default 300 steps
 *     anima_bench spinner [steps]   a bar driven at 5 rad/s stirring 6 076 capsules, balls and
 *                                   boxes in a ring of 360 segments; default 500 steps
 */
#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The seconds of each timed step, summed over [from, to): a window of the run. */
static double window_seconds(const double *step_seconds, int from, int to)
{
    double sum = 0.0;
    for (int k = from; k < to; k++) {
        sum += step_seconds[k];
    }
    return sum;
}

/*
 * Box2D smash: a box of 8 x 8 m and density 8 at (-20, 0) m moving at 40 m/s toward a wall of
 * 120 x 80 boxes of 0.4 m (density 1, friction 0.6), its left column at x = 30 m, centred on
 * y = 0; no gravity. Box2D creates the wall asleep (isAwake = false), so here each wall box is
 * put to sleep after the behaviors are added. The heavy box reaches the wall 1.15 s in (step 69).
 *
 * Besides the time of all steps, the line gives the time of steps 1-60, before the impact, when
 * only the heavy box is awake, and of steps 100-299, after it. The outcome: where the heavy box
 * is and how fast it moves, how many wall boxes moved more than 1 pt and how far the farthest
 * went, the wall's mean travel in x, and how many wall boxes are asleep at the end.
 */
int run_smash(int steps)
{
    enum { columns = 120, rows = 80, wall_count = columns * rows };
    const double d = 40.0; /* a wall box's side, pt */
    const int32_t count = 1 + wall_count;

    anima_animator animator = box2d_animator(false);
    anima_item *items = allocate((size_t)count, sizeof(anima_item));
    items[0] = make_box(animator, -2000.0, 0.0, 800.0, 800.0);
    for (int i = 0; i < columns; i++) {
        for (int j = 0; j < rows; j++) {
            items[1 + i * rows + j] = make_box(animator, 3000.0 + d * i, -(j - rows / 2.0) * d, d, d);
        }
    }
    add_collision(animator, items, count, NULL, 0);
    const anima_item_behavior_def heavy = rough_def(8.0);
    add_item_behavior(animator, &heavy, items, 1);
    const anima_item_behavior_def light = rough_def(1.0);
    add_item_behavior(animator, &light, items + 1, wall_count);
    MUST(anima_item_set_linear_velocity(items[0], (anima_vec2){ 4000.0, 0.0 }));
    for (int32_t k = 1; k < count; k++) {
        MUST(anima_item_set_awake(items[k], false));
    }
    double *start = read_poses(animator, count);

    double *step_seconds = allocate((size_t)steps, sizeof(double));
    MUST(anima_animator_step(animator)); /* untimed, as in every scene */
    for (int k = 0; k < steps; k++) {
        double t0 = now_seconds();
        MUST(anima_animator_step(animator));
        step_seconds[k] = now_seconds() - t0;
    }
    double elapsed = window_seconds(step_seconds, 0, steps);
    int before = steps < 60 ? steps : 60;
    int after_from = steps < 100 ? steps : 99;
    double before_ms = before > 0 ? 1e3 * window_seconds(step_seconds, 0, before) / before : 0.0;
    double after_ms = steps > after_from ? 1e3 * window_seconds(step_seconds, after_from, steps) / (steps - after_from) : 0.0;

    double *end = read_poses(animator, count);
    anima_vec2 heavy_velocity;
    MUST(anima_item_get_linear_velocity(items[0], &heavy_velocity));
    int32_t moved = 0, asleep = 0, non_finite = 0;
    double farthest = 0.0, sum_dx = 0.0;
    for (int32_t k = 1; k < count; k++) {
        double dx = end[3 * k] - start[3 * k], dy = end[3 * k + 1] - start[3 * k + 1];
        double dist = hypot(dx, dy);
        if (!isfinite(dist)) {
            non_finite++;
            continue;
        }
        moved += dist > 1.0;
        farthest = fmax(farthest, dist);
        sum_dx += dx;
        bool awake = true;
        MUST(anima_item_is_awake(items[k], &awake));
        asleep += !awake;
    }

    print_head("smash", count, steps, elapsed, animator);
    printf(", \"before_impact_ms\": %.6f, \"after_impact_ms\": %.6f, \"heavy_x\": %.6f, \"heavy_vx\": %.6f, "
           "\"wall_moved\": %d, \"wall_farthest\": %.6f, \"wall_mean_dx\": %.6f, \"wall_asleep\": %d, \"non_finite\": %d}\n",
           before_ms, after_ms, end[0], heavy_velocity.x, moved, farthest, sum_dx / wall_count, asleep, non_finite);

    free(step_seconds);
    free(start);
    return end_scene(animator, end, items);
}

/* The motor torque the spinner's pin exerted, summed over the steps (read before each step
 * of the one before it; step 0 reads the last). */
typedef struct spinner_torque {
    anima_behavior pin;
    double sum;
    int samples;
} spinner_torque;

static void sum_torque(void *context, long long step)
{
    spinner_torque *t = context;
    if (step == 1) {
        return; /* before the first step: no torque yet */
    }
    double torque = 0.0;
    MUST(anima_attachment_get_motor_force(t->pin, &torque));
    t->sum += torque;
    t->samples++;
}

/*
 * Box2D spinner: a ring of 360 segments of radius 40 m about (0, 32) m (friction 0.1); a bar of
 * 1.2 x 40.4 m with rounded corners of 0.2 m (friction 0, density 1, never sleeping) pinned at
 * its centre to (0, 12) m, its motor at 5 rad/s counter-clockwise (y up) with no torque bound;
 * and 6 076 bodies in rows of 92, 0.5 m apart from (-23, 2) m upward, taking turns as a capsule
 * (1 x 0.5 m), a ball (0.7 m) and a box (0.7 m), each of density 0.25, friction 0.1 and
 * elasticity 0.1. Gravity 10 m/s^2; the bodies may sleep.
 *
 * Here the ring is the boundary segments of a collision behavior of the bodies alone (the bar
 * does not meet it, as in Box2D, where it is pinned to the ring's body), the bar a rounded rectangle
 * pinned to an anchored 10 pt item (which collides with nothing) with the pin's motor at
 * -5 rad/s (counter-clockwise on a y-down screen) and a torque bound of 1e20. The outcome: the
 * bar's turn (5 rad/s for the steps and the untimed one, less what it lags) and speed, the
 * motor's mean torque over the timed steps (mass x pt^2 / s^2, counter-clockwise positive, as
 * Box2D's kg m^2 / s^2 x 10 000), how many bodies are inside the ring and awake, and their mean
 * speed.
 */
int run_spinner(int steps)
{
    enum { ring_points = 360, body_count = 2 * 3038 };
    const double pi = 3.14159265358979323846;
    const anima_vec2 ring_centre = { 0.0, -3200.0 };
    const double ring_radius = 4000.0;
    const int32_t count = body_count + 2;

    anima_animator animator = box2d_animator(false);
    anima_item *items = allocate((size_t)count, sizeof(anima_item));
    anima_item *bodies = items + 2;
    items[0] = make_box(animator, 0.0, -1200.0, 10.0, 10.0); /* the pin's anchored base */
    items[1] = make_item(animator, 0.0, -1200.0, 120.0, 4040.0, ANIMA_SHAPE_ROUNDED_RECTANGLE);
    MUST(anima_item_set_corner_radius(items[1], 20.0));
    double x = -2300.0, y = -200.0;
    for (int k = 0; k < body_count; k++) {
        if (k % 3 == 0) {
            bodies[k] = make_item(animator, x, y, 100.0, 50.0, ANIMA_SHAPE_CAPSULE);
        } else if (k % 3 == 1) {
            bodies[k] = make_item(animator, x, y, 70.0, 70.0, ANIMA_SHAPE_ELLIPSE);
        } else {
            bodies[k] = make_box(animator, x, y, 70.0, 70.0);
        }
        x += 50.0;
        if (x >= 2300.0) {
            x = -2300.0;
            y -= 50.0;
        }
    }

    add_gravity(animator, bodies, body_count);
    /* the bar meets the bodies; the ring, the bodies only: Box2D's ring is on the ground body
     * the bar is pinned to, and a joint's two bodies do not collide (collideConnected false) */
    add_collision(animator, items + 1, count - 1, NULL, 0);
    anima_behavior ring = add_collision(animator, bodies, body_count, NULL, 0);
    MUST(anima_collision_set_mode(ring, ANIMA_COLLISION_MODE_BOUNDARIES));
    for (int k = 0; k < ring_points; k++) {
        /* Box2D's points turn clockwise (y up) from (40, 0) m; y down, that is counter-clockwise */
        double a0 = 2.0 * pi * k / ring_points, a1 = 2.0 * pi * (k + 1) / ring_points;
        anima_vec2 p0 = { ring_centre.x + ring_radius * cos(a0), ring_centre.y + ring_radius * sin(a0) };
        anima_vec2 p1 = { ring_centre.x + ring_radius * cos(a1), ring_centre.y + ring_radius * sin(a1) };
        char name[32];
        snprintf(name, sizeof name, "ring %d", k);
        MUST(anima_collision_add_boundary_segment(ring, name, p0, p1));
    }
    anima_item_behavior_def base = anima_default_item_behavior_def();
    base.anchored = true;
    add_item_behavior(animator, &base, items, 1);
    const anima_item_behavior_def smooth_bar = anima_default_item_behavior_def(); /* density 1, friction 0 */
    add_item_behavior(animator, &smooth_bar, items + 1, 1);
    anima_item_behavior_def stirred = anima_default_item_behavior_def();
    stirred.density = 0.25;
    stirred.friction = 0.1;
    stirred.elasticity = 0.1;
    add_item_behavior(animator, &stirred, bodies, body_count);
    anima_attachment_def pin_def = anima_default_attachment_def();
    anima_behavior pin;
    MUST(anima_attachment_create_pin(animator, &pin_def, items[1], items[0], (anima_vec2){ 0.0, -1200.0 }, &pin));
    MUST(anima_attachment_set_motor_speed(pin, -5.0));
    MUST(anima_attachment_set_max_motor_force(pin, 1e20));
    added(animator, pin);

    spinner_torque torque = { pin, 0.0, 0 };
    double elapsed = timed_steps(animator, steps, sum_torque, &torque);
    sum_torque(&torque, 0);
    double *end = read_poses(animator, count);
    int32_t inside = 0, awake = 0, non_finite = 0;
    double speed_sum = 0.0;
    for (int k = 0; k < body_count; k++) {
        double dx = end[3 * (k + 2)] - ring_centre.x, dy = end[3 * (k + 2) + 1] - ring_centre.y;
        anima_vec2 v;
        MUST(anima_item_get_linear_velocity(bodies[k], &v));
        if (!isfinite(dx) || !isfinite(dy) || !isfinite(v.x) || !isfinite(v.y)) {
            non_finite++;
            continue;
        }
        inside += hypot(dx, dy) < ring_radius;
        speed_sum += hypot(v.x, v.y);
        bool is_awake = false;
        MUST(anima_item_is_awake(bodies[k], &is_awake));
        awake += is_awake;
    }
    double bar_turn = -end[3 * 1 + 2]; /* counter-clockwise, as Box2D's angle */
    double bar_speed = 0.0;
    MUST(anima_item_get_angular_velocity(items[1], &bar_speed));
    bar_speed = -bar_speed;
    double expected = 5.0 * (steps + 1) / 60.0;

    print_head("spinner", count, steps, elapsed, animator);
    printf(", \"bar_turn\": %.6f, \"expected_turn\": %.6f, \"bar_speed\": %.6f, \"mean_motor_torque\": %.6g, "
           "\"inside\": %d, \"awake\": %d, \"mean_speed\": %.6f, \"non_finite\": %d}\n", bar_turn, expected, bar_speed,
           -torque.sum / (torque.samples > 0 ? torque.samples : 1), inside, awake, speed_sum / body_count, non_finite);
    return end_scene(animator, end, items);
}
