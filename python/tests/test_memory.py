"""Out of memory is an error, not an abort: under a real address-space limit (`ulimit -v`), a
loop that makes items until memory runs out stops with anima.OutOfMemoryError (a MemoryError),
and the interpreter, the animator that ran out and another one made before it all go on;
failing each checked growth of a scene's build and steps in turn (anima.testing), exactly one
call raises each time and the scene steps as one built without a failure, to the bit; every
seed listing survives each of its checked allocations failed in turn; and a memory budget
refuses growth past it."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap

import pytest

import anima
import anima.testing

CHILD = textwrap.dedent(
    """
    import json, resource
    import anima

    keep = anima.Animator(reference_bounds=(0, 0, 320, 480))
    ball = anima.Item(keep, center=(160, 100), size=(40, 40), shape="ellipse")
    keep.add_behavior(anima.Gravity([ball]))

    def vm_size():
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

    room = 384 << 20
    limit = vm_size() + room
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))

    full = anima.Animator()
    made, error = 0, None
    try:
        while made < 50_000_000:
            anima.Item(full, center=(made % 1000, made // 1000), size=(5, 5))
            made += 1
    except MemoryError as e:
        error = e
    last = anima.Item(full, center=(0, 0), size=(5, 5)) if error is None else None
    # the animator that ran out still answers, and so does the other one
    probe = anima.Item(keep, center=(10, 10), size=(5, 5))
    for _ in range(30):
        keep.step()
    full.step()
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    after = anima.Item(full, center=(1, 1), size=(5, 5))
    print(json.dumps({
        "made": made, "room": room,
        "error": type(error).__name__ if error else None,
        "is_anima": isinstance(error, anima.OutOfMemoryError),
        "message": str(error) if error else "",
        "ball_y": ball.center[1],
        "after_center": list(after.center),
    }))
    """
)


def test_a_loop_that_makes_items_until_memory_runs_out_stops_with_memory_error():
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"the interpreter died ({run.returncode}): {run.stderr[-2000:]}"
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["error"] == "OutOfMemoryError" and out["is_anima"], out
    assert "anima_item_create" in out["message"] and "bytes" in out["message"], out["message"]
    # the storage holds about 300 bytes an item: the limit's room is reached after a million or so
    assert 100_000 < out["made"] < out["room"] // 100, out
    # the other animator stepped on: 30 frames of gravity from rest move the ball down
    assert out["ball_y"] > 100, out
    assert out["after_center"] == [1.0, 1.0], out


def _build_scene(failures: list[str]) -> anima.Animator:
    """The book's gravity-and-collision listing grown to 40 balls and boxes, some resized, turned
    or given a hexagon outline, two grouped, with 20 values; a call that raises OutOfMemoryError
    is noted in `failures` and made again."""

    def retry(call):
        try:
            return call()
        except anima.OutOfMemoryError as error:
            failures.append(str(error))
            return call()

    a = anima.Animator(reference_bounds=(0, 0, 320, 568))
    items = []
    for k in range(40):
        shape = ("rectangle", "ellipse")[k % 2]
        item = retry(lambda: anima.Item(a, center=(20 + (k % 8) * 36, 40 + (k // 8) * 36), size=(24, 24), shape=shape))
        items.append(item)
        if k % 5 == 1:
            retry(lambda: setattr(item, "size", (28, 20)))
        if k % 5 == 2:
            retry(lambda: setattr(item, "transform", anima.Transform(rotation=0.4)))
        if k % 9 == 3:
            hexagon = [(12 * math.cos(j * math.pi / 3), -12 * math.sin(j * math.pi / 3)) for j in range(6)]
            retry(lambda: setattr(item, "path", hexagon))
    group = retry(lambda: a.create_group(items[:2]))
    values = [retry(lambda: anima.Value(a, (float(j), 1.0))) for j in range(20)]
    assert len(values) == 20
    members = [group] + items[2:]
    a.add_behavior(retry(lambda: anima.Gravity(members)))
    a.add_behavior(retry(lambda: anima.Collision(members, translates_reference_bounds_into_boundary=True)))
    for _ in range(60):
        retry(a.step)
    return a


def test_every_checked_growth_of_a_scene_and_its_steps_failed_in_turn_raises_once_and_leaves_the_same_scene():
    none: list[str] = []
    before = anima.testing.allocation_count()
    reference = _build_scene(none)
    points = anima.testing.allocation_count() - before
    assert none == [] and points >= 10, points
    expected = reference.poses()
    steps_failed = 0
    for n in range(1, points + 1):
        failures: list[str] = []
        anima.testing.fail_allocation(n)
        try:
            scene = _build_scene(failures)
        finally:
            anima.testing.fail_allocation(0)
        assert len(failures) == 1, (n, failures)
        assert "out of memory" in failures[0] and "bytes" in failures[0], failures[0]
        steps_failed += "anima_animator_step" in failures[0]
        # the failed call changed nothing (a refused step runs again in full): the same scene to the bit
        assert scene.step_count == 60
        assert scene.poses().tobytes() == expected.tobytes(), f"allocation {n} of {points}: {failures[0]}"
    # the steps' own storage is among the failure points
    assert steps_failed >= 1, steps_failed


def test_a_memory_budget_refuses_growth_past_it_and_the_animator_goes_on():
    budget = 1 << 20
    a = anima.Animator(reference_bounds=(0, 0, 600, 600), memory_budget=budget)
    assert a.memory_budget == budget
    made = 0
    with pytest.raises(anima.OutOfMemoryError, match=f"memory budget of {budget} bytes") as refused:
        while made < 100_000:
            anima.Item(a, center=(5 + made % 100 * 6, 5 + made // 100 * 6), size=(5, 5))
            made += 1
    assert isinstance(refused.value, MemoryError)
    assert "anima_item_create" in str(refused.value)
    # what is held stays within the budget, and the store doubles: more than a quarter of it is used
    assert budget // 4 < a.memory_held <= budget, a.memory_held
    assert len(a.items) == made and made > 200
    # items that could be made can be stepped: their share of the step's storage was counted
    ball = a.items[0]
    a.add_behavior(anima.Gravity([ball]))
    for _ in range(30):
        a.step()
    assert a.step_count == 30 and ball.center[1] > 5
    # a behavior past the budget is refused; raised, it is made
    a.memory_budget = a.memory_held + 100
    with pytest.raises(anima.OutOfMemoryError, match="behavior"):
        anima.Gravity(a.items)
    a.memory_budget = None
    assert a.memory_budget is None
    anima.Item(a, center=(1, 1), size=(5, 5))
    assert len(a.items) == made + 1


@pytest.mark.parametrize("bad", [0, -1, 2**54])
def test_a_memory_budget_out_of_range_is_refused(bad):
    with pytest.raises(anima.InvalidArgumentError, match="memory_budget"):
        anima.Animator(memory_budget=bad)
    with pytest.raises(anima.InvalidArgumentError, match="memory_budget"):
        anima.Animator().memory_budget = bad


@pytest.mark.parametrize("bad", [1.5, True, "1024"])
def test_a_memory_budget_that_is_not_an_int_is_refused(bad):
    with pytest.raises((TypeError, anima.InvalidArgumentError), match="memory_budget"):
        anima.Animator().memory_budget = bad


def test_fail_allocation_refuses_a_negative_count():
    with pytest.raises(anima.InvalidArgumentError, match="1 or more, or 0 to disarm"):
        anima.testing.fail_allocation(-1)


EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python")

#: Runs listings with each checked allocation failed in turn, in one interpreter: after every run
#: that reached the failure, the animators the listing made (kept alive by its traceback) must
#: pass the consistency check, step, and pass it again.
FAULT_LOOP = textwrap.dedent(
    """
    import contextlib, gc, io, json, os, runpy, sys
    import anima, anima.testing

    examples = sys.argv[1]
    sys.path.insert(0, examples)

    def run(script, n):
        sys.argv = [script]
        out = io.StringIO()
        anima.testing.fail_allocation(n)
        before = anima.testing.allocation_count()
        error = None
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                runpy.run_path(script, run_name="__main__")
        except BaseException as e:
            error = e
        finally:
            anima.testing.fail_allocation(0)
        return error, anima.testing.allocation_count() - before, out.getvalue()

    report = {}
    for name in sys.argv[2:]:
        script = os.path.join(examples, name)
        error, points, _ = run(script, 0)
        clean = error is None or (isinstance(error, SystemExit) and error.code in (0, None))
        row = {"points": points, "clean": clean, "reached": 0, "reported": 0, "checked": 0, "other": []}
        for n in range(1, points + 1):
            error, used, printed = run(script, n)
            if used < n:
                continue
            row["reached"] += 1
            # raised out of the listing, or caught and printed by it (an action's error report)
            if isinstance(error, anima.OutOfMemoryError) or "out of memory" in printed:
                row["reported"] += 1
            else:
                row["other"].append(f"{n}: {type(error).__name__}: {error}")
            for animator in [o for o in gc.get_objects() if isinstance(o, anima.Animator) and o.is_valid]:
                anima.testing.check_consistency(animator)
                try:
                    animator.step()
                except anima.OutOfMemoryError:
                    raise
                except Exception:
                    pass   # a listing's own callback may raise once the listing was cut short
                anima.testing.check_consistency(animator)
                row["checked"] += 1
            del error
            gc.collect()
        report[name] = row
    print(json.dumps(report))
    """
)

SEED_LISTINGS = [
    "gravity.py", "gravity_collision.py", "item_properties.py", "snap.py", "push.py", "spring_attachment.py",
    "bouncing_spring_behavior.py", "custom_dynamic_item.py", "resizable_behavior.py", "transform_tween_behavior.py",
    "transforms.py", "jelly_shape.py", "jelly.py", "spinners.py", "device_gravity.py",
]


def test_every_seed_listing_survives_each_checked_allocation_failed_in_turn(tmp_path):
    run = subprocess.run([sys.executable, "-c", FAULT_LOOP, EXAMPLES, *SEED_LISTINGS], capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, f"the interpreter died ({run.returncode}): {run.stderr[-3000:]}"
    report = json.loads(run.stdout.strip().splitlines()[-1])
    for name, row in report.items():
        assert row["clean"], (name, row)
        # each failure the run reached was reported, and the animators were consistent and stepped
        assert row["reached"] == row["points"] and row["reported"] == row["reached"], (name, row)
        assert row["other"] == [], (name, row)
        assert row["checked"] >= row["reached"], (name, row)
    total = sum(row["points"] for row in report.values())
    assert total >= 150, total


def test_the_event_lists_and_the_behavior_table_of_the_c_interface_grow_through_the_check():
    def scene():
        a = anima.Animator(reference_bounds=(0, 0, 320, 480))
        balls = [anima.Item(a, center=(40 + 60 * k, 400), size=(40, 40), shape="ellipse") for k in range(4)]
        a.add_behavior(anima.Gravity(balls))
        a.add_behavior(anima.Collision(balls, translates_reference_bounds_into_boundary=True))
        return a, balls

    # the step at which the balls first touch the floor, found on a twin of the scene
    twin, _ = scene()
    steps = 1
    twin.step()
    while not twin.began_contacts:
        twin.step()
        steps += 1
    # the events of that step are converted for C at the first read: that conversion fails once
    a, balls = scene()
    for _ in range(steps):
        a.step()
    anima.testing.fail_allocation(1)
    try:
        with pytest.raises(anima.OutOfMemoryError, match="event lists"):
            _ = a.began_contacts
    finally:
        anima.testing.fail_allocation(0)
    assert len(a.began_contacts) == len(twin.began_contacts) == 4
    # the behaviors' handle table: behaviors made until the one whose handle needs the table to
    # grow (a second checked allocation after the behavior's own), which is refused once
    kept, refusal = [], None
    for _ in range(40):
        anima.testing.fail_allocation(2)
        try:
            kept.append(anima.Gravity([balls[0]]))
        except anima.OutOfMemoryError as e:
            refusal = e
            break
        finally:
            anima.testing.fail_allocation(0)
    assert refusal is not None and "handle table" in str(refusal), refusal
    # 2 made above, and the table's first room is 16 handles
    assert len(kept) == 14, len(kept)
    anima.testing.check_consistency(a)
    more = anima.Gravity([balls[1]])
    a.add_behavior(more)
    assert more in a.behaviors
