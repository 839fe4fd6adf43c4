"""The Python examples (one per seed listing, plus the demo) run and pass their own checks."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python")
SCENE_SCRIPTS = [
    "gravity.py",
    "gravity_collision.py",
    "item_properties.py",
    "snap.py",
    "push.py",
    "spring_attachment.py",
    "bouncing_spring_behavior.py",
    "custom_dynamic_item.py",
    "resizable_behavior.py",
    "transform_tween_behavior.py",
    "transforms.py",
    "jelly_shape.py",
    "jelly.py",
    "spinners.py",
    "device_gravity.py",
]
#: The scenes that scenes.py builds and demo.py plays, by key and by title, in order.
SCENE_KEYS = ["gravity", "gravity_collision", "item_properties", "snap", "push", "spring_attachment", "jelly"]
SCENE_TITLES = ["Gravity", "Gravity with Collision", "Item Properties", "Snap", "Push", "Spring Attachment",
                "Jelly"]


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
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == SCENE_KEYS


def test_demo_writes_a_self_contained_page(tmp_path):
    output = tmp_path / "out" / "demo.html"
    result = run_example("demo.py", str(output), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(f"wrote {output}")
    scene_lines = lines[1:1 + len(SCENE_TITLES)]
    assert [line.split(" (")[0] for line in scene_lines] == SCENE_TITLES
    by_title = dict(zip(SCENE_TITLES, scene_lines))
    assert "still falling" in by_title["Gravity"]
    for title in ("Gravity with Collision", "Item Properties", "Snap", "Jelly"):
        assert "at rest after" in by_title[title]
    assert "still moving" in by_title["Push"] and "still moving" in by_title["Spring Attachment"]

    page = output.read_text(encoding="utf-8")
    assert page.count("<svg") == len(SCENE_TITLES)
    assert "http" not in page
    start = 0
    for _ in range(len(SCENE_TITLES)):
        start = page.index("<svg", start)
        end = page.index("</svg>", start) + len("</svg>")
        ET.fromstring(page[start:end])
        start = end
