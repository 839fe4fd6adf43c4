/*
 * animation_kinds.c: keyframes, a fling, a timeline and a spring timing, from C.
 *
 * A 20 x 20 pt card in a 320 x 568 pt view:
 *   - a cubic keyframe animation through three points (1 s each) passes each point exactly at
 *     the end of its window;
 *   - a fling at 1000 pt/s with UIScrollView's normal rate (0.998 per ms, lambda = 2.002 /s)
 *     follows x0 + v0 (1 - e^(-lambda t)) / lambda and rests at x0 + v0 / lambda; a second fling
 *     toward a bound at y = 500 is caught there by the default critical spring;
 *   - a two-segment timeline sought to 1.5 s shows the second segment half way, starting where
 *     the first ended;
 *   - CASpringAnimation's default spring (1, 100, 10) settles in 1.27 s (0.1 % of the distance),
 *     and its CSS linear() export fits a small buffer only after a BUFFER_TOO_SMALL call;
 *   - discrete keyframes (UIKit's calculationModeDiscrete) jump at the start of their windows;
 *     keyframes with their own timing (SwiftUI's keyframe types) are eased, moved at once, and
 *     sprung past their value to land on it exactly at their window's end.
 * Exits 0 when all checks hold, 1 otherwise.
 */
#define EXAMPLE_NAME "animation_kinds"
#include "example.h"

#include <stdlib.h>
#include <string.h>

static void steps(anima_animator animator, int count)
{
    for (int i = 0; i < count; i++) {
        ok(anima_animator_step(animator), "anima_animator_step");
    }
}

