"""Pills and chips as capsules on a tray that is a rounded rectangle; the Python twin of
examples/c/pills.c (docs/behaviors/collision.md, "Capsules and rounded rectangles").

    chip = anima.Item(animator, size=(56, 30), shape="capsule")
    tray = anima.Item(animator, size=(240, 40), shape="rounded_rectangle", corner_radius=20)

On a 320 x 568 pt screen whose edges are a boundary: an anchored 240 x 40 pt tray at (160, 500)
with 20 pt corners, three chips dropped onto it tilted, and a 30 pt ball dropped at x = 268, over
the tray's rounded corner (its flat top ends at x = 260). Checks:
  - every chip rests lying flat (within 1e-3 rad) on the tray, its centre at y = 465 within 0.05 pt;
  - the ball rolls off the rounded corner and lies on the floor (y = 553) after 4 s; over a plain
    rectangle the same ball rests on the tray's top at y = 465;
  - the tray's mass is its rounded area (240 x 40 - (4 - pi) 20^2) / 10 000;
  - a tap beyond the rounded corner, at (42, 482), finds no item; one at the middle the tray;
  - a negative corner radius raises InvalidArgumentError and changes nothing.
Exits 1 if any check fails.
"""

import math
import sys
from typing import Literal

import anima

import _checks


def scene(tray_shape: Literal["rounded_rectangle", "rectangle"]) -> tuple[anima.Animator, anima.Item, list[anima.Item], anima.Item]:
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    tray = anima.Item(animator, center=(160, 500), size=(240, 40), shape=tray_shape, corner_radius=20)
    chips = [anima.Item(animator, center=(95 + 65 * i, 200 + 40 * i), size=(56, 30), shape="capsule", rotation=tilt)
             for i, tilt in enumerate((0.3, -0.25, 0.2))]
    ball = anima.Item(animator, center=(268, 150), size=(30, 30), shape="ellipse")
    animator.add_behavior(anima.ItemBehavior([tray], anchored=True))
    animator.add_behavior(anima.Gravity([*chips, ball]))
    animator.add_behavior(anima.Collision([tray, *chips, ball], translates_reference_bounds_into_boundary=True))
    return animator, tray, chips, ball


def folded(angle: float) -> float:
    """The angle within -pi/2 ... pi/2: a chip lying either way round."""
    return (angle + math.pi / 2) % math.pi - math.pi / 2


def main() -> int:
    check = _checks.Checklist()
    animator, tray, chips, ball = scene("rounded_rectangle")
    for _ in range(240):
        animator.advance(1 / 60)
    for i, chip in enumerate(chips):
        x, y = chip.center
        print(f"chip {i} rests at ({x:.3f}, {y:.4f}) pt, turned {folded(chip.rotation):.2e} rad from flat")
        check(abs(y - 465) < 0.05, f"chip {i} lies on the tray's top")
        check(abs(folded(chip.rotation)) < 1e-3, f"chip {i} lies flat")
    print(f"rounded tray: the ball is on the floor at ({ball.center[0]:.1f}, {ball.center[1]:.3f}) pt after 4 s")
    check(abs(ball.center[1] - 553) < 0.1, "the ball rolled off the rounded corner to the floor")
    expected = (240 * 40 - (4 - math.pi) * 400) / 10_000
    print(f"the tray's mass: {tray.mass:.6f} (its rounded area / 10 000: {expected:.6f})")
    check(abs(tray.mass - expected) < 1e-12, "the tray weighs its rounded area")
    check(animator.item_at((42, 482)) is None, "a tap beyond the tray's rounded corner finds nothing")
    check(animator.item_at((160, 500)) == tray, "a tap on the tray's middle finds it")
    try:
        tray.corner_radius = -1
        check(False, "a negative corner radius is refused")
    except anima.InvalidArgumentError as error:
        print(f"refused: {error}")
        check(tray.corner_radius == 20, "the refused radius changed nothing")

    animator, tray, chips, ball = scene("rectangle")
    for _ in range(240):
        animator.advance(1 / 60)
    print(f"sharp tray: the ball rests on its top at ({ball.center[0]:.1f}, {ball.center[1]:.3f}) pt")
    check(abs(ball.center[1] - 465) < 0.1, "over a sharp corner the ball stays on the top")
    return _checks.conclude(check.failures, lambda: "the chips lie flat on the rounded tray and the ball rolled off its corner")


if __name__ == "__main__":
    sys.exit(main())
