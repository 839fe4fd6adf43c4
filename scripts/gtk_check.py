#!/usr/bin/env python3
"""The GTK demo (examples/gtk, the anima-gtk adapter) checked as a person uses it (make test).

    gtk_check.py DEMO ADAPTER_TEST OUT_DIR

0. examples/gtk/adapter_test.c, the adapter's contract call by call, runs first on the same Xvfb.

Each check runs the demo under a private Xvfb with a log, acts on it with xdotool's real pointer
events and reads back the log (the frame clock's time and the pose written to each widget every
frame, the pointer's samples, the fling's velocity) and screenshots of the X screen:

1. gravity: the button falls and comes to rest on the stage's floor; a screenshot shows it where
   the engine put it (its colour's box centred on the logged pose within 2 px); a click on it
   fires its `clicked` handler.
2. card: a press on the card, a drag of 200 px in 0.2 s and a release leave it moving with the
   pointer's velocity (fitted from the logged samples) within 20 %; it then snaps to the corner
   its projected momentum points to, where a screenshot shows it within 2 px.
3. snap: a tap on the stage snaps the square there (within 1 px, and in the screenshot within 2 px).
4. springs, jelly: the weights come to rest hanging below the anchor, where the screenshot shows
   them; the jelly dialog squashes on landing (its height below 90 % of its rest height) and
   comes back to its shape.
5. sheet: a fast drag up from the peek detent settles the sheet on a higher detent.
6. glide: a card at a constant 110 px/s: its speed from frame to frame (travel over the frame
   clock's interval) varies by under 1 %, and the GtkProgressBar bound to an animated value
   shows the value every frame.
7. reduced motion: with gtk-enable-animations off in the user's settings.ini, the glide ends at
   once with its completion run (finished) and the card at its end.

Prints one line per check with what it measured; exits 1 at the first failure.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

from xsession import (CheckFailed, Xvfb, colour_box, drag_command, end_process, fitted_velocity, launch_window, parse_log,
                      require_tools, screenshot, wait_for, window_origin)

TITLE = "Anima GTK demo"
PIXELS = 2.0               # a widget's centre in the screenshot against the logged pose
VELOCITY_SHARE = 0.20      # the fling's largest relative error
EVEN_SHARE = 0.01          # the glide's largest frame-to-frame speed variation
COLOURS = {"ball": (0xd9, 0x41, 0x2b), "square": (0x2b, 0x6c, 0xd9), "upper": (0x2f, 0x9e, 0x5b),
           "lower": (0x2f, 0x9e, 0x5b), "card": (0x7a, 0x3f, 0xc4)}


def say(message):
    print(f"gtk-check: {message}", flush=True)


class Demo:
    """One run of the demo on one scene, with its log."""

    def __init__(self, app, display, out, scene, env=None):
        self.log = out / f"{scene}.log"
        self.log.unlink(missing_ok=True)
        self.display, self.out, self.scene = display, out, scene
        try:
            self.process, self.window, self.env = launch_window(
                [app, "--scene", scene, "--log", str(self.log)], display, TITLE,
                dict(GDK_BACKEND="x11", GSETTINGS_BACKEND="memory", **(env or {})), out / f"{scene}.stderr")
        except CheckFailed as failure:
            raise CheckFailed(f"{scene}: {failure}") from None
        # the stage's origin in the window, once GTK has allocated it
        self.stage = wait_for(self.log, lambda e: e.get("event") == "scene" and float(e.get("height", 0)) > 0, 10,
                              f"{scene}: the stage's allocation")
        self.origin = (float(self.stage["origin_x"]), float(self.stage["origin_y"]))
        self.screen = window_origin(display, self.window)

    def events(self, kind=None):
        return [e for e in parse_log(self.log) if kind is None or e.get("event") == kind]

    def wait(self, predicate, seconds, what):
        return wait_for(self.log, predicate, seconds, f"{self.scene}: {what}")

    def wait_after(self, marker, predicate, seconds, what):
        """The first event matching predicate logged after the first matching marker."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            events = self.events()
            start = next((i for i, e in enumerate(events) if marker(e)), None)
            if start is not None:
                found = next((e for e in events[start + 1:] if predicate(e)), None)
                if found is not None:
                    return found
            time.sleep(0.05)
        raise CheckFailed(f"{self.scene}: timed out waiting for {what}")

    def rest(self, after=0.0):
        return self.wait(lambda e: e.get("event") == "rest" and float(e["t"]) > after, 30, "the animator to come to rest")

    def window_point(self, x, y):
        """A stage point in the window's pixels, for xdotool mousemove --window."""
        return round(self.origin[0] + x), round(self.origin[1] + y)

    def xdotool(self, *arguments):
        subprocess.run(["xdotool", *arguments], env=self.env, check=True, timeout=20)

    def last_poses(self):
        poses = {}
        for e in self.events("pose"):
            poses[e["name"]] = (float(e["x"]), float(e["y"]))
        return poses

    def check_screenshot(self, names):
        """Each named widget's colour box is centred where the log last put it, within PIXELS."""
        self.xdotool("mousemove", "1000", "760")     # no hover over what is looked at
        time.sleep(0.3)
        rows = screenshot(self.display, self.out / f"{self.scene}.png")
        poses = self.last_poses()
        worst = 0.0
        for name in names:
            x, y = poses[name]
            sx, sy = self.screen[0] + self.origin[0] + x, self.screen[1] + self.origin[1] + y
            region = (round(sx - 120), round(sy - 120), round(sx + 120), round(sy + 120))
            box = colour_box(rows, COLOURS[name], region=region)
            if box is None:
                raise CheckFailed(f"{self.scene}: the screenshot shows no {name} near ({sx:.0f}, {sy:.0f})")
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            error = max(abs(cx - sx), abs(cy - sy))
            worst = max(worst, error)
            if error > PIXELS:
                raise CheckFailed(f"{self.scene}: {name} is drawn centred at ({cx:.1f}, {cy:.1f}) px, the engine put it at "
                                  f"({sx:.1f}, {sy:.1f}): {error:.1f} px apart (allowed {PIXELS})")
        return worst

    def close(self):
        end_process(self.process)


