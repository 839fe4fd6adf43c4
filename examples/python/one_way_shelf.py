"""A shelf an item passes up through and lands on from above, made with a pre-solve hook; the
Python twin of examples/c/one_way_shelf.c (docs/behaviors/collision.md, "Deciding per contact").

    collision.pre_solve = lambda contact: normal_from_shelf(contact)[1] < -0.5

A 200 x 10 pt anchored shelf at (160, 300); three 40 pt balls thrown up at it from y = 450 at
650 pt/s under gravity, which would take them to y = 239. Checks:
  - with the hook, each ball rises through the shelf (above y = 245), falls back and rests on
    its top, its centre at 275 within 0.5 pt;
  - without it, the shelf stops them from below (no centre above 325);
  - a hook that refuses every contact lets a ball fall through in free fall (500 pt/s after
    0.5 s), with no contact began;
  - a snapshot lists the hook as detached ("pre_solve").
Exits 1 if any check fails.
"""

import sys

import anima

import _checks


def scene() -> tuple[anima.Animator, anima.Item, list[anima.Item], anima.Collision]:
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    shelf = anima.Item(animator, center=(160, 300), size=(200, 10))
    balls = [anima.Item(animator, center=(100 + 60 * i, 450), size=(40, 40), shape="ellipse") for i in range(3)]
    animator.add_behavior(anima.ItemBehavior([shelf], anchored=True))
    animator.add_behavior(anima.ItemBehavior(balls))
    animator.add_behavior(anima.Gravity(balls))
    collision = anima.Collision([shelf, *balls], translates_reference_bounds_into_boundary=True)
    animator.add_behavior(collision)
    for ball in balls:
        ball.velocity = (0, -650)
    return animator, shelf, balls, collision


def run(animator: anima.Animator, balls: list[anima.Item], frames: int) -> list[float]:
    """The smallest centre y each ball reached in `frames` frames of 1/60 s."""
    highest = [ball.center[1] for ball in balls]
    for _ in range(frames):
        animator.advance(1 / 60)
        highest = [min(h, ball.center[1]) for h, ball in zip(highest, balls)]
    return highest


def main() -> int:
    check = _checks.Checklist()
    animator, shelf, balls, collision = scene()

    def one_way(contact: anima.PreSolveContact) -> bool:
        up = contact.normal[1] if contact.item is shelf else -contact.normal[1]
        return up < -0.5

    collision.pre_solve = one_way
    highest = run(animator, balls, 240)
    for i, (h, ball) in enumerate(zip(highest, balls)):
        print(f"one-way: ball {i} rose to y = {h:.1f} pt and rests at y = {ball.center[1]:.3f} pt")
        check(h < 245, f"ball {i} rose up through the shelf")
        check(abs(ball.center[1] - 275) < 0.5, f"ball {i} rests on the shelf's top")
    copy = anima.Animator.restore(animator.snapshot())
    check(any(name == "pre_solve" for name, _ in copy.detached_callbacks),
          "the restored animator lists the pre-solve hook to set again")

    animator, shelf, balls, collision = scene()
    highest = run(animator, balls, 120)
    print(f"no hook: the balls rose to y = {', '.join(f'{h:.1f}' for h in highest)} pt")
    check(all(h > 324 for h in highest), "without the hook the shelf stops the balls from below")

    animator, shelf, balls, collision = scene()
    collision.pre_solve = lambda contact: False
    for i, ball in enumerate(balls):
        ball.velocity = (0, 0)
        ball.center = (100 + 60 * i, 200)
    began = 0
    for _ in range(30):
        animator.advance(1 / 60)
        began += sum(1 for c in animator.began_contacts if c.other is not None)
    print(f"refused: after 0.5 s the ball is at y = {balls[0].center[1]:.2f} pt, falling at {balls[0].velocity[1]:.2f} pt/s")
    check(began == 0, "no contact began with the shelf")
    check(abs(balls[0].velocity[1] - 500) < 1e-6, "the ball fell freely through the shelf: v = g t")
    return _checks.conclude(check.failures, lambda: "the balls went up through the shelf and landed on it")


if __name__ == "__main__":
    sys.exit(main())
