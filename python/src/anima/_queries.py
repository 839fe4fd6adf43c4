"""The animator's spatial queries (docs/queries.md): what a segment crosses, the item nearest a
point, the items a shape overlaps. They run on the broad phase and test the items' collision
shapes; items no behavior governs are not considered."""

from __future__ import annotations

import math
from typing import Any, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from ._anima import Animator, Item
from ._extend import extends
from ._types import InvalidArgumentError

_Pair = Tuple[float, float]


class RayHit(NamedTuple):
    """Where a segment enters an item's collision shape."""

    #: The item hit.
    item: Item
    #: The entry point (x, y), reference coordinates.
    point: _Pair
    #: The shape's outward unit normal there.
    normal: _Pair
    #: How far along the segment: 0 at its start, 1 at its end.
    fraction: float


class PointHit(NamedTuple):
    """The point of an item's collision shape nearest a query point."""

    #: The item.
    item: Item
    #: The nearest point (x, y) of its outline.
    point: _Pair
    #: The distance to it in points: negative when the query point is inside the shape.
    distance: float


def _collisions(collisions: Any) -> Any:
    if collisions is None:
        return None
    if not isinstance(collisions, Iterable):
        raise TypeError(f"collisions must be None or an iterable of anima.Collision, not {type(collisions).__name__}")
    return list(collisions)


@extends(Animator)
class _Animator:
    def ray_cast(self: Animator, start: Sequence[float], end: Sequence[float], *,
                 collisions: Optional[Iterable[Any]] = None) -> List[RayHit]:
        """Every item whose collision shape the segment start...end enters, nearest first (ties in
        creation order), as RayHit(item, point, normal, fraction). A shape the segment starts
        inside is not reported (as in Box2D). collisions: only the items of these
        anima.Collision behaviors (default: every item a behavior governs).

            >>> anim = anima.Animator()
            >>> ball = anima.Item(anim, center=(100, 100), size=(40, 40), shape='ellipse')
            >>> anim.add_behavior(anima.Collision([ball]))
            >>> [(round(h.point[0], 6), h.normal, h.fraction) for h in anim.ray_cast((0, 100), (200, 100))]
            [(80.0, (-1.0, 0.0), 0.4)]
        """
        return [RayHit(*hit) for hit in self._ray_cast(start, end, _collisions(collisions))]  # type: ignore[attr-defined]

    def ray_cast_first(self: Animator, start: Sequence[float], end: Sequence[float], *,
                       collisions: Optional[Iterable[Any]] = None) -> Optional[RayHit]:
        """The nearest hit of ray_cast(), or None."""
        hit = self._ray_cast_closest(start, end, _collisions(collisions))  # type: ignore[attr-defined]
        return None if hit is None else RayHit(*hit)

    def ray_cast_many(self: Animator, rays: Any, *, collisions: Optional[Iterable[Any]] = None) -> List[Optional[RayHit]]:
        """Each ray's nearest hit (or None), for many rays at once: rays is anything numpy reads
        as n rows of (x0, y0, x1, y1) (an (n, 4) or (n, 2, 2) array, a list of pairs of points)."""
        import numpy as np

        array = np.ascontiguousarray(np.asarray(rays, dtype=np.float64))
        if array.size % 4 != 0 or (array.ndim > 1 and array.shape[-1] not in (2, 4)):
            raise InvalidArgumentError(f"rays must be rows of (x0, y0, x1, y1) (got shape {array.shape})")
        flat = memoryview(array.reshape(-1).tobytes())     # native float64 rows, x0 y0 x1 y1
        hits = self._ray_cast_batch(flat.cast("d"), _collisions(collisions))  # type: ignore[attr-defined]
        return [None if hit is None else RayHit(*hit) for hit in hits]

    def nearest_item(self: Animator, point: Sequence[float], max_distance: float = math.inf, *,
                     collisions: Optional[Iterable[Any]] = None) -> Optional[PointHit]:
        """The item whose collision shape is nearest `point` within `max_distance` points
        (pymunk's point_query_nearest), as PointHit(item, point, distance): the nearest point of
        its outline and the signed distance to it, negative inside (the deepest wins). Ties go to
        the first created; None when nothing is that near. max_distance=inf searches up to 1e9 pt.
        Hit slop: `anim.nearest_item(touch, 20)` finds a small button the finger just missed."""
        reach = 1.0e9 if max_distance == math.inf else max_distance
        hit = self._nearest_item(point, reach, _collisions(collisions))  # type: ignore[attr-defined]
        return None if hit is None else PointHit(*hit)

    def items_overlapping(self: Animator, *, circle: Optional[Tuple[Sequence[float], float]] = None,
                          rect: Optional[Tuple[Sequence[float], Sequence[float], float]] = None,
                          polygon: Optional[Sequence[Sequence[float]]] = None,
                          collisions: Optional[Iterable[Any]] = None) -> List[Item]:
        """The items whose collision shapes overlap one shape (touching counts), in creation
        order. Give exactly one of circle=(center, radius), rect=(center, (width, height),
        rotation) (rotation in radians, clockwise on screen) or polygon=[(x, y), ...] (convex, 3
        to 16 points, either winding). A drop target: `anim.items_overlapping(rect=zone)`."""
        given = [name for name, shape in (("circle", circle), ("rect", rect), ("polygon", polygon)) if shape is not None]
        if len(given) != 1:
            raise TypeError(f"give exactly one of circle=, rect= or polygon= (got {', '.join(given) or 'none'})")
        kind, rotation, radius, points = 0, 0.0, 0.0, None
        center: Sequence[float] = (0.0, 0.0)
        size: Sequence[float] = (0.0, 0.0)
        if circle is not None:
            center, radius = circle
        elif rect is not None:
            kind = 1
            center, size, rotation = rect
        else:
            kind, points = 2, polygon
        return self._items_overlapping(kind, center, radius, size, rotation, points,  # type: ignore[attr-defined, no-any-return]
                                       _collisions(collisions))

    def debug_draw(self: Animator, *, shapes: bool = True, attachments: bool = True, boundaries: bool = True,
                   contacts: bool = True, bounds: bool = False) -> List[Tuple[Any, ...]]:
        """What the engine's state looks like, as primitives to draw (Box2D's debug draw), in
        reference coordinates: ('polygon', ((x, y), ...), color), ('circle', (x, y), radius,
        angle, color), ('segment', (x0, y0), (x1, y1), color) and ('point', (x, y), size,
        color), colours 0xRRGGBB (docs/debug-draw.md). In order: the items' shapes (creation
        order), their bounding boxes, the boundaries, the attachments, the touching contacts'
        points and normals. Not from inside a step (BusyError).

            >>> kinds = {entry[0] for entry in anim.debug_draw()}
        """
        flags = (1 if shapes else 0) | (2 if attachments else 0) | (4 if boundaries else 0) \
            | (8 if contacts else 0) | (16 if bounds else 0)
        return self._debug_draw(flags)  # type: ignore[attr-defined, no-any-return]
