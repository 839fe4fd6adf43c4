#!/usr/bin/env bash
# The wheel as a user meets it.
#
#   scripts/wheel_check.sh PYTHON WHEEL
#
# A new virtual environment (no system site-packages) in a temporary folder; PATH holds no swift and
# the environment names no folder of this tree (scripts/clean_env.sh). There: pip installs the
# wheel with its plot and distributed extras; the installed package must be the wheel's (its
# version the header's, its library beside it, needing no Swift runtime); every examples/python
# program runs from a copy of the folder; a smoke subset of python/tests runs from a copy, none
# skipped. pip's cache is the user's, so the dependencies download once.
set -euo pipefail

python=${1:?usage: wheel_check.sh PYTHON WHEEL}
wheel=$(realpath "${2:?usage: wheel_check.sh PYTHON WHEEL}")
tree=$(pwd)
source "$tree/scripts/clean_env.sh"

version=$(sed -n 's/^anima-\([0-9.]*\)-.*/\1/p' <<< "$(basename "$wheel")")
interpreter=$("$python" -c 'import sys; print(sys.executable)')
clean_workspace wheel-check
export CLEAN_PREFIX=$work/venv/bin

SMOKE_TESTS=(test_physics.py test_items.py test_behaviors.py test_animation.py test_callbacks.py test_errors.py
             test_snapshot.py test_poses.py test_render.py test_timing.py)

if run_clean sh -c 'command -v swift' > /dev/null; then
    echo "wheel-check: swift is still on the clean PATH ($clean_path)"; exit 1
fi
run_clean "$interpreter" -m venv "$work/venv"
echo "wheel-check: installing $(basename "$wheel") into a new venv ($work/venv)"
(cd "$work" && run_clean python -m pip install --quiet "$wheel[plot,distributed]" pytest hypothesis) \
    || { echo "wheel-check: FAILED: pip could not install the wheel"; exit 1; }

(cd "$work" && run_clean python - "$version" "$work/venv" <<'PYTHON'
import os, pathlib, subprocess, sys
import anima, anima._anima as extension
version, venv = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
package = pathlib.Path(anima.__file__).resolve().parent
assert venv in package.parents, f"anima imported from {package}, not from the new venv"
assert anima.__version__ == version, (anima.__version__, version)
assert ".".join(map(str, anima.version_info)) == version
library = package / f"libanima.so.{anima.version_info[0]}"
assert library.is_file(), f"{library} is missing"
needed = subprocess.run(["readelf", "-d", str(library), extension.__file__], capture_output=True, text=True,
                        check=True).stdout
assert "swift" not in needed.lower(), needed
for variable, value in os.environ.items():
    assert "/work/" not in value or variable == "PATH" and ".build" not in value, (variable, value)
print(f"wheel-check: anima {anima.__version__} from {package}, extension {pathlib.Path(extension.__file__).name}")
PYTHON
) || { echo "wheel-check: FAILED: the installed package is not the wheel's"; exit 1; }

mkdir -p "$work/python"
cp -r "$tree/examples" "$work/examples"
cp -r "$tree/python/tests" "$work/python/tests"
passed=0
for src in "$work"/examples/python/*.py; do
    name=$(basename "$src" .py)
    [[ $name == scenes || $name == _* ]] && continue   # modules the others import (scenes.py, _checks.py)
    args=()
    [[ $name == demo ]] && args=("$work/demo.html")
    if ! (cd "$work/examples/python" && run_clean timeout 300 python "$src" "${args[@]}") > "$work/$name.log" 2>&1; then
        cat "$work/$name.log"; echo "wheel-check: FAILED: examples/python/$name.py"; exit 1
    fi
    passed=$((passed + 1))
done
echo "wheel-check: $passed Python examples passed"

(cd "$work/python/tests" && run_clean python -m pytest -q -p no:cacheprovider -rs "${SMOKE_TESTS[@]}") > "$work/pytest.log" 2>&1 \
    || { cat "$work/pytest.log"; echo "wheel-check: FAILED: the smoke tests"; exit 1; }
summary=$(tail -n 1 "$work/pytest.log")
if grep -q "skipped" <<< "$summary"; then
    cat "$work/pytest.log"; echo "wheel-check: FAILED: a smoke test was skipped"; exit 1
fi
echo "wheel-check: smoke tests (${SMOKE_TESTS[*]}): $summary"
