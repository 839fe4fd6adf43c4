"""TransformBehavior: Listing 6-6 ("Building a Transform-Updating Behavior"), in Python.

Snaps pull four views into a pile while a custom behavior per view tweens its transform to
a target rotation and scale:

    self.action = ^(){
        CGAffineTransform t1 = strongSelf.originalTransform;
        CGAffineTransform t2 = strongSelf.targetTransform;
        CGFloat xScale1 = sqrt(t1.a * t1.a + t1.c * t1.c);
        CGFloat yScale1 = sqrt(t1.b * t1.b + t1.d * t1.d);
        CGFloat rotation1 = atan2f(t1.b, t1.a);
        ... the same for t2 ...
        strongSelf.velocity = velocity + strongSelf.acceleration;          // acceleration 0.0025
        strongSelf.percent = strongSelf.percent + strongSelf.velocity;
        CGFloat percent = MIN(1.0, MAX(strongSelf.percent, 0.0));
        percent = EaseOut(percent, 3);
        ... Tween() each of tx, ty, x scale, y scale and rotation ...
        t = CGAffineTransformIdentity;
        t = CGAffineTransformConcat(t, rotateTransform);
        t = CGAffineTransformConcat(t, scaleTransform);
        t = CGAffineTransformConcat(t, translateTransform);
        strongSelf.item.transform = t;
    };

The behavior never looks at the clock: each action call (one per internal step) adds
0.0025 to a velocity and the velocity to a percent, so after n calls
percent = 0.0025 n (n + 1) / 2; it is clamped to 0...1 and eased out,
EaseOut(p, 3) = 1 - (1 - p)^3. At Anima's 120 Hz the tween is done after 28 calls (0.23 s).
Transforms are handled as the listing does, with the helpers of transforms.py: an affine
matrix (a, b, c, d, tx, ty) decomposed into scales sqrt(a^2 + c^2), sqrt(b^2 + d^2) and
rotation atan2(b, a), rebuilt as rotate, then scale, then translate. That decomposition is
exact for uniform scales, which the targets here are. The item takes the result as
`anima.Transform(rotation, scale_x, scale_y, translation_x, translation_y)`.

An item's transform is its physics body's: the rotation written by the action is the
body's angle. A snap turns its item upright, so on a view that can turn it would pull
against the tween at every step (UIKit keeps the view's transform apart from its body, and
the action simply overwrites what the body shows). Here an item behavior locks the views'
rotation, with the implicit values of an ungoverned item otherwise (elasticity 0.2,
friction 0.2, resistance 0.1/s): the snaps move the views, the tweens alone turn and scale
them.

Four 90 x 120 pt views start in the corners of a 320 x 568 pt view, some already turned
or scaled, and snap to points around the middle; nothing collides. The program advances
60 Hz frames until the animator pauses (at most 5 s).

Checks: every call made from the actions succeeded; each view ends at its snap point
(within 0.5 pt), with its target rotation and scale (within 1e-6) and its translation
tweened to the target (within 1e-6 pt); each behavior's percent after n action calls is
0.0025 n (n + 1) / 2; the animator paused (did-pause delegate called once). Exits 1 if any
check fails.
"""

import math
import sys

import anima

import _checks
import transforms

SCREEN = (0.0, 0.0, 320.0, 568.0)
FRAME = 1.0 / 60.0
VIEW_SIZE = (90.0, 120.0)

#: Each view: start center, start transform, snap point, target rotation, scale and translation.
VIEWS = (
    ((60.0, 80.0), anima.Transform(0.0, 1.0, 1.0, 0.0, 0.0), (154.0, 278.0), -0.30, 0.90, (0.0, 0.0)),
    ((260.0, 80.0), anima.Transform(0.40, 1.0, 1.0, 0.0, 0.0), (166.0, 278.0), -0.10, 1.00, (0.0, 0.0)),
    ((60.0, 488.0), anima.Transform(-0.20, 0.80, 0.80, 0.0, 0.0), (154.0, 290.0), 0.10, 1.10, (0.0, 0.0)),
    ((260.0, 488.0), anima.Transform(0.0, 1.20, 1.20, 4.0, -4.0), (166.0, 290.0), 0.30, 1.20, (2.0, 2.0)),
)


class TransformBehavior(anima.Behavior):
    """Listing 6-6: tweens ``item``'s transform from what it is now to ``transform``.

    ``transform`` is a :class:`transforms.Affine`. The tween accelerates by
    ``acceleration`` per action call; it never reads the clock.
    """

    def __init__(self, item: anima.Item, transform: transforms.Affine) -> None:
        """-[TransformBehavior initWithItem:transform:]."""
        super().__init__(item.animator)
        # store the passed information
        self.item = item
        self.original_transform = transforms.from_item_transform(item.transform)
        self.target_transform = transform
        # initialize velocity and acceleration
        self.velocity = 0.0
        self.acceleration = 0.0025
        self.percent = 0.0
        self.calls = 0
        self.errors: list[str] = []   # messages of the calls from the action that failed

    def action(self) -> None:
        """The action block of Listing 6-6, called after every internal step."""
        self.calls += 1

        # pull out the original and destination transforms
        t1 = self.original_transform
        t2 = self.target_transform
        x_scale1, y_scale1 = transforms.x_scale_of(t1), transforms.y_scale_of(t1)
        rotation1 = transforms.rotation_of(t1)
        x_scale2, y_scale2 = transforms.x_scale_of(t2), transforms.y_scale_of(t2)
        rotation2 = transforms.rotation_of(t2)

        # the accelerating progress
        self.velocity = self.velocity + self.acceleration
        self.percent = self.percent + self.velocity
        percent = min(1.0, max(self.percent, 0.0))
        percent = transforms.ease_out(percent, 3)

        # the tweened values, combined and applied
        t = transforms.compose(
            transforms.tween(rotation1, rotation2, percent),
            transforms.tween(x_scale1, x_scale2, percent),
            transforms.tween(y_scale1, y_scale2, percent),
            transforms.tween(t1.tx, t2.tx, percent),
            transforms.tween(t1.ty, t2.ty, percent),
        )
        try:
            self.item.transform = transforms.to_item_transform(t)
        except anima.AnimaError as error:
            self.errors.append(str(error))


