"""anima.render: recording an animator and rendering recordings as SVG and HTML."""

import math
import xml.etree.ElementTree as ET

import pytest

import anima
from anima.render import Contact, Frame, ItemState, Recorder, Recording, to_html, to_svg

SVG = "{http://www.w3.org/2000/svg}"
BOUNDS = (0, 0, 320, 568)
FLOOR_Y = 568 - 32


# -- helpers ---------------------------------------------------------------------------


def falling_ball(collide=True, center=(160, 100)):
    """A 64 pt ball under gravity, bouncing on the reference bounds when ``collide``."""
    animator = anima.Animator(reference_bounds=BOUNDS)
    ball = anima.Item(animator, center=center, size=(64, 64), shape="ellipse")
    animator.add_behavior(anima.Gravity([ball]))
    collision = None
    if collide:
        collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
        animator.add_behavior(collision)
    return animator, ball, collision


def hand_made_recording(frames=31, frame=1 / 30, rotation=lambda t: 0.0, alpha=lambda t: 1.0):
    """A recording built without an animator: one ellipse falling, one square turning."""
    out = []
    for k in range(frames):
        t = k * frame
        ball = ItemState((100.0, 100.0 + 500 * t * t), (64.0, 64.0), rotation(t), alpha(t), "ellipse")
        box = ItemState((220.0, 300.0), (80.0, 40.0), 0.5 * t, 1.0, "rectangle")
        began = (Contact(t, "began", 0, None, True, None, (100.0, 568.0)),) if k == frames // 2 else ()
        out.append(Frame(t, (ball, box), began, (), True))
    return Recording(frame=frame, frames=out, reference_bounds=BOUNDS)


def parse(svg_text):
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    return root


def items(root):
    return [g for g in root.iter(SVG + "g") if g.get("class") == "item"]


def sample(animation, time):
    """Evaluate a linear SMIL animation (values/keyTimes/dur) at ``time`` seconds."""
    duration = float(animation.get("dur").rstrip("s"))
    key_times = [float(k) for k in animation.get("keyTimes").split(";")]
    values = [[float(x) for x in v.split()] for v in animation.get("values").split(";")]
    u = min(max(time / duration, 0.0), 1.0)
    for i in range(len(key_times) - 1):
        a, b = key_times[i], key_times[i + 1]
        if a <= u <= b:
            w = 0.0 if b == a else (u - a) / (b - a)
            return [x + w * (y - x) for x, y in zip(values[i], values[i + 1])]
    return values[-1]


def child_animation(element, attribute, kind=None):
    for child in element:
        if child.get("attributeName") == attribute and (kind is None or child.get("type") == kind):
            return child
    return None


# -- Recorder --------------------------------------------------------------------------


def test_run_records_one_frame_per_interval_plus_the_initial_state():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator)
    recorder.run(1.0)
    assert len(recorder.frames) == 60 + 1
    assert recorder.duration == pytest.approx(1.0)
    assert [f.time for f in recorder.frames[:3]] == pytest.approx([0.0, 1 / 60, 2 / 60])


def test_frame_count_follows_the_frame_interval():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator, frame=1 / 30)
    recorder.run(0.5)
    assert len(recorder.frames) == 15 + 1
    assert recorder.duration == pytest.approx(0.5)
    assert len(recorder.frames) - 1 == round(recorder.duration / recorder.frame)


def test_runs_append_to_one_recording():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator)
    recorder.run(0.5)
    recorder.run(0.25)
    assert len(recorder.frames) == 30 + 15 + 1
    assert recorder.duration == pytest.approx(0.75)
    times = [f.time for f in recorder.frames]
    assert times == sorted(times)


def test_recorded_state_matches_the_items():
    animator, ball, _ = falling_ball(collide=False)
    ball.alpha = 0.25
    recorder = Recorder(animator)
    recorder.run(0.5)
    first, last = recorder.frames[0].items[0], recorder.frames[-1].items[0]
    assert first.center == pytest.approx((160, 100))
    assert last.center == pytest.approx(ball.center)
    assert last.size == pytest.approx((64, 64))
    assert last.alpha == pytest.approx(0.25)
    assert last.shape == "ellipse"
    assert last.rotation == pytest.approx(ball.rotation)
    assert last.center[1] > first.center[1]


def test_run_until_rest_stops_at_the_pause_and_reports_its_time():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    rest = recorder.run_until_rest(max_seconds=10)
    assert rest is not None
    assert recorder.rest_time == rest
    assert rest == pytest.approx(recorder.duration)
    assert not recorder.frames[-1].running
    assert all(f.running for f in recorder.frames[1:-1])
    assert len(recorder.frames) - 1 == round(recorder.duration / recorder.frame)
    assert recorder.frames[-1].items[0].center[1] == pytest.approx(FLOOR_Y, abs=1.0)


