"""The player's page: a recording packed for the player's script, and the fragment that holds
its canvas, controls, panel of animated values and script.

The recording travels as numbers, not as one drawing per frame: positions in steps of 0.01 pt,
angles of 1e-4 rad, alpha of 1e-3, each written as its change since the previous frame (32-bit
integers, zlib-compressed, base64 in the page). The script unpacks them with the browser's own
``DecompressionStream`` and draws each frame on the canvas; a recording with animated values
gets a panel under the controls, a row per value (`values_data`, `values_panel`). A recording
that kept the engine's debug drawing (`Recorder(animator, debug=...)`) brings each frame's
primitives (`debug_draw_data`: the packed table of anima.recording._debug, zlib-compressed, the
coordinates as float32), which the script draws over the items in their own colours, as the
live widget (anima.live) does, with a switch that hides them. `Player`
(anima.recording.player) and a Recording's notebook display make their pages here.
"""

from __future__ import annotations

import base64
import html
import itertools
import json
import math
import os
import zlib
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from .._anima import Attachment, Snap
from ._svg import view_box

#: The fill colour of item i is COLORS[i % len(COLORS)] (opaque sRGB, as "#rrggbb").
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf")

#: The overlays of a player without debug drawings of an animator.
NO_OVERLAYS: Dict[str, Any] = {"links": [], "snaps": []}

_ids = itertools.count(1)


def _rounded(values: np.ndarray, digits: int) -> List[Any]:
    """A flat list of numbers rounded to `digits`, None for NaN (JSON has no NaN)."""
    flat = np.round(np.asarray(values, dtype=float).ravel(), digits)
    return [None if math.isnan(v) else (int(v) if v == int(v) else v) for v in flat.tolist()]


def _packed(values: np.ndarray, quantum: float) -> Dict[str, Any]:
    """An (F, ...) array as the player's script reads it: each value in steps of `quantum`, as
    the change from the same value one frame before (int32, wrapping like the script's sum),
    zlib-compressed and base64-encoded. NaN (an item not yet or no longer in the scene) travels
    as a separate compressed mask."""
    frames = np.asarray(values, dtype=float)
    columns = int(np.prod(frames.shape[1:], dtype=np.int64))
    flat = frames.reshape(len(frames), columns)
    missing = np.isnan(flat)
    steps = np.rint(np.clip(np.where(missing, 0.0, flat) / quantum, -2.0**31, 2.0**31 - 1)).astype(np.int64)
    changes = np.diff(steps, axis=0, prepend=np.zeros((1, columns), np.int64)).astype("<i4")
    packed: Dict[str, Any] = {"quantum": quantum, "columns": columns,
                              "data": base64.b64encode(zlib.compress(changes.tobytes(), 9)).decode("ascii")}
    if missing.any():
        packed["missing"] = base64.b64encode(zlib.compress(missing.astype(np.uint8).tobytes(), 9)).decode("ascii")
    return packed


def _varies(values: np.ndarray) -> bool:
    """True when an (F, N, ...) array differs between frames (NaN equal to NaN)."""
    return bool(len(values) > 1 and not np.array_equal(values, np.broadcast_to(values[:1], values.shape),
                                                       equal_nan=True))


def behaviors_of(animator: Any) -> List[Any]:
    """Every behavior of the animator's tree, depth first."""
    found: List[Any] = []
    stack = list(reversed(animator.behaviors))
    while stack:
        behavior = stack.pop()
        found.append(behavior)
        stack.extend(reversed(behavior.children))
    return found


def overlays_of(animator: Any, followed: Sequence[Any]) -> Dict[str, Any]:
    """Attachments and snap points of an animator's tree, by recorded item index."""
    index = {item: i for i, item in enumerate(followed)}
    links, snaps = [], []
    for behavior in behaviors_of(animator):
        if isinstance(behavior, Attachment):
            items = [index.get(item, -1) for item in behavior.items]
            if len(items) == 1:
                links.append({"a": items[0], "anchor": list(behavior.anchor_point)})
            elif len(items) == 2:
                links.append({"a": items[0], "b": items[1]})
        elif isinstance(behavior, Snap) and behavior.items:
            snaps.append({"a": index.get(behavior.items[0], -1), "point": list(behavior.point)})
    return {"links": links, "snaps": snaps}


def _compressed(array: np.ndarray) -> str:
    """An array's bytes, zlib-compressed and base64-encoded (the script reads them as they are)."""
    return base64.b64encode(zlib.compress(np.ascontiguousarray(array).tobytes(), 9)).decode("ascii")


