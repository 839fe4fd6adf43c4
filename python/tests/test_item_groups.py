"""Item groups (UIDynamicItemGroup) from Python: one rigid body of several items, its mass and
centre against the parts', the parts' exact relative poses through a fall and a landing, the
refusals, destroying a part or the group, snapshots."""

import math

import pytest

import anima


def card_and_badge(anim):
    card = anima.Item(anim, center=(150, 100), size=(100, 60))
    badge = anima.Item(anim, center=(195, 75), size=(20, 20), shape="ellipse")
    return card, badge


def screen():
    return anima.Animator(reference_bounds=(0, 0, 400, 300))


def test_the_group_weighs_its_parts_at_their_centre_of_mass():
    anim = screen()
    card, badge = card_and_badge(anim)
    group = anim.create_group([card, badge])
    anim.add_behavior(anima.Gravity([group]))
    mc, mb = 0.6, math.pi * 100 / 10_000
    assert group.mass == pytest.approx(mc + mb, rel=1e-14)
    cx = (mc * 150 + mb * 195) / (mc + mb)
    cy = (mc * 100 + mb * 75) / (mc + mb)
    assert group.center == pytest.approx((cx, cy), abs=1e-12)
    assert group.is_group and not card.is_group
    assert group.parts == (card, badge) and card.parts == ()
    assert badge.group is group and group.group is None
    offset, angle = badge.part_pose
    assert offset == pytest.approx((195 - cx, 75 - cy), abs=1e-12) and angle == 0
    assert group.size == (105, 65)


def test_a_dropped_card_keeps_its_badge_exactly_and_lands_flat():
    anim = screen()
    card, badge = card_and_badge(anim)
    card.transform = anima.Transform(rotation=0.3)
    badge.center = (150 + 45 * math.cos(0.3) + 25 * math.sin(0.3), 100 + 45 * math.sin(0.3) - 25 * math.cos(0.3))
    group = anim.create_group([card, badge])
    anim.add_behavior(anima.Gravity([group]))
    anim.add_behavior(anima.Collision([group], translates_reference_bounds_into_boundary=True))
    span = math.dist(card.center, badge.center)
    touched = set()
    for _ in range(600):
        anim.advance(1 / 60)
        assert abs(math.dist(card.center, badge.center) - span) < 1e-9
        assert abs(card.rotation - badge.rotation - 0.3) < 1e-12
        for e in anim.began_contacts:
            touched.add((e.item, e.other))
        if not anim.is_running:
            break
    assert not anim.is_running
    assert card.center[1] == pytest.approx(270, abs=0.6)           # the floor less half the card's height
    assert abs((card.rotation + math.pi / 2) % math.pi - math.pi / 2) < 1e-3
    assert (card, badge) not in touched and (badge, card) not in touched
    assert all(item in (card, badge) for item, _ in touched)
    assert group.is_resting and badge.is_resting


def test_a_part_is_refused_what_its_group_holds():
    anim = screen()
    card, badge = card_and_badge(anim)
    group = anim.create_group([card, badge])
    with pytest.raises(anima.InvalidStateError, match="group"):
        anima.Gravity([badge])
    with pytest.raises(anima.InvalidStateError):
        badge.center = (10, 10)
    with pytest.raises(anima.InvalidStateError):
        badge.velocity = (1, 0)
    with pytest.raises(anima.InvalidStateError):
        group.size = (5, 5)
    with pytest.raises(anima.InvalidStateError):
        anim.create_group([badge])
    with pytest.raises(anima.InvalidArgumentError):
        anim.create_group([group])
    with pytest.raises(anima.InvalidArgumentError):
        anim.create_group([])
    lone = anima.Item(anim)
    with pytest.raises(anima.InvalidArgumentError):
        anim.create_group([lone, lone])
    with pytest.raises(TypeError):
        anim.create_group([lone, "badge"])
    with pytest.raises(TypeError):
        anim.create_group(lone)
    other = anima.Item(anima.Animator())
    with pytest.raises(anima.InvalidArgumentError):
        anim.create_group([lone, other])
    with pytest.raises(anima.InvalidArgumentError):
        lone.part_pose
    badge.alpha = 0.5                                             # its own
    group.center = (10, 20)
    assert math.dist(card.center, badge.center) == pytest.approx(math.dist((150, 100), (195, 75)), abs=1e-12)
    assert anim.item_at(badge.center) is badge


def test_destroying_a_part_or_the_group():
    anim = anima.Animator()
    card, badge = card_and_badge(anim)
    group = anim.create_group([card, badge])
    anim.add_behavior(anima.Gravity([group]))
    group.angular_velocity = 1
    anim.advance(0.25)
    where, moving = card.center, card.velocity
    badge.destroy()
    assert group.parts == (card,)
    assert group.center == pytest.approx(where, abs=1e-9)
    assert group.velocity == pytest.approx(moving, abs=1e-9)
    assert group.mass == pytest.approx(0.6, rel=1e-14)
    group.destroy()
    assert card.group is None and card.center == pytest.approx(where, abs=1e-9)
    assert card.velocity == pytest.approx(moving, abs=1e-9)
    card.center = (0, 0)


def test_a_snapshot_keeps_the_group_and_replays_to_the_bit():
    anim = screen()
    card, badge = card_and_badge(anim)
    group = anim.create_group([card, badge])
    anim.add_behavior(anima.Gravity([group]))
    anim.add_behavior(anima.Collision([group], translates_reference_bounds_into_boundary=True))
    group.angular_velocity = 3
    anim.advance(0.3)
    copy = anima.Animator.restore(anim.snapshot())
    restored = {item.id: item for item in copy.items}
    assert restored[group.id].parts == (restored[card.id], restored[badge.id])
    anim.advance(1)
    copy.advance(1)
    assert restored[badge.id].center == badge.center and restored[card.id].rotation == card.rotation

