/*
 * gravity_collision.c: a ball falls, bounces on the bottom of the view and comes to rest, while
 * a collision delegate makes it half transparent whenever it is off the floor
 * (UIKit Dynamics, Listings 13-12 to 13-15).
 *
 *     collision.translatesReferenceBoundsIntoBoundary = YES;
 *     collision.collisionDelegate = self;
 *     - beganContactForItem:withBoundaryIdentifier:atPoint:  blueBall.alpha = 1.0
 *     - endedContactForItem:withBoundaryIdentifier:          blueBall.alpha = 0.5
 *
 * A 64 x 64 pt ball (center (160, 52)) in a 320 x 568 pt view, under gravity and a collision
 * behavior whose boundary is the view's bounds. The program advances 60 Hz frames until the
 * animator pauses and checks that
 *   - the ball bounced: at least one began and one ended boundary contact, the first at the floor,
 *     and it rose off the floor after the first impact, half transparent while in the air;
 *   - it came to rest on the floor, center y = 568 - 32 within 1 pt, with alpha 1.0;
 *   - the animator paused (is_running false, did_pause delegate called) within 10 s;
 *   - the contact event arrays report the same contacts as the callbacks.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "gravity_collision"
#include "example.h"

#define RADIUS 32.0

typedef struct scene {
    anima_item ball;
    int began;             /* began-contact callbacks */
    int ended;             /* ended-contact callbacks */
    int unexpected;        /* events that are not this ball against the reference-bounds boundary */
    int failed_calls;      /* calls made from the callbacks that did not return ANIMA_OK */
    anima_vec2 first_contact;
    delegate_counts delegate;   /* the animator delegate's calls */
} scene;

static bool is_ball_against_bounds(const scene *s, const anima_contact_event *event)
{
    return event->is_boundary && same_item(event->item_a, s->ball) && event->item_b.index1 == 0
        && event->boundary_identifier == NULL;
}

/* Listing 13-15, first method: the ball is fully opaque while it touches the boundary. */
static void began_contact(void *user_data, const anima_contact_event *event)
{
    scene *s = user_data;
    if (s->began == 0) {
        s->first_contact = event->point;
    }
    s->began++;
    if (!is_ball_against_bounds(s, event)) {
        s->unexpected++;
    }
    if (anima_item_set_alpha(s->ball, 1.0) != ANIMA_OK) {
        s->failed_calls++;
    }
}

/* Listing 13-15, second method: half transparent as soon as it leaves the boundary. */
static void ended_contact(void *user_data, const anima_contact_event *event)
{
    scene *s = user_data;
    s->ended++;
    if (!is_ball_against_bounds(s, event)) {
        s->unexpected++;
    }
    if (anima_item_set_alpha(s->ball, 0.5) != ANIMA_OK) {
        s->failed_calls++;
    }
}

/* Reads the began (or ended) contact events of the last advance; counts them and those that are not expected. */
static bool count_events(const scene *s, anima_animator animator, anima_behavior collision, bool began,
                         int32_t *out_count, int *unexpected)
{
    const anima_contact_event *events = NULL;
    int32_t count = 0;
    if (!ok(anima_animator_get_contact_events(animator, began, &events, &count), "anima_animator_get_contact_events")) {
        return false;
    }
    for (int32_t i = 0; i < count; i++) {
        if (!is_ball_against_bounds(s, &events[i]) || !same_behavior(events[i].collision, collision)) {
            (*unexpected)++;
        }
    }
    *out_count = count;
    return true;
}

