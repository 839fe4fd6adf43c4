"""Item's methods written in Python: bounds and the repr."""

from __future__ import annotations

from ._anima import Item
from ._types import AnimaError
from ._extend import extends, type_name


@extends(Item)
class _Item:
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
