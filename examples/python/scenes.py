"""The scenes of Recipe 13-2 ("Implementing UIKit Dynamics"), built with `anima`.

Each function builds one view controller's `viewDidLoad` from the chapter's listings: a
320 x 568 pt reference view (a 4-inch iPhone screen in portrait) and 64 x 64 pt balls,
drawn as ellipses. The balls sit just under a 64 pt navigation bar, as in the storyboard.
The per-scene scripts (gravity.py, gravity_collision.py, item_properties.py) and demo.py
share these builders, so every program runs exactly the same scene.

Run as a script, this module lists the scenes it builds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import anima

#: The reference view's bounds (x, y, width, height) in points: the whole 4-inch screen.
REFERENCE_BOUNDS = (0.0, 0.0, 320.0, 568.0)
#: The size of the chapter's Ball.png image view, in points.
BALL_SIZE = (64.0, 64.0)
#: Center of the single ball of the Gravity scenes: centered, just below the navigation bar.
BALL_CENTER = (160.0, 100.0)
#: Centers of ball1 (left) and ball2 (right) of the Item Properties scene, side by side.
BALL1_CENTER = (80.0, 100.0)
BALL2_CENTER = (240.0, 100.0)
#: Where a ball's center rests when the ball lies on the bottom edge of the reference view.
FLOOR_Y = REFERENCE_BOUNDS[1] + REFERENCE_BOUNDS[3] - BALL_SIZE[1] / 2
#: Gravity magnitude 1.0 accelerates every item at 1000 pt/s^2, downward by default.
GRAVITY_ACCELERATION = 1000.0
#: Linear resistance (1/s) of an item that no item behavior governs (docs/units.md).
IMPLICIT_RESISTANCE = 0.1


@dataclass
class Scene:
    """One built scene: the animator, its balls by outlet name, its behaviors by role.

    ``max_seconds`` is how long a program should let the scene run before giving up on
    rest; ``falls_forever`` says the scene has no floor, so it never comes to rest.
    """

    key: str
    title: str
    listings: str
    animator: Any
    balls: Dict[str, Any]
    behaviors: Dict[str, Any]
    max_seconds: float = 10.0
    falls_forever: bool = False


def _ball(animator: Any, center: Tuple[float, float]) -> Any:
    """A 64 x 64 pt ball image view, drawn as an ellipse, at ``center``."""
    return anima.Item(animator, center=center, size=BALL_SIZE, shape="ellipse")


def gravity() -> Scene:
    """Listing 13-10: a gravity behavior on the blue ball; it falls off the screen."""
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    blue_ball = _ball(animator, BALL_CENTER)
    gravity_behavior = anima.Gravity([blue_ball])
    animator.add_behavior(gravity_behavior)
    return Scene(
        key="gravity",
        title="Gravity",
        listings="Listing 13-10",
        animator=animator,
        balls={"blueBall": blue_ball},
        behaviors={"gravity": gravity_behavior},
        max_seconds=1.5,
        falls_forever=True,
    )


def gravity_with_collision(with_delegate: bool = True) -> Scene:
    """Listings 13-12 to 13-15: gravity plus a collision with the reference bounds.

    With ``with_delegate`` (Listings 13-14 and 13-15) the collision's delegate makes the
    ball opaque (alpha 1.0) when a contact begins and half transparent (0.5) when it ends,
    so the ball is translucent while it is in the air after the first bounce and opaque
    once it settles on the floor.
    """
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    blue_ball = _ball(animator, BALL_CENTER)
    gravity_behavior = anima.Gravity([blue_ball])
    collision_behavior = anima.Collision([blue_ball])
    collision_behavior.translates_reference_bounds_into_boundary = True
    if with_delegate:
        collision_behavior.on_began_contact = _set_alpha(blue_ball, 1.0)
        collision_behavior.on_ended_contact = _set_alpha(blue_ball, 0.5)
    animator.add_behavior(gravity_behavior)
    animator.add_behavior(collision_behavior)
    return Scene(
        key="gravity_collision",
        title="Gravity with Collision",
        listings="Listings 13-12 to 13-15",
        animator=animator,
        balls={"blueBall": blue_ball},
        behaviors={"gravity": gravity_behavior, "collision": collision_behavior},
    )


def _set_alpha(ball: Any, alpha: float) -> Callable[[Any], None]:
    """A collision-delegate callback that sets ``ball.alpha`` (Listing 13-15)."""

    def callback(event: Any) -> None:
        ball.alpha = alpha

    return callback


def item_properties() -> Scene:
    """Listings 13-17 and 13-18: two balls fall side by side; ball2 has elasticity 0.75.

    ball1 keeps the implicit body properties (it bounces a little before it settles),
    ball2 is governed by an item behavior with elasticity 0.75 (it bounces higher and more
    often). The item behavior is added first, as in the listing.
    """
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    ball1 = _ball(animator, BALL1_CENTER)
    ball2 = _ball(animator, BALL2_CENTER)
    gravity_behavior = anima.Gravity([ball1, ball2])
    collision_behavior = anima.Collision([ball1, ball2])
    properties_behavior = anima.ItemBehavior([ball2])
    properties_behavior.elasticity = 0.75
    collision_behavior.translates_reference_bounds_into_boundary = True
    animator.add_behavior(properties_behavior)
    animator.add_behavior(gravity_behavior)
    animator.add_behavior(collision_behavior)
    return Scene(
        key="item_properties",
        title="Item Properties",
        listings="Listings 13-17 and 13-18",
        animator=animator,
        balls={"ball1": ball1, "ball2": ball2},
        behaviors={
            "gravity": gravity_behavior,
            "collision": collision_behavior,
            "properties": properties_behavior,
        },
    )


#: Every scene builder, in the chapter's order.
ALL_SCENES: Tuple[Callable[[], Scene], ...] = (gravity, gravity_with_collision, item_properties)


def free_fall_distance(seconds: float, resistance: float = 0.0) -> float:
    """Distance (pt) fallen from rest in ``seconds`` under gravity magnitude 1.

    Without resistance this is 1000/2 t^2. With a linear resistance ``c`` (1/s), the
    velocity follows dv/dt = g - c v, so the distance is g/c t - g/c^2 (1 - exp(-c t)).
    """
    g = GRAVITY_ACCELERATION
    if resistance == 0.0:
        return 0.5 * g * seconds * seconds
    c = resistance
    return g / c * seconds - g / (c * c) * (1.0 - math.exp(-c * seconds))


def format_point(point: Tuple[float, float]) -> str:
    """A point as '(x, y)' with one decimal."""
    return f"({point[0]:.1f}, {point[1]:.1f})"


def main(argv: Optional[List[str]] = None) -> int:
    """List the scenes and the listings they mirror."""
    for build in ALL_SCENES:
        scene = build()
        balls = ", ".join(f"{name} at {format_point(ball.center)}" for name, ball in scene.balls.items())
        print(f"{scene.key}: {scene.title} ({scene.listings}); {balls}")
        scene.animator.destroy()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
