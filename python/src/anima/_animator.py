"""Animator's methods written in Python: run_until_rest(), poses(), display_poses(),
copy_poses_into(), copy_display_poses_into(), copy_states_into() and the repr."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ._anima import Animator, Item
from ._types import InvalidArgumentError, finite
from ._progress import bar
from ._extend import extends, type_name

#: What Animator._copy_into writes, by its `records` argument.
_POSES, _STATES, _DISPLAY_POSES = 0, 1, 2

#: The buffer formats of a native float64.
_FLOAT64 = ("d", "@d", "=d", "<d" if sys.byteorder == "little" else ">d")


def _float64_buffer(buffer: Any, method: str) -> memoryview:
    """A view of a writable, C-contiguous float64 buffer; the errors name `method`."""
    try:
        view = memoryview(buffer)
    except TypeError:
        raise TypeError(f"{method}() needs a writable buffer, not {type(buffer).__name__}") from None
    if view.readonly or not view.c_contiguous:
        raise InvalidArgumentError(f"{method}() needs a writable, C-contiguous float64 buffer")
    if view.itemsize != 8 or view.format not in _FLOAT64:
        raise InvalidArgumentError(f"{method}() needs a float64 buffer (format 'd'), got format '{view.format}'")
    return view


if TYPE_CHECKING:
    import numpy
    import numpy.typing


@extends(Animator)
class _Animator:
    """Owns items and behaviors and advances time (UIDynamicAnimator).

    reference_bounds is (x, y, width, height) in points, or None for an abstract,
    unbounded space. The animator integrates at step_rate internal steps per second
    (30...1000) with `substeps` solver sub-steps (1...16). An item rests once it
    stays below rest_speed pt/s and rest_angular_speed rad/s for rest_time seconds;
    when every item rests the animator pauses and calls on_did_pause.

    One advance() consumes at most max_advance seconds (0.001...86400, default 60),
    so no single call runs for minutes; Ctrl-C (KeyboardInterrupt) stops a long
    advance or run_until_rest between internal steps, leaving the animator usable.

    workers (1...16, default 1) threads share each step's collision and contact
    solving, the calling one included; the poses are bit-identical for any count.

    The animator is single-threaded: use it (and its items and behaviors) from one
    thread at a time. The GIL stays held while it advances.
    """

    @property
    def memory_budget(self: Animator) -> int | None:
        """The most bytes this animator's storage may hold, or None for no limit (the
        default; also the constructor's memory_budget keyword).

        A call whose storage would grow past it (a new item, value, behavior, animation, or
        a step's contacts) raises OutOfMemoryError, a MemoryError, and changes nothing, as
        when the system refuses the memory; a step is refused before it changes anything
        (but for a step whose new contacts outgrow the room checked before it: that step runs
        without them, the next one finds them, and then it raises). Setting
        a budget below memory_held frees nothing: it refuses growth until something is
        destroyed or the budget is raised (docs/python.md, "Errors", has an example).
        """
        budget = int(self._memory_budget)  # type: ignore[attr-defined]
        return budget if budget > 0 else None

    @memory_budget.setter
    def memory_budget(self: Animator, bytes: int | None) -> None:
        if bytes is not None:
            if isinstance(bytes, bool) or not isinstance(bytes, int):
                raise TypeError(f"memory_budget must be an int or None, not {type(bytes).__name__}")
            # (2**53: the budget crosses the extension as a float, exact up to there)
            if not 1 <= bytes <= 2**53:
                raise InvalidArgumentError(f"memory_budget must be 1...2**53 bytes, or None (got {bytes})")
        self._memory_budget = 0 if bytes is None else bytes  # type: ignore[attr-defined]

    @property
    def memory_held(self: Animator) -> int:
        """What this animator's storage holds, in bytes, as memory_budget counts it: the item
        and value stores, the step's contacts, broad phase and solver bodies, counted from the
        room of their arrays, and a fixed share per behavior and animation. It errs high: a
        million falling items count 3 116 MB where the process holds 1 655 MB resident."""
        return int(self._memory_held)  # type: ignore[attr-defined]

    def create_group(self: Animator, items: Any) -> Item:
        """Make one rigid body of several items (UIKit's UIDynamicItemGroup): a card with its
        badge. Returns the group, an Item with no shape of its own, at the parts' centre of
        mass, rotation 0, sized to enclose them, moving at their centre of mass's velocity.

        Add the group, not its parts, to behaviors (adding a part raises InvalidStateError).
        Its mass is the parts' (the group's density on each part's area) and its inertia
        theirs about its centre; the parts' shapes collide, never with each other, and
        contact, hit and sensor events name the part (part.group names its group). A part's
        centre, size, transform, shape and velocities follow the group (setting them raises
        InvalidStateError); its alpha is its own. Destroying a part takes it out of the group;
        destroying the group frees its parts where they are, moving as they were.

        items: one or more live items of this animator, each once, none a group, a part or a
        sensor (InvalidArgumentError or InvalidStateError otherwise).

            >>> anim = anima.Animator()
            >>> card = anima.Item(anim, center=(150, 100), size=(100, 60))
            >>> badge = anima.Item(anim, center=(195, 75), size=(20, 20), shape='ellipse')
            >>> group = anim.create_group([card, badge])
            >>> group.parts == (card, badge), badge.group is group
            (True, True)
        """
        if isinstance(items, Item):
            raise TypeError("items must be an iterable of anima.Item (got one Item)")
        return self._create_group(tuple(items))  # type: ignore[attr-defined, no-any-return]

    def run_until_rest(self: Animator, max_seconds: float = 10.0, frame: float = 1 / 60, *,
                       progress: bool = True) -> float | None:
        """Advance frame by frame (`frame` seconds each, at least 1e-6, default 1/60) until
        the animator pauses.

        Returns the simulated seconds it ran (0.0 if it was already paused), or None if it
        is still running after `max_seconds` (>= 0, default 10) of frames. Ctrl-C stops it
        between internal steps, as it stops advance(). A run that lasts over a second shows
        a progress bar of the simulated seconds (tqdm; a widget in a notebook) unless
        `progress` is False.

            >>> anim = anima.Animator((0, 0, 320, 480))
            >>> ball = anima.Item(anim, center=(160, 40), size=(40, 40))
            >>> anim.add_behavior(anima.Gravity([ball]))
            >>> anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
            >>> 0.5 < anim.run_until_rest() < 10
            True
        """
        limit = finite(max_seconds, "max_seconds")
        step = finite(frame, "frame")
        if limit < 0:
            raise InvalidArgumentError(f"max_seconds must be >= 0 (got {max_seconds!r})")
        # The loop makes max_seconds / frame calls: a floor on the frame keeps that count finite.
        if step < 1e-6:
            raise InvalidArgumentError(f"frame must be at least 1e-6 seconds (got {frame!r})")
        start = self.elapsed_time
        frames = 0
        shown = bar(limit, "s", "run_until_rest", progress)
        try:
            while self.is_running:
                if frames * step >= limit:
                    return None
                self.advance(step)
                frames += 1
                shown.update(step)
            return self.elapsed_time - start
        finally:
            shown.close()

    def poses(self: Animator) -> numpy.typing.NDArray[numpy.float64]:
        """A snapshot of every item's pose: a read-only numpy float64 array of shape (n, 3),
        one row (center x, center y, rotation) per item in creation order, in points and
        radians. It is a copy: it does not change when the animator moves on. To fill an
        array of your own every frame without allocating, use copy_poses_into().
        """
        import numpy  # on first use, so that `import anima` does not wait for numpy

        return numpy.frombuffer(self._poses_bytes(), dtype=numpy.float64).reshape(-1, 3)

    def display_poses(self: Animator) -> numpy.typing.NDArray[numpy.float64]:
        """Every item's pose at the display's time, for drawing: as poses() (a read-only
        float64 array of shape (n, 3), rows (center x, center y, rotation) in creation
        order, points and radians), each pose a share display_fraction of the way from its
        value at the internal step before the last to its value at the last one. A display
        refreshing at a rate other than step_rate (144 Hz, 75 Hz, ... against 120 steps/s)
        then sees even motion, where poses() moves an item by one step in some frames and
        by two (or none) in others; what is shown lags the simulation by less than one step
        (1/step_rate s). An item put somewhere from outside the dynamics shows there at once,
        and while the animator is paused the two are equal.

            >>> anim = anima.Animator()
            >>> ball = anima.Item(anim, size=(40, 40), velocity=(600, 0))
            >>> anim.add_behavior(anima.ItemBehavior([ball]))   # resistance 0: it glides
            >>> anim.advance(1 / 144)                           # 0 steps: the display waits
            >>> anim.advance(1 / 144)                           # 1 step of 1/120 s, 5 pt
            >>> float(anim.poses()[0, 0]), round(float(anim.display_poses()[0, 0]), 6)
            (5.0, 3.333333)
        """
        import numpy

        return numpy.frombuffer(self._display_poses_bytes(), dtype=numpy.float64).reshape(-1, 3)

    def copy_poses_into(self: Animator, buffer: Any, /) -> int:
        """Write every item's (x, y, rotation) into a writable, C-contiguous float64
        buffer (an array('d'), a numpy array of shape (n, 3) or (3n,), ...) with no
        intermediate copy. Returns the number of items written. Raises ValueError when
        the buffer is too small or not float64.
        """
        return self._copy_into(_float64_buffer(buffer, "copy_poses_into"), _POSES)

    def copy_display_poses_into(self: Animator, buffer: Any, /) -> int:
        """Write every item's pose at the display's time (see display_poses()), 3 float64
        per item (x, y, rotation), into a writable, C-contiguous float64 buffer (an
        array('d'), a numpy array of shape (n, 3) or (3n,), ...) with no intermediate
        copy. Returns the number of items written. Raises ValueError when the buffer is too
        small or not float64, TypeError for a non-buffer.
        """
        return self._copy_into(_float64_buffer(buffer, "copy_display_poses_into"), _DISPLAY_POSES)

    def copy_states_into(self: Animator, buffer: Any, /) -> int:
        """Write every item's state, 7 float64 per item in creation order (the order of
        copy_poses_into): center x, y (points), rotation (radians), velocity vx, vy
        (pt/s), angular velocity (rad/s) and alpha (0...1), into a writable,
        C-contiguous float64 buffer (a numpy array of shape (n, 7) or (7n,), ...) with
        no intermediate copy. Returns the number of items written. Raises ValueError
        when the buffer is too small or not float64, TypeError for a non-buffer.
        """
        return self._copy_into(_float64_buffer(buffer, "copy_states_into"), _STATES)

    def __repr__(self: Animator) -> str:
        if not self.is_valid:
            return f"<{type_name(self)} (destroyed)>"
        items, behaviors = len(self.items), len(self.behaviors)
        return (f"<{type_name(self)} {'running' if self.is_running else 'paused'}, "
                f"{items} item{'' if items == 1 else 's'}, {behaviors} behavior{'' if behaviors == 1 else 's'}, "
                f"elapsed {self.elapsed_time:.3f} s>")
