/*
 * bouncing_spring_behavior.c: the ball-and-star scene of spring_attachment.c packed into one
 * composite behavior, BouncingSpringBehavior (UIKit Dynamics, Listings 13-27 to 13-29).
 *
 *     -(instancetype)initWithItems:(NSArray *)items withAnchorPoint:(NSString *)anchorPointString
 *     {
 *         if (self = [super init]) {
 *             CGPoint anchorPoint = CGPointFromString(anchorPointString);
 *             UIGravityBehavior *gravityBehavior = [[UIGravityBehavior alloc] initWithItems:items];
 *             UICollisionBehavior *collisionBehavior = [[UICollisionBehavior alloc] initWithItems:items];
 *             UIAttachmentBehavior *item1AttachmentBehavior = [[UIAttachmentBehavior alloc]
 *                 initWithItem:[items objectAtIndex:0] attachedToAnchor:anchorPoint];
 *             UIAttachmentBehavior *item2AttachmentBehavior = [[UIAttachmentBehavior alloc]
 *                 initWithItem:[items objectAtIndex:1] offsetFromCenter:UIOffsetMake(-20.0, 0)
 *                 attachedToItem:[items objectAtIndex:0] offsetFromCenter:UIOffsetZero];
 *             collisionBehavior.translatesReferenceBoundsIntoBoundary = YES;
 *             [item1AttachmentBehavior setFrequency:1.0];
 *             [item2AttachmentBehavior setDamping:0.65];
 *             [item1AttachmentBehavior setFrequency:1.0];
 *             [item2AttachmentBehavior setDamping:0.65];
 *             [self addChildBehavior:gravityBehavior];
 *             [self addChildBehavior:collisionBehavior];
 *             [self addChildBehavior:item1AttachmentBehavior];
 *             [self addChildBehavior:item2AttachmentBehavior];
 *         }
 *         return self;
 *     }
 *
 *     // Listing 13-29, in viewDidLoad:
 *     CGPoint anchorPoint = CGPointMake(self.view.frame.size.width/2, 20);
 *     NSString *anchorPointString = NSStringFromCGPoint(anchorPoint);
 *     BouncingSpringBehavior *bouncingSpringBehavior = [[BouncingSpringBehavior alloc]
 *         initWithItems:@[self.ball,self.star] withAnchorPoint:anchorPointString];
 *     [self.animator addBehavior:bouncingSpringBehavior];
 *
 * The printed listing sets item 1's frequency twice and item 2's damping twice, so taken
 * literally the ball's spring would have no damping and the star's "spring" would be a rigid rod;
 * the text says the class holds the behaviors of the previous example, so here both springs get
 * frequency 1.0 and damping 0.65, as in Listing 13-26. The anchor point travels as a string, as
 * in the listing ("{160, 20}", parsed back with sscanf).
 *
 * The program builds two animators from the same items: one as in Listing 13-26 (the four
 * behaviors added one by one, in that listing's order) and one with a single
 * anima_animator_add_behavior of the composite, whose children are the gravity, the collision and
 * the two attachments in Listing 13-28's order. It advances both by the same 60 Hz frames for
 * 20 s and checks that
 *   - the composite is a plain behavior with four children, and it is the animator's only
 *     top-level behavior; each child names it as its parent,
 *   - after every frame the poses (center x, center y, rotation) of the two animators are
 *     bit-identical, and so are the step counts and running states,
 *   - the star spins and hangs below the ball at the end, as in spring_attachment.c.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "bouncing_spring_behavior"
#include "example.h"

#include <string.h>

#define SIDE 64.0   /* the ball and the star, pt, as in spring_attachment.c */

typedef struct scene {
    anima_animator animator;
    anima_item ball;
    anima_item star;
} scene;

/* The view controller's part: an animator over the view and the two image views. */
static bool create_view(scene *s)
{
    anima_item_def star_def = anima_default_item_def();
    star_def.center = (anima_vec2){ 200.0, 240.0 };
    star_def.size = (anima_size){ SIDE, SIDE };
    return create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &s->animator)
        && create_ball(s->animator, (anima_vec2){ 160.0, 150.0 }, SIDE, &s->ball)
        && ok(anima_item_create(s->animator, &star_def, &s->star), "anima_item_create");
}

