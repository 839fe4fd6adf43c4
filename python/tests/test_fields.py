"""Field (UIFieldBehavior): the laws of each kind, regions, parameters, custom evaluation, errors."""

import gc
import inspect
import math
import weakref

import pytest

import anima
from oscillation import zero_crossings


class Boom(Exception):
    pass


def scene(make, at=(100.0, 0.0), mass=1.0, charge=0.0, velocity=(0.0, 0.0), **parameters):
    """An unbounded animator with one 100 x 100 box of mass `mass` (density = mass) and charge
    `charge` at `at`, in a field made by `make` (a Field classmethod) at the origin. The item
    behavior has no resistance, so the field's force is the only one."""
    anim = anima.Animator()
    box = anima.Item(anim, center=at, size=(100, 100), velocity=velocity)
    field = make([box], **parameters)
    anim.add_behavior(field)
    anim.add_behavior(anima.ItemBehavior([box], density=mass, charge=charge))
    return anim, box, field


def first_acceleration(anim, item):
    """The acceleration over the first internal step: dv / h, in pt/s^2."""
    vx, vy = item.velocity
    anim.step()
    h = anim.step_duration
    return ((item.velocity[0] - vx) / h, (item.velocity[1] - vy) / h)


# ------------------------------------------------------------------ the laws


@pytest.mark.parametrize("mass", [0.5, 4.0])
def test_linear_gravity_field_gives_a_hundred_points_per_second_squared_per_unit_whatever_the_mass(mass):
    anim, box, field = scene(anima.Field.linear_gravity, mass=mass)
    assert field.direction == (0.0, 1.0)
    ax, ay = first_acceleration(anim, box)
    assert ay == pytest.approx(100.0, abs=1e-6)
    assert ax == pytest.approx(0.0, abs=1e-9)
    field.direction = (0.5, -2.0)
    ax, ay = first_acceleration(anim, box)
    assert (ax, ay) == (pytest.approx(50.0, abs=1e-6), pytest.approx(-200.0, abs=1e-6))


@pytest.mark.parametrize("r", [100.0, 200.0])
def test_radial_gravity_falls_off_with_the_square_of_the_distance(r):
    anim, box, field = scene(anima.Field.radial_gravity, at=(r, 0.0))
    assert field.falloff == 2.0
    ax, ay = first_acceleration(anim, box)
    expected = 100.0 * (r / 100.0) ** -2  # S r^-2 m/s^2, toward the field's position
    assert -ax == pytest.approx(expected, rel=0.01)
    assert ay == pytest.approx(0.0, abs=1e-9)


def test_radial_gravity_does_not_depend_on_the_mass():
    light = first_acceleration(*scene(anima.Field.radial_gravity, mass=0.25)[:2])
    heavy = first_acceleration(*scene(anima.Field.radial_gravity, mass=8.0)[:2])
    assert light[0] == pytest.approx(heavy[0], rel=1e-9)


def test_spring_field_oscillates_with_period_two_pi_root_m_over_s():
    # k = 4 N/m on 1 kg: omega = 2 rad/s, T = pi s
    anim, box, field = scene(anima.Field.spring, at=(50.0, 0.0), strength=4)
    assert field.falloff == -1.0
    crossings = zero_crossings(anim, lambda: box.center[0], seconds=10.0, count=3)
    assert len(crossings) == 3
    assert crossings[2] - crossings[0] == pytest.approx(math.pi, rel=0.01)


def test_electric_field_pushes_a_charge_of_the_strengths_sign_away():
    # F = q S r^-1 = 2 N at 1 m, on 1 kg: 200 pt/s^2 away from the field
    anim, box, _ = scene(anima.Field.electric, charge=2.0)
    ax, ay = first_acceleration(anim, box)
    assert ax == pytest.approx(200.0, rel=0.005)
    assert ay == pytest.approx(0.0, abs=1e-9)
    anim, box, _ = scene(anima.Field.electric, charge=-2.0)
    assert first_acceleration(anim, box)[0] == pytest.approx(-200.0, rel=0.005)


def test_electric_field_leaves_a_neutral_item_alone():
    anim, box, _ = scene(anima.Field.electric, charge=0.0)
    assert first_acceleration(anim, box) == (0.0, 0.0)


