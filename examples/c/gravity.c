/*
 * gravity.c: a ball under gravity alone falls off the screen (UIKit Dynamics, Listing 13-10).
 *
 *     animator = [[UIDynamicAnimator alloc] initWithReferenceView:self.view];
 *     gravity  = [[UIGravityBehavior alloc] initWithItems:@[blueBall]];
 *     [animator addBehavior:gravity];
 *
 * A 64 x 64 pt ball starts at rest with its center at (160, 52) in a 320 x 568 pt view. The
 * default gravity accelerates it downward at 1000 pt/s^2 and nothing stops it. After 1.5 s of
 * frames at 60 Hz the program checks that
 *   - the ball is below the bottom edge of the view (center y > 568 + 32),
 *   - it fell and moves as a body under gravity g = 1000 pt/s^2 with the implicit linear damping
 *     c = 0.1/s of an item that no item behavior governs (UIKit's measured body default):
 *     v = g (1 - e^(-c t)) / c and fall = (g / c) (t - (1 - e^(-c t)) / c), within 1 %
 *     (undamped, 1000/2 t^2 would be 4.7 % more after 1.5 s),
 *   - it did not drift sideways or turn, and the animator is still running.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "gravity"
#include "example.h"

int main(void)
{
    const double radius = 32.0;
    const anima_vec2 start = { 160.0, 52.0 };

    anima_animator animator;
    anima_item ball;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator) || !create_ball(animator, start, 2 * radius, &ball)) {
        return 1;
    }

    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_behavior gravity;
    if (!ok(anima_gravity_create(animator, &gravity_def, &ball, 1, &gravity), "anima_gravity_create")
        || !ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior")) {
        return 1;
    }

    /* 90 frames of 1/60 s. */
    if (!advance_frames(animator, 90, 1.0 / 60.0)) {
        return 1;
    }

    double t = 0.0;
    anima_vec2 center = { 0.0, 0.0 };
    anima_vec2 velocity = { 0.0, 0.0 };
    double rotation = 0.0;
    bool running = false;
    uint64_t steps = 0;
    ok(anima_animator_get_elapsed_time(animator, &t), "anima_animator_get_elapsed_time");
    ok(anima_animator_get_step_count(animator, &steps), "anima_animator_get_step_count");
    ok(anima_item_get_center(ball, &center), "anima_item_get_center");
    ok(anima_item_get_linear_velocity(ball, &velocity), "anima_item_get_linear_velocity");
    ok(anima_item_get_rotation(ball, &rotation), "anima_item_get_rotation");
    ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");

    const double fallen = center.y - start.y;
    const double g = 1000.0, c = 0.1;
    const double expected_fall = (g / c) * (t - (1.0 - exp(-c * t)) / c);
    const double expected_speed = g * (1.0 - exp(-c * t)) / c;
    printf("after %.4f s (%llu steps): center (%.2f, %.2f), fell %.2f pt (damped law %.2f, %+.3f %%; "
           "undamped 1000/2 t^2 = %.2f), speed %.2f pt/s (damped law %.2f, %+.3f %%)\n",
           t, (unsigned long long)steps, center.x, center.y, fallen, expected_fall,
           100.0 * (fallen - expected_fall) / expected_fall, 0.5 * g * t * t, velocity.y, expected_speed,
           100.0 * (velocity.y - expected_speed) / expected_speed);

    expect_near(t, 1.5, 1.0 / 120.0 + 1e-9, "1.5 s of frames ran 1.5 s of simulation (within one internal step)");
    check(center.y > SCREEN_HEIGHT + radius, "the ball has left the screen (center y > 568 + 32)");
    expect_near(fallen, expected_fall, 0.01 * expected_fall, "it fell as the damped law says, within 1 %");
    expect_near(velocity.y, expected_speed, 0.01 * expected_speed, "it moves as the damped law says, within 1 %");
    check(fabs(center.x - start.x) < 1e-9 && fabs(velocity.x) < 1e-9, "it did not move sideways");
    check(fabs(rotation) < 1e-9, "it did not turn");
    check(running, "the animator is still running (a falling ball never rests)");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("fell %.1f pt in %.3f s, %+.2f %% from the damped law", fallen, t,
                  100.0 * (fallen - expected_fall) / expected_fall);
}
