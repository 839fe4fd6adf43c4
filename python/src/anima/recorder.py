"""Recorder: advances an animator frame by frame and records every item into a Recording.

One frame is one `Animator.advance`, one `Animator.copy_states_into` call into a preallocated
array and one read of the frame's contact events, whatever the number of items.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from ._progress import bar
from ._types import AnimaError
from .recording import _NO_GEOMETRY, _STATE_WIDTH, BOUNDARY, NOT_FOLLOWED, Recording, _opt_rect

__all__ = ["Recorder"]


class Recorder:
    """Advance an animator frame by frame and record what it shows.

    ``items`` are the items to follow, in recording order; by default every item of the
    animator in creation order, including items created while recording (from callbacks or
    between runs), each added when it first appears. ``frame`` is the frame interval in
    seconds (default 1/60). Each recorded frame calls ``animator.advance(frame)``, copies every
    item's state with one `Animator.copy_states_into` call and reads the contact events of
    the frame. Each item's size, transform, shape, path and mass are read once, when it is
    first recorded; with ``track_sizes=True`` size and transform are read again at every frame
    (one call per item and frame: slower, for scenes that resize or scale items). An item
    destroyed while recording has NaN state from then on. Calls to :meth:`run` and
    :meth:`run_until_rest` append to the same recording, so a scene can be recorded in pieces.

    The recorder installs no callbacks: the animator's and the collisions' delegates stay the
    caller's.

    Attributes:
        animator: the animator recorded.
        recording: the `Recording` filled so far.
        track_sizes: whether size and transform are read at every frame (default False).
    """

    def __init__(self, animator: Any, items: Optional[Iterable[Any]] = None, frame: float = 1.0 / 60.0,
                 *, track_sizes: bool = False) -> None:
        """Follow ``animator`` (and ``items``, default all) at one frame every ``frame`` s."""
        self.animator = animator
        self.recording = Recording(frame=frame, reference_bounds=_opt_rect(animator.reference_bounds))
        self.track_sizes = bool(track_sizes)
        self._given = list(items) if items is not None else None
        self._followed: List[Any] = []
        self._index: dict = {}
        self._live: Optional[tuple] = None
        self._rows = np.empty(0, dtype=np.intp)
        # one record per live item plus a last row of NaN that absent items copy
        self._scratch = np.full((1, _STATE_WIDTH), math.nan)
        self._frames_advanced = 0
        if self.track_sizes:
            self.recording._follow_geometry_per_frame()

    @property
    def frame(self) -> float:
        """The frame interval in seconds."""
        return self.recording.frame

    @property
    def duration(self) -> float:
        """Seconds recorded so far."""
        return self.recording.duration

    @property
    def rest_time(self) -> Optional[float]:
        """Recording time (s) at which :meth:`run_until_rest` saw the animator pause, or None."""
        return self.recording.rest_time

    @property
    def items(self) -> Tuple[Any, ...]:
        """The items followed, in recording order (empty before the first frame when defaulted)."""
        return tuple(self._followed)

    def run(self, seconds: float, *, progress: bool = True) -> Recording:
        """Record ``round(seconds / frame)`` frames, whatever the animator does; returns the
        recording. A run that lasts over a second shows a progress bar unless ``progress`` is False."""
        count = _frame_count(seconds, self.frame)
        self._start(count)
        shown = bar(count, "frames", "record", progress)
        try:
            for _ in range(count):
                self._advance()
                shown.update(1)
        finally:
            shown.close()
        self._capture_boundaries()
        return self.recording

    def run_until_rest(self, max_seconds: float = 10.0, *, progress: bool = True) -> Optional[float]:
        """Record frames until the animator pauses, for at most ``max_seconds``.

        At least one frame is always advanced (even when ``max_seconds`` is shorter than a
        frame), so a scene that has not started yet gets the chance to. Returns the recording
        time (s) at which the animator was seen paused, which is also stored as
        ``rest_time``, or None if it was still running after ``max_seconds``. Progress as `run`.
        """
        count = max(1, _frame_count(max_seconds, self.frame))
        self._start(count)
        rest: Optional[float] = None
        shown = bar(count, "frames", "record", progress)
        try:
            for _ in range(count):
                shown.update(1)
                if not self._advance():
                    rest = self.recording.duration
                    break
        finally:
            shown.close()
        self._capture_boundaries()
        if rest is not None and self.recording.rest_time is None:
            self.recording.rest_time = rest
        return rest

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording so far as an animated SVG document; see `anima.render.to_svg`."""
        return self.recording.to_svg(width, height)

    def _repr_svg_(self) -> str:
        return self.recording._repr_svg_()

    def _repr_html_(self) -> str:
        return self.recording._repr_html_()

    def __repr__(self) -> str:
        return f"<Recorder {self.recording!r}>"

    # -- internals -----------------------------------------------------------------------

    def _start(self, frames: int) -> None:
        """Room for the frames to come; the first call records frame 0."""
        first = self.recording.frame_count == 0
        self.recording._reserve(frames + (1 if first else 0))
        if first:
            if self._given is not None:
                self._append_items(self._given)
            self._capture(0.0)

    def _advance(self) -> bool:
        """One frame: advance, record; returns whether the animator is still running."""
        self.animator.advance(self.frame)
        self._frames_advanced += 1
        time = self._frames_advanced * self.frame
        running = self._capture(time)
        for began, events in ((True, self.animator.began_contacts), (False, self.animator.ended_contacts)):
            for event in events:
                self._contact(event, began, time)
        return running

    def _capture(self, time: float) -> bool:
        """Records the state of every followed item as frame ``time``."""
        live = self.animator.items
        if live != self._live:
            self._relink(live)
        if self._scratch.shape[0] <= len(live):
            self._scratch = np.full((len(live) + len(live) // 4 + 1, _STATE_WIDTH), math.nan)
        self.animator.copy_states_into(self._scratch[:-1])
        running = bool(self.animator.is_running)
        recording = self.recording
        f = recording._next_frame(time, running)
        # row -1 (an item not there) wraps to the scratch's last row, all NaN
        np.take(self._scratch, self._rows, axis=0, out=recording._states[f, : recording.item_count], mode="wrap")
        if self.track_sizes:
            geometry = recording._frame_geometry[f, : recording.item_count]  # type: ignore[index]
            for k, item in enumerate(self._followed):
                geometry[k] = _geometry(item) if self._rows[k] >= 0 else _NO_GEOMETRY
        return running

    def _relink(self, live: tuple) -> None:
        """The items changed (or this is the first frame): follow new ones, find every row."""
        if self._given is None:
            self._append_items([item for item in live if item not in self._index])
        row_of = {item: row for row, item in enumerate(live)}
        self._rows = np.array([row_of.get(item, -1) for item in self._followed], dtype=np.intp)
        self._live = live

    def _append_items(self, items: Sequence[Any]) -> None:
        if not items:
            return
        shapes, masses, paths, geometry = [], [], [], []
        for item in items:
            self._index.setdefault(item, len(self._followed))
            self._followed.append(item)
            try:
                shape = str(item.shape)
                outline = item.path if shape == "path" else None
                masses.append(float(item.mass))
                geometry.append(_geometry(item))
            except AnimaError:  # already destroyed
                shape, outline = "rectangle", None
                masses.append(math.nan)
                geometry.append(_NO_GEOMETRY)
            shapes.append(shape)
            paths.append(None if outline is None else np.asarray(outline, dtype=float).reshape(-1, 2))
        self.recording._add_items(geometry, shapes, masses, paths)

    def _contact(self, event: Any, began: bool, time: float) -> None:
        item = self._index.get(event.item, NOT_FOLLOWED)
        other = BOUNDARY if event.other is None else self._index.get(event.other, NOT_FOLLOWED)
        if item == NOT_FOLLOWED and other < 0:
            return
        point = event.point
        x, y = (math.nan, math.nan) if point is None else (float(point[0]), float(point[1]))
        identifier = event.boundary_identifier
        self.recording._contact_rows.append((time, began, item, other, identifier or "", x, y))

    def _capture_boundaries(self) -> None:
        """Copy named boundaries and inset reference boundaries from the collision behaviors."""
        bounds = _opt_rect(self.animator.reference_bounds)
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


def _geometry(item: Any) -> Tuple[float, ...]:
    """Bounds width and height, transform scale x, y and translation x, y of an item."""
    w, h = item.size
    t = item.transform
    return (float(w), float(h), float(t[1]), float(t[2]), float(t[3]), float(t[4]))


def _frame_count(seconds: float, frame: float) -> int:
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds >= 0):
        raise ValueError(f"seconds must be a finite number >= 0 (got {seconds!r})")
    return int(round(seconds / frame))
