"""The checks the Python examples make, and the lines that close them.

An example states what it expects as checks, pairs of whether it held and what it says in
words. It prints them all at once with `report`, or one at a time with a `Checklist`: a line
``  [ok] ...`` or ``  [FAIL] ...`` each. It ends with `conclude`: a ``FAIL: ...`` line for every
check that failed, or else one ``OK: ...`` line that sums up the run, and the exit status.
`finish` does both for a list of checks made at the end of a run. `pauses_of` keeps what a
check that the animator paused reads.

The leading underscore keeps the module out of the examples that scripts/run_examples.sh runs:
it is imported by them (``import _checks``), from the folder they are run in.
"""

from collections.abc import Callable, Iterable, Sequence

import anima

#: A check: whether it held, and what it claims in words.
Check = tuple[bool, str]


class Checklist:
    """Checks made one at a time: each prints its line, and the failed ones are kept in `failures`.

    >>> check = Checklist()
    >>> check(1 + 1 == 2, "one and one make two")
      [ok] one and one make two
    True
    >>> check.failures
    []
    """

    def __init__(self) -> None:
        #: The descriptions of the checks that failed, in the order they were made.
        self.failures: list[str] = []

    def __call__(self, condition: bool, description: str) -> bool:
        """Print ``  [ok] description`` or ``  [FAIL] description``, keep a failure, return `condition`."""
        print(f"  [{'ok' if condition else 'FAIL'}] {description}")
        if not condition:
            self.failures.append(description)
        return condition


def report(checks: Iterable[Check]) -> list[str]:
    """Print every check as a `Checklist` does; return the descriptions of those that failed."""
    checklist = Checklist()
    for passed, description in checks:
        checklist(passed, description)
    return checklist.failures


def conclude(failures: Sequence[str], summary: Callable[[], str]) -> int:
    """Close the run: ``FAIL: failure`` for each failure, or ``OK: summary`` when there is none.

    `summary` is called only when every check held, so it may use values that a failed run
    does not have. Returns the exit status: 1 when a check failed, 0 otherwise.
    """
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        return 1
    print(f"OK: {summary()}")
    return 0


def finish(checks: Iterable[Check], summary: Callable[[], str]) -> int:
    """Print every check (as `report` does), then close the run (as `conclude` does); return the exit status."""
    return conclude(report(checks), summary)


def pauses_of(animator: anima.Animator) -> list[anima.Animator]:
    """A list that the animator is appended to at each of its pauses (its ``on_did_pause``), empty now."""
    pauses: list[anima.Animator] = []
    animator.on_did_pause = pauses.append
    return pauses
