"""Item's methods written in Python: its path, its bounds and the repr."""

from __future__ import annotations

from typing import Any

from ._anima import Item
from ._types import AnimaError, InvalidArgumentError
from ._extend import extends, type_name


@extends(Item)
class _Item:
    """A dynamic item (UIDynamicItem) in an animator. It moves once a behavior
    governs it. Units: points, seconds, radians; y grows downward.

    path=[(x, y), ...] gives the item a convex collision outline (see Item.path)
    and makes 'path' its shape; shape='path' without a path is an
    InvalidArgumentError, another shape beside a path a TypeError.
    shape='capsule' makes it the pill inscribed in its bounds (pills, chips);
    shape='rounded_rectangle' with corner_radius=r rounds its corners by r
    points (buttons, cards).

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
    def path(self: Item) -> tuple[tuple[float, float], ...] | None:
        """The convex collision outline as a tuple of (x, y) points, or None when the item has none.
        Points are from the centre in the item's own coordinates (they turn and scale with it),
        3 to 16 of them, counter-clockwise as seen on screen (y grows downward), convex, no three
        in a line. Assigning a path also makes 'path' the shape; a path the library rejects raises
        InvalidArgumentError naming the rule and leaves the item unchanged. The path is kept when
        another shape is chosen, so shape = 'path' brings it back."""
        return self._path or None  # type: ignore[attr-defined, no-any-return]

    @path.setter
    def path(self: Item, points: Any) -> None:
        self._set_path(points)  # type: ignore[attr-defined]

    @property
    def group(self: Item) -> Item | None:
        """The group (Animator.create_group) this item is a part of, or None."""
        return self._group()  # type: ignore[attr-defined, no-any-return]

    @property
    def part_pose(self: Item) -> tuple[tuple[float, float], float]:
        """A part's pose in its group's frame: ((x, y), rotation), its centre's offset from the
        group's centre in points (in the group's unturned frame) and its rotation relative to the
        group's in radians. InvalidArgumentError for an item that is not a part."""
        return self._part_pose()  # type: ignore[attr-defined, no-any-return]

    def animated_velocity(self: Item, property: str = "center") -> Any:
        """The velocity of whatever animation moves one of the item's properties now ('center',
        'size', 'transform' or 'alpha'), per component in units per second, shaped as the
        property (a float for alpha); zeros when none moves it. It is what a spring taking the
        property over starts with."""
        counts = {"center": 2, "size": 2, "transform": 5, "alpha": 1}
        if property not in counts:
            raise InvalidArgumentError(f"property must be 'center', 'size', 'transform' or 'alpha' (got {property!r})")
        rate = self.animator._animated_velocity(self, property)[: counts[property]]  # type: ignore[attr-defined]
        return rate[0] if counts[property] == 1 else tuple(rate)

    @property
    def bounds(self: Item) -> tuple[float, float, float, float]:
        """The bounds (0, 0, width, height) in points, as UIDynamicItem.bounds (read-only)."""
        width, height = self.size
        return (0.0, 0.0, width, height)
