/*
 * property_animator.c: UIViewPropertyAnimator's contract on Anima's animations, and the
 * animator-wide switches for reduced motion and slow motion.
 *
 *     let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { card.center.x = 100 }
 *     animator.addCompletion { _ in print("second") }
 *     animator.startAnimation()
 *     animator.addAnimations({ card.alpha = 0 }, delayFactor: 0.5)   // half way through
 *     animator.pausesOnCompletion = true
 *
 * The program checks that
 *   - completions run in the order added (the animation's own, then the added ones),
 *   - animations added half way with delay factor 0.5 wait half the time left and end with the
 *     animation: at 0.875 s of 1 s the fade is half done and the move at 87.5 pt,
 *   - anima_animation_get_property_state reads a running move's value and velocity (100 pt/s),
 *     doubled by speed 2,
 *   - scrubbing is linear by default (a paused ease-in-out at fraction 0.25 shows 25 pt),
 *   - a clamped spring (mass 1, stiffness 200, damping 8) never passes its 300 target, and a
 *     spring with rest threshold 5 pt ends sooner than with the default,
 *   - pauses_on_completion holds an animation at its end, paused, its completion waiting, until
 *     it is stopped,
 *   - with reduced motion a 5 s animation reaches its end at the next step, finished,
 *   - with time scale 0.25, 2 s of frames run 0.5 s of a 1 s tween, at 30, 60 and 120 Hz alike.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "property_animator"
#include "example.h"

#include <string.h>

typedef struct order_log {
    char names[4][8];
    int count;
    bool finished[4];
} order_log;

static void record(order_log *log, const char *name, bool finished)
{
    if (log->count < 4) {
        snprintf(log->names[log->count], sizeof log->names[0], "%s", name);
        log->finished[log->count++] = finished;
    }
}

static void first_done(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator, (void)animation, (void)position;
    record(user_data, "first", finished);
}

static void second_done(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator, (void)animation, (void)position;
    record(user_data, "second", finished);
}

static void third_done(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator, (void)animation, (void)position;
    record(user_data, "third", finished);
}

static void count_done(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator, (void)animation, (void)position;
    if (finished) {
        (*(int *)user_data)++;
    }
}

/* A value animated to `target` by an animation of `def` with `options` (NULL: the defaults). */
static anima_animation animate_value(anima_animator animator, anima_value value, double target, const anima_animation_def *def,
                                     const anima_animation_options *options, anima_animation_completion_fn done, void *user_data)
{
    anima_animation id = 0;
    ok(anima_animation_begin(animator, def), "anima_animation_begin");
    if (options != NULL) {
        ok(anima_animation_set_options(animator, options), "anima_animation_set_options");
    }
    ok(anima_value_set(value, &target, 1), "anima_value_set");
    ok(anima_animation_commit(animator, done, user_data, &id), "anima_animation_commit");
    return id;
}

static double read(anima_value value)
{
    double x = NAN;
    ok(anima_value_get_component(value, 0, &x), "anima_value_get_component");
    return x;
}

