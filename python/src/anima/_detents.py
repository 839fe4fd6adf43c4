"""Detents: resting places along one axis, for a value or an item (a bottom sheet's heights, a
drawer, a carousel's pages), with the drags that move between them."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Tuple

from . import _anima
from ._anima import Animator, Item, Value
from ._types import InvalidArgumentError, InvalidStateError
from .animation import Animation, _numbers, _on_end, deceleration_rate


class Detents:
    """Resting places along one axis (UISheetPresentationController's detents, Compose's
    AnchoredDraggable):

        sheet = anima.Detents([100, 350, 700])        # large, medium, closed
        drag = animator.begin_detent_drag(top, sheet, at=650, time=t)
        drag.move(400, t + 0.1)
        index, anchor, animation = drag.end(t + 0.2)

    anchors increase strictly (finite, within +-1e9). On release the rest is the anchor nearest
    where the motion would coast to at `rate` ('normal' 0.998, the default, 'fast' 0.99, or a
    number in (0, 1) kept per millisecond); a release at least `velocity_threshold` fast
    (units/s, default 300) moves on to the next anchor in its direction even when the coast falls
    short. `spring=(mass, stiffness, damping)` settles it (default Compose's: (1, 1500, 77.46),
    no bounce) from the release velocity. Past the first and last anchor a drag rubber-bands:
    an overshoot x shows as (1 - 1 / (x c / d + 1)) d, with d `rubber_band_dimension` (default
    the anchors' span, at least 100) and c `rubber_band_constant` (0.55).
    """

    __slots__ = ("anchors", "velocity_threshold", "rate", "spring", "rubber_band_dimension", "rubber_band_constant")

    def __init__(self, anchors: Sequence[float], *, velocity_threshold: float = 300.0, rate: Any = "normal",
                 spring: Tuple[float, float, float] = (1.0, 1500.0, 2 * 1500 ** 0.5),
                 rubber_band_dimension: Optional[float] = None, rubber_band_constant: float = 0.55) -> None:
        self.anchors = tuple(float(a) for a in anchors)
        if not self.anchors:
            raise InvalidArgumentError("a detent list needs at least one anchor")
        self.velocity_threshold = velocity_threshold
        self.rate = deceleration_rate(rate)
        self.spring = _numbers(spring, 3, "spring", "(mass, stiffness, damping)")
        self.rubber_band_dimension = rubber_band_dimension
        self.rubber_band_constant = rubber_band_constant
        self.target(self.anchors[0] if self.anchors else 0.0, 0.0)    # checks every option

    def _args(self) -> tuple:
        return (self.anchors, self.velocity_threshold, self.rate, self.spring, self.rubber_band_dimension or 0.0,
                self.rubber_band_constant)

    def target(self, position: float, velocity: float) -> Tuple[int, float]:
        """(index, anchor): where a release at `position` with `velocity` (units/s) rests."""
        return _anima._detents_target(*self._args(), position, velocity)  # type: ignore[attr-defined, no-any-return]

    def __repr__(self) -> str:
        return f"anima.Detents({list(self.anchors)!r})"


def _axis(target: Any, component: int, axis: str) -> int:
    if isinstance(target, Value):
        return component
    if isinstance(target, Item):
        if axis not in ("x", "y"):
            raise InvalidArgumentError(f"axis must be 'x' or 'y' (got {axis!r})")
        return 0 if axis == "x" else 1
    raise TypeError(f"target must be an anima.Value or an anima.Item, not {type(target).__name__}")


class DetentDrag:
    """A pointer dragging a value or an item along detents (`Animator.begin_detent_drag`)."""

    __slots__ = ("_animator", "_id", "target", "detents")

    def __init__(self, animator: Animator, drag_id: int, target: Any, detents: Detents) -> None:
        self._animator = animator
        self._id = drag_id
        self.target = target
        self.detents = detents

    @property
    def is_active(self) -> bool:
        """True until `end`."""
        return self._id != 0

    def move(self, coordinate: float, time: float) -> None:
        """The pointer is at `coordinate` (along the axis) at `time` (seconds, its own clock): the
        target follows, rubber-banded past the ends."""
        if self._id == 0:
            raise InvalidStateError("the drag has ended")
        self._animator._detent_drag_move(self._id, coordinate, time)  # type: ignore[attr-defined]

    def end(self, time: float, completion: Optional[Callable[[bool], None]] = None) -> Tuple[int, float, Animation]:
        """The pointer let go at `time`: (index, anchor, animation) of the spring toward the
        chosen anchor, leaving at the pointer's velocity."""
        if self._id == 0:
            raise InvalidStateError("the drag has ended")
        drag, self._id = self._id, 0
        index, anchor, animation_id = self._animator._detent_drag_end(drag, time)  # type: ignore[attr-defined]
        return index, anchor, _animation(self._animator, animation_id, completion)


def _animation(animator: Animator, animation_id: int, completion: Optional[Callable[[bool], None]]) -> Animation:
    animation = Animation(animator)
    ended = _on_end(animation, completion)
    animation._id = animation_id
    animator._set_completion(animation_id, ended)  # type: ignore[attr-defined]
    return animation


def begin_detent_drag(self: Animator, target: Any, detents: Detents, at: float, time: float, *, component: int = 0,
                      axis: str = "y") -> DetentDrag:
    """A pointer grabs `target` (an anima.Value, its `component`; or an Item, its centre along
    `axis`, 'x' or 'y') at coordinate `at` along the axis, at `time`; an animation moving it stops
    where it is (a settle in progress is interrupted). Returns the `DetentDrag`."""
    if not isinstance(detents, Detents):
        raise TypeError(f"detents must be an anima.Detents, not {type(detents).__name__}")
    drag_id = self._detent_drag_begin(target, _axis(target, component, axis), *detents._args(), at, time)  # type: ignore[attr-defined]
    return DetentDrag(self, drag_id, target, detents)


def settle(self: Animator, target: Any, detents: Detents, velocity: float = 0.0, *, component: int = 0, axis: str = "y",
           completion: Optional[Callable[[bool], None]] = None) -> Tuple[int, float, Animation]:
    """Spring `target` onto `detents` from where it is with `velocity` (units/s along the axis),
    without a drag: (index, anchor, animation)."""
    if not isinstance(detents, Detents):
        raise TypeError(f"detents must be an anima.Detents, not {type(detents).__name__}")
    index, anchor, animation_id = self._settle(target, _axis(target, component, axis), *detents._args(), velocity)  # type: ignore[attr-defined]
    return index, anchor, _animation(self, animation_id, completion)


Animator.begin_detent_drag = begin_detent_drag  # type: ignore[attr-defined]
Animator.settle = settle  # type: ignore[attr-defined]
