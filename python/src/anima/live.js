// The page side of anima.live (see live.py): an anywidget ES module.
//
// The kernel steps the animator and sends a frame after each step of its clock: a small
// custom message whose buffers are binary (a header of float64 values, the poses as float32
// x, y, angle, alpha per item, when the content says "debug" the engine's debug drawing, and
// last, when the content says "values", the animated values' components as float64, 4 a
// value), never JSON numbers. The page keeps the last frames and draws at its own refresh rate
// (requestAnimationFrame), a fixed short delay behind the kernel's clock, interpolating
// between the two frames around that time: the kernel's timer and the websocket deliver
// frames unevenly, and drawing whichever frame came last would show that unevenness as
// stutter. The kernel's frames hold display-time poses (Animator.copy_display_poses_into), so
// a frame's poses belong to the kernel's time stamped on it, not to its last internal step.
//
// Pointer: press, move and release on the canvas go to the kernel with the event's time, in
// scene points; the kernel grabs the item under a press (Animator.item_at), drags it
// (Drag.move) and flings it at the release (Drag.end), or hands a tap on empty space to
// on_tap. Each pointer event has an id; the kernel acknowledges the newest one it has
// stepped the scene after, and the page measures pointer-to-pixel latency as the time from
// the event to the first drawing of a frame that acknowledges it.
//
// The panel under the buttons has a row per animated value (the scene's "values": label,
// count, colour or not): its numbers, a bar for a scalar from the lowest to the highest it has
// been since the panel was made, a swatch for a colour (sRGB as CSS rgb()/rgba()), drawn with
// the poses, from the same frames.
//
// The debug overlay is the engine's debug drawing of the kernel's last state (Animator.debug_draw,
// anima/recording/_debug.py): a table of heads, two uint32 a primitive (its kind in bits 0-3:
// polygon, circle, segment, point; its layer in bits 4-7; its number of coordinates from bit 8;
// then its colour, 0xRRGGBB), the coordinates as float32 and the snap points. It is drawn over
// the items in the engine's colours, each line over a darker, wider one so that the white
// contact normals show on the white canvas. The Debug button turns it on and off, and a switch
// per layer chooses what it shows: the page sets the "_debug" trait, and the kernel sends the
// layers it names from its next frame (none when off: the kernel then calls no debug_draw).
//
// window.animaLive[key] exposes the state to tests (frames received, draws, latencies, and the
// primitives of the last overlay drawn per layer).

const HEADER = 8; // float64: kernel time, seq, ack, count, scene version, simulated time, flags, wall clock
const HELD = 2;   // flag: the frame repeats the last one, sent when the scene moves again after standing still
const KEEP = 240; // samples kept for the clock offset and the statistics
// the layers of the debug drawing in the engine's order, and those the Debug button turns on
const LAYERS = ["shapes", "bounds", "boundaries", "attachments", "contacts"];
const STANDARD = ["shapes", "boundaries", "attachments", "contacts"];

