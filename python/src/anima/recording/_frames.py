"""The frames of a recording: the one owner of its arrays.

A `FrameBuffer` holds every followed item's state in every frame (7 float64 a record, in the
order of anima_item_state), each frame's time and running flag, each item's geometry (once,
or per frame when followed so), shape, mass and outline, the contact events as rows, and
every followed animated value's components in every frame (4 float64 a record, as
`anima.read_values` gives them) with each value's count, space and label, and, when the
recording follows the engine's debug drawing, each frame's primitives (packed as
anima.recording._debug says) with the layers drawn. Its arrays have room
for more frames, items and values than are recorded, and grow by doubling; only its methods
change them. A `Recording` reads them (its arrays are views of them) and writes and
reads them in its .npz files; the capture of an animator (anima.recording._capture) fills them
frame by frame.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ._debug import LAYERS, check_packed

#: ``contacts["other"]`` of a contact with a boundary.
BOUNDARY = -1
#: ``contacts["item"]`` or ``contacts["other"]`` of an item the recording does not follow.
NOT_FOLLOWED = -2
#: One contact event: time (s), began (False: ended), item and other (indexes into the
#: recording's items, or BOUNDARY / NOT_FOLLOWED), boundary identifier ("" for the reference
#: bounds and item pairs), contact point x, y (points; NaN when the engine gave none). The
#: identifier's width grows with the longest identifier recorded.
CONTACT_DTYPE = np.dtype([("time", "f8"), ("began", "?"), ("item", "i4"), ("other", "i4"),
                          ("boundary", "U1"), ("x", "f8"), ("y", "f8")])

#: The 7 values per item and frame, in the order of anima_item_state.
STATE_WIDTH = 7
#: The geometry of an item: bounds width, height, transform scale x, y, translation x, y.
GEOMETRY_WIDTH = 6
#: The geometry of an item that is not there.
NO_GEOMETRY = (math.nan,) * GEOMETRY_WIDTH
#: The components of an animated value per frame, 0 past its count (a row of anima.read_values).
VALUE_WIDTH = 4
#: The spaces of an animated value (anima.Value's ``space``); the last three are colours.
VALUE_SPACES = ("components", "srgb", "linear_srgb", "oklab")

Rect = Tuple[float, float, float, float]

#: The attributes that held the frames in a Recording pickled before they had a type of their own.
_FIELDS = ("_frames", "_items", "_states", "_times", "_running", "_geometry", "_frame_geometry", "_shapes",
           "_masses", "_paths", "_contact_rows", "_contacts")


class FrameBuffer:
    """Every followed item's state at every frame, with room to grow; empty when made."""

    def __init__(self) -> None:
        self._frames = 0
        self._items = 0
        self._states = np.empty((0, 0, STATE_WIDTH))
        self._times = np.empty(0)
        self._running = np.empty(0, dtype=bool)
        self._geometry = np.empty((0, GEOMETRY_WIDTH))        # per item
        self._frame_geometry: Optional[np.ndarray] = None     # per frame and item, when followed
        self._shapes: List[str] = []
        self._masses: List[float] = []
        self._paths: List[Optional[np.ndarray]] = []
        self._contact_rows: List[tuple] = []
        self._contacts: Optional[np.ndarray] = None
        self._no_values()
        self._no_debug()

    def _no_values(self) -> None:
        """No animated values followed (a new buffer, or one made before recordings had them)."""
        self._value_count = 0
        self._values = np.empty((self._states.shape[0], 0, VALUE_WIDTH))
        self._value_counts: List[int] = []
        self._value_spaces: List[str] = []
        self._value_names: List[str] = []

    def _no_debug(self) -> None:
        """No debug drawing followed (a new buffer, or one made before recordings had them)."""
        self._debug_layers: Tuple[str, ...] = ()
        # per frame: the heads (P, 2) uint32 and coordinates (C,) float64 of its drawing
        self._debug_heads: List[np.ndarray] = []
        self._debug_coords: List[np.ndarray] = []

    @classmethod
    def from_pickled_recording(cls, state: Dict[str, Any]) -> "FrameBuffer":
        """The frames of a Recording pickled before they had a type of their own, taken out of
        its state (the attributes _frames, _states, ... of that Recording)."""
        frames = cls.__new__(cls)
        frames.__dict__.update({name: state.pop(name) for name in _FIELDS})
        frames._no_values()
        frames._no_debug()
        return frames

    def __setstate__(self, state: Dict[str, Any]) -> None:
        # frames pickled before recordings followed animated values, or the debug drawing,
        # have none
        self.__dict__.update(state)
        if "_values" not in state:
            self._no_values()
        if "_debug_layers" not in state:
            self._no_debug()

    # -- reading ---------------------------------------------------------------------------

    @property
    def frame_count(self) -> int:
        """Number of frames recorded (F)."""
        return self._frames

    @property
    def item_count(self) -> int:
        """Number of items followed (N)."""
        return self._items

    @property
    def states(self) -> np.ndarray:
        """(F, N, 7): every item's state in every frame (a view)."""
        return self._states[: self._frames, : self._items]

    @property
    def times(self) -> np.ndarray:
        """(F,) time of every frame, in seconds."""
        return self._times[: self._frames]

    @property
    def running(self) -> np.ndarray:
        """(F,) bool: whether the animator was running at the end of each frame."""
        return self._running[: self._frames]

    @property
    def duration(self) -> float:
        """The time of the last frame (0 when empty)."""
        return float(self._times[self._frames - 1]) if self._frames else 0.0

    def geometry_columns(self, start: int) -> np.ndarray:
        """(F, N, 2): two columns of the geometry from ``start``, per frame, or the items' own
        broadcast over the frames (read-only) when they are stored once."""
        if self._frame_geometry is not None:
            return self._frame_geometry[: self._frames, : self._items, start:start + 2]
        per_item = self._geometry[: self._items, start:start + 2]
        return np.broadcast_to(per_item, (self._frames, self._items, 2))

    @property
    def shapes(self) -> List[str]:
        """Each item's collision shape."""
        return self._shapes

    @property
    def masses(self) -> List[float]:
        """Each item's mass when first recorded."""
        return self._masses

    @property
    def paths(self) -> List[Optional[np.ndarray]]:
        """Per item: the outline of a path item, (k, 2) points from its center, or None."""
        return self._paths

    @property
    def contact_rows(self) -> List[tuple]:
        """The contact events as tuples of CONTACT_DTYPE's fields, in time order."""
        return self._contact_rows

    @property
    def value_count(self) -> int:
        """Number of animated values followed (V)."""
        return self._value_count

    @property
    def values(self) -> np.ndarray:
        """(F, V, 4): every followed value's components in every frame (a view)."""
        return self._values[: self._frames, : self._value_count]

    @property
    def value_counts(self) -> List[int]:
        """Each value's number of components, 1 to 4."""
        return self._value_counts

    @property
    def value_spaces(self) -> List[str]:
        """Each value's space, one of VALUE_SPACES."""
        return self._value_spaces

    @property
    def value_names(self) -> List[str]:
        """Each value's label ("" for none)."""
        return self._value_names

    @property
    def debug_layers(self) -> Tuple[str, ...]:
        """The layers of the debug drawing followed, in LAYERS order; () for none."""
        return self._debug_layers

    def debug_frame(self, f: int) -> Tuple[np.ndarray, np.ndarray]:
        """The packed debug drawing of frame ``f``: heads (P, 2) uint32, coordinates (C,)
        float64 (empty without one)."""
        if not -self._frames <= f < self._frames:
            raise IndexError(f"frame {f} is not in the recording ({self._frames} frames)")
        f %= self._frames
        if f >= len(self._debug_heads):
            return np.empty((0, 2), np.uint32), np.empty(0)
        return self._debug_heads[f], self._debug_coords[f]

    @property
    def contacts(self) -> np.ndarray:
        """The contact events as a structured array of CONTACT_DTYPE (made again when rows were added)."""
        if self._contacts is None or len(self._contacts) != len(self._contact_rows):
            width = max((len(row[4]) for row in self._contact_rows), default=1)
            dtype = _with_identifier_width(width)
            self._contacts = np.array(self._contact_rows, dtype=dtype)
        return self._contacts

    # -- filling ---------------------------------------------------------------------------

    def fill(self, frame: float, poses: Any, velocities: Any, alpha: Any, times: Any, running: Any, sizes: Any,
             scales: Any, translations: Any, shapes: Any, masses: Any, paths: Any) -> None:
        """Storage from the arrays given to the Recording's constructor (``frame`` apart, by default)."""
        poses = np.asarray(poses, dtype=float)
        if poses.ndim != 3 or poses.shape[2] != 3:
            raise ValueError(f"poses must have shape (frames, items, 3), not {poses.shape}")
        f, n = poses.shape[:2]
        states = np.empty((f, n, STATE_WIDTH))
        states[..., 0:3] = poses
        states[..., 3:6] = 0.0 if velocities is None else np.asarray(velocities, dtype=float)
        states[..., 6] = 1.0 if alpha is None else np.asarray(alpha, dtype=float)
        self._states, self._frames, self._items = states, f, n
        self._no_values()
        self._no_debug()
        self._times = np.arange(f) * frame if times is None else np.array(times, dtype=float).reshape(f)
        self._running = np.ones(f, dtype=bool) if running is None else np.array(running, dtype=bool).reshape(f)
        columns = [(sizes, 100.0), (scales, 1.0), (translations, 0.0)]
        per_frame = any(value is not None and np.ndim(value) == 3 for value, _ in columns)
        geometry = np.empty((f, n, GEOMETRY_WIDTH) if per_frame else (n, GEOMETRY_WIDTH))
        for k, (value, default) in enumerate(columns):
            geometry[..., 2 * k:2 * k + 2] = default if value is None else np.asarray(value, dtype=float)
        if per_frame:
            self._geometry = geometry[0].copy() if f else np.full((n, GEOMETRY_WIDTH), math.nan)
            self._frame_geometry = geometry
        else:
            self._geometry = geometry
        self._shapes = [str(s) for s in shapes] if shapes is not None else ["rectangle"] * n
        self._masses = ([float(m) for m in masses] if masses is not None
                        else [float(w * h / 10000.0) for w, h in self._geometry[:, 0:2]])
        self._paths = [None if p is None else np.asarray(p, dtype=float).reshape(-1, 2) for p in paths] \
            if paths is not None else [None] * n
        if not (len(self._shapes) == len(self._masses) == len(self._paths) == n):
            raise ValueError(f"shapes, masses and paths must have one entry per item ({n})")

    def set_contacts(self, contacts: Any) -> None:
        """The contact events: a structured array of CONTACT_DTYPE fields or a sequence of its tuples."""
        self._contact_rows = [tuple(c) for c in np.asarray(contacts, dtype=_contact_dtype(contacts)).tolist()]

    def set_values(self, values: Any, counts: Any, spaces: Any, names: Any) -> None:
        """The animated values given to the Recording's constructor: ``values`` (F, V, c) or
        (F, V) for scalars, c <= 4; ``counts`` default c, ``spaces`` "components", ``names`` ""."""
        given = np.asarray(values, dtype=float)
        if given.ndim == 2:
            given = given[..., np.newaxis]
        if given.ndim != 3 or not 1 <= given.shape[2] <= VALUE_WIDTH:
            raise ValueError(f"values must have shape (frames, values, 1...4), not {given.shape}")
        if given.shape[0] != self._frames:
            raise ValueError(f"values has {given.shape[0]} frames; the recording has {self._frames}")
        f, v, width = given.shape
        counts = [width] * v if counts is None else [int(c) for c in counts]
        spaces = ["components"] * v if spaces is None else [str(s) for s in spaces]
        names = [""] * v if names is None else [str(n) for n in names]
        if not (len(counts) == len(spaces) == len(names) == v):
            raise ValueError(f"value_counts, value_spaces and value_names must have one entry per value ({v})")
        for count, space in zip(counts, spaces):
            check_value_kind(count, space, width)
        stored = np.zeros((f, v, VALUE_WIDTH))
        stored[..., :width] = given
        for k, count in enumerate(counts):
            stored[:, k, count:] = 0.0
        self._values, self._value_count = stored, v
        self._value_counts, self._value_spaces, self._value_names = counts, spaces, names

    def reserve(self, frames: int) -> None:
        """Room for ``frames`` more frames (the capacity at least doubles when it grows)."""
        needed = self._frames + frames
        capacity = self._states.shape[0]
        if needed <= capacity:
            return
        capacity = max(needed, 2 * capacity)
        self._states = _grown(self._states, capacity, self._states.shape[1], self._frames)
        self._times = _grown(self._times, capacity, None, self._frames)
        self._running = _grown(self._running, capacity, None, self._frames)
        if self._frame_geometry is not None:
            self._frame_geometry = _grown(self._frame_geometry, capacity, self._states.shape[1], self._frames)
        if self._values.shape[0] < capacity:
            self._values = _grown(self._values, capacity, self._values.shape[1], self._frames)

    def add_values(self, counts: Sequence[int], spaces: Sequence[str], names: Sequence[str]) -> None:
        """Append animated values, NaN in every frame recorded so far."""
        needed = self._value_count + len(counts)
        if needed > self._values.shape[1]:
            capacity = max(needed, 2 * self._values.shape[1])
            self._values = _grown(self._values, max(self._values.shape[0], self._states.shape[0]), capacity,
                                  self._frames, self._value_count)
        self._values[: self._frames, self._value_count:needed] = math.nan
        self._value_counts += [int(c) for c in counts]
        self._value_spaces += [str(s) for s in spaces]
        self._value_names += [str(n) for n in names]
        self._value_count = needed

    def add_items(self, geometry: Sequence[Sequence[float]], shapes: Sequence[str], masses: Sequence[float],
                  paths: Sequence[Optional[np.ndarray]]) -> None:
        """Append items, NaN in every frame recorded so far."""
        count = len(shapes)
        needed = self._items + count
        if needed > self._states.shape[1]:
            capacity = max(needed, 2 * self._states.shape[1])
            self._states = _grown(self._states, self._states.shape[0], capacity, self._frames, self._items)
            if self._frame_geometry is not None:
                self._frame_geometry = _grown(self._frame_geometry, self._states.shape[0], capacity, self._frames,
                                              self._items)
        # columns past the old items may hold anything in the frames already recorded
        self._states[: self._frames, self._items:needed] = math.nan
        if self._frame_geometry is not None:
            self._frame_geometry[: self._frames, self._items:needed] = math.nan
        self._geometry = np.concatenate((self._geometry[: self._items], np.asarray(geometry, dtype=float)
                                         .reshape(count, GEOMETRY_WIDTH)))
        self._shapes += shapes
        self._masses += masses
        self._paths += paths
        self._items = needed

    def follow_geometry_per_frame(self) -> None:
        """From now on sizes, scales and translations are stored for every frame."""
        if self._frame_geometry is None:
            f_cap, n_cap = self._states.shape[:2]
            self._frame_geometry = np.full((f_cap, n_cap, GEOMETRY_WIDTH), math.nan)
            self._frame_geometry[: self._frames, : self._items] = self._geometry[: self._items]

    def next_frame(self, time: float, running: bool) -> int:
        """Index of a new frame at ``time`` (room must have been reserved)."""
        self.reserve(1)
        f = self._frames
        self._times[f] = time
        self._running[f] = running
        self._frames = f + 1
        return f

    def frame_states(self, f: int) -> np.ndarray:
        """(N, 7): the states of frame ``f``, to write into."""
        return self._states[f, : self._items]

    def frame_geometry(self, f: int) -> np.ndarray:
        """(N, 6): the geometry of frame ``f``, to write into (follow_geometry_per_frame first)."""
        if self._frame_geometry is None:
            raise ValueError("the geometry is not stored per frame")
        return self._frame_geometry[f, : self._items]

    def frame_values(self, f: int) -> np.ndarray:
        """(V, 4): the values' components in frame ``f``, to write into."""
        return self._values[f, : self._value_count]

    def follow_debug(self, layers: Sequence[str]) -> None:
        """From now on each frame keeps the debug drawing of ``layers`` (LAYERS order)."""
        self._debug_layers = tuple(layers)

    def set_frame_debug(self, f: int, heads: np.ndarray, coords: np.ndarray) -> None:
        """The packed debug drawing of frame ``f``, the newest (frames before it without one
        keep an empty drawing)."""
        while len(self._debug_heads) < f:
            self._debug_heads.append(np.empty((0, 2), np.uint32))
            self._debug_coords.append(np.empty(0))
        del self._debug_heads[f:], self._debug_coords[f:]
        self._debug_heads.append(heads)
        self._debug_coords.append(coords)

    def add_contact(self, row: tuple) -> None:
        """One more contact event, a tuple of CONTACT_DTYPE's fields (its time the latest)."""
        self._contact_rows.append(row)

    # -- files -----------------------------------------------------------------------------

    def arrays(self) -> Dict[str, np.ndarray]:
        """The frames as the arrays of a recording's .npz archive, in the archive's order."""
        n, f = self._items, self._frames
        counts = np.array([0 if p is None else len(p) for p in self._paths], dtype=np.int64)
        points = [p for p in self._paths if p is not None]
        return {
            "times": self.times,
            "running": self.running,
            "states": self._states[:f, :n],
            "geometry": self._geometry[:n],
            "shapes": np.array(self._shapes, dtype="U17"),
            "masses": np.array(self._masses, dtype=float),
            "path_counts": counts,
            "path_points": np.concatenate(points) if points else np.empty((0, 2)),
            "contacts": self.contacts,
        }

    def value_arrays(self) -> Dict[str, np.ndarray]:
        """The animated values as the arrays of a recording's .npz archive (format 2 on)."""
        return {
            "value_components": self.values,
            "value_counts": np.array(self._value_counts, dtype=np.int64),
            "value_spaces": np.array(self._value_spaces, dtype="U11"),
            "value_names": np.array(self._value_names, dtype=str).reshape(self._value_count),
        }

    def debug_arrays(self) -> Dict[str, np.ndarray]:
        """The debug drawing as the arrays of a recording's .npz archive (format 3 on): the
        layers, the number of primitives of each frame, every frame's heads and coordinates one
        after the other."""
        heads = [self.debug_frame(f)[0] for f in range(self._frames)]
        coords = [self.debug_frame(f)[1] for f in range(self._frames)]
        return {
            "debug_layers": np.array(self._debug_layers, dtype="U11").reshape(len(self._debug_layers)),
            "debug_counts": np.array([len(h) for h in heads], dtype=np.int64),
            "debug_heads": np.concatenate(heads) if heads else np.empty((0, 2), np.uint32),
            "debug_coords": np.concatenate(coords) if coords else np.empty(0),
        }

    def frame_geometry_array(self) -> Optional[np.ndarray]:
        """The per-frame geometry for the archive, or None when it is stored once per item."""
        if self._frame_geometry is None:
            return None
        return self._frame_geometry[: self._frames, : self._items]

    @classmethod
    def from_archive(cls, archive: Any, version: int) -> "FrameBuffer":
        """The frames of a recording's .npz archive of format ``version`` (arrays(),
        frame_geometry_array() and from format 2 value_arrays() wrote them); ValueError (or the
        KeyError, IndexError of a missing or short array) for a damaged one."""
        frames = cls()
        states = archive["states"]
        count, items = states.shape[0], states.shape[1]
        frames._states = np.array(states, dtype=float)
        frames._times = np.array(archive["times"], dtype=float)
        frames._running = np.array(archive["running"], dtype=bool)
        frames._frames, frames._items = count, items
        frames._geometry = np.array(archive["geometry"], dtype=float)
        if "frame_geometry" in archive.files:
            frames._frame_geometry = np.array(archive["frame_geometry"], dtype=float)
        frames._shapes = [str(s) for s in archive["shapes"]]
        frames._masses = [float(m) for m in archive["masses"]]
        path_points = archive["path_points"]
        ends = np.cumsum(archive["path_counts"])
        frames._paths = [None if c == 0 else np.array(path_points[e - c:e])
                         for c, e in zip(archive["path_counts"], ends)]
        frames._contact_rows = [tuple(c) for c in archive["contacts"].tolist()]
        sizes = (len(frames._times), len(frames._running), len(frames._geometry), len(frames._shapes),
                 len(frames._masses), len(frames._paths))
        if sizes != (count, count, items, items, items, items):
            raise ValueError("the arrays disagree on the number of frames or items")
        frames._no_values()
        frames._no_debug()
        if version >= 3:
            frames._read_debug(archive)
        if version >= 2:
            components = np.array(archive["value_components"], dtype=float)
            counts = [int(c) for c in archive["value_counts"]]
            spaces = [str(s) for s in archive["value_spaces"]]
            names = [str(n) for n in archive["value_names"]]
            if components.ndim != 3 or components.shape[0] != count or components.shape[2] != VALUE_WIDTH \
                    or not (components.shape[1] == len(counts) == len(spaces) == len(names)):
                raise ValueError("the value arrays disagree on the number of frames or values")
            for c, space in zip(counts, spaces):
                check_value_kind(c, space, VALUE_WIDTH)
            frames._values, frames._value_count = components, len(counts)
            frames._value_counts, frames._value_spaces, frames._value_names = counts, spaces, names
        return frames


    def _read_debug(self, archive: Any) -> None:
        """The debug drawing of a format 3 archive (debug_arrays() wrote it)."""
        layers = tuple(str(layer) for layer in archive["debug_layers"])
        if any(layer not in LAYERS for layer in layers):
            raise ValueError(f"unknown debug layers {layers}")
        counts = np.array(archive["debug_counts"], dtype=np.int64)
        heads = np.array(archive["debug_heads"], dtype=np.uint32).reshape(-1, 2)
        coords = np.array(archive["debug_coords"], dtype=float)
        if len(counts) != self._frames or int(counts.sum()) != len(heads) or (counts < 0).any():
            raise ValueError("the debug arrays disagree on the number of frames or primitives")
        check_packed(heads, coords)
        ends = np.cumsum(counts)
        lengths = np.cumsum(heads[:, 0].astype(np.int64) >> 8)
        self._debug_layers = layers
        start = at = 0
        for end in ends.tolist():
            stop = int(lengths[end - 1]) if end else 0
            self._debug_heads.append(heads[start:end])
            self._debug_coords.append(coords[at:stop])
            start, at = end, stop


