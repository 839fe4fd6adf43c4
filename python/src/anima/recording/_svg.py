"""Recordings drawn as animated SVG, and pages of them in HTML.

The SVG plays a recording in real time through SMIL animations (``<animate>`` and
``<animateTransform>`` with ``values``/``keyTimes``), which every current browser runs, also
inside ``<img>`` tags; a page holds one card per scene, each with its SVG inline and a Replay
button. The functions here draw a `Recording` (anima.recording.recording) through its public
arrays; `anima.recording.render` checks what its callers pass, and a Recording draws itself
with them (`Recording.to_svg`, `Recording.to_html`).
"""

from __future__ import annotations

import html
from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

Rect = Tuple[float, float, float, float]


# ---------------------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------------------

_SVG_NS = "http://www.w3.org/2000/svg"
_PALETTE = ("#2f6fde", "#e0662f", "#2fa36b", "#9b4fd1", "#d1a12f", "#d14f7a", "#3aa6b9", "#6b6b6b")
_MAX_CONTACT_MARKERS = 200
_CARD_HEIGHT = 420.0


def _num(value: float, digits: int = 2) -> str:
    """Format a number compactly: fixed decimals, trailing zeros and '-0' removed."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def view_box(rec: Any) -> Rect:
    """The area shown: the reference bounds plus a margin, or the extent of the items."""
    if rec.reference_bounds is not None:
        x, y, w, h = rec.reference_bounds
    else:
        centers = rec.poses[..., 0:2] + rec.translations
        drawn = rec.sizes * rec.scales
        radius = 0.5 * np.hypot(drawn[..., 0], drawn[..., 1])[..., np.newaxis]
        lows = [(centers - radius).reshape(-1, 2)]
        highs = [(centers + radius).reshape(-1, 2)]
        for points in rec.boundaries.values():
            lows.append(np.asarray(points, dtype=float).reshape(-1, 2))
            highs.append(lows[-1])
        low, high = np.concatenate(lows), np.concatenate(highs)
        finite = np.isfinite(low).all(axis=1) & np.isfinite(high).all(axis=1)
        if not finite.any():
            return (0.0, 0.0, 100.0, 100.0)
        (x, y), (right, bottom) = low[finite].min(axis=0), high[finite].max(axis=0)
        x, y, w, h = float(x), float(y), float(right - x), float(bottom - y)
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


def _filled(values: np.ndarray, present: np.ndarray) -> np.ndarray:
    """``values`` (frames first) with each absent frame holding the nearest earlier present
    frame's value (the first present one before it); ``present`` must have a True."""
    index = np.where(present, np.arange(len(present)), 0)
    index = np.maximum.accumulate(index)
    index[: int(np.argmax(present))] = int(np.argmax(present))
    return values[index]