def main() -> int:
    """Run the pile until the animator pauses, print what happened, return the exit status."""
    animator = anima.Animator(reference_bounds=SCREEN)
    pauses = _checks.pauses_of(animator)

    items: list[anima.Item] = []
    tweens: list[TransformBehavior] = []
    for start, start_transform, snap_point, target_rotation, target_scale, (tx, ty) in VIEWS:
        item = anima.Item(animator, center=start, size=VIEW_SIZE, rotation=start_transform.rotation,
                          scale=(start_transform.scale_x, start_transform.scale_y),
                          translation=(start_transform.translation_x, start_transform.translation_y))
        animator.add_behavior(anima.Snap(item, snap_point))
        tween = TransformBehavior(item, transforms.compose(target_rotation, target_scale, target_scale, tx, ty))
        animator.add_behavior(tween)
        items.append(item)
        tweens.append(tween)

    # The snaps move the views; only the tweens turn them.
    animator.add_behavior(anima.ItemBehavior(items, allows_rotation=False, elasticity=0.2, friction=0.2,
                                             resistance=0.1, angular_resistance=0.1))

    running = True
    frame = 0
    while frame < round(5.0 / FRAME) and running:
        animator.advance(FRAME)
        running = animator.is_running
        if frame < 30 and frame % 3 == 2:   # the tween, then the snap's last oscillations
            (x, y), t = items[3].center, items[3].transform
            print(f"t = {(frame + 1) * FRAME:.2f} s: view 4 at ({x:.2f}, {y:.2f}), rotation {t.rotation:.6f}, "
                  f"scale {t.scale_x:.6f}")
        frame += 1
    elapsed = animator.elapsed_time

    worst_place = worst_rotation = worst_scale = worst_translation = 0.0
    percent_law = True
    errors: list[str] = []
    for k, (item, tween, view) in enumerate(zip(items, tweens, VIEWS), start=1):
        _, _, snap_point, target_rotation, target_scale, target_translation = view
        (x, y), t = item.center, item.transform
        miss = math.hypot(x - snap_point[0], y - snap_point[1])
        worst_place = max(worst_place, miss)
        worst_rotation = max(worst_rotation, abs(t.rotation - target_rotation))
        worst_scale = max(worst_scale, abs(t.scale_x - target_scale), abs(t.scale_y - target_scale))
        worst_translation = max(worst_translation, math.hypot(t.translation_x - target_translation[0],
                                                              t.translation_y - target_translation[1]))
        n = tween.calls
        percent_law = percent_law and abs(tween.percent - 0.0025 * n * (n + 1) / 2.0) <= 1e-9 * n * n
        errors += tween.errors
        print(f"view {k}: at ({x:.3f}, {y:.3f}), {miss:.4f} pt from its snap point; rotation {t.rotation:+.8f} "
              f"(target {target_rotation:+.2f}), scale ({t.scale_x:.8f}, {t.scale_y:.8f}) (target {target_scale:.2f}), "
              f"translation ({t.translation_x:.3f}, {t.translation_y:.3f}); {n} action calls")
    fastest = max(math.hypot(*item.velocity) for item in items)
    fastest_turn = max(abs(item.angular_velocity) for item in items)
    resting = sum(1 for item in items if item.is_resting)
    print(f"the animator {'is still running' if running else 'paused'} after {elapsed:.3f} s ({frame} frames); "
          f"the views move at most {fastest:.3g} pt/s and {fastest_turn:.3g} rad/s, "
          f"{resting} of {len(items)} resting")
    for error in errors:
        print(f"  action error: {error}")

    def summary() -> str:
        return (f"{len(items)} views at most {worst_place:.3f} pt from their snap points, rotation and scale "
                f"within {max(worst_rotation, worst_scale):.1e} of the targets, paused after {elapsed:.2f} s")

    checks = [
        (not errors, "every call made from the actions succeeded"),
        (worst_place <= 0.5, "every view ends at its snap point (within 0.5 pt)"),
        (worst_rotation <= 1e-6, "with its target rotation (within 1e-6 rad)"),
        (worst_scale <= 1e-6, "and its target scale (within 1e-6)"),
        (worst_translation <= 1e-6, "and its translation tweened to the target"),
        (percent_law, "each behavior's percent is 0.0025 n (n + 1) / 2 after n calls"),
        (not running and len(pauses) == 1, "the animator paused (did_pause called)"),
    ]
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
