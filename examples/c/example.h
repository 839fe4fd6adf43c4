/*
 * example.h: the checks and the scene boilerplate that the C examples share.
 *
 * An example names itself, then includes this file beside it (quotes, so that it is found next to
 * the example's source whatever -I flags the build gives):
 *
 *     #define EXAMPLE_NAME "gravity"
 *     #include "example.h"
 *
 * What is here is what every listing needs and none of them is about: reporting a failed call
 * (ok), printing and counting a check (check, checkf, expect_near), the closing line and exit
 * status (finish), comparing handles, the screen the listings were written for, the animator of
 * a reference view, a ball, frames advanced in a row, and delegates that count pauses (and
 * resumptions). The physics of each listing stays in its own file, read top to bottom.
 *
 * Everything is static and inline, so an example compiles only what it uses and gets no
 * warning for the rest. C11; builds with -Wall -Wextra -Werror.
 */
#ifndef ANIMA_EXAMPLE_H
#define ANIMA_EXAMPLE_H

#include <anima.h>

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#ifndef EXAMPLE_NAME
#error "define EXAMPLE_NAME (the example's name, as its messages print it) before including example.h"
#endif

#if defined(__GNUC__)
#define EXAMPLE_PRINTF(format_index, first_argument) __attribute__((format(printf, format_index, first_argument)))
#else
#define EXAMPLE_PRINTF(format_index, first_argument)
#endif

/* ------------------------------------------------------------------ checks */

/* How many calls and checks have failed so far; the example exits 1 unless it is 0. */
static int failures = 0;

/*
 * Reports a failed call on stderr ("NAME: what failed: STATUS: message", with the library's
 * last-error message) and counts it. Returns whether the call succeeded, so that calls chain
 * with && and a failure stops the chain.
 */
static inline bool ok(anima_status status, const char *what)
{
    if (status == ANIMA_OK) {
        return true;
    }
    fprintf(stderr, EXAMPLE_NAME ": %s failed: %s: %s\n", what, anima_status_string(status), anima_last_error_message());
    failures++;
    return false;
}

/* Prints "  [ok] description" or "  [FAIL] description" and counts a failure; returns condition. */
static inline bool check(bool condition, const char *description)
{
    printf("  [%s] %s\n", condition ? "ok" : "FAIL", description);
    if (!condition) {
        failures++;
    }
    return condition;
}

/* check() with a description made by a printf format (the number of a tap, the name of a mode). */
static inline bool checkf(bool condition, const char *format, ...) EXAMPLE_PRINTF(2, 3);

static inline bool checkf(bool condition, const char *format, ...)
{
    char description[256];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(description, sizeof description, format, arguments);
    va_end(arguments);
    return check(condition, description);
}

/*
 * Checks that a value is within tolerance of the expected one (|value - expected| <= tolerance,
 * never for a NaN) and prints both with the description:
 * "  [ok] description: 1072.37 (expected 1070.8 +/- 10.7)".
 */
static inline bool expect_near(double value, double expected, double tolerance, const char *description)
{
    const bool near = fabs(value - expected) <= tolerance;
    printf("  [%s] %s: %.6g (expected %.6g +/- %.3g)\n", near ? "ok" : "FAIL", description, value, expected, tolerance);
    if (!near) {
        failures++;
    }
    return near;
}

/*
 * Prints the closing line, "NAME: passed: summary" or "NAME: FAILED: summary" (the summary made
 * by a printf format), and returns the exit status: 0 when nothing failed, 1 otherwise.
 */
static inline int finish(const char *format, ...) EXAMPLE_PRINTF(1, 2);

