"""Physics through the Python API: units, settling, determinism."""

import math

import pytest

import anima


def falling_scene(gravity=None, **item_behavior):
    """A 20 pt ball in an unbounded animator under gravity (the default one, or one made with the
    options `gravity`), with an ItemBehavior made with the options `item_behavior`."""
    anim = anima.Animator()
    ball = anima.Item(anim, center=(0, 0), size=(20, 20), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball], **(gravity or {})))
    anim.add_behavior(anima.ItemBehavior([ball], **item_behavior))
    return anim, ball


def test_ball_under_gravity_alone_falls_half_g_t_squared():
    # An ItemBehavior with its defaults (no resistance) leaves gravity the only influence.
    anim, ball = falling_scene()
    anim.advance(0.5)
    t = anim.elapsed_time
    assert t == pytest.approx(0.5, abs=1 / 120)
    assert ball.center[1] == pytest.approx(1000 / 2 * t * t, rel=0.01)
    assert ball.center[0] == 0.0


def test_ball_falls_the_same_with_frame_by_frame_advance():
    anim, ball = falling_scene()
    for _ in range(30):
        anim.advance(1 / 60)
    assert ball.center[1] == pytest.approx(125.0, rel=0.01)


def test_ball_falls_at_1000_pt_per_s_squared_whatever_its_mass():
    light, light_ball = falling_scene(density=0.1)
    heavy, heavy_ball = falling_scene(density=10.0)
    light.advance(0.5)
    heavy.advance(0.5)
    assert light_ball.center == heavy_ball.center


