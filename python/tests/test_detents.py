"""Detents: resting places along one axis for a value or an item, with drags between them."""

import pickle

import pytest

import anima


def frames(animator, seconds):
    for _ in range(round(seconds * 120)):
        animator.advance(1 / 120)


@pytest.fixture
def animator():
    return anima.Animator(reference_bounds=(0, 0, 320, 568))


SHEET = (100.0, 350.0, 700.0)


def test_detent_lists_and_options_are_checked():
    with pytest.raises(anima.InvalidArgumentError, match="at least one anchor"):
        anima.Detents([])
    with pytest.raises(anima.InvalidArgumentError, match="must increase"):
        anima.Detents([350, 100])
    with pytest.raises(anima.InvalidArgumentError, match="must increase"):
        anima.Detents([100, 100])
    with pytest.raises(anima.InvalidArgumentError, match="finite"):
        anima.Detents([0, float("nan")])
    with pytest.raises(anima.InvalidArgumentError):
        anima.Detents(SHEET, velocity_threshold=-1)
    with pytest.raises(anima.InvalidArgumentError):
        anima.Detents(SHEET, rate=1.5)
    with pytest.raises(anima.InvalidArgumentError):
        anima.Detents(SHEET, rate="slow")
    with pytest.raises(anima.InvalidArgumentError):
        anima.Detents(SHEET, spring=(1, -5, 1))
    with pytest.raises(anima.InvalidArgumentError):
        anima.Detents(SHEET, rubber_band_dimension=-3)
    with pytest.raises(TypeError):
        anima.Detents(SHEET, spring=(1, 2))


def test_the_target_follows_the_projection_and_the_threshold():
    sheet = anima.Detents(SHEET)
    assert sheet.target(400, 0) == (1, 350.0)
    assert sheet.target(500, 200) == (2, 700.0)        # coasts to 599.9
    assert sheet.target(355, 290) == (1, 350.0)        # under the threshold: coasts to 499.9
    assert sheet.target(355, 310) == (2, 700.0)        # over it: always moves on
    assert sheet.target(700, -3000) == (0, 100.0)
    assert anima.Detents(SHEET, velocity_threshold=1000).target(355, 310) == (1, 350.0)
    # the fast rate coasts 0.1 of the velocity: 200 pt/s from 500 rests near 520, nearest medium
    assert anima.Detents(SHEET, rate="fast").target(500, 200) == (1, 350.0)


def test_a_drag_rubber_bands_and_springs_from_the_release_velocity(animator):
    top = anima.Value(animator, 700.0)
    drag = animator.begin_detent_drag(top, anima.Detents(SHEET), at=600, time=0.0)
    for k in range(1, 36):
        drag.move(600 - 20 * k, k / 100)
    band = (1 - 1 / (100 * 0.55 / 600 + 1)) * 600
    assert top.value == pytest.approx(100 - band, abs=1e-9)
    index, anchor, spring = drag.end(0.35)
    assert (index, anchor) == (0, 100.0)
    assert spring.state(top)[1] == pytest.approx(-2000, abs=1)
    assert not drag.is_active
    with pytest.raises(anima.InvalidStateError):
        drag.move(0, 1)
    animator.run_until_rest()
    assert top.value == 100.0 and spring.finished


def test_an_item_axis_and_a_value_component(animator):
    card = anima.Item(animator, center=(160, 700), size=(320, 100))
    index, anchor, animation = animator.settle(card, anima.Detents(SHEET), -1500)
    assert (index, anchor) == (0, 100.0)
    animator.run_until_rest()
    assert card.center == (160.0, 100.0) and animation.finished
    point = anima.Value(animator, (0.0, 500.0))
    drag = animator.begin_detent_drag(point, anima.Detents(SHEET), at=500, time=0, component=1)
    drag.move(420, 0.5)
    assert point.value == (0.0, 420.0)
    drag.end(0.6)
    animator.run_until_rest()
    assert point.value == (0.0, 350.0)


def test_a_new_drag_interrupts_a_settle(animator):
    top = anima.Value(animator, 100.0)
    ended = []
    animator.settle(top, anima.Detents(SHEET), 2500, completion=ended.append)
    frames(animator, 8 / 120)
    caught = top.value
    drag = animator.begin_detent_drag(top, anima.Detents(SHEET), at=0, time=0)
    animator.advance(1 / 120)
    assert top.value == caught and ended == [False]
    drag.move(10, 0.05)
    assert top.value == caught + 10


def test_bad_targets_and_calls_are_refused(animator):
    sheet = anima.Detents(SHEET)
    other = anima.Animator()
    with pytest.raises(TypeError):
        animator.begin_detent_drag(42, sheet, at=0, time=0)
    with pytest.raises(TypeError):
        animator.begin_detent_drag(anima.Value(animator), [100, 200], at=0, time=0)
    with pytest.raises(anima.InvalidArgumentError, match="another animator"):
        animator.begin_detent_drag(anima.Value(other), sheet, at=0, time=0)
    with pytest.raises(anima.InvalidArgumentError, match="component"):
        animator.begin_detent_drag(anima.Value(animator), sheet, at=0, time=0, component=1)
    with pytest.raises(anima.InvalidArgumentError, match="colour"):
        animator.begin_detent_drag(anima.Value(animator, (1, 0, 0), space="oklab"), sheet, at=0, time=0)
    with pytest.raises(anima.InvalidArgumentError, match="axis"):
        animator.begin_detent_drag(anima.Item(animator), sheet, at=0, time=0, axis="z")
    with pytest.raises(anima.InvalidArgumentError, match="finite"):
        animator.begin_detent_drag(anima.Value(animator), sheet, at=float("inf"), time=0)
    v = anima.Value(animator, 300.0)
    drag = animator.begin_detent_drag(v, sheet, at=0, time=0)
    v.destroy()
    with pytest.raises(anima.StaleHandleError):
        drag.move(5, 0.1)
    with pytest.raises(anima.StaleHandleError):
        drag.end(0.2)
    with pytest.raises(anima.InvalidStateError):
        drag.end(0.3)
    with animator.animate(1.0):
        with pytest.raises(anima.InvalidStateError):
            animator.settle(anima.Value(animator), sheet, 0)


def test_a_settle_pickles_mid_flight(animator):
    top = anima.Value(animator, 700.0)
    animator.settle(top, anima.Detents(SHEET), -900)
    frames(animator, 0.05)
    copy = pickle.loads(pickle.dumps(animator))
    frames(animator, 0.3)
    frames(copy, 0.3)
    assert copy.values[0].value == top.value
    assert copy.state_hash() == animator.state_hash()
