/*
 * snap.c: a ball snaps to wherever the user taps (UIKit Dynamics, Listing 13-21).
 *
 *     - (IBAction)handleGestureRecognizer:(UITapGestureRecognizer *)sender
 *     {
 *         CGPoint point = [sender locationInView:self.view];
 *         if ([self.animator behaviors]) {
 *             [self.animator removeAllBehaviors];
 *             UISnapBehavior *snapBehavior = [[UISnapBehavior alloc] initWithItem:self.blueBall snapToPoint:point];
 *             [self.animator addBehavior:snapBehavior];
 *         } else {
 *             UISnapBehavior *snapBehavior = [[UISnapBehavior alloc] initWithItem:self.blueBall snapToPoint:point];
 *             [self.animator addBehavior:snapBehavior];
 *         }
 *     }
 *
 * A 64 x 64 pt ball (center (160, 52)) in a 320 x 568 pt view. A first tap at (240, 420) adds a
 * snap; once the animator has paused, a second tap at (70, 160) finds a behavior there, removes
 * every behavior and adds a new snap, as the listing does. A snap is a 4 Hz spring (damping
 * ratio 0.1 + 0.9 x 0.5 = 0.55) that also turns the item upright. For each tap the program
 * advances 60 Hz frames until the animator pauses and checks that
 *   - the animator paused (did_pause delegate called) within 1.2 s of the tap,
 *   - the ball rests within 0.5 pt of the tapped point, upright (|rotation| < 0.001 rad),
 *   - it overshot the point a little: more than 0 and less than 20 % of the distance travelled
 *     (a 0.55 damping ratio overshoots by e^(-pi 0.55 / sqrt(1 - 0.55^2)) = 12.6 % from rest),
 *   - the animator holds exactly one behavior, the new snap.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "snap"
#include "example.h"

#define RADIUS 32.0

typedef struct view_controller {
    anima_animator animator;
    anima_item blue_ball;
    anima_behavior snap;   /* the snap added by the last tap */
    delegate_counts delegate;
} view_controller;

typedef struct tap_result {
    anima_vec2 point;
    double distance;       /* from where the ball was at the tap to the point */
    double seconds;        /* from the tap to the pause */
    double overshoot;      /* farthest the ball went past the point along the line of travel */
    double max_rotation;   /* largest |rotation| on the way */
    anima_vec2 center;
    double rotation;
    bool paused;
    int32_t behaviors;
    bool only_the_snap;
} tap_result;

/* Listing 13-21: the tap handler. */
static bool handle_tap(view_controller *vc, anima_vec2 point)
{
    int32_t count = 0;
    anima_status status = anima_animator_get_behaviors(vc->animator, NULL, 0, &count);
    if (status != ANIMA_OK && status != ANIMA_ERR_BUFFER_TOO_SMALL) {
        return ok(status, "anima_animator_get_behaviors");
    }
    anima_behavior snap;
    if (count > 0) {
        if (!ok(anima_animator_remove_all_behaviors(vc->animator), "anima_animator_remove_all_behaviors")
            || !ok(anima_behavior_destroy(vc->snap), "anima_behavior_destroy")) {   /* ARC would release it */
            return false;
        }
    }
    if (!ok(anima_snap_create(vc->animator, vc->blue_ball, point, &snap), "anima_snap_create")
        || !ok(anima_animator_add_behavior(vc->animator, snap), "anima_animator_add_behavior")) {
        return false;
    }
    vc->snap = snap;
    return true;
}

