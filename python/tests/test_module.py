"""The package: import, version, shipped files, documentation, API coverage."""

import ast
import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import anima
import anima._anima as extension

PACKAGE_DIR = Path(anima.__file__).resolve().parent
#: The library's file name: its SONAME, which carries the major version.
LIBRARY = f"libanima.so.{anima.version_info[0]}"


def test_import_works_from_root_without_library_path():
    env = dict(os.environ, LD_LIBRARY_PATH="")
    code = (
        "import anima; a = anima.Animator(); i = anima.Item(a); "
        "a.add_behavior(anima.Gravity([i])); a.advance(0.1); print(anima.__version__, i.center[1] > 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd="/", env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [anima.__version__, "True"]


def test_library_ships_beside_the_extension():
    assert (PACKAGE_DIR / LIBRARY).is_file()
    assert Path(extension.__file__).parent == PACKAGE_DIR


def test_extension_finds_the_library_through_its_run_path():
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not available")
    dynamic = subprocess.run([readelf, "-d", extension.__file__], capture_output=True, text=True).stdout
    assert f"[{LIBRARY}]" in dynamic
    assert re.findall(r"\((?:RPATH|RUNPATH)\).*\[(.+?)\]", dynamic) == ["$ORIGIN"]


def test_extension_is_built_for_the_stable_abi():
    assert Path(extension.__file__).name == "_anima.abi3.so"


def test_library_names_its_major_version_and_exports_only_the_c_interface():
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not available")
    library = str(PACKAGE_DIR / LIBRARY)
    dynamic = subprocess.run([readelf, "-d", library], capture_output=True, text=True).stdout
    assert re.findall(r"\(SONAME\).*\[(.+?)\]", dynamic) == [LIBRARY]
    symbols = subprocess.run([readelf, "--dyn-syms", "-W", library], capture_output=True, text=True).stdout
    defined = [line.split()[-1] for line in symbols.splitlines()
               if " GLOBAL " in line and " UND " not in line and line.split()[-1] != "Name"]
    assert len(defined) > 200
    assert [name for name in defined if not name.startswith("anima_")] == []


def test_library_needs_no_swift_runtime():
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not available")
    dynamic = subprocess.run([readelf, "-d", str(PACKAGE_DIR / LIBRARY)], capture_output=True,
                             text=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.+?)\]", dynamic)
    assert needed, dynamic
    assert not [name for name in needed if "swift" in name.lower() or "dispatch" in name.lower()]


def test_version_is_the_headers_version(repository_file):
    header = repository_file("include", "anima.h").read_text()
    parts = [int(re.search(rf"#define ANIMA_VERSION_{name} (\d+)", header).group(1))
             for name in ("MAJOR", "MINOR", "PATCH")]
    assert anima.version_info == tuple(parts)
    assert anima.__version__ == ".".join(map(str, parts))


def test_version_info_is_three_ints():
    assert isinstance(anima.version_info, tuple)
    assert len(anima.version_info) == 3
    assert all(isinstance(part, int) for part in anima.version_info)


def test_stub_and_py_typed_ship_with_the_package():
    assert (PACKAGE_DIR / "py.typed").is_file()
    assert (PACKAGE_DIR / "__init__.pyi").is_file()


def test_stub_declares_every_public_name_and_member():
    stub = ast.parse((PACKAGE_DIR / "__init__.pyi").read_text())
    classes = {node.name: node for node in stub.body if isinstance(node, ast.ClassDef)}
    declared = set(classes)
    for node in stub.body:
        if isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            declared.add(node.name)
        if isinstance(node, ast.ImportFrom):      # re-exports: `from .player import show as show`
            declared |= {alias.asname for alias in node.names if alias.asname == alias.name}
    assert set(anima.__all__) <= declared
    for name, node in classes.items():
        runtime = getattr(anima, name)
        if issubclass(runtime, BaseException) or name in ("CollisionMode", "Transform"):
            continue
        members = {child.name for child in node.body if isinstance(child, ast.FunctionDef)}
        members |= {child.target.id for child in node.body if isinstance(child, ast.AnnAssign)}
        public = {m for m in vars(runtime) if not m.startswith("_")}
        assert public <= members, f"{name}: missing from the stub: {sorted(public - members)}"
        assert {m for m in members if not m.startswith("_")} <= set(dir(runtime)), name


PUBLIC_TYPES = [anima.Animator, anima.Item, anima.Behavior, anima.Gravity, anima.Collision,
                anima.ItemBehavior, anima.Attachment, anima.Push, anima.Snap, anima.ContactEvent,
                anima.VelocityTracker, anima.Drag]


@pytest.mark.parametrize("cls", PUBLIC_TYPES, ids=lambda cls: cls.__name__)
def test_every_type_method_and_property_has_a_docstring(cls):
    assert cls.__doc__ and cls.__doc__.strip()
    assert cls.__module__ == "anima"
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        doc = inspect.getdoc(member)  # as help() finds it (a slot's docstring is in __slots__)
        assert doc and doc.strip(), f"{cls.__name__}.{name} has no docstring"


@pytest.mark.parametrize("cls", [anima.Animator, anima.Item, anima.Behavior, anima.Gravity, anima.Collision,
                                 anima.ItemBehavior, anima.Attachment, anima.Push, anima.Snap],
                         ids=lambda cls: cls.__name__)
