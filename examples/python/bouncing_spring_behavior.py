"""BouncingSpringBehavior: Listings 13-27 to 13-29 of Recipe 13-2, in Python.

The ball-and-star scene of spring_attachment.py packed into one composite behavior, a
subclass of `anima.Behavior` whose initializer (Listing 13-28) makes the gravity, the
collision and the two attachments and adds them as its children:

    -(instancetype)initWithItems:(NSArray *)items withAnchorPoint:(NSString *)anchorPointString
    {
        CGPoint anchorPoint = CGPointFromString(anchorPointString);
        ... gravityBehavior, collisionBehavior, item1AttachmentBehavior, item2AttachmentBehavior ...
        [self addChildBehavior:gravityBehavior];
        [self addChildBehavior:collisionBehavior];
        [self addChildBehavior:item1AttachmentBehavior];
        [self addChildBehavior:item2AttachmentBehavior];
    }

    // Listing 13-29, in viewDidLoad:
    CGPoint anchorPoint = CGPointMake(self.view.frame.size.width/2, 20);
    NSString *anchorPointString = NSStringFromCGPoint(anchorPoint);
    BouncingSpringBehavior *bouncingSpringBehavior = [[BouncingSpringBehavior alloc]
        initWithItems:@[self.ball,self.star] withAnchorPoint:anchorPointString];
    [self.animator addBehavior:bouncingSpringBehavior];

The printed Listing 13-28 sets item 1's frequency twice and item 2's damping twice, so
taken literally the ball's spring would have no damping and the star's "spring" would be
a rigid rod; the text says the class holds the behaviors of the previous example, so here
both springs get frequency 1.0 and damping 0.65, as in Listing 13-26. The anchor point
travels as a string ("{160, 20}"), as in the listing.

The program builds the scene twice: once as in Listing 13-26 (scenes.spring_attachment:
the four behaviors added one by one) and once with a single add_behavior of the
composite. It advances both by the same 60 Hz frames for 20 s.

Checks: the composite has four children (gravity, collision, two attachments, in Listing
13-28's order) and is the animator's only top-level behavior; each child names it as its
parent; after every frame the poses of the two animators (animator.poses().tobytes():
center x, center y, rotation of each item) are bit-identical, and so are the step counts
and the running states; the star spins (above 1 rad/s at some point) and ends below the
ball. Exits 1 if any check fails.
"""

import re
import sys
from collections.abc import Sequence

import anima

import _checks
import scenes

FRAME = 1.0 / 60.0
SECONDS = 20


def string_from_point(point: scenes.Point) -> str:
    """NSStringFromCGPoint: '{x, y}'."""
    return f"{{{point[0]:g}, {point[1]:g}}}"


def point_from_string(text: str) -> scenes.Point:
    """CGPointFromString: the point written as '{x, y}'."""
    number = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
    match = re.fullmatch(r"\{" + number + "," + number + r"\}", text)
    if match is None:
        raise ValueError(f"cannot read a point from {text!r}")
    return float(match.group(1)), float(match.group(2))


class BouncingSpringBehavior(anima.Behavior):
    """Listing 13-28: gravity, collision with the bounds, and two springs, as children.

    ``items`` is (item1, item2): item1 hangs from the anchor point, item2 hangs from item1's
    center by its point 20 pt left of its own center.
    """

    def __init__(self, items: Sequence[anima.Item], anchor_point_string: str) -> None:
        """Make the four behaviors of the scene and add them as this behavior's children."""
        item1, item2 = items
        super().__init__(item1.animator)
        anchor_point = point_from_string(anchor_point_string)
        gravity_behavior = anima.Gravity(items)
        collision_behavior = anima.Collision(items)
        item1_attachment_behavior = anima.Attachment(item1, anchor=anchor_point)
        item2_attachment_behavior = anima.Attachment(item2, to=item1, offset=scenes.STAR_ATTACHMENT_OFFSET,
                                                     other_offset=(0.0, 0.0))
        collision_behavior.translates_reference_bounds_into_boundary = True
        for spring in (item1_attachment_behavior, item2_attachment_behavior):
            spring.frequency = scenes.SPRING_FREQUENCY
            spring.damping = scenes.SPRING_DAMPING
        self.add_child(gravity_behavior)
        self.add_child(collision_behavior)
        self.add_child(item1_attachment_behavior)
        self.add_child(item2_attachment_behavior)


def main() -> int:
    """Run the flat and the composite scene side by side, print what happened, return the exit status."""
    flat = scenes.spring_attachment()                      # Listing 13-26

    animator, ball, star = scenes.spring_attachment_view()  # Listing 13-29
    anchor_point_string = string_from_point(scenes.SPRING_ANCHOR)
    bouncing_spring_behavior = BouncingSpringBehavior([ball, star], anchor_point_string)
    animator.add_behavior(bouncing_spring_behavior)

    children = bouncing_spring_behavior.children
    kinds = [type(child).__name__ for child in children]
    top = animator.behaviors
    children_added = all(child.parent is bouncing_spring_behavior for child in children)
    print(f"composite: {type(bouncing_spring_behavior).__name__} with {len(children)} children "
          f"({', '.join(kinds)}), the animator holds {len(top)} top-level behavior(s) "
          f"(anchor string {anchor_point_string!r})")

    frames = SECONDS * 60
    first_difference = None
    largest_difference = 0.0
    max_spin = 0.0
    for frame in range(1, frames + 1):
        flat.animator.advance(FRAME)
        animator.advance(FRAME)
        poses_flat, poses_packed = flat.animator.poses(), animator.poses()
        max_spin = max(max_spin, abs(star.angular_velocity))
        same = (poses_flat.shape == poses_packed.shape == (2, 3)
                and poses_flat.tobytes() == poses_packed.tobytes()
                and flat.animator.step_count == animator.step_count
                and flat.animator.is_running == animator.is_running)
        if not same and first_difference is None:
            first_difference = frame
        for row_flat, row_packed in zip(poses_flat.tolist(), poses_packed.tolist()):
            for a, b in zip(row_flat, row_packed):
                largest_difference = max(largest_difference, abs(a - b))
        if frame % 300 == 0:
            (bx, by, _), (sx, sy, sr) = poses_packed[0], poses_packed[1]
            print(f"t = {frame / 60:4.1f} s: ball ({bx:.6f}, {by:.6f}), star ({sx:.6f}, {sy:.6f}, {sr:+.6f} rad) "
                  f"[composite]; largest difference so far {largest_difference:.3g}")

    ball_y, star_y = ball.center[1], star.center[1]
    def summary() -> str:
        return (f"{frames} frames of the composite scene bit-identical to the flat one "
                f"(largest difference {largest_difference:.3g}), star spun at up to {max_spin:.1f} rad/s")

    checks = [
        (isinstance(bouncing_spring_behavior, anima.Behavior)
         and kinds == ["Gravity", "Collision", "Attachment", "Attachment"],
         "the composite is a Behavior subclass with four children: gravity, collision, two attachments"),
        (len(top) == 1 and top[0] is bouncing_spring_behavior,
         "it is the animator's only top-level behavior (one add_behavior call)"),
        (children_added, "each child names the composite as its parent"),
        (first_difference is None, "after every frame the poses of both animators are bit-identical"),
        (max_spin > 1.0, "the star spins (angular velocity above 1 rad/s at some point)"),
        (star_y > ball_y, "the star ends below the ball"),
    ]
    if first_difference is not None:
        print(f"the poses first differ after frame {first_difference}; largest difference {largest_difference:.3g}")
    flat.animator.destroy()
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
