"""Record an animator frame by frame and render the recording as animated SVG or HTML.

The module is pure Python (standard library only) and talks to the extension only through
its public attributes, so it also works on recordings built by hand::

    import anima
    from anima.render import Recorder, to_svg, to_html

    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(anim, center=(160, 100), size=(64, 64), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))

    recorder = Recorder(anim)
    recorder.run_until_rest(max_seconds=10)
    svg = to_svg(recorder.recording)                  # one animated <svg> document
    page = to_html([("Gravity with collision", recorder.recording)])

The SVG plays the recording in real time through SMIL animations (``<animate>`` and
``<animateTransform>`` with ``values``/``keyTimes``), which every current browser runs, also
inside ``<img>`` tags. In Jupyter a :class:`Recording` (or a :class:`Recorder`) shows itself
inline with a replay button.
"""

from __future__ import annotations

import html
import math
from typing import Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

__all__ = [
    "ItemState",
    "Contact",
    "Frame",
    "Recording",
    "Recorder",
    "to_svg",
    "to_html",
]

Point = Tuple[float, float]
Rect = Tuple[float, float, float, float]


class ItemState(NamedTuple):
    """The visible state of one item in one frame.

    ``center`` and ``size`` are in points, ``rotation`` in radians (positive turns clockwise
    on screen), ``alpha`` in 0...1, ``shape`` is ``"ellipse"``, ``"rectangle"`` or ``"path"``
    (then ``path`` holds the outline's points from the center, in the item's own coordinates);
    ``scale`` and ``translation`` come from the item's transform and are applied about the center.
    """

    center: Point
    size: Point
    rotation: float
    alpha: float
    shape: str
    scale: Point = (1.0, 1.0)
    translation: Point = (0.0, 0.0)
    path: Optional[Tuple[Point, ...]] = None


class Contact(NamedTuple):
    """A contact event reduced to plain data.

    ``kind`` is ``"began"`` or ``"ended"``; ``time`` is the recording time (s) of the frame
    that reported it; ``item`` and ``other`` are indexes into the recording's items (``other``
    is None for a boundary, and either is None for an item the recording does not follow);
    ``boundary_identifier`` is the named boundary's identifier, or None for the reference
    bounds and for item-item contacts; ``point`` is the contact point in points, or None when
    the engine gives none.
    """

    time: float
    kind: str
    item: Optional[int]
    other: Optional[int]
    is_boundary: bool
    boundary_identifier: Optional[str]
    point: Optional[Point]


class Frame(NamedTuple):
    """One recorded frame: the time (s from the start of the recording), the state of every
    recorded item, the contacts that began and ended during the frame, and whether the
    animator was running at the end of it."""

    time: float
    items: Tuple[ItemState, ...]
    began: Tuple[Contact, ...] = ()
    ended: Tuple[Contact, ...] = ()
    running: bool = True


