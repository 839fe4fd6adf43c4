"""Recorder: advances an animator frame by frame and records every item into a Recording.

One frame is one `Animator.advance`, one `Animator.copy_states_into` call into a preallocated
array and one read of the frame's contact events, whatever the number of items (the capture of
anima.recording._capture takes them).
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Optional, Tuple

from .._progress import bar
from ._capture import Capture, ValuesToFollow
from ._debug import DebugLayers
from .recording import Recording, notebook_html

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

    ``values`` are the animated values (`anima.Value`) recorded with them: by default every
    value of the animator in creation order, each added when it first appears (a value
    destroyed while recording has NaN from then on); a mapping of label to value records
    exactly those, in that order, with those labels (`Recording.value_names`: the player
    shows them), and a sequence of values exactly those, unlabelled. One read of every value
    a frame, as `anima.read_values`.

    ``debug`` keeps the engine's debug drawing (`Animator.debug_draw`) with every frame: True
    for its standard layers (shapes, boundaries, attachments, contacts), "all", or the names of
    the layers ("shapes", "bounds", "boundaries", "attachments", "contacts"); off by default,
    when debug_draw is never called. `Recording.debug_primitives` reads a frame's back, the
    player draws them (with a switch to hide them) and `Recording.save` keeps them.

    The recorder installs no callbacks: the animator's and the collisions' delegates stay the
    caller's.

    Attributes:
        animator: the animator recorded.
        recording: the `Recording` filled so far.
        track_sizes: whether size and transform are read at every frame (default False).
    """

    def __init__(self, animator: Any, items: Optional[Iterable[Any]] = None, frame: float = 1.0 / 60.0,
                 *, track_sizes: bool = False, values: ValuesToFollow = None, debug: DebugLayers = None) -> None:
        """Follow ``animator`` (and ``items``, default all; ``values``, default all; the debug
        drawing's ``debug`` layers, default none) at one frame every ``frame`` s."""
        self._capture = Capture(animator, items, frame, track_sizes=track_sizes, values=values, debug=debug)
        self._frames_advanced = 0

    @property
    def animator(self) -> Any:
        """The animator recorded."""
        return self._capture.animator

    @animator.setter
    def animator(self, animator: Any) -> None:
        self._capture.animator = animator

    @property
    def recording(self) -> Recording:
        """The `Recording` filled so far."""
        return self._capture.recording

    @recording.setter
    def recording(self, recording: Recording) -> None:
        self._capture.recording = recording

    @property
    def track_sizes(self) -> bool:
        """Whether size and transform are read at every frame (default False)."""
        return self._capture.track_sizes

    @track_sizes.setter
    def track_sizes(self, track: bool) -> None:
        self._capture.track_sizes = track

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
        return self._capture.items

    def run(self, seconds: float, *, progress: bool = True) -> Recording:
        """Record ``round(seconds / frame)`` frames, whatever the animator does; returns the
        recording. A run that lasts over a second shows a progress bar unless ``progress`` is False."""
        count = _frame_count(seconds, self.frame)
        self._capture.start(count)
        shown = bar(count, "frames", "record", progress)
        try:
            for _ in range(count):
                self._advance()
                shown.update(1)
        finally:
            shown.close()
        self._capture.capture_boundaries()
        return self.recording

    def run_until_rest(self, max_seconds: float = 10.0, *, progress: bool = True) -> Optional[float]:
        """Record frames until the animator pauses, for at most ``max_seconds``.

        At least one frame is always advanced (even when ``max_seconds`` is shorter than a
        frame), so a scene that has not started yet gets the chance to. Returns the recording
        time (s) at which the animator was seen paused, which is also stored as
        ``rest_time``, or None if it was still running after ``max_seconds``. Progress as `run`.
        """
        count = max(1, _frame_count(max_seconds, self.frame))
        self._capture.start(count)
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
        self._capture.capture_boundaries()
        if rest is not None and self.recording.rest_time is None:
            self.recording.rest_time = rest
        return rest

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording so far as an animated SVG document; see `anima.render.to_svg`."""
        return self.recording.to_svg(width, height)

    def _repr_svg_(self) -> str:
        return self.recording.to_svg()

    def _repr_html_(self) -> str:
        return notebook_html(self.recording)

    def __repr__(self) -> str:
        return f"<Recorder {self.recording!r}>"

    # -- internals -----------------------------------------------------------------------

    def _advance(self) -> bool:
        """One frame: advance, record; returns whether the animator is still running."""
        self.animator.advance(self.frame)
        self._frames_advanced += 1
        time = self._frames_advanced * self.frame
        running = self._capture.capture(time)
        self._capture.contacts(time)
        return running


def _frame_count(seconds: float, frame: float) -> int:
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds >= 0):
        raise ValueError(f"seconds must be a finite number >= 0 (got {seconds!r})")
    return int(round(seconds / frame))
