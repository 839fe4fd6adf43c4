"""View animations (UIView.animate) on an animator's clock.

    with animator.animate(3.0, completion=lambda finished: print("Animation Finished")):
        ball.center = (160, 284)
        ball.alpha = 1.0

Inside the block, setting an item's center, size, transform or alpha records a target; when the
block ends the animation starts from the current values. It advances with the animator (which
keeps running while any animation is active) and is evaluated in closed form, so it passes
through the same values at any frame rate.
"""

from __future__ import annotations

from typing import Callable, Optional

from ._anima import Animator


class Animation:
    """A view animation started by `Animator.animate`; its `id` is known once the block ends."""

    __slots__ = ("_animator", "id")

    def __init__(self, animator: Animator) -> None:
        self._animator = animator
        self.id: int = 0
        """The animation's id (0 until the block ends, or when it was discarded)."""

    @property
    def is_active(self) -> bool:
        """True while the animation runs (not ended, not cancelled)."""
        return self.id != 0 and self._animator.is_animation_active(self.id)

    def cancel(self) -> None:
        """Stop where it is; the completion gets False at the next step."""
        if self.id != 0:
            self._animator.cancel_animation(self.id)

    def __repr__(self) -> str:
        state = "active" if self.is_active else ("pending" if self.id == 0 else "ended")
        return f"<anima.Animation id={self.id} {state}>"


class _AnimateBlock:
    __slots__ = ("_animator", "_options", "_completion", "_animation")

    def __init__(self, animator: Animator, options: dict, completion: Optional[Callable[[bool], None]]) -> None:
        if completion is not None and not callable(completion):
            raise TypeError(f"completion must be callable or None, not {type(completion).__name__}")
        self._animator = animator
        self._options = options
        self._completion = completion
        self._animation = Animation(animator)

    def __enter__(self) -> Animation:
        self._animator.begin_animation(**self._options)
        return self._animation

    def __exit__(self, kind, value, traceback) -> bool:
        if kind is not None:
            # the block failed: nothing it recorded takes effect
            if self._animator.is_valid and self._animator.is_recording_animation:
                self._animator.discard_animation()
            return False
        self._animation.id = self._animator.commit_animation(self._completion)
        return False


def animate(self: Animator, duration: float = 0.25, *, delay: float = 0.0, curve="ease_in_out",
            spring=None, damping_ratio=None, initial_velocity: float = 0.0, repeat_count: float = 1.0,
            autoreverses: bool = False, completion: Optional[Callable[[bool], None]] = None) -> _AnimateBlock:
    """A `with` block that records one view animation (UIView.animate(withDuration:...)).

    duration and delay are seconds (>= 0). curve is 'ease_in_out' (UIKit's default), 'ease_in',
    'ease_out', 'linear' or the (x1, y1, x2, y2) control points of a CSS cubic-bezier.
    spring=(mass, stiffness, damping) follows a closed-form spring until it settles (duration
    ignored); damping_ratio=z is UIKit's usingSpringWithDamping: a spring of ratio z that settles
    at `duration`; initial_velocity is its start speed in distances per second. repeat_count > 0
    (math.inf for ever); autoreverses runs each pass back again. completion(finished) is called
    once at the end: True if it ran to its end, False if cancelled or taken over.
    """
    options = dict(duration=duration, delay=delay, curve=curve, spring=spring, damping_ratio=damping_ratio,
                   initial_velocity=initial_velocity, repeat_count=repeat_count, autoreverses=autoreverses)
    return _AnimateBlock(self, options, completion)


Animator.animate = animate
