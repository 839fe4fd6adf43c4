"""A scene running live in a notebook: drag its items, tap it, tune it with sliders.

    import anima
    widget = anima.live(animator, controls={"frequency": (spring, "frequency", (0.5, 8))})
    widget                       # the last line of a cell shows it

`live` returns a `LiveWidget`, a Jupyter widget (anywidget, over ipywidgets: the package's
"notebook" extra). The kernel steps the animator in real time, on a timer of the kernel's own
event loop (so the notebook stays free to run cells), and after each step sends the items'
display-time poses to the page as binary buffers. The page draws them on a canvas at its own
refresh rate, interpolated between the two frames around its drawing time (live.js says why),
and sends the pointer back: a press on an item grabs it (`Animator.item_at`,
`Animator.begin_drag`), moving drags it (`Drag.move`), letting go flings it with the
pointer's velocity (`Drag.end`), and a tap on empty space calls ``on_tap(point)``. The
animator's animated values travel with each frame, and a panel under the buttons shows them
(a row per value, as the player's). Buttons:
play/pause, a single step, slow motion, reset to the scene as it was, record (the session
as a `Recording`, `LiveWidget.recording`) and debug, which overlays the engine's debug drawing
(`Animator.debug_draw`: shapes, bounds, boundaries, attachments, contacts, a switch per layer)
on every frame. ``controls`` adds a slider per property.

The kernel's clock runs only while a page shows the widget: the page says so every second, and
three seconds without word stop the clock (a closed tab, a notebook run headless by nbclient,
where no page ever draws it). It starts again at the page's next word.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import math
import os
import time
import weakref
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ._types import InvalidArgumentError
from .recording import Recording
from .recording._canvas import COLORS, behaviors_of
from .recording._capture import Capture, ValuesToFollow, drawn_outline, labelled_values
from .recording._debug import DebugLayers, gather, parse_layers

__all__ = ["live", "FRAME", "DRAG_FRAME", "SLOW_MOTION", "LONGEST_FRAME", "IDLE_AFTER"]

#: The kernel's clock ticks every FRAME seconds (sooner when a pointer event comes).
FRAME = 1.0 / 60.0
#: While the pointer holds an item the clock ticks every DRAG_FRAME s: frames closer together
#: let the page draw closer behind the kernel, so the item follows the pointer sooner.
DRAG_FRAME = 1.0 / 120.0
#: A tick that comes late advances the scene by this much at most (seconds).
LONGEST_FRAME = 1.0 / 15.0
#: Slow motion runs the scene at this share of real time.
SLOW_MOTION = 0.25
#: Seconds without word from a page after which the kernel's clock stops.
IDLE_AFTER = 3.0
#: float64 values in a frame's header (see live.js).
_HEADER = 8

_HERE = Path(__file__).resolve().parent
_keys = itertools.count(1)
#: The widget that advances each animator (by id): the newest made for it, or after a reset the
#: one showing it. Another live widget of the same animator only draws it, so that a cell run
#: again (a new widget, the old one still live for a few seconds) does not run the scene twice.
_drivers: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_widget_type: Optional[type] = None


def live(animator: Any, *, controls: Optional[Mapping[str, Sequence[Any]]] = None, width: Optional[float] = None,
         debug: DebugLayers = None, on_tap: Optional[Callable[[Tuple[float, float]], Any]] = None,
         values: ValuesToFollow = None) -> Any:
    """A widget that runs ``animator`` live in a notebook: drag it, tap it, tune it.

    ``controls`` maps a label to ``(object, property name, (low, high))`` (a fourth element
    sets the slider's step; default (high - low) / 1000): a slider per entry writes the
    property while the scene runs, and `LiveWidget.values` reads back where they are.
    ``width`` is the canvas's width in CSS pixels (default: the scene's width, at most 480);
    ``debug`` overlays the engine's debug drawing (`Animator.debug_draw`) on every frame: True
    for its standard layers (shapes, boundaries, attachments, contacts), "all", or the names of
    the layers ("shapes", "bounds", "boundaries", "attachments", "contacts"), with the snap
    points; off by default (the page's Debug button turns it on). ``on_tap(point)``
    is called with the scene point of a tap on empty space. The panel under the buttons shows
    every animated value of the animator, labelled by its index, or with ``values`` (a mapping
    of label to `anima.Value`, or a sequence of values) exactly those, labelled so.

        >>> snap = anima.Snap(square, (160, 284))
        >>> animator.add_behavior(snap)
        >>> widget = anima.live(animator, on_tap=lambda point: setattr(widget.find(snap), "point", point))
        >>> widget.debug = ["contacts", "attachments"]      # as the page's switches set it
        >>> widget.debug
        ('attachments', 'contacts')

    Needs anywidget and ipywidgets (``pip install "anima[notebook]"``); ImportError otherwise.
    """
    return _widget_class()(animator, controls=controls, width=width, debug=debug, on_tap=on_tap, values=values)


def __getattr__(name: str) -> Any:
    if name == "LiveWidget":
        return _widget_class()
    if name == "NoDelayWebsocketConnection":
        return _no_delay_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_no_delay_type: Optional[type] = None


def _no_delay_class() -> type:
    """NoDelayWebsocketConnection, made at first use (it subclasses jupyter_server's class)."""
    global _no_delay_type
    if _no_delay_type is None:
        from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

        _no_delay_type = type("NoDelayWebsocketConnection", (ZMQChannelsWebsocketConnection,), {
            "__module__": __name__, "__doc__": _NO_DELAY_DOC, "connect": _connect_without_delay})
    return _no_delay_type


_NO_DELAY_DOC = """jupyter_server's kernel websocket with Nagle's algorithm turned off.

    jupyter_server (2.x) leaves TCP_NODELAY unset on the websocket to the page, so a small
    message written while an earlier one waits for the browser's delayed ACK waits too, up to
    the ACK timer (40 ms on Linux). During a drag every pointer message makes the kernel
    publish busy and idle statuses just before a frame, and the frame then reaches the page
    late. Start Jupyter with
    ``--ServerApp.kernel_websocket_connection_class=anima.live.NoDelayWebsocketConnection``
    to send every message at once (docs/python.md, "Live widget", has the figures).
    """


def _connect_without_delay(self: Any) -> Any:
    self.websocket_handler.set_nodelay(True)
    base: Any = _no_delay_class().__mro__[1]  # jupyter_server's class
    return base.connect(self)


def _widget_class() -> type:
    """LiveWidget, made at first use: anywidget (and ipywidgets) load only when a widget is."""
    global _widget_type
    if _widget_type is None:
        try:
            import anywidget
        except ImportError as error:
            raise ImportError("anima.live needs anywidget and ipywidgets: pip install \"anima[notebook]\" "
                              "(or pip install anywidget ipywidgets)") from error
        _widget_type = type("LiveWidget", (_Live, anywidget.AnyWidget), {
            "__module__": "anima", "__qualname__": "LiveWidget", "__doc__": _Live.__doc__,
            "_esm": (_HERE / "live.js").read_text(encoding="utf-8"),
            "_css": (_HERE / "live.css").read_text(encoding="utf-8"),
        })
    return _widget_type


class _Control:
    """One slider: a label and the property it writes."""

    def __init__(self, label: str, target: Any, name: str, low: float, high: float, step: float) -> None:
        self.label, self.target, self.name = label, target, name
        self.low, self.high, self.step = low, high, step
        self.value = float(getattr(target, name))

    def page(self) -> Dict[str, Any]:
        return {"label": self.label, "low": self.low, "high": self.high, "step": self.step}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float, np.number)) and not isinstance(value, bool) and math.isfinite(value)


