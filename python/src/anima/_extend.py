"""How the package completes the extension's types with methods written in Python.

The extension (`anima._anima`) defines the types, their handles, their properties and the
calls that go straight to the library. What is argument shaping, formatting or a loop over
public calls reads better in Python: those methods live in the package's modules, each named
after the C file of its type (`_animator.py` for animator.c, `_item.py`, `_behavior.py`,
`_gravity.py`, `_item_behavior.py`, `_push.py`, `_snap.py`, `_collision.py`, `_attachment.py`,
`field.py`, `animation.py`, `_gestures.py`, `_snapshot.py`), and are installed on the
extension's types by `extends`, so that each public class stays one type: `help()`,
`isinstance` and subclassing see `anima.Attachment`, not a wrapper around it. A class body's
docstring becomes the type's: the extension keeps only the signature of a constructor it
defines (for `inspect.signature`), and the prose lives here, beside the Python half.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from ._anima import Item
from ._types import InvalidArgumentError

_T = TypeVar("_T", bound=type)


def extends(cls: _T) -> Callable[[type], _T]:
    """Class decorator: the functions, properties and classmethods of the decorated class
    body, and its docstring if it has one, become attributes of `cls`; the decorated name is
    bound to `cls` itself."""

    def install(body: type) -> _T:
        for name, value in vars(body).items():
            if name in ("__module__", "__dict__", "__weakref__", "__qualname__") or (name == "__doc__" and not value):
                continue
            function = getattr(value, "__func__", value)
            if hasattr(function, "__qualname__"):
                function.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, value)
        return cls

    return install


def animator_of(*items: tuple[str, Any]) -> Any:
    """The animator that the (name, item) pairs share; None entries are skipped."""
    animator = None
    first = ""
    for name, item in items:
        if item is None:
            continue
        if not isinstance(item, Item):
            raise TypeError(f"{name} must be an anima.Item, not {type(item).__name__}")
        owner = item.animator
        if animator is None:
            animator, first = owner, name
        elif owner is not animator:
            raise InvalidArgumentError(
                f"{name} belongs to another animator than {first} (an attachment's items must share one)")
    return animator


def type_name(obj: object) -> str:
    """The name a repr gives an object's type: anima.Item, or a subclass's own name."""
    cls = type(obj)
    return f"anima.{cls.__name__}" if cls.__module__ == "anima" else cls.__name__
