/*
 * resizable_behavior.c: a custom behavior that makes a view throb with a fast-decaying sine and
 * tells the animator when it is done (Custom Behaviors, Listing 6-5, ResizableDynamicBehavior).
 *
 *     self.action = ^{
 *         if (!strongSelf.startingTime)
 *             strongSelf.startingTime = [NSDate date];
 *         CGFloat time = [[NSDate date] timeIntervalSinceDate:strongSelf.startingTime];
 *         CGFloat scale = 1 + 0.5 * sin(time * M_PI * 2) * exp(-1.0 * time * 2.0);
 *         CGAffineTransform transform = CGAffineTransformMakeScale(scale, scale);
 *         strongSelf.view.bounds = (CGRect){.size = strongSelf.frame.size};
 *         strongSelf.view.transform = transform;
 *         [strongSelf.dynamicAnimator updateItemUsingCurrentState:strongSelf.view];
 *         if (time > 1.5) {
 *             [strongSelf removeChildBehavior:strongSelf.clockMandate];
 *             [strongSelf.fakeView removeFromSuperview];
 *             strongSelf.view.transform = CGAffineTransformIdentity;
 *         }
 *     };
 *
 * UIKit gives a custom behavior no way to keep the animator running, so the listing adds a
 * "clock mandate": a gravity behavior on an invisible 10 x 10 view that falls forever, removed at
 * the end. Anima's behaviors say whether they are at rest (anima_behavior_set_at_rest): this
 * behavior says "not at rest" from the start and "at rest" once its curve is done, and needs no
 * gravity and no fake view. Its clock is its own too: the time starts at 0 at the first action
 * call and grows by the step duration at each later call (the animator's elapsed time does not
 * restart per behavior, and wall-clock time would make the curve depend on the machine).
 *
 * A 100 x 100 pt view at (160, 284) in a 320 x 568 pt view; no physics behavior governs it. The
 * program runs internal steps until the animator pauses (at most 3 s) and checks that
 *   - after every step the view's scale (x and y) is 1 + 0.5 sin(2 pi t) e^(-2 t) at the
 *     action's time t, within 1e-9, its bounds stay 100 x 100, its mass follows the scaled
 *     area (mass = scale^2) and its center stays put,
 *   - the largest scale is the curve's peak 1 + 0.5 sin(2 pi t*) e^(-2 t*) within 1e-3, reached
 *     at the step nearest t* = atan(pi) / (2 pi) = 0.2010 s (where the derivative
 *     e^(-2 t) (2 pi cos(2 pi t) - 2 sin(2 pi t)) is zero),
 *   - the animator keeps running while t <= 1.5 s and pauses (did_pause called) within 0.1 s
 *     after 1.5 s, with the identity transform restored,
 *   - the behavior is the animator's only one, with no children: no clock mandate.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "resizable_behavior"
#include "example.h"

static const double pi = 3.14159265358979323846;

typedef struct resizable_behavior {
    anima_animator animator;
    anima_behavior behavior;
    anima_item view;
    anima_size frame_size;
    double step_duration;
    bool started;
    double time;          /* the behavior's own clock, s */
    int calls;
    int failed_calls;     /* calls from the action that did not return ANIMA_OK */
} resizable_behavior;

/* The throbbing curve of Listing 6-5. */
static double throb(double t)
{
    return 1.0 + 0.5 * sin(t * pi * 2.0) * exp(-1.0 * t * 2.0);
}

static void count_failure(resizable_behavior *self, anima_status status)
{
    if (status != ANIMA_OK) {
        self->failed_calls++;
    }
}

/* The action block of Listing 6-5. */
static void resize_action(void *user_data, anima_behavior behavior)
{
    resizable_behavior *self = user_data;
    (void)behavior;
    self->calls++;

    /* start or update the clock */
    if (!self->started) {
        self->started = true;
        self->time = 0.0;
    } else {
        self->time += self->step_duration;
    }
    const double time = self->time;

    /* the current change */
    const double scale = throb(time);

    /* apply the bounds and transform */
    count_failure(self, anima_item_set_size(self->view, self->frame_size));
    count_failure(self, anima_item_set_transform(self->view, (anima_transform){ 0.0, scale, scale, 0.0, 0.0 }));
    count_failure(self, anima_animator_update_item_using_current_state(self->animator, self->view));

    /* stop after 3 pi: let the animator pause, clean up */
    if (time > 1.5) {
        count_failure(self, anima_behavior_set_at_rest(self->behavior, true));
        count_failure(self, anima_item_set_transform(self->view, (anima_transform){ 0.0, 1.0, 1.0, 0.0, 0.0 }));
    }
}

/* -[ResizableDynamicBehavior initWithView:] */
static bool resizable_behavior_init(resizable_behavior *self, anima_animator animator, anima_item view)
{
    self->animator = animator;
    self->view = view;
    return ok(anima_item_get_size(view, &self->frame_size), "anima_item_get_size")
        && ok(anima_animator_get_step_duration(animator, &self->step_duration), "anima_animator_get_step_duration")
        && ok(anima_behavior_create(animator, &self->behavior), "anima_behavior_create")
        && ok(anima_behavior_set_action(self->behavior, resize_action, self), "anima_behavior_set_action")
        && ok(anima_behavior_set_at_rest(self->behavior, false), "anima_behavior_set_at_rest");
}

