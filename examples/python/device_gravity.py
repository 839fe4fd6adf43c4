"""Device gravity: gravity that follows the accelerometer, replayed from a recording, over items
kept in the view by its bounds (Listing 6-4 and the snippets after it), in Python::

    [_motionManager startAccelerometerUpdatesToQueue:[[NSOperationQueue alloc] init]
        withHandler:^(CMAccelerometerData *data, NSError *error)
        {
            CGVector vector = CGVectorMake(data.acceleration.x, -(data.acceleration.y + 0.5));
            ...
        }];

    _deviceGravityBehavior = [[UIGravityBehavior alloc] initWithItems:@[]];
    ...
        strongSelf.deviceGravityBehavior.gravityDirection = vector;

    _boundaryBehavior = [[UICollisionBehavior alloc] initWithItems:@[]];
    _boundaryBehavior.translatesReferenceBoundsIntoBoundary = YES;
    _boundaryBehavior.collisionMode = UICollisionBehaviorModeBoundaries;

The recording, examples/data/accelerometer.csv (columns t, x, y, z in g, 60 samples a second
for 8 s, written by examples/data/make_accelerometer.py), is of a device held upright
(0...1.8 s), rolled 50 degrees to the left (held 2.3...3.5 s), over to the right (held
4.3...5.3 s), then laid face up (6.0...8.0 s). Each sample sets the gravity direction to the
listing's vector (x, -(y + 0.5)), each unit being 1000 pt/s^2: upright (0, 0.5), half a g
down; tilted left (-0.77, 0.14); tilted right (0.77, 0.14); face up (0, -0.5), up the screen,
which is what the listing's + 0.5 does to a device lying on a table.

Five 40 x 40 pt items (centres x = 60, 110, ..., 260, y = 200) in a 320 x 568 pt reference
view are added, as the snippets say, to both the gravity behavior and a collision behavior
whose boundary is the reference bounds. The recording is replayed twice, one frame (1/60 s)
per sample: with collision mode "everything" (the items also collide with each other) and
with mode "boundaries" (they pass through each other). Checks, in both runs:
  - every item stays inside the reference bounds at every frame (its four turned corners
    within 1 pt of them: no tunnelling);
  - the items gather where the gravity points: at the end of each held pose (bottom when
    upright, left, right, top when face up) their mean centre is in that half of the view and
    one of them lies against that edge (within 1 pt). Not every centre need be in that half:
    tilted by 50 degrees the gravity still points a little down, so the items colliding with
    each other lie in a row on the floor, pressed against the wall, and a row of five 40 pt
    items is 200 pt long, more than half the view's width;
and that in mode "boundaries" two items overlap (by more than 10 pt) at some point, while in
mode "everything" no two ever overlap by more than 1 pt (the depth of overlap of two turned
squares, by separating axes). Exits 1 if any check fails.

Usage: python3 examples/python/device_gravity.py [RECORDING.csv]
"""

import csv
import math
import os
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Literal, NamedTuple, Optional, Tuple

import anima

import _checks

SCREEN_WIDTH = 320.0
SCREEN_HEIGHT = 568.0
ITEM_COUNT = 5
SIDE = 40.0
RATE = 60.0
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_RECORDING = os.path.join(REPO_ROOT, "examples", "data", "accelerometer.csv")

Point = Tuple[float, float]
#: A collision mode replayed: the items also collide with each other, or only with the bounds.
Mode = Literal["everything", "boundaries"]
MODES: Tuple[Mode, ...] = ("everything", "boundaries")


class Sample(NamedTuple):
    """One accelerometer sample: time (s) and acceleration (g) in the device's axes."""

    t: float
    x: float
    y: float
    z: float


class Checkpoint(NamedTuple):
    """The end of a held pose of the recording, and where the gravity then points."""

    t: float
    pose: str
    expected: str  # "bottom", "left", "right" or "top"


CHECKPOINTS = (
    Checkpoint(1.8, "upright", "bottom"),
    Checkpoint(3.5, "tilted left", "left"),
    Checkpoint(5.3, "tilted right", "right"),
    Checkpoint(8.0, "face up", "top"),
)


@dataclass
class RunResult:
    """What one replay did."""

    worst_outside: float = 0.0          # pt an item's corner went past the bounds, at worst
    worst_overlap: float = -math.inf    # deepest overlap of two items, pt
    worst_overlap_at: float = 0.0       # s
    gravity_side: List[str] = field(default_factory=list)    # where the gravity pointed at each checkpoint
    centers: List[List[Point]] = field(default_factory=list)  # per checkpoint, per item
    rotations: List[List[float]] = field(default_factory=list)


