"""The Recording: every followed item's state and animated value, frame by frame, as numpy
arrays, with what the scene held (its reference bounds and boundaries), and its files, pictures
and plots.

A Recording's frames are a `FrameBuffer` (anima.recording._frames), the one owner of the
arrays; the capture of an animator (anima.recording._capture, which `Recorder` and the live
widget use) fills them through `frames_of`. Its pictures are drawn by anima.recording._svg, its
player by anima.recording._canvas, its plots by anima._plot.
"""

from __future__ import annotations

import html
import math
import os
from typing import IO, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .._plot import plot_recording
from ._canvas import player_html
from ._debug import DebugLayers, primitives
from ._frames import BOUNDARY, CONTACT_DTYPE, NOT_FOLLOWED, FrameBuffer, opt_rect
from ._svg import page, svg

__all__ = ["Recording", "CONTACT_DTYPE", "BOUNDARY", "NOT_FOLLOWED", "FORMAT_VERSION"]

Point = Tuple[float, float]
Rect = Tuple[float, float, float, float]

#: Version of the .npz layout written by `Recording.save`; `Recording.load` reads this and older.
#: Format 2 added the animated values (value_components, value_counts, value_spaces,
#: value_names); a format 1 file reads as a recording without values. Format 3 added the
#: engine's debug drawing per frame (debug_layers, debug_counts, debug_heads, debug_coords);
#: a recording without one is written as format 2, which anima before format 3 reads too.
FORMAT_VERSION = 3
_KEY = "anima_recording"


