"""Draws the animated SVG figures of docs/behaviors.md from short Anima scenes.

Run from the repository root after `make build`:

    build/venv/bin/python docs/figures.py

Each figure is a recording of a scene made with the Python API, rendered by anima.render.
"""
import math
import os
import sys

import anima
from anima import render

# The SVG files are written as docs/curve_figures.py writes its own, by the module beside this one.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import curve_figures  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "figures")
SCREEN = (0, 0, 320, 568)


def gravity_collision():
    """A ball falls, bounces on the floor and comes to rest (the implicit elasticity 0.2)."""
    a = anima.Animator(reference_bounds=SCREEN)
    ball = anima.Item(a, center=(160, 100), size=(64, 64), shape="ellipse")
    a.add_behavior(anima.Gravity([ball]))
    a.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    return a, 2.5


def elasticity():
    """Two balls; the right one has elasticity 0.75."""
    a = anima.Animator(reference_bounds=SCREEN)
    left = anima.Item(a, center=(80, 100), size=(64, 64), shape="ellipse")
    right = anima.Item(a, center=(240, 100), size=(64, 64), shape="ellipse")
    a.add_behavior(anima.ItemBehavior([right], elasticity=0.75))
    a.add_behavior(anima.Gravity([left, right]))
    a.add_behavior(anima.Collision([left, right], translates_reference_bounds_into_boundary=True))
    return a, 6.0


def snap():
    """A tilted box snaps to a point and turns upright."""
    a = anima.Animator(reference_bounds=SCREEN)
    box = anima.Item(a, center=(70, 90), size=(64, 64), rotation=0.8)
    a.add_behavior(anima.Snap(box, (230, 420)))
    return a, 1.5


def push():
    """Left: an instantaneous push (constant speed); right: a continuous push (accelerates)."""
    a = anima.Animator(reference_bounds=SCREEN)
    left = anima.Item(a, center=(100, 520), size=(64, 64), shape="ellipse")
    right = anima.Item(a, center=(220, 520), size=(64, 64), shape="ellipse")
    a.add_behavior(anima.Push([left], mode="instantaneous", angle=-math.pi / 2, magnitude=0.5))
    a.add_behavior(anima.Push([right], mode="continuous", angle=-math.pi / 2, magnitude=0.5))
    return a, 2.2


def springs():
    """A ball on a spring to an anchor, a box on a spring from its offset to the ball."""
    a = anima.Animator(reference_bounds=SCREEN)
    ball = anima.Item(a, center=(160, 150), size=(64, 64), shape="ellipse")
    star = anima.Item(a, center=(200, 260), size=(64, 64))
    a.add_behavior(anima.Gravity([ball, star]))
    a.add_behavior(anima.Collision([ball, star], translates_reference_bounds_into_boundary=True))
    for att in (anima.Attachment(ball, anchor=(160, 20), frequency=1.0, damping=0.65),
                anima.Attachment(star, to=ball, offset=(-20, 0), frequency=1.0, damping=0.65)):
        a.add_behavior(att)
    return a, 6.0


def pin():
    """An arm pinned to an anchored base swings down."""
    a = anima.Animator(reference_bounds=SCREEN)
    base = anima.Item(a, center=(100, 200), size=(40, 40))
    arm = anima.Item(a, center=(170, 200), size=(120, 14))
    a.add_behavior(anima.ItemBehavior([base], anchored=True))
    a.add_behavior(anima.Attachment.pin(arm, base, (120, 200)))
    a.add_behavior(anima.Gravity([arm]))
    return a, 3.0


def collision():
    """Balls and boxes fall into a bowl (a named boundary from a Bezier curve) and collide."""
    a = anima.Animator(reference_bounds=SCREEN)
    items = [anima.Item(a, center=(60 + 50 * k, 60 + 30 * (k % 2)), size=(36, 36),
                        shape="ellipse" if k % 2 else "rectangle") for k in range(5)]
    collision = anima.Collision(items, translates_reference_bounds_into_boundary=True)
    collision.add_boundary_path("bowl", [("move", (0, 300)), ("quad", (160, 560), (320, 300))])
    a.add_behavior(anima.Gravity(items))
    a.add_behavior(collision)
    a.add_behavior(anima.ItemBehavior(items, elasticity=0.3, friction=0.4))
    return a, 4.0


def custom():
    """A custom behavior scales a box by 1 + 0.5 sin(2 pi t) e^(-2 t), then says it is at rest."""
    a = anima.Animator(reference_bounds=SCREEN)
    box = anima.Item(a, center=(160, 284), size=(100, 100))

    class Resizable(anima.Behavior):
        def __init__(self, animator, item):
            super().__init__(animator)
            self.item, self.t = item, 0.0
            self.at_rest = False

        def action(self):
            self.t += self.animator.step_duration
            scale = 1 + 0.5 * math.sin(2 * math.pi * self.t) * math.exp(-2 * self.t)
            done = self.t > 1.5
            self.item.transform = anima.Transform(0.0, 1.0, 1.0, 0.0, 0.0) if done else anima.Transform(0.0, scale, scale, 0.0, 0.0)
            if done:
                self.at_rest = True

    a.add_behavior(Resizable(a, box))
    return a, 1.7


def field():
    """Left: items drawn to a radial gravity field and settling about it; right: the same pull
    plus a vortex, so the items spiral in."""
    a = anima.Animator(reference_bounds=SCREEN)
    left = [anima.Item(a, center=(30 + 40 * k, 90), size=(16, 16), shape="ellipse") for k in range(4)]
    right = [anima.Item(a, center=(200 + 35 * k, 470), size=(16, 16), shape="ellipse") for k in range(3)]
    a.add_behavior(anima.Field.radial_gravity(left, position=(90, 230), strength=2, minimum_radius=40))
    a.add_behavior(anima.Field.radial_gravity(right, position=(235, 330), strength=2, minimum_radius=40))
    a.add_behavior(anima.Field.vortex(right, position=(235, 330), strength=0.0002))
    a.add_behavior(anima.ItemBehavior(left + right, resistance=1.0))
    return a, 4.0


#: Figures whose items change size or scale while they are recorded.
RESIZED = {"custom"}

FIGURES = {
    "field": field,
    "collision": collision,
    "custom": custom,
    "gravity-collision": gravity_collision,
    "elasticity": elasticity,
    "snap": snap,
    "push": push,
    "springs": springs,
    "pin": pin,
}


def recorded(name, build):
    """A figure's scene recorded for its seconds and drawn with trails, and its note: the frames."""
    animator, seconds = build()
    # the custom figure's box changes scale, so its size is read at every frame
    recording = render.Recorder(animator, track_sizes=name in RESIZED).run(seconds)
    return render.to_svg(recording, trails=True), f"{recording.frame_count} frames"


def main(names):
    curve_figures.write_figures(OUT, FIGURES, names, recorded)


if __name__ == "__main__":
    main(sys.argv[1:])
