/*
 * jelly.c: a "jelly" alert that drops onto an invisible ledge, squashes and wobbles back into
 * shape (Listings 6-8 and 6-9, after Victor Baro's VBFJellyView).
 *
 *     - (void) establishDynamics : (UIDynamicAnimator *) animator
 *     {
 *         UIDynamicItemBehavior *dynamic = [[UIDynamicItemBehavior alloc] initWithItems:@[self]];
 *         dynamic.allowsRotation = NO;
 *         dynamic.elasticity = _elasticity / 2;
 *         dynamic.density = _density;
 *         dynamic.resistance = 0.9;
 *         [_animator addBehavior:dynamic];
 *         for (int i = 0; i < 9; i++)
 *         {
 *             UIView *view = [self viewWithTag:(i + 1)];
 *             UIDynamicItemBehavior *behavior = [[UIDynamicItemBehavior alloc] initWithItems:@[view]];
 *             behavior.elasticity = _elasticity * 2;
 *             behavior.density = _density;
 *             behavior.resistance = 0.2;
 *             [_animator addBehavior:behavior];
 *             UIAttachmentBehavior *attachment =
 *                 [[UIAttachmentBehavior alloc] initWithItem:view attachedToItem:self];
 *             attachment.damping = _damping;
 *             attachment.frequency = _frequency;
 *             [_animator addBehavior:attachment];
 *             if ((i + 1) != 5) // skip center
 *             {
 *                 NSInteger xTag = [@[@(1), @(2), @(5), @(0), @(4), @(8),
 *                     @(3), @(6), @(7)][i] integerValue] + 1;
 *                 UIView *nextView = [self viewWithTag:xTag];
 *                 attachment = [[UIAttachmentBehavior alloc] initWithItem:view attachedToItem:nextView];
 *                 attachment.damping = _damping;
 *                 attachment.frequency = _frequency;
 *                 [_animator addBehavior:attachment];
 *             }
 *         }
 *     }
 *
 *     - (UIBezierPath *) cornerCurve
 *     {
 *         UIBezierPath *path = [UIBezierPath bezierPath];
 *         UIView *v0 = [self viewWithTag:1];
 *         [path moveToPoint:v0.center];
 *         NSArray *destinations = @[@(2), @(8), @(6), @(0)];
 *         NSArray *controlPoints = @[@(1), @(5), @(7), @(3)];
 *         for (int i = 0; i < 4; i++)
 *         {
 *             NSInteger dTag = [destinations[i] integerValue] + 1;
 *             NSInteger cTag = [controlPoints[i] integerValue] + 1;
 *             UIView *vd = [self viewWithTag:dTag];
 *             UIView *vc = [self viewWithTag:cTag];
 *             [path addQuadCurveToPoint:vd.center controlPoint:vc.center];
 *         }
 *         return path;
 *     }
 *
 * The scene: a 320 x 568 pt screen; the alert, a 200 x 120 pt item, starts at rest at the top
 * (center (160, 60)); nine 10 x 10 pt grid items sit on its corners, edge midpoints and centre
 * (tags 1...9, row by row). Listing 6-8 makes the item behaviors and attachments: every grid item
 * is tied to the alert's centre, and the listing's tag table ties the eight outer ones in a ring
 * (1-2, 2-3, 3-6, 4-1, 6-9, 7-4, 8-7, 9-8). The parameters are elasticity 0.3 (alert 0.15, grid
 * items 0.6), density 1 and damping ratio 0.5. Gravity pulls all ten items; one collision behavior
 * holds the grid items and a named boundary "ledge" across the screen at y = 400. The alert is not
 * in it: only its skeleton lands on the ledge, and the alert hangs on its springs.
 *
 * The spring frequency is 30 Hz, not 4 Hz. An attachment's frequency belongs to the pair it ties
 * (stiffness = reduced mass x (2 pi f)^2, as in Box2D, which UIKit runs on), and a 10 x 10 pt grid
 * item (mass 0.01) tied to the 200 x 120 pt alert (mass 2.4) makes the reduced mass that of the
 * grid item: at 4 Hz a spring has a stiffness of about 6 (mass x pt/s^2 per pt), while the
 * alert's weight is 2400 (mass x pt/s^2), so the skeleton folds and the alert sinks through the
 * ledge. The program shows it
 * with a first run at 4 Hz. At 30 Hz the springs are 56 times stiffer: on landing the alert sinks
 * 50 pt into its skeleton, bounces off the ledge, wobbles on it at about 2 Hz and at rest sags
 * 5 pt. There is little margin below: at 29 Hz and less the skeleton folds under the landing
 * alert and never recovers.
 *
 * jelly_outline() builds the shape that Listing 6-9 fills: four quadratic Bezier curves from the
 * tag-1 centre through the destinations tags 3, 9, 7, 1 with the control points tags 2, 6, 8, 4.
 * The program advances 60 Hz frames until the animator pauses (at most 20 s) and checks that
 *   - at 4 Hz the skeleton cannot carry the alert: it ends below the ledge;
 *   - at 30 Hz the jelly squashes on landing: the outline's height falls below 90 % of its
 *     height at the start while its width grows past its width at the start;
 *   - it recovers: at rest the outline's height is within 2 % of its height at the start;
 *   - it comes to rest on the ledge: the bottom row (tags 7, 8, 9) lies on it (centres 5 pt above
 *     y = 400, within 1 pt), the alert's centre is above it and every item rests;
 *   - the animator pauses (did_pause called) within 20 s.
 * It prints the squash ratio, the rest time and the final outline. Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "jelly"
#include "example.h"

#define ALERT_WIDTH 200.0
#define ALERT_HEIGHT 120.0
#define GRID_SIDE 10.0
#define LEDGE_Y 400.0
#define FRAME (1.0 / 60.0)
#define MAX_SECONDS 20.0

/* The properties Listing 6-8 reads from the jelly view. */
typedef struct jelly_parameters {
    double elasticity;
    double density;
    double frequency;  /* Hz */
    double damping;    /* damping ratio */
} jelly_parameters;

