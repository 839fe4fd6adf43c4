"""A bottom sheet with three detents (UISheetPresentationController's large, medium and closed),
dragged by a finger and flung between them; the Python twin of examples/c/bottom_sheet.c.

The sheet's top edge is an anima.Value resting at 100 pt (large), 350 pt (medium) or 700 pt
(closed):

    sheet = anima.Detents([100, 350, 700])
    drag = animator.begin_detent_drag(top, sheet, at=650, time=0.0)
    drag.move(400, 1.0)
    index, anchor, animation = drag.end(1.2)

Checks:
  - a slow drag from closed up to 420 pt, released at 150 pt/s (under the 300 pt/s threshold),
    settles on medium, the anchor nearest where the motion would coast to (420 - 75 = 345);
  - a quick flick up from medium at 1600 pt/s settles on large within 0.6 s, the spring leaving
    at the finger's velocity;
  - dragging 100 pt past large shows the rubber band, 100 - (1 - 1 / (100 x 0.55 / 600 + 1)) 600
    = 49.62 pt, and the sheet springs back to large on release;
  - a new touch during a settle holds the sheet where it is, and the settle ends unfinished;
  - a detent list that is not increasing, or empty, is refused (InvalidArgumentError).
Exits 1 if any check fails.
"""

import sys

import anima

import _checks

NAMES = ("large", "medium", "closed")


def swipe(animator: anima.Animator, drag: anima.DetentDrag, y0: float, y1: float, seconds: float, clock: float) -> float:
    """A finger from y0 to y1 over `seconds`, sampled at 100 Hz with frames of the same rate; the time at its end."""
    samples = round(seconds * 100)
    for k in range(1, samples + 1):
        clock += 0.01
        drag.move(y0 + (y1 - y0) * k / samples, clock)
        animator.advance(0.01)
    return clock


def settle(animator: anima.Animator) -> float:
    """Frames of 1/120 s until the animator rests; the seconds it took."""
    frames = 0
    while animator.is_running and frames < 1200:
        animator.advance(1 / 120)
        frames += 1
    return frames / 120


def main() -> int:
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    top = anima.Value(animator, 700.0)
    sheet = anima.Detents([100, 350, 700])
    check = _checks.Checklist()
    clock = 0.0

    drag = animator.begin_detent_drag(top, sheet, at=650, time=clock)
    clock = swipe(animator, drag, 650, 400, 1.0, clock)
    clock = swipe(animator, drag, 400, 370, 0.2, clock)
    index, anchor, _ = drag.end(clock)
    slow = settle(animator)
    print(f"slow release at 420 pt: {NAMES[index]} ({anchor:.0f} pt), settled in {slow:.2f} s")
    check(index == 1 and top.value == 350, "a slow release settles on the nearest detent to its coast: medium")

    drag = animator.begin_detent_drag(top, sheet, at=300, time=clock)
    clock = swipe(animator, drag, 300, 220, 0.05, clock)
    index, anchor, spring = drag.end(clock)
    _, velocity = spring.state(top)
    flick = settle(animator)
    print(f"flick up at {velocity:.0f} pt/s: {NAMES[index]}, settled in {flick:.2f} s")
    check(index == 0 and top.value == 100 and velocity < -1500 and flick < 0.6,
          "a flick moves on to large, the spring leaving at the finger's velocity, within 0.6 s")

    drag = animator.begin_detent_drag(top, sheet, at=300, time=clock)
    clock = swipe(animator, drag, 300, 200, 0.5, clock)
    band = (1 - 1 / (100 * 0.55 / 600 + 1)) * 600
    shown = top.components[0]
    check(abs(shown - (100 - band)) < 1e-9, f"100 pt past large the sheet shows {shown:.2f} pt (the rubber band)")
    index, _, _ = drag.end(clock + 0.1)
    settle(animator)
    check(index == 0 and top.value == 100, "released past the end, it springs back to large")

    ended: list[bool] = []
    animator.settle(top, sheet, 2500, completion=ended.append)
    for _ in range(8):
        animator.advance(1 / 120)
    caught = top.components[0]
    drag = animator.begin_detent_drag(top, sheet, at=500, time=clock)
    animator.advance(1 / 120)
    check(top.value == caught and ended == [False], f"caught mid-settle at {caught:.1f} pt, the sheet stays there")
    index, _, _ = drag.end(clock + 0.2)
    settle(animator)
    print(f"let go where it was caught: {NAMES[index]}")

    for anchors, what in (([350, 100, 700], "unsorted"), ([], "empty")):
        try:
            anima.Detents(anchors)
        except anima.InvalidArgumentError as error:
            check(True, f"{what} detents: {error}")
        else:
            check(False, f"{what} detents are refused")

    return _checks.conclude(check.failures, lambda: (
        f"medium after a slow release ({slow:.2f} s), large after a flick ({flick:.2f} s), the rubber band past "
        f"large, a touch holds a settle, bad lists refused"))


if __name__ == "__main__":
    sys.exit(main())
