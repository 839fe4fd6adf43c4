"""Recordings as animated SVG and as HTML pages: the two functions, and the checks of what they are given.

    import anima
    from anima.recording.recorder import Recorder
    from anima.recording.render import to_svg, to_html

    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(anim, center=(160, 100), size=(64, 64), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))

    recorder = Recorder(anim)
    recorder.run_until_rest(max_seconds=10)
    recording = recorder.recording                    # numpy arrays: recording.poses, ...
    svg = to_svg(recording)                           # one animated <svg> document
    page = to_html([("Gravity with collision", recording)])

The SVG plays the recording in real time through SMIL animations (``<animate>`` and
``<animateTransform>`` with ``values``/``keyTimes``), which every current browser runs, also
inside ``<img>`` tags (anima.recording._svg draws them). In Jupyter a `Recording` (or a
`Recorder`) shows itself inline with a player.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Tuple

from ._svg import page, svg
from .recording import Recording

__all__ = ["to_svg", "to_html"]


def _unwrap(recording_like: Any) -> Recording:
    if isinstance(recording_like, Recording):
        return recording_like
    inner = getattr(recording_like, "recording", None)
    if isinstance(inner, Recording):
        return inner
    raise TypeError(f"expected a Recording or a Recorder, got {type(recording_like).__name__}")


def to_svg(recording: Any, width: Optional[float] = None, height: Optional[float] = None,
           trails: bool = False) -> str:
    """Render a recording as a standalone, animated SVG document (a string).

    ``recording`` is a :class:`Recording` or a :class:`Recorder`. ``width`` and ``height``
    are the displayed size in CSS pixels; give one and the other follows the aspect ratio;
    give neither and one point is one pixel. The picture shows the reference bounds as a
    white frame (plus a margin; without reference bounds, the area the items covered),
    named boundaries as red lines, each item as an ``<ellipse>`` or a ``<rect>`` that moves,
    turns about its center and fades with its alpha, a red dot where each contact began,
    and a progress bar along the bottom. With ``trails``, each item's whole path is drawn
    as a dashed line under it, so the picture tells the story even where the animation does
    not play. The animation lasts as long as the recording, in real time, and holds its last
    frame.
    """
    return svg(_unwrap(recording), width, height, standalone=True, trails=trails)


def _scene_parts(scene: Any, number: int) -> Tuple[str, str, Recording]:
    """Accept a Recording/Recorder, (title, recording), (title, summary, recording) or a mapping."""
    if isinstance(scene, Mapping):
        rec = _unwrap(scene["recording"])
        title = scene.get("title") or rec.title or f"Scene {number}"
        summary = scene.get("summary")
        return str(title), str(summary) if summary is not None else rec.summary(), rec
    if isinstance(scene, tuple):
        if len(scene) == 2:
            rec = _unwrap(scene[1])
            return str(scene[0]), rec.summary(), rec
        if len(scene) == 3:
            rec = _unwrap(scene[2])
            return str(scene[0]), str(scene[1]), rec
        raise ValueError("a scene tuple is (title, recording) or (title, summary, recording)")
    rec = _unwrap(scene)
    return rec.title or f"Scene {number}", rec.summary(), rec


def to_html(scenes: Iterable[Any], title: str = "Anima") -> str:
    """Render scenes as one self-contained HTML page (a string).

    Each scene is a :class:`Recording` or :class:`Recorder`, a tuple ``(title, recording)``
    or ``(title, summary, recording)``, or a mapping with keys ``"recording"`` and optionally
    ``"title"`` and ``"summary"``; the summary defaults to :meth:`Recording.summary`. The
    page holds one card per scene (title, summary line, the animated SVG inline and a Replay
    button) and a button that replays every scene. It loads nothing: styles and the few
    lines of script that restart the SVG animations are inline.
    """
    return page((_scene_parts(scene, number) for number, scene in enumerate(scenes, start=1)), title)
