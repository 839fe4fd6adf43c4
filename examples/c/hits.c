/*
 * hits.c: how hard a contact struck, for a sound or a haptic tap (docs/behaviors/collision.md, "Hits").
 *
 *   - a bouncing ball: a 40 pt ball of elasticity 0.5 dropped 200 pt onto the floor of a 320 x 568
 *     pt screen, its collision behavior's hit threshold 100 pt/s. Each impact is one hit: at
 *     sqrt(2 g h) = 632 pt/s, then half of it at each bounce (316, 158 pt/s); the fourth, at 79
 *     pt/s, is too soft, and the ball at rest makes no more. The program turns each into the
 *     volume of a "tap" (the speed over 1000 pt/s), as an app would;
 *   - a click: two balls closing at 600 pt/s report one hit, with the normal from the first
 *     toward the second and the impulse 2 m v of an elastic swap; a second collision behavior
 *     over the same pair, with no threshold, reports none;
 *   - bad input: NaN, negative and too-large thresholds are refused and change nothing.
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "hits"
#include "example.h"

#include <math.h>

static void bouncing_ball(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) { return; }
    anima_item ball;
    create_ball(animator, (anima_vec2){160, SCREEN_HEIGHT - 20 - 200}, 40, &ball);
    anima_behavior gravity, bouncy, walls;
    anima_gravity_def gdef = anima_default_gravity_def();
    ok(anima_gravity_create(animator, &gdef, &ball, 1, &gravity), "anima_gravity_create");
    anima_item_behavior_def props = anima_default_item_behavior_def();
    props.elasticity = 0.5;
    ok(anima_item_behavior_create(animator, &props, &ball, 1, &bouncy), "anima_item_behavior_create");
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(animator, &cdef, &ball, 1, &walls), "anima_collision_create");
    ok(anima_collision_set_hit_threshold(walls, 100.0), "anima_collision_set_hit_threshold");
    ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior");
    ok(anima_animator_add_behavior(animator, bouncy), "anima_animator_add_behavior");
    ok(anima_animator_add_behavior(animator, walls), "anima_animator_add_behavior");

    double speeds[8];
    int taps = 0;
    for (int frame = 0; frame < 600; frame++) {
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        const anima_hit_event *hits = NULL;
        int32_t count = 0;
        ok(anima_animator_get_hit_events(animator, &hits, &count), "anima_animator_get_hit_events");
        for (int32_t i = 0; i < count; i++) {
            const anima_hit_event *hit = &hits[i];
            double volume = fmin(1.0, hit->approach_speed / 1000.0);
            printf("tap at t = %.3f s: %.1f pt/s, volume %.2f, impulse %.3f, normal (%.3f, %.3f)\n",
                   (frame + 1) / 60.0, hit->approach_speed, volume, hit->impulse, hit->normal.x, hit->normal.y);
            check(same_item(hit->item_a, ball) && hit->is_boundary && same_behavior(hit->collision, walls),
                  "the hit names the ball, the boundary and the collision behavior");
            expect_near(hit->normal.y, 1.0, 1e-9, "the normal points from the ball down to the floor");
            if (taps < 8) { speeds[taps] = hit->approach_speed; }
            taps++;
        }
    }
    double fall = sqrt(2 * 1000 * 200.0);
    checkf(taps == 3, "three impacts are above 100 pt/s (got %d)", taps);
    if (taps == 3) {
        expect_near(speeds[0] / fall, 1.0, 0.01, "the first impact is at sqrt(2 g h)");
        expect_near(speeds[1] / speeds[0], 0.5, 0.02, "each bounce halves the speed");
        expect_near(speeds[2] / speeds[1], 0.5, 0.04, "each bounce halves the speed");
    }
    anima_animator_destroy(animator);
}

static void click(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) { return; }
    anima_item balls[2];
    create_ball(animator, (anima_vec2){110, 284}, 40, &balls[0]);
    create_ball(animator, (anima_vec2){210, 284}, 40, &balls[1]);
    ok(anima_item_set_linear_velocity(balls[0], (anima_vec2){300, 0}), "anima_item_set_linear_velocity");
    ok(anima_item_set_linear_velocity(balls[1], (anima_vec2){-300, 0}), "anima_item_set_linear_velocity");
    anima_item_behavior_def props = anima_default_item_behavior_def();
    props.elasticity = 1;
    anima_behavior elastic, loud, quiet;
    ok(anima_item_behavior_create(animator, &props, balls, 2, &elastic), "anima_item_behavior_create");
    anima_collision_def cdef = anima_default_collision_def();
    ok(anima_collision_create(animator, &cdef, balls, 2, &loud), "anima_collision_create");
    ok(anima_collision_create(animator, &cdef, balls, 2, &quiet), "anima_collision_create");
    ok(anima_collision_set_hit_threshold(loud, 0.0), "anima_collision_set_hit_threshold");
    ok(anima_animator_add_behavior(animator, elastic), "anima_animator_add_behavior");
    ok(anima_animator_add_behavior(animator, loud), "anima_animator_add_behavior");
    ok(anima_animator_add_behavior(animator, quiet), "anima_animator_add_behavior");
    double mass = 0;
    ok(anima_item_get_mass(balls[0], &mass), "anima_item_get_mass");
    int clicks = 0;
    for (int frame = 0; frame < 30; frame++) {
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        const anima_hit_event *hits = NULL;
        int32_t count = 0;
        ok(anima_animator_get_hit_events(animator, &hits, &count), "anima_animator_get_hit_events");
        for (int32_t i = 0; i < count; i++) {
            printf("click: %.1f pt/s at (%.1f, %.1f), impulse %.4f (2 m v = %.4f)\n", hits[i].approach_speed,
                   hits[i].point.x, hits[i].point.y, hits[i].impulse, 2 * mass * 300);
            check(same_behavior(hits[i].collision, loud), "only the behavior with a threshold reports");
            expect_near(hits[i].approach_speed, 600, 1e-6, "the balls close at 600 pt/s");
            expect_near(hits[i].impulse / (2 * mass * 300), 1.0, 0.01, "an elastic swap's impulse is 2 m v");
            bool first = same_item(hits[i].item_a, balls[0]);
            expect_near(hits[i].normal.x, first ? 1.0 : -1.0, 1e-9, "the normal points from item_a to item_b");
            clicks++;
        }
    }
    checkf(clicks == 1, "one click (got %d)", clicks);
    anima_animator_destroy(animator);
}

static void bad_input(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) { return; }
    anima_behavior walls;
    anima_collision_def cdef = anima_default_collision_def();
    ok(anima_collision_create(animator, &cdef, NULL, 0, &walls), "anima_collision_create");
    double threshold = 0;
    ok(anima_collision_get_hit_threshold(walls, &threshold), "anima_collision_get_hit_threshold");
    check(threshold == INFINITY, "no threshold by default (INFINITY)");
    ok(anima_collision_set_hit_threshold(walls, 250), "anima_collision_set_hit_threshold");
    check(anima_collision_set_hit_threshold(walls, NAN) == ANIMA_ERR_INVALID_ARGUMENT, "a NaN threshold is refused");
    check(anima_collision_set_hit_threshold(walls, -1) == ANIMA_ERR_INVALID_ARGUMENT, "a negative threshold is refused");
    check(anima_collision_set_hit_threshold(walls, 2e7) == ANIMA_ERR_INVALID_ARGUMENT, "a threshold past 1e7 pt/s is refused");
    ok(anima_collision_get_hit_threshold(walls, &threshold), "anima_collision_get_hit_threshold");
    check(threshold == 250, "a refused threshold leaves it as it was");
    check(anima_collision_get_hit_threshold(walls, NULL) == ANIMA_ERR_INVALID_ARGUMENT, "a NULL output is refused");
    const anima_hit_event *hits = NULL;
    check(anima_animator_get_hit_events(animator, &hits, NULL) == ANIMA_ERR_INVALID_ARGUMENT, "a NULL count is refused");
    int32_t count = -1;
    ok(anima_animator_get_hit_events(animator, &hits, &count), "anima_animator_get_hit_events");
    check(count == 0 && hits == NULL, "no hits before a step");
    ok(anima_collision_set_hit_threshold(walls, INFINITY), "anima_collision_set_hit_threshold");
    printf("bad input: refused with the documented codes\n");
    anima_animator_destroy(animator);
}

int main(void)
{
    bouncing_ball();
    click();
    bad_input();
    return finish("%s", failures == 0 ? "each impact is one hit, at the speed of its fall" : "see above");
}