static void run_until_rest(anima_animator animator)
{
    bool running = true;
    for (int i = 0; i < 6000 && running; i++) {
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        anima_animator_is_running(animator, &running);
    }
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    anima_item_def card_def = anima_default_item_def();
    card_def.center = (anima_vec2){ 40.0, 40.0 };
    card_def.size = (anima_size){ 20.0, 20.0 };
    anima_item card;
    if (!ok(anima_item_create(animator, &card_def, &card), "anima_item_create")) {
        return 1;
    }
    anima_vec2 c;

    /* keyframes: (100, 100) at 1 s, (200, 40) at 2 s, (280, 100) at 3 s, on a Catmull-Rom spline */
    anima_animation_def def = anima_default_animation_def();
    def.duration = 3.0;
    def.curve = ANIMA_CURVE_LINEAR;
    const anima_vec2 points[3] = { { 100.0, 100.0 }, { 200.0, 40.0 }, { 280.0, 100.0 } };
    ok(anima_animation_begin_keyframes(animator, &def, ANIMA_KEYFRAMES_CUBIC), "anima_animation_begin_keyframes");
    for (int k = 0; k < 3; k++) {
        ok(anima_animation_add_keyframe(animator, k / 3.0, 1.0 / 3.0), "anima_animation_add_keyframe");
        ok(anima_item_set_center(card, points[k]), "anima_item_set_center");
    }
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit");
    double worst = 0.0;
    for (int k = 0; k < 3; k++) {
        steps(animator, 120);
        anima_item_get_center(card, &c);
        worst = fmax(worst, hypot(c.x - points[k].x, c.y - points[k].y));
    }
    printf("keyframes: farthest from a keyframe at its time %.3g pt\n", worst);
    check(worst < 1e-9, "cubic keyframes pass through every point at the end of its window");

    /* a fling along x */
    anima_item_set_center(card, (anima_vec2){ 0.0, 300.0 });
    anima_decay_def fling = anima_default_decay_def();
    fling.velocity[0] = 1000.0;
    ok(anima_animation_start_decay(card, &fling, NULL, NULL, NULL), "anima_animation_start_decay");
    steps(animator, 60);
    const double lambda = -1000.0 * log(0.998);
    anima_item_get_center(card, &c);
    double expected = 1000.0 / lambda * (1.0 - exp(-lambda * 0.5));
    printf("fling: x %.6f at 0.5 s (law %.6f)\n", c.x, expected);
    check(fabs(c.x - expected) < 1e-9, "the fling follows x0 + v0 (1 - e^(-lambda t)) / lambda");
    run_until_rest(animator);
    anima_item_get_center(card, &c);
    check(c.x == 1000.0 / lambda, "it rests at x0 + v0 / lambda = 499.5 pt");

    /* a fling toward a bound */
    fling = anima_default_decay_def();
    fling.velocity[1] = 2000.0;
    fling.has_bounds = true;
    fling.upper[1] = 500.0;
    ok(anima_animation_start_decay(card, &fling, NULL, NULL, NULL), "anima_animation_start_decay");
    double peak = 0.0;
    bool running = true;
    for (int i = 0; i < 6000 && running; i++) {
        anima_animator_advance(animator, 1.0 / 240.0);
        anima_item_get_center(card, &c);
        peak = fmax(peak, c.y);
        anima_animator_is_running(animator, &running);
    }
    const double crossing = 2000.0 * (1.0 - 200.0 / (2000.0 / lambda));
    const double w0 = 2.0 * 3.14159265358979323846 / 0.4;
    printf("bound: peak %.3f pt past the bound (v / (e w0) = %.3f), rests at %.3f\n", peak - 500.0,
           crossing / (exp(1.0) * w0), c.y);
    check(fabs(peak - 500.0 - crossing / (exp(1.0) * w0)) < 0.02 * crossing / (exp(1.0) * w0) + 0.05,
          "the spring catches the fling at the bound with its exact velocity");
    check(c.y == 500.0, "it rests on the bound");

    /* a timeline of two moves */
    anima_item_set_center(card, (anima_vec2){ 0.0, 0.0 });
    anima_timeline timeline = 0;
    ok(anima_timeline_begin(animator), "anima_timeline_begin");
    def = anima_default_animation_def();
    def.duration = 1.0;
    def.curve = ANIMA_CURVE_LINEAR;
    ok(anima_animation_begin(animator, &def), "anima_animation_begin");
    anima_item_set_center(card, (anima_vec2){ 100.0, 0.0 });
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit");
    def.delay = 1.0;
    ok(anima_animation_begin(animator, &def), "anima_animation_begin");
    anima_item_set_center(card, (anima_vec2){ 100.0, 100.0 });
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit");
    ok(anima_timeline_commit(animator, &timeline), "anima_timeline_commit");
    double duration = 0.0;
    anima_timeline_get_duration(animator, timeline, &duration);
    ok(anima_timeline_seek(animator, timeline, 1.5), "anima_timeline_seek");
    anima_item_get_center(card, &c);
    printf("timeline: %.1f s long; at 1.5 s the card is at (%.3f, %.3f)\n", duration, c.x, c.y);
    check(duration == 2.0 && fabs(c.x - 100.0) < 1e-9 && fabs(c.y - 50.0) < 1e-9,
          "the second segment is half way, starting where the first ended");
    check(anima_timeline_seek(animator, timeline, 2.5) == ANIMA_ERR_INVALID_ARGUMENT, "seeking past the end is refused");
    ok(anima_timeline_release(animator, timeline), "anima_timeline_release");
    check(anima_timeline_play(animator, timeline) == ANIMA_ERR_NOT_FOUND, "a released timeline is not found");

    /* a spring timing on its own */
    anima_animation_def spring = anima_default_animation_def();
    spring.curve = ANIMA_CURVE_SPRING;
    double settle = 0.0, progress = 0.0, velocity = 0.0;
    ok(anima_timing_duration(&spring, &settle), "anima_timing_duration");
    ok(anima_timing_evaluate(&spring, 0.1, &progress, &velocity), "anima_timing_evaluate");
    int32_t length = 0;
    anima_status status = anima_timing_css_linear(&spring, 0.001, NULL, 0, &length, NULL);
    char *css = malloc((size_t)length + 1);
    double css_seconds = 0.0;
    bool written = css != NULL && ok(anima_timing_css_linear(&spring, 0.001, css, length + 1, &length, &css_seconds),
                                     "anima_timing_css_linear");
    printf("spring (1, 100, 10): settles in %.3f s; p(0.1 s) = %.4f; css %d characters over %.2f s\n", settle, progress,
           length, css_seconds);
    check(fabs(settle - 1.27) < 0.01, "CASpringAnimation's defaults settle in 1.27 s");
    check(status == ANIMA_ERR_BUFFER_TOO_SMALL && written && strncmp(css, "linear(0", 8) == 0,
          "the CSS export reports its length, then fits");
    free(css);

    /* discrete keyframes, and keyframes each with its own timing, on an animated value */
    anima_value_def value_def = anima_default_value_def();
    anima_value level;
    ok(anima_value_create(animator, &value_def, &level), "anima_value_create");
    anima_animation_def second = anima_default_animation_def();
    second.duration = 1.0;
    second.curve = ANIMA_CURVE_LINEAR;
    const double hundred = 100.0, forty = 40.0, fifty = 50.0, one_fifty = 150.0;
    ok(anima_animation_begin_keyframes(animator, &second, ANIMA_KEYFRAMES_DISCRETE), "anima_animation_begin_keyframes (discrete)");
    ok(anima_animation_add_keyframe(animator, 0.25, 0.25), "anima_animation_add_keyframe");
    ok(anima_value_set(level, &hundred, 1), "anima_value_set");
    ok(anima_animation_add_keyframe(animator, 0.5, 0.5), "anima_animation_add_keyframe");
    ok(anima_value_set(level, &forty, 1), "anima_value_set");
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit (discrete)");
    double shown[4];
    for (int k = 0; k < 4; k++) {
        steps(animator, 30);
        anima_value_get_component(level, 0, &shown[k]);
    }
    printf("discrete: %.0f, %.0f, %.0f, %.0f at 0.25 s intervals\n", shown[0], shown[1], shown[2], shown[3]);
    check(shown[0] == 100 && shown[1] == 40 && shown[2] == 40 && shown[3] == 40,
          "discrete keyframes appear at the start of their windows and hold");

    anima_animation_def ease = anima_default_animation_def();   /* ease-in-out */
    ok(anima_animation_begin_keyframes(animator, &second, ANIMA_KEYFRAMES_LINEAR), "anima_animation_begin_keyframes (timed)");
    ok(anima_animation_add_keyframe_timed(animator, 0.0, 0.25, ANIMA_KEYFRAME_STRAIGHT, &ease, 0), "add_keyframe_timed (eased)");
    ok(anima_value_set(level, &hundred, 1), "anima_value_set");
    ok(anima_animation_add_keyframe_timed(animator, 0.25, 0.25, ANIMA_KEYFRAME_MOVE, NULL, 0), "add_keyframe_timed (move)");
    ok(anima_value_set(level, &fifty, 1), "anima_value_set");
    ok(anima_animation_add_keyframe_timed(animator, 0.5, 0.5, ANIMA_KEYFRAME_SPRING, NULL, 0.4), "add_keyframe_timed (spring)");
    ok(anima_value_set(level, &one_fifty, 1), "anima_value_set");
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit (timed)");
    double eased = 0, moved = 0, sprung = 0, landed = 0;
    steps(animator, 15);
    anima_value_get_component(level, 0, &eased);
    steps(animator, 15);
    anima_value_get_component(level, 0, &moved);
    for (int k = 0; k < 90; k++) {
        steps(animator, 1);
        double x = 0;
        anima_value_get_component(level, 0, &x);
        sprung = fmax(sprung, x);
    }
    anima_value_get_component(level, 0, &landed);
    printf("timed keyframes: %.3f half way through the eased one, %.0f after the move, spring peak %.2f, landed %.0f\n", eased,
           moved, sprung, landed);
    /* from 40, where the discrete animation left it: half way to 100 is 70 */
    check(fabs(eased - 70) < 1e-9 && moved == 50 && sprung > 150 && landed == 150,
          "eased, moved, sprung past and landed exactly, each keyframe by its own timing");
    check(anima_animation_begin_keyframes(animator, &second, ANIMA_KEYFRAMES_CUBIC) == ANIMA_OK
              && anima_animation_add_keyframe_timed(animator, 0, 1, ANIMA_KEYFRAME_MOVE, NULL, 0) == ANIMA_ERR_INVALID_ARGUMENT,
          "a keyframe's own timing needs the linear mode");
    ok(anima_animation_discard(animator), "anima_animation_discard");

    anima_animator_destroy(animator);
    printf("%s\n", failures == 0 ? "animation_kinds: all checks passed" : "animation_kinds: FAILED");
    return failures == 0 ? 0 : 1;
}