def check_gravity(app, display, out):
    demo = Demo(app, display, out, "gravity")
    try:
        demo.rest()
        time.sleep(0.2)
        x, y = demo.last_poses()["ball"]
        if abs(y - (600 - 22)) > 0.5:
            raise CheckFailed(f"gravity: the ball came to rest at y = {y:.2f}, not on the floor (578)")
        worst = demo.check_screenshot(["ball"])
        wx, wy = demo.window_point(x, y)
        demo.xdotool("mousemove", "--window", demo.window, str(wx), str(wy), "click", "1")
        clicked = demo.wait(lambda e: e.get("event") == "clicked" and e.get("name") == "ball", 10, "the clicked handler")
    finally:
        demo.close()
    say(f"gravity: the button came to rest at ({x:.1f}, {y:.1f}); the screenshot has it within {worst:.1f} px; "
        f"a click on it fired clicked (t={float(clicked['t']):.3f})")


def check_card(app, display, out, attempt=1):
    demo = Demo(app, display, out, "card")
    try:
        time.sleep(0.5)
        x, y = demo.last_poses()["card"]
        wx, wy = demo.window_point(x, y)
        demo.xdotool(*drag_command(demo.window, wx, wy, 200, 0)[1:])
        release = demo.wait(lambda e: e.get("event") == "release", 10, "the release")
        target = demo.wait(lambda e: e.get("event") == "target", 10, "the corner")
        demo.wait_after(lambda e: e.get("event") == "release", lambda e: e.get("event") == "rest", 30,
                        "the card to come to rest at its corner")
        time.sleep(0.3)
        rest = demo.last_poses()["card"]
        events = demo.events()
        worst = None
        samples = [(float(e["t"]), float(e["x"]), float(e["y"])) for e in events if e.get("event") in ("press", "move")]
        press = next((e for e in events if e.get("event") == "press"), None)
        if press is None or press.get("name") != "card":
            raise CheckFailed(f"card: the press at ({x:.0f}, {y:.0f}) did not grab the card: {press}")
        pointer = fitted_velocity(samples)
        item = (float(release["item_vx"]), float(release["item_vy"]))
        speed = (pointer[0] ** 2 + pointer[1] ** 2) ** 0.5
        error = ((item[0] - pointer[0]) ** 2 + (item[1] - pointer[1]) ** 2) ** 0.5 / speed
        if error > VELOCITY_SHARE and attempt == 1:
            # xdotool's moves reach the app through the X server: a hitch of the host that delivers
            # the last ones together skews the tracked velocity, so the drag is made once more
            say(f"card: left at ({item[0]:.0f}, {item[1]:.0f}) px/s, the pointer moved at ({pointer[0]:.0f}, "
                f"{pointer[1]:.0f}) px/s ({100 * error:.0f} % apart); dragging again")
            demo.close()
            return check_card(app, display, out, attempt=2)
        if error > VELOCITY_SHARE:
            raise CheckFailed(f"card: left at ({item[0]:.0f}, {item[1]:.0f}) px/s, the pointer moved at ({pointer[0]:.0f}, "
                              f"{pointer[1]:.0f}) px/s ({100 * error:.0f} % apart, allowed {100 * VELOCITY_SHARE:.0f} %)")
        corner = (float(target["x"]), float(target["y"]))
        if max(abs(rest[0] - corner[0]), abs(rest[1] - corner[1])) > 1:
            raise CheckFailed(f"card: came to rest at {rest}, not at its corner {corner}")
        worst = demo.check_screenshot(["card"])
    finally:
        demo.close()
    say(f"card: {len(samples)} pointer samples over {samples[-1][0] - samples[0][0]:.3f} s; released at ({item[0]:.0f}, "
        f"{item[1]:.0f}) px/s, pointer ({pointer[0]:.0f}, {pointer[1]:.0f}) px/s ({100 * error:.1f} % apart); snapped to "
        f"the corner ({corner[0]:.0f}, {corner[1]:.0f}); the screenshot has it within {worst:.1f} px")


