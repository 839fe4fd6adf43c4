"""The notebooks of docs/notebooks run on a real kernel and show the player; the tour,
exported to HTML, plays in a headless Chromium.

Each notebook is executed with nbclient on an ipykernel of this interpreter (the kernel imports
the installed package). A cell that raises fails the test, and so does a notebook that shows no
player. The executed tour is exported with nbconvert's "basic" template (the cells and their
outputs, without the template's own scripts from a CDN) into a page, which the browser opens:
every player on it starts, plays, and nothing logs an error or requests anything but the page.
"""

import time

import nbclient
import nbconvert
import nbformat
import pytest

from browser import Browser, find_chromium
from conftest import REPOSITORY

NOTEBOOKS = sorted((REPOSITORY / "docs" / "notebooks").glob("*.ipynb"))


def execute(path):
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def players(notebook):
    return [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
            if "anima-player" in output.get("data", {}).get("text/html", "")]


def test_a_long_run_until_rest_in_a_notebook_shows_a_widget_bar():
    """In a kernel the progress bar is a Jupyter widget (ipywidgets, the "notebook" extra), not
    text on stderr, and the cell's result is the same as without it."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import anima, anima._progress\n"
        "anima._progress.DELAY = 0.0  # as if the run lasted over a second\n"
        "anim = anima.Animator((0, 0, 320, 480))\n"
        "ball = anima.Item(anim, center=(160, 40), size=(40, 40))\n"
        "anim.add_behavior(anima.Gravity([ball]))\n"
        "anim.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))\n"
        "print(f'rested after {anim.run_until_rest(max_seconds=10):.2f} s')")])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = notebook.cells[0].outputs
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    stderr = "".join(o.get("text", "") for o in outputs if o.get("name") == "stderr")
    assert widgets, f"no widget among the outputs: {outputs}"
    assert stderr == "", stderr
    assert any("rested after" in o.get("text", "") for o in outputs)


@pytest.fixture(scope="module")
def tour():
    return execute(REPOSITORY / "docs" / "notebooks" / "tour.ipynb")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_runs_and_shows_a_player(path):
    notebook = execute(path)
    errors = [output for cell in notebook.cells for output in cell.get("outputs", []) if output.output_type == "error"]
    assert errors == []
    assert players(notebook), f"{path.name} shows no player"


def test_the_tour_shows_three_players_a_plot_and_the_recording(tour):
    assert len(players(tour)) == 3
    outputs = [output for cell in tour.cells for output in cell.get("outputs", [])]
    assert any("image/png" in output.get("data", {}) for output in outputs), "the spring curve is not drawn"
    text = "".join(output.get("text", "") for output in outputs)
    assert "settles in" in text and "(121, 5, 3)" in text


def test_the_exported_tour_plays_in_a_browser(tour, tmp_path):
    if find_chromium() is None:
        pytest.fail("no Chromium to open the exported notebook in: install it (Debian: apt install chromium)",
                    pytrace=False)
    body, _ = nbconvert.HTMLExporter(template_name="basic").from_notebook_node(tour)
    page = tmp_path / "tour.html"
    page.write_text(f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Anima tour</title></head>"
                    f"<body>{body}</body></html>", encoding="utf-8")
    with Browser() as browser:
        tab = browser.open(page.as_uri())
        keys = tab.evaluate("Array.from(document.querySelectorAll('.anima-player')).map(e => e.id)")
        assert len(keys) == 3
        first = {key: tab.evaluate(f"window.animaPlayers['{key}'].frame") for key in keys}
        time.sleep(0.5)
        for key in keys:
            assert tab.evaluate(f"window.animaPlayers['{key}'].playing") is True
            assert tab.evaluate(f"window.animaPlayers['{key}'].frame") != first[key], f"{key} does not move"
        assert tab.errors == []
        assert all(url == page.as_uri() or url.startswith("data:") for url in tab.requests), tab.requests
