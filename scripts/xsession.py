"""What the toolkit checks share (samples_check.py, gtk_check.py, qt_check.py, gtk_py_check.py):
a private Xvfb, real pointer events through xdotool, screenshots of the X screen, PNG reading,
and the key=value logs the example programs write.

Failures raise CheckFailed with what was seen; each check's main turns it into one line.
"""

import os
import shutil
import signal
import struct
import subprocess
import time
import zlib
from pathlib import Path


class CheckFailed(Exception):
    """A check saw something other than what it expected."""


def parse_log(path):
    events = []
    for line in Path(path).read_text().splitlines():
        fields = {}
        for part in line.split():
            if "=" in part:
                key, value = part.split("=", 1)
                fields[key] = value.strip('"')
        events.append(fields)
    return events


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise CheckFailed(f"{path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = header[0], header[1], header[2], header[3]
    if depth != 8 or colour not in (2, 6):
        raise CheckFailed(f"{path}: only 8-bit RGB or RGBA is read here (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def free_display():
    for n in range(99, 140):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return f":{n}"
    raise CheckFailed("no free X display number")


class Xvfb:
    def __init__(self):
        self.display = free_display()
        self.process = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while not Path(f"/tmp/.X11-unix/X{self.display[1:]}").exists():
            if time.time() > deadline or self.process.poll() is not None:
                raise CheckFailed("Xvfb did not start")
            time.sleep(0.05)

    def close(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)


def wait_for(log, predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if log.exists():
            for event in parse_log(log):
                if predicate(event):
                    return event
        time.sleep(0.05)
    lines = log.read_text().splitlines() if log.exists() else []
    shown = "\n".join(lines[-20:]) if lines else "(nothing)"
    raise CheckFailed(f"timed out waiting for {what}; the log ({len(lines)} lines) ends:\n{shown}")


def fitted_velocity(samples):
    """Least-squares slope of (t, x) and (t, y) over the samples of the last 100 ms."""
    newest = samples[-1][0]
    window = [s for s in samples if newest - s[0] <= 0.1]
    n = len(window)
    mean_t = sum(s[0] for s in window) / n
    stt = sum((s[0] - mean_t) ** 2 for s in window)
    slope = []
    for k in (1, 2):
        mean = sum(s[k] for s in window) / n
        slope.append(sum((s[0] - mean_t) * (s[k] - mean) for s in window) / stt)
    return slope


def drag_command(window, x, y, dx, dy, moves=20, interval=0.01, hold=0.05):
    """One xdotool command that presses at (x, y) in window, moves by (dx, dy) in `moves` even
    moves `interval` s apart (200 px in 0.2 s by default when dx or dy is 200) and releases. One
    process sends them all, so the host's scheduling between processes does not space them."""
    command = ["xdotool", "mousemove", "--window", window, str(x), str(y), "mousedown", "1", "sleep", str(hold)]
    for k in range(1, moves + 1):
        command += ["mousemove", "--window", window, str(round(x + dx * k / moves)), str(round(y + dy * k / moves)),
                    "sleep", str(interval)]
    return command + ["mouseup", "1"]


def screenshot(display, path):
    """The whole X screen as a PNG (ImageMagick's import), read back as rows of (r, g, b)."""
    env = dict(os.environ, DISPLAY=display)
    result = subprocess.run(["import", "-window", "root", "-depth", "8", f"png24:{path}"], env=env,
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise CheckFailed(f"import could not take a screenshot: {result.stderr.strip()}")
    return read_png(path)[2]


def colour_box(rows, colour, tolerance=8, region=None):
    """The bounding box (left, top, right, bottom; right and bottom exclusive) of the pixels
    within `tolerance` of `colour` in each channel, in region (left, top, right, bottom) or the
    whole picture; None when there are none."""
    left, top, right, bottom = region or (0, 0, len(rows[0]), len(rows))
    found = None
    for y in range(max(top, 0), min(bottom, len(rows))):
        row = rows[y]
        for x in range(max(left, 0), min(right, len(row))):
            pixel = row[x]
            if all(abs(pixel[c] - colour[c]) <= tolerance for c in range(3)):
                if found is None:
                    found = [x, y, x + 1, y + 1]
                else:
                    found[0], found[1] = min(found[0], x), min(found[1], y)
                    found[2], found[3] = max(found[2], x + 1), max(found[3], y + 1)
    return tuple(found) if found else None


def window_origin(display, window):
    """Where the window's top-left corner is on the screen (xdotool getwindowgeometry)."""
    env = dict(os.environ, DISPLAY=display)
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=env, capture_output=True,
                         text=True, timeout=10, check=True).stdout
    fields = dict(line.split("=", 1) for line in out.split())
    return int(fields["X"]), int(fields["Y"])


def launch_window(command, display, title, extra_env=None, stderr_path=None, seconds=20):
    """Start `command` on `display` and wait for its visible window named `title` (xdotool
    search --sync). Returns (process, window id, environment). The program's stderr goes to
    stderr_path (or nowhere); when no window comes, the process is ended and CheckFailed says
    what it printed there."""
    env = dict(os.environ, DISPLAY=display, **(extra_env or {}))
    stderr = open(stderr_path, "w") if stderr_path else subprocess.DEVNULL
    try:
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    finally:
        if stderr_path:
            stderr.close()
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title], env=env,
                               capture_output=True, text=True, timeout=seconds).stdout.split()
    except subprocess.TimeoutExpired:
        found = []
    if not found:
        process.kill()
        process.wait(timeout=10)
        said = Path(stderr_path).read_text().strip() if stderr_path else ""
        raise CheckFailed(f"no window named {title!r} appeared within {seconds} s"
                          + (f"; the program said:\n{said}" if said else ""))
    return process, found[0], env


def end_process(process, seconds=10):
    """SIGTERM, then SIGKILL after `seconds` if it is still there."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=seconds)


#: The programs every check under Xvfb uses, and the Debian packages that bring them.
X_TOOLS = (("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("import", "imagemagick"))


def require_tools(tools=X_TOOLS):
    """Raises CheckFailed naming the first missing program and the package that installs it."""
    for tool, package in tools:
        if shutil.which(tool) is None:
            raise CheckFailed(f"{tool} is missing: run 'sudo apt-get install {package}' (or 'sudo make deps')")