def test_ungoverned_ball_is_slowed_by_the_implicit_damping():
    # Items without an ItemBehavior keep UIKit's implicit body damping (0.1/s).
    anim = anima.Animator()
    ball = anima.Item(anim, size=(20, 20), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.advance(0.5)
    assert 0.97 * 125 < ball.center[1] < 125


def test_gravity_magnitude_scales_the_acceleration():
    anim, ball = falling_scene(gravity={"magnitude": 2.0})
    anim.advance(0.5)
    assert ball.center[1] == pytest.approx(250.0, rel=0.01)


def test_gravity_angle_zero_pulls_to_the_right():
    anim, ball = falling_scene(gravity={"angle": 0.0})
    anim.advance(0.5)
    x, y = ball.center
    assert x == pytest.approx(125.0, rel=0.01)
    assert y == pytest.approx(0.0, abs=1e-9)


#: The radius of the ball of ball_over_the_floor.
RADIUS = 32.0


def ball_over_the_floor():
    """A 64 pt ball high in a 320 x 568 pt screen, under gravity, colliding with the screen's edges."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(anim, center=(160, 52), size=(2 * RADIUS, 2 * RADIUS), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    return anim, ball


def test_ball_comes_to_rest_on_the_floor_and_the_animator_pauses():
    anim, ball = ball_over_the_floor()
    pauses = []
    anim.on_did_pause = pauses.append
    seconds = anim.run_until_rest(max_seconds=10)
    assert seconds is not None
    assert anim.is_running is False
    assert pauses == [anim]
    assert ball.center[1] == pytest.approx(568 - RADIUS, abs=1.0)
    assert ball.center[0] == pytest.approx(160, abs=1.0)
    assert ball.is_resting


def test_resting_ball_stays_put_while_paused():
    anim, ball = ball_over_the_floor()
    anim.run_until_rest()
    center, steps = ball.center, anim.step_count
    anim.advance(1.0)
    assert ball.center == center
    assert anim.step_count == steps


def test_moving_a_resting_item_wakes_the_animator():
    anim, ball = ball_over_the_floor()
    anim.run_until_rest()
    resumed = []
    anim.on_will_resume = resumed.append
    ball.center = (160, 100)
    anim.advance(1 / 60)
    assert resumed == [anim]
    assert anim.is_running


def test_elastic_ball_bounces_higher_than_a_dead_one():
    def peak_after_first_bounce(elasticity):
        anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
        ball = anima.Item(anim, center=(160, 300), size=(40, 40), shape="ellipse")
        anim.add_behavior(anima.Gravity([ball]))
        anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
        anim.add_behavior(anima.ItemBehavior([ball], elasticity=elasticity))
        lowest_y = 0.0
        for _ in range(120):
            anim.advance(1 / 60)
            lowest_y = max(lowest_y, ball.center[1])
            if anim.began_contacts:
                break
        top = lowest_y
        for _ in range(120):
            anim.advance(1 / 60)
            top = min(top, ball.center[1])
        return lowest_y - top

    assert peak_after_first_bounce(0.9) > 100
    assert peak_after_first_bounce(0.0) < 5


def test_anchored_item_does_not_move():
    anim = anima.Animator()
    item = anima.Item(anim, center=(50, 50))
    anim.add_behavior(anima.Gravity([item]))
    anim.add_behavior(anima.ItemBehavior([item], anchored=True))
    anim.advance(0.5)
    assert item.center == (50.0, 50.0)


def test_item_falls_onto_an_anchored_item(animator):
    floor = anima.Item(animator, center=(160, 400), size=(300, 20))
    box = anima.Item(animator, center=(160, 300), size=(40, 40))
    animator.add_behavior(anima.Gravity([box]))
    animator.add_behavior(anima.Collision([floor, box]))
    animator.add_behavior(anima.ItemBehavior([floor], anchored=True))
    assert animator.run_until_rest() is not None
    assert box.center[1] == pytest.approx(400 - 10 - 20, abs=1.0)
    assert floor.center == (160.0, 400.0)


def test_items_in_different_collisions_pass_through_each_other(animator):
    floor = anima.Item(animator, center=(160, 400), size=(300, 20))
    box = anima.Item(animator, center=(160, 300), size=(40, 40))
    animator.add_behavior(anima.Gravity([box]))
    animator.add_behavior(anima.Collision([floor]))
    animator.add_behavior(anima.Collision([box]))
    animator.add_behavior(anima.ItemBehavior([floor], anchored=True))
    animator.advance(1.0)
    assert box.center[1] > 450


def build_pile():
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    items = [
        anima.Item(anim, center=(60 + 37 * (i % 6), 80 + 45 * (i // 6)), size=(30 + i % 3 * 5, 30),
                   shape="ellipse" if i % 2 else "rectangle", rotation=0.1 * i)
        for i in range(18)
    ]
    anim.add_behavior(anima.Gravity(items, angle=math.pi / 2 + 0.1))
    anim.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
    anim.add_behavior(anima.ItemBehavior(items[:9], elasticity=0.4, friction=0.3))
    return anim


def test_same_scene_twice_gives_bit_identical_poses():
    first, second = build_pile(), build_pile()
    for _ in range(90):
        first.advance(1 / 60)
        second.advance(1 / 60)
    assert first.poses().tobytes() == second.poses().tobytes()
    assert first.step_count == second.step_count


def test_results_do_not_depend_on_the_frame_rate():
    fine, coarse = build_pile(), build_pile()
    for _ in range(8):
        fine.advance(1 / 8)
    for _ in range(2):
        coarse.advance(1 / 2)
    assert fine.step_count == coarse.step_count == 120
    assert fine.poses().tobytes() == coarse.poses().tobytes()


def pile_poses(workers):
    """600 boxes poured into a box with `workers` threads, after 1.5 s: (animator, poses)."""
    anim = anima.Animator((0, 0, 300, 400), workers=workers)
    boxes = [anima.Item(anim, center=(6 + (k % 30) * 10 + (k // 30) % 3 * 0.3, 390 - (k // 30) * 11), size=(9, 9))
             for k in range(600)]
    anim.add_behavior(anima.Gravity(boxes))
    anim.add_behavior(anima.Collision(boxes, translates_reference_bounds_into_boundary=True))
    anim.advance(1.5)
    return anim, [(*b.center, b.rotation) for b in boxes]


def test_workers_give_bit_identical_poses():
    anim, one = pile_poses(1)
    assert anim.workers == 1
    for workers in (2, 4):
        anim, several = pile_poses(workers)
        assert 1 <= anim.workers <= workers  # no more threads than processors
        assert several == one
    # the pile lies on the floor: the lowest boxes rest on it (centre 4.5 pt above y = 400)
    assert max(y for _, y, _ in one) == pytest.approx(395.5, abs=0.5)


@pytest.mark.parametrize("workers", [0, -1, 17, 2**40])
def test_workers_outside_1_to_16_are_refused(workers):
    with pytest.raises((ValueError, OverflowError), match="workers"):
        anima.Animator(workers=workers)
