"""A long run of the random-program state machine of test_stateful.py, in child processes.

    build/venv/bin/python python/tests/stateful_soak.py [CALLS] [--examples E] [--steps S]
                                                       [--jobs J] [--first-seed K] [--timeout T]

Starts child interpreters one after the other (J at a time), each running the machine with its
own Hypothesis seed (K, K+1, ...), until the children together have made at least CALLS API
calls (default 100000). Each child prints the calls it made when it ends; a child that dies
from a signal is a crash, one that fails an assertion or raises an unexpected exception is a
failure, one that runs past T seconds is a hang. Each is reported with its seed, the gist of
the failure and the command that replays that child alone, and the script then exits with 1.

Children do not shrink a failing example (shrinking can take minutes, and a run with
shrinking draws other examples from the same seed). Not collected by pytest (no test_
prefix); not part of `make test`.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
MARKER = "stateful-soak-child:"


def child(seed, examples, steps):
    """Runs the machine once with `seed` and prints what it did (also when it fails)."""
    sys.path.insert(0, str(HERE))
    import test_stateful

    status = "passed"
    try:
        test_stateful.run(seed_value=seed, examples=examples, steps=steps, shrink=False)
    except BaseException as error:
        status = "failed"
        # the gist, after Hypothesis's long report: each distinct failure in one line or two
        errors = error.exceptions if isinstance(error, BaseExceptionGroup) else [error]
        for each in errors:
            where = traceback.extract_tb(each.__traceback__)[-1:]
            place = f" at {Path(where[0].filename).name}:{where[0].lineno}" if where else ""
            print(f"stateful-soak-failure{place}: {''.join(traceback.format_exception_only(each)).strip()}")
        raise
    finally:
        ledger = test_stateful.Ledger
        report = {"status": status, "calls": ledger.calls, "steps": ledger.steps,
                  "errors": dict(ledger.errors), "callbacks": dict(ledger.callbacks)}
        print(MARKER, json.dumps(report), flush=True)


def replay_command(seed, examples, steps):
    """The child's own command line: it replays the same examples (a run with shrinking, such as
    the pytest test with ANIMA_STATEFUL_SEED, may draw other examples from the same seed)."""
    return f"{sys.executable} {Path(__file__).resolve()} --child {seed} --examples {examples} --steps {steps}"


def parse_report(output):
    for line in reversed(output.splitlines()):
        if line.startswith(MARKER):
            return json.loads(line[len(MARKER):])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("calls", nargs="?", type=int, default=100_000, help="API calls to make in total")
    parser.add_argument("--examples", type=int, default=50, help="Hypothesis examples per child")
    parser.add_argument("--steps", type=int, default=50, help="rules per example")
    parser.add_argument("--jobs", type=int, default=1, help="children running at once")
    parser.add_argument("--first-seed", type=int, default=1, help="seed of the first child")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds after which a child is a hang")
    parser.add_argument("--max-bad", type=int, default=5,
                        help="start no more children after this many crashes, failures and hangs")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()

    if options.child is not None:
        child(options.child, options.examples, options.steps)
        return 0

    start = time.monotonic()
    total_calls = total_steps = processes = 0
    errors, callbacks = collections.Counter(), collections.Counter()
    crashes, failures, hangs = [], [], []
    next_seed = options.first_seed
    running = []   # (seed, Popen, started)

    def launch():
        nonlocal next_seed, processes
        seed = next_seed
        next_seed += 1
        processes += 1
        command = [sys.executable, str(Path(__file__).resolve()), "--child", str(seed),
                   "--examples", str(options.examples), "--steps", str(options.steps)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   env={**os.environ, "PYTHONFAULTHANDLER": "1"})
        running.append((seed, process, time.monotonic()))

    def finish(seed, process, output, timed_out):
        nonlocal total_calls, total_steps
        report = parse_report(output)
        if report is not None:
            total_calls += report["calls"]
            total_steps += report["steps"]
            errors.update(report["errors"])
            callbacks.update(report["callbacks"])
        lines = output.splitlines()
        gist = [line for line in lines if line.startswith("stateful-soak-failure")]
        tail = "\n".join(lines[-30:] + gist)
        if timed_out:
            hangs.append(seed)
            print(f"soak: seed {seed}: HANG (no end after {options.timeout:.0f} s)\n{tail}", flush=True)
        elif process.returncode < 0:
            crashes.append(seed)
            print(f"soak: seed {seed}: CRASH, killed by signal {-process.returncode}\n{tail}", flush=True)
        elif process.returncode != 0:
            failures.append(seed)
            print(f"soak: seed {seed}: FAILURE (exit {process.returncode})\n{tail}", flush=True)
        else:
            calls = report["calls"] if report else 0
            print(f"soak: seed {seed}: {calls} calls, total {total_calls}", flush=True)
        if timed_out or process.returncode != 0:
            print(f"soak: replay with: {replay_command(seed, options.examples, options.steps)}", flush=True)

    while total_calls < options.calls or running:
        while (total_calls < options.calls and len(running) < options.jobs
               and len(crashes) + len(failures) + len(hangs) < options.max_bad):
            launch()
        if not running:
            break
        seed, process, started = running.pop(0)
        remaining = max(1.0, options.timeout - (time.monotonic() - started))
        try:
            output, _ = process.communicate(timeout=remaining)
            finish(seed, process, output, timed_out=False)
        except subprocess.TimeoutExpired:
            process.kill()
            output, _ = process.communicate()
            finish(seed, process, output, timed_out=True)

    wall = time.monotonic() - start
    print(f"soak: {total_steps} internal steps, {sum(callbacks.values())} callbacks "
          f"({', '.join(f'{k} {v}' for k, v in callbacks.most_common())})")
    print(f"soak: exceptions raised: {', '.join(f'{k} {v}' for k, v in errors.most_common())}")
    if failures or hangs:
        print(f"soak: {len(failures)} failures (seeds {failures}), {len(hangs)} hangs (seeds {hangs})")
    print(f"soak: {wall:.1f} s of wall time, seeds {options.first_seed}...{next_seed - 1}")
    print(f"soak: {total_calls} API calls in {processes} processes, {len(crashes)} crashes"
          + (f" (seeds {crashes})" if crashes else ""))
    return 1 if crashes or failures or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
