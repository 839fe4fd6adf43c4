"""Behaviors' methods written in Python: the reprs and the constructors of Behavior and Snap."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ._anima import Animator, Attachment, Behavior, Collision, Field, Gravity, Item, ItemBehavior, Push, Snap
from ._types import AnimaError, finite
from ._extend import animator_of, extends, type_name

#: The properties a behavior's repr shows, by kind, and whether it counts the items.
_SHOWN: dict[type, tuple[tuple[str, ...], bool]] = {
    Push: (("mode", "angle", "magnitude", "active"), True),
    Snap: (("point", "damping"), False),
    Field: (("kind", "position", "strength", "region"), True),
}


def describe(behavior: Behavior, shown: tuple[str, ...], counts_items: bool, extra: str = "") -> str:
    """'<anima.Push mode='continuous' angle=0.0 ..., 1 item, 2 children, added>' (extra goes
    after the properties), or '<anima.Push (destroyed)>' once the behavior is gone."""
    try:
        values = " ".join([f"{name}={getattr(behavior, name)!r}" for name in shown] + ([extra] if extra else []))
        items, children, added = len(behavior.items), len(behavior.children), behavior.is_added
    except AnimaError:
        return f"<{type_name(behavior)} (destroyed)>"
    parts = [f"{items} item{'' if items == 1 else 's'}"] if counts_items else []
    if children:
        parts.append(f"{children} child{'' if children == 1 else 'ren'}")
    if added:
        parts.append("added")
    tail = ", ".join(parts)
    if values and tail:
        return f"<{type_name(behavior)} {values}, {tail}>"
    return f"<{type_name(behavior)} {values or tail}>"


#: The extension's constructor of Gravity, Gravity(items, *, direction=None, animator=None).
_make_gravity = Gravity.__init__

#: The extension's constructor of Field, Field(kind, items, *, <the parameters>, animator=None).
_make_field = Field.__init__

#: The kinds that have their own constructor.
_KINDS = (Gravity, Collision, ItemBehavior, Attachment, Push, Snap, Field)


@extends(Behavior)
class _Behavior:
    """A plain behavior (UIDynamicBehavior), and the base class of every behavior:
    Gravity, Collision, ItemBehavior, Attachment, Push, Snap. A behavior belongs
    to one animator and acts while it is in the animator's tree: added with
    Animator.add_behavior(), or a child of a behavior that is.

    A plain behavior does nothing by itself. Give it children (add_child) to make
    a composite behavior, or subclass it and define action(self), which runs
    after every internal step, to make a custom one; while its at_rest is False
    the animator keeps running. A subclass with its own __init__ calls
    super().__init__(animator).
    """

    def __init__(self: Behavior, animator: Animator) -> None:
        """Make a plain behavior of `animator`: a composite (give it children with
        add_child) or, in a subclass that defines action(self), a custom behavior.

            >>> class Wind(anima.Behavior):
            ...     def action(self):
            ...         for item in self.items:
            ...             vx, vy = item.velocity
            ...             item.velocity = (vx + 1.0, vy)
            >>> wind = Wind(anim)
            >>> wind.add_item(ball)
            >>> anim.add_behavior(wind)
        """
        if isinstance(self, _KINDS):
            raise TypeError(f"Behavior.__init__ makes a plain behavior; initialise a {type_name(self)} "
                            "with its own constructor")
        self._create(animator)

    def __repr__(self: Behavior) -> str:
        for kind, (shown, counts_items) in _SHOWN.items():
            if isinstance(self, kind):
                return describe(self, shown, counts_items)
        return describe(self, (), True)


@extends(ItemBehavior)
class _ItemBehavior:
    """Physical properties of its items (UIDynamicItemBehavior). When several item
    behaviors govern one item, the last one in depth-first order wins. Items that
    no item behavior governs keep UIKit's implicit defaults (elasticity 0.2,
    friction 0.2, damping 0.1/s).
    """


@extends(Push)
class _Push:
    """Pushes its items (UIPushBehavior) with a force F = 100 x magnitude along angle
    (radians; 0 = +x, pi/2 = down), so an item of mass m accelerates at
    100 x magnitude / m pt/s^2. mode='continuous' pushes at every step while
    active; mode='instantaneous' changes the velocity once by 100 x magnitude / m
    pt/s at the next step, then turns inactive. A target offset off an item's
    centre also turns it. The animator is taken from the items; pass animator=
    when items is empty.
    """


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


@extends(Gravity)
class _Gravity:
    """Accelerates its items at magnitude x 1000 pt/s^2 along its direction,
    whatever their mass (UIGravityBehavior). Default direction (0, 1): angle pi/2,
    magnitude 1. Give either direction or angle and/or magnitude. The animator is
    taken from the items; pass animator= when items is empty.
    """

    def __init__(self: Gravity, items: Iterable[Item], *, direction: tuple[float, float] | None = None,
                 angle: float | None = None, magnitude: float | None = None, animator: Animator | None = None) -> None:
        """Gravity on `items` along direction = (dx, dy) (1 = 1000 pt/s^2; default (0, 1)),
        or along angle (radians, pi/2 = down) with magnitude (1.0 = 1000 pt/s^2).

            >>> anim.add_behavior(anima.Gravity([ball], angle=math.pi / 2, magnitude=0.5))
        """
        if direction is not None and (angle is not None or magnitude is not None):
            raise TypeError("Gravity() takes direction or angle/magnitude, not both")
        for value, name in ((angle, "angle"), (magnitude, "magnitude")):
            if value is not None:
                finite(value, name)
        if direction is None:
            _make_gravity(self, items, animator=animator)
        else:
            _make_gravity(self, items, direction=direction, animator=animator)
        try:
            if angle is not None and magnitude is not None:
                self.set_angle(angle, magnitude)
            elif angle is not None:
                self.angle = angle
            elif magnitude is not None:
                self.magnitude = magnitude
        except BaseException:
            self.destroy()
            raise


@extends(Field)
class _Field:
    """A force field acting on its items (UIFieldBehavior). Make one with the
    classmethod named after UIKit's factory (Field.radial_gravity(items, ...), ...)
    or with Field(kind, items, ...), kind being one of those names.

    Units are UIKit's: strength S and forces F in newtons on metres and kilograms,
    100 pt per metre. An item of mass m accelerates at 100 F / m pt/s^2. r is the
    distance from the field's position in metres (at least minimum_radius) and
    fall = r^-falloff. Only items inside the region feel the field.

    The keyword arguments are the parameters, also read/write properties:
    position (x, y); region ('infinite' or None, ('rectangle', (w, h)),
    ('circle', r), ('inverse', region)); strength; falloff (None: 2 for radial
    gravity, -1 for spring, 1 for electric and magnetic, else 0); minimum_radius
    (pt); direction (None: (0, 1) for linear gravity, else (0, 0)); smoothness and
    animation_speed (noise, turbulence); evaluate (custom only). The animator is
    taken from the items; pass animator= when items is empty.
    """

    def __init__(self: Field, kind: str, items: Iterable[Item], *, position: tuple[float, float] | None = (0, 0),
                 region: Any = None, strength: float | None = 1.0, falloff: float | None = None,
                 minimum_radius: float | None = 0.01, direction: tuple[float, float] | None = None,
                 smoothness: float | None = 0.0, animation_speed: float | None = 0.0,
                 evaluate: Callable[..., Any] | None = None, animator: Animator | None = None) -> None:
        """A field of `kind` on `items` (see the class for the parameters; None keeps a
        parameter's default). evaluate(position, velocity, mass, charge, dt) -> (fx, fy) is
        a custom field's force, in mass x pt/s^2.

            >>> field = anima.Field("vortex", [ball], strength=0.5)
        """
        if direction is None and kind == "linear_gravity":
            direction = (0, 1)  # down, as UIKit's linearGravityField
        given = {"position": position, "region": region, "strength": strength, "falloff": falloff,
                 "minimum_radius": minimum_radius, "direction": direction, "smoothness": smoothness,
                 "animation_speed": animation_speed, "animator": animator}
        _make_field(self, kind, items, **{name: value for name, value in given.items() if value is not None})
        if evaluate is not None:
            try:
                if self.kind != "custom":
                    raise TypeError(f"evaluate= is only for a custom field, not a {self.kind} field")
                self.evaluate = evaluate
            except BaseException:
                self.destroy()
                raise
