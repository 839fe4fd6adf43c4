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

import math
from typing import Any, Callable, Dict, Optional, Tuple

from . import _anima
from ._anima import Animator, Item
from ._types import InvalidArgumentError

_TIMING_OPTIONS = ("duration", "delay", "curve", "spring", "damping_ratio", "response", "damping_fraction",
                   "bounce", "initial_velocity", "repeat_count", "autoreverses", "stagger")
_PENNER = ("quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce")
_CURVES = ("ease_in_out", "ease_in", "ease_out", "linear") + tuple(
    family + kind for family in _PENNER for kind in ("_in", "_out", "_in_out"))


#: UIScrollView's deceleration rates (velocity kept per millisecond), by name.
_RATES = {"normal": 0.998, "fast": 0.99}


def deceleration_rate(rate: Any) -> Any:
    """A deceleration rate given by name ('normal', 'fast') as its number; anything else as it is
    (the library checks numbers)."""
    if isinstance(rate, str):
        if rate not in _RATES:
            raise InvalidArgumentError(f"rate must be 'normal', 'fast' or a number in (0, 1) (got {rate!r})")
        return _RATES[rate]
    return rate


def _numbers(value: Any, count: int, what: str, form: str) -> tuple:
    """count numbers from a sequence, as a tuple; TypeError names the form expected."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != count:
        raise TypeError(f"{what} must be a sequence of {count} numbers {form}, not {value!r}")
    return tuple(value)


def _timing_fields(function: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """The fields of the library's animation def for the options of `Animator.animate`."""
    unknown = [name for name in options if name not in _TIMING_OPTIONS]
    if unknown:
        raise TypeError(f"{function}() got an unexpected keyword argument '{unknown[0]}'")
    fields = {name: options[name] for name in ("duration", "delay", "repeat_count", "autoreverses", "stagger")
              if options.get(name) is not None}
    if "initial_velocity" in options:
        fields["spring_velocity"] = options["initial_velocity"]
    curve = options.get("curve")
    if isinstance(curve, str):
        if curve not in _CURVES:
            raise InvalidArgumentError(
                f"unknown curve {curve!r}: use 'ease_in_out', 'ease_in', 'ease_out', 'linear', a Penner name "
                "such as 'back_out' (quad, cubic, quart, quint, sine, expo, circ, back, elastic, bounce with _in, "
                "_out or _in_out), (x1, y1, x2, y2) or ('steps', count[, position])")
        fields["curve"] = curve
    elif isinstance(curve, tuple) and 2 <= len(curve) <= 3 and curve[0] == "steps":
        fields.update(curve="steps", steps_count=curve[1])
        if len(curve) == 3:
            fields["steps_position"] = curve[2]
    elif curve is not None:
        fields.update(curve="cubic_bezier", bezier=_numbers(curve, 4, "curve", "(x1, y1, x2, y2)"))
    springs = [name for name in ("spring", "damping_ratio", "response", "bounce") if options.get(name) is not None]
    if len(springs) > 1:
        raise InvalidArgumentError("give at most one of spring, damping_ratio, response and bounce")
    if options.get("damping_fraction") is not None and "response" not in springs:
        raise InvalidArgumentError("damping_fraction goes with response")
    if springs == ["spring"]:
        mass, stiffness, damping = _numbers(options["spring"], 3, "spring", "(mass, stiffness, damping)")
        fields.update(curve="spring", spring_mass=mass, spring_stiffness=stiffness, spring_damping=damping)
    elif springs == ["damping_ratio"]:
        fields.update(curve="spring_damping_ratio", spring_damping_ratio=options["damping_ratio"])
    elif springs == ["response"]:
        fields.update(curve="spring_response", spring_response=options["response"])
        if options.get("damping_fraction") is not None:
            fields["spring_damping_fraction"] = options["damping_fraction"]
    elif springs == ["bounce"]:
        fields.update(curve="spring_bounce", spring_bounce=options["bounce"])
    return fields


_DECAY_COMPONENTS = {"center": 2, "size": 2, "transform": 5, "alpha": 1}
_DECAY_OPTIONS = ("property", "rate", "time_constant", "snap", "lower", "upper", "bound_spring", "rest_distance")


