"""Parameter sweeps: one animator per parameter set, advanced and measured, on a Dask cluster.

`sweep` builds an animator for every parameter set, advances it (until it rests, or for a
given time), measures it and returns one table row per set. The variants run as tasks of a
`dask.distributed` cluster: a `LocalCluster` of this machine that the sweep starts and stops
itself, or any cluster a `Client` (or a scheduler address) reaches. Without Dask, or with
``client="serial"``, they run one after the other in this process. The engine is
deterministic, so both ways give the same table to the bit.

The module imports neither Dask nor pandas until a sweep needs them.
"""

from __future__ import annotations

import itertools
import math
import numbers
import os
import uuid
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ._anima import Animator
from ._progress import bar

__all__ = ["sweep"]

#: The column that holds each failed variant's exception, "TypeName: message".
ERROR_COLUMN = "error"
#: The column of a measure that returns one scalar instead of a dict.
VALUE_COLUMN = "value"
#: What to install for the distributed sweep.
INSTALL_HINT = 'pip install "anima[distributed]"'

#: One variant's outcome: its measured values (None if it failed) and its error text (None if not).
Outcome = tuple[dict[str, Any] | None, str | None]


def sweep(
    build: Callable[..., Animator],
    parameters: Mapping[str, Iterable[Any]] | Iterable[Mapping[str, Any]],
    measure: Callable[[Animator], Any],
    *,
    seconds: float | None = None,
    max_seconds: float = 10.0,
    frame: float = 1 / 60,
    client: Any = None,
    progress: bool = True,
    variants_per_task: int | None = None,
) -> Any:
    """Build, advance and measure one animator per parameter set; return a table of the results.

    For every parameter set ``params``, ``build(**params)`` makes a new `Animator`; the sweep
    advances it in frames of ``frame`` seconds (default 1/60), until the animator pauses because
    everything rests, at most ``max_seconds`` of frames (default 10 s), or, when ``seconds`` is
    given, for exactly ``round(seconds / frame)`` frames; then ``measure(animator)`` reads it.
    ``measure`` returns a dict of scalars (one column each) or a single scalar (a column named
    ``value``). After a run to rest, ``animator.elapsed_time`` is the time to rest and
    ``animator.is_running`` says whether it was reached.

    ``parameters`` is either a list of dicts, one per variant (``[{"damping": 0.2}, ...]``), or a
    dict of value lists, which stands for every combination of them (``{"frequency": [1, 2],
    "damping": [0.2, 0.5]}`` makes four variants, the last name varying fastest), or a table (a
    DataFrame or a structured array) whose rows are the parameter sets, such as some rows of an
    earlier sweep's parameter columns.

    The table has one row per variant in the order of ``parameters``: the parameter columns, the
    measured columns, and ``error``. It is a pandas DataFrame when pandas is installed, else a
    numpy structured array; ``table["name"]`` is a column in both. A variant whose build,
    advance or measure raises does not stop the sweep: its ``error`` holds the exception as
    ``"ValueError: ..."`` and its measured values are missing (NaN); ``error`` is None in the
    rows that succeeded. A warning names the first failure when any variant failed.

    Where the variants run (``client``):

    - None (the default): on a `dask.distributed.LocalCluster` started for the sweep, one worker
      process per core, closed afterwards. Without Dask installed, the sweep runs serially
      instead, after a warning that says how to install it (``pip install "anima[distributed]"``).
    - a `dask.distributed.Client`: on its cluster, which stays as it was.
    - a scheduler address (``"tcp://10.0.0.5:8786"``): on that cluster, through a client the
      sweep opens and closes.
    - ``"serial"``: one after the other in this process; Dask is not needed.

    On a cluster, ``build`` and ``measure`` travel to the workers with cloudpickle: functions
    of ``__main__`` or a notebook go by value, those of other modules by name (the workers must
    be able to import those modules). ``variants_per_task`` groups variants into Dask tasks
    (default: about ten tasks per worker thread, at least one variant each). A worker that dies
    loses nothing: Dask runs its tasks again elsewhere. ``progress`` (default True) shows Dask's
    progress bar, as a widget in a notebook and as text in a terminal (serial sweeps show the
    package's tqdm bar after a second of work, as `Animator.run_until_rest` does).

    Units: ``seconds``, ``max_seconds`` and ``frame`` are seconds of simulated time.

    Example::

        import anima

        def build(frequency, damping):
            animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
            ball = anima.Item(animator, center=(160, 100), size=(64, 64), shape="ellipse")
            spring = anima.Attachment(ball, anchor=(160, 20))
            spring.frequency, spring.damping = frequency, damping
            animator.add_behavior(spring)
            animator.add_behavior(anima.Gravity([ball]))
            return animator

        def measure(animator):
            (ball,) = animator.items
            return {"rest_time": animator.elapsed_time, "y": ball.center[1]}

        table = anima.sweep(build, {"frequency": [1, 2, 4], "damping": [0.3, 1.0]}, measure,
                            client="serial")
        print(table)            # six rows: frequency, damping, rest_time, y, error
    """
    if not callable(build):
        raise TypeError(f"sweep: build must be callable (got {type(build).__name__})")
    if not callable(measure):
        raise TypeError(f"sweep: measure must be callable (got {type(measure).__name__})")
    if seconds is not None:
        seconds = _seconds("seconds", seconds, allow_zero=True)
    max_seconds = _seconds("max_seconds", max_seconds, allow_zero=False)
    frame = _seconds("frame", frame, allow_zero=False)
    if frame < 1e-6:
        raise ValueError(f"sweep: frame must be at least 1e-6 s (got {frame!r})")
    if variants_per_task is not None and (
            isinstance(variants_per_task, bool) or not isinstance(variants_per_task, numbers.Integral)
            or variants_per_task < 1):
        raise ValueError(f"sweep: variants_per_task must be an int >= 1 or None (got {variants_per_task!r})")
    names, variants = _expand(parameters)
    run = _Run(build, measure, seconds, max_seconds, frame)

    if isinstance(client, str) and client == "serial":
        outcomes = _run_serially(run, variants, progress)
    elif client is None:
        try:
            import distributed
        except ImportError:
            warnings.warn(f"anima.sweep: dask.distributed is not installed, so the variants run one after "
                          f"the other in this process ({INSTALL_HINT} to run them on all cores)",
                          stacklevel=2)
            outcomes = _run_serially(run, variants, progress)
        else:
            outcomes = _run_on_local_cluster(distributed, run, variants, progress, variants_per_task)
    else:
        distributed = _import_distributed()
        if isinstance(client, distributed.Client):
            outcomes = _run_on_cluster(distributed, client, run, variants, progress, variants_per_task)
        elif isinstance(client, str):
            with distributed.Client(client) as own_client:
                outcomes = _run_on_cluster(distributed, own_client, run, variants, progress, variants_per_task)
        else:
            raise TypeError("sweep: client must be None, \"serial\", a dask.distributed.Client or a scheduler "
                            f"address (got {type(client).__name__})")

    failures = [(row, error) for row, (_, error) in enumerate(outcomes) if error is not None]
    if failures:
        row, error = failures[0]
        warnings.warn(f"anima.sweep: {len(failures)} of {len(variants)} variants failed (see the table's "
                      f"{ERROR_COLUMN!r} column); the first, row {row} {variants[row]!r}: {error}", stacklevel=2)
    return _table(names, variants, outcomes)


