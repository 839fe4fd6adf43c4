"""The engine's debug drawing (Animator.debug_draw) in the live widget's frames, in recordings and
in the player's page: where the primitives are, which layers travel, that they survive a file,
and that nothing calls debug_draw when the overlay is off.

The frames are read here with a decoder of the documented layout (docs/debug-draw.md, "In the
player and the live widget"), not the package's own, so that the layout itself is checked.
"""

import base64
import math
import pickle
import zlib

import numpy as np
import pytest

import anima
from anima.recording import Recording
from anima.recording.recorder import Recorder

LAYERS = ("shapes", "bounds", "boundaries", "attachments", "contacts")
KINDS = ("polygon", "circle", "segment", "point")
POINT_COLOR, NORMAL_COLOR, ATTACHMENT_COLOR = 0xFF8000, 0xFFFFFF, 0x3399FF
SIDE, FLOOR = 40.0, 480.0


def stacked_boxes():
    """Two 40 pt boxes, one on the other, on the floor of a 320 x 480 pt screen whose edges are
    a boundary, settled; and a small box hanging from (60, 30) on a rod fixed 5 pt right of and
    10 pt above its centre."""
    anim = anima.Animator((0, 0, 320, FLOOR))
    low = anima.Item(anim, center=(160, FLOOR - SIDE / 2), size=(SIDE, SIDE))
    high = anima.Item(anim, center=(160, FLOOR - 1.5 * SIDE), size=(SIDE, SIDE))
    hanging = anima.Item(anim, center=(60, 100), size=(20, 20))
    anim.add_behavior(anima.Gravity([low, high, hanging]))
    anim.add_behavior(anima.Collision([low, high], translates_reference_bounds_into_boundary=True))
    rod = anima.Attachment(hanging, (60, 30), offset=(5, -10))
    anim.add_behavior(rod)
    return anim, low, high, hanging, rod


def decode(heads_bytes, coords, with_layers=True):
    """(layer, kind, coordinates, colour) per primitive of a packed drawing."""
    words = np.frombuffer(heads_bytes, "<u4").reshape(-1, 2)
    out, at = [], 0
    for word, color in words.tolist():
        kind, layer, length = word & 15, (word >> 4) & 15, word >> 8
        out.append((LAYERS[layer], KINDS[kind], [float(v) for v in coords[at:at + length]], color))
        at += length
    assert at == len(coords), "the heads and the coordinates disagree"
    return out


def frames_of(widget):
    sent = []
    widget.send = lambda content, buffers: sent.append((content, buffers))
    return sent


def overlay(frame):
    """The primitives of a live frame (content, buffers), and its snap points."""
    content, buffers = frame
    assert content.get("debug") is True and len(buffers) >= 5
    coords = np.frombuffer(buffers[3], "<f4")
    return decode(buffers[2], coords), np.frombuffer(buffers[4], "<f4").reshape(-1, 2).tolist()


def item_point(item, offset):
    """A point fixed to an item, `offset` from its centre in its own axes, where it is now."""
    c, s = math.cos(item.rotation), math.sin(item.rotation)
    return (item.center[0] + c * offset[0] - s * offset[1], item.center[1] + s * offset[0] + c * offset[1])


# ---- the live widget -------------------------------------------------------------------------

