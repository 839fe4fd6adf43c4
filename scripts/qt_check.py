#!/usr/bin/env python3
"""The Qt demo (examples/qt/demo.py) checked as a person uses it, under Xvfb with Qt's xcb
platform and xdotool's real pointer events.

    qt_check.py OUT_DIR

1. fling: a press on the card, a drag of 200 px in 0.2 s, a release. The card leaves with the
   pointer's velocity (fitted here from the pointer samples the demo logged) within 20 %, and
   comes to rest in the corner its projected momentum points to.
2. screenshots: once the gravity scene (a push button and a block) and the fling scene (the
   card) are at rest, the screen shows each widget's colour box centred where the log says the
   engine put it, within 2 px.
3. click: the ball, a push button that fell and came to rest, clicked with xdotool, logs
   `clicked`.
4. glide: over at least 60 frames of a card gliding at constant speed, the speed between frames
   (travel over the frame interval, from the logged poses and frame times) varies by under 1 %:
   the bindings draw at the display's time, not at the animator's last step. The variation of
   the raw travel per frame (which follows the timer's jitter) is printed beside it.

Prints one line per check with what it measured; exits 1 at the first failure, with what was seen.
Logs, the demo's stderr and the screenshots are kept in OUT_DIR.
"""

import math
import subprocess
import sys
import time
from pathlib import Path

from xsession import (CheckFailed, Xvfb, colour_box, drag_command, end_process, fitted_velocity, launch_window,
                      parse_log, screenshot, wait_for, window_origin, require_tools)

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "qt" / "demo.py"
TITLE = "Anima Qt demo"
VELOCITY_SHARE = 0.20      # the release velocity's largest relative error
BOX_PIXELS = 2.0           # the largest distance between a colour box's centre and the logged centre
CORNER_PIXELS = 1.0        # how near the snapped card must rest to its corner
SPEED_SHARE = 0.01         # the largest (max - min) / mean of the speed between frames
GLIDE_FRAMES = 60


def fail(message):
    print(f"qt-check: FAILED: {message}")
    sys.exit(1)


def start(display, out, scene, *extra):
    log = out / f"{scene}.log"
    log.unlink(missing_ok=True)
    command = [sys.executable, str(DEMO), "--scene", scene, "--log", str(log), *extra]
    process, window, env = launch_window(command, display, TITLE, {"QT_QPA_PLATFORM": "xcb"},
                                         out / f"{scene}.stderr")
    return process, window, env, log


def last_poses(events):
    poses = {}
    for e in events:
        if e.get("event") == "pose":
            poses[e["name"]] = (float(e["x"]), float(e["y"]))
    return poses


def check_screenshot(display, window, out, scene, log):
    """The colour box of each widget of the scene, against its last logged centre."""
    time.sleep(0.3)            # a few frames for Qt to paint the resting poses
    rows = screenshot(display, out / f"{scene}.png")
    events = parse_log(log)
    scene_event = next(e for e in events if e.get("event") == "scene")
    wx, wy = window_origin(display, window)
    ox, oy = wx + float(scene_event["origin_x"]), wy + float(scene_event["origin_y"])
    region = (wx, wy, wx + int(scene_event["width"]), wy + int(scene_event["height"]))
    poses = last_poses(events)
    seen = []
    for widget in (e for e in events if e.get("event") == "widget"):
        name, colour = widget["name"], widget["colour"]
        rgb = tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))
        box = colour_box(rows, rgb, region=region)
        if box is None:
            raise CheckFailed(f"{scene}: no pixel of {name}'s colour {colour} on the screen")
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        x, y = poses[name]
        ex, ey = ox + x, oy + y
        off = math.hypot(cx - ex, cy - ey)
        size = (box[2] - box[0], box[3] - box[1])
        expected = (int(widget["w"]), int(widget["h"]))
        if off > BOX_PIXELS or size != expected:
            raise CheckFailed(f"{scene}: {name}'s {colour} box {box} ({size[0]} x {size[1]}, centre ({cx:.1f}, {cy:.1f})) "
                              f"is {off:.2f} px from where the log puts it, ({ex:.1f}, {ey:.1f}) (a {expected[0]} x "
                              f"{expected[1]} widget within {BOX_PIXELS:g} px)")
        seen.append(f"{name} {size[0]}x{size[1]} at ({cx:.1f}, {cy:.1f}), logged ({ex:.1f}, {ey:.1f}): {off:.2f} px")
    print(f"qt-check: screenshot {scene}: " + "; ".join(seen))


