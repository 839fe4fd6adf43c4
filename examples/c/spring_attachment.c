/*
 * spring_attachment.c: a ball hangs on a spring from an anchor and a star hangs on a spring from
 * the ball, off its centre, so that it spins (UIKit Dynamics, Listings 13-25 and 13-26).
 *
 *     UIGravityBehavior *gravityBehavior = [[UIGravityBehavior alloc] initWithItems:@[self.ball,self.star]];
 *     UICollisionBehavior *collisionBehavior = [[UICollisionBehavior alloc] initWithItems:@[self.ball,self.star]];
 *     CGPoint anchorPoint = CGPointMake(self.view.frame.size.width/2, 20);
 *     UIAttachmentBehavior *ballAttachmentBehavior = [[UIAttachmentBehavior alloc]
 *         initWithItem:self.ball attachedToAnchor:anchorPoint];
 *     UIAttachmentBehavior *starAttachmentBehavior = [[UIAttachmentBehavior alloc]
 *         initWithItem:self.star offsetFromCenter:UIOffsetMake(-20.0, 0)
 *         attachedToItem:self.ball offsetFromCenter:UIOffsetZero];
 *     collisionBehavior.translatesReferenceBoundsIntoBoundary = YES;
 *     [ballAttachmentBehavior setFrequency:1.0];
 *     [ballAttachmentBehavior setDamping:0.65];
 *     [starAttachmentBehavior setFrequency:1.0];
 *     [starAttachmentBehavior setDamping:0.65];
 *     [self.animator addBehavior:ballAttachmentBehavior];
 *     [self.animator addBehavior:starAttachmentBehavior];
 *     [self.animator addBehavior:collisionBehavior];
 *     [self.animator addBehavior:gravityBehavior];
 *
 * In a 320 x 568 pt view, a 64 x 64 pt ball (an ellipse, center (160, 150)) and a 64 x 64 pt star
 * (a rectangle, center (200, 240)) start at rest. The ball's spring to the anchor (160, 20) and the
 * star's spring from its point (-20, 0) to the ball's centre take their lengths from these
 * positions. Gravity pulls both down; they collide with each other and with the view's bounds.
 * The program advances 60 Hz frames for 40 s and checks that
 *   - the star spins: its angular velocity exceeds 1 rad/s at some point,
 *   - it ends below the ball,
 *   - the motion fades: the fastest speed of either item in the last 5 s is under half of the
 *     fastest in the first 10 s,
 *   - nothing leaves the view: the ball's circle and the star's four (rotated) corners stay inside
 *     the bounds, within 1 pt, at every frame.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "spring_attachment"
#include "example.h"

#define SIDE 64.0   /* the ball's diameter and the star's side, pt */

typedef struct scene {
    anima_animator animator;
    anima_item ball;
    anima_item star;
} scene;

static bool create_spring(anima_behavior attachment)
{
    return ok(anima_attachment_set_frequency(attachment, 1.0), "anima_attachment_set_frequency")
        && ok(anima_attachment_set_damping(attachment, 0.65), "anima_attachment_set_damping");
}

/* Listing 13-26. */
static bool build(scene *s)
{
    anima_item_def star_def = anima_default_item_def();
    star_def.center = (anima_vec2){ 200.0, 240.0 };
    star_def.size = (anima_size){ SIDE, SIDE };
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &s->animator)
        || !create_ball(s->animator, (anima_vec2){ 160.0, 150.0 }, SIDE, &s->ball)
        || !ok(anima_item_create(s->animator, &star_def, &s->star), "anima_item_create")) {
        return false;
    }
    const anima_item both[2] = { s->ball, s->star };

    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    anima_behavior gravity, collision;
    if (!ok(anima_gravity_create(s->animator, &gravity_def, both, 2, &gravity), "anima_gravity_create")
        || !ok(anima_collision_create(s->animator, &collision_def, both, 2, &collision), "anima_collision_create")) {
        return false;
    }

    const anima_vec2 anchor_point = { SCREEN_WIDTH / 2, 20.0 };
    anima_attachment_def attachment_def = anima_default_attachment_def();
    anima_behavior ball_attachment, star_attachment;
    if (!ok(anima_attachment_create_to_anchor(s->animator, &attachment_def, s->ball, (anima_vec2){ 0.0, 0.0 },
                                              anchor_point, &ball_attachment),
            "anima_attachment_create_to_anchor")
        || !ok(anima_attachment_create_to_item(s->animator, &attachment_def, s->star, (anima_vec2){ -20.0, 0.0 },
                                               s->ball, (anima_vec2){ 0.0, 0.0 }, &star_attachment),
               "anima_attachment_create_to_item")) {
        return false;
    }
    return ok(anima_collision_set_translates_reference_bounds(collision, true, NULL),
              "anima_collision_set_translates_reference_bounds")
        && create_spring(ball_attachment) && create_spring(star_attachment)
        && ok(anima_animator_add_behavior(s->animator, ball_attachment), "anima_animator_add_behavior")
        && ok(anima_animator_add_behavior(s->animator, star_attachment), "anima_animator_add_behavior")
        && ok(anima_animator_add_behavior(s->animator, collision), "anima_animator_add_behavior")
        && ok(anima_animator_add_behavior(s->animator, gravity), "anima_animator_add_behavior");
}

