"""libadwaita's AdwSpringAnimation as a peer of anima.Timing: the cases, the runner, the table.

    build/venv/bin/python python/tests/peers/adwaita.py      # prints the table of docs/springs.md

The samples come from libadwaita itself (adwaita_samples.py, run with the system Python, which has
Debian's python3-gi, under a private Xvfb). test_peer_adwaita.py compares them with anima.Timing;
this module also writes the settling table of docs/springs.md ("Checked against libadwaita").
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

SAMPLES_SCRIPT = Path(__file__).with_name("adwaita_samples.py")

#: The Python that sees Debian's python3-gi (the project's virtual environment does not).
SYSTEM_PYTHON = os.environ.get("ANIMA_GI_PYTHON", "/usr/bin/python3")

INSTALL = ("run `sudo apt-get install gir1.2-adw-1 gir1.2-gtk-4.0 python3-gi xvfb` "
           "(or `sudo make deps`, which runs scripts/deps.sh)")

MASS, STIFFNESS = 1.0, 100.0

#: (name, damping, value_from, value_to, Anima's initial velocity in distances/s, Adw's epsilon or
#: None for its default 0.001). Adw's initial velocity is the same motion in value units per second,
#: v0 * (to - from).
CASES = [
    ("under_5_rest", 5.0, 0.0, 1.0, 0.0, None),
    ("under_5_moving", 5.0, 10.0, 250.0, 2.0, None),
    ("under_10_rest", 10.0, 0.0, 1.0, 0.0, None),
    ("under_10_moving_away", 10.0, 300.0, 100.0, -1.5, None),
    ("critical_rest", 20.0, 0.0, 1.0, 0.0, None),
    ("critical_moving", 20.0, 10.0, 250.0, 2.0, None),
    ("over_40_rest", 40.0, 0.0, 1.0, 0.0, None),
    ("over_40_moving", 40.0, 0.0, 1.0, 3.0, None),
    ("over_40_moving_away", 40.0, 300.0, 100.0, -1.5, None),
    ("over_40_moving_scaled_epsilon", 40.0, 10.0, 250.0, 2.0, 0.24),
]


class PeerMissing(Exception):
    """libadwaita, its Python bindings or Xvfb is not installed."""


def case_dicts() -> List[Dict[str, Any]]:
    """The cases as adwaita_samples.py reads them."""
    cases = []
    for name, damping, start, end, velocity, epsilon in CASES:
        case = {"name": name, "from": start, "to": end, "mass": MASS, "stiffness": STIFFNESS,
                "damping": damping, "velocity": velocity * (end - start)}
        if epsilon is not None:
            case["epsilon"] = epsilon
        cases.append(case)
    return cases


def check_installed() -> None:
    """Raises PeerMissing, naming the install step, when a piece is not installed."""
    if shutil.which(SYSTEM_PYTHON) is None:
        raise PeerMissing(f"{SYSTEM_PYTHON} (Debian's python3) is missing: {INSTALL}")
    probe_code = 'import gi; gi.require_version("Gtk", "4.0"); gi.require_version("Adw", "1")'
    probe = subprocess.run([SYSTEM_PYTHON, "-c", probe_code], capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["no message"])[-1]
        raise PeerMissing(f"{SYSTEM_PYTHON} cannot load libadwaita 1 and GTK 4 through gi ({last}): "
                          f"{INSTALL}")
    if shutil.which("Xvfb") is None:
        raise PeerMissing(f"Xvfb is missing: {INSTALL}")


def run_samples() -> Dict[str, Any]:
    """libadwaita's samples of every case (adwaita_samples.py's output, keyed by case name)."""
    check_installed()
    result = subprocess.run([SYSTEM_PYTHON, str(SAMPLES_SCRIPT), "--xvfb"],
                            input=json.dumps({"cases": case_dicts()}),
                            capture_output=True, text=True, timeout=90)
    if result.returncode != 0:
        raise RuntimeError(f"adwaita_samples.py failed ({result.returncode}):\n{result.stderr}")
    output = json.loads(result.stdout)
    output["by_name"] = {case["name"]: case for case in output["cases"]}
    return output


def timing(name: str):
    """The anima.Timing of a case."""
    import anima

    _, damping, start, end, velocity, _ = next(case for case in CASES if case[0] == name)
    return anima.Timing(spring=(MASS, STIFFNESS, damping), initial_velocity=velocity)


def adw_time_ms(start_us: int, frame_us: int) -> int:
    """The whole milliseconds at which libadwaita evaluates its spring in the frame of frame_us:
    frame and start times are each divided down to milliseconds (adw-animation.c, 1.2)."""
    return frame_us // 1000 - start_us // 1000


def settling_rows(samples: Dict[str, Any]) -> List[List[str]]:
    """One row per case: the spring, the move, both durations and what is left at Adw's."""
    rows = []
    for name, damping, start, end, velocity, epsilon in CASES:
        estimate_ms = samples["by_name"][name]["estimated_duration_ms"]
        spring = timing(name)
        remaining = abs(1.0 - spring.progress(estimate_ms / 1000))
        ratio = damping / (2 * math.sqrt(STIFFNESS * MASS))
        rows.append([
            f"(1, 100, {damping:g})", f"{ratio:g}", f"{start:g} -> {end:g}", f"{velocity:g}",
            "0.001" if epsilon is None else f"{epsilon:g}",
            f"{estimate_ms} ms", f"{spring.duration * 1000:.1f} ms", f"{remaining * 100:.2g} %",
        ])
    return rows


def settling_table(samples: Dict[str, Any]) -> str:
    """The markdown table of docs/springs.md."""
    header = ["spring (m, k, c)", "damping ratio", "move", "v0 (distances/s)", "Adw epsilon",
              "Adw estimated duration", "Anima duration", "distance left at Adw's estimate"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in settling_rows(samples)]
    return "\n".join(lines)


if __name__ == "__main__":
    try:
        samples = run_samples()
    except PeerMissing as error:
        sys.exit(str(error))
    print(f"libadwaita {samples['libadwaita']}, GTK {samples['gtk']}\n")
    print(settling_table(samples))
