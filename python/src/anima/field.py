"""Field's methods written in Python (the C half is field.c): its constructor, and the classmethods
named after UIKit's field factories (Field.radial_gravity(items, ...)).

The constructor leaves out the parameters given as None (the kind's defaults stand), points linear
gravity down by default and installs a custom field's evaluation. Each factory makes an instance of
the class it is called on, without calling that class's __init__, and passes its keyword arguments
to Field's constructor: the parameters position (x, y) (default (0, 0)), region (default None:
everywhere), strength (default 1), falloff (default per kind), minimum_radius (default 0.01 pt),
direction (default per kind), smoothness, animation_speed (defaults 0) and animator (taken from the
items by default).
"""

from __future__ import annotations

from inspect import Parameter, Signature
from typing import Any, Callable, Iterable, Optional, Type, TypeVar

from ._anima import Animator, Field, Item
from ._extend import extends

_F = TypeVar("_F", bound=Field)

#: The extension's constructor of Field, Field(kind, items, *, <the parameters>, animator=None).
_make_field = Field.__init__


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


def _signature(falloff: float, direction: tuple, *leading: str) -> Signature:
    """(cls, items, *leading, *, position=(0, 0), ..., animator=None) with a kind's defaults."""
    keywords = (("position", (0, 0)), ("region", None), ("strength", 1.0), ("falloff", falloff),
                ("minimum_radius", 0.01), ("direction", direction), ("smoothness", 0.0),
                ("animation_speed", 0.0), ("animator", None))
    return Signature([Parameter(name, Parameter.POSITIONAL_OR_KEYWORD) for name in ("cls", "items") + leading]
                     + [Parameter(name, Parameter.KEYWORD_ONLY, default=value) for name, value in keywords])


def _factory(kind: str, falloff: float, direction: tuple, doc: str) -> classmethod:
    def make(cls: Type[_F], items: Iterable[Item], **parameters: Any) -> _F:
        field = Field.__new__(cls)  # not cls.__init__: Field's own, as documented
        Field.__init__(field, kind, items, **parameters)
        return field

    make.__name__ = make.__qualname__ = kind
    make.__signature__ = _signature(falloff, direction)  # type: ignore[attr-defined]
    make.__doc__ = (f"{kind}(items, *, position=(0, 0), region=None, strength=1.0, falloff={falloff}, "
                    f"minimum_radius=0.01, direction={direction}, smoothness=0.0, animation_speed=0.0, "
                    f"animator=None)\n\n{doc}")
    return classmethod(make)


def _custom(cls: Type[_F], items: Iterable[Item], evaluate: Optional[Callable[..., Any]],
            **parameters: Any) -> _F:
    field = Field.__new__(cls)
    Field.__init__(field, "custom", items, evaluate=evaluate, **parameters)
    return field


Field.linear_gravity = _factory(  # type: ignore[method-assign]
    "linear_gravity", 0.0, (0, 1),
    """\
    A uniform gravity (UIKit's linearGravityField): F = m S fall direction, so every
    item accelerates at 100 x strength x direction pt/s^2 whatever its mass. The
    default direction (0, 1) pulls down at 100 pt/s^2.
    """)

Field.radial_gravity = _factory(  # type: ignore[method-assign]
    "radial_gravity", 2.0, (0, 0),
    """\
    Gravity toward position (UIKit's radialGravityField): F = -m S r^-falloff
    along the line from position, so with the default falloff 2 an item at r points
    accelerates toward it at 100 x strength x (r / 100)^-2 pt/s^2 (100 pt/s^2 at
    100 pt, 25 pt/s^2 at 200 pt), whatever its mass. Negative strength repels.
    """)

Field.drag = _factory(  # type: ignore[method-assign]
    "drag", 0.0, (0, 0),
    """\
    Quadratic drag (UIKit's dragField): F = -S fall |u| u with u = v - direction,
    the item's velocity relative to the moving medium in m/s. An item of mass 1
    moving at 300 pt/s (3 m/s) in still air slows at 900 pt/s^2; a heavier one less.
    """)

