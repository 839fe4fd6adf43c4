"""Record an animator frame by frame and render the recording as animated SVG or HTML.

The recording tools live in the anima.recording package; this module hands on, under its older
name, `to_svg` and `to_html` (anima.recording.render, where the example is), `Recorder`
(anima.recording.recorder), `Recording` and its contact constants (anima.recording).
"""

from typing import Tuple

from .recording import BOUNDARY, CONTACT_DTYPE, NOT_FOLLOWED, Recording
from .recording.recorder import Recorder
from .recording.render import to_html, to_svg

__all__ = [
    "BOUNDARY",
    "CONTACT_DTYPE",
    "NOT_FOLLOWED",
    "Recording",
    "Recorder",
    "to_svg",
    "to_html",
]

Rect = Tuple[float, float, float, float]