def check_snap(app, display, out):
    demo = Demo(app, display, out, "snap")
    try:
        time.sleep(0.5)
        wx, wy = demo.window_point(100, 450)
        demo.xdotool("mousemove", "--window", demo.window, str(wx), str(wy), "click", "1")
        tap = demo.wait(lambda e: e.get("event") == "tap", 10, "the tap")
        demo.rest(after=float(tap["t"]))
        time.sleep(0.2)
        x, y = demo.last_poses()["square"]
        if max(abs(x - float(tap["x"])), abs(y - float(tap["y"]))) > 1:
            raise CheckFailed(f"snap: the square came to rest at ({x:.2f}, {y:.2f}), tapped at ({tap['x']}, {tap['y']})")
        worst = demo.check_screenshot(["square"])
    finally:
        demo.close()
    say(f"snap: tapped at ({float(tap['x']):.1f}, {float(tap['y']):.1f}); the square came to rest at ({x:.2f}, {y:.2f}), "
        f"in the screenshot within {worst:.1f} px")


def check_springs_and_jelly(app, display, out):
    demo = Demo(app, display, out, "springs")
    try:
        demo.rest()
        time.sleep(0.2)
        poses = demo.last_poses()
        if not (poses["upper"][1] > 90 and poses["lower"][1] > poses["upper"][1]):
            raise CheckFailed(f"springs: the weights do not hang below the anchor (90): {poses}")
        worst = demo.check_screenshot(["upper", "lower"])
    finally:
        demo.close()
    say(f"springs: the weights came to rest at y = {poses['upper'][1]:.1f} and {poses['lower'][1]:.1f} below the anchor; "
        f"the screenshot has them within {worst:.1f} px")
    demo = Demo(app, display, out, "jelly")
    try:
        demo.rest()
        dialog = [e for e in demo.events("pose") if e.get("name") == "dialog"]
    finally:
        demo.close()
    squash = min(float(e["scale_y"]) for e in dialog)
    final = float(dialog[-1]["scale_y"])
    if not (squash < 0.9 and abs(final - 1) < 0.05):
        raise CheckFailed(f"jelly: the dialog's height went down to {squash:.3f} of its own and ended at {final:.3f}")
    say(f"jelly: the dialog squashed to {100 * squash:.0f} % of its height on landing and came to rest at {100 * final:.1f} %")


def check_sheet(app, display, out):
    demo = Demo(app, display, out, "sheet")
    try:
        time.sleep(0.5)
        x, y = demo.last_poses()["sheet"]
        wx, wy = demo.window_point(180, y - 300 + 30)       # 30 px below the sheet's top edge
        demo.xdotool(*drag_command(demo.window, wx, wy, 0, -200)[1:])
        release = demo.wait(lambda e: e.get("event") == "release", 10, "the release")
        settled = demo.wait(lambda e: e.get("event") == "settled", 10, "the settling spring's end")
        time.sleep(0.2)
        rest = demo.last_poses()["sheet"]
    finally:
        demo.close()
    anchor = float(release["anchor"])
    if int(release["detent"]) == 2 or abs(rest[1] - anchor) > 0.5 or settled["finished"] != "1":
        raise CheckFailed(f"sheet: released onto detent {release['detent']} ({anchor}), rested at {rest[1]:.2f}")
    say(f"sheet: dragged up 200 px in 0.2 s from the peek detent (centre y {y:.0f}); it settled on detent "
        f"{release['detent']} at {rest[1]:.1f}")