def _seconds(name: str, value: Any, *, allow_zero: bool) -> float:
    """``value`` as a finite float of seconds, > 0 (or >= 0 with ``allow_zero``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"sweep: {name} must be a number of seconds (got {type(value).__name__})")
    number = float(value)
    if not math.isfinite(number) or number < 0 or (number == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"sweep: {name} must be finite and {bound} (got {value!r})")
    return number


def _expand(parameters: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """The parameter names (in order) and sets, one dict per variant; a dict of value lists
    becomes its grid, the rows of a table (a DataFrame or a structured array) the sets."""
    if isinstance(parameters, np.ndarray) and parameters.dtype.names is not None:
        names = list(parameters.dtype.names)
        variants = [dict(zip(names, row)) for row in parameters.tolist()]
    elif hasattr(parameters, "columns") and hasattr(parameters, "to_dict"):  # a pandas DataFrame
        names = list(parameters.columns)
        variants = parameters.to_dict("records")
    elif isinstance(parameters, Mapping):
        names, columns = [], []
        for name, values in parameters.items():
            if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
                raise TypeError(f"sweep: parameters[{name!r}] must be a sequence of values, since a dict of "
                                f"parameters stands for the grid of its value lists (got {type(values).__name__}); "
                                "pass a list of dicts for a list of parameter sets")
            names.append(name)
            columns.append(list(values))
        variants = [dict(zip(names, values)) for values in itertools.product(*columns)]
    elif isinstance(parameters, (str, bytes)) or not isinstance(parameters, Iterable):
        raise TypeError("sweep: parameters must be a list of dicts (one per variant) or a dict of value lists "
                        f"(a grid) (got {type(parameters).__name__})")
    else:
        variants = []
        for index, variant in enumerate(parameters):
            if not isinstance(variant, Mapping):
                raise TypeError(f"sweep: parameters[{index}] must be a dict of keyword arguments for build "
                                f"(got {type(variant).__name__})")
            variants.append(dict(variant))
        names = _names(variants)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"sweep: parameter names must be strings (got {name!r})")
        if name == ERROR_COLUMN:
            raise ValueError(f"sweep: {ERROR_COLUMN!r} cannot be a parameter: it names the error column")
    return names, variants


class _Run:
    """What every variant does: build, advance, measure. Pickled once per Dask task."""

    def __init__(self, build: Callable[..., Animator], measure: Callable[[Animator], Any],
                 seconds: float | None, max_seconds: float, frame: float) -> None:
        self.build = build
        self.measure = measure
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.frame = frame

    def __call__(self, params: dict[str, Any]) -> Outcome:
        """One variant's outcome; an exception becomes its error text."""
        animator = None
        try:
            animator = self.build(**params)
            if not isinstance(animator, Animator):
                raise TypeError(f"build returned {type(animator).__name__}, not an anima.Animator")
            if self.seconds is None:
                animator.run_until_rest(max_seconds=self.max_seconds, frame=self.frame, progress=False)
            else:
                for _ in range(round(self.seconds / self.frame)):
                    animator.advance(self.frame)
            return _measured(self.measure(animator), params), None
        except Exception as error:  # noqa: BLE001 - a failing variant is reported in its row
            return None, _error_text(error)
        finally:
            if isinstance(animator, Animator):
                animator.destroy()

    def batch(self, variants: list[dict[str, Any]]) -> list[Outcome]:
        """The outcomes of a group of variants (one Dask task)."""
        return [self(params) for params in variants]


