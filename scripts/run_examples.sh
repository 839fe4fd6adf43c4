#!/usr/bin/env bash
# Builds and runs the examples; prints one line per example and a closing "N passed, M failed".
#
#   scripts/run_examples.sh c LIBDIR         compile examples/c/*.c against LIBDIR/libanima.so and run each
#   scripts/run_examples.sh python PYTHON    run examples/python/*.py with PYTHON: all but demo.py, the scenes
#                                            module and the modules the examples share (names starting with "_")
#
# An example passes when it exits with status 0 within EXAMPLE_TIMEOUT seconds (default 120).
# The output of a failing example is shown in full; that of a passing one is kept in
# build/examples/NAME.log and its last line is shown.
set -uo pipefail

mode=${1:?usage: run_examples.sh c LIBDIR | python PYTHON}
arg=${2:?usage: run_examples.sh c LIBDIR | python PYTHON}
timeout_s=${EXAMPLE_TIMEOUT:-120}
out=build/examples
mkdir -p "$out"

passed=0
failed=0

report_failure() {  # name, reason, log
    printf 'FAIL %-22s %s\n' "$1" "$2"
    sed 's/^/     | /' "$3"
    failed=$((failed + 1))
}

run_one() {  # name, log, command...
    local name=$1 log=$2 rc
    shift 2
    timeout "$timeout_s" "$@" > "$log" 2>&1
    rc=$?
    if [[ $rc -eq 0 ]]; then
        printf 'ok   %-22s %s\n' "$name" "$(tail -n 1 "$log")"
        passed=$((passed + 1))
    elif [[ $rc -eq 124 ]]; then
        report_failure "$name" "timed out after ${timeout_s} s" "$log"
    elif [[ $rc -gt 128 ]]; then
        report_failure "$name" "killed by SIG$(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128)))" "$log"
    else
        report_failure "$name" "exit status $rc" "$log"
    fi
}

case $mode in
c)
    cc=${CC:-gcc}
    shopt -s nullglob
    for src in examples/c/*.c; do
        name=$(basename "$src" .c)
        log=$out/$name.log
        if ! "$cc" -std=c11 -Wall -Wextra -Werror -Iinclude -o "$out/$name" "$src" \
                -L"$arg" -lanima -lm -pthread -Wl,-rpath,"$arg" > "$log" 2>&1; then
            report_failure "$name" "does not compile" "$log"
            continue
        fi
        run_one "$name" "$log" "$out/$name"
    done
    ;;
python)
    shopt -s nullglob
    for src in examples/python/*.py; do
        name=$(basename "$src" .py)
        [[ $name == demo || $name == scenes ]] && continue  # the main job, and a module of scenes
        [[ $name == _* ]] && continue                       # a module the examples share (_checks.py)
        run_one "$name.py" "$out/$name.py.log" "$arg" "$src"
    done
    ;;
*)
    echo "run_examples.sh: unknown mode '$mode' (c or python)" >&2
    exit 2
    ;;
esac

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