def debug_draw_data(rec: Any, shown: bool, overlays: Dict[str, Any]) -> Dict[str, Any]:
    """A recording's debug drawing for the player's script: its layers, the number of
    primitives of each frame (int32), every frame's heads (uint32, two a primitive) and
    coordinates (float32) one after the other, each compressed; whether the switch starts on,
    and the snap points of ``overlays``."""
    arrays = frames_of_recording(rec).debug_arrays()
    return {"layers": list(rec.debug_layers), "shown": shown,
            "counts": _compressed(arrays["debug_counts"].astype("<i4")),
            "heads": _compressed(arrays["debug_heads"].astype("<u4")),
            "coords": _compressed(arrays["debug_coords"].astype("<f4")),
            "snaps": [s["point"] for s in overlays.get("snaps", [])]}


def frames_of_recording(rec: Any) -> Any:
    """The FrameBuffer of a recording (anima.recording.recording.frames_of, without the import cycle)."""
    return rec._buffer


def scene_data(rec: Any, colors: Sequence[str], *, debug: bool, loop: bool, autoplay: bool,
               overlays: Dict[str, Any], debug_shown: bool = True) -> Dict[str, Any]:
    """What the player's script draws from, as JSON-ready values (Player.data): a recording's
    frames packed, its items' shapes in ``colors``, its debug drawing when it kept one (drawn
    at the start with ``debug_shown``), and with ``debug`` its bounds, boundaries, contact
    points and ``overlays``."""
    frames, count = rec.frame_count, rec.item_count
    view = view_box(rec)
    sizes = rec.sizes * rec.scales
    items = []
    for i in range(count):
        path = rec.paths[i]
        items.append({"shape": rec.shapes[i], "color": colors[i % len(colors)],
                      "path": None if path is None else _rounded(path, 2)})
    data: Dict[str, Any] = {
        "frames": frames, "items": items, "view": list(view),
        "times": _rounded(rec.times, 4),
        "poses": _packed(rec.poses[:, :, :2], 0.01), "angles": _packed(rec.poses[:, :, 2], 1e-4),
        # per frame only when they change, else the first frame's
        "sizes": _packed(sizes if _varies(sizes) else sizes[:1], 0.01),
        "alpha": _packed(rec.alpha if _varies(rec.alpha) else rec.alpha[:1], 1e-3),
        "loop": loop, "autoplay": autoplay, "debug": debug,
    }
    if rec.value_count:
        data["values"] = values_data(rec)
    if rec.debug_layers:
        data["debug_draw"] = debug_draw_data(rec, debug_shown, overlays)
    if debug:
        began = rec.contacts[rec.contacts["began"]]
        frame_of = np.clip(np.rint(began["time"] / rec.frame).astype(int), 0, frames - 1)
        data.update(
            bounds=[list(r) for r in ([rec.reference_bounds] if rec.reference_bounds else []) + rec.inset_bounds],
            boundaries=[_rounded(np.asarray(points), 2) for points in rec.boundaries.values()],
            contacts=[[int(f), round(float(x), 2), round(float(y), 2)]
                      for f, x, y in zip(frame_of, began["x"], began["y"])],
            **overlays)
    return data


def value_digits(values: np.ndarray, colour: bool) -> int:
    """Decimals that show a value's components (F, count) well: 3 for a colour (0...1), else
    three significant digits of its range over the frames (of its size when it stays put),
    between 0 and 4."""
    finite = values[np.isfinite(values)]
    if colour or not finite.size:
        return 3
    span = float(finite.max() - finite.min()) or float(np.abs(finite).max()) or 1.0
    return int(np.clip(3 - math.floor(math.log10(span)), 0, 4))