Field.velocity = _factory(  # type: ignore[method-assign]
    "velocity", 0.0, (0, 0),
    """\
    A velocity field (UIKit's velocityField): at every step it sets the velocity of
    the items inside its region to 100 x direction pt/s (direction in m/s), whatever
    their mass; items outside the region keep theirs.
    """)

Field.vortex = _factory(  # type: ignore[method-assign]
    "vortex", 0.0, (0, 0),
    """\
    A vortex around position (UIKit's vortexField): F = (S fall / m) (u_y, -u_x),
    with u the unit vector from position to the item, a force along the circle
    about position (counter-clockwise on screen for a positive strength).
    """)

Field.spring = _factory(  # type: ignore[method-assign]
    "spring", -1.0, (0, 0),
    """\
    A spring toward position (UIKit's springField): F = -S r^-falloff along the
    line from position, with the default falloff -1 Hooke's law F = -S r (S in N/m,
    r in m). An item of mass m oscillates about position with the period
    2 pi sqrt(m / S) s: pi s for strength 4 on a mass of 1.
    """)

Field.electric = _factory(  # type: ignore[method-assign]
    "electric", 1.0, (0, 0),
    """\
    An electric field from a charge at position (UIKit's electricField): F = q S r^-falloff
    away from position, with q the item's charge (ItemBehavior.charge). A charge of
    2 at 1 m (100 pt) on a mass of 1 is pushed away at 200 pt/s^2; a charge of the
    other sign is pulled; a neutral item feels nothing.
    """)

Field.magnetic = _factory(  # type: ignore[method-assign]
    "magnetic", 1.0, (0, 0),
    """\
    A magnetic field (UIKit's magneticField): F = q S fall (v_y, -v_x), with q the
    item's charge and v its velocity in m/s, always across the motion, so a moving
    charge turns without speeding up or slowing down.
    """)

Field.noise = _factory(  # type: ignore[method-assign]
    "noise", 0.0, (0, 0),
    """\
    A smooth random force field (UIKit's noiseField): a = 100 S fall N(x, t) pt/s^2,
    mass ignored, where N is gradient noise with components in -1...1.
    smoothness (0 = noisy ... 1 = smooth) sets how far apart the noise changes;
    animation_speed (Hz) how fast it changes in time (0 freezes it). An animated
    noise field keeps the animator running. The noise is the same on every run.
    """)

Field.turbulence = _factory(  # type: ignore[method-assign]
    "turbulence", 0.0, (0, 0),
    """\
    Turbulence (UIKit's turbulenceField): the noise of a noise field scaled by the
    square of the speed, F = m S fall |v|^2 N(x, t) with v in m/s; items at rest
    feel nothing.
    """)

_custom.__doc__ = """custom(items, evaluate, *, position=(0, 0), region=None, strength=1.0, ...)

    A field computed by Python (UIKit's field(evaluationBlock:)): for every item
    inside the region, at every internal step, evaluate(position, velocity, mass,
    charge, dt) is called with the item's offset (x, y) from the field's position
    in points, its velocity (vx, vy) in pt/s, its mass and charge, and the step dt
    in seconds, and returns a force (fx, fy) in mass x pt/s^2: the item accelerates
    at (fx, fy) / mass. evaluate may be None (no force) and can be replaced later.
    It runs inside the solver: it should only compute the force. An exception it
    raises, or a result that is not two finite numbers (TypeError, ValueError),
    stops advance() as a callback's would.
    """
_custom.__name__ = _custom.__qualname__ = "custom"
_custom.__signature__ = _signature(0.0, (0, 0), "evaluate")  # type: ignore[attr-defined]
Field.custom = classmethod(_custom)  # type: ignore[assignment,method-assign]
