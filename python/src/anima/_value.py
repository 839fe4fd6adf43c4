"""Value's methods written in Python: flings, many values read at once, the repr, pickling."""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Tuple

from ._anima import Animator, Value
from ._extend import extends, type_name
from ._types import AnimaError, InvalidArgumentError, StaleHandleError

if TYPE_CHECKING:
    import numpy
    import numpy.typing

    from .animation import Animation


class _Value:
    """An animated value: 1 to 4 numbers (a scroll offset, a sheet's height, a point, a size, a
    rect, a colour) that the animator's view animations move as they move an item's properties,
    on the same clock as its physics.

        offset = anima.Value(animator, 0.0)
        with animator.animate(0.5, spring=(1, 300, 30)):
            offset.value = 480.0
        colour = anima.Value(animator, (1, 0, 0, 1), space="oklab")

    Every timing applies: curves, springs, keyframes, timelines, staggers (a value counts as an
    item) and flings (`fling`); so do the `Animation` controls, and a spring taking over a
    moving value keeps each component's velocity. `space` picks where components mix:
    'components' (as they are, the default) or, for an sRGB colour (red, green, blue and an
    optional alpha, each 0...1), 'srgb', 'linear_srgb' or 'oklab' (CSS Color 4's default:
    perceptually even), with alpha premultiplied as CSS does. `visible_change` (default 0.1, or
    0.001 for a colour) is the smallest change a user sees: a spring rests once every component
    stays within min(0.1 % of its distance, visible_change). `bounds=(lower, upper)` hold every
    component (default +-1e9, a colour 0...1): an overshooting spring or a fling stops there.

    `on_change(value, new_value)` runs in every step an animation changed the value (a
    libadwaita callback target). Values are in snapshots, pickles and copies of their animator
    (`Animator.values` finds them there, in creation order).
    """

    def __repr__(self: Value) -> str:
        try:
            shown = f"{self.value!r}"
            space = self.space
        except AnimaError:
            return f"<{type_name(self)} (destroyed)>"
        return f"<{type_name(self)} {shown}{'' if space == 'components' else f' space={space!r}'}>"

    def __reduce__(self: Value) -> Tuple[Any, ...]:
        # A value travels as its animator and its place among the animator's values (creation
        # order, which a snapshot keeps): unpickled or copied with its animator, it is that
        # animator's value, as an Item is (anima/_snapshot.py). Its on_change travels with the
        # animator, not with the value.
        if type(self) is not Value:
            raise TypeError(f"cannot pickle {type_name(self)}: only anima.Value itself travels with its animator")
        if not self.is_valid:
            raise StaleHandleError("cannot pickle a destroyed value")
        animator = self.animator
        return (_value_at, (animator, animator.values.index(self)))

    def fling(self: Value, velocity: Any, *, completion: Optional[Callable[[bool], None]] = None,
              **options: Any) -> Animation:
        """Fling the value (a decay animation, as `Animator.fling`) and return its `Animation`.

            offset.fling(-2400, rate="normal", upper=0)

        velocity is in the value's units per second (a number, or one per component); the
        options are `Animator.fling`'s but `property`: rate, time_constant, snap, lower,
        upper, bound_spring, rest_distance. A colour cannot be flung (InvalidArgumentError).
        """
        from .animation import Animation, _decay_fields, _on_end

        if "property" in options:
            raise TypeError("fling() got an unexpected keyword argument 'property'")
        count = self.count
        shaped = [velocity] if isinstance(velocity, numbers.Real) else velocity
        for bound in ("lower", "upper"):
            if isinstance(options.get(bound), numbers.Real):
                options[bound] = [options[bound]] * count
        animator = self.animator
        animation = Animation(animator)
        ended = _on_end(animation, completion)
        fields = _decay_fields(shaped, options, count=count)
        fields.pop("property", None)
        animation._id = animator._fling_value(self, **fields)  # type: ignore[attr-defined]
        animator._set_completion(animation._id, ended)  # type: ignore[attr-defined]
        return animation


# Installed without rebinding the name (as _snapshot.py installs _WrapperValue): _Value stays the
# plain class its source declares, so the stub checker finds the methods where the stub declares
# them, on anima.Value.
extends(Value)(_Value)


def read_values(values: Iterable[Value]) -> numpy.typing.NDArray[numpy.float64]:
    """The components of many values of one animator in one call: a read-only numpy float64
    array of shape (n, 4), a row per value, components past a value's count 0.

        rows = anima.read_values(progress_bars)   # rows[:, 0] is each bar's progress
    """
    import numpy

    listed = tuple(values)
    if not listed:
        empty = numpy.zeros((0, 4))
        empty.flags.writeable = False
        return empty
    for v in listed:
        if not isinstance(v, Value):
            raise TypeError(f"values must be anima.Value objects, not {type(v).__name__}")
    animator = listed[0].animator
    if any(v.animator is not animator for v in listed):
        raise InvalidArgumentError("the values belong to more than one animator")
    data = animator._read_values(listed)  # type: ignore[attr-defined]
    return numpy.frombuffer(data, dtype=numpy.float64).reshape(-1, 4)



def _value_at(animator: Animator, index: int) -> Value:
    """The animator's value at `index` in creation order (pickle's constructor of a Value)."""
    return animator.values[index]  # type: ignore[attr-defined, no-any-return]
