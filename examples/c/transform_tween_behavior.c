/*
 * transform_tween_behavior.c: snaps pull four views into a pile while a custom behavior per view
 * tweens its transform to a target rotation and scale (Custom Behaviors, Listing 6-6).
 *
 *     self.action = ^(){
 *         CGAffineTransform t1 = strongSelf.originalTransform;
 *         CGAffineTransform t2 = strongSelf.targetTransform;
 *         CGFloat xScale1 = sqrt(t1.a * t1.a + t1.c * t1.c);
 *         CGFloat yScale1 = sqrt(t1.b * t1.b + t1.d * t1.d);
 *         CGFloat rotation1 = atan2f(t1.b, t1.a);
 *         CGFloat xScale2 = sqrt(t2.a * t2.a + t2.c * t2.c);
 *         CGFloat yScale2 = sqrt(t2.b * t2.b + t2.d * t2.d);
 *         CGFloat rotation2 = atan2f(t2.b, t2.a);
 *         strongSelf.velocity = velocity + strongSelf.acceleration;          // acceleration 0.0025
 *         strongSelf.percent = strongSelf.percent + strongSelf.velocity;
 *         CGFloat percent = MIN(1.0, MAX(strongSelf.percent, 0.0));
 *         percent = EaseOut(percent, 3);
 *         CGFloat targetTx = Tween(t1.tx, t2.tx, percent);
 *         CGFloat targetTy = Tween(t1.ty, t2.ty, percent);
 *         CGFloat targetXScale = Tween(xScale1, xScale2, percent);
 *         CGFloat targetYScale = Tween(yScale1, yScale2, percent);
 *         CGFloat targetRotation = Tween(rotation1, rotation2, percent);
 *         CGAffineTransform scaleTransform = CGAffineTransformMakeScale(targetXScale, targetYScale);
 *         CGAffineTransform rotateTransform = CGAffineTransformMakeRotation(targetRotation);
 *         CGAffineTransform translateTransform = CGAffineTransformMakeTranslation(targetTx, targetTy);
 *         CGAffineTransform t = CGAffineTransformIdentity;
 *         t = CGAffineTransformConcat(t, rotateTransform);
 *         t = CGAffineTransformConcat(t, scaleTransform);
 *         t = CGAffineTransformConcat(t, translateTransform);
 *         strongSelf.item.transform = t;
 *     };
 *
 * The behavior never looks at the clock: each action call (one per internal step) adds 0.0025 to
 * a velocity and the velocity to a percent, so after n calls percent = 0.0025 n (n + 1) / 2; it is
 * clamped to 0...1 and eased out, EaseOut(p, 3) = 1 - (1 - p)^3. At Anima's 120 Hz the tween is
 * done after 28 calls (0.23 s). Transforms are handled as the listing does: an affine matrix
 * (a, b, c, d, tx, ty) in Core Graphics' row-vector convention, decomposed into scales
 * sqrt(a^2 + c^2), sqrt(b^2 + d^2) and rotation atan2(b, a) (in double, not atan2f), rebuilt as
 * rotate, then scale, then translate. That decomposition is exact for uniform scales, which the
 * targets here are. The item takes the result as Anima's decomposed transform (rotation, scale,
 * translation).
 *
 * An Anima item's transform is its physics body's: the rotation written by the action is the
 * body's angle. A snap turns its item upright, so on a view that can turn it would pull against
 * the tween at every step (UIKit keeps the view's transform apart from its body, and the action
 * simply overwrites what the body shows). Here an item behavior locks the views' rotation, with
 * the implicit values of an ungoverned item otherwise (elasticity 0.2, friction 0.2, damping
 * 0.1/s): the snaps move the views, the tweens alone turn and scale them.
 *
 * Four 90 x 120 pt views start in the corners of a 320 x 568 pt view, some already turned or
 * scaled, and snap to points around the middle; nothing collides. The program advances 60 Hz
 * frames until the animator pauses (at most 5 s) and checks that
 *   - each view ends at its snap point (within 0.5 pt),
 *   - with its target rotation and scale (within 1e-6) and its translation tweened to the target,
 *   - each behavior's percent after n action calls is 0.0025 n (n + 1) / 2, as the listing's law says,
 *   - the animator paused (did_pause called).
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "transform_tween_behavior"
#include "example.h"

#define VIEWS 4

/* A Core Graphics affine transform: [x y 1] [a b 0; c d 0; tx ty 1]. */
typedef struct affine {
    double a, b, c, d, tx, ty;
} affine;

