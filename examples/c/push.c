/*
 * push.c: an instantaneous and a continuous push send two balls upward (UIKit Dynamics,
 * Listing 13-23).
 *
 *     UIPushBehavior *instantPushBehavior = [[UIPushBehavior alloc] initWithItems:@[self.ball1]
 *                                               mode:UIPushBehaviorModeInstantaneous];
 *     UIPushBehavior *continuousPushBehavior = [[UIPushBehavior alloc] initWithItems:@[self.ball2]
 *                                               mode:UIPushBehaviorModeContinuous];
 *     instantPushBehavior.angle = -1.57;
 *     continuousPushBehavior.angle = -1.57;
 *     instantPushBehavior.magnitude = 0.5;
 *     continuousPushBehavior.magnitude = 0.5;
 *     [self.animator addBehavior:instantPushBehavior];
 *     [self.animator addBehavior:continuousPushBehavior];
 *
 * Two 64 x 64 pt balls (mass m = pi 32^2 / 10 000 = 0.3217) stand side by side at y = 500 in a
 * 320 x 568 pt view; nothing else acts on them, so they keep the implicit linear damping
 * c = 0.1/s of an item that no item behavior governs. The force of magnitude 0.5 is
 * F = 100 x 0.5 = 50 (mass x pt/s^2):
 *   - ball 1 gets dv = F / m = 155.4 pt/s once; then v = v0 e^(-c t): constant apart from damping;
 *   - ball 2 accelerates at F / m = 155.4 pt/s^2: v = (F/m)(1 - e^(-c t)) / c.
 * Since v0 and F/m are equal here, the distances v0 (1 - e^(-c t)) / c and
 * (F/m)(t - (1 - e^(-c t)) / c) / c meet where t = (1 + 1/c)(1 - e^(-c t)): at 1.94 s
 * (at t = 2 s without damping). The program advances 60 Hz frames for 3 s and checks that
 *   - the instantaneous push acted once and turned inactive; the continuous one stays active,
 *   - ball 1's speed follows v0 e^(-c t) within 1 % at every frame,
 *   - ball 2's speed grows at every frame and follows (F/m)(1 - e^(-c t))/c within 1 %,
 *   - both go up along the angle -1.57, ball 1 ahead at first, ball 2 overtaking it later, within
 *     two 60 Hz frames of the predicted time.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "push"
#include "example.h"

#define RADIUS 32.0

static bool create_push(anima_animator animator, anima_push_mode mode, anima_item ball, anima_behavior *out)
{
    anima_push_def def = anima_default_push_def();
    def.mode = mode;
    return ok(anima_push_create(animator, &def, &ball, 1, out), "anima_push_create")
        && ok(anima_push_set_angle(*out, -1.57), "anima_push_set_angle")
        && ok(anima_push_set_magnitude(*out, 0.5), "anima_push_set_magnitude");
}

/* The time at which the two balls have gone the same distance: t = (1 + 1/c)(1 - e^(-c t)), t > 0. */
static double predicted_overtake(double c)
{
    double t = 2.0;
    for (int i = 0; i < 50; i++) {
        const double g = t - (1.0 + 1.0 / c) * (1.0 - exp(-c * t));
        const double dg = 1.0 - (1.0 + 1.0 / c) * c * exp(-c * t);
        t -= g / dg;
    }
    return t;
}

