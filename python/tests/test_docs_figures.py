"""The documentation figures are drawn from real scenes and are well-formed SVG."""
import importlib.util
import pathlib
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_documentation_figure_renders_as_svg_with_trails(tmp_path):
    spec = importlib.util.spec_from_file_location("figures", ROOT / "docs" / "figures.py")
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    figures.OUT = str(tmp_path)
    figures.main([])
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(name + ".svg" for name in figures.FIGURES)
    for path in tmp_path.iterdir():
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        assert root.tag.endswith("svg")
        trails = [e for e in root.iter() if e.get("class") == "trail"]
        assert trails, f"{path.name} has no trail"
