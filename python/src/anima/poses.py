"""Animator.poses(): every item's pose as a numpy array (installed on Animator on import)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._anima import Animator

if TYPE_CHECKING:
    import numpy
    import numpy.typing


def poses(self: Animator) -> numpy.typing.NDArray[numpy.float64]:
    """A snapshot of every item's pose: a read-only numpy float64 array of shape (n, 3),
    one row (center x, center y, rotation) per item in creation order, in points and
    radians. It is a copy: it does not change when the animator moves on. To fill an
    array of your own every frame without allocating, use copy_poses_into().
    """
    import numpy  # on first use, so that `import anima` does not wait for numpy

    return numpy.frombuffer(self._poses_bytes(), dtype=numpy.float64).reshape(-1, 3)


Animator.poses = poses
