"""Motors and springs on pin and sliding attachments, and a rope's minimum length (Box2D v3's
revolute, prismatic and distance joints; pymunk's SimpleMotor, DampedRotarySpring and
SlideJoint), checked against the physics they stand for."""

import math

import pytest

import anima


def knob(angular_resistance=0.0, **drive):
    """A 100 pt disc of mass 1 (I = m r^2 / 2 = 1250 mass x pt^2) pinned at its centre to an
    anchored base: it can only turn."""
    anim = anima.Animator()
    base = anima.Item(anim, center=(0, 0), size=(20, 20))
    disc = anima.Item(anim, center=(0, 0), size=(100, 100), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([base], anchored=True))
    anim.add_behavior(anima.ItemBehavior([disc], density=4 / math.pi, angular_resistance=angular_resistance))
    pin = anima.Attachment.pin(disc, base, (0, 0), **drive)
    anim.add_behavior(pin)
    return anim, disc, pin


def lift(**drive):
    """A 40 x 40 box of mass 1 on a vertical line through the origin, under gravity (1000 pt/s^2
    down the screen, +y)."""
    anim = anima.Animator()
    box = anima.Item(anim, center=(0, 0), size=(40, 40))
    anim.add_behavior(anima.ItemBehavior([box], density=1 / 0.16))
    slide = anima.Attachment.sliding(box, (0, 0), (0, 1), **drive)
    anim.add_behavior(slide)
    anim.add_behavior(anima.Gravity([box]))
    return anim, box, slide


def test_pin_motor_accelerates_at_its_torque_limit_then_holds_its_speed():
    anim, disc, pin = knob(motor_speed=2 * math.pi, max_motor_force=5000.0)
    assert disc.mass == pytest.approx(1.0, rel=1e-12)
    anim.advance(1.0)
    # alpha = T / I = 5000 / 1250 = 4 rad/s^2
    assert disc.angular_velocity == pytest.approx(4.0, abs=1e-9)
    assert pin.motor_force == pytest.approx(5000.0, abs=1e-6)
    anim.advance(1.0)
    assert disc.angular_velocity == pytest.approx(2 * math.pi, abs=1e-9)
    assert abs(pin.motor_force) < 1e-6
    # against a resistance of 0.5 it holds the speed with a torque of c I w
    anim, disc, pin = knob(0.5, motor_speed=2 * math.pi, max_motor_force=5000.0)
    anim.advance(4.0)
    assert disc.angular_velocity == pytest.approx(2 * math.pi, abs=1e-9)
    assert pin.motor_force == pytest.approx(0.5 * 1250 * 2 * math.pi, rel=0.01)


def test_pin_spring_swings_at_its_frequency_about_its_rest():
    anim, disc, pin = knob(joint_spring_frequency=2.0, joint_spring_rest=0.5)
    angles = []
    for _ in range(int(3 / anim.step_duration)):
        anim.step()
        angles.append(disc.rotation - 0.5)
    ups = [i * anim.step_duration for i in range(1, len(angles)) if angles[i - 1] < 0 <= angles[i]]
    period = (ups[-1] - ups[0]) / (len(ups) - 1)
    assert period == pytest.approx(0.5, rel=0.01)
    pin.joint_spring_damping = 1.0
    anim.advance(3.0)
    assert disc.rotation == pytest.approx(0.5, abs=1e-3)


def test_a_knob_with_detents_settles_on_the_nearest_one():
    # a spring whose rest is moved to the detent nearest the angle, and a motor at speed 0 as
    # friction: flicked at 9 rad/s, the knob clicks through detents and stops on a multiple of
    # 30 degrees
    detent = math.pi / 6
    anim, disc, pin = knob(max_motor_force=300.0, joint_spring_frequency=2.0, joint_spring_damping=0.1)
    disc.angular_velocity = 9.0
    for _ in range(int(4 / anim.step_duration)):
        pin.joint_spring_rest = round(disc.rotation / detent) * detent
        anim.step()
    assert abs(disc.angular_velocity) < 1e-3
    nearest = round(disc.rotation / detent) * detent
    assert nearest >= 2 * detent, "the flick turned the knob past its first detents"
    # the friction (300) stalls the spring (I w^2 = 197 000 per radian) within 1.5e-3 rad
    assert disc.rotation == pytest.approx(nearest, abs=1.5e-3)


