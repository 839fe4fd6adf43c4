#!/usr/bin/env python3
"""What binding widgets to Anima costs per frame in GTK 4 and Qt, beside each toolkit's own cost.

    build/venv/bin/python bench/toolkits.py GTK_BENCH [--widgets 1000] [--frames 300]

`make bench` runs it after bench/run.py. GTK: bench/gtk_bindings.c (anima-gtk, C) under a private
Xvfb. Qt: bench/qt_bindings.py (anima.qt) offscreen. Prints a table in microseconds per widget per
frame and writes it to bench/TOOLKITS.md. The figure to watch is the bindings' cost against the
toolkit's own cost of moving the same widgets: the bindings read each item's pose and write it
to its widget, so they should cost no more than a few microseconds per widget, while drawing
the frame is the toolkit's.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from xsession import Xvfb  # noqa: E402  (the X helpers live with the checks)


def gtk_figures(binary: str, widgets: int, frames: int) -> dict:
    xvfb = Xvfb()
    try:
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSETTINGS_BACKEND="memory")
        done = subprocess.run([binary, str(widgets), str(frames)], env=env, capture_output=True, text=True, timeout=900)
    finally:
        xvfb.close()
    if done.returncode != 0:
        sys.exit(f"toolkits: {binary} failed: {done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def qt_figures(widgets: int, frames: int) -> str | None:
    script = ROOT / "bench" / "qt_bindings.py"
    if not script.exists():
        return None
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        sys.exit(f"toolkits: {script.name} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gtk_bench")
    parser.add_argument("--widgets", type=int, default=1000)
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    g = gtk_figures(args.gtk_bench, args.widgets, args.frames)
    n = g["widgets"]
    rows = [
        ("Anima step (anima_animator_advance, 1/60 s)", g["advance_us"]),
        ("anima-gtk bindings (anima_gtk_driver_write)", g["bindings_us"]),
        ("GTK: gtk_fixed_set_child_transform alone", g["gtk_move_us"]),
        ("GTK: the frame's layout and paint", g["gtk_frame_us"]),
    ]
    lines = [f"# Toolkit bindings, {datetime.date.today().isoformat()}", "",
             f"GTK 4: {n} GtkButtons in a GtkFixed, each bound to an item that a view animation swings; "
             f"medians over {g['frames']} frames (bench/gtk_bindings.c under Xvfb).", "",
             "| per frame | total, us | per widget, us |", "|---|---:|---:|"]
    lines += [f"| {name} | {value:.0f} | {value / n:.3f} |" for name, value in rows]
    lines += ["", f"The bindings cost {g['bindings_us'] / g['gtk_move_us']:.2f} x GTK's own call that moves the widgets, "
              f"and {100 * g['bindings_us'] / g['gtk_frame_us']:.1f} % of the frame GTK then lays out and draws."]
    qt = qt_figures(args.widgets, args.frames)
    if qt is not None:
        lines += ["", "Qt (bench/qt_bindings.py, offscreen):", "", "```", qt, "```"]
    text = "\n".join(lines) + "\n"
    print(text)
    (ROOT / "bench" / "TOOLKITS.md").write_text(text)


if __name__ == "__main__":
    main()
