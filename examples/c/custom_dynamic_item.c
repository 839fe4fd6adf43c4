/*
 * custom_dynamic_item.c: a dynamic item that is not a view, pushed continuously along the
 * diagonal (Custom Behaviors, "Creating Custom Dynamic Items").
 *
 *     item = [[CustomDynamicItem alloc] init];
 *     item.bounds = CGRectMake(0, 0, 100, 100);
 *     item.center = CGPointMake(50, 50);
 *     item.transform = CGAffineTransformIdentity;
 *
 *     animator = [[UIDynamicAnimator alloc] init];
 *     UIPushBehavior *push = [[UIPushBehavior alloc]
 *         initWithItems:@[item] mode:UIPushBehaviorModeContinuous];
 *     push.angle = M_PI_4;
 *     push.magnitude = 1.0;
 *     [animator addBehavior:push];
 *     push.active = YES;
 *
 * The listing's log, about once a second: its center moves, its bounds and transform do not.
 *
 *     Bounds: [0, 0, 100, 100], Center: (86 86), Transform: Theta: {0.000000 radians, 0.000000°} ...
 *     Bounds: [0, 0, 100, 100], Center: (188 188), ...
 *     Bounds: [0, 0, 100, 100], Center: (351 351), ...
 *     Bounds: [0, 0, 100, 100], Center: (568 568), ...
 *
 * An Anima item is such an abstract item: bounds (a size), center and transform, with no view
 * behind it. The animator has no reference view (no reference bounds). The item, 100 x 100 pt of
 * density 1, has mass 1, so the push of magnitude 1 accelerates it at a = 100 pt/s^2 along
 * pi/4; with the implicit linear damping c = 0.1/s of an item that no item behavior governs it
 * travels d(t) = (a/c)(t - (1 - e^(-c t))/c), a little less than (1/2) a t^2. The program advances
 * 60 Hz frames for 4 s, prints the item as the listing's log does each second, and checks at each
 * second that
 *   - the center moves along the diagonal (x == y within 1e-9 relative),
 *   - the bounds stay 100 x 100 and the transform stays the identity,
 *   - the distance travelled is d(t) within 1 %.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "custom_dynamic_item"
#include "example.h"

static const double pi = 3.14159265358979323846;

int main(void)
{
    const anima_vec2 start = { 50.0, 50.0 };
    const double a = 100.0;   /* pt/s^2: 100 x magnitude 1 / mass 1 */
    const double c = 0.1;     /* implicit linear damping, 1/s */

    anima_animator_def animator_def = anima_default_animator_def();   /* no reference view */
    anima_animator animator;
    if (!ok(anima_animator_create(&animator_def, &animator), "anima_animator_create")) {
        return 1;
    }

    anima_item_def item_def = anima_default_item_def();
    item_def.size = (anima_size){ 100.0, 100.0 };
    item_def.center = start;
    item_def.transform = (anima_transform){ 0.0, 1.0, 1.0, 0.0, 0.0 };   /* the identity */
    anima_item item;
    if (!ok(anima_item_create(animator, &item_def, &item), "anima_item_create")) {
        return 1;
    }

    anima_push_def push_def = anima_default_push_def();
    push_def.mode = ANIMA_PUSH_CONTINUOUS;
    anima_behavior push;
    if (!ok(anima_push_create(animator, &push_def, &item, 1, &push), "anima_push_create")
        || !ok(anima_push_set_angle(push, pi / 4), "anima_push_set_angle")
        || !ok(anima_push_set_magnitude(push, 1.0), "anima_push_set_magnitude")
        || !ok(anima_animator_add_behavior(animator, push), "anima_animator_add_behavior")
        || !ok(anima_push_set_active(push, true), "anima_push_set_active")) {
        return 1;
    }
    double mass = 0.0;
    ok(anima_item_get_mass(item, &mass), "anima_item_get_mass");
    printf("mass %.6f\n", mass);

    double worst_diagonal = 0.0;   /* largest |x - y| / x of the displacement */
    double worst_law = 0.0;        /* largest relative error of the distance */
    bool same_bounds = true;
    bool same_transform = true;
    double distance = 0.0;
    double t = 0.0;
    const int listing_log[4] = { 86, 188, 351, 568 };   /* the listing's centers, logged about a second apart */
    for (int second = 1; second <= 4; second++) {
        if (!advance_frames(animator, 60, 1.0 / 60.0)) {
            return 1;
        }
        anima_vec2 center = { 0.0, 0.0 };
        anima_size size = { 0.0, 0.0 };
        anima_transform transform = { 0 };
        ok(anima_animator_get_elapsed_time(animator, &t), "anima_animator_get_elapsed_time");
        ok(anima_item_get_center(item, &center), "anima_item_get_center");
        ok(anima_item_get_size(item, &size), "anima_item_get_size");
        ok(anima_item_get_transform(item, &transform), "anima_item_get_transform");
        printf("t = %.0f s: Bounds: [0, 0, %g, %g], Center: (%.0f %.0f), Transform: Theta: {%f radians, %f deg} "
               "Scale: {%f, %f} Translation: {%f, %f}\n",
               t, size.width, size.height, center.x, center.y, transform.rotation, transform.rotation * 180.0 / pi,
               transform.scale_x, transform.scale_y, transform.translation_x, transform.translation_y);

        const double dx = center.x - start.x, dy = center.y - start.y;
        distance = hypot(dx, dy);
        const double expected = (a / c) * (t - (1.0 - exp(-c * t)) / c);
        worst_diagonal = fmax(worst_diagonal, fabs(dx - dy) / fabs(dx));
        worst_law = fmax(worst_law, fabs(distance - expected) / expected);
        same_bounds = same_bounds && size.width == 100.0 && size.height == 100.0;
        same_transform = same_transform && transform.rotation == 0.0 && transform.scale_x == 1.0
                      && transform.scale_y == 1.0 && transform.translation_x == 0.0 && transform.translation_y == 0.0;
        printf("         travelled %.3f pt: damped law %.3f pt (%+.4f %%), undamped (1/2) a t^2 = %.1f pt; "
               "the listing's log: (%d %d)\n",
               distance, expected, 100.0 * (distance - expected) / expected, 0.5 * a * t * t,
               listing_log[second - 1], listing_log[second - 1]);
    }

    expect_near(mass, 1.0, 1e-12, "the 100 x 100 pt item has mass 1");
    check(worst_diagonal <= 1e-9, "the center moves along the diagonal (x == y within 1e-9 relative)");
    check(same_bounds, "the bounds stay 100 x 100");
    check(same_transform, "the transform stays the identity");
    check(worst_law <= 0.01, "it travels (a/c)(t - (1 - e^(-c t))/c) with a = 100 pt/s^2, c = 0.1/s, within 1 %");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("%.1f pt along the diagonal in %.0f s, within %.3f %% of the damped law; bounds and transform unchanged",
                  distance, t, 100.0 * worst_law);
}
