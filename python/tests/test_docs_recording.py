"""The examples of the Recordings section of docs/python.md run as written."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_recordings_section_of_the_python_docs_runs(capsys):
    pytest.importorskip("matplotlib")
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    section = text[text.index("## Recordings"):]
    section = section[: section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) >= 4
    exec(compile("\n".join(blocks), "docs/python.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "<Recording 101 frames, 3 items" in printed and "(101, 3, 3)" in printed
    assert "[0, 1, 2]" in printed and "time (s)" in printed
