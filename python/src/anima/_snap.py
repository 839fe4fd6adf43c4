"""Snap's methods written in Python (the C half is snap.c): its constructor, Snap(item, point), which takes the
animator from the item."""

from __future__ import annotations

from ._anima import Item, Snap
from ._extend import animator_of, extends


@extends(Snap)
class _Snap:
    """Moves an item to point = (x, y) on a 4 Hz spring and turns it upright
    (UISnapBehavior); with the default damping of 0.5 it overshoots a little
    and rests within about a second. The animator is taken from the item.
    """

    def __init__(self: Snap, item: Item, point: tuple[float, float]) -> None:
        """Snap `item` to `point` = (x, y) in points; damping starts at 0.5 (UIKit's).

            >>> snap = anima.Snap(ball, (160, 240))
            >>> anim.add_behavior(snap)
            >>> snap.point = (80, 100)   # the item follows, and the animator wakes
        """
        self._create(animator_of(("item", item)), item, point)