int main(void)
{
    scene s = { 0 };
    const double floor_y = SCREEN_HEIGHT - RADIUS; /* the ball's center when it lies on the floor */

    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    count_delegate_calls(animator, &s.delegate);
    if (!create_ball(animator, (anima_vec2){ SCREEN_WIDTH / 2, 52.0 }, 2 * RADIUS, &s.ball)) {
        return 1;
    }

    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_behavior gravity;
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_behavior collision;
    if (!ok(anima_gravity_create(animator, &gravity_def, &s.ball, 1, &gravity), "anima_gravity_create")
        || !ok(anima_collision_create(animator, &collision_def, &s.ball, 1, &collision), "anima_collision_create")
        || !ok(anima_collision_set_delegate(collision, began_contact, ended_contact, &s), "anima_collision_set_delegate")
        || !ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(animator, collision), "anima_animator_add_behavior")) {
        return 1;
    }

    /* Frames of 1/60 s until the animator pauses, for at most 10 simulated seconds. */
    int array_began = 0;
    int array_ended = 0;
    int array_unexpected = 0;
    double apex_y = INFINITY;        /* highest point (smallest y) after the first impact */
    int transparent_airborne = 0;    /* frames in the air after the first impact with alpha 0.5 */
    int opaque_airborne = 0;         /* frames in the air after the first bounce with alpha 1.0 */
    bool running = true;
    double elapsed = 0.0;
    for (int frame = 0; frame < 600 && running; frame++) {
        if (!ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        int32_t began = 0;
        int32_t ended = 0;
        if (!count_events(&s, animator, collision, true, &began, &array_unexpected)
            || !count_events(&s, animator, collision, false, &ended, &array_unexpected)) {
            return 1;
        }
        array_began += began;
        array_ended += ended;
        anima_vec2 center = { 0.0, 0.0 };
        double alpha = 0.0;
        ok(anima_item_get_center(s.ball, &center), "anima_item_get_center");
        ok(anima_item_get_alpha(s.ball, &alpha), "anima_item_get_alpha");
        if (s.ended > 0) {
            apex_y = fmin(apex_y, center.y);
            if (center.y < floor_y - 1.0) {
                if (alpha == 0.5) {
                    transparent_airborne++;
                } else {
                    opaque_airborne++;
                }
            }
        }
        ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
    }
    ok(anima_animator_get_elapsed_time(animator, &elapsed), "anima_animator_get_elapsed_time");

    anima_vec2 center = { 0.0, 0.0 };
    double alpha = 0.0;
    bool resting = false;
    ok(anima_item_get_center(s.ball, &center), "anima_item_get_center");
    ok(anima_item_get_alpha(s.ball, &alpha), "anima_item_get_alpha");
    ok(anima_item_is_resting(s.ball, &resting), "anima_item_is_resting");
    const double rebound = floor_y - apex_y;

    printf("first contact at (%.2f, %.2f); %d began, %d ended contacts; rebound %.2f pt\n",
           s.first_contact.x, s.first_contact.y, s.began, s.ended, rebound);
    printf("paused: %s after %.3f s; center (%.3f, %.3f); alpha %.2f; did_pause %d, will_resume %d\n",
           running ? "no" : "yes", elapsed, center.x, center.y, alpha, s.delegate.did_pause,
           s.delegate.will_resume);

    check(s.began >= 1 && s.ended >= 1, "the ball bounced: at least one began and one ended boundary contact");
    check(fabs(s.first_contact.y - SCREEN_HEIGHT) <= 2.0 && fabs(s.first_contact.x - SCREEN_WIDTH / 2) <= 2.0,
          "the first contact point is on the floor below the ball");
    check(rebound > 1.0, "the ball rose off the floor after the first impact");
    check(transparent_airborne > 0 && opaque_airborne == 0, "in the air after a bounce the ball is half transparent");
    check(s.unexpected == 0, "every contact callback was the ball against the reference-bounds boundary");
    check(s.failed_calls == 0, "setting alpha from the contact callbacks succeeded");
    check(array_began == s.began && array_ended == s.ended && array_unexpected == 0,
          "the contact event arrays report the same contacts as the callbacks");
    check(!running && elapsed <= 10.0, "the animator paused within 10 s");
    check(s.delegate.did_pause == 1, "the did_pause delegate was called once");
    check(resting, "the ball is resting");
    check(fabs(center.y - floor_y) <= 1.0, "it rests on the floor: center y = 568 - 32 within 1 pt");
    check(fabs(center.x - SCREEN_WIDTH / 2) <= 1.0, "it stayed in the middle");
    check(alpha == 1.0, "it ends fully opaque (alpha 1.0)");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("%d bounce contacts, rebound %.1f pt, at rest at y = %.2f after %.2f s", s.began, rebound, center.y,
                  elapsed);
}
