#!/usr/bin/env python3
"""Screenshots of the samples app for the docs: `make samples-screenshots`.

    samples_screenshots.py APP OUT_DIR SCENE...

Runs each scene headless for 2 s (120 frames of 1/60 s) and writes OUT_DIR/samples-SCENE.png,
the app's PNG compressed again with zlib (the app writes stored blocks, for no library).
"""

import os
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from samples_check import read_png  # noqa: E402


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + bytes(v for pixel in row for v in pixel) for row in rows)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    Path(path).write_bytes(data)


def main():
    app, out, scenes = sys.argv[1], Path(sys.argv[2]), sys.argv[3:]
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for scene in scenes:
            shot = Path(work) / f"{scene}.png"
            subprocess.run([app, "--scene", scene, "--frames", "120", "--screenshot", str(shot)], check=True,
                           env=dict(os.environ, SDL_VIDEODRIVER="dummy"), stdout=subprocess.DEVNULL)
            width, height, rows = read_png(shot)
            target = out / f"samples-{scene.replace('_', '-')}.png"
            write_png(target, width, height, rows)
            print(f"samples-screenshots: {target} ({width} x {height}, {target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