typedef struct transform_behavior {
    anima_behavior behavior;
    anima_item item;
    affine original_transform;
    affine target_transform;
    double velocity;
    double acceleration;
    double percent;
    int calls;
    int failed_calls;
} transform_behavior;

/* ------------------------------------------------------------ helpers of the listing */

static double tween(double from, double to, double percent)
{
    return from + (to - from) * percent;
}

static double ease_out(double p, int factor)
{
    return 1.0 - pow(1.0 - p, factor);
}

static affine affine_identity(void)
{
    return (affine){ 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 };
}

static affine affine_rotation(double angle)
{
    return (affine){ cos(angle), sin(angle), -sin(angle), cos(angle), 0.0, 0.0 };
}

static affine affine_scale(double sx, double sy)
{
    return (affine){ sx, 0.0, 0.0, sy, 0.0, 0.0 };
}

static affine affine_translation(double tx, double ty)
{
    return (affine){ 1.0, 0.0, 0.0, 1.0, tx, ty };
}

/* CGAffineTransformConcat(t1, t2): t1, then t2. */
static affine affine_concat(affine t1, affine t2)
{
    return (affine){
        t1.a * t2.a + t1.b * t2.c,          t1.a * t2.b + t1.b * t2.d,
        t1.c * t2.a + t1.d * t2.c,          t1.c * t2.b + t1.d * t2.d,
        t1.tx * t2.a + t1.ty * t2.c + t2.tx, t1.tx * t2.b + t1.ty * t2.d + t2.ty,
    };
}

/* The listing's composition: rotate, then scale, then translate. */
static affine affine_compose(double rotation, double sx, double sy, double tx, double ty)
{
    affine t = affine_identity();
    t = affine_concat(t, affine_rotation(rotation));
    t = affine_concat(t, affine_scale(sx, sy));
    t = affine_concat(t, affine_translation(tx, ty));
    return t;
}

/* The listing's decomposition. */
static double x_scale_of(affine t) { return sqrt(t.a * t.a + t.c * t.c); }
static double y_scale_of(affine t) { return sqrt(t.b * t.b + t.d * t.d); }
static double rotation_of(affine t) { return atan2(t.b, t.a); }

static affine affine_from_item_transform(anima_transform t)
{
    return affine_compose(t.rotation, t.scale_x, t.scale_y, t.translation_x, t.translation_y);
}

static anima_transform item_transform_from_affine(affine t)
{
    return (anima_transform){ rotation_of(t), x_scale_of(t), y_scale_of(t), t.tx, t.ty };
}

/* ------------------------------------------------------------ the behavior */

/* The action block of Listing 6-6. */
static void transform_action(void *user_data, anima_behavior behavior)
{
    transform_behavior *self = user_data;
    (void)behavior;
    self->calls++;

    /* pull out the original and destination transforms */
    const affine t1 = self->original_transform;
    const affine t2 = self->target_transform;
    const double x_scale1 = x_scale_of(t1), y_scale1 = y_scale_of(t1), rotation1 = rotation_of(t1);
    const double x_scale2 = x_scale_of(t2), y_scale2 = y_scale_of(t2), rotation2 = rotation_of(t2);

    /* the accelerating progress */
    self->velocity = self->velocity + self->acceleration;
    self->percent = self->percent + self->velocity;
    double percent = fmin(1.0, fmax(self->percent, 0.0));
    percent = ease_out(percent, 3);

    /* the tweened values, combined and applied */
    const affine t = affine_compose(tween(rotation1, rotation2, percent), tween(x_scale1, x_scale2, percent),
                                    tween(y_scale1, y_scale2, percent), tween(t1.tx, t2.tx, percent),
                                    tween(t1.ty, t2.ty, percent));
    if (anima_item_set_transform(self->item, item_transform_from_affine(t)) != ANIMA_OK) {
        self->failed_calls++;
    }
}

