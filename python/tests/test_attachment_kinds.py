"""Fixed, limit (rope) and sliding attachments and attachment ranges: creation, errors and physics."""

import gc
import inspect
import math

import pytest

import anima


def relative_pose(first, second):
    """The second item's centre in the first item's own coordinates, and their angle difference."""
    (x1, y1), (x2, y2), angle = first.center, second.center, first.rotation
    dx, dy = x2 - x1, y2 - y1
    c, s = math.cos(angle), math.sin(angle)
    return (c * dx + s * dy, -s * dx + c * dy), second.rotation - angle


@pytest.fixture
def pair():
    """An unbounded animator with two 20 pt boxes, at (0, 0) and (100, 0)."""
    anim = anima.Animator()
    first = anima.Item(anim, center=(0, 0), size=(20, 20))
    second = anima.Item(anim, center=(100, 0), size=(20, 20))
    return anim, first, second


# ------------------------------------------------------------------ creation


def test_fixed_attachment_fuses_two_items_at_a_point(pair):
    anim, first, second = pair
    weld = anima.Attachment.fixed(first, second, (50, 0))
    assert isinstance(weld, anima.Attachment)
    assert weld.type == "fixed"
    assert weld.anchor_point == (50.0, 0.0)
    assert weld.length == 0.0
    assert weld.items == (first, second)
    assert weld.animator is anim
    assert not weld.is_added
    with pytest.raises(anima.InvalidStateError):
        weld.length = 10
    with pytest.raises(anima.InvalidStateError):
        weld.anchor_point = (0, 0)


def test_limit_attachment_takes_its_length_from_the_geometry(pair):
    _, first, second = pair
    rope = anima.Attachment.limit(first, second)
    assert rope.type == "limit"
    assert rope.length == pytest.approx(100.0)
    assert rope.anchor_point == (0.0, 0.0)
    offset_rope = anima.Attachment.limit(first, second, offset=(0, 10), other_offset=(-10, -30))
    assert offset_rope.length == pytest.approx(math.hypot(90, 40))
    offset_rope.length = 60
    assert offset_rope.length == 60.0


def test_sliding_attachment_against_a_point_or_an_item(pair):
    _, first, second = pair
    slide = anima.Attachment.sliding(first, (0, 0), (1, 1))
    assert slide.type == "sliding"
    assert slide.anchor_point == (0.0, 0.0)
    assert slide.items == (first,)
    assert slide.range == (-math.inf, math.inf)
    rail = anima.Attachment.sliding(first, (50, 0), (1, 0), other=second)
    assert rail.items == (first, second)
    assert anima.Attachment.sliding(first, (0, 0), (0, 1), other=None).items == (first,)


def test_new_kinds_refuse_bad_input(pair, other_animator):
    anim, first, second = pair
    _, stranger, _ = other_animator
    with pytest.raises(anima.InvalidArgumentError, match="axis"):
        anima.Attachment.sliding(first, (0, 0), (0, 0))
    with pytest.raises(anima.InvalidArgumentError):
        anima.Attachment.fixed(first, first, (0, 0))
    with pytest.raises(anima.InvalidArgumentError):
        anima.Attachment.limit(first, first)
    with pytest.raises(anima.InvalidArgumentError):
        anima.Attachment.sliding(first, (0, 0), (1, 0), other=first)
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        anima.Attachment.fixed(first, stranger, (0, 0))
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        anima.Attachment.limit(first, stranger)
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        anima.Attachment.sliding(first, (0, 0), (1, 0), other=stranger)
    with pytest.raises(anima.InvalidArgumentError, match="anchor\\[0\\] must be finite"):
        anima.Attachment.fixed(first, second, (math.nan, 0))
    with pytest.raises(TypeError):
        anima.Attachment.fixed(first, "second", (0, 0))
    with pytest.raises(TypeError):
        anima.Attachment.sliding(first, (0, 0), (1, 0), (0, 1))
    with pytest.raises(TypeError):
        anima.Attachment.limit(first, second, (0, 0))
    first.destroy()
    with pytest.raises(anima.StaleHandleError):
        anima.Attachment.limit(first, second)
    assert anim.behaviors == ()


def test_alternate_constructors_of_a_subclass_make_the_subclass(pair):
    class Joint(anima.Attachment):
        pass

    _, first, second = pair
    for joint in (Joint.fixed(first, second, (50, 0)), Joint.limit(first, second),
                  Joint.sliding(first, (0, 0), (1, 0))):
        assert type(joint) is Joint


