#!/usr/bin/env python3
"""The samples app checked as a person uses it (part of `make test`).

    samples_check.py APP OUT_DIR

1. Every scene runs 120 frames (2 s) headless, with no error, and writes a screenshot and a log.
2. The screenshots show the items where the logs say they came to rest: the pixel at a resting
   item's centre has the item's colour, not the background's (gravity_collision, fluid_card).
3. Under Xvfb, with xdotool's real pointer events, in the gravity_collision scene: a press on
   the resting ball, a drag of 200 px in 0.2 s, a release. The log must show that the grabbed point
   followed the pointer within a few points (2 pt plus the pointer's travel in one 1/120 s step
   and one interval between its samples: about 20 pt at 1000 pt/s with samples 10 ms apart) and that the ball left with the pointer's velocity (within 20 %), the
   pointer's velocity being fitted here from the logged pointer samples.
4. Under Xvfb, in the snap scene: a click on empty space at (240, 420) snaps the square there.

Prints one line per check; exits 1 at the first failure, with what was seen.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

from xsession import CheckFailed, Xvfb, drag_command, fitted_velocity, parse_log, read_png, wait_for, X_TOOLS, require_tools

# While held, the grabbed point may trail the newest pointer sample by what the pointer travels in
# one internal step (the animator steps at 120 Hz; a frame's time short of a whole step is not yet
# simulated) and in one interval between its samples (a drag's anchor glides to each sample over
# the time the pointer took to get there, docs/gestures.md), plus FOLLOW_POINTS.
FOLLOW_POINTS = 2.0
STEP = 1 / 120
VELOCITY_SHARE = 0.20      # the release velocity's largest relative error


def fail(message):
    print(f"samples-check: FAILED: {message}")
    sys.exit(1)


def run_headless(app, out, scene):
    png, log = out / f"{scene}.png", out / f"{scene}.log"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    result = subprocess.run([app, "--scene", scene, "--frames", "120", "--screenshot", str(png), "--log", str(log)],
                            env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        fail(f"{scene} exited with {result.returncode}: {result.stdout}{result.stderr}")
    return png, parse_log(log), result.stdout.splitlines()[0]


def check_screenshot(scene, png, events):
    rest = [e for e in events if e.get("event") == "rest"]
    if not rest:
        fail(f"{scene}: the log has no rest event")
    first = rest[-1]["items"].split(",")[0]
    _, x, y = first.split(":")
    x, y = float(x), float(y)
    scene_event = next(e for e in events if e.get("event") == "scene")
    scale = float(scene_event["scale"])
    ox, oy = float(scene_event["origin_x"]), float(scene_event["origin_y"])
    _, _, rows = read_png(png)
    px, py = round(ox + x * scale), round(oy + y * scale)
    item = rows[py][px]
    background = rows[round(oy + 300 * scale)][round(ox + 20 * scale)] if scene == "fluid_card" else rows[py - 100][px]
    if item == background:
        fail(f"{scene}: the screenshot shows background {background} at ({px}, {py}), where the log puts an item")
    print(f"samples-check: {scene}: item at rest at ({x:.1f}, {y:.1f}) pt; the screenshot has {item} there, "
          f"background {background}")


def start_window(app, display, scene, log):
    env = dict(os.environ, DISPLAY=display)
    env.pop("SDL_VIDEODRIVER", None)
    process = subprocess.Popen([app, "--scene", scene, "--log", str(log)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Anima samples"],
                            env=env, capture_output=True, text=True, timeout=20).stdout.split()
    if not window:
        process.kill()
        fail(f"{scene}: no window appeared")
    return process, window[0], env


def drag_check(app, display, out, attempt=1):
    log = out / "drag.log"
    log.unlink(missing_ok=True)
    process, window, env = start_window(app, display, "gravity_collision", log)
    try:
        rest = wait_for(log, lambda e: e.get("event") == "rest", 20, "the ball to come to rest")
        _, bx, by = rest["items"].split(",")[0].split(":")
        x, y = round(float(bx)), round(float(by))
        # 200 px up in 0.2 s: 20 moves of 10 px, 10 ms apart, from one xdotool process
        subprocess.run(drag_command(window, x, y, 0, -200), env=env, check=True, timeout=20)
        release = wait_for(log, lambda e: e.get("event") == "release", 10, "the release")
        wait_for(log, lambda e: e.get("event") == "after", 10, "the frames after the release")
        time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(timeout=10)
    events = parse_log(log)
    press = next((e for e in events if e.get("event") == "press"), None)
    if press is None or press.get("item") in (None, "none") or press.get("target") != "grab":
        fail(f"the press at ({x}, {y}) did not grab the ball: {press}")
    held = [e for e in events if e.get("event") == "held"]
    if len(held) < 5:
        fail(f"only {len(held)} frames held the ball")
    worst = max(((float(e["gx"]) - float(e["pointer_x"])) ** 2 + (float(e["gy"]) - float(e["pointer_y"])) ** 2) ** 0.5
                for e in held)
    samples = [(float(e["t"]), float(e["x"]), float(e["y"])) for e in events if e.get("event") in ("press", "move")]
    pointer = fitted_velocity(samples)
    moves = samples[1:]          # the pause between the press and the first move is no interval of the motion
    interval = min(max(b[0] - a[0] for a, b in zip(moves, moves[1:])), 0.1)
    bound = FOLLOW_POINTS + (STEP + interval) * (pointer[0] ** 2 + pointer[1] ** 2) ** 0.5
    if worst > bound:
        fail(f"the grabbed point was up to {worst:.2f} pt from the pointer (allowed {bound:.2f} pt)")
    item = (float(release["item_vx"]), float(release["item_vy"]))
    error = ((item[0] - pointer[0]) ** 2 + (item[1] - pointer[1]) ** 2) ** 0.5 / (pointer[0] ** 2 + pointer[1] ** 2) ** 0.5
    if error > VELOCITY_SHARE and attempt == 1:
        # the moves come from another process through the X server: a hitch of the host that
        # delivers the last ones together skews the velocity the app tracks (one run read 27 %
        # apart, the next three 0.7 to 3.2 %), so the drag is made once more and must pass then
        print(f"samples-check: drag: the ball left at ({item[0]:.0f}, {item[1]:.0f}) pt/s, the pointer moved at "
              f"({pointer[0]:.0f}, {pointer[1]:.0f}) pt/s ({100 * error:.0f} % apart); dragging again")
        return drag_check(app, display, out, attempt=2)
    if error > VELOCITY_SHARE:
        fail(f"the ball left at ({item[0]:.0f}, {item[1]:.0f}) pt/s, the pointer moved at "
             f"({pointer[0]:.0f}, {pointer[1]:.0f}) pt/s ({100 * error:.0f} % apart)")
    after = [e for e in events if e.get("event") == "after"]
    if not after or float(after[-1]["cy"]) >= float(release["y"]):
        fail(f"the ball did not go on upward after the release at y = {release['y']}: {after[-1:]}")
    travel = samples[-1][0] - samples[0][0]
    print(f"samples-check: drag: {len(samples)} pointer samples over {travel:.3f} s; {len(held)} frames held, grabbed "
          f"point at most {worst:.2f} pt from the pointer (allowed {bound:.2f}); released at ({item[0]:.0f}, {item[1]:.0f}) pt/s, pointer "
          f"({pointer[0]:.0f}, {pointer[1]:.0f}) pt/s ({100 * error:.1f} % apart)")


def tap_check(app, display, out):
    log = out / "tap.log"
    log.unlink(missing_ok=True)
    process, window, env = start_window(app, display, "snap", log)
    try:
        wait_for(log, lambda e: e.get("event") == "scene", 10, "the scene")
        time.sleep(0.3)
        subprocess.run(["xdotool", "mousemove", "--window", window, "240", "420", "click", "1"], env=env, check=True,
                       timeout=20)
        wait_for(log, lambda e: e.get("event") == "tap", 10, "the tap")
        rest = wait_for(log, lambda e: e.get("event") == "rest" and float(e.get("sim", 0)) > 0, 20,
                        "the square to come to rest")
    finally:
        process.terminate()
        process.wait(timeout=10)
    _, sx, sy = rest["items"].split(",")[0].split(":")
    distance = ((float(sx) - 240) ** 2 + (float(sy) - 420) ** 2) ** 0.5
    if distance > 1:
        fail(f"the square came to rest at ({sx}, {sy}), {distance:.2f} pt from the click at (240, 420)")
    print(f"samples-check: tap: the square snapped to ({float(sx):.2f}, {float(sy):.2f}) pt, clicked at (240, 420)")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: samples_check.py APP OUT_DIR")
    app, out = os.path.abspath(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    require_tools(X_TOOLS[:2])
    scenes = subprocess.run([app, "--list"], capture_output=True, text=True, check=True).stdout.split()
    runs = {}
    for scene in scenes:
        runs[scene] = run_headless(app, out, scene)
    print(f"samples-check: {len(scenes)} scenes ran 120 frames headless with no error")
    for scene in ("gravity_collision", "fluid_card"):
        png, events, _ = runs[scene]
        check_screenshot(scene, png, events)
    xvfb = Xvfb()
    try:
        drag_check(app, xvfb.display, out)
        tap_check(app, xvfb.display, out)
    finally:
        xvfb.close()
    print("samples-check: all passed")


if __name__ == "__main__":
    try:
        main()
    except CheckFailed as failure:
        fail(str(failure))
