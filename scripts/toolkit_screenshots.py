#!/usr/bin/env python3
"""docs/figures/gtk-demo.png, the README's picture of the GTK demo: six scenes of
examples/gtk/demo.c under Xvfb, each taken at a moment that shows it, side by side.

    toolkit_screenshots.py DEMO OUT_PNG
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


def main():
    demo, out = os.path.abspath(sys.argv[1]), Path(sys.argv[2])
    work = Path("build/toolkit-screenshots")
    work.mkdir(parents=True, exist_ok=True)
    xvfb = Xvfb()
    tiles = []
    try:
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSETTINGS_BACKEND="memory")
        for scene, moment, _ in MOMENTS:
            log = work / f"{scene}.log"
            process = subprocess.Popen([demo, "--scene", scene, "--log", str(log)], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Anima GTK demo"], env=env,
                           capture_output=True, timeout=20)
            wait_for(log, moment, 20, f"{scene}'s moment")
            shot = work / f"{scene}.png"
            subprocess.run(["import", "-window", "root", "-depth", "8", f"png24:{shot}"], env=env, check=True, timeout=30)
            process.terminate()
            process.wait(timeout=10)
            stage = [e for e in parse_log(log) if e.get("event") == "scene" and float(e.get("height", 0)) > 0][-1]
            x, y = round(float(stage["origin_x"])), round(float(stage["origin_y"]))
            tiles.append(Image.open(shot).convert("RGB").crop((x, y, x + 360, y + 600)))
    finally:
        xvfb.close()
    gap = 8
    sheet = Image.new("RGB", (len(tiles) * (180 + gap) - gap, 300), (255, 255, 255))
    for k, tile in enumerate(tiles):
        sheet.paste(tile.resize((180, 300), Image.LANCZOS), (k * (180 + gap), 0))
    sheet.save(out, optimize=True)
    print(f"toolkit-screenshots: {out} ({sheet.width} x {sheet.height}): " + ", ".join(m[2] for m in MOMENTS))


if __name__ == "__main__":
    main()
