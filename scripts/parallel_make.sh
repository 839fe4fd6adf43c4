#!/usr/bin/env bash
# Runs make targets side by side, at most JOBS at once, each with its output in build/logs/TARGET.log;
# one line per target with its time, and a failed target's last lines. `make test` builds its four
# release libraries so: a Swift release build compiles its main module (whole-module optimisation)
# on one processor, so two builds at once take about the time of one on a machine with two.
#
#   scripts/parallel_make.sh [--show] JOBS TARGET...
#
# --show prints each target's whole output once it is done (for checks, whose output is their
# report); without it a target that succeeds prints its one line.
set -euo pipefail
show=0
if [[ ${1:-} == --show ]]; then show=1; shift; fi
jobs=${1:?usage: scripts/parallel_make.sh [--show] JOBS TARGET...}
shift
cd "$(dirname "$0")/.."
mkdir -p build/logs
export MAKE=${MAKE:-make} SHOW=$show
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c '
    target=$1 log=build/logs/$1.log start=$SECONDS
    if "$MAKE" --no-print-directory "$target" > "$log" 2>&1; then
        if [[ $SHOW == 1 ]]; then cat "$log"; fi
        echo "$target: done in $((SECONDS - start)) s ($log)"
    else
        tail -n 40 "$log"
        echo "$target: FAILED after $((SECONDS - start)) s (the whole output is in $log)"
        exit 1
    fi' _ {} || { echo "parallel builds: a build failed (above)"; exit 1; }
