"""Capsules and rounded rectangles from Python: resting on a floor and on each other, their mass,
the corner radius's checks, queries and the hit test against the rounded outline, the debug
drawing and snapshots."""

import math

import pytest

import anima


def floor_scene(*specs):
    """A 400 x 300 pt screen whose edges are a boundary, with gravity on the given items."""
    anim = anima.Animator(reference_bounds=(0, 0, 400, 300))
    items = [anima.Item(anim, **spec) for spec in specs]
    anim.add_behavior(anima.Gravity(items))
    anim.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
    return anim, items


def folded(angle):
    """The angle within -pi/2 ... pi/2 (a shape lying either way round)."""
    return (angle + math.pi / 2) % math.pi - math.pi / 2


def test_a_capsule_rests_flat_on_the_floor_and_a_pill_on_a_rounded_card():
    anim, (pill,) = floor_scene(dict(center=(200, 100), size=(120, 40), shape="capsule", rotation=0.3))
    assert anim.run_until_rest(max_seconds=10) is not None
    assert pill.center[1] == pytest.approx(280, abs=0.05)       # the floor less the radius 20
    assert abs(folded(pill.rotation)) < 1e-3
    anim, (card, chip) = floor_scene(
        dict(center=(200, 250), size=(160, 60), shape="rounded_rectangle", corner_radius=16),
        dict(center=(200, 150), size=(100, 30), shape="capsule"))
    assert anim.run_until_rest(max_seconds=10) is not None
    assert card.center[1] == pytest.approx(270, abs=0.05)
    assert chip.center[1] == pytest.approx(300 - 60 - 15, abs=0.1)


def test_the_mass_follows_the_rounded_area():
    anim = anima.Animator()
    card = anima.Item(anim, size=(120, 80), shape="rounded_rectangle", corner_radius=10)
    pill = anima.Item(anim, size=(100, 40), shape="capsule")
    anim.add_behavior(anima.ItemBehavior([card, pill]))
    # density 1: mass = area / 10 000; a rounded rectangle loses (4 - pi) r^2 to its corners
    assert card.mass == pytest.approx((120 * 80 - (4 - math.pi) * 100) / 10_000, rel=1e-12)
    assert pill.mass == pytest.approx((60 * 40 + math.pi * 400) / 10_000, rel=1e-12)
    card.corner_radius = 0
    assert card.mass == pytest.approx(120 * 80 / 10_000, rel=1e-12)
    card.corner_radius = 1e6                                      # held to half the shorter side
    assert card.mass == pytest.approx((120 * 80 - (4 - math.pi) * 1600) / 10_000, rel=1e-12)


def test_bad_corner_radii_are_refused_and_change_nothing():
    anim = anima.Animator()
    card = anima.Item(anim, shape="rounded_rectangle", corner_radius=8)
    assert card.corner_radius == 8.0 and anima.Item(anim).corner_radius == 0.0
    for bad in (-1.0, math.nan, math.inf, 2e7):
        with pytest.raises(anima.InvalidArgumentError, match="corner.radius must be"):
            card.corner_radius = bad
        with pytest.raises(anima.InvalidArgumentError, match="corner.radius must be"):
            anima.Item(anim, shape="rounded_rectangle", corner_radius=bad)
    with pytest.raises(TypeError):
        card.corner_radius = "round"
    assert card.corner_radius == 8.0 and len(anim.items) == 2      # no half-made item left behind
    with pytest.raises(anima.InvalidArgumentError, match="'capsule' or 'rounded_rectangle'"):
        card.shape = "pill"


