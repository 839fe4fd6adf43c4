"""Recording.plot and Timing.plot draw the recorded and sampled values with matplotlib."""

import builtins
import sys

import numpy as np
import pytest

import anima
from anima.render import Recorder, Recording

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture
def bouncing():
    """Two balls falling onto the floor of a 320 x 568 pt view, recorded until they rest."""
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    balls = [anima.Item(animator, center=(100 + 120 * k, 100 + 60 * k), size=(40, 40), shape="ellipse")
             for k in range(2)]
    animator.add_behavior(anima.Gravity(balls))
    animator.add_behavior(anima.Collision(balls, translates_reference_bounds_into_boundary=True))
    recorder = Recorder(animator)
    recorder.run_until_rest(max_seconds=5)
    return recorder.recording


def test_trajectories_are_the_recorded_centers(bouncing):
    ax = bouncing.plot()
    assert len(ax.lines) == 2
    for index, line in enumerate(ax.lines):
        assert np.array_equal(line.get_xdata(), bouncing.poses[:, index, 0])
        assert np.array_equal(line.get_ydata(), bouncing.poses[:, index, 1])
    assert ax.yaxis_inverted()  # y grows downward, as on screen
    assert "pt" in ax.get_xlabel() and "pt" in ax.get_ylabel()
    assert len(ax.patches) == 1  # the reference bounds


def test_trajectories_of_chosen_items_on_given_axes(bouncing):
    figure, ax = plt.subplots()
    assert bouncing.plot(ax, items=[1]) is ax
    assert len(ax.lines) == 1
    assert np.array_equal(ax.lines[0].get_ydata(), bouncing.poses[:, 1, 1])


def test_energy_is_the_kinetic_energy_over_time(bouncing):
    ax = bouncing.plot(kind="energy")
    (line,) = ax.lines
    assert np.array_equal(line.get_xdata(), bouncing.times)
    assert np.array_equal(line.get_ydata(), bouncing.kinetic_energy())
    assert "J" in ax.get_ylabel() and "s" in ax.get_xlabel()
    energy = line.get_ydata()
    assert energy[0] == 0 and energy.max() > 0 and energy[-1] < 0.01 * energy.max()


def test_contacts_count_those_in_progress(bouncing):
    ax = bouncing.plot(kind="contacts")
    progress, starts = ax.lines
    contacts = bouncing.contacts
    touching = [int(np.sum(contacts["began"] & (contacts["time"] <= t)) - np.sum(~contacts["began"] & (contacts["time"] <= t)))
                for t in bouncing.times]
    assert np.array_equal(progress.get_xdata(), bouncing.times)
    assert progress.get_ydata().tolist() == touching
    assert progress.get_ydata()[-1] == 2  # both balls rest on the floor
    assert np.array_equal(starts.get_xdata(), contacts["time"][contacts["began"]])


def test_a_hand_made_recording_plots_too():
    poses = np.zeros((3, 1, 3))
    poses[:, 0, 0] = [0, 10, 20]
    recording = Recording(0.5, poses=poses, velocities=np.ones((3, 1, 3)), masses=[2.0])
    ax = recording.plot(kind="energy")
    assert ax.lines[0].get_ydata().tolist() == [2 * 0.5 * 2 / 100**2] * 3
    assert recording.plot().lines[0].get_xdata().tolist() == [0, 10, 20]


def test_an_unknown_kind_is_a_value_error(bouncing):
    with pytest.raises(ValueError, match="trajectories"):
        bouncing.plot(kind="pie")


def test_timing_plot_samples_progress_and_velocity():
    timing = anima.Timing(response=0.5, damping_fraction=0.6)
    ax = timing.plot(samples=50)
    (progress,) = ax.lines
    times = progress.get_xdata()
    assert len(times) == 50 and times[0] == 0 and times[-1] == pytest.approx(timing.duration)
    assert progress.get_ydata().tolist() == [timing.progress(t) for t in times]
    twin = [other for other in ax.figure.axes if other is not ax]
    assert len(twin) == 1
    (velocity,) = twin[0].lines
    assert velocity.get_ydata().tolist() == [timing.velocity(t) for t in times]
    assert max(progress.get_ydata()) > 1  # the spring overshoots


def test_plots_without_matplotlib_say_how_to_install_it(bouncing, monkeypatch):
    real_import = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    for name in [m for m in sys.modules if m.startswith("matplotlib")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(builtins, "__import__", refuse)
    with pytest.raises(ImportError, match=r'pip install "anima\[plot\]"'):
        bouncing.plot()
    with pytest.raises(ImportError, match=r'pip install "anima\[plot\]"'):
        anima.Timing().plot()
