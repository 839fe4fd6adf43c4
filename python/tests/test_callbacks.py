"""Delegate and contact callbacks: exceptions, re-entry, deferred edits, identity."""

import gc
import weakref

import pytest

import anima


class Boom(Exception):
    pass


def explode(*args):
    """A callback of any kind that raises Boom."""
    raise Boom


@pytest.fixture
def shelf_scene():
    """Two balls over a named shelf; the balls land on it at about the same time."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    left = anima.Item(anim, center=(100, 400), size=(40, 40), shape="ellipse")
    right = anima.Item(anim, center=(220, 400), size=(40, 40), shape="ellipse")
    gravity = anima.Gravity([left, right])
    collision = anima.Collision([left, right], translates_reference_bounds_into_boundary=True)
    collision.add_boundary("shelf", (0, 500), (320, 500))
    anim.add_behavior(gravity)
    anim.add_behavior(collision)
    return anim, left, right, gravity, collision


def run_until_first_contact(anim, max_frames=240):
    for _ in range(max_frames):
        anim.advance(1 / 60)
        if anim.began_contacts:
            return anim.began_contacts
    raise AssertionError("no contact began")


# ------------------------------------------------------------------- events


def test_contact_events_carry_the_users_own_objects(shelf_scene):
    anim, left, right, _, collision = shelf_scene
    seen = []
    collision.on_began_contact = seen.append
    anim.run_until_rest()
    assert seen, "the balls should land on the shelf"
    first = seen[0]
    assert first.collision is collision
    assert first.item in (left, right)
    assert first.other is None
    assert first.is_boundary is True
    assert first.boundary_identifier == "shelf"
    x, y = first.point
    assert y == pytest.approx(500, abs=3)


def test_began_contacts_list_the_events_of_the_last_advance(shelf_scene):
    anim, left, right, _, collision = shelf_scene
    events = run_until_first_contact(anim)
    assert all(isinstance(event, anima.ContactEvent) for event in events)
    assert {event.item for event in events} <= {left, right}
    assert all(event.collision is collision for event in events)
    anim.advance(0)
    assert anim.began_contacts == []


def test_item_pair_contact_names_both_items(animator):
    lower = anima.Item(animator, center=(160, 500), size=(40, 40))
    upper = anima.Item(animator, center=(160, 300), size=(40, 40))
    collision = anima.Collision([lower, upper])
    animator.add_behavior(anima.Gravity([upper]))
    animator.add_behavior(collision)
    animator.add_behavior(anima.ItemBehavior([lower], anchored=True))
    seen = []
    collision.on_began_contact = seen.append
    animator.run_until_rest(max_seconds=3)
    pair = next(event for event in seen if not event.is_boundary)
    assert {pair.item, pair.other} == {lower, upper}
    assert pair.item in (lower, upper) and pair.other in (lower, upper)
    assert pair.boundary_identifier is None


def test_reference_bounds_contact_has_no_identifier(falling_ball, animator):
    ball, _, collision = falling_ball
    seen = []
    collision.on_began_contact = seen.append
    animator.run_until_rest()
    assert seen[0].item is ball
    assert seen[0].is_boundary and seen[0].boundary_identifier is None


def test_ended_contacts_are_reported(animator):
    ball = anima.Item(animator, center=(160, 400), size=(40, 40), shape="ellipse")
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    collision.add_boundary("shelf", (0, 500), (320, 500))
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(collision)
    animator.add_behavior(anima.ItemBehavior([ball], elasticity=0.8))
    ended = []
    collision.on_ended_contact = ended.append
    animator.run_until_rest()
    assert ended and ended[0].item is ball and ended[0].boundary_identifier == "shelf"


def test_event_subclass_item_keeps_its_identity(animator):
    class Ball(anima.Item):
        pass

    ball = Ball(animator, center=(160, 500), size=(40, 40))
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(collision)
    seen = []
    collision.on_began_contact = seen.append
    animator.run_until_rest()
    assert seen[0].item is ball


def test_event_attributes_are_read_only(shelf_scene):
    anim = shelf_scene[0]
    event = run_until_first_contact(anim)[0]
    with pytest.raises(AttributeError):
        event.item = None
    with pytest.raises(AttributeError):
        del event.point
    with pytest.raises(AttributeError):
        event.extra = 1


def test_contact_event_attributes_in_order():
    assert anima.ContactEvent.__match_args__ == (
        "collision", "item", "other", "is_boundary", "boundary_identifier", "point")


def test_boundary_contact_event_repr_names_the_boundary(shelf_scene):
    anim = shelf_scene[0]
    event = run_until_first_contact(anim)[0]
    assert event.is_boundary
    assert repr(event) == f"ContactEvent(item={event.item!r}, boundary_identifier='shelf', point={event.point!r})"


def test_item_pair_contact_event_repr_names_the_other_item():
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    top = anima.Item(anim, center=(160, 100), size=(40, 40))
    bottom = anima.Item(anim, center=(160, 300), size=(40, 40))
    anim.add_behavior(anima.Gravity([top]))
    anim.add_behavior(anima.Collision([top, bottom], mode="items"))
    event = run_until_first_contact(anim)[0]
    assert not event.is_boundary
    assert {event.item, event.other} == {top, bottom}
    assert event.boundary_identifier is None
    assert repr(event) == f"ContactEvent(item={event.item!r}, other={event.other!r}, point={event.point!r})"
    assert repr(event).startswith("ContactEvent(item=<anima.Item center=")


def test_a_contact_event_made_by_hand_is_a_plain_record():
    event = anima.ContactEvent(None, "ball", None, True, "floor", (1.0, 2.0))
    assert (event.item, event.boundary_identifier, event.point) == ("ball", "floor", (1.0, 2.0))
    assert repr(event) == "ContactEvent(item='ball', boundary_identifier='floor', point=(1.0, 2.0))"
    with pytest.raises(TypeError):
        anima.ContactEvent()


def test_collision_wrapper_with_callbacks_survives_losing_the_users_reference(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    seen = []
    collision.on_began_contact = seen.append
    ident = id(collision)
    del collision, shelf_scene
    gc.collect()
    anim.run_until_rest()
    assert seen and id(seen[0].collision) == ident


# ---------------------------------------------------------------- delegate


def test_delegate_reports_resume_and_pause_with_the_animator(falling_ball, animator):
    log = []
    animator.on_will_resume = lambda anim: log.append(("resume", anim))
    animator.on_did_pause = lambda anim: log.append(("pause", anim))
    animator.run_until_rest()
    assert log == [("resume", animator), ("pause", animator)]
    assert log[0][1] is animator


def test_delegate_can_be_read_and_unset(animator):
    def callback(anim):
        pass

    animator.on_did_pause = callback
    assert animator.on_did_pause is callback
    animator.on_did_pause = None
    assert animator.on_did_pause is None
    assert animator.on_will_resume is None


# --------------------------------------------------------- raising callbacks


def test_exception_in_contact_callback_propagates_from_advance(shelf_scene):
    anim, _, _, _, collision = shelf_scene

    def explode(event):
        raise Boom("bang")

    collision.on_began_contact = explode
    with pytest.raises(Boom, match="bang"):
        anim.run_until_rest()


def drop_a_ball_that_explodes_on_landing(animator, height):
    """A 40 x 40 pt item at y = `height` falling onto the screen's floor; its first contact raises Boom."""
    ball = anima.Item(animator, center=(160, height), size=(40, 40))
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(collision)
    collision.on_began_contact = explode