/* The jelly view: the alert (the view itself) and its nine grid views, tags 1...9. */
typedef struct jelly {
    anima_animator animator;
    anima_item view;
    anima_item grid[9];
    int did_pause;
    double paused_at;  /* elapsed seconds at the first pause */
} jelly;

typedef struct run_result {
    double start_height, start_width;
    double min_height;             /* smallest outline height */
    double width_at_min_height;    /* outline width at that moment */
    double squashed_at;            /* seconds */
    double final_height, final_width;
    anima_path_element outline[5]; /* the final outline */
    anima_vec2 view_center;        /* the alert's final centre */
    anima_vec2 bottom_row[3];      /* tags 7, 8, 9 at the end */
    bool all_resting;
    bool paused;
    double rest_time;              /* seconds from the drop to the pause */
} run_result;

static void did_pause(void *user_data, anima_animator animator)
{
    jelly *j = user_data;
    if (j->did_pause++ == 0) {
        ok(anima_animator_get_elapsed_time(animator, &j->paused_at), "anima_animator_get_elapsed_time");
    }
}

/* [self viewWithTag:tag] for the grid views, tags 1...9. */
static anima_item view_with_tag(const jelly *j, int tag)
{
    return j->grid[tag - 1];
}

static bool add(jelly *j, anima_behavior behavior)
{
    return ok(anima_animator_add_behavior(j->animator, behavior), "anima_animator_add_behavior");
}

static bool attach(jelly *j, anima_item item, anima_item other, const jelly_parameters *p)
{
    anima_attachment_def def = anima_default_attachment_def();
    anima_behavior attachment;
    if (!ok(anima_attachment_create_to_item(j->animator, &def, item, (anima_vec2){ 0.0, 0.0 }, other,
                                            (anima_vec2){ 0.0, 0.0 }, &attachment),
            "anima_attachment_create_to_item")) {
        return false;
    }
    return ok(anima_attachment_set_damping(attachment, p->damping), "anima_attachment_set_damping")
        && ok(anima_attachment_set_frequency(attachment, p->frequency), "anima_attachment_set_frequency")
        && add(j, attachment);
}

