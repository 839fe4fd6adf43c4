"""Card groups: one small collision behavior per group of views, in Python.

UIKit apps often give each group of views its own collision behavior (a card and its
shadow, a cell and its neighbours); an animator takes any number of them. Here 100 groups
of two 40 x 40 pt boxes fall under one gravity behavior, each group in its own collision
behavior with the view's bounds as boundary, none bouncing (elasticity 0). Group k falls in
column k % 64 of a 1980 x 400 pt view, 30 pt apart, so each box overlaps the columns next
to its own and group k + 64 shares group k's column. The same scene in C is
examples/c/card_groups.c.

Checks: the animator pauses within 20 s; each group rests as a stack of two on the floor
(centres y = 380 and 340 within 0.5 pt) straight below where it fell (x within 0.01 pt), so
boxes of different groups passed through each other; every contact that began was reported
by the collision behavior of the boxes it names. Exits 1 otherwise.
"""

import sys

import anima

import _checks

GROUPS = 100
COLUMNS = 64


def main() -> int:
    """Build the groups, run until rest, check where they lie; return the exit status."""
    animator = anima.Animator((0, 0, COLUMNS * 30 + 60, 400))
    groups: list[tuple[anima.Item, anima.Item, anima.Collision]] = []
    for k in range(GROUPS):
        x = 30 + 30 * (k % COLUMNS)
        low = anima.Item(animator, center=(x, 300), size=(40, 40))
        high = anima.Item(animator, center=(x, 200 - (k % 7) * 10), size=(40, 40))
        collision = anima.Collision([low, high], translates_reference_bounds_into_boundary=True)
        animator.add_behavior(collision)
        groups.append((low, high, collision))
    boxes = [box for low, high, _ in groups for box in (low, high)]
    animator.add_behavior(anima.Gravity(boxes))
    animator.add_behavior(anima.ItemBehavior(boxes, elasticity=0))

    group_of = {box: k for k, (low, high, _) in enumerate(groups) for box in (low, high)}
    began = foreign = 0
    frames = 0
    while animator.is_running and frames < 20 * 60:
        animator.advance(1 / 60)
        frames += 1
        for event in animator.began_contacts:
            began += 1
            foreign += event.collision is not groups[group_of[event.item]][2]
    print(f"{GROUPS} collision behaviors of two boxes each; paused after {frames / 60:.2f} s, "
          f"{began} contacts began")

    stacked = 0
    for k, (low, high, _) in enumerate(groups):
        x = 30 + 30 * (k % COLUMNS)
        if (abs(low.center[0] - x) < 0.01 and abs(high.center[0] - x) < 0.01
                and abs(low.center[1] - 380) < 0.5 and abs(high.center[1] - 340) < 0.5):
            stacked += 1
        else:
            print(f"  group {k} rests at {low.center} and {high.center}")
    checks = [
        (not animator.is_running, "the animator paused within 20 s"),
        (stacked == GROUPS, f"{stacked} of {GROUPS} groups stack straight below where they fell"),
        (began >= 2 * GROUPS and foreign == 0, "contacts begin only in the collision behavior of their boxes"),
    ]
    return _checks.finish(checks, lambda: f"{stacked} of {GROUPS} groups stacked, {began} contacts began")


if __name__ == "__main__":
    sys.exit(main())