def test_run_until_rest_returns_none_while_still_moving():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator)
    assert recorder.run_until_rest(max_seconds=0.5) is None
    assert recorder.rest_time is None
    assert len(recorder.frames) == 30 + 1
    assert "still moving" in recorder.recording.summary()


def test_contacts_are_recorded_as_plain_data():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    recorder.run_until_rest(max_seconds=10)
    began = recorder.recording.began_contacts
    assert began, "the ball hit the floor"
    first = began[0]
    assert first.kind == "began"
    assert first.item == 0 and first.other is None
    assert first.is_boundary and first.boundary_identifier is None
    assert first.point is not None and first.point[0] == pytest.approx(160)
    assert 0.8 < first.time < 1.1  # 436 pt at 1000 pt/s^2 takes 0.93 s
    assert all(c.kind == "ended" for c in recorder.recording.ended_contacts)


def test_recorder_leaves_the_collision_delegate_to_the_caller():
    animator, ball, collision = falling_ball()
    seen = []
    collision.on_began_contact = seen.append
    recorder = Recorder(animator)
    recorder.run_until_rest(max_seconds=10)
    assert len(seen) == len(recorder.recording.began_contacts) > 0
    assert all(event.item is ball for event in seen)
    recorded = [c.point for c in recorder.recording.began_contacts]
    assert recorded == [pytest.approx(tuple(event.point)) for event in seen]


def test_only_the_given_items_are_followed():
    animator = anima.Animator(reference_bounds=BOUNDS)
    left = anima.Item(animator, center=(80, 100), size=(64, 64), shape="ellipse")
    right = anima.Item(animator, center=(240, 100), size=(40, 20))
    animator.add_behavior(anima.Gravity([left, right]))
    recorder = Recorder(animator, items=[right])
    recorder.run(0.2)
    assert recorder.items == (right,)
    assert recorder.recording.item_count == 1
    assert recorder.frames[-1].items[0].shape == "rectangle"
    assert recorder.frames[-1].items[0].center == pytest.approx(right.center)


def test_named_boundaries_are_recorded_and_drawn_as_lines():
    animator, _, collision = falling_ball()
    collision.add_boundary("shelf", (0, 400), (200, 450))
    recorder = Recorder(animator)
    recorder.run(0.1)
    assert recorder.recording.boundaries["shelf"] == [pytest.approx((0, 400)), pytest.approx((200, 450))]
    lines = [p for p in parse(to_svg(recorder)).iter(SVG + "polyline") if p.get("class") == "boundary"]
    assert [p.get("data-identifier") for p in lines] == ["shelf"]
    assert lines[0].get("points") == "0,400 200,450"


def test_recorder_rejects_a_bad_frame_interval():
    animator, _, _ = falling_ball()
    with pytest.raises(ValueError):
        Recorder(animator, frame=0)
    with pytest.raises(ValueError):
        Recorder(animator).run(-1)


# -- SVG -------------------------------------------------------------------------------


def test_svg_is_well_formed_and_draws_every_shape():
    root = parse(to_svg(hand_made_recording()))
    assert len(items(root)) == 2
    shapes = [e for e in root.iter() if e.get("class") == "shape"]
    assert [e.tag for e in shapes] == [SVG + "ellipse", SVG + "rect"]
    ellipse = next(root.iter(SVG + "ellipse"))
    assert (ellipse.get("rx"), ellipse.get("ry")) == ("32", "32")


def test_svg_frames_the_reference_bounds():
    root = parse(to_svg(hand_made_recording()))
    frame = [r for r in root.iter(SVG + "rect") if r.get("class") == "reference-bounds"]
    assert len(frame) == 1
    assert [frame[0].get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "320", "568"]
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert x < 0 and y < 0 and x + w > 320 and y + h > 568


def test_svg_animation_follows_the_recorded_centers():
    recording = hand_made_recording()
    root = parse(to_svg(recording))
    translate = child_animation(items(root)[0], "transform", "translate")
    assert float(translate.get("dur").rstrip("s")) == pytest.approx(recording.duration)
    for frame in recording.frames[::5] + [recording.frames[-1]]:
        assert sample(translate, frame.time) == pytest.approx(list(frame.items[0].center), abs=0.01)
    assert translate.get("fill") == "freeze"


def test_svg_key_times_are_valid():
    root = parse(to_svg(hand_made_recording()))
    animations = [e for e in root.iter() if e.tag in (SVG + "animate", SVG + "animateTransform") and e.get("keyTimes")]
    assert animations
    for animation in animations:
        key_times = [float(k) for k in animation.get("keyTimes").split(";")]
        assert key_times[0] == 0 and key_times[-1] == 1
        assert key_times == sorted(key_times)
        assert len(key_times) == len(animation.get("values").split(";"))


