"""anima.sweep: one animator per parameter set, built, advanced and measured, serially or on Dask.

The distributed tests run on a LocalCluster of two single-threaded worker processes with
nannies, as a user starts one; the functions they send are module-level, so the workers import
this module by name (its folder is on the sys.path they inherit).
"""

import math
import os
import signal
import sys
import threading
import time

import numpy as np
import pytest

import anima

#: The sweep of most tests: 5 frequencies x 4 damping ratios = 20 variants.
GRID = {"frequency": [0.5, 1.0, 2.0, 3.0, 4.0], "damping": [0.1, 0.3, 0.6, 1.0]}
#: Simulated time of each variant of GRID, in seconds.
SECONDS = 2.0


def hanging_ball(frequency, damping):
    """A 64 pt ball under gravity on a spring from (160, 20), starting 130 pt below it."""
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(animator, center=(160, 150), size=(64, 64), shape="ellipse")
    spring = anima.Attachment(ball, anchor=(160, 20))
    spring.frequency = frequency
    spring.damping = damping
    animator.add_behavior(spring)
    animator.add_behavior(anima.Gravity([ball]))
    return animator


def ball_state(animator):
    """Where the ball is and how fast it moves, and whether the animator still runs."""
    (ball,) = animator.items
    return {"y": ball.center[1], "speed": math.hypot(*ball.velocity), "running": animator.is_running,
            "steps": animator.step_count}


def rest_time(animator):
    """The time to rest, NaN when the animator is still running."""
    return animator.elapsed_time if not animator.is_running else math.nan


def build_or_fail(frequency, damping):
    """hanging_ball, except that a negative damping raises and a zero frequency returns no animator."""
    if damping < 0:
        raise ValueError(f"no such damping: {damping}")
    if frequency == 0:
        return "not an animator"
    return hanging_ball(frequency, damping)


def measure_or_fail(animator):
    """ball_state, except that a ball below y = 160 (a soft spring sags that far) makes it raise."""
    state = ball_state(animator)
    if state["y"] > 160:
        raise RuntimeError("the ball sagged below y = 160")
    return state


def slow_hanging_ball(frequency, damping, marker_folder):
    """hanging_ball, 0.1 s of wall time later, leaving a file in marker_folder once measured."""
    time.sleep(0.1)
    animator = hanging_ball(frequency, damping)
    path = os.path.join(marker_folder, f"{frequency}-{damping}-{os.getpid()}-{time.monotonic_ns()}")
    open(path, "w").close()
    return animator


def columns(table):
    """The column names of a DataFrame or a structured array."""
    return list(table.dtype.names if isinstance(table, np.ndarray) else table.columns)


def assert_same_table(table, expected):
    """The same columns, dtypes and values, floats compared bit for bit (NaN included)."""
    assert columns(table) == columns(expected)
    assert len(table) == len(expected)
    for name in columns(table):
        got, want = np.asarray(table[name]), np.asarray(expected[name])
        assert got.dtype == want.dtype, name
        if got.dtype.kind == "f":
            assert got.tobytes() == want.tobytes(), name
        else:
            assert got.tolist() == want.tolist(), name


