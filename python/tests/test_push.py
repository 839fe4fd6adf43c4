"""Push: continuous force, instantaneous velocity change, target offsets, properties, bad input."""

import math

import pytest

import anima

#: A 64 pt circle of density 1: mass = pi/4 x 64^2 / 10 000.
BALL_MASS = math.pi / 4 * 64 ** 2 / 10_000


def pushed_ball(mode, magnitude=0.5):
    """A 64 pt ball at the origin of an unbounded animator, pushed up (angle -pi/2), undamped."""
    anim = anima.Animator()
    ball = anima.Item(anim, center=(0, 0), size=(64, 64), shape="ellipse")
    push = anima.Push([ball], mode=mode, angle=-math.pi / 2, magnitude=magnitude)
    anim.add_behavior(push)
    anim.add_behavior(anima.ItemBehavior([ball]))  # resistance 0: no damping
    return anim, ball, push


# ---------------------------------------------------------------- physics


def test_continuous_push_accelerates_at_hundred_times_magnitude_over_mass():
    anim, ball, push = pushed_ball("continuous")
    assert ball.mass == pytest.approx(BALL_MASS, rel=1e-12)
    anim.advance(1.0)
    acceleration = 100 * 0.5 / BALL_MASS  # 155.4 pt/s^2
    vx, vy = ball.velocity
    assert -vy == pytest.approx(acceleration, rel=1e-6)
    assert vx == pytest.approx(0, abs=1e-9)
    # s = a t^2 / 2; the step-wise integration adds about a h t / 2, well inside 1 %
    assert -ball.center[1] == pytest.approx(acceleration / 2, rel=0.01)
    assert push.active
    assert anim.is_running


def test_instantaneous_push_changes_velocity_once_then_turns_inactive():
    anim, ball, push = pushed_ball("instantaneous")
    dv = 100 * 0.5 / BALL_MASS
    assert push.active
    anim.step()
    assert not push.active
    assert -ball.velocity[1] == pytest.approx(dv, rel=1e-9)
    speed = ball.velocity
    anim.advance(1.0)
    assert ball.velocity == pytest.approx(speed, rel=1e-12, abs=1e-12)


def test_reactivating_an_instantaneous_push_pushes_again():
    anim, ball, push = pushed_ball("instantaneous")
    dv = 100 * 0.5 / BALL_MASS
    anim.step()
    anim.advance(0.25)
    push.active = True
    anim.step()
    assert not push.active
    assert -ball.velocity[1] == pytest.approx(2 * dv, rel=1e-9)


def test_off_centre_push_turns_the_item():
    anim = anima.Animator()
    box = anima.Item(anim, center=(0, 0), size=(100, 100))  # mass 1, I = (100^2 + 100^2) / 12
    push = anima.Push([box], mode="instantaneous")
    push.direction = (1, 0)
    push.set_target_offset(box, (0, -50))  # the top edge, pushed to the right
    anim.add_behavior(push)
    anim.add_behavior(anima.ItemBehavior([box]))
    anim.step()
    # impulse J = 100 at r = (0, -50): w = (r x J) / I = 5000 / 1666.7 = 3 rad/s, clockwise on screen
    assert box.angular_velocity == pytest.approx(3.0, rel=1e-9)
    assert box.velocity[0] == pytest.approx(100.0, rel=1e-9)
    assert box.velocity[1] == pytest.approx(0.0, abs=1e-9)


def test_push_acts_only_while_added_and_active():
    anim, ball, push = pushed_ball("continuous")
    push.active = False
    anim.advance(0.5)
    assert ball.velocity == (0.0, 0.0)
    anim.remove_behavior(push)
    push.active = True
    anim.advance(0.5)
    assert ball.velocity == (0.0, 0.0)


def test_heavier_item_accelerates_less():
    anim = anima.Animator()
    light = anima.Item(anim, center=(0, 0), size=(50, 50))
    heavy = anima.Item(anim, center=(200, 0), size=(100, 100))
    anim.add_behavior(anima.Push([light, heavy], angle=0.0, magnitude=1.0))
    anim.add_behavior(anima.ItemBehavior([light, heavy]))
    anim.advance(0.5)
    assert light.velocity[0] == pytest.approx(100 / 0.25 * 0.5, rel=1e-6)  # mass 0.25
    assert heavy.velocity[0] == pytest.approx(100 / 1.0 * 0.5, rel=1e-6)  # mass 1


# ------------------------------------------------------------- properties


