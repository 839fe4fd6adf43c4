"""The Box2D v3 side of the stepping benchmarks, through the pyb2d3 bindings.

Box2D works in metres with y up; Anima and pymunk in points with y down. Every scene here is
built in Box2D's units at 100 pt per metre (Box2D's gravity of 10 m/s^2 is Anima's 1000 pt/s^2)
and every figure it reports is turned back into points with y down, so that bench/run.py can
print the three engines' checks side by side. Box2D keeps its own defaults (contact softness,
slop 0.005 m = 0.5 pt, speculative distance); sleeping off, `step(dt, 4)`. The world runs on one
thread (no task system), or with `workers` > 1 on pyb2d3's task system: a `ThreadPool` of that
many threads, which pyb2d3 installs in the world def as Box2D's `enqueueTask` / `finishTask` with
`workerCount` = the pool's threads. Box2D then hands its parallel stages to the pool while the
calling thread waits for them.

The large pyramid and the pile keep their bodies' ids in a pyb2d3 `Bodies` batch (8 bytes per
body) and read positions through it, and take an optional `probe`, called with "baseline" just
before the world is created and with "after" right after the timed steps, which bench/memory.py
uses to read the process's resident memory around the scene.

The scenes follow Box2D v3.1's own benchmark builders (`shared/benchmarks.c`): large_pyramid,
tumbler (a dynamic drum turned by a revolute motor), joint_grid (revolute joints, circles that
never collide), many_pyramids, smash (with sleeping on, its wall created asleep) and spinner; the pile is this project's scene (bench/README.md).
"""

from __future__ import annotations

import gc
import math
import time

PT = 100.0  # points per metre


def to_screen(x: float, y: float) -> tuple[float, float]:
    """A Box2D position in metres, y up, as points, y down."""
    return PT * x, -PT * y


def new_world(b2, gravity: float = -10.0, workers: int = 1):
    """A world with sleeping off; with `workers` > 1 its task system runs on a pyb2d3 ThreadPool
    of that many threads (the world keeps the pool alive)."""
    if workers > 1:
        world = b2.World(gravity=(0.0, gravity), thread_pool=b2.ThreadPool(workers))
    else:
        world = b2.World(gravity=(0.0, gravity))
    world.sleeping_enabled = False
    return world


def box_def(b2, friction: float = 0.6):
    return b2.shape_def(density=1.0, material=b2.surface_material(friction=friction))