/* -[TransformBehavior initWithItem:transform:] */
static bool transform_behavior_init(transform_behavior *self, anima_animator animator, anima_item item, affine transform)
{
    anima_transform original = { 0 };
    if (!ok(anima_item_get_transform(item, &original), "anima_item_get_transform")) {
        return false;
    }
    self->item = item;
    self->original_transform = affine_from_item_transform(original);
    self->target_transform = transform;
    self->velocity = 0.0;
    self->acceleration = 0.0025;
    self->percent = 0.0;
    return ok(anima_behavior_create(animator, &self->behavior), "anima_behavior_create")
        && ok(anima_behavior_set_action(self->behavior, transform_action, self), "anima_behavior_set_action");
}

int main(void)
{
    /* The four views: where each starts and how it is turned, its snap point and its target transform. */
    const struct {
        anima_vec2 start;
        anima_transform start_transform;
        anima_vec2 snap_point;
        double target_rotation;
        double target_scale;
        anima_vec2 target_translation;
    } views[VIEWS] = {
        { { 60.0, 80.0 }, { 0.0, 1.0, 1.0, 0.0, 0.0 }, { 154.0, 278.0 }, -0.30, 0.90, { 0.0, 0.0 } },
        { { 260.0, 80.0 }, { 0.40, 1.0, 1.0, 0.0, 0.0 }, { 166.0, 278.0 }, -0.10, 1.00, { 0.0, 0.0 } },
        { { 60.0, 488.0 }, { -0.20, 0.80, 0.80, 0.0, 0.0 }, { 154.0, 290.0 }, 0.10, 1.10, { 0.0, 0.0 } },
        { { 260.0, 488.0 }, { 0.0, 1.20, 1.20, 4.0, -4.0 }, { 166.0, 290.0 }, 0.30, 1.20, { 2.0, 2.0 } },
    };

    anima_animator animator;
    int pauses = 0;   /* did_pause calls */
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator) || !count_pauses(animator, &pauses)) {
        return 1;
    }

    anima_item items[VIEWS];
    transform_behavior tweens[VIEWS] = { 0 };
    for (int k = 0; k < VIEWS; k++) {
        anima_item_def def = anima_default_item_def();
        def.center = views[k].start;
        def.size = (anima_size){ 90.0, 120.0 };
        def.transform = views[k].start_transform;
        anima_behavior snap;
        const affine target = affine_compose(views[k].target_rotation, views[k].target_scale, views[k].target_scale,
                                             views[k].target_translation.x, views[k].target_translation.y);
        if (!ok(anima_item_create(animator, &def, &items[k]), "anima_item_create")
            || !ok(anima_snap_create(animator, items[k], views[k].snap_point, &snap), "anima_snap_create")
            || !ok(anima_animator_add_behavior(animator, snap), "anima_animator_add_behavior")
            || !transform_behavior_init(&tweens[k], animator, items[k], target)
            || !ok(anima_animator_add_behavior(animator, tweens[k].behavior), "anima_animator_add_behavior")) {
            return 1;
        }
    }

    /* The snaps move the views; only the tweens turn them. */
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    properties_def.elasticity = 0.2;
    properties_def.friction = 0.2;
    properties_def.resistance = 0.1;
    properties_def.angular_resistance = 0.1;
    properties_def.allows_rotation = false;
    anima_behavior properties;
    if (!ok(anima_item_behavior_create(animator, &properties_def, items, VIEWS, &properties), "anima_item_behavior_create")
        || !ok(anima_animator_add_behavior(animator, properties), "anima_animator_add_behavior")) {
        return 1;
    }

    bool running = true;
    int frame = 0;
    for (; frame < 300 && running; frame++) {
        if (!ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
        if (frame < 30 && frame % 3 == 2) {   /* the tween, then the snap's last oscillations */
            anima_vec2 c = { 0.0, 0.0 };
            anima_transform t = { 0 };
            ok(anima_item_get_center(items[3], &c), "anima_item_get_center");
            ok(anima_item_get_transform(items[3], &t), "anima_item_get_transform");
            printf("t = %.2f s: view 4 at (%.2f, %.2f), rotation %.6f, scale %.6f\n", (frame + 1) / 60.0, c.x, c.y,
                   t.rotation, t.scale_x);
        }
    }
    double elapsed = 0.0;
    ok(anima_animator_get_elapsed_time(animator, &elapsed), "anima_animator_get_elapsed_time");

    double worst_place = 0.0, worst_rotation = 0.0, worst_scale = 0.0, worst_translation = 0.0;
    bool percent_law = true;
    int failed_calls = 0;
    for (int k = 0; k < VIEWS; k++) {
        anima_vec2 c = { 0.0, 0.0 };
        anima_transform t = { 0 };
        ok(anima_item_get_center(items[k], &c), "anima_item_get_center");
        ok(anima_item_get_transform(items[k], &t), "anima_item_get_transform");
        const double miss = hypot(c.x - views[k].snap_point.x, c.y - views[k].snap_point.y);
        worst_place = fmax(worst_place, miss);
        worst_rotation = fmax(worst_rotation, fabs(t.rotation - views[k].target_rotation));
        worst_scale = fmax(worst_scale, fmax(fabs(t.scale_x - views[k].target_scale), fabs(t.scale_y - views[k].target_scale)));
        worst_translation = fmax(worst_translation, hypot(t.translation_x - views[k].target_translation.x,
                                                          t.translation_y - views[k].target_translation.y));
        const int n = tweens[k].calls;
        percent_law = percent_law && fabs(tweens[k].percent - 0.0025 * n * (n + 1) / 2.0) <= 1e-9 * n * n;
        failed_calls += tweens[k].failed_calls;
        printf("view %d: at (%.3f, %.3f), %.4f pt from its snap point; rotation %+.8f (target %+.2f), "
               "scale (%.8f, %.8f) (target %.2f), translation (%.3f, %.3f); %d action calls\n",
               k + 1, c.x, c.y, miss, t.rotation, views[k].target_rotation, t.scale_x, t.scale_y,
               views[k].target_scale, t.translation_x, t.translation_y, n);
    }
    double fastest = 0.0, fastest_turn = 0.0;
    int resting = 0;
    for (int k = 0; k < VIEWS; k++) {
        anima_vec2 v = { 0.0, 0.0 };
        double w = 0.0;
        bool rests = false;
        ok(anima_item_get_linear_velocity(items[k], &v), "anima_item_get_linear_velocity");
        ok(anima_item_get_angular_velocity(items[k], &w), "anima_item_get_angular_velocity");
        ok(anima_item_is_resting(items[k], &rests), "anima_item_is_resting");
        fastest = fmax(fastest, hypot(v.x, v.y));
        fastest_turn = fmax(fastest_turn, fabs(w));
        resting += rests ? 1 : 0;
    }
    printf("the animator %s after %.3f s (%d frames); the views move at most %.3g pt/s and %.3g rad/s, "
           "%d of %d resting\n",
           running ? "is still running" : "paused", elapsed, frame, fastest, fastest_turn, resting, VIEWS);

    check(failed_calls == 0, "every call made from the actions succeeded");
    check(worst_place <= 0.5, "every view ends at its snap point (within 0.5 pt)");
    check(worst_rotation <= 1e-6, "with its target rotation (within 1e-6 rad)");
    check(worst_scale <= 1e-6, "and its target scale (within 1e-6)");
    check(worst_translation <= 1e-6, "and its translation tweened to the target");
    check(percent_law, "each behavior's percent is 0.0025 n (n + 1) / 2 after n calls");
    check(!running && pauses == 1, "the animator paused (did_pause called)");

    ok(anima_animator_destroy(animator), "anima_animator_destroy");

    return finish("%d views at most %.3f pt from their snap points, rotation and scale within %.1e of the targets, "
                  "%s after %.2f s",
                  VIEWS, worst_place, fmax(worst_rotation, worst_scale), running ? "still running" : "paused", elapsed);
}