def test_signatures_of_the_new_constructors():
    assert list(inspect.signature(anima.Attachment.fixed).parameters) == ["item", "other", "anchor"]
    assert list(inspect.signature(anima.Attachment.limit).parameters) == ["item", "other", "offset", "other_offset",
                                                                          "minimum_length"]
    drives = ["motor_speed", "max_motor_force", "joint_spring_frequency", "joint_spring_damping", "joint_spring_rest"]
    assert list(inspect.signature(anima.Attachment.sliding).parameters) == ["item", "anchor", "axis", "other"] + drives
    assert list(inspect.signature(anima.Attachment.pin).parameters) == ["item", "other", "anchor", "friction_torque"] + drives
    for name in ("fixed", "limit", "sliding", "range"):
        assert getattr(anima.Attachment, name).__doc__.strip()


def test_repr_of_the_new_kinds(pair):
    anim, first, second = pair
    weld = anima.Attachment.fixed(first, second, (50, 0))
    anim.add_behavior(weld)
    assert repr(weld) == "<anima.Attachment type='fixed' anchor_point=(50.0, 0.0), added>"
    assert repr(anima.Attachment.limit(first, second)) == "<anima.Attachment type='limit' length=100.0>"
    slide = anima.Attachment.sliding(first, (0, 0), (1, 0))
    assert repr(slide) == "<anima.Attachment type='sliding' anchor_point=(0.0, 0.0)>"
    slide.range = (-10, math.inf)
    assert repr(slide) == "<anima.Attachment type='sliding' anchor_point=(0.0, 0.0) range=(-10.0, inf)>"
    pin = anima.Attachment.pin(first, second, (50, 0))
    pin.range = (-0.5, 0.5)
    assert repr(pin) == ("<anima.Attachment type='pin' anchor_point=(50.0, 0.0) friction_torque=0.0 "
                         "range=(-0.5, 0.5)>")


def test_attachments_come_back_from_the_animator_with_their_type(pair):
    anim, first, second = pair
    anim.add_behavior(anima.Attachment.limit(first, second))
    gc.collect()
    (rope,) = anim.behaviors
    assert type(rope) is anima.Attachment and rope.type == "limit"


# --------------------------------------------------------------------- range


def test_range_round_trips_and_may_be_unlimited_on_one_side(pair):
    _, first, second = pair
    pin = anima.Attachment.pin(first, second, (50, 0))
    assert pin.range == (-math.inf, math.inf)
    pin.range = (-0.5, 0.25)
    assert pin.range == (-0.5, 0.25)
    pin.range = [0, math.inf]
    assert pin.range == (0.0, math.inf)
    pin.range = (-math.inf, math.inf)
    assert pin.range == (-math.inf, math.inf)


@pytest.mark.parametrize("value", [(5, 10), (-3, -1), (1, -1)], ids=repr)
def test_range_must_contain_zero(pair, value):
    _, first, _ = pair
    slide = anima.Attachment.sliding(first, (0, 0), (1, 0))
    slide.range = (-1, 1)
    with pytest.raises(anima.InvalidArgumentError, match="must contain 0"):
        slide.range = value
    assert slide.range == (-1.0, 1.0)


def test_range_refuses_nan_and_wrong_types(pair):
    _, first, _ = pair
    slide = anima.Attachment.sliding(first, (0, 0), (1, 0))
    with pytest.raises(anima.InvalidArgumentError, match="range\\[1\\] must not be NaN"):
        slide.range = (0, math.nan)
    with pytest.raises(anima.InvalidArgumentError, match="too large"):
        slide.range = (0, 10**400)
    with pytest.raises(TypeError, match="range must be a sequence of 2 numbers"):
        slide.range = 5
    with pytest.raises(TypeError, match="range must be a sequence of 2 numbers"):
        slide.range = (0, 1, 2)
    with pytest.raises(TypeError, match="range\\[0\\] must be a real number"):
        slide.range = ("low", 1)
    with pytest.raises(AttributeError):
        del slide.range
    assert slide.range == (-math.inf, math.inf)


def test_only_pins_and_sliding_attachments_have_a_range(pair):
    _, first, second = pair
    for attachment in (anima.Attachment(first, (0, 50)), anima.Attachment(first, to=second),
                       anima.Attachment.fixed(first, second, (50, 0)), anima.Attachment.limit(first, second)):
        with pytest.raises(anima.InvalidStateError, match="range"):
            attachment.range = (-1, 1)
        assert attachment.range == (-math.inf, math.inf)