/* Listing 6-8. */
static bool establish_dynamics(jelly *j, const jelly_parameters *p)
{
    anima_item_behavior_def dynamic_def = anima_default_item_behavior_def();
    dynamic_def.allows_rotation = false;
    dynamic_def.elasticity = p->elasticity / 2;
    dynamic_def.density = p->density;
    dynamic_def.resistance = 0.9;
    anima_behavior dynamic;
    if (!ok(anima_item_behavior_create(j->animator, &dynamic_def, &j->view, 1, &dynamic), "anima_item_behavior_create")
        || !add(j, dynamic)) {
        return false;
    }

    static const int next_tags[9] = { 1, 2, 5, 0, 4, 8, 3, 6, 7 };
    for (int i = 0; i < 9; i++) {
        const anima_item view = view_with_tag(j, i + 1);
        anima_item_behavior_def behavior_def = anima_default_item_behavior_def();
        behavior_def.elasticity = fmin(p->elasticity * 2, 1.0);   /* the engine takes 0...1 */
        behavior_def.density = p->density;
        behavior_def.resistance = 0.2;
        anima_behavior behavior;
        if (!ok(anima_item_behavior_create(j->animator, &behavior_def, &view, 1, &behavior), "anima_item_behavior_create")
            || !add(j, behavior)) {
            return false;
        }
        /* Attach each grid view to the main jelly view's centre. */
        if (!attach(j, view, j->view, p)) {
            return false;
        }
        /* Attach the views to each other, skipping the centre. */
        if (i + 1 != 5 && !attach(j, view, view_with_tag(j, next_tags[i] + 1), p)) {
            return false;
        }
    }
    return true;
}

/* Listing 6-9, cornerCurve: a move to the tag-1 centre and four quadratic curves (5 elements). */
static int jelly_outline(const jelly *j, anima_path_element out[5])
{
    static const int destinations[4] = { 2, 8, 6, 0 };
    static const int control_points[4] = { 1, 5, 7, 3 };
    anima_vec2 start = { 0.0, 0.0 };
    ok(anima_item_get_center(view_with_tag(j, 1), &start), "anima_item_get_center");
    out[0] = (anima_path_element){ .verb = ANIMA_PATH_MOVE, .points = { start } };
    for (int i = 0; i < 4; i++) {
        anima_vec2 destination = { 0.0, 0.0 }, control = { 0.0, 0.0 };
        ok(anima_item_get_center(view_with_tag(j, destinations[i] + 1), &destination), "anima_item_get_center");
        ok(anima_item_get_center(view_with_tag(j, control_points[i] + 1), &control), "anima_item_get_center");
        out[i + 1] = (anima_path_element){ .verb = ANIMA_PATH_QUAD, .points = { control, destination } };
    }
    return 5;
}

/* The range of one coordinate of a quadratic Bezier curve p0, p1 (control), p2. */
static void quad_range(double p0, double p1, double p2, double *lo, double *hi)
{
    *lo = fmin(*lo, fmin(p0, p2));
    *hi = fmax(*hi, fmax(p0, p2));
    const double denominator = p0 - 2 * p1 + p2;
    if (fabs(denominator) > 1e-12) {
        const double t = (p0 - p1) / denominator;   /* where the derivative vanishes */
        if (t > 0.0 && t < 1.0) {
            const double v = (1 - t) * (1 - t) * p0 + 2 * t * (1 - t) * p1 + t * t * p2;
            *lo = fmin(*lo, v);
            *hi = fmax(*hi, v);
        }
    }
}

