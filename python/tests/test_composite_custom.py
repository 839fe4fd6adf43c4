"""Plain behaviors: composites (children), custom behaviors (action, at_rest), bad trees."""

import gc
import math
import weakref

import pytest

import anima


class Boom(Exception):
    pass


class BouncingSpringBehavior(anima.Behavior):
    """A ball hung from an anchor on a spring, with a second item hung from the ball:
    gravity, collision with the reference bounds and two springs, as children."""

    def __init__(self, items, anchor):
        ball, star = items
        super().__init__(ball.animator)
        self.gravity = anima.Gravity(items)
        self.collision = anima.Collision(items, translates_reference_bounds_into_boundary=True)
        self.ball_spring = anima.Attachment(ball, anchor, frequency=1.0, damping=0.65)
        self.star_spring = anima.Attachment(star, to=ball, offset=(-20, 0), frequency=1.0, damping=0.65)
        for child in (self.gravity, self.collision, self.ball_spring, self.star_spring):
            self.add_child(child)


class ResizableBehavior(anima.Behavior):
    """Pulses an item's scale as 1 + 0.5 sin(2 pi t) e^(-2 t), then stops after 1.5 s."""

    def __init__(self, item):
        super().__init__(item.animator)
        self.item = item
        self.clock = 0.0
        self.calls = 0
        self.largest_scale = 1.0
        self.at_rest = False

    def action(self):
        self.calls += 1
        self.clock += self.animator.step_duration
        t = self.clock
        scale = 1 + 0.5 * math.sin(2 * math.pi * t) * math.exp(-2 * t)
        self.largest_scale = max(self.largest_scale, scale)
        self.item.transform = anima.Transform(scale_x=scale, scale_y=scale)
        if t > 1.5:
            self.item.transform = anima.Transform()
            self.at_rest = True


# -------------------------------------------------------------- composite


def test_composite_behavior_acts_through_its_children(animator):
    ball = anima.Item(animator, center=(160, 150), size=(64, 64), shape="ellipse")
    star = anima.Item(animator, center=(160, 250), size=(64, 64))
    composite = BouncingSpringBehavior([ball, star], (160, 20))
    animator.add_behavior(composite)
    assert animator.behaviors == (composite,)
    assert composite.children == (composite.gravity, composite.collision, composite.ball_spring,
                                  composite.star_spring)
    assert all(child.parent is composite and child.is_added for child in composite.children)

    def speed():
        return math.hypot(*ball.velocity) + math.hypot(*star.velocity)

    early = late = 0.0
    for frame in range(40 * 60):
        animator.advance(1 / 60)
        if frame < 10 * 60:
            early = max(early, speed())
        if frame >= 30 * 60:
            late = max(late, speed())
    # the springs' damping ends the bouncing along them; the sideways swing fades slowly
    assert late < 0.5 * early, f"motion fades: {early:.1f} -> {late:.1f} pt/s"
    assert star.center[1] > ball.center[1] + 20
    assert abs(ball.center[1] - 20 - 130) < 80
    animator.remove_behavior(composite)
    assert not composite.collision.is_added
    assert composite.collision.parent is composite


def test_children_act_only_while_the_parent_is_in_the_tree(animator, ball):
    parent = anima.Behavior(animator)
    gravity = anima.Gravity([ball])
    parent.add_child(gravity)
    assert not gravity.is_added
    animator.advance(0.25)
    assert ball.center == (160.0, 100.0)
    animator.add_behavior(parent)
    assert gravity.is_added and gravity not in animator.behaviors
    animator.advance(0.25)
    assert ball.center[1] > 100


def test_children_are_kept_in_order_and_know_their_parent(animator, ball):
    parent = anima.Behavior(animator)
    gravity, push, snap = anima.Gravity([ball]), anima.Push([ball]), anima.Snap(ball, (0, 0))
    for child in (snap, gravity, push, gravity):
        parent.add_child(child)
    assert parent.children == (snap, gravity, push)
    assert parent.children[0] is snap
    assert parent.parent is None
    assert gravity.parent is parent
    parent.remove_child(gravity)
    parent.remove_child(gravity)
    assert parent.children == (snap, push)
    assert gravity.parent is None


def test_grandchildren_are_in_the_tree(animator, ball):
    top, middle = anima.Behavior(animator), anima.Behavior(animator)
    gravity = anima.Gravity([ball])
    middle.add_child(gravity)
    top.add_child(middle)
    animator.add_behavior(top)
    assert gravity.is_added and gravity.parent.parent is top
    animator.advance(0.2)
    assert ball.center[1] > 100
    assert repr(top) == "<anima.Behavior 0 items, 1 child, added>"


def test_children_come_back_with_their_own_types(animator, ball):
    parent = anima.Behavior(animator)
    for child in (anima.Push([ball]), anima.Snap(ball, (0, 0)), anima.Behavior(animator), anima.Gravity([ball])):
        parent.add_child(child)
    gc.collect()
    assert [type(child) for child in parent.children] == [anima.Push, anima.Snap, anima.Behavior, anima.Gravity]
    assert all(child.parent == parent for child in parent.children)