# ------------------------------------------------------------------- physics


def test_fixed_attachment_keeps_the_relative_pose_in_free_fall(animator):
    left = anima.Item(animator, center=(130, 100), size=(40, 40))
    right = anima.Item(animator, center=(170, 90), size=(40, 20))
    weld = anima.Attachment.fixed(right, left, (150, 95))
    animator.add_behavior(weld)
    animator.add_behavior(anima.Gravity([left, right]))
    animator.add_behavior(anima.Collision([left, right], translates_reference_bounds_into_boundary=True))
    (dx0, dy0), angle0 = relative_pose(left, right)
    worst_offset = worst_angle = 0.0
    for _ in range(30):
        animator.advance(1 / 60)
        (dx, dy), angle = relative_pose(left, right)
        worst_offset = max(worst_offset, math.hypot(dx - dx0, dy - dy0))
        worst_angle = max(worst_angle, abs(angle - angle0))
    assert left.center[1] > 200, "the pair fell"
    assert worst_offset < 0.05, f"the weld gave {worst_offset} pt"
    assert worst_angle < 0.001, f"the weld gave {worst_angle} rad"


def rope_scene():
    """A 10 pt bob hung from an anchored 10 pt hook on a 100 pt rope, under gravity."""
    anim = anima.Animator()
    hook = anima.Item(anim, center=(0, 0), size=(10, 10))
    bob = anima.Item(anim, center=(0, 100), size=(10, 10), shape="ellipse")
    rope = anima.Attachment.limit(bob, hook)
    anim.add_behavior(rope)
    anim.add_behavior(anima.ItemBehavior([hook], anchored=True))
    anim.add_behavior(anima.ItemBehavior([bob]))
    anim.add_behavior(anima.Gravity([bob]))
    return anim, bob, rope


def test_rope_holds_a_hanging_bob_at_its_length():
    anim, bob, rope = rope_scene()
    assert rope.length == pytest.approx(100.0)
    anim.advance(1.0)
    assert bob.center[1] == pytest.approx(100.0, abs=0.5)
    assert bob.center[0] == pytest.approx(0.0, abs=1e-6)


def test_rope_goes_slack_when_the_bob_is_thrown_up_and_never_stretches():
    anim, bob, _ = rope_scene()
    anim.advance(1.0)
    bob.velocity = (0, -500)
    anim.step()
    highest = 100.0
    for _ in range(120):
        anim.step()
        highest = min(highest, bob.center[1])
    # a rod would hold it at 100 pt; the slack rope lets it rise above the hook
    assert highest < 0.0, f"rose only to {highest}"
    longest = 0.0
    for _ in range(240):
        anim.step()
        longest = max(longest, math.hypot(*bob.center))
    assert longest < 101.0, f"stretched to {longest} pt"


def bead_on_wire():
    """A 20 pt bead on a straight wire through (0, 0) at 30 degrees below +x, under gravity."""
    anim = anima.Animator()
    bead = anima.Item(anim, center=(0, 0), size=(20, 20))
    wire = (math.cos(math.pi / 6), math.sin(math.pi / 6))
    slide = anima.Attachment.sliding(bead, (0, 0), (2 * wire[0], 2 * wire[1]))
    anim.add_behavior(slide)
    anim.add_behavior(anima.Gravity([bead]))
    anim.add_behavior(anima.ItemBehavior([bead]))
    return anim, bead, slide, wire


def test_bead_slides_down_a_thirty_degree_wire_as_g_sin_thirty():
    anim, bead, _, wire = bead_on_wire()
    anim.advance(0.5)
    x, y = bead.center
    along = x * wire[0] + y * wire[1]
    across = x * wire[1] - y * wire[0]
    # a frictionless bead: s = g sin 30 t^2 / 2 = 1000 x 0.5 x 0.25 / 2 = 62.5 pt
    assert along == pytest.approx(62.5, rel=0.02)
    assert abs(across) < 0.5, f"left the wire by {across} pt"
    assert abs(bead.rotation) < 1e-6