def values_data(rec: Any) -> List[Dict[str, Any]]:
    """The recording's animated values for the player's panel: per value its label (the name
    recorded, else its index), count, whether it is a colour, its range over the recording
    (low, high of its first component), the decimals shown, its text at frame 0 and its
    components packed per frame. Empty for a recording without values."""
    rows = []
    for k in range(rec.value_count):
        count, space = int(rec.value_counts[k]), str(rec.value_spaces[k])
        components = rec.values[:, k, :count]
        colour = space != "components"
        digits = value_digits(components, colour)
        finite = components[np.isfinite(components)]
        largest = float(np.abs(finite).max()) if finite.size else 0.0
        # steps well below the last decimal shown, coarse enough for 32-bit sums of a large value
        quantum = max(10.0 ** -(digits + 2), 10.0 ** math.ceil(math.log10(largest / 1e9)) if largest else 0.0)
        first = components[:, 0][np.isfinite(components[:, 0])]
        low, high = (float(first.min()), float(first.max())) if first.size else (0.0, 0.0)
        first = [_fixed(float(x), digits) for x in components[0]]
        rows.append({"label": rec.value_names[k] or str(k), "count": count, "space": space, "colour": colour,
                     "low": low, "high": high, "digits": digits,
                     "first": _NOTHING if _NOTHING in first else ", ".join(first),
                     "data": _packed(components, quantum)})
    return rows


#: The panel's text for a value not there in a frame (an en dash).
_NOTHING = "\u2013"


def _fixed(x: float, digits: int) -> str:
    """A component as the panel writes it: ``digits`` decimals, no minus before a zero."""
    if math.isnan(x):
        return _NOTHING
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def values_panel(rows: List[Dict[str, Any]], width: float) -> str:
    """The panel of a recording's animated values (rows of values_data), ``width`` CSS pixels
    wide, showing frame 0: per value its label, a bar (a scalar, over its range in the
    recording) or a swatch (a colour), and its numbers; the player's script updates it."""
    if not rows:
        return ""
    parts = [f'<div class="anima-values" style="display:grid;grid-template-columns:max-content 1fr max-content;'
             f'gap:3px 8px;align-items:center;width:{round(width)}px;margin-top:6px">']
    for k, row in enumerate(rows):
        if row["colour"]:
            middle = ('<span class="anima-value-swatch" style="display:block;height:14px;'
                      'border:1px solid #bbb;border-radius:2px"></span>')
        elif row["count"] == 1:
            middle = ('<span class="anima-value-gauge" style="display:block;height:8px;background:#eee;'
                      'border-radius:2px;overflow:hidden"><span class="anima-value-bar" '
                      'style="display:block;height:100%;width:0;background:#6d8fc4"></span></span>')
        else:
            middle = "<span></span>"
        parts.append(f'<div class="anima-value" data-index="{k}" style="display:contents">'
                     f'<span class="anima-value-label">{html.escape(row["label"])}</span>{middle}'
                     f'<span class="anima-value-text" style="text-align:right;font-variant-numeric:tabular-nums">'
                     f'{html.escape(row["first"])}</span></div>')
    parts.append("</div>")
    return "".join(parts)


def fragment(data: Dict[str, Any], title: Optional[str], width: Optional[float], loop: bool) -> str:
    """The player of ``data`` (scene_data's) as an HTML fragment, a div with its inline script,
    unique on its page (Player.to_html): ``width`` CSS pixels wide (None: the scene's width, at
    most 480), its loop box ticked with ``loop``, with the panel of the recording's animated
    values under the controls when it has some."""
    x, y, w, h = data["view"]
    width = float(width) if width is not None else min(w, 480.0)
    height = width * h / w
    key = f"anima-player-{os.getpid()}-{next(_ids)}"
    title = html.escape(title or "Anima")
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    drawing = data.get("debug_draw")
    switch = "" if drawing is None else (
        f'<label title="the engine\'s debug drawing: {html.escape(", ".join(drawing["layers"]))}">'
        f'<input type="checkbox" class="anima-debug" {"checked" if drawing["shown"] else ""}> debug</label>')
    return _TEMPLATE.format(key=key, title=title, width=round(width), height=round(height), payload=payload,
                            loop="checked" if loop else "", debug=switch, script=_SCRIPT,
                            panel=values_panel(data.get("values", []), width))


def check_playable(recording: Any) -> None:
    """ValueError for a recording without frames: a player has nothing to show."""
    if recording.frame_count == 0:
        raise ValueError("the recording has no frames to play")


def player_html(recording: Any) -> str:
    """The player of a recording as Player(recording).to_html() gives it, with Player's defaults
    (the notebook display of a Recording)."""
    check_playable(recording)
    data = scene_data(recording, COLORS, debug=False, loop=True, autoplay=True, overlays=NO_OVERLAYS)
    return fragment(data, recording.title, None, True)


