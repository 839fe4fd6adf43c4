"""Items: defaults, properties, identity."""

import gc
import math
import weakref

import pytest

import anima


def test_default_item_is_a_100pt_square_at_the_origin(animator):
    item = anima.Item(animator)
    assert item.center == (0.0, 0.0)
    assert item.size == (100.0, 100.0)
    assert item.bounds == (0.0, 0.0, 100.0, 100.0)
    assert item.shape == "rectangle"
    assert item.path is None
    assert item.alpha == 1.0
    assert item.rotation == 0.0
    assert item.transform == anima.Transform()
    assert item.velocity == (0.0, 0.0)
    assert item.angular_velocity == 0.0
    assert item.is_valid
    assert item.animator is animator


def test_a_100pt_square_of_density_1_has_mass_1(animator):
    assert anima.Item(animator).mass == pytest.approx(1.0)


def test_mass_is_density_times_area_over_10000(animator):
    item = anima.Item(animator, size=(200, 50))
    assert item.mass == pytest.approx(1.0)
    animator.add_behavior(anima.ItemBehavior([item], density=3.0))
    assert item.mass == pytest.approx(3.0)


def test_item_behavior_density_counts_only_once_added(animator):
    item = anima.Item(animator)
    behavior = anima.ItemBehavior([item], density=3.0)
    assert item.mass == pytest.approx(1.0)
    animator.add_behavior(behavior)
    assert item.mass == pytest.approx(3.0)
    animator.remove_behavior(behavior)
    assert item.mass == pytest.approx(1.0)


def test_mass_of_an_ellipse_uses_the_ellipse_area(animator):
    item = anima.Item(animator, size=(100, 100), shape="ellipse")
    assert item.mass == pytest.approx(math.pi * 50 * 50 / 10000)


def test_mass_follows_the_scaled_collision_bounds(animator):
    item = anima.Item(animator, scale=(2.0, 2.0))
    assert item.mass == pytest.approx(4.0)


def test_mass_follows_a_resize(animator):
    item = anima.Item(animator)
    item.size = (50, 50)
    assert item.mass == pytest.approx(0.25)


def test_constructor_arguments_are_applied(animator):
    item = anima.Item(
        animator, (10, 20), (30, 40), shape="ellipse", rotation=0.5, scale=(2, 3), translation=(4, 5),
        alpha=0.25, velocity=(6, 7), angular_velocity=1.5,
    )
    assert item.center == (10.0, 20.0)
    assert item.size == (30.0, 40.0)
    assert item.shape == "ellipse"
    assert item.transform == anima.Transform(0.5, 2.0, 3.0, 4.0, 5.0)
    assert item.rotation == pytest.approx(0.5)
    assert item.alpha == 0.25
    assert item.velocity == (6.0, 7.0)
    assert item.angular_velocity == 1.5


def test_properties_round_trip(ball):
    ball.center = (12.5, 13.5)
    ball.size = (20, 30)
    ball.alpha = 0.5
    ball.shape = "rectangle"
    ball.velocity = (-1, 2)
    ball.angular_velocity = -0.25
    assert ball.center == (12.5, 13.5)
    assert ball.size == (20.0, 30.0)
    assert ball.bounds == (0.0, 0.0, 20.0, 30.0)
    assert ball.alpha == 0.5
    assert ball.shape == "rectangle"
    assert ball.velocity == (-1.0, 2.0)
    assert ball.angular_velocity == -0.25


def test_transform_accepts_a_transform_or_a_5_tuple(ball):
    ball.transform = anima.Transform(rotation=1.0, translation_x=3.0)
    assert ball.transform == (1.0, 1.0, 1.0, 3.0, 0.0)
    assert ball.rotation == pytest.approx(1.0)
    ball.transform = (0.0, 2.0, 2.0, 0.0, 0.0)
    assert ball.transform.scale_x == 2.0
    assert isinstance(ball.transform, anima.Transform)


def test_shape_accepts_path_only_on_an_item_with_a_path(animator, ball):
    with pytest.raises(anima.InvalidStateError):
        ball.shape = "path"
    assert ball.shape == "ellipse"
    square = anima.Item(animator, path=[(-10, -10), (-10, 10), (10, 10), (10, -10)])
    square.shape = "rectangle"
    square.shape = "path"
    assert square.shape == "path"


def test_unknown_shape_names_every_shape(ball):
    with pytest.raises(anima.InvalidArgumentError, match="'rectangle', 'ellipse', 'path', 'capsule' or 'rounded_rectangle'"):
        ball.shape = "triangle"


def test_rotation_is_read_only(ball):
    with pytest.raises(AttributeError):
        ball.rotation = 1.0


def test_read_only_properties_cannot_be_set(ball):
    for name, value in [("mass", 1.0), ("bounds", (0, 0, 1, 1)), ("is_resting", True), ("animator", None)]:
        with pytest.raises(AttributeError):
            setattr(ball, name, value)


def test_properties_cannot_be_deleted(ball):
    with pytest.raises(AttributeError):
        del ball.center


def test_animator_items_return_the_users_own_object(animator, ball):
    assert animator.items[0] is ball


def test_a_fresh_wrapper_is_made_when_none_is_alive(animator):
    anima.Item(animator, center=(7, 8))
    gc.collect()
    (item,) = animator.items
    assert item.center == (7.0, 8.0)
    assert animator.items[0] is item


def test_items_compare_and_hash_by_handle(animator):
    first, second = anima.Item(animator), anima.Item(animator)
    assert first == animator.items[0]
    assert first != second
    assert len({first, second, animator.items[0]}) == 2
    assert first != "item"


def test_items_support_weak_references(ball):
    ref = weakref.ref(ball)
    assert ref() is ball


def test_item_subclass_with_its_own_init_comes_back_from_the_animator(animator):
    class Ball(anima.Item):
        def __init__(self, anim, color, **kwargs):
            super().__init__(anim, size=(20, 20), shape="ellipse", **kwargs)
            self.color = color

    red = Ball(animator, "red", center=(5, 5))
    assert animator.items[0] is red
    assert red.color == "red"
    assert red.size == (20.0, 20.0)


def test_unmoved_item_is_resting(ball):
    assert ball.is_resting


def test_repr_shows_center_size_and_shape(ball):
    text = repr(ball)
    assert "center=(160.0, 100.0)" in text
    assert "size=(40.0, 40.0)" in text
    assert "ellipse" in text


def test_destroyed_item_is_invalid_and_says_so(ball):
    ball.destroy()
    assert not ball.is_valid
    assert "destroyed" in repr(ball)


def test_init_twice_raises_invalid_state_error(ball):
    with pytest.raises(anima.InvalidStateError):
        ball.__init__(ball.animator)


def test_item_built_with_new_only_is_stale():
    item = anima.Item.__new__(anima.Item)
    assert not item.is_valid
    with pytest.raises(anima.StaleHandleError):
        _ = item.center
    with pytest.raises(anima.StaleHandleError):
        _ = item.animator