def fling_check(display, out, attempt=1):
    process, window, env, log = start(display, out, "fling")
    try:
        wait_for(log, lambda e: e.get("event") == "rest", 20, "the card to rest in its first corner")
        x, y = (round(v) for v in last_poses(parse_log(log))["card"])
        # 200 px down in 0.2 s: 20 moves of 10 px, 10 ms apart, from one xdotool process
        subprocess.run(drag_command(window, x, y, 0, 200), env=env, check=True, timeout=20)
        release = wait_for(log, lambda e: e.get("event") == "release", 10, "the release")
        wait_for(log, lambda e: e.get("event") == "rest" and float(e["t"]) > float(release["t"]), 20,
                 "the card to rest after the fling")
        events = parse_log(log)
        samples = [(float(e["t"]), float(e["x"]), float(e["y"])) for e in events if e.get("event") in ("press", "move")]
        if len(samples) < 10:
            raise CheckFailed(f"only {len(samples)} pointer samples were logged for a drag of 20 moves")
        pointer = fitted_velocity(samples)
        item = (float(release["vx"]), float(release["vy"]))
        speed = math.hypot(*pointer)
        error = math.hypot(item[0] - pointer[0], item[1] - pointer[1]) / speed
        said = (f"the card left at ({item[0]:.0f}, {item[1]:.0f}) px/s, the pointer moved at "
                f"({pointer[0]:.0f}, {pointer[1]:.0f}) px/s ({100 * error:.1f} % apart)")
        if error > VELOCITY_SHARE and attempt == 1:
            # the moves reach the demo through the X server from another process: a hitch of the
            # host that delivers the last ones together skews the velocity the drag tracks, so the
            # drag is made once more and must pass then
            print(f"qt-check: fling: {said}; dragging again")
            end_process(process)
            return fling_check(display, out, attempt=2)
        if error > VELOCITY_SHARE:
            raise CheckFailed(f"fling: {said}")
        target = next(e for e in events if e.get("event") == "target")
        corner = (float(target["x"]), float(target["y"]))
        rest = last_poses(events)["card"]
        if math.hypot(rest[0] - corner[0], rest[1] - corner[1]) > CORNER_PIXELS:
            raise CheckFailed(f"fling: the card rests at ({rest[0]:.1f}, {rest[1]:.1f}), not in its corner {corner}")
        if not corner[1] > y:
            raise CheckFailed(f"fling: thrown down from y = {y}, the card went to the corner {corner}")
        travel = samples[-1][0] - samples[0][0]
        print(f"qt-check: fling: {len(samples)} pointer samples over {travel:.3f} s; {said}; momentum lands at "
              f"({float(target['landing_x']):.0f}, {float(target['landing_y']):.0f}), the card rests at "
              f"({rest[0]:.1f}, {rest[1]:.1f}) in the corner {corner}")
        check_screenshot(display, window, out, "fling", log)
    finally:
        end_process(process)


def gravity_check(display, out):
    process, window, env, log = start(display, out, "gravity")
    try:
        rest = wait_for(log, lambda e: e.get("event") == "rest", 30, "the ball and block to come to rest")
        check_screenshot(display, window, out, "gravity", log)
        x, y = last_poses(parse_log(log))["ball"]
        subprocess.run(["xdotool", "mousemove", "--window", window, str(round(x)), str(round(y)), "click", "1"],
                       env=env, check=True, timeout=20)
        clicked = wait_for(log, lambda e: e.get("event") == "clicked", 10, "the ball's clicked signal")
    finally:
        end_process(process)
    print(f"qt-check: click: the ball fell and rested at ({x:.1f}, {y:.1f}) after {float(rest['t']):.2f} s; "
          f"clicked there, it logged clicked name={clicked.get('name')}")


def glide_check(display, out):
    process, window, env, log = start(display, out, "glide", "--frames", "100")
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        raise CheckFailed("glide: 100 frames did not end within 30 s") from None
    finally:
        end_process(process)
    if process.returncode != 0:
        raise CheckFailed(f"glide exited with {process.returncode}: {(out / 'glide.stderr').read_text()}")
    events = parse_log(log)
    poses = [(float(e["t"]), float(e["x"])) for e in events if e.get("event") == "pose" and e["name"] == "card"]
    # the stretch before the card first reaches the right edge and turns
    run = [poses[0]]
    for pose in poses[1:]:
        if pose[1] <= run[-1][1]:
            break
        run.append(pose)
    run = run[:-1]             # the frame of the bounce itself is no even motion
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(run, run[1:])]
    if len(steps) < GLIDE_FRAMES:
        raise CheckFailed(f"glide: only {len(steps)} frames before the turn (at least {GLIDE_FRAMES} wanted)")
    speeds = [dx / dt for dt, dx in steps]
    travel = [dx for _, dx in steps]
    intervals = [dt for dt, _ in steps]

    def spread(values):
        return (max(values) - min(values)) / (sum(values) / len(values))

    mean = sum(speeds) / len(speeds)
    if spread(speeds) > SPEED_SHARE:
        raise CheckFailed(f"glide: the speed between frames runs from {min(speeds):.2f} to {max(speeds):.2f} px/s "
                          f"({100 * spread(speeds):.3f} % of the mean {mean:.2f})")
    print(f"qt-check: glide: {len(steps)} frames, intervals {1000 * min(intervals):.2f}...{1000 * max(intervals):.2f} ms; "
          f"speed between frames {min(speeds):.3f}...{max(speeds):.3f} px/s, varies by {100 * spread(speeds):.4f} %; "
          f"raw travel per frame {min(travel):.3f}...{max(travel):.3f} px, varies by {100 * spread(travel):.1f} %")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: qt_check.py OUT_DIR")
    out = Path(sys.argv[1]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    require_tools()
    probe = subprocess.run([sys.executable, "-c", "import PySide6.QtWidgets, anima.qt"], capture_output=True, text=True)
    if probe.returncode != 0:
        fail(f"{sys.executable} cannot import PySide6 and anima.qt: pip install PySide6-Essentials (or 'make deps'):\n"
             f"{probe.stderr.strip()}")
    xvfb = Xvfb()
    try:
        try:
            fling_check(xvfb.display, out)
            gravity_check(xvfb.display, out)
            glide_check(xvfb.display, out)
        except CheckFailed as failure:
            if "no window named" in str(failure):
                failure = CheckFailed(f"{failure}\n(QT_DEBUG_PLUGINS=1 says why Qt's xcb platform plugin fails to load)")
            raise failure
    finally:
        xvfb.close()
    print("qt-check: all passed")


if __name__ == "__main__":
    try:
        main()
    except CheckFailed as failure:
        fail(str(failure))
