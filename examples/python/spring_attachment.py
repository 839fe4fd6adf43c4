"""Spring Attachment: Listings 13-25 and 13-26 of Recipe 13-2, in Python.

A ball hangs on a spring from an anchor and a star hangs on a spring from the ball, off
its center, so that it spins:

    CGPoint anchorPoint = CGPointMake(self.view.frame.size.width/2, 20);
    UIAttachmentBehavior *ballAttachmentBehavior = [[UIAttachmentBehavior alloc]
        initWithItem:self.ball attachedToAnchor:anchorPoint];
    UIAttachmentBehavior *starAttachmentBehavior = [[UIAttachmentBehavior alloc]
        initWithItem:self.star offsetFromCenter:UIOffsetMake(-20.0, 0)
        attachedToItem:self.ball offsetFromCenter:UIOffsetZero];
    collisionBehavior.translatesReferenceBoundsIntoBoundary = YES;
    [ballAttachmentBehavior setFrequency:1.0];  [ballAttachmentBehavior setDamping:0.65];
    [starAttachmentBehavior setFrequency:1.0];  [starAttachmentBehavior setDamping:0.65];

In the 320 x 568 pt view, the 64 x 64 pt ball (an ellipse, center (160, 150)) and the
64 x 64 pt star (its square, center (200, 240)) start at rest. The ball's spring to the
anchor (160, 20) and the star's spring from its point (-20, 0) to the ball's center take
their lengths from these positions. Gravity pulls both down; they collide with each other
and with the view's bounds.

Checks (60 Hz frames for 40 s): the star spins (its angular velocity exceeds 1 rad/s at
some point); it ends below the ball; the motion fades (the fastest speed of either item in
the last 5 s is under half of the fastest in the first 10 s); nothing leaves the view (the
ball's circle and the star's four turned corners stay inside the bounds, within 1 pt, at
every frame). Exits 1 if any check fails.
"""

import math
import sys

import _checks
import scenes

FRAME = 1.0 / 60.0
SECONDS = 40
EARLY_SECONDS = 10   # the first seconds, for the fastest speed early on
LATE_SECONDS = 5     # the last seconds, for the fastest speed at the end


def outside(ball: scenes.Point, star: scenes.Point, star_rotation: float) -> float:
    """How far (pt) the ball's circle and the star's turned square reach outside the view; 0 inside."""
    left, top, width, height = scenes.REFERENCE_BOUNDS
    right, bottom = left + width, top + height
    r = scenes.BALL_SIZE[0] / 2
    bx, by = ball
    worst = max(left + r - bx, bx + r - right, top + r - by, by + r - bottom)
    c, s = math.cos(star_rotation), math.sin(star_rotation)
    half_w, half_h = scenes.STAR_SIZE[0] / 2, scenes.STAR_SIZE[1] / 2
    for u in (-half_w, half_w):
        for v in (-half_h, half_h):
            x = star[0] + c * u - s * v
            y = star[1] + s * u + c * v
            worst = max(worst, left - x, x - right, top - y, y - bottom)
    return max(worst, 0.0)


def main() -> int:
    """Run the scene for 40 s, print what happened, return the exit status."""
    scene = scenes.spring_attachment()
    animator = scene.animator
    ball, star = scene.balls["ball"], scene.balls["star"]
    print(f"spring attachment ({scene.listings}): ball at {scenes.format_point(ball.center)}, "
          f"star at {scenes.format_point(star.center)}, anchor {scenes.format_point(scenes.SPRING_ANCHOR)}")

    frames = SECONDS * 60
    max_spin = 0.0        # largest |angular velocity| of the star
    fastest_early = 0.0   # fastest speed of either item in the first 10 s
    fastest_late = 0.0    # fastest speed of either item in the last 5 s
    worst_outside = 0.0
    paused_at = None
    for frame in range(1, frames + 1):
        animator.advance(FRAME)
        fastest = max(math.hypot(*ball.velocity), math.hypot(*star.velocity))
        max_spin = max(max_spin, abs(star.angular_velocity))
        if frame <= EARLY_SECONDS * 60:
            fastest_early = max(fastest_early, fastest)
        if frame > frames - LATE_SECONDS * 60:
            fastest_late = max(fastest_late, fastest)
        worst_outside = max(worst_outside, outside(ball.center, star.center, star.rotation))
        running = animator.is_running
        if not running and paused_at is None:
            paused_at = animator.elapsed_time
        if frame % 300 == 0:
            (bx, by), (sx, sy) = ball.center, star.center
            print(f"t = {frame / 60:4.1f} s: ball ({bx:6.1f}, {by:6.1f}), star ({sx:6.1f}, {sy:6.1f}) "
                  f"turned {star.rotation:+7.2f} rad, fastest {fastest:7.2f} pt/s{'' if running else ', paused'}")

    ball_y, star_y = ball.center[1], star.center[1]
    print(f"star spin up to {max_spin:.2f} rad/s; fastest {fastest_early:.2f} pt/s in the first {EARLY_SECONDS} s, "
          f"{fastest_late:.4f} pt/s in the last {LATE_SECONDS} s; at most {worst_outside:.3f} pt outside the view; "
          + ("the animator paused" if paused_at is not None else "the animator never paused"))
    if paused_at is not None:
        print(f"the animator paused after {paused_at:.2f} s")

    def summary() -> str:
        return (f"star spun at up to {max_spin:.1f} rad/s, ends {star_y - ball_y:.1f} pt below the ball; "
                f"fastest {fastest_early:.1f} -> {fastest_late:.3f} pt/s")

    checks = [
        (max_spin > 1.0, "the star spins: its angular velocity exceeds 1 rad/s at some point"),
        (star_y > ball_y, "the star ends below the ball"),
        (fastest_late < 0.5 * fastest_early,
         "the motion fades: the fastest speed in the last 5 s is under half of that in the first 10 s"),
        (worst_outside <= 1.0, "nothing leaves the view (within 1 pt) at any frame"),
    ]
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
