"""Custom dynamic items ("Creating Custom Dynamic Items"), in Python.

A dynamic item that is not a view, pushed continuously along the diagonal:

    item = [[CustomDynamicItem alloc] init];
    item.bounds = CGRectMake(0, 0, 100, 100);
    item.center = CGPointMake(50, 50);
    item.transform = CGAffineTransformIdentity;

    animator = [[UIDynamicAnimator alloc] init];
    UIPushBehavior *push = [[UIPushBehavior alloc]
        initWithItems:@[item] mode:UIPushBehaviorModeContinuous];
    push.angle = M_PI_4;
    push.magnitude = 1.0;
    [animator addBehavior:push];
    push.active = YES;

The listing's log, about once a second: the center moves, the bounds and transform do not.

    Bounds: [0, 0, 100, 100], Center: (86 86), Transform: Theta: {0.000000 radians, 0.000000°} ...
    Bounds: [0, 0, 100, 100], Center: (188 188), ...
    Bounds: [0, 0, 100, 100], Center: (351 351), ...
    Bounds: [0, 0, 100, 100], Center: (568 568), ...

An `anima.Item` is such an abstract item: a size (its bounds), a center and a transform,
with no view behind it, and the animator has no reference view. The item, 100 x 100 pt of
density 1, has mass 1, so the push of magnitude 1 accelerates it at a = 100 pt/s^2 along
pi/4; with the implicit linear damping c = 0.1/s of an item that no item behavior governs
it travels d(t) = (a/c)(t - (1 - e^(-c t))/c), a little less than (1/2) a t^2.

Checks (60 Hz frames for 4 s, looked at each second, printed as the listing's log): the
item has mass 1; the center moves along the diagonal (x == y within 1e-9 relative); the
bounds stay 100 x 100 and the transform stays the identity; the distance travelled is d(t)
within 1 %. Exits 1 if any check fails.
"""

import math
import sys

import anima

import _checks

FRAME = 1.0 / 60.0
ACCELERATION = 100.0   # pt/s^2: 100 x magnitude 1 / mass 1
DAMPING = 0.1          # implicit linear damping, 1/s
#: The centers in the listing's log, about a second apart (both coordinates).
LISTING_LOG = (86, 188, 351, 568)


def main() -> int:
    """Push the item for 4 s, print it each second, return the exit status."""
    a, c = ACCELERATION, DAMPING
    animator = anima.Animator()   # no reference view

    item = anima.Item(animator, size=(100.0, 100.0), center=(50.0, 50.0))
    item.transform = anima.Transform()   # the identity
    start = item.center

    push = anima.Push([item], mode="continuous")
    push.angle = math.pi / 4
    push.magnitude = 1.0
    animator.add_behavior(push)
    push.active = True
    print(f"mass {item.mass:.6f}")

    worst_diagonal = 0.0   # largest |dx - dy| / |dx| of the displacement
    worst_law = 0.0        # largest relative error of the distance
    same_bounds = True
    same_transform = True
    distance = 0.0
    t = 0.0
    for second, logged in enumerate(LISTING_LOG, start=1):
        for _ in range(60):
            animator.advance(FRAME)
        t = animator.elapsed_time
        center, size, transform = item.center, item.size, item.transform
        print(f"t = {t:.0f} s: Bounds: [0, 0, {size[0]:g}, {size[1]:g}], Center: ({center[0]:.0f} {center[1]:.0f}), "
              f"Transform: Theta: {{{transform.rotation:f} radians, {math.degrees(transform.rotation):f} deg}} "
              f"Scale: {{{transform.scale_x:f}, {transform.scale_y:f}}} "
              f"Translation: {{{transform.translation_x:f}, {transform.translation_y:f}}}")

        dx, dy = center[0] - start[0], center[1] - start[1]
        distance = math.hypot(dx, dy)
        expected = (a / c) * (t - (1.0 - math.exp(-c * t)) / c)
        worst_diagonal = max(worst_diagonal, abs(dx - dy) / abs(dx))
        worst_law = max(worst_law, abs(distance - expected) / expected)
        same_bounds = same_bounds and item.bounds == (0.0, 0.0, 100.0, 100.0)
        same_transform = same_transform and tuple(transform) == (0.0, 1.0, 1.0, 0.0, 0.0)
        print(f"         travelled {distance:.3f} pt: damped law {expected:.3f} pt "
              f"({100 * (distance - expected) / expected:+.4f} %), undamped (1/2) a t^2 = {0.5 * a * t * t:.1f} pt; "
              f"the listing's log: ({logged} {logged})")

    def summary() -> str:
        return (f"{distance:.1f} pt along the diagonal in {t:.0f} s, within {100 * worst_law:.3f} % of the damped "
                f"law; bounds and transform unchanged")

    checks = [
        (abs(item.mass - 1.0) < 1e-12, "the 100 x 100 pt item has mass 1"),
        (worst_diagonal <= 1e-9, "the center moves along the diagonal (x == y within 1e-9 relative)"),
        (same_bounds, "the bounds stay 100 x 100"),
        (same_transform, "the transform stays the identity"),
        (worst_law <= 0.01, "it travels (a/c)(t - (1 - e^(-c t))/c) with a = 100 pt/s^2, c = 0.1/s, within 1 %"),
    ]
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
