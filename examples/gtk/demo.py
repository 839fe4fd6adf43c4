"""Anima on GTK 4 widgets from Python (anima.gtk): a window of real widgets moved by an animator.

    python examples/gtk/demo.py [--scene gravity|fling] [--log FILE] [--frames N]

Scenes:
- gravity: a Gtk.Button "ball" falls under gravity and bounces on the window's edges (rotation
  off); it can be dragged and flung, and a click on it still fires its clicked signal.
- fling: a card thrown with the pointer goes, on release, to the corner nearest to where its
  momentum would carry it (Apple's WWDC 2018 "Designing Fluid Interfaces"; docs/gestures.md).

The log (FILE, or standard output) has one key=value line per event: the scene with the Fixed's
origin in the X window's pixels, every frame and every widget's pose in it, the pointer's press,
moves and release (with the item's velocity after it), clicks, and each time the scene comes to
rest. --frames N quits after N frames. The widgets are flat colours, so a screenshot finds them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple

import anima

try:
    import anima.gtk
    from gi.repository import GLib, Gdk, Gtk  # type: ignore[import-untyped]
except ImportError as error:
    sys.exit(str(error))

TITLE = "Anima GTK demo (Python)"
WIDTH, HEIGHT = 360, 600                # the Fixed, in pixels: the animator's reference space
BALL = 80
CARD_WIDTH, CARD_HEIGHT, MARGIN = 120, 160, 20

STYLE = """
window.anima-demo, window.anima-demo fixed { background: rgb(24, 26, 38); }
button.ball, button.ball:hover, button.ball:active, button.ball:focus {
    background: rgb(230, 70, 50); background-image: none; border: none; box-shadow: none;
    outline: none; border-radius: 40px; padding: 0; min-width: 0; min-height: 0; color: rgb(255, 240, 220);
}
box.card { background: rgb(60, 150, 240); color: rgb(240, 248, 255); }
"""

#: The flat colour of each widget, as the check finds it in a screenshot.
COLOURS = {"ball": (230, 70, 50), "card": (60, 150, 240)}


class Log:
    """Key=value lines, flushed as they are written (the check reads them while the demo runs)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def __call__(self, event: str, **fields: Any) -> None:
        parts = [f"event={event}"]
        for key, value in fields.items():
            parts.append(f"{key}={value:.3f}" if isinstance(value, float) else f"{key}={value}")
        self.out.write(" ".join(parts) + "\n")
        self.out.flush()


class Scene:
    """What a scene leaves for the frame loop: the widgets to log, by name."""

    def __init__(self, name: str, animator: anima.Animator) -> None:
        self.name = name
        self.animator = animator
        self.widgets: Dict[str, Tuple[Gtk.Widget, anima.Item]] = {}


def log_drag(drag: anima.gtk.GtkDrag, log: Log, then: Optional[Callable[[Tuple[float, float]], None]] = None) -> None:
    drag.on_press = lambda point, time: log("press", t=time, x=point[0], y=point[1])
    drag.on_move = lambda point, time: log("move", t=time, x=point[0], y=point[1])

    def released(point: Tuple[float, float], time: float, velocity: Tuple[float, float]) -> None:
        vx, vy = drag.item.velocity
        log("release", t=time, x=point[0], y=point[1], vx=vx, vy=vy)
        if then is not None:
            then(velocity)
    drag.on_release = released


def gravity(fixed: Gtk.Fixed, driver: anima.gtk.GtkDriver, log: Log) -> Scene:
    animator = driver.animator
    scene = Scene("gravity", animator)
    button = Gtk.Button(label="ball")
    button.add_css_class("ball")
    fixed.put(button, 0, 0)
    ball = anima.Item(animator, center=(WIDTH / 2, 120), size=(BALL, BALL), shape="ellipse")
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    animator.add_behavior(anima.ItemBehavior([ball], elasticity=0.45, allows_rotation=False))
    driver.bind(button, ball)
    log_drag(driver.draggable(button, ball), log)
    button.connect("clicked", lambda _button: log("clicked", name="ball"))
    scene.widgets["ball"] = (button, ball)
    return scene


