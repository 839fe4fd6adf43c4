"""Anima: a 2D dynamics engine with UIKit Dynamics semantics.

An `Animator` owns `Item`s and behaviors (`Gravity`, `Collision`, `ItemBehavior`,
`Attachment`, `Push`, `Snap`, `Field`, and plain `Behavior`s that group children or
run an action after every step); it advances time, runs the physics until every item
comes to rest, then pauses.
Units are UIKit's: points, seconds, radians; the origin is top-left and y grows
downward. Gravity of magnitude 1 accelerates at 1000 pt/s^2; mass is
density x area / 10 000, so a 100 x 100 pt item of density 1 has mass 1.
`sweep` builds, runs and measures one animator per parameter set, on a Dask cluster or
serially, into a table of one row per variant. Gestures: `Animator.item_at` finds the item
under a pointer, `Animator.begin_drag` drags it (a `Drag`), `VelocityTracker` measures a
pointer's velocity, `project_momentum` and `rubber_band` give where a fling lands and how far
past an edge a view shows, and `Animator.display_poses` gives poses to draw at any refresh rate.
In a notebook, `show` plays a recorded scene and `live` runs one (a `LiveWidget`: drag it,
tune it with sliders).

    import anima

    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(anim, center=(160, 52), size=(64, 64), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    anim.run_until_rest()
"""

from enum import IntFlag

from ._anima import (
    ANIMA_VERSION as _ANIMA_VERSION,
    Animator,
    Attachment,
    Behavior,
    Collision,
    Field,
    Gravity,
    Item,
    ItemBehavior,
    Push,
    Snap,
    Value,
    __version__,
)
from ._types import (
    AnimaError,
    BusyError,
    ContactEvent,
    HitEvent,
    InvalidArgumentError,
    InvalidStateError,
    NotFoundError,
    OutOfMemoryError,
    PreSolveContact,
    SensorEvent,
    StaleHandleError,
    Transform,
    WrongKindError,
)
from .animation import Animation, Timeline, Timing
from .player import Player, show
from .live import live
from ._sweep import sweep
from ._gestures import Drag, VelocityTracker, project_momentum, rubber_band, rubber_band_clamp

#: The library's version as (major, minor, patch).
version_info = ((_ANIMA_VERSION >> 16) & 0xFF, (_ANIMA_VERSION >> 8) & 0xFF, _ANIMA_VERSION & 0xFF)

# The methods of the extension's types that are written in Python, each module named after its C twin
# (see _extend.py).
from . import _animator, _attachment, _behavior, _collision, _gravity, _item, _item_behavior, _push, _snap, _snapshot
from . import _value
from ._value import read_values
from ._detents import DetentDrag, Detents
from . import _queries
from ._queries import PointHit, RayHit
from . import field as _field


class CollisionMode(IntFlag):
    """What a Collision's items collide with; `Collision.mode` also takes these flags."""

    ITEMS = 1
    """With each other."""
    BOUNDARIES = 2
    """With the boundaries (named ones and the reference-bounds boundary)."""
    EVERYTHING = 3
    """Both (the default)."""


__all__ = [
    "AnimaError",
    "Animation",
    "Animator",
    "Attachment",
    "Behavior",
    "BusyError",
    "Collision",
    "CollisionMode",
    "ContactEvent",
    "HitEvent",
    "SensorEvent",
    "PreSolveContact",
    "DetentDrag",
    "Detents",
    "Drag",
    "Field",
    "Gravity",
    "InvalidArgumentError",
    "InvalidStateError",
    "Item",
    "ItemBehavior",
    "NotFoundError",
    "OutOfMemoryError",
    "Player",
    "PointHit",
    "Push",
    "RayHit",
    "Snap",
    "StaleHandleError",
    "Timeline",
    "Timing",
    "Transform",
    "Value",
    "VelocityTracker",
    "WrongKindError",
    "live",
    "show",
    "__version__",
    "project_momentum",
    "read_values",
    "rubber_band",
    "rubber_band_clamp",
    "sweep",
    "version_info",
]

del IntFlag


def __getattr__(name: str) -> object:
    # LiveWidget is made at first use, so that `import anima` does not load ipywidgets
    if name == "LiveWidget":
        import importlib

        return importlib.import_module(".live", __name__).__getattr__("LiveWidget")  # the module, not live()
    raise AttributeError(f"module 'anima' has no attribute {name!r}")
