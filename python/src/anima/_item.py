"""Item's methods written in Python: bounds and the repr."""

from __future__ import annotations

from ._anima import Item
from ._types import AnimaError
from ._extend import extends, type_name


@extends(Item)
class _Item:
    """A dynamic item (UIDynamicItem) in an animator. It moves once a behavior
    governs it. Units: points, seconds, radians; y grows downward.

    path=[(x, y), ...] gives the item a convex collision outline (see Item.path)
    and makes 'path' its shape; shape='path' without a path is an
    InvalidArgumentError, another shape beside a path a TypeError.

    The same item always comes back as the same Python object while that object
    is alive (from animator.items, behavior.items, contact events ...).
    Equality and hashing follow the underlying handle.
    """

    def __repr__(self: Item) -> str:
        try:
            shown = f"center={self.center!r} size={self.size!r} shape={self.shape!r}"
        except AnimaError:
            return f"<{type_name(self)} (destroyed)>"
        return f"<{type_name(self)} {shown}>"

    @property
    def bounds(self: Item) -> tuple[float, float, float, float]:
        """The bounds (0, 0, width, height) in points, as UIDynamicItem.bounds (read-only)."""
        width, height = self.size
        return (0.0, 0.0, width, height)
