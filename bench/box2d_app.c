/*
 * box2d_app.c: scenes of Box2D v3's own benchmark app (its shared/benchmarks.c) that the
 * harness did not have, at 1 m = 100 pt with y pointing down (see anima_bench.c).
 *
 *     anima_bench smash [steps]     a heavy box through a wall of 9 600 small ones put to sleep,
 *                                   no gravity; default 300 steps
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
