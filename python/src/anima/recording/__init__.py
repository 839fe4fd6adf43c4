"""Recordings of an animator: every followed item's state and animated value, frame by frame,
as numpy arrays, and the tools that make, draw and play them.

    import anima
    from anima.recording import Recording
    from anima.recording.recorder import Recorder

    recorder = Recorder(animator)                 # follows every item, 60 frames per second
    recording = recorder.run(2.0)                 # 121 frames: time 0 and 120 advances
    recording.poses[-1, 0]                        # item 0 at the end: (x, y, angle)
    recording.values[-1, 0]                       # value 0 at the end: its components (4, 0 past its count)
    recording.save("fall.npz")
    again = Recording.load("fall.npz")

The modules: `recording` (the Recording: its arrays, .npz files and plots), `recorder`
(`Recorder`, which fills a recording with one `Animator.copy_states_into` call per frame,
whatever the number of items), `render` (`to_svg`, `to_html`) and `player` (`Player`, `show`).
anima.render, anima.recorder and anima.player hand on the same names.
"""

from ._frames import BOUNDARY, CONTACT_DTYPE, NOT_FOLLOWED
from .recording import FORMAT_VERSION, Point, Rect, Recording

__all__ = ["Recording", "CONTACT_DTYPE", "BOUNDARY", "NOT_FOLLOWED", "FORMAT_VERSION"]