def _measured(result: Any, params: Mapping[str, Any]) -> dict[str, Any]:
    """A measure's result as a dict of column name -> plain Python value."""
    if isinstance(result, Mapping):
        values = {}
        for name, value in result.items():
            if not isinstance(name, str):
                raise TypeError(f"measure returned a dict with a key that is not a string ({name!r})")
            if name in params or name == ERROR_COLUMN:
                raise ValueError(f"measure returned {name!r}, which is already the name of a "
                                 + ("parameter" if name in params else "column of the table"))
            values[name] = _plain(value)
        return values
    return {VALUE_COLUMN: _plain(result)}


def _plain(value: Any) -> Any:
    """numpy scalars (and 0-d arrays) as the Python scalars they hold."""
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value.item()
    return value


def _error_text(error: BaseException) -> str:
    """``TypeName: message``, as the last line of a traceback shows it."""
    message = str(error)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


# ----------------------------------------------------------------------------- runners


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as error:
        raise ImportError(f"anima.sweep on a cluster needs dask.distributed: {INSTALL_HINT}") from error
    return distributed


def _run_serially(run: _Run, variants: list[dict[str, Any]], progress: bool) -> list[Outcome]:
    """Every variant in this process, in order, under the package's progress bar."""
    outcomes = []
    shown = bar(len(variants), "variants", "sweep", progress)
    try:
        for params in variants:
            outcomes.append(run(params))
            shown.update(1)
    finally:
        shown.close()
    return outcomes