function floats(buffer, Kind) {
  // buffers arrive as DataViews at any byte offset: copy them into an aligned array
  const view = buffer instanceof DataView ? buffer : new DataView(buffer.buffer || buffer);
  const bytes = view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength);
  return new Kind(bytes);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function median(values) {
  if (!values.length) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function render({ model, el: host }) {
  const key = model.get("_key");
  const root = el("div", "anima-live");
  root.id = key;
  const canvas = el("canvas", "anima-live-canvas");
  const ctx = canvas.getContext("2d");
  const bar = el("div", "anima-live-bar");
  const buttons = {};
  const titles = {
    play: "Play or pause the kernel's clock",
    step: "Pause and advance one frame (1/60 s)",
    slow: "Slow motion: a quarter of real time",
    reset: "Back to the scene as it was when the widget was made",
    record: "Record the session into widget.recording",
    debug: "Overlay the engine's debug drawing (Animator.debug_draw)",
  };
  for (const name of ["play", "step", "slow", "reset", "record", "debug"]) {
    const button = el("button", "anima-live-" + name);
    button.type = "button";
    button.title = titles[name];
    if (name !== "debug") button.addEventListener("click", () => model.send({ type: "command", name }));
    buttons[name] = button;
    bar.appendChild(button);
  }
  buttons.step.textContent = "Step";
  buttons.reset.textContent = "Reset";
  buttons.debug.textContent = "Debug";
  const status = el("span", "anima-live-status");
  bar.appendChild(status);
  // a switch per layer of the debug drawing, shown while the overlay is on
  const layerRow = el("div", "anima-live-layers");
  const switches = {};
  for (const layer of LAYERS) {
    const label = el("label", "anima-live-layer");
    const box = el("input");
    box.type = "checkbox";
    box.dataset.layer = layer;
    box.addEventListener("change", () => setLayers(LAYERS.filter((l) => switches[l].checked)));
    switches[layer] = box;
    label.append(box, document.createTextNode(" " + layer));
    layerRow.appendChild(label);
  }
  const panel = el("div", "anima-live-values");
  const sliders = el("div", "anima-live-controls");
  const message = el("div", "anima-live-message");
  root.append(canvas, bar, layerRow, panel, sliders, message);
  host.appendChild(root);

  const state = {
    key, frames: 0, draws: 0, latencies: [], breakdown: [], transit: [], fps: 0, received: 0, shown: null, offset: Infinity,
    delay: 0.02, target: 0.02, pointerId: 0, dragging: false, debug: null,
  };
  window.animaLive = window.animaLive || {};
  window.animaLive[key] = state;

  // ---- scene, size and controls ------------------------------------------------------------
  let scene = model.get("_scene");
  let view = model.get("_view");
  let scale = 1;
  let dpr = 1;
  let groups = []; // [{color, items: [i...]}]

  function layout() {
    const size = model.get("_size");
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = size[0] + "px";
    canvas.style.height = size[1] + "px";
    canvas.width = Math.round(size[0] * dpr);
    canvas.height = Math.round(size[1] * dpr);
    view = model.get("_view");
    scale = size[0] / view[2];
  }

  function regroup() {
    scene = model.get("_scene");
    const byColor = new Map();
    scene.items.forEach((item, i) => {
      if (!byColor.has(item[3])) byColor.set(item[3], []);
      byColor.get(item[3]).push(i);
    });
    groups = Array.from(byColor, ([color, items]) => ({ color, items }));
  }

  // ---- the animated values' panel ----------------------------------------------------------
  let valueRows = []; // [{count, colour, low, high, text, bar, swatch}]

  function buildValues() {
    panel.textContent = "";
    valueRows = (scene.values || []).map(([label, count, colour], index) => {
      const row = el("div", "anima-live-value");
      row.dataset.index = index;
      const middle = el("span", colour ? "anima-live-value-swatch" : count === 1 ? "anima-live-value-gauge" : "");
      const fill = count === 1 && !colour ? el("span", "anima-live-value-bar") : null;
      if (fill) middle.appendChild(fill);
      const text = el("span", "anima-live-value-text", "\u2013");
      row.append(el("span", "anima-live-value-label", label), middle, text);
      panel.appendChild(row);
      return { count, colour, low: Infinity, high: -Infinity, text, bar: fill, swatch: colour ? middle : null, shown: {} };
    });
  }

  function fixed(x, digits) {
    const text = x.toFixed(digits);
    return Number(text) === 0 && text[0] === "-" ? text.slice(1) : text;
  }
  const byte = (c) => Math.round(255 * Math.min(1, Math.max(0, c)));

  function put(row, key, value, write) {
    // the page changes only what changed: a value at rest costs no layout
    if (row.shown[key] !== value) { row.shown[key] = value; write(value); }
  }

  function drawValues(a, b, blend) {
    if (!a.values || a.values.length !== 4 * valueRows.length) return;
    const va = a.values, vb = blend > 0 && b.values && b.values.length === va.length ? b.values : va;
    valueRows.forEach((row, v) => {
      const parts = [];
      for (let k = 0; k < row.count; k++) parts.push(va[4 * v + k] + (vb[4 * v + k] - va[4 * v + k]) * blend);
      // three significant digits of the range seen (of the size while it stays put); a colour: 3
      const span = row.high - row.low || Math.max(Math.abs(row.low), Math.abs(row.high)) || 1;
      const digits = row.colour ? 3 : Math.min(4, Math.max(0, 3 - Math.floor(Math.log10(span))));
      put(row, "text", parts.map((x) => fixed(x, digits)).join(", "), (t) => { row.text.textContent = t; });
      if (row.bar) {
        const share = row.high > row.low ? (parts[0] - row.low) / (row.high - row.low) : 1;
        put(row, "bar", (100 * Math.min(1, Math.max(0, share))).toFixed(2) + "%", (w) => { row.bar.style.width = w; });
      }
      if (row.swatch) {
        const rgb = `${byte(parts[0])}, ${byte(parts[1])}, ${byte(parts[2])}`;
        put(row, "swatch", row.count > 3 ? `rgba(${rgb}, ${Math.min(1, Math.max(0, parts[3])).toFixed(3)})`
          : `rgb(${rgb})`, (c) => { row.swatch.style.backgroundColor = c; });
      }
    });
  }

  function noteRanges(frame) {
    // the range each scalar has covered, for its bar
    if (!frame.values || frame.version !== scene.version || frame.values.length !== 4 * valueRows.length) return;
    valueRows.forEach((row, v) => {
      const x = frame.values[4 * v];
      row.low = Math.min(row.low, x);
      row.high = Math.max(row.high, x);
    });
  }

  function buildControls() {
    sliders.textContent = "";
    const values = model.get("_values");
    for (const control of model.get("_controls")) {
      const row = el("label", "anima-live-control");
      const name = el("span", "anima-live-label", control.label);
      const input = el("input");
      input.type = "range";
      input.min = control.low;
      input.max = control.high;
      input.step = control.step;
      input.value = values[control.label];
      input.dataset.label = control.label;
      const shown = el("span", "anima-live-value", Number(values[control.label]).toPrecision(3));
      input.addEventListener("input", () => {
        const next = Object.assign({}, model.get("_values"));
        next[control.label] = Number(input.value);
        shown.textContent = Number(input.value).toPrecision(3);
        model.set("_values", next);
        model.save_changes();
      });
      row.append(name, input, shown);
      sliders.appendChild(row);
    }
  }

  function showValues() {
    const values = model.get("_values");
    for (const input of sliders.querySelectorAll("input")) {
      const value = values[input.dataset.label];
      if (value === undefined) continue;
      if (Number(input.value) !== value) input.value = value;
      input.nextSibling.textContent = Number(value).toPrecision(3);
    }
  }

  // ---- the debug overlay's switches -------------------------------------------------------
  let lastLayers = model.get("_debug").length ? model.get("_debug") : STANDARD;

  function setLayers(layers) {
    model.set("_debug", layers);
    model.save_changes();
    showLayers();
  }
  buttons.debug.addEventListener("click", () => setLayers(model.get("_debug").length ? [] : lastLayers));

  function showLayers() {
    const layers = model.get("_debug");
    if (layers.length) lastLayers = layers;
    for (const layer of LAYERS) switches[layer].checked = layers.includes(layer);
    buttons.debug.classList.toggle("anima-live-on", layers.length > 0);
    buttons.debug.setAttribute("aria-pressed", layers.length ? "true" : "false");
    layerRow.hidden = layers.length === 0;
  }

  function showState() {
    const playing = model.get("_playing");
    buttons.play.textContent = playing ? "Pause" : "Play";
    buttons.slow.textContent = "Slow";
    buttons.slow.classList.toggle("anima-live-on", model.get("_slow"));
    buttons.slow.setAttribute("aria-pressed", model.get("_slow") ? "true" : "false");
    const recording = model.get("_recording");
    buttons.record.textContent = recording ? "\u25A0 Stop" : "\u25CF Record";
    buttons.record.classList.toggle("anima-live-on", recording);
    buttons.reset.disabled = !model.get("_can_reset");
    message.textContent = model.get("_message");
    root.dataset.playing = playing ? "1" : "0";
  }

  layout();
  regroup();
  buildValues();
  buildControls();
  showState();
  showLayers();

  // ---- frames from the kernel -------------------------------------------------------------
  const frames = []; // sorted by kernel time
  const offsets = [];
  const intervals = [];
  state.intervals = intervals;
  let lastKernelTime = null;

  function onMessage(content, buffers) {
    if (!content || content.type !== "frame" || !buffers || buffers.length < 2) return;
    const arrival = performance.now() / 1000;
    const header = floats(buffers[0], Float64Array);
    // kernel to page in ms, by the wall clock (meaningful when both run on one machine)
    state.transit.push((performance.timeOrigin + arrival * 1000) - header[7] * 1000);
    if (state.transit.length > KEEP) state.transit.shift();
    const debug = content.debug && buffers.length >= 5;
    const frame = {
      time: header[0], seq: header[1], ack: header[2], count: header[3], version: header[4],
      elapsed: header[5], poses: floats(buffers[1], Float32Array),
      heads: debug ? floats(buffers[2], Uint32Array) : null,
      coords: debug ? floats(buffers[3], Float32Array) : null,
      snaps: debug ? floats(buffers[4], Float32Array) : null,
      values: content.values ? floats(buffers[buffers.length - 1], Float64Array) : null,
    };
    noteRanges(frame);
    // the kernel's clock as the page's, with the least transport delay seen lately
    offsets.push(arrival - frame.time);
    if (offsets.length > KEEP) offsets.shift();
    let offset = Infinity;
    for (const o of offsets) offset = Math.min(offset, o);
    state.offset = offset;
    frame.held = (header[6] & HELD) !== 0;
    if (lastKernelTime !== null && !frame.held) {   // a still spell is no interval between frames
      const gap = frame.time - lastKernelTime;
      if (gap > 0 && gap < 0.1) {
        intervals.push(gap);
        if (intervals.length > 30) intervals.shift();
      }
    }
    lastKernelTime = frame.time;
    // draw a little behind the kernel: the longest recent interval between frames, so that
    // the frame after the drawn time has nearly always arrived
    let longest = 0.004;
    for (const gap of intervals) longest = Math.max(longest, gap);
    state.target = Math.min(0.05, longest + 0.003);
    for (const p of pending) { if (p[0] <= frame.ack && p[3] === undefined) p[3] = arrival * 1000; }
    frames.push(frame);
    while (frames.length > 2 && frames[frames.length - 1].time < frames[frames.length - 2].time) frames.splice(-2, 1);
    if (frames.length > 64) frames.splice(0, frames.length - 64);
    state.frames++;
  }

  // ---- drawing ----------------------------------------------------------------------------
  function addShape(item, x, y, angle) {
    const w = item[1] / 2, h = item[2] / 2, c = Math.cos(angle), s = Math.sin(angle);
    if (item[0] === "ellipse") {
      ctx.moveTo(x + w * c, y + w * s);
      ctx.ellipse(x, y, w, h, angle, 0, 2 * Math.PI);
    } else if (item[4]) {
      const p = item[4];
      for (let k = 0; k < p.length; k += 2) {
        const px = x + p[k] * c - p[k + 1] * s, py = y + p[k] * s + p[k + 1] * c;
        if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      }
      ctx.closePath();
    } else {
      ctx.moveTo(x - w * c + h * s, y - w * s - h * c);
      ctx.lineTo(x + w * c + h * s, y + w * s - h * c);
      ctx.lineTo(x + w * c - h * s, y + w * s + h * c);
      ctx.lineTo(x - w * c - h * s, y - w * s + h * c);
      ctx.closePath();
    }
  }

  const hex = (color) => "#" + color.toString(16).padStart(6, "0");

  function drawDebug(frame) {
    // the engine's debug drawing of the frame, in the engine's order and colours, at the
    // kernel's state of the frame (not interpolated): first a darker, wider outline of every
    // primitive, then the lines in their colours, then the points on top
    const { heads, coords: c, snaps } = frame;
    const px = 1 / scale, counts = {};
    for (let pass = 0; pass < 3; pass++) {
      ctx.lineWidth = (pass ? 1.5 : 3) * px;
      for (let p = 0, k = 0; p + 1 < heads.length; k += heads[p] >>> 8, p += 2) {
        const word = heads[p], kind = word & 15, length = word >>> 8;
        if (pass && (kind === 3) !== (pass === 2)) continue;
        ctx.strokeStyle = ctx.fillStyle = pass ? hex(heads[p + 1]) : "rgba(0, 0, 0, 0.45)";
        ctx.beginPath();
        if (kind === 0) {
          for (let j = 0; j < length; j += 2) ctx[j ? "lineTo" : "moveTo"](c[k + j], c[k + j + 1]);
          ctx.closePath();
          ctx.stroke();
        } else if (kind === 1) {
          ctx.arc(c[k], c[k + 1], c[k + 2], 0, 2 * Math.PI);
          ctx.moveTo(c[k], c[k + 1]);
          ctx.lineTo(c[k] + c[k + 2] * Math.cos(c[k + 3]), c[k + 1] + c[k + 2] * Math.sin(c[k + 3]));
          ctx.stroke();
        } else if (kind === 2) {
          ctx.moveTo(c[k], c[k + 1]);
          ctx.lineTo(c[k + 2], c[k + 3]);
          ctx.stroke();
        } else {
          ctx.arc(c[k], c[k + 1], Math.max(c[k + 2] / 2, 2.5 * px) + (pass ? 0 : px), 0, 2 * Math.PI);
          ctx.fill();
        }
        if (pass) { const layer = LAYERS[(word >> 4) & 15]; counts[layer] = (counts[layer] || 0) + 1; }
      }
    }
    ctx.fillStyle = "#555";
    for (let j = 0; j + 1 < snaps.length; j += 2) ctx.fillRect(snaps[j] - 3 * px, snaps[j + 1] - 3 * px, 6 * px, 6 * px);
    state.debug = { seq: frame.seq, counts, primitives: heads.length / 2 };
  }

  function draw(a, b, f) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const k = dpr * scale;
    ctx.setTransform(k, 0, 0, k, -view[0] * k, -view[1] * k);
    ctx.lineWidth = 1 / scale;
    if (!a || a.version !== scene.version || a.count !== scene.items.length) return;
    const blend = b && b.version === a.version && b.count === a.count ? f : 0;
    const pa = a.poses, pb = blend > 0 ? b.poses : a.poses;
    const pose = (i, j) => pa[4 * i + j] + (pb[4 * i + j] - pa[4 * i + j]) * blend;
    const faded = [];
    for (const group of groups) {
      ctx.fillStyle = group.color;
      ctx.beginPath();
      for (const i of group.items) {
        if (pose(i, 3) < 0.999) { faded.push(i); continue; }
        addShape(scene.items[i], pose(i, 0), pose(i, 1), pose(i, 2));
      }
      ctx.fill();
    }
    for (const i of faded) {
      ctx.globalAlpha = Math.max(0, pose(i, 3));
      ctx.fillStyle = scene.items[i][3];
      ctx.beginPath();
      addShape(scene.items[i], pose(i, 0), pose(i, 1), pose(i, 2));
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    drawValues(a, blend > 0 ? b : a, blend);
    // the overlay of the newer of the two frames drawn between, so that a contact shows as
    // soon as a frame has it
    const shown = blend > 0.5 ? b : a;
    if (shown.heads) drawDebug(shown);
    else state.debug = null;
  }

  // pointer events waiting for a frame that reflects them: [id, event time, handler time, arrival] (ms)
  const pending = [];
  let drawsThisSecond = 0, framesThisSecond = 0, secondStart = performance.now();
  let raf = 0;
  let shownSeq = -1;

  function tick(now) {
    raf = requestAnimationFrame(tick);
    if (!frames.length) return;
    // the delay glides to its target by at most 0.5 ms a drawing, so that the drawn time never
    // runs backwards and never skips ahead
    state.delay += Math.max(-0.0005, Math.min(0.0005, state.target - state.delay));
    const t = now / 1000 - state.offset - state.delay;
    let i = frames.length - 1;
    while (i > 0 && frames[i].time > t) i--;
    const a = frames[i], b = frames[i + 1];
    const f = b ? Math.min(1, Math.max(0, (t - a.time) / (b.time - a.time))) : 0;
    if (a.seq !== shownSeq || f > 0) {
      draw(a, b, f);
      state.draws++;
      drawsThisSecond++;
      shownSeq = a.seq;
      state.shown = { seq: a.seq, time: a.time, elapsed: a.elapsed, blend: f };
    }
    if (i > 1) frames.splice(0, i - 1);
    // latency: the frame now shown in full (a) acknowledges these pointer events
    while (pending.length && pending[0][0] <= a.ack) {
      const [, created, handled, arrived] = pending.shift();
      state.latencies.push(now - created);
      // where the time went: event to handler, handler to the frame's arrival, arrival to drawing
      state.breakdown.push([handled - created, (arrived || now) - handled, now - (arrived || now)]);
      if (state.latencies.length > KEEP) { state.latencies.shift(); state.breakdown.shift(); }
    }
    if (now - secondStart >= 1000) {
      state.fps = drawsThisSecond * 1000 / (now - secondStart);
      state.received = (state.frames - framesThisSecond) * 1000 / (now - secondStart);
      framesThisSecond = state.frames;
      drawsThisSecond = 0;
      secondStart = now;
      const latency = median(state.latencies.slice(-60));
      // frames from the kernel per second (none while the scene stands still), and the median
      // pointer-to-pixel latency of the last drag
      status.textContent = (state.received >= 1 ? `${state.received.toFixed(0)} frames/s` : "")
        + (isNaN(latency) ? "" : ` \u00b7 ${latency.toFixed(0)} ms`);
      status.title = "frames per second from the kernel \u00b7 pointer-to-pixel latency of the last drag";
    }
  }
  raf = requestAnimationFrame(tick);

  // ---- pointer ------------------------------------------------------------------------------
  function point(event) {
    const r = canvas.getBoundingClientRect();
    const left = r.left + canvas.clientLeft, top = r.top + canvas.clientTop; // inside the border
    return [view[0] + (event.clientX - left) / scale, view[1] + (event.clientY - top) / scale];
  }
  function pointer(type, event) {
    const [x, y] = point(event);
    state.pointerId++;
    model.send({ type, id: state.pointerId, x, y, t: event.timeStamp / 1000, slop: 6 / scale });
    return state.pointerId;
  }
  // one pointer at a time: a second finger or button is ignored until the first lets go
  let active = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || state.dragging) return;
    canvas.setPointerCapture(event.pointerId);
    active = event.pointerId;
    state.dragging = true;
    pointer("down", event);
    event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!state.dragging || event.pointerId !== active) return;
    const id = pointer("move", event);
    pending.push([id, event.timeStamp, performance.now()]);
    if (pending.length > KEEP) pending.shift();
  });
  const release = (event) => {
    if (!state.dragging || event.pointerId !== active) return;
    state.dragging = false;
    pointer("up", event);
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  // ---- the kernel's clock runs while a page says it is there ------------------------------
  const alive = () => model.send({
    type: "alive", fps: state.fps, received: state.received,
    latency: median(state.latencies.slice(-60)) || null, draws: state.draws, frames: state.frames,
  });
  model.send({ type: "hello" });
  const heartbeat = setInterval(alive, 1000);

  const handlers = [
    ["msg:custom", onMessage],
    ["change:_scene", () => { regroup(); buildValues(); }],
    ["change:_size", layout],
    ["change:_view", layout],
    ["change:_controls", buildControls],
    ["change:_values", showValues],
    ["change:_playing", showState],
    ["change:_slow", showState],
    ["change:_recording", showState],
    ["change:_can_reset", showState],
    ["change:_message", showState],
    ["change:_debug", showLayers],
  ];
  for (const [name, handler] of handlers) model.on(name, handler);
  root.dataset.ready = "1";

  return () => {
    cancelAnimationFrame(raf);
    clearInterval(heartbeat);
    for (const [name, handler] of handlers) model.off(name, handler);
    if (window.animaLive[key] === state) delete window.animaLive[key];
  };
}

export default { render };
