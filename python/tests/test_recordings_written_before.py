"""Recordings written before the recording tools became the anima.recording package still load.

data/recording-format-1.npz was written by `Recording.save` and data/recording.pickle by
`pickle.dumps(recording, protocol=4)`, both with anima 0.1.0 when a Recording kept its frames as
attributes of its own: a ball and a box falling 0.5 s onto a named boundary ("shelf") in a
200 x 200 pt scene, 6 frames of 0.1 s, two contacts.
"""

import pickle
from pathlib import Path

import numpy as np

import anima.player
import anima.render
from anima.recording import CONTACT_DTYPE, Recording

DATA = Path(__file__).parent / "data"


def written_before(recording):
    """What the files hold, checked on a recording read from either."""
    assert (recording.frame_count, recording.item_count, recording.frame) == (6, 2, 0.1)
    assert recording.title == "written by anima 0.x"
    assert recording.reference_bounds == (0.0, 0.0, 200.0, 200.0)
    assert recording.boundaries == {"shelf": [(0.0, 180.0), (200.0, 180.0)]}
    assert list(recording.shapes) == ["ellipse", "rectangle"]
    np.testing.assert_allclose(recording.masses, [0.12566371, 0.09], rtol=1e-6)
    np.testing.assert_array_equal(recording.poses[0], [[100, 150, 0], [40, 170, 0]])
    np.testing.assert_allclose(recording.times, np.arange(6) * 0.1)
    assert recording.contacts.dtype.names == CONTACT_DTYPE.names
    assert [(round(float(c["time"]), 6), bool(c["began"]), int(c["item"]), int(c["other"]), str(c["boundary"]))
            for c in recording.contacts] == [(0.1, True, 1, anima.render.BOUNDARY, "shelf"),
                                             (0.2, True, 0, anima.render.BOUNDARY, "shelf")]
    assert recording.summary() == "paused, 0.50 s recorded; 6 frames; 2 began / 0 ended contacts"
    # written before recordings followed animated values: none
    assert recording.value_count == 0 and recording.values.shape == (6, 0, 4) and recording.value_names == []


def test_a_recording_file_written_before_loads():
    written_before(Recording.load(DATA / "recording-format-1.npz"))


def test_a_recording_pickled_before_unpickles_with_the_same_frames_as_its_file():
    with open(DATA / "recording.pickle", "rb") as file:
        recording = pickle.load(file)
    assert type(recording) is Recording
    written_before(recording)
    saved = Recording.load(DATA / "recording-format-1.npz")
    for name in ("poses", "velocities", "alpha", "sizes", "scales", "translations", "running"):
        np.testing.assert_array_equal(getattr(recording, name), getattr(saved, name), err_msg=name)


def test_a_recording_pickled_before_draws_saves_and_pickles_again(tmp_path):
    with open(DATA / "recording.pickle", "rb") as file:
        recording = pickle.load(file)
    assert recording.to_svg().startswith("<svg")
    recording.save(tmp_path / "again.npz")
    written_before(Recording.load(tmp_path / "again.npz"))
    written_before(pickle.loads(pickle.dumps(recording)))


def test_recordings_written_before_have_no_debug_drawing_and_play_as_before():
    """Written before recordings kept the engine's debug drawing: none, and the player draws
    what it drew then (with debug=True the bounds, the named boundary and the contact points)."""
    with open(DATA / "recording.pickle", "rb") as file:
        pickled = pickle.load(file)
    for recording in (Recording.load(DATA / "recording-format-1.npz"), pickled):
        assert recording.debug_layers == () and recording.debug_primitives(0) == []
        data = anima.player.Player(recording).data()
        assert "debug_draw" not in data and data["debug"] is False
        assert 'class="anima-debug"' not in anima.player.Player(recording).to_html()
        drawn = anima.player.Player(recording, debug=True).data()
        assert drawn["bounds"] == [[0.0, 0.0, 200.0, 200.0]]
        assert drawn["boundaries"] == [[0, 180, 200, 180]]
        assert [c[0] for c in drawn["contacts"]] == [1, 2]
