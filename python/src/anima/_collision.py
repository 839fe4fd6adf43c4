"""Collision's methods written in Python: boundary paths and the boundary identifiers."""

from __future__ import annotations

from array import array
from typing import Any, Sequence

from ._anima import Collision
from ._types import InvalidArgumentError, finite, is_sequence
from ._extend import extends

#: The verbs of a boundary path: their number in the C interface, the points they take, and
#: their form for messages.
_VERBS = {
    "move": (0, 1, "('move', (x, y))"),
    "line": (1, 1, "('line', (x, y))"),
    "quad": (2, 2, "('quad', (cx, cy), (x, y))"),
    "cubic": (3, 3, "('cubic', (c1x, c1y), (c2x, c2y), (x, y))"),
    "close": (4, 0, "('close',)"),
}


def _record(element: Any, index: int) -> list[Any]:
    """One path element as the record (verb, x0, y0, x1, y1, x2, y2)."""
    if not is_sequence(element):
        raise TypeError(f"path[{index}] must be a tuple such as ('line', (x, y)), not {type(element).__name__}")
    if not element or not isinstance(element[0], str):
        raise TypeError(f"path[{index}] must start with a verb: 'move', 'line', 'quad', 'cubic' or 'close'")
    verb, points = element[0], list(element[1:])
    if verb not in _VERBS:
        raise InvalidArgumentError(
            f"path[{index}]: unknown verb {verb!r} (expected 'move', 'line', 'quad', 'cubic' or 'close')")
    number, taken, form = _VERBS[verb]
    if len(points) != taken:
        raise TypeError(f"path[{index}]: '{verb}' takes {taken} point{'' if taken == 1 else 's'}, as in {form}; "
                        f"got {len(points)}")
    record: list[Any] = [number]
    for k, point in enumerate(points + [(0.0, 0.0)] * (3 - taken)):
        if not is_sequence(point) or len(point) != 2:
            got = f"got {len(point)}" if is_sequence(point) else f"not {type(point).__name__}"
            raise TypeError(f"path[{index}][{k + 1}] must be a sequence of 2 numbers (x, y), {got}")
        record.extend(finite(coordinate, f"path[{index}][{k + 1}][{j}]") for j, coordinate in enumerate(point))
    return record


@extends(Collision)
class _Collision:
    """Makes its items collide with each other and with boundaries
    (UICollisionBehavior). Items in different collision behaviors do not collide
    with each other. With translates_reference_bounds_into_boundary the animator's
    reference bounds, inset by insets = (top, left, bottom, right), become a boundary.
    """

    def add_boundary_path(self: Collision, identifier: str, path: Sequence[Any]) -> None:
        """Add (or replace) a named boundary along one continuous path of lines and Bezier
        curves (UICollisionBehavior's addBoundary(withIdentifier:for:)).

        path is a sequence of elements: ('move', (x, y)) first, then ('line', (x, y)),
        ('quad', (cx, cy), (x, y)), ('cubic', (c1x, c1y), (c2x, c2y), (x, y)), and optionally
        ('close',) last. Each curve is cut into straight pieces of 4 pt or less along its
        control polygon, but into no fewer than 4 and no more than 64 pieces. An unknown verb
        or a non-finite point raises InvalidArgumentError (a ValueError), a malformed element
        TypeError; a path that does not start with one move, has a second move, or closes
        before its end is refused by the library (InvalidArgumentError).

            >>> walls.add_boundary_path("cup", [("move", (0, 0)), ("quad", (50, 100), (100, 0))])
        """
        if not isinstance(identifier, str):
            raise TypeError(f"identifier must be a str, not {type(identifier).__name__}")
        try:
            elements = list(path) if not isinstance(path, (str, bytes, bytearray)) else None
        except TypeError:
            elements = None
        if elements is None:
            raise TypeError(f"path must be a sequence of elements such as ('move', (x, y)), "
                            f"not {type(path).__name__}")
        records = [value for i, element in enumerate(elements) for value in _record(element, i)]
        self._add_boundary_path(identifier, array("d", records).tobytes())

    @property
    def boundary_identifiers(self: Collision) -> tuple[str, ...]:
        """The identifiers of the named boundaries, in the order added (a tuple of str)."""
        return tuple(self._boundary_identifier(i) for i in range(self._boundary_count))
