"""Attachment (UIAttachmentBehavior): creation, properties, errors, and the physics of rods, springs and pins."""

import gc
import math

import pytest

import anima
from oscillation import mean_period, zero_crossings

#: Gravity of magnitude 1, in pt/s^2.
G = 1000.0


def world_point(item, offset):
    """The reference-space position of a point given from an item's centre in its own coordinates."""
    (x, y), angle = item.center, item.rotation
    c, s = math.cos(angle), math.sin(angle)
    return (x + c * offset[0] - s * offset[1], y + s * offset[0] + c * offset[1])


def hanging_ball(**options):
    """An unbounded animator and a 10 pt ball at (0, 100) under gravity, hung from (0, 0) by an
    Attachment made with `options`: (animator, ball, attachment)."""
    anim = anima.Animator()
    ball = anima.Item(anim, center=(0, 100), size=(10, 10), shape="ellipse")
    attachment = anima.Attachment(ball, (0, 0), **options)
    anim.add_behavior(attachment)
    anim.add_behavior(anima.Gravity([ball]))
    return anim, ball, attachment


@pytest.fixture
def scene():
    """An unbounded animator with two 10 pt balls, at (0, 100) and (30, 140)."""
    anim = anima.Animator()
    ball = anima.Item(anim, center=(0, 100), size=(10, 10), shape="ellipse")
    other = anima.Item(anim, center=(30, 140), size=(10, 10), shape="ellipse")
    return anim, ball, other


# ------------------------------------------------------------------ creation


def test_anchor_attachment_has_uikit_defaults_and_takes_its_length_from_the_geometry(scene):
    anim, ball, _ = scene
    rod = anima.Attachment(ball, (0, 0))
    assert isinstance(rod, anima.Behavior)
    assert rod.type == "anchor"
    assert rod.anchor_point == (0.0, 0.0)
    assert rod.length == pytest.approx(100.0)
    assert (rod.frequency, rod.damping, rod.friction_torque) == (0.0, 0.0, 0.0)
    assert rod.items == (ball,)
    assert rod.animator is anim
    assert not rod.is_added
    assert rod.is_valid


def test_anchor_keyword_and_explicit_spring_parameters(scene):
    _, ball, _ = scene
    spring = anima.Attachment(ball, anchor=[10, 20], length=50, frequency=2, damping=0.5)
    assert spring.anchor_point == (10.0, 20.0)
    assert (spring.length, spring.frequency, spring.damping) == (50.0, 2.0, 0.5)


def test_offset_is_in_the_items_own_coordinates(scene):
    anim, _, _ = scene
    # Turned a quarter turn clockwise, the item's +x axis points down the screen: the
    # attachment point (10, 0) is at (0, 10), 100 pt above the anchor.
    turned = anima.Item(anim, center=(0, 0), size=(20, 20), rotation=math.pi / 2)
    rod = anima.Attachment(turned, (0, 110), offset=(10, 0))
    assert rod.length == pytest.approx(100.0)


def test_attachment_between_two_items_measures_between_the_attachment_points(scene):
    _, ball, other = scene
    link = anima.Attachment(ball, to=other)
    assert link.type == "items"
    assert link.length == pytest.approx(50.0)  # a 30-40-50 triangle
    assert link.items == (ball, other)
    assert link.anchor_point == (0.0, 100.0)
    offset_link = anima.Attachment(ball, to=other, offset=(5, 0), other_offset=(-5, 0))
    assert offset_link.length == pytest.approx(math.hypot(20, 40))


def test_pin_keeps_the_anchor_and_has_no_length(scene):
    anim, ball, other = scene
    pin = anima.Attachment.pin(ball, other, (15, 120), friction_torque=2.5)
    assert isinstance(pin, anima.Attachment)
    assert pin.type == "pin"
    assert pin.anchor_point == (15.0, 120.0)
    assert pin.length == 0.0
    assert pin.friction_torque == 2.5
    assert pin.items == (ball, other)
    assert pin.animator is anim


def test_repr_names_the_type_and_the_parameters(scene):
    anim, ball, other = scene
    rod = anima.Attachment(ball, (0, 0))
    anim.add_behavior(rod)
    assert repr(rod) == ("<anima.Attachment type='anchor' anchor_point=(0.0, 0.0) length=100.0 "
                         "frequency=0.0 damping=0.0, added>")
    assert repr(anima.Attachment(ball, to=other, frequency=2)) == (
        "<anima.Attachment type='items' length=50.0 frequency=2.0 damping=0.0>")
    assert repr(anima.Attachment.pin(ball, other, (0, 0))) == (
        "<anima.Attachment type='pin' anchor_point=(0.0, 0.0) friction_torque=0.0>")
    rod.destroy()
    assert repr(rod) == "<anima.Attachment (destroyed)>"