def test_exception_stops_advance_after_the_current_internal_step(animator):
    drop_a_ball_that_explodes_on_landing(animator, 540)
    with pytest.raises(Boom):
        animator.advance(5.0)
    assert animator.elapsed_time < 1.0


def test_only_the_first_exception_of_a_call_propagates(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    calls = []

    def explode(event):
        calls.append(event)
        raise Boom(len(calls))

    collision.on_began_contact = explode
    with pytest.raises(Boom) as caught:
        anim.advance(2.0)
    assert caught.value.args == (1,)
    assert len(calls) == 1


def test_engine_is_usable_after_a_callback_raised(shelf_scene):
    anim, left, right, _, collision = shelf_scene
    collision.on_began_contact = explode
    with pytest.raises(Boom):
        anim.run_until_rest()
    collision.on_began_contact = None
    anim.advance(1 / 60)
    assert anim.run_until_rest() is not None
    assert not anim.is_running
    assert left.center[1] == pytest.approx(480, abs=1)


def test_exception_in_step_propagates_too(animator):
    drop_a_ball_that_explodes_on_landing(animator, 546)
    with pytest.raises(Boom):
        for _ in range(240):
            animator.step()
    animator.step()


def test_exception_in_did_pause_propagates(falling_ball, animator):
    animator.on_did_pause = explode
    with pytest.raises(Boom):
        animator.run_until_rest()
    assert not animator.is_running


def test_exception_in_will_resume_propagates_and_a_later_advance_works(falling_ball, animator):
    calls = []

    def explode(anim):
        calls.append(anim)
        if len(calls) == 1:
            raise Boom

    animator.on_will_resume = explode
    with pytest.raises(Boom):
        animator.advance(0.1)
    animator.advance(0.1)
    assert animator.step_count > 0


def test_base_exception_from_a_callback_propagates(falling_ball, animator):
    def interrupt(anim):
        raise KeyboardInterrupt

    animator.on_will_resume = interrupt
    with pytest.raises(KeyboardInterrupt):
        animator.advance(0.1)


def test_callback_exception_keeps_its_traceback(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    collision.on_began_contact = explode
    with pytest.raises(Boom) as caught:
        anim.run_until_rest()
    assert any(entry.name == "explode" for entry in caught.traceback)


# --------------------------------------------------------------- re-entry


def test_advance_inside_a_callback_raises_busy_error(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    errors = []

    def reenter(event):
        try:
            anim.advance(0.1)
        except anima.BusyError as error:
            errors.append(error)

    collision.on_began_contact = reenter
    anim.run_until_rest()
    assert errors
    assert isinstance(errors[0], RuntimeError)
    assert "anima_animator_advance" in str(errors[0])


def test_uncaught_busy_error_from_a_callback_propagates(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    collision.on_began_contact = lambda event: anim.step()
    with pytest.raises(anima.BusyError):
        anim.run_until_rest()


def test_destroying_the_animator_inside_its_callback_raises_busy_error(falling_ball, animator):
    animator.on_did_pause = lambda anim: anim.destroy()
    with pytest.raises(anima.BusyError):
        animator.run_until_rest()
    assert animator.is_valid


def test_advancing_another_animator_inside_a_callback_works(falling_ball, animator):
    other = anima.Animator()
    item = anima.Item(other)
    other.add_behavior(anima.Gravity([item]))
    animator.on_will_resume = lambda anim: other.advance(0.1)
    animator.advance(0.1)
    assert item.center[1] > 0


# ------------------------------------------------- graph edits in callbacks


def test_callback_can_destroy_the_item_it_reports(shelf_scene):
    anim, left, right, _, collision = shelf_scene
    destroyed = []

    def destroy(event):
        if event.item.is_valid:
            event.item.destroy()
            destroyed.append(event.item)

    collision.on_began_contact = destroy
    anim.run_until_rest()
    assert destroyed
    assert all(not item.is_valid for item in destroyed)
    assert set(anim.items).isdisjoint(destroyed)


def test_ended_contact_still_fires_for_an_item_destroyed_mid_contact(animator):
    ball = anima.Item(animator, center=(160, 540), size=(40, 40))
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(collision)
    ended = []
    collision.on_began_contact = lambda event: event.item.destroy()
    collision.on_ended_contact = ended.append
    animator.run_until_rest()
    assert ended and ended[0].item is ball
    assert not ball.is_valid


def test_callback_can_add_and_remove_behaviors(shelf_scene):
    anim, left, right, gravity, collision = shelf_scene
    extra = anima.ItemBehavior([left], elasticity=0.5)

    def edit(event):
        anim.remove_behavior(gravity)
        anim.add_behavior(extra)

    collision.on_began_contact = edit
    run_until_first_contact(anim)
    anim.advance(1 / 60)
    assert gravity not in anim.behaviors
    assert extra in anim.behaviors


def test_callback_can_destroy_its_own_collision(shelf_scene):
    anim, _, _, _, collision = shelf_scene

    def destroy(event):
        if event.collision.is_valid:
            event.collision.destroy()

    collision.on_began_contact = destroy
    anim.run_until_rest(max_seconds=3)
    assert not collision.is_valid
    anim.advance(0.5)


def test_callback_can_create_items_and_behaviors(shelf_scene):
    anim, _, _, gravity, collision = shelf_scene
    created = []

    def spawn(event):
        if not created:
            item = anima.Item(anim, center=(160, 100), size=(10, 10))
            gravity.add_item(item)
            created.append(item)
            anim.add_behavior(anima.Gravity([], animator=anim))

    collision.on_began_contact = spawn
    run_until_first_contact(anim)
    y = created[0].center[1]
    anim.advance(0.1)
    assert created[0].center[1] > y
    assert len(anim.behaviors) == 3


def test_callback_can_change_item_state(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    kicked = []

    def kick(event):
        if not kicked:
            event.item.velocity = (0, -300)
            kicked.append((event.item, event.item.center[1]))

    collision.on_began_contact = kick
    run_until_first_contact(anim)
    item, landed_y = kicked[0]
    anim.advance(0.05)
    assert item.center[1] < landed_y - 5


def test_callback_can_replace_callbacks(shelf_scene):
    anim, _, _, _, collision = shelf_scene
    log = []

    def first(event):
        log.append("first")
        collision.on_began_contact = None
        anim.on_did_pause = lambda a: log.append("pause")

    collision.on_began_contact = first
    anim.run_until_rest()
    assert log[0] == "first" and log[-1] == "pause"


def test_destroying_an_item_with_a_callback_set_elsewhere_is_safe(shelf_scene):
    anim, left, right, _, collision = shelf_scene
    collision.on_ended_contact = lambda event: None
    collision.on_began_contact = lambda event: None
    run_until_first_contact(anim)
    left.destroy()
    right.destroy()
    anim.advance(0.5)
    collision.destroy()
    anim.advance(0.5)


# ----------------------------------------------------------------- memory


def test_callback_cycles_are_collected():
    anim = anima.Animator()
    item = anima.Item(anim)
    collision = anima.Collision([item])
    collision.on_began_contact = lambda event: (item, collision, anim)
    anim.on_did_pause = lambda a: (item, anim)
    refs = [weakref.ref(anim), weakref.ref(item), weakref.ref(collision)]
    del anim, item, collision
    gc.collect()
    assert all(ref() is None for ref in refs)


def test_events_kept_after_the_animator_is_dropped_stay_readable(shelf_scene):
    anim = shelf_scene[0]
    events = run_until_first_contact(anim)
    del anim, shelf_scene
    gc.collect()
    assert events[0].item.center[1] > 0