def load_recording(path: str) -> List[Sample]:
    """Read "t,x,y,z" rows after a "t,x,y,z" header; the samples must be 1/60 s apart."""
    samples: List[Sample] = []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != ["t", "x", "y", "z"]:
            raise ValueError(f"{path}: the first row is not the header t,x,y,z")
        for row in reader:
            if not row:
                continue
            try:
                s = Sample(*(float(v) for v in row))
            except (TypeError, ValueError):
                s = None
            if s is None or abs(s.t - len(samples) / RATE) >= 1e-4:
                raise ValueError(f"{path}: not a t,x,y,z recording at {RATE:g} samples a second "
                                 f"(row {len(samples) + 1})")
            samples.append(s)
    return samples


def motion_vector(s: Sample) -> Point:
    """Listing 6-4: the vector posted for an accelerometer sample."""
    return (s.x, -(s.y + 0.5))


def side_of(gravity: Point) -> str:
    """The edge of the view the gravity points to most."""
    gx, gy = gravity
    if abs(gx) > abs(gy):
        return "left" if gx < 0 else "right"
    return "top" if gy < 0 else "bottom"


def in_half(c: Point, side: str) -> bool:
    """Whether a point is in the half of the view along ``side``."""
    return {
        "bottom": c[1] > SCREEN_HEIGHT / 2,
        "left": c[0] < SCREEN_WIDTH / 2,
        "right": c[0] > SCREEN_WIDTH / 2,
        "top": c[1] < SCREEN_HEIGHT / 2,
    }[side]


def gap_to_edge(c: Point, rotation: float, side: str) -> float:
    """How far (pt) a turned square is from one edge of the view (negative when past it)."""
    reach = SIDE / 2 * (abs(math.cos(rotation)) + abs(math.sin(rotation)))  # half its extent along x or y
    return {
        "bottom": SCREEN_HEIGHT - (c[1] + reach),
        "left": c[0] - reach,
        "right": SCREEN_WIDTH - (c[0] + reach),
        "top": c[1] - reach,
    }[side]


def outside(c: Point, rotation: float) -> float:
    """How far (pt) a turned square reaches past the bounds; 0 when inside."""
    h, cs, sn = SIDE / 2, math.cos(rotation), math.sin(rotation)
    worst = 0.0
    for u in (-h, h):
        for v in (-h, h):
            x, y = c[0] + cs * u - sn * v, c[1] + sn * u + cs * v
            worst = max(worst, -x, x - SCREEN_WIDTH, -y, y - SCREEN_HEIGHT)
    return worst


def overlap(a: Point, ra: float, b: Point, rb: float) -> float:
    """Depth of overlap of two turned squares (separating axes); <= 0 when apart."""
    h = SIDE / 2
    axes = ((math.cos(ra), math.sin(ra)), (-math.sin(ra), math.cos(ra)),
            (math.cos(rb), math.sin(rb)), (-math.sin(rb), math.cos(rb)))
    depth = math.inf
    for ux, uy in axes:
        reach_a = h * (abs(ux * math.cos(ra) + uy * math.sin(ra)) + abs(-ux * math.sin(ra) + uy * math.cos(ra)))
        reach_b = h * (abs(ux * math.cos(rb) + uy * math.sin(rb)) + abs(-ux * math.sin(rb) + uy * math.cos(rb)))
        distance = abs(ux * (b[0] - a[0]) + uy * (b[1] - a[1]))
        depth = min(depth, reach_a + reach_b - distance)
    return depth


