"""Gravity's methods written in Python (the C half is gravity.c): its constructor, which takes an angle and a
magnitude as well as a direction."""

from __future__ import annotations

from typing import Iterable

from ._anima import Animator, Gravity, Item
from ._types import finite
from ._extend import extends

#: The extension's constructor of Gravity, Gravity(items, *, direction=None, animator=None).
_make_gravity = Gravity.__init__


@extends(Gravity)
class _Gravity:
    """Accelerates its items at magnitude x 1000 pt/s^2 along its direction,
    whatever their mass (UIGravityBehavior). Default direction (0, 1): angle pi/2,
    magnitude 1. Give either direction or angle and/or magnitude. The animator is
    taken from the items; pass animator= when items is empty.
    """

    def __init__(self: Gravity, items: Iterable[Item], *, direction: tuple[float, float] | None = None,
                 angle: float | None = None, magnitude: float | None = None, animator: Animator | None = None) -> None:
        """Gravity on `items` along direction = (dx, dy) (1 = 1000 pt/s^2; default (0, 1)),
        or along angle (radians, pi/2 = down) with magnitude (1.0 = 1000 pt/s^2).

            >>> anim.add_behavior(anima.Gravity([ball], angle=math.pi / 2, magnitude=0.5))
        """
        if direction is not None and (angle is not None or magnitude is not None):
            raise TypeError("Gravity() takes direction or angle/magnitude, not both")
        for value, name in ((angle, "angle"), (magnitude, "magnitude")):
            if value is not None:
                finite(value, name)
        if direction is None:
            _make_gravity(self, items, animator=animator)
        else:
            _make_gravity(self, items, direction=direction, animator=animator)
        try:
            if angle is not None and magnitude is not None:
                self.set_angle(angle, magnitude)
            elif angle is not None:
                self.angle = angle
            elif magnitude is not None:
                self.magnitude = magnitude
        except BaseException:
            self.destroy()
            raise
