"""Jelly: a "jelly" alert drops onto an invisible ledge, squashes and wobbles back into shape.

Listings 6-8 and 6-9 (after Victor Baro's VBFJellyView), in Python. The alert, a 200 x 120 pt
item, starts at rest at the top of a 320 x 568 pt screen (center (160, 60)); nine 10 x 10 pt
grid items sit on its corners, edge midpoints and centre (tags 1...9, row by row). Listing
6-8 makes the item behaviors and attachments::

    UIDynamicItemBehavior *dynamic = [[UIDynamicItemBehavior alloc] initWithItems:@[self]];
    dynamic.allowsRotation = NO;
    dynamic.elasticity = _elasticity / 2;
    dynamic.density = _density;
    dynamic.resistance = 0.9;
    for (int i = 0; i < 9; i++)
    {
        UIView *view = [self viewWithTag:(i + 1)];
        behavior.elasticity = _elasticity * 2;  behavior.density = _density;  behavior.resistance = 0.2;
        attachment = [[UIAttachmentBehavior alloc] initWithItem:view attachedToItem:self];
        if ((i + 1) != 5) // skip center
        {
            NSInteger xTag = [@[@(1), @(2), @(5), @(0), @(4), @(8),
                @(3), @(6), @(7)][i] integerValue] + 1;
            attachment = [[UIAttachmentBehavior alloc] initWithItem:view
                attachedToItem:[self viewWithTag:xTag]];
        }
    }

so every grid item is tied to the alert's centre and the eight outer ones form a ring (1-2,
2-3, 3-6, 4-1, 6-9, 7-4, 8-7, 9-8). Elasticity 0.3 (alert 0.15, grid items 0.6), density 1,
damping ratio 0.5. Gravity pulls all ten items; one collision behavior holds the grid items
and a named boundary "ledge" across the screen at y = 400. The alert is not in it: only its
skeleton lands on the ledge, and the alert hangs on its springs. scenes.jelly() builds it.

The springs are 30 Hz, not 4 Hz. An attachment's frequency belongs to the pair it ties
(stiffness = reduced mass x (2 pi f)^2), and a 10 x 10 pt grid item (mass 0.01) tied to the
alert (mass 2.4) gives the pair the grid item's mass: at 4 Hz a spring is far too weak for
the alert's weight, the skeleton folds and the alert sinks through the ledge, which a first
run shows. At 30 Hz the springs are 56 times stiffer: on landing the alert sinks about 50 pt
into its skeleton, bounces off the ledge, wobbles on it at about 2 Hz and at rest sags 5 pt.
The margin is small: at 29 Hz and less the skeleton folds under the landing alert and never
recovers.

Listing 6-9's shape is jelly_shape.jelly_outline(grid): four quadratic Bezier curves from
the tag-1 centre to tags 3, 9, 7, 1 with the control points tags 2, 6, 8, 4. Each run
advances 60 Hz frames until the animator pauses (at most 20 s). Checks:
  - at 4 Hz the skeleton cannot carry the alert: it ends below the ledge;
  - at 30 Hz the jelly squashes on landing: the outline's height falls below 90 % of its
    height at the start while its width grows past its width at the start;
  - it recovers: at rest the outline's height is within 2 % of its height at the start;
  - it rests on the ledge: the bottom row (tags 7, 8, 9) lies on it (centres 5 pt above
    y = 400, within 1 pt), the alert's centre is above it and every item rests;
  - the animator pauses (on_did_pause called once) within 20 s.
Exits 1 if any check fails.
"""

import sys
from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

import _checks
import scenes
from jelly_shape import jelly_outline, outline_bounds

FRAME = 1.0 / 60.0
REST_Y = scenes.LEDGE_Y - scenes.JELLY_GRID_SIDE / 2  # a grid item's centre when it lies on the ledge


@dataclass
class RunResult:
    """What one drop of the jelly did."""

    start_width: float = 0.0
    start_height: float = 0.0
    min_height: float = 0.0           # the outline's smallest height
    width_at_min_height: float = 0.0  # its width at that moment
    squashed_at: float = 0.0          # seconds
    final_width: float = 0.0
    final_height: float = 0.0
    outline: List[Tuple[Any, ...]] = field(default_factory=list)  # the final outline
    view_center: Tuple[float, float] = (0.0, 0.0)
    bottom_row: Tuple[Tuple[float, float], ...] = ()                # tags 7, 8, 9 at the end
    all_resting: bool = False
    paused: bool = False
    rest_time: Optional[float] = None  # elapsed seconds at the first pause


