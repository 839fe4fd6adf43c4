"""Push: Listing 13-23 of Recipe 13-2, in Python.

An instantaneous push sends ball1 up and a continuous push sends ball2 up, both at the
angle -1.57 with magnitude 0.5:

    UIPushBehavior *instantPushBehavior = [[UIPushBehavior alloc] initWithItems:@[self.ball1]
                                              mode:UIPushBehaviorModeInstantaneous];
    UIPushBehavior *continuousPushBehavior = [[UIPushBehavior alloc] initWithItems:@[self.ball2]
                                              mode:UIPushBehaviorModeContinuous];
    instantPushBehavior.angle = -1.57;  continuousPushBehavior.angle = -1.57;
    instantPushBehavior.magnitude = 0.5;  continuousPushBehavior.magnitude = 0.5;

The two 64 x 64 pt balls (mass m = pi 32^2 / 10 000 = 0.3217) stand side by side at
y = 500 in the 320 x 568 pt view; nothing else acts on them, so they keep the implicit
linear damping c = 0.1/s of an item that no item behavior governs. The force of magnitude
0.5 is F = 100 x 0.5 = 50 (mass x pt/s^2):
  - ball1 gets dv = F / m = 155.4 pt/s once; then v = v0 e^(-c t),
  - ball2 accelerates at F / m = 155.4 pt/s^2: v = (F/m)(1 - e^(-c t)) / c.
Since v0 and F/m are equal here, the distances v0 (1 - e^(-c t)) / c and
(F/m)(t - (1 - e^(-c t)) / c) / c meet where t = (1 + 1/c)(1 - e^(-c t)): at 1.94 s (at
t = 2 s without damping).

Checks (60 Hz frames for 3 s): the instantaneous push acted once and turned inactive, the
continuous one stays active (and the animator keeps running); ball1's speed follows
v0 e^(-c t) within 1 % at every frame; ball2's speed grows at every frame and follows
(F/m)(1 - e^(-c t))/c within 1 %; both move along the angle -1.57 (within 1e-9 rad);
ball1 is ahead at first, ball2 overtakes it and stays ahead, within two 60 Hz frames of
the predicted time. Exits 1 if any check fails.
"""

import math
import sys

import _checks
import scenes

FRAME = 1.0 / 60.0
DAMPING = scenes.IMPLICIT_RESISTANCE     # c, 1/s
FORCE = 100.0 * scenes.PUSH_MAGNITUDE    # mass x pt/s^2


def predicted_overtake(c: float) -> float:
    """The time t > 0 at which both balls have gone the same distance: t = (1 + 1/c)(1 - e^(-c t))."""
    t = 2.0
    for _ in range(50):
        g = t - (1.0 + 1.0 / c) * (1.0 - math.exp(-c * t))
        dg = 1.0 - (1.0 + 1.0 / c) * c * math.exp(-c * t)
        t -= g / dg
    return t


def main() -> int:
    """Run the scene for 3 s, print what happened, return the exit status."""
    scene = scenes.push()
    animator = scene.animator
    ball1, ball2 = scene.balls["ball1"], scene.balls["ball2"]
    instant_push = scene.behaviors["instantPush"]
    continuous_push = scene.behaviors["continuousPush"]
    c = DAMPING
    start1, start2 = ball1.center[1], ball2.center[1]

    mass = ball1.mass
    v0 = FORCE / mass   # dv of the instantaneous push, pt/s
    a = FORCE / mass    # acceleration of the continuous push, pt/s^2
    t_predicted = predicted_overtake(c)
    print(f"push ({scene.listings}): mass {mass:.5f}; instantaneous dv = {v0:.3f} pt/s; "
          f"continuous a = {a:.3f} pt/s^2; predicted overtaking at {t_predicted:.4f} s")

    worst_instant = 0.0      # largest relative speed error of ball1
    worst_continuous = 0.0   # largest relative speed error of ball2
    accelerating = True
    upward = True
    instant_ahead_first = False
    overtaken_at = None      # first time at which ball2 is ahead
    overtaken_for_good = True
    previous_speed2 = 0.0
    for frame in range(1, round(scene.max_seconds / FRAME) + 1):
        animator.advance(FRAME)
        t = animator.elapsed_time
        (vx1, vy1), (vx2, vy2) = ball1.velocity, ball2.velocity
        speed1, speed2 = math.hypot(vx1, vy1), math.hypot(vx2, vy2)
        expected1 = v0 * math.exp(-c * t)
        expected2 = a * (1.0 - math.exp(-c * t)) / c
        worst_instant = max(worst_instant, abs(speed1 - expected1) / expected1)
        worst_continuous = max(worst_continuous, abs(speed2 - expected2) / expected2)
        accelerating = accelerating and speed2 > previous_speed2
        previous_speed2 = speed2
        upward = (upward and abs(math.atan2(vy1, vx1) - scenes.PUSH_ANGLE) < 1e-9
                  and abs(math.atan2(vy2, vx2) - scenes.PUSH_ANGLE) < 1e-9)
        gone1, gone2 = start1 - ball1.center[1], start2 - ball2.center[1]
        if frame == 1:
            instant_ahead_first = gone1 > gone2
        if gone2 > gone1 and overtaken_at is None:
            overtaken_at = t
        elif gone2 <= gone1 and overtaken_at is not None:
            overtaken_for_good = False
        if frame % 30 == 0:
            print(f"t = {t:.2f} s: ball1 {gone1:.1f} pt up at {speed1:.2f} pt/s (law {expected1:.2f}); "
                  f"ball2 {gone2:.1f} pt up at {speed2:.2f} pt/s (law {expected2:.2f})")

    overtaken_text = "never" if overtaken_at is None else f"{overtaken_at:.4f} s"
    print(f"largest speed errors: instantaneous {100 * worst_instant:.4f} %, "
          f"continuous {100 * worst_continuous:.4f} %; overtaken at {overtaken_text}")

    def summary() -> str:
        return (f"instantaneous ball within {100 * worst_instant:.3f} % of v0 e^(-0.1 t), continuous within "
                f"{100 * worst_continuous:.3f} %, overtaken at {overtaken_at:.3f} s (predicted {t_predicted:.3f} s)")

    checks = [
        (not instant_push.active, "the instantaneous push acted and turned inactive"),
        (continuous_push.active and animator.is_running,
         "the continuous push stays active and the animator keeps running"),
        (worst_instant <= 0.01, "ball1 keeps its speed: v0 e^(-0.1 t) within 1 % at every frame"),
        (accelerating, "ball2's speed grows at every frame"),
        (worst_continuous <= 0.01, "ball2 follows (F/m)(1 - e^(-0.1 t))/0.1 within 1 % at every frame"),
        (upward, "both balls move along the angle -1.57 (up)"),
        (instant_ahead_first, "ball1 (instantaneous) is ahead at first"),
        (overtaken_at is not None and overtaken_for_good, "ball2 (continuous) overtakes it and stays ahead"),
        (overtaken_at is not None and abs(overtaken_at - t_predicted) <= 2 * FRAME,
         "it overtakes when the damped laws say, within two 60 Hz frames"),
    ]
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
