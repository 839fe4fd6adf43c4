"""Progress bars on long work: `Animator.run_until_rest`, `Recorder.run`, `anima.show`.

A bar is tqdm's (`tqdm.auto`: a widget in a notebook, text on a terminal's stderr) and appears
only once the work has lasted `DELAY` seconds, so short calls print nothing. `progress=False`
on the call turns it off; without tqdm installed there is no bar.
"""

from __future__ import annotations

from typing import Any

#: Seconds of work before a bar appears.
DELAY = 1.0


class _Silent:
    """What a call updates when it shows no bar."""

    def update(self, amount: float = 1) -> None:
        pass

    def close(self) -> None:
        pass


def bar(total: float, unit: str, description: str, progress: bool) -> Any:
    """A bar counting to `total` `unit`s, or one that shows nothing (progress False, no tqdm)."""
    if not progress:
        return _Silent()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _Silent()
    return tqdm(total=total, unit=unit, desc=description, delay=DELAY, leave=False, mininterval=0.25,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| {n:.3g}/{total:.3g} {unit} [{elapsed}<{remaining}]")
