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

from . import _anima
from ._anima import Animator


class Animation:
    """A view animation started by `Animator.animate`, with UIViewPropertyAnimator's controls.

    Its `id` is known once the `with` block ends. While it runs it can be paused, scrubbed
    (`fraction_complete`, while paused), reversed, continued with new timing and stopped.
    `position` says where it ended: 'end', 'start' or 'current' (None while it runs).
    """

    __slots__ = ("_animator", "id", "position", "finished")

    def __init__(self, animator: Animator) -> None:
        self._animator = animator
        self.id: int = 0
        self.position: Optional[str] = None
        self.finished: Optional[bool] = None

    @property
    def is_active(self) -> bool:
        """True while the animation runs (not ended, not cancelled); a paused one is active."""
        return self.id != 0 and self._animator.is_valid and self._animator.is_animation_active(self.id)

    @property
    def is_paused(self) -> bool:
        """True while paused."""
        return self._animator.animation_state(self.id)[0]

    @property
    def is_reversed(self) -> bool:
        """True while it runs backward toward its start; set to reverse it."""
        return self._animator.animation_state(self.id)[1]

    @is_reversed.setter
    def is_reversed(self, reversed: bool) -> None:
        self._animator.set_animation_reversed(self.id, reversed)

    @property
    def fraction_complete(self) -> float:
        """The share (0...1) of its time elapsed; set it while paused to scrub."""
        return self._animator.animation_fraction(self.id)

    @fraction_complete.setter
    def fraction_complete(self, fraction: float) -> None:
        self._animator.set_animation_fraction(self.id, fraction)

    def pause(self) -> None:
        """Hold where it is (a paused animation does not keep the animator running)."""
        self._animator.pause_animation(self.id)

    def resume(self) -> None:
        """Run on from where it is (UIViewPropertyAnimator.startAnimation after a pause)."""
        self._animator.resume_animation(self.id)

    def continue_animation(self, duration_factor: float = 1.0, **timing) -> None:
        """Run on with new timing (options as `animate`; none keeps the curve) over the remaining
        time x duration_factor; a spring continues at the current velocity."""
        self._animator.continue_animation(self.id, duration_factor, **timing)

    def stop(self, position: str = "current") -> None:
        """Stop, leaving the properties at 'end', 'start' or 'current'; the completion gets
        finished = (position == 'end') at the next step."""
        self._animator.stop_animation(self.id, position)

    def keyframe(self, start: float, duration: float) -> "_Keyframe":
        """Inside `animate_keyframes`: `with animation.keyframe(0.25, 0.5): ...` reaches the values
        set in the block over relative times start...start + duration (UIView.addKeyframe)."""
        return _Keyframe(self._animator, start, duration)

    def cancel(self) -> None:
        """Stop where it is; the completion gets False at the next step. Ignored once ended."""
        if self.id != 0:
            self._animator.cancel_animation(self.id)

    def __repr__(self) -> str:
        if self.id == 0:
            state = "recording"
        elif self.position is not None:
            state = f"ended at {self.position}"
        else:
            state = "active" if self.is_active else "ending"
        return f"<anima.Animation id={self.id} {state}>"


def _on_end(animation: Animation, completion: Optional[Callable[[bool], None]]) -> Callable[[bool, str], None]:
    """The engine's completion for `animation`: records how it ended, then calls the user's."""
    def ended(finished: bool, position: str) -> None:
        animation.finished = finished
        animation.position = position
        if completion is not None:
            completion(finished)
    return ended


class _Keyframe:
    """The window of one keyframe; values set inside are reached over it."""

    __slots__ = ("_animator",)

    def __init__(self, animator: Animator, start: float, duration: float) -> None:
        self._animator = animator
        animator.add_keyframe(start, duration)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, value, traceback) -> bool:
        # values set after the block span the whole duration again
        if self._animator.is_valid and self._animator.is_recording_animation:
            self._animator.add_keyframe(0.0, 1.0)
        return False