def run(frequency: float) -> RunResult:
    """Drop the jelly with springs of ``frequency`` Hz and advance until the animator pauses."""
    scene = scenes.jelly(frequency)
    animator, view, grid = scene.animator, scene.balls["alert"], scene.grid
    pauses: List[float] = []
    animator.on_did_pause = lambda a: pauses.append(a.elapsed_time)

    r = RunResult()
    _, _, r.start_width, r.start_height = outline_bounds(jelly_outline(grid))
    r.min_height, r.width_at_min_height = r.start_height, r.start_width

    running = True
    frame = 0
    while running and frame < round(scene.max_seconds / FRAME):
        frame += 1
        animator.advance(FRAME)
        _, _, width, height = outline_bounds(jelly_outline(grid))
        if height < r.min_height:
            r.min_height, r.width_at_min_height, r.squashed_at = height, width, frame * FRAME
        running = animator.is_running

    r.outline = jelly_outline(grid)
    _, _, r.final_width, r.final_height = outline_bounds(r.outline)
    r.view_center = view.center
    r.bottom_row = tuple(item.center for item in grid[6:])
    r.all_resting = all(item.is_resting for item in (*grid, view))
    r.paused = not running and len(pauses) == 1
    r.rest_time = pauses[0] if pauses else None
    animator.destroy()
    return r


def main() -> int:
    """Drop the jelly at 4 Hz and at 30 Hz, print what happened, return the exit status."""
    check = _checks.Checklist()

    soft = run(scenes.JELLY_SOFT_FREQUENCY)
    print(f"{scenes.JELLY_SOFT_FREQUENCY:.0f} Hz springs: the alert ends at y = {soft.view_center[1]:.1f}, "
          f"{soft.view_center[1] - scenes.LEDGE_Y:.1f} pt below the ledge; "
          f"outline {soft.final_width:.1f} x {soft.final_height:.1f} pt")
    check(soft.view_center[1] > scenes.LEDGE_Y,
          "at 4 Hz the skeleton cannot carry the alert: it ends below the ledge")

    r = run(scenes.JELLY_FREQUENCY)
    squash = r.min_height / r.start_height
    recovered = r.final_height / r.start_height
    print(f"{scenes.JELLY_FREQUENCY:.0f} Hz springs: outline {r.start_width:.1f} x {r.start_height:.1f} pt at the "
          f"start; at t = {r.squashed_at:.2f} s {r.width_at_min_height:.1f} x {r.min_height:.1f} pt "
          f"(height x {squash:.3f}); at rest {r.final_width:.2f} x {r.final_height:.2f} pt (height x {recovered:.4f})")
    rest_time = "never" if r.rest_time is None else f"{r.rest_time:.2f} s after the drop"
    rows = ", ".join(f"{y:.2f}" for _, y in r.bottom_row)
    print(f"the animator paused {rest_time}; the alert rests at ({r.view_center[0]:.2f}, {r.view_center[1]:.2f}), "
          f"the bottom row at y = {rows}")
    print(f"final outline (Listing 6-9):\n  move to ({r.outline[0][1][0]:.2f}, {r.outline[0][1][1]:.2f})")
    for _, control, to in r.outline[1:]:
        print(f"  quad curve to ({to[0]:.2f}, {to[1]:.2f}), control point ({control[0]:.2f}, {control[1]:.2f})")

    def summary() -> str:
        return (f"squashed to {100 * squash:.1f} % of its height, back to {100 * recovered:.1f} %, "
                f"at rest after {r.rest_time:.2f} s")

    check(squash < 0.9 and r.width_at_min_height > r.start_width,
          "it squashes on landing: the outline's height falls below 90 % of its start while its width grows")
    check(abs(recovered - 1.0) <= 0.02, "it recovers: at rest the outline's height is within 2 % of its start")
    on_ledge = (r.view_center[1] < scenes.LEDGE_Y and r.all_resting
                and all(abs(y - REST_Y) <= 1.0 for _, y in r.bottom_row))
    check(on_ledge, "it rests on the ledge: the bottom row lies on it, the alert above it, every item resting")
    check(r.paused and r.rest_time is not None and r.rest_time <= 20.0,
          "the animator pauses (on_did_pause called) within 20 s")

    return _checks.conclude(check.failures, summary)


if __name__ == "__main__":
    sys.exit(main())
