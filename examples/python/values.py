"""Animated values: a scroll offset on a spring, a colour cross-fading in Oklab, and a row of
progress values read in one call; the Python twin of examples/c/values.c.

UIKit animates any animatable property (a layer's backgroundColor as readily as a view's
centre); an `anima.Value` is that: 1 to 4 numbers owned by the animator, moved by the same view
animations, on the same clock as its physics:

    offset = anima.Value(animator, 0.0)
    with animator.animate(spring=(1, 300, 30)):
        offset.value = 480

Checks (60 Hz frames):
  - a spring on a scroll offset (0 to 480 pt; mass 1, stiffness 300, damping 30: damping ratio
    30 / (2 sqrt(300)) = 0.87, a slight overshoot) rests exactly at 480, and its on_change ran
    once for every internal step the animator took, the last time with 480;
  - a colour animated from red to blue in Oklab (linear, 1 s) has, half way, the mean Oklab
    lightness of the two (computed here from Ottosson's matrices), and reaches blue exactly;
  - three progress values staggered by 0.25 s (0 to 1 in 0.5 s each), read back with one
    anima.read_values call, show the stagger at 0.5 s: 1, 0.5, 0;
  - bad input is refused with a clear error and changes nothing: five components, a NaN colour,
    a colour component of 1.5 and the wrong component count (InvalidArgumentError), a value
    that is not a number (TypeError), a destroyed value, alone or among others, and a value of
    a destroyed animator (StaleHandleError).
Exits 1 if any check fails.
"""

import math
import sys
from collections.abc import Callable

import numpy as np

import anima

import _checks

FRAME = 1.0 / 60.0
RED = (1.0, 0.0, 0.0, 1.0)
BLUE = (0.0, 0.0, 1.0, 1.0)


def advance(animator: anima.Animator, seconds: float) -> None:
    """Advance ``seconds`` in 60 Hz frames."""
    for _ in range(round(seconds / FRAME)):
        animator.advance(FRAME)


def oklab_lightness(rgb: tuple[float, ...]) -> float:
    """The Oklab lightness L of an sRGB colour (components 0...1), from Ottosson's matrices
    (https://bottosson.github.io/posts/oklab/), for the check."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else float(((c + 0.055) / 1.055) ** 2.4)

    r, g, b = (linear(c) for c in rgb[:3])
    lc = math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    mc = math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    sc = math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return 0.2104542553 * lc + 0.7936177850 * mc - 0.0040720468 * sc


def refused(check: _checks.Checklist, error: type[Exception], call: Callable[[], object], what: str) -> bool:
    """Check that ``call`` raises ``error``, printing its message (or what it did instead)."""
    try:
        call()
    except error as raised:
        return check(True, f"{what}: {type(raised).__name__}: {raised}")
    except Exception as raised:  # a check, not a crash: report the wrong error
        return check(False, f"{what}: raised {type(raised).__name__} ({raised}), not {error.__name__}")
    return check(False, f"{what}: accepted")


def main() -> int:
    """Run the three scenes and the refusals; return the exit status."""
    check = _checks.Checklist()
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))

    # a scroll offset, springing to 480 pt
    offset = anima.Value(animator, 0.0)
    changes: list[float] = []
    offset.on_change = lambda value, new: changes.append(value.components[0])
    with animator.animate(spring=(1, 300, 30)):
        offset.value = 480.0
    steps = animator.step_count
    frames = 0
    highest = 0.0
    while animator.is_running and frames < 600:
        animator.advance(FRAME)
        highest = max(highest, offset.components[0])
        frames += 1
    steps = animator.step_count - steps
    now = offset.components[0]
    print(f"offset: rests at {now!r} pt after {frames / 60:.2f} s, highest {highest:.3f} pt")
    check(now == 480.0, f"the offset rests exactly at 480 pt after {frames / 60:.2f} s")
    check(len(changes) == steps > 0 and changes[-1] == 480.0,
          f"on_change ran {len(changes)} times over {steps} steps, last with 480")

    # a colour, red to blue in Oklab, linear over 1 s
    colour = anima.Value(animator, RED, space="oklab")
    with animator.animate(1.0, curve="linear"):
        colour.value = BLUE
    advance(animator, 0.5)
    mid = colour.components
    mean = (oklab_lightness(RED) + oklab_lightness(BLUE)) / 2
    print(f"colour half way: rgb({mid[0]:.4f}, {mid[1]:.4f}, {mid[2]:.4f}), alpha {mid[3]:.4f}; "
          f"Oklab L {oklab_lightness(mid):.7f}, mean of the ends {mean:.7f}")
    check(abs(oklab_lightness(mid) - mean) < 1e-7, "half way, the Oklab lightness is the mean of red's and blue's")
    advance(animator, 0.5)
    check(colour.components == BLUE, "the colour ends exactly blue")

    # three staggered progress values, read in one call
    progress = [anima.Value(animator) for _ in range(3)]
    with animator.animate(0.5, curve="linear", stagger=0.25):
        for bar in progress:
            bar.value = 1.0
    advance(animator, 0.5)
    rows = anima.read_values(progress)
    shown = rows[:, 0]
    print(f"progress at 0.5 s: {', '.join(f'{p:.3f}' for p in shown)} (rows of shape {rows.shape})")
    check(rows.shape == (3, 4) and not np.any(rows[:, 1:]), "one row of 4 per value, the unused components 0")
    check(abs(shown[0] - 1) < 1e-12 and abs(shown[1] - 0.5) < 1e-9 and shown[2] == 0,
          f"at 0.5 s the staggered values read {shown[0]:.3f}, {shown[1]:.3f}, {shown[2]:.3f}")

    # bad input
    refused(check, anima.InvalidArgumentError, lambda: anima.Value(animator, (1, 2, 3, 4, 5)), "five components")
    refused(check, anima.InvalidArgumentError, lambda: anima.Value(animator, (1, math.nan, 0, 1), space="oklab"),
            "a NaN colour")

    def set_colour(components: tuple[float, ...]) -> None:
        colour.value = components

    refused(check, anima.InvalidArgumentError, lambda: set_colour((1.5, 0, 0, 1)), "a colour component of 1.5")
    refused(check, anima.InvalidArgumentError, lambda: set_colour(RED[:3]), "three components for a four")
    refused(check, TypeError, lambda: anima.Value(animator, "480"),  # type: ignore[arg-type]  # on purpose
            "a string for a number")
    check(colour.components == BLUE, "the refused calls left the colour blue")
    check(len(animator.values) == 5, "no value was made by the refused calls")
    progress[1].destroy()
    check(not progress[1].is_valid, "a destroyed value is not valid")

    def set_destroyed() -> None:
        progress[1].value = 1.0

    refused(check, anima.StaleHandleError, set_destroyed, "a destroyed value")
    refused(check, anima.StaleHandleError, lambda: anima.read_values(progress),
            "reading a destroyed value among others")
    animator.destroy()
    refused(check, anima.StaleHandleError, lambda: offset.value, "a value of a destroyed animator")

    return _checks.conclude(check.failures, lambda: (
        f"the offset rested at 480 pt after {frames / 60:.2f} s with {len(changes)} calls for {steps} steps; "
        f"Oklab half way at the mean lightness {mean:.4f}; staggered values read {shown[0]:g}, {shown[1]:g}, "
        f"{shown[2]:g}; bad input refused"))


if __name__ == "__main__":
    sys.exit(main())