class _AnimateBlock:
    __slots__ = ("_animator", "_options", "_completion", "_animation", "_keyframes")

    def __init__(self, animator: Animator, options: dict, completion: Optional[Callable[[bool], None]],
                 keyframes: bool = False) -> None:
        if completion is not None and not callable(completion):
            raise TypeError(f"completion must be callable or None, not {type(completion).__name__}")
        self._animator = animator
        self._options = options
        self._completion = completion
        self._animation = Animation(animator)
        self._keyframes = keyframes

    def __enter__(self) -> Animation:
        if self._keyframes:
            self._animator.begin_keyframes(**self._options)
        else:
            self._animator.begin_animation(**self._options)
        return self._animation

    def __exit__(self, kind, value, traceback) -> bool:
        if kind is not None:
            # the block failed: nothing it recorded takes effect
            if self._animator.is_valid and self._animator.is_recording_animation:
                self._animator.discard_animation()
            return False
        self._animation.id = self._animator.commit_animation(_on_end(self._animation, self._completion))
        return False


def animate(self: Animator, duration: float = 0.25, *, completion: Optional[Callable[[bool], None]] = None,
            **options) -> _AnimateBlock:
    """A `with` block that records one view animation (UIView.animate(withDuration:...)).

    duration and delay are seconds (>= 0). curve is 'ease_in_out' (UIKit's default), 'ease_in',
    'ease_out', 'linear', a Penner curve such as 'back_out' or 'elastic_in_out', the
    (x1, y1, x2, y2) control points of a CSS cubic-bezier, or ('steps', count[, position]).
    Springs replace the curve: spring=(mass, stiffness, damping) (CASpringAnimation; runs until
    it settles), damping_ratio=z (UIKit: settles at `duration`), response=r with
    damping_fraction=f (SwiftUI), or bounce=b (SwiftUI's Spring(duration:bounce:));
    initial_velocity is the start speed in distances per second. repeat_count > 0 (math.inf for
    ever); autoreverses runs each pass back again. completion(finished) is called once at the
    end: True if it ran to its end, False if cancelled or taken over.
    """
    block = _AnimateBlock(self, options, completion)
    options["duration"] = duration
    return block


def fling(self: Animator, item, velocity, *, completion: Optional[Callable[[bool], None]] = None,
          **options) -> Animation:
    """Start a fling (decay animation) of one property of `item` and return its `Animation`.

        animator.fling(card, (0, -1500), rate="normal", snap=100, lower=(None, 0))

    Each component coasts at `velocity` (units/s), slowing as e^(-lambda t) with UIScrollView's
    rate ('normal' 0.998 or 'fast' 0.99 per millisecond, or a number) or a time_constant, and
    rests at x0 + v0 / lambda, snapped ahead to a multiple of `snap` if given. lower/upper are
    per-component bounds (None for unbounded) where a spring catches the motion with its exact
    velocity. Other options: property ('center', 'size', 'transform', 'alpha'), bound_spring,
    rest_distance.
    """
    for name, missing in (("lower", -float("inf")), ("upper", float("inf"))):
        if options.get(name) is not None:
            options[name] = tuple(missing if x is None else x for x in options[name])
    animation = Animation(self)
    if completion is not None and not callable(completion):
        raise TypeError(f"completion must be callable or None, not {type(completion).__name__}")
    animation.id = self.start_decay(item, velocity, completion=_on_end(animation, completion), **options)
    return animation


Animator.fling = fling


def animate_keyframes(self: Animator, duration: float = 0.25, *, mode: str = "linear",
                      completion: Optional[Callable[[bool], None]] = None, **options) -> _AnimateBlock:
    """A `with` block that records a keyframe animation (UIView.animateKeyframes):

        with animator.animate_keyframes(2.0, mode="cubic") as k:
            with k.keyframe(0.0, 0.5):
                ball.center = (100, 100)
            with k.keyframe(0.5, 0.5):
                ball.center = (200, 0)

    mode is 'linear' (each keyframe runs straight over its window, holding between windows),
    'paced' (windows ignored, even speed along the path) or 'cubic' (a Catmull-Rom spline
    through the values, reached at the ends of their windows). curve maps time to relative time
    (default 'linear'; springs are refused); delay, repeat_count, autoreverses and completion
    as in `animate`.
    """
    options["duration"] = duration
    options["mode"] = mode
    return _AnimateBlock(self, options, completion, keyframes=True)