def test_magnetic_field_turns_a_moving_charge_without_changing_its_speed():
    # w = q S / m = 1 rad/s: a turn in 2 pi s on a circle of 200 pt about (300, 0)
    anim, box, _ = scene(anima.Field.magnetic, charge=1.0, velocity=(0.0, 200.0), falloff=0)
    worst = 0.0
    steps = round(20 * math.pi / anim.step_duration)   # ten turns
    for _ in range(steps):
        anim.step()
        worst = max(worst, abs(math.hypot(*box.velocity) - 200.0) / 200.0)
    assert worst < 1e-3, f"the speed strayed by {worst:.2%} over ten turns"
    x, y = box.center
    assert math.hypot(x - 300.0, y) == pytest.approx(200.0, abs=1.0)
    assert math.hypot(x - 100.0, y) < 5.0, f"after ten turns the charge is at {(x, y)}"


def test_drag_field_slows_an_item_with_the_square_of_its_speed():
    # F = -|u| u = -9 N at 3 m/s, on 1 kg: -900 pt/s^2
    anim, box, _ = scene(anima.Field.drag, velocity=(300.0, 0.0))
    assert first_acceleration(anim, box)[0] == pytest.approx(-900.0, rel=0.02)
    anim, box, _ = scene(anima.Field.drag, velocity=(300.0, 0.0), mass=2.0)
    assert first_acceleration(anim, box)[0] == pytest.approx(-450.0, rel=0.02)


def test_velocity_field_sets_the_velocity_inside_its_region_only():
    anim, inside, _ = scene(anima.Field.velocity, at=(0.0, 0.0), direction=(1, 0), region=("circle", 50))
    anim.step()
    assert inside.velocity[0] == pytest.approx(100.0, abs=1e-9)
    anim, outside, field = scene(anima.Field.velocity, at=(200.0, 0.0), direction=(1, 0),
                                 region=("circle", 50))
    anim.step()
    assert outside.velocity == (0.0, 0.0)
    field.region = ("inverse", ("circle", 50))
    anim.step()
    assert outside.velocity[0] == pytest.approx(100.0, abs=1e-9)


def test_velocity_field_overrides_gravity_and_the_other_fields():
    anim, box, field = scene(anima.Field.velocity, at=(0.0, 0.0), direction=(1, 0))
    anim.add_behavior(anima.Gravity([box]))
    anim.add_behavior(anima.Field.linear_gravity([box], direction=(0, 5)))
    anim.advance(1.0)
    assert box.velocity == (100.0, 0.0)
    assert abs(box.center[1]) < 1e-12
    field.region = ("circle", 10)   # out of the region, gravity acts again
    anim.step()
    assert box.velocity[1] > 10.0


def test_inverse_region_leaves_the_inside_alone():
    anim, inside, _ = scene(anima.Field.velocity, at=(0.0, 0.0), direction=(1, 0),
                            region=("inverse", ("circle", 50)))
    anim.step()
    assert inside.velocity == (0.0, 0.0)


def test_rectangle_region_is_centred_on_the_fields_position():
    anim, box, field = scene(anima.Field.linear_gravity, at=(100.0, 0.0), region=("rectangle", (100, 40)),
                             position=(60, 10))
    assert first_acceleration(anim, box)[1] == pytest.approx(100.0, abs=1e-6)
    field.position = (0, 0)  # the box's centre is now 100 pt right of it: outside
    assert first_acceleration(anim, box)[1] == pytest.approx(0.0, abs=1e-9)


def test_vortex_pushes_along_the_circle_about_its_position():
    anim, box, _ = scene(anima.Field.vortex, at=(100.0, 0.0))
    ax, ay = first_acceleration(anim, box)
    assert abs(ax) < 1e-9 and abs(ay) > 1.0, f"tangential: {(ax, ay)}"
    # counter-clockwise on screen (y grows downward): right of the centre it pushes up
    assert ay < 0


def run_animated_noise():
    anim, box, field = scene(anima.Field.noise, at=(100.0, 0.0), smoothness=0.5, animation_speed=1.0)
    anim.advance(2.0)
    return anim, box


def test_animated_noise_moves_items_and_keeps_the_animator_running():
    anim, box = run_animated_noise()
    assert anim.is_running
    x, y = box.center
    assert math.hypot(x - 100.0, y) > 1.0, "the noise moved the item"


def test_noise_is_the_same_on_every_run():
    assert run_animated_noise()[1].center == run_animated_noise()[1].center


def test_turbulence_leaves_an_item_at_rest_alone():
    anim, box, _ = scene(anima.Field.turbulence, animation_speed=1.0)
    assert first_acceleration(anim, box) == (0.0, 0.0)


