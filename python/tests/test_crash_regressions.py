"""Crashes reported against the Python API, each replayed in a child interpreter.

Every scenario runs in its own process (`python -c`), so that a crash of the engine fails one
test instead of killing the test run. A scenario passes when the child exits normally: the
call that once crashed either raises the documented exception or works, and the child checks
the state left behind (destroyed objects gone, the survivors finite, the animator usable).
"""

import subprocess
import sys
import textwrap

import pytest

#: Shared by every scenario: imports and a check that an item's pose is finite.
PRELUDE = """
import math
import anima

def assert_finite(item):
    x, y = item.center
    vx, vy = item.velocity
    values = (x, y, vx, vy, item.angular_velocity, item.rotation, item.mass)
    assert all(math.isfinite(v) for v in values), (item, values)
"""


def run_isolated(code, timeout=60):
    """Runs `code` (after PRELUDE) in a fresh interpreter and fails unless it exits with 0."""
    source = PRELUDE + textwrap.dedent(code)
    try:
        child = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the scenario did not finish within {timeout} s (hang)")
    if child.returncode < 0:
        pytest.fail(f"the interpreter was killed by signal {-child.returncode}\n{child.stderr[-3000:]}")
    assert child.returncode == 0, f"the scenario failed (exit {child.returncode}):\n{child.stderr[-3000:]}"
    return child.stdout


def test_field_evaluation_that_creates_items_and_reads_a_mass():
    """(a) A custom field's evaluation, inside the solver, makes 70 items, puts them under a
    gravity behavior and reads a mass; the new items join the physics at the next step."""
    run_isolated("""
        animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
        ball = anima.Item(animator, center=(160, 100), size=(30, 30), shape="ellipse")
        gravity = anima.Gravity([ball])
        animator.add_behavior(gravity)
        made, masses = [], []

        def evaluate(position, velocity, mass, charge, dt):
            if not made:
                for k in range(70):
                    item = anima.Item(animator, center=(4.0 * k + 10, 20), size=(6, 6))
                    gravity.add_item(item)
                    made.append(item)
                masses.append(made[0].mass)   # a mass read while the step is under way
            masses.append(ball.mass)
            return (0.0, 0.0)

        field = anima.Field.custom([ball], evaluate)
        animator.add_behavior(field)
        for _ in range(5):
            animator.advance(1 / 60)

        assert len(made) == 70 and len(animator.items) == 71
        assert set(gravity.items) == {ball, *made}
        assert masses[0] == 6 * 6 / 10000 and all(m > 0 for m in masses)
        for item in animator.items:
            assert item.is_valid
            assert_finite(item)
        assert all(item.center[1] > 20 for item in made), "the new items fall from the next step on"
        animator.step()
    """)


@pytest.mark.parametrize("form", ["animate", "_begin_animation", "keyframes"])
def test_animation_of_a_subnormal_duration_repeating_for_ever(form):
    """(b) A duration of 5e-324 s, repeated for ever and autoreversing: refused at creation
    (durations are 0 or at least 1e-6 s), and nothing is left recording."""
    run_isolated(f"""
        animator = anima.Animator()
        ball = anima.Item(animator, center=(10, 10), size=(20, 20))
        form = {form!r}
        try:
            if form == "animate":
                with animator.animate(5e-324, repeat_count=math.inf, autoreverses=True):
                    ball.center = (200, 200)
            elif form == "keyframes":
                with animator.animate_keyframes(5e-324, repeat_count=math.inf, autoreverses=True):
                    ball.center = (200, 200)
            else:
                animator._begin_animation(duration=5e-324, repeat_count=math.inf, autoreverses=True)
                ball.center = (200, 200)
                animator._commit_animation(None)
        except anima.InvalidArgumentError as error:
            assert "1e-06" in str(error), error
            assert not animator.is_recording_animation
            assert animator.animation_count == 0
            assert ball.center == (10.0, 10.0)
        else:
            raise AssertionError("a duration of 5e-324 s was accepted")
        for _ in range(3):
            animator.advance(1 / 60)
        assert_finite(ball)
    """)


def test_animation_of_the_smallest_duration_repeating_for_ever_runs():
    """(b) The smallest duration accepted, 1e-6 s, repeated for ever with autoreverse: runs,
    one step at a time, and can be cancelled."""
    run_isolated("""
        animator = anima.Animator()
        ball = anima.Item(animator, center=(10, 10), size=(20, 20))
        with animator.animate(1e-6, repeat_count=math.inf, autoreverses=True) as animation:
            ball.center = (200, 200)
        for _ in range(60):
            animator.advance(1 / 60)
        assert animation.is_active and animator.is_running
        assert_finite(ball)
        animation.cancel()
        animator.advance(1 / 60)
        assert not animation.is_active and animation.finished is False
        assert_finite(ball)
    """)


