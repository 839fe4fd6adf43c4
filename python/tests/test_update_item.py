"""Animator.update_item_using_current_state: outside changes of an item reach the dynamics."""

import pytest

import anima


def test_resizing_through_update_item_using_current_state_is_honoured(animator):
    box = anima.Item(animator, center=(160, 500), size=(40, 40))
    animator.add_behavior(anima.Collision([box], translates_reference_bounds_into_boundary=True))
    animator.add_behavior(anima.Gravity([box]))
    assert animator.run_until_rest() is not None
    assert box.center[1] == pytest.approx(568 - 20, abs=0.5)
    box.transform = anima.Transform(scale_x=2, scale_y=2)
    animator.update_item_using_current_state(box)
    assert animator.is_running
    assert animator.run_until_rest() is not None
    # twice the size: it rests 40 pt above the floor and weighs four times as much
    assert box.center[1] == pytest.approx(568 - 40, abs=0.5)
    assert box.mass == pytest.approx(4 * 0.16, rel=1e-12)


def test_update_item_checks_its_argument(animator, ball, other_animator):
    with pytest.raises(TypeError, match="anima.Item"):
        animator.update_item_using_current_state("ball")
    _, foreign, _ = other_animator
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        animator.update_item_using_current_state(foreign)
    ball.destroy()
    with pytest.raises(anima.StaleHandleError):
        animator.update_item_using_current_state(ball)
