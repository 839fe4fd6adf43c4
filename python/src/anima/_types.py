"""The Python-defined types of the extension: its exceptions, Transform, ContactEvent, and the
checks and conversions of its arguments that read better in Python.

The extension module (anima._anima) imports this module while it initialises and keeps the
classes and functions in its state: the status checks raise these exceptions, item.transform
makes Transforms, the contact events are ContactEvents, Field's region goes through
region_record and region_form, a behavior's items through behavior_items, an item's path
through path_points, and the names of the C interface's enumerations are those of CHOICES.
The package exports the classes as anima.AnimaError, anima.Transform, anima.ContactEvent, ...
"""

from __future__ import annotations

import math
import numbers
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ._anima import Collision, Item


class AnimaError(Exception):
    """Base class of the errors reported by the Anima library."""


class InvalidArgumentError(AnimaError, ValueError):
    """An argument is out of range, not finite, or otherwise invalid."""


class StaleHandleError(AnimaError, ReferenceError):
    """The object (or its animator) was destroyed."""


class WrongKindError(AnimaError, TypeError):
    """A valid object of another kind was given."""


class OutOfMemoryError(AnimaError, MemoryError):
    """A capacity limit of the library was reached."""


class BusyError(AnimaError, RuntimeError):
    """The call is not allowed from inside a callback (e.g. advance())."""


class NotFoundError(AnimaError, KeyError):
    """No object with that identifier (e.g. a boundary)."""

    # KeyError quotes its message; show the library's sentence as it is.
    __str__ = BaseException.__str__


class InvalidStateError(AnimaError, RuntimeError):
    """The object cannot do that now (e.g. a behavior already added elsewhere)."""


class Transform(NamedTuple):
    """Transform(rotation=0.0, scale_x=1.0, scale_y=1.0, translation_x=0.0, translation_y=0.0)

    An item's transform, decomposed: rotation in radians (positive = clockwise on
    screen), scale (1 = none; != 0) and translation in points. Rotation and scale
    reach the collision bounds; translation only offsets where the item is drawn.
    """

    rotation: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    translation_x: float = 0.0
    translation_y: float = 0.0


# eq=False: each event is one occurrence, so events compare and hash by identity.
@dataclass(frozen=True, eq=False, repr=False)
class ContactEvent:
    """A contact that began or ended between two items, or an item and a boundary.

    Delivered to Collision.on_began_contact / on_ended_contact and listed by
    Animator.began_contacts / ended_contacts. The library makes them; one made by hand
    (every attribute given, in the order listed) is a plain record that nothing in
    anima reads. The attributes are read-only.
    """

    __slots__ = {
        "collision": "The Collision behavior that reports the contact.",
        "item": "The first Item.",
        "other": "The second Item, or None for a contact with a boundary.",
        "is_boundary": "True for a contact between an item and a boundary.",
        "boundary_identifier": "The boundary's identifier (str), or None for the reference-bounds boundary "
                               "and item pairs.",
        "point": "The contact point (x, y) in points; for an ended contact, the last known one.",
    }

    collision: Collision
    item: Item
    other: Item | None
    is_boundary: bool
    boundary_identifier: str | None
    point: tuple[float, float]

    def __repr__(self) -> str:
        if self.is_boundary:
            return (f"ContactEvent(item={self.item!r}, boundary_identifier={self.boundary_identifier!r}, "
                    f"point={self.point!r})")
        return f"ContactEvent(item={self.item!r}, other={self.other!r}, point={self.point!r})"


@dataclass(frozen=True, eq=False, repr=False)
class PreSolveContact:
    """A contact about to be solved, handed to Collision.pre_solve, which keeps it for the step
    (a true result) or ignores it (false): it then pushes nothing and does not touch. A
    one-way shelf keeps a contact only when the normal from the shelf toward the item points up.
    Read-only.
    """

    __slots__ = {
        "collision": "The Collision behavior asking.",
        "item": "The first Item.",
        "other": "The second Item, or None for a contact with a boundary.",
        "is_boundary": "True for a contact between an item and a boundary.",
        "boundary_identifier": "The boundary's identifier (str), or None for the reference-bounds boundary "
                               "and item pairs.",
        "point": "The deepest point (x, y), at the start of the step, in points.",
        "normal": "The unit normal (x, y), from item toward the other item or the boundary.",
        "separation": "That point's separation in points: negative when the shapes overlap.",
        "point_count": "How many points the contact has (1 or 2).",
    }

    collision: Collision
    item: Item
    other: Item | None
    is_boundary: bool
    boundary_identifier: str | None
    point: tuple[float, float]
    normal: tuple[float, float]
    separation: float
    point_count: int

    def __repr__(self) -> str:
        where = (f"boundary_identifier={self.boundary_identifier!r}" if self.is_boundary
                 else f"other={self.other!r}")
        return f"PreSolveContact(item={self.item!r}, {where}, normal={self.normal!r}, separation={self.separation:.6g})"


