"""Animator: construction, time, behaviors, items, teardown."""

import gc
import weakref

import pytest

import anima

SCREEN = (0.0, 0.0, 320.0, 568.0)


def test_default_animator_has_no_bounds_and_steps_at_120_hz():
    anim = anima.Animator()
    assert anim.reference_bounds is None
    assert anim.step_duration == pytest.approx(1 / 120)
    assert anim.elapsed_time == 0.0
    assert anim.step_count == 0
    assert anim.items == ()
    assert anim.behaviors == ()
    assert anim.is_valid


def test_empty_animator_is_paused():
    assert anima.Animator().is_running is False


def test_reference_bounds_are_read_back_as_floats():
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    assert anim.reference_bounds == SCREEN
    assert all(isinstance(v, float) for v in anim.reference_bounds)


def test_reference_bounds_can_be_changed_and_cleared(animator):
    animator.reference_bounds = (10, 20, 100, 200)
    assert animator.reference_bounds == (10.0, 20.0, 100.0, 200.0)
    animator.reference_bounds = None
    assert animator.reference_bounds is None


def test_reference_bounds_accept_any_sequence_of_four_numbers():
    anim = anima.Animator(reference_bounds=[0, 0, 50.5, 60])
    assert anim.reference_bounds == (0.0, 0.0, 50.5, 60.0)


def test_step_rate_sets_step_duration():
    assert anima.Animator(step_rate=60).step_duration == pytest.approx(1 / 60)
    assert anima.Animator(step_rate=240).step_duration == pytest.approx(1 / 240)


def test_all_tuning_arguments_are_keyword_only():
    anim = anima.Animator(None, step_rate=100, substeps=8, rest_speed=1.0, rest_angular_speed=0.01, rest_time=0.5)
    assert anim.step_duration == pytest.approx(0.01)
    with pytest.raises(TypeError):
        anima.Animator(None, 100)


def test_advance_runs_whole_internal_steps_and_carries_the_remainder(falling_ball, animator):
    animator.advance(1 / 240)
    assert animator.step_count == 0
    animator.advance(1 / 240)
    assert animator.step_count == 1
    animator.advance(0.1)
    assert animator.step_count == 13


def test_step_runs_exactly_one_internal_step_while_running(falling_ball, animator):
    animator.step()
    animator.step()
    assert animator.step_count == 2
    assert animator.elapsed_time == pytest.approx(2 / 120)


def test_step_does_nothing_while_paused(animator, ball):
    animator.step()
    assert animator.step_count == 0
    assert animator.elapsed_time == 0.0


def test_advance_of_zero_seconds_is_allowed(falling_ball, animator):
    animator.advance(0)
    assert animator.step_count == 0


def test_run_until_rest_returns_simulated_seconds(falling_ball, animator):
    seconds = animator.run_until_rest()
    assert seconds is not None
    assert seconds == pytest.approx(animator.elapsed_time)
    assert 0.3 < seconds < 10
    assert animator.is_running is False


def test_run_until_rest_returns_zero_when_already_paused(animator):
    assert animator.run_until_rest() == 0.0


def test_run_until_rest_returns_none_when_still_running(animator, ball):
    animator.add_behavior(anima.Gravity([ball]))
    assert animator.run_until_rest(max_seconds=0.5) is None
    assert animator.is_running
    assert animator.elapsed_time == pytest.approx(0.5, abs=1 / 60)


def test_run_until_rest_uses_the_given_frame(animator, ball):
    animator.add_behavior(anima.Gravity([ball]))
    assert animator.run_until_rest(max_seconds=0.25, frame=0.125) is None
    assert animator.elapsed_time == pytest.approx(0.25)


def test_run_until_rest_rejects_a_non_positive_frame(animator):
    with pytest.raises(anima.InvalidArgumentError):
        animator.run_until_rest(frame=0)
    with pytest.raises(anima.InvalidArgumentError):
        animator.run_until_rest(max_seconds=-1)


def test_behaviors_are_listed_in_the_order_added(animator, ball):
    gravity = anima.Gravity([ball])
    collision = anima.Collision([ball])
    animator.add_behavior(collision)
    animator.add_behavior(gravity)
    assert animator.behaviors == (collision, gravity)
    assert animator.behaviors[0] is collision


def test_adding_a_behavior_twice_is_ignored(animator, ball):
    gravity = anima.Gravity([ball])
    animator.add_behavior(gravity)
    animator.add_behavior(gravity)
    assert animator.behaviors == (gravity,)


def test_removed_behavior_can_be_added_again(animator, ball):
    gravity = anima.Gravity([ball])
    animator.add_behavior(gravity)
    animator.remove_behavior(gravity)
    assert animator.behaviors == ()
    assert gravity.is_valid and not gravity.is_added
    animator.add_behavior(gravity)
    assert gravity.is_added


