"""Build the `anima` extension: the Swift library first, then its C files against it.

`build_ext` runs `swift build -c release -Xswiftc -static-stdlib --product anima` in the
repository (the folder above this one, or `ANIMA_SWIFT_ROOT`), with any extra flags from
`ANIMA_SWIFT_FLAGS`, compiles the extension's C files (`src/anima/*.c`) against `include/anima.h`, links it to
`libanima.so` with the run path `$ORIGIN`, and copies `libanima.so` next to the extension
(also for editable and `--inplace` builds). The statically linked Swift runtime makes the
result independent of the Swift toolchain.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
LIBRARY_NAME = "libanima.so"


def repository_root() -> Path:
    """The Anima source tree that holds Package.swift and include/anima.h."""
    root = Path(os.environ.get("ANIMA_SWIFT_ROOT") or HERE.parent).resolve()
    if not (root / "Package.swift").is_file() or not (root / "include" / "anima.h").is_file():
        sys.exit(
            f"anima: cannot build the extension: {root} is not the Anima source tree "
            "(Package.swift and include/anima.h are missing).\n"
            "The extension is built together with the Swift library: install from a clone of "
            "the repository (`pip install ./python`), or set ANIMA_SWIFT_ROOT to the repository."
        )
    return root


class build_ext_with_swift(build_ext):
    """build_ext that builds libanima.so with SwiftPM and ships it beside the extension."""

    def finalize_options(self):
        super().finalize_options()
        # An earlier in-tree build may have left an extension linked to another library.
        self.force = True

    def run(self):
        root = repository_root()
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
            "--product", "anima",
            "--package-path", str(root),
            *shlex.split(os.environ.get("ANIMA_SWIFT_FLAGS", "")),
        ]
        env = dict(os.environ)
        # SwiftPM leaves temporary folders behind; keep them inside the repository's build/.
        temporary = root / "build" / "tmp"
        temporary.mkdir(parents=True, exist_ok=True)
        env["TMPDIR"] = str(temporary)
        try:
            bin_path = Path(self._swift(arguments + ["--show-bin-path"], env, capture=True))
            self._touch_exports_if_header_changed(root, bin_path / LIBRARY_NAME)
            self._swift(arguments, env)
        except FileNotFoundError:
            sys.exit("anima: the Swift toolchain (`swift`) is needed to build libanima.so")
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
        header = root / "include" / "anima.h"
        if library.is_file() and header.stat().st_mtime > library.stat().st_mtime:
            for source in (root / "Sources" / "AnimaC").glob("*.swift"):
                source.touch()

    def build_extension(self, ext):
        super().build_extension(ext)
        self._copy_library(Path(self.get_ext_fullpath(ext.name)).parent)

    def copy_extensions_to_source(self):
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        self._copy_library(Path(build_py.get_package_dir("anima")))

    def _copy_library(self, destination: Path) -> None:
        destination.mkdir(parents=True, exist_ok=True)
        shutil.copy2(self._library, destination / LIBRARY_NAME)


setup(
    ext_modules=[
        Extension(
            "anima._anima",
            sources=sorted(str(path.relative_to(HERE)) for path in (HERE / "src" / "anima").glob("*.c")),
            depends=["src/anima/_anima.h"],
            libraries=["anima"],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra"],
            extra_link_args=["-Wl,-rpath,$ORIGIN"],
        )
    ],
    cmdclass={"build_ext": build_ext_with_swift},
)
