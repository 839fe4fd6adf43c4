"""Motors and springs on joints, the parts of a UI's controls; the Python twin of
examples/c/joint_drives.c (docs/behaviors/attachment.md).

    knob = anima.Attachment.pin(dial, base, centre, max_motor_force=300,
                                joint_spring_frequency=2, joint_spring_damping=0.1)

Checks:
  - a knob with detents: a 100 pt dial of mass 1 (I = m r^2 / 2 = 1250 mass x pt^2) pinned at
    its centre, with a motor at speed 0 (a friction of 300) and a 2 Hz joint spring whose rest
    is moved before each step to the nearest multiple of 30 degrees. Flicked at 9 rad/s, it
    clicks past its first detents and stops on one within 1.5e-3 rad;
  - a driven spinner: a motor at 2 pi rad/s with 5000 of torque speeds the dial up at
    T / I = 4 rad/s^2, then holds one turn a second with no torque;
  - a sprung drawer: a box on a horizontal slide with a critically damped 3 Hz joint spring,
    pulled out 150 pt, closes within 0.1 pt in 2 s without passing shut;
  - a lift: a box of mass 1 on a vertical slide under gravity, its motor at -100 pt/s with 1500
    of force, rises at 100 pt/s while the motor holds the weight, m g = 1000;
  - a rope of length 100 with a minimum of 60: two balls thrown together stay 60...100 pt apart;
  - bad input: a NaN speed, a negative force (InvalidArgumentError), a motor on an item-to-item
    attachment and a minimum length on a pin (InvalidStateError).
Exits 1 if any check fails.
"""

import math
import sys
from collections.abc import Callable

import anima

import _checks

DETENT = math.pi / 6


def dial(**drive: float) -> tuple[anima.Animator, anima.Item, anima.Attachment]:
    """A 100 pt dial of mass 1 pinned at its centre, (160, 284), to an anchored base."""
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    base = anima.Item(animator, center=(160, 284), size=(20, 20))
    disc = anima.Item(animator, center=(160, 284), size=(100, 100), shape="ellipse")
    animator.add_behavior(anima.ItemBehavior([base], anchored=True))
    animator.add_behavior(anima.ItemBehavior([disc], density=4 / math.pi))
    pin = anima.Attachment.pin(disc, base, (160, 284), **drive)
    animator.add_behavior(pin)
    return animator, disc, pin


def slider(axis: tuple[float, float], gravity: bool, *, motor_speed: float = 0.0, max_motor_force: float = 0.0,
           frequency: float = 0.0, damping: float = 0.0) -> tuple[anima.Animator, anima.Item, anima.Attachment]:
    """A 40 x 40 box of mass 1 at (160, 284) sliding along `axis` through its centre, with
    that motor and joint spring."""
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    box = anima.Item(animator, center=(160, 284), size=(40, 40))
    animator.add_behavior(anima.ItemBehavior([box], density=1 / 0.16))
    if gravity:
        animator.add_behavior(anima.Gravity([box]))
    slide = anima.Attachment.sliding(box, (160, 284), axis, motor_speed=motor_speed, max_motor_force=max_motor_force,
                                     joint_spring_frequency=frequency, joint_spring_damping=damping)
    animator.add_behavior(slide)
    return animator, box, slide


def main() -> int:
    check = _checks.Checklist()

    animator, knob, pin = dial(max_motor_force=300, joint_spring_frequency=2, joint_spring_damping=0.1)
    knob.angular_velocity = 9.0
    for _ in range(round(4 / animator.step_duration)):
        pin.joint_spring_rest = round(knob.rotation / DETENT) * DETENT
        animator.step()
    stopped = round(knob.rotation / DETENT)
    print(f"knob: flicked at 9 rad/s, stopped at {knob.rotation:.5f} rad, detent {stopped}")
    check(stopped >= 2, f"the flick turned the knob past its first detents (to detent {stopped})")
    check(abs(knob.rotation - stopped * DETENT) < 1.5e-3, "the knob rests on a detent, within 1.5e-3 rad")
    check(abs(knob.angular_velocity) < 1e-3, "the knob is still")

    animator, spinner, pin = dial(motor_speed=2 * math.pi, max_motor_force=5000)
    animator.advance(1.0)
    spun, torque = spinner.angular_velocity, pin.motor_force
    print(f"spinner: after 1 s {spun:.9f} rad/s under {torque:.3f} of torque")
    check(abs(spun - 4) < 1e-9 and abs(torque - 5000) < 1e-6, "the motor at its limit accelerates the dial at T / I")
    animator.advance(1.0)
    check(abs(spinner.angular_velocity - 2 * math.pi) < 1e-9 and abs(pin.motor_force) < 1e-6,
          "the motor holds one turn a second with no torque")

    animator, drawer, _ = slider((1, 0), False, frequency=3, damping=1)
    drawer.center = (310, 284)
    least = math.inf
    for _ in range(120):
        animator.advance(1 / 60)
        least = min(least, drawer.center[0] - 160)
    print(f"drawer: pulled out 150 pt, {drawer.center[0] - 160:.4f} pt open after 2 s")
    check(abs(drawer.center[0] - 160) < 0.1 and least > -0.5, "the drawer closes without passing shut")

    animator, cabin, lift = slider((0, 1), True, motor_speed=-100, max_motor_force=1500)
    animator.advance(1.0)
    print(f"lift: rising at {cabin.velocity[1]:.6f} pt/s with a motor force of {lift.motor_force:.4f}")
    check(abs(cabin.velocity[1] + 100) < 1e-6, "the lift rises at its motor's speed")
    check(abs(lift.motor_force + 1000) < 1e-3, "the motor holds the weight, m g = 1000")

    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    left = anima.Item(animator, center=(100, 284), size=(20, 20), shape="ellipse")
    right = anima.Item(animator, center=(200, 284), size=(20, 20), shape="ellipse", velocity=(-200, 0))
    animator.add_behavior(anima.ItemBehavior([left, right]))
    animator.add_behavior(anima.Attachment.limit(left, right, minimum_length=60))
    apart = []
    for _ in range(120):
        animator.advance(1 / 60)
        apart.append(math.dist(left.center, right.center))
    print(f"rope: the balls stayed {min(apart):.3f} ... {max(apart):.3f} pt apart")
    check(min(apart) > 59.5 and max(apart) < 100.5, "the rope keeps the balls between its minimum and its length")

    animator, disc, pin = dial()
    other = anima.Item(animator, center=(300, 100), size=(20, 20))
    rod = anima.Attachment(disc, to=other)
    def refused(error: type[Exception], make: Callable[[], object], what: str) -> None:
        try:
            make()
            check(False, f"{what} is refused")
        except error as refusal:
            check(True, f"{what} is refused: {refusal}")

    refused(anima.InvalidArgumentError, lambda: setattr(pin, "motor_speed", math.nan), "a NaN speed")
    refused(anima.InvalidArgumentError, lambda: setattr(pin, "max_motor_force", -1.0), "a negative motor force")
    refused(anima.InvalidStateError, lambda: setattr(rod, "motor_speed", 1.0), "a motor on an item-to-item attachment")
    refused(anima.InvalidStateError, lambda: setattr(pin, "minimum_length", 1.0), "a minimum length on a pin")
    check(pin.motor_speed == 0.0 and pin.max_motor_force == 0.0, "the refused calls changed nothing")

    return _checks.conclude(check.failures, lambda: (
        f"a knob stopped on detent {stopped}, a spinner at one turn a second, a drawer closed, "
        "a lift held its weight, a rope kept its lengths; bad input refused"))


if __name__ == "__main__":
    sys.exit(main())