/* How far (pt) the ball's circle and the star's rotated square reach outside the view; 0 when inside. */
static double outside(anima_vec2 ball, anima_vec2 star, double star_rotation)
{
    const double r = SIDE / 2;
    double worst = fmax(fmax(r - ball.x, ball.x + r - SCREEN_WIDTH), fmax(r - ball.y, ball.y + r - SCREEN_HEIGHT));
    const double c = cos(star_rotation), s = sin(star_rotation);
    for (int k = 0; k < 4; k++) {
        const double u = (k & 1) ? r : -r, v = (k & 2) ? r : -r;
        const double x = star.x + c * u - s * v, y = star.y + s * u + c * v;
        worst = fmax(worst, fmax(fmax(-x, x - SCREEN_WIDTH), fmax(-y, y - SCREEN_HEIGHT)));
    }
    return fmax(worst, 0.0);
}

int main(void)
{
    scene s = { 0 };
    if (!build(&s)) {
        return 1;
    }

    const int frames = 40 * 60;
    double max_spin = 0.0;          /* largest |angular velocity| of the star */
    double fastest_early = 0.0;     /* fastest speed of either item in the first 10 s */
    double fastest_late = 0.0;      /* fastest speed of either item in the last 5 s */
    double worst_outside = 0.0;
    double paused_at = -1.0;
    for (int frame = 1; frame <= frames; frame++) {
        if (!ok(anima_animator_advance(s.animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        anima_vec2 ball = { 0.0, 0.0 }, star = { 0.0, 0.0 }, vb = { 0.0, 0.0 }, vs = { 0.0, 0.0 };
        double rotation = 0.0, spin = 0.0;
        bool running = true;
        ok(anima_item_get_center(s.ball, &ball), "anima_item_get_center");
        ok(anima_item_get_center(s.star, &star), "anima_item_get_center");
        ok(anima_item_get_linear_velocity(s.ball, &vb), "anima_item_get_linear_velocity");
        ok(anima_item_get_linear_velocity(s.star, &vs), "anima_item_get_linear_velocity");
        ok(anima_item_get_rotation(s.star, &rotation), "anima_item_get_rotation");
        ok(anima_item_get_angular_velocity(s.star, &spin), "anima_item_get_angular_velocity");
        ok(anima_animator_is_running(s.animator, &running), "anima_animator_is_running");
        const double fastest = fmax(hypot(vb.x, vb.y), hypot(vs.x, vs.y));
        max_spin = fmax(max_spin, fabs(spin));
        if (frame <= 10 * 60) {
            fastest_early = fmax(fastest_early, fastest);
        }
        if (frame > frames - 5 * 60) {
            fastest_late = fmax(fastest_late, fastest);
        }
        worst_outside = fmax(worst_outside, outside(ball, star, rotation));
        if (!running && paused_at < 0.0) {
            ok(anima_animator_get_elapsed_time(s.animator, &paused_at), "anima_animator_get_elapsed_time");
        }
        if (frame % 300 == 0) {
            printf("t = %4.1f s: ball (%6.1f, %6.1f), star (%6.1f, %6.1f) turned %+7.2f rad, fastest %7.2f pt/s%s\n",
                   frame / 60.0, ball.x, ball.y, star.x, star.y, rotation, fastest, running ? "" : ", paused");
        }
    }

    anima_vec2 ball = { 0.0, 0.0 }, star = { 0.0, 0.0 };
    ok(anima_item_get_center(s.ball, &ball), "anima_item_get_center");
    ok(anima_item_get_center(s.star, &star), "anima_item_get_center");
    printf("star spin up to %.2f rad/s; fastest %.2f pt/s in the first 10 s, %.4f pt/s in the last 5 s; "
           "at most %.3f pt outside the view; %s\n",
           max_spin, fastest_early, fastest_late, worst_outside,
           paused_at >= 0.0 ? "the animator paused" : "the animator never paused");
    if (paused_at >= 0.0) {
        printf("the animator paused after %.2f s\n", paused_at);
    }

    check(max_spin > 1.0, "the star spins: its angular velocity exceeds 1 rad/s at some point");
    check(star.y > ball.y, "the star ends below the ball");
    check(fastest_late < 0.5 * fastest_early,
          "the motion fades: the fastest speed in the last 5 s is under half of that in the first 10 s");
    check(worst_outside <= 1.0, "nothing leaves the view (within 1 pt) at any frame");

    ok(anima_animator_destroy(s.animator), "anima_animator_destroy");

    return finish("star spun at up to %.1f rad/s, ends %.1f pt below the ball; fastest %.1f -> %.3f pt/s", max_spin,
                  star.y - ball.y, fastest_early, fastest_late);
}