# ------------------------------------------------------------- custom fields


def test_custom_field_force_acts_through_the_mass():
    anim, box, field = scene(anima.Field.custom, mass=2.0, evaluate=None)
    field.evaluate = lambda position, velocity, mass, charge, dt: (0.0, 100.0 * mass)  # 100 pt/s^2 down
    assert first_acceleration(anim, box)[1] == pytest.approx(100.0, abs=1e-6)


def test_custom_field_is_given_the_offset_velocity_mass_charge_and_step():
    samples = []

    def evaluate(position, velocity, mass, charge, dt):
        samples.append((position, velocity, mass, charge, dt))
        return (0, 0)

    anim = anima.Animator()
    box = anima.Item(anim, center=(130, 40), size=(100, 100), velocity=(5, -6))
    field = anima.Field.custom([box], evaluate, position=(100, 0))
    anim.add_behavior(field)
    anim.add_behavior(anima.ItemBehavior([box], density=3.0, charge=-1.5))
    anim.step()
    assert samples, "the evaluation ran"
    position, velocity, mass, charge, dt = samples[0]
    assert position == pytest.approx((30.0, 40.0))
    assert velocity == pytest.approx((5.0, -6.0))
    assert (mass, charge, dt) == (pytest.approx(3.0), -1.5, anim.step_duration)
    assert isinstance(position, tuple) and isinstance(velocity, tuple)


def test_custom_field_acts_only_inside_its_region():
    calls = []
    anim, box, field = scene(anima.Field.custom, at=(100.0, 0.0), evaluate=lambda *sample: calls.append(1) or (0, 50),
                             region=("circle", 20))
    assert first_acceleration(anim, box) == (0.0, 0.0)
    assert calls == []


def test_exception_in_an_evaluation_stops_advance_after_the_current_step_and_propagates():
    steps_seen = []

    def evaluate(position, velocity, mass, charge, dt):
        steps_seen.append(anim.step_count)
        if len(steps_seen) == 3:
            raise Boom("in the field")
        return (0, 0)

    anim, box, field = scene(anima.Field.custom, evaluate=None)
    field.evaluate = evaluate
    with pytest.raises(Boom, match="in the field"):
        anim.advance(2.0)
    assert anim.step_count == 3
    assert steps_seen == [0, 1, 2]


def test_the_animator_works_normally_after_an_evaluation_raised():
    anim, box, field = scene(anima.Field.custom, evaluate=None)

    def explode(*sample):
        raise Boom

    field.evaluate = explode
    with pytest.raises(Boom):
        anim.advance(1.0)
    field.evaluate = lambda *sample: (0, 100)
    actions = []
    watcher = anima.Behavior(anim)
    watcher.action = lambda: actions.append(anim.step_count)
    anim.add_behavior(watcher)
    before = anim.step_count
    anim.advance(0.5)  # nothing left over from the failed call interrupts this one
    assert anim.step_count - before == 60
    assert len(actions) == 60


def test_evaluation_returning_something_else_than_a_force_raises_type_error():
    anim, box, field = scene(anima.Field.custom, evaluate=lambda *sample: "down")
    with pytest.raises(TypeError, match="evaluate\\(\\) result must be a sequence of 2 numbers"):
        anim.advance(1.0)
    assert anim.step_count == 1
    field.evaluate = lambda *sample: (1.0, 2.0, 3.0)
    with pytest.raises(TypeError):
        anim.step()
    field.evaluate = lambda *sample: None
    with pytest.raises(TypeError):
        anim.step()


def test_evaluation_returning_a_non_finite_force_raises_invalid_argument_error():
    anim, _, _ = scene(anima.Field.custom, evaluate=lambda *sample: (math.nan, 0.0))
    with pytest.raises(anima.InvalidArgumentError, match="must be finite"):
        anim.step()


def test_advance_inside_an_evaluation_raises_busy_error():
    anim, _, field = scene(anima.Field.custom, evaluate=None)
    field.evaluate = lambda *sample: anim.advance(1.0)
    with pytest.raises(anima.BusyError):
        anim.step()


def test_evaluation_can_be_replaced_and_cleared():
    anim, box, field = scene(anima.Field.custom, evaluate=lambda *sample: (0, 10))

    def push_right(*sample):
        return (20, 0)

    field.evaluate = push_right
    assert field.evaluate is push_right
    assert first_acceleration(anim, box) == (pytest.approx(20.0), pytest.approx(0.0, abs=1e-9))
    field.evaluate = None
    assert field.evaluate is None
    box.velocity = (0, 0)
    assert first_acceleration(anim, box) == (0.0, 0.0)


