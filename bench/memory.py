#!/usr/bin/env python3
"""Resident memory of a scene in Box2D (pyb2d3) or pymunk, in a fresh process.

    build/venv/bin/python bench/memory.py box2d|pymunk pile|pyramid [steps]

Builds the scene, steps it as bench/run.py does (one untimed step, then `steps`, 300 for the pile
and 500 for the large pyramid by default) and prints one JSON line: the scene's own figures and
the checks, plus the process's resident memory in bytes (Linux's VmRSS and VmHWM in
/proc/self/status): "rss_baseline" just before the world is created, when the process has
imported the engine and computed the scene's layout and nothing else; "rss_after" right after the
timed steps; "rss_peak", the highest it reached in between (the peak is restarted at the baseline
by writing 5 to /proc/self/clear_refs; "peak_reset" says whether the kernel took it).
bench/run.py runs it once per engine and scene, each in its own process, so that no engine's
memory lands in pages another one left behind, and divides the differences by the items. The
Anima side reports the same figures from its C harness (bench/anima_bench.c).
"""

from __future__ import annotations

import gc
import json
import sys

SCENES = ("pile", "pyramid")
ENGINES = ("box2d", "pymunk")


def read_resident() -> tuple[int, int]:
    """(VmRSS, VmHWM) of this process in bytes; -1 for a figure Linux does not give."""
    figures = {"VmRSS": -1, "VmHWM": -1}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in figures:
                    figures[key] = 1024 * int(value.split()[0])
    except OSError:
        pass
    return figures["VmRSS"], figures["VmHWM"]


class Probe:
    """Called by a scene with "baseline" before it creates its world and with "after" after its
    timed steps; keeps the resident memory at both moments and the peak in between."""

    def __init__(self) -> None:
        self.figures: dict = {}

    def __call__(self, moment: str) -> None:
        if moment == "baseline":
            gc.collect()
            try:
                with open("/proc/self/clear_refs", "w") as clear_refs:
                    clear_refs.write("5")
                self.figures["peak_reset"] = True
            except OSError:
                self.figures["peak_reset"] = False
            self.figures["rss_baseline"] = read_resident()[0]
        elif moment == "after":
            self.figures["rss_after"], self.figures["rss_peak"] = read_resident()
        else:
            raise ValueError(moment)


def main() -> None:
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ENGINES or sys.argv[2] not in SCENES:
        sys.exit(f"usage: {sys.argv[0]} {'|'.join(ENGINES)} {'|'.join(SCENES)} [steps]")
    engine, scene = sys.argv[1], sys.argv[2]
    import run  # the scenes and their layouts; imports nothing heavy

    steps = int(sys.argv[3]) if len(sys.argv) == 4 else run.STEPPING[scene][2]
    probe = Probe()
    if engine == "box2d":
        import pyb2d3

        result = run.box2d_scene(pyb2d3, scene, steps, probe=probe)
    else:
        import pymunk

        result = {"pile": run.pymunk_pile, "pyramid": run.pymunk_pyramid}[scene](pymunk, steps, probe=probe)
    if set(probe.figures) != {"peak_reset", "rss_baseline", "rss_after", "rss_peak"}:
        sys.exit(f"memory: the {engine} {scene} scene did not call its probe at both moments")
    print(json.dumps({"engine": engine, "scene": scene, **result, **probe.figures}))


if __name__ == "__main__":
    main()
