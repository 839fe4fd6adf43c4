"""Gravity: Listing 13-10 of Recipe 13-2, in Python.

A gravity behavior pulls the 64 x 64 pt blue ball down; nothing stops it, so it
accelerates at 1000 pt/s^2 and falls off the bottom of the 320 x 568 pt screen.

Checks: after 0.5 s the ball has fallen 1000/2 t^2 pt within 1 %, that law corrected for
the implicit resistance of 0.1/s that a ball without an item behavior has (as on iOS;
see docs/units.md), which alone makes it 1.7 % shorter than 1000/2 t^2; and by 1.5 s the
ball is entirely below the screen (center y > 568 + 32). Exits 1 if either fails.
"""

import sys

import _checks
import scenes

FRAME = 1.0 / 60.0
CHECK_TIME = 0.5  # seconds
SCREEN_BOTTOM = scenes.REFERENCE_BOUNDS[1] + scenes.REFERENCE_BOUNDS[3]


def main() -> int:
    """Run the scene frame by frame for 1.5 s, print what happened, return the exit status."""
    scene = scenes.gravity()
    animator = scene.animator
    ball = scene.balls["blueBall"]
    start_x, start_y = ball.center
    off_screen_y = SCREEN_BOTTOM + ball.size[1] / 2

    check_frame = round(CHECK_TIME / FRAME)
    total_frames = round(scene.max_seconds / FRAME)
    fallen_at_check = None
    left_screen_at = None
    for frame in range(1, total_frames + 1):
        animator.advance(FRAME)
        if frame == check_frame:
            fallen_at_check = ball.center[1] - start_y
        if left_screen_at is None and ball.center[1] > off_screen_y:
            left_screen_at = frame * FRAME

    assert fallen_at_check is not None, "the check frame is within the run"
    vacuum = scenes.free_fall_distance(CHECK_TIME)
    expected = scenes.free_fall_distance(CHECK_TIME, scenes.IMPLICIT_RESISTANCE)
    error = abs(fallen_at_check - expected) / expected
    print(f"gravity ({scene.listings}): ball starts at {scenes.format_point((start_x, start_y))}")
    print(f"  after {CHECK_TIME:.2f} s it fell {fallen_at_check:.2f} pt: "
          f"1000/2 t^2 = {vacuum:.2f} pt ({100 * (fallen_at_check - vacuum) / vacuum:+.2f} %), "
          f"with resistance {scenes.IMPLICIT_RESISTANCE}/s {expected:.2f} pt "
          f"({100 * (fallen_at_check - expected) / expected:+.2f} %)")
    if left_screen_at is None:
        print(f"  still on screen after {scene.max_seconds:.2f} s")
    else:
        print(f"  left the screen (center y > {off_screen_y:.0f}) at {left_screen_at:.3f} s")
    print(f"  after {scene.max_seconds:.2f} s: center {scenes.format_point(ball.center)}, "
          f"velocity {scenes.format_point(ball.velocity)}, animator running: {animator.is_running}, "
          f"engine time {animator.elapsed_time:.3f} s")

    def summary() -> str:
        return (f"fell {fallen_at_check:.2f} pt in {CHECK_TIME} s ({100 * error:.2f} % from the law), "
                f"off screen at {left_screen_at:.2f} s")

    failures = []
    if error > 0.01:
        failures.append(f"fell {fallen_at_check:.3f} pt in {CHECK_TIME} s, expected {expected:.3f} pt within 1 %")
    if left_screen_at is None:
        failures.append(f"the ball is still on screen after {scene.max_seconds} s (center y {ball.center[1]:.1f})")
    if abs(ball.center[0] - start_x) > 1e-9:
        failures.append(f"the ball drifted sideways to x = {ball.center[0]!r}")
    return _checks.conclude(failures, summary)


if __name__ == "__main__":
    sys.exit(main())
