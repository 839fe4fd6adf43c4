"""Item Properties: Listings 13-17 and 13-18 of Recipe 13-2, in Python.

Two balls fall side by side under one gravity behavior and one collision behavior with
the reference bounds as boundary. An item behavior gives the second ball elasticity
0.75; the first keeps the implicit body properties. Both hit the floor at the same time;
the left one bounces a little, the right one bounces much higher and more often.

Checks: after the first impact the elastic ball rises higher and begins more contacts
than the plain one, and both end at rest on the floor (center y = 568 - 32 within 1 pt)
with the animator paused within 10 s. Exits 1 otherwise.
"""

import sys

import anima

import _checks
import scenes

FRAME = 1.0 / 60.0


class BallLog:
    """What one ball did: first impact, highest point after it, contacts begun and ended."""

    def __init__(self, name: str, ball: anima.Item) -> None:
        """Follow ``ball``, printed as ``name``."""
        self.name = name
        self.ball = ball
        self.first_impact: float | None = None
        self.highest_after_impact: float | None = None
        self.began = 0
        self.ended = 0

    def update(self, time: float, began: list[anima.ContactEvent], ended: list[anima.ContactEvent]) -> None:
        """Account for one frame's contact events and the ball's position after it."""
        self.began += sum(1 for e in began if self.ball in (e.item, e.other))
        self.ended += sum(1 for e in ended if self.ball in (e.item, e.other))
        if self.first_impact is None and self.began:
            self.first_impact = time
        if self.first_impact is not None:
            y = self.ball.center[1]
            if self.highest_after_impact is None or y < self.highest_after_impact:
                self.highest_after_impact = y

    @property
    def rebound(self) -> float:
        """Height (pt) of the highest bounce: floor minus the smallest center y after impact."""
        return 0.0 if self.highest_after_impact is None else scenes.FLOOR_Y - self.highest_after_impact

    def describe(self) -> str:
        """One line for the report."""
        impact = "never" if self.first_impact is None else f"{self.first_impact:.3f} s"
        return (f"  {self.name}: first impact {impact}, highest rebound {self.rebound:.1f} pt, "
                f"contacts {self.began} began / {self.ended} ended, "
                f"ends at {scenes.format_point(self.ball.center)}")


def main() -> int:
    """Run the scene until the animator pauses, print what happened, return the exit status."""
    scene = scenes.item_properties()
    animator = scene.animator
    plain = BallLog("ball1 (implicit properties)", scene.balls["ball1"])
    elastic = BallLog("ball2 (elasticity 0.75)", scene.balls["ball2"])

    rest_at = None
    for frame in range(1, round(scene.max_seconds / FRAME) + 1):
        animator.advance(FRAME)
        began, ended = animator.began_contacts, animator.ended_contacts
        for log in (plain, elastic):
            log.update(frame * FRAME, began, ended)
        if not animator.is_running:
            rest_at = frame * FRAME
            break

    print(f"item properties ({scene.listings}):")
    print(plain.describe())
    print(elastic.describe())
    print(f"  animator {scenes.rest_line(scene, rest_at)}")

    def summary() -> str:
        return (f"elastic ball rebounds {elastic.rebound:.0f} pt vs {plain.rebound:.0f} pt, "
                f"{elastic.began} vs {plain.began} contacts; both rest on the floor, paused at {rest_at:.2f} s")

    failures = []
    if elastic.rebound <= plain.rebound:
        failures.append(f"the elastic ball rebounded {elastic.rebound:.2f} pt, "
                        f"not higher than the plain one's {plain.rebound:.2f} pt")
    if elastic.began <= plain.began:
        failures.append(f"the elastic ball began {elastic.began} contacts, "
                        f"not more than the plain one's {plain.began}")
    failures += scenes.rest_failures(scene, rest_at, {log.name: log.ball for log in (plain, elastic)})
    return _checks.conclude(failures, summary)


if __name__ == "__main__":
    sys.exit(main())