int main(void)
{
    const double c = 0.1;          /* implicit linear damping, 1/s */
    const double force = 50.0;     /* 100 x magnitude 0.5 */

    anima_animator animator;
    anima_item ball1, ball2;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)
        || !create_ball(animator, (anima_vec2){ 100.0, 500.0 }, 2 * RADIUS, &ball1)
        || !create_ball(animator, (anima_vec2){ 220.0, 500.0 }, 2 * RADIUS, &ball2)) {
        return 1;
    }
    anima_behavior instant_push, continuous_push;
    if (!create_push(animator, ANIMA_PUSH_INSTANTANEOUS, ball1, &instant_push)
        || !create_push(animator, ANIMA_PUSH_CONTINUOUS, ball2, &continuous_push)
        || !ok(anima_animator_add_behavior(animator, instant_push), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(animator, continuous_push), "anima_animator_add_behavior")) {
        return 1;
    }

    double mass = 0.0;
    ok(anima_item_get_mass(ball1, &mass), "anima_item_get_mass");
    const double v0 = force / mass;   /* dv of the instantaneous push, pt/s */
    const double a = force / mass;    /* acceleration of the continuous push, pt/s^2 */
    const double t_predicted = predicted_overtake(c);
    printf("mass %.5f; instantaneous dv = %.3f pt/s; continuous a = %.3f pt/s^2; predicted overtaking at %.4f s\n",
           mass, v0, a, t_predicted);

    double worst_instant = 0.0;       /* largest relative speed error of ball 1 */
    double worst_continuous = 0.0;    /* largest relative speed error of ball 2 */
    bool accelerating = true;
    bool upward = true;
    bool instant_ahead_first = false;
    double overtaken_at = -1.0;       /* first frame at which ball 2 is ahead */
    bool overtaken_for_good = true;
    double previous_speed2 = 0.0;
    double t = 0.0;
    anima_vec2 v1 = { 0.0, 0.0 }, v2 = { 0.0, 0.0 };
    for (int frame = 1; frame <= 180; frame++) {
        if (!ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        anima_vec2 p1 = { 0.0, 0.0 }, p2 = { 0.0, 0.0 };
        ok(anima_animator_get_elapsed_time(animator, &t), "anima_animator_get_elapsed_time");
        ok(anima_item_get_center(ball1, &p1), "anima_item_get_center");
        ok(anima_item_get_center(ball2, &p2), "anima_item_get_center");
        ok(anima_item_get_linear_velocity(ball1, &v1), "anima_item_get_linear_velocity");
        ok(anima_item_get_linear_velocity(ball2, &v2), "anima_item_get_linear_velocity");
        const double speed1 = hypot(v1.x, v1.y);
        const double speed2 = hypot(v2.x, v2.y);
        const double expected1 = v0 * exp(-c * t);
        const double expected2 = a * (1.0 - exp(-c * t)) / c;
        worst_instant = fmax(worst_instant, fabs(speed1 - expected1) / expected1);
        worst_continuous = fmax(worst_continuous, fabs(speed2 - expected2) / expected2);
        accelerating = accelerating && speed2 > previous_speed2;
        previous_speed2 = speed2;
        /* going up along angle -1.57: direction (cos, sin) = (0.0008, -1.0000) */
        upward = upward && fabs(atan2(v1.y, v1.x) + 1.57) < 1e-9 && fabs(atan2(v2.y, v2.x) + 1.57) < 1e-9;
        const double gone1 = 500.0 - p1.y, gone2 = 500.0 - p2.y;
        if (frame == 1) {
            instant_ahead_first = gone1 > gone2;
        }
        if (gone2 > gone1 && overtaken_at < 0.0) {
            overtaken_at = t;
        } else if (gone2 <= gone1 && overtaken_at >= 0.0) {
            overtaken_for_good = false;
        }
        if (frame % 30 == 0) {
            printf("t = %.2f s: ball 1 %.1f pt up at %.2f pt/s (law %.2f); ball 2 %.1f pt up at %.2f pt/s (law %.2f)\n",
                   t, gone1, speed1, expected1, gone2, speed2, expected2);
        }
    }

    bool instant_active = true, continuous_active = false;
    bool running = false;
    ok(anima_push_get_active(instant_push, &instant_active), "anima_push_get_active");
    ok(anima_push_get_active(continuous_push, &continuous_active), "anima_push_get_active");
    ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
    printf("largest speed errors: instantaneous %.4f %%, continuous %.4f %%; overtaken at %.4f s\n",
           100.0 * worst_instant, 100.0 * worst_continuous, overtaken_at);

    check(!instant_active, "the instantaneous push acted and turned inactive");
    check(continuous_active && running, "the continuous push stays active and the animator keeps running");
    check(worst_instant <= 0.01, "ball 1 keeps its speed: v0 e^(-0.1 t) within 1 % at every frame");
    check(accelerating, "ball 2's speed grows at every frame");
    check(worst_continuous <= 0.01, "ball 2 follows (F/m)(1 - e^(-0.1 t))/0.1 within 1 % at every frame");
    check(upward, "both balls move along the angle -1.57 (up)");
    check(instant_ahead_first, "ball 1 (instantaneous) is ahead at first");
    check(overtaken_at > 0.0 && overtaken_for_good, "ball 2 (continuous) overtakes it and stays ahead");
    check(overtaken_at > 0.0 && fabs(overtaken_at - t_predicted) <= 2.0 / 60.0,
          "it overtakes when the damped laws say, within two 60 Hz frames");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("instantaneous ball within %.3f %% of v0 e^(-0.1 t), continuous within %.3f %%, "
                  "overtaken at %.3f s (predicted %.3f s)",
                  100.0 * worst_instant, 100.0 * worst_continuous, overtaken_at, t_predicted);
}
