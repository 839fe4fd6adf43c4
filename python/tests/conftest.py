"""Shared fixtures: scenes as a user builds them."""

import importlib.util
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import anima

#: The reference bounds of an iPhone SE-sized screen, in points.
SCREEN = (0.0, 0.0, 320.0, 568.0)

#: The repository (when the tests run from a source tree), for header and source checks.
REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture
def animator():
    """An animator with screen-sized reference bounds."""
    return anima.Animator(reference_bounds=SCREEN)


@pytest.fixture
def ball(animator):
    """A 40 pt ball near the top of the screen, governed by nothing yet."""
    return anima.Item(animator, center=(160.0, 100.0), size=(40.0, 40.0), shape="ellipse")


@pytest.fixture
def falling_ball(animator, ball):
    """The ball under gravity, colliding with the screen edges."""
    gravity = anima.Gravity([ball])
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    animator.add_behavior(gravity)
    animator.add_behavior(collision)
    return ball, gravity, collision


@pytest.fixture
def other_animator():
    """A second animator with one item and a gravity, to mix up with the first."""
    anim = anima.Animator()
    item = anima.Item(anim)
    return anim, item, anima.Gravity([item])


@pytest.fixture
def repository_file():
    """Returns a file of the source tree, or skips when the tests run outside it."""

    def find(*parts):
        path = REPOSITORY.joinpath(*parts)
        if not path.is_file():
            pytest.skip(f"{path} is not available (tests run outside the source tree)")
        return path

    return find


@pytest.fixture
def figure_script(tmp_path):
    """Runs a figure script of docs/ into tmp_path.

    run("figures.py", names) loads the script, points its OUT at tmp_path, calls its main(names)
    and returns the script's module and the root element of each file it wrote, by file name,
    each checked to be an SVG document. Without names it checks that every figure of the script's
    FIGURES was written, and nothing else.
    """

    def run(script, names=()):
        spec = importlib.util.spec_from_file_location(Path(script).stem, REPOSITORY / "docs" / script)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.OUT = str(tmp_path)
        module.main(list(names))
        roots = {path.name: ET.fromstring(path.read_text(encoding="utf-8")) for path in tmp_path.iterdir()}
        if not names:
            assert sorted(roots) == sorted(name + ".svg" for name in module.FIGURES)
        for name, root in roots.items():
            assert root.tag.endswith("svg"), f"{name} is not an SVG document"
        return module, roots

    return run


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under `make test` (ANIMA_FORBID_SKIPS=1) a skipped test fails: a missing tool is a failed check."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("ANIMA_FORBID_SKIPS") == "1" and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped, which `make test` does not allow (run `make deps`): {reason}"
