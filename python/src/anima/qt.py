"""Anima on Qt widgets (PySide6): a driver on Qt's event loop, widgets and values bound to the
animator, and pointer drags that grab, follow and fling.

    app = QApplication([])
    window = QWidget()
    button = QPushButton("Tap me", window)
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(animator, center=(160, 60), size=(100, 40))
    animator.add_behavior(anima.Gravity([ball]))
    driver = anima.qt.QtDriver(animator)
    driver.bind(button, ball)            # the button moves with the item, and still clicks
    driver.draggable(button, ball)       # press, drag, release: the item follows, then flies
    driver.start()

The driver advances the animator by the time Qt's clock says passed since the last frame (a
precise timer at the screen's refresh rate), then writes every binding with the items' poses at
the display's time (Item.display_center and display_rotation: the animator steps at a fixed
rate, so a frame falls between two steps and is drawn between them, as "Fix Your Timestep"
does). Coordinates are the animator's reference space, taken as the bound widget's parent's
pixels.

PySide6 is an extra: ``pip install "anima[qt]"``.
"""

from __future__ import annotations

import math
import sys
import warnings
from typing import Any, Callable, List, Optional, Tuple

from ._anima import Animator, Item, Value

try:
    import PySide6
    from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QPointF, Qt, QTimer
    from PySide6.QtGui import QGuiApplication, QMouseEvent
    from PySide6.QtWidgets import QGraphicsItem, QWidget
except ImportError:   # the message is the point
    raise ImportError("anima.qt needs PySide6: pip install 'anima[qt]' (or PySide6-Essentials)") from None


def _drops_none_references() -> bool:
    """True when this PySide6 loses a reference to None at every call that returns nothing,
    as 6.12.0 does on Python 3.11 (None became immortal only in 3.12): a program that moves
    widgets frame after frame then ends within minutes with "deallocating None"."""
    if sys.version_info >= (3, 12):
        return False
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(8):
        probe.setObjectName("")
    return sys.getrefcount(None) <= before - 8


if _drops_none_references():
    warnings.warn(f"PySide6 {PySide6.__version__} on Python {sys.version_info[0]}.{sys.version_info[1]} drops a "
                  "reference to None at every call that returns nothing (QWidget.move among them), so a Qt "
                  "program ends with 'deallocating None' after some minutes of frames: install "
                  "PySide6-Essentials<6.12 (6.11.3 is sound), or use Python 3.12 or later",
                  RuntimeWarning, stacklevel=2)


class _Binding:
    """One target written from the animator each frame; `center` is the item's centre (x, y)
    the last write placed the target at (before a widget's rounding to whole pixels), None for
    a value binding."""

    __slots__ = ("write", "center")

    def __init__(self, write: Callable[[], None]) -> None:
        self.write = write
        self.center: Optional[Tuple[float, float]] = None


class _DragFilter(QObject):
    """Turns a widget's mouse events into an Anima drag of its item."""

    def __init__(self, driver: "QtDriver", widget: QWidget, item: Item,
                 on_pointer: Optional[Callable[[str, float, Tuple[float, float]], None]]) -> None:
        super().__init__(widget)
        self._driver = driver
        self._widget = widget
        self._item = item
        self._drag: Any = None
        self._on_pointer = on_pointer
        #: The velocity (vx, vy) in px/s the item left with at the last release.
        self.release_velocity: Optional[Tuple[float, float]] = None

    def _point(self, event: Any) -> Tuple[float, float]:
        parent = self._widget.parentWidget()
        p = event.position()
        # mapped as a QPointF, so the event's sub-pixel part is kept
        mapped = self._widget.mapTo(parent, p) if parent is not None else p
        return (mapped.x(), mapped.y())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if not isinstance(event, QMouseEvent):
            return False
        now = self._driver.now()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            phase, point = "press", self._point(event)
            self._drag = self._driver.animator.begin_drag(self._item, point, now)
        elif kind == QEvent.Type.MouseMove and self._drag is not None:
            phase, point = "move", self._point(event)
            self._drag.move(point, now)
        elif kind == QEvent.Type.MouseButtonRelease and self._drag is not None:
            phase, point = "release", self._point(event)
            self.release_velocity = self._drag.end(now)
            self._drag = None
        else:
            return False
        if self._on_pointer is not None:
            self._on_pointer(phase, now, point)
        return False    # the widget still gets its events: a dragged button can still be clicked


