"""The recorded ABI (abi/libanima.abi) and the gate that compares a build with it (make abi-diff).

The gate is libabigail's abidiff run with --no-added-syms over dumps of a C mirror of the header
(scripts/abi_mirror.py). These tests make headers that differ from the tree's in one way each and
check that the gate lets an addition through and stops an incompatible change, so that the check
in `make test` is known to be able to fail.
"""

import re
import shutil
import subprocess
import sys

import pytest

from conftest import REPOSITORY

HEADER = REPOSITORY / "include" / "anima.h"
BASELINE = REPOSITORY / "abi" / "libanima.abi"
MIRROR = REPOSITORY / "scripts" / "abi_mirror.py"

pytestmark = pytest.mark.skipif(not HEADER.is_file(), reason="runs in the source tree only")


def tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: run 'sudo apt-get install abigail-tools' (or 'sudo make deps')")
    return path


def dump(tmp_path, header_text, name):
    """The abidw dump of the mirror of a header, as the Makefile takes it."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "anima.h").write_text(header_text)
    shutil.copytree(HEADER.parent / "anima", folder / "anima")      # the parts anima.h includes
    subprocess.run([sys.executable, str(MIRROR), str(folder / "anima.h"), str(folder / "mirror.c")], check=True,
                   capture_output=True)
    compiler = shutil.which("gcc") or tool("cc")
    subprocess.run([compiler, "-std=c11", "-g", "-O0", "-fPIC", "-shared", f"-I{folder}", "-Wl,-soname,libanima.so.0",
                    "-o", str(folder / "libanima.so.0"), str(folder / "mirror.c")], check=True)
    out = subprocess.run([tool("abidw"), "--no-show-locs", "--no-corpus-path", "--headers-dir", str(folder),
                          "--drop-private-types", str(folder / "libanima.so.0")], check=True, capture_output=True,
                         text=True).stdout
    path = folder / "libanima.abi"
    path.write_text(out)
    return path


def gate(baseline, candidate):
    result = subprocess.run([tool("abidiff"), "--no-added-syms", str(baseline), str(candidate)], capture_output=True,
                            text=True)
    return result.returncode, result.stdout


def edited(old, new):
    text = HEADER.read_text()
    assert old in text, old
    return text.replace(old, new, 1)


def test_the_recorded_abi_names_the_major_version_and_every_function():
    recorded = BASELINE.read_text()
    major = re.search(r"#define ANIMA_VERSION_MAJOR (\d+)", HEADER.read_text()).group(1)
    assert f"soname='libanima.so.{major}'" in recorded
    declared = set(re.findall(r"\b(anima_\w+)\(", strip(header_text())))
    assert set(re.findall(r"<elf-symbol name='(anima_\w+)'", recorded)) <= declared


def header_text():
    """anima.h and the parts it includes (include/anima/*.h)."""
    return "\n".join(path.read_text() for path in [HEADER, *sorted((HEADER.parent / "anima").glob("*.h"))])


def strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("#", "typedef")))


def test_the_gate_passes_the_tree_and_an_added_function(tmp_path):
    tree = dump(tmp_path, HEADER.read_text(), "tree")
    assert gate(BASELINE, tree)[0] == 0
    added = dump(tmp_path, edited("uint32_t anima_version(void);",
                                  "uint32_t anima_version(void);\nint32_t anima_probe_added(int32_t value);"), "added")
    assert gate(BASELINE, added)[0] == 0


def test_the_gate_passes_an_appended_enumerator(tmp_path):
    appended = dump(tmp_path, edited("ANIMA_KIND_NONE = 0,", "ANIMA_KIND_NONE = 0,\n    ANIMA_KIND_PROBE = 99,"),
                    "appended")
    assert gate(BASELINE, appended)[0] == 0


def test_the_gate_stops_a_grown_struct(tmp_path):
    grown = dump(tmp_path, edited("typedef struct anima_vec2 { double x; double y; } anima_vec2;",
                                  "typedef struct anima_vec2 { double x; double y; double z; } anima_vec2;"), "grown")
    status, report = gate(BASELINE, grown)
    assert status != 0
    assert "type size changed from 128 to 192 (in bits)" in report


def test_the_gate_stops_a_renumbered_status_and_a_changed_result(tmp_path):
    renumbered = dump(tmp_path, edited("ANIMA_ERR_BUSY = 5,", "ANIMA_ERR_BUSY = 50,"), "renumbered")
    assert gate(BASELINE, renumbered)[0] != 0
    changed = dump(tmp_path, edited("uint32_t anima_version(void);", "uint64_t anima_version(void);"), "changed")
    status, report = gate(BASELINE, changed)
    assert status != 0
    assert "anima_version" in report


def test_the_gate_stops_a_removed_function(tmp_path):
    removed = dump(tmp_path, edited("uint32_t anima_version(void);", ""), "removed")
    status, report = gate(BASELINE, removed)
    assert status & 8, "abidiff flags a removed function as an incompatible change"
    assert "anima_version" in report
