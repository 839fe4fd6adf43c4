/*
 * values.c: animating values that are not an item's frame: a scroll offset on a spring, a
 * colour cross-fading in Oklab, and a row of progress values read in one call.
 *
 * UIKit animates any animatable property (a layer's backgroundColor as readily as a view's
 * centre); Anima's animated values are that: 1 to 4 numbers owned by the animator, moved by
 * the same view animations, on the same clock as its physics. The program checks that
 *   - a spring on a scroll offset (0 to 480 pt; mass 1, stiffness 300, damping 30: damping
 *     ratio 0.87, a slight overshoot) rests exactly at 480, and its change callback ran once
 *     for every internal step the animator took,
 *   - a colour animated from red to blue in Oklab has, half way, the mean lightness of the two,
 *     and reaches blue exactly,
 *   - three staggered progress values read back with one anima_values_read call show the
 *     stagger (1, 0.5, 0 at 0.5 s),
 *   - bad input is refused with a clear status and changes nothing: five components, a NaN
 *     colour, a colour component of 1.5, the wrong component count, a destroyed value.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "values"
#include "example.h"

#include <string.h>

typedef struct offset_log {
    int calls;
    double last;
} offset_log;

static void on_offset(void *user_data, anima_value value, const double *components, int32_t count)
{
    (void)value;
    offset_log *log = user_data;
    if (count == 1) {
        log->calls++;
        log->last = components[0];
    }
}

/* Checks that a call was refused with `expected`, printing the library's message for it (read
 * after the call: the status is computed before this function runs). */
static bool refused(anima_status status, anima_status expected, const char *what)
{
    return checkf(status == expected, "%s: %s", what, anima_last_error_message());
}

