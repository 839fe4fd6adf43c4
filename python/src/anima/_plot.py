"""Plots of recordings and timings with matplotlib, imported only when a plot is asked for.

matplotlib is an optional dependency: ``pip install "anima[plot]"``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

_KINDS = ("trajectories", "energy", "contacts")


def pyplot() -> Any:
    """matplotlib.pyplot, or an ImportError that says how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError('anima\'s plots need matplotlib: pip install "anima[plot]"') from error
    return plt


def _axes(ax: Any) -> Any:
    return pyplot().subplots()[1] if ax is None else ax


def plot_recording(recording: Any, ax: Any, kind: str, items: Optional[Sequence[int]]) -> Any:
    """Recording.plot: see its docstring."""
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {', '.join(map(repr, _KINDS))} (got {kind!r})")
    ax = _axes(ax)
    times = recording.times
    if kind == "trajectories":
        indexes = range(recording.item_count) if items is None else [int(i) for i in items]
        if recording.reference_bounds is not None:
            from matplotlib.patches import Rectangle

            x, y, w, h = recording.reference_bounds
            ax.add_patch(Rectangle((x, y), w, h, fill=False, edgecolor="0.6", linewidth=1.0))
        for index in indexes:
            ax.plot(recording.poses[:, index, 0], recording.poses[:, index, 1], label=f"item {index}")
        ax.set_xlabel("x (pt)")
        ax.set_ylabel("y (pt, down)")
        ax.set_aspect("equal", adjustable="datalim")
        ax.autoscale_view()
        if not ax.yaxis_inverted():
            ax.invert_yaxis()  # y grows downward, as on screen
        ax.set_title("Trajectories")
    elif kind == "energy":
        ax.plot(times, recording.kinetic_energy(), label="translational kinetic energy")
        ax.set_xlabel("time (s)")
        ax.set_ylabel("kinetic energy (J, 100 pt = 1 m)")
        ax.set_title("Kinetic energy")
    else:
        contacts = recording.contacts
        # the frame that reported each contact (its time is that frame's time)
        frame_of = np.minimum(np.searchsorted(times, contacts["time"]), max(len(times) - 1, 0))
        began = np.bincount(frame_of[contacts["began"]], minlength=len(times))[: len(times)]
        ended = np.bincount(frame_of[~contacts["began"]], minlength=len(times))[: len(times)]
        touching = np.cumsum(began) - np.cumsum(ended)
        ax.step(times, touching, where="post", label="contacts in progress")
        starts = frame_of[contacts["began"]]
        ax.plot(times[starts], touching[starts], "o", markersize=3, label="contact began")
        ax.set_xlabel("time (s)")
        ax.set_ylabel("contacts")
        ax.set_title("Contacts")
    return ax


def plot_timing(timing: Any, ax: Any, samples: int) -> Any:
    """Timing.plot: see its docstring."""
    if samples < 2:
        raise ValueError(f"samples must be at least 2 (got {samples})")
    ax = _axes(ax)
    times = np.linspace(0.0, timing.duration, samples)
    ax.plot(times, [timing.progress(t) for t in times], label="progress")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("progress (0 = start, 1 = target)")
    twin = ax.twinx()
    twin.plot(times, [timing.velocity(t) for t in times], color="C1", linestyle="--", label="velocity")
    twin.set_ylabel("velocity (1/s)")
    ax.set_title(repr(timing))
    return ax