static bool running(anima_animator animator)
{
    bool is_running = false;
    anima_animator_is_running(animator, &is_running);
    return is_running;
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    const double step = 1.0 / 120;

    /* completions in order, animations added half way, the state of a running animation */
    anima_item card;
    create_ball(animator, (anima_vec2){ 0, 0 }, 10, &card);
    anima_animation_def linear = anima_default_animation_def();
    linear.duration = 1;
    linear.curve = ANIMA_CURVE_LINEAR;
    order_log log = { .count = 0 };
    anima_animation move = 0;
    ok(anima_animation_begin(animator, &linear), "anima_animation_begin (move)");
    ok(anima_item_set_center(card, (anima_vec2){ 100, 0 }), "anima_item_set_center");
    ok(anima_animation_commit(animator, first_done, &log, &move), "anima_animation_commit (move)");
    ok(anima_animation_add_completion(animator, move, second_done, &log), "anima_animation_add_completion");
    advance_frames(animator, 60, step);
    double value[5] = { 0 }, velocity[5] = { 0 };
    int32_t count = 0;
    ok(anima_animation_get_property_state(animator, move, card, ANIMA_PROPERTY_CENTER, value, velocity, &count),
       "anima_animation_get_property_state");
    checkf(count == 2 && value[0] == 50 && velocity[0] == 100, "half way the move is at %.3f pt moving %.3f pt/s", value[0], velocity[0]);
    ok(anima_animation_begin_adding(animator, move, 0.5), "anima_animation_begin_adding");
    ok(anima_item_set_alpha(card, 0), "anima_item_set_alpha");
    anima_animation same = 0;
    ok(anima_animation_commit(animator, third_done, &log, &same), "anima_animation_commit (added)");
    check(same == move, "committing added animations gives the running animation's id");
    advance_frames(animator, 45, step);
    double alpha = 0;
    anima_vec2 center;
    anima_item_get_alpha(card, &alpha);
    anima_item_get_center(card, &center);
    expect_near(alpha, 0.5, 1e-9, "at 0.875 s the added fade is half done");
    expect_near(center.x, 87.5, 1e-9, "and the move at 87.5 pt");
    ok(anima_animation_set_speed(animator, move, 2), "anima_animation_set_speed");
    ok(anima_animation_get_property_state(animator, move, card, ANIMA_PROPERTY_CENTER, NULL, velocity, NULL),
       "anima_animation_get_property_state (speed 2)");
    expect_near(velocity[0], 200, 1e-9, "at speed 2 it moves at 200 pt/s");
    advance_frames(animator, 20, step);
    checkf(log.count == 3 && strcmp(log.names[0], "first") == 0 && strcmp(log.names[1], "second") == 0
               && strcmp(log.names[2], "third") == 0 && log.finished[2],
           "the completions ran in order: %s, %s, %s", log.names[0], log.names[1], log.names[2]);

    /* linear scrubbing, clamp, rest threshold */
    anima_value_def value_def = anima_default_value_def();
    anima_value x;
    ok(anima_value_create(animator, &value_def, &x), "anima_value_create");
    anima_animation_def ease = anima_default_animation_def();
    ease.duration = 1;
    anima_animation scrubbed = animate_value(animator, x, 100, &ease, NULL, NULL, NULL);
    ok(anima_animation_pause(animator, scrubbed), "anima_animation_pause");
    ok(anima_animation_set_fraction_complete(animator, scrubbed, 0.25), "anima_animation_set_fraction_complete");
    checkf(read(x) == 25, "scrubbed to 0.25 the ease-in-out shows %.3f (linear scrubbing)", read(x));
    ok(anima_animation_stop(animator, scrubbed, ANIMA_POSITION_START), "anima_animation_stop");
    advance_frames(animator, 1, step);

    anima_animation_def spring = anima_default_animation_def();
    spring.curve = ANIMA_CURVE_SPRING;
    spring.spring_mass = 1;
    spring.spring_stiffness = 200;
    spring.spring_damping = 8;
    anima_animation_options clamp = anima_default_animation_options();
    clamp.clamps_spring = true;
    animate_value(animator, x, 300, &spring, &clamp, NULL, NULL);
    double peak = 0;
    int steps = 0;
    while (running(animator) && steps < 1200) {
        advance_frames(animator, 1, step);
        peak = fmax(peak, read(x));
        steps++;
    }
    checkf(peak == 300, "the clamped spring peaks at %.6f and ends after %d steps", peak, steps);

    anima_value y;
    ok(anima_value_create(animator, &value_def, &y), "anima_value_create (y)");
    anima_animation_options coarse = anima_default_animation_options();
    coarse.rest_threshold = 5;
    int coarse_steps = 0, fine_steps = 0;
    for (int pass = 0; pass < 2; pass++) {
        double start = 0;
        ok(anima_value_set(y, &start, 1), "anima_value_set (reset)");
        spring.spring_damping = 10;
        spring.spring_stiffness = 100;
        animate_value(animator, y, 1000, &spring, pass == 0 ? &coarse : NULL, NULL, NULL);
        int n = 0;
        while (running(animator) && n < 2400) {
            advance_frames(animator, 1, step);
            n++;
        }
        *(pass == 0 ? &coarse_steps : &fine_steps) = n;
    }
    checkf(coarse_steps < fine_steps, "a 5 pt rest threshold ends the spring after %d steps, the default after %d", coarse_steps,
           fine_steps);

    /* pausing at completion */
    anima_animation_options hold = anima_default_animation_options();
    hold.pauses_on_completion = true;
    int done = 0;
    anima_animation held = animate_value(animator, x, 10, &linear, &hold, count_done, &done);
    advance_frames(animator, 150, step);
    bool paused = false, active = false;
    anima_animation_get_state(animator, held, &paused, NULL);
    anima_animation_is_active(animator, held, &active);
    checkf(active && paused && done == 0 && read(x) == 10, "at its end it holds, paused, its completion waiting");
    ok(anima_animation_stop(animator, held, ANIMA_POSITION_END), "anima_animation_stop (held)");
    advance_frames(animator, 1, step);
    check(done == 1, "stopped at its end, its completion ran with finished true");

    /* reduced motion */
    ok(anima_animator_set_reduces_motion(animator, true), "anima_animator_set_reduces_motion");
    anima_animation_def slow = anima_default_animation_def();
    slow.duration = 5;
    done = 0;
    animate_value(animator, x, 42, &slow, NULL, count_done, &done);
    advance_frames(animator, 1, step);
    checkf(read(x) == 42 && done == 1, "with reduced motion a 5 s animation ends at the next step");
    ok(anima_animator_set_reduces_motion(animator, false), "anima_animator_set_reduces_motion (off)");

    /* time scale, at three frame rates */
    double shown[3];
    const double rates[3] = { 30, 60, 120 };
    for (int r = 0; r < 3; r++) {
        anima_animator slowed;
        create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &slowed);
        ok(anima_animator_set_time_scale(slowed, 0.25), "anima_animator_set_time_scale");
        anima_value v;
        ok(anima_value_create(slowed, &value_def, &v), "anima_value_create (slowed)");
        animate_value(slowed, v, 100, &linear, NULL, NULL, NULL);
        advance_frames(slowed, (int)(2 * rates[r]), 1 / rates[r]);
        shown[r] = read(v);
        anima_animator_destroy(slowed);
    }
    checkf(shown[0] == 50 && shown[1] == 50 && shown[2] == 50, "2 s at a quarter speed show 50 at 30, 60 and 120 Hz");
    checkf(anima_animator_set_time_scale(animator, 0) == ANIMA_ERR_INVALID_ARGUMENT, "a time scale of 0 is refused");

    anima_animator_destroy(animator);
    return finish("completions in order, added animations, speed, linear scrub, clamp, rest threshold, pause at completion, "
                  "reduced motion, time scale");
}
