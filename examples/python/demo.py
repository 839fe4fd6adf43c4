"""The Recipe 13-2 scenes and the jelly alert, run from Python and played back in a web page.

Runs the Gravity (Listing 13-10), Gravity with Collision (Listings 13-12 to 13-15), Item
Properties (Listings 13-17 and 13-18), Snap (Listings 13-19 to 13-21), Push (Listing
13-23), Spring Attachment (Listings 13-25 and 13-26) and Jelly (Listings 6-8 and 6-9)
scenes frame by frame at 60 frames per second through `anima.render.Recorder`, prints one
line per scene, and writes one self-contained HTML page that plays every scene as an SVG
animation in real time (no network needed). The Snap scene is played as snap.py runs it: a
tap, the ball settles, a second tap, the ball settles again. `anima.render` draws items,
not shapes built from them, so the page shows the jelly's nine grid items (its skeleton)
and its alert item faintly; the jelly's line gives the size of the outline that Listing 6-9
fills (jelly_shape.py) at the end.

Usage: python3 examples/python/demo.py [OUTPUT.html]
The page goes to build/demo/anima-demo.html under the repository root by default.
"""

import argparse
import os
import sys

import anima
from anima.render import Recorder, Recording, to_html

import jelly_shape
import scenes

FRAME = 1.0 / 60.0
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: How opaque the page draws the jelly's alert item (its shape is the grid's outline).
JELLY_ALERT_ALPHA = 0.25
DEFAULT_OUTPUT = os.path.join(REPO_ROOT, "build", "demo", "anima-demo.html")


def record(scene: scenes.Scene) -> Recorder:
    """Run ``scene`` through a Recorder until it rests (or for its time limit); return the recorder.

    A scene with taps is tapped once per point, each time after the animator has paused (or
    its time limit has passed), and recorded until it rests again; the recording's
    ``rest_time`` is then the time of the last pause.
    """
    recorder = Recorder(scene.animator, frame=FRAME)
    if scene.taps:
        assert scene.tap is not None, "a scene with taps has a tap handler"
        rest = None
        for point in scene.taps:
            scene.tap(point)
            rest = recorder.run_until_rest(max_seconds=scene.max_seconds)
        recorder.recording.rest_time = rest
    else:
        recorder.run_until_rest(max_seconds=scene.max_seconds)
    recorder.recording.title = scene.title
    return recorder


def describe(scene: scenes.Scene, recording: Recording) -> str:
    """One line: time to rest or how long it kept falling, final positions, contacts seen."""
    if recording.rest_time is not None:
        state = f"at rest after {recording.rest_time:.2f} s"
        if scene.taps:
            taps = " and ".join(scenes.format_point(point) for point in scene.taps)
            state = f"tapped {taps}, {state}"
    else:
        verb = "falling" if scene.falls_forever else "moving"
        state = f"still {verb} after {recording.duration:.2f} s"
    # the last frame, one row per item in creation order (the order of scene.balls)
    centers, alphas = recording.poses[-1, :, 0:2], recording.alpha[-1]
    balls = []
    for name, center, alpha in zip(scene.balls, centers.tolist(), alphas.tolist()):
        text = f"{name} at {scenes.format_point(center)}"
        if alpha != 1.0 or scene.key == "gravity_collision":
            text += f" alpha {alpha:.2f}"
        balls.append(text)
    if scene.grid:
        # the grid items as the recording left them (its last frame)
        _, _, width, height = jelly_shape.outline_bounds(jelly_shape.jelly_outline(scene.grid))
        balls.append(f"outline {width:.1f} x {height:.1f} pt")
    began = int(recording.contacts["began"].sum())
    contacts = f"contacts: {began} began, {len(recording.contacts) - began} ended"
    return f"{state}; " + "; ".join(balls) + f"; {contacts}"


def main(argv: list[str] | None = None) -> int:
    """Record every scene, print a line for each, write the page; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default=DEFAULT_OUTPUT,
                        help="where to write the HTML page (default: %(default)s)")
    args = parser.parse_args(argv)

    print(f"anima {anima.__version__}: Recipe 13-2 scenes and the jelly alert at {1 / FRAME:.0f} frames per second")
    cards = []
    for build in scenes.ALL_SCENES:
        scene = build()
        if scene.grid:
            # The page cannot fill the jelly's outline, so it draws the grid items; the alert's
            # rigid rectangle, which sinks into its skeleton on landing, is drawn faint.
            scene.balls["alert"].alpha = JELLY_ALERT_ALPHA
        recorder = record(scene)
        line = describe(scene, recorder.recording)
        print(f"{scene.title} ({scene.listings}): {line}")
        cards.append((f"{scene.title} \N{EM DASH} {scene.listings}", line, recorder.recording))

    page = to_html(cards, title="Anima \N{EM DASH} UIKit Dynamics scenes of Recipe 13-2 and the jelly alert")
    output = os.path.abspath(args.output)
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8") as f:
        f.write(page)
    print(f"wrote {output} ({len(page) // 1024} KiB, {len(cards)} scenes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