def test_the_live_overlay_has_the_contacts_of_two_stacked_boxes_where_they_touch():
    anim, low, high, *_ = stacked_boxes()
    widget = anima.live(anim, debug=True)
    sent = frames_of(widget)
    for _ in range(60):
        widget.step()
    primitives, snaps = overlay(sent[-1])
    assert snaps == []
    points = sorted(tuple(p[2][:2]) for p in primitives if p[0] == "contacts" and p[1] == "point")
    # the box on the floor touches it at its two bottom corners, the box above touches it at its
    # two top corners: x = 160 -+ 20, y = 480 and 480 - 40
    expected = sorted((160 + dx * SIDE / 2, y) for dx in (-1, 1) for y in (FLOOR, FLOOR - SIDE))
    assert len(points) == 4, points
    for point, want in zip(points, expected):
        assert math.dist(point, want) < 0.1, (point, want)
    assert all(p[3] == POINT_COLOR and p[2][2] == 4.0 for p in primitives if p[1] == "point")
    normals = [p[2] for p in primitives if p[0] == "contacts" and p[1] == "segment"]
    assert len(normals) == 4 and all(p[3] == NORMAL_COLOR for p in primitives if p[0] == "contacts" and p[1] == "segment")
    for x0, y0, x1, y1 in normals:
        # 10 pt up: from the floor toward the box, from the first box (below) toward the second
        assert (x1 - x0, y1 - y0) == pytest.approx((0.0, -10.0), abs=1e-4)
        assert any(math.dist((x0, y0), point) < 1e-4 for point in points)
    # the shapes: the two boxes' outlines where the boxes are (the hanging box too)
    outlines = [p[2] for p in primitives if p[0] == "shapes"]
    assert len(outlines) == 3
    corners = np.array(outlines[1]).reshape(-1, 2)
    np.testing.assert_allclose(corners.mean(axis=0), high.center, atol=1e-3)
    np.testing.assert_allclose(corners.max(axis=0) - corners.min(axis=0), (SIDE, SIDE), atol=1e-3)
    assert {p[0] for p in primitives} == {"shapes", "boundaries", "attachments", "contacts"}  # debug=True


def test_the_live_attachment_runs_from_the_item_point_to_the_anchor():
    anim, _, _, hanging, rod = stacked_boxes()
    widget = anima.live(anim, debug=["attachments"])
    sent = frames_of(widget)
    for _ in range(20):
        widget.step()             # the box swings: it has turned
    primitives, _ = overlay(sent[-1])
    assert [(p[0], p[1], p[3]) for p in primitives] == [("attachments", "segment", ATTACHMENT_COLOR)]
    x0, y0, x1, y1 = primitives[0][2]
    assert abs(hanging.rotation) > 1e-3
    assert (x0, y0) == pytest.approx(item_point(hanging, (5, -10)), abs=1e-4)
    assert (x1, y1) == pytest.approx(rod.anchor_point, abs=1e-4) and rod.anchor_point == (60.0, 30.0)


def test_the_layers_left_out_are_not_in_the_frames():
    anim, *_ = stacked_boxes()
    widget = anima.live(anim, debug=["contacts", "bounds"])
    assert widget.debug == ("bounds", "contacts") and widget._debug == ["bounds", "contacts"]
    sent = frames_of(widget)
    for _ in range(60):
        widget.step()
    primitives, _ = overlay(sent[-1])
    assert {p[0] for p in primitives} == {"bounds", "contacts"}
    assert [p[0] for p in primitives] == sorted((p[0] for p in primitives), key=LAYERS.index)  # the engine's order
    assert sum(1 for p in primitives if p[0] == "bounds") == 3                                 # a box per item
    widget._debug = ["shapes"]                     # as the page's switches set it
    assert widget.debug == ("shapes",)
    widget.step()
    primitives, _ = overlay(sent[-1])
    assert {p[0] for p in primitives} == {"shapes"} and len(primitives) == 3
    widget._debug = ["shapes", "nothing"]          # a name the page cannot send: the switches go back
    assert widget._debug == ["shapes"] and widget.debug == ("shapes",) and "nothing" in widget._message
    everything = anima.live(anim, debug="all")
    assert everything.debug == LAYERS
    with pytest.raises(ValueError, match="no layer 'joints'"):
        anima.live(anim, debug=["joints"])
    with pytest.raises(TypeError, match="debug must be"):
        anima.live(anim, debug=3)


