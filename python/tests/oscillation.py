"""Timing an oscillation in the physics tests: the times a quantity changes sign, and its period."""


def zero_crossings(animator, value, seconds, count=None):
    """Steps the animator until its elapsed time reaches `seconds` (or, given `count`, until value()
    has changed sign that many times) and returns the times at which value() changed sign,
    interpolated linearly within the step."""
    times = []
    t0, v0 = animator.elapsed_time, value()
    while (count is None or len(times) < count) and animator.elapsed_time < seconds:
        animator.step()
        t1, v1 = animator.elapsed_time, value()
        if (v0 < 0.0 <= v1) or (v0 > 0.0 >= v1):
            times.append(t0 + (t1 - t0) * v0 / (v0 - v1))
        t0, v0 = t1, v1
    return times


def mean_period(crossings):
    """The mean time between every other zero crossing (one full oscillation)."""
    periods = [b - a for a, b in zip(crossings, crossings[2:])]
    assert periods, crossings
    return sum(periods) / len(periods)