static bool make_spring(anima_behavior attachment)
{
    return ok(anima_attachment_set_frequency(attachment, 1.0), "anima_attachment_set_frequency")
        && ok(anima_attachment_set_damping(attachment, 0.65), "anima_attachment_set_damping");
}

/* The four behaviors of the scene (gravity, collision, item 1 to the anchor, item 2 to item 1). */
static bool create_behaviors(anima_animator animator, const anima_item items[2], anima_vec2 anchor_point,
                             anima_behavior out[4])
{
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    anima_attachment_def attachment_def = anima_default_attachment_def();
    return ok(anima_gravity_create(animator, &gravity_def, items, 2, &out[0]), "anima_gravity_create")
        && ok(anima_collision_create(animator, &collision_def, items, 2, &out[1]), "anima_collision_create")
        && ok(anima_attachment_create_to_anchor(animator, &attachment_def, items[0], (anima_vec2){ 0.0, 0.0 },
                                                anchor_point, &out[2]),
              "anima_attachment_create_to_anchor")
        && ok(anima_attachment_create_to_item(animator, &attachment_def, items[1], (anima_vec2){ -20.0, 0.0 }, items[0],
                                              (anima_vec2){ 0.0, 0.0 }, &out[3]),
              "anima_attachment_create_to_item")
        && ok(anima_collision_set_translates_reference_bounds(out[1], true, NULL),
              "anima_collision_set_translates_reference_bounds")
        && make_spring(out[2]) && make_spring(out[3]);
}

/* Listing 13-28: -[BouncingSpringBehavior initWithItems:withAnchorPoint:]. */
static bool bouncing_spring_behavior_create(anima_animator animator, const anima_item items[2],
                                            const char *anchor_point_string, anima_behavior *out)
{
    anima_vec2 anchor_point = { 0.0, 0.0 };
    if (sscanf(anchor_point_string, "{%lf, %lf}", &anchor_point.x, &anchor_point.y) != 2) {
        fprintf(stderr, "bouncing_spring_behavior: cannot read a point from \"%s\"\n", anchor_point_string);
        failures++;
        return false;
    }
    anima_behavior self;
    anima_behavior children[4];
    if (!ok(anima_behavior_create(animator, &self), "anima_behavior_create")
        || !create_behaviors(animator, items, anchor_point, children)) {
        return false;
    }
    for (int k = 0; k < 4; k++) {
        if (!ok(anima_behavior_add_child(self, children[k]), "anima_behavior_add_child")) {
            return false;
        }
    }
    *out = self;
    return true;
}

