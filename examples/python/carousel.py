"""A horizontal carousel of pages of different widths (320, 200 and 280 pt) that rests only with
a page's left edge at the screen's; the Python twin of examples/c/carousel.c.

The strip is an 800 pt wide item; its centre x is its offset + 400, so the detents along x are
400, 80 and -120 (offsets 0, -320 and -520):

    pages = anima.Detents([-120, 80, 400])
    drag = animator.begin_detent_drag(strip, pages, at=200, time=0.0, axis="x")

Checks:
  - a short, slow drag left (40 pt at 100 pt/s) springs back to the first page;
  - a flick left at 900 pt/s coasts past the second page (projected 355 - 450) to the third,
    within 0.5 s;
  - a flick right at 400 pt/s, 20 pt from the third page, which would coast only to -300, moves
    one page back: over the 300 pt/s threshold a flick always changes page;
  - Detents.target picks the same pages for the same releases without an animator.
Exits 1 if any check fails.
"""

import sys

import anima

import _checks


def gesture(animator: anima.Animator, strip: anima.Item, pages: anima.Detents, dx: float, seconds: float,
            clock: float) -> tuple[int, float, float]:
    """A drag by dx along x over `seconds` (100 Hz samples and frames): (page index, seconds to rest, clock)."""
    drag = animator.begin_detent_drag(strip, pages, at=200, time=clock, axis="x")
    samples = round(seconds * 100)
    for k in range(1, samples + 1):
        clock += 0.01
        drag.move(200 + dx * k / samples, clock)
        animator.advance(0.01)
    index, _, _ = drag.end(clock)
    frames = 0
    while animator.is_running and frames < 1200:
        animator.advance(1 / 120)
        frames += 1
    return index, frames / 120, clock


def main() -> int:
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    strip = anima.Item(animator, center=(400, 284), size=(800, 200))
    pages = anima.Detents([-120, 80, 400])
    check = _checks.Checklist()

    def offset() -> float:
        return strip.center[0] - 400

    page, took, clock = gesture(animator, strip, pages, -40, 0.4, 0.0)
    check(page == 2 and offset() == 0, f"a short, slow drag springs back to the first page ({took:.2f} s)")
    page, flick, clock = gesture(animator, strip, pages, -45, 0.05, clock)
    check(page == 0 and offset() == -520 and flick < 0.5, f"a flick left coasts to the third page in {flick:.2f} s")
    page, back, clock = gesture(animator, strip, pages, 20, 0.05, clock)
    check(page == 1 and offset() == -320, "over the threshold a flick always changes page: back to the second")
    targets = [pages.target(360, -100)[0], pages.target(355, -900)[0], pages.target(-100, 400)[0]]
    check(targets == [2, 0, 1], f"Detents.target picks the same pages without an animator: {targets}")

    return _checks.conclude(check.failures, lambda: (
        f"back to the first page, a flick to the third ({flick:.2f} s), one page back ({back:.2f} s)"))


if __name__ == "__main__":
    sys.exit(main())