def check_value_kind(count: int, space: str, width: int) -> None:
    """ValueError unless ``count`` components (at most ``width``) in ``space`` make a value."""
    if space not in VALUE_SPACES:
        raise ValueError(f"a value's space must be one of {', '.join(VALUE_SPACES)} (got {space!r})")
    if not 1 <= count <= width or (space != "components" and count not in (3, 4)):
        raise ValueError(f"a value of space {space!r} cannot have {count} components")


def opt_rect(rect: Any) -> Optional[Rect]:
    """A rectangle (x, y, w, h) as four floats, or None."""
    if rect is None:
        return None
    x, y, w, h = rect
    return (float(x), float(y), float(w), float(h))


def _grown(array: np.ndarray, frames: int, items: Optional[int], kept_frames: int,
           kept_items: Optional[int] = None) -> np.ndarray:
    """``array`` with room for ``frames`` (and ``items``), its first frames (and items) kept;
    new item columns are NaN."""
    if items is None:
        out = np.empty((frames,) + array.shape[1:], dtype=array.dtype)
        out[:kept_frames] = array[:kept_frames]
        return out
    if kept_items is None:
        out = np.empty((frames, items) + array.shape[2:], dtype=array.dtype)
        out[:kept_frames] = array[:kept_frames]
        return out
    out = np.full((frames, items) + array.shape[2:], math.nan)
    out[:kept_frames, :kept_items] = array[:kept_frames, :kept_items]
    return out


def _with_identifier_width(width: int) -> np.dtype:
    return np.dtype([(name, f"U{max(1, width)}" if name == "boundary" else CONTACT_DTYPE[name].str)
                     for name in CONTACT_DTYPE.names or ()])


def _contact_dtype(contacts: Any) -> np.dtype:
    """CONTACT_DTYPE wide enough for the identifiers of ``contacts`` (an array or tuples)."""
    if isinstance(contacts, np.ndarray) and contacts.dtype.names:
        return _with_identifier_width(max((len(c) for c in contacts["boundary"].tolist()), default=1))
    return _with_identifier_width(max((len(str(c[4])) for c in contacts), default=1))
