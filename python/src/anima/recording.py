"""Recordings of an animator: every followed item's state, frame by frame, as numpy arrays.

    import anima
    from anima.render import Recorder, Recording

    recorder = Recorder(animator)                 # follows every item, 60 frames per second
    recording = recorder.run(2.0)                 # 121 frames: time 0 and 120 advances
    recording.poses[-1, 0]                        # item 0 at the end: (x, y, angle)
    recording.save("fall.npz")
    again = Recording.load("fall.npz")

`Recorder` (anima.recorder) fills a recording with one `Animator.copy_states_into` call per
frame, whatever the number of items. `anima.render` draws recordings as SVG and HTML;
`Recording.plot` draws them with matplotlib.
"""

from __future__ import annotations

import math
import os
from typing import IO, Any, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

__all__ = ["Recording", "CONTACT_DTYPE", "BOUNDARY", "NOT_FOLLOWED", "FORMAT_VERSION"]

Point = Tuple[float, float]
Rect = Tuple[float, float, float, float]

#: Version of the .npz layout written by `Recording.save`; `Recording.load` reads this and older.
FORMAT_VERSION = 1
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

# The 7 values per item and frame, in the order of anima_item_state.
_STATE_WIDTH = 7
# The geometry of an item: bounds width, height, transform scale x, y, translation x, y.
_GEOMETRY_WIDTH = 6
_NO_GEOMETRY = (math.nan,) * _GEOMETRY_WIDTH
_SHAPES = ("rectangle", "ellipse", "path")
_KEY = "anima_recording"