class Recording:
    """Every followed item's state and animated value at a fixed frame interval, as numpy arrays.

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

    The animated values (`anima.Value`, ``V`` of them) followed: ``values`` (F, V, 4), each
    value's components in each frame as `anima.read_values` gives them (0 past its count, NaN
    in the frames before it was created and after it was destroyed), and per value
    ``value_counts`` (1 to 4), ``value_spaces`` ("components", or for an sRGB colour "srgb",
    "linear_srgb" or "oklab") and ``value_names`` (a label, "" for none).

    Recorded with ``Recorder(animator, debug=...)``, each frame also keeps the engine's debug
    drawing of the layers in ``debug_layers`` (`Animator.debug_draw`): `debug_primitives`
    gives a frame's primitives back, exactly as debug_draw gave them, and the player draws them.

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
        values: Any = None,
        value_counts: Optional[Sequence[int]] = None,
        value_spaces: Optional[Sequence[str]] = None,
        value_names: Optional[Sequence[str]] = None,
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
        ``values`` (F, V, c) with c <= 4, or (F, V) for scalars, are animated values' components
        (``poses`` then defaults to no items); ``value_counts`` default to c, ``value_spaces``
        to "components", ``value_names`` to "".
        """
        if not (isinstance(frame, (int, float)) and math.isfinite(frame) and frame > 0):
            raise ValueError(f"frame must be a finite number of seconds > 0 (got {frame!r})")
        self.frame = float(frame)
        self.reference_bounds = opt_rect(reference_bounds)
        self.boundaries = {str(k): [(float(x), float(y)) for x, y in v] for k, v in (boundaries or {}).items()}
        self.inset_bounds: List[Rect] = [(float(x), float(y), float(w), float(h)) for x, y, w, h in inset_bounds or ()]
        self.rest_time = rest_time
        self.title = title
        self._buffer = FrameBuffer()
        if poses is None and values is not None:
            poses = np.empty((len(np.asarray(values)), 0, 3))
        if poses is not None:
            self._buffer.fill(self.frame, poses, velocities, alpha, times, running, sizes, scales, translations,
                              shapes, masses, paths)
        if contacts is not None:
            self._buffer.set_contacts(contacts)
        if values is not None:
            self._buffer.set_values(values, value_counts, value_spaces, value_names)

    # -- arrays ------------------------------------------------------------------------------

    @property
    def frame_count(self) -> int:
        """Number of frames (F)."""
        return self._buffer.frame_count

    @property
    def item_count(self) -> int:
        """Number of items followed (N)."""
        return self._buffer.item_count

    @property
    def times(self) -> np.ndarray:
        """(F,) time of every frame, in seconds from the start of the recording."""
        return self._buffer.times

    @property
    def running(self) -> np.ndarray:
        """(F,) bool: whether the animator was running at the end of each frame."""
        return self._buffer.running

    @property
    def poses(self) -> np.ndarray:
        """(F, N, 3): center x, y (points) and rotation (radians) of every item in every frame."""
        return self._buffer.states[..., 0:3]

    @property
    def velocities(self) -> np.ndarray:
        """(F, N, 3): linear velocity vx, vy (pt/s) and angular velocity (rad/s)."""
        return self._buffer.states[..., 3:6]

    @property
    def alpha(self) -> np.ndarray:
        """(F, N): opacity 0...1 (NaN where the item was not there)."""
        return self._buffer.states[..., 6]

    @property
    def present(self) -> np.ndarray:
        """(F, N) bool: whether the item existed in that frame."""
        return ~np.isnan(self.alpha)

    @property
    def sizes(self) -> np.ndarray:
        """(F, N, 2): bounds width and height in points (read-only when taken once per item)."""
        return self._buffer.geometry_columns(0)

    @property
    def scales(self) -> np.ndarray:
        """(F, N, 2): the transform's scale x, y (1 = none; negative mirrors)."""
        return self._buffer.geometry_columns(2)

    @property
    def translations(self) -> np.ndarray:
        """(F, N, 2): the transform's translation in points (it moves the drawing, not the physics)."""
        return self._buffer.geometry_columns(4)

    @property
    def shapes(self) -> np.ndarray:
        """(N,) str: each item's collision shape, "rectangle", "ellipse", "path", "capsule" or
        "rounded_rectangle"."""
        return np.array(self._buffer.shapes, dtype="U17")

    @property
    def masses(self) -> np.ndarray:
        """(N,): each item's mass when first recorded (mass units: kg at 100 pt per metre)."""
        return np.array(self._buffer.masses, dtype=float)

    @property
    def paths(self) -> List[Optional[np.ndarray]]:
        """Per item: the outline of a path item, (k, 2) points from its center, or None."""
        return list(self._buffer.paths)

    @property
    def contacts(self) -> np.ndarray:
        """Every contact event as a structured array of `CONTACT_DTYPE`, in time order."""
        return self._buffer.contacts

    @property
    def value_count(self) -> int:
        """Number of animated values followed (V)."""
        return self._buffer.value_count

    @property
    def values(self) -> np.ndarray:
        """(F, V, 4): each followed animated value's components in every frame, as
        `anima.read_values` reads them (0 past the value's count; NaN where it was not there)."""
        return self._buffer.values

    @property
    def value_counts(self) -> np.ndarray:
        """(V,) int: each value's number of components, 1 to 4."""
        return np.array(self._buffer.value_counts, dtype=np.int64)

    @property
    def value_spaces(self) -> np.ndarray:
        """(V,) str: each value's space, "components", "srgb", "linear_srgb" or "oklab" (the
        last three are sRGB colours: red, green, blue and an optional alpha, 0...1)."""
        return np.array(self._buffer.value_spaces, dtype="U11")

    @property
    def value_names(self) -> List[str]:
        """Each value's label, given to `Recorder` (or `anima.show`) as ``values={label: value}``;
        "" for a value followed without one."""
        return list(self._buffer.value_names)

    @property
    def debug_layers(self) -> Tuple[str, ...]:
        """The layers of the engine's debug drawing kept with every frame ("shapes", "bounds",
        "boundaries", "attachments", "contacts", in that order); () for a recording without."""
        return self._buffer.debug_layers

    def debug_primitives(self, frame: int, layers: DebugLayers = None) -> List[Tuple[Any, ...]]:
        """The debug drawing of frame ``frame`` (negative counts from the end) as
        `Animator.debug_draw` gave it when the frame was recorded: ('polygon', points, color),
        ('circle', center, radius, angle, color), ('segment', p0, p1, color), ('point', p,
        size, color), in the engine's order; only those of ``layers`` (a layer's name or
        several) when given. Empty for a recording without a debug drawing.

            >>> from anima.recording.recorder import Recorder
            >>> anim.add_behavior(anima.Gravity([ball]))
            >>> anim.add_behavior(anima.Attachment(ball, (160, 0)))
            >>> recording = Recorder(anim, debug=["attachments"]).run(0.5)
            >>> recording.debug_layers
            ('attachments',)
            >>> [(kind, end) for kind, _, end, color in recording.debug_primitives(-1)]
            [('segment', (160.0, 0.0))]
            >>> recording.debug_primitives(-1) == anim.debug_draw(shapes=False, boundaries=False, contacts=False)
            True
        """
        heads, coords = self._buffer.debug_frame(int(frame))
        return primitives(heads, coords, layers)

    @property
    def duration(self) -> float:
        """Seconds covered by the recording: the time of the last frame (0 when empty)."""
        return self._buffer.duration

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
        frames = self.frame_count
        if self.rest_time is not None:
            state = f"at rest after {self.rest_time:.2f} s"
        elif frames and not self.running[frames - 1]:
            state = f"paused, {self.duration:.2f} s recorded"
        else:
            state = f"still moving after {self.duration:.2f} s"
        rows = self._buffer.contact_rows
        began = sum(1 for row in rows if row[1])
        ended = len(rows) - began
        return f"{state}; {frames} frames; {began} began / {ended} ended contacts"

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording as a standalone animated SVG document; see `anima.render.to_svg`."""
        return svg(self, width, height, standalone=True)

    def to_html(self, title: Optional[str] = None) -> str:
        """A self-contained HTML page showing this recording; see `anima.render.to_html`."""
        return page([(self.title or "Scene 1", self.summary(), self)], title or self.title or "Anima")

    def plot(self, ax: Any = None, kind: str = "trajectories", items: Optional[Sequence[int]] = None) -> Any:
        """Draw the recording with matplotlib (``pip install "anima[plot]"``); returns the Axes.

        ``kind`` is "trajectories" (each item's center path, x and y in points, y growing
        downward as on screen, the reference bounds as a grey frame), "energy" (the
        translational kinetic energy of :meth:`kinetic_energy`, in joules, against time in
        seconds) or "contacts" (the number of contacts in progress, began minus ended since
        the start, against time, with a dot at each contact that began). ``items`` limits the
        trajectories to those indexes (default all). ``ax`` defaults to a new figure's Axes.
        """
        return plot_recording(self, ax, kind, items)

    def save(self, path: Union[str, os.PathLike, IO[bytes]]) -> None:
        """Write the recording to ``path`` as a numpy .npz archive (numpy adds ``.npz`` to a
        file name without it); :meth:`load` reads it back. No pickled objects are written."""
        identifiers = list(self.boundaries)
        drawn = bool(self._buffer.debug_layers)
        arrays = {
            _KEY: np.array(FORMAT_VERSION if drawn else 2),
            "frame": np.array(self.frame),
            **self._buffer.arrays(),
            "reference_bounds": np.array(self.reference_bounds if self.reference_bounds else (), dtype=float),
            "boundary_identifiers": np.array(identifiers, dtype=str),
            "boundary_counts": np.array([len(self.boundaries[k]) for k in identifiers], dtype=np.int64),
            "boundary_points": np.array([p for k in identifiers for p in self.boundaries[k]], dtype=float).reshape(-1, 2),
            "inset_bounds": np.array(self.inset_bounds, dtype=float).reshape(-1, 4),
            "rest_time": np.array(math.nan if self.rest_time is None else self.rest_time),
            "title": np.array("" if self.title is None else self.title),
        }
        frame_geometry = self._buffer.frame_geometry_array()
        if frame_geometry is not None:
            arrays["frame_geometry"] = frame_geometry
        arrays.update(self._buffer.value_arrays())
        if drawn:
            arrays.update(self._buffer.debug_arrays())
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
                return cls._from_archive(archive, version)
            except (KeyError, ValueError, IndexError) as error:
                raise ValueError(f"{path!s} is a damaged anima recording ({error})") from None

    @classmethod
    def _from_archive(cls, archive: Any, version: int) -> "Recording":
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
        recording._buffer = FrameBuffer.from_archive(archive, version)
        return recording

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_html_(self) -> str:
        """In a notebook: the player (`anima.show`) under the recording's summary."""
        return notebook_html(self)

    def __len__(self) -> int:
        return self.frame_count

    def __repr__(self) -> str:
        values = f"{self.value_count} values, " if self.value_count else ""
        return (f"<Recording {self.frame_count} frames, {self.item_count} items, {values}{self.duration:.3f} s, "
                f"frame {self.frame:.6g} s>")

    def __setstate__(self, state: Dict[str, Any]) -> None:
        # A recording pickled before its frames had a type of their own kept them as attributes.
        if "_buffer" not in state:
            state = dict(state)
            state["_buffer"] = FrameBuffer.from_pickled_recording(state)
        self.__dict__.update(state)


def frames_of(recording: Recording) -> FrameBuffer:
    """The frames a recording reads, for the capture that fills them (anima.recording._capture)."""
    return recording._buffer


def notebook_html(recording: Recording) -> str:
    """How a recording (or its Recorder) shows itself in a notebook: the player under its summary."""
    title = f"<b>{html.escape(recording.title)}</b> " if recording.title else ""
    return f"<div>{title}<small>{html.escape(recording.summary())}</small><br>{player_html(recording)}</div>"
