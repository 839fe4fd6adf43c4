/*
 * item_properties.c: an item behavior with elasticity 0.75 makes one of two falling balls bounce
 * higher and more often (UIKit Dynamics, Listings 13-17 and 13-18).
 *
 *     gravity    = [[UIGravityBehavior alloc] initWithItems:@[ball1, ball2]];
 *     collision  = [[UICollisionBehavior alloc] initWithItems:@[ball1, ball2]];
 *     properties = [[UIDynamicItemBehavior alloc] initWithItems:@[ball2]];
 *     properties.elasticity = 0.75;
 *     collision.translatesReferenceBoundsIntoBoundary = YES;
 *
 * Two 64 x 64 pt balls start side by side at y = 52 in a 320 x 568 pt view. Ball 1 keeps the
 * implicit properties of an item that no item behavior governs; ball 2 has elasticity 0.75. The
 * program runs internal steps until the animator pauses (at most 30 s) and checks that
 *   - both balls reach the floor at the same time (within two 60 Hz frames),
 *   - ball 2 rebounds higher (highest point after the first impact) and touches the floor
 *     more often (began contacts) than ball 1,
 *   - both come to rest on the floor (center y = 568 - 32 within 1 pt) and the animator pauses.
 * The contacts are read from the animator's contact event arrays after every step.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "item_properties"
#include "example.h"

#include <stdlib.h>

#define RADIUS 32.0

typedef struct ball_record {
    anima_item item;
    int began;                 /* began contacts with the boundary */
    int ended;                 /* ended contacts with the boundary */
    int64_t first_contact_step; /* -1 until the first contact */
    double apex_y;             /* smallest center y after the first contact */
    anima_vec2 center;
    bool resting;
} ball_record;

/* A ball at (x, 52) and its record, with no contact yet. */
static bool create_ball_record(anima_animator animator, double x, ball_record *ball)
{
    ball->first_contact_step = -1;
    ball->apex_y = INFINITY;
    return create_ball(animator, (anima_vec2){ x, 52.0 }, 2 * RADIUS, &ball->item);
}

/* Counts the boundary contacts of the last step per ball; returns false on a failed call. */
static bool tally_contacts(anima_animator animator, bool began, ball_record balls[2], int64_t step, int *item_pairs)
{
    const anima_contact_event *events = NULL;
    int32_t count = 0;
    if (!ok(anima_animator_get_contact_events(animator, began, &events, &count), "anima_animator_get_contact_events")) {
        return false;
    }
    for (int32_t i = 0; i < count; i++) {
        if (!events[i].is_boundary) {
            (*item_pairs)++;
            continue;
        }
        for (int b = 0; b < 2; b++) {
            if (!same_item(events[i].item_a, balls[b].item)) {
                continue;
            }
            if (began) {
                balls[b].began++;
                if (balls[b].first_contact_step < 0) {
                    balls[b].first_contact_step = step;
                }
            } else {
                balls[b].ended++;
            }
        }
    }
    return true;
}

int main(void)
{
    const double floor_y = SCREEN_HEIGHT - RADIUS;

    anima_animator animator;
    ball_record balls[2] = { 0 };
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)
        || !create_ball_record(animator, 80.0, &balls[0]) || !create_ball_record(animator, 240.0, &balls[1])) {
        return 1;
    }
    const anima_item both[2] = { balls[0].item, balls[1].item };

    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    properties_def.elasticity = 0.75;
    anima_behavior properties;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_behavior gravity;
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_behavior collision;
    if (!ok(anima_item_behavior_create(animator, &properties_def, &balls[1].item, 1, &properties), "anima_item_behavior_create")
        || !ok(anima_gravity_create(animator, &gravity_def, both, 2, &gravity), "anima_gravity_create")
        || !ok(anima_collision_create(animator, &collision_def, both, 2, &collision), "anima_collision_create")
        || !ok(anima_animator_add_behavior(animator, properties), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(animator, collision), "anima_animator_add_behavior")) {
        return 1;
    }

    double step_duration = 0.0;
    ok(anima_animator_get_step_duration(animator, &step_duration), "anima_animator_get_step_duration");
    const int64_t max_steps = (int64_t)ceil(30.0 / step_duration);

    int item_pairs = 0;
    bool running = true;
    int64_t step = 0;
    for (; step < max_steps && running; step++) {
        if (!ok(anima_animator_step(animator), "anima_animator_step")
            || !tally_contacts(animator, true, balls, step, &item_pairs)
            || !tally_contacts(animator, false, balls, step, &item_pairs)) {
            return 1;
        }
        for (int b = 0; b < 2; b++) {
            anima_vec2 center = { 0.0, INFINITY };
            ok(anima_item_get_center(balls[b].item, &center), "anima_item_get_center");
            if (balls[b].first_contact_step >= 0) {
                balls[b].apex_y = fmin(balls[b].apex_y, center.y);
            }
        }
        ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
    }

    double elapsed = 0.0;
    ok(anima_animator_get_elapsed_time(animator, &elapsed), "anima_animator_get_elapsed_time");
    double rebound[2];
    for (int b = 0; b < 2; b++) {
        ok(anima_item_get_center(balls[b].item, &balls[b].center), "anima_item_get_center");
        ok(anima_item_is_resting(balls[b].item, &balls[b].resting), "anima_item_is_resting");
        rebound[b] = floor_y - balls[b].apex_y;
        printf("ball %d (%s): first contact at step %lld, %d began / %d ended contacts, rebound %.2f pt, "
               "rests at (%.3f, %.3f)%s\n",
               b + 1, b == 0 ? "no item behavior" : "elasticity 0.75", (long long)balls[b].first_contact_step,
               balls[b].began, balls[b].ended, rebound[b], balls[b].center.x, balls[b].center.y,
               balls[b].resting ? "" : " (not resting)");
    }
    printf("animator %s after %.3f s (%lld steps)\n", running ? "still running" : "paused", elapsed, (long long)step);

    const int64_t apart = balls[0].first_contact_step - balls[1].first_contact_step;
    check(balls[0].first_contact_step >= 0 && balls[1].first_contact_step >= 0
              && (double)llabs(apart) * step_duration <= 1.0 / 30.0 + 1e-9,
          "both balls reach the floor at the same time (within two 60 Hz frames)");
    check(rebound[1] > rebound[0], "the elastic ball rebounds higher");
    check(balls[1].began > balls[0].began, "the elastic ball touches the floor more often");
    check(item_pairs == 0, "the balls never touch each other");
    check(!running, "the animator paused within 30 s");
    for (int b = 0; b < 2; b++) {
        checkf(balls[b].resting && fabs(balls[b].center.y - floor_y) <= 1.0,
               "ball %d rests on the floor: center y = 568 - 32 within 1 pt", b + 1);
    }

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("rebound %.1f pt vs %.1f pt, %d vs %d floor contacts, paused after %.2f s", rebound[1], rebound[0],
                  balls[1].began, balls[0].began, elapsed);
}
