"""A self-contained HTML player for a scene: play, pause, scrub, loop.

    import anima
    anima.show(animator, seconds=3)          # in a notebook: the player, recorded now
    anima.show(recording, debug=True)        # a Recording, with boundaries and contacts
    anima.show(animator, seconds=3, debug=True)      # with the engine's debug drawing per frame
    anima.show(animator, values={"sheet": height})   # with a panel of labelled animated values

The player is one ``<div>`` with a canvas, the controls and an inline script: no network
request, no external script or font, so it works offline, in JupyterLab, in a notebook
exported to HTML and in a saved page. The recording travels as numbers, not as one drawing per
frame: positions in steps of 0.01 pt, angles of 1e-4 rad, alpha of 1e-3, each written as its
change since the previous frame (32-bit integers, zlib-compressed, base64 in the page). The
script unpacks them with the browser's own ``DecompressionStream`` and draws each frame on the
canvas, so a resting item costs next to nothing: 1 000 items for 600 frames of a settling pile
is under half a megabyte of page.

Each item is drawn with its shape (rectangle, ellipse or outline), size, rotation, scale and
alpha, in a colour of its own (`Player.colors`). A recording that kept the engine's debug
drawing (`Recorder(animator, debug=...)`, or ``anima.show(animator, debug=...)``) has it drawn
over the items, frame by frame, in the colours of `Animator.debug_draw` (docs/debug-draw.md),
with a "debug" switch beside the controls that hides it. For a recording without one,
``debug=True`` draws what the recording holds: the reference bounds and named boundaries, each
frame's contact points and, given as ``overlays``, attachments and snap points.

A recording with animated values (`anima.Value`) has a panel under the controls, a row per
value: its label (or index), its numbers at the frame shown, a bar for a scalar (from its lowest
to its highest in the recording) and a swatch for a colour (its sRGB components as CSS rgb() or
rgba()).
"""

from __future__ import annotations

import html
import math
import os
from typing import Any, Dict, Optional, Union

from ._canvas import COLORS, check_playable, fragment, overlays_of, scene_data
from ._capture import ValuesToFollow
from ._debug import DebugLayers
from .recorder import Recorder
from .recording import Recording

__all__ = ["Player", "show", "COLORS"]