def test_only_a_custom_field_takes_an_evaluation():
    anim, _, field = scene(anima.Field.vortex)
    assert field.evaluate is None
    with pytest.raises(anima.InvalidStateError, match="only a custom field"):
        field.evaluate = lambda *sample: (0, 0)
    field.evaluate = None
    with pytest.raises(TypeError, match="evaluate= is only for a custom field"):
        anima.Field("vortex", [anim.items[0]], evaluate=lambda *sample: (0, 0))
    with pytest.raises(TypeError, match="callable"):
        anima.Field.custom([anim.items[0]], 42)
    custom = anima.Field.custom([anim.items[0]], None)
    with pytest.raises(TypeError, match="callable"):
        custom.evaluate = "not a function"
    with pytest.raises(AttributeError):
        del custom.evaluate


def test_animator_keeps_a_field_with_an_evaluation_alive():
    class NotedField(anima.Field):
        pass

    anim, _, field = scene(NotedField.custom, evaluate=None)
    field.evaluate = lambda *sample: (0, 0)
    field.note = "mine"
    ref = weakref.ref(field)
    del field
    gc.collect()
    assert ref() is not None
    assert anim.behaviors[0] is ref()
    assert anim.behaviors[0].note == "mine"
    ref().evaluate = None
    gc.collect()
    assert ref() is None


def test_destroying_a_field_drops_its_evaluation():
    anim, _, field = scene(anima.Field.custom, evaluate=lambda *sample: (0, 0))
    ref = weakref.ref(field)
    field.destroy()
    assert field.evaluate is None
    del field
    gc.collect()
    assert ref() is None


def test_destroying_the_animator_drops_the_evaluation():
    anim, _, field = scene(anima.Field.custom, evaluate=lambda *sample: (0, 0))
    anim.destroy()
    assert field.evaluate is None


def test_cycles_through_an_evaluation_are_collected():
    anim = anima.Animator()
    box = anima.Item(anim)
    field = anima.Field.custom([box], None)
    field.evaluate = lambda *sample: (field, anim) and (0, 0)
    anim.add_behavior(field)
    ref = weakref.ref(anim)
    del anim, box, field
    gc.collect()
    assert ref() is None


def test_field_subclass_can_have_an_action_beside_its_evaluation():
    class CountingField(anima.Field):
        def action(self):
            self.steps = getattr(self, "steps", 0) + 1

    anim = anima.Animator()
    box = anima.Item(anim, size=(100, 100))
    field = CountingField.custom([box], lambda *sample: (0, 100))
    anim.add_behavior(field)
    anim.add_behavior(anima.ItemBehavior([box]))
    anim.advance(0.25)
    assert field.steps == 30
    assert box.velocity[1] == pytest.approx(25.0)
    field.evaluate = None
    anim.advance(0.25)
    assert field.steps == 60


# ----------------------------------------------------------- API and values


def test_factories_make_fields_of_their_kind_with_uikits_fall_off():
    anim = anima.Animator()
    box = anima.Item(anim)
    falloffs = {"linear_gravity": 0.0, "radial_gravity": 2.0, "drag": 0.0, "velocity": 0.0, "vortex": 0.0,
                "spring": -1.0, "electric": 1.0, "magnetic": 1.0, "noise": 0.0, "turbulence": 0.0}
    for kind, falloff in falloffs.items():
        field = getattr(anima.Field, kind)([box])
        assert isinstance(field, anima.Field) and isinstance(field, anima.Behavior)
        assert field.kind == kind
        assert field.falloff == falloff
        assert field.strength == 1.0
        assert field.minimum_radius == 0.01
        assert field.position == (0.0, 0.0)
        assert field.region == "infinite"
        assert (field.smoothness, field.animation_speed) == (0.0, 0.0)
        assert field.direction == ((0.0, 1.0) if kind == "linear_gravity" else (0.0, 0.0))
        assert field.items == (box,)
        assert field.animator is anim
    assert anima.Field.custom([box], None).kind == "custom"


