#!/usr/bin/env python3
"""What recording costs: anima.render.Recorder on 10 000 items for 600 frames, against advancing
the same scene alone.

    build/venv/bin/python bench/recording.py [--frames 600] [--rounds 3]

`make bench` runs it as the "recording" scene of bench/run.py (one measurement per round) and
writes its figures to bench/RESULTS.md; run on its own it prints them. Two scenes of 10 000
balls of 8 pt, 100 rows of 100, 20 pt apart across and 12 pt down, in a 2000 x 1200 pt view,
with the default animator (120 steps per second):

- pile: under gravity and colliding with each other and the view's edges, they fall and pile
  up on the floor (a scene where the physics costs what it usually does);
- free fall: under gravity alone, no collisions, so stepping is as cheap as it gets and the
  recording's own cost shows most.

Each is built twice: one copy is advanced `frames` times by 1/60 s, the other recorded for the
same frames with `Recorder(animator).run(frames / 60)` (its first frame, the state before the
first advance, included). The clock covers the loop only, not building the scene. The two copies
must end bit for bit in the same poses (recording does not change the physics) and the recording
must hold every frame of every item.
"""

from __future__ import annotations

import gc
import sys
import time

import standalone

COUNT = 10_000
COLUMNS = 100
FRAME = 1.0 / 60.0
FRAMES = 600
BOUNDS = (0.0, 0.0, 2000.0, 1200.0)
# The aim: recording a frame costs less than the frame's stepping, so recording at most doubles
# the time.
TARGET_RATIO = 2.0
SCENES = ("pile", "free fall")


def build(anima, scene: str):
    """A fresh animator with the 10 000 balls of `scene`."""
    animator = anima.Animator(reference_bounds=BOUNDS)
    balls = [anima.Item(animator, center=(10.0 + 20.0 * (k % COLUMNS), 10.0 + 12.0 * (k // COLUMNS)), size=(8.0, 8.0),
                        shape="ellipse") for k in range(COUNT)]
    animator.add_behavior(anima.Gravity(balls))
    if scene == "pile":
        animator.add_behavior(anima.Collision(balls, translates_reference_bounds_into_boundary=True))
    return animator


def timed(function) -> float:
    """Seconds `function()` takes, with the garbage collector paused."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        function()
        return time.perf_counter() - start
    finally:
        gc.enable()


def measure_scene(anima, np, scene: str, frames: int) -> dict:
    """Seconds of `frames` plain advances and of recording them, and the checks."""
    from anima.render import Recorder

    plain = build(anima, scene)

    def advance():
        for _ in range(frames):
            plain.advance(FRAME)

    plain_seconds = timed(advance)
    expected = plain.poses()
    plain.destroy()

    animator = build(anima, scene)
    recorder = Recorder(animator)
    recorded_seconds = timed(lambda: recorder.run(frames * FRAME, progress=False))
    recording = recorder.recording
    shape_ok = recording.poses.shape == (frames + 1, COUNT, 3) and bool(recording.present.all())
    same = bool(np.array_equal(recording.poses[-1], expected))
    animator.destroy()
    megabytes = sum(a.nbytes for a in (recording.poses, recording.velocities, recording.alpha)) / 1e6
    del recorder, recording
    gc.collect()
    return {"scene": scene, "items": COUNT, "frames": frames, "plain": plain_seconds, "recorded": recorded_seconds,
            "ratio": recorded_seconds / plain_seconds, "complete": shape_ok, "same_poses": same,
            "megabytes": megabytes}


def measure(anima, np, frames: int = FRAMES) -> dict:
    """Both scenes, keyed by name."""
    return {scene: measure_scene(anima, np, scene, frames) for scene in SCENES}


def best_of(runs: list[dict]) -> dict:
    """One scene's rounds combined: the fastest advancing and the fastest recording, the checks
    of every round."""
    best = dict(runs[0])
    best["plain"] = min(run["plain"] for run in runs)
    best["recorded"] = min(run["recorded"] for run in runs)
    best["ratio"] = best["recorded"] / best["plain"]
    best["complete"] = all(run["complete"] for run in runs)
    best["same_poses"] = all(run["same_poses"] for run in runs)
    return best


def describe(run: dict) -> str:
    """One line: the times per frame, the ratio against the aim, the checks."""
    per_frame = lambda seconds: 1000.0 * seconds / run["frames"]
    verdict = "under" if run["ratio"] < TARGET_RATIO else "over"
    checks = []
    if not run["complete"]:
        checks.append("INCOMPLETE recording")
    if not run["same_poses"]:
        checks.append("DIFFERENT final poses")
    return (f"{run['scene']}: {run['items']} items, {run['frames']} frames: advancing {per_frame(run['plain']):.2f} "
            f"ms/frame, recording {per_frame(run['recorded']):.2f} ms/frame, ratio {run['ratio']:.2f} ({verdict} the "
            f"{TARGET_RATIO:.0f}x aim); {run['megabytes']:.0f} MB of states; "
            + standalone.checks_line(checks, "same final poses, every frame of every item recorded"))


def main() -> int:
    args = standalone.arguments(__doc__, "frames", FRAMES, "frames per run")
    imported = standalone.modules("recording", ("numpy", "anima"))
    if imported is None:
        return 1
    np, anima = imported
    rounds = []
    for r in range(args.rounds):
        rounds.append(measure(anima, np, args.frames))
        print(f"round {r + 1}: " + ", ".join(f"{s} {run['ratio']:.2f}" for s, run in rounds[-1].items()), flush=True)
    failed = False
    for scene in SCENES:
        best = best_of([runs[scene] for runs in rounds])
        print(describe(best))
        failed |= not (best["complete"] and best["same_poses"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
