/*
 * view_animation.c: a ball fades in, grows and moves to the middle of the screen, then turns
 * half a turn, chained from the first animation's completion (Recipe 13-1, Listings 13-5 to 13-8).
 *
 *     self.blueBall.frame = CGRectMake(self.view.frame.size.width/2 - 5, 20.0f, 10.0f, 10.0f);
 *     self.blueBall.alpha = 0.0f;
 *     [UIView animateWithDuration:3.0f
 *                      animations:^{
 *                          self.blueBall.frame = CGRectMake(self.view.frame.size.width/2 - 32.0f,
 *                                                           self.view.frame.size.height/2 - 32.0f,
 *                                                           64.0f, 64.0f);
 *                          self.blueBall.alpha = 1.0f;
 *                      }
 *                      completion:^(BOOL finished) {
 *                          NSLog(@"Animation Finished");
 *                          [self startRotationOfBall];
 *                      }];
 *
 *     -(void)startRotationOfBall
 *     {
 *         [UIView animateWithDuration:1.5f
 *                          animations:^{ self.blueBall.transform = CGAffineTransformMakeRotation(M_PI); }
 *                          completion:^(BOOL finished) { NSLog(@"Rotation Finished"); }];
 *     }
 *
 * A frame is a centre and a size: the 10 x 10 pt ball starts at centre (160, 25) and ends as a
 * 64 x 64 pt ball at (160, 284), the middle of the 320 x 568 pt view. UIKit's default curve is
 * ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), symmetric about its midpoint. The program runs
 * 60 Hz frames and checks that
 *   - at 1.5 s, half the time, the ball is exactly half way: centre y 154.5, size 37, alpha 0.5,
 *   - at 0.75 s ease-in-out lags linear (less than a quarter of the way),
 *   - "Animation Finished" comes at 3 s with finished = true and the end values exact,
 *   - the half turn then runs 1.5 s: a quarter turn (pi / 2) at 0.75 s, pi at the end,
 *   - "Rotation Finished" comes after "Animation Finished", and the animator then pauses,
 *   - as a property animator, a 200 pt move paused half way and scrubbed to a quarter sits at
 *     y = 334, and reversed from there it ends back at its start with position START.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "view_animation"
#include "example.h"

#include <string.h>

#define PI 3.14159265358979323846

typedef struct view_controller {
    anima_animator animator;
    anima_item blue_ball;
    char log[4][32];
    int log_count;
    double rotation_started;   /* animator time at which the turn was committed */
} view_controller;

static void say(view_controller *vc, const char *message, bool finished)
{
    printf("%s (finished: %s)\n", message, finished ? "YES" : "NO");
    if (vc->log_count < 4) {
        snprintf(vc->log[vc->log_count++], sizeof vc->log[0], "%s %d", message, finished ? 1 : 0);
    }
}

static void rotation_finished(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                              anima_position position)
{
    (void)animator;
    (void)animation;
    (void)position;
    say(user_data, "Rotation Finished", finished);
}

/* Listing 13-7. */
static void start_rotation_of_ball(view_controller *vc)
{
    anima_animation_def def = anima_default_animation_def();
    def.duration = 1.5;
    anima_transform half_turn = { PI, 1.0, 1.0, 0.0, 0.0 };
    anima_animator_get_elapsed_time(vc->animator, &vc->rotation_started);
    if (ok(anima_animation_begin(vc->animator, &def), "anima_animation_begin")) {
        ok(anima_item_set_transform(vc->blue_ball, half_turn), "anima_item_set_transform");
        ok(anima_animation_commit(vc->animator, rotation_finished, vc, NULL), "anima_animation_commit");
    }
}

static void animation_finished(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                               anima_position position)
{
    (void)animator;
    (void)animation;
    (void)position;
    view_controller *vc = user_data;
    say(vc, "Animation Finished", finished);
    start_rotation_of_ball(vc);
}

static void record_position(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                            anima_position position)
{
    (void)animator;
    (void)animation;
    (void)finished;
    *(anima_position *)user_data = position;
}

/* Runs 60 Hz frames for the given seconds. */
static void run(view_controller *vc, double seconds)
{
    advance_frames(vc->animator, (int)lround(seconds * 60.0), 1.0 / 60.0);
}

