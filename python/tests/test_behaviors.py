"""Gravity, Collision and ItemBehavior: defaults, properties, items, boundaries."""

import gc
import math

import pytest

import anima


# ------------------------------------------------------------------ common


def test_behaviors_share_the_behavior_base_class(ball):
    for behavior in (anima.Gravity([ball]), anima.Collision([ball]), anima.ItemBehavior([ball])):
        assert isinstance(behavior, anima.Behavior)
        assert behavior.animator is ball.animator


def test_behavior_base_class_needs_an_animator():
    with pytest.raises(TypeError):
        anima.Behavior()


def test_behavior_takes_its_animator_from_the_items(animator, ball):
    assert anima.Gravity([ball]).animator is animator


def test_empty_behavior_needs_an_animator(animator):
    with pytest.raises(TypeError, match="animator"):
        anima.Gravity([])
    gravity = anima.Gravity([], animator=animator)
    assert gravity.items == ()
    assert gravity.animator is animator


def test_items_may_be_any_iterable(animator):
    items = [anima.Item(animator) for _ in range(3)]
    gravity = anima.Gravity(item for item in items)
    assert gravity.items == tuple(items)


def test_items_are_kept_in_the_order_added(animator):
    a, b, c = (anima.Item(animator) for _ in range(3))
    gravity = anima.Gravity([b])
    gravity.add_item(c)
    gravity.add_item(a)
    gravity.add_item(c)
    assert gravity.items == (b, c, a)
    assert gravity.items[0] is b


def test_remove_item_and_removing_a_missing_item_is_ignored(animator, ball):
    other = anima.Item(animator)
    gravity = anima.Gravity([ball, other])
    gravity.remove_item(ball)
    gravity.remove_item(ball)
    assert gravity.items == (other,)


def test_is_added_follows_the_animator(animator, ball):
    gravity = anima.Gravity([ball])
    assert not gravity.is_added
    animator.add_behavior(gravity)
    assert gravity.is_added


def test_destroyed_behavior_leaves_the_animator(animator, ball):
    gravity = anima.Gravity([ball])
    animator.add_behavior(gravity)
    gravity.destroy()
    assert not gravity.is_valid
    assert animator.behaviors == ()
    assert "destroyed" in repr(gravity)


def test_behavior_from_the_animator_is_the_users_object_or_a_fresh_one_of_its_type(animator, ball):
    collision = anima.Collision([ball])
    animator.add_behavior(collision)
    animator.add_behavior(anima.ItemBehavior([ball]))
    gc.collect()
    first, second = animator.behaviors
    assert first is collision
    assert type(second) is anima.ItemBehavior


def test_behaviors_compare_and_hash_by_handle(animator, ball):
    gravity = anima.Gravity([ball])
    animator.add_behavior(gravity)
    assert animator.behaviors[0] == gravity
    assert hash(animator.behaviors[0]) == hash(gravity)
    assert gravity != anima.Gravity([ball])


def test_repr_names_the_behavior_and_its_item_count(animator, ball):
    gravity = anima.Gravity([ball])
    assert repr(gravity).startswith("<anima.Gravity 1 item")
    animator.add_behavior(gravity)
    assert "added" in repr(gravity)


# ----------------------------------------------------------------- gravity


def test_default_gravity_points_down_with_magnitude_1(ball):
    gravity = anima.Gravity([ball])
    assert gravity.direction == (0.0, 1.0)
    assert gravity.angle == pytest.approx(math.pi / 2)
    assert gravity.magnitude == pytest.approx(1.0)


def test_gravity_from_a_direction(ball):
    gravity = anima.Gravity([ball], direction=(3, 4))
    assert gravity.magnitude == pytest.approx(5.0)
    assert gravity.angle == pytest.approx(math.atan2(4, 3))


def test_gravity_from_an_angle_keeps_magnitude_1(ball):
    gravity = anima.Gravity([ball], angle=0.0)
    assert gravity.direction == pytest.approx((1.0, 0.0))


