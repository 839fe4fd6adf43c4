"""Recordings carry the animator's animated values: each value's components in every frame,
with its count, space and label, in memory, in files and in pickles.

A scene without values records, saves and plays as before (the files written before values
were recorded still load: test_recordings_written_before.py).
"""

import pickle

import numpy as np
import pytest

import anima
from anima.recording import FORMAT_VERSION, Recording
from anima.recording.recorder import Recorder


def sheet_scene():
    """A sheet's height springing open, a progress easing in and a colour fading red to blue."""
    animator = anima.Animator((0, 0, 320, 480))
    anima.Item(animator, center=(160, 400), size=(40, 40))
    height = anima.Value(animator, 120.0)
    progress = anima.Value(animator, 0.0, bounds=(0, 1))
    tint = anima.Value(animator, (1, 0, 0), space="oklab")
    with animator.animate(spring=(1, 300, 20)):
        height.value = 420.0
    with animator.animate(0.5, curve="ease_in_out"):
        progress.value = 1.0
        tint.value = (0, 0, 1)
    return animator, height, progress, tint


def test_every_frame_holds_what_the_values_read_then():
    animator, height, progress, tint = sheet_scene()
    recorder = Recorder(animator)
    seen = {}
    for frame in range(1, 31):
        recorder.run(1 / 60, progress=False)
        if frame in (1, 12, 30):
            seen[frame] = anima.read_values(animator.values).copy()
    recording = recorder.recording
    assert recording.value_count == 3 and recording.values.shape == (31, 3, 4)
    assert recording.value_counts.tolist() == [1, 1, 3]
    assert recording.value_spaces.tolist() == ["components", "components", "oklab"]
    assert recording.value_names == ["", "", ""]
    np.testing.assert_array_equal(recording.values[0], [[120, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]])
    for frame, rows in seen.items():
        np.testing.assert_array_equal(recording.values[frame], rows, err_msg=f"frame {frame}")
    # the animations moved them: half way through the curve, progress is near a half
    assert 0.3 < recording.values[15, 1, 0] < 0.7 and recording.values[30, 1, 0] == 1.0
    assert recording.values[30, 2, :3].tolist() == [0.0, 0.0, 1.0]
    assert height.value == recording.values[30, 0, 0] != 120.0


def test_labelled_values_are_followed_alone_in_the_order_given():
    animator, height, progress, tint = sheet_scene()
    recording = Recorder(animator, values={"tint": tint, "sheet": height}).run(0.2, progress=False)
    assert recording.value_names == ["tint", "sheet"]
    assert recording.value_counts.tolist() == [3, 1]
    np.testing.assert_array_equal(recording.values[-1, 1, 0], height.value)
    np.testing.assert_array_equal(recording.values[-1, 0, :3], tint.components)
    unlabelled = Recorder(animator, values=[progress]).run(0.1, progress=False)
    assert unlabelled.value_names == [""] and unlabelled.values[-1, 0, 0] == progress.value
    with pytest.raises(TypeError, match="anima.Value"):
        Recorder(animator, values={"x": 3.0})
    with pytest.raises(TypeError, match="not one anima.Value"):
        Recorder(animator, values=height)
    other = anima.Value(anima.Animator(), 1.0)
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        Recorder(animator, values=[other])


def test_a_value_created_while_recording_joins_and_a_destroyed_one_is_nan():
    animator, height, progress, tint = sheet_scene()
    recorder = Recorder(animator)
    recorder.run(0.1, progress=False)                       # frames 0 to 6
    late = anima.Value(animator, (3.0, 4.0))
    progress.destroy()
    recorder.run(0.1, progress=False)                       # frames 7 to 12
    recording = recorder.recording
    assert recording.value_count == 4 and recording.value_counts.tolist() == [1, 1, 3, 2]
    assert np.isnan(recording.values[:7, 3]).all()
    np.testing.assert_array_equal(recording.values[7:, 3], np.tile([3.0, 4.0, 0, 0], (6, 1)))
    assert not np.isnan(recording.values[:7, 1]).any() and np.isnan(recording.values[7:, 1]).all()
    np.testing.assert_array_equal(recording.values[12, 0, 0], height.value)


def test_values_survive_save_load_and_pickle(tmp_path):
    animator, height, _, tint = sheet_scene()
    recording = Recorder(animator, values={"sheet": height, "tint": tint}).run(0.3, progress=False)
    recording.save(tmp_path / "sheet.npz")
    with np.load(tmp_path / "sheet.npz") as archive:
        # format 2: format 3 (FORMAT_VERSION) is written only for a recording with a debug drawing
        assert int(archive["anima_recording"]) == 2 and FORMAT_VERSION == 3
    for again in (Recording.load(tmp_path / "sheet.npz"), pickle.loads(pickle.dumps(recording))):
        np.testing.assert_array_equal(again.values, recording.values)
        assert again.value_names == ["sheet", "tint"]
        assert again.value_counts.tolist() == [1, 3] and again.value_spaces.tolist() == ["components", "oklab"]
        np.testing.assert_array_equal(again.poses, recording.poses)
    assert "2 values" in repr(recording)