def _components(values: Any, count: int, what: str, missing: float) -> list:
    """The components of a decay's property (None: missing), padded to the library's five."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{what} must be a sequence of {count} numbers, not {type(values).__name__}")
    if len(values) != count:
        raise InvalidArgumentError(f"{what} needs {count} component{'' if count == 1 else 's'} (got {len(values)})")
    return [missing if value is None else value for value in values] + [0.0] * (5 - count)


def _decay_fields(velocity: Any, options: Dict[str, Any], count: Optional[int] = None) -> Dict[str, Any]:
    """The fields of the library's decay def for the options of `Animator.fling` (`count`: a
    value's component count, which then stands for the property's)."""
    unknown = [name for name in options if name not in _DECAY_OPTIONS]
    if unknown:
        raise TypeError(f"fling() got an unexpected keyword argument '{unknown[0]}'")
    name = options.get("property", "center")
    if name not in _DECAY_COMPONENTS:
        raise InvalidArgumentError(f"property must be 'center', 'size', 'transform' or 'alpha' (got {name!r})")
    if count is None:
        count = _DECAY_COMPONENTS[name]
    fields: Dict[str, Any] = {"property": name, "velocity": _components(velocity, count, "velocity", math.nan)}
    rate = deceleration_rate(options.get("rate"))
    if rate is not None:
        fields["deceleration_rate"] = rate
    for option, field in (("time_constant", "time_constant"), ("snap", "snap_step")):
        if options.get(option) is not None:
            if options[option] == 0:
                raise InvalidArgumentError(f"{option} must be > 0")
            fields[field] = options[option]
    if options.get("lower") is not None or options.get("upper") is not None:
        fields["has_bounds"] = True
        for bound, missing in (("lower", -math.inf), ("upper", math.inf)):
            if options.get(bound) is not None:
                fields[bound] = _components(options[bound], count, bound, missing)
    if options.get("bound_spring") is not None:
        mass, stiffness, damping = _numbers(options["bound_spring"], 3, "bound_spring", "(mass, stiffness, damping)")
        fields.update(bound_spring_mass=mass, bound_spring_stiffness=stiffness, bound_spring_damping=damping)
    if options.get("rest_distance") is not None:
        fields["rest_distance"] = options["rest_distance"]
    return fields


class Animation:
    """A running view animation or fling, with UIViewPropertyAnimator's controls.

    `Animator.animate` yields one (it starts when the `with` block ends) and `Animator.fling`
    returns one. While it runs it can be paused, scrubbed (`fraction_complete`, while paused),
    reversed, continued with new timing and stopped. `position` says where it ended: 'end',
    'start' or 'current' (None while it runs); `finished` is True when it ran to its end.

        with animator.animate(1.0) as animation:
            ball.center = (160, 400)
        animation.pause()
        animation.fraction_complete = 0.5   # scrub to the middle
        animation.resume()
    """

    __slots__ = ("_animator", "_id", "position", "finished", "_ended")

    def __init__(self, animator: Animator) -> None:
        self._animator = animator
        self._id = 0
        self.position: Optional[str] = None
        self.finished: Optional[bool] = None
        self._ended: Optional[_Ended] = None

    @property
    def speed(self) -> float:
        """The playback rate: 1 (the default) runs in real time, 2 twice as fast; set it (0 < speed
        <= 1000) to change the rate from where the animation is."""
        return self._animator._animation_speed(self._id)

    @speed.setter
    def speed(self, speed: float) -> None:
        self._animator._set_animation_speed(self._id, speed)

    def add_completion(self, completion: Callable[[bool], None]) -> None:
        """Call `completion(finished)` when the animation ends too, after its own completion and
        those added before (UIViewPropertyAnimator.addCompletion)."""
        if not callable(completion):
            raise TypeError(f"completion must be callable, not {type(completion).__name__}")
        if self._ended is None:
            ended = _on_end(self, None)
            self._animator._set_completion(self._id, ended)
        self._ended.more.append(completion)  # type: ignore[union-attr]

    def add_animations(self, delay_factor: float = 0.0,
                       completion: Optional[Callable[[bool], None]] = None) -> "_AddBlock":
        """A `with` block whose property and value changes join this running animation
        (UIViewPropertyAnimator.addAnimations(_:delayFactor:)): each runs from its value then to
        its target with this animation's timing, waiting delay_factor (0...1) x the time left and
        ending with it. `completion` is added as `add_completion` adds one.

            with animation.add_animations(delay_factor=0.5):
                ball.alpha = 0.0
        """
        return _AddBlock(self, delay_factor, completion)

    def state(self, target: Any, property: Optional[str] = None) -> Tuple[Any, Any]:
        """(value, velocity) of what the animation does now to an item's property
        (`state(item, 'center')`) or to an `anima.Value` (`state(value)`): shaped as the
        property or the value is, the velocity in units per second (zeros while paused).
        NotFoundError when it does not animate that."""
        from ._anima import Value

        if isinstance(target, Value):
            count = target.count
            shown = self._animator._animation_value_state(self._id, target, False)[:count]
            rate = self._animator._animation_value_state(self._id, target, True)[:count]
            return (shown[0], rate[0]) if count == 1 else (tuple(shown), tuple(rate))
        name = property if property is not None else "center"
        count = _DECAY_COMPONENTS.get(name, 5)
        shown = self._animator._animation_property_state(self._id, target, name, False)[:count]
        rate = self._animator._animation_property_state(self._id, target, name, True)[:count]
        return (shown[0], rate[0]) if count == 1 else (tuple(shown), tuple(rate))

    @property
    def is_active(self) -> bool:
        """True while the animation runs (not ended, not cancelled); a paused one is active."""
        return self._id != 0 and self._animator.is_valid and self._animator._is_animation_active(self._id)

    @property
    def is_paused(self) -> bool:
        """True while paused."""
        return self._animator._animation_paused(self._id)

    @property
    def is_reversed(self) -> bool:
        """True while it runs backward toward its start; set to reverse it (default False)."""
        return self._animator._animation_reversed(self._id)

    @is_reversed.setter
    def is_reversed(self, reversed: bool) -> None:
        self._animator._set_animation_reversed(self._id, reversed)

    @property
    def fraction_complete(self) -> float:
        """The share (0...1) of its time elapsed; set it while paused to scrub."""
        return self._animator._animation_fraction(self._id)

    @fraction_complete.setter
    def fraction_complete(self, fraction: float) -> None:
        self._animator._set_animation_fraction(self._id, fraction)

    def pause(self) -> None:
        """Hold where it is (a paused animation does not keep the animator running)."""
        self._animator._pause_animation(self._id)

    def resume(self) -> None:
        """Run on from where it is (UIViewPropertyAnimator.startAnimation after a pause)."""
        self._animator._resume_animation(self._id)

    def continue_animation(self, duration_factor: float = 1.0, **timing: Any) -> None:
        """Run on with new timing (options as `Animator.animate`; none keeps the curve) over the
        remaining time x duration_factor (default 1); a spring continues at the current velocity."""
        fields = _timing_fields("continue_animation", timing) if timing else {}
        self._animator._continue_animation(self._id, duration_factor, bool(fields), **fields)

    def stop(self, position: str = "current") -> None:
        """Stop, leaving the properties at 'end', 'start' or 'current' (the default); the
        completion gets finished = (position == 'end') at the next step."""
        self._animator._stop_animation(self._id, position)

    def keyframe(self, start: float, duration: float, *, kind: Optional[str] = None, curve: Any = None,
                 damping_ratio: Optional[float] = None) -> "_Keyframe":
        """Inside `animate_keyframes`: `with animation.keyframe(0.25, 0.5): ...` reaches the values
        set in the block over relative times start...start + duration (UIView.addKeyframe).

        In the 'linear' mode a keyframe can say how it is reached (SwiftUI's keyframe types):
        kind='linear' with a curve (LinearKeyframe: straight, eased by `curve`, any curve
        `animate` takes), 'cubic' (CubicKeyframe: along the Catmull-Rom spline through its
        neighbours), 'spring' with damping_ratio (SpringKeyframe: a spring of that damping,
        0 < z <= 1, built to settle at the window's end) or 'move' (MoveKeyframe: at once)."""
        return _Keyframe(self._animator, start, duration, kind, curve, damping_ratio)

    def cancel(self) -> None:
        """Stop where it is; the completion gets False at the next step. Ignored once ended."""
        if self._id != 0:
            self._animator._cancel_animation(self._id)

    def __repr__(self) -> str:
        if self._id == 0:
            state = "recording"
        elif self.position is not None:
            state = f"ended at {self.position}"
        else:
            state = "active" if self.is_active else "ending"
        return f"<anima.Animation {state}>"


class _Ended:
    """The engine's completion of an animation: records how it ended, then calls the user's.
    A class rather than a closure, so that an animator with running animations pickles."""

    __slots__ = ("animation", "completion", "more")

    def __init__(self, animation: Animation, completion: Optional[Callable[[bool], None]]) -> None:
        self.animation = animation
        self.completion = completion
        self.more: list = []
        animation._ended = self

    def __call__(self, finished: bool, position: str) -> None:
        self.animation.finished = finished
        self.animation.position = position
        if self.completion is not None:
            self.completion(finished)
        for completion in self.more:
            completion(finished)


def _on_end(animation: Animation, completion: Optional[Callable[[bool], None]]) -> _Ended:
    """The engine's completion for `animation`; TypeError for a completion that is not callable."""
    if completion is not None and not callable(completion):
        raise TypeError(f"completion must be callable or None, not {type(completion).__name__}")
    return _Ended(animation, completion)


#: A keyframe's kinds (anima_keyframe_kind), by name.
_KEYFRAME_KINDS = {"linear": 0, "cubic": 1, "spring": 2, "move": 3}


class _Keyframe:
    """The window of one keyframe; values set inside are reached over it."""

    __slots__ = ("_animator",)

    def __init__(self, animator: Animator, start: float, duration: float, kind: Optional[str] = None,
                 curve: Any = None, damping_ratio: Optional[float] = None) -> None:
        self._animator = animator
        if kind is None and curve is None and damping_ratio is None:
            animator._add_keyframe(start, duration)
            return
        kind = kind if kind is not None else ("spring" if damping_ratio is not None else "linear")
        if kind not in _KEYFRAME_KINDS:
            raise InvalidArgumentError(f"kind must be 'linear', 'cubic', 'spring' or 'move' (got {kind!r})")
        if curve is not None and kind != "linear":
            raise InvalidArgumentError(f"curve goes with kind='linear', not {kind!r}")
        if damping_ratio is not None and kind != "spring":
            raise InvalidArgumentError(f"damping_ratio goes with kind='spring', not {kind!r}")
        fields = _timing_fields("keyframe", {"curve": curve}) if curve is not None else {}
        ratio = 1.0 if damping_ratio is None else damping_ratio
        animator._add_keyframe_timed(start, duration, _KEYFRAME_KINDS[kind], ratio, curve is not None, **fields)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        # values set after the block span the whole duration again
        if self._animator.is_valid and self._animator.is_recording_animation:
            self._animator._add_keyframe(0.0, 1.0)


#: The options of `Animator.animate` beyond the timing, as anima_animation_options' fields.
_OPTION_FIELDS = {"rest_threshold": "rest_threshold", "clamp": "clamps_spring", "scrubs_linearly": "scrubs_linearly",
                  "pauses_on_completion": "pauses_on_completion"}


class _AnimateBlock:
    __slots__ = ("_animator", "_fields", "_mode", "_animation", "_ended", "_options")

    def __init__(self, animator: Animator, function: str, options: Dict[str, Any],
                 completion: Optional[Callable[[bool], None]], mode: Optional[str] = None) -> None:
        self._animator = animator
        self._animation = Animation(animator)
        self._ended = _on_end(self._animation, completion)
        given = {name: options.pop(name) for name in list(options) if name in _OPTION_FIELDS}
        self._options = {_OPTION_FIELDS[name]: value for name, value in given.items() if value is not None}
        if self._options.get("rest_threshold") == 0:
            raise InvalidArgumentError("rest_threshold must be > 0 (None for the default)")
        self._fields = _timing_fields(function, options)
        self._mode = mode

    def __enter__(self) -> Animation:
        if self._mode is not None:
            self._animator._begin_keyframes(self._mode, **self._fields)
        else:
            self._animator._begin_animation(**self._fields)
        if self._options:
            try:
                self._animator._set_animation_options(**self._options)
            except BaseException:
                self._animator._discard_animation()
                raise
        return self._animation

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is not None:
            # the block failed: nothing it recorded takes effect
            if self._animator.is_valid and self._animator.is_recording_animation:
                self._animator._discard_animation()
            return
        self._animation._id = self._animator._commit_animation(self._ended)


class _AddBlock:
    """The `with` block of `Animation.add_animations`."""

    __slots__ = ("_animation", "_delay_factor", "_completion")

    def __init__(self, animation: Animation, delay_factor: float, completion: Optional[Callable[[bool], None]]) -> None:
        if completion is not None and not callable(completion):
            raise TypeError(f"completion must be callable or None, not {type(completion).__name__}")
        self._animation = animation
        self._delay_factor = delay_factor
        self._completion = completion

    def __enter__(self) -> Animation:
        self._animation._animator._begin_adding(self._animation._id, self._delay_factor)
        return self._animation

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        animator = self._animation._animator
        if kind is not None:
            if animator.is_valid and animator.is_recording_animation:
                animator._discard_animation()
            return
        animator._commit_animation(None)
        if self._completion is not None:
            self._animation.add_completion(self._completion)


def animate(self: Animator, duration: float = 0.25, *, completion: Optional[Callable[[bool], None]] = None,
            **options: Any) -> _AnimateBlock:
    """A `with` block that records one view animation (UIView.animate(withDuration:...)).

        with animator.animate(0.5, curve="back_out") as animation:
            ball.center = (160, 284)
            ball.alpha = 1.0

    Inside the block, setting an item's center, size, transform or alpha records a target;
    when the block ends the animation starts from the current values (a property already
    animating is taken over from where it is) and the block's `Animation` controls it.

    duration and delay are seconds (>= 0; defaults 0.25 and 0). curve is 'ease_in_out'
    (UIKit's default), 'ease_in', 'ease_out', 'linear', a Penner curve such as 'back_out' or
    'elastic_in_out' (quad, cubic, quart, quint, sine, expo, circ, back, elastic, bounce with
    _in, _out or _in_out), the (x1, y1, x2, y2) control points of a CSS cubic-bezier, or
    ('steps', count[, 'jump_end' | 'jump_start' | 'jump_none' | 'jump_both']). Springs replace
    the curve: spring=(mass, stiffness, damping) (CASpringAnimation; runs until it settles),
    damping_ratio=z (UIKit: settles at `duration`), response=r with damping_fraction=f
    (SwiftUI; default 0.825), or bounce=b (SwiftUI's Spring(duration:bounce:));
    initial_velocity is the start speed in distances per second (default 0). repeat_count > 0
    (default 1; math.inf for ever); autoreverses runs each pass back again; stagger (s) delays
    each item after the first set. completion(finished) is called once at the end: True if it
    ran to its end, False if cancelled or taken over.

    Springs take rest_threshold (the distance from the target, in the property's units, within
    which it ends; default min(0.1 % of the distance, the property's visible change)) and
    clamp=True (end at the first crossing of the target, never overshooting; one pass).
    scrubs_linearly (default True, as UIKit) makes `fraction_complete` move the properties
    linearly while paused; pauses_on_completion=True holds the animation, paused, at its end
    (or its start when reversed) with its completion waiting, until it is stopped.
    """
    options["duration"] = duration
    return _AnimateBlock(self, "animate", options, completion)


def fling(self: Animator, item: Any, velocity: Any, *, completion: Optional[Callable[[bool], None]] = None,
          **options: Any) -> Animation:
    """Start a fling (decay animation) of one property of `item` and return its `Animation`.

        animator.fling(card, (0, -1500), rate="normal", snap=100, lower=(None, 0))

    Each component coasts at `velocity` (units/s), slowing as e^(-lambda t) with UIScrollView's
    rate ('normal' 0.998 (the default) or 'fast' 0.99 kept per millisecond, or a number in
    (0, 1)) or a time_constant tau in seconds (lambda = 1 / tau), and rests at
    x0 + v0 / lambda, snapped ahead to a multiple of `snap` if given. lower/upper are
    per-component bounds (None for unbounded) where bound_spring=(mass, stiffness, damping)
    (default critical, 0.4 s response) catches the motion with its exact velocity. property is
    'center' (default), 'size', 'transform' (5 components) or 'alpha'; it ends when every
    component is within rest_distance (default 0.1) of where it rests.
    """
    animation = Animation(self)
    ended = _on_end(animation, completion)
    if isinstance(item, Item) and item.animator is not self:
        raise InvalidArgumentError("the item belongs to another animator")
    animation._id = self._start_decay(item, **_decay_fields(velocity, options))
    self._set_completion(animation._id, ended)
    return animation


def animate_keyframes(self: Animator, duration: float = 0.25, *, mode: str = "linear",
                      completion: Optional[Callable[[bool], None]] = None, **options: Any) -> _AnimateBlock:
    """A `with` block that records a keyframe animation (UIView.animateKeyframes):

        with animator.animate_keyframes(2.0, mode="cubic") as k:
            with k.keyframe(0.0, 0.5):
                ball.center = (100, 100)
            with k.keyframe(0.5, 0.5):
                ball.center = (200, 0)

    mode is 'linear' (the default: each keyframe runs straight over its window, holding
    between windows; `keyframe` can give each its own timing), 'paced' (windows ignored, even
    speed along the path), 'cubic' (a Catmull-Rom spline through the values, reached at the
    ends of their windows), 'discrete' (each value appears at the start of its window and
    holds) or 'cubic_paced' (windows ignored, even speed along the cubic spline). curve maps
    time to relative time (default 'linear'; springs are refused); delay, repeat_count,
    autoreverses and completion as in `animate`.
    """
    options["duration"] = duration
    options.setdefault("curve", "linear")
    return _AnimateBlock(self, "animate_keyframes", options, completion, mode)


class Timeline:
    """Animations on one time axis: `with animator.timeline() as t:` records every animation
    committed in the block as a segment starting at its delay; afterwards `t.seek(seconds)`
    shows any moment, `t.play()` and `t.pause()` run it. A segment animating a property an
    earlier segment animates starts from that segment's target.

        with animator.timeline() as t:
            with animator.animate(1.0):
                ball.center = (160, 400)
            with animator.animate(1.0, delay=1.0):
                ball.alpha = 0.0
        t.seek(1.5)          # the ball at the bottom, half faded
    """

    __slots__ = ("_animator", "_id")

    def __init__(self, animator: Animator) -> None:
        self._animator = animator
        self._id = 0

    def __enter__(self) -> "Timeline":
        self._animator._begin_timeline()
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is not None and self._animator.is_valid and self._animator.is_recording_animation:
            self._animator._discard_animation()
        self._id = self._animator._commit_timeline()

    @property
    def duration(self) -> float:
        """When the last segment ends, in seconds."""
        return self._animator._timeline_duration(self._id)

    def seek(self, time: float) -> None:
        """Pause at `time` seconds (0...duration) and apply every property's value there."""
        self._animator._seek_timeline(self._id, time)

    def play(self) -> None:
        """Play from where it is."""
        self._animator._play_timeline(self._id)

    def pause(self) -> None:
        """Pause every running segment where it is."""
        self._animator._pause_timeline(self._id)

    def __del__(self) -> None:
        try:
            if self._id and self._animator.is_valid:
                self._animator._release_timeline(self._id)
        except Exception:
            pass

    def __repr__(self) -> str:
        state = "recording" if self._id == 0 else f"{self.duration:g} s"
        return f"<anima.Timeline {state}>"


def timeline(self: Animator) -> Timeline:
    """A `with` block recording a timeline (see `Timeline`)."""
    return Timeline(self)


class Timing:
    """A timing (curve or spring) on its own, to sample, plot or export before animating.

        spring = anima.Timing(response=0.5, damping_fraction=0.6)
        spring.duration            # seconds until it settles
        spring.progress(0.1)       # 0 at the start, 1 at the target
        spring.css_linear()        # ('linear(0, 0.0385, ...)', seconds)

    Takes the same options as `Animator.animate` (duration 0.25 s by default); bad options
    raise InvalidArgumentError.
    """

    __slots__ = ("_options", "_fields")

    def __init__(self, duration: float = 0.25, **options: Any) -> None:
        options["duration"] = duration
        self._fields = _timing_fields("Timing", options)
        self._options = options
        _anima._timing_duration(**self._fields)   # validates

    @property
    def duration(self) -> float:
        """Seconds one pass lasts (the settling time for a spring)."""
        return _anima._timing_duration(**self._fields)

    def progress(self, t: float) -> float:
        """Progress t seconds into the pass: 0 at the start, 1 at the target."""
        return _anima._timing_evaluate(t, **self._fields)[0]

    def velocity(self, t: float) -> float:
        """d progress / dt at t seconds, in distances per second."""
        return _anima._timing_evaluate(t, **self._fields)[1]

    def css_linear(self, max_error: float = 0.001) -> Tuple[str, float]:
        """(css, seconds): a CSS linear() easing within max_error (default 0.001), and the CSS
        duration it needs."""
        return _anima._timing_css_linear(max_error, **self._fields)

    def plot(self, ax: Any = None, samples: int = 200) -> Any:
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
Animator.animate_keyframes = animate_keyframes
Animator.fling = fling
Animator.timeline = timeline