/* Oklab lightness of an sRGB colour (components 0...1), for the check; Ottosson's matrices. */
static double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double oklab_lightness(const double *rgb)
{
    const double r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2]);
    const double l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const double m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const double s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s;
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }

    /* a scroll offset, springing to 480 pt */
    anima_value_def def = anima_default_value_def();
    anima_value offset;
    ok(anima_value_create(animator, &def, &offset), "anima_value_create (offset)");
    offset_log log = { 0, 0 };
    ok(anima_value_set_callback(offset, on_offset, &log), "anima_value_set_callback");
    anima_animation_def spring = anima_default_animation_def();
    spring.curve = ANIMA_CURVE_SPRING;
    spring.spring_mass = 1;
    spring.spring_stiffness = 300;
    spring.spring_damping = 30;
    ok(anima_animation_begin(animator, &spring), "anima_animation_begin (spring)");
    const double target = 480;
    ok(anima_value_set(offset, &target, 1), "anima_value_set (target)");
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit (spring)");
    uint64_t steps0 = 0, steps1 = 0;
    anima_animator_get_step_count(animator, &steps0);
    int frames = 0;
    bool running = true;
    while (running && frames < 600) {
        advance_frames(animator, 1, 1.0 / 60);
        anima_animator_is_running(animator, &running);
        frames++;
    }
    anima_animator_get_step_count(animator, &steps1);
    double now = 0;
    ok(anima_value_get_component(offset, 0, &now), "anima_value_get_component");
    checkf(now == 480, "the offset rests exactly at 480 pt (%.17g) after %.2f s", now, frames / 60.0);
    checkf(log.calls > 0 && log.last == 480 && log.calls == (int)(steps1 - steps0),
           "the callback ran %d times over %d steps, last with 480", log.calls, (int)(steps1 - steps0));

    /* a colour, red to blue in Oklab, linear over 1 s */
    anima_value_def colour_def = anima_default_value_def();
    colour_def.count = 4;
    colour_def.space = ANIMA_SPACE_OKLAB;
    const double red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
    memcpy(colour_def.components, red, sizeof red);
    anima_value colour;
    ok(anima_value_create(animator, &colour_def, &colour), "anima_value_create (colour)");
    anima_animation_def tween = anima_default_animation_def();
    tween.duration = 1;
    tween.curve = ANIMA_CURVE_LINEAR;
    ok(anima_animation_begin(animator, &tween), "anima_animation_begin (colour)");
    ok(anima_value_set(colour, blue, 4), "anima_value_set (blue)");
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit (colour)");
    advance_frames(animator, 30, 1.0 / 60);
    double mid[4];
    int32_t count = 0;
    ok(anima_value_get(colour, mid, 4, &count), "anima_value_get (colour)");
    const double mean = (oklab_lightness(red) + oklab_lightness(blue)) / 2;
    expect_near(oklab_lightness(mid), mean, 1e-7, "half way, the Oklab lightness is the mean of red's and blue's");
    printf("  half way: rgb(%.4f, %.4f, %.4f), alpha %.4f\n", mid[0], mid[1], mid[2], mid[3]);
    advance_frames(animator, 30, 1.0 / 60);
    ok(anima_value_get(colour, mid, 4, &count), "anima_value_get (colour end)");
    checkf(memcmp(mid, blue, sizeof blue) == 0, "the colour ends exactly blue");

    /* three staggered progress values, read in one call */
    anima_value progress[3];
    for (int k = 0; k < 3; k++) {
        anima_value_def p = anima_default_value_def();
        ok(anima_value_create(animator, &p, &progress[k]), "anima_value_create (progress)");
    }
    anima_animation_def staggered = anima_default_animation_def();
    staggered.duration = 0.5;
    staggered.curve = ANIMA_CURVE_LINEAR;
    staggered.stagger = 0.25;
    ok(anima_animation_begin(animator, &staggered), "anima_animation_begin (stagger)");
    const double one = 1;
    for (int k = 0; k < 3; k++) {
        ok(anima_value_set(progress[k], &one, 1), "anima_value_set (progress)");
    }
    ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit (stagger)");
    advance_frames(animator, 30, 1.0 / 60);
    double many[12];
    ok(anima_values_read(animator, progress, 3, many, 12), "anima_values_read");
    checkf(fabs(many[0] - 1) < 1e-12 && fabs(many[4] - 0.5) < 1e-9 && many[8] == 0,
           "at 0.5 s the staggered values read %.3f, %.3f, %.3f", many[0], many[4], many[8]);

    /* bad input */
    anima_value_def five = anima_default_value_def();
    five.count = 5;
    anima_value unused;
    refused(anima_value_create(animator, &five, &unused), ANIMA_ERR_INVALID_ARGUMENT, "five components");
    anima_value_def nan_colour = colour_def;
    nan_colour.components[1] = NAN;
    refused(anima_value_create(animator, &nan_colour, &unused), ANIMA_ERR_INVALID_ARGUMENT, "a NaN colour");
    const double too_bright[4] = { 1.5, 0, 0, 1 };
    refused(anima_value_set(colour, too_bright, 4), ANIMA_ERR_INVALID_ARGUMENT, "a colour component of 1.5");
    refused(anima_value_set(colour, red, 3), ANIMA_ERR_INVALID_ARGUMENT, "three components for a four");
    ok(anima_value_get(colour, mid, 4, &count), "anima_value_get (after refusals)");
    checkf(memcmp(mid, blue, sizeof blue) == 0, "the refused calls left the colour blue");
    checkf(anima_value_get(colour, mid, 2, &count) == ANIMA_ERR_BUFFER_TOO_SMALL && count == 4,
           "a buffer of 2 is too small, and the count says 4");
    refused(anima_value_set(anima_value_null(), &one, 1), ANIMA_ERR_INVALID_HANDLE, "a null value");
    ok(anima_value_destroy(progress[1]), "anima_value_destroy");
    check(!anima_value_is_valid(progress[1]), "a destroyed value is not valid");
    refused(anima_value_set(progress[1], &one, 1), ANIMA_ERR_INVALID_HANDLE, "a destroyed value");
    refused(anima_values_read(animator, progress, 3, many, 12), ANIMA_ERR_INVALID_HANDLE,
            "reading a destroyed value among others");
    anima_item ball;
    create_ball(animator, (anima_vec2){ 100, 100 }, 40, &ball);
    anima_value as_value;
    memcpy(&as_value, &ball, sizeof ball);
    refused(anima_value_set(as_value, &one, 1), ANIMA_ERR_WRONG_KIND, "an item handle as a value");
    anima_animator_destroy(animator);
    refused(anima_value_get_component(offset, 0, &now), ANIMA_ERR_INVALID_HANDLE, "a value of a destroyed animator");

    return finish("a spring offset, an Oklab colour, staggered values read at once, bad input refused");
}
