"""The engine's debug drawing (`Animator.debug_draw`, docs/debug-draw.md) packed as numbers, for
the live widget's frames, a recording's frames and the player's page.

A drawing is a table of primitives and their coordinates. Each primitive has one head of two
uint32 words: the first holds its kind (bits 0-3: 0 polygon, 1 circle, 2 segment, 3 point),
its layer (bits 4-7: the index in `LAYERS`) and how many coordinates it has (bits 8-31), the
second its colour, 0xRRGGBB. Its coordinates follow those of the primitive before it:

    polygon  x0, y0, x1, y1, ...       (2 a vertex)
    circle   x, y, radius, angle
    segment  x0, y0, x1, y1
    point    x, y, size

The primitives come in the engine's order, which is the order of `LAYERS`: shapes, bounds,
boundaries, attachments, contacts. A recording keeps the coordinates as float64 (exactly what
`debug_draw` gave); the live widget sends them as float32.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

#: The layers of a debug drawing, in the order the engine draws them (debug_draw's keywords).
LAYERS = ("shapes", "bounds", "boundaries", "attachments", "contacts")
#: The layers of ``debug=True``: debug_draw's default set (everything but the bounding boxes).
STANDARD_LAYERS = ("shapes", "boundaries", "attachments", "contacts")
#: The kinds of primitive, by the number in a head's bits 0-3.
KINDS = ("polygon", "circle", "segment", "point")

#: What ``debug=`` takes: off (None, False), the standard layers (True), "all", a layer's name
#: or an iterable of layer names.
DebugLayers = Union[None, bool, str, Iterable[str]]

_KIND = {name: k for k, name in enumerate(KINDS)}


def parse_layers(debug: DebugLayers) -> Tuple[str, ...]:
    """The layers ``debug`` names, in `LAYERS` order; () for off. TypeError or ValueError for
    anything else than None, a bool, "all", a layer's name or an iterable of them."""
    if debug is None or debug is False:
        return ()
    if debug is True:
        return STANDARD_LAYERS
    if isinstance(debug, str):
        names: Sequence[Any] = LAYERS if debug == "all" else (debug,)
    elif isinstance(debug, Iterable):
        names = list(debug)
    else:
        raise TypeError(f"debug must be a bool, \"all\", a layer's name or an iterable of them "
                        f"({', '.join(LAYERS)}), not {type(debug).__name__}")
    for name in names:
        if name not in LAYERS:
            raise ValueError(f"debug: no layer {name!r} (the layers: {', '.join(LAYERS)}, or \"all\")")
    return tuple(layer for layer in LAYERS if layer in names)


def gather(animator: Any, layers: Sequence[str]) -> Tuple[np.ndarray, np.ndarray]:
    """The animator's debug drawing of ``layers`` as (heads, coordinates): heads (P, 2) uint32,
    coordinates (C,) float64. One `Animator.debug_draw` call a layer, none for no layer."""
    heads: List[Tuple[int, int]] = []
    coords: List[float] = []
    for layer in layers:
        index = LAYERS.index(layer)
        for primitive in animator.debug_draw(**{name: name == layer for name in LAYERS}):
            kind = primitive[0]
            start = len(coords)
            if kind == "polygon":
                for x, y in primitive[1]:
                    coords += (x, y)
            elif kind == "circle":
                coords += (*primitive[1], primitive[2], primitive[3])
            elif kind == "segment":
                coords += (*primitive[1], *primitive[2])
            else:
                coords += (*primitive[1], primitive[2])
            heads.append((_KIND[kind] | index << 4 | (len(coords) - start) << 8, int(primitive[-1])))
    return np.array(heads, np.uint32).reshape(-1, 2), np.array(coords, np.float64)


def primitives(heads: np.ndarray, coords: np.ndarray, layers: DebugLayers = None) -> List[Tuple[Any, ...]]:
    """The primitives of a packed drawing as `Animator.debug_draw` gives them (tuples of
    floats), only those of ``layers`` (what `parse_layers` takes) when given."""
    wanted = None if layers is None else {LAYERS.index(layer) for layer in parse_layers(layers)}
    values = coords.tolist()
    out: List[Tuple[Any, ...]] = []
    at = 0
    for word, color in heads.tolist():
        kind, layer, length = word & 15, (word >> 4) & 15, word >> 8
        c = values[at:at + length]
        at += length
        if wanted is not None and layer not in wanted:
            continue
        if kind == 0:
            out.append(("polygon", tuple((c[k], c[k + 1]) for k in range(0, length, 2)), color))
        elif kind == 1:
            out.append(("circle", (c[0], c[1]), c[2], c[3], color))
        elif kind == 2:
            out.append(("segment", (c[0], c[1]), (c[2], c[3]), color))
        else:
            out.append(("point", (c[0], c[1]), c[2], color))
    return out


def check_packed(heads: np.ndarray, coords: np.ndarray) -> None:
    """ValueError unless ``heads`` and ``coords`` make a drawing (kinds, layers and lengths that
    agree, the coordinates' count the heads' total)."""
    if heads.ndim != 2 or heads.shape[1] != 2:
        raise ValueError(f"debug heads must have shape (primitives, 2), not {heads.shape}")
    words = heads[:, 0].astype(np.int64)
    kinds, layers, lengths = words & 15, (words >> 4) & 15, words >> 8
    fixed = np.array([0, 4, 4, 3])[np.minimum(kinds, 3)]
    if (kinds >= len(KINDS)).any() or (layers >= len(LAYERS)).any() \
            or ((kinds != 0) & (lengths != fixed)).any() or ((kinds == 0) & ((lengths < 2) | (lengths % 2 != 0))).any():
        raise ValueError("the debug primitives' heads are damaged")
    if int(lengths.sum()) != len(coords):
        raise ValueError("the debug primitives' heads and coordinates disagree")
