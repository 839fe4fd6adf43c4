#!/usr/bin/env python3
"""Anima against Box2D v3 and pymunk on the same scenes, measured in one run.

    build/venv/bin/python bench/run.py [--rounds 3] [--only pyramid,tumbler,...] [--quick]

`make bench` builds the library and the Python package, installs pymunk and pyb2d3 (Box2D v3)
into build/venv when they are missing and runs this script. The script compiles
bench/anima_bench.c (the Anima side of the stepping scenes, in C) against include/anima.h and
.build/release/libanima.so, runs the Box2D side (bench/box2d_scenes.py) and the pymunk side in
this process, interleaves the engines over several rounds (the machine is noisy), keeps the best
round of each engine, prints a table and writes it, with every round's figures, to
bench/RESULTS.md. Anima and Box2D each run once on one thread and once with 2 workers. In the
first round the pile and the large pyramid also measure each engine's resident memory per item,
every engine in a fresh process (the C harness, and bench/memory.py for Box2D and pymunk). The
"call-cost" scene times the cheapest C calls (a getter) against the library built with and without
the thread guard (.build-noguard, which `make bench` builds with -D ANIMA_NO_THREAD_GUARD). The
"recording" scene measures what recording a scene from Python costs (bench/recording.py), the
"sweep" scene how many variants per second anima.sweep runs serially and on 2 worker processes
(bench/sweep.py). See bench/README.md for the scenes.
"""

from __future__ import annotations

import argparse
import array
import datetime
import gc
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import box2d_scenes
import recording as recording_bench
import sweep as sweep_bench

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
HEADER = ROOT / "include" / "anima.h"
LIB_DIR = ROOT / ".build" / "release"
LIB = LIB_DIR / "libanima.so"
# the harness: its main and scenes, the shared part, and the scenes of Box2D's own app
C_SOURCES = (BENCH / "anima_bench.c", BENCH / "harness.c", BENCH / "box2d_app.c")
C_BINARY = ROOT / "build" / "bench" / "anima_bench"
# The library built without the thread guard (make bench-noguard), for the call-cost scene's comparison.
NOGUARD_LIB_DIR = ROOT / ".build-noguard" / "release"
CALL_COST_CALLS = 10_000_000
CALL_COST_GETTERS = (("item_get_center_ns", "anima_item_get_center"),
                     ("animator_get_step_count_ns", "anima_animator_get_step_count"))

DT = 1.0 / 60.0
# Chipmunk multiplies the two shapes' frictions where Box2D and Anima take sqrt(fa fb): shapes of
# friction sqrt(0.6) make pymunk's contacts 0.6, as in the other engines.
PYMUNK_FRICTION = math.sqrt(0.6)
GRAVITY = 1000.0  # pt/s^2: gravity magnitude 1.0
# The aim for the springy list in Anima; printed beside the figure, not asserted.
SPRINGY_TARGET_MS = 0.5

# Stepping scenes: name, title, items that move, steps timed (after one untimed step).
STEPPING = {
    "pyramid": ("large pyramid", 5050, 500),
    "tumbler": ("tumbler", 2025, 750),
    "joint-grid": ("joint grid", 9993, 500),
    "springy-list": ("springy list", 1000, 500),
    "many-pyramids": ("many pyramids", 22000, 200),
    "pile": ("pile, default animator", 10000, 300),
    "smash": ("smash, a sleeping wall", 9601, 300),
    "spinner": ("spinner, a driven bar", 6077, 500),
}
SCENES = ("pyramid", "tumbler", "python", "joint-grid", "springy-list", "many-pyramids", "pile", "smash", "spinner",
          "recording", "sweep", "call-cost")
ENGINES = ("anima", "anima-2w", "box2d", "box2d-2w", "pymunk")
ENGINE_NAMES = {"anima": "Anima", "anima-2w": "Anima (2 workers)", "box2d": "Box2D", "box2d-2w": "Box2D (2 workers)",
                "pymunk": "pymunk"}
# worker threads of each Anima engine (the animator def's `workers`)
ANIMA_WORKERS = {"anima": 1, "anima-2w": 2}
# worker threads of each Box2D engine: 1 is a world without a task system, 2 a world on a pyb2d3
# ThreadPool(2) (bench/box2d_scenes.py); pymunk runs one thread
BOX2D_WORKERS = {"box2d": 1, "box2d-2w": 2}
# What Anima's 2 workers should gain over its one thread on these scenes: 1 thread ms / 2 workers ms.
SPEEDUP_TARGET = 1.7
SPEEDUP_SCENES = ("many-pyramids", "pile")
# Box2D with 2 workers hands its work to the pool's threads while the calling thread waits: if the
# calling thread did more than this share of the CPU work, the pool was not in use.
BOX2D_2W_MAX_CALLER_SHARE = 0.5
# Scenes whose resident memory per item is measured (first round only), and the engines measured
# in a fresh Python process (bench/memory.py); Anima's figures come from its C harness.
MEMORY_SCENES = ("pile", "pyramid")
MEMORY_ENGINES = ("box2d", "pymunk")
# The pile runs at the step rate of the animator a user gets by default (anima_default_animator_def:
# 120 steps per second, 4 sub-steps); the other engines step at the same rate.
PILE_DT = 1.0 / 120.0
FRAME_120_MS = 1000.0 / 120.0  # one frame of a 120 Hz display


# ----------------------------------------------------------------------------- set-up


def fail(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr)
    sys.exit(1)


def newer(target: Path, *sources: Path) -> bool:
    return not target.exists() or any(s.stat().st_mtime > target.stat().st_mtime for s in sources)


def build_c_bench() -> None:
    """Compiles the Anima side of the stepping scenes when it is missing or out of date."""
    if not LIB.exists():
        print("bench: building the library (make lib)", flush=True)
        subprocess.run(["make", "--no-print-directory", "lib"], cwd=ROOT, check=True)
    if newer(C_BINARY, *C_SOURCES, BENCH / "harness.h", HEADER, LIB):
        C_BINARY.parent.mkdir(parents=True, exist_ok=True)
        cc = os.environ.get("CC", "gcc")
        command = [cc, "-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror", f"-I{HEADER.parent}", *map(str, C_SOURCES),
                   "-o", str(C_BINARY), f"-L{LIB_DIR}", "-lanima", f"-Wl,-rpath,{LIB_DIR}", "-lm"]
        print("bench: " + " ".join(shlex.quote(c) for c in command), flush=True)
        subprocess.run(command, check=True)


def import_engines():
    try:
        import numpy
    except ImportError:
        fail("numpy is not importable; run this script with build/venv/bin/python (make bench)")
    try:
        import pymunk
        import pymunk.batch  # noqa: F401
    except ImportError:
        fail(f"pymunk is not importable; install it with: {sys.executable} -m pip install pymunk")
    try:
        import pyb2d3
    except ImportError:
        fail(f"pyb2d3 (Box2D v3) is not importable; install it with: {sys.executable} -m pip install pyb2d3")
    try:
        import anima
    except ImportError:
        fail("the anima module is not importable; build it with `make build` and run this script "
             "with build/venv/bin/python (or use `make bench`)")
    return numpy, pymunk, pyb2d3, anima


