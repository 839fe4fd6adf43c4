"""Bad input of every kind: the right exception, never a crash."""

import math

import pytest

import anima

NON_FINITE = [math.nan, math.inf, -math.inf]


@pytest.fixture
def scene():
    """An animator with two items and one behavior of each kind."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    a = anima.Item(anim, center=(100, 100), size=(50, 50))
    b = anima.Item(anim, center=(200, 100), size=(50, 50))
    gravity = anima.Gravity([a])
    collision = anima.Collision([a, b])
    behavior = anima.ItemBehavior([a])
    return anim, a, b, gravity, collision, behavior


# Every way a float reaches the library; each takes (scene, value).
FLOAT_ARGUMENTS = {
    "Animator(step_rate)": lambda s, v: anima.Animator(step_rate=v),
    "Animator(rest_speed)": lambda s, v: anima.Animator(rest_speed=v),
    "Animator(rest_angular_speed)": lambda s, v: anima.Animator(rest_angular_speed=v),
    "Animator(rest_time)": lambda s, v: anima.Animator(rest_time=v),
    "Animator(reference_bounds)": lambda s, v: anima.Animator(reference_bounds=(0, 0, v, 10)),
    "Animator.reference_bounds": lambda s, v: setattr(s[0], "reference_bounds", (v, 0, 10, 10)),
    "Animator.advance": lambda s, v: s[0].advance(v),
    "Animator.run_until_rest(max_seconds)": lambda s, v: s[0].run_until_rest(max_seconds=v),
    "Animator.run_until_rest(frame)": lambda s, v: s[0].run_until_rest(frame=v),
    "Animator.items_in_rect": lambda s, v: s[0].items_in_rect((0, v, 10, 10)),
    "Item(center)": lambda s, v: anima.Item(s[0], center=(v, 0)),
    "Item(size)": lambda s, v: anima.Item(s[0], size=(10, v)),
    "Item(rotation)": lambda s, v: anima.Item(s[0], rotation=v),
    "Item(scale)": lambda s, v: anima.Item(s[0], scale=(v, 1)),
    "Item(translation)": lambda s, v: anima.Item(s[0], translation=(0, v)),
    "Item(alpha)": lambda s, v: anima.Item(s[0], alpha=v),
    "Item(velocity)": lambda s, v: anima.Item(s[0], velocity=(v, 0)),
    "Item(angular_velocity)": lambda s, v: anima.Item(s[0], angular_velocity=v),
    "Item.center": lambda s, v: setattr(s[1], "center", (0, v)),
    "Item.size": lambda s, v: setattr(s[1], "size", (v, 10)),
    "Item.transform": lambda s, v: setattr(s[1], "transform", (v, 1, 1, 0, 0)),
    "Item.alpha": lambda s, v: setattr(s[1], "alpha", v),
    "Item.velocity": lambda s, v: setattr(s[1], "velocity", (v, v)),
    "Item.angular_velocity": lambda s, v: setattr(s[1], "angular_velocity", v),
    "Gravity(direction)": lambda s, v: anima.Gravity([s[1]], direction=(0, v)),
    "Gravity(angle)": lambda s, v: anima.Gravity([s[1]], angle=v),
    "Gravity(magnitude)": lambda s, v: anima.Gravity([s[1]], magnitude=v),
    "Gravity.direction": lambda s, v: setattr(s[3], "direction", (v, 0)),
    "Gravity.angle": lambda s, v: setattr(s[3], "angle", v),
    "Gravity.magnitude": lambda s, v: setattr(s[3], "magnitude", v),
    "Gravity.set_angle(angle)": lambda s, v: s[3].set_angle(v, 1.0),
    "Gravity.set_angle(magnitude)": lambda s, v: s[3].set_angle(0.0, v),
    "Collision(insets)": lambda s, v: anima.Collision([s[1]], insets=(0, 0, v, 0)),
    "Collision.set_translates_reference_bounds_into_boundary": lambda s, v: (
        s[4].set_translates_reference_bounds_into_boundary(insets=(v, 0, 0, 0))),
    "Collision.add_boundary(from_point)": lambda s, v: s[4].add_boundary("x", (v, 0), (1, 1)),
    "Collision.add_boundary(to_point)": lambda s, v: s[4].add_boundary("x", (0, 0), (1, v)),
    "ItemBehavior(elasticity)": lambda s, v: anima.ItemBehavior([s[1]], elasticity=v),
    "ItemBehavior(friction)": lambda s, v: anima.ItemBehavior([s[1]], friction=v),
    "ItemBehavior(density)": lambda s, v: anima.ItemBehavior([s[1]], density=v),
    "ItemBehavior(resistance)": lambda s, v: anima.ItemBehavior([s[1]], resistance=v),
    "ItemBehavior(angular_resistance)": lambda s, v: anima.ItemBehavior([s[1]], angular_resistance=v),
    "ItemBehavior(charge)": lambda s, v: anima.ItemBehavior([s[1]], charge=v),
    "ItemBehavior.elasticity": lambda s, v: setattr(s[5], "elasticity", v),
    "ItemBehavior.friction": lambda s, v: setattr(s[5], "friction", v),
    "ItemBehavior.density": lambda s, v: setattr(s[5], "density", v),
    "ItemBehavior.resistance": lambda s, v: setattr(s[5], "resistance", v),
    "ItemBehavior.angular_resistance": lambda s, v: setattr(s[5], "angular_resistance", v),
    "ItemBehavior.charge": lambda s, v: setattr(s[5], "charge", v),
    "ItemBehavior.add_linear_velocity": lambda s, v: s[5].add_linear_velocity(s[1], (v, 0)),
    "ItemBehavior.add_angular_velocity": lambda s, v: s[5].add_angular_velocity(s[1], v),
}


@pytest.mark.parametrize("value", NON_FINITE, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("name", sorted(FLOAT_ARGUMENTS))
def test_non_finite_float_raises_invalid_argument_error(scene, name, value):
    with pytest.raises(anima.InvalidArgumentError, match="finite") as caught:
        FLOAT_ARGUMENTS[name](scene, value)
    assert isinstance(caught.value, ValueError)


def test_float_too_large_for_a_double_raises_invalid_argument_error(scene):
    with pytest.raises(anima.InvalidArgumentError):
        scene[1].alpha = 10**400


def test_state_is_unchanged_after_a_rejected_value(scene):
    item = scene[1]
    with pytest.raises(anima.InvalidArgumentError):
        item.center = (math.nan, 5)
    assert item.center == (100.0, 100.0)
    with pytest.raises(anima.InvalidArgumentError):
        item.size = (-5, 5)
    assert item.size == (50.0, 50.0)


# ----------------------------------------------------- values out of range

OUT_OF_RANGE = {
    "Item(size) zero": lambda s: anima.Item(s[0], size=(0, 10)),
    "Item(size) negative": lambda s: anima.Item(s[0], size=(10, -1)),
    "Item.size zero": lambda s: setattr(s[1], "size", (0, 0)),
    "Item.size negative": lambda s: setattr(s[1], "size", (-10, 10)),
    "Item(scale) zero": lambda s: anima.Item(s[0], scale=(0, 1)),
    "Item.transform zero scale": lambda s: setattr(s[1], "transform", (0, 1, 0, 0, 0)),
    "Item(alpha) above 1": lambda s: anima.Item(s[0], alpha=1.5),
    "Item.alpha negative": lambda s: setattr(s[1], "alpha", -0.1),
    "Animator(reference_bounds) zero width": lambda s: anima.Animator(reference_bounds=(0, 0, 0, 10)),
    "Animator.reference_bounds negative height": lambda s: setattr(s[0], "reference_bounds", (0, 0, 10, -1)),
    "Animator(step_rate) too low": lambda s: anima.Animator(step_rate=10),
    "Animator(step_rate) too high": lambda s: anima.Animator(step_rate=5000),
    "Animator(substeps) zero": lambda s: anima.Animator(substeps=0),
    "Animator(substeps) too many": lambda s: anima.Animator(substeps=17),
    "Animator(substeps) beyond int32": lambda s: anima.Animator(substeps=2**40),
    "Animator(rest_speed) zero": lambda s: anima.Animator(rest_speed=0),
    "Animator(rest_time) negative": lambda s: anima.Animator(rest_time=-1),
    "Animator.advance negative": lambda s: s[0].advance(-0.1),
    "Animator.items_in_rect negative size": lambda s: s[0].items_in_rect((0, 0, -1, 10)),
    "ItemBehavior(elasticity) above 1": lambda s: anima.ItemBehavior([s[1]], elasticity=1.01),
    "ItemBehavior(elasticity) negative": lambda s: anima.ItemBehavior([s[1]], elasticity=-0.01),
    "ItemBehavior.elasticity above 1": lambda s: setattr(s[5], "elasticity", 2.0),
    "ItemBehavior.elasticity negative": lambda s: setattr(s[5], "elasticity", -1.0),
    "ItemBehavior(density) zero": lambda s: anima.ItemBehavior([s[1]], density=0),
    "ItemBehavior.density negative": lambda s: setattr(s[5], "density", -1.0),
    "ItemBehavior.friction negative": lambda s: setattr(s[5], "friction", -0.5),
    "ItemBehavior.resistance negative": lambda s: setattr(s[5], "resistance", -0.5),
    "ItemBehavior.angular_resistance negative": lambda s: setattr(s[5], "angular_resistance", -0.5),
    "Collision(mode) unknown name": lambda s: anima.Collision([s[1]], mode="walls"),
    "Collision.mode zero": lambda s: setattr(s[4], "mode", 0),
    "Collision.mode four": lambda s: setattr(s[4], "mode", 4),
    "Collision.mode negative": lambda s: setattr(s[4], "mode", -1),
    "Collision.add_boundary same points": lambda s: s[4].add_boundary("x", (1, 1), (1, 1)),
    "Collision.add_boundary empty identifier": lambda s: s[4].add_boundary("", (0, 0), (1, 1)),
    "Collision.add_boundary NUL in identifier": lambda s: s[4].add_boundary("a\0b", (0, 0), (1, 1)),
    "Item(shape) unknown": lambda s: anima.Item(s[0], shape="triangle"),
    "Item.shape unknown": lambda s: setattr(s[1], "shape", "circle"),
}


@pytest.mark.parametrize("name", sorted(OUT_OF_RANGE))
def test_out_of_range_value_raises_invalid_argument_error(scene, name):
    with pytest.raises(anima.InvalidArgumentError) as caught:
        OUT_OF_RANGE[name](scene)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value)


def test_library_message_names_the_function_and_the_argument(scene):
    with pytest.raises(anima.InvalidArgumentError) as caught:
        scene[5].density = -2.0
    message = str(caught.value)
    assert "anima_item_behavior_set_density" in message
    assert "density" in message and "-2" in message


# -------------------------------------------------------- wrong Python types

WRONG_TYPES = {
    "Animator(reference_bounds) str": lambda s: anima.Animator(reference_bounds="0 0 10 10"),
    "Animator(reference_bounds) 3 numbers": lambda s: anima.Animator(reference_bounds=(0, 0, 10)),
    "Animator(step_rate) str": lambda s: anima.Animator(step_rate="fast"),
    "Animator(substeps) float": lambda s: anima.Animator(substeps=4.0),
    "Animator positional tuning": lambda s: anima.Animator(None, 120.0),
    "Animator.advance str": lambda s: s[0].advance("1"),
    "Animator.advance None": lambda s: s[0].advance(None),
    "Animator.add_behavior item": lambda s: s[0].add_behavior(s[1]),
    "Animator.add_behavior None": lambda s: s[0].add_behavior(None),
    "Animator.remove_behavior int": lambda s: s[0].remove_behavior(3),
    "Animator.items_in_rect number": lambda s: s[0].items_in_rect(5),
    "Animator.on_did_pause not callable": lambda s: setattr(s[0], "on_did_pause", 42),
    "Animator.on_will_resume not callable": lambda s: setattr(s[0], "on_will_resume", "f"),
    "Animator.copy_poses_into list": lambda s: s[0].copy_poses_into([0.0] * 30),
    "Animator.copy_states_into list": lambda s: s[0].copy_states_into([0.0] * 30),
    "Item animator missing": lambda s: anima.Item(),
    "Item animator wrong": lambda s: anima.Item("animator"),
    "Item center scalar": lambda s: anima.Item(s[0], center=5),
    "Item center 3 numbers": lambda s: anima.Item(s[0], center=(1, 2, 3)),
    "Item center str": lambda s: anima.Item(s[0], center="12"),
    "Item center of strs": lambda s: anima.Item(s[0], center=("1", "2")),
    "Item shape int": lambda s: anima.Item(s[0], shape=1),
    "Item unknown keyword": lambda s: anima.Item(s[0], colour="red"),
    "Item.center dict": lambda s: setattr(s[1], "center", {"x": 1, "y": 2}),
    "Item.size None": lambda s: setattr(s[1], "size", None),
    "Item.alpha str": lambda s: setattr(s[1], "alpha", "opaque"),
    "Item.transform 4 numbers": lambda s: setattr(s[1], "transform", (0, 1, 1, 0)),
    "Gravity items not iterable": lambda s: anima.Gravity(5),
    "Gravity items a single item": lambda s: anima.Gravity(s[1]),
    "Gravity items of str": lambda s: anima.Gravity(["ball"]),
    "Gravity animator wrong": lambda s: anima.Gravity([], animator="anim"),
    "Gravity.add_item behavior": lambda s: s[3].add_item(s[4]),
    "Gravity.remove_item None": lambda s: s[3].remove_item(None),
    "Gravity.set_angle one argument": lambda s: s[3].set_angle(1.0),
    "Gravity.set_angle unknown keyword": lambda s: s[3].set_angle(1.0, strength=2.0),
    "Gravity.set_angle duplicate": lambda s: s[3].set_angle(1.0, 2.0, angle=1.0),
    "Collision mode float": lambda s: anima.Collision([s[1]], mode=1.0),
    "Collision mode bool": lambda s: anima.Collision([s[1]], mode=True),
    "Collision.add_boundary identifier int": lambda s: s[4].add_boundary(7, (0, 0), (1, 1)),
    "Collision.add_boundary identifier bytes": lambda s: s[4].add_boundary(b"x", (0, 0), (1, 1)),
    "Collision.add_boundary missing point": lambda s: s[4].add_boundary("x", (0, 0)),
    "Collision.boundary identifier None": lambda s: s[4].boundary(None),
    "Collision.on_began_contact not callable": lambda s: setattr(s[4], "on_began_contact", 1),
    "ItemBehavior.linear_velocity not an item": lambda s: s[5].linear_velocity(s[3]),
    "ItemBehavior.add_linear_velocity scalar": lambda s: s[5].add_linear_velocity(s[1], 5.0),
    "ItemBehavior(elasticity) str": lambda s: anima.ItemBehavior([s[1]], elasticity="bouncy"),
}


@pytest.mark.parametrize("name", sorted(WRONG_TYPES))
def test_wrong_python_type_raises_type_error(scene, name):
    with pytest.raises(TypeError):
        WRONG_TYPES[name](scene)


# ------------------------------------------------------------- stale handles

ITEM_USES = {
    "center": lambda i: i.center,
    "set center": lambda i: setattr(i, "center", (1, 1)),
    "size": lambda i: i.size,
    "bounds": lambda i: i.bounds,
    "transform": lambda i: i.transform,
    "rotation": lambda i: i.rotation,
    "alpha": lambda i: i.alpha,
    "shape": lambda i: i.shape,
    "velocity": lambda i: i.velocity,
    "angular_velocity": lambda i: i.angular_velocity,
    "mass": lambda i: i.mass,
    "is_resting": lambda i: i.is_resting,
    "destroy": lambda i: i.destroy(),
}


@pytest.mark.parametrize("use", sorted(ITEM_USES))
def test_stale_item_raises_stale_handle_error(scene, use):
    item = scene[1]
    item.destroy()
    with pytest.raises(anima.StaleHandleError) as caught:
        ITEM_USES[use](item)
    assert isinstance(caught.value, ReferenceError)


def test_stale_item_given_to_a_behavior_raises_stale_handle_error(scene):
    anim, item, _, gravity, _, behavior = scene
    item.destroy()
    with pytest.raises(anima.StaleHandleError):
        gravity.add_item(item)
    with pytest.raises(anima.StaleHandleError):
        anima.Collision([item])
    with pytest.raises(anima.StaleHandleError):
        behavior.linear_velocity(item)


BEHAVIOR_USES = {
    "items": lambda b: b.items,
    "is_added": lambda b: b.is_added,
    "add_item": lambda b: b.add_item(b.animator.items[0]),
    "destroy": lambda b: b.destroy(),
    "add to animator": lambda b: b.animator.add_behavior(b),
}


@pytest.mark.parametrize("use", sorted(BEHAVIOR_USES))
@pytest.mark.parametrize("kind", [3, 4, 5], ids=["gravity", "collision", "item_behavior"])
def test_stale_behavior_raises_stale_handle_error(scene, kind, use):
    behavior = scene[kind]
    behavior.destroy()
    with pytest.raises(anima.StaleHandleError):
        BEHAVIOR_USES[use](behavior)


def test_stale_behavior_specific_properties_raise_stale_handle_error(scene):
    _, _, _, gravity, collision, behavior = scene
    for b in (gravity, collision, behavior):
        b.destroy()
    with pytest.raises(anima.StaleHandleError):
        _ = gravity.direction
    with pytest.raises(anima.StaleHandleError):
        collision.add_boundary("x", (0, 0), (1, 1))
    with pytest.raises(anima.StaleHandleError):
        collision.on_began_contact = print
    with pytest.raises(anima.StaleHandleError):
        behavior.elasticity = 0.5


def test_objects_of_a_destroyed_animator_raise_stale_handle_error(scene):
    anim, item, _, gravity, collision, _ = scene
    anim.destroy()
    for use in (lambda: item.center, lambda: gravity.magnitude, lambda: collision.mode,
                lambda: anim.items, lambda: anim.poses(), lambda: anima.Item(anim),
                lambda: anima.Gravity([], animator=anim), lambda: anim.step(),
                lambda: setattr(anim, "on_did_pause", print)):
        with pytest.raises(anima.StaleHandleError):
            use()


# ---------------------------------------------------------------- wrong kind


def test_a_method_of_one_behavior_kind_refuses_another_kind(scene):
    _, _, _, gravity, collision, behavior = scene
    with pytest.raises(TypeError):
        anima.Collision.add_boundary(behavior, "x", (0, 0), (1, 1))
    with pytest.raises(TypeError):
        anima.Gravity.direction.__get__(collision)
    with pytest.raises(TypeError):
        anima.ItemBehavior.elasticity.__set__(gravity, 0.5)


def test_wrong_kind_error_is_a_type_error():
    assert issubclass(anima.WrongKindError, TypeError)
    assert issubclass(anima.WrongKindError, anima.AnimaError)


# --------------------------------------------------- objects of two animators


def test_behavior_over_items_of_two_animators_raises_value_error(scene, other_animator):
    with pytest.raises(ValueError, match="another animator"):
        anima.Gravity([scene[1], other_animator[1]])


def test_behavior_with_an_explicit_animator_refuses_items_of_another(scene, other_animator):
    with pytest.raises(ValueError):
        anima.Collision([other_animator[1]], animator=scene[0])


def test_adding_an_item_of_another_animator_raises_invalid_argument_error(scene, other_animator):
    with pytest.raises(anima.InvalidArgumentError):
        scene[3].add_item(other_animator[1])


def test_adding_a_behavior_of_another_animator_raises_invalid_argument_error(scene, other_animator):
    with pytest.raises(anima.InvalidArgumentError):
        scene[0].add_behavior(other_animator[2])
    with pytest.raises(anima.InvalidArgumentError):
        scene[0].remove_behavior(other_animator[2])


def test_item_behavior_velocity_of_an_item_of_another_animator_raises(scene, other_animator):
    with pytest.raises(anima.InvalidArgumentError):
        scene[5].linear_velocity(other_animator[1])


# ----------------------------------------------------------------- not found


def test_unknown_boundary_raises_not_found_error(scene):
    collision = scene[4]
    with pytest.raises(anima.NotFoundError) as caught:
        collision.boundary("nope")
    assert isinstance(caught.value, KeyError)
    assert str(caught.value).startswith("anima_collision_get_boundary")
    with pytest.raises(KeyError):
        collision.remove_boundary("nope")


def test_item_not_in_the_item_behavior_raises_not_found_error(scene):
    _, _, other, _, _, behavior = scene
    with pytest.raises(anima.NotFoundError):
        behavior.linear_velocity(other)
    with pytest.raises(anima.NotFoundError):
        behavior.add_angular_velocity(other, 1.0)


# -------------------------------------------------------- error hierarchy


@pytest.mark.parametrize("error, builtin", [
    (anima.InvalidArgumentError, ValueError),
    (anima.StaleHandleError, ReferenceError),
    (anima.WrongKindError, TypeError),
    (anima.OutOfMemoryError, MemoryError),
    (anima.BusyError, RuntimeError),
    (anima.NotFoundError, KeyError),
    (anima.InvalidStateError, RuntimeError),
])
def test_each_error_derives_from_anima_error_and_the_fitting_builtin(error, builtin):
    assert issubclass(error, anima.AnimaError)
    assert issubclass(error, builtin)
    assert error.__bases__ == (anima.AnimaError, builtin)
    assert error.__module__ == "anima"
    assert error.__doc__


def test_anima_error_is_an_exception():
    assert issubclass(anima.AnimaError, Exception)
    assert anima.AnimaError.__bases__ == (Exception,)
    assert anima.AnimaError.__module__ == "anima"


def test_an_error_raised_by_the_library_is_an_instance_of_the_packages_class(scene):
    anim, item = scene[0], scene[1]
    with pytest.raises(anima.InvalidArgumentError) as caught:
        item.center = (float("nan"), 0.0)
    assert type(caught.value) is anima.InvalidArgumentError
    assert type(caught.value).__module__ == "anima"
    assert "nan" in str(caught.value)
    anim.destroy()
    with pytest.raises(anima.StaleHandleError) as caught:
        anim.step()
    assert type(caught.value) is anima.StaleHandleError


def test_not_found_error_from_the_library_reads_without_quotes(scene):
    with pytest.raises(anima.NotFoundError) as caught:
        scene[4].boundary("nope")
    message = str(caught.value)
    assert message == caught.value.args[0]
    assert not message.startswith(("'", '"'))
    assert "nope" in message
