"""What the bench scripts that also run on their own share, bench/recording.py and bench/sweep.py:
their command line, the modules they need, the end of their summary line (bench/run.py imports
them, runs one measurement per round itself and prints the same summary)."""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType


def arguments(doc: str, size: str, default: int, meaning: str) -> argparse.Namespace:
    """The parsed command line: ``--SIZE N`` (what `meaning` says, `default` unless given) and
    ``--rounds N`` (3 unless given); the first line of `doc`, the script's docstring, describes it."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(f"--{size}", type=int, default=default, help=f"{meaning} (default {default})")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the best of which is kept (default 3)")
    return parser.parse_args()


def modules(bench: str, names: tuple[str, ...], hint: str = "") -> list[ModuleType] | None:
    """The modules `names` imported, or None after one line on stderr that says which is missing:
    "BENCH bench: No module named ...; run it with build/venv/bin/python after `make build`HINT"."""
    try:
        return [importlib.import_module(name) for name in names]
    except ImportError as error:
        print(f"{bench} bench: {error}; run it with build/venv/bin/python after `make build`{hint}", file=sys.stderr)
        return None


def checks_line(failed: list[str], passed: str) -> str:
    """The end of a summary line: the failed checks, or what holds when none failed."""
    return "; ".join(failed) if failed else passed
