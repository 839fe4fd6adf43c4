"""What a recording takes of an animator, frame by frame: the capture that `Recorder` advances
and the live widget (anima.live) drives from its own clock.

A `Capture` follows items, in recording order, into the frames of its `Recording`: one
`Animator.copy_states_into` call into a preallocated array per frame, whatever the number of
items, the frame's contact events, and the collision behaviors' boundaries when asked. It
follows the animator's animated values the same way, one read of all of them a frame (as
`anima.read_values`), and when asked the engine's debug drawing of each frame
(`Animator.debug_draw`, one call a layer). It installs no callbacks and never advances the
animator itself.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .._anima import Value
from .._types import AnimaError, InvalidArgumentError
from ._debug import DebugLayers, gather, parse_layers
from ._frames import BOUNDARY, NO_GEOMETRY, NOT_FOLLOWED, STATE_WIDTH, VALUE_WIDTH, opt_rect
from .recording import Recording, frames_of

#: The values a capture follows: label -> value, values without labels, or None for every value.
ValuesToFollow = Union[None, Mapping[str, Value], Iterable[Value]]



def rounded_outline(width: float, height: float, radius: float, steps: int = 8) -> List[Tuple[float, float]]:
    """The outline of a width x height rectangle whose corners are rounded by radius (held to half
    the shorter side: a capsule at most), about its centre in the item's own coordinates and
    counter-clockwise on a y-down screen, as a path is; each quarter corner in `steps` pieces."""
    r = max(0.0, min(radius, width / 2, height / 2))
    hx, hy = width / 2 - r, height / 2 - r
    points: List[Tuple[float, float]] = []
    # corners top-left, bottom-left, bottom-right, top-right, each arc turning the way the outline runs
    # (on screen, angle 0 points right and pi / 2 up)
    for (cx, cy), start in (((-hx, -hy), math.pi / 2), ((-hx, hy), math.pi), ((hx, hy), math.pi * 1.5), ((hx, -hy), 0.0)):
        for k in range(steps + 1):
            angle = start + (math.pi / 2) * k / steps
            points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    return points


def drawn_outline(item: Any) -> Optional[List[Tuple[float, float]]]:
    """The outline a player draws for a capsule or a rounded rectangle (None for other shapes,
    which it draws from their size)."""
    shape = str(item.shape)
    if shape not in ("capsule", "rounded_rectangle"):
        return None
    width, height = item.size
    radius = min(width, height) / 2 if shape == "capsule" else float(item.corner_radius)
    return rounded_outline(width, height, radius)

class Capture:
    """The frames of ``animator``'s ``items`` (default: every item, in creation order, each added
    when it first appears) at ``frame`` s apart, in a new `recording`; with ``track_sizes`` an
    item's size and transform are read at every frame, not once. ``values`` are the animated
    values followed: a mapping of label to value or values without labels (exactly those, in
    that order), or None (every value of the animator, in creation order, each added when it
    first appears, without a label). ``debug`` names the layers of the engine's debug drawing
    kept with every frame (anima.recording._debug.parse_layers: off by default)."""

    def __init__(self, animator: Any, items: Optional[Iterable[Any]] = None, frame: float = 1.0 / 60.0,
                 *, track_sizes: bool = False, values: ValuesToFollow = None, debug: DebugLayers = None) -> None:
        self.animator = animator
        self._debug_layers = parse_layers(debug)
        self.recording = Recording(frame=frame, reference_bounds=opt_rect(animator.reference_bounds))
        if self._debug_layers:
            self._frames.follow_debug(self._debug_layers)
        self.track_sizes = bool(track_sizes)
        self._given = list(items) if items is not None else None
        self._followed: List[Any] = []
        self._index: dict = {}
        self._live: Optional[tuple] = None
        self._rows = np.empty(0, dtype=np.intp)
        # one record per live item plus a last row of NaN that absent items copy
        self._scratch = np.full((1, STATE_WIDTH), math.nan)
        self._given_values = labelled_values(values)
        for value, _ in self._given_values or ():
            if value.is_valid and value.animator is not animator:
                raise InvalidArgumentError(f"the value {value!r} belongs to another animator")
        self._followed_values: List[Any] = []
        self._value_index: dict = {}
        self._live_values: Optional[tuple] = None
        self._value_rows = np.empty(0, dtype=np.intp)
        # one row per live value plus a last row of NaN that absent values copy
        self._value_scratch = np.full((1, VALUE_WIDTH), math.nan)
        if self.track_sizes:
            self._frames.follow_geometry_per_frame()

    @property
    def recording(self) -> Recording:
        """The recording whose frames are filled."""
        return self._recording

    @recording.setter
    def recording(self, recording: Recording) -> None:
        self._recording = recording
        self._frames = frames_of(recording)

    @property
    def items(self) -> Tuple[Any, ...]:
        """The items followed, in recording order."""
        return tuple(self._followed)

    def start(self, frames: int) -> None:
        """Room for ``frames`` frames to come; the first call records frame 0, the scene as it is."""
        first = self._frames.frame_count == 0
        self._frames.reserve(frames + (1 if first else 0))
        if first:
            if self._given is not None:
                self._append_items(self._given)
            if self._given_values is not None:
                self._append_values(self._given_values)
            self.capture(0.0)

    def capture(self, time: float) -> bool:
        """Records the state of every followed item as frame ``time``; returns whether the
        animator is running."""
        live = self.animator.items
        if live != self._live:
            self._relink(live)
        if self._scratch.shape[0] <= len(live):
            self._scratch = np.full((len(live) + len(live) // 4 + 1, STATE_WIDTH), math.nan)
        self.animator.copy_states_into(self._scratch[:-1])
        running = bool(self.animator.is_running)
        frames = self._frames
        f = frames.next_frame(time, running)
        # row -1 (an item not there) wraps to the scratch's last row, all NaN
        np.take(self._scratch, self._rows, axis=0, out=frames.frame_states(f), mode="wrap")
        if self.track_sizes:
            geometry = frames.frame_geometry(f)
            for k, item in enumerate(self._followed):
                geometry[k] = _geometry(item) if self._rows[k] >= 0 else NO_GEOMETRY
        self._capture_values(f)
        if self._debug_layers:
            self._frames.set_frame_debug(f, *gather(self.animator, self._debug_layers))
        return running

    def _capture_values(self, f: int) -> None:
        """The followed values' components into frame ``f``: one read of every live value."""
        live = self.animator.values
        if live != self._live_values:
            self._relink_values(live)
        if not self._followed_values:
            return
        count = len(live)
        if self._value_scratch.shape[0] <= count:
            self._value_scratch = np.full((count + count // 4 + 1, VALUE_WIDTH), math.nan)
        if count:
            read = np.frombuffer(self.animator._read_values(live), dtype=np.float64)
            self._value_scratch[:count] = read.reshape(count, VALUE_WIDTH)
        # row -1 (a value not there) wraps to the scratch's last row, all NaN
        np.take(self._value_scratch, self._value_rows, axis=0, out=self._frames.frame_values(f), mode="wrap")

    def contacts(self, time: float) -> None:
        """Record the contact events of the animator's last advance, as the frame at ``time``'s."""
        for began, events in ((True, self.animator.began_contacts), (False, self.animator.ended_contacts)):
            for event in events:
                self.contact(event, began, time)

    def contact(self, event: Any, began: bool, time: float) -> None:
        """Record one contact event of the frame at ``time`` (unless it involves no followed item)."""
        item = self._index.get(event.item, NOT_FOLLOWED)
        other = BOUNDARY if event.other is None else self._index.get(event.other, NOT_FOLLOWED)
        if item == NOT_FOLLOWED and other < 0:
            return
        point = event.point
        x, y = (math.nan, math.nan) if point is None else (float(point[0]), float(point[1]))
        identifier = event.boundary_identifier
        self._frames.add_contact((time, began, item, other, identifier or "", x, y))

    def capture_boundaries(self) -> None:
        """Copy named boundaries and inset reference boundaries from the collision behaviors."""
        bounds = opt_rect(self.animator.reference_bounds)
        if bounds is not None:
            self.recording.reference_bounds = bounds
        for behavior in self.animator.behaviors:
            identifiers = getattr(behavior, "boundary_identifiers", None)
            if identifiers is None:
                continue
            for identifier in identifiers:
                points = behavior.boundary(identifier)
                self.recording.boundaries[str(identifier)] = [(float(x), float(y)) for x, y in points]
            insets = getattr(behavior, "insets", None)
            if bounds is not None and insets and any(insets) and getattr(
                behavior, "translates_reference_bounds_into_boundary", False
            ):
                top, left, bottom, right = (float(v) for v in insets)
                rect = (bounds[0] + left, bounds[1] + top, bounds[2] - left - right, bounds[3] - top - bottom)
                if rect not in self.recording.inset_bounds:
                    self.recording.inset_bounds.append(rect)

    def _relink(self, live: tuple) -> None:
        """The items changed (or this is the first frame): follow new ones, find every row."""
        if self._given is None:
            self._append_items([item for item in live if item not in self._index])
        row_of = {item: row for row, item in enumerate(live)}
        self._rows = np.array([row_of.get(item, -1) for item in self._followed], dtype=np.intp)
        self._live = live

    def _relink_values(self, live: tuple) -> None:
        """The values changed (or this is the first frame): follow new ones, find every row."""
        if self._given_values is None:
            self._append_values([(value, "") for value in live if value not in self._value_index])
        row_of = {value: row for row, value in enumerate(live)}
        self._value_rows = np.array([row_of.get(value, -1) for value in self._followed_values], dtype=np.intp)
        self._live_values = live

    def _append_values(self, values: Sequence[Tuple[Any, str]]) -> None:
        if not values:
            return
        counts, spaces, names = [], [], []
        for value, name in values:
            self._value_index.setdefault(value, len(self._followed_values))
            self._followed_values.append(value)
            try:
                count, space = int(value.count), str(value.space)
            except AnimaError:  # already destroyed
                count, space = 1, "components"
            counts.append(count)
            spaces.append(space)
            names.append(name)
        self._frames.add_values(counts, spaces, names)

    def _append_items(self, items: Sequence[Any]) -> None:
        if not items:
            return
        shapes, masses, paths, geometry = [], [], [], []
        for item in items:
            self._index.setdefault(item, len(self._followed))
            self._followed.append(item)
            try:
                shape = str(item.shape)
                outline = item.path if shape == "path" else drawn_outline(item)
                masses.append(float(item.mass))
                geometry.append(_geometry(item))
            except AnimaError:  # already destroyed
                shape, outline = "rectangle", None
                masses.append(math.nan)
                geometry.append(NO_GEOMETRY)
            shapes.append(shape)
            paths.append(None if outline is None else np.asarray(outline, dtype=float).reshape(-1, 2))
        self._frames.add_items(geometry, shapes, masses, paths)


def labelled_values(values: ValuesToFollow) -> Optional[List[Tuple[Any, str]]]:
    """The values to follow as (value, label) pairs ("" without a label), or None for every
    value; TypeError for anything but anima.Value objects and str labels."""
    if values is None:
        return None
    if isinstance(values, Value):
        raise TypeError("values must be a mapping of label -> anima.Value or a sequence of anima.Value, "
                        "not one anima.Value")
    if isinstance(values, Mapping):
        pairs = [(value, label) for label, value in values.items()]
    else:
        pairs = [(value, "") for value in values]
    for value, label in pairs:
        if not isinstance(value, Value):
            raise TypeError(f"values must be anima.Value objects, not {type(value).__name__}")
        if not isinstance(label, str):
            raise TypeError(f"a value's label must be a str (got {label!r})")
    return pairs


def _geometry(item: Any) -> Tuple[float, ...]:
    """Bounds width and height, transform scale x, y and translation x, y of an item."""
    w, h = item.size
    t = item.transform
    return (float(w), float(h), float(t[1]), float(t[2]), float(t[3]), float(t[4]))
