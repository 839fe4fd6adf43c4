#!/usr/bin/env python3
"""Spatial queries in Anima and in Box2D v3 (pyb2d3) on the same scene, from Python.

    build/venv/bin/python bench/queries.py [--items 10000] [--rays 10000] [--overlaps 1000] [--rounds 3]

The scene: `items` static boxes and circles (half each, 6 to 16 pt, turned at random) scattered
over a 2000 x 2000 pt square, in one collision behavior (Anima) or as static bodies (Box2D). One
"step" of queries is `rays` segments of 20 to 300 pt, each asking for the nearest hit, and
`overlaps` rectangles of 30 to 80 pt, each asking which items lie under it. Timed, best of the
rounds, per query:

  Anima ray_cast_many    the whole batch in one call from an (n, 4) array (anima_animator_ray_cast_closest_batch)
  Anima ray_cast_first   one call per ray
  Box2D cast_ray_closest one call per ray (pyb2d3 has no batch form)
  Anima items_overlapping  one call per rectangle: the items whose shapes overlap it
  Box2D overlap_aabb       one call per rectangle with a callback: the shapes whose boxes do

Both engines answer every ray the same way here (the same item and fraction to 1e-4, checked on
the first 200 rays), so the ratios compare like with like. Box2D's overlap_aabb stops at the
boxes, a looser and cheaper question than Anima's exact shapes. Prints a table and the ratios
Box2D / Anima and writes them to bench/QUERIES.md; `make bench` runs it after bench/run.py.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import anima
import pyb2d3 as b2

ROOT = Path(__file__).resolve().parent.parent


def build(count: int, seed: int):
    rng = random.Random(seed)
    shapes = []
    for _ in range(count):
        centre = (rng.uniform(0, 2000), rng.uniform(0, 2000))
        if rng.random() < 0.5:
            shapes.append(("circle", centre, rng.uniform(3, 8), 0.0))
        else:
            shapes.append(("box", centre, (rng.uniform(6, 16), rng.uniform(6, 16)), rng.uniform(-3, 3)))
    animator = anima.Animator()
    items = []
    for kind, centre, size, turn in shapes:
        if kind == "circle":
            items.append(anima.Item(animator, center=centre, size=(2 * size, 2 * size), shape="ellipse"))
        else:
            items.append(anima.Item(animator, center=centre, size=size, rotation=turn))
    animator.add_behavior(anima.Collision(items))
    animator.add_behavior(anima.ItemBehavior(items, anchored=True))   # static, as Box2D's bodies
    animator.advance(1 / 60)              # the broad phase is built by the first step
    world = b2.World(gravity=(0, 0))
    for kind, centre, size, turn in shapes:
        body = world.create_static_body(position=centre, rotation=turn)
        if kind == "circle":
            body.create_circle_shape(b2.shape_def(), b2.circle(radius=size))
        else:
            body.create_polygon_shape(b2.shape_def(), b2.box(size[0] / 2, size[1] / 2))
    rays, boxes = [], []
    for _ in range(100_000):
        start = (rng.uniform(0, 2000), rng.uniform(0, 2000))
        length, angle = rng.uniform(20, 300), rng.uniform(0, 2 * math.pi)
        rays.append((start, (start[0] + length * math.cos(angle), start[1] + length * math.sin(angle))))
        centre, w, h = (rng.uniform(0, 2000), rng.uniform(0, 2000)), rng.uniform(30, 80), rng.uniform(30, 80)
        boxes.append((centre, (w, h)))
    return animator, world, rays, boxes


def best(function, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        function()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--rays", type=int, default=10_000)
    parser.add_argument("--overlaps", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    animator, world, rays, boxes = build(args.items, 7)
    rays, boxes = rays[:args.rays], boxes[:args.overlaps]
    translations = [(b[0] - a[0], b[1] - a[1]) for a, b in rays]

    # the same answers first
    agree = 0
    for (a, b), d in zip(rays[:200], translations[:200]):
        ours, theirs = animator.ray_cast_first(a, b), world.cast_ray_closest(a, d)
        if ours is None:
            agree += not theirs.hit
        else:
            agree += bool(theirs.hit) and abs(theirs.fraction - ours.fraction) < 1e-4
    if agree != 200:
        sys.exit(f"queries: the engines disagree on {200 - agree} of 200 rays")

    import numpy as np

    array = np.array([[a[0], a[1], b[0], b[1]] for a, b in rays])

    def anima_batch():
        animator.ray_cast_many(array)

    def anima_each():
        for a, b in rays:
            animator.ray_cast_first(a, b)

    def box2d_each():
        for (a, _), d in zip(rays, translations):
            world.cast_ray_closest(a, d)

    def anima_overlaps():
        for centre, size in boxes:
            animator.items_overlapping(rect=(centre, size, 0.0))

    def box2d_overlaps():
        for centre, (w, h) in boxes:
            found = []
            world.overlap_aabb(b2.aabb(lower_bound=(centre[0] - w / 2, centre[1] - h / 2),
                                       upper_bound=(centre[0] + w / 2, centre[1] + h / 2)), found.append)

    rows = [
        ("Anima ray_cast_many (one call)", best(anima_batch, args.rounds) / len(rays)),
        ("Anima ray_cast_first (a call a ray)", best(anima_each, args.rounds) / len(rays)),
        ("Box2D cast_ray_closest (a call a ray)", best(box2d_each, args.rounds) / len(rays)),
        ("Anima items_overlapping (exact shapes)", best(anima_overlaps, args.rounds) / len(boxes)),
        ("Box2D overlap_aabb (boxes)", best(box2d_overlaps, args.rounds) / len(boxes)),
    ]
    step = rows[0][1] * len(rays) + rows[3][1] * len(boxes)
    lines = [f"# Queries: {args.items} items, {len(rays)} rays and {len(boxes)} overlap rectangles a step "
             f"(best of {args.rounds}; the engines agree on 200 of 200 rays)", "",
             "| query | us per query |", "|---|---:|"]
    lines += [f"| {name} | {seconds * 1e6:.2f} |" for name, seconds in rows]
    lines += ["", f"Box2D / Anima, a call a ray: {rows[2][1] / rows[1][1]:.2f}; against Anima's batch: "
              f"{rows[2][1] / rows[0][1]:.2f}; overlaps (Box2D's boxes against Anima's shapes): {rows[4][1] / rows[3][1]:.2f}.",
              f"A step of the scene's queries takes Anima {step * 1e3:.1f} ms from Python."]
    text = "\n".join(lines) + "\n"
    print(text)
    (ROOT / "bench" / "QUERIES.md").write_text(text)


if __name__ == "__main__":
    main()