def test_constructor_signature_is_introspectable(cls):
    parameters = inspect.signature(cls).parameters
    assert parameters


def test_methods_have_introspectable_signatures():
    assert list(inspect.signature(anima.Animator.run_until_rest).parameters) == ["self", "max_seconds", "frame", "progress"]
    assert list(inspect.signature(anima.Collision.add_boundary).parameters) == [
        "self", "identifier", "from_point", "to_point"]
    assert list(inspect.signature(anima.Attachment.pin).parameters) == [
        "item", "other", "anchor", "friction_torque", "motor_speed", "max_motor_force", "joint_spring_frequency",
        "joint_spring_damping", "joint_spring_rest"]
    assert list(inspect.signature(anima.Collision.add_boundary_path).parameters) == ["self", "identifier", "path"]
    assert list(inspect.signature(anima.Push.set_target_offset).parameters) == ["self", "item", "offset"]
    assert list(inspect.signature(anima.Behavior).parameters) == ["animator"]
    assert list(inspect.signature(anima.Snap).parameters) == ["item", "point"]


def test_collision_mode_is_an_int_flag():
    assert anima.CollisionMode.ITEMS | anima.CollisionMode.BOUNDARIES == anima.CollisionMode.EVERYTHING
    assert int(anima.CollisionMode.EVERYTHING) == 3


def test_transform_is_a_named_tuple_with_identity_defaults():
    identity = anima.Transform()
    assert identity == (0.0, 1.0, 1.0, 0.0, 0.0)
    assert identity._replace(rotation=1.0).rotation == 1.0
    assert anima.Transform._fields == ("rotation", "scale_x", "scale_y", "translation_x", "translation_y")
    assert anima.Transform._field_defaults == {"rotation": 0.0, "scale_x": 1.0, "scale_y": 1.0,
                                               "translation_x": 0.0, "translation_y": 0.0}
    assert anima.Transform(0.5, translation_y=2.0) == (0.5, 1.0, 1.0, 0.0, 2.0)
    assert anima.Transform.__module__ == "anima"
    assert repr(anima.Transform(rotation=1.0)) == (
        "Transform(rotation=1.0, scale_x=1.0, scale_y=1.0, translation_x=0.0, translation_y=0.0)")
    assert anima.Transform.__doc__.startswith("Transform(rotation=0.0, scale_x=1.0, scale_y=1.0, ")
    assert "radians" in anima.Transform.__doc__


def test_item_transform_is_the_packages_transform(animator):
    item = anima.Item(animator, rotation=0.25, scale=(2.0, 3.0))
    assert type(item.transform) is anima.Transform
    assert item.transform == anima.Transform(0.25, 2.0, 3.0, 0.0, 0.0)


def test_the_python_defined_types_come_from_one_module():
    import anima._types as types
    for name in ("AnimaError", "InvalidArgumentError", "StaleHandleError", "WrongKindError", "OutOfMemoryError",
                 "BusyError", "NotFoundError", "InvalidStateError", "Transform", "ContactEvent"):
        assert getattr(anima, name) is getattr(types, name)
        assert name in anima.__all__
        assert repr(getattr(anima, name)) == f"<class 'anima.{name}'>"


def test_poses_is_an_animator_method_returning_an_array():
    assert "poses" in vars(anima.Animator)
    assert list(inspect.signature(anima.Animator.poses).parameters) == ["self"]
    assert "numpy" in anima.Animator.poses.__doc__
    assert not hasattr(anima, "Poses")


def test_not_found_error_shows_the_message_without_quotes():
    error = anima.NotFoundError("anima_collision_get_boundary: no boundary named \"x\"")
    assert str(error) == "anima_collision_get_boundary: no boundary named \"x\""


def test_python_binding_covers_the_c_api(repository_file):
    main = repository_file("include", "anima.h")
    # anima.h and the parts it includes from include/anima/
    header = "\n".join(path.read_text() for path in [main, *sorted((main.parent / "anima").glob("*.h"))])
    folder = repository_file("python", "src", "_anima", "_anima.h").parent
    source = "\n".join(path.read_text() for path in sorted(folder.glob("*.c")))
    declared = set(re.findall(r"^[a-z_ ]*?\**(anima_[a-z0-9_]+)\(", header, flags=re.MULTILINE))
    unused = {name for name in declared if not re.search(rf"\b{name}\b", source)}
    # Not needed by Python: the wrappers remember their animator, kind and Python object.
    deliberately_unused = {
        "anima_item_get_animator", "anima_behavior_get_animator", "anima_behavior_get_kind",
        "anima_item_get_user_data", "anima_item_set_user_data",
        "anima_item_behavior_get_properties", "anima_item_behavior_set_properties",
        # Python reads a value's components all at once, and runs added completions from the one it installs
        "anima_value_get_component", "anima_animation_add_completion",
    }
    assert unused == deliberately_unused


def test_import_refuses_a_library_of_another_version(tmp_path):
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build a stand-in library")
    source = tmp_path / "other_version.c"
    source.write_text("unsigned int anima_version(void) { return (9u << 16) | (8u << 8) | 7u; }\n")
    library = tmp_path / "libother_version.so"
    subprocess.run([compiler, "-shared", "-fPIC", str(source), "-o", str(library)], check=True)
    env = dict(os.environ, LD_PRELOAD=str(library))
    result = subprocess.run([sys.executable, "-c", "import anima"], cwd="/", env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "9.8.7" in result.stderr