def package_version(name: str) -> str:
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:  # noqa: BLE001 - a missing version only blanks a line of the report
        return "unknown"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def source_revision() -> str:
    """The commit the sources are at, and whether the working tree differs from it."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "Sources", "include"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
        return commit + (" with local changes to the engine" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# ----------------------------------------------------------------------------- Anima side


class AnimaSceneFailed(Exception):
    """The C harness could not build or run a scene (a failed call, a crash)."""


def run_call_cost(calls: int) -> dict:
    """ns per call of the cheapest C calls, with the thread guard (the library of the tree) and without
    it (.build-noguard's, found first through LD_LIBRARY_PATH); "without" is None when that is not built."""
    figures = {}
    for key, library_dir in (("with", None), ("without", NOGUARD_LIB_DIR)):
        if library_dir is not None and not (library_dir / "libanima.so.0").exists():
            figures[key] = None
            continue
        env = dict(os.environ)
        if library_dir is not None:
            env["LD_LIBRARY_PATH"] = str(library_dir)
        done = subprocess.run([str(C_BINARY), "call_cost", str(calls)], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise AnimaSceneFailed(f"anima_bench call_cost failed (exit {done.returncode}): {done.stderr.strip()}")
        run = json.loads(done.stdout.strip().splitlines()[-1])
        expected = (library_dir or LIB_DIR).resolve()
        if Path(run["library"]).resolve().parent != expected:
            raise AnimaSceneFailed(f"anima_bench call_cost timed {run['library']}, not the library in {expected}")
        figures[key] = run
    return figures


class MemoryNotMeasured(Exception):
    """bench/memory.py failed for an engine and scene."""


def measure_memory(engine: str, scene: str, steps: int) -> dict:
    """Builds and steps one scene of Box2D or pymunk in a fresh process (bench/memory.py) and returns
    its report: the scene's figures plus rss_baseline, rss_after and rss_peak in bytes."""
    done = subprocess.run([sys.executable, str(BENCH / "memory.py"), engine, scene, str(steps)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit status {done.returncode}"
        raise MemoryNotMeasured(f"bench/memory.py {engine} {scene} failed: {detail}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_anima(scene: str, steps: int, workers: int = 1) -> dict:
    """Runs one stepping scene in the C harness (a fresh process) with `workers` threads and
    returns its JSON report. The harness names scenes with underscores (joint_grid) where this
    script uses hyphens."""
    done = subprocess.run([str(C_BINARY), scene.replace("-", "_"), str(steps), str(workers)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        detail = done.stderr.strip() or f"no message; exit status {done.returncode}"
        raise AnimaSceneFailed(f"anima_bench {scene.replace('-', '_')} failed (exit {done.returncode}): {detail}")
    return json.loads(done.stdout)


# ----------------------------------------------------------------------------- pymunk side
#
# Same geometry, units and axes as the Anima side: points, seconds, y down, gravity (0, 1000).
# Mass = density x area / 10 000 as in Anima: pymunk density 1e-4 per pt^2 for density 1.


def timed_steps(space, steps: int, before_step: Callable[[int], None] | None = None, dt: float = DT) -> float:
    """One untimed step, then `steps` timed ones; returns the seconds spent in the timed ones."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        if before_step:
            before_step(0)
        space.step(dt)
        if before_step is None:
            t0 = time.perf_counter()
            for _ in range(steps):
                space.step(dt)
            return time.perf_counter() - t0
        t0 = time.perf_counter()
        for k in range(1, steps + 1):
            before_step(k)
            space.step(dt)
        return time.perf_counter() - t0
    finally:
        if gc_was_enabled:
            gc.enable()


def pymunk_box(pymunk, space, x: float, y: float, width: float, height: float):
    """A dynamic box of density 1 (1e-4 per pt^2) and friction 0.6 at (x, y); returns its body."""
    body = pymunk.Body()
    body.position = (x, y)
    shape = pymunk.Poly.create_box(body, (width, height))
    shape.density = 1e-4
    shape.friction = PYMUNK_FRICTION
    space.add(body, shape)
    return body


def pymunk_pyramid(pymunk, steps: int, probe: Callable[[str], None] | None = None) -> dict:
    """`probe`, if given, is called with "baseline" before the space is created and with "after"
    after the timed steps (bench/memory.py)."""
    base, size = 100, 100.0
    # the starting positions' array is filled before the baseline, so that it is not counted as the space's
    start = array.array("d", [math.nan]) * (base * (base + 1))
    if probe:
        probe("baseline")
    space = pymunk.Space()
    space.gravity = (0.0, GRAVITY)
    space.iterations = 10
    ground = pymunk.Segment(space.static_body, (-20000.0, 0.0), (20000.0, 0.0), 0.0)
    ground.friction = PYMUNK_FRICTION
    space.add(ground)
    boxes = []
    for i in range(base):
        for j in range(i, base):
            x, y = size * (0.5 * (i + 1) + (j - i) - 0.5 * base), -size * (i + 0.5)
            boxes.append(pymunk_box(pymunk, space, x, y, size, size))
    for k, b in enumerate(boxes):
        start[2 * k], start[2 * k + 1] = b.position
    seconds = timed_steps(space, steps)
    if probe:
        probe("after")
    top = boxes[-1].position
    moves = [math.hypot(b.position.x - start[2 * k], b.position.y - start[2 * k + 1]) for k, b in enumerate(boxes)]
    return {"items": len(boxes), "steps": steps, "seconds": seconds,
            "top_dx": top.x - start[-2], "top_dy": top.y - start[-1],
            "max_move": max(m for m in moves if math.isfinite(m)),
            "non_finite": sum(not math.isfinite(m) for m in moves)}


DRUM_CENTER = (0.0, -1000.0)
DRUM_RATE = -math.radians(25.0)  # rad/s; Box2D's counter-clockwise turn, with y down
WALLS = (((1000.0, 0.0), (100.0, 2000.0)), ((-1000.0, 0.0), (100.0, 2000.0)),
         ((0.0, 1000.0), (2000.0, 100.0)), ((0.0, -1000.0), (2000.0, 100.0)))


def drum_escapees(poses, drum_angle: float) -> tuple[int, float]:
    """Boxes whose centre is past the middle of a wall in the drum's frame, and the farthest reach."""
    c, s = math.cos(-drum_angle), math.sin(-drum_angle)
    escaped, deepest = 0, 0.0
    for x, y in poses:
        dx, dy = x - DRUM_CENTER[0], y - DRUM_CENTER[1]
        reach = max(abs(c * dx - s * dy), abs(s * dx + c * dy))
        if not math.isfinite(reach) or reach > 1000.0:
            escaped += 1
        if math.isfinite(reach):
            deepest = max(deepest, reach)
    return escaped, deepest


def pymunk_tumbler(pymunk, steps: int) -> dict:
    space = pymunk.Space()
    space.gravity = (0.0, GRAVITY)
    space.iterations = 10
    drum = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    drum.position = DRUM_CENTER
    drum.angular_velocity = DRUM_RATE
    space.add(drum)
    for (ox, oy), (w, h) in WALLS:
        wall = pymunk.Poly(drum, [(ox - w / 2, oy - h / 2), (ox + w / 2, oy - h / 2),
                                  (ox + w / 2, oy + h / 2), (ox - w / 2, oy + h / 2)])
        wall.friction = PYMUNK_FRICTION
        space.add(wall)
    boxes = []
    for i in range(45):
        for j in range(45):
            boxes.append(pymunk_box(pymunk, space, -900.0 + 40.0 * j, -(100.0 + 40.0 * i), 25.0, 25.0))
    seconds = timed_steps(space, steps)
    escaped, deepest = drum_escapees([tuple(b.position) for b in boxes], drum.angle)
    return {"items": len(boxes), "steps": steps, "seconds": seconds, "escaped": escaped, "max_reach": deepest,
            "drum_angle": drum.angle, "expected_angle": DRUM_RATE * DT * (steps + 1)}


TORN_GAP = 100.0  # pt: a pin joint opened by a whole grid spacing


def pymunk_joint_grid(pymunk, steps: int) -> dict:
    """Box2D's joint_grid: 100 x 100 circles of radius 40 pt, 100 pt apart, that never collide,
    pinned to their neighbours; the 7 top-middle ones are static. 19 794 pivot joints."""
    n = 100
    space = pymunk.Space()
    space.gravity = (0.0, GRAVITY)
    space.iterations = 10
    no_self = pymunk.ShapeFilter(categories=0b10, mask=pymunk.ShapeFilter.ALL_MASKS() ^ 0b10)
    grid = [[None] * n for _ in range(n)]  # grid[k][i]: column k, row i (row 0 at the top)
    dynamic = 0
    for k in range(n):
        for i in range(n):
            static = i == 0 and 47 <= k <= 53
            body = pymunk.Body(body_type=pymunk.Body.STATIC) if static else pymunk.Body()
            body.position = (100.0 * k, 100.0 * i)
            shape = pymunk.Circle(body, 40.0)
            shape.density = 1e-4
            shape.filter = no_self
            space.add(body, shape)
            grid[k][i] = body
            dynamic += not static
    # Box2D also joins the static bodies to each other (6 inert joints); pymunk refuses those
    joints = []
    movable = lambda a, b: a.body_type == pymunk.Body.DYNAMIC or b.body_type == pymunk.Body.DYNAMIC
    for k in range(n):
        for i in range(n):
            if i > 0 and movable(grid[k][i - 1], grid[k][i]):
                joints.append(pymunk.PivotJoint(grid[k][i - 1], grid[k][i], (0.0, 50.0), (0.0, -50.0)))
            if k > 0 and movable(grid[k - 1][i], grid[k][i]):
                joints.append(pymunk.PivotJoint(grid[k - 1][i], grid[k][i], (50.0, 0.0), (-50.0, 0.0)))
    space.add(*joints)

    def widest_gap() -> float:
        return max((j.a.local_to_world(j.anchor_a) - j.b.local_to_world(j.anchor_b)).length for j in joints)

    # The net is checked every 25 steps, off the clock. Once a pin joint has opened by more than
    # the grid spacing the net has torn; the run stops there (a blown-up net only measures how
    # the broad phase copes with coordinates in the millions) and reports the steps it ran.
    done, seconds, diverged_at, gap = 0, 0.0, None, 0.0
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        space.step(DT)
        while done < steps:
            chunk = min(25, steps - done)
            t0 = time.perf_counter()
            for _ in range(chunk):
                space.step(DT)
            seconds += time.perf_counter() - t0
            done += chunk
            gap = widest_gap()
            if not math.isfinite(gap) or gap > TORN_GAP:
                diverged_at = done
                break
    finally:
        if gc_was_enabled:
            gc.enable()
    lowest = max(grid[k][n - 1].position.y for k in range(n))
    return {"items": dynamic, "joints": len(joints), "steps": done, "planned_steps": steps, "seconds": seconds,
            "max_joint_gap": gap, "lowest_y": lowest, "diverged_at": diverged_at}


def pymunk_springy_list(pymunk, steps: int) -> dict:
    """1000 list rows (300 x 40 pt, 44 pt apart, rotation locked), each on a spring of rest length
    0 to its own anchor on a scroller that moves up and down (300 pt, 0.5 Hz). The springs' natural
    frequencies cycle from 2 to 4 Hz (damping ratio 0.3), so neighbours lag differently and
    collide."""
    count, pitch, amplitude, scroll_hz, zeta = 1000, 44.0, 300.0, 0.5, 0.3
    space = pymunk.Space()
    space.iterations = 10
    scroller = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    space.add(scroller)
    rows = []
    for k in range(count):
        mass = 300.0 * 40.0 * 1e-4
        body = pymunk.Body(mass, math.inf)
        body.position = (0.0, pitch * k)
        shape = pymunk.Poly.create_box(body, (300.0, 40.0))
        shape.friction = 0.0
        omega = 2.0 * math.pi * (2.0 + 2.0 * (k % 10) / 9.0)
        spring = pymunk.DampedSpring(scroller, body, (0.0, pitch * k), (0.0, 0.0), 0.0,
                                     mass * omega * omega, 2.0 * mass * zeta * omega)
        space.add(body, shape, spring)
        rows.append((body, spring))

    def scroll(k: int) -> None:  # the velocity that moves the scroller to y(t) one step later
        w = 2.0 * math.pi * scroll_hz
        y0, y1 = amplitude * math.sin(w * DT * k), amplitude * math.sin(w * DT * (k + 1))
        scroller.velocity = (0.0, (y1 - y0) / DT)

    seconds = timed_steps(space, steps, scroll)
    stretch = max((scroller.local_to_world(s.anchor_a) - b.position).length for b, s in rows)
    overlap = max(0.0, max(40.0 - (rows[k + 1][0].position.y - rows[k][0].position.y) for k in range(count - 1)))
    return {"items": count, "steps": steps, "seconds": seconds, "max_stretch": stretch, "max_overlap": overlap}


def pymunk_many_pyramids(pymunk, steps: int) -> dict:
    """Box2D's many_pyramids: 20 x 20 pyramids of base 10 (100 pt boxes), a ground segment under
    each row of pyramids, 1100 pt apart."""
    space = pymunk.Space()
    space.gravity = (0.0, GRAVITY)
    space.iterations = 10
    for (x0, y0), (x1, y1) in MANY_PYRAMIDS_GROUNDS:
        ground = pymunk.Segment(space.static_body, (x0, y0), (x1, y1), 0.0)
        ground.friction = PYMUNK_FRICTION
        space.add(ground)
    boxes = []
    for x, y in many_pyramids_centres():
        boxes.append(pymunk_box(pymunk, space, x, y, 100.0, 100.0))
    start = [tuple(b.position) for b in boxes]
    seconds = timed_steps(space, steps)
    end = [tuple(b.position) for b in boxes]
    return many_pyramids_figures(start, end, steps, seconds)


# Box2D's many_pyramids in points, y down: 20 rows of 20 pyramids of base 10, boxes of 100 pt.
MANY_ROWS, MANY_COLUMNS, MANY_BASE = 20, 20, 10
MANY_PER_PYRAMID = MANY_BASE * (MANY_BASE + 1) // 2
MANY_GROUND_DY = 100.0 * (MANY_BASE + 1)
MANY_GROUND_WIDTH = 100.0 * MANY_COLUMNS * (MANY_BASE + 1)
MANY_PYRAMIDS_GROUNDS = [((-0.5 * MANY_GROUND_WIDTH, -r * MANY_GROUND_DY), (0.5 * MANY_GROUND_WIDTH, -r * MANY_GROUND_DY))
                         for r in range(MANY_ROWS)]


def many_pyramids_centres() -> list[tuple[float, float]]:
    """Box centres in points, y down, pyramid by pyramid, each bottom row first (the top box last)."""
    centres = []
    for r in range(MANY_ROWS):
        for c in range(MANY_COLUMNS):
            center_x = -0.5 * MANY_GROUND_WIDTH + c * 100.0 * (MANY_BASE + 1) + 50.0
            for i in range(MANY_BASE):
                y = 100.0 * i + 50.0 + r * MANY_GROUND_DY
                for j in range(i, MANY_BASE):
                    centres.append((50.0 * (i + 1) + 100.0 * (j - i) + center_x - 50.0, -y))
    return centres


def many_pyramids_figures(start, end, steps: int, seconds: float) -> dict:
    """How far the pyramids' top boxes dropped (pt, down positive) and the largest move of any box."""
    moves = [math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(start, end)]
    tops = range(MANY_PER_PYRAMID - 1, len(end), MANY_PER_PYRAMID)
    drops = [end[k][1] - start[k][1] for k in tops]
    return {"items": len(end), "steps": steps, "seconds": seconds, "pyramids": len(drops),
            "max_top_drop": max(drops), "mean_top_drop": sum(drops) / len(drops),
            "max_move": max(m for m in moves if math.isfinite(m)), "non_finite": sum(not math.isfinite(m) for m in moves)}


# The pile, in points, y down (the same as anima_bench.c's run_pile): 100 rows of 100 boxes of
# 9 pt, 10 pt apart, odd rows shifted 2 pt, above a container 1150 pt wide with its floor at 600.
PILE_COLUMNS, PILE_COUNT, PILE_SIZE = 100, 10_000, 9.0
PILE_LEFT, PILE_RIGHT, PILE_FLOOR, PILE_TOP = -50.0, 1100.0, 600.0, -2000.0


def pile_layout():
    centres = [(5.0 + 10.0 * (k % PILE_COLUMNS) + 2.0 * ((k // PILE_COLUMNS) % 2), -10.0 - 10.0 * (k // PILE_COLUMNS))
               for k in range(PILE_COUNT)]
    walls = [((PILE_LEFT, PILE_FLOOR), (PILE_RIGHT, PILE_FLOOR)), ((PILE_LEFT, PILE_TOP), (PILE_LEFT, PILE_FLOOR)),
             ((PILE_RIGHT, PILE_TOP), (PILE_RIGHT, PILE_FLOOR))]
    return centres, PILE_SIZE, walls, pile_inside


def pile_inside(p: tuple[float, float]) -> bool:
    x, y = p
    return PILE_LEFT < x < PILE_RIGHT and y < PILE_FLOOR + 5.0


def pymunk_pile(pymunk, steps: int, probe: Callable[[str], None] | None = None) -> dict:
    """`probe`, if given, is called with "baseline" before the space is created and with "after"
    after the timed steps (bench/memory.py)."""
    centres, size, walls, inside = pile_layout()
    if probe:
        probe("baseline")
    space = pymunk.Space()
    space.gravity = (0.0, GRAVITY)
    space.iterations = 10
    for a, b in walls:
        wall = pymunk.Segment(space.static_body, a, b, 0.0)
        wall.friction = PYMUNK_FRICTION
        space.add(wall)
    boxes = []
    for x, y in centres:
        boxes.append(pymunk_box(pymunk, space, x, y, size, size))
    seconds = timed_steps(space, steps, dt=PILE_DT)
    if probe:
        probe("after")
    end = [tuple(b.position) for b in boxes]
    finite = [y for _, y in end if math.isfinite(y)]
    return {"items": len(boxes), "steps": steps, "seconds": seconds, "escaped": sum(not inside(p) for p in end),
            "highest": min(finite) if finite else math.nan, "non_finite": len(end) - len(finite)}


def box2d_scene(b2, scene: str, steps: int, workers: int = 1, probe: Callable[[str], None] | None = None) -> dict:
    """Runs one stepping scene in Box2D v3 (bench/box2d_scenes.py), on one thread or with `workers`
    threads of a pyb2d3 ThreadPool; `probe` (the pyramid and the pile) is bench/memory.py's."""
    if scene == "pyramid":
        return box2d_scenes.pyramid(b2, steps, DT, workers, probe)
    if scene == "tumbler":
        return box2d_scenes.tumbler(b2, steps, DT, drum_escapees, workers)
    if scene == "joint-grid":
        return box2d_scenes.joint_grid(b2, steps, DT, TORN_GAP, workers)
    if scene == "many-pyramids":
        return box2d_scenes.many_pyramids(b2, steps, DT, workers)
    if scene == "pile":
        return box2d_scenes.pile(b2, steps, PILE_DT, pile_layout, workers, probe)
    if scene == "smash":
        return box2d_scenes.smash(b2, steps, DT, workers)
    if scene == "spinner":
        return box2d_scenes.spinner(b2, steps, DT, workers)
    raise ValueError(scene)


BOX2D_SCENES = ("pyramid", "tumbler", "joint-grid", "many-pyramids", "pile", "smash", "spinner")


# ----------------------------------------------------------------------------- Python costs


def best_ns_per_call(fn: Callable, arg, calls: int, repeats: int) -> float:
    """The best, over `repeats`, of the time of `calls` calls of fn(arg), in ns per call."""
    best = math.inf
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        loop = range(calls)
        for _ in range(repeats):
            t0 = time.perf_counter_ns()
            for _ in loop:
                fn(arg)
            best = min(best, time.perf_counter_ns() - t0)
    finally:
        if gc_was_enabled:
            gc.enable()
    return best / calls


def best_ns(fn: Callable[[], object], repeats: int) -> float:
    """The best time of one call of fn(), in ns, over `repeats` calls."""
    best = math.inf
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            t0 = time.perf_counter_ns()
            fn()
            best = min(best, time.perf_counter_ns() - t0)
    finally:
        if gc_was_enabled:
            gc.enable()
    return best


def python_costs(np, pymunk, anima, quick: bool) -> dict:
    """(a) one frame call on an empty world; (b) reading 10 000 poses into numpy, ns per body."""
    calls, repeats = (20_000, 3) if quick else (200_000, 5)
    results = {}
    animator = anima.Animator(step_rate=60.0)
    space = pymunk.Space()
    results["loop"] = best_ns_per_call(abs, 1.0, calls, repeats)
    results["anima_advance"] = best_ns_per_call(animator.advance, DT, calls, repeats)
    results["pymunk_step"] = best_ns_per_call(space.step, DT, calls, repeats)
    animator.destroy()

    n = 10_000
    animator = anima.Animator(step_rate=60.0)
    space = pymunk.Space()
    items, bodies = [], []
    for k in range(n):
        x, y, a = 3.0 * (k % 100), 5.0 * (k // 100), 0.001 * k
        items.append(anima.Item(animator, center=(x, y), size=(10.0, 10.0), rotation=a))
        body = pymunk.Body(1.0, 1.0)
        body.position = (x, y)
        body.angle = a
        bodies.append(body)
    space.add(*bodies)
    expected = np.array([(3.0 * (k % 100), 5.0 * (k // 100), 0.001 * k) for k in range(n)])

    out = np.empty((n, 3))
    fields = pymunk.batch.BodyFields.POSITION | pymunk.batch.BodyFields.ANGLE
    batch = pymunk.batch.Buffer()

    def anima_poses():
        return animator.poses()

    def anima_copy_into():
        animator.copy_poses_into(out)
        return out

    def anima_per_item():
        return np.array([(*item.center, item.rotation) for item in items])

    def pymunk_batch_view():
        batch.clear()
        pymunk.batch.get_space_bodies(space, fields, batch)
        return np.frombuffer(batch.float_buf()).reshape(-1, 3)

    def pymunk_batch_copy():
        return pymunk_batch_view().copy()

    def pymunk_per_body():
        return np.array([(*b.position, b.angle) for b in bodies])

    readers = {
        "anima_poses": (anima_poses, 200),
        "anima_copy_into": (anima_copy_into, 200),
        "anima_per_item": (anima_per_item, 10),
        "pymunk_batch_view": (pymunk_batch_view, 200),
        "pymunk_batch_copy": (pymunk_batch_copy, 200),
        "pymunk_per_body": (pymunk_per_body, 10),
    }
    for name, (reader, times) in readers.items():
        got = reader()
        if got.shape != (n, 3) or not np.allclose(got, expected):
            fail(f"python costs: {name} read wrong poses")
        results[name] = best_ns(reader, max(2, times // 5) if quick else times) / n
    animator.destroy()
    results["bodies"] = n
    return results


# ----------------------------------------------------------------------------- report


@dataclass
class Runs:
    """The figures of one scene for one engine, one dict per round."""
    rounds: list[dict] = field(default_factory=list)

    def best(self) -> dict | None:
        return min(self.rounds, key=ms_per_step) if self.rounds else None


def ms_per_step(run: dict) -> float:
    return 1000.0 * run["seconds"] / run["steps"]


def busy_text(run: dict) -> str:
    """For a Box2D run, the CPU seconds the process spent per second of stepping (about 1 on one
    thread, up to 2 while two workers are busy at once) and, with a thread pool, the share of them
    spent on the pool's threads."""
    if "cpu_seconds" not in run or run["seconds"] <= 0.0:
        return ""
    text = f"; {run['cpu_seconds'] / run['seconds']:.2f} CPU s per s of stepping"
    if run["workers"] > 1 and run["cpu_seconds"] > 0.0:
        pool_share = 1.0 - run["caller_cpu_seconds"] / run["cpu_seconds"]
        text += f", {pool_share:.0%} of it on the ThreadPool({run['workers']})'s threads"
    return text


def bytes_per_item(run: dict, key: str) -> float:
    """The resident memory a scene added over its baseline (rss_after or rss_peak), per item."""
    return (run[key] - run["rss_baseline"]) / run["items"]


def ratio_text(anima_ms: float, pymunk_ms: float) -> str:
    if pymunk_ms >= anima_ms:
        return f"Anima is {pymunk_ms / anima_ms:.1f} x faster"
    return f"Anima is {anima_ms / pymunk_ms:.1f} x slower"


def si(value: float) -> str:
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if value >= scale:
            return f"{value / scale:.2f}{suffix}"
    return f"{value:.0f}"


def steps_text(run: dict) -> str:
    """The steps a run timed, with the planned number when it stopped early."""
    text = f"{run['steps']}"
    if run.get("planned_steps", run["steps"]) != run["steps"]:
        text += f" of {run['planned_steps']}"
    return text


def pyramid_verdict(run: dict) -> str:
    """Holds: the top box moved at most 5 pt; collapsed: it fell more than half the pyramid."""
    if run["non_finite"]:
        return f"exploded ({run['non_finite']} boxes non-finite)"
    drift = math.hypot(run["top_dx"], run["top_dy"])
    if drift <= 5.0:
        return "holds"
    if run["top_dy"] > 5000.0:
        return "collapsed"
    return "sags"


def non_finite_text(r: dict, what: str) -> str:
    return f"; {r['non_finite']} {what} non-finite" if r.get("non_finite") else ""


def describe_pyramid(r: dict) -> str:
    return (f"top box moved {r['top_dy']:+.2f} pt down, {r['top_dx']:+.2f} pt across; largest move of any box "
            f"{r['max_move']:.2f} pt -> {pyramid_verdict(r)}")


def describe_tumbler(r: dict) -> str:
    extra = f", wall centres off their circle by {r['wall_error']:.3f} pt" if "wall_error" in r else ""
    return (f"{r['escaped']} of {r['items']} boxes escaped the drum; farthest box centre {r['max_reach']:.1f} pt from "
            f"the drum centre along a drum axis (inner wall at 950); drum turned {math.degrees(r['drum_angle']):.1f} "
            f"deg of {math.degrees(r['expected_angle']):.1f}{extra}")


def describe_joint_grid(r: dict) -> str:
    extra = non_finite_text(r, "items")
    if r["diverged_at"] is not None:
        return (f"TORN: a pin joint had opened by {r['max_joint_gap']:.0f} pt (more than the {TORN_GAP:.0f} pt grid "
                f"spacing) by step {r['diverged_at']}, so the run stopped there; its time covers those steps only; "
                f"lowest row at y = {r['lowest_y']:.0f} pt (hung at 9900){extra}")
    return (f"not torn: widest pin joint gap {r['max_joint_gap']:.2f} pt after {r['steps']} steps; lowest row at "
            f"y = {r['lowest_y']:.0f} pt (hung at 9900){extra}")


def describe_springy_list(r: dict) -> str:
    return (f"largest spring stretch {r['max_stretch']:.1f} pt; deepest overlap of neighbouring rows "
            f"{r['max_overlap']:.2f} pt{non_finite_text(r, 'rows')}")


def describe_many_pyramids(r: dict) -> str:
    return (f"top boxes of the {r['pyramids']} pyramids dropped {r['mean_top_drop']:.2f} pt on average, "
            f"{r['max_top_drop']:.2f} pt at most; largest move of any box {r['max_move']:.2f} pt"
            f"{non_finite_text(r, 'boxes')}")


def describe_pile(r: dict) -> str:
    return (f"{r['escaped']} of {r['items']} boxes outside the container after {r['steps']} steps of 1/120 s; "
            f"highest box centre at y = {r['highest']:.0f} pt (floor at {PILE_FLOOR:.0f}){non_finite_text(r, 'boxes')}")


def describe_smash(r: dict) -> str:
    return (f"heavy box at x = {r['heavy_x']:.0f} pt moving at {r['heavy_vx']:.0f} pt/s (from 4000); {r['wall_moved']} of "
            f"9600 wall boxes moved, the wall {r['wall_mean_dx']:.0f} pt on average, the farthest box "
            f"{r['wall_farthest']:.0f} pt; {r['wall_asleep']} asleep at the end{non_finite_text(r, 'boxes')}")


def describe_spinner(r: dict) -> str:
    torque = f", mean motor torque {r['mean_motor_torque']:.3g}" if "mean_motor_torque" in r else ""
    return (f"bar turned {r['bar_turn']:.3f} rad of {r['expected_turn']:.3f} at 5 rad/s, now at {abs(r['bar_speed']):.3f} rad/s"
            f"{torque}; {r['inside']} of 6076 bodies inside the ring, their mean speed {r['mean_speed']:.0f} pt/s"
            f"{non_finite_text(r, 'bodies')}")


# The physical checks printed under the table, scene by scene, for every engine that ran it.
CHECKS: dict[str, Callable[[dict], str]] = {
    "pyramid": describe_pyramid, "tumbler": describe_tumbler, "joint-grid": describe_joint_grid,
    "springy-list": describe_springy_list, "many-pyramids": describe_many_pyramids, "pile": describe_pile,
    "smash": describe_smash, "spinner": describe_spinner,
}


class Report:
    def __init__(self, args, versions: dict):
        self.args = args
        self.versions = versions
        self.stepping: dict[str, dict[str, Runs]] = {}
        self.python: list[dict] = []
        self.recording: list[dict] = []  # one dict per round: scene -> figures (bench/recording.py)
        self.sweep: list[dict] = []  # one dict of figures per round (bench/sweep.py)
        self.call_cost: list[dict] = []  # one {"with": run, "without": run or None} per round
        self.failures: dict[str, str] = {}  # scene -> why the Anima side did not run
        # scene -> engine ("anima", "box2d", "pymunk") -> a run's report with its rss_* figures in bytes
        self.memory: dict[str, dict[str, dict]] = {}
        self.memory_failures: list[str] = []
        self.lines: list[str] = []  # the table printed, also written to RESULTS.md

    def add(self, scene: str, engine: str, run: dict) -> None:
        self.stepping.setdefault(scene, {}).setdefault(engine, Runs()).rounds.append(run)

    def summary_rows(self) -> list[list[str]]:
        rows = []
        for scene in STEPPING:
            if scene not in self.stepping and scene not in self.failures:
                continue
            engines = self.stepping.get(scene, {})
            title, items, steps = STEPPING[scene]
            best = {e: engines[e].best() for e in ENGINES if e in engines}
            texts = {e: steps_text(run) for e, run in best.items()}
            if len(set(texts.values())) <= 1:
                steps_cell = next(iter(texts.values()), "-")
            else:  # a run that stopped early (a torn net) in some engines only
                steps_cell = ", ".join(f"{t} ({ENGINE_NAMES[e]})" for e, t in texts.items())
            row = [title, f"{items}", steps_cell]
            ms = {e: ms_per_step(run) for e, run in best.items()}
            failed = scene in self.failures
            cell = lambda e: f"{ms[e]:.2f}" if e in ms else ("not run" if e in ANIMA_WORKERS and failed else "-")
            ratio = lambda a, b: f"{ms[a] / ms[b]:.2f}" if a in ms and b in ms else "-"
            row += [cell("anima"), cell("anima-2w"), ratio("anima", "anima-2w"),
                    cell("box2d"), cell("box2d-2w"), ratio("box2d", "box2d-2w"), cell("pymunk"),
                    ratio("box2d", "anima"), ratio("box2d-2w", "anima-2w"), ratio("pymunk", "anima"),
                    si(items * 1000.0 / ms["anima"]) if "anima" in ms else "-"]
            rows.append(row)
        return rows

    def speedup(self, scene: str, pair: tuple[str, str]) -> float | None:
        """One engine's best ms/step on one thread over its best with 2 workers."""
        engines = self.stepping.get(scene, {})
        one, two = (engines[e].best() if e in engines else None for e in pair)
        if one is None or two is None:
            return None
        return ms_per_step(one) / ms_per_step(two)

    def last(self, scene: str, engine: str) -> dict | None:
        runs = self.stepping.get(scene, {}).get(engine)
        return runs.rounds[-1] if runs else None

    def sanity_lines(self) -> list[str]:
        out = []
        for scene, engines in self.stepping.items():
            for r in engines.get("anima", Runs()).rounds:
                if r["step_count"] != r["steps"] + 1 or not r["running"]:
                    out.append(f"WARNING: {STEPPING[scene][0]}, anima: ran {r['step_count']} of {r['steps'] + 1} steps "
                               f"(running: {r['running']}); the animator paused, so its time is not comparable")
                    break
        for scene, describe in CHECKS.items():
            for engine in ENGINES:
                r = self.last(scene, engine)
                if r:
                    out.append(f"{STEPPING[scene][0].split(',')[0]}, {engine:6}: {describe(r)}{busy_text(r)}")
            if scene == "springy-list" and (runs := self.stepping.get(scene, {}).get("anima")):
                best = ms_per_step(runs.best())
                verdict = "under" if best < SPRINGY_TARGET_MS else "over"
                out.append(f"springy list, anima : best {best:.3f} ms/step, {verdict} the {SPRINGY_TARGET_MS} ms/step "
                           f"target (1000 anchor moves per step included)")
        for engine, workers in ANIMA_WORKERS.items():
            runs = self.stepping.get("pile", {}).get(engine)
            if runs:
                best = ms_per_step(runs.best())
                out.append(f"pile, {engine}: best {best:.1f} ms per 1/120 s step at the default configuration "
                           f"({best / FRAME_120_MS:.1f} x one 120 Hz frame of {FRAME_120_MS:.1f} ms), "
                           f"{workers} worker{'s' if workers > 1 else ''}")
        for scene in SPEEDUP_SCENES:
            speedup = self.speedup(scene, ("anima", "anima-2w"))
            if speedup is not None:
                verdict = "at or above" if speedup >= SPEEDUP_TARGET else "under"
                out.append(f"{STEPPING[scene][0].split(',')[0]}, anima: 2 workers / 1 thread speed-up {speedup:.2f} x, "
                           f"{verdict} the {SPEEDUP_TARGET} x target")
        for scene, engines in self.stepping.items():
            for r in engines.get("box2d-2w", Runs()).rounds:
                if r["caller_cpu_seconds"] > BOX2D_2W_MAX_CALLER_SHARE * r["cpu_seconds"]:
                    out.append(f"WARNING: {STEPPING[scene][0]}, box2d-2w: the calling thread did "
                               f"{r['caller_cpu_seconds'] / r['cpu_seconds']:.0%} of the CPU work; Box2D did not step "
                               f"on the ThreadPool's threads")
                    break
        for scene, reason in self.failures.items():
            out.append(f"{STEPPING[scene][0]}, anima : not run: {reason}")
        return out

    def memory_rows(self) -> list[list[str]]:
        rows = []
        for scene in STEPPING:
            figures = self.memory.get(scene)
            if not figures:
                continue
            title = STEPPING[scene][0]
            items = next(iter(figures.values()))["items"]
            steps = next(iter(figures.values()))["steps"]
            row = [title, f"{items}", f"{steps}"]
            for key in ("rss_after", "rss_peak"):
                per_item = {e: bytes_per_item(r, key) for e, r in figures.items()}
                row += [f"{per_item[e]:,.0f}" if e in per_item else "-" for e in ("anima", "box2d", "pymunk")]
                row.append(f"{per_item['anima'] / per_item['box2d']:.2f}" if "anima" in per_item and "box2d" in per_item
                           else "-")
            rows.append(row)
        return rows

    def memory_lines(self) -> list[str]:
        out = []
        processes = {"anima": "the C harness with libanima loaded", "box2d": "Python with pyb2d3 and numpy imported",
                     "pymunk": "Python with pymunk imported"}
        for scene in STEPPING:
            figures = self.memory.get(scene)
            if not figures:
                continue
            title = STEPPING[scene][0].split(',')[0]
            out.append(f"{title}: baseline " + ", ".join(
                f"{ENGINE_NAMES[e]} {r['rss_baseline'] / 1e6:.1f} MB ({processes[e]})" for e, r in figures.items()))
            out.append(f"{title}: after the steps " + ", ".join(
                f"{ENGINE_NAMES[e]} +{(r['rss_after'] - r['rss_baseline']) / 1e6:.1f} MB, peak "
                f"+{(r['rss_peak'] - r['rss_baseline']) / 1e6:.1f} MB" for e, r in figures.items()))
            if "anima" in figures and "box2d" in figures:
                ratio = bytes_per_item(figures["anima"], "rss_after") / bytes_per_item(figures["box2d"], "rss_after")
                verdict = "within" if ratio <= 1.0 else "over"
                out.append(f"{title}: Anima / Box2D {ratio:.2f} after the steps, {verdict} the target of no more "
                           f"memory per item than Box2D")
            for e, r in figures.items():
                if not r.get("peak_reset", True):
                    out.append(f"{title}, {e}: the kernel did not restart the peak at the baseline; the peak may "
                               f"include memory from before the scene")
        out += self.memory_failures
        return out

    def python_rows(self) -> list[list[str]]:
        if not self.python:
            return []
        best = {k: min(r[k] for r in self.python) for k in self.python[0]}
        n = best["bodies"]
        rows = [
            ["advance(1/60), empty animator (Anima)", f"{best['anima_advance']:.0f} ns per call", ""],
            ["space.step(1/60), empty space (pymunk)", f"{best['pymunk_step']:.0f} ns per call",
             ratio_text(best["anima_advance"], best["pymunk_step"])],
            ["a bare call of abs(1.0) in the same loop", f"{best['loop']:.0f} ns per call", "(loop overhead)"],
            [f"animator.poses() (numpy array), {n} items", f"{best['anima_poses']:.1f} ns per body", ""],
            [f"animator.copy_poses_into(array), {n} items", f"{best['anima_copy_into']:.1f} ns per body", ""],
            [f"pymunk.batch.get_space_bodies -> numpy view, {n} bodies", f"{best['pymunk_batch_view']:.1f} ns per body",
             ratio_text(best["anima_poses"], best["pymunk_batch_view"]) + " (poses() vs view)"],
            [f"pymunk.batch.get_space_bodies -> numpy copy, {n} bodies", f"{best['pymunk_batch_copy']:.1f} ns per body",
             ratio_text(best["anima_poses"], best["pymunk_batch_copy"]) + " (poses() vs copy)"],
            [f"[(*item.center, item.rotation) ...] -> numpy (Anima per item)", f"{best['anima_per_item']:.0f} ns per body", ""],
            [f"[(*b.position, b.angle) ...] -> numpy (pymunk per body)", f"{best['pymunk_per_body']:.0f} ns per body",
             ratio_text(best["anima_per_item"], best["pymunk_per_body"]) + " (per item)"],
        ]
        return rows

    def render(self) -> list[str]:
        lines = []
        head = ["scene", "items", "steps", "Anima 1 thread ms/step", "Anima 2 workers ms/step",
                "Anima speed-up (1 thread / 2 workers)", "Box2D 1 thread ms/step", "Box2D 2 workers ms/step",
                "Box2D speed-up (1 thread / 2 workers)", "pymunk ms/step", "Box2D / Anima, 1 thread each",
                "Box2D / Anima, 2 workers each", "pymunk / Anima, 1 thread each", "Anima items x steps/s (1 thread)"]
        rows = self.summary_rows()
        if rows:
            lines += table(head, rows)
            lines.append("")
            lines += self.sanity_lines()
        mrows = self.memory_rows()
        if mrows or self.memory_failures:
            lines.append("")
            lines += table(["resident bytes per item (one thread, fresh process each)", "items", "steps",
                            "Anima after the steps", "Box2D after the steps", "pymunk after the steps",
                            "Anima / Box2D after", "Anima peak", "Box2D peak", "pymunk peak", "Anima / Box2D peak"],
                           mrows)
            lines.append("")
            lines += self.memory_lines()
        prows = self.python_rows()
        if prows:
            lines.append("")
            lines += table(["Python cost", "best", "ratio"], prows)
        if self.recording:
            lines.append("")
            lines += table(["recording (Anima)", "items", "frames", "advance ms/frame", "record ms/frame",
                            "record / advance"], self.recording_rows())
            lines.append("")
            lines += [recording_bench.describe(best) for best in self.recording_best()]
        if self.sweep:
            best = sweep_bench.best_of(self.sweep)
            serial, cluster = sweep_bench.rates(best)
            lines.append("")
            lines += table(["sweep (Anima)", "variants", "serial variants/s", f"{best['workers']} workers variants/s",
                            "speed-up", "rows equal"],
                           [["spring scene, 10 s each", f"{best['variants']}", f"{serial:.0f}", f"{cluster:.0f}",
                             f"{cluster / serial:.2f}", "yes" if not best["different_rows"] else
                             f"no ({best['different_rows']} differ)"]])
            lines.append("")
            lines.append(sweep_bench.describe(best))
        if self.call_cost:
            lines.append("")
            lines += table([f"C call (best of {len(self.call_cost)} rounds x 5 batches of {self.call_cost[0]['with']['calls']:,} calls)",
                            "with the thread guard", "without (-D ANIMA_NO_THREAD_GUARD)", "the guard costs"],
                           self.call_cost_rows())
        return lines

    def call_cost_rows(self) -> list[list[str]]:
        rows = []
        for key, name in CALL_COST_GETTERS:
            with_guard = min(r["with"][key] for r in self.call_cost)
            runs = [r["without"][key] for r in self.call_cost if r["without"]]
            without = min(runs) if runs else None
            rows.append([name, f"{with_guard:.1f} ns", f"{without:.1f} ns" if without is not None else "not built",
                         f"{with_guard - without:+.1f} ns" if without is not None else "-"])
        return rows

    def recording_best(self) -> list[dict]:
        return [recording_bench.best_of([r[scene] for r in self.recording]) for scene in recording_bench.SCENES]

    def recording_rows(self) -> list[list[str]]:
        rows = []
        for best in self.recording_best():
            per_frame = lambda seconds: f"{1000.0 * seconds / best['frames']:.2f}"
            rows.append([best["scene"], f"{best['items']}", f"{best['frames']}", per_frame(best["plain"]),
                         per_frame(best["recorded"]), f"{best['ratio']:.2f}"])
        return rows


def table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table whose columns line up in plain text too."""
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows)]
    fmt = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    return [fmt(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [fmt(r) for r in rows]


def per_round_lines(report: Report) -> list[str]:
    lines = []
    for scene, engines in report.stepping.items():
        title = STEPPING[scene][0]
        for engine, runs in engines.items():
            figures = ", ".join(f"{ms_per_step(r):.3f}" for r in runs.rounds)
            lines.append(f"- {title}, {engine}: {figures} ms/step")
    for engine_key, label in (("anima_advance", "Anima advance(1/60), empty"), ("pymunk_step", "pymunk step(1/60), empty"),
                              ("anima_poses", "Anima poses() -> numpy"), ("anima_copy_into", "Anima copy_poses_into"),
                              ("pymunk_batch_view", "pymunk batch -> view"), ("pymunk_batch_copy", "pymunk batch -> copy"),
                              ("anima_per_item", "Anima per item"), ("pymunk_per_body", "pymunk per body")):
        if report.python:
            unit = "ns per call" if engine_key in ("anima_advance", "pymunk_step") else "ns per body"
            figures = ", ".join(f"{r[engine_key]:.1f}" for r in report.python)
            lines.append(f"- {label}: {figures} {unit}")
    for scene in recording_bench.SCENES if report.recording else ():
        figures = ", ".join(f"{r[scene]['ratio']:.2f}" for r in report.recording)
        lines.append(f"- recording, {scene}: record / advance {figures}")
    if report.sweep:
        figures = ", ".join("{:.0f} / {:.0f}".format(*sweep_bench.rates(r)) for r in report.sweep)
        lines.append(f"- sweep: serial / {sweep_bench.WORKERS} workers {figures} variants/s")
    for key, name in CALL_COST_GETTERS if report.call_cost else ():
        figures = ", ".join(f"{r['with'][key]:.1f}" + (f" / {r['without'][key]:.1f}" if r["without"] else "")
                            for r in report.call_cost)
        lines.append(f"- {name}: with / without the thread guard {figures} ns per call")
    return lines


RESULTS_HEADER = """# Benchmark results: Anima, Box2D v3 and pymunk

Written by `make bench` (bench/run.py); every run overwrites this file. The engines run the same
scenes at the same sizes in one run, interleaved over {rounds} rounds because the machine is noisy
(each round starts with another engine); the table keeps each engine's best round, and every
round's figures are listed below it.

How to read it: ms/step is the wall time of one step (stepping only, scene creation and one first
step excluded; 1/60 s steps except the pile's 1/120 s); "Box2D / Anima" and "pymunk / Anima" are
the ratios of the times taken in this run: above 1.00 Anima is faster, 0.50 means Anima needs
twice the peer's time. Items x steps/s = moving items x steps/s, Anima's throughput. Only ratios
from one run are worth comparing; absolute times move 10-35 % from run to run on this kind of
machine.

Threads: "1 thread" is Anima's animator with `workers` 1 and Box2D's world without a task system;
pymunk always runs one thread. "2 workers" is Anima's animator with `workers` set to 2 (the same
poses to the bit, on two threads) and Box2D's world on pyb2d3's task system, a `ThreadPool(2)`
(Box2D's `workerCount` 2; the calling thread waits while the pool's two threads step). "Box2D /
Anima, 1 thread each" compares the two one-thread runs, "Box2D / Anima, 2 workers each" Box2D's 2
workers with Anima's 2 workers; each engine's speed-up is its 1 thread ms/step over its 2 workers
ms/step (the aim for Anima is at least 1.7 on many pyramids and the pile). Box2D's lines under the
table give its CPU seconds per second of stepping (near 2.00 while both workers are busy) and the
share of them spent on the pool's threads, which shows the pool in use.

Memory: for the pile and the large pyramid, each engine's resident memory per item, measured once
(in the first round) with one thread, each engine in a fresh process: VmRSS just before the world
or animator is created, when the process has the engine loaded and nothing of the scene, and
again right after the timed steps; the difference, and the peak (VmHWM, restarted at the baseline)
minus the baseline, divided by the items. Anima's process is the C harness, Box2D's and pymunk's
a Python interpreter (bench/memory.py). Counted with the engine: the harness's handle per item
(12 bytes in Anima, an 8-byte body id in Box2D) and, in pymunk, its Python Body and shape
objects. The aim for Anima is no more memory per item than Box2D.

Scenes (Box2D v3.1's benchmark geometry at 100 pt per metre, y down, gravity 1000 pt/s^2;
details in bench/README.md). Anima and Box2D: 4 sub-steps per step, sleeping off (Anima's
animator never pauses) except Anima's default animator in the pile; pymunk: 10 iterations (its
default).
- large pyramid: 5050 boxes of 100 x 100 pt, friction 0.6, base 100, on the ground; 500 steps.
  The top box's drift shows whether the pyramid stands.
- tumbler: 2025 boxes of 25 x 25 pt in a 2000 x 2000 pt drum of four 100 pt walls turning at
  25 deg/s; 750 steps. Anima's walls are anchored items driven by their velocities; Box2D's drum
  is a dynamic body turned by a revolute motor (its own scene); pymunk's is a kinematic body.
- Python costs: one empty frame call from Python, and reading 10 000 poses (x, y, angle) into
  numpy, in ns per body.
- joint grid: 100 x 100 circles of radius 40 pt that never collide, pinned to their neighbours
  (19 794 pins; Box2D also joins its 7 static circles), hanging from the 7 top-middle ones; 500
  steps. A run stops when a pin has opened by more than the 100 pt grid spacing (the net tore)
  and reports the steps it ran ("75 of 500").
- springy list: 1000 rows of 300 x 40 pt on damped springs (2-4 Hz, rest length 0) to anchors on
  a scroller moving +-300 pt at 0.5 Hz; neighbouring rows collide; 500 steps; Anima against
  pymunk only. The aim for Anima is under 0.5 ms/step.
- many pyramids: Box2D's many_pyramids, 20 x 20 pyramids of base 10 (22 000 boxes of 100 pt),
  each row of pyramids on its own ground segment; 200 steps.
- pile: 10 000 boxes of 9 pt poured into a container 1150 pt wide; 300 steps of 1/120 s with the
  animator a user gets by default (120 steps per second, 4 sub-steps, resting on); Box2D steps
  1/120 s with 4 sub-steps, pymunk 1/120 s. One 120 Hz frame lasts 8.3 ms.
- recording (Anima only): anima.render.Recorder on 10 000 balls for 600 frames of 1/60 s, against
  advancing the same scene alone; a pile of colliding balls and a free fall without collisions
  (the cheapest stepping). The aim is a ratio under 2.
- sweep (Anima only): anima.sweep over 1000 variants of the spring scene (frequency and damping
  of both springs), 10 s each, serially and on a LocalCluster of 2 worker processes; variants
  per second, and both tables must be equal row by row.
- call cost (Anima only): ns per call of anima_item_get_center (200 items in turn) and
  anima_animator_get_step_count from C, best of 5 batches of 10 000 000 calls, with the library
  of the tree and with the same sources built with -D ANIMA_NO_THREAD_GUARD (no thread guard):
  the difference is what the guard that answers ANIMA_ERR_BUSY to a second thread costs.
"""


def write_results(report: Report, path: Path) -> None:
    v = report.versions
    lines = RESULTS_HEADER.format(rounds=report.args.rounds).splitlines()
    lines += [
        "",
        "## Run",
        "",
        f"- date: {v['date']}",
        f"- CPU: {v['cpu']} ({v['cpus']} logical CPUs)",
        f"- Anima {v['anima']} ({v['revision']}); Box2D v3 through pyb2d3 {v['pyb2d3']}; pymunk {v['pymunk']} "
        f"(Chipmunk {v['chipmunk']}); numpy {v['numpy']}; Python {v['python']}",
        f"- command: `{v['command']}`",
        "",
        "## Best of each engine",
        "",
    ]
    lines += report.render()
    lines += ["", "## Every round", ""] + per_round_lines(report)
    path.write_text("\n".join(lines) + "\n")


# ----------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description="Anima against Box2D v3 and pymunk on the same scenes.")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per scene (default 3)")
    parser.add_argument("--only", default=",".join(SCENES),
                        help=f"comma-separated scenes to run, among {', '.join(SCENES)} (default all)")
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of the steps, for a smoke test; does not write RESULTS.md unless --output is given")
    parser.add_argument("--output", type=Path, default=None, help="where to write the results (default bench/RESULTS.md)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be >= 1")
    scenes = [s.strip() for s in args.only.split(",") if s.strip()]
    for s in scenes:
        if s not in SCENES:
            parser.error(f"unknown scene {s!r}; choose among {', '.join(SCENES)}")
    output = args.output if args.output else (None if args.quick else BENCH / "RESULTS.md")

    build_c_bench()
    np, pymunk, b2, anima = import_engines()
    if "sweep" in scenes:
        try:
            import distributed  # noqa: F401
        except ImportError:
            fail(f'dask.distributed is not importable; install it with: {sys.executable} -m pip install "dask[distributed]"')
    versions = {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu_model(), "cpus": os.cpu_count(), "anima": anima.__version__, "revision": source_revision(),
        "pymunk": pymunk.version, "chipmunk": pymunk.chipmunk_version.split("-")[0], "numpy": np.__version__,
        "pyb2d3": package_version("pyb2d3"),
        "python": platform.python_version(),
        "command": " ".join(["bench/run.py"] + [shlex.quote(a) for a in sys.argv[1:]]),
    }
    print(f"bench: {versions['cpu']}, Anima {versions['anima']} ({versions['revision']}), pyb2d3 {versions['pyb2d3']}, "
          f"pymunk {versions['pymunk']}, {args.rounds} rounds", flush=True)

    report = Report(args, versions)
    pymunk_scenes = {"pyramid": pymunk_pyramid, "tumbler": pymunk_tumbler, "joint-grid": pymunk_joint_grid,
                     "springy-list": pymunk_springy_list, "many-pyramids": pymunk_many_pyramids, "pile": pymunk_pile}
    for r in range(args.rounds):
        for scene in scenes:
            if scene == "recording":
                report.recording.append(recording_bench.measure(anima, np, recording_bench.FRAMES // (10 if args.quick else 1)))
                print(f"round {r + 1}: recording: " + ", ".join(
                    f"{name} {run['ratio']:.2f} x advancing" for name, run in report.recording[-1].items()), flush=True)
                continue
            if scene == "sweep":
                report.sweep.append(sweep_bench.measure_round(anima, np, sweep_bench.VARIANTS // (10 if args.quick else 1)))
                serial, cluster = sweep_bench.rates(report.sweep[-1])
                print(f"round {r + 1}: sweep: serial {serial:.0f} variants/s, {sweep_bench.WORKERS} workers "
                      f"{cluster:.0f} variants/s", flush=True)
                continue
            if scene == "call-cost":
                try:
                    report.call_cost.append(run_call_cost(CALL_COST_CALLS // (10 if args.quick else 1)))
                except AnimaSceneFailed as failure:
                    fail(str(failure))
                c = report.call_cost[-1]
                print(f"round {r + 1}: call cost: anima_item_get_center {c['with']['item_get_center_ns']:.1f} ns"
                      + (f", {c['without']['item_get_center_ns']:.1f} ns without the thread guard" if c["without"]
                         else " (the library without the thread guard is not built: make bench-noguard)"), flush=True)
                continue
            if scene == "python":
                report.python.append(python_costs(np, pymunk, anima, args.quick))
                p = report.python[-1]
                print(f"round {r + 1}: python costs: advance {p['anima_advance']:.0f} ns, pymunk step "
                      f"{p['pymunk_step']:.0f} ns; poses {p['anima_poses']:.1f} ns/body, pymunk batch "
                      f"{p['pymunk_batch_copy']:.1f} ns/body", flush=True)
                continue
            steps = STEPPING[scene][2] // (10 if args.quick else 1)
            # each round starts with another engine, so that none always runs on a cold (or warm) machine
            engines = [e for e in ENGINES if (e not in BOX2D_WORKERS or scene in BOX2D_SCENES)
                       and (e != "pymunk" or scene in pymunk_scenes)]
            engines = engines[r % len(engines):] + engines[:r % len(engines)]
            for engine in engines:
                if engine in ANIMA_WORKERS:
                    if scene in report.failures:
                        continue
                    try:
                        run = run_anima(scene, steps, ANIMA_WORKERS[engine])
                    except AnimaSceneFailed as failure:
                        report.failures[scene] = str(failure)
                        print(f"round {r + 1}: {STEPPING[scene][0]}, anima: not run: {failure}", flush=True)
                        continue
                    if engine == "anima" and scene in MEMORY_SCENES and "rss_baseline" in run:
                        report.memory.setdefault(scene, {}).setdefault("anima", run)
                elif engine in BOX2D_WORKERS:
                    run = box2d_scene(b2, scene, steps, BOX2D_WORKERS[engine])
                else:
                    run = pymunk_scenes[scene](pymunk, steps)
                report.add(scene, engine, run)
                print(f"round {r + 1}: {STEPPING[scene][0]}, {engine}: {ms_per_step(run):.2f} ms/step"
                      + (f" ({steps_text(run)} steps)" if "planned_steps" in run and run["steps"] != run["planned_steps"]
                         else "") + busy_text(run), flush=True)
            if r == 0 and scene in MEMORY_SCENES:
                for engine in MEMORY_ENGINES:
                    try:
                        report.memory.setdefault(scene, {})[engine] = measure_memory(engine, scene, steps)
                    except MemoryNotMeasured as failure:
                        report.memory_failures.append(f"{STEPPING[scene][0]}, {engine}: memory not measured: {failure}")
                        print(f"round {r + 1}: {report.memory_failures[-1]}", flush=True)
                figures = report.memory.get(scene, {})
                print(f"round {r + 1}: {STEPPING[scene][0]}, resident bytes per item after the steps: " + ", ".join(
                    f"{e} {bytes_per_item(run, 'rss_after'):,.0f}" for e, run in figures.items()), flush=True)

    print()
    for line in report.render():
        print(line)
    if output:
        write_results(report, output)
        print(f"\nbench: wrote {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}")
    if report.failures:
        fail("the Anima side of " + ", ".join(STEPPING[s][0] for s in report.failures) + " did not run")
    if any(run["different_rows"] or run["errors"] for run in report.sweep):
        fail("the sweep's serial and distributed tables differ, or variants failed")


if __name__ == "__main__":
    main()
