"""Anima on GTK 4 widgets (PyGObject): a driver on a widget's frame clock, widgets and values
bound to the animator, and pointer drags that grab, follow and fling.

    window = Gtk.Window()
    fixed = Gtk.Fixed()
    window.set_child(fixed)
    button = Gtk.Button(label="Tap me")
    fixed.put(button, 0, 0)
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(animator, center=(160, 60), size=(100, 40))
    animator.add_behavior(anima.Gravity([ball]))
    driver = anima.gtk.GtkDriver(animator, window)
    driver.bind(button, ball)            # the button moves with the item, and still clicks
    driver.draggable(button, ball)       # press, drag, release: the item follows, then flies
    driver.start()
    window.present()

Each frame of the widget's frame clock advances the animator by the time since the frame before,
then writes every binding at the display's time (Item.display_center and display_rotation: the
animator steps at a fixed rate, the display shows the pose between its last two steps).
Coordinates are the animator's reference space, taken as the Gtk.Fixed's pixels. The user's
"gtk-enable-animations" setting drives the animator's reduced motion.

PyGObject is not a dependency of the package: it comes from Debian's python3-gi (with
gir1.2-gtk-4.0) or from pip's PyGObject over the system's GTK 4.
"""

from __future__ import annotations

import math
import weakref
from typing import Any, Callable, List, Optional, Tuple

from ._anima import Animator, Item, Value

try:
    import gi

    gi.require_version("Gtk", "4.0")
    gi.require_version("Gdk", "4.0")
    gi.require_version("Gsk", "4.0")
    gi.require_version("Graphene", "1.0")
    from gi.repository import Gdk, GObject, Graphene, Gsk, Gtk
except (ImportError, ValueError) as _missing:   # the message is the point
    raise ImportError(
        "anima.gtk needs PyGObject with GTK 4: apt-get install python3-gi gir1.2-gtk-4.0, "
        f"or pip install PyGObject over the system's GTK 4 ({_missing})") from None

#: The longest time one frame advances the animator, in seconds (a window that was hidden, or a
#: host that stalled, does not make the scene jump).
MAX_FRAME = 0.25

_Point = Tuple[float, float]


def _check_item(animator: Animator, item: Any) -> None:
    if not isinstance(item, Item):
        raise TypeError(f"item must be an anima.Item, not {type(item).__name__}")
    if item.animator is not animator:
        raise ValueError("item belongs to another animator than the driver's")


def _fixed_parent(widget: Any) -> Any:
    if not isinstance(widget, Gtk.Widget):
        raise TypeError(f"widget must be a Gtk.Widget, not {type(widget).__name__}")
    parent = widget.get_parent()
    if not isinstance(parent, Gtk.Fixed):
        where = "has no parent" if parent is None else f"is in a {type(parent).__name__}"
        raise ValueError(f"the widget must be a child of a Gtk.Fixed (it {where}): put it there with fixed.put()")
    return parent


class _WidgetBinding:
    """A widget posed from an item: its transform in the Fixed, its opacity and size request."""

    __slots__ = ("widget", "fixed", "item", "resize", "_pose", "_alpha", "_size")

    def __init__(self, widget: Any, fixed: Any, item: Item, resize: bool) -> None:
        self.widget, self.fixed, self.item, self.resize = widget, fixed, item, resize
        self._pose: Optional[Tuple[float, ...]] = None
        self._alpha: Optional[float] = None
        self._size: Optional[Tuple[int, int]] = None
        self._write_size()

    def _write_size(self) -> None:
        w, h = self.item.size
        size = (max(1, round(w)), max(1, round(h)))
        if size != self._size:
            self.widget.set_size_request(*size)
            self._size = size

    def write(self) -> None:
        item, widget = self.item, self.widget
        if self.resize:
            self._write_size()
        # the Fixed allocates a child its natural size: the transform turns about its middle
        natural = widget.get_preferred_size()[1]
        x, y = item.display_center
        t = item.transform
        pose = (x + t.translation_x, y + t.translation_y, math.degrees(item.display_rotation),
                t.scale_x, t.scale_y, natural.width, natural.height)
        if pose != self._pose:
            cx, cy, degrees, sx, sy, w, h = pose
            transform = Gsk.Transform.new().translate(Graphene.Point().init(cx, cy))
            if degrees != 0.0:
                transform = transform.rotate(degrees)      # clockwise on screen, as Anima's
            if (sx, sy) != (1.0, 1.0):
                transform = transform.scale(sx, sy)
            transform = transform.translate(Graphene.Point().init(-w / 2, -h / 2))
            self.fixed.set_child_transform(widget, transform)
            self._pose = pose
        alpha = item.alpha
        if alpha != self._alpha:
            widget.set_opacity(alpha)
            self._alpha = alpha


