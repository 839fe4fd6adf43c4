#!/usr/bin/env python3
"""Long runs (`make soak`): ten simulated minutes of each scene, with their invariants.

    soak.py [--minutes M] [--bench PATH]

* tumbler: Box2D's tumbler (2025 boxes in a drum turning at 25 deg/s, bench/anima_bench.c)
  run for M minutes of 60 Hz steps: no box may leave the drum and no pose may stop being
  finite (anima_bench counts both as escaped).
* jelly: the book's jelly alert (examples/python/scenes.py) dropped onto its ledge, and flung
  upward again every 5 s, for M minutes: every pose stays finite and inside the screen's
  width, and the alert comes back to hang on the ledge each time.
* pile: a closed scene, 40 boxes of density 1 falling into a closed box (walls of anchored
  items, elasticity 0): its mechanical energy (kinetic + rotational + gravitational) is read
  every frame and may never grow by more than 0.05 % of the energy the fall releases.

Exits 1 at the first broken invariant, printing what broke; prints one line per scene.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "python"))

import anima  # noqa: E402
import scenes  # noqa: E402


def fail(message):
    print(f"soak: FAILED: {message}")
    sys.exit(1)


def tumbler(minutes, bench):
    steps = int(minutes * 60 * 60)
    start = time.monotonic()
    out = subprocess.run([bench, "tumbler", str(steps)], check=True, capture_output=True, text=True).stdout
    result = json.loads(out)
    if result["escaped"] != 0:
        fail(f"tumbler: {result['escaped']} boxes left the drum or stopped being finite after {steps} steps")
    print(f"soak: tumbler: {result['items']} boxes, {steps} steps ({minutes:g} simulated min): none escaped, "
          f"farthest box {result['max_reach']:.1f} pt from the drum's centre (walls at 1000 pt); "
          f"{time.monotonic() - start:.0f} s wall")


def jelly(minutes):
    start = time.monotonic()
    scene = scenes.jelly()
    animator, alert = scene.animator, scene.balls["alert"]
    items = [alert, *scene.grid]
    width = scenes.REFERENCE_BOUNDS[2]
    frames = int(minutes * 60 * 60)
    lowest_rest = math.inf
    flings = 0
    for frame in range(frames):
        if frame % 300 == 299:  # every 5 s: fling the alert up, as a tap would
            alert.velocity = (0.0, -900.0)
            flings += 1
        animator.advance(1 / 60)
        if frame % 10 == 0 or frame % 300 == 298:
            for item in items:
                x, y = item.center
                if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(item.rotation)):
                    fail(f"jelly: a pose stopped being finite at frame {frame}: {item.center}")
                if not -50 <= x <= width + 50 or not -2000 <= y <= scenes.LEDGE_Y + 50:
                    fail(f"jelly: an item left the scene at frame {frame}: {item.center}")
        if frame % 300 == 298:  # just before the next fling: back on the ledge
            lowest_rest = min(lowest_rest, alert.center[1])
            if abs(alert.center[1] - scene_rest_y(scene)) > 40:
                fail(f"jelly: the alert is not back on the ledge before fling {flings + 1}: y = {alert.center[1]:.1f}")
    print(f"soak: jelly: {frames} frames ({minutes:g} simulated min), {flings} flings: every pose finite and "
          f"on screen, the alert back on the ledge before each fling; {time.monotonic() - start:.0f} s wall")


_rest = {}


def scene_rest_y(scene):
    """Where the alert hangs when the scene first settles (measured on a fresh copy)."""
    if "y" not in _rest:
        fresh = scenes.jelly()
        fresh.animator.run_until_rest(max_seconds=30)
        _rest["y"] = fresh.balls["alert"].center[1]
    return _rest["y"]


def pile(minutes):
    start = time.monotonic()
    g = 1000.0   # pt/s^2 of gravity magnitude 1
    animator = anima.Animator(reference_bounds=(0, 0, 400, 600))
    walls = [anima.Item(animator, center=c, size=s) for c, s in [
        ((200, 610), (440, 20)), ((-10, 300), (20, 640)), ((410, 300), (20, 640)), ((200, -10), (440, 20))]]
    boxes = [anima.Item(animator, center=(40 + 45 * (k % 8), 60 + 45 * (k // 8)), size=(30, 30))
             for k in range(40)]
    animator.add_behavior(anima.ItemBehavior(walls, anchored=True))
    animator.add_behavior(anima.ItemBehavior(boxes, elasticity=0.0, friction=0.3))
    animator.add_behavior(anima.Gravity(boxes))
    animator.add_behavior(anima.Collision(walls + boxes))
    inertia = [b.mass * (30 ** 2 + 30 ** 2) / 12 for b in boxes]

    def energy():
        e = 0.0
        for b, i in zip(boxes, inertia):
            vx, vy = b.velocity
            e += 0.5 * b.mass * (vx * vx + vy * vy) + 0.5 * i * b.angular_velocity ** 2 - b.mass * g * b.center[1]
        return e

    e0 = energy()
    frames = int(minutes * 60 * 60)
    lowest = e0
    worst_rise = 0.0
    history = []
    for frame in range(frames):
        animator.advance(1 / 60)
        e = energy()
        if not math.isfinite(e):
            fail(f"pile: the energy stopped being finite at frame {frame}")
        history.append(e)
        worst_rise = max(worst_rise, e - lowest)
        lowest = min(lowest, e)
    released = e0 - lowest
    if released <= 0:
        fail("pile: the boxes released no energy in their fall")
    if worst_rise > 5e-4 * released:
        fail(f"pile: the energy grew by {worst_rise:.6g} (more than 0.05 % of the {released:.6g} released)")
    print(f"soak: pile: 40 boxes in a closed box, {frames} frames ({minutes:g} simulated min; at rest: "
          f"{not animator.is_running}): energy "
          f"released {released:.6g} mass pt^2/s^2, largest rise {worst_rise:.3g} ({100 * worst_rise / released:.4f} %); "
          f"{time.monotonic() - start:.0f} s wall")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--bench", default="build/bench/anima_bench")
    ap.add_argument("--scenes", default="tumbler,jelly,pile")
    opts = ap.parse_args()
    chosen = opts.scenes.split(",")
    if "pile" in chosen:
        pile(opts.minutes)
    if "jelly" in chosen:
        jelly(opts.minutes)
    if "tumbler" in chosen:
        tumbler(opts.minutes, opts.bench)
    print("soak: passed")


if __name__ == "__main__":
    main()
