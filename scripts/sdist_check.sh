#!/usr/bin/env bash
# The source distribution as a user meets it.
#
#   scripts/sdist_check.sh VENV_PYTHON SDIST
#
# Unpacked in a temporary folder, the sdist must
# 1. stop, when no swift is on PATH, with setup.py's one line saying that the Swift toolchain is
#    needed (and no Python traceback of its own);
# 2. build a wheel with Swift on PATH, in a build folder of its own, whose extension imports and
#    runs a scene.
set -euo pipefail

venv_python=$(realpath "${1:?usage: sdist_check.sh VENV_PYTHON SDIST}")
sdist=$(realpath "${2:?usage: sdist_check.sh VENV_PYTHON SDIST}")
tree=$(pwd)
source "$tree/scripts/clean_env.sh"

clean_workspace sdist-check "$sdist"
source_dir=$work/$(basename "$sdist" .tar.gz)
fail() { echo "sdist-check: FAILED: $*"; exit 1; }
for path in setup.py pyproject.toml Package.swift include/anima.h include/anima/animation.h include/anima/interaction.h abi/exports.map Sources/Anima Sources/AnimaC src/_anima/module.c src/_anima/_anima.h LICENSE; do
    [[ -e $source_dir/$path ]] || fail "$path is not in the sdist"
done

interpreter=$("$venv_python" -c 'import sys; print(sys.base_prefix)')/bin/python3
run_clean "$interpreter" -m venv "$work/venv"
export CLEAN_PREFIX=$work/venv/bin
if (cd "$work" && run_clean python -m pip wheel --no-deps -w "$work/no-swift" "$source_dir") > "$work/no-swift.log" 2>&1; then
    fail "the sdist built a wheel with no swift on PATH"
fi
line=$(grep -m 1 -E "^[[:space:]]*anima: building from source needs the Swift" "$work/no-swift.log" | sed 's/^[[:space:]]*//' || true)
[[ -n $line ]] || { cat "$work/no-swift.log"; fail "pip's output has no line saying that Swift is needed"; }
! grep -q "^Traceback" "$work/no-swift.log" || { cat "$work/no-swift.log"; fail "setup.py raised a traceback"; }
echo "sdist-check: without swift: $line"

swift_bin=$(dirname "$(command -v swift)")
CLEAN_PREFIX=$work/venv/bin:$swift_bin
(cd "$work" && run_clean python -m pip wheel --no-deps -w "$work/wheel" "$source_dir") > "$work/swift.log" 2>&1 \
    || { tail -n 40 "$work/swift.log"; fail "the sdist does not build with Swift"; }
wheel=$(ls "$work"/wheel/anima-*.whl)
(cd "$work" && run_clean python -m pip install --quiet "$wheel") || fail "the sdist's wheel does not install"
result=$(cd "$work" && run_clean python -c '
import anima
animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
ball = anima.Item(animator, center=(160, 52), size=(64, 64), shape="ellipse")
animator.add_behavior(anima.Gravity([ball]))
animator.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
seconds = animator.run_until_rest(max_seconds=10)
assert abs(ball.center[1] - 536.0) < 0.01, f"the ball rests at y = {ball.center[1]}, not 536 (568 - 32)"
print(f"anima {anima.__version__}: a 64 pt ball at rest after {seconds:.2f} s at y = {ball.center[1]:.3f} pt (floor 568 - 32)")') \
    || fail "the sdist's wheel does not run the scene"
echo "sdist-check: with swift: built $(basename "$wheel"); $result"
