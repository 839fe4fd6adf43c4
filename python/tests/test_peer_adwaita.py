"""anima.Timing's springs against libadwaita's AdwSpringAnimation, played on a real frame clock.

The samples are libadwaita's own values (peers/adwaita_samples.py drives Adw.SpringAnimation under
a private Xvfb with Debian's /usr/bin/python3 and python3-gi; peers/adwaita.py holds the cases).
libadwaita 1.2 evaluates its spring at whole milliseconds, t = frame_time / 1000 - start_time, where
start_time is the frame clock's time when play() was called, also in milliseconds
(src/adw-animation.c); the sampler calls play() inside a frame, so every t below is the exact
argument Adw used. Missing pieces fail the test with the install step: see peers/adwaita.py.
"""

import math

import pytest

from peers import adwaita

NAMES = [case[0] for case in adwaita.CASES]
CASES = {case[0]: case for case in adwaita.CASES}


@pytest.fixture(scope="module")
def samples():
    try:
        return adwaita.run_samples()
    except adwaita.PeerMissing as error:
        pytest.fail(str(error), pytrace=False)


def played(samples, name):
    """The case's samples as (t in ms as Adw computed it, value, velocity)."""
    start_us = samples["start_us"]
    return [(adwaita.adw_time_ms(start_us, frame_us), value, velocity)
            for frame_us, value, velocity in samples["by_name"][name]["samples"]]


@pytest.mark.parametrize("name", NAMES)
def test_adwaita_spring_follows_anima_curve_at_every_frame(samples, name):
    _, _, start, end, _, _ = CASES[name]
    distance = end - start
    estimate = samples["by_name"][name]["estimated_duration_ms"]
    spring = adwaita.timing(name)
    running = [sample for sample in played(samples, name) if sample[0] < estimate]
    assert len(running) >= 10, f"only {len(running)} frames before Adw's estimated {estimate} ms"
    value_error = max(abs((value - start) / distance - spring.progress(t / 1000))
                      for t, value, _ in running)
    velocity_error = max(abs(velocity / distance - spring.velocity(t / 1000))
                         for t, _, velocity in running)
    assert value_error <= 1e-6, f"progress differs by {value_error:.3g} of the distance"
    assert velocity_error <= 1e-6, f"velocity differs by {velocity_error:.3g} distances/s"


@pytest.mark.parametrize("name", NAMES)
def test_adwaita_snaps_to_target_once_its_estimate_has_passed(samples, name):
    _, _, _, end, _, _ = CASES[name]
    estimate = samples["by_name"][name]["estimated_duration_ms"]
    frames = played(samples, name)
    *running, (last_t, last_value, last_velocity) = frames
    assert all(t < estimate for t, _, _ in running)
    assert last_t >= estimate
    assert (last_value, last_velocity) == (end, 0.0)


def test_adwaita_estimates_oscillating_and_critical_springs_by_their_envelope(samples):
    """Adw 1.2 takes the time at which e^(-c t / 2m) reaches epsilon, whatever the distance and the
    initial velocity: later than Anima's exact last exit from the 0.1 % band when under-damped,
    earlier when critical (there the displacement is (1 + (w0 - v0) t) e^(-w0 t), not the envelope)."""
    for name, damping, _, _, _, epsilon in adwaita.CASES:
        if damping > 2 * math.sqrt(adwaita.STIFFNESS * adwaita.MASS):
            continue
        estimate = samples["by_name"][name]["estimated_duration_ms"]
        envelope_ms = 1000 * math.log(1 / (epsilon or 0.001)) * 2 * adwaita.MASS / damping
        assert estimate == math.floor(envelope_ms), name
        anima_ms = adwaita.timing(name).duration * 1000
        if damping < 2 * math.sqrt(adwaita.STIFFNESS * adwaita.MASS):
            assert anima_ms < estimate, name
        else:
            assert anima_ms > estimate + 200, name
            assert abs(1 - adwaita.timing(name).progress(estimate / 1000)) > 0.005, name


def test_adwaita_estimates_overdamped_springs_within_its_epsilon_in_value_units(samples):
    """Overdamped, Adw runs Newton's method on the curve itself and stops at the first iterate within
    epsilon of the target, in value units: with epsilon 0.1 % of the distance that is at or after
    Anima's settling time (Anima solves for the crossing itself), and never outside the band."""
    for name, damping, start, end, _, epsilon in adwaita.CASES:
        if damping <= 2 * math.sqrt(adwaita.STIFFNESS * adwaita.MASS):
            continue
        distance = abs(end - start)
        estimate = samples["by_name"][name]["estimated_duration_ms"]
        spring = adwaita.timing(name)
        band = (epsilon or 0.001) / distance   # Adw's epsilon as a part of the distance
        assert abs(1 - spring.progress(estimate / 1000)) <= band, name
        if band == pytest.approx(0.001):
            assert spring.duration * 1000 <= estimate + 1, name   # + 1: Adw truncates to whole ms
        else:
            assert band < 1e-5 and estimate > spring.duration * 1000 + 1000, name


def test_settling_table_in_springs_doc_is_current(samples, repository_file):
    text = repository_file("docs", "springs.md").read_text()
    table = adwaita.settling_table(samples)
    assert table in text, f"docs/springs.md's libadwaita table is stale; it is now:\n{table}"