def test_off_the_widget_never_calls_debug_draw(monkeypatch):
    anim, *_ = stacked_boxes()
    calls = []
    draw = anima.Animator.debug_draw
    monkeypatch.setattr(anima.Animator, "debug_draw", lambda self, **layers: calls.append(layers) or draw(self, **layers))
    widget = anima.live(anim)
    sent = frames_of(widget)
    for _ in range(30):
        widget.step()
    widget.start_recording()
    widget.step()
    widget.stop_recording()
    assert calls == [] and widget.debug == () and widget.recording.debug_layers == ()
    assert all("debug" not in content and len(buffers) == 2 for content, buffers in sent)
    widget.debug = ["contacts"]
    widget.step()
    assert calls == [{"shapes": False, "bounds": False, "boundaries": False, "attachments": False, "contacts": True}]
    assert sent[-1][0] == {"type": "frame", "debug": True}
    widget.debug = False
    count = len(calls)
    widget.step()
    assert len(calls) == count and "debug" not in sent[-1][0]


def test_the_overlay_shows_the_snap_points_and_a_still_scene_sends_no_frame():
    anim, low, *_ = stacked_boxes()
    anim.add_behavior(anima.Snap(low, (100, 200)))
    widget = anima.live(anim, debug=["boundaries"])
    sent = frames_of(widget)
    widget.step()
    primitives, snaps = overlay(sent[-1])
    assert snaps == [[100.0, 200.0]]
    assert sorted(tuple(p[2]) for p in primitives) == sorted(
        [(0, 0, 320, 0), (320, 0, 320, 480), (320, 480, 0, 480), (0, 480, 0, 0)])  # the screen's edges
    widget.debug = ["shapes"]
    count = len(sent)
    widget._publish(0.0)
    assert len(sent) == count + 1               # the overlay changed: a frame, though nothing moved
    widget._publish(0.0)
    assert len(sent) == count + 1               # nothing changed: none


def test_the_live_recording_keeps_the_overlay_shown():
    anim, *_ = stacked_boxes()
    widget = anima.live(anim, debug=["contacts", "attachments"])
    widget.start_recording()
    for _ in range(30):
        widget.step()
    recording = widget.stop_recording()
    assert recording.debug_layers == ("attachments", "contacts")
    assert recording.debug_primitives(-1) == widget.animator.debug_draw(shapes=False, boundaries=False)


# ---- recordings ------------------------------------------------------------------------------

def test_a_recording_keeps_each_frames_drawing_exactly():
    """Every frame's primitives are those debug_draw gave at that frame: a twin of the scene,
    advanced frame by frame beside the recorder, draws the same."""
    anim, *_ = stacked_boxes()
    twin, *_ = stacked_boxes()
    recording = Recorder(anim, debug="all").run(1.0)
    assert recording.debug_layers == LAYERS
    wanted = [twin.debug_draw(bounds=True)]
    for _ in range(60):
        twin.advance(1 / 60)
        wanted.append(twin.debug_draw(bounds=True))
    assert recording.frame_count == 61
    for f in range(61):
        assert recording.debug_primitives(f) == wanted[f], f"frame {f}"
    last = recording.debug_primitives(-1, layers=["contacts"])
    assert last == [p for p in wanted[-1] if p[-1] in (POINT_COLOR, NORMAL_COLOR)] and len(last) == 8
    assert recording.debug_primitives(-1, layers="attachments") == [p for p in wanted[-1] if p[-1] == ATTACHMENT_COLOR]


def test_a_recording_with_its_drawing_round_trips_through_a_file_and_pickle(tmp_path):
    anim, *_ = stacked_boxes()
    recording = Recorder(anim, debug=["shapes", "contacts"]).run(0.5)
    path = tmp_path / "drawn.npz"
    recording.save(path)
    with np.load(path) as archive:
        assert int(archive["anima_recording"]) == 3
        assert archive["debug_layers"].tolist() == ["shapes", "contacts"]
        assert archive["debug_counts"].shape == (31,) and archive["debug_coords"].dtype == np.float64
    for again in (Recording.load(path), pickle.loads(pickle.dumps(recording))):
        assert again.debug_layers == ("shapes", "contacts")
        for f in range(recording.frame_count):
            assert again.debug_primitives(f) == recording.debug_primitives(f)
    # a damaged drawing is refused, not drawn wrong
    with np.load(path) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays["debug_coords"] = arrays["debug_coords"][:-1]
    damaged = tmp_path / "damaged.npz"
    np.savez(damaged, **arrays)
    with pytest.raises(ValueError, match="damaged anima recording"):
        Recording.load(damaged)