def _item_svg(rec: Any, index: int, duration: float) -> str:
    """One item's group: moved, turned and faded through the frames; hidden while absent."""
    present = rec.present[:, index]
    if not present.any():
        return ""
    times = rec.times.tolist()
    color = _PALETTE[index % len(_PALETTE)]
    center = _filled(rec.poses[:, index, 0:2] + rec.translations[:, index], present)
    # rotation unwrapped so that interpolation takes the short way across a half turn
    degrees = np.degrees(np.unwrap(_filled(rec.poses[:, index, 2], present)))
    drawn = _filled(rec.sizes[:, index] * rec.scales[:, index], present)
    opacity = np.where(present, np.clip(np.nan_to_num(rec.alpha[:, index]), 0.0, 1.0), 0.0)

    positions = [f"{_num(x)} {_num(y)}" for x, y in center.tolist()]
    opacities = [_num(a, 3) for a in opacity.tolist()]
    turns = [_num(d, 2) for d in degrees.tolist()]
    half_w = [_num(0.5 * w) for w in drawn[:, 0].tolist()]
    half_h = [_num(0.5 * h) for h in drawn[:, 1].tolist()]
    neg_w = [_num(-0.5 * w) for w in drawn[:, 0].tolist()]
    neg_h = [_num(-0.5 * h) for h in drawn[:, 1].tolist()]
    full_w = [_num(w) for w in drawn[:, 0].tolist()]
    full_h = [_num(h) for h in drawn[:, 1].tolist()]

    out = [
        f'<g class="item" data-index="{index}" opacity="{opacities[0]}" transform="translate({positions[0]})">',
        _animation("animate", "opacity", times, opacities, duration),
        _animation("animateTransform", "transform", times, positions, duration, ' type="translate"'),
        f'<g transform="rotate({turns[0]})">',
        _animation("animateTransform", "transform", times, turns, duration, ' type="rotate"'),
    ]
    style = f'fill="{color}" fill-opacity="0.85" stroke="{color}" stroke-width="1.5"'
    shape = str(rec.shapes[index])
    outline = rec.paths[index]
    if outline is not None:
        # the outline as given (it does not change while the item moves), at its first scale
        sx, sy = rec.scales[int(np.argmax(present)), index].tolist()
        points = " ".join(f"{_num(px * sx)},{_num(py * sy)}" for px, py in outline.tolist())
        out.append(f'<polygon class="shape" points="{points}" {style}/>')
    elif shape == "ellipse":
        out.append(
            f'<ellipse class="shape" cx="0" cy="0" rx="{half_w[0]}" ry="{half_h[0]}" {style}>'
            + _animation("animate", "rx", times, half_w, duration)
            + _animation("animate", "ry", times, half_h, duration)
            + "</ellipse>"
        )
    else:
        out.append(
            f'<rect class="shape" x="{neg_w[0]}" y="{neg_h[0]}" width="{full_w[0]}" height="{full_h[0]}" {style}>'
            + _animation("animate", "x", times, neg_w, duration)
            + _animation("animate", "y", times, neg_h, duration)
            + _animation("animate", "width", times, full_w, duration)
            + _animation("animate", "height", times, full_h, duration)
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


def svg(rec: Any, width: Optional[float], height: Optional[float], standalone: bool,
        trails: bool = False) -> str:
    """The <svg> element of a recording (with its namespace when standalone): see anima.recording.render.to_svg."""
    vx, vy, vw, vh = view_box(rec)
    if width is None:
        width = vw if height is None else height * vw / vh
    if height is None:
        height = width * vh / vw
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
    if trails:
        for index in range(rec.item_count):
            color = _PALETTE[index % len(_PALETTE)]
            track = rec.poses[:, index, 0:2]
            track = track[np.isfinite(track).all(axis=1)]
            if len(track) == 0:
                continue
            coords = " ".join(f"{_num(x)},{_num(y)}" for x, y in track.tolist())
            parts.append(
                f'<polyline class="trail" points="{coords}" fill="none" stroke="{color}" '
                'stroke-opacity="0.45" stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
    for index in range(rec.item_count):
        parts.append(_item_svg(rec, index, duration))
    contacts = rec.contacts
    began = contacts[contacts["began"] & np.isfinite(contacts["x"]) & np.isfinite(contacts["y"])]
    for time, px, py in began[["time", "x", "y"]][:_MAX_CONTACT_MARKERS].tolist():
        parts.append(
            f'<circle class="contact" cx="{_num(px)}" cy="{_num(py)}" r="4" fill="#c0392b" opacity="0">'
            f'<set attributeName="opacity" to="0.9" begin="{_num(time, 4)}s" dur="0.25s"/></circle>'
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


def _card(title: Optional[str], summary: str, rec: Any, height: float,
          onclick: str = _REPLAY_INLINE) -> str:
    heading = f"<h2>{html.escape(title)}</h2>" if title else ""
    return (
        '<div class="anima-card">'
        + heading
        + f'<p class="summary">{html.escape(summary)}</p>\n'
        + svg(rec, None, height, standalone=False)
        + f'\n<button type="button" onclick="{html.escape(onclick)}">Replay</button></div>'
    )


def page(scenes: Iterable[Tuple[str, str, Any]], title: str) -> str:
    """The page of to_html: a card for each (title, summary, recording), and a button that
    replays every scene."""
    cards = [_card(scene_title, summary, rec, _CARD_HEIGHT, onclick="animaReplay(this.parentNode)")
             for scene_title, summary, rec in scenes]
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