def test_gravity_from_a_magnitude_keeps_pointing_down(ball):
    gravity = anima.Gravity([ball], magnitude=2.0)
    assert gravity.direction == pytest.approx((0.0, 2.0))


def test_gravity_from_angle_and_magnitude(ball):
    gravity = anima.Gravity([ball], angle=math.pi, magnitude=0.5)
    assert gravity.direction == pytest.approx((-0.5, 0.0), abs=1e-12)


def test_gravity_refuses_direction_together_with_angle(ball):
    with pytest.raises(TypeError):
        anima.Gravity([ball], direction=(0, 1), angle=1.0)


def test_gravity_properties_round_trip(ball):
    gravity = anima.Gravity([ball])
    gravity.direction = (1, 0)
    assert gravity.angle == pytest.approx(0.0)
    gravity.angle = math.pi / 2
    assert gravity.direction == pytest.approx((0.0, 1.0))
    gravity.magnitude = 3.0
    assert gravity.direction == pytest.approx((0.0, 3.0))
    gravity.set_angle(0.0, 2.0)
    assert gravity.direction == pytest.approx((2.0, 0.0))
    gravity.set_angle(angle=math.pi, magnitude=1.0)
    assert gravity.direction == pytest.approx((-1.0, 0.0), abs=1e-12)


def test_zero_magnitude_resets_the_angle_as_uikit_does(ball):
    gravity = anima.Gravity([ball])
    gravity.magnitude = 0.0
    assert gravity.angle == 0.0
    assert gravity.direction == (0.0, 0.0)


# --------------------------------------------------------------- collision


def test_default_collision(ball):
    collision = anima.Collision([ball])
    assert collision.mode == "everything"
    assert collision.translates_reference_bounds_into_boundary is False
    assert collision.reference_bounds_insets == (0.0, 0.0, 0.0, 0.0)
    assert collision.boundary_identifiers == ()
    assert collision.on_began_contact is None
    assert collision.on_ended_contact is None


@pytest.mark.parametrize("mode, name", [
    ("items", "items"), ("boundaries", "boundaries"), ("everything", "everything"),
    (anima.CollisionMode.ITEMS, "items"), (anima.CollisionMode.BOUNDARIES, "boundaries"),
    (anima.CollisionMode.ITEMS | anima.CollisionMode.BOUNDARIES, "everything"), (2, "boundaries"),
])
def test_collision_mode_accepts_names_and_flags(ball, mode, name):
    assert anima.Collision([ball], mode=mode).mode == name
    collision = anima.Collision([ball])
    collision.mode = mode
    assert collision.mode == name


def test_reference_bounds_boundary_with_insets(ball):
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True, insets=(1, 2, 3, 4))
    assert collision.translates_reference_bounds_into_boundary is True
    assert collision.reference_bounds_insets == (1.0, 2.0, 3.0, 4.0)


def test_toggling_the_reference_bounds_boundary_keeps_the_insets(ball):
    collision = anima.Collision([ball])
    collision.set_translates_reference_bounds_into_boundary(insets=(5, 6, 7, 8))
    assert collision.translates_reference_bounds_into_boundary
    collision.translates_reference_bounds_into_boundary = False
    assert not collision.translates_reference_bounds_into_boundary
    collision.translates_reference_bounds_into_boundary = True
    assert collision.reference_bounds_insets == (5.0, 6.0, 7.0, 8.0)


def test_set_translates_without_insets_uses_zero_insets(ball):
    collision = anima.Collision([ball], insets=(1, 1, 1, 1))
    collision.set_translates_reference_bounds_into_boundary()
    assert collision.reference_bounds_insets == (0.0, 0.0, 0.0, 0.0)


def test_named_boundaries_are_added_read_and_removed(ball):
    collision = anima.Collision([ball])
    collision.add_boundary("floor", (0, 500), (320, 500))
    collision.add_boundary("wall", from_point=(0, 0), to_point=(0, 500))
    assert collision.boundary_identifiers == ("floor", "wall")
    assert collision.boundary("floor") == [(0.0, 500.0), (320.0, 500.0)]
    collision.remove_boundary("floor")
    assert collision.boundary_identifiers == ("wall",)
    collision.remove_all_boundaries()
    assert collision.boundary_identifiers == ()


