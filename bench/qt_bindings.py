#!/usr/bin/env python3
"""What anima.qt's widget bindings cost, beside what Qt itself costs to move the widgets.

    build/venv/bin/python bench/qt_bindings.py [--widgets 1000] [--frames 50] [--runs 5]

1000 QWidgets (10 x 10 px frames with a stylesheet colour, shown in one window on Qt's offscreen
platform) bound to 1000 items that glide at about a pixel a frame (an ItemBehavior with no
resistance, no collisions). Per frame of 1/60 s it times, apart:

  advance   animator.advance(1/60) alone (the physics: two 120 Hz steps);
  write     driver.write(): every binding reads its item's display pose and moves its widget;
  rewrite   driver.write() once more at once: the bindings' own cost, with every widget already
            where its item is (the binding reads the pose and the widget's place, and moves nothing);
  Qt move   the same widgets moved by QWidget.move() to precomputed positions, with no Anima in it
            (the cost any code that moves 1000 widgets pays).

Qt paints between frames (processEvents, not timed). A diagonal move costs Qt several times
what a horizontal one does (the area it repaints is an L, not a strip); the items here move
diagonally, as flung ones do. It prints microseconds per widget per frame
for each and the ratio write / Qt move: the median over the runs of each run's mean. It takes about 40 s.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

try:
    import PySide6
    from PySide6.QtWidgets import QApplication, QFrame, QWidget
except ImportError:
    sys.exit("bench/qt_bindings.py needs PySide6: pip install PySide6-Essentials (or 'make deps')")

import anima
import anima.qt

FRAME = 1 / 60
SIZE = 10
WARM_UP = 5


class Clock:
    """The driver's clock, advanced by hand: no frame waits for a timer."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def layout(count: int, seed: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Start centres on a grid filling a square window, 30 px apart, and velocities of about
    (60, 45) px/s, a pixel or so a frame; each item's differs from its neighbours' by under 2 %,
    so that no widget overlaps another during a run (overlapping siblings make Qt's moves cost
    more, by the area they cover, which is not what is measured here)."""
    side = int(count ** 0.5 + 0.999)
    rng = random.Random(seed)
    centres, velocities = [], []
    for k in range(count):
        centres.append((20 + (k % side) * 30.0, 20 + (k // side) * 30.0))
        scale = rng.uniform(0.99, 1.01)
        velocities.append((60.0 * scale, 45.0 * scale))
    return centres, velocities


def run_bindings(app: QApplication, widgets: list[QWidget], frames: int, seed: int) -> tuple[float, float, float]:
    """Mean seconds per frame of advance, write and rewrite, for one fresh animator."""
    centres, velocities = layout(len(widgets), seed)
    animator = anima.Animator()
    items = [anima.Item(animator, center=c, size=(SIZE, SIZE)) for c in centres]
    animator.add_behavior(anima.ItemBehavior(items, resistance=0.0, angular_resistance=0.0))
    for item, v in zip(items, velocities):
        item.velocity = v
    clock = Clock()
    driver = anima.qt.QtDriver(animator, rate=60, clock=clock)
    for widget, item in zip(widgets, items):
        driver.bind(widget, item)
    advance = write = rewrite = 0
    for frame in range(WARM_UP + frames):
        clock.t += FRAME
        t0 = time.perf_counter_ns()
        animator.advance(FRAME)
        t1 = time.perf_counter_ns()
        driver.write()
        t2 = time.perf_counter_ns()
        driver.write()
        t3 = time.perf_counter_ns()
        app.processEvents()
        if frame >= WARM_UP:
            advance += t1 - t0
            write += t2 - t1
            rewrite += t3 - t2
    if not animator.is_running:
        raise SystemExit("the items came to rest: nothing moved")
    animator.destroy()
    return advance / frames / 1e9, write / frames / 1e9, rewrite / frames / 1e9


def run_qt_moves(app: QApplication, widgets: list[QWidget], frames: int, seed: int) -> float:
    """Mean seconds per frame of moving every widget with QWidget.move(), positions precomputed."""
    centres, velocities = layout(len(widgets), seed)
    half = SIZE / 2
    plan = []
    for frame in range(WARM_UP + frames):
        t = (frame + 1) * FRAME
        plan.append([(round(x + vx * t - half), round(y + vy * t - half))
                     for (x, y), (vx, vy) in zip(centres, velocities)])
    moved = 0
    for frame, positions in enumerate(plan):
        t0 = time.perf_counter_ns()
        for widget, (x, y) in zip(widgets, positions):
            widget.move(x, y)
        t1 = time.perf_counter_ns()
        app.processEvents()
        if frame >= WARM_UP:
            moved += t1 - t0
    return moved / frames / 1e9


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--widgets", type=int, default=1000)
    parser.add_argument("--frames", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if anima.qt._drops_none_references():
        # 1000 widgets moved a frame use up None's references within a few dozen frames
        sys.exit(f"qt-bindings: PySide6 {PySide6.__version__} drops a reference to None at every move(): the run "
                 "would end in 'deallocating None'; install PySide6-Essentials<6.12 (or use Python 3.12+)")
    app = QApplication(sys.argv[:1])
    side = int(args.widgets ** 0.5 + 0.999)
    window = QWidget()
    window.resize(40 + side * 30, 40 + side * 30)
    widgets: list[QWidget] = []
    for _ in range(args.widgets):
        frame = QFrame(window)
        frame.setStyleSheet("background: #2662c9;")
        frame.resize(SIZE, SIZE)
        widgets.append(frame)
    window.show()
    app.processEvents()
    started = time.perf_counter()
    advances, writes, rewrites, moves = [], [], [], []
    for run in range(args.runs):
        # alternate which goes first, so that neither always meets a warmer cache
        if run % 2 == 0:
            a, w, r = run_bindings(app, widgets, args.frames, run)
            m = run_qt_moves(app, widgets, args.frames, run)
        else:
            m = run_qt_moves(app, widgets, args.frames, run)
            a, w, r = run_bindings(app, widgets, args.frames, run)
        advances.append(a)
        writes.append(w)
        rewrites.append(r)
        moves.append(m)
    n = args.widgets
    advance, write, rewrite, move = (statistics.median(v) for v in (advances, writes, rewrites, moves))
    print(f"qt-bindings: {n} widgets, {args.runs} runs of {args.frames} frames of 1/60 s (PySide6 "
          f"{PySide6.__version__}, {os.environ['QT_QPA_PLATFORM']}), medians of the runs' means:")
    for name, seconds in (("animator.advance", advance), ("driver.write()", write),
                          ("rewrite, no move", rewrite), ("Qt move() alone", move)):
        print(f"  {name:<18} {1e6 * seconds / n:7.3f} us per widget per frame  ({1e3 * seconds:6.2f} ms per frame)")
    print(f"  binding / Qt move  {write / move:7.2f}  (runs: {', '.join(f'{w / m:.2f}' for w, m in zip(writes, moves))})")
    print(f"  took {time.perf_counter() - started:.1f} s")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
