"""What the extension keeps when it is built for CPython's limited API (one abi3 module for 3.11 and later).

The limited API hides a type's fields: the extension names types through `type_name` (Python's own spelling of
them, as `tp_name` was) and finds its module state through a walk over the base classes (as
`PyType_GetModuleByDef` did). These tests pin both down, and pass the same with either build.
"""

import array
import collections

import pytest

import anima


class Tagged(anima.Item):
    """An item subclass defined in Python."""


class Mixin:
    """A plain class before the extension's in the bases."""


class MixedGravity(Mixin, anima.Gravity):
    """A subclass of a behavior kind (itself a subclass of Behavior) with a mixin."""


@pytest.fixture
def scene():
    anim = anima.Animator(reference_bounds=(0, 0, 320, 480))
    item = anima.Item(anim, center=(160, 40), size=(20, 20))
    tagged = Tagged(anim, center=(100, 40), size=(20, 20))
    return anim, item, tagged


@pytest.mark.parametrize("value, name", [
    (None, "NoneType"),                                   # a builtin: its bare name
    (collections.OrderedDict(), "collections.OrderedDict"),  # a static type of a module
    (array.array("d"), "array.array"),                    # a heap type a module made from a spec
    (Tagged, "type"),
])
def test_a_wrong_type_is_named_as_python_names_it(scene, value, name):
    _, item, _ = scene
    with pytest.raises(TypeError, match=f"^alpha must be a real number, not {name}$"):
        item.alpha = value


def test_the_extensions_types_are_named_with_their_module_and_python_classes_without(scene):
    anim, item, tagged = scene
    with pytest.raises(TypeError, match="^behavior must be an anima behavior, not anima.Item$"):
        anim.add_behavior(item)
    with pytest.raises(TypeError, match="^behavior must be an anima behavior, not Tagged$"):
        anim.add_behavior(tagged)
    with pytest.raises(TypeError, match=r"^center must be a sequence of 2 numbers \(x, y\), not Tagged$"):
        item.center = tagged
    with pytest.raises(anima.InvalidStateError, match="^anima.Item.__init__ called on an initialised item$"):
        item.__init__(anim, center=(1, 1), size=(2, 2))
    with pytest.raises(anima.InvalidStateError, match="^Tagged.__init__ called on an initialised item$"):
        tagged.__init__(anim, center=(1, 1), size=(2, 2))


def test_a_wrapper_never_initialised_names_its_class():
    with pytest.raises(anima.StaleHandleError, match="^this anima.Gravity was never initialised$"):
        anima.Gravity.__new__(anima.Gravity).animator
    with pytest.raises(anima.StaleHandleError, match="^this MixedGravity was never initialised$"):
        MixedGravity.__new__(MixedGravity).items


def test_wrapper_with_a_wrong_class_names_both(scene):
    anim, item, _ = scene
    with pytest.raises(TypeError, match="^cls must be anima.Item, anima.Behavior or a subclass, not int$"):
        anim._wrapper(item.id, 5)
    with pytest.raises(anima.InvalidStateError, match="already has a wrapper, of class anima.Item$"):
        anim._wrapper(item.id, Tagged)


def test_subclasses_through_a_mixin_reach_the_module_state(scene):
    anim, item, tagged = scene
    gravity = MixedGravity([item, tagged], magnitude=2.0)
    steps = []
    gravity.action = lambda: steps.append(tagged.center)
    anim.add_behavior(gravity)
    anim.advance(0.25)
    assert gravity.magnitude == 2.0 and gravity.animator is anim
    assert tagged.center[1] > 40 and steps and steps[-1] == tagged.center
    with pytest.raises(TypeError, match="^magnitude must be a real number, not str$"):
        gravity.magnitude = "strong"


def test_callbacks_of_one_and_two_arguments_are_called(scene):
    """on_did_pause gets the animator; an animation's completion is called with (finished, position) underneath."""
    anim, item, _ = scene
    seen = []
    anim.on_did_pause = lambda animator: seen.append(("paused", animator))
    with anim.animate(0.1, completion=lambda finished: seen.append(("finished", finished))):
        item.alpha = 0.5
    for _ in range(120):
        anim.advance(1 / 60)
    assert seen == [("finished", True), ("paused", anim)]
