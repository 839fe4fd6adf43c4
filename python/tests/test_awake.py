"""Items put to sleep from outside (Box2D's SetAwake): a sleeping item holds still under gravity
until woken, then falls."""

import anima


def test_an_item_put_to_sleep_holds_still_until_woken():
    anim = anima.Animator()
    item = anima.Item(anim, center=(0, 0), velocity=(50, 0))
    anim.add_behavior(anima.Gravity([item]))
    assert item.is_awake
    item.is_awake = False
    assert not item.is_awake and item.velocity == (0, 0)
    anim.advance(1)
    assert item.center == (0, 0) and not anim.is_running
    item.is_awake = True
    assert anim.is_running
    anim.advance(0.5)
    assert item.center[1] > 100
