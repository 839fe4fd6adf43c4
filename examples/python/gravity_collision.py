"""Gravity with Collision: Listings 13-12 to 13-15 of Recipe 13-2, in Python.

Gravity pulls the blue ball down and a collision behavior turns the reference view's
bounds into a boundary, so the ball bounces on the bottom edge before it settles. The
collision delegate sets the ball's alpha to 1.0 when a contact begins and to 0.5 when
it ends: the ball is half transparent in the air after a bounce and opaque at rest.

Checks: the ball bounced (at least one ended contact), it rests on the floor (center
y = 568 - 32 within 1 pt), its alpha is 1.0 at the end, and the animator paused within
10 s. Exits 1 otherwise.
"""

import sys

import _checks
import scenes

FRAME = 1.0 / 60.0


def main() -> int:
    """Run the scene until the animator pauses, print what happened, return the exit status."""
    scene = scenes.gravity_with_collision()
    animator = scene.animator
    ball = scene.balls["blueBall"]

    began = ended = 0
    first_impact = None
    highest_after_impact = None  # smallest center y after the first impact
    lowest_alpha = ball.alpha
    rest_at = None
    for frame in range(1, round(scene.max_seconds / FRAME) + 1):
        animator.advance(FRAME)
        began += len(animator.began_contacts)
        ended += len(animator.ended_contacts)
        if first_impact is None and animator.began_contacts:
            first_impact = frame * FRAME
        if first_impact is not None:
            y = ball.center[1]
            highest_after_impact = y if highest_after_impact is None else min(highest_after_impact, y)
        lowest_alpha = min(lowest_alpha, ball.alpha)
        if not animator.is_running:
            rest_at = frame * FRAME
            break

    x, y = ball.center
    rebound = scenes.FLOOR_Y - highest_after_impact if highest_after_impact is not None else 0.0
    print(f"gravity with collision ({scene.listings}):")
    print(f"  first impact at {first_impact if first_impact is None else round(first_impact, 3)} s, "
          f"rebound {rebound:.1f} pt; contacts: {began} began, {ended} ended")
    print(f"  animator {scenes.rest_line(scene, rest_at)}")
    print(f"  ball at {scenes.format_point((x, y))} (floor {scenes.FLOOR_Y:.1f}), alpha {ball.alpha:.2f} "
          f"(lowest seen {lowest_alpha:.2f})")

    def summary() -> str:
        return (f"bounced ({ended} ended contacts), rests at y = {y:.1f} with alpha 1.0, "
                f"paused at {rest_at:.2f} s")

    failures = []
    if ended < 1:
        failures.append("no contact ended: the ball never bounced")
    if ball.alpha != 1.0:
        failures.append(f"alpha is {ball.alpha!r} at the end, expected 1.0 (last contact began, none ended)")
    if ended >= 1 and lowest_alpha != 0.5:
        failures.append(f"the ball never turned half transparent (lowest alpha {lowest_alpha!r})")
    failures += scenes.rest_failures(scene, rest_at, {"the ball": ball})
    return _checks.conclude(failures, summary)


if __name__ == "__main__":
    sys.exit(main())