def corner(k: int) -> Tuple[float, float]:
    """The centre of the card at corner k: 0 top left, 1 top right, 2 bottom left, 3 bottom right."""
    x = WIDTH - MARGIN - CARD_WIDTH / 2 if k & 1 else MARGIN + CARD_WIDTH / 2
    y = HEIGHT - MARGIN - CARD_HEIGHT / 2 if k & 2 else MARGIN + CARD_HEIGHT / 2
    return x, y


def fling(fixed: Gtk.Fixed, driver: anima.gtk.GtkDriver, log: Log) -> Scene:
    animator = driver.animator
    scene = Scene("fling", animator)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    box.add_css_class("card")
    label = Gtk.Label(label="fling me")
    label.set_vexpand(True)
    box.append(label)
    fixed.put(box, 0, 0)
    card = anima.Item(animator, center=corner(0), size=(CARD_WIDTH, CARD_HEIGHT))
    snap = anima.Snap(card, corner(0))       # a snap lets go while the pointer holds the card
    animator.add_behavior(snap)
    animator.add_behavior(anima.ItemBehavior([card], allows_rotation=False))
    driver.bind(box, card)

    def thrown(velocity: Tuple[float, float]) -> None:
        # the corner nearest to where the momentum would carry the card, the card keeping its velocity
        px, py = anima.project_momentum(card.center, velocity)
        nearest = min(range(4), key=lambda k: (corner(k)[0] - px) ** 2 + (corner(k)[1] - py) ** 2)
        snap.point = corner(nearest)
        log("thrown", projected_x=px, projected_y=py, corner=nearest)
    log_drag(driver.draggable(box, card), log, thrown)
    scene.widgets["card"] = (box, card)
    return scene


SCENES: Dict[str, Callable[[Gtk.Fixed, anima.gtk.GtkDriver, Log], Scene]] = {"gravity": gravity, "fling": fling}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=TITLE)
    parser.add_argument("--scene", default="gravity", choices=sorted(SCENES))
    parser.add_argument("--log", help="the key=value log (default: standard output)")
    parser.add_argument("--frames", type=int, default=0, help="quit after N frames (0: run until closed)")
    options = parser.parse_args(argv)
    if not Gtk.init_check():
        print("demo.py: GTK cannot open a display (is DISPLAY set?)", file=sys.stderr)
        return 1
    log = Log(open(options.log, "w") if options.log else sys.stdout)

    css = Gtk.CssProvider()
    css.load_from_data(STYLE, -1)
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css,
                                              Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    window = Gtk.Window(title=TITLE)
    window.add_css_class("anima-demo")
    window.set_resizable(False)
    fixed = Gtk.Fixed()
    fixed.set_size_request(WIDTH, HEIGHT)
    fixed.set_overflow(Gtk.Overflow.HIDDEN)
    window.set_child(fixed)

    animator = anima.Animator(reference_bounds=(0, 0, WIDTH, HEIGHT))
    driver = anima.gtk.GtkDriver(animator, fixed)
    scene = SCENES[options.scene](fixed, driver, log)
    animator.on_did_pause = lambda _animator: log("rest", t=driver.frame_time)
    loop = GLib.MainLoop()
    frames = 0

    def frame(widget: Gtk.Widget, clock: Gdk.FrameClock) -> bool:
        # added after the driver's tick callback, so it runs after the frame's writes
        nonlocal frames
        t = clock.get_frame_time() / 1e6
        if frames == 0:
            native = fixed.get_native()
            sx, sy = native.get_surface_transform()
            ox, oy = fixed.translate_coordinates(native, 0, 0) or (0.0, 0.0)
            log("scene", name=scene.name, origin_x=sx + ox, origin_y=sy + oy, width=WIDTH, height=HEIGHT,
                reduces_motion=int(animator.reduces_motion))
        frames += 1
        log("frame", t=t, n=frames)
        for name, (_widget, item) in scene.widgets.items():
            x, y = item.display_center
            log("pose", name=name, t=t, x=x, y=y)
        if options.frames and frames >= options.frames:
            loop.quit()
            return False
        return True

    driver.start()
    fixed.add_tick_callback(frame)
    window.connect("close-request", lambda _window: loop.quit() or False)
    window.present()
    loop.run()
    driver.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
