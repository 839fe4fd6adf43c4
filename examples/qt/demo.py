#!/usr/bin/env python3
"""Anima moving real Qt widgets (anima.qt): a window of 480 x 640 pixels whose client area is
the animator's reference space.

    python examples/qt/demo.py [--scene gravity|glide|fling] [--log FILE] [--frames N] [--rate HZ]

Scenes:
  gravity  a push button, "ball", and a square block fall under Gravity and bounce on the
           window's edges (Collision with the reference bounds as boundary); an ItemBehavior
           turns rotation off, since a widget cannot turn. The ball stays a button: a click
           logs event=clicked. Both can be dragged and flung.
  glide    a card moves at a constant 200 px/s (an ItemBehavior with no resistance) and
           bounces between the side edges: drawn at the display's time, its motion between
           frames is even whatever the frame rate.
  fling    a card sits in a corner; drag it and let go, and it snaps to the corner nearest to
           where its momentum would carry it (anima.project_momentum, then a Snap), as Apple's
           "Designing Fluid Interfaces" (WWDC 2018) teaches.

--log FILE writes one key=value line per event (scripts/xsession.parse_log reads them): the
scene and the reference space's origin in the window's pixels, each widget and its colour, every
frame's time, every bound widget's centre as written that frame, the pointer's press, moves and
release (in the reference space, on the driver's clock; the release also gives the item's
velocity right after it), clicks, and each time the animator comes to rest. --frames N quits
after N frames, so the demo also runs headless (QT_QPA_PLATFORM=offscreen). --rate sets the
frame rate (default: the screen's refresh rate).
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple, TypeVar

try:
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication, QFrame, QLabel, QPushButton, QWidget
except ImportError:
    sys.exit("the Qt demo needs PySide6: pip install 'anima[qt]' (or PySide6-Essentials)")

import anima
import anima.qt

TITLE = "Anima Qt demo"
WIDTH, HEIGHT = 480, 640
BACKGROUND = "#f2efe8"
#: Each widget's flat colour, distinct from the background and from one another, so that a
#: screenshot can find it.
COLOURS = {"ball": "#d0342c", "block": "#2662c9", "card": "#1f9d55"}
GLIDE_SPEED = 200.0          # px/s
CORNER_MARGIN = 24           # px between a snapped card and the window's edges


class Log:
    """key=value lines, one per event, flushed at once so a reader sees them while we run."""

    def __init__(self, stream: Optional[TextIO]) -> None:
        self.stream = stream

    def __call__(self, event: str, **fields: Any) -> None:
        if self.stream is None:
            return
        parts = [f"event={event}"]
        for key, value in fields.items():
            parts.append(f"{key}={value:.6f}" if isinstance(value, float) else f"{key}={value}")
        self.stream.write(" ".join(parts) + "\n")
        self.stream.flush()


W = TypeVar("W", bound=QWidget)


def flat(widget: W, name: str, kind: str) -> W:
    """Give `widget` its name's flat colour, no border and no focus frame."""
    widget.setObjectName(name)
    widget.setStyleSheet(f"{kind}#{name} {{ background: {COLOURS[name]}; color: white; border: none; }}")
    widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return widget


