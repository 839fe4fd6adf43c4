#!/usr/bin/env python3
"""Where one of Anima's benchmark scenes spends its step, stage by stage, on one thread and with workers.

    make phase-profile [PHASE_ARGS="--scene pile --steps 300 --rounds 3 --workers 2"]

`make phase-profile` builds the library with the stage clock compiled in (-D ANIMA_PHASE_CLOCK,
in .build-phases; never the shipped library) and runs this script, which compiles bench/anima_bench.c
against it and runs the scene in turn on one thread and with `--workers` threads, `--rounds` times
each, every run in a fresh process. Each run's animator writes its totals (Sources/Anima/Animator/
Core/PhaseClock.swift) to standard error; the table gives each stage's best time a step over the rounds,
and the ratio of the two (how many times faster the stage ran with workers); then, from the workers'
fastest round, each stage's jobs: how many a step, how long the stepping thread spent in a job
beyond its own blocks (opening it, claiming, waiting for the last block) on average, and how long
the other threads spent outside blocks in the stage, ms a step (waiting for a job, for the last
block, or for work the stepping thread does alone). The stage clock reads the time twice per stage
and per block, so its totals run a little above an ordinary build's.

`--check` fails unless the figures hang together: every stage timed, the stages' sum covering the
timed steps (at least 90 % of the bench's own time for them), jobs only with workers (none on a
machine with one processor, where no worker thread starts).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = tuple(ROOT / "bench" / name for name in ("anima_bench.c", "harness.c", "box2d_app.c"))
HEADER_DIR = ROOT / "include"
SCENES = ("pyramid", "tumbler", "joint_grid", "springy_list", "many_pyramids", "pile")


def build(lib_dir: Path, binary: Path) -> None:
    if not (lib_dir / "libanima.so").exists():
        sys.exit(f"phases: no library in {lib_dir}; build it with `make phase-profile`")
    binary.parent.mkdir(parents=True, exist_ok=True)
    cc = os.environ.get("CC", "gcc")
    subprocess.run([cc, "-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror", f"-I{HEADER_DIR}", *map(str, SOURCES), "-o",
                    str(binary), f"-L{lib_dir}", "-lanima", f"-Wl,-rpath,{lib_dir}", "-lm"], check=True)


def run(binary: Path, scene: str, steps: int, workers: int) -> tuple[dict, dict]:
    """One run in a fresh process: the bench's own figures (stdout) and the stage clock's (stderr)."""
    env = dict(os.environ, ANIMA_PHASES="1")
    done = subprocess.run([str(binary), scene, str(steps), str(workers)], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.exit(f"phases: {binary.name} {scene} {steps} {workers} failed ({done.returncode}): {done.stderr.strip()}")
    clock = [line for line in done.stderr.splitlines() if line.startswith("{\"steps\"")]
    if not clock:
        sys.exit("phases: the library wrote no stage totals (was it built with -D ANIMA_PHASE_CLOCK?)")
    return json.loads(done.stdout), json.loads(clock[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scene", default="pile", choices=SCENES)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lib-dir", type=Path, default=ROOT / ".build-phases" / "release")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.steps < 1 or args.rounds < 1 or args.workers < 2:
        sys.exit("phases: --steps and --rounds must be at least 1, --workers at least 2")
    binary = ROOT / "build" / "bench" / "anima_bench_phases"
    build(args.lib_dir, binary)

    runs: dict[int, list[tuple[dict, dict]]] = {1: [], args.workers: []}
    for _ in range(args.rounds):
        for workers in runs:
            runs[workers].append(run(binary, args.scene, args.steps, workers))

    stages = list(runs[1][0][1]["stages"])
    def best(workers: int, stage: str) -> float:
        return min(clock["stages"][stage] / clock["steps"] for _, clock in runs[workers]) * 1e3

    w = args.workers
    print(f"{args.scene}, {args.steps} steps, best of {args.rounds} rounds; ms a step on the stepping thread")
    print()
    # the jobs of each stage in the workers' fastest round: how many a step, the stepping
    # thread's time in each beyond its own blocks, and the time the other threads spent outside
    # blocks (waiting for a job, or for the stepping thread's work alone)
    fastest = min((clock for _, clock in runs[w]), key=lambda c: sum(c["stages"].values()))
    others = min(w, os.cpu_count() or 1) - 1
    def job_cells(stage: str) -> str:
        jobs = fastest["stage_jobs"][stage]
        idle = (others * fastest["stages"][stage] - fastest["worker_block_seconds"][stage]) / fastest["steps"] * 1e3
        if jobs == 0:
            return f"- | - | {idle:.3f}"
        beyond = fastest["stage_beyond_seconds"][stage] / jobs * 1e6
        return f"{jobs / fastest['steps']:.1f} | {beyond:.2f} | {idle:.3f}"
    print(f"| stage | one thread | {w} workers | ratio | jobs a step | us a job beyond blocks | workers idle |")
    print("|---|---|---|---|---|---|---|")
    totals = {1: 0.0, w: 0.0}
    for stage in stages:
        one, many = best(1, stage), best(w, stage)
        totals[1] += one
        totals[w] += many
        print(f"| {stage} | {one:.3f} | {many:.3f} | {one / many if many > 0 else float('nan'):.2f} | {job_cells(stage)} |")
    idle_all = (others * sum(fastest["stages"].values()) - sum(fastest["worker_block_seconds"].values())) \
        / fastest["steps"] * 1e3
    print(f"| all stages | {totals[1]:.3f} | {totals[w]:.3f} | {totals[1] / totals[w]:.2f} | | | {idle_all:.3f} |")
    timed = {n: min(figures["seconds"] for figures, _ in runs[n]) / args.steps * 1e3 for n in runs}
    print(f"| the bench's own time | {timed[1]:.3f} | {timed[w]:.3f} | {timed[1] / timed[w]:.2f} | | | |")
    print()
    clocks = [clock for _, clock in runs[w]]
    jobs = min(c["jobs"] / c["steps"] for c in clocks)
    beyond = min(c["beyond_seconds"] / c["jobs"] for c in clocks if c["jobs"] > 0) * 1e6 \
        if any(c["jobs"] > 0 for c in clocks) else 0.0
    print(f"{w} workers: {jobs:.1f} jobs a step; the stepping thread spent {beyond:.2f} us a job beyond its own blocks "
          f"(best round), {jobs * beyond / 1e3:.3f} ms a step")

    if args.check:
        problems = []
        for n, rounds in runs.items():
            for figures, clock in rounds:
                if clock["steps"] != args.steps + 1:   # the bench steps once before it times
                    problems.append(f"{n} thread(s): {clock['steps']} steps clocked, {args.steps + 1} run")
                if any(v <= 0 for v in clock["stages"].values()) and args.scene == "pile":
                    problems.append(f"{n} thread(s): a stage with no time: {clock['stages']}")
                if sum(clock["stages"].values()) < 0.9 * figures["seconds"]:
                    problems.append(f"{n} thread(s): stages {sum(clock['stages'].values()):.3f} s, "
                                    f"the timed steps {figures['seconds']:.3f} s")
                # a machine with one processor starts no worker thread (SolverWorkers): no jobs then
                threads = min(n, os.cpu_count() or 1)
                if (clock["jobs"] > 0) != (threads > 1):
                    problems.append(f"{n} thread(s) asked, {threads} possible here: {clock['jobs']} jobs")
                # every job falls in a stage; the workers run blocks only in a stage with jobs
                # (a worker that sleeps through a stage's few jobs runs none), and no longer than
                # the stage lasted
                if sum(clock["stage_jobs"].values()) != clock["jobs"]:
                    problems.append(f"{n} thread(s): {sum(clock['stage_jobs'].values())} jobs by stage, {clock['jobs']} in all")
                for stage, spent in clock["worker_block_seconds"].items():
                    if (spent > 0 and (threads == 1 or clock["stage_jobs"][stage] == 0)) \
                            or spent > (threads - 1) * clock["stages"][stage] * 1.01 + 1e-4:
                        problems.append(f"{n} thread(s): the workers in blocks {spent:.4f} s in '{stage}', "
                                        f"which lasted {clock['stages'][stage]:.4f} s with {clock['stage_jobs'][stage]} jobs")
        if problems:
            sys.exit("phases: " + "; ".join(problems))
        print("phases: check passed")


if __name__ == "__main__":
    main()