/* The exact bounding box of the outline (its curves, not just their points). */
static anima_rect outline_bounds(const anima_path_element *path, int count)
{
    double x0 = path[0].points[0].x, x1 = x0, y0 = path[0].points[0].y, y1 = y0;
    anima_vec2 from = path[0].points[0];
    for (int i = 1; i < count; i++) {
        const anima_vec2 c = path[i].points[0], to = path[i].points[1];
        quad_range(from.x, c.x, to.x, &x0, &x1);
        quad_range(from.y, c.y, to.y, &y0, &y1);
        from = to;
    }
    return (anima_rect){ x0, y0, x1 - x0, y1 - y0 };
}

/* The alert at the top of the screen, its grid, Listing 6-8, gravity and the ledge. */
static bool build(jelly *j, const jelly_parameters *p)
{
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &j->animator)
        || !ok(anima_animator_set_delegate(j->animator, NULL, did_pause, j), "anima_animator_set_delegate")) {
        return false;
    }
    const anima_vec2 center = { SCREEN_WIDTH / 2, ALERT_HEIGHT / 2 };
    anima_item_def view_def = anima_default_item_def();
    view_def.center = center;
    view_def.size = (anima_size){ ALERT_WIDTH, ALERT_HEIGHT };
    if (!ok(anima_item_create(j->animator, &view_def, &j->view), "anima_item_create")) {
        return false;
    }
    for (int tag = 1; tag <= 9; tag++) {
        const int column = (tag - 1) % 3, row = (tag - 1) / 3;
        anima_item_def grid_def = anima_default_item_def();
        grid_def.center = (anima_vec2){ center.x + (column - 1) * ALERT_WIDTH / 2, center.y + (row - 1) * ALERT_HEIGHT / 2 };
        grid_def.size = (anima_size){ GRID_SIDE, GRID_SIDE };
        if (!ok(anima_item_create(j->animator, &grid_def, &j->grid[tag - 1]), "anima_item_create")) {
            return false;
        }
    }
    if (!establish_dynamics(j, p)) {
        return false;
    }

    anima_item all[10] = { j->view };
    for (int i = 0; i < 9; i++) {
        all[i + 1] = j->grid[i];
    }
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    anima_behavior gravity, collision;
    return ok(anima_gravity_create(j->animator, &gravity_def, all, 10, &gravity), "anima_gravity_create")
        && ok(anima_collision_create(j->animator, &collision_def, j->grid, 9, &collision), "anima_collision_create")
        && ok(anima_collision_add_boundary_segment(collision, "ledge", (anima_vec2){ 0.0, LEDGE_Y },
                                                   (anima_vec2){ SCREEN_WIDTH, LEDGE_Y }),
              "anima_collision_add_boundary_segment")
        && add(j, gravity) && add(j, collision);
}

/* Drops the jelly and runs 60 Hz frames until the animator pauses (at most MAX_SECONDS). */
static bool run(const jelly_parameters *p, run_result *r)
{
    jelly j = { 0 };
    if (!build(&j, p)) {
        return false;
    }
    anima_path_element outline[5];
    anima_rect bounds = outline_bounds(outline, jelly_outline(&j, outline));
    r->start_height = bounds.height;
    r->start_width = bounds.width;
    r->min_height = bounds.height;
    r->width_at_min_height = bounds.width;
    r->squashed_at = 0.0;

    bool running = true;
    for (int frame = 1; frame <= (int)(MAX_SECONDS * 60) && running; frame++) {
        if (!ok(anima_animator_advance(j.animator, FRAME), "anima_animator_advance")) {
            return false;
        }
        bounds = outline_bounds(outline, jelly_outline(&j, outline));
        if (bounds.height < r->min_height) {
            r->min_height = bounds.height;
            r->width_at_min_height = bounds.width;
            r->squashed_at = frame * FRAME;
        }
        ok(anima_animator_is_running(j.animator, &running), "anima_animator_is_running");
    }

    bounds = outline_bounds(r->outline, jelly_outline(&j, r->outline));
    r->final_height = bounds.height;
    r->final_width = bounds.width;
    ok(anima_item_get_center(j.view, &r->view_center), "anima_item_get_center");
    r->all_resting = true;
    for (int i = 0; i < 9; i++) {
        bool resting = false;
        ok(anima_item_is_resting(j.grid[i], &resting), "anima_item_is_resting");
        r->all_resting = r->all_resting && resting;
        if (i >= 6) {
            ok(anima_item_get_center(j.grid[i], &r->bottom_row[i - 6]), "anima_item_get_center");
        }
    }
    bool view_resting = false;
    ok(anima_item_is_resting(j.view, &view_resting), "anima_item_is_resting");
    r->all_resting = r->all_resting && view_resting;
    r->paused = !running && j.did_pause == 1;
    r->rest_time = j.paused_at;
    return ok(anima_animator_destroy(j.animator), "anima_animator_destroy");
}

