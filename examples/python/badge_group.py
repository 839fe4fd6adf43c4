"""A card with its badge as one rigid body, UIKit's UIDynamicItemGroup; the Python twin of
examples/c/badge_group.c (docs/behaviors/groups.md).

    group = animator.create_group([card, badge])
    animator.add_behavior(anima.Gravity([group]))

On a 320 x 568 pt screen whose edges are a boundary, a 200 x 120 pt card at (160, 200) turned by
0.25 rad and a 40 pt round badge over its top-right corner are made one group; gravity and one
collision behavior take the group. Checks:
  - the group weighs the card and the badge (2.4 + pi 0.04), its centre their centre of mass;
  - in every frame the badge keeps its place on the card: their centres sqrt(100^2 + 60^2) pt
    apart within 1e-9 pt, the card turned 0.25 rad from the badge within 1e-12 rad;
  - the card lands, falls flat and rests on the floor (y = 508 within 0.6 pt, flat within
    1e-3 rad), and the animator pauses;
  - the parts never touch each other, and the floor's contacts name the card;
  - a tap on the badge finds the badge, whose group is the group; a behavior of the badge and
    moving the badge raise InvalidStateError;
  - destroying the group frees both parts where they lie.
Exits 1 if any check fails.
"""

import math
import sys

import anima

import _checks


def folded(angle: float) -> float:
    """The angle within -pi/2 ... pi/2: a card lying either way up."""
    return (angle + math.pi / 2) % math.pi - math.pi / 2


def main() -> int:
    check = _checks.Checklist()
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    tilt = 0.25
    card = anima.Item(animator, center=(160, 200), size=(200, 120), rotation=tilt)
    corner = (160 + 100 * math.cos(tilt) + 60 * math.sin(tilt), 200 + 100 * math.sin(tilt) - 60 * math.cos(tilt))
    badge = anima.Item(animator, center=corner, size=(40, 40), shape="ellipse")
    group = animator.create_group([card, badge])
    animator.add_behavior(anima.Gravity([group]))
    animator.add_behavior(anima.Collision([group], translates_reference_bounds_into_boundary=True))

    card_mass, badge_mass = 200 * 120 / 10_000, math.pi * 400 / 10_000
    print(f"the group weighs {group.mass:.6f} (card {card_mass:.4f} + badge {badge_mass:.6f})")
    check(abs(group.mass - card_mass - badge_mass) < 1e-12, "the group weighs its parts")
    centre = ((card_mass * 160 + badge_mass * corner[0]) / (card_mass + badge_mass),
              (card_mass * 200 + badge_mass * corner[1]) / (card_mass + badge_mass))
    check(math.dist(group.center, centre) < 1e-9, "the group's centre is its parts' centre of mass")

    span = math.hypot(100, 60)
    worst_span = worst_turn = 0.0
    parts_touched = floor_named_card = False
    frames = 0
    while frames < 600 and animator.is_running:
        animator.advance(1 / 60)
        frames += 1
        worst_span = max(worst_span, abs(math.dist(card.center, badge.center) - span))
        worst_turn = max(worst_turn, abs(card.rotation - badge.rotation - tilt))
        for event in animator.began_contacts:
            parts_touched |= {event.item, event.other} == {card, badge}
            floor_named_card |= event.is_boundary and event.item == card
    print(f"badge to card: {span:.9f} pt apart at worst off {worst_span:.2e} pt, turned apart at worst "
          f"{worst_turn:.2e} rad, over {frames} frames")
    check(worst_span < 1e-9, "the badge keeps its distance from the card in every frame")
    check(worst_turn < 1e-12, "the badge keeps its rotation on the card in every frame")
    check(not parts_touched, "the parts of the group never touched each other")
    check(floor_named_card, "the floor's contact names the card, the part that touched")
    x, y = card.center
    print(f"the card rests at ({x:.3f}, {y:.4f}) pt, {folded(card.rotation):.2e} rad from flat, paused after {frames / 60:.2f} s")
    check(not animator.is_running, "the animator paused")
    check(abs(y - 508) < 0.6, "the card lies on the floor")
    check(abs(folded(card.rotation)) < 1e-3, "the card lies flat")

    check(animator.item_at(badge.center) is badge and badge.group is group, "a tap on the badge finds it, and its group")
    for attempt, what in ((lambda: anima.Gravity([badge]), "a part joins no behavior"),
                          (lambda: setattr(badge, "center", (10, 10)), "a part is not moved alone")):
        try:
            attempt()
            check(False, what)
        except anima.InvalidStateError as error:
            print(f"refused: {error}")
    rest = card.center
    group.destroy()
    check(badge.group is None and math.dist(card.center, rest) < 1e-9, "the freed parts stay where they lay")
    badge.center = (40, 40)
    return _checks.conclude(check.failures, lambda: "the card and its badge fell, landed and rested as one body")


if __name__ == "__main__":
    sys.exit(main())