int main(void)
{
    /* Listing 13-26: the behaviors added one by one. */
    scene flat = { 0 };
    if (!create_view(&flat)) {
        return 1;
    }
    const anima_item flat_items[2] = { flat.ball, flat.star };
    anima_behavior b[4];   /* gravity, collision, ball attachment, star attachment */
    if (!create_behaviors(flat.animator, flat_items, (anima_vec2){ SCREEN_WIDTH / 2, 20.0 }, b)
        || !ok(anima_animator_add_behavior(flat.animator, b[2]), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(flat.animator, b[3]), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(flat.animator, b[1]), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(flat.animator, b[0]), "anima_animator_add_behavior")) {
        return 1;
    }

    /* Listing 13-29: one composite behavior. */
    scene packed = { 0 };
    if (!create_view(&packed)) {
        return 1;
    }
    char anchor_point_string[64];
    snprintf(anchor_point_string, sizeof anchor_point_string, "{%g, %g}", SCREEN_WIDTH / 2, 20.0);
    const anima_item packed_items[2] = { packed.ball, packed.star };
    anima_behavior bouncing_spring_behavior;
    if (!bouncing_spring_behavior_create(packed.animator, packed_items, anchor_point_string, &bouncing_spring_behavior)
        || !ok(anima_animator_add_behavior(packed.animator, bouncing_spring_behavior), "anima_animator_add_behavior")) {
        return 1;
    }

    anima_kind kind = ANIMA_KIND_NONE;
    anima_behavior children[8];
    int32_t child_count = 0;
    anima_behavior top[8];
    int32_t top_count = 0;
    bool children_added = true;
    ok(anima_behavior_get_kind(bouncing_spring_behavior, &kind), "anima_behavior_get_kind");
    ok(anima_behavior_get_children(bouncing_spring_behavior, children, 8, &child_count), "anima_behavior_get_children");
    ok(anima_animator_get_behaviors(packed.animator, top, 8, &top_count), "anima_animator_get_behaviors");
    for (int32_t k = 0; k < child_count; k++) {
        anima_behavior parent = anima_behavior_null();
        ok(anima_behavior_get_parent(children[k], &parent), "anima_behavior_get_parent");
        children_added = children_added && same_behavior(parent, bouncing_spring_behavior);
    }
    printf("composite: kind %d, %d children, the animator holds %d top-level behavior(s) (anchor string \"%s\")\n",
           (int)kind, (int)child_count, (int)top_count, anchor_point_string);

    /* The same frames for both. */
    const int frames = 20 * 60;
    int first_difference = -1;
    double largest_difference = 0.0;
    double max_spin = 0.0;
    for (int frame = 1; frame <= frames; frame++) {
        if (!ok(anima_animator_advance(flat.animator, 1.0 / 60.0), "anima_animator_advance")
            || !ok(anima_animator_advance(packed.animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        double poses_flat[6], poses_packed[6];
        int32_t n_flat = 0, n_packed = 0;
        uint64_t steps_flat = 0, steps_packed = 0;
        bool running_flat = false, running_packed = false;
        double spin = 0.0;
        ok(anima_animator_copy_item_poses(flat.animator, poses_flat, 2, &n_flat), "anima_animator_copy_item_poses");
        ok(anima_animator_copy_item_poses(packed.animator, poses_packed, 2, &n_packed), "anima_animator_copy_item_poses");
        ok(anima_animator_get_step_count(flat.animator, &steps_flat), "anima_animator_get_step_count");
        ok(anima_animator_get_step_count(packed.animator, &steps_packed), "anima_animator_get_step_count");
        ok(anima_animator_is_running(flat.animator, &running_flat), "anima_animator_is_running");
        ok(anima_animator_is_running(packed.animator, &running_packed), "anima_animator_is_running");
        ok(anima_item_get_angular_velocity(packed.star, &spin), "anima_item_get_angular_velocity");
        max_spin = fmax(max_spin, fabs(spin));
        const bool same = n_flat == 2 && n_packed == 2 && memcmp(poses_flat, poses_packed, sizeof poses_flat) == 0
                       && steps_flat == steps_packed && running_flat == running_packed;
        if (!same && first_difference < 0) {
            first_difference = frame;
        }
        for (int k = 0; k < 6; k++) {
            largest_difference = fmax(largest_difference, fabs(poses_flat[k] - poses_packed[k]));
        }
        if (frame % 300 == 0) {
            printf("t = %4.1f s: ball (%.6f, %.6f), star (%.6f, %.6f, %+.6f rad) [composite]; largest difference so far %.3g\n",
                   frame / 60.0, poses_packed[0], poses_packed[1], poses_packed[3], poses_packed[4], poses_packed[5],
                   largest_difference);
        }
    }
    anima_vec2 ball = { 0.0, 0.0 }, star = { 0.0, 0.0 };
    ok(anima_item_get_center(packed.ball, &ball), "anima_item_get_center");
    ok(anima_item_get_center(packed.star, &star), "anima_item_get_center");

    check(kind == ANIMA_KIND_CUSTOM && child_count == 4, "the composite is a plain behavior with four children");
    check(top_count == 1 && same_behavior(top[0], bouncing_spring_behavior),
          "it is the animator's only top-level behavior (one add_behavior call)");
    check(children_added, "each child names the composite as its parent");
    if (first_difference > 0) {
        printf("the poses first differ after frame %d; largest difference %.3g\n", first_difference, largest_difference);
    }
    check(first_difference < 0, "after every frame the poses of both animators are bit-identical");
    check(max_spin > 1.0, "the star spins (angular velocity above 1 rad/s at some point)");
    check(star.y > ball.y, "the star ends below the ball");

    ok(anima_animator_destroy(flat.animator), "anima_animator_destroy");
    ok(anima_animator_destroy(packed.animator), "anima_animator_destroy");

    return finish("%d frames of the composite scene bit-identical to the flat one (largest difference %.3g), "
                  "star spun at up to %.1f rad/s",
                  first_difference < 0 ? frames : first_difference - 1, largest_difference, max_spin);
}