int main(void)
{
    const jelly_parameters listing_like = { .elasticity = 0.3, .density = 1.0, .frequency = 4.0, .damping = 0.5 };
    const jelly_parameters stiff = { .elasticity = 0.3, .density = 1.0, .frequency = 30.0, .damping = 0.5 };
    const double rest_y = LEDGE_Y - GRID_SIDE / 2;   /* a grid item's centre when it lies on the ledge */

    run_result soft = { 0 };
    if (!run(&listing_like, &soft)) {
        return 1;
    }
    printf("4 Hz springs: the alert ends at y = %.1f, %.1f pt below the ledge; outline %.1f x %.1f pt\n",
           soft.view_center.y, soft.view_center.y - LEDGE_Y, soft.final_width, soft.final_height);
    check(soft.view_center.y > LEDGE_Y, "at 4 Hz the skeleton cannot carry the alert: it ends below the ledge");

    run_result r = { 0 };
    if (!run(&stiff, &r)) {
        return 1;
    }
    const double squash = r.min_height / r.start_height;
    const double recovered = r.final_height / r.start_height;
    printf("30 Hz springs: outline %.1f x %.1f pt at the start; at t = %.2f s %.1f x %.1f pt (height x %.3f); "
           "at rest %.2f x %.2f pt (height x %.4f)\n",
           r.start_width, r.start_height, r.squashed_at, r.width_at_min_height, r.min_height, squash,
           r.final_width, r.final_height, recovered);
    printf("the animator paused %.2f s after the drop; the alert rests at (%.2f, %.2f), the bottom row at y = %.2f, %.2f, %.2f\n",
           r.rest_time, r.view_center.x, r.view_center.y, r.bottom_row[0].y, r.bottom_row[1].y, r.bottom_row[2].y);
    printf("final outline (Listing 6-9):\n  move to (%.2f, %.2f)\n", r.outline[0].points[0].x, r.outline[0].points[0].y);
    for (int i = 1; i < 5; i++) {
        printf("  quad curve to (%.2f, %.2f), control point (%.2f, %.2f)\n", r.outline[i].points[1].x,
               r.outline[i].points[1].y, r.outline[i].points[0].x, r.outline[i].points[0].y);
    }

    check(squash < 0.9 && r.width_at_min_height > r.start_width,
          "it squashes on landing: the outline's height falls below 90 % of its start while its width grows");
    check(fabs(recovered - 1.0) <= 0.02, "it recovers: at rest the outline's height is within 2 % of its start");
    bool on_ledge = r.view_center.y < LEDGE_Y && r.all_resting;
    for (int i = 0; i < 3; i++) {
        on_ledge = on_ledge && fabs(r.bottom_row[i].y - rest_y) <= 1.0;
    }
    check(on_ledge, "it rests on the ledge: the bottom row lies on it, the alert above it, every item resting");
    check(r.paused && r.rest_time <= MAX_SECONDS, "the animator pauses (did_pause called) within 20 s");

    return finish("squashed to %.1f %% of its height, back to %.1f %%, at rest after %.2f s", 100.0 * squash,
                  100.0 * recovered, r.rest_time);
}
