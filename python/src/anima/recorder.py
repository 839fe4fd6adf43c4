"""Recorder: advances an animator frame by frame and records every item into a Recording.

The recorder lives in anima.recording.recorder; this module hands it on under its older name.
"""

from .recording.recorder import Recorder

# The package's other names that this module held at its top level before
from ._types import AnimaError
from .recording import BOUNDARY, NOT_FOLLOWED, Recording

__all__ = ["Recorder"]