def test_push_defaults(animator, ball):
    push = anima.Push([ball])
    assert push.mode == "continuous"
    assert push.angle == 0.0
    assert push.magnitude == 0.0
    assert push.direction == (0.0, 0.0)
    assert push.active is True
    assert push.items == (ball,)
    assert push.target_offset(ball) == (0.0, 0.0)
    assert isinstance(push, anima.Behavior)


def test_direction_angle_and_magnitude_follow_each_other(ball):
    push = anima.Push([ball], angle=math.pi / 2, magnitude=2.0)
    x, y = push.direction
    assert x == pytest.approx(0, abs=1e-12) and y == pytest.approx(2.0)
    push.direction = (3, 4)
    assert push.magnitude == pytest.approx(5.0)
    assert push.angle == pytest.approx(math.atan2(4, 3))
    push.set_angle(math.pi, 0.5)
    assert push.direction == pytest.approx((-0.5, 0.0), abs=1e-12)
    push.angle = 0.0
    assert push.magnitude == pytest.approx(0.5)
    push.magnitude = -1.0
    assert push.direction == pytest.approx((-1.0, 0.0))


def test_push_keeps_its_angle_when_the_magnitude_is_zero(ball):
    push = anima.Push([ball])
    push.angle = 1.2
    push.magnitude = 2.0
    assert push.angle == pytest.approx(1.2, abs=1e-12)
    assert push.magnitude == 2.0


def test_mode_is_fixed_at_creation(ball):
    push = anima.Push([ball], mode="instantaneous")
    assert push.mode == "instantaneous"
    with pytest.raises(AttributeError):
        push.mode = "continuous"


def test_target_offset_reads_back(ball):
    push = anima.Push([ball])
    push.set_target_offset(ball, [3, -4])
    assert push.target_offset(ball) == (3.0, -4.0)
    push.set_target_offset(item=ball, offset=(0, 0))
    assert push.target_offset(ball) == (0.0, 0.0)


def test_empty_push_needs_an_animator(animator):
    with pytest.raises(TypeError, match="animator"):
        anima.Push([])
    assert anima.Push([], animator=animator).items == ()


def test_push_comes_back_as_a_push(animator, ball):
    animator.add_behavior(anima.Push([ball], magnitude=0.25))
    (push,) = animator.behaviors
    assert type(push) is anima.Push
    assert push.magnitude == 0.25


def test_push_repr_names_mode_and_strength(animator, ball):
    push = anima.Push([ball], mode="instantaneous", magnitude=0.5)
    animator.add_behavior(push)
    assert repr(push) == "<anima.Push mode='instantaneous' angle=0.0 magnitude=0.5 active=True, 1 item, added>"
    push.destroy()
    assert repr(push) == "<anima.Push (destroyed)>"


# -------------------------------------------------------------- bad input


def test_nan_magnitude_is_refused(ball):
    with pytest.raises(anima.InvalidArgumentError, match="magnitude"):
        anima.Push([ball], magnitude=math.nan)
    push = anima.Push([ball], magnitude=0.5)
    with pytest.raises(anima.InvalidArgumentError, match="magnitude"):
        push.magnitude = math.nan
    with pytest.raises(anima.InvalidArgumentError, match="magnitude"):
        push.set_angle(0.0, math.inf)
    assert push.magnitude == 0.5


def test_out_of_range_magnitude_is_refused_by_the_library(ball):
    with pytest.raises(anima.InvalidArgumentError, match="anima_push_create"):
        anima.Push([ball], magnitude=2e6)
    push = anima.Push([ball])
    with pytest.raises(anima.InvalidArgumentError, match="anima_push_set_direction"):
        push.direction = (2e6, 0)


def test_unknown_mode_is_refused(ball):
    with pytest.raises(anima.InvalidArgumentError, match="continuous"):
        anima.Push([ball], mode="sideways")
    with pytest.raises(TypeError, match="mode"):
        anima.Push([ball], mode=1)


def test_target_offset_of_an_item_not_pushed_raises_not_found(animator, ball):
    other = anima.Item(animator)
    push = anima.Push([ball])
    with pytest.raises(anima.NotFoundError):
        push.target_offset(other)
    with pytest.raises(anima.NotFoundError):
        push.set_target_offset(other, (1, 1))
    with pytest.raises(anima.InvalidArgumentError, match="offset"):
        push.set_target_offset(ball, (math.nan, 0))
    with pytest.raises(TypeError, match="anima.Item"):
        push.target_offset("ball")
