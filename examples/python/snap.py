"""Snap: Listings 13-19 to 13-21 of Recipe 13-2, in Python.

The blue ball snaps to wherever the user taps. The tap handler (Listing 13-21) removes
every behavior the animator holds and adds a snap of the ball to the tapped point:

    if([self.animator behaviors]) {
        [self.animator removeAllBehaviors];
        UISnapBehavior* snapBehavior = [[UISnapBehavior alloc] initWithItem:self.blueBall snapToPoint:point];
        [self.animator addBehavior:snapBehavior];
    } else { ... the same snap, added ... }

The 64 x 64 pt ball starts at (160, 52) in the 320 x 568 pt view. A first tap at (240, 420)
adds a snap; once the animator has paused, a second tap at (70, 160) finds a behavior
there, removes every behavior and adds a new snap. A snap is a 4 Hz spring (damping ratio
0.1 + 0.9 x 0.5 = 0.55) that also turns the item upright.

Checks, for each tap (60 Hz frames until the animator pauses): the animator paused (the
did-pause delegate called) within 1.2 s of the tap; the ball rests within 0.5 pt of the
tapped point, upright (|rotation| < 0.001 rad); it overshot the point a little (more than 0
and less than 20 % of the distance; a 0.55 damping ratio overshoots by
e^(-pi 0.55 / sqrt(1 - 0.55^2)) = 12.6 % from rest); the animator holds exactly one
behavior, the new snap. Then: the animator resumed and paused once per tap. Exits 1 if any
check fails.
"""

import math
import sys
from typing import TypedDict

import anima

import _checks
import scenes

FRAME = 1.0 / 60.0


class TapResult(TypedDict):
    """What one tap did: where, how far and how long the ball went, and how it ended."""

    point: scenes.Point
    distance: float
    seconds: float
    overshoot: float
    max_rotation: float
    center: scenes.Point
    rotation: float
    paused: bool
    only_the_snap: bool


class Delegate:
    """Counts the animator's will-resume and did-pause calls."""

    def __init__(self, animator: anima.Animator) -> None:
        """Become ``animator``'s delegate."""
        self.will_resume = 0
        self.did_pause = 0
        animator.on_will_resume = self._resumed
        animator.on_did_pause = self._paused

    def _resumed(self, animator: anima.Animator) -> None:
        self.will_resume += 1

    def _paused(self, animator: anima.Animator) -> None:
        self.did_pause += 1


def tap_and_settle(scene: scenes.Scene, delegate: Delegate, point: scenes.Point) -> TapResult:
    """Tap ``point``, then advance 60 Hz frames until the animator pauses (at most 3 s)."""
    animator = scene.animator
    ball = scene.balls["blueBall"]
    start = ball.center
    started_at = animator.elapsed_time
    pauses_before = delegate.did_pause
    assert scene.tap is not None, "the snap scene has a tap handler"
    snap = scene.tap(point)

    distance = math.hypot(point[0] - start[0], point[1] - start[1])
    along = ((point[0] - start[0]) / distance, (point[1] - start[1]) / distance)
    overshoot = 0.0       # farthest the ball went past the point along the line of travel
    max_rotation = 0.0    # largest |rotation| on the way
    for _ in range(round(scene.max_seconds / FRAME)):
        animator.advance(FRAME)
        x, y = ball.center
        overshoot = max(overshoot, (x - point[0]) * along[0] + (y - point[1]) * along[1])
        max_rotation = max(max_rotation, abs(ball.rotation))
        if not animator.is_running:
            break
    return {
        "point": point,
        "distance": distance,
        "seconds": animator.elapsed_time - started_at,
        "overshoot": overshoot,
        "max_rotation": max_rotation,
        "center": ball.center,
        "rotation": ball.rotation,
        "paused": not animator.is_running and delegate.did_pause == pauses_before + 1,
        "only_the_snap": animator.behaviors == (snap,) and animator.behaviors[0] is snap,
    }


def report(n: int, r: TapResult) -> list[str]:
    """Print what tap ``n`` did; return the failed checks."""
    miss = math.hypot(r["center"][0] - r["point"][0], r["center"][1] - r["point"][1])
    print(f"tap {n} at {scenes.format_point(r['point'])}, {r['distance']:.1f} pt away: "
          f"paused after {r['seconds']:.3f} s at ({r['center'][0]:.4f}, {r['center'][1]:.4f}), {miss:.5f} pt off, "
          f"rotation {r['rotation']:.2e} rad (at most {r['max_rotation']:.4f} on the way), "
          f"overshoot {r['overshoot']:.2f} pt ({100 * r['overshoot'] / r['distance']:.1f} %)")
    return _checks.report([
        (r["paused"] and r["seconds"] <= 1.2,
         f"tap {n}: the animator paused (did_pause called) within 1.2 s of the tap"),
        (miss <= 0.5, f"tap {n}: the ball rests within 0.5 pt of the tapped point"),
        (abs(r["rotation"]) < 1e-3, f"tap {n}: it is upright (|rotation| < 0.001 rad)"),
        (0.0 < r["overshoot"] < 0.2 * r["distance"],
         f"tap {n}: it overshot a little (0 < overshoot < 20 % of the distance)"),
        (r["only_the_snap"], f"tap {n}: the animator holds one behavior, the new snap"),
    ])


def main() -> int:
    """Tap twice, print what happened, return the exit status."""
    scene = scenes.snap()
    delegate = Delegate(scene.animator)
    print(f"snap ({scene.listings}): blueBall at {scenes.format_point(scene.balls['blueBall'].center)}")

    def summary() -> str:
        rests = " and ".join(f"{r['seconds']:.2f} s" for r in results)
        overshoots = " and ".join(f"{100 * r['overshoot'] / r['distance']:.1f} %" for r in results)
        return (f"rested {rests} after the taps, within 0.5 pt of the points and upright; "
                f"{overshoots} overshoot")

    failures: list[str] = []
    results: list[TapResult] = []
    for n, point in enumerate(scene.taps, start=1):
        result = tap_and_settle(scene, delegate, point)
        failures += report(n, result)
        results.append(result)
    print(f"delegate: will_resume {delegate.will_resume}, did_pause {delegate.did_pause}")
    taps = len(scene.taps)
    once_each = delegate.will_resume == taps and delegate.did_pause == taps
    failures += _checks.report([(once_each, "the animator resumed and paused once per tap")])
    scene.animator.destroy()

    return _checks.conclude(failures, summary)


if __name__ == "__main__":
    sys.exit(main())
