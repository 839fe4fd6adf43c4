#!/usr/bin/env python3
"""Writes accelerometer.csv: 8 s of Core Motion style accelerometer samples at 60 Hz.

The recording is made up, from a described motion, and is the same on every run (its noise
comes from a fixed-seed generator written out below, not from the `random` module):

    0.0 - 1.8 s   held upright in portrait, in the hand
    1.8 - 2.3 s   rolled to the left, 50 degrees (left edge down)
    2.3 - 3.5 s   held there
    3.5 - 4.3 s   rolled over to the right, 50 degrees (right edge down)
    4.3 - 5.3 s   held there
    5.3 - 6.0 s   brought back level and laid down face up
    6.0 - 8.0 s   lying flat, out of the hand

Columns: t (seconds), x, y, z (units of g), in the device's axes as Core Motion reports them:
x to the right of the screen, y up the screen, z out of the screen. A device at rest reports the
direction of gravity, so upright it reads (0, -1, 0) and face up (0, 0, -1); accelerating it by
a reads -a / g on top of that.

The model: the device turns by a roll angle phi about its z axis (positive = right edge down)
and then a pitch theta about its x axis (positive = top edge away, towards face up), so gravity
in its axes is (sin phi, -cos phi cos theta, -cos phi sin theta), of length 1. Each move follows
a smooth cosine ease (zero angular speed at both ends). The hand turns the device about the
wrist, 8 cm below its centre, so a roll also gives the centre a tangential acceleration r phi''
along x and a centripetal one r phi'^2 towards the wrist (-y); a pitch gives r theta'' along -z
(away from the user) and r theta'^2 along -y. In the hand there is a physiological tremor (about 9 Hz, 0.01 g);
the sensor adds white noise of 0.004 g. |a| therefore stays within a few hundredths of 1 g
while the device is held still, and within about 0.2 g during the moves.

Usage: python3 make_accelerometer.py [output.csv]  (default: accelerometer.csv beside this file)
"""

import math
import os
import sys

RATE = 60           # samples per second
DURATION = 8.0      # seconds
G = 9.81            # m/s^2
WRIST = 0.08        # m from the wrist to the device's centre
TREMOR_HZ = 9.0
TREMOR_G = 0.01
NOISE_G = 0.004

# (start, end, roll from, roll to, pitch from, pitch to), angles in degrees.
MOVES = [
    (0.0, 1.8, 0.0, 0.0, 0.0, 0.0),
    (1.8, 2.3, 0.0, -50.0, 0.0, 0.0),
    (2.3, 3.5, -50.0, -50.0, 0.0, 0.0),
    (3.5, 4.3, -50.0, 50.0, 0.0, 0.0),
    (4.3, 5.3, 50.0, 50.0, 0.0, 0.0),
    (5.3, 6.0, 50.0, 0.0, 0.0, 90.0),
    (6.0, 8.0, 0.0, 0.0, 90.0, 90.0),
]
IN_HAND_UNTIL = 6.0


class Noise:
    """xorshift32 and Box-Muller: a small generator whose output never changes."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF or 1

    def uniform(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return (x + 0.5) / 4294967296.0

    def gauss(self):
        u, v = self.uniform(), self.uniform()
        return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * v)


def eased(start, end, a, b, t):
    """Angle (rad), angular speed (rad/s) and acceleration (rad/s^2) of a cosine ease from a to b."""
    d = end - start
    u = (t - start) / d
    span = math.radians(b - a)
    angle = math.radians(a) + span * (1.0 - math.cos(math.pi * u)) / 2.0
    speed = span * math.pi / (2.0 * d) * math.sin(math.pi * u)
    accel = span * math.pi ** 2 / (2.0 * d * d) * math.cos(math.pi * u)
    return angle, speed, accel


def motion(t):
    """(roll, roll speed, roll acceleration, pitch, pitch speed, pitch acceleration) at time t."""
    for start, end, r0, r1, p0, p1 in MOVES:
        if start <= t < end or (end == DURATION and t <= end):
            return eased(start, end, r0, r1, t) + eased(start, end, p0, p1, t)
    raise ValueError(f"no move at t = {t}")


def sample(t, noise):
    phi, dphi, ddphi, theta, dtheta, ddtheta = motion(t)
    gravity = (math.sin(phi), -math.cos(phi) * math.cos(theta), -math.cos(phi) * math.sin(theta))
    # the centre's acceleration in the device's axes (m/s^2), from turning about the wrist
    moving = (WRIST * ddphi, -WRIST * (dphi ** 2 + dtheta ** 2), -WRIST * ddtheta)
    held = t < IN_HAND_UNTIL
    tremor = TREMOR_G * math.sin(2.0 * math.pi * TREMOR_HZ * t) if held else 0.0
    wobble = (tremor, 0.5 * TREMOR_G * math.sin(2.0 * math.pi * 7.3 * t + 1.0) if held else 0.0, 0.5 * tremor)
    return tuple(g - a / G + w + NOISE_G * noise.gauss() for g, a, w in zip(gravity, moving, wobble))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "accelerometer.csv")
    noise = Noise(20140716)
    rows = ["t,x,y,z"]
    for i in range(int(DURATION * RATE)):
        t = i / RATE
        x, y, z = sample(t, noise)
        rows.append(f"{t:.6f},{x:.4f},{y:.4f},{z:.4f}")
    with open(path, "w", newline="\n") as f:
        f.write("\n".join(rows) + "\n")
    print(f"wrote {len(rows) - 1} samples to {path}")


if __name__ == "__main__":
    main()
