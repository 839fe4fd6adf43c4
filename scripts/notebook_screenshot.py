#!/usr/bin/env python3
"""Executes docs/notebooks/tour.ipynb, exports it to HTML and photographs one of its players in
a headless Chromium: the picture of the README (docs/figures/notebook-tour.png).

    build/venv/bin/python scripts/notebook_screenshot.py [OUTPUT.png]      # make screenshots

The notebook runs on a real kernel (nbclient, ipykernel); nbconvert's "basic" template gives
the cells and their outputs; the browser is the one the tests use (python/tests/browser.py).
The springs player is stopped at frame 90 (1.5 s) before the picture is taken, so the picture
is the same on every run.
"""

from __future__ import annotations

import base64
import sys
import tempfile
from pathlib import Path

import nbclient
import nbconvert
import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python" / "tests"))
from browser import Browser  # noqa: E402

FRAME = 90


def main(argv: list[str]) -> int:
    output = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "figures" / "notebook-tour.png"
    notebook = nbformat.read(ROOT / "docs" / "notebooks" / "tour.ipynb", as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    body, _ = nbconvert.HTMLExporter(template_name="basic").from_notebook_node(notebook)
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "tour.html"
        page.write_text("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>"
                        f"<body style=\"font-family:sans-serif;margin:16px;width:760px\">{body}</body></html>",
                        encoding="utf-8")
        with Browser(width=800, height=1200) as browser:
            tab = browser.open(page.as_uri())
            key = tab.evaluate("document.querySelectorAll('.anima-player')[1].id")
            tab.evaluate(f"(function () {{ var s = document.getElementById('{key}').querySelector('.anima-scrub');"
                         f" s.value = {FRAME}; s.dispatchEvent(new Event('input')); }})()")
            # the code cell above the player and the player itself
            clip = tab.evaluate(
                f"(function () {{ var p = document.getElementById('{key}'), c = p.closest('.jp-Cell') || p;"
                " var r = c.getBoundingClientRect(), q = p.getBoundingClientRect();"
                " return [r.x, r.y + window.scrollY, Math.max(r.width, q.width), q.bottom - r.top + 8]; })()")
            shot = tab.send("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": 1}})
            errors = tab.errors
    if errors:
        print("the page logged errors:", errors, file=sys.stderr)
        return 1
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(base64.b64decode(shot["data"]))
    print(f"wrote {output} ({output.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
