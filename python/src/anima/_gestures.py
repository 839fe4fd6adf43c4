"""Gestures, written in Python over the extension's calls: VelocityTracker, project_momentum(),
rubber_band(), rubber_band_clamp(), Drag and Animator.begin_drag().

The arithmetic and the physics are the library's (include/anima.h, "Gestures"); here are the
defaults, the objects users hold and their reprs. A VelocityTracker keeps the bytes of the C
library's anima_velocity_tracker in a bytearray, which only the library's functions change
(gestures.c copies them in and out); a Drag holds the Attachment the library made for it.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from . import _anima
from ._anima import Animator, Attachment, Item
from ._types import InvalidStateError
from ._extend import extends
from .animation import deceleration_rate

_Pair = Any


def project_momentum(position: _Pair, velocity: _Pair, rate: Any = 0.998) -> Tuple[float, float]:
    """Where a motion from `position` (x, y) with `velocity` (vx, vy, in units per second)
    comes to rest when it slows as a UIScrollView does: its velocity keeps the share `rate`
    (0 < rate < 1, per millisecond; 'normal' = 0.998, the default, or 'fast' = 0.99) of
    itself every millisecond, so it stops at position + velocity / (-1000 ln rate). This is
    where Animator.fling(item, velocity, rate=rate) lands, and where a thrown card should
    snap to (Apple's "Designing Fluid Interfaces", WWDC 2018). Returns (x, y).

        >>> anima.project_momentum((0, 0), (1000, 0))             # 1000 pt/s at 0.998
        (499.49983316645..., 0.0)
        >>> anima.project_momentum((0, 0), (1000, 0), rate="fast")
        (99.49916247342..., 0.0)
    """
    return _anima._project_momentum(position, velocity, deceleration_rate(rate))  # type: ignore[no-any-return]


def rubber_band(offset: float, dimension: float, c: float = 0.55) -> float:
    """How far past an edge a view shows when dragged `offset` past it (UIScrollView's rubber
    band): (1 - 1 / (|offset| c / dimension + 1)) dimension, with the sign of offset.
    `dimension` is the size of the view along that axis (points, finite and > 0) and `c` the
    stiffness (finite and > 0; Apple's 0.55, the default). The result starts with slope c at 0,
    and approaches dimension but never reaches it; offset = dimension / c shows dimension / 2.

        >>> anima.rubber_band(100, 500)       # dragged 100 pt past the edge of a 500 pt view
        49.54954954954...
    """
    return _anima._rubber_band(offset, dimension, c)  # type: ignore[no-any-return]


def rubber_band_clamp(value: float, lower: float, upper: float, dimension: float, c: float = 0.55) -> float:
    """`value` held to lower...upper (finite, lower <= upper) with a rubber-banded overflow:
    unchanged inside the range, and past an end that end plus rubber_band(the excess,
    dimension, c). For a scroll offset dragged past its content, or an item dragged past
    where it may go.

        >>> anima.rubber_band_clamp(150, 0, 300, 320)
        150.0
        >>> anima.rubber_band_clamp(340, 0, 300, 320)         # 40 pt past the end: 20.6 shown
        320.58479532163...
    """
    return _anima._rubber_band_clamp(value, lower, upper, dimension, c)  # type: ignore[no-any-return]


class VelocityTracker:
    """A pointer's velocity from its recent samples, as Android's VelocityTracker finds it.

    add(time, point) keeps a sample (time in seconds, any origin; point (x, y) in points);
    velocity() fits x(t) and y(t) by least squares over the samples of the last 100 ms (a
    quadratic, or a line for two samples) and gives the slope at the newest, in pt/s. A
    constant velocity comes out exact, timing noise does not pull the estimate around as a
    difference of the last two samples does, and a sample that arrives late (older than the
    newest) is put in time order; one with the time of a sample held replaces it. A pause of
    more than 40 ms between samples starts a new gesture, and velocity(time) reads (0, 0) once
    the newest sample is more than 40 ms older than `time`: a finger that stops before it
    lifts flings nothing. At most 20 samples are kept (the oldest go first).

        >>> tracker = anima.VelocityTracker()
        >>> for frame in range(6):                        # 60 Hz, 10 pt per frame
        ...     tracker.add(frame / 60, (100 + 10 * frame, 200))
        >>> vx, vy = tracker.velocity()
        >>> round(vx, 6), round(vy, 6)
        (600.0, 0.0)
        >>> tracker.velocity(5 / 60 + 0.05)               # stopped for 50 ms
        (0.0, 0.0)

    The tracker copies and pickles; equal trackers hold the same samples.
    """

    __slots__ = ("_state",)

    def __init__(self) -> None:
        """An empty tracker."""
        self._state = bytearray(_anima._velocity_tracker())

    def add(self, time: float, point: _Pair) -> None:
        """Keep a sample: the pointer was at point (x, y), in points, at time (seconds, any
        origin; finite). A time more than 40 ms after the newest sample's starts a new
        gesture (the samples held are dropped)."""
        _anima._velocity_tracker_add(self._state, time, point)

    def velocity(self, time: Optional[float] = None) -> Tuple[float, float]:
        """The velocity (vx, vy) in pt/s at `time` (seconds; None, the default, is the newest
        sample's time): the slope at the newest sample of a least-squares fit over the
        samples of the 100 ms before it; (0, 0) with fewer than two samples, or when the
        newest is more than 40 ms older than `time` (the pointer had stopped)."""
        return _anima._velocity_tracker_velocity(self._state, time)  # type: ignore[no-any-return]

    def reset(self) -> None:
        """Forget every sample."""
        self._state[:] = _anima._velocity_tracker()

    @property
    def samples(self) -> Tuple[Tuple[float, float, float], ...]:
        """The samples held, oldest first, as (time, x, y) tuples (read-only)."""
        return _anima._velocity_tracker_samples(self._state)  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return len(self.samples)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VelocityTracker):
            return NotImplemented
        return self.samples == other.samples

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        samples = self.samples
        if not samples:
            return "<anima.VelocityTracker empty>"
        time, x, y = samples[-1]
        vx, vy = self.velocity()
        count = len(samples)
        return (f"<anima.VelocityTracker {count} sample{'' if count == 1 else 's'}, newest ({x:g}, {y:g}) "
                f"at {time:g} s, velocity ({vx:.6g}, {vy:.6g}) pt/s>")

    def __getstate__(self) -> bytes:
        return bytes(self._state)

    def __setstate__(self, state: Any) -> None:
        tracker = bytearray(state)
        _anima._velocity_tracker_velocity(tracker, None)    # the library checks the bytes
        self._state = tracker


class Drag:
    """A pointer holding an item, made by Animator.begin_drag(item, point, time).

    The pointer holds the point of the item it grabbed through `attachment`, an anchor
    attachment of length 0 whose anchor is the pointer (UIKit's pan-gesture recipe), bounded
    by a max force so that a dragged item is not pushed through a wall. move(point, time)
    moves the pointer; end(time) lets go, and the item leaves with the pointer's velocity,
    tracked over its last 100 ms. Times are the pointer's, in seconds.
    """

    __slots__ = ("_item", "_attachment", "_ended")

    def __init__(self, item: Item, attachment: Attachment) -> None:
        """The drag of item through attachment (Animator.begin_drag makes drags)."""
        if not isinstance(item, Item):
            raise TypeError(f"item must be an anima.Item, not {type(item).__name__}")
        if not isinstance(attachment, Attachment):
            raise TypeError(f"attachment must be an anima.Attachment, not {type(attachment).__name__}")
        self._item = item
        self._attachment = attachment
        self._ended = False

    @property
    def item(self) -> Item:
        """The Item held (read-only)."""
        return self._item

    @property
    def attachment(self) -> Attachment:
        """The anchor Attachment that holds the item (read-only). Its anchor_point is the
        pointer, its max_force max_acceleration x the item's mass. It is destroyed when the
        drag ends (is_valid is then False)."""
        return self._attachment

    @property
    def is_active(self) -> bool:
        """True until the drag ends: end() was called, or its attachment was removed or
        destroyed, or its item destroyed."""
        return not self._ended and self._attachment._drag_is_active()  # type: ignore[attr-defined, no-any-return]

    def move(self, point: _Pair, time: float) -> None:
        """The pointer moved to point (x, y), in the reference space, at time (seconds): the
        attachment's anchor follows, and the item with it. Raises InvalidStateError once the
        drag has ended."""
        if self._ended:
            raise InvalidStateError("Drag.move: the drag has ended")
        self._attachment._drag_move(point, time)  # type: ignore[attr-defined]

    def end(self, time: float) -> Tuple[float, float]:
        """The pointer let go at time (seconds): the attachment is destroyed and the item
        leaves with the pointer's velocity, which is returned as (vx, vy) in pt/s (least
        squares over the pointer's last 100 ms; (0, 0) when it had stopped for 40 ms).
        Raises InvalidStateError once the drag has ended."""
        if self._ended:
            raise InvalidStateError("Drag.end: the drag has ended")
        velocity: Tuple[float, float] = self._attachment._drag_end(time)  # type: ignore[attr-defined]
        self._ended = True
        return velocity

    def __repr__(self) -> str:
        if not self.is_active:
            return f"<anima.Drag ended, item={self._item!r}>"
        x, y = self._attachment.anchor_point
        return f"<anima.Drag active, pointer=({x:g}, {y:g}), item={self._item!r}>"


for _public in (VelocityTracker, Drag, project_momentum, rubber_band, rubber_band_clamp):
    _public.__module__ = "anima"
del _public


#: Animator.begin_drag's defaults: the library's (anima_default_drag_def()).
_FREQUENCY, _DAMPING, _MAX_ACCELERATION = _anima._drag_defaults()


@extends(Animator)
class _AnimatorGestures:
    def begin_drag(self: Animator, item: Item, point: _Pair, time: float, *, frequency: float = _FREQUENCY,
                   damping: float = _DAMPING, max_acceleration: float = _MAX_ACCELERATION) -> Drag:
        """A pointer grabs `item` at point (x, y), in the reference space, at time (seconds,
        the pointer's clock): an anchor attachment of length 0 from that point of the item to
        the pointer is added to the animator, and the returned Drag moves it (Drag.move) and
        lets go (Drag.end, which gives the item the pointer's velocity). The point need not
        be on the item.

        frequency (Hz, default 0) 0 holds the grabbed point rigidly on the pointer (UIKit's
        pan-gesture recipe); a frequency makes the hold a spring of damping ratio `damping`
        (default 1, critical). max_acceleration (pt/s^2, > 0 or math.inf; default
        <max_acceleration> pt/s^2, <gravities> times gravity 1.0) bounds the pull: the
        attachment's max_force is this x the item's mass, enough to follow any finger and too
        little to push the item through a wall. The defaults are the C library's
        (anima_default_drag_def()).

        What moved the item gives way without a jump: running view animations let go of its
        centre and transform where they are (an animation left with nothing to animate ends
        at 'current', not finished), and its snaps let go while it is held.

            >>> anim = anima.Animator((0, 0, 320, 568))
            >>> card = anima.Item(anim, center=(160, 284), size=(200, 120))
            >>> drag = anim.begin_drag(card, (170, 290), 0.0)
            >>> for frame in range(1, 13):                     # 60 Hz, 10 pt per frame
            ...     drag.move((170 + 10 * frame, 290), frame / 60)
            ...     anim.advance(1 / 60)
            >>> vx, vy = drag.end(12 / 60)
            >>> round(vx), round(vy), card.velocity == (vx, vy)
            (600, 0, True)
        """
        attachment = self._begin_drag(item, point, time, frequency=frequency,  # type: ignore[attr-defined]
                                      damping=damping, max_acceleration=max_acceleration)
        return Drag(item, attachment)


_AnimatorGestures.begin_drag.__doc__ = (_AnimatorGestures.begin_drag.__doc__ or "").replace(
    "<max_acceleration>", f"{_MAX_ACCELERATION:,.0f}".replace(",", " ")).replace(
    "<gravities>", f"{_MAX_ACCELERATION / 1000:g}")
