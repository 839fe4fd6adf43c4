"""anima.render: recording an animator and rendering recordings as SVG and HTML."""

import math
import xml.etree.ElementTree as ET

import pytest

import anima
import numpy as np

from anima.render import BOUNDARY, CONTACT_DTYPE, NOT_FOLLOWED, Recorder, Recording, to_html, to_svg

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
    """A recording built without an animator: one ellipse falling, one rectangle turning."""
    t = np.arange(frames) * frame
    poses = np.zeros((frames, 2, 3))
    poses[:, 0] = np.stack([np.full(frames, 100.0), 100.0 + 500 * t * t, [rotation(x) for x in t]], axis=1)
    poses[:, 1] = np.stack([np.full(frames, 220.0), np.full(frames, 300.0), 0.5 * t], axis=1)
    alphas = np.ones((frames, 2))
    alphas[:, 0] = [alpha(x) for x in t]
    contacts = [(t[frames // 2], True, 0, BOUNDARY, "", 100.0, 568.0)]
    return Recording(frame, poses=poses, alpha=alphas, sizes=[(64.0, 64.0), (80.0, 40.0)],
                     shapes=["ellipse", "rectangle"], contacts=contacts, reference_bounds=BOUNDS)


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
    recording = recorder.run(1.0)
    assert recording.frame_count == len(recording) == 60 + 1
    assert recorder.duration == pytest.approx(1.0)
    assert recording.times[:3] == pytest.approx([0.0, 1 / 60, 2 / 60])
    assert recording.poses.shape == (61, 1, 3)
    assert recording.velocities.shape == (61, 1, 3)
    assert recording.alpha.shape == (61, 1)


def test_frame_count_follows_the_frame_interval():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator, frame=1 / 30)
    recording = recorder.run(0.5)
    assert recording.frame_count == 15 + 1
    assert recorder.duration == pytest.approx(0.5)
    assert recording.frame_count - 1 == round(recorder.duration / recorder.frame)


def test_runs_append_to_one_recording():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator)
    recorder.run(0.5)
    first_half = recorder.recording.poses.copy()
    recording = recorder.run(0.25)
    assert recording.frame_count == 30 + 15 + 1
    assert recorder.duration == pytest.approx(0.75)
    assert np.all(np.diff(recording.times) > 0)
    assert np.array_equal(recording.poses[:31], first_half)


def test_many_short_runs_record_the_same_as_one_long_run():
    one, _, _ = falling_ball()
    many, _, _ = falling_ball()
    long_run = Recorder(one).run(1.0)
    pieces = Recorder(many)
    for _ in range(60):
        pieces.run(1 / 60)
    assert np.array_equal(pieces.recording.poses, long_run.poses)
    assert np.array_equal(pieces.recording.times, long_run.times)


def test_recorded_arrays_match_the_items():
    animator, ball, _ = falling_ball(collide=False)
    ball.alpha = 0.25
    ball.angular_velocity = 1.5
    recorder = Recorder(animator)
    recording = recorder.run(0.5)
    assert recording.poses[0, 0].tolist() == pytest.approx([160, 100, 0])
    assert recording.poses[-1, 0].tolist() == [*ball.center, ball.rotation]
    assert recording.velocities[-1, 0].tolist() == [*ball.velocity, ball.angular_velocity]
    assert recording.alpha[-1, 0] == 0.25
    assert recording.sizes[-1, 0].tolist() == [64, 64]
    assert recording.scales[-1, 0].tolist() == [1, 1]
    assert recording.shapes.tolist() == ["ellipse"]
    assert recording.masses.tolist() == [ball.mass]
    assert recording.paths == [None]
    assert np.all(np.diff(recording.poses[:, 0, 1]) > 0)  # falling
    assert recording.present.all()


def test_every_frame_holds_what_the_items_read_then():
    animator, ball, _ = falling_ball()
    recorder = Recorder(animator)
    recorder.run(0)
    seen = [(*ball.center, ball.rotation, *ball.velocity, ball.angular_velocity, ball.alpha)]
    for _ in range(90):
        recorder.run(1 / 60)
        seen.append((*ball.center, ball.rotation, *ball.velocity, ball.angular_velocity, ball.alpha))
    recording = recorder.recording
    states = np.concatenate([recording.poses, recording.velocities, recording.alpha[..., None]], axis=2)
    assert states[:, 0].tolist() == [list(row) for row in seen]


def test_run_until_rest_stops_at_the_pause_and_reports_its_time():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    rest = recorder.run_until_rest(max_seconds=10)
    recording = recorder.recording
    assert rest is not None
    assert recorder.rest_time == rest
    assert rest == pytest.approx(recorder.duration)
    assert not recording.running[-1]
    assert recording.running[1:-1].all()
    assert recording.frame_count - 1 == round(recorder.duration / recorder.frame)
    assert recording.poses[-1, 0, 1] == pytest.approx(FLOOR_Y, abs=1.0)


def test_run_until_rest_returns_none_while_still_moving():
    animator, _, _ = falling_ball(collide=False)
    recorder = Recorder(animator)
    assert recorder.run_until_rest(max_seconds=0.5) is None
    assert recorder.rest_time is None
    assert recorder.recording.frame_count == 30 + 1
    assert "still moving" in recorder.recording.summary()


def test_contacts_are_a_structured_array():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    recorder.run_until_rest(max_seconds=10)
    contacts = recorder.recording.contacts
    assert contacts.dtype.names == CONTACT_DTYPE.names
    began = contacts[contacts["began"]]
    assert len(began) > 0, "the ball hit the floor"
    first = began[0]
    assert first["item"] == 0 and first["other"] == BOUNDARY
    assert first["boundary"] == ""
    assert first["x"] == pytest.approx(160)
    assert 0.8 < first["time"] < 1.1  # 436 pt at 1000 pt/s^2 takes 0.93 s
    assert np.all(np.diff(contacts["time"]) >= 0)
    assert len(contacts) - len(began) == int((~contacts["began"]).sum()) > 0


def test_contacts_name_boundaries_and_other_items():
    animator = anima.Animator(reference_bounds=BOUNDS)
    low = anima.Item(animator, center=(160, 400), size=(40, 40))
    high = anima.Item(animator, center=(160, 300), size=(40, 40))
    collision = anima.Collision([low, high])
    collision.add_boundary("shelf", (0, 500), (320, 500))
    animator.add_behavior(anima.Gravity([low, high]))
    animator.add_behavior(collision)
    contacts = Recorder(animator).run(1.5).contacts
    shelf = contacts[contacts["boundary"] == "shelf"]
    assert len(shelf) and set(shelf["other"].tolist()) == {BOUNDARY}
    pairs = contacts[contacts["other"] >= 0]
    assert len(pairs) and {tuple(sorted(p)) for p in pairs[["item", "other"]].tolist()} == {(0, 1)}


def test_contacts_of_items_not_followed_are_marked():
    animator = anima.Animator(reference_bounds=BOUNDS)
    low = anima.Item(animator, center=(160, 400), size=(40, 40))
    high = anima.Item(animator, center=(160, 300), size=(40, 40))
    animator.add_behavior(anima.Gravity([low, high]))
    animator.add_behavior(anima.Collision([low, high], translates_reference_bounds_into_boundary=True))
    contacts = Recorder(animator, items=[high]).run(1.5).contacts
    assert len(contacts) > 0
    assert set(contacts["item"].tolist()) | set(contacts["other"].tolist()) <= {0, BOUNDARY, NOT_FOLLOWED}
    assert NOT_FOLLOWED in contacts["item"].tolist() + contacts["other"].tolist()
    # the low box's own contacts with the floor are left out: no followed item takes part
    assert not np.any((contacts["item"] == NOT_FOLLOWED) & (contacts["other"] == BOUNDARY))


def test_recorder_leaves_the_collision_delegate_to_the_caller():
    animator, ball, collision = falling_ball()
    seen = []
    collision.on_began_contact = seen.append
    recorder = Recorder(animator)
    recorder.run_until_rest(max_seconds=10)
    contacts = recorder.recording.contacts
    began = contacts[contacts["began"]]
    assert len(seen) == len(began) > 0
    assert all(event.item is ball for event in seen)
    assert began[["x", "y"]].tolist() == [pytest.approx(tuple(event.point)) for event in seen]


def test_only_the_given_items_are_followed():
    animator = anima.Animator(reference_bounds=BOUNDS)
    left = anima.Item(animator, center=(80, 100), size=(64, 64), shape="ellipse")
    right = anima.Item(animator, center=(240, 100), size=(40, 20))
    animator.add_behavior(anima.Gravity([left, right]))
    recorder = Recorder(animator, items=[right])
    recording = recorder.run(0.2)
    assert recorder.items == (right,)
    assert recording.item_count == 1
    assert recording.shapes.tolist() == ["rectangle"]
    assert recording.poses[-1, 0, :2].tolist() == list(right.center)


def test_an_item_destroyed_while_recording_is_nan_from_then_on():
    animator = anima.Animator(reference_bounds=BOUNDS)
    first = anima.Item(animator, center=(80, 100), size=(40, 40))
    doomed = anima.Item(animator, center=(160, 100), size=(40, 40))
    last = anima.Item(animator, center=(240, 100), size=(40, 40))
    animator.add_behavior(anima.Gravity([first, doomed, last]))
    recorder = Recorder(animator)
    recorder.run(0.25)
    doomed.destroy()
    recording = recorder.run(0.25)
    assert recording.item_count == 3
    assert recording.present[:16, 1].all() and not recording.present[16:, 1].any()
    assert np.isnan(recording.poses[16:, 1]).all() and np.isnan(recording.velocities[16:, 1]).all()
    # the items after it keep their own rows
    assert recording.poses[-1, 2, :2].tolist() == list(last.center)
    assert recording.poses[-1, 0, :2].tolist() == list(first.center)
    svg = to_svg(recording)
    assert "nan" not in svg
    opacity = child_animation(items(parse(svg))[1], "opacity")
    assert sample(opacity, 0.1) == [1.0] and sample(opacity, 0.5) == [0.0]


def test_an_item_destroyed_and_another_created_in_one_frame_keep_their_rows():
    animator = anima.Animator(reference_bounds=BOUNDS)
    boxes = [anima.Item(animator, center=(60 + 80 * k, 100), size=(30, 30)) for k in range(3)]
    gravity = anima.Gravity(boxes)
    animator.add_behavior(gravity)
    recorder = Recorder(animator)
    recorder.run(0.1)
    boxes[0].destroy()
    newcomer = anima.Item(animator, center=(300, 50), size=(10, 10))
    recording = recorder.run(0.1)
    assert recording.item_count == 4
    assert np.isnan(recording.poses[7:, 0]).all()
    assert recording.poses[-1, 1, :2].tolist() == list(boxes[1].center)
    assert recording.poses[-1, 2, :2].tolist() == list(boxes[2].center)
    assert np.isnan(recording.poses[:7, 3]).all()
    assert recording.poses[7:, 3, :2].tolist() == [[300, 50]] * 6
    assert recording.sizes[-1, 3].tolist() == [10, 10]


def test_items_created_while_recording_join_a_default_recorder_only():
    animator, ball, _ = falling_ball()
    everything = Recorder(animator)
    given = Recorder(animator, items=[ball])
    everything.run(0.1)
    given.run(0.1)
    extra = anima.Item(animator, center=(40, 40), size=(20, 20), shape="ellipse")
    everything.run(0.1)
    given.run(0.1)
    assert everything.items == (ball, extra)
    assert everything.recording.shapes.tolist() == ["ellipse", "ellipse"]
    assert given.recording.item_count == 1


def test_sizes_are_read_once_unless_tracked():
    animator, ball, _ = falling_ball(collide=False)
    once = Recorder(animator)
    tracked = Recorder(animator, track_sizes=True)
    for scale in (1.0, 1.5, 2.0):
        ball.transform = anima.Transform(0.0, scale, scale, 5.0, 0.0)
        once.run(1 / 60)
        tracked.run(1 / 60)
    assert once.recording.scales[:, 0, 0].tolist() == [1.0] * 4
    assert tracked.recording.scales[:, 0, 0].tolist() == [1.0, 1.0, 1.5, 2.0]
    assert tracked.recording.translations[-1, 0].tolist() == [5.0, 0.0]
    assert not once.recording.sizes.flags.writeable


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


def test_kinetic_energy_is_half_m_v_squared_in_joules():
    animator, ball, _ = falling_ball(collide=False)
    recording = Recorder(animator).run(0.5)
    vx, vy = recording.velocities[-1, 0, :2]
    assert recording.kinetic_energy()[-1] == pytest.approx(0.5 * ball.mass * (vx * vx + vy * vy) / 100**2)
    assert recording.kinetic_energy()[0] == 0.0


# -- files -----------------------------------------------------------------------------


def test_save_and_load_give_back_the_same_recording(tmp_path):
    animator, ball, collision = falling_ball()
    collision.add_boundary("shelf", (0, 400), (200, 450))
    triangle = anima.Item(animator, center=(60, 60), size=(40, 40), path=[(0, -20), (-20, 20), (20, 20)])
    recorder = Recorder(animator, track_sizes=True)
    recorder.run_until_rest(max_seconds=3)
    recording = recorder.recording
    recording.title = "Saved"
    path = tmp_path / "fall.npz"
    recording.save(path)
    again = Recording.load(path)
    for name in ("times", "running", "poses", "velocities", "alpha", "sizes", "scales", "translations",
                 "shapes", "masses", "contacts"):
        assert np.array_equal(getattr(again, name), getattr(recording, name), equal_nan=name not in ("shapes", "contacts")), name
    assert [None if p is None else p.tolist() for p in again.paths] == [None, [[0, -20], [-20, 20], [20, 20]]]
    assert again.frame == recording.frame
    assert again.reference_bounds == recording.reference_bounds
    assert again.boundaries == recording.boundaries
    assert again.rest_time == recording.rest_time and again.title == "Saved"
    assert to_svg(again) == to_svg(recording)
    assert triangle.is_valid


def test_save_appends_npz_and_loads_from_a_file_object(tmp_path):
    recording = hand_made_recording()
    recording.save(str(tmp_path / "plain"))
    with open(tmp_path / "plain.npz", "rb") as f:
        again = Recording.load(f)
    assert np.array_equal(again.poses, recording.poses)
    assert again.rest_time is None and again.title is None
    assert again.contacts.tolist() == recording.contacts.tolist()


def test_loading_a_file_that_is_not_a_recording_raises_value_error(tmp_path):
    text = tmp_path / "notes.npz"
    text.write_text("not an archive")
    with pytest.raises(ValueError, match="not an anima recording"):
        Recording.load(text)
    single = tmp_path / "single.npy"
    np.save(single, np.zeros(3))
    with pytest.raises(ValueError, match="not an anima recording"):
        Recording.load(single)
    other = tmp_path / "other.npz"
    np.savez(other, poses=np.zeros((2, 1, 3)))
    with pytest.raises(ValueError, match="not an anima recording"):
        Recording.load(other)
    with pytest.raises(FileNotFoundError):
        Recording.load(tmp_path / "missing.npz")


def test_loading_never_unpickles(tmp_path):
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, anima_recording=np.array(1), times=np.array([object()], dtype=object))
    with pytest.raises(ValueError, match="damaged anima recording"):
        Recording.load(pickled)


def test_loading_a_newer_format_names_the_versions(tmp_path):
    newer = tmp_path / "newer.npz"
    np.savez(newer, anima_recording=np.array(99))
    with pytest.raises(ValueError, match="format 99.*up to format 3"):
        Recording.load(newer)


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
    for k in list(range(0, recording.frame_count, 5)) + [-1]:
        assert sample(translate, recording.times[k]) == pytest.approx(recording.poses[k, 0, :2].tolist(), abs=0.01)
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
    assert snippet.count("<canvas") == 1 and "anima-play" in snippet and "Hand made" in snippet
    assert "http" not in snippet and "src=" not in snippet


def test_recorder_shows_itself_like_its_recording():
    animator, _, _ = falling_ball()
    recorder = Recorder(animator)
    recorder.run(0.2)
    assert recorder._repr_svg_() == recorder.recording._repr_svg_()
    assert "<canvas" in recorder._repr_html_()