static inline int finish(const char *format, ...)
{
    printf(EXAMPLE_NAME ": %s: ", failures == 0 ? "passed" : "FAILED");
    va_list arguments;
    va_start(arguments, format);
    vprintf(format, arguments);
    va_end(arguments);
    printf("\n");
    return failures == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------ handles */

/* Whether two item handles name the same item (index, generation, animator and kind equal). */
static inline bool same_item(anima_item a, anima_item b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

/* Whether two behavior handles name the same behavior (index, generation, animator and kind equal). */
static inline bool same_behavior(anima_behavior a, anima_behavior b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

/* ------------------------------------------------------------------ scenes */

/* The reference view of most listings: the 320 x 568 pt screen of the iPhone they were written for. */
#define SCREEN_WIDTH 320.0
#define SCREEN_HEIGHT 568.0

/*
 * Creates an animator whose reference view is width x height pt with its corner at the origin
 * (UIDynamicAnimator's initWithReferenceView:), the library's defaults otherwise. A failed call
 * is reported; returns whether the animator was made.
 */
static inline bool create_animator_for_view(double width, double height, anima_animator *out)
{
    anima_animator_def animator_def = anima_default_animator_def();
    animator_def.has_reference_bounds = true;
    animator_def.reference_bounds = (anima_rect){ 0.0, 0.0, width, height };
    return ok(anima_animator_create(&animator_def, out), "anima_animator_create");
}

/*
 * Creates a ball: an item of the ellipse shape, diameter pt across, centred at center, the item
 * defaults otherwise (density 1, so its mass is pi (diameter / 2)^2 / 10 000). A failed call is
 * reported; returns whether the ball was made.
 */
static inline bool create_ball(anima_animator animator, anima_vec2 center, double diameter, anima_item *out)
{
    anima_item_def ball_def = anima_default_item_def();
    ball_def.center = center;
    ball_def.size = (anima_size){ diameter, diameter };
    ball_def.shape = ANIMA_SHAPE_ELLIPSE;
    return ok(anima_item_create(animator, &ball_def, out), "anima_item_create");
}

/* Advances `count` frames of `seconds` each; stops at a failed call (reported) and returns false. */
static inline bool advance_frames(anima_animator animator, int count, double seconds)
{
    for (int frame = 0; frame < count; frame++) {
        if (!ok(anima_animator_advance(animator, seconds), "anima_animator_advance")) {
            return false;
        }
    }
    return true;
}

/* An animator delegate callback (will_resume or did_pause) that counts its calls in the int at user_data. */
static inline void count_animator_event(void *user_data, anima_animator animator)
{
    (void)animator;
    (*(int *)user_data)++;
}

/*
 * Makes the animator's delegate count its pauses (did_pause calls) in *pauses, which starts at 0;
 * the animator has no will_resume callback then. A failed call is reported; returns whether it
 * succeeded.
 */
static inline bool count_pauses(anima_animator animator, int *pauses)
{
    *pauses = 0;
    return ok(anima_animator_set_delegate(animator, NULL, count_animator_event, pauses), "anima_animator_set_delegate");
}

/* What an animator's delegate was told: its will_resume and did_pause calls, counted. */
typedef struct delegate_counts {
    int will_resume;
    int did_pause;
} delegate_counts;

/* count_delegate_calls' will_resume callback: one more resumption in the counts at user_data. */
static inline void count_will_resume(void *user_data, anima_animator animator)
{
    (void)animator;
    ((delegate_counts *)user_data)->will_resume++;
}

/* count_delegate_calls' did_pause callback: one more pause in the counts at user_data. */
static inline void count_did_pause(void *user_data, anima_animator animator)
{
    (void)animator;
    ((delegate_counts *)user_data)->did_pause++;
}

/*
 * Makes the animator's delegate count both of its calls, will_resume and did_pause, in *counts,
 * which start at 0. A failed call is reported; returns whether it succeeded.
 */
static inline bool count_delegate_calls(anima_animator animator, delegate_counts *counts)
{
    *counts = (delegate_counts){ 0, 0 };
    return ok(anima_animator_set_delegate(animator, count_will_resume, count_did_pause, counts),
              "anima_animator_set_delegate");
}

#endif