def test_sliding_motor_lifts_at_its_speed_or_slips_when_too_weak():
    anim, box, slide = lift(motor_speed=-100.0, max_motor_force=1500.0)
    anim.advance(1.0)
    assert box.velocity == pytest.approx((0.0, -100.0), abs=1e-6)
    assert slide.motor_force == pytest.approx(-1000.0, abs=1e-3)   # m g, held at constant speed
    anim, box, slide = lift(motor_speed=-100.0, max_motor_force=400.0)
    anim.advance(1.0)
    assert box.velocity[1] == pytest.approx(600.0, abs=1e-6)      # (g - F / m) x 1 s
    assert slide.motor_force == pytest.approx(-400.0, abs=1e-6)


def test_sliding_spring_hangs_at_rest_plus_its_stretch():
    anim, box, slide = lift(joint_spring_frequency=1.5, joint_spring_damping=1.0, joint_spring_rest=20.0)
    anim.advance(4.0)
    k = (2 * math.pi * 1.5) ** 2
    assert box.center[1] == pytest.approx(20 + 1000 / k, abs=0.1)
    assert box.center[0] == 0.0


def test_rope_with_a_minimum_length_keeps_between_its_two_lengths():
    anim = anima.Animator()
    left = anima.Item(anim, center=(0, 0), size=(20, 20), shape="ellipse")
    right = anima.Item(anim, center=(100, 0), size=(20, 20), shape="ellipse", velocity=(-200, 0))
    anim.add_behavior(anima.ItemBehavior([left, right]))
    rope = anima.Attachment.limit(left, right, minimum_length=60)
    anim.add_behavior(rope)
    assert (rope.length, rope.minimum_length) == (100.0, 60.0)
    distances = []
    for _ in range(240):
        anim.step()
        distances.append(math.dist(left.center, right.center))
    assert min(distances) > 59.5 and max(distances) < 100.5
    assert left.velocity[0] == pytest.approx(-100.0, abs=1e-6)   # momentum kept
    assert "minimum_length=60.0" in repr(rope)


def test_drives_refuse_bad_values_and_kinds_without_them():
    anim, disc, pin = knob()
    assert (pin.motor_speed, pin.max_motor_force, pin.motor_force) == (0.0, 0.0, 0.0)
    assert (pin.joint_spring_frequency, pin.joint_spring_damping, pin.joint_spring_rest) == (0.0, 0.0, 0.0)
    for name, value in (("motor_speed", math.nan), ("motor_speed", 2e4), ("max_motor_force", -1.0),
                        ("max_motor_force", math.inf), ("joint_spring_frequency", -1.0),
                        ("joint_spring_damping", math.nan), ("joint_spring_rest", math.inf)):
        with pytest.raises(ValueError):
            setattr(pin, name, value)
    with pytest.raises(TypeError):
        pin.motor_speed = "fast"
    with pytest.raises(AttributeError):
        pin.motor_force = 1.0
    with pytest.raises(anima.InvalidStateError, match="only a limit attachment"):
        pin.minimum_length = 1.0
    other = anima.Item(anim, center=(300, 0), size=(10, 10))
    rod = anima.Attachment(disc, to=other)
    for name in ("motor_speed", "max_motor_force", "joint_spring_frequency", "joint_spring_rest"):
        with pytest.raises(anima.InvalidStateError, match="only pin and sliding"):
            setattr(rod, name, 1.0)
    rope = anima.Attachment.limit(disc, other)
    with pytest.raises(ValueError, match="at most its length"):
        rope.minimum_length = 301.0
    rope.minimum_length = 100.0
    with pytest.raises(ValueError, match="shorter than its minimum"):
        rope.length = 50.0
    assert rope.length == 300.0
    with pytest.raises(ValueError):
        anima.Attachment.pin(disc, other, (0, 0), max_motor_force=-5)
    assert "motor_speed=1.0" in repr(anima.Attachment.pin(disc, other, (0, 0), motor_speed=1, max_motor_force=2))


def test_driven_joints_replay_bit_for_bit_from_a_snapshot():
    anim, disc, pin = knob(motor_speed=3.0, max_motor_force=2000.0, joint_spring_frequency=1.0,
                           joint_spring_damping=0.2, joint_spring_rest=-0.3)
    anim.advance(0.5)
    copy = anima.Animator.restore(anim.snapshot())
    anim.advance(1.0)
    copy.advance(1.0)
    assert copy.snapshot() == anim.snapshot()
