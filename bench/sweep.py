#!/usr/bin/env python3
"""What a sweep gets done: anima.sweep over 1 000 variants of the spring scene, serially and on
a LocalCluster of 2 worker processes.

    build/venv/bin/python bench/sweep.py [--variants 1000] [--rounds 3]

`make bench` runs it as the "sweep" scene of bench/run.py (one measurement per round) and writes
its figures to bench/RESULTS.md; run on its own it prints them. The scene is Spring Attachment
(examples/python/scenes.py `spring_attachment()`: a ball on a spring from an anchor, a star on
a spring from the ball) with the frequency (0.5 to 5 Hz) and the damping ratio (0.05 to 1) of
both springs varied over a grid of 25 x 40 = 1000 variants. Each variant is built, advanced
for 10 s of 60 Hz frames (up to 1200 steps; some rest sooner) and measured (the ball's and the star's centres and the
star's turn, whether the animator still runs).

The same sweep runs twice: with ``client="serial"`` in this process, and on a
`dask.distributed.LocalCluster` of 2 single-threaded worker processes started beforehand (its
start, and a first small sweep that has the workers import the scene, are timed apart). The
figure is variants per second of wall time. The two tables must be equal row by row, bit for
bit: the engine is deterministic, so where a variant runs does not change it.
"""

from __future__ import annotations

import gc
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The scene comes from examples/python/scenes.py; the workers of a LocalCluster inherit this path.
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

import standalone  # noqa: E402  (beside this file)

VARIANTS = 1000
FREQUENCIES = 25  # 0.5 ... 5 Hz
DAMPINGS = 40     # 0.05 ... 1.0
SECONDS = 10.0    # simulated per variant
WORKERS = 2


def parameters(count: int) -> list[dict]:
    """The first ``count`` variants of the 25 x 40 grid of frequency and damping (both springs)."""
    grid = [{"frequency": 0.5 + 4.5 * i / (FREQUENCIES - 1), "damping": 0.05 + 0.95 * j / (DAMPINGS - 1)}
            for i in range(FREQUENCIES) for j in range(DAMPINGS)]
    return [grid[k % len(grid)] for k in range(count)]


def build(frequency: float, damping: float):
    """The Spring Attachment scene with both springs at ``frequency`` Hz and ``damping``."""
    import scenes  # here, so that bench/run.py imports this module without needing anima yet

    scene = scenes.spring_attachment()
    for name in ("ballAttachment", "starAttachment"):
        scene.behaviors[name].frequency = frequency
        scene.behaviors[name].damping = damping
    return scene.animator


def measure(animator) -> dict:
    """Where the ball and the star are, how far the star has turned, whether anything moves."""
    ball, star = animator.items
    return {"ball_x": ball.center[0], "ball_y": ball.center[1], "star_x": star.center[0],
            "star_y": star.center[1], "star_rotation": star.rotation, "running": animator.is_running}


def timed(function) -> tuple[float, object]:
    """Seconds ``function()`` takes and what it returns."""
    gc.collect()
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def differing_rows(one, other, np) -> int:
    """How many rows of two tables differ in any column (floats compared bit for bit)."""
    names = list(one.dtype.names if isinstance(one, np.ndarray) else one.columns)
    if names != list(other.dtype.names if isinstance(other, np.ndarray) else other.columns) or len(one) != len(other):
        return max(len(one), len(other))
    differs = np.zeros(len(one), dtype=bool)
    for name in names:
        a, b = np.asarray(one[name]), np.asarray(other[name])
        if a.dtype.kind == "f" and b.dtype.kind == "f":
            differs |= a.view(np.uint64) != b.view(np.uint64)
        else:
            differs |= np.array([x != y for x, y in zip(a.tolist(), b.tolist())], dtype=bool)
    return int(differs.sum())


def measure_round(anima, np, variants: int = VARIANTS) -> dict:
    """One serial and one 2-worker sweep of ``variants`` variants, and whether they agree."""
    import distributed

    sets = parameters(variants)
    serial_seconds, serial = timed(lambda: anima.sweep(build, sets, measure, seconds=SECONDS, client="serial",
                                                       progress=False))
    start_seconds, cluster = timed(lambda: distributed.LocalCluster(
        n_workers=WORKERS, threads_per_worker=1, processes=True, dashboard_address=":0"))
    with cluster, distributed.Client(cluster) as client:
        warm_seconds, _ = timed(lambda: anima.sweep(build, sets[:2 * WORKERS], measure, seconds=SECONDS,
                                                    client=client, progress=False))
        cluster_seconds, distributed_table = timed(lambda: anima.sweep(build, sets, measure, seconds=SECONDS,
                                                                       client=client, progress=False))
    errors = sum(error is not None for error in serial["error"]) + sum(
        error is not None for error in distributed_table["error"])
    return {"variants": variants, "workers": WORKERS, "serial": serial_seconds, "cluster": cluster_seconds,
            "start": start_seconds, "warm": warm_seconds, "different_rows": differing_rows(serial, distributed_table, np),
            "errors": errors, "table": type(serial).__name__}


def best_of(runs: list[dict]) -> dict:
    """The rounds combined: the fastest serial and distributed sweeps, the checks of every round."""
    best = dict(runs[0])
    best["serial"] = min(run["serial"] for run in runs)
    best["cluster"] = min(run["cluster"] for run in runs)
    best["start"] = min(run["start"] for run in runs)
    best["warm"] = min(run["warm"] for run in runs)
    best["different_rows"] = max(run["different_rows"] for run in runs)
    best["errors"] = max(run["errors"] for run in runs)
    return best


def rates(run: dict) -> tuple[float, float]:
    """Variants per second, serially and on the cluster."""
    return run["variants"] / run["serial"], run["variants"] / run["cluster"]


def describe(run: dict) -> str:
    """One line: both rates, the speed-up, the cluster's start, the checks."""
    serial, cluster = rates(run)
    checks = []
    if run["different_rows"]:
        checks.append(f"{run['different_rows']} rows DIFFER between serial and distributed")
    if run["errors"]:
        checks.append(f"{run['errors']} variants FAILED")
    return (f"sweep: {run['variants']} variants of the spring scene ({SECONDS:.0f} s each): serial {serial:.0f} "
            f"variants/s, {run['workers']} workers {cluster:.0f} variants/s ({cluster / serial:.2f} x); the "
            f"LocalCluster started in {run['start']:.2f} s and its first sweep of {2 * run['workers']} variants took "
            f"{run['warm']:.2f} s (neither counted); "
            + standalone.checks_line(checks, "both tables equal row by row, bit for bit"))


def main() -> int:
    args = standalone.arguments(__doc__, "variants", VARIANTS, "variants per sweep")
    imported = standalone.modules("sweep", ("numpy", "anima", "distributed"),
                                  ', with dask.distributed installed (pip install "anima[distributed]")')
    if imported is None:
        return 1
    np, anima, _ = imported
    rounds = []
    for r in range(args.rounds):
        rounds.append(measure_round(anima, np, args.variants))
        serial, cluster = rates(rounds[-1])
        print(f"round {r + 1}: serial {serial:.0f} variants/s, {WORKERS} workers {cluster:.0f} variants/s", flush=True)
    best = best_of(rounds)
    print(describe(best))
    return 1 if best["different_rows"] or best["errors"] or not math.isfinite(best["cluster"]) else 0


if __name__ == "__main__":
    sys.exit(main())
