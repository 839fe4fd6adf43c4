"""Draws the timing-curve and spring plots of docs/timing.md and docs/springs.md.

Run from the repository root after `make python`:

    build/venv/bin/python docs/curve_figures.py            # every figure
    build/venv/bin/python docs/curve_figures.py springs    # only the named ones

Every curve is sampled from anima.Timing (the engine's own evaluation), at 400 or more
points, and written as plain SVG text. The output has no timestamps and is the same on
every run, so the committed files can be checked against a fresh run.
"""
import math
import os
import sys
from xml.sax.saxutils import escape

import anima

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "figures", "curves")

SAMPLES = 400  # segments per curve, so SAMPLES + 1 points
FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
# Okabe-Ito colours, distinguishable with the common colour-vision deficiencies.
COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
INK, AXIS, GRID, MUTED = "#1f2933", "#52606d", "#e4e7eb", "#7b8794"

PENNER_FAMILIES = ["quad", "cubic", "quart", "quint", "sine",
                   "expo", "circ", "back", "elastic", "bounce"]
PENNER_KINDS = ["in", "out", "in_out"]
STEP_POSITIONS = ["jump_start", "jump_end", "jump_none", "jump_both"]


# ---------------------------------------------------------------------------------------------
# Plain SVG helpers

def num(v):
    """A coordinate with at most two decimals, without trailing zeros or a negative zero."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def label(v):
    """A tick label: 0.5, 1, -0.25, 2.5."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def text(x, y, content, size=12, anchor="start", weight=None, fill=INK, cls=None):
    attrs = f'x="{num(x)}" y="{num(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
    if weight:
        attrs += f' font-weight="{weight}"'
    if cls:
        attrs += f' class="{cls}"'
    return f"<text {attrs}>{escape(content)}</text>"


def line(x1, y1, x2, y2, stroke, width=1.0, dash=None, cls=None):
    attrs = (f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
             f'stroke="{stroke}" stroke-width="{num(width)}"')
    if dash:
        attrs += f' stroke-dasharray="{dash}"'
    if cls:
        attrs += f' class="{cls}"'
    return f"<line {attrs}/>"


