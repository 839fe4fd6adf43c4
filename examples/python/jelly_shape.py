"""The jelly view's outline (Listing 6-9, ``cornerCurve``), for jelly.py, demo.py and notebooks.

The jelly view hides its nine grid views (tags 1...9, row by row: corners, edge midpoints
and centre) and fills a shape built from their centres: a move to the tag-1 centre, then
four quadratic Bezier curves to the corners tags 3, 9, 7 and back to 1, each bent by the
midpoint of its edge (tags 2, 6, 8, 4) as the control point::

    UIView *v0 = [self viewWithTag:1];
    [path moveToPoint:v0.center];
    NSArray *destinations = @[@(2), @(8), @(6), @(0)];
    NSArray *controlPoints = @[@(1), @(5), @(7), @(3)];
    for (int i = 0; i < 4; i++)
    {
        NSInteger dTag = [destinations[i] integerValue] + 1;
        NSInteger cTag = [controlPoints[i] integerValue] + 1;
        [path addQuadCurveToPoint:[self viewWithTag:dTag].center
                     controlPoint:[self viewWithTag:cTag].center];
    }

:func:`jelly_outline` returns the path in the element form that
``anima.Collision.add_boundary_path`` takes (``("move", p)``, ``("quad", control, to)``), so it
can also become a boundary. :func:`outline_bounds` is the path's exact bounding box (the
curves' extremes, not only their points); :func:`svg_path_data` writes it as the ``d``
attribute of an SVG ``<path>``.

Run as a script, the module checks itself on an undeformed grid and prints one line.
"""

from __future__ import annotations

import sys
from typing import Any, List, Sequence, Tuple

import _checks

Point = Tuple[float, float]
PathElement = Tuple[Any, ...]

#: Listing 6-9's tables, as tags (the listing's indices + 1).
START_TAG = 1
DESTINATION_TAGS = (3, 9, 7, 1)
CONTROL_TAGS = (2, 6, 8, 4)


def _center(thing: Any) -> Point:
    """The centre of an item (anything with ``center``), or the point itself."""
    point = getattr(thing, "center", thing)
    x, y = point[0], point[1]
    return float(x), float(y)


def jelly_outline(items: Sequence[Any]) -> List[PathElement]:
    """The jelly's outline from its nine grid items, tag order (``items[0]`` is tag 1).

    ``items`` may hold ``anima.Item`` objects or their centres as ``(x, y)`` points (for
    instance the rows of ``animator.poses()`` or of a recorded frame). Returns five elements:
    ``("move", tag 1)`` and four ``("quad", control, destination)``.
    """
    if len(items) != 9:
        raise ValueError(f"the jelly grid has 9 items, tags 1...9 (got {len(items)})")

    def view_with_tag(tag: int) -> Point:
        return _center(items[tag - 1])

    path: List[PathElement] = [("move", view_with_tag(START_TAG))]
    for destination, control in zip(DESTINATION_TAGS, CONTROL_TAGS):
        path.append(("quad", view_with_tag(control), view_with_tag(destination)))
    return path


def _quad_range(p0: float, p1: float, p2: float, lo: float, hi: float) -> Tuple[float, float]:
    """Widen ``lo...hi`` to one coordinate of the quadratic Bezier curve p0, p1 (control), p2."""
    lo, hi = min(lo, p0, p2), max(hi, p0, p2)
    denominator = p0 - 2.0 * p1 + p2
    if abs(denominator) > 1e-12:
        t = (p0 - p1) / denominator  # where the derivative vanishes
        if 0.0 < t < 1.0:
            v = (1 - t) * (1 - t) * p0 + 2 * t * (1 - t) * p1 + t * t * p2
            lo, hi = min(lo, v), max(hi, v)
    return lo, hi


def outline_bounds(path: Sequence[PathElement]) -> Tuple[float, float, float, float]:
    """The exact bounding box ``(x, y, width, height)`` of a move followed by quad curves."""
    verb, start = path[0][0], path[0][1]
    if verb != "move":
        raise ValueError(f"the outline starts with a move (got {verb!r})")
    x0 = x1 = start[0]
    y0 = y1 = start[1]
    current = start
    for element in path[1:]:
        if element[0] != "quad":
            raise ValueError(f"the outline holds quad curves after its move (got {element[0]!r})")
        control, to = element[1], element[2]
        x0, x1 = _quad_range(current[0], control[0], to[0], x0, x1)
        y0, y1 = _quad_range(current[1], control[1], to[1], y0, y1)
        current = to
    return x0, y0, x1 - x0, y1 - y0


def svg_path_data(path: Sequence[PathElement], digits: int = 2) -> str:
    """The outline as SVG path data (``M x y Q cx cy x y ... Z``)."""

    def pt(p: Point) -> str:
        return f"{round(p[0], digits):g} {round(p[1], digits):g}"

    parts = []
    for element in path:
        if element[0] == "move":
            parts.append("M " + pt(element[1]))
        elif element[0] == "quad":
            parts.append(f"Q {pt(element[1])} {pt(element[2])}")
        else:
            raise ValueError(f"unexpected path element {element[0]!r}")
    return " ".join(parts) + " Z"


def grid_centers(center: Point, size: Tuple[float, float]) -> List[Point]:
    """The centres of the nine grid views of an undeformed jelly, tags 1...9 row by row."""
    cx, cy = center
    width, height = size
    return [(cx + (i % 3 - 1) * width / 2, cy + (i // 3 - 1) * height / 2) for i in range(9)]


def main() -> int:
    """Check the outline of an undeformed 200 x 120 pt jelly and print the result."""
    centers = grid_centers((160.0, 60.0), (200.0, 120.0))
    path = jelly_outline(centers)
    bounds = outline_bounds(path)
    print(f"undeformed 200 x 120 pt jelly at (160, 60): {svg_path_data(path)}")
    print(f"bounds {bounds}")
    def summary() -> str:
        return (f"outline of {len(path) - 1} quad curves, bounds {bounds[2]:.0f} x {bounds[3]:.0f} pt; "
                f"a 20 pt bulge adds {bulged_bounds[3] - bounds[3]:.0f} pt")

    failures = []
    if bounds != (60.0, 0.0, 200.0, 120.0):
        failures.append(f"an undeformed grid gives the rectangle (60, 0, 200, 120), got {bounds}")
    # A bulging edge: the midpoint of the bottom edge 20 pt lower pushes the curve 10 pt down
    # (a quadratic curve reaches halfway to its control point).
    bulged = list(centers)
    bulged[7] = (bulged[7][0], bulged[7][1] + 20.0)
    bulged_bounds = outline_bounds(jelly_outline(bulged))
    if abs(bulged_bounds[3] - 130.0) > 1e-9:
        failures.append(f"a bottom control point 20 pt lower gives a height of 130 pt, got {bulged_bounds[3]}")
    return _checks.conclude(failures, summary)


if __name__ == "__main__":
    sys.exit(main())