def _parse_controls(controls: Optional[Mapping[str, Sequence[Any]]]) -> List[_Control]:
    if controls is None:
        return []
    if not isinstance(controls, Mapping):
        raise TypeError(f"controls must be a mapping of label -> (object, name, (low, high)), "
                        f"not {type(controls).__name__}")
    parsed = []
    for label, entry in controls.items():
        if not isinstance(label, str):
            raise TypeError(f"a control's label must be a str (got {label!r})")
        if not isinstance(entry, (tuple, list)) or len(entry) not in (3, 4):
            raise TypeError(f"controls[{label!r}] must be (object, property name, (low, high)[, step]) (got {entry!r})")
        target, name, limits = entry[0], entry[1], entry[2]
        if not isinstance(name, str):
            raise TypeError(f"controls[{label!r}]: the property name must be a str (got {name!r})")
        if not hasattr(target, name):
            raise AttributeError(f"controls[{label!r}]: {type(target).__name__} has no property {name!r}")
        if not _number(getattr(target, name)):
            raise TypeError(f"controls[{label!r}]: {type(target).__name__}.{name} is not a real number "
                            f"({getattr(target, name)!r})")
        if not (isinstance(limits, (tuple, list)) and len(limits) == 2 and all(_number(v) for v in limits)
                and limits[0] < limits[1]):
            raise ValueError(f"controls[{label!r}]: the range must be (low, high), finite, low < high (got {limits!r})")
        low, high = float(limits[0]), float(limits[1])
        step = (high - low) / 1000 if len(entry) == 3 else entry[3]
        if not (_number(step) and step > 0):
            raise ValueError(f"controls[{label!r}]: the step must be finite and > 0 (got {step!r})")
        parsed.append(_Control(label, target, name, low, high, float(step)))
    return parsed


