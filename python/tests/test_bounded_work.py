"""The work of one call is bounded: advance has a maximum, and Ctrl-C stops a long one."""

import math
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import anima


def falling_crowd(count=2000, **options):
    """Many items under gravity and nothing else: steady work per step, no rest."""
    animator = anima.Animator(**options)
    items = [anima.Item(animator, center=(20.0 * k, 0), size=(10, 10)) for k in range(count)]
    animator.add_behavior(anima.Gravity(items))
    return animator, items


def interrupt_soon(delay=0.3):
    """Sends SIGINT (what Ctrl-C sends) to this process from another process after `delay`
    seconds: a thread of this process could not, since the advance holds the GIL."""
    return subprocess.Popen([sys.executable, "-c",
                             f"import os, signal, time; time.sleep({delay}); os.kill({os.getpid()}, signal.SIGINT)"])


def test_advance_refuses_more_than_max_advance_and_names_the_limit():
    animator, _ = falling_crowd(count=1)
    with pytest.raises(anima.InvalidArgumentError, match=r"maximum advance of 60.0 s"):
        animator.advance(1e300)
    with pytest.raises(anima.InvalidArgumentError):
        animator.advance(60.001)
    assert animator.step_count == 0, "a refused advance runs nothing"
    animator.advance(60)
    assert animator.step_count == 7200


@pytest.mark.parametrize("value", [0.0, -1.0, 1e5, math.inf, math.nan])
def test_max_advance_outside_its_range_is_refused(value):
    with pytest.raises(anima.InvalidArgumentError):
        anima.Animator(max_advance=value)


def test_a_raised_max_advance_allows_longer_calls():
    animator, _ = falling_crowd(count=1, max_advance=120)
    animator.advance(120)
    assert abs(animator.step_count - 14400) <= 1


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals need the main thread")
def test_ctrl_c_stops_a_long_advance_and_leaves_the_animator_usable():
    animator, items = falling_crowd(max_advance=3600)
    start = time.monotonic()
    killer = interrupt_soon()
    try:
        with pytest.raises(KeyboardInterrupt):
            animator.advance(3600)   # minutes of work if nothing stopped it
    finally:
        killer.wait()
    wall = time.monotonic() - start
    assert wall < 30, f"the interrupt took {wall:.1f} s to land"
    steps = animator.step_count
    assert 0 < steps < 3600 * 120
    # the rest of the interrupted time is dropped, and the animator goes on
    animator.advance(1 / 60)
    assert animator.step_count == steps + 2
    assert all(math.isfinite(item.center[1]) for item in items)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals need the main thread")
def test_ctrl_c_stops_run_until_rest():
    animator, _ = falling_crowd()
    killer = interrupt_soon()
    try:
        with pytest.raises(KeyboardInterrupt):
            # never at rest: an interrupt that did not land ends the run at 20 000 simulated
            # seconds (about 100 s here, 600 took 3.2 s) and fails the test instead of hanging it
            animator.run_until_rest(max_seconds=20_000)
    finally:
        killer.wait()
    steps = animator.step_count
    animator.step()
    assert animator.step_count == steps + 1