def test_removing_a_behavior_not_added_is_ignored(animator, ball):
    animator.remove_behavior(anima.Gravity([ball]))
    assert animator.behaviors == ()


def test_remove_all_behaviors_keeps_them_alive(animator, ball):
    gravity, collision = anima.Gravity([ball]), anima.Collision([ball])
    animator.add_behavior(gravity)
    animator.add_behavior(collision)
    animator.remove_all_behaviors()
    assert animator.behaviors == ()
    assert gravity.is_valid and collision.is_valid


def test_items_are_listed_in_creation_order_as_the_same_objects(animator):
    first = anima.Item(animator, center=(10, 10))
    second = anima.Item(animator, center=(20, 20))
    items = animator.items
    assert items == (first, second)
    assert items[0] is first and items[1] is second


def test_destroyed_items_leave_the_item_list(animator):
    first, second = anima.Item(animator), anima.Item(animator)
    first.destroy()
    assert animator.items == (second,)


def test_items_in_rect_finds_governed_items_only(animator):
    inside = anima.Item(animator, center=(50, 50), size=(20, 20))
    outside = anima.Item(animator, center=(250, 250), size=(20, 20))
    ungoverned = anima.Item(animator, center=(55, 55), size=(20, 20))
    animator.add_behavior(anima.Collision([inside, outside]))
    found = animator.items_in_rect((0, 0, 100, 100))
    assert found == [inside]
    assert found[0] is inside
    assert ungoverned not in found


def test_items_in_rect_finds_an_item_that_collides_with_nothing_where_it_is(animator):
    # its broad-phase box stays where it was made (the step moves only colliding items' boxes)
    ball = anima.Item(animator, center=(50, 50), size=(20, 20))
    animator.add_behavior(anima.Gravity([ball]))
    for _ in range(120):
        animator.step()
    x, y = ball.center
    assert y > 500
    assert animator.items_in_rect((x - 15, y - 15, 30, 30)) == [ball]
    assert animator.items_in_rect((0, 0, 100, 100)) == []
    animator.add_behavior(anima.Collision([ball]))
    assert animator.items_in_rect((x - 15, y - 15, 30, 30)) == [ball]
    assert animator.items_in_rect((0, 0, 100, 100)) == []


def test_repr_shows_state_counts_and_elapsed_time(falling_ball, animator):
    text = repr(animator)
    assert "running" in text and "1 item" in text and "2 behaviors" in text
    animator.run_until_rest()
    assert "paused" in repr(animator)


def test_destroy_makes_the_animator_and_its_objects_stale(falling_ball, animator):
    ball, gravity, _ = falling_ball
    animator.destroy()
    assert not animator.is_valid
    assert not ball.is_valid and not gravity.is_valid
    assert "destroyed" in repr(animator)
    with pytest.raises(anima.StaleHandleError):
        animator.advance(0.1)
    with pytest.raises(anima.StaleHandleError):
        _ = ball.center
    with pytest.raises(anima.StaleHandleError):
        _ = gravity.items


def test_destroying_twice_raises_stale_handle_error(animator):
    animator.destroy()
    with pytest.raises(anima.StaleHandleError):
        animator.destroy()


def test_animator_is_collected_when_unreferenced():
    anim = anima.Animator()
    anima.Gravity([anima.Item(anim)])
    ref = weakref.ref(anim)
    del anim
    gc.collect()
    assert ref() is None


def test_items_keep_their_animator_alive():
    anim = anima.Animator()
    item = anima.Item(anim, center=(1, 2))
    ref = weakref.ref(anim)
    del anim
    gc.collect()
    assert ref() is not None
    assert item.animator is ref()
    assert item.center == (1.0, 2.0)


def test_behaviors_keep_their_animator_alive():
    anim = anima.Animator()
    gravity = anima.Gravity([], animator=anim)
    ref = weakref.ref(anim)
    del anim
    gc.collect()
    assert gravity.animator is ref()


def test_animator_subclass_works():
    class World(anima.Animator):
        def __init__(self, name):
            super().__init__(reference_bounds=(0, 0, 100, 100))
            self.name = name

    world = World("demo")
    item = anima.Item(world)
    assert item.animator is world
    assert world.name == "demo"
    assert world.reference_bounds == (0.0, 0.0, 100.0, 100.0)


def test_init_twice_raises_invalid_state_error(animator):
    with pytest.raises(anima.InvalidStateError):
        animator.__init__()


def test_destroyed_animator_cannot_be_initialised_again(animator):
    animator.destroy()
    with pytest.raises(anima.InvalidStateError):
        animator.__init__()
    assert not animator.is_valid