def test_adding_a_boundary_with_an_existing_identifier_replaces_it(ball):
    collision = anima.Collision([ball])
    collision.add_boundary("floor", (0, 500), (320, 500))
    collision.add_boundary("floor", (0, 400), (320, 400))
    assert collision.boundary_identifiers == ("floor",)
    assert collision.boundary("floor") == [(0.0, 400.0), (320.0, 400.0)]


def test_boundary_identifiers_may_be_any_unicode(ball):
    collision = anima.Collision([ball])
    collision.add_boundary("étagère ☃", (0, 0), (1, 0))
    assert collision.boundary_identifiers == ("étagère ☃",)
    assert collision.boundary("étagère ☃") == [(0.0, 0.0), (1.0, 0.0)]


def test_remove_all_boundaries_keeps_the_reference_bounds_boundary(ball):
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    collision.add_boundary("floor", (0, 500), (320, 500))
    collision.remove_all_boundaries()
    assert collision.translates_reference_bounds_into_boundary


def test_contact_callbacks_can_be_set_and_unset(ball):
    collision = anima.Collision([ball])

    def callback(event):
        pass

    collision.on_began_contact = callback
    collision.on_ended_contact = callback
    assert collision.on_began_contact is callback
    assert collision.on_ended_contact is callback
    collision.on_began_contact = None
    del collision.on_ended_contact
    assert collision.on_began_contact is None
    assert collision.on_ended_contact is None


# ----------------------------------------------------------- item behavior


def test_item_behavior_defaults(ball):
    behavior = anima.ItemBehavior([ball])
    assert behavior.elasticity == 0.0
    assert behavior.friction == 0.0
    assert behavior.density == 1.0
    assert behavior.resistance == 0.0
    assert behavior.angular_resistance == 0.0
    assert behavior.charge == 0.0
    assert behavior.allows_rotation is True
    assert behavior.anchored is False


def test_item_behavior_constructor_arguments_are_applied(ball):
    behavior = anima.ItemBehavior(
        [ball], elasticity=0.5, friction=0.25, density=2.0, resistance=1.0, angular_resistance=3.0,
        charge=-1.0, allows_rotation=False, anchored=True,
    )
    assert (behavior.elasticity, behavior.friction, behavior.density) == (0.5, 0.25, 2.0)
    assert (behavior.resistance, behavior.angular_resistance, behavior.charge) == (1.0, 3.0, -1.0)
    assert behavior.allows_rotation is False
    assert behavior.anchored is True


@pytest.mark.parametrize("name, value", [
    ("elasticity", 1.0), ("friction", 2.0), ("density", 0.5), ("resistance", 4.0),
    ("angular_resistance", 0.5), ("charge", 7.0), ("allows_rotation", False), ("anchored", True),
])
def test_item_behavior_properties_round_trip(ball, name, value):
    behavior = anima.ItemBehavior([ball])
    setattr(behavior, name, value)
    assert getattr(behavior, name) == value


def test_item_behavior_adds_linear_and_angular_velocity(ball):
    behavior = anima.ItemBehavior([ball])
    behavior.add_linear_velocity(ball, (10, -5))
    behavior.add_linear_velocity(ball, velocity=(1, 1))
    assert behavior.linear_velocity(ball) == (11.0, -4.0)
    assert ball.velocity == (11.0, -4.0)
    behavior.add_angular_velocity(ball, 2.0)
    assert behavior.angular_velocity(ball) == 2.0
    assert ball.angular_velocity == 2.0


def test_item_behavior_density_sets_the_mass(animator, ball):
    behavior = anima.ItemBehavior([ball], density=1.0)
    animator.add_behavior(behavior)
    before = ball.mass
    behavior.density = 2.0
    assert ball.mass == pytest.approx(2 * before)