class Recording:
    """A sequence of frames taken at a fixed frame interval.

    ``frames[0]`` is the state before the first advance (time 0); each later frame follows
    one advance of ``frame`` seconds, so a recording of ``n`` advanced frames holds ``n + 1``
    frames and lasts ``n * frame`` seconds.

    Attributes:
        frame: the frame interval in seconds.
        frames: the list of :class:`Frame`.
        reference_bounds: ``(x, y, width, height)`` of the animator's reference view, or None.
        boundaries: named collision boundaries, identifier -> list of points (a polyline).
        inset_bounds: rectangles ``(x, y, w, h)`` of reference-bounds boundaries that have
            insets, drawn dashed.
        rest_time: recording time (s) at which the animator was first seen paused by
            :meth:`Recorder.run_until_rest`, or None.
        title: an optional title used by :func:`to_html` and the Jupyter display.
    """

    def __init__(
        self,
        frame: float = 1.0 / 60.0,
        frames: Optional[Iterable[Frame]] = None,
        reference_bounds: Optional[Rect] = None,
        boundaries: Optional[Mapping[str, Sequence[Point]]] = None,
        inset_bounds: Optional[Iterable[Rect]] = None,
        rest_time: Optional[float] = None,
        title: Optional[str] = None,
    ) -> None:
        """Create a recording; every argument is optional so recordings can be built by hand."""
        if not (isinstance(frame, (int, float)) and math.isfinite(frame) and frame > 0):
            raise ValueError(f"frame must be a finite number of seconds > 0 (got {frame!r})")
        self.frame = float(frame)
        self.frames: List[Frame] = list(frames) if frames is not None else []
        self.reference_bounds = tuple(reference_bounds) if reference_bounds is not None else None
        self.boundaries = {str(k): [tuple(p) for p in v] for k, v in (boundaries or {}).items()}
        self.inset_bounds = [tuple(r) for r in (inset_bounds or ())]
        self.rest_time = rest_time
        self.title = title

    @property
    def duration(self) -> float:
        """Seconds covered by the recording: the time of the last frame (0 when empty)."""
        return self.frames[-1].time if self.frames else 0.0

    @property
    def item_count(self) -> int:
        """Number of items followed by the recording."""
        return len(self.frames[0].items) if self.frames else 0

    @property
    def contacts(self) -> List[Contact]:
        """Every contact event in time order, began events of a frame before its ended ones."""
        return [c for f in self.frames for c in f.began + f.ended]

    @property
    def began_contacts(self) -> List[Contact]:
        """Every contact-began event in time order."""
        return [c for f in self.frames for c in f.began]

    @property
    def ended_contacts(self) -> List[Contact]:
        """Every contact-ended event in time order."""
        return [c for f in self.frames for c in f.ended]

    def track(self, index: int) -> List[ItemState]:
        """The states of item ``index`` over the whole recording, one per frame."""
        return [f.items[index] for f in self.frames]

    def times(self) -> List[float]:
        """The time of every frame, in seconds."""
        return [f.time for f in self.frames]

    def summary(self) -> str:
        """A one-line description: rest time (or how long it kept moving), frames, contacts."""
        if self.rest_time is not None:
            state = f"at rest after {self.rest_time:.2f} s"
        elif self.frames and not self.frames[-1].running:
            state = f"paused, {self.duration:.2f} s recorded"
        else:
            state = f"still moving after {self.duration:.2f} s"
        began, ended = len(self.began_contacts), len(self.ended_contacts)
        return f"{state}; {len(self.frames)} frames; {began} began / {ended} ended contacts"

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording as a standalone animated SVG document; see :func:`to_svg`."""
        return to_svg(self, width, height)

    def to_html(self, title: Optional[str] = None) -> str:
        """A self-contained HTML page showing this recording; see :func:`to_html`."""
        return to_html([self], title=title or self.title or "Anima")

    def _repr_svg_(self) -> str:
        return to_svg(self)

    def _repr_html_(self) -> str:
        return _card(self.title, self.summary(), self, height=_CARD_HEIGHT)

    def __len__(self) -> int:
        return len(self.frames)

    def __repr__(self) -> str:
        return (
            f"<Recording {len(self.frames)} frames, {self.item_count} items, "
            f"{self.duration:.3f} s, frame {self.frame:.6g} s>"
        )


class Recorder:
    """Advance an animator frame by frame and record what it shows.

    ``items`` are the items to follow (default: all of the animator's items, in creation
    order, taken at the first frame); ``frame`` is the frame interval in seconds (default
    1/60). Each recorded frame calls ``animator.advance(frame)`` and then reads every item's
    center, size, rotation, alpha, shape and transform, and the animator's began and ended
    contact events. Calls to :meth:`run` and :meth:`run_until_rest` append to the same
    recording, so a scene can be recorded in pieces (and changed in between).

    The recorder installs no callbacks: the animator's and the collisions' delegates stay the
    caller's.
    """

    def __init__(self, animator: Any, items: Optional[Iterable[Any]] = None, frame: float = 1.0 / 60.0) -> None:
        """Follow ``animator`` (and ``items``, default all) at one frame every ``frame`` s."""
        self.animator = animator
        self._items = list(items) if items is not None else None
        self._frames_advanced = 0
        self.recording = Recording(frame=frame, reference_bounds=_opt_rect(animator.reference_bounds))

    @property
    def frame(self) -> float:
        """The frame interval in seconds."""
        return self.recording.frame

    @property
    def frames(self) -> List[Frame]:
        """The recorded frames (see :class:`Recording`)."""
        return self.recording.frames

    @property
    def duration(self) -> float:
        """Seconds recorded so far."""
        return self.recording.duration

    @property
    def rest_time(self) -> Optional[float]:
        """Recording time (s) at which :meth:`run_until_rest` saw the animator pause, or None."""
        return self.recording.rest_time

    @property
    def items(self) -> Tuple[Any, ...]:
        """The items followed, in recording order (empty before the first frame when defaulted)."""
        return tuple(self._items or ())

    def run(self, seconds: float) -> Recording:
        """Record ``round(seconds / frame)`` frames, whatever the animator does; returns the recording."""
        count = _frame_count(seconds, self.frame)
        self._start()
        for _ in range(count):
            self._advance()
        self._capture_boundaries()
        return self.recording

    def run_until_rest(self, max_seconds: float = 10.0) -> Optional[float]:
        """Record frames until the animator pauses, for at most ``max_seconds``.

        At least one frame is always advanced (even when ``max_seconds`` is shorter than a
        frame), so a scene that has not started yet gets the chance to. Returns the recording time (s) at which the animator was seen paused, which
        is also stored as ``rest_time``, or None if it was still running after ``max_seconds``.
        """
        count = max(1, _frame_count(max_seconds, self.frame))
        self._start()
        rest: Optional[float] = None
        for _ in range(count):
            frame = self._advance()
            if not frame.running:
                rest = frame.time
                break
        self._capture_boundaries()
        if rest is not None and self.recording.rest_time is None:
            self.recording.rest_time = rest
        return rest

    def to_svg(self, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The recording so far as an animated SVG document; see :func:`to_svg`."""
        return to_svg(self.recording, width, height)

    def _repr_svg_(self) -> str:
        return self.recording._repr_svg_()

    def _repr_html_(self) -> str:
        return self.recording._repr_html_()

    def __repr__(self) -> str:
        return f"<Recorder {self.recording!r}>"

    # -- internals -----------------------------------------------------------------------

    def _start(self) -> None:
        if self._items is None:
            self._items = list(self.animator.items)
        if not self.recording.frames:
            self._index = {item: i for i, item in enumerate(self._items)}
            self.recording.frames.append(Frame(0.0, self._read_items(), (), (), bool(self.animator.is_running)))

    def _advance(self) -> Frame:
        self.animator.advance(self.frame)
        self._frames_advanced += 1
        time = self._frames_advanced * self.frame
        began = tuple(self._contact(e, "began", time) for e in self.animator.began_contacts)
        ended = tuple(self._contact(e, "ended", time) for e in self.animator.ended_contacts)
        frame = Frame(time, self._read_items(), began, ended, bool(self.animator.is_running))
        self.recording.frames.append(frame)
        return frame

    def _read_items(self) -> Tuple[ItemState, ...]:
        states = []
        for item in self._items or ():
            transform = getattr(item, "transform", None)
            scale, translation = (1.0, 1.0), (0.0, 0.0)
            if transform is not None:
                scale = (float(transform[1]), float(transform[2]))
                translation = (float(transform[3]), float(transform[4]))
            cx, cy = item.center
            w, h = item.size
            outline = getattr(item, "path", None) if str(item.shape) == "path" else None
            if outline is not None:
                outline = tuple((float(px), float(py)) for px, py in outline)
            states.append(
                ItemState(
                    (float(cx), float(cy)),
                    (float(w), float(h)),
                    float(item.rotation),
                    float(item.alpha),
                    str(item.shape),
                    scale,
                    translation,
                    outline,
                )
            )
        return tuple(states)

    def _contact(self, event: Any, kind: str, time: float) -> Contact:
        other = getattr(event, "other", None)
        point = getattr(event, "point", None)
        if point is not None:
            point = (float(point[0]), float(point[1]))
        return Contact(
            time,
            kind,
            self._index.get(event.item),
            self._index.get(other) if other is not None else None,
            bool(getattr(event, "is_boundary", other is None)),
            getattr(event, "boundary_identifier", None),
            point,
        )

    def _capture_boundaries(self) -> None:
        """Copy named boundaries and inset reference boundaries from the collision behaviors."""
        bounds = _opt_rect(self.animator.reference_bounds)
        if bounds is not None:
            self.recording.reference_bounds = bounds
        for behavior in self.animator.behaviors:
            identifiers = getattr(behavior, "boundary_identifiers", None)
            if identifiers is None:
                continue
            for identifier in identifiers:
                points = behavior.boundary(identifier)
                self.recording.boundaries[str(identifier)] = [(float(x), float(y)) for x, y in points]
            insets = getattr(behavior, "insets", None)
            if bounds is not None and insets and any(insets) and getattr(
                behavior, "translates_reference_bounds_into_boundary", False
            ):
                top, left, bottom, right = (float(v) for v in insets)
                rect = (bounds[0] + left, bounds[1] + top, bounds[2] - left - right, bounds[3] - top - bottom)
                if rect not in self.recording.inset_bounds:
                    self.recording.inset_bounds.append(rect)