_TEMPLATE = """<div class="anima-player" id="{key}" data-frame="0" style="display:inline-block;font:13px sans-serif">
<canvas width="{width}" height="{height}" style="display:block;border:1px solid #ccc;background:#fff" aria-label="{title}"></canvas>
<div style="display:flex;align-items:center;gap:6px;margin-top:4px">
<button type="button" class="anima-play" style="width:4.5em">Pause</button>
<input type="range" class="anima-scrub" min="0" max="0" value="0" step="1" style="flex:1">
<span class="anima-time" style="min-width:5.5em;font-variant-numeric:tabular-nums">0.00 s</span>
<label><input type="checkbox" class="anima-loop" {loop}> loop</label>{debug}
</div>{panel}
<script type="application/json" class="anima-data">{payload}</script>
<script>{script}("{key}");</script>
</div>"""

# The player's script: reads the JSON beside it, draws frame i of the poses on the canvas (and
# of the animated values in their panel), and runs the clock with requestAnimationFrame from the
# recorded times. window.animaPlayers[key] gives the state to a test (frame, playing) and the
# player sets data-frame on its div.
_SCRIPT = r"""(function (key) {
  var root = document.getElementById(key);
  if (!root || root.dataset.started) { return; }
  root.dataset.started = "1";
  var d = JSON.parse(root.querySelector(".anima-data").textContent);
  var canvas = root.querySelector("canvas"), ctx = canvas.getContext("2d");
  var button = root.querySelector(".anima-play"), scrub = root.querySelector(".anima-scrub");
  var label = root.querySelector(".anima-time"), loop = root.querySelector(".anima-loop");
  var n = d.items.length, scale = canvas.width / d.view[2];
  var state = {frame: 0, playing: false, start: 0, origin: 0, ready: false, data: d};
  window.animaPlayers = window.animaPlayers || {};
  window.animaPlayers[key] = state;
  scrub.max = d.frames - 1;
  function inflate(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var k = 0; k < raw.length; k++) { bytes[k] = raw.charCodeAt(k); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer();
  }
  // packed: each value's change since the frame before, in steps of p.quantum (see _packed)
  function unpack(p) {
    return Promise.all([inflate(p.data), p.missing ? inflate(p.missing) : null]).then(function (parts) {
      var view = new DataView(parts[0]), count = view.byteLength / 4, c = p.columns;
      var sum = new Int32Array(c), out = new Float64Array(count);
      var missing = parts[1] ? new Uint8Array(parts[1]) : null;
      for (var k = 0, j = 0; k < count; k++, j = (j + 1 === c ? 0 : j + 1)) {
        sum[j] = (sum[j] + view.getInt32(4 * k, true)) | 0;
        out[k] = missing && missing[k] ? NaN : sum[j] * p.quantum;
      }
      return out;
    });
  }
  function at(list, stride, frame, i, k) {
    var rows = list.length / (n * stride), f = rows > 1 ? frame : 0;
    return list[(f * n + i) * stride + k];
  }
  // the panel of animated values: per value its numbers, a bar from its lowest to its highest
  // in the recording (a scalar) or a swatch of its sRGB colour, at the frame drawn
  var values = d.values || [], rows = root.querySelectorAll(".anima-value");
  function fixed(x, digits) {
    var text = x.toFixed(digits);
    return +text === 0 && text.charAt(0) === "-" ? text.slice(1) : text;
  }
  function byte(c) { return Math.round(255 * Math.min(1, Math.max(0, c))); }
  function showValues(frame) {
    for (var v = 0; v < values.length; v++) {
      var info = values[v], c = info.count, row = rows[v], parts = [];
      for (var k = 0; k < c; k++) { parts.push(info.data[frame * c + k]); }
      var absent = isNaN(parts[0]);
      row.querySelector(".anima-value-text").textContent = absent ? "\u2013"
        : parts.map(function (x) { return fixed(x, info.digits); }).join(", ");
      var bar = row.querySelector(".anima-value-bar"), swatch = row.querySelector(".anima-value-swatch");
      if (bar) {
        var span = info.high - info.low, share = absent ? 0 : span > 0 ? (parts[0] - info.low) / span : 1;
        bar.style.width = (100 * Math.min(1, Math.max(0, share))) + "%";
      }
      if (swatch) {
        var rgb = byte(parts[0]) + ", " + byte(parts[1]) + ", " + byte(parts[2]);
        swatch.style.backgroundColor = absent ? "transparent"
          : c > 3 ? "rgba(" + rgb + ", " + Math.min(1, Math.max(0, parts[3])).toFixed(3) + ")" : "rgb(" + rgb + ")";
      }
    }
  }
  function line(points, close) {
    ctx.beginPath();
    for (var k = 0; k < points.length; k += 2) { ctx[k ? "lineTo" : "moveTo"](points[k], points[k + 1]); }
    if (close) { ctx.closePath(); }
  }
  // the engine's debug drawing kept with each frame (anima.recording._debug): heads of two
  // uint32 (kind | layer << 4 | coordinate count << 8, colour 0xRRGGBB), float32 coordinates
  var drawing = d.debug_draw || null, debugSwitch = root.querySelector(".anima-debug");
  function hex(color) { return "#" + ("00000" + color.toString(16)).slice(-6); }
  function primitive(kind, c, k, pass, color) {
    // pass 0 lays a darker, wider line under the colour of the later passes, so that light
    // colours (the contact normals are white) show on the white canvas
    var px = 1 / scale;
    ctx.strokeStyle = ctx.fillStyle = pass ? color : "rgba(0, 0, 0, 0.45)";
    ctx.lineWidth = (pass ? 1.5 : 3) * px;
    ctx.beginPath();
    if (kind === 3) {
      ctx.arc(c[k], c[k + 1], Math.max(c[k + 2] / 2, 2.5 * px) + (pass ? 0 : px), 0, 2 * Math.PI);
      ctx.fill();
      return;
    }
    if (kind === 1) {
      ctx.arc(c[k], c[k + 1], c[k + 2], 0, 2 * Math.PI);
      ctx.moveTo(c[k], c[k + 1]);
      ctx.lineTo(c[k] + c[k + 2] * Math.cos(c[k + 3]), c[k + 1] + c[k + 2] * Math.sin(c[k + 3]));
    } else {
      ctx.moveTo(c[k], c[k + 1]);
      ctx.lineTo(c[k + 2], c[k + 3]);
    }
    ctx.stroke();
  }
  function drawDebug(frame) {
    // first a darker, wider outline of every primitive, then the lines in their colours, then
    // the points on top
    var first = drawing.firstHead[frame], last = drawing.firstHead[frame + 1], heads = drawing.heads;
    var c = drawing.coords, drawn = 0;
    for (var pass = 0; pass < 3; pass++) {
      for (var p = first, k = drawing.firstCoord[frame]; p < last; k += heads[2 * p] >>> 8, p++) {
        var word = heads[2 * p], kind = word & 15, length = word >>> 8;
        if (pass && (kind === 3) !== (pass === 2)) { continue; }
        if (kind === 0) {
          var color = pass ? hex(heads[2 * p + 1]) : null;
          ctx.strokeStyle = pass ? color : "rgba(0, 0, 0, 0.45)";
          ctx.lineWidth = (pass ? 1.5 : 3) / scale;
          ctx.beginPath();
          for (var j = 0; j < length; j += 2) { ctx[j ? "lineTo" : "moveTo"](c[k + j], c[k + j + 1]); }
          ctx.closePath();
          ctx.stroke();
        } else {
          primitive(kind, c, k, pass, pass ? hex(heads[2 * p + 1]) : null);
        }
        drawn += pass ? 1 : 0;
      }
    }
    ctx.fillStyle = "#555";
    drawing.snaps.forEach(function (s) { ctx.fillRect(s[0] - 3 / scale, s[1] - 3 / scale, 6 / scale, 6 / scale); });
    state.debugDrawn = drawn;
  }
  function draw(frame) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(scale, 0, 0, scale, -d.view[0] * scale, -d.view[1] * scale);
    ctx.lineWidth = 1 / scale;
    if (d.debug) {
      ctx.strokeStyle = "#999";
      (d.bounds || []).forEach(function (r) { ctx.strokeRect(r[0], r[1], r[2], r[3]); });
      (d.boundaries || []).forEach(function (p) { line(p, false); ctx.stroke(); });
    }
    for (var i = 0; i < n; i++) {
      var x = d.poses[(frame * n + i) * 2], y = d.poses[(frame * n + i) * 2 + 1];
      if (isNaN(x) || isNaN(y)) { continue; }
      var w = at(d.sizes, 2, frame, i, 0), h = at(d.sizes, 2, frame, i, 1), item = d.items[i];
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(d.angles[frame * n + i] || 0);
      ctx.globalAlpha = at(d.alpha, 1, frame, i, 0);
      ctx.fillStyle = item.color;
      if (item.shape === "ellipse") {
        ctx.beginPath();
        ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, 2 * Math.PI);
      } else if (item.path) {
        line(item.path, true);
      } else {
        ctx.beginPath();
        ctx.rect(-w / 2, -h / 2, w, h);
      }
      ctx.fill();
      ctx.restore();
    }
    if (d.debug) {
      var center = function (i) { return [d.poses[(frame * n + i) * 2], d.poses[(frame * n + i) * 2 + 1]]; };
      ctx.strokeStyle = "#555";
      (d.links || []).forEach(function (l) {
        if (l.a < 0) { return; }
        var a = center(l.a), b = l.anchor || (l.b >= 0 ? center(l.b) : null);
        if (b && !isNaN(a[0]) && !isNaN(b[0])) { line([a[0], a[1], b[0], b[1]], false); ctx.stroke(); }
      });
      ctx.fillStyle = "#555";
      (d.snaps || []).forEach(function (s) { ctx.fillRect(s.point[0] - 3 / scale, s.point[1] - 3 / scale, 6 / scale, 6 / scale); });
      ctx.fillStyle = "#d00";
      (d.contacts || []).forEach(function (c) {
        if (c[0] <= frame && frame - c[0] < 6) { ctx.beginPath(); ctx.arc(c[1], c[2], 3 / scale, 0, 2 * Math.PI); ctx.fill(); }
      });
    }
    state.debugDrawn = 0;
    if (drawing && debugSwitch.checked) { drawDebug(frame); }
    showValues(frame);
    state.frame = frame;
    root.dataset.frame = frame;
    scrub.value = frame;
    label.textContent = d.times[frame].toFixed(2) + " s";
  }
  function frameAt(seconds) {
    var lo = 0, hi = d.frames - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (d.times[mid] <= seconds) { lo = mid; } else { hi = mid - 1; } }
    return lo;
  }
  function tick(now) {
    if (!state.playing) { return; }
    var t = d.times[0] + state.origin + (now - state.start) / 1000, end = d.times[d.frames - 1];
    if (t > end) {
      if (loop.checked && end > d.times[0]) { state.origin = 0; state.start = now; t = d.times[0]; }
      else { draw(d.frames - 1); setPlaying(false); return; }
    }
    draw(frameAt(t));
    requestAnimationFrame(tick);
  }
  function setPlaying(on) {
    state.playing = on;
    button.textContent = on ? "Pause" : "Play";
    if (on) {
      if (state.frame >= d.frames - 1) { draw(0); }
      state.origin = d.times[state.frame] - d.times[0];
      state.start = performance.now();
      requestAnimationFrame(tick);
    }
  }
  if (typeof DecompressionStream === "undefined") {
    label.textContent = "this browser cannot unpack the recording (no DecompressionStream)";
    return;
  }
  var names = ["poses", "angles", "sizes", "alpha"];
  var packs = names.map(function (name) { return d[name]; }).concat(values.map(function (v) { return v.data; }));
  var raw = drawing ? [inflate(drawing.counts), inflate(drawing.heads), inflate(drawing.coords)] : [];
  Promise.all(packs.map(unpack).concat(raw)).then(function (arrays) {
    names.forEach(function (name, k) { d[name] = arrays[k]; });
    values.forEach(function (v, k) { v.data = arrays[names.length + k]; });
    if (drawing) {
      // where each frame's primitives and their coordinates start
      var at = names.length + values.length, counts = new Int32Array(arrays[at]);
      drawing.heads = new Uint32Array(arrays[at + 1]);
      drawing.coords = new Float32Array(arrays[at + 2]);
      drawing.firstHead = new Int32Array(d.frames + 1);
      drawing.firstCoord = new Int32Array(d.frames + 1);
      for (var f = 0, p = 0, k = 0; f < d.frames; f++) {
        drawing.firstHead[f] = p;
        drawing.firstCoord[f] = k;
        for (var end = p + counts[f]; p < end; p++) { k += drawing.heads[2 * p] >>> 8; }
      }
      drawing.firstHead[d.frames] = p;
      drawing.firstCoord[d.frames] = k;
      debugSwitch.addEventListener("change", function () { draw(state.frame); });
    }
    button.addEventListener("click", function () { setPlaying(!state.playing); });
    scrub.addEventListener("input", function () { setPlaying(false); draw(+scrub.value); });
    draw(0);
    setPlaying(d.autoplay && d.frames > 1);
    state.ready = true;
    root.dataset.ready = "1";
  });
})"""
