"""Behavior's methods written in Python (the C half is behavior.c): its constructor, and the repr of every
behavior, which names the properties that show a kind best."""

from __future__ import annotations

from ._anima import Animator, Attachment, Behavior, Collision, Field, Gravity, Item, ItemBehavior, Push, Snap
from ._types import AnimaError
from ._extend import extends, type_name

#: The properties a behavior's repr shows, by kind, and whether it counts the items.
_SHOWN: dict[type, tuple[tuple[str, ...], bool]] = {
    Push: (("mode", "angle", "magnitude", "active"), True),
    Snap: (("point", "damping"), False),
    Field: (("kind", "position", "strength", "region"), True),
}


def describe(behavior: Behavior, shown: tuple[str, ...], counts_items: bool, extra: str = "") -> str:
    """'<anima.Push mode='continuous' angle=0.0 ..., 1 item, 2 children, added>' (extra goes
    after the properties), or '<anima.Push (destroyed)>' once the behavior is gone."""
    try:
        values = " ".join([f"{name}={getattr(behavior, name)!r}" for name in shown] + ([extra] if extra else []))
        items, children, added = len(behavior.items), len(behavior.children), behavior.is_added
    except AnimaError:
        return f"<{type_name(behavior)} (destroyed)>"
    parts = [f"{items} item{'' if items == 1 else 's'}"] if counts_items else []
    if children:
        parts.append(f"{children} child{'' if children == 1 else 'ren'}")
    if added:
        parts.append("added")
    tail = ", ".join(parts)
    if values and tail:
        return f"<{type_name(behavior)} {values}, {tail}>"
    return f"<{type_name(behavior)} {values or tail}>"


#: The kinds that have their own constructor.
_KINDS = (Gravity, Collision, ItemBehavior, Attachment, Push, Snap, Field)


@extends(Behavior)
class _Behavior:
    """A plain behavior (UIDynamicBehavior), and the base class of every behavior:
    Gravity, Collision, ItemBehavior, Attachment, Push, Snap. A behavior belongs
    to one animator and acts while it is in the animator's tree: added with
    Animator.add_behavior(), or a child of a behavior that is.

    A plain behavior does nothing by itself. Give it children (add_child) to make
    a composite behavior, or subclass it and define action(self), which runs
    after every internal step, to make a custom one; while its at_rest is False
    the animator keeps running. A subclass with its own __init__ calls
    super().__init__(animator).
    """

    def __init__(self: Behavior, animator: Animator) -> None:
        """Make a plain behavior of `animator`: a composite (give it children with
        add_child) or, in a subclass that defines action(self), a custom behavior.

            >>> class Wind(anima.Behavior):
            ...     def action(self):
            ...         for item in self.items:
            ...             vx, vy = item.velocity
            ...             item.velocity = (vx + 1.0, vy)
            >>> wind = Wind(anim)
            >>> wind.add_item(ball)
            >>> anim.add_behavior(wind)
        """
        if isinstance(self, _KINDS):
            raise TypeError(f"Behavior.__init__ makes a plain behavior; initialise a {type_name(self)} "
                            "with its own constructor")
        self._create(animator)

    def __repr__(self: Behavior) -> str:
        for kind, (shown, counts_items) in _SHOWN.items():
            if isinstance(self, kind):
                return describe(self, shown, counts_items)
        return describe(self, (), True)