def _frame_count(seconds: float, frame: float) -> int:
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds >= 0):
        raise ValueError(f"seconds must be a finite number >= 0 (got {seconds!r})")
    return int(round(seconds / frame))


def _opt_rect(rect: Any) -> Optional[Rect]:
    if rect is None:
        return None
    x, y, w, h = rect
    return (float(x), float(y), float(w), float(h))


# ---------------------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------------------

_SVG_NS = "http://www.w3.org/2000/svg"
_PALETTE = ("#2f6fde", "#e0662f", "#2fa36b", "#9b4fd1", "#d1a12f", "#d14f7a", "#3aa6b9", "#6b6b6b")
_MAX_CONTACT_MARKERS = 200
_CARD_HEIGHT = 420.0


def _unwrap(recording_like: Any) -> Recording:
    if isinstance(recording_like, Recording):
        return recording_like
    inner = getattr(recording_like, "recording", None)
    if isinstance(inner, Recording):
        return inner
    raise TypeError(f"expected a Recording or a Recorder, got {type(recording_like).__name__}")


def _num(value: float, digits: int = 2) -> str:
    """Format a number compactly: fixed decimals, trailing zeros and '-0' removed."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _view_box(rec: Recording) -> Rect:
    """The area shown: the reference bounds plus a margin, or the extent of the items."""
    if rec.reference_bounds is not None:
        x, y, w, h = rec.reference_bounds
    else:
        xs: List[float] = []
        ys: List[float] = []
        for f in rec.frames:
            for s in f.items:
                r = 0.5 * math.hypot(s.size[0] * s.scale[0], s.size[1] * s.scale[1])
                cx, cy = s.center[0] + s.translation[0], s.center[1] + s.translation[1]
                xs += (cx - r, cx + r)
                ys += (cy - r, cy + r)
        for points in rec.boundaries.values():
            xs += [p[0] for p in points]
            ys += [p[1] for p in points]
        if not xs:
            return (0.0, 0.0, 100.0, 100.0)
        x, y, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    margin = 0.03 * max(w, h, 1.0)
    return (x - margin, y - margin, w + 2 * margin, h + 2 * margin)


def _key_frames(times: Sequence[float], values: Sequence[str]) -> Tuple[List[float], List[str]]:
    """Drop frames inside runs of equal values; linear interpolation is unchanged by it."""
    keep_t: List[float] = []
    keep_v: List[str] = []
    last = len(values) - 1
    for i, v in enumerate(values):
        if 0 < i < last and values[i - 1] == v == values[i + 1]:
            continue
        keep_t.append(times[i])
        keep_v.append(v)
    return keep_t, keep_v


def _animation(tag: str, attribute: str, times: Sequence[float], values: Sequence[str],
               duration: float, extra: str = "") -> str:
    """An SMIL element animating ``attribute`` through ``values`` at ``times``; empty if constant."""
    if duration <= 0 or len(values) < 2 or all(v == values[0] for v in values):
        return ""
    key_t, key_v = _key_frames(times, values)
    key_times = ";".join(_num(min(max(t / duration, 0.0), 1.0), 6) for t in key_t)
    return (
        f'<{tag} attributeName="{attribute}"{extra} dur="{_num(duration, 4)}s" fill="freeze" '
        f'calcMode="linear" keyTimes="{key_times}" values="{";".join(key_v)}"/>'
    )


def _unwrapped_degrees(rotations: Sequence[float]) -> List[float]:
    """Radians to degrees without jumps of a full turn, so interpolation takes the short way."""
    out: List[float] = []
    offset = 0.0
    previous: Optional[float] = None
    for r in rotations:
        if previous is not None:
            delta = r - previous
            if delta > math.pi:
                offset -= 2 * math.pi
            elif delta < -math.pi:
                offset += 2 * math.pi
        previous = r
        out.append(math.degrees(r + offset))
    return out


def _item_svg(rec: Recording, index: int, duration: float) -> str:
    track = rec.track(index)
    times = rec.times()
    color = _PALETTE[index % len(_PALETTE)]

    positions = [
        f"{_num(s.center[0] + s.translation[0])} {_num(s.center[1] + s.translation[1])}" for s in track
    ]
    opacities = [_num(min(max(s.alpha, 0.0), 1.0), 3) for s in track]
    degrees = [_num(d, 2) for d in _unwrapped_degrees([s.rotation for s in track])]
    half_w = [_num(0.5 * s.size[0] * s.scale[0]) for s in track]
    half_h = [_num(0.5 * s.size[1] * s.scale[1]) for s in track]
    neg_w = [_num(-0.5 * s.size[0] * s.scale[0]) for s in track]
    neg_h = [_num(-0.5 * s.size[1] * s.scale[1]) for s in track]
    full_w = [_num(s.size[0] * s.scale[0]) for s in track]
    full_h = [_num(s.size[1] * s.scale[1]) for s in track]

    out = [
        f'<g class="item" data-index="{index}" opacity="{opacities[0]}" transform="translate({positions[0]})">',
        _animation("animate", "opacity", times, opacities, duration),
        _animation("animateTransform", "transform", times, positions, duration, ' type="translate"'),
        f'<g transform="rotate({degrees[0]})">',
        _animation("animateTransform", "transform", times, degrees, duration, ' type="rotate"'),
    ]
    shapes = [s.shape for s in track]
    for shape in dict.fromkeys(shapes):
        visible = ["inline" if s == shape else "none" for s in shapes]
        display = _animation("animate", "display", times, visible, duration, "")
        display = display.replace('calcMode="linear"', 'calcMode="discrete"')
        style = f'fill="{color}" fill-opacity="0.85" stroke="{color}" stroke-width="1.5"'
        if shape == "path":
            # the outline as given (it does not change while the item moves); scale applies to it
            first = next((s for s in track if s.shape == "path" and s.path), None)
            points = " ".join(
                f"{_num(px * first.scale[0])},{_num(py * first.scale[1])}" for px, py in first.path
            ) if first is not None else ""
            out.append(
                f'<polygon class="shape" points="{points}" {style} display="{visible[0]}">' + display + "</polygon>"
            )
        elif shape == "ellipse":
            out.append(
                f'<ellipse class="shape" cx="0" cy="0" rx="{half_w[0]}" ry="{half_h[0]}" {style} display="{visible[0]}">'
                + _animation("animate", "rx", times, half_w, duration)
                + _animation("animate", "ry", times, half_h, duration)
                + display
                + "</ellipse>"
            )
        else:
            out.append(
                f'<rect class="shape" x="{neg_w[0]}" y="{neg_h[0]}" width="{full_w[0]}" height="{full_h[0]}" {style} '
                f'display="{visible[0]}">'
                + _animation("animate", "x", times, neg_w, duration)
                + _animation("animate", "y", times, neg_h, duration)
                + _animation("animate", "width", times, full_w, duration)
                + _animation("animate", "height", times, full_h, duration)
                + display
                + "</rect>"
            )
    # A light stroke from the center toward local +x makes rotation visible.
    out.append(
        f'<line x1="0" y1="0" x2="{half_w[0]}" y2="0" stroke="#ffffff" stroke-opacity="0.7" '
        f'stroke-width="2" stroke-linecap="round">'
        + _animation("animate", "x2", times, half_w, duration)
        + "</line>"
    )
    out.append("</g></g>")
    return "".join(part for part in out if part)


def _svg(rec: Recording, width: Optional[float], height: Optional[float], standalone: bool,
         trails: bool = False) -> str:
    vx, vy, vw, vh = _view_box(rec)
    if width is None and height is None:
        width, height = vw, vh
    elif width is None:
        width = float(height) * vw / vh
    elif height is None:
        height = float(width) * vh / vw
    duration = rec.duration
    namespace = f' xmlns="{_SVG_NS}"' if standalone else ""
    parts = [
        f'<svg{namespace} class="anima-scene" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="{_num(vx)} {_num(vy)} {_num(vw)} {_num(vh)}" '
        f'data-duration="{_num(duration, 4)}" role="img">',
        f"<title>{html.escape(rec.title or 'Anima recording')}</title>",
        f'<rect class="background" x="{_num(vx)}" y="{_num(vy)}" width="{_num(vw)}" height="{_num(vh)}" '
        'fill="#eef1f5"/>',
    ]
    if rec.reference_bounds is not None:
        x, y, w, h = rec.reference_bounds
        parts.append(
            f'<rect class="reference-bounds" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
            'fill="#ffffff" stroke="#8a94a6" stroke-width="1.5"/>'
        )
    for x, y, w, h in rec.inset_bounds:
        parts.append(
            f'<rect class="inset-bounds" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
            'fill="none" stroke="#8a94a6" stroke-width="1" stroke-dasharray="4 3"/>'
        )
    for identifier, points in rec.boundaries.items():
        coords = " ".join(f"{_num(px)},{_num(py)}" for px, py in points)
        parts.append(
            f'<polyline class="boundary" data-identifier="{html.escape(identifier)}" points="{coords}" '
            'fill="none" stroke="#c0392b" stroke-width="2" stroke-linecap="round"/>'
        )
    if rec.frames and trails:
        for index in range(rec.item_count):
            color = _PALETTE[index % len(_PALETTE)]
            coords = " ".join(f"{_num(s.center[0])},{_num(s.center[1])}" for s in rec.track(index))
            parts.append(
                f'<polyline class="trail" points="{coords}" fill="none" stroke="{color}" '
                'stroke-opacity="0.45" stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
    if rec.frames:
        for index in range(rec.item_count):
            parts.append(_item_svg(rec, index, duration))
    markers = [c for c in rec.began_contacts if c.point is not None][:_MAX_CONTACT_MARKERS]
    for contact in markers:
        px, py = contact.point  # type: ignore[misc]
        parts.append(
            f'<circle class="contact" cx="{_num(px)}" cy="{_num(py)}" r="4" fill="#c0392b" opacity="0">'
            f'<set attributeName="opacity" to="0.9" begin="{_num(contact.time, 4)}s" dur="0.25s"/></circle>'
        )
    if duration > 0:
        bar_y = vy + vh - 3
        parts.append(
            f'<rect class="progress" x="{_num(vx)}" y="{_num(bar_y)}" width="0" height="3" fill="#8a94a6">'
            f'<animate attributeName="width" from="0" to="{_num(vw)}" dur="{_num(duration, 4)}s" '
            'fill="freeze"/></rect>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


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
    return _svg(_unwrap(recording), width, height, standalone=True, trails=trails)


# ---------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------

_REPLAY_INLINE = (
    "var s=this.closest('.anima-card').querySelector('svg');"
    "if(s&&s.setCurrentTime){s.setCurrentTime(0);s.unpauseAnimations();}"
)

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{padding:20px 28px 8px}
header h1{margin:0 0 6px;font-size:22px}
header p{margin:0;color:#5b6475;font-size:14px}
main{display:flex;flex-wrap:wrap;gap:20px;padding:16px 28px 28px}
.anima-card{background:#fff;border:1px solid #dde1e8;border-radius:10px;padding:14px 16px;
  box-shadow:0 1px 2px rgba(0,0,0,.05);max-width:100%}
.anima-card h2{margin:0 0 4px;font-size:16px}
.anima-card p.summary{margin:0 0 10px;color:#5b6475;font-size:13px;max-width:28em}
.anima-card svg{display:block;border-radius:4px}
button{margin-top:10px;font:inherit;font-size:13px;padding:4px 12px;border-radius:6px;
  border:1px solid #b9c0cc;background:#f7f8fa;cursor:pointer}
button:hover{background:#e9edf3}
"""