def timed_world_steps(world, steps: int, dt: float, check=None, every: int = 0) -> tuple[float, dict, int, object]:
    """One untimed step, then `steps` timed ones of `dt` with 4 sub-steps. With `check`, calls it
    off the clock every `every` steps and stops early when it returns something other than None.
    Returns (seconds, CPU figures of the timed steps, steps run, what check returned). The CPU
    figures are the seconds of CPU of the whole process ("cpu_seconds": near twice the seconds
    when two threads work at once) and of the calling thread ("caller_cpu_seconds": with a
    thread pool, the rest ran on the pool's threads)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        world.step(dt, 4)
        done, seconds, cpu, caller_cpu, verdict = 0, 0.0, 0.0, 0.0, None
        chunk_size = every if check else steps
        while done < steps:
            chunk = min(chunk_size, steps - done)
            c0, m0, t0 = time.process_time(), time.thread_time(), time.perf_counter()
            for _ in range(chunk):
                world.step(dt, 4)
            seconds += time.perf_counter() - t0
            cpu += time.process_time() - c0
            caller_cpu += time.thread_time() - m0
            done += chunk
            if check:
                verdict = check()
                if verdict is not None:
                    break
        return seconds, {"cpu_seconds": cpu, "caller_cpu_seconds": caller_cpu}, done, verdict
    finally:
        if gc_was_enabled:
            gc.enable()


def poses_pt(bodies) -> list[tuple[float, float]]:
    return [to_screen(*b.position) for b in bodies]


def positions_pt(positions) -> list[tuple[float, float]]:
    """An (n, 2) array of positions in metres, y up (a Bodies batch's get_positions()), as points, y down."""
    return [to_screen(x, y) for x, y in positions.tolist()]


def move_figures(start, end) -> tuple[float, int]:
    moves = [math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(start, end)]
    finite = [m for m in moves if math.isfinite(m)]
    return (max(finite) if finite else math.nan), len(moves) - len(finite)


def pyramid(b2, steps: int, dt: float, workers: int = 1, probe=None) -> dict:
    """large_pyramid: base 100, 1 m boxes (friction 0.6, density 1) on a 200 x 2 m ground box."""
    import numpy

    base, h = 100, 0.5
    # the starting positions' array is filled before the baseline, so that it is not counted as the world's
    start_positions = numpy.full((base * (base + 1) // 2, 2), numpy.nan, dtype=numpy.float32)
    if probe:
        probe("baseline")
    world = new_world(b2, workers=workers)
    ground = world.create_static_body(position=(0.0, -1.0))
    ground.create_polygon_shape(b2.shape_def(), b2.box(100.0, 1.0))
    sd = box_def(b2)
    boxes = b2.Bodies()
    for i in range(base):
        y = 2.0 * h * (i + 0.5)
        for j in range(i, base):
            x = 2.0 * h * (0.5 * (i + 1) + (j - i) - 0.5 * base)
            body = world.create_dynamic_body(position=(x, y))
            body.create_polygon_shape(sd, b2.box(h, h))
            boxes.append(body)
    boxes.get_positions(output=start_positions)
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    if probe:
        probe("after")
    start, end = positions_pt(start_positions), positions_pt(boxes.get_positions())
    max_move, non_finite = move_figures(start, end)
    return {"items": len(boxes), "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "top_dx": end[-1][0] - start[-1][0], "top_dy": end[-1][1] - start[-1][1],
            "max_move": max_move, "non_finite": non_finite}


def many_pyramids(b2, steps: int, dt: float, workers: int = 1) -> dict:
    """many_pyramids: 20 x 20 pyramids of base 10 (1 m boxes), each row of pyramids on its own
    ground segment, the segments 11 m apart."""
    rows, columns, base, extent = 20, 20, 10, 0.5
    world = new_world(b2, workers=workers)
    ground = world.create_static_body(position=(0.0, 0.0))
    ground_dy = 2.0 * extent * (base + 1)
    ground_width = 2.0 * extent * columns * (base + 1)
    for r in range(rows):
        ground.create_segment_shape(b2.shape_def(), b2.segment((-0.5 * ground_width, r * ground_dy),
                                                               (0.5 * ground_width, r * ground_dy)))
    sd = box_def(b2)
    boxes, tops = [], []
    base_width = 2.0 * extent * base
    for r in range(rows):
        for c in range(columns):
            center_x = -0.5 * ground_width + c * (base_width + 2.0 * extent) + extent
            for x, y in small_pyramid_centres(base, extent, center_x, r * ground_dy):
                body = world.create_dynamic_body(position=(x, y))
                body.create_polygon_shape(sd, b2.box(extent, extent))
                boxes.append(body)
            tops.append(len(boxes) - 1)
    start = poses_pt(boxes)
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    end = poses_pt(boxes)
    max_move, non_finite = move_figures(start, end)
    drops = [end[k][1] - start[k][1] for k in tops]
    return {"items": len(boxes), "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "pyramids": len(tops),
            "max_top_drop": max(drops), "mean_top_drop": sum(drops) / len(drops),
            "max_move": max_move, "non_finite": non_finite}


def smash(b2, steps: int, dt: float, workers: int = 1) -> dict:
    """smash: an 8 x 8 m box of density 8 at (-20, 0) m moving at 40 m/s into a wall of 120 x 80
    boxes of 0.4 m (density 1, friction 0.6) created asleep (`is_awake=False`), no gravity;
    sleeping on, as in Box2D's own app. Figures as anima_bench's smash, in points."""
    world = b2.World(gravity=(0.0, 0.0), thread_pool=b2.ThreadPool(workers)) if workers > 1 else b2.World(gravity=(0.0, 0.0))
    heavy = world.create_dynamic_body(position=(-20.0, 0.0), linear_velocity=(40.0, 0.0))
    heavy.create_polygon_shape(b2.shape_def(density=8.0, material=b2.surface_material(friction=0.6)), b2.box(4.0, 4.0))
    columns, rows, d = 120, 80, 0.4
    sd = box_def(b2)
    wall = []
    for i in range(columns):
        for j in range(rows):
            body = world.create_dynamic_body(position=(i * d + 30.0, (j - rows / 2.0) * d), is_awake=False)
            body.create_polygon_shape(sd, b2.box(0.5 * d, 0.5 * d))
            wall.append(body)
    start = poses_pt(wall)
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    end = poses_pt(wall)
    moves = [math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(start, end)]
    finite = [m for m in moves if math.isfinite(m)]
    return {"items": 1 + len(wall), "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "heavy_x": to_screen(*heavy.position)[0], "heavy_vx": PT * heavy.linear_velocity[0],
            "wall_moved": sum(m > 1.0 for m in finite), "wall_farthest": max(finite) if finite else math.nan,
            "wall_mean_dx": sum(e[0] - s[0] for s, e in zip(start, end)) / len(wall),
            "wall_asleep": sum(not b.awake for b in wall), "non_finite": len(moves) - len(finite)}


def spinner(b2, steps: int, dt: float, workers: int = 1) -> dict:
    """spinner: a loop chain of 360 points on a circle of 40 m about (0, 32) m (friction 0.1); a
    bar of 0.8 x 40 m rounded by 0.2 m (friction 0, density 1, never sleeping) on a revolute joint
    at (0, 12) m whose motor turns it at 5 rad/s with no torque bound (FLT_MAX); 6 076 bodies in
    rows of 92 from (-23, 2) m, 0.5 m apart, taking turns as a capsule, a ball of 0.35 m and a box
    of 0.35 m, density 0.25, friction 0.1, restitution 0.1; sleeping on. Figures as anima_bench's
    spinner, in points: the bar's turn is unwrapped to the turn nearest the motor's."""
    world = b2.World(gravity=(0.0, -10.0), thread_pool=b2.ThreadPool(workers)) if workers > 1 else b2.World(gravity=(0.0, -10.0))
    ground = world.create_static_body(position=(0.0, 0.0))
    points = [(40.0 * math.cos(-2.0 * math.pi * k / 360), 40.0 * math.sin(-2.0 * math.pi * k / 360) + 32.0)
              for k in range(360)]
    ground.create_chain(b2.chain_def(points=points, is_loop=True, materials=[b2.surface_material(friction=0.1)]))
    bar = world.create_dynamic_body(position=(0.0, 12.0), enable_sleep=False)
    bar.create_polygon_shape(b2.shape_def(density=1.0, material=b2.surface_material(friction=0.0)),
                             b2.make_offset_rounded_box(0.4, 20.0, (0.0, 0.0), b2.Rot(), 0.2))
    world.create_revolute_joint(ground, bar, local_anchor_a=(0.0, 12.0), local_anchor_b=(0.0, 0.0),
                                enable_motor=True, motor_speed=5.0, max_motor_torque=3.4028234663852886e38)
    sd = b2.shape_def(density=0.25, material=b2.surface_material(friction=0.1, restitution=0.1))
    capsule, circle, square = b2.capsule((-0.25, 0.0), (0.25, 0.0), 0.25), b2.circle(radius=0.35), b2.box(0.35, 0.35)
    bodies = []
    x, y = -23.0, 2.0
    for k in range(2 * 3038):
        body = world.create_dynamic_body(position=(x, y))
        if k % 3 == 0:
            body.create_capsule_shape(sd, capsule)
        elif k % 3 == 1:
            body.create_circle_shape(sd, circle)
        else:
            body.create_polygon_shape(sd, square)
        bodies.append(body)
        x += 0.5
        if x >= 23.0:
            x, y = -23.0, y + 0.5
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    expected = 5.0 * (done + 1) * dt
    angle = bar.angle
    turn = angle + 2.0 * math.pi * round((expected - angle) / (2.0 * math.pi))
    inside = sum(math.hypot(b.position[0], b.position[1] - 32.0) < 40.0 for b in bodies)
    speed = sum(PT * math.hypot(*b.linear_velocity) for b in bodies) / len(bodies)
    return {"items": len(bodies) + 1, "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "bar_turn": turn, "expected_turn": expected, "bar_speed": bar.angular_velocity, "inside": inside,
            "mean_speed": speed, "non_finite": 0}


def small_pyramid_centres(base: int, extent: float, center_x: float, base_y: float):
    """Box centres, y up, of one small pyramid of Box2D's many_pyramids, bottom row first."""
    for i in range(base):
        y = (2.0 * i + 1.0) * extent + base_y
        for j in range(i, base):
            yield (i + 1.0) * extent + 2.0 * (j - i) * extent + center_x - 0.5, y


def tumbler(b2, steps: int, dt: float, drum_escapees, workers: int = 1) -> dict:
    """tumbler: a drum of four 1 m thick walls (density 50) around a 19 m square, pinned at
    (0, 10) m and turned at 25 deg/s by a revolute motor (max torque 1e8), holding 45 x 45 boxes
    of 0.25 m."""
    world = new_world(b2, workers=workers)
    ground = world.create_static_body(position=(0.0, 0.0))
    drum = world.create_dynamic_body(position=(0.0, 10.0))
    wall_def = b2.shape_def(density=50.0)
    for (cx, cy), (hx, hy) in (((10.0, 0.0), (0.5, 10.0)), ((-10.0, 0.0), (0.5, 10.0)),
                               ((0.0, 10.0), (10.0, 0.5)), ((0.0, -10.0), (10.0, 0.5))):
        drum.create_polygon_shape(wall_def, b2.box(hx, hy, center=(cx, cy), rotation=0.0))
    rate = math.radians(25.0)
    world.create_revolute_joint(ground, drum, local_anchor_a=(0.0, 10.0), local_anchor_b=(0.0, 0.0),
                                enable_motor=True, motor_speed=rate, max_motor_torque=1e8)
    sd = box_def(b2)
    boxes = []
    for i in range(45):
        for j in range(45):
            body = world.create_dynamic_body(position=(-9.0 + 0.4 * j, 1.0 + 0.4 * i))
            body.create_polygon_shape(sd, b2.box(0.125, 0.125))
            boxes.append(body)
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    # y down: the counter-clockwise turn is negative; Box2D gives the angle within one turn, so
    # it is unwrapped to the turn nearest the motor's
    expected = -rate * dt * (steps + 1)
    angle = expected + math.remainder(-drum.angle - expected, 2.0 * math.pi)
    escaped, deepest = drum_escapees(poses_pt(boxes), angle)
    return {"items": len(boxes), "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "escaped": escaped, "max_reach": deepest, "drum_angle": angle, "expected_angle": expected}


def joint_grid(b2, steps: int, dt: float, torn_gap: float, workers: int = 1) -> dict:
    """joint_grid: 100 x 100 circles of radius 0.4 m, 1 m apart, that never collide, joined to
    their neighbours by revolute joints (19 800, the static ones included); the 7 top-middle
    circles are static. Checked every 25 steps off the clock; a run stops once a joint has
    opened by more than `torn_gap` points."""
    n = 100
    world = new_world(b2, workers=workers)
    sd = b2.shape_def(density=1.0, filter=b2.make_filter(category_bits=2, mask_bits=0xFFFFFFFFFFFFFFFF ^ 2))
    grid = [[None] * n for _ in range(n)]  # grid[k][i]: column k, row i (row 0 at the top)
    dynamic = 0
    for k in range(n):
        for i in range(n):
            static = i == 0 and 47 <= k <= 53
            make = world.create_static_body if static else world.create_dynamic_body
            body = make(position=(float(k), -float(i)))
            body.create_circle_shape(sd, b2.circle(radius=0.4))
            grid[k][i] = body
            dynamic += not static
    joints = []
    for k in range(n):
        for i in range(n):
            if i > 0:
                world.create_revolute_joint(grid[k][i - 1], grid[k][i], local_anchor_a=(0.0, -0.5),
                                            local_anchor_b=(0.0, 0.5))
                joints.append((grid[k][i - 1], (0.0, -0.5), grid[k][i], (0.0, 0.5)))
            if k > 0:
                world.create_revolute_joint(grid[k - 1][i], grid[k][i], local_anchor_a=(0.5, 0.0),
                                            local_anchor_b=(-0.5, 0.0))
                joints.append((grid[k - 1][i], (0.5, 0.0), grid[k][i], (-0.5, 0.0)))

    def widest_gap() -> float:
        widest = 0.0
        for a, la, b, lb in joints:
            pa, pb = a.world_point(la), b.world_point(lb)
            gap = PT * math.hypot(pa[0] - pb[0], pa[1] - pb[1])
            if not math.isfinite(gap):
                return math.inf
            widest = max(widest, gap)
        return widest

    gap = 0.0

    def check():
        nonlocal gap
        gap = widest_gap()
        return gap if not math.isfinite(gap) or gap > torn_gap else None

    seconds, cpu, done, torn = timed_world_steps(world, steps, dt, check, every=25)
    lowest = max(to_screen(*grid[k][n - 1].position)[1] for k in range(n)) / PT
    return {"items": dynamic, "joints": len(joints), "steps": done, "planned_steps": steps, "seconds": seconds,
            **cpu, "workers": workers, "max_joint_gap": gap, "lowest_y": lowest * PT,
            "diverged_at": done if torn is not None else None}


def pile(b2, steps: int, dt: float, layout, workers: int = 1, probe=None) -> dict:
    """The pile: `layout` gives the boxes' centres and size and the container's walls, in points
    with y down (bench/run.py); each box is a dynamic body, the walls are segments of one static
    body."""
    centres, size, walls, inside = layout()
    if probe:
        probe("baseline")
    world = new_world(b2, workers=workers)
    ground = world.create_static_body(position=(0.0, 0.0))
    for (x0, y0), (x1, y1) in walls:
        ground.create_segment_shape(b2.shape_def(), b2.segment((x0 / PT, -y0 / PT), (x1 / PT, -y1 / PT)))
    sd = box_def(b2)
    h = 0.5 * size / PT
    boxes = b2.Bodies()
    for x, y in centres:
        body = world.create_dynamic_body(position=(x / PT, -y / PT))
        body.create_polygon_shape(sd, b2.box(h, h))
        boxes.append(body)
    seconds, cpu, done, _ = timed_world_steps(world, steps, dt)
    if probe:
        probe("after")
    end = positions_pt(boxes.get_positions())
    escaped = sum(1 for p in end if not inside(p))
    finite = [y for _, y in end if math.isfinite(y)]
    return {"items": len(boxes), "steps": done, "seconds": seconds, **cpu, "workers": workers,
            "escaped": escaped,
            "highest": min(finite) if finite else math.nan, "non_finite": len(end) - len(finite)}
