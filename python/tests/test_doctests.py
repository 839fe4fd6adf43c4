"""The examples in the package's docstrings run, as doctests, and show what they say.

Every module of the installed package is searched (`doctest.DocTestFinder`), and so is every
attribute of the extension's types: the methods and properties the extension defines in C and
those the package's modules install on them (anima/_extend.py), whose docstrings the finder
does not reach from their modules. An example may use, without making them, the names of a small
scene: `anim` (an animator over a 320 x 480 pt screen) with the items `ball`, `star`, `square`,
`frame` and `panel`, `walls` (a collision of ball and star with the screen's edges) and
`animator` (the same animator as `anim`), besides `anima`, `math` and `np`. Each docstring runs
in a scene of its own.
"""

import doctest
import inspect
import math
import pkgutil
import types

import numpy as np
import pytest

import anima


def scene():
    """The names an example may use without making them."""
    anim = anima.Animator((0, 0, 320, 480))
    ball = anima.Item(anim, center=(160, 40), size=(40, 40), shape="ellipse")
    star = anima.Item(anim, center=(100, 120), size=(30, 30))
    square = anima.Item(anim, center=(160, 240), size=(60, 60))
    frame = anima.Item(anim, center=(100, 320), size=(200, 20))
    panel = anima.Item(anim, center=(100, 380), size=(20, 100))
    walls = anima.Collision([ball, star], translates_reference_bounds_into_boundary=True)
    return {"anima": anima, "math": math, "np": np, "anim": anim, "animator": anim, "ball": ball, "star": star,
            "square": square, "frame": frame, "panel": panel, "walls": walls}


def package_modules():
    """The package and every module below it, the extension included."""
    found = [anima]
    for info in pkgutil.walk_packages(anima.__path__, "anima."):
        found.append(__import__(info.name, fromlist=["_"]))
    return found


def extension_types():
    """The classes of the extension (anima.Animator, anima.Item, the behaviors)."""
    return [value for value in vars(anima._anima).values() if isinstance(value, type)]


def docstring_tests():
    """A DocTest for every docstring that holds an example, once each."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    parser = doctest.DocTestParser()
    tests, seen = [], set()

    def keep(test):
        if test.examples and test.docstring not in seen:
            seen.add(test.docstring)
            tests.append(test)

    for module in package_modules():
        for test in finder.find(module, module.__name__):
            keep(test)
    for cls in extension_types():
        owner = f"{cls.__module__}.{cls.__qualname__}"
        for name, value in vars(cls).items():
            function = getattr(value, "__func__", value)  # a classmethod's or staticmethod's function
            docstring = inspect.getdoc(function) if not isinstance(function, str) else None
            if docstring and ">>>" in docstring:
                keep(parser.get_doctest(docstring, {}, f"{owner}.{name}", None, None))
    return tests


TESTS = docstring_tests()


def source_prompts():
    """How many examples (lines that start with >>>) the package's Python sources hold."""
    count = 0
    for module in package_modules():
        try:
            source = inspect.getsource(module)
        except (OSError, TypeError):  # the extension has no Python source
            continue
        count += sum(1 for line in source.splitlines() if line.lstrip().startswith(">>>"))
    return count


#: The descriptors and functions whose docstrings the extension writes in C.
C_OBJECTS = (types.MethodDescriptorType, types.GetSetDescriptorType, types.MemberDescriptorType,
             types.ClassMethodDescriptorType, types.WrapperDescriptorType, types.BuiltinFunctionType)


def c_prompts():
    """How many examples the extension's C docstrings hold (its types' methods and properties, its functions)."""
    objects = [value for cls in extension_types() for value in vars(cls).values()] + list(vars(anima._anima).values())
    return sum(1 for value in objects if isinstance(value, C_OBJECTS)
               for line in (value.__doc__ or "").splitlines() if line.lstrip().startswith(">>>"))


def test_every_example_of_the_docstrings_is_found_once():
    found = sum(len(test.examples) for test in TESTS)
    in_python, in_c = source_prompts(), c_prompts()
    print(f"{found} examples in {len(TESTS)} docstrings: {in_python} in the Python sources, {in_c} in C")
    assert in_python > 0 and in_c > 0
    assert found == in_python + in_c


@pytest.mark.parametrize("test", TESTS, ids=[test.name for test in TESTS])
def test_the_example_shows_what_it_says(test):
    test.globs = scene()
    output = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    try:
        result = runner.run(test, out=output.append, clear_globs=False)
    finally:
        widget = test.globs.get("widget")
        if widget is not None and hasattr(widget, "close"):
            widget.close()
        test.globs.clear()
    assert result.attempted == len(test.examples) > 0
    assert result.failed == 0, "".join(output)
