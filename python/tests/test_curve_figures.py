"""The timing-curve figures are drawn from anima.Timing, are well-formed SVG, and the committed
copies in docs/figures/curves/ match a fresh run of docs/curve_figures.py."""
import importlib.util
import pathlib
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "figures" / "curves"


def load_curve_figures():
    spec = importlib.util.spec_from_file_location("curve_figures", ROOT / "docs" / "curve_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_curve_figure_renders_as_svg_with_sampled_curves(tmp_path):
    figures = load_curve_figures()
    figures.OUT = str(tmp_path)
    figures.main([])
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(name + ".svg" for name in figures.FIGURES)
    for path in tmp_path.iterdir():
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        assert root.tag.endswith("svg")
        curves = [e for e in root.iter() if e.get("class") == "curve"]
        assert curves, f"{path.name} has no curve"
        for curve in curves:
            assert curve.tag.endswith("polyline")
            assert len(curve.get("points").split()) >= 200, f"{path.name}: too few samples"


def test_committed_curve_figures_match_a_fresh_run(tmp_path):
    figures = load_curve_figures()
    figures.OUT = str(tmp_path)
    figures.main([])
    committed = sorted(p.name for p in COMMITTED.glob("*.svg"))
    assert committed == sorted(p.name for p in tmp_path.iterdir()), \
        "docs/figures/curves/ is out of date: run build/venv/bin/python docs/curve_figures.py"
    for name in committed:
        assert (COMMITTED / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), \
            f"docs/figures/curves/{name} is out of date: run build/venv/bin/python docs/curve_figures.py"


def test_main_writes_only_the_named_figures(tmp_path):
    figures = load_curve_figures()
    figures.OUT = str(tmp_path)
    figures.main(["springs", "uikit"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["springs.svg", "uikit.svg"]