def test_svg_rotates_each_item_about_its_center():
    root = parse(to_svg(hand_made_recording()))
    box = items(root)[1]
    assert box.get("transform") == "translate(220 300)"
    inner = box.find(SVG + "g")
    rotate = child_animation(inner, "transform", "rotate")
    assert sample(rotate, 1.0) == pytest.approx([math.degrees(0.5)], abs=0.01)
    rect = inner.find(SVG + "rect")
    assert [rect.get(k) for k in ("x", "y", "width", "height")] == ["-40", "-20", "80", "40"]


def test_svg_rotation_takes_the_short_way_across_a_half_turn():
    # 170 degrees to -170 degrees is a 20 degree turn, not a 340 degree one.
    def rotation(t):
        return math.radians(170 + 20 * t) if 170 + 20 * t <= 180 else math.radians(170 + 20 * t - 360)

    root = parse(to_svg(hand_made_recording(rotation=rotation)))
    rotate = child_animation(items(root)[0].find(SVG + "g"), "transform", "rotate")
    degrees = [float(v) for v in rotate.get("values").split(";")]
    assert degrees == sorted(degrees)
    assert degrees[-1] == pytest.approx(190, abs=0.01)


def test_svg_shows_alpha_as_opacity():
    root = parse(to_svg(hand_made_recording(alpha=lambda t: 1.0 if t < 0.5 else 0.5)))
    ball = items(root)[0]
    assert ball.get("opacity") == "1"
    opacity = child_animation(ball, "opacity")
    assert sample(opacity, 0.0) == [1.0]
    assert sample(opacity, 1.0) == [0.5]


def test_constant_values_are_not_animated():
    root = parse(to_svg(hand_made_recording()))
    box = items(root)[1]
    assert child_animation(box, "transform", "translate") is None
    assert child_animation(box, "opacity") is None


def test_svg_size_keeps_the_aspect_ratio():
    recording = hand_made_recording()
    root = parse(to_svg(recording, height=284))
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert float(root.get("height")) == 284
    assert float(root.get("width")) == pytest.approx(284 * w / h, abs=0.01)
    root = parse(to_svg(recording, width=100, height=50))
    assert (root.get("width"), root.get("height")) == ("100", "50")


def test_svg_marks_where_contacts_began():
    root = parse(to_svg(hand_made_recording()))
    markers = [c for c in root.iter(SVG + "circle") if c.get("class") == "contact"]
    assert len(markers) == 1
    assert (markers[0].get("cx"), markers[0].get("cy")) == ("100", "568")


def test_empty_and_unbounded_recordings_render():
    parse(to_svg(Recording()))
    recording = hand_made_recording()
    recording.reference_bounds = None
    root = parse(to_svg(recording))
    assert not [r for r in root.iter(SVG + "rect") if r.get("class") == "reference-bounds"]
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert x < 100 - 32 and x + w > 220 + 40


def test_to_svg_rejects_other_objects():
    with pytest.raises(TypeError):
        to_svg("not a recording")


def test_recording_rejects_a_bad_frame_interval():
    with pytest.raises(ValueError):
        Recording(frame=float("nan"))


# -- HTML ------------------------------------------------------------------------------


def test_html_has_one_svg_per_scene_and_loads_nothing():
    recording = hand_made_recording()
    page = to_html([("One", recording), ("Two", "second summary", recording), {"recording": recording}],
                   title="Three scenes")
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") == 3
    assert page.count('class="anima-card"') == 3
    assert page.count(">Replay</button>") == 3
    assert "http" not in page
    assert "src=" not in page and "<link" not in page
    assert "second summary" in page
    assert "<script>" in page and "setCurrentTime(0)" in page


def test_html_svg_parses_as_xml():
    page = to_html([hand_made_recording()])
    start = page.index("<svg")
    end = page.index("</svg>") + len("</svg>")
    root = ET.fromstring(page[start:end])
    assert root.tag == "svg"  # inline SVG in HTML needs no namespace declaration


def test_html_escapes_titles_and_summaries():
    page = to_html([("<b>&", "a < b", hand_made_recording())], title="x<y")
    assert "<b>&" not in page and "&lt;b&gt;&amp;" in page
    assert "a &lt; b" in page and "<title>x&lt;y</title>" in page


def test_recordings_show_themselves_in_jupyter():
    recording = hand_made_recording()
    recording.title = "Hand made"
    parse(recording._repr_svg_())
    snippet = recording._repr_html_()
    assert snippet.count("<svg") == 1 and "Replay" in snippet and "Hand made" in snippet
    assert "http" not in snippet


def test_recorder_shows_itself_like_its_recording():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    recorder.run(0.2)
    assert recorder._repr_svg_() == recorder.recording._repr_svg_()
    assert "<svg" in recorder._repr_html_()
