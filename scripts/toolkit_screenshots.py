#!/usr/bin/env python3
"""The README's pictures of the toolkit demos, each scene taken under Xvfb at a logged moment
that shows it, side by side: docs/figures/gtk-demo.png (six scenes of examples/gtk/demo.c) and
docs/figures/qt-demo.png (the three scenes of examples/qt/demo.py).

    toolkit_screenshots.py GTK_DEMO FIGURES_DIR
"""

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from xsession import Xvfb, parse_log, wait_for

# scene, the logged moment to take it at, what the moment shows
MOMENTS = (
    ("gravity", lambda e: e.get("event") == "rest", "the button at rest"),
    ("springs", lambda e: e.get("event") == "pose" and e["name"] == "lower" and float(e["y"]) > 470, "the weights swinging"),
    ("jelly", lambda e: e.get("event") == "pose" and e["name"] == "dialog" and float(e["scale_y"]) < 0.8,
     "the dialog squashed on the ledge"),
    ("card", lambda e: e.get("event") == "frame" and int(e["n"]) > 20, "the card"),
    ("sheet", lambda e: e.get("event") == "frame" and int(e["n"]) > 20, "the sheet at its peek detent"),
    ("glide", lambda e: e.get("event") == "pose" and e["name"] == "card" and float(e["x"]) > 200,
     "mid-glide, the bar bound to a value"),
)


QT_MOMENTS = (
    ("gravity", lambda e: e.get("event") == "rest", "the button and the block at rest"),
    ("glide", lambda e: e.get("event") == "pose" and e["name"] == "card" and float(e["x"]) > 240, "mid-glide"),
    ("fling", lambda e: e.get("event") == "frame" and float(e["t"]) > 0.5, "the card before its fling"),
)


def take(command, title, log, moment, shot, env):
    """Runs command, waits for its window and for the logged moment, and takes the screen."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title], env=env,
                       capture_output=True, timeout=20)
        wait_for(log, moment, 20, f"{log.stem}'s moment")
        subprocess.run(["import", "-window", "root", "-depth", "8", f"png24:{shot}"], env=env, check=True, timeout=30)
    finally:
        process.terminate()
        process.wait(timeout=10)
    return Image.open(shot).convert("RGB")


def montage(tiles, size, out, moments):
    gap = 8
    sheet = Image.new("RGB", (len(tiles) * (size[0] + gap) - gap, size[1]), (255, 255, 255))
    for k, tile in enumerate(tiles):
        sheet.paste(tile.resize(size, Image.LANCZOS), (k * (size[0] + gap), 0))
    sheet.save(out, optimize=True)
    print(f"toolkit-screenshots: {out} ({sheet.width} x {sheet.height}): " + ", ".join(m[2] for m in moments))


def main():
    demo, figures = os.path.abspath(sys.argv[1]), Path(sys.argv[2])
    work = Path("build/toolkit-screenshots")
    work.mkdir(parents=True, exist_ok=True)
    xvfb = Xvfb()
    try:
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSETTINGS_BACKEND="memory",
                   QT_QPA_PLATFORM="xcb")
        tiles = []
        for scene, moment, _ in MOMENTS:
            log = work / f"gtk-{scene}.log"
            shot = take([demo, "--scene", scene, "--log", str(log)], "Anima GTK demo", log, moment,
                        work / f"gtk-{scene}.png", env)
            stage = [e for e in parse_log(log) if e.get("event") == "scene" and float(e.get("height", 0)) > 0][-1]
            x, y = round(float(stage["origin_x"])), round(float(stage["origin_y"]))
            tiles.append(shot.crop((x, y, x + 360, y + 600)))
        montage(tiles, (180, 300), figures / "gtk-demo.png", MOMENTS)
        tiles = []
        qt_demo = Path(__file__).resolve().parent.parent / "examples" / "qt" / "demo.py"
        for scene, moment, _ in QT_MOMENTS:
            log = work / f"qt-{scene}.log"
            shot = take([sys.executable, str(qt_demo), "--scene", scene, "--log", str(log)], "Anima Qt demo", log,
                        moment, work / f"qt-{scene}.png", env)
            stage = next(e for e in parse_log(log) if e.get("event") == "scene")
            x, y = round(float(stage["origin_x"])), round(float(stage["origin_y"]))
            tiles.append(shot.crop((x, y, x + int(stage["width"]), y + int(stage["height"]))))
        montage(tiles, (240, 320), figures / "qt-demo.png", QT_MOMENTS)
    finally:
        xvfb.close()


if __name__ == "__main__":
    main()