def test_a_scene_without_values_records_as_before(tmp_path):
    animator = anima.Animator((0, 0, 200, 200))
    ball = anima.Item(animator, center=(100, 50), size=(20, 20))
    animator.add_behavior(anima.Gravity([ball]))
    recording = Recorder(animator).run(0.2, progress=False)
    assert recording.value_count == 0 and recording.values.shape == (13, 0, 4)
    assert repr(recording).startswith("<Recording 13 frames, 1 items, 0.200 s")
    recording.save(tmp_path / "plain.npz")
    again = Recording.load(tmp_path / "plain.npz")
    assert again.value_count == 0 and again.values.shape == (13, 0, 4)
    assert "anima-values" not in anima.Player(recording).to_html()


def test_frames_pickled_before_values_were_recorded_unpickle_without_values():
    animator, _, _, _ = sheet_scene()
    recording = Recorder(animator).run(0.1, progress=False)
    frames = recording._buffer
    for name in ("_value_count", "_values", "_value_counts", "_value_spaces", "_value_names"):
        del frames.__dict__[name]                  # as a FrameBuffer of that time pickled itself
    again = pickle.loads(pickle.dumps(recording))
    assert again.value_count == 0 and again.values.shape == (7, 0, 4)
    np.testing.assert_array_equal(again.poses, recording.poses)
    assert anima.Player(again).to_html()


def test_a_recording_of_values_can_be_made_from_arrays():
    times = np.arange(4) * 0.1
    scalars = np.repeat(np.arange(4.0)[:, np.newaxis], 2, axis=1)      # (frames, values): two scalars
    recording = Recording(0.1, values=scalars, value_names=["a", "b"])
    assert (recording.frame_count, recording.item_count, recording.value_count) == (4, 0, 2)
    np.testing.assert_allclose(recording.times, times)
    assert recording.values[:, 0, 0].tolist() == [0, 1, 2, 3] and recording.values[:, :, 1:].max() == 0
    colour = Recording(0.1, values=np.ones((2, 1, 4)), value_spaces=["srgb"], value_counts=[3])
    assert colour.values[0, 0].tolist() == [1, 1, 1, 0]
    with pytest.raises(ValueError, match="cannot have 2 components"):
        Recording(0.1, values=np.ones((2, 1, 2)), value_spaces=["srgb"])
    with pytest.raises(ValueError, match="space must be one of"):
        Recording(0.1, values=np.ones((2, 1, 1)), value_spaces=["hsl"])
    with pytest.raises(ValueError, match="3 frames; the recording has 2"):
        Recording(0.1, poses=np.zeros((2, 1, 3)), values=np.ones((3, 1, 1)))


def test_the_player_has_a_row_per_value_labelled_by_name_or_index():
    animator, height, progress, tint = sheet_scene()
    player = anima.show(animator, seconds=0.5, progress=False)
    rows = player.data()["values"]
    assert [(r["label"], r["count"], r["colour"]) for r in rows] == [("0", 1, False), ("1", 1, False), ("2", 3, True)]
    assert rows[0]["low"] == 120.0 and rows[0]["high"] == pytest.approx(float(player.recording.values[:, 0, 0].max()))
    assert [r["first"] for r in rows] == ["120.0", "0.000", "1.000, 0.000, 0.000"]
    page = player.to_html()
    assert page.count('class="anima-value"') == 3
    assert page.count('class="anima-value-bar"') == 2 and page.count('class="anima-value-swatch"') == 1
    labelled = anima.show(animator, seconds=0.1, progress=False, values={"sheet <height>": height})
    assert '<span class="anima-value-label">sheet &lt;height&gt;</span>' in labelled.to_html()
    with pytest.raises(TypeError, match="recorded with"):
        anima.show(player.recording, values={"sheet": height})
    plain = anima.Animator((0, 0, 100, 100))
    anima.Item(plain)
    assert "values" not in anima.show(plain, seconds=0.1, progress=False).data()


def test_a_value_not_there_travels_as_missing_and_shows_a_dash():
    animator, height, progress, tint = sheet_scene()
    recorder = Recorder(animator)
    recorder.run(0.1, progress=False)
    progress.destroy()
    anima.Value(animator, 5.0)                                   # not there at frame 0
    recorder.run(0.1, progress=False)
    rows = anima.Player(recorder.recording).data()["values"]
    assert "missing" in rows[1]["data"] and "missing" not in rows[0]["data"]
    assert rows[3]["first"] == "\u2013" and float(rows[1]["first"]) == 0.0
