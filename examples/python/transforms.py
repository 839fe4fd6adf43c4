"""The transform helpers of Listing 6-6: tweening, easing and 2 x 3 affine transforms.

`Affine` is a Core Graphics affine transform (a, b, c, d, tx, ty) in Core Graphics'
row-vector convention: a point [x y 1] maps to [x y 1] [a b 0; c d 0; tx ty 1]. The
functions mirror the CGAffineTransform calls the listing makes (identity, rotation, scale,
translation, concat), and the listing's decomposition into x scale sqrt(a^2 + c^2), y scale
sqrt(b^2 + d^2) and rotation atan2(b, a). The decomposition is exact for uniform scales;
with unequal scales and a rotation it is the listing's approximation.

`to_item_transform` and `from_item_transform` convert between an `Affine` and the
decomposed `anima.Transform(rotation, scale_x, scale_y, translation_x, translation_y)` that
an item takes, composing as the listing does: rotate, then scale, then translate.

Run as a script, this module checks a few identities and prints them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import anima

import _checks


def tween(start: float, end: float, percent: float) -> float:
    """Tween(): the value ``percent`` of the way from ``start`` to ``end``."""
    return start + (end - start) * percent


def ease_out(percent: float, power: float) -> float:
    """EaseOut(): 1 - (1 - p)^power, fast at first and slow at the end."""
    return 1.0 - math.pow(1.0 - percent, power)


class Affine(NamedTuple):
    """A CGAffineTransform: [x y 1] -> [x y 1] [a b 0; c d 0; tx ty 1]."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    tx: float = 0.0
    ty: float = 0.0


#: CGAffineTransformIdentity.
IDENTITY = Affine()


def rotation(angle: float) -> Affine:
    """CGAffineTransformMakeRotation(angle)."""
    cos, sin = math.cos(angle), math.sin(angle)
    return Affine(cos, sin, -sin, cos, 0.0, 0.0)


def scale(sx: float, sy: float) -> Affine:
    """CGAffineTransformMakeScale(sx, sy)."""
    return Affine(sx, 0.0, 0.0, sy, 0.0, 0.0)


def translation(tx: float, ty: float) -> Affine:
    """CGAffineTransformMakeTranslation(tx, ty)."""
    return Affine(1.0, 0.0, 0.0, 1.0, tx, ty)


def concat(t1: Affine, t2: Affine) -> Affine:
    """CGAffineTransformConcat(t1, t2): ``t1``, then ``t2``."""
    return Affine(
        t1.a * t2.a + t1.b * t2.c,
        t1.a * t2.b + t1.b * t2.d,
        t1.c * t2.a + t1.d * t2.c,
        t1.c * t2.b + t1.d * t2.d,
        t1.tx * t2.a + t1.ty * t2.c + t2.tx,
        t1.tx * t2.b + t1.ty * t2.d + t2.ty,
    )


def compose(angle: float, sx: float, sy: float, tx: float, ty: float) -> Affine:
    """The listing's composition: the identity, then rotate, then scale, then translate."""
    t = IDENTITY
    t = concat(t, rotation(angle))
    t = concat(t, scale(sx, sy))
    t = concat(t, translation(tx, ty))
    return t


def x_scale_of(t: Affine) -> float:
    """The listing's x scale: sqrt(a^2 + c^2)."""
    return math.sqrt(t.a * t.a + t.c * t.c)


def y_scale_of(t: Affine) -> float:
    """The listing's y scale: sqrt(b^2 + d^2)."""
    return math.sqrt(t.b * t.b + t.d * t.d)


def rotation_of(t: Affine) -> float:
    """The listing's rotation: atan2(b, a) (in double precision, where the listing uses atan2f)."""
    return math.atan2(t.b, t.a)


def from_item_transform(t: anima.Transform) -> Affine:
    """The affine matrix of an item's decomposed transform (rotate, scale, translate)."""
    return compose(t.rotation, t.scale_x, t.scale_y, t.translation_x, t.translation_y)


def to_item_transform(t: Affine) -> anima.Transform:
    """An item's decomposed transform from an affine matrix, by the listing's decomposition."""
    return anima.Transform(rotation_of(t), x_scale_of(t), y_scale_of(t), t.tx, t.ty)


def main() -> int:
    """Check that decomposing a composed transform gives its parts back; return the exit status."""
    worst = 0.0
    for parts in ((0.0, 1.0, 1.0, 0.0, 0.0), (-0.3, 0.9, 0.9, 0.0, 0.0), (0.4, 1.2, 1.2, 4.0, -4.0)):
        back = tuple(to_item_transform(compose(*parts)))
        worst = max(worst, max(abs(x - y) for x, y in zip(back, parts)))
        print(f"compose{parts} -> {tuple(round(v, 12) for v in back)}")
    undone = concat(rotation(0.5), rotation(-0.5))

    def summary() -> str:
        return f"{len(checks)} identities of the transform helpers hold (largest decomposition error {worst:.1e})"

    checks = [
        (worst <= 1e-12, "decomposing compose(r, s, s, tx, ty) gives r, s, s, tx, ty back within 1e-12"),
        (tween(2.0, 4.0, 0.25) == 2.5, "tween(2, 4, 0.25) = 2.5"),
        (ease_out(0.0, 3) == 0.0 and ease_out(1.0, 3) == 1.0 and ease_out(0.5, 3) == 0.875,
         "ease_out(p, 3) is 0, 0.875 and 1 at p = 0, 0.5 and 1"),
        (max(abs(x - y) for x, y in zip(undone, IDENTITY)) <= 1e-15,
         "a rotation concatenated with its inverse is the identity"),
    ]
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    raise SystemExit(main())
