"""Fault injection, for testing how a program meets an engine that runs out of memory.

As SQLite's tests fail its n-th ``malloc``, :func:`fail_allocation` makes the calling thread's
n-th checked growth of the engine's storage fail: the call that asked for it raises
:class:`anima.OutOfMemoryError` (a :class:`MemoryError`) and changes nothing, and later growths
succeed again. docs/reliability.md ("Out of memory") lists which storage grows through the check.

>>> import anima, anima.testing
>>> a = anima.Animator()
>>> first = [anima.Item(a) for _ in range(16)]   # the item storage's first room: 16 slots
>>> anima.testing.fail_allocation(1)
>>> anima.Item(a)
Traceback (most recent call last):
  ...
anima.OutOfMemoryError: ...
>>> len(a.poses())                              # nothing was made
16
>>> last = anima.Item(a)                         # the next growth succeeds
>>> len(a.poses())
17
"""

from __future__ import annotations

from typing import Any

from . import _anima

__all__ = ["fail_allocation", "allocation_count", "check_consistency"]


def fail_allocation(n: int) -> None:
    """Makes the calling thread's ``n``-th checked growth from now fail (n >= 1); 0 disarms.

    Raises InvalidArgumentError for a negative ``n``.
    """
    _anima._testing_fail_allocation(n)


def allocation_count() -> int:
    """How many checked growths the calling thread has asked for: the failure points there are."""
    return _anima._testing_allocation_count()  # type: ignore[no-any-return]


def check_consistency(animator: Any) -> None:
    """Checks the animator's structures against each other, as the library's debug builds do
    after every step: returns None when they agree, and raises InvalidStateError naming the
    first cross-reference that does not (a bug in the library, worth reporting).

    >>> import anima, anima.testing
    >>> anima.testing.check_consistency(anima.Animator())
    """
    _anima._testing_check_consistency(animator)