int main(void)
{
    anima_animator animator;
    int pauses = 0;   /* did_pause calls */
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator) || !count_pauses(animator, &pauses)) {
        return 1;
    }

    const anima_vec2 home = { SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 };
    anima_item_def view_def = anima_default_item_def();
    view_def.center = home;
    view_def.size = (anima_size){ 100.0, 100.0 };
    anima_item view;
    if (!ok(anima_item_create(animator, &view_def, &view), "anima_item_create")) {
        return 1;
    }

    resizable_behavior resizer = { 0 };
    if (!resizable_behavior_init(&resizer, animator, view)
        || !ok(anima_animator_add_behavior(animator, resizer.behavior), "anima_animator_add_behavior")) {
        return 1;
    }
    const double h = resizer.step_duration;

    /* The peak of the curve: tan(2 pi t) = pi. */
    const double t_peak = atan(pi) / (2.0 * pi);
    const double peak = throb(t_peak);

    double worst_scale = 0.0;      /* largest |scale - curve| over the steps */
    double worst_mass = 0.0;       /* largest |mass - scale^2| / scale^2 */
    bool same_bounds = true;
    bool stayed = true;
    bool ran_until_done = true;    /* running after every step whose time was <= 1.5 s */
    double largest = 0.0, largest_at = 0.0;
    double smallest = INFINITY, smallest_at = 0.0;
    bool running = true;
    int step = 0;
    const int max_steps = (int)ceil(3.0 / h);
    while (running && step < max_steps) {
        if (!ok(anima_animator_step(animator), "anima_animator_step")) {
            return 1;
        }
        step++;
        ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
        const double t = (step - 1) * h;   /* the time the action saw at this step */
        if (t > 1.5) {
            continue;   /* the last step: the identity was restored; checked below */
        }
        ran_until_done = ran_until_done && running;
        anima_transform transform = { 0 };
        anima_size size = { 0.0, 0.0 };
        anima_vec2 center = { 0.0, 0.0 };
        double mass = 0.0;
        ok(anima_item_get_transform(view, &transform), "anima_item_get_transform");
        ok(anima_item_get_size(view, &size), "anima_item_get_size");
        ok(anima_item_get_center(view, &center), "anima_item_get_center");
        ok(anima_item_get_mass(view, &mass), "anima_item_get_mass");
        const double expected = throb(t);
        worst_scale = fmax(worst_scale, fmax(fabs(transform.scale_x - expected), fabs(transform.scale_y - expected)));
        worst_mass = fmax(worst_mass, fabs(mass - expected * expected) / (expected * expected));
        same_bounds = same_bounds && size.width == 100.0 && size.height == 100.0;
        stayed = stayed && center.x == home.x && center.y == home.y && transform.rotation == 0.0;
        if (transform.scale_x > largest) {
            largest = transform.scale_x;
            largest_at = t;
        }
        if (transform.scale_x < smallest) {
            smallest = transform.scale_x;
            smallest_at = t;
        }
        if (step % 24 == 1) {
            printf("t = %.3f s: scale %.6f (curve %.6f), mass %.6f\n", t, transform.scale_x, expected, mass);
        }
    }

    double paused_at = 0.0;
    anima_transform final_transform = { 0 };
    anima_behavior behaviors[4];
    int32_t behavior_count = 0, child_count = 0;
    ok(anima_animator_get_elapsed_time(animator, &paused_at), "anima_animator_get_elapsed_time");
    ok(anima_item_get_transform(view, &final_transform), "anima_item_get_transform");
    ok(anima_animator_get_behaviors(animator, behaviors, 4, &behavior_count), "anima_animator_get_behaviors");
    ok(anima_behavior_get_children(resizer.behavior, NULL, 0, &child_count), "anima_behavior_get_children");

    printf("peak of the curve: t* = atan(pi)/(2 pi) = %.5f s, scale %.6f; largest step %.6f at t = %.5f s; "
           "smallest %.6f at t = %.5f s\n",
           t_peak, peak, largest, largest_at, smallest, smallest_at);
    printf("%d action calls; the animator %s after %.4f s (%d steps), transform now rotation %g, scale (%g, %g)\n",
           resizer.calls, running ? "is still running" : "paused", paused_at, step, final_transform.rotation,
           final_transform.scale_x, final_transform.scale_y);
    printf("largest differences: scale %.3g, relative mass %.3g\n", worst_scale, worst_mass);

    check(resizer.failed_calls == 0, "every call made from the action succeeded");
    check(worst_scale <= 1e-9, "after every step the scale is 1 + 0.5 sin(2 pi t) e^(-2 t) within 1e-9");
    check(same_bounds, "the bounds stay 100 x 100");
    check(worst_mass <= 1e-9, "the mass follows the scaled area (mass = scale^2 within 1e-9 relative)");
    check(stayed, "the view stays where it is, upright");
    check(fabs(largest - peak) <= 1e-3 && fabs(largest_at - t_peak) <= h / 2 + 1e-12,
          "the largest scale is the peak of the curve (within 1e-3), at the step nearest t*");
    check(ran_until_done, "the animator keeps running while t <= 1.5 s");
    check(!running && pauses == 1 && paused_at > 1.5 && paused_at <= 1.6,
          "it pauses (did_pause called once) within 0.1 s after 1.5 s");
    check(final_transform.rotation == 0.0 && final_transform.scale_x == 1.0 && final_transform.scale_y == 1.0
              && final_transform.translation_x == 0.0 && final_transform.translation_y == 0.0,
          "the identity transform is restored");
    check(behavior_count == 1 && child_count == 0, "the behavior is the only one and has no children: no clock mandate");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("peak scale %.4f at t = %.4f s (t* = %.4f s), paused %.3f s after the start", largest, largest_at,
                  t_peak, paused_at);
}