def document(width, height, title, description, body):
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="anima-curves" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
            f'font-family="{escape(FONT)}">')
    parts = [head,
             f"<title>{escape(title)}</title>",
             f"<desc>{escape(description)}</desc>",
             f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             text(width / 2, 26, title, size=16, anchor="middle", weight="600", cls="figure-title")]
    parts.extend(body)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def legend(x, y, entries, row_height=18, columns=1, column_width=0):
    """entries: (color, text, dash). Laid out top to bottom, then left to right."""
    out = ['<g class="legend">']
    rows = math.ceil(len(entries) / columns)
    for i, (color, name, dash) in enumerate(entries):
        cx = x + (i // rows) * column_width
        cy = y + (i % rows) * row_height
        out.append(line(cx, cy, cx + 24, cy, color, 2.5, dash))
        out.append(text(cx + 30, cy + 4, name))
    out.append("</g>")
    return out


def legend_row(center_x, y, entries, gap=28):
    """entries laid out on one line, centred on center_x."""
    widths = [30 + 7 * len(name) for _, name, _ in entries]
    total = sum(widths) + gap * (len(entries) - 1)
    out = ['<g class="legend">']
    x = center_x - total / 2
    for (color, name, dash), w in zip(entries, widths):
        out.append(line(x, y, x + 24, y, color, 2.5, dash))
        out.append(text(x + 30, y + 4, name))
        x += w + gap
    out.append("</g>")
    return out


class Panel:
    """A plot area at (left, top) of width x height pixels showing xrange x yrange."""

    def __init__(self, left, top, width, height, xrange, yrange, xticks, yticks,
                 xlabel=None, ylabel=None, title=None):
        self.left, self.top, self.width, self.height = left, top, width, height
        self.x0, self.x1 = xrange
        self.y0, self.y1 = yrange
        self.xticks, self.yticks = xticks, yticks
        self.xlabel, self.ylabel, self.title = xlabel, ylabel, title

    def px(self, x):
        return self.left + (x - self.x0) / (self.x1 - self.x0) * self.width

    def py(self, y):
        return self.top + (self.y1 - y) / (self.y1 - self.y0) * self.height

    def frame(self):
        left, top, right, bottom = self.left, self.top, self.left + self.width, self.top + self.height
        out = ['<g class="axes">']
        for x in self.xticks:
            out.append(line(self.px(x), top, self.px(x), bottom, GRID))
        for y in self.yticks:
            out.append(line(left, self.py(y), right, self.py(y), GRID))
        out.append(f'<rect x="{num(left)}" y="{num(top)}" width="{num(self.width)}" '
                   f'height="{num(self.height)}" fill="none" stroke="{AXIS}" stroke-width="1"/>')
        for x in self.xticks:
            out.append(line(self.px(x), bottom, self.px(x), bottom + 4, AXIS))
            out.append(text(self.px(x), bottom + 16, label(x), size=11, anchor="middle", fill=AXIS))
        for y in self.yticks:
            out.append(line(left - 4, self.py(y), left, self.py(y), AXIS))
            out.append(text(left - 7, self.py(y) + 4, label(y), size=11, anchor="end", fill=AXIS))
        if self.xlabel:
            out.append(text(left + self.width / 2, bottom + 32, self.xlabel, size=12, anchor="middle",
                            fill=AXIS))
        if self.ylabel:
            cx, cy = left - 38, top + self.height / 2
            out.append(f'<text x="{num(cx)}" y="{num(cy)}" font-size="12" text-anchor="middle" '
                       f'fill="{AXIS}" transform="rotate(-90 {num(cx)} {num(cy)})">'
                       f"{escape(self.ylabel)}</text>")
        if self.title:
            out.append(text(left + self.width / 2, top - 8, self.title, size=13, anchor="middle",
                            weight="600", cls="panel-title"))
        out.append("</g>")
        return out

    def hline(self, y, stroke=MUTED, dash="5 4", cls=None):
        return line(self.left, self.py(y), self.left + self.width, self.py(y), stroke, 1.2, dash, cls)

    def curve(self, points, color, name, dash=None, width=2.0):
        pts = " ".join(f"{num(self.px(x))},{num(self.py(y))}" for x, y in points)
        attrs = (f'class="curve" data-name="{escape(name)}" points="{pts}" fill="none" '
                 f'stroke="{color}" stroke-width="{num(width)}" stroke-linejoin="round"')
        if dash:
            attrs += f' stroke-dasharray="{dash}"'
        return f"<polyline {attrs}/>"

    def tick(self, x, y, color, half=9):
        """A short vertical mark at (x, y), for a settling time."""
        return line(self.px(x), self.py(y) - half, self.px(x), self.py(y) + half, color, 2.5,
                    cls="settling")


# ---------------------------------------------------------------------------------------------
# Sampling the engine

def sample(timing, seconds, hold=False):
    """SAMPLES + 1 points (t, progress) of an anima.Timing over [0, seconds].

    With hold, a jump between two samples is drawn as a riser at the later sample: the value is
    held up to the jump, as a step curve does (the steps figure puts every jump on a sample)."""
    points = []
    for i in range(SAMPLES + 1):
        t = seconds * i / SAMPLES
        p = timing.progress(t)
        if hold and points and p != points[-1][1]:
            points.append((t, points[-1][1]))
        points.append((t, p))
    return points


def curve_timing(curve):
    return anima.Timing(duration=1.0, curve=curve)


def padded_range(points_list, step=0.25):
    """[lo, hi] covering 0, 1 and every sample, rounded outward to the step."""
    ys = [y for points in points_list for _, y in points]
    lo = min(0.0, min(ys))
    hi = max(1.0, max(ys))
    return math.floor(lo / step + 1e-9) * step, math.ceil(hi / step - 1e-9) * step


def ticks(lo, hi, step):
    n0, n1 = math.ceil(lo / step - 1e-9), math.floor(hi / step + 1e-9)
    return [k * step for k in range(n0, n1 + 1)]


# ---------------------------------------------------------------------------------------------
# Figures

def uikit():
    """linear, ease_in, ease_out and ease_in_out on one chart."""
    names = ["linear", "ease_in", "ease_out", "ease_in_out"]
    panel = Panel(70, 50, 360, 360, (0, 1), (0, 1), ticks(0, 1, 0.25), ticks(0, 1, 0.25),
                  xlabel="time / duration", ylabel="progress")
    body = panel.frame()
    entries = []
    for k, name in enumerate(names):
        color, dash = COLORS[k], ("6 4" if name == "linear" else None)
        body.append(panel.curve(sample(curve_timing(name), 1.0), color, name, dash))
        entries.append((color, name, dash))
    body += legend(460, 70, entries, row_height=22)
    return document(600, 460, "UIKit and CSS Bezier curves",
                    "Progress against time over one pass for linear, ease_in, ease_out and "
                    "ease_in_out, sampled from anima.Timing.", body)


def bezier():
    """CSS's default `ease` and an overshooting cubic-bezier from the text."""
    curves = [("ease (0.25, 0.1, 0.25, 1)", (0.25, 0.1, 0.25, 1.0)),
              ("cubic-bezier(0.68, -0.55, 0.265, 1.55)", (0.68, -0.55, 0.265, 1.55))]
    sampled = [sample(curve_timing(c), 1.0) for _, c in curves]
    lo, hi = padded_range(sampled)
    scale = 300
    panel = Panel(70, 50, 360, (hi - lo) * scale, (0, 1), (lo, hi), ticks(0, 1, 0.25),
                  ticks(lo, hi, 0.25), xlabel="time / duration", ylabel="progress")
    body = panel.frame()
    body.append(panel.hline(0, dash="2 3"))
    body.append(panel.hline(1, dash="2 3"))
    entries = []
    for k, ((name, _), points) in enumerate(zip(curves, sampled)):
        body.append(panel.curve(points, COLORS[k], name))
        entries.append((COLORS[k], name, None))
    body += legend(460, 70, entries, row_height=22)
    return document(760, int(panel.top + panel.height + 50), "Cubic Bezier curves",
                    "CSS's default ease curve and cubic-bezier(0.68, -0.55, 0.265, 1.55), which "
                    "dips below 0 and overshoots 1, sampled from anima.Timing.", body)


def penner():
    """The ten Penner families, each panel with in, out and in_out."""
    columns, plot, gap_x, gap_y, scale = 5, 150, 48, 62, 150
    rows = [PENNER_FAMILIES[:columns], PENNER_FAMILIES[columns:]]
    kinds = [(COLORS[0], "in", None), (COLORS[1], "out", None), (COLORS[2], "in_out", "6 3")]
    body = legend_row(28 + columns * (plot + gap_x) / 2, 52, kinds)
    top = 100
    for families in rows:
        sampled = {f: [sample(curve_timing(f"{f}_{k}"), 1.0) for k in PENNER_KINDS] for f in families}
        lo, hi = padded_range([p for f in families for p in sampled[f]])
        height = (hi - lo) * scale
        for col, family in enumerate(families):
            panel = Panel(48 + col * (plot + gap_x), top, plot, height, (0, 1), (lo, hi),
                          ticks(0, 1, 0.5), ticks(lo, hi, 0.5), title=family)
            body += panel.frame()
            for (color, kind, dash), points in zip(kinds, sampled[family]):
                body.append(panel.curve(points, color, f"{family}_{kind}", dash))
        top += height + gap_y
    width = int(48 + columns * (plot + gap_x) - gap_x + 20)
    body.append(text(width / 2, top - gap_y + 36, "time / duration (x) against progress (y)",
                     size=12, anchor="middle", fill=AXIS))
    return document(width, int(top - gap_y + 52), "Penner easing families",
                    "For each of quad, cubic, quart, quint, sine, expo, circ, back, elastic and "
                    "bounce: the in, out and in_out curves, progress against time over one pass, "
                    "sampled from anima.Timing. Each row shares its vertical scale.", body)


def steps():
    """steps 4 with the four jump positions, one panel each."""
    plot, gap_x, gap_y = 220, 80, 70
    body = []
    for k, position in enumerate(STEP_POSITIONS):
        row, col = divmod(k, 2)
        panel = Panel(70 + col * (plot + gap_x), 70 + row * (plot + gap_y), plot, plot, (0, 1), (0, 1),
                      ticks(0, 1, 0.25), ticks(0, 1, 0.25), xlabel="time / duration" if row else None,
                      ylabel="progress" if col == 0 else None,
                      title=f"('steps', 4, '{position}')")
        body += panel.frame()
        body.append(panel.curve(sample(curve_timing(("steps", 4, position)), 1.0, hold=True),
                                COLORS[k], f"steps_4_{position}"))
        # The value at t = 0 (after a jump at the start, as in CSS).
        body.append(f'<circle cx="{num(panel.px(0))}" cy="{num(panel.py(curve_timing(("steps", 4, position)).progress(0)))}" '
                    f'r="3.5" fill="{COLORS[k]}"/>')
    width = 70 + 2 * plot + gap_x + 30
    height = 70 + 2 * plot + gap_y + 50
    return document(width, height, "steps(4) with each jump position",
                    "Progress against time for four steps with jump_start, jump_end, jump_none "
                    "and jump_both, sampled from anima.Timing; the dot is the value at t = 0.",
                    body)


def spring_chart(title, description, timings, seconds, tick_step):
    """timings: (legend name, anima.Timing). Marks each settling time on the line at 1."""
    sampled = [sample(timing, seconds) for _, timing in timings]
    lo, hi = padded_range(sampled)
    scale = 240
    panel = Panel(70, 50, 520, (hi - lo) * scale, (0, seconds), (lo, hi),
                  ticks(0, seconds, tick_step), ticks(lo, hi, 0.25), xlabel="time (s)",
                  ylabel="progress")
    body = panel.frame()
    body.append(panel.hline(1, cls="target"))
    entries = []
    for k, ((name, timing), points) in enumerate(zip(timings, sampled)):
        color = COLORS[k]
        body.append(panel.curve(points, color, name))
        body.append(panel.tick(timing.duration, 1.0, color))
        entries.append((color, f"{name}, settles {timing.duration:.2f} s", None))
    legend_top = panel.top + panel.height + 56
    body += legend(panel.left, legend_top, entries, row_height=20)
    body.append(text(panel.left, legend_top + 20 * len(entries) + 8,
                     "Ticks on the dashed line mark where each curve stays within 0.001 of 1.",
                     size=11, fill=AXIS))
    return document(630, int(legend_top + 20 * len(entries) + 24), title, description, body)


def springs():
    """CASpringAnimation springs (mass, stiffness, damping) from 10 % to 4x critical damping."""
    specs = [((1, 100, 10), "z 0.5, CASpringAnimation defaults"),
             ((1, 100, 5), "z 0.25"),
             ((1, 100, 20), "z 1, critical"),
             ((1, 100, 40), "z 2, overdamped")]
    timings = [(f"spring={spec}: {note}", anima.Timing(spring=spec)) for spec, note in specs]
    return spring_chart("Springs: mass 1, stiffness 100, damping 5 to 40",
                        "Progress against time from rest for spring=(1, 100, c) with damping c = 10, "
                        "5, 20 and 40, sampled from anima.Timing; each tick marks the settling time.",
                        timings, 3.0, 0.5)


def spring_forms():
    """The three other ways to specify a spring."""
    timings = [("damping_ratio=0.5, duration=0.5", anima.Timing(damping_ratio=0.5, duration=0.5)),
               ("response=0.5, damping_fraction=0.825",
                anima.Timing(response=0.5, damping_fraction=0.825)),
               ("bounce=0.3, duration=0.5", anima.Timing(bounce=0.3, duration=0.5))]
    return spring_chart("Spring forms: damping ratio, response, bounce",
                        "Progress against time from rest for a spring given by damping ratio and "
                        "duration, by response and damping fraction, and by bounce and duration, "
                        "sampled from anima.Timing; each tick marks the settling time.",
                        timings, 1.0, 0.25)


FIGURES = {
    "uikit": uikit,
    "bezier": bezier,
    "penner": penner,
    "steps": steps,
    "springs": springs,
    "spring-forms": spring_forms,
}


def write_figures(out, figures, names, draw):
    """Writes each of `figures` (name -> how it is made), or only those in `names` when it names
    any, as out/NAME.svg; draw(name, make) gives its SVG text and a note, printed after its path."""
    os.makedirs(out, exist_ok=True)
    for name, make in figures.items():
        if names and name not in names:
            continue
        svg, note = draw(name, make)
        path = os.path.join(out, name + ".svg")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(svg)
        print(f"{path}: {note}")


def drawn(name, draw):
    """A curve figure's SVG text and its note: how many curves, how many bytes."""
    svg = draw()
    curves = svg.count('class="curve"')
    return svg, f"{curves} curves, {len(svg)} bytes"


def main(names):
    write_figures(OUT, FIGURES, names, drawn)


if __name__ == "__main__":
    main(sys.argv[1:])