def test_a_child_can_move_to_another_parent_once_removed(animator):
    first, second, child = (anima.Behavior(animator) for _ in range(3))
    first.add_child(child)
    first.remove_child(child)
    second.add_child(child)
    assert child.parent is second
    second.remove_child(child)
    animator.add_behavior(child)
    assert child.is_added and child.parent is None


def test_destroying_a_parent_leaves_its_children(animator, ball):
    parent, gravity = anima.Behavior(animator), anima.Gravity([ball])
    parent.add_child(gravity)
    animator.add_behavior(parent)
    parent.destroy()
    assert gravity.is_valid and not gravity.is_added
    assert gravity.parent is None
    assert animator.behaviors == ()


# ----------------------------------------------------------------- custom


def test_custom_behavior_keeps_the_animator_running_until_it_says_it_is_at_rest(animator):
    view = anima.Item(animator, center=(160, 284), size=(100, 100))
    resizable = ResizableBehavior(view)
    animator.add_behavior(resizable)
    animator.advance(1.0)
    assert animator.is_running
    assert 1.3 < resizable.largest_scale < 1.35  # the peak 1 + 0.5 sin(2 pi t) e^(-2 t) near t = 0.21 s
    seconds = animator.run_until_rest(max_seconds=5)
    assert seconds is not None
    assert abs(animator.elapsed_time - 1.5) < 0.1, f"paused at {animator.elapsed_time} s"
    assert resizable.calls >= 180
    assert resizable.calls == animator.step_count
    assert view.transform == anima.Transform()
    assert resizable.at_rest is True


def test_at_rest_defaults_to_true_and_false_keeps_an_empty_animator_running(animator):
    waiting = anima.Behavior(animator)
    assert waiting.at_rest is True
    animator.add_behavior(waiting)
    animator.step()  # adding a behavior wakes the animator; with nothing to do it pauses at once
    assert not animator.is_running
    waiting.at_rest = False
    assert animator.is_running
    animator.advance(0.5)
    assert animator.is_running
    waiting.at_rest = True
    animator.advance(1 / 60)
    assert not animator.is_running


def test_assigned_action_runs_after_every_step_and_none_clears_it(animator):
    behavior = anima.Behavior(animator)
    assert behavior.action is None
    calls = []
    behavior.action = lambda: calls.append(animator.step_count)
    assert behavior.action is not None
    behavior.at_rest = False
    animator.add_behavior(behavior)
    animator.advance(0.5)
    assert calls == list(range(1, 61))
    behavior.action = None
    assert behavior.action is None
    animator.advance(0.5)
    assert len(calls) == 60


def test_action_runs_only_while_the_behavior_is_in_the_tree(animator):
    parent, child = anima.Behavior(animator), anima.Behavior(animator)
    calls = []
    child.action = lambda: calls.append(1)
    child.at_rest = False
    parent.add_child(child)
    animator.step()
    assert calls == [] and not animator.is_running
    animator.add_behavior(parent)
    animator.advance(0.1)
    assert len(calls) == 12
    animator.remove_behavior(parent)
    animator.advance(0.1)
    assert len(calls) == 12


def test_any_behavior_subclass_can_define_an_action(animator, ball):
    class CountingGravity(anima.Gravity):
        calls = 0

        def action(self):
            self.calls += 1

    gravity = CountingGravity([ball])
    animator.add_behavior(gravity)
    animator.advance(0.25)
    assert gravity.calls == 30
    assert ball.center[1] > 100


def test_action_reaches_the_users_object_after_the_last_reference_is_dropped(animator):
    seen = []

    class Recorder(anima.Behavior):
        def action(self):
            seen.append(self)

    animator.add_behavior(Recorder(animator))
    gc.collect()
    animator.step()
    animator.step()
    (behavior,) = animator.behaviors
    assert isinstance(behavior, Recorder)
    assert seen == [behavior]  # the animator paused after one step: nothing else moves


def test_action_can_edit_the_behavior_tree(animator, ball):
    extra = anima.Gravity([ball])

    class Editor(anima.Behavior):
        def __init__(self, anim):
            super().__init__(anim)
            self.at_rest = False
            self.calls = 0

        def action(self):
            self.calls += 1
            if self.calls == 2:
                self.add_child(anima.Push([ball], magnitude=0.1))
                animator.add_behavior(extra)
            elif self.calls == 4:
                self.remove_child(self.children[0])
                animator.remove_behavior(extra)
                animator.add_behavior(anima.Snap(ball, (160, 100)))
            elif self.calls == 6:
                animator.remove_behavior(self)
                self.destroy()

    editor = Editor(animator)
    animator.add_behavior(editor)
    for _ in range(8):
        animator.step()
    assert editor.calls == 6
    assert not editor.is_valid
    assert [type(b) for b in animator.behaviors] == [anima.Snap]
    assert ball.center[1] > 100  # the gravity acted for two steps