class Recording:
    """Every followed item's state at a fixed frame interval, as numpy arrays.

    Frame 0 is the state before the first advance (time 0); each later frame follows one
    advance of ``frame`` seconds, so ``n`` advances make ``n + 1`` frames lasting ``n * frame``
    seconds. ``F`` below is the number of frames, ``N`` the number of items followed.

    Per frame and item (float64): ``poses`` (F, N, 3): center x, y in points and rotation in
    radians (positive turns clockwise on screen); ``velocities`` (F, N, 3): vx, vy in pt/s and
    angular velocity in rad/s; ``alpha`` (F, N), 0...1; ``sizes`` (F, N, 2): bounds width and
    height in points; ``scales`` (F, N, 2) and ``translations`` (F, N, 2, points): the item's
    transform. An item has NaN in every state array in the frames before it appeared and after
    it was destroyed (``present`` says where it was). Per item: ``shapes`` ("rectangle",
    "ellipse" or "path"), ``masses`` (mass units: a 100 x 100 pt item of density 1 weighs 1,
    that is 1 kg at 100 pt per metre), ``paths`` (the outline of a path item, (k, 2) points
    from its center in its own coordinates, else None). Per frame: ``times`` (s) and
    ``running`` (the animator was running at the end of the frame). ``contacts``: a structured
    array of `CONTACT_DTYPE`, in time order, a frame's began events before its ended ones.

    The state arrays are views of the recording's storage, valid until more frames are
    recorded; copy them to keep them.

    Attributes:
        frame: the frame interval in seconds.
        reference_bounds: ``(x, y, width, height)`` of the animator's reference view, or None.
        boundaries: named collision boundaries, identifier -> list of points (a polyline).
        inset_bounds: rectangles ``(x, y, w, h)`` of reference-bounds boundaries with insets.
        rest_time: recording time (s) at which `Recorder.run_until_rest` first saw the
            animator paused, or None.
        title: an optional title used by `anima.render.to_html` and the Jupyter display.
    """

    def __init__(
        self,
        frame: float = 1.0 / 60.0,
        *,
        poses: Any = None,
        velocities: Any = None,
        alpha: Any = None,
        times: Any = None,
        running: Any = None,
        sizes: Any = None,
        scales: Any = None,
        translations: Any = None,
        shapes: Optional[Sequence[str]] = None,
        masses: Any = None,
        paths: Optional[Sequence[Any]] = None,
        contacts: Any = None,
        reference_bounds: Optional[Rect] = None,
        boundaries: Optional[Mapping[str, Sequence[Point]]] = None,
        inset_bounds: Optional[Iterable[Rect]] = None,
        rest_time: Optional[float] = None,
        title: Optional[str] = None,
    ) -> None:
        """Create a recording, empty or from arrays (for recordings made by hand).

        ``poses`` (F, N, 3) gives the frames and items; every other array is optional:
        ``times`` defaults to ``frame`` apart from 0, ``velocities`` to 0, ``alpha`` to 1,
        ``running`` to True, ``sizes`` to 100 x 100 pt, ``scales`` to 1, ``translations`` to 0
        (these three either per item, (N, 2), or per frame, (F, N, 2)), ``shapes`` to
        "rectangle", ``masses`` to width x height / 10 000 (density 1), ``paths`` to None.
        ``contacts`` is a structured array of `CONTACT_DTYPE` fields or a sequence of its tuples.
        """
        if not (isinstance(frame, (int, float)) and math.isfinite(frame) and frame > 0):
            raise ValueError(f"frame must be a finite number of seconds > 0 (got {frame!r})")
        self.frame = float(frame)
        self.reference_bounds = _opt_rect(reference_bounds)
        self.boundaries = {str(k): [(float(x), float(y)) for x, y in v] for k, v in (boundaries or {}).items()}
        self.inset_bounds: List[Rect] = [(float(x), float(y), float(w), float(h)) for x, y, w, h in inset_bounds or ()]
        self.rest_time = rest_time
        self.title = title
        self._frames = 0
        self._items = 0
        self._states = np.empty((0, 0, _STATE_WIDTH))
        self._times = np.empty(0)
        self._running = np.empty(0, dtype=bool)
        self._geometry = np.empty((0, _GEOMETRY_WIDTH))        # per item
        self._frame_geometry: Optional[np.ndarray] = None      # per frame and item, when followed
        self._shapes: List[str] = []
        self._masses: List[float] = []
        self._paths: List[Optional[np.ndarray]] = []
        self._contact_rows: List[tuple] = []
        self._contacts: Optional[np.ndarray] = None
        if poses is not None:
            self._fill(poses, velocities, alpha, times, running, sizes, scales, translations, shapes, masses, paths)
        if contacts is not None:
            self._contact_rows = [tuple(c) for c in np.asarray(contacts, dtype=_contact_dtype(contacts)).tolist()]

    # -- arrays ------------------------------------------------------------------------------

    @property
    def frame_count(self) -> int:
        """Number of frames (F)."""
        return self._frames

    @property
    def item_count(self) -> int:
        """Number of items followed (N)."""
        return self._items

    @property
    def times(self) -> np.ndarray:
        """(F,) time of every frame, in seconds from the start of the recording."""
        return self._times[: self._frames]

    @property
    def running(self) -> np.ndarray:
        """(F,) bool: whether the animator was running at the end of each frame."""
        return self._running[: self._frames]

    @property
    def poses(self) -> np.ndarray:
        """(F, N, 3): center x, y (points) and rotation (radians) of every item in every frame."""
        return self._states[: self._frames, : self._items, 0:3]

    @property
    def velocities(self) -> np.ndarray:
        """(F, N, 3): linear velocity vx, vy (pt/s) and angular velocity (rad/s)."""
        return self._states[: self._frames, : self._items, 3:6]

    @property
    def alpha(self) -> np.ndarray:
        """(F, N): opacity 0...1 (NaN where the item was not there)."""
        return self._states[: self._frames, : self._items, 6]

    @property
    def present(self) -> np.ndarray:
        """(F, N) bool: whether the item existed in that frame."""
        return ~np.isnan(self.alpha)

    @property
    def sizes(self) -> np.ndarray:
        """(F, N, 2): bounds width and height in points (read-only when taken once per item)."""
        return self._geometry_columns(0)

    @property
    def scales(self) -> np.ndarray:
        """(F, N, 2): the transform's scale x, y (1 = none; negative mirrors)."""
        return self._geometry_columns(2)

    @property
    def translations(self) -> np.ndarray:
        """(F, N, 2): the transform's translation in points (it moves the drawing, not the physics)."""
        return self._geometry_columns(4)

    @property
    def shapes(self) -> np.ndarray:
        """(N,) str: each item's collision shape, "rectangle", "ellipse" or "path"."""
        return np.array(self._shapes, dtype="U9")

    @property
    def masses(self) -> np.ndarray:
        """(N,): each item's mass when first recorded (mass units: kg at 100 pt per metre)."""
        return np.array(self._masses, dtype=float)

    @property
    def paths(self) -> List[Optional[np.ndarray]]:
        """Per item: the outline of a path item, (k, 2) points from its center, or None."""
        return list(self._paths)

    @property
    def contacts(self) -> np.ndarray:
        """Every contact event as a structured array of `CONTACT_DTYPE`, in time order."""
        if self._contacts is None or len(self._contacts) != len(self._contact_rows):
            width = max((len(row[4]) for row in self._contact_rows), default=1)
            dtype = _with_identifier_width(width)
            self._contacts = np.array(self._contact_rows, dtype=dtype)
        return self._contacts

    @property
    def duration(self) -> float:
        """Seconds covered by the recording: the time of the last frame (0 when empty)."""
        return float(self._times[self._frames - 1]) if self._frames else 0.0

    def kinetic_energy(self) -> np.ndarray:
        """(F,) translational kinetic energy of the followed items, sum of m v^2 / 2, in joules.

        Masses are in kg and speeds are taken in m/s at 100 pt per metre (UIKit's scale), so
        a mass of 1 at 100 pt/s carries 0.5 J. Items not there in a frame count 0; rotation
        is not included.
        """
        speed2 = np.sum(self.velocities[..., :2] ** 2, axis=2) / 100.0**2
        return np.nansum(0.5 * self.masses[np.newaxis, :] * speed2, axis=1)

    # -- text, display, files --------------------------------------------------------------

    def summary(self) -> str:
        """A one-line description: rest time (or how long it kept moving), frames, contacts."""
        if self.rest_time is not None:
            state = f"at rest after {self.rest_time:.2f} s"
        elif self._frames and not self._running[self._frames - 1]:
            state = f"paused, {self.duration:.2f} s recorded"
        else:
            state = f"still moving after {self.duration:.2f} s"
        began = sum(1 for row in self._contact_rows if row[1])
        ended = len(self._contact_rows) - began
        return f"{state}; {self._frames} frames; {began} began / {ended} ended contacts"

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording as a standalone animated SVG document; see `anima.render.to_svg`."""
        from .render import to_svg

        return to_svg(self, width, height)

    def to_html(self, title: Optional[str] = None) -> str:
        """A self-contained HTML page showing this recording; see `anima.render.to_html`."""
        from .render import to_html

        return to_html([self], title=title or self.title or "Anima")

    def plot(self, ax: Any = None, kind: str = "trajectories", items: Optional[Sequence[int]] = None) -> Any:
        """Draw the recording with matplotlib (``pip install "anima[plot]"``); returns the Axes.

        ``kind`` is "trajectories" (each item's center path, x and y in points, y growing
        downward as on screen, the reference bounds as a grey frame), "energy" (the
        translational kinetic energy of :meth:`kinetic_energy`, in joules, against time in
        seconds) or "contacts" (the number of contacts in progress, began minus ended since
        the start, against time, with a dot at each contact that began). ``items`` limits the
        trajectories to those indexes (default all). ``ax`` defaults to a new figure's Axes.
        """
        from ._plot import plot_recording

        return plot_recording(self, ax, kind, items)

    def save(self, path: Union[str, os.PathLike, IO[bytes]]) -> None:
        """Write the recording to ``path`` as a numpy .npz archive (numpy adds ``.npz`` to a
        file name without it); :meth:`load` reads it back. No pickled objects are written."""
        n, f = self._items, self._frames
        counts = np.array([0 if p is None else len(p) for p in self._paths], dtype=np.int64)
        points = [p for p in self._paths if p is not None]
        identifiers = list(self.boundaries)
        arrays = {
            _KEY: np.array(FORMAT_VERSION),
            "frame": np.array(self.frame),
            "times": self.times,
            "running": self.running,
            "states": self._states[:f, :n],
            "geometry": self._geometry[:n],
            "shapes": self.shapes,
            "masses": self.masses,
            "path_counts": counts,
            "path_points": np.concatenate(points) if points else np.empty((0, 2)),
            "contacts": self.contacts,
            "reference_bounds": np.array(self.reference_bounds if self.reference_bounds else (), dtype=float),
            "boundary_identifiers": np.array(identifiers, dtype=str),
            "boundary_counts": np.array([len(self.boundaries[k]) for k in identifiers], dtype=np.int64),
            "boundary_points": np.array([p for k in identifiers for p in self.boundaries[k]], dtype=float).reshape(-1, 2),
            "inset_bounds": np.array(self.inset_bounds, dtype=float).reshape(-1, 4),
            "rest_time": np.array(math.nan if self.rest_time is None else self.rest_time),
            "title": np.array("" if self.title is None else self.title),
        }
        if self._frame_geometry is not None:
            arrays["frame_geometry"] = self._frame_geometry[:f, :n]
        np.savez(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Union[str, os.PathLike, IO[bytes]]) -> "Recording":
        """Read a recording written by :meth:`save`. Raises ValueError for a file that is not
        a recording or was written by a newer format; nothing in the file is unpickled."""
        try:
            archive = np.load(path, allow_pickle=False)
        except FileNotFoundError:
            raise
        except (OSError, ValueError, EOFError) as error:
            raise ValueError(f"{path!s} is not an anima recording ({error})") from None
        if not isinstance(archive, np.lib.npyio.NpzFile):
            raise ValueError(f"{path!s} is not an anima recording (a single .npy array, not an .npz archive)")
        with archive:
            if _KEY not in archive.files:
                raise ValueError(f"{path!s} is not an anima recording (an .npz archive without '{_KEY}')")
            version = int(archive[_KEY])
            if version > FORMAT_VERSION:
                raise ValueError(f"{path!s} is a recording of format {version}; this anima reads up to "
                                 f"format {FORMAT_VERSION}")
            try:
                return cls._from_archive(archive)
            except (KeyError, ValueError, IndexError) as error:
                raise ValueError(f"{path!s} is a damaged anima recording ({error})") from None

    @classmethod
    def _from_archive(cls, archive: Any) -> "Recording":
        rest = float(archive["rest_time"])
        counts = archive["boundary_counts"]
        points = archive["boundary_points"].tolist()
        starts = np.concatenate(([0], np.cumsum(counts)))
        boundaries = {str(k): points[starts[i]:starts[i + 1]] for i, k in enumerate(archive["boundary_identifiers"])}
        bounds = archive["reference_bounds"]
        recording = cls(
            float(archive["frame"]),
            reference_bounds=tuple(bounds.tolist()) if bounds.size else None,
            boundaries=boundaries,
            inset_bounds=[tuple(r) for r in archive["inset_bounds"].tolist()],
            rest_time=None if math.isnan(rest) else rest,
            title=str(archive["title"]) or None,
        )
        states = archive["states"]
        frames, items = states.shape[0], states.shape[1]
        recording._states = np.array(states, dtype=float)
        recording._times = np.array(archive["times"], dtype=float)
        recording._running = np.array(archive["running"], dtype=bool)
        recording._frames, recording._items = frames, items
        recording._geometry = np.array(archive["geometry"], dtype=float)
        if "frame_geometry" in archive.files:
            recording._frame_geometry = np.array(archive["frame_geometry"], dtype=float)
        recording._shapes = [str(s) for s in archive["shapes"]]
        recording._masses = [float(m) for m in archive["masses"]]
        path_points = archive["path_points"]
        ends = np.cumsum(archive["path_counts"])
        recording._paths = [None if c == 0 else np.array(path_points[e - c:e]) for c, e in zip(archive["path_counts"], ends)]
        recording._contact_rows = [tuple(c) for c in archive["contacts"].tolist()]
        sizes = (len(recording._times), len(recording._running), len(recording._geometry), len(recording._shapes),
                 len(recording._masses), len(recording._paths))
        if sizes != (frames, frames, items, items, items, items):
            raise ValueError("the arrays disagree on the number of frames or items")
        return recording

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_html_(self) -> str:
        """In a notebook: the player (`anima.show`) under the recording's summary."""
        import html

        from .player import Player

        title = f"<b>{html.escape(self.title)}</b> " if self.title else ""
        return f"<div>{title}<small>{html.escape(self.summary())}</small><br>{Player(self).to_html()}</div>"


    def __len__(self) -> int:
        return self._frames

    def __repr__(self) -> str:
        return (f"<Recording {self._frames} frames, {self._items} items, {self.duration:.3f} s, "
                f"frame {self.frame:.6g} s>")

    # -- storage -----------------------------------------------------------------------------

    def _geometry_columns(self, start: int) -> np.ndarray:
        if self._frame_geometry is not None:
            return self._frame_geometry[: self._frames, : self._items, start:start + 2]
        per_item = self._geometry[: self._items, start:start + 2]
        return np.broadcast_to(per_item, (self._frames, self._items, 2))

    def _fill(self, poses, velocities, alpha, times, running, sizes, scales, translations, shapes, masses, paths):
        """Storage from the arrays given to the constructor."""
        poses = np.asarray(poses, dtype=float)
        if poses.ndim != 3 or poses.shape[2] != 3:
            raise ValueError(f"poses must have shape (frames, items, 3), not {poses.shape}")
        f, n = poses.shape[:2]
        states = np.empty((f, n, _STATE_WIDTH))
        states[..., 0:3] = poses
        states[..., 3:6] = 0.0 if velocities is None else np.asarray(velocities, dtype=float)
        states[..., 6] = 1.0 if alpha is None else np.asarray(alpha, dtype=float)
        self._states, self._frames, self._items = states, f, n
        self._times = np.arange(f) * self.frame if times is None else np.array(times, dtype=float).reshape(f)
        self._running = np.ones(f, dtype=bool) if running is None else np.array(running, dtype=bool).reshape(f)
        columns = [(sizes, 100.0), (scales, 1.0), (translations, 0.0)]
        per_frame = any(value is not None and np.ndim(value) == 3 for value, _ in columns)
        geometry = np.empty((f, n, _GEOMETRY_WIDTH) if per_frame else (n, _GEOMETRY_WIDTH))
        for k, (value, default) in enumerate(columns):
            geometry[..., 2 * k:2 * k + 2] = default if value is None else np.asarray(value, dtype=float)
        if per_frame:
            self._geometry = geometry[0].copy() if f else np.full((n, _GEOMETRY_WIDTH), math.nan)
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

    def _reserve(self, frames: int) -> None:
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

    def _add_items(self, geometry: Sequence[Sequence[float]], shapes: Sequence[str], masses: Sequence[float],
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
                                         .reshape(count, _GEOMETRY_WIDTH)))
        self._shapes += shapes
        self._masses += masses
        self._paths += paths
        self._items = needed

    def _follow_geometry_per_frame(self) -> None:
        """From now on sizes, scales and translations are stored for every frame."""
        if self._frame_geometry is None:
            f_cap, n_cap = self._states.shape[:2]
            self._frame_geometry = np.full((f_cap, n_cap, _GEOMETRY_WIDTH), math.nan)
            self._frame_geometry[: self._frames, : self._items] = self._geometry[: self._items]

    def _next_frame(self, time: float, running: bool) -> int:
        """Index of a new frame at ``time`` (room must have been reserved)."""
        self._reserve(1)
        f = self._frames
        self._times[f] = time
        self._running[f] = running
        self._frames = f + 1
        return f


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


def _opt_rect(rect: Any) -> Optional[Rect]:
    if rect is None:
        return None
    x, y, w, h = rect
    return (float(x), float(y), float(w), float(h))