def replay(samples: List[Sample], mode: Mode) -> RunResult:
    """Replay the recording over a fresh animator with collision mode ``mode``."""
    animator = anima.Animator(reference_bounds=(0.0, 0.0, SCREEN_WIDTH, SCREEN_HEIGHT))
    # The behaviors, made empty as in the snippets; the views are added to both.
    device_gravity = anima.Gravity([], animator=animator)
    boundary = anima.Collision([], animator=animator, mode=mode, translates_reference_bounds_into_boundary=True)
    items: List[anima.Item] = []
    for i in range(ITEM_COUNT):
        item = anima.Item(animator, center=(60.0 + 50.0 * i, 200.0), size=(SIDE, SIDE))
        device_gravity.add_item(item)
        boundary.add_item(item)
        items.append(item)
    animator.add_behavior(device_gravity)
    animator.add_behavior(boundary)

    r = RunResult()
    next_checkpoint = 0
    for n, s in enumerate(samples):
        # The motion update, then one frame.
        gravity = motion_vector(s)
        device_gravity.direction = gravity
        animator.advance(1.0 / RATE)
        t = (n + 1) / RATE
        centers = [item.center for item in items]
        rotations = [item.rotation for item in items]
        for c, rotation in zip(centers, rotations):
            r.worst_outside = max(r.worst_outside, outside(c, rotation))
        for i in range(ITEM_COUNT):
            for k in range(i + 1, ITEM_COUNT):
                depth = overlap(centers[i], rotations[i], centers[k], rotations[k])
                if depth > r.worst_overlap:
                    r.worst_overlap, r.worst_overlap_at = depth, t
        while next_checkpoint < len(CHECKPOINTS) and t >= CHECKPOINTS[next_checkpoint].t - 1e-9:
            r.gravity_side.append(side_of(gravity))
            r.centers.append(centers)
            r.rotations.append(rotations)
            next_checkpoint += 1
    animator.destroy()
    if next_checkpoint != len(CHECKPOINTS):
        raise RuntimeError(f"the replay reached {next_checkpoint} of {len(CHECKPOINTS)} checkpoints")
    return r


def report(mode: str, r: RunResult, check: _checks.Checklist) -> None:
    """Print one replay's numbers and check them."""
    print(f"mode {mode}: at worst {r.worst_outside:.3f} pt outside the bounds; deepest overlap of two items "
          f"{max(r.worst_overlap, 0.0):.2f} pt (t = {r.worst_overlap_at:.2f} s)")
    check(r.worst_outside <= 1.0, f"{mode}: every item stays inside the reference bounds (within 1 pt) at every frame")
    for k, checkpoint in enumerate(CHECKPOINTS):
        side = checkpoint.expected
        centers, rotations = r.centers[k], r.rotations[k]
        xs, ys = [c[0] for c in centers], [c[1] for c in centers]
        mean = (sum(x / ITEM_COUNT for x in xs), sum(y / ITEM_COUNT for y in ys))
        nearest = min(gap_to_edge(c, rotation, side) for c, rotation in zip(centers, rotations))
        print(f"  t = {checkpoint.t:.1f} s, {checkpoint.pose}, gravity to the {r.gravity_side[k]}: centres x "
              f"{min(xs):.1f}...{max(xs):.1f}, y {min(ys):.1f}...{max(ys):.1f}, mean ({mean[0]:.1f}, {mean[1]:.1f}); "
              f"{0.0 if abs(nearest) < 0.005 else nearest:.2f} pt from the {side} edge")
        check(r.gravity_side[k] == side and in_half(mean, side) and abs(nearest) <= 1.0,
              f"{mode}: {checkpoint.pose}, the gravity points to the {side}; the items gather there "
              "(mean centre in that half, one against that edge)")


def main(argv: Optional[List[str]] = None) -> int:
    """Replay the recording in both collision modes, print what happened, return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else DEFAULT_RECORDING
    try:
        samples = load_recording(path)
    except (OSError, ValueError) as error:
        print(f"device_gravity: cannot read the recording: {error}", file=sys.stderr)
        return 1
    magnitudes = [math.sqrt(s.x * s.x + s.y * s.y + s.z * s.z) for s in samples]
    shown = path if argv else os.path.relpath(path, REPO_ROOT)
    print(f"{shown}: {len(samples)} samples over {len(samples) / RATE:.2f} s, "
          f"|a| {min(magnitudes):.3f}...{max(magnitudes):.3f} g")
    if len(samples) / RATE < CHECKPOINTS[-1].t - 1e-9:
        print(f"device_gravity: the recording is shorter than {CHECKPOINTS[-1].t:.1f} s", file=sys.stderr)
        return 1

    def summary() -> str:
        return (f"{everything.worst_outside:.2f} / {boundaries.worst_outside:.2f} pt at worst outside the bounds; "
                f"overlap at most {max(everything.worst_overlap, 0.0):.2f} pt (everything), "
                f"{boundaries.worst_overlap:.1f} pt (boundaries)")

    check = _checks.Checklist()

    results: Dict[str, RunResult] = {mode: replay(samples, mode) for mode in MODES}
    everything, boundaries = results["everything"], results["boundaries"]
    report("everything", everything, check)
    check(everything.worst_overlap <= 1.0, "everything: no two items ever overlap by more than 1 pt")
    report("boundaries", boundaries, check)
    check(boundaries.worst_overlap > 10.0, "boundaries: items pass through each other (overlap by more than 10 pt)")

    return _checks.conclude(check.failures, summary)


if __name__ == "__main__":
    sys.exit(main())
