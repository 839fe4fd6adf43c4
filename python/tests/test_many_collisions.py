"""Any number of collision behaviors: the contacts that begin follow UIKit's rule (two items
collide when one collision behavior whose mode includes items holds both; an item meets the
boundaries of the collision behaviors that hold it with a mode including boundaries), checked
against a brute-force reading of the scene, up to 1 000 behaviors."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import anima

ITEMS = 40
SPACING = 15.0  # between centres; the circles are 20 pt across, so neighbours overlap by 5 pt
MODES = ("items", "boundaries", "everything")


def build(count, seed):
    """40 circles in a row and `count` collision behaviors of 2 to 5 items drawn from a
    neighbourhood, with random modes; some have a wall crossing two circles or the reference
    bounds (which touch none); every fifth sits inside a composite behavior."""
    rng = random.Random(seed)
    animator = anima.Animator((0, 0, SPACING * ITEMS + 60, 200))
    items = [anima.Item(animator, center=(30 + SPACING * k, 100), size=(20, 20), shape="ellipse")
             for k in range(ITEMS)]
    collisions = []
    for k in range(count):
        first = rng.randrange(ITEMS)
        members = []
        for _ in range(rng.randint(2, 5)):
            while True:
                j = min(max(first + rng.randint(-4, 4), 0), ITEMS - 1)
                if items[j] not in members:
                    members.append(items[j])
                    break
        collision = anima.Collision(members, mode=rng.choice(MODES))
        kind = rng.randrange(10)
        if kind == 0:
            collision.set_translates_reference_bounds_into_boundary()
        elif kind == 1:
            # between circles first - 1 and first: 7.5 pt from both centres
            x = 30 + SPACING * first - SPACING / 2
            collision.add_boundary(f"wall {first}", (x, 0), (x, 200))
        if k % 5 == 4:
            parent = anima.Behavior(animator)
            parent.add_child(collision)
            animator.add_behavior(parent)
        else:
            animator.add_behavior(collision)
        collisions.append(collision)
    return animator, items, collisions


def expected_contacts(items, collisions):
    """What must begin in the first step: one event per collision behavior and touching pair
    it holds (only neighbours touch), and per wall and circle it crosses."""
    index = {item: k for k, item in enumerate(items)}
    found = set()
    for c, collision in enumerate(collisions):
        held = sorted(index[item] for item in collision.items)
        if collision.mode in ("items", "everything"):
            found |= {(c, frozenset((a, a + 1))) for a in held if a + 1 in held}
        if collision.mode in ("boundaries", "everything"):
            for identifier in collision.boundary_identifiers:
                first = int(identifier.split()[1])
                found |= {(c, frozenset((k,)), identifier) for k in (first - 1, first) if k in held}
    return found


def began(animator, items, collisions):
    index = {item: k for k, item in enumerate(items)}
    which = {id(collision): c for c, collision in enumerate(collisions)}
    events = set()
    for event in animator.began_contacts:
        c = which[id(event.collision)]
        if event.is_boundary:
            events.add((c, frozenset((index[event.item],)), event.boundary_identifier))
        else:
            events.add((c, frozenset((index[event.item], index[event.other]))))
    return events


@settings(max_examples=12, deadline=None)
@given(count=st.integers(1, 1000), seed=st.integers(0, 2**32 - 1))
@example(count=1000, seed=1)
@example(count=64, seed=2)
@example(count=65, seed=3)
def test_contacts_begin_exactly_where_a_collision_behavior_holds_both(count, seed):
    animator, items, collisions = build(count, seed)
    animator.step()
    expected = expected_contacts(items, collisions)
    found = began(animator, items, collisions)
    assert found == expected, (f"{len(found - expected)} unexpected, {len(expected - found)} missing, "
                               f"e.g. {sorted(map(str, found ^ expected))[:3]}")


def test_a_hundred_collision_behaviors_of_two_boxes_each_build_and_settle():
    """Each pair stacks on the floor, straight below where it fell (the boxes do not bounce);
    pairs k and k + 64 share a column and pass through each other, as do neighbouring columns
    that overlap."""
    animator = anima.Animator((0, 0, 64 * 30 + 60, 400))
    gravity = anima.Gravity([], animator=animator)
    pairs = []
    for k in range(100):
        x = 30 + 30 * (k % 64)
        low = anima.Item(animator, center=(x, 300), size=(40, 40))
        high = anima.Item(animator, center=(x, 200 - (k % 7) * 10), size=(40, 40))
        animator.add_behavior(anima.Collision([low, high], translates_reference_bounds_into_boundary=True))
        gravity.add_item(low)
        gravity.add_item(high)
        pairs.append((low, high))
    animator.add_behavior(gravity)
    animator.add_behavior(anima.ItemBehavior([box for pair in pairs for box in pair], elasticity=0))
    assert animator.run_until_rest(20, progress=False) is not None
    for k, (low, high) in enumerate(pairs):
        x = 30 + 30 * (k % 64)
        assert low.center == pytest.approx((x, 380), abs=0.5), k
        assert high.center == pytest.approx((x, 340), abs=0.5), k
        assert low.center[0] == pytest.approx(x, abs=0.01) and high.center[0] == pytest.approx(x, abs=0.01), k