Animator.animate_keyframes = animate_keyframes


class Timeline:
    """Animations on one time axis: `with animator.timeline() as t:` records every animation
    committed in the block as a segment starting at its delay; afterwards `t.seek(seconds)`
    shows any moment, `t.play()` and `t.pause()` run it. A segment animating a property an
    earlier segment animates starts from that segment's target."""

    __slots__ = ("_animator", "id")

    def __init__(self, animator: Animator) -> None:
        self._animator = animator
        self.id = 0

    def __enter__(self) -> "Timeline":
        self._animator.begin_timeline()
        return self

    def __exit__(self, kind, value, traceback) -> bool:
        if kind is not None and self._animator.is_valid and self._animator.is_recording_animation:
            self._animator.discard_animation()
        self.id = self._animator.commit_timeline()
        return False

    @property
    def duration(self) -> float:
        """When the last segment ends, in seconds."""
        return self._animator.timeline_duration(self.id)

    def seek(self, time: float) -> None:
        """Pause at `time` seconds (0...duration) and apply every property's value there."""
        self._animator.seek_timeline(self.id, time)

    def play(self) -> None:
        """Play from where it is."""
        self._animator.play_timeline(self.id)

    def pause(self) -> None:
        """Pause every running segment where it is."""
        self._animator.pause_timeline(self.id)

    def __del__(self) -> None:
        try:
            if self.id and self._animator.is_valid:
                self._animator.release_timeline(self.id)
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"<anima.Timeline id={self.id}>"


def timeline(self: Animator) -> Timeline:
    """A `with` block recording a timeline (see `Timeline`)."""
    return Timeline(self)


Animator.timeline = timeline


class Timing:
    """A timing (curve or spring) on its own, to sample, plot or export before animating.

        spring = anima.Timing(response=0.5, damping_fraction=0.6)
        spring.duration            # seconds until it settles
        spring.progress(0.1)       # 0 at the start, 1 at the target
        spring.css_linear()        # ('linear(0, 0.0385, ...)', seconds)

    Takes the same options as `Animator.animate`; bad options raise InvalidArgumentError.
    """

    __slots__ = ("_options",)

    def __init__(self, duration: float = 0.25, **options) -> None:
        options["duration"] = duration
        _anima.timing_duration(**options)   # validates
        self._options = options

    @property
    def duration(self) -> float:
        """Seconds one pass lasts (the settling time for a spring)."""
        return _anima.timing_duration(**self._options)

    def progress(self, t: float) -> float:
        """Progress t seconds into the pass: 0 at the start, 1 at the target."""
        return _anima.timing_evaluate(t, **self._options)[0]

    def velocity(self, t: float) -> float:
        """d progress / dt at t seconds, in distances per second."""
        return _anima.timing_evaluate(t, **self._options)[1]

    def css_linear(self, max_error: float = 0.001) -> tuple:
        """(css, seconds): a CSS linear() easing within max_error, and the CSS duration it needs."""
        return _anima.timing_css_linear(max_error, **self._options)

    def plot(self, ax=None, samples: int = 200):
        """Draw one pass with matplotlib (``pip install "anima[plot]"``); returns the Axes.

        Progress (0 at the start, 1 at the target) against time in seconds over
        ``duration``, sampled ``samples`` times (default 200), on ``ax`` (default a new
        figure's Axes); the velocity, d progress / dt in 1/s, as a dashed line on a second y
        axis sharing x (``ax.figure.axes``, after ``ax``).
        """
        from ._plot import plot_timing

        return plot_timing(self, ax, samples)

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"anima.Timing({options})"


Animator.animate = animate
