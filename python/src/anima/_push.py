"""Push's Python half (the C half is push.c): the class's docstring."""

from __future__ import annotations

from ._anima import Push
from ._extend import extends


@extends(Push)
class _Push:
    """Pushes its items (UIPushBehavior) with a force F = 100 x magnitude along angle
    (radians; 0 = +x, pi/2 = down), so an item of mass m accelerates at
    100 x magnitude / m pt/s^2. mode='continuous' pushes at every step while
    active; mode='instantaneous' changes the velocity once by 100 x magnitude / m
    pt/s at the next step, then turns inactive. A target offset off an item's
    centre also turns it. The animator is taken from the items; pass animator=
    when items is empty.
    """