def test_bead_stops_at_the_end_of_its_range():
    anim, bead, slide, wire = bead_on_wire()
    anim.advance(0.5)
    slide.range = (-10, 80)
    anim.advance(2.0)
    x, y = bead.center
    assert x * wire[0] + y * wire[1] == pytest.approx(80.0, abs=1.0)
    assert abs(x * wire[1] - y * wire[0]) < 0.5
    with pytest.raises(anima.InvalidArgumentError):
        slide.range = (5, 10)
    assert slide.range == (-10.0, 80.0)


def test_pin_range_stops_a_swinging_arm_near_its_limit():
    anim = anima.Animator()
    base = anima.Item(anim, center=(0, 0), size=(40, 40))
    arm = anima.Item(anim, center=(60, 0), size=(100, 10))
    pin = anima.Attachment.pin(arm, base, (20, 0))
    pin.range = (-0.5, 0.5)
    anim.add_behavior(pin)
    anim.add_behavior(anima.Gravity([arm]))
    anim.add_behavior(anima.ItemBehavior([base], anchored=True))
    anim.add_behavior(anima.ItemBehavior([arm]))
    largest = 0.0
    for _ in range(240):
        anim.step()
        largest = max(largest, arm.rotation)
    assert 0.45 < largest < 0.52, f"swung to {largest} rad against a 0.5 rad limit"


def held_arm(**pin_settings):
    """A 100 pt arm pinned at its left end to an anchored base, released horizontal under
    gravity, with the pin's settings given; returns the animator, the arm and the pin."""
    anim = anima.Animator()
    base = anima.Item(anim, center=(0, 0), size=(40, 40))
    arm = anima.Item(anim, center=(60, 0), size=(100, 10))
    pin = anima.Attachment.pin(arm, base, (20, 0))
    for name, value in pin_settings.items():
        setattr(pin, name, value)
    anim.add_behavior(pin)
    anim.add_behavior(anima.Gravity([arm]))
    anim.add_behavior(anima.ItemBehavior([base], anchored=True))
    anim.add_behavior(anima.ItemBehavior([arm]))
    return anim, arm, pin


@pytest.mark.parametrize("hold, release", [
    ({"friction_torque": 1e9}, {"friction_torque": 0.0}),
    ({"range": (-0.1, 0.1)}, {"range": (-math.inf, math.inf)}),
], ids=["friction", "range"])
def test_a_hinge_swings_once_its_friction_or_range_is_taken_away(hold, release):
    anim, arm, pin = held_arm(**hold)
    anim.advance(1.0)
    held = arm.rotation
    assert held < 0.12, f"held at {held} rad"
    for name, value in release.items():
        setattr(pin, name, value)
    swing = held
    for _ in range(240):
        anim.step()
        swing = max(swing, arm.rotation)
    # free, it swings down through the vertical (pi / 2); the impulse that held it is not
    # applied again
    assert swing > 1.5, f"swung only to {swing} rad once released"


def test_bead_slides_on_once_its_range_is_lifted():
    anim, bead, slide, wire = bead_on_wire()
    slide.range = (-10, 30)
    anim.advance(1.0)
    x, y = bead.center
    assert x * wire[0] + y * wire[1] == pytest.approx(30.0, abs=1.0)
    slide.range = (-math.inf, math.inf)
    anim.advance(0.5)
    x, y = bead.center
    # from rest at 30 pt: 30 + g sin 30 t^2 / 2 = 30 + 62.5 pt
    assert x * wire[0] + y * wire[1] == pytest.approx(92.5, rel=0.03)


def test_offsets_read_back_the_attachment_points_in_each_items_own_coordinates(animator):
    one = anima.Item(animator, center=(100, 100), size=(40, 40))
    two = anima.Item(animator, center=(200, 100), size=(40, 40))
    two.transform = (math.pi / 2, 1, 1, 0, 0)
    hanging = anima.Attachment(one, (100, 20), offset=(5, -10))
    assert hanging.offset == (5, -10) and hanging.other_offset == (0, 0)
    rod = anima.Attachment(one, to=two, offset=(10, 0), other_offset=(0, 15))
    assert rod.offset == (10, 0) and rod.other_offset == (0, 15)
    # a pin's points are where the pin was, in each item's frame: (150, 100) is 50 pt right of the
    # first item's centre, and 50 pt left of the second's, which is turned a quarter: (0, 50) there
    pin = anima.Attachment.pin(one, two, (150, 100))
    assert pin.offset == pytest.approx((50, 0), abs=1e-12)
    assert pin.other_offset == pytest.approx((0, 50), abs=1e-12)
    with pytest.raises(AttributeError):
        pin.offset = (1, 2)
