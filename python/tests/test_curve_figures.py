"""The timing-curve figures are drawn from anima.Timing, are well-formed SVG, and the committed
copies in docs/figures/curves/ match a fresh run of docs/curve_figures.py."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "figures" / "curves"


def test_every_curve_figure_renders_as_svg_with_sampled_curves(figure_script):
    _, written = figure_script("curve_figures.py")
    for name, root in written.items():
        curves = [e for e in root.iter() if e.get("class") == "curve"]
        assert curves, f"{name} has no curve"
        for curve in curves:
            assert curve.tag.endswith("polyline")
            assert len(curve.get("points").split()) >= 200, f"{name}: too few samples"


def test_committed_curve_figures_match_a_fresh_run(figure_script, tmp_path):
    figure_script("curve_figures.py")
    committed = sorted(p.name for p in COMMITTED.glob("*.svg"))
    assert committed == sorted(p.name for p in tmp_path.iterdir()), \
        "docs/figures/curves/ is out of date: run build/venv/bin/python docs/curve_figures.py"
    for name in committed:
        assert (COMMITTED / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), \
            f"docs/figures/curves/{name} is out of date: run build/venv/bin/python docs/curve_figures.py"


def test_main_writes_only_the_named_figures(figure_script, tmp_path):
    figure_script("curve_figures.py", ["springs", "uikit"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["springs.svg", "uikit.svg"]