int main(void)
{
    view_controller vc = { 0 };
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &vc.animator)) {
        return 1;
    }
    /* Listing 13-5: a 10 x 10 ball at the top, transparent. */
    anima_item_def ball = anima_default_item_def();
    ball.center = (anima_vec2){ SCREEN_WIDTH / 2, 20.0 + 5.0 };
    ball.size = (anima_size){ 10.0, 10.0 };
    ball.shape = ANIMA_SHAPE_ELLIPSE;
    ball.alpha = 0.0;
    if (!ok(anima_item_create(vc.animator, &ball, &vc.blue_ball), "anima_item_create")) {
        return 1;
    }

    anima_animation_def def = anima_default_animation_def();
    def.duration = 3.0;
    if (!ok(anima_animation_begin(vc.animator, &def), "anima_animation_begin")) {
        return 1;
    }
    ok(anima_item_set_center(vc.blue_ball, (anima_vec2){ SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 }), "anima_item_set_center");
    ok(anima_item_set_size(vc.blue_ball, (anima_size){ 64.0, 64.0 }), "anima_item_set_size");
    ok(anima_item_set_alpha(vc.blue_ball, 1.0), "anima_item_set_alpha");
    anima_animation first = 0;
    if (!ok(anima_animation_commit(vc.animator, animation_finished, &vc, &first), "anima_animation_commit")) {
        return 1;
    }

    anima_vec2 c;
    anima_size s;
    double alpha, rotation;
    run(&vc, 0.75);
    anima_item_get_center(vc.blue_ball, &c);
    printf("t = 0.75 s: centre (%.3f, %.3f)\n", c.x, c.y);
    check(c.y > 25.0 && c.y < 25.0 + 259.0 / 4, "ease-in-out starts slower than linear: under a quarter of the way at 0.75 s");

    run(&vc, 0.75);
    anima_item_get_center(vc.blue_ball, &c);
    anima_item_get_size(vc.blue_ball, &s);
    anima_item_get_alpha(vc.blue_ball, &alpha);
    printf("t = 1.50 s: centre (%.3f, %.3f), size %.3f x %.3f, alpha %.3f\n", c.x, c.y, s.width, s.height, alpha);
    check(fabs(c.y - 154.5) < 1e-9 && fabs(s.width - 37.0) < 1e-9 && fabs(alpha - 0.5) < 1e-9,
          "half way at half time: centre y 154.5, size 37, alpha 0.5");
    check(vc.log_count == 0, "no completion before the end");

    run(&vc, 1.5);
    anima_item_get_center(vc.blue_ball, &c);
    anima_item_get_size(vc.blue_ball, &s);
    anima_item_get_alpha(vc.blue_ball, &alpha);
    printf("t = 3.00 s: centre (%.3f, %.3f), size %.3f x %.3f, alpha %.3f\n", c.x, c.y, s.width, s.height, alpha);
    check(c.x == 160.0 && c.y == 284.0 && s.width == 64.0 && s.height == 64.0 && alpha == 1.0,
          "the frame and alpha land exactly on their targets at 3 s");
    check(vc.log_count == 1 && strcmp(vc.log[0], "Animation Finished 1") == 0, "\"Animation Finished\" with finished = YES");
    check(fabs(vc.rotation_started - 3.0) < 1e-9, "the turn is committed from the completion, at 3 s");

    run(&vc, 0.75);
    anima_item_get_rotation(vc.blue_ball, &rotation);
    printf("t = 3.75 s: rotation %.4f rad\n", rotation);
    check(fabs(rotation - PI / 2) < 1e-9, "a quarter turn half way through the 1.5 s turn");

    run(&vc, 0.75 + 1.0 / 60);
    anima_item_get_rotation(vc.blue_ball, &rotation);
    printf("t = 4.52 s: rotation %.4f rad\n", rotation);
    check(rotation == PI, "half a turn at the end");
    check(vc.log_count == 2 && strcmp(vc.log[1], "Rotation Finished 1") == 0, "\"Rotation Finished\" comes second");
    bool running = true;
    anima_animator_is_running(vc.animator, &running);
    check(!running, "the animator pauses once nothing animates");

    /* The same move as a property animator: pause half way, scrub, reverse back to the start. */
    anima_animation_def linear = anima_default_animation_def();
    linear.duration = 1.0;
    linear.curve = ANIMA_CURVE_LINEAR;
    anima_animation slide = 0;
    anima_position ended_at = ANIMA_POSITION_CURRENT;
    ok(anima_animation_begin(vc.animator, &linear), "anima_animation_begin");
    ok(anima_item_set_center(vc.blue_ball, (anima_vec2){ 160.0, 484.0 }), "anima_item_set_center");
    ok(anima_animation_commit(vc.animator, record_position, &ended_at, &slide), "anima_animation_commit");
    run(&vc, 0.5);
    ok(anima_animation_pause(vc.animator, slide), "anima_animation_pause");
    ok(anima_animation_set_fraction_complete(vc.animator, slide, 0.25), "anima_animation_set_fraction_complete");
    anima_item_get_center(vc.blue_ball, &c);
    check(fabs(c.y - 334.0) < 1e-9, "scrubbed to a quarter: centre y 284 + 200 / 4 = 334");
    ok(anima_animation_set_reversed(vc.animator, slide, true), "anima_animation_set_reversed");
    ok(anima_animation_resume(vc.animator, slide), "anima_animation_resume");
    run(&vc, 0.25 + 1.0 / 60);
    anima_item_get_center(vc.blue_ball, &c);
    check(c.y == 284.0 && ended_at == ANIMA_POSITION_START, "reversed from a quarter, it ends back at its start (position START)");
    check(anima_animation_pause(vc.animator, slide) == ANIMA_ERR_NOT_FOUND, "an ended animation is not found");

    /* Bad input leaves the animator as it was. */
    anima_animation_def bad = anima_default_animation_def();
    bad.duration = NAN;
    check(anima_animation_begin(vc.animator, &bad) == ANIMA_ERR_INVALID_ARGUMENT, "a NaN duration is refused");
    bad = anima_default_animation_def();
    bad.curve = (anima_curve)42;
    check(anima_animation_begin(vc.animator, &bad) == ANIMA_ERR_INVALID_ARGUMENT, "an unknown curve is refused");
    check(anima_animation_commit(vc.animator, NULL, NULL, NULL) == ANIMA_ERR_INVALID_STATE, "commit without begin is refused");

    anima_animator_destroy(vc.animator);
    printf("%s\n", failures == 0 ? "view_animation: all checks passed" : "view_animation: FAILED");
    return failures == 0 ? 0 : 1;
}