_SCRIPT = """
function animaReplay(card){var s=card.querySelector('svg');
  if(s&&s.setCurrentTime){s.setCurrentTime(0);s.unpauseAnimations();}}
function animaReplayAll(){document.querySelectorAll('.anima-card').forEach(animaReplay);}
"""


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


def _card(title: Optional[str], summary: str, rec: Recording, height: float,
          onclick: str = _REPLAY_INLINE) -> str:
    heading = f"<h2>{html.escape(title)}</h2>" if title else ""
    return (
        '<div class="anima-card">'
        + heading
        + f'<p class="summary">{html.escape(summary)}</p>\n'
        + _svg(rec, None, height, standalone=False)
        + f'\n<button type="button" onclick="{html.escape(onclick)}">Replay</button></div>'
    )


def to_html(scenes: Iterable[Any], title: str = "Anima") -> str:
    """Render scenes as one self-contained HTML page (a string).

    Each scene is a :class:`Recording` or :class:`Recorder`, a tuple ``(title, recording)``
    or ``(title, summary, recording)``, or a mapping with keys ``"recording"`` and optionally
    ``"title"`` and ``"summary"``; the summary defaults to :meth:`Recording.summary`. The
    page holds one card per scene (title, summary line, the animated SVG inline and a Replay
    button) and a button that replays every scene. It loads nothing: styles and the few
    lines of script that restart the SVG animations are inline.
    """
    cards = []
    for number, scene in enumerate(scenes, start=1):
        scene_title, summary, rec = _scene_parts(scene, number)
        cards.append(_card(scene_title, summary, rec, _CARD_HEIGHT, onclick="animaReplay(this.parentNode)"))
    count = len(cards)
    plural = "scene" if count == 1 else "scenes"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n"
        f"<script>{_SCRIPT}</script>\n</head>\n<body>\n"
        f"<header><h1>{html.escape(title)}</h1>"
        f"<p>{count} {plural}, played in real time. "
        '<button type="button" onclick="animaReplayAll()">Replay all</button></p></header>\n'
        "<main>\n" + "\n".join(cards) + "\n</main>\n</body>\n</html>\n"
    )
