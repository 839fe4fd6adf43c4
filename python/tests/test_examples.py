"""The Python examples (one per seed listing, plus the demo) run and pass their own checks."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python")
SCENE_SCRIPTS = ["gravity.py", "gravity_collision.py", "item_properties.py"]


def run_example(name, *args, cwd):
    """Run one example with this interpreter from ``cwd``; return the completed process."""
    return subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, name), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("name", SCENE_SCRIPTS)
def test_scene_script_passes_its_checks(name, tmp_path):
    result = run_example(name, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("OK: ")
    assert "FAIL" not in result.stdout


def test_scenes_module_lists_the_scenes(tmp_path):
    result = run_example("scenes.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        "gravity",
        "gravity_collision",
        "item_properties",
    ]


def test_demo_writes_a_self_contained_page(tmp_path):
    output = tmp_path / "out" / "demo.html"
    result = run_example("demo.py", str(output), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(f"wrote {output}")
    assert [line.split(" (")[0] for line in lines[1:4]] == ["Gravity", "Gravity with Collision", "Item Properties"]
    assert "still falling" in lines[1]
    assert "at rest after" in lines[2] and "at rest after" in lines[3]

    page = output.read_text(encoding="utf-8")
    assert page.count("<svg") == 3
    assert "http" not in page
    start = 0
    for _ in range(3):
        start = page.index("<svg", start)
        end = page.index("</svg>", start) + len("</svg>")
        ET.fromstring(page[start:end])
        start = end