@dataclass(frozen=True, repr=False)
class SensorEvent:
    """An item that began or ended overlapping a sensor (Item.is_sensor), listed by
    Animator.began_sensor_events and ended_sensor_events after each advance() or step().
    Two events compare equal when they name the same sensor and visitor. Read-only.
    """

    __slots__ = {
        "sensor": "The sensor Item.",
        "visitor": "The Item that entered or left it (for an ended event, possibly destroyed since).",
    }

    sensor: Item
    visitor: Item

    def __repr__(self) -> str:
        return f"SensorEvent(sensor={self.sensor!r}, visitor={self.visitor!r})"


@dataclass(frozen=True, eq=False, repr=False)
class HitEvent:
    """A hit: a contact that the solver pushed apart in a step while its surfaces approached
    faster than its collision behavior's hit_threshold (Box2D's hit events), for sounds and
    haptics. Made in the step of the impact: a contact resting or sliding makes none.

    Listed by Animator.hit_events after each advance() or step(). The attributes are read-only.
    """

    __slots__ = {
        "collision": "The Collision behavior that reports the hit.",
        "item": "The first Item.",
        "other": "The second Item, or None for a hit on a boundary.",
        "is_boundary": "True for a hit between an item and a boundary.",
        "boundary_identifier": "The boundary's identifier (str), or None for the reference-bounds boundary "
                               "and item pairs.",
        "point": "Where the fastest point touched (x, y), in points, after the step's motion.",
        "normal": "The unit normal (x, y), from item toward the other item or the boundary.",
        "approach_speed": "How fast the surfaces closed at the start of the step, in pt/s (above the threshold).",
        "impulse": "The normal impulse of the step over the contact's points, in mass x pt/s "
                   "(a 100 x 100 pt item of density 1 has mass 1).",
    }

    collision: Collision
    item: Item
    other: Item | None
    is_boundary: bool
    boundary_identifier: str | None
    point: tuple[float, float]
    normal: tuple[float, float]
    approach_speed: float
    impulse: float

    def __repr__(self) -> str:
        where = (f"boundary_identifier={self.boundary_identifier!r}" if self.is_boundary
                 else f"other={self.other!r}")
        return (f"HitEvent(item={self.item!r}, {where}, approach_speed={self.approach_speed:.6g}, "
                f"impulse={self.impulse:.6g})")


# Users meet these as members of the package: anima.Transform, anima.NotFoundError, ...
for _public in (AnimaError, InvalidArgumentError, StaleHandleError, WrongKindError, OutOfMemoryError, BusyError,
                NotFoundError, InvalidStateError, Transform, ContactEvent, HitEvent, SensorEvent, PreSolveContact):
    _public.__module__ = "anima"
del _public


def finite(value: Any, name: str) -> float:
    """`value` as a float, with the extension's errors: TypeError for what is not a real
    number, InvalidArgumentError for NaN and infinities."""
    if not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    try:
        result = float(value)
    except OverflowError:
        result = math.inf
    if not math.isfinite(result):
        raise InvalidArgumentError(f"{name} must be finite (got {value!r})")
    return result


def is_sequence(obj: object) -> bool:
    """True for what the extension reads as a sequence (lists, tuples, numpy arrays, ...), but
    not for str and bytes."""
    return hasattr(obj, "__len__") and hasattr(obj, "__getitem__") and not isinstance(obj, (str, bytes, bytearray))


#: The names of the C interface's enumerations, in the order of their values (None where a value
#: has none): item.shape = 'ellipse', Animator.animate(curve='spring'), ... The extension converts
#: them, and choice_error words its error for any other value.
CHOICES = {
    "shape": ("rectangle", "ellipse", "path", "capsule", "rounded_rectangle"),
    "collision_mode": (None, "items", "boundaries", "everything"),
    "push_mode": ("continuous", "instantaneous"),
    "attachment_type": ("anchor", "items", "pin", "fixed", "limit", "sliding"),
    "position": ("end", "start", "current"),
    "curve": ("ease_in_out", "ease_in", "ease_out", "linear", "cubic_bezier", "spring", "spring_damping_ratio",
              "spring_response", "spring_bounce", "steps",
              # Robert Penner's easing families, each as _in, _out and _in_out
              *(f"{family}_{way}" for family in ("quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back",
                                                 "elastic", "bounce") for way in ("in", "out", "in_out"))),
    "step_position": ("jump_end", "jump_start", "jump_none", "jump_both"),
    "keyframe_mode": ("linear", "paced", "cubic", "discrete", "cubic_paced"),
    "property": ("center", "size", "transform", "alpha"),
    "field_kind": ("linear_gravity", "radial_gravity", "drag", "velocity", "vortex", "spring", "electric", "magnetic",
                   "noise", "turbulence", "custom"),
}


def choice_error(what: str, names: tuple[str | None, ...], value: Any) -> Exception:
    """The error for a value of `what` that is none of an enumeration's names: "shape must be
    'rectangle', 'ellipse' or 'path' (got 'circle')"."""
    named = [f"'{name}'" for name in names if name is not None]
    listing = f"{', '.join(named[:-1])} or {named[-1]}" if len(named) > 1 else named[0]
    if not isinstance(value, str):
        return TypeError(f"{what} must be {listing}, not {type(value).__name__}")
    return InvalidArgumentError(f"{what} must be {listing} (got {value!r})")


