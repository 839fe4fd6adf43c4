"""Drag and drop onto a sensor; the Python twin of examples/c/drop_zone.c
(docs/behaviors/collision.md, "Sensors").

    zone.is_sensor = True
    for event in animator.began_sensor_events: ...     # a card is over the zone

A 120 x 120 pt anchored drop zone at (160, 400) is a sensor; a 60 x 40 pt card at (160, 100)
shares its collision behavior and is dragged by an attachment whose anchor a finger moves.
Checks:
  - dragged down, the card passes into the zone (pushed by nothing) and begins over it as its
    bottom edge crosses the zone's top, y = 340 (its centre at 320, within a frame of 5 pt);
  - dragged out to the right, it ends as its left edge passes the zone's right edge, x = 220;
  - dragged back and let go over the zone (listed in zone.sensor_visitors), it is snapped to the
    zone's centre and settles there within 0.5 pt; no contact between card and zone is reported;
  - destroyed, its visit ends; a destroyed item is refused (StaleHandleError).
Exits 1 if any check fails.
"""

import math
import sys

import anima

import _checks


def drag(animator: anima.Animator, finger: anima.Attachment, card: anima.Item, start: tuple[float, float],
         end: tuple[float, float], frames: int) -> tuple[float | None, float | None, int]:
    """Moves the finger from start to end in `frames` frames of 1/60 s: the card's centre y at a
    began event, its centre x at an ended one, and the item-item contacts that began."""
    began_y = ended_x = None
    contacts = 0
    for k in range(1, frames + 1):
        t = k / frames
        finger.anchor_point = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        animator.advance(1 / 60)
        if any(e.visitor == card for e in animator.began_sensor_events):
            began_y = card.center[1]
        if any(e.visitor == card for e in animator.ended_sensor_events):
            ended_x = card.center[0]
        contacts += sum(1 for c in animator.began_contacts if c.other is not None)
    return began_y, ended_x, contacts


def main() -> int:
    check = _checks.Checklist()
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    zone = anima.Item(animator, center=(160, 400), size=(120, 120))
    card = anima.Item(animator, center=(160, 100), size=(60, 40))
    animator.add_behavior(anima.ItemBehavior([zone], anchored=True))
    animator.add_behavior(anima.ItemBehavior([card], allows_rotation=False))
    animator.add_behavior(anima.Collision([zone, card], translates_reference_bounds_into_boundary=True))
    finger = anima.Attachment(card, (160, 100))
    animator.add_behavior(finger)
    zone.is_sensor = True
    check(zone.is_sensor and not card.is_sensor, "the zone is a sensor, the card is not")

    began_y, _, contacts = drag(animator, finger, card, (160, 100), (160, 400), 60)
    print(f"dragged in: began with the card's centre at y = {began_y:.1f} pt" if began_y is not None else "no began event")
    check(began_y is not None and 319 <= began_y <= 326, "the card began over the zone as its edge crossed the top")
    check(abs(card.center[1] - 400) < 1, "the card went into the zone, pushed by nothing")
    _, ended_x, more = drag(animator, finger, card, (160, 400), (300, 400), 40)
    print(f"dragged out: ended with the card's centre at x = {ended_x:.1f} pt" if ended_x is not None else "no ended event")
    check(ended_x is not None and 250 < ended_x < 255, "the card ended as its left edge passed the zone's right edge")
    back, _, again = drag(animator, finger, card, (300, 400), (180, 390), 40)
    check(back is not None, "the card came back over the zone")

    animator.remove_behavior(finger)
    check(zone.sensor_visitors == [card], "the zone lists the card as it is let go")
    animator.add_behavior(anima.Snap(card, zone.center))
    for _ in range(120):
        animator.advance(1 / 60)
    print(f"dropped: the card settled at ({card.center[0]:.2f}, {card.center[1]:.2f}) pt")
    check(math.dist(card.center, (160, 400)) < 0.5, "the card snapped to the zone's centre")
    check(zone.sensor_visitors == [card], "the card is still over the zone")
    check(contacts + more + again == 0, "no contact between the card and the zone")

    card.destroy()
    animator.step()
    check([e.visitor for e in animator.ended_sensor_events] == [card], "the destroyed card's visit ended")
    try:
        card.is_sensor = True
        check(False, "a destroyed item is refused")
    except anima.StaleHandleError as refusal:
        check(True, f"a destroyed item is refused: {refusal}")
    return _checks.conclude(check.failures, lambda: "the card was seen entering, leaving and dropped on the zone")


if __name__ == "__main__":
    sys.exit(main())
