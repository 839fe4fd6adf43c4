"""Attachment's constructors and repr, written in Python.

Which arguments go together is decided here; the extension's `Attachment._create` converts
and checks every value and makes the C attachment.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Type, TypeVar

from ._anima import Attachment, Item
from ._types import AnimaError
from ._extend import animator_of, extends
from ._behavior import describe

_A = TypeVar("_A", bound=Attachment)
_Pair = Any

#: What an attachment's repr shows, by type.
_SHOWN = {
    "anchor": ("type", "anchor_point", "length", "frequency", "damping"),
    "items": ("type", "length", "frequency", "damping"),
    "pin": ("type", "anchor_point", "friction_torque"),
    "fixed": ("type", "anchor_point"),
    "limit": ("type", "length"),
    "sliding": ("type", "anchor_point"),
}


def _make(self: _A, type: str, item: Item, other: Optional[Item] = None, *, anchor: _Pair = (0, 0),
          offset: _Pair = (0, 0), other_offset: _Pair = (0, 0), axis: _Pair = (1, 0), length: Any = None,
          frequency: Any = 0.0, damping: Any = 0.0, friction_torque: Any = 0.0) -> _A:
    other_name = "to" if type == "items" else "other"
    if other is None and type not in ("anchor", "sliding"):
        raise TypeError(f"{other_name} must be an anima.Item, not NoneType")
    animator = animator_of(("item", item), (other_name, other))
    self._create(animator, type, item, other, anchor, offset, other_offset, axis, length, frequency, damping,
                 friction_torque)
    return self


def _drive(made: _A, motor_speed: Any, max_motor_force: Any, frequency: Any, damping: Any, rest: Any) -> _A:
    """Sets the motor and joint spring a pin or sliding classmethod was given (the defaults
    are the attachment's own, so only what differs is set)."""
    for name, value in (("motor_speed", motor_speed), ("max_motor_force", max_motor_force),
                        ("joint_spring_frequency", frequency), ("joint_spring_damping", damping),
                        ("joint_spring_rest", rest)):
        if value != 0.0:
            setattr(made, name, value)
    return made


@extends(Attachment)
class _Attachment:
    """Ties an item to an anchor point or to another item (UIAttachmentBehavior).
    Give exactly one of anchor=(x, y), a point of the reference space, or
    to=other, a second item of the same animator. offset (and other_offset, with
    to=) is the attachment point on the item, from its centre, in the item's own
    coordinates (it turns with the item). length=None keeps the distance between
    the attachment points at creation. frequency=0 makes a rigid rod; a frequency
    in Hz with a damping ratio makes a spring. The classmethods pin(), fixed(),
    limit() and sliding() make the other kinds of attachment (UIKit's pin, fixed,
    limit and sliding attachments). The animator is taken from the item(s).
    """

    @property
    def offset(self: Attachment) -> tuple[float, float]:
        """The attachment point on the item (x, y), in points from its centre, in the item's own
        coordinates, fixed at creation (read-only): with the item's center and rotation it gives
        where the attachment pulls. A pin's, fixed's and sliding's is where the anchor was."""
        x, y, _, _ = self._offsets
        return (x, y)

    @property
    def other_offset(self: Attachment) -> tuple[float, float]:
        """The attachment point on the second item, as offset (read-only); (0, 0) without one."""
        _, _, x, y = self._offsets
        return (x, y)

    def __init__(self: Attachment, item: Item, anchor: Optional[_Pair] = None, *, to: Optional[Item] = None,
                 offset: _Pair = (0, 0), other_offset: Optional[_Pair] = None, length: Optional[float] = None,
                 frequency: float = 0.0, damping: float = 0.0) -> None:
        """Attach `item` to the point `anchor` = (x, y), or to the item `to`.

        offset (and other_offset, with to=) is where on the item, from its centre in its own
        coordinates; length in points (None: the distance at creation); frequency in Hz (0, the
        default, is a rigid rod) and damping ratio (default 0) make a spring.

            >>> rope = anima.Attachment(ball, (160, 0))                     # a rod to a point
            >>> spring = anima.Attachment(ball, to=star, frequency=1.0, damping=0.3)
        """
        if anchor is not None and to is not None:
            raise TypeError("Attachment() takes an anchor point (anchor=) or another item (to=), not both")
        if anchor is None and to is None:
            raise TypeError("Attachment() needs an anchor point (anchor=) or another item (to=); "
                            "use Attachment.pin() for a pin")
        if to is None and other_offset is not None:
            raise TypeError("Attachment() takes other_offset= only with to=")
        if to is None:
            _make(self, "anchor", item, anchor=anchor, offset=offset, length=length, frequency=frequency,
                  damping=damping)
        else:
            _make(self, "items", item, to, offset=offset, other_offset=other_offset or (0, 0), length=length,
                  frequency=frequency, damping=damping)

    @classmethod
    def pin(cls: Type[_A], item: Item, other: Item, anchor: _Pair, *, friction_torque: float = 0.0,
            motor_speed: float = 0.0, max_motor_force: float = 0.0, joint_spring_frequency: float = 0.0,
            joint_spring_damping: float = 0.0, joint_spring_rest: float = 0.0) -> _A:
        """Pin two items of one animator together at anchor = (x, y), a point of the
        reference space: each keeps the point where it was pinned, and both turn about it
        like a hinge (UIKit's pinAttachment). friction_torque (>= 0, in mass x pt^2 / s^2,
        default 0) resists their turning relative to each other; `range` limits the angle.
        A motor turns item relative to other at motor_speed (rad/s) with at most
        max_motor_force of torque; a joint spring (joint_spring_frequency in Hz,
        joint_spring_damping, joint_spring_rest in radians from the pose at creation) pulls
        the angle toward its rest (the properties of those names). Returns an Attachment of
        type 'pin' (an instance of the class it is called on; __init__ is not called).

            >>> door = anima.Attachment.pin(frame, panel, (100, 0))
            >>> sprung = anima.Attachment.pin(frame, panel, (100, 0), joint_spring_frequency=4)
        """
        made = _make(Attachment.__new__(cls), "pin", item, other, anchor=anchor, friction_torque=friction_torque)
        return _drive(made, motor_speed, max_motor_force, joint_spring_frequency, joint_spring_damping,
                      joint_spring_rest)

    @classmethod
    def fixed(cls: Type[_A], item: Item, other: Item, anchor: _Pair) -> _A:
        """Fuse two items of one animator at anchor = (x, y), a point of the reference
        space (UIKit's fixedAttachment): they keep their relative position and angle, moving
        and turning as one body, and welded items do not collide with each other. Returns an
        Attachment of type 'fixed' (an instance of the class it is called on; __init__ is
        not called)."""
        return _make(Attachment.__new__(cls), "fixed", item, other, anchor=anchor)

    @classmethod
    def limit(cls: Type[_A], item: Item, other: Item, *, offset: _Pair = (0, 0),
              other_offset: _Pair = (0, 0), minimum_length: float = 0.0) -> _A:
        """Tie two items of one animator together with a rope between offset on item and
        other_offset on other (each from its item's centre, in the item's own coordinates;
        UIKit's limitAttachment). The rope's length is the distance between those points at
        creation: the items may come closer but never get farther apart, and with a
        minimum_length (points, at most the length; default 0) never closer than that
        either (pymunk's SlideJoint, Box2D's distance joint with limits). Returns an
        Attachment of type 'limit' (an instance of the class it is called on; __init__ is
        not called)."""
        made = _make(Attachment.__new__(cls), "limit", item, other, offset=offset, other_offset=other_offset)
        if minimum_length != 0.0:
            made.minimum_length = minimum_length
        return made

    @classmethod
    def sliding(cls: Type[_A], item: Item, anchor: _Pair, axis: _Pair, *, other: Optional[Item] = None,
                motor_speed: float = 0.0, max_motor_force: float = 0.0, joint_spring_frequency: float = 0.0,
                joint_spring_damping: float = 0.0, joint_spring_rest: float = 0.0) -> _A:
        """Let an item slide along a line through anchor = (x, y), in the direction
        axis = (dx, dy) (non-zero), without turning (UIKit's slidingAttachment). With
        other=None the line is fixed in the reference space; with another item of the same
        animator, axis is in that item's own coordinates and the line moves and turns with
        it, and the two items keep their relative angle. `range` limits how far (in points)
        the item may slide from where it started. A motor drives it along the axis at
        motor_speed (pt/s) with at most max_motor_force; a joint spring pulls it toward
        joint_spring_rest (points from where it started): a sprung drawer. Returns an
        Attachment of type 'sliding' (an instance of the class it is called on; __init__ is
        not called)."""
        made = _make(Attachment.__new__(cls), "sliding", item, other, anchor=anchor, axis=axis)
        return _drive(made, motor_speed, max_motor_force, joint_spring_frequency, joint_spring_damping,
                      joint_spring_rest)

    def __repr__(self: Attachment) -> str:
        try:
            shown, (lower, upper), max_force = _SHOWN.get(self.type, ("type",)), self.range, self.max_force
        except AnimaError:
            return describe(self, (), False)
        extra = [f"range={(lower, upper)!r}"] if math.isfinite(lower) or math.isfinite(upper) else []
        extra += [f"max_force={max_force!r}"] if math.isfinite(max_force) else []
        if self.type in ("pin", "sliding"):
            if self.max_motor_force > 0:
                extra += [f"motor_speed={self.motor_speed!r} max_motor_force={self.max_motor_force!r}"]
            if self.joint_spring_frequency > 0:
                extra += [f"joint_spring_frequency={self.joint_spring_frequency!r}"
                          f" joint_spring_rest={self.joint_spring_rest!r}"]
        elif self.type == "limit" and self.minimum_length > 0:
            extra += [f"minimum_length={self.minimum_length!r}"]
        return describe(self, shown, False, " ".join(extra))
