"""The documentation figures are drawn from real scenes and are well-formed SVG."""


def test_every_documentation_figure_renders_as_svg_with_trails(figure_script):
    _, written = figure_script("figures.py")
    for name, root in written.items():
        trails = [e for e in root.iter() if e.get("class") == "trail"]
        assert trails, f"{name} has no trail"
