"""What a recording takes of an animator, frame by frame: the capture that `Recorder` advances
and the live widget (anima.live) drives from its own clock.

A `Capture` follows items, in recording order, into the frames of its `Recording`: one
`Animator.copy_states_into` call into a preallocated array per frame, whatever the number of
items, the frame's contact events, and the collision behaviors' boundaries when asked. It
installs no callbacks and never advances the animator itself.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from .._types import AnimaError
from ._frames import BOUNDARY, NO_GEOMETRY, NOT_FOLLOWED, STATE_WIDTH, opt_rect
from .recording import Recording, frames_of


class Capture:
    """The frames of ``animator``'s ``items`` (default: every item, in creation order, each added
    when it first appears) at ``frame`` s apart, in a new `recording`; with ``track_sizes`` an
    item's size and transform are read at every frame, not once."""

    def __init__(self, animator: Any, items: Optional[Iterable[Any]] = None, frame: float = 1.0 / 60.0,
                 *, track_sizes: bool = False) -> None:
        self.animator = animator
        self.recording = Recording(frame=frame, reference_bounds=opt_rect(animator.reference_bounds))
        self.track_sizes = bool(track_sizes)
        self._given = list(items) if items is not None else None
        self._followed: List[Any] = []
        self._index: dict = {}
        self._live: Optional[tuple] = None
        self._rows = np.empty(0, dtype=np.intp)
        # one record per live item plus a last row of NaN that absent items copy
        self._scratch = np.full((1, STATE_WIDTH), math.nan)
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
        return running

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
                geometry.append(NO_GEOMETRY)
            shapes.append(shape)
            paths.append(None if outline is None else np.asarray(outline, dtype=float).reshape(-1, 2))
        self._frames.add_items(geometry, shapes, masses, paths)


def _geometry(item: Any) -> Tuple[float, ...]:
    """Bounds width and height, transform scale x, y and translation x, y of an item."""
    w, h = item.size
    t = item.transform
    return (float(w), float(h), float(t[1]), float(t[2]), float(t[3]), float(t[4]))