@pytest.fixture(scope="module")
def distributed():
    return pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster(distributed):
    """Two single-threaded worker processes with nannies, shared by the module's tests."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster


@pytest.fixture(scope="module")
def client(distributed, cluster):
    with distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def serial_table():
    """GRID swept in this process: the reference for the distributed runs."""
    return anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS, client="serial")


# ----------------------------------------------------------------------------- in this process


def test_a_grid_gives_one_row_per_combination_in_order(serial_table):
    table = serial_table
    assert len(table) == 20
    assert columns(table) == ["frequency", "damping", "y", "speed", "running", "steps", "error"]
    assert list(zip(table["frequency"], table["damping"])) == [
        (f, d) for f in GRID["frequency"] for d in GRID["damping"]]
    assert table["error"].tolist() == [None] * 20
    animator = hanging_ball(2.0, 0.3)
    for _ in range(120):
        animator.advance(1 / 60)
    row = 2 * 4 + 1                                   # frequency 2.0 is the third, damping 0.3 the second
    assert table["y"][row] == animator.items[0].center[1]
    assert max(table["steps"]) == 240                 # 120 frames of 1/60 s at 120 steps per second
    assert min(table["steps"]) < 240                  # the stiff, damped springs rest sooner


def test_seconds_advances_that_many_frames_and_no_seconds_runs_until_rest():
    timed = anima.sweep(hanging_ball, [{"frequency": 2.0, "damping": 1.0}], ball_state, seconds=0.5,
                        client="serial")
    assert timed["steps"].tolist() == [60]            # 30 frames of 1/60 s at 120 steps per second
    rested = anima.sweep(hanging_ball, [{"frequency": 2.0, "damping": 1.0}], rest_time, client="serial")
    direct = hanging_ball(2.0, 1.0).run_until_rest(max_seconds=10.0)
    assert direct is not None
    assert rested["value"].tolist() == [direct]       # a scalar measure fills the "value" column
    unrested = anima.sweep(hanging_ball, [{"frequency": 2.0, "damping": 0.01}], rest_time, max_seconds=0.5,
                           client="serial")
    assert math.isnan(unrested["value"][0])


def test_a_list_of_parameter_sets_is_taken_as_it_is():
    sets = [{"frequency": 1.0, "damping": 0.5}, {"damping": 0.2, "frequency": 3}]
    table = anima.sweep(hanging_ball, sets, ball_state, seconds=0.25, client="serial")
    assert table["frequency"].tolist() == [1.0, 3.0]
    assert table["damping"].tolist() == [0.5, 0.2]


def test_the_rows_of_a_table_are_parameter_sets_too(serial_table, monkeypatch):
    chosen = serial_table[["frequency", "damping"]][3:6]
    table = anima.sweep(hanging_ball, chosen, ball_state, seconds=SECONDS, client="serial")
    assert_same_table(table, serial_table[3:6].reset_index(drop=True))
    monkeypatch.setitem(sys.modules, "pandas", None)
    records = chosen.to_records(index=False)
    table = anima.sweep(hanging_ball, records, ball_state, seconds=SECONDS, client="serial")
    assert isinstance(table, np.ndarray)
    assert_same_table(table, serial_table[3:6].to_records(index=False))


def test_failing_variants_are_reported_in_their_rows_and_the_rest_run():
    sets = [{"frequency": 1.0, "damping": 0.5}, {"frequency": 1.0, "damping": -1.0},
            {"frequency": 0, "damping": 0.5}, {"frequency": 1.0, "damping": 0.7}]
    with pytest.warns(UserWarning, match=r"2 of 4 variants failed.*row 1 .*ValueError: no such damping: -1.0"):
        table = anima.sweep(build_or_fail, sets, ball_state, seconds=0.5, client="serial")
    assert table["error"].tolist() == [None, "ValueError: no such damping: -1.0",
                                       "TypeError: build returned str, not an anima.Animator", None]
    assert np.isnan(table["y"][1]) and np.isnan(table["y"][2])
    assert not np.isnan(table["y"][[0, 3]]).any()
    assert table["running"].dtype == np.float64       # a column with a gap becomes float, as in pandas
    assert table["running"].tolist()[0] == 1.0


def test_a_measure_that_raises_or_reuses_a_parameter_name_fails_its_row():
    sets = [{"frequency": 4.0, "damping": 1.0}, {"frequency": 0.5, "damping": 1.0}]
    with pytest.warns(UserWarning, match="1 of 2 variants failed"):
        table = anima.sweep(hanging_ball, sets, measure_or_fail, seconds=0.5, client="serial")
    assert table["error"].tolist() == [None, "RuntimeError: the ball sagged below y = 160"]
    with pytest.warns(UserWarning, match="already the name of a parameter"):
        table = anima.sweep(hanging_ball, sets, lambda animator: {"damping": 1.0}, client="serial")
    assert table["error"].tolist() == ["ValueError: measure returned 'damping', which is already the name of a "
                                       "parameter"] * 2


def test_without_pandas_the_table_is_a_numpy_structured_array(serial_table, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    table = anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS, client="serial")
    assert isinstance(table, np.ndarray)
    assert table.dtype.names == ("frequency", "damping", "y", "speed", "running", "steps", "error")
    assert [table.dtype[name] for name in table.dtype.names] == [
        np.float64, np.float64, np.float64, np.float64, np.bool_, np.int64, object]
    expected = serial_table if isinstance(serial_table, np.ndarray) else serial_table.to_records(index=False)
    assert_same_table(table, expected)
    assert table[0]["error"] is None


def test_the_table_is_a_pandas_dataframe_when_pandas_is_installed(serial_table):
    pandas = pytest.importorskip("pandas")
    assert isinstance(serial_table, pandas.DataFrame)
    assert list(serial_table.index) == list(range(20))
    assert serial_table["steps"].dtype == np.int64 and serial_table["running"].dtype == bool


def test_no_parameter_sets_make_an_empty_table():
    table = anima.sweep(hanging_ball, [], ball_state, client="serial")
    assert len(table) == 0 and columns(table) == ["error"]
    table = anima.sweep(hanging_ball, {"frequency": [], "damping": [0.5]}, ball_state, client="serial")
    assert len(table) == 0 and columns(table) == ["frequency", "damping", "error"]


@pytest.mark.parametrize("arguments, error, message", [
    ((None, GRID, ball_state), TypeError, "build must be callable"),
    ((hanging_ball, GRID, 3), TypeError, "measure must be callable"),
    ((hanging_ball, {"frequency": 1.0, "damping": [0.5]}, ball_state), TypeError, "grid"),
    ((hanging_ball, {"frequency": "123"}, ball_state), TypeError, "sequence of values"),
    ((hanging_ball, [{"frequency": 1.0}, 2], ball_state), TypeError, r"parameters\[1\] must be a dict"),
    ((hanging_ball, 5, ball_state), TypeError, "list of dicts"),
    ((hanging_ball, [{1: 2}], ball_state), TypeError, "names must be strings"),
    ((hanging_ball, [{"error": 2}], ball_state), ValueError, "error column"),
])
def test_bad_arguments_are_refused_before_anything_runs(arguments, error, message):
    with pytest.raises(error, match=message):
        anima.sweep(*arguments, client="serial")


@pytest.mark.parametrize("keyword, value, error", [
    ("seconds", -1.0, ValueError), ("seconds", math.nan, ValueError), ("seconds", "2", TypeError),
    ("max_seconds", 0.0, ValueError), ("max_seconds", math.inf, ValueError), ("frame", 1e-9, ValueError),
    ("variants_per_task", 0, ValueError), ("variants_per_task", 2.5, ValueError), ("client", 42, TypeError),
])
def test_bad_settings_are_refused(keyword, value, error):
    with pytest.raises(error, match=keyword if keyword != "client" else "client must be"):
        anima.sweep(hanging_ball, GRID, ball_state, **{keyword: value})


def test_without_dask_a_sweep_runs_serially_after_a_warning(serial_table, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.warns(UserWarning, match=r'dask.distributed is not installed.*pip install "anima\[distributed\]"'):
        table = anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS)
    assert_same_table(table, serial_table)


def test_without_dask_a_cluster_address_raises_an_import_error_naming_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r'pip install "anima\[distributed\]"'):
        anima.sweep(hanging_ball, GRID, ball_state, client="tcp://127.0.0.1:8786")


# ----------------------------------------------------------------------------- on Dask


def test_two_workers_give_the_serial_table_bit_for_bit(client, serial_table):
    for variants_per_task in (None, 1, 7):
        table = anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS, client=client, progress=False,
                            variants_per_task=variants_per_task)
        assert_same_table(table, serial_table)


def test_failures_on_workers_are_reported_as_in_this_process(client):
    sets = [{"frequency": f, "damping": d} for f in (0, 1.0, 4.0) for d in (-1.0, 0.5)]
    with pytest.warns(UserWarning, match="5 of 6 variants failed"):
        serial = anima.sweep(build_or_fail, sets, measure_or_fail, seconds=0.5, client="serial")
    assert serial["error"].tolist()[-2:] == ["ValueError: no such damping: -1.0", None]
    with pytest.warns(UserWarning, match="5 of 6 variants failed"):
        table = anima.sweep(build_or_fail, sets, measure_or_fail, seconds=0.5, client=client, progress=False)
    assert_same_table(table, serial)


def test_a_scheduler_address_runs_on_that_cluster_and_leaves_it_running(cluster, client, serial_table):
    table = anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS, client=cluster.scheduler_address,
                        progress=False)
    assert_same_table(table, serial_table)
    assert len(client.nthreads()) == 2                # the cluster is still there


def test_the_progress_bar_shows_in_a_terminal_unless_turned_off(client, capsys):
    anima.sweep(hanging_ball, GRID, ball_state, seconds=0.5, client=client)
    assert "100% Completed" in capsys.readouterr().out
    anima.sweep(hanging_ball, GRID, ball_state, seconds=0.5, client=client, progress=False)
    assert capsys.readouterr().out == ""


def test_without_a_client_a_local_cluster_is_started_and_closed(cluster, serial_table):
    psutil = pytest.importorskip("psutil")
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    table = anima.sweep(hanging_ball, GRID, ball_state, seconds=SECONDS, progress=False)
    assert_same_table(table, serial_table)
    deadline = time.monotonic() + 10
    while {c.pid for c in psutil.Process().children(recursive=True)} - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not {c.pid for c in psutil.Process().children(recursive=True)} - before


def test_a_worker_killed_mid_sweep_loses_no_row(distributed, tmp_path):
    import functools

    build = functools.partial(slow_hanging_ball, marker_folder=str(tmp_path))
    expected = anima.sweep(build, GRID, ball_state, seconds=SECONDS, client="serial")
    for marker in tmp_path.iterdir():
        marker.unlink()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        victim = sorted(pids.values())[0]
        killed_after = []

        def kill_once_a_few_variants_are_done():
            deadline = time.monotonic() + 30
            while len(list(tmp_path.iterdir())) < 4 and time.monotonic() < deadline:
                time.sleep(0.01)
            killed_after.append(len(list(tmp_path.iterdir())))
            os.kill(victim, signal.SIGKILL)

        killer = threading.Thread(target=kill_once_a_few_variants_are_done)
        killer.start()
        table = anima.sweep(build, GRID, ball_state, seconds=SECONDS, client=client, variants_per_task=1)
        killer.join()
        assert 4 <= killed_after[0] < len(expected)   # the kill came mid-sweep
        with pytest.raises(ProcessLookupError):
            os.kill(victim, 0)
        client.wait_for_workers(2, timeout=30)        # the nanny starts a new worker process
        assert victim not in client.run(os.getpid).values()
    assert_same_table(table, expected)


def test_the_spring_sweep_example_finds_its_springs_and_draws_the_heat_map_where_asked(tmp_path):
    import subprocess

    example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python",
                           "sweep_springs.py")
    output = tmp_path / "figures" / "heat.png"
    result = subprocess.run([sys.executable, example, str(output)], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("OK: ")
    assert f"heat map: {output}" in result.stdout
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_first_example_of_the_sweep_docs_prints_what_they_show(tmp_path):
    import re
    import subprocess

    docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "sweeps.md")
    with open(docs, encoding="utf-8") as f:
        text = f.read()
    code, shown = re.search(r"```python\n(.*?)```\n\n```\n(.*?)```", text, re.S).groups()
    script = tmp_path / "first_sweep.py"
    script.write_text(code)
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    # The progress bar redraws itself after carriage returns, which text mode reads as line ends.
    printed = [line for line in result.stdout.splitlines() if line.strip() and "% Completed |" not in line]
    assert printed == shown.splitlines()


def slow_falling_box(index):
    """A box under gravity, 0.05 s of wall time later."""
    time.sleep(0.05)
    animator = anima.Animator()
    box = anima.Item(animator)
    animator.add_behavior(anima.Gravity([box]))
    return animator


def test_in_a_notebook_the_progress_widget_moves_while_the_sweep_runs(client, monkeypatch):
    import types

    import distributed.utils

    moves, shown = [], []

    class Widget:
        """Stands in for an ipywidgets widget; records the progress bar's values."""

        def __init__(self, *children, **traits):
            self.children = children
            self.__dict__.update(traits)

        def __setattr__(self, name, value):
            if name == "value" and isinstance(value, float):
                moves.append((time.monotonic(), value))
            object.__setattr__(self, name, value)

    widgets = types.ModuleType("ipywidgets")
    widgets.HTML = widgets.FloatProgress = widgets.HBox = widgets.VBox = Widget
    ipython, display = types.ModuleType("IPython"), types.ModuleType("IPython.display")
    display.display = shown.append
    ipython.display = display
    monkeypatch.setitem(sys.modules, "ipywidgets", widgets)
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.setattr(distributed.utils, "is_kernel", lambda: True)

    table = anima.sweep(slow_falling_box, {"index": list(range(20))}, lambda animator: animator.step_count,
                        seconds=0.5, client=client, variants_per_task=1)
    finished = time.monotonic()
    assert table["value"].tolist() == [60] * 20
    assert len(shown) == 1 and isinstance(shown[0], Widget)
    assert [value for when, value in moves if when < finished and 0 < value < 1]  # it moved during the sweep
    deadline = time.monotonic() + 5
    while not (moves and moves[-1][1] == 1.0) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert moves[-1][1] == 1.0


def test_a_serial_sweep_shows_one_bar_of_variants_and_none_per_variant(capsys, monkeypatch):
    """The variants run to rest with no bar of their own; the sweep's bar counts variants."""
    import anima._progress

    monkeypatch.setattr(anima._progress, "DELAY", 0.0)
    anima.sweep(hanging_ball, {"frequency": [1.0, 2.0], "damping": [0.5]}, ball_state, client="serial")
    err = capsys.readouterr().err
    assert "sweep" in err and "variants" in err and "run_until_rest" not in err
    anima.sweep(hanging_ball, {"frequency": [1.0, 2.0], "damping": [0.5]}, ball_state, client="serial",
                progress=False)
    assert capsys.readouterr().err == ""
