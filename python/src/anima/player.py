"""A self-contained HTML player for a scene: play, pause, scrub, loop.

The player lives in anima.recording.player (`Player`, `show`, `COLORS`); this module hands it on
under its older name.
"""

from .recording.player import COLORS, Player, show

# The package's other name that this module held at its top level before
from .recording import Recording

__all__ = ["Player", "show", "COLORS"]