def _view_box(animator: Any) -> Tuple[float, float, float, float]:
    """The scene's area: the reference bounds, or the items' extent, with a 3 % margin."""
    bounds = animator.reference_bounds
    if bounds is not None:
        x, y, w, h = (float(v) for v in bounds)
    else:
        low, high = [], []
        for item in animator.items:
            cx, cy = item.center
            t = item.transform
            radius = 0.5 * math.hypot(item.size[0] * t[1], item.size[1] * t[2])
            low.append((cx - radius, cy - radius))
            high.append((cx + radius, cy + radius))
        if not low:
            return (0.0, 0.0, 100.0, 100.0)
        (x, y), (right, bottom) = np.min(low, axis=0), np.max(high, axis=0)
        x, y, w, h = float(x), float(y), float(right - x), float(bottom - y)
    margin = 0.03 * max(w, h, 1.0)
    return (x - margin, y - margin, w + 2 * margin, h + 2 * margin)


class _Live:
    """A scene running live in a notebook, made by `anima.live`; an ipywidgets widget.

    The kernel advances `animator` by the wall time elapsed (a quarter of it in slow motion)
    on a timer of the kernel's event loop while a page shows the widget, and streams its
    display-time poses (and its animated values) to the page as binary buffers. On the page:
    drag an item (it flings at the release), tap empty space (``on_tap``), play/pause, step,
    slow motion, reset, record, debug (the engine's debug drawing over the scene, a switch per
    layer), a slider per control and a row per animated value. From Python: `play`, `pause`,
    `step`, `reset`, `start_recording`, `stop_recording`, `values`, `recording`, `debug`,
    `find`, `close`.
    """

    #: Called with the scene point (x, y) of a tap on empty space, or None.
    on_tap: Optional[Callable[[Tuple[float, float]], Any]] = None

    def __init__(self, animator: Any, *, controls: Optional[Mapping[str, Sequence[Any]]] = None,
                 width: Optional[float] = None, debug: DebugLayers = None,
                 on_tap: Optional[Callable[[Tuple[float, float]], Any]] = None,
                 values: ValuesToFollow = None) -> None:
        import traitlets

        # what close() needs, also when a bad argument stops this constructor (ipywidgets
        # closes a widget when it is collected)
        self._clock: Optional[asyncio.TimerHandle] = None
        self._drag: Any = None
        self._closed = False
        if not all(hasattr(animator, name) for name in ("advance", "item_at", "begin_drag", "copy_display_poses_into")):
            raise TypeError(f"live() takes an anima.Animator, not {type(animator).__name__}")
        if width is not None and not (_number(width) and width > 0):
            raise ValueError(f"width must be a finite number of pixels > 0 (got {width!r})")
        if on_tap is not None and not callable(on_tap):
            raise TypeError(f"on_tap must be callable or None (got {type(on_tap).__name__})")
        control_list = _parse_controls(controls)
        layers = parse_layers(debug)
        labelled = labelled_values(values)
        # the values of the animator as it starts, in creation order: its copy's, after a reset
        self._start_values = tuple(animator.values)
        self._value_slots: Optional[List[Tuple[int, str]]] = None
        if labelled is not None:
            if not all(value in self._start_values for value, _ in labelled):
                raise InvalidArgumentError("values: every value must be a live value of the animator shown")
            self._value_slots = [(self._start_values.index(value), label) for value, label in labelled]
        self._labelled = labelled
        self._shown_values: Optional[tuple] = None
        view = _view_box(animator)
        css_width = float(width) if width is not None else min(view[2], 480.0)

        self.on_tap = on_tap
        self._anim = animator
        _drivers[id(animator)] = self
        self._original = animator
        self._control_list = control_list
        self._given_targets = [c.target for c in control_list]
        self._layers = layers
        # the starting state, for reset: the animator and the controls' objects, copied together
        self._start_copy: Optional[Tuple[Any, List[Any]]] = None
        self._start_problem = ""
        try:
            self._start_copy = copy.deepcopy((animator, [c.target for c in control_list]))
        except Exception as error:  # a scene that cannot be copied (an animation being recorded, ...)
            self._start_problem = f"reset is unavailable: the scene could not be copied ({error})"
        self._down: Optional[Tuple[Tuple[float, float], float]] = None
        self._pointer_time = 0.0
        self._last_point: Optional[Tuple[float, float]] = None
        self._capture: Optional[Capture] = None
        self._record_origin = 0.0
        self._last_recording: Optional[Recording] = None
        self._due = 0.0
        self._last_seen = -math.inf
        self._last_tick: Optional[float] = None
        self._elapsed = 0.0
        self._items: Optional[tuple] = None
        self._version = 0
        self._seq = 0
        self._ack = 0.0
        self._ack_pending = 0.0
        self._ack_steps = 0
        self._display = np.empty((0, 3))
        self._states = np.empty((0, 7))
        self._frame = np.empty((0, 4), np.float32)
        self._sent: Optional[Tuple[float, np.ndarray, Optional[Tuple[bytes, bytes, bytes]], bytes]] = None
        self._held: Optional[float] = None
        self._stats: Dict[str, Any] = {}
        self._error: Optional[BaseException] = None
        self._applying = False

        def synced(trait: Any) -> Any:
            return trait.tag(sync=True)

        self.add_traits(  # type: ignore[attr-defined]
            _key=synced(traitlets.Unicode()), _scene=synced(traitlets.Dict()), _view=synced(traitlets.List()),
            _size=synced(traitlets.List()), _controls=synced(traitlets.List()), _values=synced(traitlets.Dict()),
            _playing=synced(traitlets.Bool(True)), _slow=synced(traitlets.Bool(False)),
            _recording=synced(traitlets.Bool(False)), _can_reset=synced(traitlets.Bool(True)),
            _message=synced(traitlets.Unicode()), _debug=synced(traitlets.List()))
        super().__init__(  # type: ignore[call-arg]
            _key=f"anima-live-{os.getpid()}-{next(_keys)}", _scene=self._scene_data(), _view=list(view),
            _size=[round(css_width), round(css_width * view[3] / view[2])],
            _controls=[c.page() for c in control_list], _values={c.label: c.value for c in control_list},
            _can_reset=self._start_copy is not None, _message=self._start_problem, _debug=list(layers))
        self.on_msg(self._on_message)  # type: ignore[attr-defined]
        self.observe(self._on_values, names=["_values"])  # type: ignore[attr-defined]
        self.observe(self._on_debug, names=["_debug"])  # type: ignore[attr-defined]

    # -- what Python sees ----------------------------------------------------------------------

    @property
    def animator(self) -> Any:
        """The animator shown: the one given to `live`, or after `reset` a copy of it as it was."""
        return self._anim

    @property
    def values(self) -> Dict[str, float]:
        """Each control's property as it is now, by label; assign a dict of some of them to set them."""
        return {c.label: float(getattr(c.target, c.name)) for c in self._control_list}

    @values.setter
    def values(self, values: Mapping[str, float]) -> None:
        by_label = {c.label: c for c in self._control_list}
        for label in values:
            if label not in by_label:
                raise KeyError(f"no control labelled {label!r} (the controls: {sorted(by_label)})")
        for label, value in values.items():
            control = by_label[label]
            setattr(control.target, control.name, value)
            control.value = float(getattr(control.target, control.name))
        self._show_values()

    @property
    def recording(self) -> Optional[Recording]:
        """The session recorded with the record button (or `start_recording`): the one in
        progress, else the last one stopped; None before any."""
        return self._capture.recording if self._capture is not None else self._last_recording

    @property
    def debug(self) -> Tuple[str, ...]:
        """The layers of the engine's debug drawing overlaid on the frames, in drawing order
        (() when off); assign what `live`'s ``debug`` takes. The page's switches set it too."""
        return self._layers

    @debug.setter
    def debug(self, debug: DebugLayers) -> None:
        self._layers = parse_layers(debug)
        self._debug = list(self._layers)
        self._sent = None  # the next tick sends a whole frame with the overlay as it is now

    @property
    def playing(self) -> bool:
        """Whether the scene advances with the clock (the play/pause button)."""
        return bool(self._playing)  # type: ignore[attr-defined]

    @property
    def slow_motion(self) -> bool:
        """Whether the scene runs at SLOW_MOTION (a quarter) of real time; assignable."""
        return bool(self._slow)  # type: ignore[attr-defined]

    @slow_motion.setter
    def slow_motion(self, on: bool) -> None:
        self._slow = bool(on)

    @property
    def is_live(self) -> bool:
        """Whether the kernel's clock is running: a page has shown the widget in the last IDLE_AFTER s."""
        return self._clock is not None

    @property
    def stats(self) -> Dict[str, Any]:
        """What the page measured, reported every second: ``fps`` (drawings per second),
        ``received`` (frames per second from the kernel), ``latency`` (median pointer-to-pixel
        milliseconds over the last 60 pointer moves of a drag, or None), ``draws``, ``frames``."""
        return dict(self._stats)

    @property
    def error(self) -> Optional[BaseException]:
        """The last exception raised by the scene (a callback, ``on_tap``, a control), or None;
        its message is shown under the widget. An exception while stepping pauses the scene."""
        return self._error

    def find(self, obj: Any) -> Any:
        """The object of the animator shown that is ``obj`` (an item, a behavior, an animated
        value, the animator given to `live` or a control's object): ``obj`` itself before a
        `reset`, its copy after."""
        import anima

        if obj is self._original or obj is self._anim:
            return self._anim
        for control, original in zip(self._control_list, self._given_targets):
            if obj is original:
                return control.target
        if isinstance(obj, anima.Item):
            return self._anim.find_item(obj.id)
        if isinstance(obj, anima.Behavior):
            return self._anim.find_behavior(obj.id)
        if isinstance(obj, anima.Value):
            if obj.is_valid and obj.animator is self._anim:
                return obj
            if obj in self._start_values:  # its animator's copy holds it at the same place
                return self._anim.values[self._start_values.index(obj)]
            return None
        raise TypeError(f"find() takes an item, a behavior, a value, the animator or a control's object, "
                        f"not {type(obj).__name__}")

    def play(self) -> None:
        """Run the scene with the clock (the play button)."""
        self._message = ""
        self._playing = True

    def pause(self) -> None:
        """Stop advancing the scene (the pause button); a drag in progress ends, and a press
        while paused grabs nothing (taps still reach ``on_tap``)."""
        self._release()
        self._playing = False

    def step(self) -> None:
        """Pause, then advance the scene by one frame, FRAME (1/60 s)."""
        self.pause()
        self._advance(FRAME)
        self._publish(time.monotonic())

    def reset(self) -> None:
        """Show the scene as it was when the widget was made, with the controls where they are now.

        The animator shown becomes a copy of the starting state (`animator`; `find` maps your
        objects to it), the drag in progress ends and a recording stops. InvalidStateError
        when the scene could not be copied at the start (the reason is in the message)."""
        from ._types import InvalidStateError

        if self._start_copy is None:
            raise InvalidStateError(self._start_problem)
        self._release()
        self.stop_recording()
        animator, targets = copy.deepcopy(self._start_copy)
        for control, target in zip(self._control_list, targets):
            control.target = target
            setattr(target, control.name, control.value)
        self._anim = animator
        _drivers[id(animator)] = self
        if self._value_slots is not None:
            shown = animator.values
            self._labelled = [(shown[index], label) for index, label in self._value_slots if index < len(shown)]
        self._items = None
        self._shown_values = None
        self._sent = None
        self._elapsed = 0.0
        self._error = None
        self._message = ""
        self._publish(time.monotonic())

    def start_recording(self) -> None:
        """Record every frame from now on (the record button); `recording` holds it."""
        if self._capture is not None:
            return
        labelled = None if self._labelled is None else {label: value for value, label in self._panel_values()}
        capture = Capture(self._anim, values=labelled, debug=self._layers)
        capture.recording.title = "anima.live"
        capture.start(0)  # frame 0: the scene now
        self._capture = capture
        self._record_origin = self._elapsed
        self._recording = True

    def stop_recording(self) -> Optional[Recording]:
        """Stop recording; returns the recording (None if none was started), also `recording`."""
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.capture_boundaries()
            self._last_recording = capture.recording
        self._recording = False
        return self._last_recording

    def close(self) -> None:
        """Stop the clock, end a drag and close the widget (it disappears from the page)."""
        self._closed = True
        self._stop_clock()
        self._release()
        super().close()  # type: ignore[misc]

    def __repr__(self) -> str:
        state = "playing" if self.playing else "paused"
        return (f"<anima.LiveWidget {len(self._anim.items)} items, {state}, "
                f"{'live' if self.is_live else 'no page'}, elapsed {self._elapsed:.3f} s>")

    # -- the clock -------------------------------------------------------------------------------

    def _seen(self) -> None:
        """A page is showing the widget: keep the clock running (start it if it stopped)."""
        self._last_seen = time.monotonic()
        if self._clock is None and not self._closed:
            self._schedule(self._last_seen)

    def _schedule(self, at: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop runs here (not in a kernel): no clock
            return
        if self._clock is not None:
            self._clock.cancel()
        self._due = at
        self._clock = loop.call_later(max(0.0, at - time.monotonic()), self._tick)

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        self._last_tick = None

    def _hurry(self) -> None:
        """A pointer moved: tick as soon as at least one internal step's time has passed."""
        if self._clock is None:
            return
        at = (self._last_tick or time.monotonic()) + float(self._anim.step_duration)
        if at < self._due:
            self._schedule(at)

    def _tick(self) -> None:
        self._clock = None
        now = time.monotonic()
        if self._closed or now - self._last_seen > IDLE_AFTER:
            self._last_tick = None
            return
        last, self._last_tick = self._last_tick, now
        try:
            if last is not None and self._playing and self._drives():  # type: ignore[attr-defined]
                self._advance(min(now - last, LONGEST_FRAME) * (SLOW_MOTION if self._slow else 1.0))  # type: ignore[attr-defined]
        except Exception as error:  # a callback raised: the scene pauses and says why
            self._fail(error)
        try:
            self._publish(now)
        except Exception as error:  # the scene cannot be shown (its animator destroyed, ...):
            self._fail(error)       # the clock stops, until the page's next word
            self._last_tick = None
            return
        # every FRAME s (DRAG_FRAME during a drag), on the same beat (a tick that came early
        # for a pointer keeps it)
        beat = DRAG_FRAME if self._drag is not None else FRAME
        self._schedule(self._due + beat if now - beat < self._due <= now else now + beat)

    def _drives(self) -> bool:
        """Whether this widget advances its animator: no other live widget does."""
        driver = _drivers.get(id(self._anim))
        if driver is None or driver is self or driver._anim is not self._anim or not driver.is_live:
            _drivers[id(self._anim)] = self
            return True
        return False

    def _advance(self, seconds: float) -> None:
        self._anim.advance(seconds)
        self._elapsed += seconds
        if self._capture is not None:
            capture, at = self._capture, self._elapsed - self._record_origin
            capture.capture(at)
            capture.contacts(at)

    # -- frames to the page ----------------------------------------------------------------------

    def _panel_values(self) -> List[Tuple[Any, str]]:
        """The animated values the panel shows, with their labels: the ones given to `live`
        that are still there, else every value of the animator labelled by its index."""
        if self._labelled is None:
            return [(value, str(k)) for k, value in enumerate(self._anim.values)]
        return [(value, label) for value, label in self._labelled if value.is_valid]

    def _scene_data(self) -> Dict[str, Any]:
        """What the page draws with, sent when the items or values change: shape, drawn width
        and height, colour and outline per item, label, count and whether it is a colour per
        animated value."""
        entries = []
        for i, item in enumerate(self._anim.items):
            w, h = item.size
            t = item.transform
            shape = str(item.shape)
            outline = None
            path = item.path if shape == "path" else drawn_outline(item)
            if path is not None:
                outline = [round(float(v), 2) for x, y in path for v in (x * t[1], y * t[2])]
            entries.append([shape, round(abs(w * t[1]), 3), round(abs(h * t[2]), 3), COLORS[i % len(COLORS)],
                            outline])
        rows = [[label, int(value.count), value.space != "components"] for value, label in self._panel_values()]
        self._version += 1
        return {"version": self._version, "items": entries, "values": rows}

    def _overlay(self) -> Tuple[bytes, bytes, bytes]:
        """The debug overlay of the scene now: the engine's debug drawing of the layers shown
        (anima.recording._debug: heads as uint32, two a primitive, coordinates as float32) and
        the snap points (x, y as float32)."""
        import anima

        heads, coords = gather(self._anim, self._layers)
        snaps = [v for behavior in behaviors_of(self._anim) if isinstance(behavior, anima.Snap) for v in behavior.point]
        return (heads.astype("<u4").tobytes(), coords.astype("<f4").tobytes(),
                np.asarray(snaps, "<f4").tobytes())

    def _publish(self, now: float) -> None:
        """Send the scene's poses and values as they are now, unless nothing changed since the
        last frame."""
        items = self._anim.items
        shown_values = tuple(value for value, _ in self._panel_values())
        if items != self._items or shown_values != self._shown_values:
            self._items = items
            self._shown_values = shown_values
            self._scene = self._scene_data()
            self._sent = None
        n = len(items)
        if self._display.shape[0] != n:
            self._display, self._states = np.empty((n, 3)), np.empty((n, 7))
            self._frame = np.empty((n, 4), np.float32)
        self._anim.copy_display_poses_into(self._display)
        self._anim.copy_states_into(self._states)
        self._frame[:, :3] = self._display
        self._frame[:, 3] = self._states[:, 6]
        if self._ack_pending > self._ack and (self._anim.step_count > self._ack_steps or not self._anim.is_running):
            self._ack = self._ack_pending  # a step ran after that pointer event: this frame shows it
        # the debug overlay only when shown: off, debug_draw is not called
        overlay = self._overlay() if self._layers else None
        # the values' components, 4 float64 a value (as anima.read_values), one read of them all
        values = self._anim._read_values(shown_values) if shown_values else b""
        sent = self._sent
        if (sent is not None and sent[0] == self._ack and np.array_equal(sent[1], self._frame)
                and sent[2] == overlay and sent[3] == values):
            self._held = now
            return
        if sent is not None and self._held is not None:
            # the scene stood still since the last frame sent: say so at the last tick, so that
            # the page does not glide across the pause
            self._send_frame(self._held, sent[0], sent[1], sent[2], sent[3], held=True)
        self._send_frame(now, self._ack, self._frame, overlay, values)
        self._sent = (self._ack, self._frame.copy(), overlay, values)
        self._held = None

    def _send_frame(self, at: float, ack: float, frame: np.ndarray, overlay: Optional[Tuple[bytes, bytes, bytes]],
                    values: bytes, held: bool = False) -> None:
        """One frame: a header of float64 (the kernel's time, a sequence number, the pointer
        event acknowledged, the item count, the scene version, the simulated time, flags: 1
        running, 2 a repeat after a still spell, and the wall clock), then the poses as float32
        (x, y, angle, alpha per item), when the debug overlay is on (the content's "debug" then
        says so) its primitives' heads (uint32, two a primitive), their coordinates (float32)
        and the snap points (float32 x, y), and last, when the panel shows values (the
        content's "values" then says so), their components as float64, 4 a value."""
        self._seq += 1
        flags = (1.0 if self._anim.is_running else 0.0) + (2.0 if held else 0.0)
        header = np.array([at, self._seq, ack, len(frame), self._version, self._elapsed, flags, time.time()],
                          np.float64)
        buffers = [header.tobytes(), frame.tobytes()]
        content: Dict[str, Any] = {"type": "frame"}
        if overlay is not None:
            buffers += overlay
            content["debug"] = True
        if values:
            buffers.append(values)
            content["values"] = True
        self.send(content, buffers)  # type: ignore[attr-defined]

    # -- messages from the page ----------------------------------------------------------------

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind in ("down", "move", "up"):
                self._pointer(kind, content)
            elif kind == "command":
                self._command(str(content.get("name")))
            elif kind == "hello":
                self._sent = None  # a new page: send it a whole frame
                self._seen()
            elif kind == "alive":
                self._stats = {name: content.get(name) for name in ("fps", "received", "latency", "draws", "frames")}
                self._seen()
        except Exception as error:
            self._fail(error, pause=False)

    def _pointer(self, kind: str, content: Dict[str, Any]) -> None:
        from ._types import InvalidStateError, StaleHandleError

        point = (float(content["x"]), float(content["y"]))
        when = float(content["t"])
        self._pointer_time = when
        self._seen()
        last, self._last_point = self._last_point, point
        if kind == "down":
            self._release()
            self._down = (point, float(content.get("slop", 4.0)))
            if self._playing:  # type: ignore[attr-defined]
                item = self._anim.item_at(point)
                if item is not None:
                    self._drag = self._anim.begin_drag(item, point, when)
                    self._note_pointer(content)
                    self._hurry()
        elif kind == "move" and self._drag is not None:
            try:
                self._drag.move(point, when)
            except (InvalidStateError, StaleHandleError):  # the item or its attachment went away
                self._drag = None
                return
            self._note_pointer(content)
            self._hurry()
        elif kind == "up":
            down, self._down = self._down, None
            if self._drag is not None:
                if point != last:  # a release where the pointer last was adds no sample:
                    try:                       # it would read as the pointer stopping
                        self._drag.move(point, when)
                    except (InvalidStateError, StaleHandleError):
                        self._drag = None
                self._release(when)
                self._hurry()
            elif down is not None and math.dist(down[0], point) <= down[1] and self.on_tap is not None:
                self.on_tap(point)
                self._hurry()

    def _note_pointer(self, content: Dict[str, Any]) -> None:
        """The frames after the next internal step acknowledge this pointer event (latency)."""
        self._ack_pending = float(content.get("id", 0))
        self._ack_steps = int(self._anim.step_count)

    def _release(self, when: Optional[float] = None) -> None:
        """End the drag in progress: at a release it flings with the pointer's velocity."""
        from ._types import AnimaError

        drag, self._drag = self._drag, None
        if drag is not None:
            try:
                drag.end(self._pointer_time if when is None else when)
            except AnimaError:  # its item or attachment went away meanwhile
                pass

    def _command(self, name: str) -> None:
        if name == "play":
            self.pause() if self._playing else self.play()  # type: ignore[attr-defined]
        elif name == "step":
            self.step()
        elif name == "slow":
            self.slow_motion = not self.slow_motion
        elif name == "reset":
            self.reset()
        elif name == "record":
            self.stop_recording() if self._capture is not None else self.start_recording()

    def _on_values(self, change: Dict[str, Any]) -> None:
        """A slider moved: write the property; a value refused puts the slider back."""
        if self._applying:
            return
        refused = False
        for control in self._control_list:
            value = change["new"].get(control.label)
            if not _number(value) or float(value) == control.value:
                continue
            try:
                setattr(control.target, control.name, float(value))
                control.value = float(getattr(control.target, control.name))
            except Exception as error:
                self._fail(error, pause=False)
                refused = True
        if refused:
            self._show_values()
        self._hurry()

    def _on_debug(self, change: Dict[str, Any]) -> None:
        """The page's debug switches changed: overlay those layers from the next frame (a
        list it cannot name puts the switches back)."""
        try:
            layers = parse_layers(list(change["new"]))
        except (TypeError, ValueError) as error:
            self._fail(error, pause=False)
            layers = self._layers
        if list(layers) != list(change["new"]):
            self._debug = list(layers)
        if layers != self._layers:
            self._layers = layers
            self._sent = None
            self._hurry()

    def _show_values(self) -> None:
        self._applying = True
        try:
            self._values = {c.label: c.value for c in self._control_list}
        finally:
            self._applying = False

    def _fail(self, error: BaseException, pause: bool = True) -> None:
        self._error = error
        self._message = f"{type(error).__name__}: {error}"
        if pause:
            self._release()
            self._playing = False
