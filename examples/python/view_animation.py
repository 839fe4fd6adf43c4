"""View animation: Recipe 13-1 (Listings 13-5 to 13-8), in Python.

A 10 x 10 pt ball at the top of the 320 x 568 pt view fades in and grows to 64 x 64 pt while it
moves to the middle over 3 s; its completion logs "Animation Finished" and starts a 1.5 s half
turn, whose completion logs "Rotation Finished":

    [UIView animateWithDuration:3.0f
                     animations:^{
                         self.blueBall.frame = CGRectMake(self.view.frame.size.width/2 - 32.0f,
                                                          self.view.frame.size.height/2 - 32.0f, 64.0f, 64.0f);
                         self.blueBall.alpha = 1.0f;
                     }
                     completion:^(BOOL finished) {
                         NSLog(@"Animation Finished");
                         [self startRotationOfBall];
                     }];

A frame is a centre and a size: centre (160, 25) -> (160, 284), size 10 -> 64. UIKit's default
curve is ease-in-out, symmetric about its midpoint. Checks (60 Hz frames): at 1.5 s the ball is
exactly half way (centre y 154.5, size 37, alpha 0.5); at 0.75 s ease-in-out lags linear; at 3 s
the values are exact and "Animation Finished" is logged with finished = True; the half turn
reaches pi / 2 at 3.75 s and pi at 4.5 s, then "Rotation Finished"; the animator then pauses.
Writes the ball's path to build/examples/view_animation.svg. Exits 1 if any check fails.
"""

import math
import os
import sys

import anima

import _checks

WIDTH, HEIGHT = 320.0, 568.0
check = _checks.Checklist()
log: list[tuple[str, bool]] = []


animator = anima.Animator(reference_bounds=(0, 0, WIDTH, HEIGHT))
blue_ball = anima.Item(animator, center=(WIDTH / 2, 20 + 5), size=(10, 10), shape="ellipse", alpha=0.0)


def start_rotation_of_ball() -> None:
    """Listing 13-7."""
    with animator.animate(1.5, completion=lambda finished: log.append(("Rotation Finished", finished))):
        blue_ball.transform = anima.Transform(rotation=math.pi)


def animation_finished(finished: bool) -> None:
    log.append(("Animation Finished", finished))
    print(f"Animation Finished (finished: {finished})")
    start_rotation_of_ball()


with animator.animate(3.0, completion=animation_finished):
    blue_ball.center = (WIDTH / 2, HEIGHT / 2)
    blue_ball.size = (64, 64)
    blue_ball.alpha = 1.0

trail: list[tuple[float, float]] = []


def run(seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        animator.advance(1 / 60)
        trail.append(blue_ball.center)


run(0.75)
print(f"t = 0.75 s: centre {blue_ball.center}")
check(25 < blue_ball.center[1] < 25 + 259 / 4, "ease-in-out lags linear: under a quarter of the way at 0.75 s")
run(0.75)
(x, y), (w, h), alpha = blue_ball.center, blue_ball.size, blue_ball.alpha
print(f"t = 1.50 s: centre ({x:.3f}, {y:.3f}), size {w:.3f} x {h:.3f}, alpha {alpha:.3f}")
check(abs(y - 154.5) < 1e-9 and abs(w - 37) < 1e-9 and abs(alpha - 0.5) < 1e-9,
      "half way at half time: centre y 154.5, size 37, alpha 0.5")
run(1.5)
check(blue_ball.center == (160, 284) and blue_ball.size == (64, 64) and blue_ball.alpha == 1,
      "exact end values at 3 s")
check(log == [("Animation Finished", True)], "Animation Finished with finished = True")
run(0.75)
print(f"t = 3.75 s: rotation {blue_ball.rotation:.4f} rad")
check(abs(blue_ball.rotation - math.pi / 2) < 1e-9, "a quarter turn half way through the half turn")
run(0.75 + 1 / 60)
print(f"Rotation Finished logged: {log[1:]}")
check(blue_ball.rotation == math.pi, "half a turn at the end")
check(log == [("Animation Finished", True), ("Rotation Finished", True)], "the completions come in order")
check(not animator.is_running, "the animator pauses once nothing animates")

os.makedirs("build/examples", exist_ok=True)
points = " ".join(f"{px:.1f},{py:.1f}" for px, py in trail)
with open("build/examples/view_animation.svg", "w") as f:
    f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}" height="{HEIGHT:g}">'
            f'<rect width="100%" height="100%" fill="white"/>'
            f'<polyline points="{points}" fill="none" stroke="#36c" stroke-width="2"/>'
            f'<circle cx="160" cy="284" r="32" fill="none" stroke="#36c"/></svg>\n')

print("view_animation: all checks passed" if not check.failures else "view_animation: FAILED")
sys.exit(1 if check.failures else 0)
