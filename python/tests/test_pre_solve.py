"""Collision.pre_solve (Box2D v3's pre-solve callback, pymunk's pre_solve): a one-way shelf, a
contact refused outright, an exception in the hook, and the hook detached by a snapshot."""

import pytest

import anima


def shelf_and_ball():
    """A 200 x 10 pt anchored shelf at (160, 300) and a 40 pt ball thrown up at it from (160, 450)
    at 650 pt/s under gravity (1000 pt/s^2): it would rise to y = 239."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    shelf = anima.Item(anim, center=(160, 300), size=(200, 10))
    ball = anima.Item(anim, center=(160, 450), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([shelf], anchored=True))
    anim.add_behavior(anima.ItemBehavior([ball]))
    anim.add_behavior(anima.Gravity([ball]))
    collision = anima.Collision([shelf, ball], translates_reference_bounds_into_boundary=True)
    anim.add_behavior(collision)
    ball.velocity = (0, -650)
    return anim, shelf, ball, collision


def one_way(shelf):
    """Keep the contact only when the ball is above the shelf (the normal from the shelf toward
    the ball points up the screen)."""
    def keep(contact):
        ny = contact.normal[1] if contact.item is shelf else -contact.normal[1]
        return ny < -0.5
    return keep


def test_a_one_way_shelf_lets_the_ball_up_through_and_catches_it_coming_down():
    anim, shelf, ball, collision = shelf_and_ball()
    seen = []
    rule = one_way(shelf)

    def hook(contact):
        seen.append(contact)
        return rule(contact)

    collision.pre_solve = hook
    assert collision.pre_solve is hook
    highest = 450.0
    for _ in range(240):
        anim.advance(1 / 60)
        highest = min(highest, ball.center[1])
    assert seen and isinstance(seen[0], anima.PreSolveContact)
    assert seen[0].collision is collision and {seen[0].item, seen[0].other} == {shelf, ball}
    assert seen[0].point_count in (1, 2) and not seen[0].is_boundary
    assert highest < 245                                  # up through it
    assert ball.center == pytest.approx((160, 275), abs=0.5)   # resting on its top (295) with its radius


def test_without_the_hook_the_shelf_stops_the_ball_from_below():
    anim, _, ball, _ = shelf_and_ball()
    highest = min(ball.center[1] for _ in range(120) if anim.advance(1 / 60) is None)
    assert highest > 324


def test_a_refused_contact_pushes_nothing_and_never_begins():
    anim, _, ball, collision = shelf_and_ball()
    collision.pre_solve = lambda contact: False
    ball.velocity = (0, 0)
    ball.center = (160, 200)
    began = 0
    for _ in range(60):
        anim.advance(1 / 60)
        began += sum(1 for c in anim.began_contacts if c.other is not None)
    assert began == 0
    assert ball.velocity[1] == pytest.approx(1000 * anim.step_count * anim.step_duration, abs=1e-6)


def test_an_exception_keeps_the_contact_and_ends_the_advance():
    anim, _, ball, collision = shelf_and_ball()

    def broken(contact):
        raise RuntimeError("no decision")

    collision.pre_solve = broken
    with pytest.raises(RuntimeError, match="no decision"):
        for _ in range(60):
            anim.advance(1 / 60)
    # the contact was kept: the ball did not pass the shelf's underside
    assert ball.center[1] > 324
    collision.pre_solve = None
    anim.advance(1 / 60)


def test_the_hook_is_detached_by_a_snapshot():
    anim, shelf, _, collision = shelf_and_ball()
    collision.pre_solve = one_way(shelf)
    copy = anima.Animator.restore(anim.snapshot())
    restored = next(b for b in copy.behaviors if isinstance(b, anima.Collision))
    assert ("pre_solve", restored) in copy.detached_callbacks
    restored.pre_solve = one_way(next(i for i in copy.items if i.size == (200, 200) or i.size[0] == 200))
    assert ("pre_solve", restored) not in copy.detached_callbacks