def behavior_items(items: Any, animator: Any) -> tuple[Any, tuple[Any, ...]]:
    """The animator and the items of Kind(items, ..., animator=None): Items of one animator,
    which `animator` (None unless given) names when there are none."""
    from ._anima import Animator, Item  # the extension imports this module while it initialises

    if animator is not None and not isinstance(animator, Animator):
        raise TypeError(f"animator must be an anima.Animator, not {type(animator).__name__}")
    if isinstance(items, (str, Item)):
        raise TypeError(f"items must be an iterable of anima.Item, not {type(items).__name__}")
    try:
        items = tuple(items)
    except TypeError:
        raise TypeError("items must be an iterable of anima.Item") from None
    for i, item in enumerate(items):
        if not isinstance(item, Item):
            raise TypeError(f"items[{i}] must be an anima.Item, not {type(item).__name__}")
        try:
            owner = item.animator
        except StaleHandleError:
            raise StaleHandleError(f"items[{i}] was never initialised") from None
        if animator is not None and owner is not animator:
            raise InvalidArgumentError(f"items[{i}] belongs to another animator (all items of a behavior must share one)")
        animator = owner
    if animator is None:
        raise TypeError("an animator= argument is needed when items is empty")
    return animator, items


def path_points(path: Any) -> bytes:
    """An item's path, a sequence of (x, y) points, as the float64 pairs of the C interface."""
    if not is_sequence(path):
        raise TypeError(f"path must be a sequence of (x, y), not {type(path).__name__}")
    flat: list[float] = []
    for i, point in enumerate(path):
        if not is_sequence(point) or len(point) != 2:
            got = f"got {len(point)}" if is_sequence(point) else f"not {type(point).__name__}"
            raise TypeError(f"path[{i}] must be a sequence of 2 numbers (x, y), {got}")
        flat.extend(finite(coordinate, f"path[{i}][{j}]") for j, coordinate in enumerate(point))
    return array("d", flat).tobytes()


_REGION_FORMS = "None, 'infinite', ('rectangle', (width, height)), ('circle', radius) or ('inverse', region)"
_REGION_SHAPES = {"rectangle": 1, "circle": 2}
#: How deeply ('inverse', ...) may nest; each level turns the region inside out once more.
_REGION_MAX_DEPTH = 32


def region_record(region: Any) -> tuple[float, float, float, float, float]:
    """A field region as the record (shape, width, height, radius, inverse) of the C interface
    (shape 0 everywhere, 1 rectangle, 2 circle): from None or 'infinite', ('rectangle',
    (width, height)), ('circle', radius) or ('inverse', region). Signs are the library's to check."""
    inverse = False
    for _ in range(_REGION_MAX_DEPTH + 1):
        if region is None or region == "infinite":
            return (0.0, 0.0, 0.0, 0.0, float(inverse))
        if isinstance(region, str):
            raise InvalidArgumentError(f"region must be {_REGION_FORMS} (got {region!r})")
        if not isinstance(region, (tuple, list)):
            raise TypeError(f"region must be {_REGION_FORMS}, not {type(region).__name__}")
        if not region or not isinstance(region[0], str):
            raise TypeError(f"a region tuple starts with its shape as a str: {_REGION_FORMS}")
        shape = region[0]
        if shape not in ("rectangle", "circle", "inverse"):
            raise InvalidArgumentError(f"a region's shape must be 'rectangle', 'circle' or 'inverse' (got {shape!r})")
        if len(region) != 2:
            form = {"rectangle": "(width, height)", "circle": "radius", "inverse": "region"}[shape]
            raise TypeError(f"a {shape} region must be ({shape!r}, {form}) "
                            f"(got {len(region)} element{'' if len(region) == 1 else 's'})")
        if shape == "inverse":
            inverse, region = not inverse, region[1]
        elif shape == "circle":
            return (2.0, 0.0, 0.0, finite(region[1], "region radius"), float(inverse))
        else:
            size = region[1]
            if not is_sequence(size) or len(size) != 2:
                raise TypeError(f"region size must be a sequence of 2 numbers (width, height), not {size!r}")
            return (1.0, finite(size[0], "region size[0]"), finite(size[1], "region size[1]"), 0.0,
                    float(inverse))
    raise InvalidArgumentError(f"region nests ('inverse', ...) more than {_REGION_MAX_DEPTH} deep")


def region_form(shape: int, width: float, height: float, radius: float, inverse: bool) -> Any:
    """The Python form of a region record: 'infinite', ('rectangle', (w, h)) or ('circle', r),
    inside ('inverse', ...) when inverted."""
    form: Any = {1: ("rectangle", (width, height)), 2: ("circle", radius)}.get(shape, "infinite")
    return ("inverse", form) if inverse else form