def test_moving_then_destroying_an_item_of_a_collision_between_two_steps():
    """(c) Two items colliding (no boundaries) under gravity: one is moved, then destroyed,
    between two steps."""
    run_isolated("""
        animator = anima.Animator()
        a = anima.Item(animator, center=(100, 50), size=(40, 40))
        b = anima.Item(animator, center=(100, 100), size=(40, 40))
        collision = anima.Collision([a, b])
        gravity = anima.Gravity([a, b])
        animator.add_behavior(collision)
        animator.add_behavior(gravity)
        animator.step()
        a.center = (200, 60)
        a.destroy()
        animator.step()

        assert not a.is_valid
        try:
            a.center
        except anima.StaleHandleError:
            pass
        else:
            raise AssertionError("a destroyed item still answers")
        assert animator.items == (b,)
        assert collision.items == (b,) and gravity.items == (b,)
        animator.advance(0.5)
        assert_finite(b)
        assert b.center[1] > 100
    """)


def test_removing_every_boundary_after_a_graph_rebuild_outside_a_step():
    """(d) A mass read rebuilds the graph outside a step; then every boundary goes (the named
    ones and the reference-bounds one), and the item falls freely."""
    run_isolated("""
        animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
        ball = anima.Item(animator, center=(160, 400), size=(40, 40), shape="ellipse")
        collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
        collision.add_boundary("shelf", (0, 450), (320, 450))
        collision.add_boundary_path("bowl", [("move", (0, 300)), ("quad", (160, 700), (320, 300))])
        animator.add_behavior(collision)
        animator.add_behavior(anima.Gravity([ball]))
        animator.advance(0.5)
        assert ball.center[1] < 450, "the shelf holds the ball"
        assert ball.mass > 0   # rebuilds the graph outside a step
        for identifier in collision.boundary_identifiers:
            collision.remove_boundary(identifier)
        collision.translates_reference_bounds_into_boundary = False
        animator.step()

        assert collision.boundary_identifiers == ()
        assert not collision.translates_reference_bounds_into_boundary
        animator.advance(1.0)
        assert_finite(ball)
        assert ball.center[1] > 568, "with no boundary left the ball falls off the screen"
    """)


def test_advance_by_1e300_is_refused_naming_the_maximum():
    """(e) advance(1e300) once ran for ever; it is refused and runs nothing."""
    run_isolated("""
        animator = anima.Animator()
        ball = anima.Item(animator, center=(0, 0), size=(20, 20))
        animator.add_behavior(anima.Gravity([ball]))
        animator.advance(1 / 60)
        steps = animator.step_count
        for seconds in (1e300, 1.7976931348623157e308, 60.000001):
            try:
                animator.advance(seconds)
            except anima.InvalidArgumentError as error:
                assert "maximum advance" in str(error), error
            else:
                raise AssertionError(f"advance({seconds}) was accepted")
        assert animator.step_count == steps, "a refused advance runs nothing"
        animator.advance(1 / 60)
        assert animator.step_count == steps + 2
        assert_finite(ball)
    """)


def test_action_that_destroys_an_item_and_creates_new_ones_every_step():
    """(f) A custom behavior's action destroys the oldest item and makes two new ones at every
    step, adding them to gravity and collision."""
    run_isolated("""
        animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
        first = [anima.Item(animator, center=(40.0 * k + 20, 100), size=(20, 20)) for k in range(4)]
        gravity = anima.Gravity(first)
        collision = anima.Collision(first, translates_reference_bounds_into_boundary=True)
        animator.add_behavior(gravity)
        animator.add_behavior(collision)
        alive, destroyed = list(first), []

        class Churn(anima.Behavior):
            def action(self):
                oldest = alive.pop(0)
                oldest.destroy()
                destroyed.append(oldest)
                for k in range(2):
                    item = anima.Item(animator, center=(20.0 + (len(destroyed) * 37 + k * 101) % 280, 50),
                                      size=(12, 12), shape="ellipse")
                    gravity.add_item(item)
                    collision.add_item(item)
                    alive.append(item)
                assert all(not item.is_valid for item in destroyed[-3:])
                assert oldest not in animator.items

        churn = Churn(animator)
        churn.at_rest = False
        animator.add_behavior(churn)
        for _ in range(60):
            animator.advance(1 / 60)   # 2 steps per frame

        assert len(destroyed) == 120
        assert len(alive) == 4 + 120
        assert set(animator.items) == set(alive)
        assert set(gravity.items) == set(alive) and set(collision.items) == set(alive)
        assert not any(item.is_valid for item in destroyed)
        for item in alive:
            assert_finite(item)
            assert -5 <= item.center[0] <= 325 and item.center[1] <= 573, "inside the screen"
        churn.destroy()
        assert animator.run_until_rest(max_seconds=10) is not None
    """)


def test_run_until_rest_with_a_subnormal_frame_returns():
    """run_until_rest(max_seconds=1, frame=5e-324) on a running animator once never returned
    (the frames never added up to max_seconds); a frame under 1e-6 s is now refused, and the
    animator stays usable."""
    run_isolated("""
        animator = anima.Animator()
        ball = anima.Item(animator, center=(0, 0), size=(20, 20))
        animator.add_behavior(anima.Gravity([ball]))
        for frame in (5e-324, 1e-7, 0.0, -1.0):
            try:
                animator.run_until_rest(max_seconds=1.0, frame=frame)
            except anima.InvalidArgumentError as error:
                assert "frame must be at least 1e-6" in str(error), error
            else:
                raise AssertionError(f"frame={frame!r} was accepted")
        assert animator.run_until_rest(max_seconds=0.01, frame=1e-6) is None
        animator.step()
        assert_finite(ball)
    """, timeout=5)