def test_factories_take_every_parameter_by_keyword():
    anim = anima.Animator()
    box = anima.Item(anim)
    field = anima.Field.noise([box], position=(1, 2), region=("rectangle", (30, 40)), strength=-2.5,
                              falloff=0.5, minimum_radius=3, direction=[4, 5], smoothness=0.25,
                              animation_speed=2)
    assert field.position == (1.0, 2.0)
    assert field.region == ("rectangle", (30.0, 40.0))
    assert (field.strength, field.falloff, field.minimum_radius) == (-2.5, 0.5, 3.0)
    assert field.direction == (4.0, 5.0)
    assert (field.smoothness, field.animation_speed) == (0.25, 2.0)
    with pytest.raises(TypeError, match="positional"):
        anima.Field.noise([box], (1, 2))


def test_general_constructor_takes_the_kind_by_name():
    anim = anima.Animator()
    box = anima.Item(anim)
    field = anima.Field("spring", [box], strength=4)
    assert (field.kind, field.falloff, field.strength) == ("spring", -1.0, 4.0)
    assert anima.Field("linear_gravity", [box]).direction == (0.0, 1.0)
    with pytest.raises(anima.InvalidArgumentError, match="kind must be 'linear_gravity', 'radial_gravity'"):
        anima.Field("gravity", [box])
    with pytest.raises(TypeError, match="kind must be 'linear_gravity'.*, not int"):
        anima.Field(1, [box])


def test_field_with_no_items_needs_the_animator():
    anim = anima.Animator()
    with pytest.raises(TypeError, match="animator="):
        anima.Field.vortex([])
    field = anima.Field.vortex([], animator=anim)
    assert field.items == () and field.animator is anim
    box = anima.Item(anim)
    field.add_item(box)
    assert field.items == (box,)


def test_properties_round_trip():
    anim = anima.Animator()
    field = anima.Field.radial_gravity([anima.Item(anim)])
    field.position = [10, -20]
    field.strength = 3
    field.falloff = -2
    field.minimum_radius = 5
    field.direction = (1, 2)
    field.smoothness = 1
    field.animation_speed = 0.5
    assert field.position == (10.0, -20.0)
    assert (field.strength, field.falloff, field.minimum_radius) == (3.0, -2.0, 5.0)
    assert field.direction == (1.0, 2.0)
    assert (field.smoothness, field.animation_speed) == (1.0, 0.5)
    assert field.kind == "radial_gravity"
    with pytest.raises(AttributeError):
        field.kind = "vortex"


@pytest.mark.parametrize("region, expected", [
    (None, "infinite"),
    ("infinite", "infinite"),
    (("circle", 30), ("circle", 30.0)),
    (["circle", 2.5], ("circle", 2.5)),
    (("rectangle", (20, 10)), ("rectangle", (20.0, 10.0))),
    (("inverse", ("circle", 30)), ("inverse", ("circle", 30.0))),
    (("inverse", "infinite"), ("inverse", "infinite")),
    (("inverse", ("inverse", ("rectangle", [1, 2]))), ("rectangle", (1.0, 2.0))),
], ids=repr)
def test_region_forms_read_back_in_one_shape(region, expected):
    anim = anima.Animator()
    field = anima.Field.vortex([anima.Item(anim)], region=region)
    assert field.region == expected
    field.region = "infinite"
    field.region = region
    assert field.region == expected


@pytest.mark.parametrize("region, error, message", [
    (5, TypeError, "region must be None, 'infinite'"),
    ({"circle": 3}, TypeError, "region must be None"),
    ((), TypeError, "starts with its shape"),
    ((3, 4), TypeError, "starts with its shape"),
    (("circle",), TypeError, "must be \\('circle', radius\\)"),
    (("rectangle", 3, 4), TypeError, "must be \\('rectangle', \\(width, height\\)\\)"),
    (("rectangle", (3,)), TypeError, "region size"),
    (("circle", "big"), TypeError, "region radius must be a real number"),
    (("square", 3), anima.InvalidArgumentError, "shape must be 'rectangle', 'circle' or 'inverse'"),
    ("everywhere", anima.InvalidArgumentError, "region must be"),
    (("circle", math.nan), anima.InvalidArgumentError, "region radius must be finite"),
    (("circle", -1), anima.InvalidArgumentError, "radius must be finite and >= 0"),
    (("inverse", ("rectangle", (-1, 2))), anima.InvalidArgumentError, "size"),
], ids=repr)
def test_bad_regions_raise_and_change_nothing(region, error, message):
    anim = anima.Animator()
    field = anima.Field.vortex([anima.Item(anim)], region=("circle", 10))
    with pytest.raises(error, match=message):
        field.region = region
    assert field.region == ("circle", 10.0)
    with pytest.raises(error, match=message):
        anima.Field.vortex([], region=region, animator=anim)