class Demo:
    """One scene: the window, the animator, the driver and the log."""

    def __init__(self, scene: str, log: Log, frames: Optional[int], rate: Optional[float]) -> None:
        self.scene, self.log, self.frames_left = scene, log, frames
        self.window = QWidget()
        self.window.setWindowTitle(TITLE)
        self.window.setFixedSize(WIDTH, HEIGHT)
        palette = self.window.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(BACKGROUND))
        self.window.setPalette(palette)
        self.window.setAutoFillBackground(True)
        self.animator = anima.Animator(reference_bounds=(0, 0, WIDTH, HEIGHT))
        self.driver = anima.qt.QtDriver(self.animator, rate=rate)
        self.bound: List[Tuple[str, anima.Item]] = []
        self.written: List[Tuple[str, Any]] = []     # each widget's binding, in the order bound
        self.frame_count = 0
        self.started = self.driver.now()
        getattr(self, f"build_{scene}")()
        self.animator.on_did_pause = self.rested
        self.driver.on_frame = self.frame
        # the widgets are children of the window, whose client area is the reference space
        self.log("scene", name=scene, origin_x=0, origin_y=0, width=WIDTH, height=HEIGHT,
                 rate=self.driver.rate, background=BACKGROUND)
        for name, item in self.bound:
            w, h = item.size
            self.log("widget", name=name, colour=COLOURS[name], w=round(w), h=round(h))

    def add(self, name: str, widget: QWidget, center: Tuple[float, float],
            on_pointer: Optional[Callable[[str, float, Tuple[float, float]], None]] = None) -> anima.Item:
        """An item for `widget` (of its size) at `center`, bound to it and draggable."""
        item = anima.Item(self.animator, center=center, size=(widget.width(), widget.height()))
        self.written.append((name, self.driver.bind(widget, item)))

        def pointer(phase: str, t: float, point: Tuple[float, float]) -> None:
            fields: Dict[str, Any] = dict(name=name, t=t, x=point[0], y=point[1])
            if phase == "release":
                fields["vx"], fields["vy"] = item.velocity
            self.log(phase, **fields)
            if on_pointer is not None:
                on_pointer(phase, t, point)

        self.driver.draggable(widget, item, on_pointer=pointer)
        self.bound.append((name, item))
        return item

    def build_gravity(self) -> None:
        button = flat(QPushButton("ball", self.window), "ball", "QPushButton")
        button.resize(120, 48)
        button.clicked.connect(lambda: self.log("clicked", name="ball", t=self.driver.now()))
        block = flat(QFrame(self.window), "block", "QFrame")
        block.resize(90, 90)
        ball = self.add("ball", button, (150, 90))
        square = self.add("block", block, (350, 60))
        items = [ball, square]
        self.animator.add_behavior(anima.Gravity(items))
        self.animator.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
        self.animator.add_behavior(anima.ItemBehavior(items, elasticity=0.4, friction=0.3, allows_rotation=False))

    def build_glide(self) -> None:
        card = flat(QLabel("glide", self.window), "card", "QLabel")
        card.setAlignment(Qt.AlignmentFlag.AlignCenter)
        card.resize(120, 80)
        item = self.add("card", card, (80, 320))
        self.animator.add_behavior(anima.ItemBehavior([item], elasticity=1.0, friction=0.0, resistance=0.0,
                                                      allows_rotation=False))
        self.animator.add_behavior(anima.Collision([item], translates_reference_bounds_into_boundary=True))
        item.velocity = (GLIDE_SPEED, 0.0)

    def build_fling(self) -> None:
        card = flat(QLabel("fling me", self.window), "card", "QLabel")
        card.setAlignment(Qt.AlignmentFlag.AlignCenter)
        card.resize(160, 100)
        half_w, half_h = 80 + CORNER_MARGIN, 50 + CORNER_MARGIN
        corners = [(half_w, half_h), (WIDTH - half_w, half_h), (half_w, HEIGHT - half_h),
                   (WIDTH - half_w, HEIGHT - half_h)]
        snap: List[anima.Snap] = []

        def released(phase: str, t: float, point: Tuple[float, float]) -> None:
            if phase != "release":
                return
            # where the fling would come to rest, then the corner nearest to that
            landing = anima.project_momentum(item.center, item.velocity)
            corner = min(corners, key=lambda c: math.hypot(c[0] - landing[0], c[1] - landing[1]))
            snap[0].point = corner
            self.log("target", name="card", t=t, landing_x=landing[0], landing_y=landing[1],
                     x=float(corner[0]), y=float(corner[1]))

        item = self.add("card", card, corners[0], released)
        self.animator.add_behavior(anima.ItemBehavior([item], allows_rotation=False))
        snap.append(anima.Snap(item, corners[0]))
        self.animator.add_behavior(snap[0])

    def frame(self, driver: anima.qt.QtDriver) -> None:
        t = driver.frame_time
        self.log("frame", t=t)
        for name, binding in self.written:
            x, y = binding.center           # the centre the binding placed the widget at this frame
            self.log("pose", name=name, t=t, x=x, y=y)
        self.frame_count += 1
        if self.frames_left is not None:
            self.frames_left -= 1
            if self.frames_left == 0:
                driver.stop()
                QTimer.singleShot(0, QApplication.quit)

    def rested(self, animator: anima.Animator) -> None:
        self.log("rest", t=self.driver.now(),
                 items=",".join(f"{n}:{i.center[0]:.3f}:{i.center[1]:.3f}" for n, i in self.bound))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scene", choices=("gravity", "glide", "fling"), default="gravity")
    parser.add_argument("--log", metavar="FILE", help="write one key=value line per event here")
    parser.add_argument("--frames", type=int, metavar="N", help="quit after N frames")
    parser.add_argument("--rate", type=float, metavar="HZ", help="frame rate (default: the screen's)")
    args = parser.parse_args(argv)
    if args.frames is not None and args.frames < 1:
        parser.error("--frames must be at least 1")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    stream = open(args.log, "w") if args.log else None
    try:
        demo = Demo(args.scene, Log(stream), args.frames, args.rate)
        demo.window.show()
        demo.driver.start()
        app.exec()
        seconds = demo.driver.now() - demo.started
        poses = ", ".join(f"{n} at ({i.center[0]:.1f}, {i.center[1]:.1f})" for n, i in demo.bound)
        print(f"{args.scene}: {demo.frame_count} frames in {seconds:.2f} s at {demo.driver.rate:g} Hz; {poses}")
    finally:
        if stream is not None:
            stream.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