def test_setters_round_trip(scene):
    _, ball, other = scene
    rod = anima.Attachment(ball, (0, 0))
    rod.anchor_point = (12.5, -3)
    rod.length = 42
    rod.frequency = 3.5
    rod.damping = 1.0
    rod.friction_torque = 0.25
    assert rod.anchor_point == (12.5, -3.0)
    assert (rod.length, rod.frequency, rod.damping, rod.friction_torque) == (42.0, 3.5, 1.0, 0.25)
    pin = anima.Attachment.pin(ball, other, (0, 0))
    pin.friction_torque = 7.0
    assert pin.friction_torque == 7.0


def test_animator_lists_return_the_same_attachment_object(scene):
    anim, ball, _ = scene
    rod = anima.Attachment(ball, (0, 0))
    anim.add_behavior(rod)
    assert anim.behaviors == (rod,)
    assert anim.behaviors[0] is rod


def test_a_fresh_wrapper_of_a_forgotten_attachment_is_an_attachment(scene):
    anim, ball, _ = scene
    anim.add_behavior(anima.Attachment(ball, (0, 0), frequency=2))
    gc.collect()
    (found,) = anim.behaviors
    assert type(found) is anima.Attachment
    assert found.type == "anchor"
    assert found.frequency == 2.0


def test_subclass_keeps_its_identity_and_pin_makes_the_subclass(scene):
    anim, ball, other = scene

    class Rope(anima.Attachment):
        def __init__(self, item, anchor, label):
            super().__init__(item, anchor)
            self.label = label

    rope = Rope(ball, (0, 0), "main")
    anim.add_behavior(rope)
    assert anim.behaviors[0] is rope
    assert anim.behaviors[0].label == "main"
    hinge = Rope.pin(ball, other, (0, 0))
    assert type(hinge) is Rope
    assert hinge.type == "pin"


# -------------------------------------------------------------------- errors


def test_anchor_and_to_together_or_neither_is_a_type_error(scene):
    _, ball, other = scene
    with pytest.raises(TypeError, match="not both"):
        anima.Attachment(ball, (0, 0), to=other)
    with pytest.raises(TypeError, match="anchor point .* or another item"):
        anima.Attachment(ball)
    with pytest.raises(TypeError, match="other_offset"):
        anima.Attachment(ball, (0, 0), other_offset=(1, 0))


def test_wrong_python_types_are_type_errors(scene):
    _, ball, other = scene
    with pytest.raises(TypeError, match="item must be an anima.Item"):
        anima.Attachment("ball", (0, 0))
    with pytest.raises(TypeError, match="to must be an anima.Item"):
        anima.Attachment(ball, to=(0, 0))
    with pytest.raises(TypeError, match="anchor must be a sequence of 2 numbers"):
        anima.Attachment(ball, (0, 0, 0))
    with pytest.raises(TypeError, match="length must be a real number"):
        anima.Attachment(ball, (0, 0), length="long")
    with pytest.raises(TypeError, match="other must be an anima.Item"):
        anima.Attachment.pin(ball, None, (0, 0))
    with pytest.raises(TypeError):
        anima.Attachment.pin(ball, other, (0, 0), 1.0)  # friction_torque is keyword-only
    rod = anima.Attachment(ball, (0, 0))
    with pytest.raises(TypeError):
        rod.anchor_point = "here"
    with pytest.raises(AttributeError):
        del rod.length
    with pytest.raises(AttributeError):
        rod.type = "pin"


@pytest.mark.parametrize("arguments", [
    {"anchor": (math.nan, 0)},
    {"anchor": (0, math.inf)},
    {"anchor": (0, 0), "offset": (math.nan, 0)},
    {"anchor": (0, 0), "length": -1.0},
    {"anchor": (0, 0), "length": math.nan},
    {"anchor": (0, 0), "frequency": -2.0},
    {"anchor": (0, 0), "damping": -0.1},
    {"anchor": (0, 0), "frequency": 1e5},
], ids=lambda arguments: ",".join(f"{k}={v}" for k, v in arguments.items()))
def test_bad_values_at_creation_raise_invalid_argument_and_leave_the_object_unmade(scene, arguments):
    anim, ball, _ = scene
    rod = anima.Attachment.__new__(anima.Attachment)
    with pytest.raises(anima.InvalidArgumentError):
        rod.__init__(ball, **arguments)
    assert not rod.is_valid
    assert anim.behaviors == ()
    rod.__init__(ball, (0, 0))  # the failed call left it free to be made
    assert rod.length == pytest.approx(100.0)