def test_region_nested_without_end_is_refused():
    anim = anima.Animator()
    field = anima.Field.vortex([], animator=anim)
    endless = ["inverse"]
    endless.append(endless)
    with pytest.raises(anima.InvalidArgumentError, match="nests"):
        field.region = endless


@pytest.mark.parametrize("name, value", [
    ("strength", math.nan),
    ("minimum_radius", 0),
    ("smoothness", 2),
    ("animation_speed", -1),
    ("falloff", 11),
    ("strength", 2e9),
    ("direction", (math.inf, 0)),
], ids=repr)
def test_bad_values_raise_and_change_nothing(name, value):
    anim = anima.Animator()
    field = anima.Field.radial_gravity([anima.Item(anim)], region=("circle", 500))
    before = {attribute: getattr(field, attribute) for attribute in (
        "position", "region", "strength", "falloff", "minimum_radius", "direction", "smoothness",
        "animation_speed")}
    with pytest.raises(anima.InvalidArgumentError):
        setattr(field, name, value)
    after = {attribute: getattr(field, attribute) for attribute in before}
    assert after == before
    with pytest.raises(anima.InvalidArgumentError):
        anima.Field.radial_gravity([], animator=anim, **{name: value})


def test_wrong_types_raise_type_error():
    anim = anima.Animator()
    field = anima.Field.drag([anima.Item(anim)])
    with pytest.raises(TypeError):
        field.strength = "strong"
    with pytest.raises(TypeError):
        field.position = (1, 2, 3)
    with pytest.raises(TypeError):
        field.strength = None
    with pytest.raises(AttributeError):
        del field.strength
    with pytest.raises(TypeError):
        anima.Field.drag("items")


def test_destroyed_field_raises_stale_handle_error():
    anim = anima.Animator()
    field = anima.Field.drag([anima.Item(anim)])
    field.destroy()
    with pytest.raises(anima.StaleHandleError):
        field.strength
    with pytest.raises(anima.StaleHandleError):
        field.region = "infinite"
    with pytest.raises(anima.StaleHandleError):
        field.kind
    assert repr(field) == "<anima.Field (destroyed)>"


def test_factories_of_a_subclass_make_instances_of_the_subclass():
    class Well(anima.Field):
        def __init__(self, items):
            super().__init__("radial_gravity", items, strength=5)

    anim = anima.Animator()
    box = anima.Item(anim)
    well = Well([box])
    assert type(well) is Well and well.strength == 5.0
    made = Well.vortex([box])
    assert type(made) is Well and made.kind == "vortex"


def test_behavior_init_refuses_a_field():
    anim = anima.Animator()
    with pytest.raises(TypeError, match="its own constructor"):
        anima.Behavior.__init__(anima.Field.__new__(anima.Field), anim)


def test_fields_come_back_from_the_animator_as_fields():
    anim = anima.Animator()
    box = anima.Item(anim)
    anim.add_behavior(anima.Field.spring([box]))
    gc.collect()
    (field,) = anim.behaviors
    assert type(field) is anima.Field
    assert field.kind == "spring"


def test_repr_names_the_kind_and_the_main_parameters():
    anim = anima.Animator()
    field = anima.Field.radial_gravity([anima.Item(anim)], position=(10, 20), region=("circle", 50))
    anim.add_behavior(field)
    assert repr(field) == ("<anima.Field kind='radial_gravity' position=(10.0, 20.0) strength=1.0 "
                           "region=('circle', 50.0), 1 item, added>")


def test_field_is_documented_and_introspectable():
    assert anima.Field.__doc__.strip()
    assert anima.Field.__module__ == "anima"
    for name, member in vars(anima.Field).items():
        if not name.startswith("_"):
            assert member.__doc__ and member.__doc__.strip(), name
    assert list(inspect.signature(anima.Field).parameters)[:2] == ["kind", "items"]
    assert list(inspect.signature(anima.Field.custom).parameters)[:2] == ["items", "evaluate"]
    radial = inspect.signature(anima.Field.radial_gravity).parameters
    assert radial["falloff"].default == 2.0
    assert radial["position"].kind is inspect.Parameter.KEYWORD_ONLY
    assert inspect.signature(anima.Field.linear_gravity).parameters["direction"].default == (0, 1)
