"""Build the `anima` extension: the Swift library first, then its C files against it.

`build_ext` runs `swift build -c release -Xswiftc -static-stdlib --product anima` in the Anima
source tree (`ANIMA_SWIFT_ROOT`, else this folder when it holds Package.swift, as an sdist does,
else the folder above it, as a clone does), with any extra flags from `ANIMA_SWIFT_FLAGS`. The
library is linked with its SONAME (libanima.so.MAJOR) and with only the header's functions
exported (abi/exports.map), the same two flags `make lib` uses. The extension's C files
(`src/_anima/*.c`, around their internal header `src/_anima/_anima.h`, beside the package and
not installed) are compiled against `include/anima.h`, linked to the library with the run path
`$ORIGIN`, and the library is copied next to the extension under its SONAME (also for editable
and `--inplace` builds). The statically linked Swift runtime makes the result
independent of the Swift toolchain. The extension uses CPython's limited API (3.11), so a wheel
is tagged cp311-abi3 and serves every later CPython, except a free-threaded one (3.13t and later),
which has no stable ABI: there the extension is built against the full API (the same code, see
src/_anima/_anima.h) and the wheel is tagged for that interpreter alone; the module keeps the GIL
enabled (docs/python.md, "Threading"). The package's version is the header's. On x86-64 the
library carries the contact kernel built twice, for SSE2 and AVX2, and picks one at run time
(`ANIMA_AVX2=0` leaves the AVX2 build out).
"""

import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: The folder of the extension's C files and their internal header, beside the package.
EXTENSION_SOURCES = Path("src") / "_anima"
LIBRARY_NAME = "libanima.so"
#: The oldest CPython whose stable ABI the extension is compiled against: 3.11.
LIMITED_API = "0x030B0000"
#: A free-threaded CPython (3.13t and later) has no stable ABI: the extension uses the full API there.
FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def is_source_tree(folder: Path) -> bool:
    return (folder / "Package.swift").is_file() and (folder / "include" / "anima.h").is_file()


def repository_root() -> Path:
    """The Anima source tree that holds Package.swift and include/anima.h."""
    if os.environ.get("ANIMA_SWIFT_ROOT"):
        candidates = [Path(os.environ["ANIMA_SWIFT_ROOT"])]
    else:
        candidates = [HERE, HERE.parent]
    for root in candidates:
        if is_source_tree(root):
            return root.resolve()
    sys.exit(
        f"anima: cannot build the extension: {candidates[-1]} is not the Anima source tree "
        "(Package.swift and include/anima.h are missing); build from a clone or an sdist, "
        "or set ANIMA_SWIFT_ROOT to the source tree."
    )


def header_version(root: Path) -> tuple[int, int, int]:
    """ANIMA_VERSION_MAJOR, _MINOR and _PATCH of include/anima.h."""
    found = dict(re.findall(r"^#define ANIMA_VERSION_(MAJOR|MINOR|PATCH) (\d+)\s*$",
                            (root / "include" / "anima.h").read_text(), re.MULTILINE))
    if set(found) != {"MAJOR", "MINOR", "PATCH"}:
        sys.exit("anima: include/anima.h does not define ANIMA_VERSION_MAJOR, _MINOR and _PATCH")
    return int(found["MAJOR"]), int(found["MINOR"]), int(found["PATCH"])


def soname(root: Path) -> str:
    return f"{LIBRARY_NAME}.{header_version(root)[0]}"