/* Taps at point, then runs 60 Hz frames until the animator pauses (at most 3 s). */
static bool tap_and_settle(view_controller *vc, anima_vec2 point, tap_result *r)
{
    anima_vec2 start = { 0.0, 0.0 };
    double t0 = 0.0;
    const int pauses_before = vc->delegate.did_pause;
    if (!ok(anima_item_get_center(vc->blue_ball, &start), "anima_item_get_center")
        || !ok(anima_animator_get_elapsed_time(vc->animator, &t0), "anima_animator_get_elapsed_time")
        || !handle_tap(vc, point)) {
        return false;
    }
    r->point = point;
    r->distance = hypot(point.x - start.x, point.y - start.y);
    const anima_vec2 along = { (point.x - start.x) / r->distance, (point.y - start.y) / r->distance };
    r->overshoot = 0.0;
    r->max_rotation = 0.0;

    bool running = true;
    for (int frame = 0; frame < 180 && running; frame++) {
        if (!ok(anima_animator_advance(vc->animator, 1.0 / 60.0), "anima_animator_advance")) {
            return false;
        }
        anima_vec2 c = { 0.0, 0.0 };
        double rotation = 0.0;
        ok(anima_item_get_center(vc->blue_ball, &c), "anima_item_get_center");
        ok(anima_item_get_rotation(vc->blue_ball, &rotation), "anima_item_get_rotation");
        r->overshoot = fmax(r->overshoot, (c.x - point.x) * along.x + (c.y - point.y) * along.y);
        r->max_rotation = fmax(r->max_rotation, fabs(rotation));
        ok(anima_animator_is_running(vc->animator, &running), "anima_animator_is_running");
    }
    double t1 = 0.0;
    ok(anima_animator_get_elapsed_time(vc->animator, &t1), "anima_animator_get_elapsed_time");
    ok(anima_item_get_center(vc->blue_ball, &r->center), "anima_item_get_center");
    ok(anima_item_get_rotation(vc->blue_ball, &r->rotation), "anima_item_get_rotation");
    r->seconds = t1 - t0;
    r->paused = !running && vc->delegate.did_pause == pauses_before + 1;

    anima_behavior behaviors[4];
    r->behaviors = 0;
    ok(anima_animator_get_behaviors(vc->animator, behaviors, 4, &r->behaviors), "anima_animator_get_behaviors");
    r->only_the_snap = r->behaviors == 1 && same_behavior(behaviors[0], vc->snap);
    return true;
}

static void report(int n, const tap_result *r)
{
    const double miss = hypot(r->center.x - r->point.x, r->center.y - r->point.y);
    printf("tap %d at (%.0f, %.0f), %.1f pt away: paused after %.3f s at (%.4f, %.4f), %.5f pt off, rotation %.2e rad "
           "(at most %.4f on the way), overshoot %.2f pt (%.1f %%)\n",
           n, r->point.x, r->point.y, r->distance, r->seconds, r->center.x, r->center.y, miss, r->rotation,
           r->max_rotation, r->overshoot, 100.0 * r->overshoot / r->distance);

    checkf(r->paused && r->seconds <= 1.2, "tap %d: the animator paused (did_pause called) within 1.2 s of the tap", n);
    checkf(miss <= 0.5, "tap %d: the ball rests within 0.5 pt of the tapped point", n);
    checkf(fabs(r->rotation) < 1e-3, "tap %d: it is upright (|rotation| < 0.001 rad)", n);
    checkf(r->overshoot > 0.0 && r->overshoot < 0.2 * r->distance,
           "tap %d: it overshot a little (0 < overshoot < 20 %% of the distance)", n);
    checkf(r->only_the_snap, "tap %d: the animator holds one behavior, the new snap", n);
}

int main(void)
{
    view_controller vc = { 0 };

    /* Listing 13-20: the animator of the view. */
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &vc.animator)) {
        return 1;
    }
    count_delegate_calls(vc.animator, &vc.delegate);
    if (!create_ball(vc.animator, (anima_vec2){ SCREEN_WIDTH / 2, 52.0 }, 2 * RADIUS, &vc.blue_ball)) {
        return 1;
    }

    tap_result first = { 0 };
    tap_result second = { 0 };
    if (!tap_and_settle(&vc, (anima_vec2){ 240.0, 420.0 }, &first)) {
        return 1;
    }
    report(1, &first);
    if (!tap_and_settle(&vc, (anima_vec2){ 70.0, 160.0 }, &second)) {
        return 1;
    }
    report(2, &second);
    printf("delegate: will_resume %d, did_pause %d\n", vc.delegate.will_resume, vc.delegate.did_pause);
    check(vc.delegate.will_resume == 2 && vc.delegate.did_pause == 2, "the animator resumed and paused once per tap");

    ok(anima_animator_destroy(vc.animator), "anima_animator_destroy");

    return finish("rested %.2f s and %.2f s after the taps, %.1f %% and %.1f %% overshoot", first.seconds, second.seconds,
                  100.0 * first.overshoot / first.distance, 100.0 * second.overshoot / second.distance);
}
