"""Sweep: the springs with which the ball and the star of Recipe 13-2 settle fastest.

The Spring Attachment scene of Listings 13-25 and 13-26 (scenes.spring_attachment: a ball on a
spring from an anchor, a star on a spring from the ball, off its center) with both springs set
to the same frequency and damping ratio, over a grid of 12 frequencies (0.5 to 6 Hz) and 10
damping ratios (0.05 to 0.95; the listing's 1 Hz and 0.65 among them). `anima.sweep` builds
each of the 120 variants, runs it until the animator pauses (at most 120 s of 60 Hz frames)
and measures it, on a Dask LocalCluster of one worker process per core (without Dask
installed, serially, after a warning). A variant counts when it comes to rest with the star
hanging below the ball and clear of the floor; the fastest of those is the answer. The
time to rest of every variant is drawn as a heat map (matplotlib).

Usage: python3 examples/python/sweep_springs.py [HEATMAP.png]
The heat map goes to build/examples/sweep_springs.png under the repository root by default.

Checks: every variant ran without an error; some variant settles with the star hanging; the
springs of the listing are among them and the best is at least as fast; the best variant,
built and run again here, rests at the same time to the bit (the engine is deterministic, so
where it ran does not matter); springs of 0.5 Hz sag so far that the star ends on the floor;
the heat map was written. Exits 1 if any check fails.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no window: write a file
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

import anima

import _checks
import scenes

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUTPUT = os.path.join(REPO_ROOT, "build", "examples", "sweep_springs.png")
#: The frequencies (Hz) and damping ratios of both springs, swept over their grid.
FREQUENCIES = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
DAMPINGS = (0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95)
#: How long a variant may run before it counts as never resting, in seconds.
MAX_SECONDS = 120.0
#: The floor: the bottom edge of the reference view, in points.
FLOOR = scenes.REFERENCE_BOUNDS[1] + scenes.REFERENCE_BOUNDS[3]


def build(frequency: float, damping: float) -> anima.Animator:
    """The Spring Attachment scene with both springs at ``frequency`` Hz and ``damping``."""
    scene = scenes.spring_attachment()
    for name in ("ballAttachment", "starAttachment"):
        spring = scene.behaviors[name]
        spring.frequency = frequency
        spring.damping = damping
    animator: anima.Animator = scene.animator
    return animator


def measure(animator: anima.Animator) -> dict[str, float]:
    """Time to rest (s, NaN if never), how far the star hangs below the ball and the gap between
    the star's lowest corner and the floor (pt)."""
    ball, star = animator.items  # creation order: the ball, then the star
    half_width, half_height = scenes.STAR_SIZE[0] / 2, scenes.STAR_SIZE[1] / 2
    turn = star.rotation
    lowest = star.center[1] + half_width * abs(math.sin(turn)) + half_height * abs(math.cos(turn))
    return {
        "rest_time": math.nan if animator.is_running else animator.elapsed_time,
        "star_below_ball": star.center[1] - ball.center[1],
        "floor_gap": FLOOR - lowest,
    }


def hanging(table: Any) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """The rows that rest with the star below the ball and more than 1 pt above the floor."""
    rest = np.asarray(table["rest_time"], dtype=float)
    below = np.asarray(table["star_below_ball"], dtype=float)
    gap = np.asarray(table["floor_gap"], dtype=float)
    result: np.ndarray[Any, np.dtype[np.bool_]] = np.isfinite(rest) & (below > 0) & (gap > 1.0)
    return result