class build_ext_with_swift(build_ext):
    """build_ext that builds libanima.so with SwiftPM and ships it beside the extension."""

    def finalize_options(self):
        super().finalize_options()
        # An earlier in-tree build may have left an extension linked to another library.
        self.force = True

    def run(self):
        root = repository_root()
        self._soname = soname(root)
        bin_path = self._build_swift_library(root)
        self._library = bin_path / LIBRARY_NAME
        if not self._library.is_file():
            sys.exit(f"anima: swift build succeeded but {self._library} is missing")
        for ext in self.extensions:
            ext.include_dirs.append(str(root / "include"))
            ext.library_dirs.append(str(bin_path))
        super().run()

    def _build_swift_library(self, root: Path) -> Path:
        arguments = [
            "-c", "release",
            "-Xswiftc", "-static-stdlib",
            "-Xswiftc", "-enforce-exclusivity=unchecked",
            "-Xlinker", f"-soname={self._soname}",
            "-Xlinker", f"--version-script={root / 'abi' / 'exports.map'}",
            "--product", "anima",
            "--package-path", str(root),
            *shlex.split(os.environ.get("ANIMA_SWIFT_FLAGS", "")),
        ]
        env = dict(os.environ)
        # On x86-64 the wide contact kernel is also built for AVX2, chosen at run time where the
        # processor has it (Package.swift); ANIMA_AVX2=0 in the environment leaves it out.
        if platform.machine() in ("x86_64", "AMD64"):
            env.setdefault("ANIMA_AVX2", "1")
        # SwiftPM leaves temporary folders behind; keep them inside the repository's build/.
        temporary = root / "build" / "tmp"
        temporary.mkdir(parents=True, exist_ok=True)
        env["TMPDIR"] = str(temporary)
        if shutil.which("swift", path=env.get("PATH")) is None:
            sys.exit("anima: building from source needs the Swift 6.3 toolchain (`swift` is not on PATH); "
                     "install it from swift.org, or install a prebuilt wheel instead")
        try:
            bin_path = Path(self._swift(arguments + ["--show-bin-path"], env, capture=True))
            self._touch_exports_if_header_changed(root, bin_path / LIBRARY_NAME)
            self._swift(arguments, env)
        except subprocess.CalledProcessError as error:
            sys.exit(f"anima: `swift build` failed with exit status {error.returncode}")
        return bin_path

    @staticmethod
    def _swift(arguments, env, capture=False) -> str:
        command = ["swift", "build", *arguments]
        print(" ".join(shlex.quote(part) for part in command), flush=True)
        result = subprocess.run(command, env=env, check=True, text=True,
                                stdout=subprocess.PIPE if capture else None)
        return (result.stdout or "").strip().splitlines()[-1] if capture else ""

    @staticmethod
    def _touch_exports_if_header_changed(root: Path, library: Path) -> None:
        """SwiftPM does not notice a changed header; touching the exports makes it rebuild them."""
        headers = [root / "include" / "anima.h", *(root / "include" / "anima").glob("*.h")]
        if library.is_file() and max(h.stat().st_mtime for h in headers) > library.stat().st_mtime:
            for source in (root / "Sources" / "AnimaC").glob("*.swift"):
                source.touch()

    def build_extension(self, ext):
        # An interpreter built with a run path of its own (pyenv's) puts it in every extension's
        # link line; the extension needs only $ORIGIN, where its library is.
        self.compiler.linker_so = [part for part in self.compiler.linker_so if not part.startswith("-Wl,-rpath,")]
        super().build_extension(ext)
        self._copy_library(Path(self.get_ext_fullpath(ext.name)).parent)

    def copy_extensions_to_source(self):
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        self._copy_library(Path(build_py.get_package_dir("anima")))

    def _copy_library(self, destination: Path) -> None:
        """The library goes beside the extension under its SONAME, the name the extension needs."""
        destination.mkdir(parents=True, exist_ok=True)
        stale = destination / LIBRARY_NAME
        if stale.is_file():
            stale.unlink()
        shutil.copy2(self._library, destination / self._soname)


setup(
    version=".".join(str(part) for part in header_version(repository_root())),
    ext_modules=[
        Extension(
            "anima._anima",
            sources=sorted(str(path.relative_to(HERE)) for path in (HERE / EXTENSION_SOURCES).glob("*.c")),
            depends=sorted(str(path.relative_to(HERE)) for path in (HERE / EXTENSION_SOURCES).glob("*.h")),
            include_dirs=[str(EXTENSION_SOURCES)],
            libraries=["anima"],
            # One abi3 wheel for CPython 3.11 and later (docs/install.md, "The wheel"); the full API on a
            # free-threaded CPython, which has no stable ABI.
            py_limited_api=not FREE_THREADED,
            define_macros=[] if FREE_THREADED else [("Py_LIMITED_API", LIMITED_API)],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra"],
            extra_link_args=["-Wl,-rpath,$ORIGIN"],
        )
    ],
    cmdclass={"build_ext": build_ext_with_swift},
    options={} if FREE_THREADED else {"bdist_wheel": {"py_limited_api": "cp311"}},
)