def test_an_item_cannot_be_attached_to_itself(scene):
    _, ball, _ = scene
    with pytest.raises(anima.InvalidArgumentError, match="itself"):
        anima.Attachment(ball, to=ball)
    with pytest.raises(ValueError, match="itself"):
        anima.Attachment.pin(ball, ball, (0, 0))


def test_items_of_two_animators_are_a_value_error(scene, other_animator):
    _, ball, _ = scene
    _, stranger, _ = other_animator
    with pytest.raises(ValueError, match="another animator"):
        anima.Attachment(ball, to=stranger)
    with pytest.raises(ValueError, match="another animator"):
        anima.Attachment.pin(ball, stranger, (0, 0))


def test_stale_items_raise_stale_handle_error(scene):
    anim, ball, other = scene
    other.destroy()
    with pytest.raises(anima.StaleHandleError):
        anima.Attachment(other, (0, 0))
    with pytest.raises(anima.StaleHandleError):
        anima.Attachment(ball, to=other)
    with pytest.raises(anima.StaleHandleError):
        anima.Attachment.pin(ball, other, (0, 0))
    with pytest.raises(anima.StaleHandleError, match="never initialised"):
        anima.Attachment(anima.Item.__new__(anima.Item), (0, 0))
    anim.destroy()
    with pytest.raises(anima.StaleHandleError):
        anima.Attachment(ball, (0, 0))


def test_bad_values_in_setters_raise_and_change_nothing(scene):
    _, ball, _ = scene
    rod = anima.Attachment(ball, (0, 0), frequency=2, damping=0.5)
    for name, value in [("length", -1.0), ("length", math.nan), ("frequency", -1.0), ("frequency", math.inf),
                        ("damping", -0.5), ("friction_torque", -1.0), ("anchor_point", (math.nan, 0.0))]:
        with pytest.raises(anima.InvalidArgumentError):
            setattr(rod, name, value)
    assert rod.anchor_point == (0.0, 0.0)
    assert (rod.length, rod.frequency, rod.damping, rod.friction_torque) == (pytest.approx(100.0), 2.0, 0.5, 0.0)


def test_only_an_anchor_attachment_can_move_its_anchor_and_a_pin_has_no_length(scene):
    _, ball, other = scene
    link = anima.Attachment(ball, to=other)
    with pytest.raises(anima.InvalidStateError, match="anchor"):
        link.anchor_point = (5, 5)
    assert link.anchor_point == (0.0, 100.0)
    pin = anima.Attachment.pin(ball, other, (15, 120))
    with pytest.raises(anima.InvalidStateError):
        pin.anchor_point = (0, 0)
    with pytest.raises(anima.InvalidStateError, match="length"):
        pin.length = 10
    assert pin.anchor_point == (15.0, 120.0)
    assert pin.length == 0.0


def test_a_destroyed_attachment_raises_stale_handle_error(scene):
    anim, ball, _ = scene
    rod = anima.Attachment(ball, (0, 0))
    anim.add_behavior(rod)
    rod.destroy()
    assert not rod.is_valid
    assert anim.behaviors == ()
    for name in ("type", "anchor_point", "length", "frequency", "damping", "friction_torque"):
        with pytest.raises(anima.StaleHandleError):
            getattr(rod, name)
    with pytest.raises(anima.StaleHandleError):
        rod.length = 10


def test_init_on_a_made_attachment_is_an_invalid_state(scene):
    _, ball, _ = scene
    rod = anima.Attachment(ball, (0, 0))
    with pytest.raises(anima.InvalidStateError):
        rod.__init__(ball, (5, 5))
    assert rod.anchor_point == (0.0, 0.0)


# ------------------------------------------------------------------- physics


def test_rigid_pendulum_swings_with_the_period_of_a_simple_pendulum():
    # A 10 pt ball on a 200 pt rod, let go 5 degrees from the vertical: T = 2 pi sqrt(L / g).
    length = 200.0
    start = math.radians(5.0)
    anim = anima.Animator()
    ball = anima.Item(anim, center=(length * math.sin(start), length * math.cos(start)), size=(10, 10),
                      shape="ellipse")
    rod = anima.Attachment(ball, (0, 0))
    anim.add_behavior(rod)
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.ItemBehavior([ball], resistance=0.0))
    assert rod.length == pytest.approx(length)

    worst_stretch = 0.0

    def horizontal_position():
        nonlocal worst_stretch
        worst_stretch = max(worst_stretch, abs(math.dist(ball.center, (0.0, 0.0)) - length))
        return ball.center[0]

    crossings = zero_crossings(anim, horizontal_position, seconds=9.0)
    assert len(crossings) >= 6
    expected = 2 * math.pi * math.sqrt(length / G)
    assert expected == pytest.approx(2.810, abs=5e-4)
    assert mean_period(crossings) == pytest.approx(expected, rel=0.01)
    assert worst_stretch < 0.5