def _run_on_local_cluster(distributed: Any, run: _Run, variants: list[dict[str, Any]], progress: bool,
                          variants_per_task: int | None) -> list[Outcome]:
    """On a LocalCluster of one single-threaded worker process per core, closed afterwards.

    The engine holds the GIL while it steps, so only separate processes run variants in parallel.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        cluster = distributed.LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                                           dashboard_address=":0")
    except Exception as error:
        raise RuntimeError(
            f"anima.sweep: the LocalCluster did not start ({_error_text(error).rstrip('.')}). Its worker processes import "
            "the main module again: a script must start the sweep under `if __name__ == \"__main__\":`") from error
    with cluster, distributed.Client(cluster) as client:
        return _run_on_cluster(distributed, client, run, variants, progress, variants_per_task)


def _run_on_cluster(distributed: Any, client: Any, run: _Run, variants: list[dict[str, Any]], progress: bool,
                    variants_per_task: int | None) -> list[Outcome]:
    """One Dask task per group of variants; the outcomes in the order of ``variants``."""
    if not variants:
        return []
    if variants_per_task is None:
        threads = max(1, sum(client.nthreads().values()))
        variants_per_task = max(1, math.ceil(len(variants) / (10 * threads)))
    groups = [variants[start:start + variants_per_task] for start in range(0, len(variants), variants_per_task)]
    name = f"anima-sweep-{uuid.uuid4().hex[:12]}"
    futures = [client.submit(run.batch, group, key=f"{name}-{index}", pure=False)
               for index, group in enumerate(groups)]
    try:
        if progress:
            _show_progress(distributed, client, futures)
        distributed.wait(futures)
        outcomes: list[Outcome] = []
        for future, group in zip(futures, groups):
            if future.status == "finished":
                outcomes.extend(future.result())
            else:  # the task itself failed (its workers kept dying) or was cancelled
                try:
                    error = _error_text(future.exception())
                except Exception as cancelled:  # noqa: BLE001 - a cancelled future has no exception to give
                    error = _error_text(cancelled)
                outcomes.extend((None, error) for _ in group)
        return outcomes
    finally:
        client.cancel(futures)


def _show_progress(distributed: Any, client: Any, futures: list[Any]) -> None:
    """Dask's progress bar: a widget in a notebook (returns at once), text elsewhere (returns when
    every task is done).

    Dask's widget listens to the scheduler on the notebook's own event loop, which does not run
    while the sweep blocks the cell; here it listens on the client's loop, which runs in a thread
    of its own, so that the bar moves during the sweep.
    """
    from distributed.utils import is_kernel

    scheduler = client.scheduler.address
    if is_kernel() and not client.asynchronous:
        try:
            from distributed.diagnostics.progressbar import ProgressWidget
            from IPython.display import display
            bar = ProgressWidget(futures, scheduler=scheduler, complete=True)  # needs ipywidgets
        except ImportError:
            pass
        else:
            display(bar.widget)
            client.loop.add_callback(bar.listen)
            return
    distributed.progress(futures, notebook=False, scheduler=scheduler)


# ----------------------------------------------------------------------------- the table


_MISSING = object()


def _table(parameter_names: list[str], variants: list[dict[str, Any]], outcomes: list[Outcome]) -> Any:
    """A pandas DataFrame (numpy structured array without pandas) of parameters, measures, errors."""
    measured_names = _names([measured for measured, _ in outcomes if measured is not None])
    columns: dict[str, np.ndarray] = {}
    for name in parameter_names:
        columns[name] = _column([params.get(name, _MISSING) for params in variants])
    for name in measured_names:
        columns[name] = _column([measured.get(name, _MISSING) if measured is not None else _MISSING
                                 for measured, _ in outcomes])
    columns[ERROR_COLUMN] = _objects([error for _, error in outcomes])
    try:
        import pandas
    except ImportError:
        table = np.empty(len(variants), dtype=[(name, array.dtype) for name, array in columns.items()])
        for name, array in columns.items():
            table[name] = array
        return table
    # The dtypes as chosen here: pandas 3 would turn the error column's None into NaN (its str dtype).
    return pandas.DataFrame({name: pandas.Series(array, dtype=array.dtype, copy=False)
                             for name, array in columns.items()})


def _names(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every key of ``rows``, in the order first seen."""
    return list(dict.fromkeys(name for row in rows for name in row))


def _column(values: Sequence[Any]) -> np.ndarray:
    """One column: bool, int64, float64 (NaN where missing) or object (None where missing).

    As in pandas, a column of bools or ints with a missing value becomes float64.
    """
    present = [value for value in values if value is not _MISSING]
    missing = len(present) < len(values)
    if all(isinstance(value, (bool, np.bool_)) for value in present) and present and not missing:
        return np.array(present, dtype=bool)
    if all(isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)) for value in present) \
            and present and not missing and all(-2**63 <= int(value) < 2**63 for value in present):
        return np.array(present, dtype=np.int64)
    if all(isinstance(value, (numbers.Real, np.bool_)) for value in present):
        return np.array([float(value) if value is not _MISSING else math.nan for value in values], dtype=np.float64)
    return _objects([None if value is _MISSING else value for value in values])


def _objects(values: Sequence[Any]) -> np.ndarray:
    """An object array holding ``values`` as they are (tuples and lists stay single cells)."""
    column = np.empty(len(values), dtype=object)
    for index, value in enumerate(values):
        column[index] = value
    return column
