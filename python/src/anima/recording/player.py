"""A self-contained HTML player for a scene: play, pause, scrub, loop.

    import anima
    anima.show(animator, seconds=3)          # in a notebook: the player, recorded now
    anima.show(recording, debug=True)        # a Recording, with boundaries and contacts
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
alpha, in a colour of its own (`Player.colors`). With ``debug=True`` the player also draws the
reference bounds and named boundaries, the attachments (a line from the anchor or between the
two items) and snap points of an animator, and each frame's contact points.

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
from .recorder import Recorder
from .recording import Recording

__all__ = ["Player", "show", "COLORS"]


class Player:
    """An HTML player of a `Recording`; shown by Jupyter, or written with `save`.

    ``width`` is the drawn width in CSS pixels (default: the scene's width, at most 480 px);
    the height follows the scene's proportions. ``loop`` starts with looping on and
    ``autoplay`` with the animation playing. ``overlays`` are the debug drawings of `show`.
    The recording's animated values, if any, show in a panel under the controls.
    """

    colors = COLORS

    def __init__(self, recording: Recording, *, debug: bool = False, width: Optional[float] = None,
                 loop: bool = True, autoplay: bool = True, overlays: Optional[Dict[str, Any]] = None) -> None:
        if not isinstance(recording, Recording):
            raise TypeError(f"recording must be an anima.render.Recording, not {type(recording).__name__}")
        check_playable(recording)
        if width is not None and not (isinstance(width, (int, float)) and math.isfinite(width) and width > 0):
            raise ValueError(f"width must be a finite number of pixels > 0 (got {width!r})")
        self.recording = recording
        self.debug = bool(debug)
        self.width = width
        self.loop = bool(loop)
        self.autoplay = bool(autoplay)
        self.overlays = overlays or {"links": [], "snaps": []}

    def data(self) -> Dict[str, Any]:
        """What the player's script draws from, as JSON-ready values."""
        return scene_data(self.recording, self.colors, debug=self.debug, loop=self.loop, autoplay=self.autoplay,
                          overlays=self.overlays)

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


def show(source: Any, seconds: Optional[float] = None, *, debug: bool = False, frame: float = 1 / 60,
         width: Optional[float] = None, loop: bool = True, autoplay: bool = True,
         max_seconds: float = 10.0, progress: bool = True, values: ValuesToFollow = None) -> Player:
    """A player of an animator or a recording, for a notebook cell or a page.

    An `Animator` is recorded now, from its current state, for ``seconds`` (or until it comes
    to rest, at most ``max_seconds``, default 10 s) at ``frame`` s per frame (default 1/60); the
    animator advances while it is recorded. A `Recording` plays as it is. ``debug=True`` adds
    the boundaries, the contact points and, for an animator, the attachments and snap points.
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
    """
    if isinstance(source, Recording):
        if values is not None:
            raise TypeError("show(recording, values=...): a recording shows the values it was recorded with "
                            "(label them when recording: Recorder(animator, values={label: value}))")
        return Player(source, debug=debug, width=width, loop=loop, autoplay=autoplay)
    if not (hasattr(source, "copy_states_into") and hasattr(source, "advance")):
        raise TypeError(f"show() takes an anima.Animator or a Recording, not {type(source).__name__}")
    recorder = Recorder(source, frame=frame, values=values)
    overlays = overlays_of(source, source.items) if debug else None
    if seconds is None:
        recorder.run_until_rest(max_seconds, progress=progress)
    else:
        recorder.run(seconds, progress=progress)
    return Player(recorder.recording, debug=debug, width=width, loop=loop, autoplay=autoplay, overlays=overlays)
