"""Sensors (Box2D v3's sensor shapes and events): an item that collides with nothing and lists
the items of its collision behaviors overlapping it, with began and ended events."""

import math

import pytest

import anima


def drop_zone():
    """A 100 x 100 pt anchored drop zone at (160, 300) and a 40 pt ball above it at (160, 100)
    falling under gravity (1000 pt/s^2), both in one collision behavior with the screen's edges."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    zone = anima.Item(anim, center=(160, 300), size=(100, 100))
    ball = anima.Item(anim, center=(160, 100), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([zone], anchored=True))
    anim.add_behavior(anima.ItemBehavior([ball]))
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.Collision([zone, ball], translates_reference_bounds_into_boundary=True))
    zone.is_sensor = True
    return anim, zone, ball


def test_a_falling_ball_passes_through_the_zone_and_is_reported_entering_and_leaving():
    anim, zone, ball = drop_zone()
    assert zone.is_sensor and not ball.is_sensor
    began, ended, contacts = [], [], 0
    for _ in range(72):
        anim.advance(1 / 60)
        began += [(ball.center[1], e) for e in anim.began_sensor_events]
        ended += [(ball.center[1], e) for e in anim.ended_sensor_events]
        contacts += sum(1 for c in anim.began_contacts if c.other is not None)
        if zone.sensor_visitors:
            assert zone.sensor_visitors == [ball]
            assert 230 <= ball.center[1] <= 370          # the ball (r 20) over the zone (y 250...350)
    assert contacts == 0, "a sensor makes no contact"
    assert len(began) == 1 and len(ended) == 1
    (y_in, first), (y_out, last) = began[0], ended[0]
    assert isinstance(first, anima.SensorEvent)
    assert first.sensor is zone and first.visitor is ball and first == last
    assert 230 <= y_in < 250 and 370 < y_out < 395
    anim.advance(2.0)
    assert ball.center[1] == pytest.approx(548, abs=1.0)   # fell on through, onto the floor
    assert zone.center == (160, 300)


def test_only_the_items_of_its_collision_behaviors_visit_and_a_destroyed_one_leaves():
    anim, zone, _ = drop_zone()
    stranger = anima.Item(anim, center=(160, 300), size=(20, 20), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([stranger], anchored=True))
    anim.add_behavior(anima.Collision([stranger]))
    anim.advance(1 / 60)
    assert zone.sensor_visitors == []
    anim.add_behavior(anima.Collision([zone, stranger]))
    anim.advance(1 / 60)
    assert zone.sensor_visitors == [stranger]
    assert anim.began_sensor_events == [anima.SensorEvent(zone, stranger)]
    stranger.destroy()
    anim.advance(1 / 60)
    assert [(e.sensor, e.visitor) for e in anim.ended_sensor_events] == [(zone, stranger)]
    assert zone.sensor_visitors == []


def test_a_sensor_made_ordinary_pushes_again():
    anim, zone, ball = drop_zone()
    ball.center = (160, 300)
    anim.advance(1 / 60)
    assert zone.sensor_visitors == [ball]
    zone.is_sensor = False
    anim.advance(1 / 60)
    assert len(anim.ended_sensor_events) == 1 and zone.sensor_visitors == []
    anim.advance(1.0)
    y = ball.center[1]
    assert y < 231 or y > 369, f"the anchored box pushed the ball out: y = {y}"


def test_sensors_replay_from_a_snapshot():
    anim, zone, _ = drop_zone()
    anim.advance(0.6)
    assert len(zone.sensor_visitors) == 1
    copy = anima.Animator.restore(anim.snapshot())
    copy_zone = next(item for item in copy.items if item.is_sensor)
    assert len(copy_zone.sensor_visitors) == 1
    mine, theirs = [], []
    for _ in range(60):
        anim.advance(1 / 60)
        copy.advance(1 / 60)
        mine += [(e.sensor.center, e.visitor.center) for e in anim.ended_sensor_events]
        theirs += [(e.sensor.center, e.visitor.center) for e in copy.ended_sensor_events]
    assert len(mine) == 1 and mine == theirs
    assert anim.snapshot() == copy.snapshot()


def test_bad_input_is_refused():
    anim, zone, _ = drop_zone()
    zone.destroy()
    with pytest.raises(anima.StaleHandleError):
        zone.is_sensor = True
    with pytest.raises(anima.StaleHandleError):
        zone.sensor_visitors
    assert math.isfinite(anim.step_duration)