def draw(table: Any, good: np.ndarray[Any, np.dtype[np.bool_]], best: int, path: str) -> None:
    """A heat map of the time to rest over frequency (x) and damping (y), the ``best`` row's cell
    outlined (none if -1). Grey cells did not count: the star ended on the floor ("floor") or not
    below the ball ("above"), or the scene never rested ("moving")."""
    shape = (len(FREQUENCIES), len(DAMPINGS))
    rest = np.asarray(table["rest_time"], dtype=float).reshape(shape).T
    floor_gap = np.asarray(table["floor_gap"], dtype=float).reshape(shape).T
    mask = ~good.reshape(shape).T
    shown = rest[~mask]
    low, high = (float(shown.min()), float(shown.max())) if shown.size else (0.0, 1.0)
    figure, axes = plt.subplots(figsize=(8.0, 5.0), layout="constrained")
    axes.set_facecolor("0.85")
    image = axes.imshow(np.ma.masked_array(rest, mask), origin="lower", cmap="viridis_r", aspect="auto",
                        vmin=low, vmax=high)
    for j in range(len(DAMPINGS)):
        for i in range(len(FREQUENCIES)):
            if not mask[j, i]:  # dark on the light (fast) end of the colour map, white on the dark end
                light = rest[j, i] - low < 0.5 * (high - low)
                text, color = f"{rest[j, i]:.0f}", "black" if light else "white"
            else:
                text = "moving" if not np.isfinite(rest[j, i]) else ("floor" if floor_gap[j, i] <= 1.0 else "above")
                color = "0.3"
            axes.text(i, j, text, ha="center", va="center", fontsize=7, color=color)
    if best >= 0:
        i, j = FREQUENCIES.index(table["frequency"][best]), DAMPINGS.index(table["damping"][best])
        axes.add_patch(Rectangle((i - 0.5, j - 0.5), 1, 1, fill=False, edgecolor="red", linewidth=2))
    axes.set_xticks(range(len(FREQUENCIES)), [f"{f:g}" for f in FREQUENCIES])
    axes.set_yticks(range(len(DAMPINGS)), [f"{d:g}" for d in DAMPINGS])
    axes.set_xlabel("frequency of both springs (Hz)")
    axes.set_ylabel("damping ratio of both springs")
    axes.set_title("Spring Attachment: time to rest (s) with the star hanging below the ball")
    figure.colorbar(image, ax=axes, label="time to rest (s)")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    figure.savefig(path, dpi=80)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    """Sweep the grid, print the fastest springs, draw the heat map, return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("output", nargs="?", default=DEFAULT_OUTPUT, help="where to write the heat map (PNG)")
    args = parser.parse_args(argv)

    parameters = {"frequency": FREQUENCIES, "damping": DAMPINGS}
    started = time.perf_counter()
    table = anima.sweep(build, parameters, measure, max_seconds=MAX_SECONDS, progress=False)
    wall = time.perf_counter() - started
    count = len(table)
    print(f"swept {count} variants of the Spring Attachment scene in {wall:.1f} s "
          f"({len(FREQUENCIES)} frequencies x {len(DAMPINGS)} damping ratios, at most {MAX_SECONDS:.0f} s each)")

    errors = [error for error in table["error"] if error is not None]
    rest = np.asarray(table["rest_time"], dtype=float)
    good = hanging(table)
    best = int(np.argmin(np.where(good, rest, np.inf))) if good.any() else -1
    frequency = np.asarray(table["frequency"], dtype=float)
    damping = np.asarray(table["damping"], dtype=float)
    seed = int(np.flatnonzero((frequency == scenes.SPRING_FREQUENCY) & (damping == scenes.SPRING_DAMPING))[0])
    softest = np.asarray(table["floor_gap"], dtype=float)[frequency == min(FREQUENCIES)]
    on_floor = np.isfinite(rest) & (np.asarray(table["floor_gap"], dtype=float) <= 1.0)
    print(f"{int(good.sum())} variants rest with the star hanging below the ball, {int(on_floor.sum())} with the "
          f"star on the floor, {int((np.isfinite(rest) & ~good & ~on_floor).sum())} with the star not below the "
          f"ball; {int((~np.isfinite(rest)).sum())} still move after {MAX_SECONDS:.0f} s")
    print(f"the listing's springs ({scenes.SPRING_FREQUENCY:g} Hz, damping {scenes.SPRING_DAMPING:g}): "
          f"at rest after {rest[seed]:.2f} s")

    same = False
    if best >= 0:
        print(f"fastest: {frequency[best]:g} Hz, damping {damping[best]:g}: at rest after {rest[best]:.2f} s, "
              f"the star {table['star_below_ball'][best]:.1f} pt below the ball, "
              f"{table['floor_gap'][best]:.1f} pt above the floor")
        again = build(frequency=float(frequency[best]), damping=float(damping[best]))
        again_rest = again.run_until_rest(max_seconds=MAX_SECONDS)
        same = again_rest == rest[best]
        again.destroy()
    draw(table, good, best, args.output)
    print(f"heat map: {args.output}")

    def summary() -> str:
        return (f"{frequency[best]:g} Hz with damping {damping[best]:g} settles fastest, after {rest[best]:.1f} s "
                f"(the listing's {scenes.SPRING_FREQUENCY:g} Hz and {scenes.SPRING_DAMPING:g}: {rest[seed]:.1f} s)")

    checks = [
        (not errors, f"every variant ran without an error ({len(errors)} failed)"),
        (best >= 0, "some variant comes to rest with the star hanging below the ball"),
        (bool(good[seed]) and best >= 0 and rest[best] <= rest[seed],
         "the listing's springs settle with the star hanging, and the best no later"),
        (same, "the best variant, run again in this process, rests at the same time to the bit"),
        (bool((softest <= 1.0).all()), "at 0.5 Hz the springs sag so far that the star ends on the floor"),
        (os.path.getsize(args.output) > 0 if os.path.exists(args.output) else False, "the heat map was written"),
    ]
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
