"""Ending the helper processes of the tests (a browser, a JupyterLab server)."""

from __future__ import annotations

import subprocess


def end_process(process: subprocess.Popen, grace: float) -> None:
    """Asks a process that still runs to end, gives it `grace` seconds, then kills it and reaps it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
