"""Samples of libadwaita's AdwSpringAnimation, played on a real GTK frame clock.

    /usr/bin/python3 python/tests/peers/adwaita_samples.py --xvfb < cases.json > samples.json

Runs with the system Python (Debian's python3-gi, gir1.2-adw-1, gir1.2-gtk-4.0), not with the
project's virtual environment. stdin holds {"cases": [{"name", "from", "to", "mass", "stiffness",
"damping", "velocity", "epsilon" (optional)}, ...]}; "velocity" is Adw's initial-velocity, in value
units per second. Every case becomes an Adw.SpringAnimation on an Adw.CallbackAnimationTarget of one
widget in a window; all are played in the same frame, from inside a tick callback of that widget.
The values are libadwaita's own: each call of the target's callback is recorded with the frame
clock's frame time (microseconds) and the animation's velocity property.

Why the start frame matters (libadwaita 1.2, src/adw-animation.c): play() takes the start time
from gdk_frame_clock_get_frame_time() at the moment it is called, divided down to whole
milliseconds, and every tick evaluates the spring at t = frame_time / 1000 - start_time, also in
whole milliseconds. Outside a frame the clock answers with an interpolated time, so play() is
called during a frame's update phase, where the frame time is fixed; that frame time is printed as
"start_us" and the reader can recompute t exactly.

stdout: {"libadwaita": "1.2.2", "gtk": "4.8.3", "start_us": ..., "cases": [{"name",
"estimated_duration_ms", "samples": [[frame_us, value, velocity], ...]}, ...]}.

--xvfb starts a private Xvfb (it picks a free display itself, -displayfd) and stops it at the end;
without it the script uses $DISPLAY.
"""

import json
import os
import select
import subprocess
import sys

SECONDS_ALLOWED = 30
WARM_UP_FRAMES = 3


def fail(message):
    print(f"adwaita_samples: {message}", file=sys.stderr)
    sys.exit(1)


def start_xvfb():
    """A private Xvfb on a display it picks; returns (process, ':N')."""
    read_end, write_end = os.pipe()
    try:
        process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except FileNotFoundError:
        fail("Xvfb is not installed (Debian package xvfb)")
    os.close(write_end)
    answer = b""
    while not answer.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], 10)
        chunk = os.read(read_end, 64) if ready else b""
        if not chunk:
            process.kill()
            process.wait()
            fail("Xvfb did not report a display within 10 s")
        answer += chunk
    os.close(read_end)
    return process, ":" + answer.decode().strip()


def sample(cases):
    import gi

    gi.require_version("Gtk", "4.0")
    gi.require_version("Adw", "1")
    from gi.repository import Adw, GLib, Gtk

    if not Gtk.init_check():
        fail(f"GTK cannot open the display {os.environ.get('DISPLAY')!r}")
    Adw.init()
    # Adw skips animations at once when the setting is off; it is on by default, and stays so here.
    Gtk.Settings.get_default().set_property("gtk-enable-animations", True)

    window = Gtk.Window(title="AdwSpringAnimation samples")
    widget = Gtk.Box()
    window.set_child(widget)
    window.set_default_size(200, 100)
    window.present()

    loop = GLib.MainLoop()
    results = [{"name": case["name"], "samples": []} for case in cases]
    animations = []
    start = {}
    finished = set()

    def record(result, animation_box):
        def callback(value):
            frame_us = widget.get_frame_clock().get_frame_time()
            result["samples"].append([frame_us, value, animation_box[0].get_velocity()])
        return callback

    def done(_animation, index):
        finished.add(index)
        if len(finished) == len(cases):
            loop.quit()

    def tick(_widget, clock):
        start["frames"] = start.get("frames", 0) + 1
        if start["frames"] < WARM_UP_FRAMES:
            return GLib.SOURCE_CONTINUE
        start["us"] = clock.get_frame_time()
        for index, animation in enumerate(animations):
            animation.connect("done", done, index)
            animation.play()
        return GLib.SOURCE_REMOVE

    for case, result in zip(cases, results):
        box = [None]
        params = Adw.SpringParams.new_full(case["damping"], case["mass"], case["stiffness"])
        target = Adw.CallbackAnimationTarget.new(record(result, box))
        animation = Adw.SpringAnimation.new(widget, case["from"], case["to"], params, target)
        animation.set_initial_velocity(case["velocity"])
        if "epsilon" in case:
            animation.set_epsilon(case["epsilon"])
        box[0] = animation
        result["estimated_duration_ms"] = animation.get_estimated_duration()
        animations.append(animation)

    def give_up():
        start["timed_out"] = True
        loop.quit()
        return GLib.SOURCE_REMOVE

    GLib.timeout_add_seconds(SECONDS_ALLOWED, give_up)
    widget.add_tick_callback(tick)
    loop.run()
    if start.get("timed_out"):
        fail(f"the animations did not finish within {SECONDS_ALLOWED} s "
             f"({len(finished)} of {len(cases)} done, {start.get('frames', 0)} warm-up frames; "
             "is the frame clock running?)")
    window.destroy()
    return {
        "libadwaita": f"{Adw.get_major_version()}.{Adw.get_minor_version()}.{Adw.get_micro_version()}",
        "gtk": f"{Gtk.get_major_version()}.{Gtk.get_minor_version()}.{Gtk.get_micro_version()}",
        "start_us": start["us"],
        "cases": results,
    }


def main():
    cases = json.load(sys.stdin)["cases"]
    xvfb = None
    if "--xvfb" in sys.argv[1:]:
        xvfb, os.environ["DISPLAY"] = start_xvfb()
    # The software renderer: Xvfb has no GL, and the values do not depend on how frames are drawn.
    os.environ.setdefault("GSK_RENDERER", "cairo")
    os.environ["GDK_BACKEND"] = "x11"
    try:
        output = sample(cases)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    json.dump(output, sys.stdout)
    print()


if __name__ == "__main__":
    main()
