"""Animators as values: snapshot bytes, a state digest, pickling and copying.

An animator's engine state travels as the bytes of `Animator.snapshot()` (docs/snapshot.md);
what lives on the Python side travels beside them through pickle's reduce protocol:

- the animator reduces to `_restored(cls, bytes)` with a state of its own `__dict__`, its
  delegate callables, its animations' completions and the behaviors it keeps alive (those with
  an action, a field evaluation or contact callbacks);
- an item or a behavior reduces to `_wrapper(animator, id, cls)`, the object of class `cls`
  with that stable id in the (restored) animator, with a state of its `__dict__` and slots and
  the callables assigned to it.

Pickle's memo makes every reference to one animator, item or behavior come back as one object,
so a graph of user objects that holds them keeps its shape. Classes and functions are pickled
as pickle pickles them (by reference, or by value under cloudpickle); `copy.deepcopy` shares
functions and classes and copies the rest. `copy.copy` of an animator is a deep copy: its
items and behaviors are part of its state, and a copy sharing them would not be a copy.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Optional, Tuple

from ._anima import Animator, Behavior, Collision, Field, Item
from ._extend import extends

# The callables a wrapper holds, by the class declaring them. They are read and written through
# that class's descriptor, so that a subclass's own `action` method does not hide the callable.
_CALLBACKS: Dict[str, type] = {
    "action": Behavior,
    "on_began_contact": Collision,
    "on_ended_contact": Collision,
    "evaluate": Field,
    "pre_solve": Collision,
}


def _slot_names(cls: type) -> list[str]:
    """The instance slots a class and its bases declare (private names mangled)."""
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            names.append(name)
    return names


def _instance_state(obj: Any) -> Optional[Dict[str, Any]]:
    """What a subclass instance holds of its own: its __dict__ and slots, or None."""
    state = dict(getattr(obj, "__dict__", {}))
    for name in _slot_names(type(obj)):
        if hasattr(obj, name):
            state[name] = getattr(obj, name)
    return state or None


def _set_instance_state(obj: Any, state: Optional[Dict[str, Any]]) -> None:
    slots = set(_slot_names(type(obj)))
    for name, value in (state or {}).items():
        if name in slots:
            object.__setattr__(obj, name, value)
        else:
            obj.__dict__[name] = value


def _restored(cls: type, data: bytes) -> Animator:
    """The animator of class `cls` restored from snapshot bytes (pickle's constructor)."""
    return cls.restore(data)  # type: ignore[attr-defined, no-any-return]


def _wrapper(animator: Animator, id: int, cls: type) -> Any:
    """The object of class `cls` for the item or behavior `id` of `animator` (pickle's constructor)."""
    return animator._wrapper(id, cls)  # type: ignore[attr-defined]


#: The names of the callbacks a restored animator lists as detached, by anima_callback_kind.
_DETACHED = ("on_will_resume", "on_did_pause", "step", "action", "on_began_contact", "on_ended_contact", "evaluate",
             "completion", "user_data", "pre_solve")


@extends(Animator)
class _AnimatorValue:
    @classmethod
    def restore(cls: type[Animator], data: Any, /) -> Animator:
        """A new animator (of this class, without calling __init__) from the bytes of
        snapshot(), made here or by the C interface. Items and behaviors keep their
        ids (find_item, find_behavior); Python callbacks are not in the bytes, and
        detached_callbacks lists those that were set. Raises InvalidArgumentError naming
        the fault for truncated or corrupted bytes (CRC-32 mismatch), bytes that are
        no snapshot, or a snapshot of a newer format version."""
        animator = Animator.__new__(cls)
        animator._restore(data)  # type: ignore[attr-defined]
        return animator

    @property
    def detached_callbacks(self: Animator) -> tuple[tuple[str, Any], ...]:
        """The callbacks set when the snapshot this animator was restored from was made and not
        set again since, as (name, owner) pairs: the attribute to set ('action',
        'on_began_contact', 'evaluate', 'on_did_pause', ...) and its Item, Behavior,
        animation id or this animator, and ('on_change', value) for an anima.Value. Empty for an
        animator not restored, and after unpickling."""
        detached = self._detached  # type: ignore[attr-defined]
        return (tuple((_DETACHED[kind] if 0 <= kind < len(_DETACHED) else "unknown", owner) for kind, owner in detached)
                + tuple(("on_change", value) for value in self._detached_values))  # type: ignore[attr-defined]

    def find_item(self: Animator, id: int) -> Item:
        """The live item of this animator whose `Item.id` is `id` (the id of an item here, or of
        the item in the animator this one was restored or copied from). NotFoundError if none."""
        return _wrapper(self, id, Item)  # type: ignore[no-any-return]

    def find_behavior(self: Animator, id: int) -> Behavior:
        """The behavior of this animator whose `Behavior.id` is `id`, as find_item(). NotFoundError if none."""
        return _wrapper(self, id, Behavior)  # type: ignore[no-any-return]

    def __reduce__(self: Animator) -> Tuple[Any, ...]:
        # the behaviors the animator keeps for their actions, evaluations and contact callbacks
        held = {behavior.id: behavior for behavior in (self._held or {}).values()}  # type: ignore[attr-defined]
        state = {
            "instance": _instance_state(self),
            "on_will_resume": self.on_will_resume,
            "on_did_pause": self.on_did_pause,
            "completions": dict(self._completions or {}),  # type: ignore[attr-defined]
            "held": [held[key] for key in sorted(held)],
            "value_callbacks": [(value, value.on_change) for value in self.values if value.on_change is not None],
        }
        return (_restored, (type(self), self.snapshot()), state)

    def __setstate__(self: Animator, state: Dict[str, Any]) -> None:
        # The held behaviors were rebuilt, with their callables, before this runs.
        _set_instance_state(self, state["instance"])
        self.on_will_resume = state["on_will_resume"]
        self.on_did_pause = state["on_did_pause"]
        for animation, completion in state["completions"].items():
            self._set_completion(animation, completion)  # type: ignore[attr-defined]
        for value, on_change in state.get("value_callbacks", ()):
            value.on_change = on_change

    def __copy__(self: Animator) -> Animator:
        return copy.deepcopy(self)


class _WrapperValue:
    def __reduce__(self: Any) -> Tuple[Any, ...]:
        callbacks = {name: declared.__dict__[name].__get__(self) for name, declared in _CALLBACKS.items()
                     if isinstance(self, declared)}
        callbacks = {name: value for name, value in callbacks.items() if value is not None}
        return (_wrapper, (self.animator, self.id, type(self)), (_instance_state(self), callbacks))

    def __setstate__(self: Any, state: Tuple[Optional[Dict[str, Any]], Dict[str, Any]]) -> None:
        instance, callbacks = state
        _set_instance_state(self, instance)
        for name, value in callbacks.items():
            _CALLBACKS[name].__dict__[name].__set__(self, value)


extends(Item)(_WrapperValue)
extends(Behavior)(_WrapperValue)
