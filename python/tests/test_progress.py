"""Progress bars on long work: shown after about a second, silent with progress=False."""

import anima
import anima._progress
import anima.render

from conftest import SCREEN


def falling(count=3):
    anim = anima.Animator(SCREEN)
    items = [anima.Item(anim, center=(60 + 80 * i, 60), size=(30, 30)) for i in range(count)]
    anim.add_behavior(anima.Gravity(items))
    anim.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
    return anim


def test_short_work_prints_nothing(capsys):
    falling().run_until_rest()
    anima.render.Recorder(falling()).run(0.5)
    assert capsys.readouterr().err == ""


def test_a_long_run_until_rest_shows_simulated_seconds(capsys, monkeypatch):
    monkeypatch.setattr(anima._progress, "DELAY", 0.0)    # as if the run lasted over a second
    rested = falling().run_until_rest(max_seconds=10.0)
    err = capsys.readouterr().err
    assert 0.5 < rested < 10
    assert "run_until_rest" in err and "/10 s" in err


def test_recording_shows_frames_and_progress_false_turns_it_off(capsys, monkeypatch):
    monkeypatch.setattr(anima._progress, "DELAY", 0.0)
    recorder = anima.render.Recorder(falling())
    recorder.run(1.0)
    assert "record" in capsys.readouterr().err
    recorder.run(1.0, progress=False)
    falling().run_until_rest(progress=False)
    anima.show(falling(), seconds=0.5, progress=False)
    assert capsys.readouterr().err == ""
    assert recorder.recording.frame_count == 121


def test_the_bar_does_not_change_the_results(monkeypatch):
    plain = falling()
    plain.run_until_rest(progress=False)
    monkeypatch.setattr(anima._progress, "DELAY", 0.0)
    shown = falling()
    shown.run_until_rest()
    assert shown.state_hash() == plain.state_hash()