def test_a_recording_without_a_drawing_is_written_as_before(tmp_path):
    anim, *_ = stacked_boxes()
    calls = []
    anim_type = type(anim)
    draw = anim_type.debug_draw
    try:
        anim_type.debug_draw = lambda self, **layers: calls.append(layers) or draw(self, **layers)
        recording = Recorder(anim).run(0.5)
    finally:
        anim_type.debug_draw = draw
    assert calls == [] and recording.debug_layers == () and recording.debug_primitives(3) == []
    recording.save(tmp_path / "plain.npz")
    with np.load(tmp_path / "plain.npz") as archive:
        assert int(archive["anima_recording"]) == 2 and not any(n.startswith("debug") for n in archive.files)
    assert Recording.load(tmp_path / "plain.npz").debug_layers == ()
    player = anima.show(recording)
    assert "debug_draw" not in player.data() and 'class="anima-debug"' not in player.to_html()


# ---- the player's page -----------------------------------------------------------------------

def unpacked(text, dtype):
    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype)


def test_the_players_page_carries_every_frames_drawing_and_a_switch():
    anim, *_ = stacked_boxes()
    anim.add_behavior(anima.Snap(anim.items[0], (100, 200)))
    player = anima.show(anim, seconds=1, debug=True)
    recording = player.recording
    assert recording.debug_layers == ("shapes", "boundaries", "attachments", "contacts")
    drawing = player.data()["debug_draw"]
    assert drawing["layers"] == list(recording.debug_layers) and drawing["shown"] is True
    assert drawing["snaps"] == [[100.0, 200.0]]
    counts = unpacked(drawing["counts"], "<i4")
    heads = unpacked(drawing["heads"], "<u4")
    coords = unpacked(drawing["coords"], "<f4")
    assert counts.tolist() == [len(recording.debug_primitives(f)) for f in range(recording.frame_count)]
    # the last frame's primitives, read back from the page's arrays
    first = int(counts[:-1].sum())
    lengths = (heads.reshape(-1, 2)[:, 0] >> 8).astype(np.int64)
    start = int(lengths[:first].sum())
    page = decode(heads.reshape(-1, 2)[first:].tobytes(), coords[start:])
    want = recording.debug_primitives(-1)
    assert [(p[1], p[3]) for p in page] == [(p[0], p[-1]) for p in want]
    for (_, kind, got, _), primitive in zip(page, want):
        numbers = np.concatenate([np.ravel(np.asarray(x, float)) for x in primitive[1:-1]])
        np.testing.assert_allclose(got, numbers, rtol=1e-6, atol=1e-4)
    html = player.to_html()
    assert 'class="anima-debug" checked' in html
    hidden = anima.show(recording, debug=False)
    assert hidden.data()["debug_draw"]["shown"] is False and 'class="anima-debug" >' in hidden.to_html()
    with pytest.raises(TypeError, match="layers it was recorded with"):
        anima.show(recording, debug=["contacts"])


def test_a_recording_without_a_drawing_keeps_the_players_overlay_of_before():
    anim, *_ = stacked_boxes()
    recording = Recorder(anim).run(1.0)
    data = anima.Player(recording, debug=True).data()
    assert "debug_draw" not in data and data["debug"] is True
    assert data["bounds"] == [[0.0, 0.0, 320.0, 480.0]] and data["contacts"]
    assert anima.Player(recording).data()["debug"] is False