def test_undamped_spring_oscillates_at_its_frequency():
    # No gravity: the ball starts 20 pt beyond the spring's 80 pt rest length.
    anim = anima.Animator()
    ball = anima.Item(anim, center=(0, 100), size=(10, 10), shape="ellipse")
    anim.add_behavior(anima.Attachment(ball, (0, 0), length=80, frequency=2.0))
    anim.add_behavior(anima.ItemBehavior([ball]))
    crossings = zero_crossings(anim, lambda: ball.center[1] - 80.0, seconds=2.6)
    assert len(crossings) >= 8
    assert 1.0 / mean_period(crossings) == pytest.approx(2.0, rel=0.02)


def test_damped_spring_settles_with_the_static_stretch_and_the_animator_pauses():
    # At rest k x = m g with k = m (2 pi f)^2, whatever the mass: x = g / (2 pi f)^2.
    frequency = 2.0
    anim, ball, spring = hanging_ball(frequency=frequency, damping=0.7)
    anim.add_behavior(anima.ItemBehavior([ball]))
    assert anim.run_until_rest(max_seconds=10.0) is not None
    assert not anim.is_running
    expected = G / (2 * math.pi * frequency) ** 2
    assert expected == pytest.approx(6.33, abs=0.005)
    assert ball.center[1] - spring.length == pytest.approx(expected, rel=0.02)
    assert ball.center[0] == pytest.approx(0.0, abs=1e-6)


def test_moving_the_anchor_point_drags_the_item_at_the_rods_length():
    anim, ball, rod = hanging_ball()
    anim.add_behavior(anima.ItemBehavior([ball], resistance=2.0))
    assert anim.run_until_rest() is not None  # hanging still under the anchor
    # Carry the anchor 120 pt to the right at 120 pt/s.
    steps = round(1.0 / anim.step_duration)
    for i in range(1, steps + 1):
        rod.anchor_point = (120.0 * i / steps, 0.0)
        anim.step()
        assert math.dist(ball.center, rod.anchor_point) == pytest.approx(100.0, abs=0.5)
    assert ball.center[0] > 40.0  # it trails behind, but it came along
    assert anim.run_until_rest(max_seconds=30.0) is not None
    x, y = ball.center
    assert x == pytest.approx(120.0, abs=3.0)
    assert y == pytest.approx(100.0, abs=0.5)


def test_moving_the_anchor_point_wakes_a_paused_animator():
    anim, ball, rod = hanging_ball()
    anim.run_until_rest()
    assert not anim.is_running
    rest = ball.center
    rod.anchor_point = (30.0, 0.0)
    assert anim.is_running
    anim.advance(0.5)
    assert ball.center != rest
    assert math.dist(ball.center, (30.0, 0.0)) == pytest.approx(100.0, abs=0.5)


def test_pin_keeps_the_attachment_points_together_while_the_arm_swings():
    # A 100 x 10 pt arm pinned by its left end to an anchored block, let go horizontally.
    anim = anima.Animator()
    block = anima.Item(anim, center=(0, 0), size=(20, 20))
    arm = anima.Item(anim, center=(50, 0), size=(100, 10))
    pin = anima.Attachment.pin(block, arm, (0, 0))
    anim.add_behavior(anima.ItemBehavior([block], anchored=True))
    anim.add_behavior(anima.ItemBehavior([arm]))
    anim.add_behavior(anima.Gravity([arm]))
    anim.add_behavior(pin)
    widest = 0.0
    worst_gap = 0.0
    for _ in range(round(2.0 / anim.step_duration)):
        anim.step()
        widest = max(widest, arm.rotation)
        worst_gap = max(worst_gap, math.dist(world_point(block, (0, 0)), world_point(arm, (-50, 0))))
    assert widest > math.pi / 2  # it swung down and past the vertical
    assert worst_gap < 0.5
    assert block.center == (0.0, 0.0)


def test_a_removed_attachment_stops_holding_the_item():
    anim, ball, rod = hanging_ball()
    anim.add_behavior(anima.ItemBehavior([ball]))
    anim.advance(0.5)
    assert ball.center[1] == pytest.approx(100.0, abs=0.5)
    anim.remove_behavior(rod)
    anim.advance(0.5)
    assert ball.center[1] > 200.0  # free fall: 1/2 g t^2 = 125 pt in 0.5 s