_INTEGER_TYPES = {GObject.TYPE_INT, GObject.TYPE_UINT, GObject.TYPE_LONG, GObject.TYPE_ULONG,
                  GObject.TYPE_INT64, GObject.TYPE_UINT64, GObject.TYPE_CHAR, GObject.TYPE_UCHAR}
_REAL_TYPES = {GObject.TYPE_DOUBLE, GObject.TYPE_FLOAT}


def _property_writer(value: Value, target: Any, name: str) -> Callable[[Any], Any]:
    """The function turning value.value into what target's property `name` takes."""
    if not isinstance(target, GObject.Object):
        raise TypeError(f"a property name needs a GObject.Object, not {type(target).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"the property name must be a str, not {type(name).__name__}")
    spec = target.find_property(name)
    if spec is None:
        raise ValueError(f"{type(target).__name__} has no property {name!r}")
    if not spec.flags & GObject.ParamFlags.WRITABLE:
        raise ValueError(f"{type(target).__name__}.{name} is read-only")
    kind = spec.value_type
    if kind == Gdk.RGBA.__gtype__:
        if value.count not in (3, 4):
            raise ValueError(f"{type(target).__name__}.{name} is a Gdk.RGBA: it takes a colour value of 3 or 4 "
                             f"components, not {value.count}")

        def rgba(v: Any) -> Any:
            colour = Gdk.RGBA()
            colour.red, colour.green, colour.blue = v[0], v[1], v[2]
            colour.alpha = v[3] if len(v) > 3 else 1.0
            return colour
        return rgba
    if kind in _REAL_TYPES or kind in _INTEGER_TYPES or kind == GObject.TYPE_BOOLEAN:
        if value.count != 1:
            raise ValueError(f"{type(target).__name__}.{name} takes one number, and the value has {value.count} "
                             "components")
        if kind == GObject.TYPE_BOOLEAN:
            return lambda v: v != 0.0
        low, high = spec.minimum, spec.maximum    # an overshooting spring stays within the property's range
        if kind in _REAL_TYPES:
            return lambda v: min(max(float(v), low), high)
        return lambda v: min(max(round(v), low), high)
    raise ValueError(f"{type(target).__name__}.{name} is of type {kind.name}: a value binds to double, float, "
                     "integer, boolean and Gdk.RGBA properties")


class _ValueBinding:
    """A value handed to a property or a function whenever it changed."""

    __slots__ = ("value", "apply", "_last")

    def __init__(self, value: Value, apply: Callable[[Any], None]) -> None:
        self.value, self.apply = value, apply
        self._last: Any = None

    def write(self) -> None:
        v = self.value.value
        if v != self._last:
            self.apply(v)
            self._last = v


def _weak_handler(drag: "weakref.ref[GtkDrag]", handler: Callable[..., None]) -> Callable[..., None]:
    def call(*arguments: Any) -> None:
        alive = drag()
        if alive is not None:
            handler(alive, *arguments)
    return call


class GtkDrag:
    """The pointer drag of one widget's item (made by GtkDriver.draggable).

    A press grabs the item where it is touched, motion moves the grab, and the release flings
    the item with the pointer's tracked velocity. Points are in the Gtk.Fixed's pixels, times
    are the events' (seconds). `on_press(point, time)`, `on_move(point, time)` and
    `on_release(point, time, velocity)` are called after the animator has been told, when set.
    """

    def __init__(self, driver: "GtkDriver", widget: Any, fixed: Any, item: Item) -> None:
        self.widget, self.item = widget, item
        self._driver, self._fixed = driver, fixed
        self._drag: Any = None
        self._start: _Point = (0.0, 0.0)
        self._last: Tuple[_Point, float] = ((0.0, 0.0), 0.0)
        self._moved: _Point = (0.0, 0.0)
        self._claimed = False
        #: The velocity (vx, vy) in px/s the item left with at the last release, or None.
        self.release_velocity: Optional[Tuple[float, float]] = None
        self.on_press: Optional[Callable[[_Point, float], object]] = None
        self.on_move: Optional[Callable[[_Point, float], object]] = None
        self.on_release: Optional[Callable[[_Point, float, Tuple[float, float]], object]] = None
        #: The Gtk.GestureDrag on the widget (capture phase, so it sees the events before the
        #: widget's own gestures).
        self.gesture = Gtk.GestureDrag()
        self.gesture.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        # the handlers hold the drag weakly (the driver holds it): a strong hold from the
        # widget's gesture back to the widget would be a cycle through C that Python cannot free
        drag = weakref.ref(self)
        for signal, handler in (("drag-begin", GtkDrag._begin), ("drag-update", GtkDrag._update),
                                ("drag-end", GtkDrag._end), ("cancel", GtkDrag._cancel)):
            self.gesture.connect(signal, _weak_handler(drag, handler))
        widget.add_controller(self.gesture)

    @property
    def is_dragging(self) -> bool:
        """True from the press to the release."""
        return self._drag is not None

    def _event(self) -> Tuple[_Point, float]:
        """The gesture's newest point in the Fixed's pixels, and its event's time in seconds.
        The widget moves under the pointer, so the point is taken from the widget as it is now
        (the pose the event was delivered to) over to the Fixed, which stays put."""
        gesture = self.gesture
        sequence = gesture.get_last_updated_sequence()
        ok, x, y = gesture.get_point(sequence)
        # PyGObject's translate_coordinates gives (x, y), or None when the widgets share no root
        mapped = self.widget.translate_coordinates(self._fixed, x, y) if ok else None
        point = (float(mapped[0]), float(mapped[1])) if mapped is not None else self._last[0]
        event = gesture.get_last_event(sequence)
        time = event.get_time() / 1000 if event is not None else self._last[1]
        self._last = (point, time)
        return point, time

    def _begin(self, gesture: Any, x: float, y: float) -> None:
        point, time = self._event()
        self._start, self._claimed = point, False
        self._drag = self._driver.animator.begin_drag(self.item, point, time)
        self._moved = point
        if self.on_press is not None:
            self.on_press(point, time)

    def _update(self, gesture: Any, dx: float, dy: float) -> None:
        if self._drag is None:
            return
        point, time = self._event()
        if not self._claimed:
            # past GTK's drag threshold the gesture takes the sequence: the widget's own click
            # gesture is cancelled, so a dragged button does not also activate
            threshold = self._driver.settings.props.gtk_dnd_drag_threshold
            if math.hypot(point[0] - self._start[0], point[1] - self._start[1]) > threshold:
                gesture.set_state(Gtk.EventSequenceState.CLAIMED)
                self._claimed = True
        self._drag.move(point, time)
        self._moved = point
        if self.on_move is not None:
            self.on_move(point, time)

    def _finish(self, point: _Point, time: float) -> None:
        drag, self._drag = self._drag, None
        if drag is None:
            return
        if point != self._moved:
            drag.move(point, time)
        # a release where the last motion was adds no sample: it says nothing of the motion, and
        # would slow the fit (Android's VelocityTracker skips ACTION_UP for that reason)
        velocity = drag.end(time)
        self.release_velocity = velocity
        if self.on_release is not None:
            self.on_release(point, time, velocity)

    def _end(self, gesture: Any, dx: float, dy: float) -> None:
        point, time = self._event()
        self._finish(point, time)

    def _cancel(self, gesture: Any, sequence: Any) -> None:
        # another gesture took the sequence (a scrolled window's pan, say): let go where it was
        self._finish(*self._last)


class GtkDriver:
    """Drives `animator` from `widget`'s frame clock and writes the bound widgets and values each
    frame. Any widget of the window serves; its frame clock runs while it is mapped.

    `tick(seconds)` runs one frame by hand (tests, or a loop of your own). The user's
    "gtk-enable-animations" setting (Gtk.Settings of the widget's display) sets the animator's
    reduces_motion, now and whenever it changes.
    """

    def __init__(self, animator: Animator, widget: Any) -> None:
        if not isinstance(animator, Animator):
            raise TypeError(f"animator must be an anima.Animator, not {type(animator).__name__}")
        if not isinstance(widget, Gtk.Widget):
            raise TypeError(f"widget must be a Gtk.Widget, not {type(widget).__name__}")
        self.animator = animator
        self.widget = widget
        #: The frame clock's time of the last frame, in seconds (0 before the first).
        self.frame_time = 0.0
        self._last: Optional[int] = None
        self._tick_id: Optional[int] = None
        self._bindings: List[Any] = []
        self._drags: List[GtkDrag] = []
        #: Gtk.Settings of the widget's display.
        self.settings = Gtk.Settings.get_for_display(widget.get_display())
        driver = weakref.ref(self)

        def follow(settings: Any, spec: Any) -> None:
            alive = driver()
            if alive is not None:
                alive._follow_settings()
        handler = self.settings.connect("notify::gtk-enable-animations", follow)
        weakref.finalize(self, self.settings.disconnect, handler)
        self._follow_settings()

    def _follow_settings(self) -> None:
        if self.animator.is_valid:
            self.animator.reduces_motion = not self.settings.props.gtk_enable_animations

    def start(self) -> None:
        """Run a frame at every frame of the widget's frame clock."""
        if self._tick_id is None:
            self._last = None
            self._tick_id = self.widget.add_tick_callback(self._frame)

    def stop(self) -> None:
        """Stop following the frame clock (the bindings keep their last values)."""
        if self._tick_id is not None:
            self.widget.remove_tick_callback(self._tick_id)
            self._tick_id = None

    @property
    def is_running(self) -> bool:
        """True between start() and stop()."""
        return self._tick_id is not None

    def _frame(self, widget: Any, clock: Any) -> bool:
        now = clock.get_frame_time()          # microseconds, monotonic
        elapsed = 0.0 if self._last is None else (now - self._last) / 1e6
        self._last = now
        self.frame_time = now / 1e6
        self.tick(min(max(elapsed, 0.0), MAX_FRAME))
        return True                            # GLib.SOURCE_CONTINUE

    def tick(self, seconds: float) -> None:
        """Advance the animator by `seconds` (if it is running) and write every binding."""
        seconds = float(seconds)
        if not (seconds >= 0 and math.isfinite(seconds)):
            raise ValueError(f"seconds must be finite and >= 0 (got {seconds!r})")
        if self.animator.is_running and seconds > 0:
            self.animator.advance(seconds)
        self.write()

    def write(self) -> None:
        """Write every binding from the animator as it is now."""
        for binding in self._bindings:
            binding.write()

    def bind(self, widget: Any, item: Item, *, resize: bool = False) -> None:
        """Pose `widget`, a child of a Gtk.Fixed, from `item`: its transform in the Fixed puts its
        middle on the item's centre (plus the item's translation), turned by the item's rotation
        (degrees, clockwise as Anima's) and scaled by its scale; its opacity is the item's alpha;
        its size request is the item's size (every frame with resize=True, else once)."""
        fixed = _fixed_parent(widget)
        _check_item(self.animator, item)
        binding = _WidgetBinding(widget, fixed, item, bool(resize))
        self._bindings.append(binding)
        binding.write()

    def bind_value(self, value: Value, target: Any, property_name: Optional[str] = None) -> None:
        """Write `value` whenever it changed: to `target`'s GObject property `property_name`
        (double and float properties held to their range, integer ones rounded, booleans True
        for a value other than 0, Gdk.RGBA from a colour's 3 or 4 components), or to target(v)
        for a callable, v as `Value.value` shapes it."""
        if not isinstance(value, Value):
            raise TypeError(f"value must be an anima.Value, not {type(value).__name__}")
        if value.animator is not self.animator:
            raise ValueError("value belongs to another animator than the driver's")
        if property_name is not None:
            convert = _property_writer(value, target, property_name)

            def apply(v: Any) -> None:
                target.set_property(property_name, convert(v))
        elif callable(target):
            apply = target
        else:
            raise TypeError(f"give a GObject.Object and a property name, or a callable, not {type(target).__name__}")
        binding = _ValueBinding(value, apply)
        self._bindings.append(binding)
        binding.write()

    def draggable(self, widget: Any, item: Item) -> GtkDrag:
        """Let the pointer drag `widget` (a child of a Gtk.Fixed) by `item`: a press grabs the
        item where it is touched (Animator.begin_drag), motion follows, the release flings it
        with the pointer's tracked velocity, each at its event's time. Past GTK's drag threshold
        the drag claims the pointer, so a dragged button does not also activate; a click still
        does. Returns the GtkDrag, whose `release_velocity` is the last fling's (vx, vy)."""
        fixed = _fixed_parent(widget)
        _check_item(self.animator, item)
        drag = GtkDrag(self, widget, fixed, item)
        self._drags.append(drag)
        return drag
