"""ItemBehavior's Python half (the C half is item_behavior.c): the class's docstring."""

from __future__ import annotations

from ._anima import ItemBehavior
from ._extend import extends


@extends(ItemBehavior)
class _ItemBehavior:
    """Physical properties of its items (UIDynamicItemBehavior). When several item
    behaviors govern one item, the last one in depth-first order wins. Items that
    no item behavior governs keep UIKit's implicit defaults (elasticity 0.2,
    friction 0.2, damping 0.1/s).
    """