def test_queries_and_the_hit_test_meet_the_rounded_outline():
    anim = anima.Animator()
    # a pill 100 x 40 about (0, 0): its core from (-30, 0) to (30, 0), radius 20
    pill = anima.Item(anim, center=(0, 0), size=(100, 40), shape="capsule")
    card = anima.Item(anim, center=(200, 0), size=(80, 80), shape="rounded_rectangle", corner_radius=20)
    anim.add_behavior(anima.Collision([pill, card]))
    hit = anim.ray_cast_first((40, -100), (40, 100))
    assert hit.item == pill
    assert hit.point[1] == pytest.approx(-math.sqrt(20 ** 2 - 10 ** 2), abs=1e-9)
    assert hit.normal == pytest.approx((0.5, -math.sqrt(3) / 2), abs=1e-9)
    corner, p = (220, -20), (260, -60)
    near = anim.nearest_item(p, 100)
    assert near.item == card and near.distance == pytest.approx(math.dist(p, corner) - 20, abs=1e-9)
    gap = math.dist(p, corner) - 20
    assert anim.items_overlapping(circle=(p, gap - 0.01)) == []
    assert anim.items_overlapping(circle=(p, gap + 0.01)) == [card]
    # inside the card's bounds but beyond its rounded corner, then inside it
    assert anim.item_at((162, -38)) is None
    assert anim.item_at((170, -30)) == card
    assert anim.item_at((-48, -18)) is None and anim.item_at((-45, 0)) == pill


def test_the_debug_drawing_traces_a_capsule():
    anim = anima.Animator()
    pill = anima.Item(anim, center=(50, 60), size=(100, 40), shape="capsule")
    anim.add_behavior(anima.Collision([pill]))
    (kind, outline, _color), = anim.debug_draw(attachments=False, boundaries=False, contacts=False)
    assert kind == "polygon" and len(outline) == 18
    for x, y in outline:
        nearest_x = min(max(x, 20), 80)                            # the core from (20, 60) to (80, 60)
        assert math.hypot(x - nearest_x, y - 60) == pytest.approx(20, abs=1e-9)


def test_snapshots_keep_the_shapes_and_replay_bit_for_bit():
    anim, items = floor_scene(dict(center=(150, 50), size=(90, 30), shape="capsule", rotation=0.7),
                              dict(center=(250, 80), size=(70, 50), shape="rounded_rectangle", corner_radius=14))
    for _ in range(40):
        anim.advance(1 / 60)
    copy = anima.Animator.restore(anim.snapshot())
    shapes = sorted((item.shape, item.corner_radius) for item in copy.items)
    assert shapes == [("capsule", 0.0), ("rounded_rectangle", 14.0)]
    for _ in range(120):
        anim.advance(1 / 60)
        copy.advance(1 / 60)
    assert copy.state_hash() == anim.state_hash()


def test_recordings_and_the_players_draw_the_rounded_outline(tmp_path):
    from anima.render import Recorder, Recording, to_svg

    anim, (pill, card) = floor_scene(dict(center=(150, 50), size=(90, 30), shape="capsule"),
                                     dict(center=(250, 80), size=(70, 50), shape="rounded_rectangle", corner_radius=14))
    recording = Recorder(anim).run(0.5)
    assert list(recording.shapes) == ["capsule", "rounded_rectangle"]
    for outline, (w, h), r in zip(recording.paths, ((90, 30), (70, 50)), (15, 14)):
        # every point on the rounded outline: r from the core rectangle of half sizes w/2 - r, h/2 - r
        for x, y in outline:
            assert math.hypot(max(abs(x) - (w / 2 - r), 0), max(abs(y) - (h / 2 - r), 0)) == pytest.approx(r, abs=1e-9)
    svg = to_svg(recording)
    assert svg.count('<polygon class="shape"') == 2
    path = tmp_path / "rounded.npz"
    recording.save(path)
    assert list(Recording.load(path).shapes) == ["capsule", "rounded_rectangle"]


def test_the_live_widget_sends_the_rounded_outline():
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    anima.Item(anim, center=(100, 100), size=(90, 30), shape="capsule")
    anima.Item(anim, center=(200, 100), size=(60, 40), shape="rounded_rectangle", corner_radius=8)
    anima.Item(anim, center=(260, 100), size=(30, 30))
    widget = anima.live(anim)
    pill, card, box = widget._scene["items"]
    assert box[4] is None                                       # drawn from its size
    for entry, (w, h), r in ((pill, (90, 30), 15), (card, (60, 40), 8)):
        points = list(zip(entry[4][0::2], entry[4][1::2]))
        assert len(points) == 36
        for x, y in points:                                     # to the 0.01 pt the page is sent
            assert math.hypot(max(abs(x) - (w / 2 - r), 0), max(abs(y) - (h / 2 - r), 0)) == pytest.approx(r, abs=0.01)
    widget.close()