class Player:
    """An HTML player of a `Recording`; shown by Jupyter, or written with `save`.

    ``width`` is the drawn width in CSS pixels (default: the scene's width, at most 480 px);
    the height follows the scene's proportions. ``loop`` starts with looping on and
    ``autoplay`` with the animation playing. The recording's animated values, if any, show in
    a panel under the controls.

    ``debug``: the recording's debug drawing (`Recording.debug_layers`), when it kept one, is
    drawn unless ``debug`` is False (its switch then starts off); for a recording without one,
    ``debug=True`` draws its bounds, boundaries, contact points and ``overlays`` (the
    attachments and snap points `show` finds), and None or False nothing.
    """

    colors = COLORS

    def __init__(self, recording: Recording, *, debug: Optional[bool] = None, width: Optional[float] = None,
                 loop: bool = True, autoplay: bool = True, overlays: Optional[Dict[str, Any]] = None) -> None:
        if not isinstance(recording, Recording):
            raise TypeError(f"recording must be an anima.render.Recording, not {type(recording).__name__}")
        check_playable(recording)
        if width is not None and not (isinstance(width, (int, float)) and math.isfinite(width) and width > 0):
            raise ValueError(f"width must be a finite number of pixels > 0 (got {width!r})")
        self.recording = recording
        if debug is not None and not isinstance(debug, bool):
            raise TypeError(f"Player's debug must be None, True or False (got {debug!r}); the layers are "
                            f"chosen when recording: Recorder(animator, debug=[...])")
        self.debug = debug
        self.width = width
        self.loop = bool(loop)
        self.autoplay = bool(autoplay)
        self.overlays = overlays or {"links": [], "snaps": []}

    def data(self) -> Dict[str, Any]:
        """What the player's script draws from, as JSON-ready values."""
        recorded = bool(self.recording.debug_layers)
        return scene_data(self.recording, self.colors, debug=self.debug is True and not recorded, loop=self.loop,
                          autoplay=self.autoplay, overlays=self.overlays, debug_shown=self.debug is not False)

    def to_html(self) -> str:
        """The player as an HTML fragment (a div with its inline script), unique on its page."""
        return fragment(self.data(), self.recording.title, self.width, self.loop)

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the player as a standalone HTML page."""
        title = html.escape(self.recording.title or "Anima")
        page = (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n"
                f"<body style=\"margin:16px;font-family:sans-serif\">\n{self.to_html()}\n</body></html>\n")
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        rec = self.recording
        return f"<anima.Player {rec.item_count} items, {rec.frame_count} frames, {rec.duration:.2f} s>"


def show(source: Any, seconds: Optional[float] = None, *, debug: DebugLayers = None, frame: float = 1 / 60,
         width: Optional[float] = None, loop: bool = True, autoplay: bool = True,
         max_seconds: float = 10.0, progress: bool = True, values: ValuesToFollow = None) -> Player:
    """A player of an animator or a recording, for a notebook cell or a page.

    An `Animator` is recorded now, from its current state, for ``seconds`` (or until it comes
    to rest, at most ``max_seconds``, default 10 s) at ``frame`` s per frame (default 1/60); the
    animator advances while it is recorded. A `Recording` plays as it is. For an animator,
    ``debug`` records the engine's debug drawing of every frame and the player draws it: True
    for the standard layers (shapes, boundaries, attachments, contacts), "all", or the names of
    the layers (see `Recorder`), and the snap points too. For a recording, ``debug`` is the
    player's (`Player`): False hides a recorded drawing at the start, True draws the bounds,
    boundaries and contact points of a recording that kept none.
    A recording that takes over a second shows a progress bar unless ``progress`` is False.
    The animator's animated values are recorded too and shown in a panel, each row labelled
    by its index; ``values`` (a mapping of label to `anima.Value`, or a sequence of values)
    shows exactly those, labelled so (see `Recorder`). A recording keeps the labels it was
    recorded with, and ``values`` is for an animator only.

        >>> anim = anima.Animator((0, 0, 320, 480))
        >>> ball = anima.Item(anim, center=(160, 40), size=(40, 40), shape="ellipse")
        >>> anim.add_behavior(anima.Gravity([ball]))
        >>> anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
        >>> player = anima.show(anim, seconds=2)
        >>> player.recording.frame_count
        121
        >>> drawn = anima.show(anim, seconds=0.5, debug=["contacts"])
        >>> drawn.recording.debug_layers, drawn.recording.debug_primitives(-1)[0][0]
        (('contacts',), 'point')
    """
    if isinstance(source, Recording):
        if values is not None:
            raise TypeError("show(recording, values=...): a recording shows the values it was recorded with "
                            "(label them when recording: Recorder(animator, values={label: value}))")
        if debug is not None and not isinstance(debug, bool):
            raise TypeError("show(recording, debug=...) takes None, True or False: a recording shows the "
                            "debug layers it was recorded with (Recorder(animator, debug=[...]))")
        return Player(source, debug=debug, width=width, loop=loop, autoplay=autoplay)
    if not (hasattr(source, "copy_states_into") and hasattr(source, "advance")):
        raise TypeError(f"show() takes an anima.Animator or a Recording, not {type(source).__name__}")
    recorder = Recorder(source, frame=frame, values=values, debug=debug)
    layers = recorder.recording.debug_layers
    overlays = overlays_of(source, source.items) if layers else None
    if seconds is None:
        recorder.run_until_rest(max_seconds, progress=progress)
    else:
        recorder.run(seconds, progress=progress)
    return Player(recorder.recording, width=width, loop=loop, autoplay=autoplay, overlays=overlays)