class QtDriver:
    """Drives `animator` from Qt's event loop and writes the bound widgets and values each frame.

    rate is the frame rate in Hz (default the primary screen's refresh rate, else 60); clock is a
    function giving seconds (default Qt's monotonic QElapsedTimer). `tick(seconds)` runs one frame
    by hand (tests, or a loop of your own): it advances the animator and writes every binding.
    `frame_time` is the clock's time of the last frame (None before the first), and `on_frame`,
    a callable f(driver) or None, runs after each frame's bindings are written (to log or draw).
    """

    def __init__(self, animator: Animator, *, rate: Optional[float] = None,
                 clock: Optional[Callable[[], float]] = None) -> None:
        if not isinstance(animator, Animator):
            raise TypeError(f"animator must be an anima.Animator, not {type(animator).__name__}")
        self.animator = animator
        screen = QGuiApplication.primaryScreen()
        self.rate = float(rate if rate is not None else (screen.refreshRate() if screen is not None else 60.0) or 60.0)
        if not (self.rate > 0 and math.isfinite(self.rate)):
            raise ValueError(f"rate must be finite and > 0 (got {rate!r})")
        self._elapsed = QElapsedTimer()
        self._elapsed.start()
        self._clock = clock if clock is not None else lambda: self._elapsed.nsecsElapsed() / 1e9
        self._last: Optional[float] = None
        #: The clock's time in seconds of the last frame (None before the first).
        self.frame_time: Optional[float] = None
        #: Called as on_frame(driver) after every frame's bindings are written, or None.
        self.on_frame: Optional[Callable[["QtDriver"], None]] = None
        self._bindings: List[_Binding] = []
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(max(1, round(1000 / self.rate)))
        self._timer.timeout.connect(self._frame)

    def now(self) -> float:
        """The driver's clock, in seconds."""
        return float(self._clock())

    def start(self) -> None:
        """Run a frame at every tick of a timer at `rate`."""
        self._last = self.now()
        self._timer.start()

    def stop(self) -> None:
        """Stop the timer (the bindings keep their last values)."""
        self._timer.stop()

    @property
    def is_running(self) -> bool:
        """True between start() and stop()."""
        return bool(self._timer.isActive())

    def _frame(self) -> None:
        now = self.now()
        elapsed = 0.0 if self._last is None else now - self._last
        self._last = now
        self._run(min(max(elapsed, 0.0), 0.25), now)

    def tick(self, seconds: float) -> None:
        """Advance the animator by `seconds` (if it is running), write every binding and call
        on_frame; frame_time is the clock's time now."""
        self._run(seconds, self.now())

    def _run(self, seconds: float, now: float) -> None:
        self.frame_time = now
        if self.animator.is_running:
            self.animator.advance(seconds)
        self.write()
        if self.on_frame is not None:
            self.on_frame(self)

    def write(self) -> None:
        """Write every binding from the animator as it is now, at the display's time."""
        for binding in self._bindings:
            binding.write()

    def bind(self, target: Any, item: Item, *, resize: bool = False) -> _Binding:
        """Move `target` with `item`: a QWidget by its centre (its geometry in its parent, to
        the nearest pixel, moved only when that changed; with resize=True its size follows the
        item's too), or a QGraphicsItem
        by its position, rotation (degrees, clockwise as Anima's) and scale, and opacity from
        the item's alpha. The centre and rotation are the item's display pose
        (Item.display_center, display_rotation), so the motion is even at any frame rate.
        Returns the binding, whose `center` is the centre the last write used."""
        if not isinstance(item, Item) or item.animator is not self.animator:
            raise ValueError("item must be an anima.Item of the driver's animator")
        if isinstance(target, QWidget):
            def write_widget() -> None:
                x, y = binding.center = item.display_center
                if resize:
                    w, h = item.size
                    size = (max(1, round(w)), max(1, round(h)))
                    if size != (target.width(), target.height()):
                        target.resize(*size)
                left, top = round(x - target.width() / 2), round(y - target.height() / 2)
                if left != target.x() or top != target.y():    # a widget at rest costs Qt nothing
                    target.move(left, top)
            write = write_widget
        elif isinstance(target, QGraphicsItem):
            def write_graphics() -> None:
                x, y = binding.center = item.display_center
                t = item.transform
                target.setPos(QPointF(x, y))
                target.setRotation(math.degrees(item.display_rotation))
                target.setScale(t.scale_x)
                target.setOpacity(item.alpha)
            write = write_graphics
        else:
            raise TypeError(f"target must be a QWidget or a QGraphicsItem, not {type(target).__name__}")
        binding = _Binding(write)
        self._bindings.append(binding)
        write()
        return binding

    def bind_value(self, value: Value, target: Any, name: Optional[str] = None) -> None:
        """Write `value` each frame: target.setProperty(name, v) for a QObject, or target(v) for
        a callable; v is the value as `Value.value` shapes it."""
        if not isinstance(value, Value) or value.animator is not self.animator:
            raise ValueError("value must be an anima.Value of the driver's animator")
        if name is not None:
            if not isinstance(target, QObject):
                raise TypeError(f"a property name needs a QObject, not {type(target).__name__}")
            def write_property() -> None:
                target.setProperty(name, value.value)
            self._bindings.append(_Binding(write_property))
        elif callable(target):
            self._bindings.append(_Binding(lambda: target(value.value)))
        else:
            raise TypeError("give a QObject and a property name, or a callable")
        self._bindings[-1].write()

    def draggable(self, widget: QWidget, item: Item, *,
                  on_pointer: Optional[Callable[[str, float, Tuple[float, float]], None]] = None) -> _DragFilter:
        """Let the pointer drag `widget`'s item: a left press grabs the item where it is
        touched (Animator.begin_drag), moves follow, the release flings it with the pointer's
        tracked velocity. The widget still receives its events. on_pointer, if given, is called
        as on_pointer(phase, time, (x, y)) after the drag took each event: phase "press",
        "move" or "release", time the driver's clock, the point in the reference space (at
        "release" the item already has its fling velocity). Returns the event filter, whose
        `release_velocity` is the last fling's (vx, vy)."""
        if not isinstance(widget, QWidget):
            raise TypeError(f"widget must be a QWidget, not {type(widget).__name__}")
        if not isinstance(item, Item) or item.animator is not self.animator:
            raise ValueError("item must be an anima.Item of the driver's animator")
        if on_pointer is not None and not callable(on_pointer):
            raise TypeError(f"on_pointer must be callable, not {type(on_pointer).__name__}")
        watcher = _DragFilter(self, widget, item, on_pointer)
        widget.installEventFilter(watcher)
        return watcher
