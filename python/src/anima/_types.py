"""The Python-defined types of the extension: its exceptions, Transform and ContactEvent.

The extension module (anima._anima) imports this module while it initialises and keeps the
classes in its state: the status checks raise these exceptions, item.transform makes
Transforms and the contact events are ContactEvents. The package exports them as
anima.AnimaError, anima.Transform, anima.ContactEvent, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

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


# Users meet these as members of the package: anima.Transform, anima.NotFoundError, ...
for _public in (AnimaError, InvalidArgumentError, StaleHandleError, WrongKindError, OutOfMemoryError, BusyError,
                NotFoundError, InvalidStateError, Transform, ContactEvent):
    _public.__module__ = "anima"
del _public