def test_exception_in_action_stops_advance_and_propagates(animator):
    calls = []

    def action():
        calls.append(animator.step_count)
        if len(calls) == 3:
            raise Boom("third step")

    behavior = anima.Behavior(animator)
    behavior.action = action
    behavior.at_rest = False
    animator.add_behavior(behavior)
    with pytest.raises(Boom, match="third step"):
        animator.advance(1.0)
    assert animator.step_count == 3
    animator.advance(0.1)
    assert animator.step_count == 15
    assert len(calls) == 15


def test_advance_from_inside_an_action_raises_busy_error(animator):
    behavior = anima.Behavior(animator)
    behavior.action = lambda: animator.advance(0.1)
    behavior.at_rest = False
    animator.add_behavior(behavior)
    with pytest.raises(anima.BusyError):
        animator.step()
    behavior.action = None
    animator.step()


def test_destroying_a_behavior_with_an_action_releases_it(animator):
    class Acting(anima.Behavior):
        def action(self):
            pass

    behavior = Acting(animator)
    animator.add_behavior(behavior)
    ref = weakref.ref(behavior)
    behavior.destroy()
    del behavior
    gc.collect()
    assert ref() is None


def test_action_cycles_are_collected():
    anim = anima.Animator()
    behavior = anima.Behavior(anim)
    behavior.action = lambda: (anim, behavior)
    anim.add_behavior(behavior)
    refs = [weakref.ref(anim), weakref.ref(behavior)]
    del anim, behavior
    gc.collect()
    assert all(ref() is None for ref in refs)


def test_destroying_the_animator_drops_actions(animator):
    behavior = anima.Behavior(animator)
    behavior.action = lambda: None
    animator.add_behavior(behavior)
    animator.destroy()
    assert behavior.action is None
    assert not behavior.is_valid


# -------------------------------------------------------------- bad input


def test_a_behavior_cannot_be_its_own_child_or_descendant(animator):
    parent, child, grandchild = (anima.Behavior(animator) for _ in range(3))
    with pytest.raises(anima.InvalidArgumentError, match="descendant"):
        parent.add_child(parent)
    parent.add_child(child)
    child.add_child(grandchild)
    with pytest.raises(anima.InvalidArgumentError, match="descendant"):
        child.add_child(parent)
    with pytest.raises(anima.InvalidArgumentError, match="descendant"):
        grandchild.add_child(parent)
    assert parent.parent is None and parent.children == (child,)


def test_a_behavior_already_in_the_tree_cannot_be_added_again_elsewhere(animator):
    first, second, child, top = (anima.Behavior(animator) for _ in range(4))
    first.add_child(child)
    with pytest.raises(anima.InvalidStateError, match="already in the tree"):
        second.add_child(child)
    with pytest.raises(anima.InvalidStateError, match="child"):
        animator.add_behavior(child)
    animator.add_behavior(top)
    with pytest.raises(anima.InvalidStateError, match="already in the tree"):
        first.add_child(top)
    assert child.parent is first and second.children == () and top.parent is None


def test_a_child_of_another_animator_is_refused(animator, other_animator):
    _, _, foreign = other_animator
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        anima.Behavior(animator).add_child(foreign)


def test_bad_children_and_actions_raise_type_errors(animator):
    behavior = anima.Behavior(animator)
    with pytest.raises(TypeError, match="behavior"):
        behavior.add_child("gravity")
    with pytest.raises(TypeError, match="behavior"):
        behavior.remove_child(None)
    with pytest.raises(TypeError, match="callable"):
        behavior.action = 42
    assert behavior.action is None


def test_plain_behavior_constructor_checks_its_argument(animator):
    with pytest.raises(TypeError):
        anima.Behavior()
    with pytest.raises(TypeError, match="anima.Animator"):
        anima.Behavior("animator")
    behavior = anima.Behavior(animator=animator)
    with pytest.raises(anima.InvalidStateError):
        behavior.__init__(animator)
    gravity = anima.Gravity.__new__(anima.Gravity)
    with pytest.raises(TypeError, match="own constructor"):
        anima.Behavior.__init__(gravity, animator)


def test_an_uninitialised_behavior_raises_stale_handle_error():
    class Forgetful(anima.Behavior):
        def __init__(self):
            pass

    behavior = Forgetful()
    with pytest.raises(anima.StaleHandleError):
        behavior.children
    with pytest.raises(anima.StaleHandleError):
        behavior.parent
    with pytest.raises(anima.StaleHandleError):
        behavior.action = lambda: None
    with pytest.raises(anima.StaleHandleError):
        behavior.at_rest = False


def test_destroyed_behavior_refuses_children(animator):
    parent, child = anima.Behavior(animator), anima.Behavior(animator)
    parent.destroy()
    with pytest.raises(anima.StaleHandleError):
        parent.add_child(child)
    with pytest.raises(anima.StaleHandleError):
        parent.children
