"""Animator.debug_draw: the engine's state as primitives (Box2D's debug draw), checked against
the scene's geometry."""

import math

import pytest

import anima


def scene():
    """A turned, anchored box, a ball swinging on a rod from (200, 300), a ball resting on the
    floor of a 320 x 568 pt screen whose edges are a boundary."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    box = anima.Item(anim, center=(100, 100), size=(40, 20))
    box.transform = anima.Transform(rotation=math.pi / 6)
    swinging = anima.Item(anim, center=(200, 400), size=(40, 40), shape="ellipse")
    resting = anima.Item(anim, center=(80, 500), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([box], anchored=True))
    anim.add_behavior(anima.Gravity([swinging, resting]))
    anim.add_behavior(anima.Collision([box, swinging, resting], translates_reference_bounds_into_boundary=True))
    anim.add_behavior(anima.Attachment(swinging, (200, 300)))
    swinging.velocity = (300, 0)
    for _ in range(90):
        anim.advance(1 / 60)
    return anim, box, swinging, resting


def test_the_scene_is_drawn_where_it_is():
    anim, box, swinging, resting = scene()
    drawn = anim.debug_draw()
    kind, corners, color = drawn[0]
    assert kind == "polygon" and color == 0x7F7F7F
    c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
    expected = [(100 + c * x - s * y, 100 + s * x + c * y) for x, y in ((-20, -10), (20, -10), (20, 10), (-20, 10))]
    assert max(math.dist(p, q) for p, q in zip(corners, expected)) < 1e-9
    assert drawn[1] == ("circle", swinging.center, 20.0, swinging.rotation, 0xE6B31A)
    assert drawn[2][0] == "circle" and drawn[2][4] == 0x8C99B3            # asleep
    segments = [e for e in drawn if e[0] == "segment"]
    assert sum(1 for e in segments if e[3] == 0xCC3333) == 4              # the four edges
    rods = [e for e in segments if e[3] == 0x3399FF]
    assert rods == [("segment", swinging.center, (200.0, 300.0), 0x3399FF)]
    points = [e for e in drawn if e[0] == "point"]
    assert len(points) == 1 and points[0][1][1] == pytest.approx(568, abs=1.0)
    normal = [e for e in segments if e[3] == 0xFFFFFF][0]
    assert normal[1][1] - normal[2][1] == pytest.approx(10.0, abs=1e-9)  # up, from the floor


def test_the_flags_choose_what_is_drawn():
    anim, *_ = scene()
    assert anim.debug_draw(shapes=False, attachments=False, boundaries=False, contacts=False) == []
    assert [e[0] for e in anim.debug_draw(shapes=False, attachments=False, boundaries=False, contacts=False,
                                          bounds=True)] == ["polygon"] * 3
    assert len(anim.debug_draw(attachments=False, boundaries=False, contacts=False)) == 3


def test_not_from_inside_a_step():
    anim, box, *_ = scene()
    seen = []

    def during():
        try:
            anim.debug_draw()
        except anima.BusyError as refusal:
            seen.append(str(refusal))

    watcher = anima.Behavior(anim)
    watcher.action = during
    anim.add_behavior(watcher)
    box.center = (110, 100)
    anim.advance(1 / 60)
    assert seen and "during a step" in seen[0]
    assert anim.debug_draw()[0][0] == "polygon"
