"""Collision groups (pymunk's ShapeFilter.group): items of the same group other than 0 never
collide; others, and boundaries, still do; refusals; snapshots keep the groups."""

import pickle

import pytest

import anima


def thrown(groups):
    """Ball a thrown at 200 pt/s at ball b of the same mass at rest, elasticity 1, for 2 s."""
    anim = anima.Animator()
    a = anima.Item(anim, center=(0, 100), size=(40, 40), shape="ellipse")
    b = anima.Item(anim, center=(200, 100), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.Collision([a, b]))
    anim.add_behavior(anima.ItemBehavior([a, b], elasticity=1.0))
    a.collision_group, b.collision_group = groups
    a.velocity = (200, 0)
    anim.advance(2)
    return anim, a, b


def test_one_group_passes_through_and_other_groups_meet():
    _, a, b = thrown((7, 7))
    assert a.center[0] == pytest.approx(400, abs=1e-9) and b.center == (200, 100)
    for groups in ((0, 0), (7, 8), (0, 7)):
        _, a, b = thrown(groups)
        assert a.velocity[0] + b.velocity[0] == pytest.approx(200, abs=1e-4)
        assert b.velocity[0] == pytest.approx(200, abs=2) and a.center[0] < 200


def test_bad_groups_are_refused_and_snapshots_keep_them():
    anim, a, b = thrown((3, 0))
    with pytest.raises(ValueError):
        a.collision_group = -1
    with pytest.raises(TypeError):
        a.collision_group = "3"
    with pytest.raises((ValueError, OverflowError)):
        a.collision_group = 2**31
    assert a.collision_group == 3 and b.collision_group == 0
    group = anim.create_group([a, b])
    with pytest.raises(anima.InvalidStateError):
        group.collision_group = 1
    copy = anima.Animator.restore(anim.snapshot())
    assert {i.id: i.collision_group for i in copy.items} == {a.id: 3, b.id: 0, group.id: 0}
    again = pickle.loads(pickle.dumps(anim))
    assert sorted(i.collision_group for i in again.items) == [0, 0, 3]