def check_glide(app, display, out):
    demo = Demo(app, display, out, "glide")
    try:
        done = demo.wait(lambda e: e.get("event") == "completion", 10, "the glide's completion")
        events = demo.events()
    finally:
        demo.close()
    poses = [(float(e["t"]), float(e["x"])) for e in events if e.get("event") == "pose" and e["name"] == "card"]
    moving = [(t, x) for t, x in poses if 70.5 < x < 289.5]
    speeds, travel = [], []
    for (t0, x0), (t1, x1) in zip(moving, moving[1:]):
        speeds.append((x1 - x0) / (t1 - t0))
        travel.append(x1 - x0)
    if len(speeds) < 60:
        raise CheckFailed(f"glide: only {len(speeds)} frames of motion")
    variation = max(speeds) / min(speeds) - 1
    if variation > EVEN_SHARE or abs(sum(speeds) / len(speeds) - 110) > 1.1:
        raise CheckFailed(f"glide: the speed from frame to frame ran from {min(speeds):.2f} to {max(speeds):.2f} px/s "
                          f"({100 * variation:.2f} %, allowed {100 * EVEN_SHARE:.0f} %)")
    values = [e for e in events if e.get("event") == "value"]
    apart = max(abs(float(e["value"]) - float(e["fraction"])) for e in values)
    if apart > 1e-6 or float(values[-1]["fraction"]) != 1.0 or done["finished"] != "1":
        raise CheckFailed(f"glide: the progress bar's fraction was up to {apart} from the value; last {values[-1]}")
    intervals = [t1 - t0 for (t0, _), (t1, _) in zip(moving, moving[1:])]
    say(f"glide: {len(speeds)} frames at {sum(speeds) / len(speeds):.3f} px/s, speed from frame to frame within "
        f"{100 * variation:.4f} % (travel per frame {min(travel):.3f} to {max(travel):.3f} px over frame intervals "
        f"{1000 * min(intervals):.2f} to {1000 * max(intervals):.2f} ms); the progress bar showed the value in "
        f"{len(values)} frames")


def check_reduced_motion(app, display, out):
    settings = out / "config" / "gtk-4.0"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "settings.ini").write_text("[Settings]\ngtk-enable-animations=false\n")
    demo = Demo(app, display, out, "glide", env={"XDG_CONFIG_HOME": str(out / "config")})
    try:
        done = demo.wait(lambda e: e.get("event") == "completion", 10, "the glide's completion")
        time.sleep(0.2)
        events = demo.events()
    finally:
        demo.close()
    first = float(next(e for e in events if e.get("event") == "frame")["t"])
    took = float(done["t"]) - first
    # the frames logged before the completion: the first frame advances nothing, the second at least
    # one step unless it came less than a step after the first
    frames = sum(1 for e in events[:events.index(done)] if e.get("event") == "frame")
    x = [float(e["x"]) for e in events if e.get("event") == "pose" and e["name"] == "card"][-1]
    if demo.stage.get("reduces_motion") != "1" or done["finished"] != "1" or frames > 2 or x != 290:
        raise CheckFailed(f"reduced motion: reduces_motion={demo.stage.get('reduces_motion')}, the glide ended after "
                          f"{frames} frames, {took:.3f} s after the first (finished={done['finished']}), the card at x = {x}")
    say(f"reduced motion: gtk-enable-animations=false turned reduced motion on; the 2.5 s glide ended in frame {frames + 1}, "
        f"{1000 * took:.0f} ms after the first, finished, with the card at its end (x = {x:.0f})")


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gtk_check.py DEMO ADAPTER_TEST OUT_DIR")
    app, test, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), Path(sys.argv[3]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    require_tools()
    scenes = subprocess.run([app, "--list"], capture_output=True, text=True, check=True).stdout.split()
    say(f"{len(scenes)} scenes: {' '.join(scenes)}")
    xvfb = Xvfb()
    try:
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSETTINGS_BACKEND="memory")
        result = subprocess.run([test], env=env, capture_output=True, text=True, timeout=120)
        sys.stdout.write(result.stdout.replace("adapter-test: ", "gtk-check: adapter: "))
        if result.returncode != 0:
            raise CheckFailed(f"the adapter test exited with {result.returncode}: {result.stderr.strip()}")
        check_gravity(app, xvfb.display, out)
        check_card(app, xvfb.display, out)
        check_snap(app, xvfb.display, out)
        check_springs_and_jelly(app, xvfb.display, out)
        check_sheet(app, xvfb.display, out)
        check_glide(app, xvfb.display, out)
        check_reduced_motion(app, xvfb.display, out)
    finally:
        xvfb.close()
    say("all passed")


if __name__ == "__main__":
    try:
        main()
    except CheckFailed as failure:
        print(f"gtk-check: FAILED: {failure}")
        sys.exit(1)
