#!/usr/bin/env python3
"""The bench scenes' state figures, without their times and memory, and one md5 over them.

    python3 bench/figures.py BENCH [--workers 1 2] [--steps-scale 1]

BENCH is a built bench/anima_bench. Each scene runs for the steps below with each worker count;
what anima_bench prints of a scene's state (the pyramid top's drop, the tumbler's reach and drum
angle, the joint grid's sag, the pile's highest box, counts of escaped or non-finite items...) is
kept, the seconds and the resident sizes are left out. The poses behind those figures depend on
every stage of the step, so a change that moves code without changing arithmetic prints the same
md5 before and after it, and the same figures with any worker count (`make bench-figures`).
"""
import argparse
import hashlib
import json
import subprocess
import sys

SCENES = [("tumbler", 300), ("many_pyramids", 30), ("pyramid", 200), ("pile", 100),
          ("joint_grid", 200), ("springy_list", 200)]


def figures(bench: str, scene: str, steps: int, workers: int) -> dict:
    out = subprocess.run([bench, scene, str(steps), str(workers)], check=True, capture_output=True,
                         text=True).stdout
    record = json.loads(out)
    return {k: v for k, v in record.items()
            if "seconds" not in k and not k.startswith("rss") and k != "peak_reset"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    by_workers = {}
    for w in args.workers:
        lines = [json.dumps(figures(args.bench, scene, steps, w), sort_keys=True) for scene, steps in SCENES]
        by_workers[w] = lines
        digest = hashlib.md5("\n".join(lines).encode()).hexdigest()
        print(f"figures: {w} worker{'s' if w > 1 else ''}: md5 {digest}")
        for line in lines:
            print(f"  {line}")
    first = by_workers[args.workers[0]]
    differing = [w for w in args.workers if by_workers[w] != first]
    if differing:
        print(f"figures: FAILED: the figures with {differing} workers differ from those with {args.workers[0]}")
        return 1
    print(f"figures: the same with {', '.join(map(str, args.workers))} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
