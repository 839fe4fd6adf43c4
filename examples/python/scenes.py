"""The scenes of Recipe 13-2 ("Implementing UIKit Dynamics"), built with `anima`.

Each function builds one view controller's `viewDidLoad` from the chapter's listings: a
320 x 568 pt reference view (a 4-inch iPhone screen in portrait) and 64 x 64 pt image
views: balls, drawn as ellipses, and a star, drawn as its 64 x 64 pt square. The per-scene
scripts (gravity.py, gravity_collision.py, item_properties.py, snap.py, push.py,
spring_attachment.py, bouncing_spring_behavior.py) and demo.py share these builders, so
every program runs exactly the same scene.

One more scene comes from the dynamics chapter's "Building a Dynamic Alert View": the jelly
alert of Listings 6-8 and 6-9 (jelly.py), on the same screen, drawn from its outline
(jelly_shape.py).

Run as a script, this module lists the scenes it builds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import anima

import jelly_shape

Point = Tuple[float, float]

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

#: Snap (Listings 13-19 to 13-21): where the blue ball starts, and the two taps of the programs.
SNAP_BALL_CENTER = (160.0, 52.0)
SNAP_TAPS: Tuple[Point, ...] = ((240.0, 420.0), (70.0, 160.0))
#: Push (Listing 13-23): ball1 (instantaneous push) and ball2 (continuous push), side by side.
PUSH_BALL1_CENTER = (100.0, 500.0)
PUSH_BALL2_CENTER = (220.0, 500.0)
#: Both pushes point up (the listing's -1.57 rad) with magnitude 0.5.
PUSH_ANGLE = -1.57
PUSH_MAGNITUDE = 0.5
#: Spring Attachment (Listings 13-24 to 13-26): the ball and the star image views.
SPRING_BALL_CENTER = (160.0, 150.0)
SPRING_STAR_CENTER = (200.0, 240.0)
STAR_SIZE = (64.0, 64.0)
#: The anchor point: the middle of the view's width, 20 pt from the top.
SPRING_ANCHOR = (REFERENCE_BOUNDS[2] / 2, 20.0)
#: Where the star hangs from the ball: 20 pt left of its center, in its own coordinates.
STAR_ATTACHMENT_OFFSET = (-20.0, 0.0)
#: Both springs: 1 Hz, damping ratio 0.65.
SPRING_FREQUENCY = 1.0
SPRING_DAMPING = 0.65
#: Jelly (Listings 6-8 and 6-9): the 200 x 120 pt alert starts at rest at the top of the screen.
JELLY_SIZE = (200.0, 120.0)
JELLY_CENTER = (REFERENCE_BOUNDS[2] / 2, JELLY_SIZE[1] / 2)
#: The side of the nine hidden grid items (tags 1...9) at the alert's corners, edge midpoints, centre.
JELLY_GRID_SIDE = 10.0
#: The invisible ledge across the screen that the jelly lands on.
LEDGE_Y = 400.0
#: The jelly view's properties read by Listing 6-8 (elasticity: alert / 2, grid items x 2).
JELLY_ELASTICITY = 0.3
JELLY_DENSITY = 1.0
JELLY_DAMPING = 0.5
#: The springs' frequency (Hz). The frequency is that of the pair an attachment ties, so a
#: 10 pt grid item (mass 0.01) tied to the alert (mass 2.4) makes a weak spring: at 4 Hz the
#: skeleton folds under the alert's weight; at 30 Hz it carries it and wobbles (jelly.py).
JELLY_FREQUENCY = 30.0
JELLY_SOFT_FREQUENCY = 4.0
#: Listing 6-8's neighbour table: grid item i (tag i + 1) is tied to tag JELLY_NEXT_TAGS[i] + 1.
JELLY_NEXT_TAGS = (1, 2, 5, 0, 4, 8, 3, 6, 7)


@dataclass
class Scene:
    """One built scene: the animator, its image views by outlet name, its behaviors by role.

    ``balls`` holds every image view of the scene (the star of the spring scenes too).
    ``max_seconds`` is how long a program should let the scene run before giving up on
    rest (per tap in a scene with taps); ``falls_forever`` says the scene has no floor, so it
    never comes to rest. A scene driven by the user has ``tap``, the view controller's tap
    handler (it takes a point and returns the behavior it added), and ``taps``, the points
    that the programs tap one after the other, each once the animator has paused. ``grid``
    holds the hidden items of a scene drawn as a shape built from them (the jelly's nine
    grid items, tags 1...9).
    """

    key: str
    title: str
    listings: str
    animator: Any
    balls: Dict[str, Any]
    behaviors: Dict[str, Any]
    max_seconds: float = 10.0
    falls_forever: bool = False
    taps: Tuple[Point, ...] = ()
    tap: Optional[Callable[[Point], Any]] = None
    grid: Tuple[Any, ...] = ()


#: Each scene's title and the listings it mirrors, by its key.
LISTINGS: Dict[str, Tuple[str, str]] = {
    "gravity": ("Gravity", "Listing 13-10"),
    "gravity_collision": ("Gravity with Collision", "Listings 13-12 to 13-15"),
    "item_properties": ("Item Properties", "Listings 13-17 and 13-18"),
    "snap": ("Snap", "Listings 13-19 to 13-21"),
    "push": ("Push", "Listing 13-23"),
    "spring_attachment": ("Spring Attachment", "Listings 13-25 and 13-26"),
    "jelly": ("Jelly", "Listings 6-8 and 6-9"),
}


def _scene(key: str, animator: Any, balls: Dict[str, Any], behaviors: Dict[str, Any], **options: Any) -> Scene:
    """The built scene ``key``, titled and credited to its listings as ``LISTINGS`` says; ``options``
    are the other fields of `Scene` (``max_seconds``, ``taps`` ...)."""
    title, listings = LISTINGS[key]
    return Scene(key=key, title=title, listings=listings, animator=animator, balls=balls, behaviors=behaviors,
                 **options)


def _ball(animator: Any, center: Tuple[float, float]) -> Any:
    """A 64 x 64 pt ball image view, drawn as an ellipse, at ``center``."""
    return anima.Item(animator, center=center, size=BALL_SIZE, shape="ellipse")


def gravity() -> Scene:
    """Listing 13-10: a gravity behavior on the blue ball; it falls off the screen."""
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    blue_ball = _ball(animator, BALL_CENTER)
    gravity_behavior = anima.Gravity([blue_ball])
    animator.add_behavior(gravity_behavior)
    return _scene("gravity", animator, {"blueBall": blue_ball}, {"gravity": gravity_behavior},
                  max_seconds=1.5, falls_forever=True)


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
    return _scene("gravity_collision", animator, {"blueBall": blue_ball},
                  {"gravity": gravity_behavior, "collision": collision_behavior})


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
    return _scene("item_properties", animator, {"ball1": ball1, "ball2": ball2},
                  {"gravity": gravity_behavior, "collision": collision_behavior, "properties": properties_behavior})


class SnapViewController:
    """Listings 13-19 to 13-21: the blue ball snaps to wherever the user taps.

    ``viewDidLoad`` (Listing 13-20) only makes the animator; the tap handler (Listing 13-21)
    removes every behavior the animator holds, if any, and adds a snap of the ball to the
    tapped point.
    """

    def __init__(self) -> None:
        """The view: the animator over the reference view and the 64 x 64 pt blue ball."""
        self.animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
        self.blue_ball = _ball(self.animator, SNAP_BALL_CENTER)
        self.snap_behavior: Optional[Any] = None

    def handle_tap(self, point: Point) -> Any:
        """Listing 13-21: snap the ball to ``point``; return the new snap behavior."""
        if self.animator.behaviors:
            self.animator.remove_all_behaviors()
            if self.snap_behavior is not None:
                # The removed snap has no owner left; ARC would release it here.
                self.snap_behavior.destroy()
        self.snap_behavior = anima.Snap(self.blue_ball, point)
        self.animator.add_behavior(self.snap_behavior)
        return self.snap_behavior


def snap() -> Scene:
    """Listings 13-19 to 13-21: a ball that snaps to each tap; nothing moves before a tap.

    The programs tap ``SNAP_TAPS`` in turn through ``scene.tap``, each once the animator
    has paused after the previous one.
    """
    controller = SnapViewController()
    return _scene("snap", controller.animator, {"blueBall": controller.blue_ball}, {},
                  max_seconds=3.0, taps=SNAP_TAPS, tap=controller.handle_tap)


def push() -> Scene:
    """Listing 13-23: an instantaneous push on ball1 and a continuous one on ball2, both up.

    Nothing else acts on the balls and nothing stops them: ball1 keeps the speed the push
    gave it (less the implicit resistance), ball2 speeds up, overtakes it and both leave the
    top of the view.
    """
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    ball1 = _ball(animator, PUSH_BALL1_CENTER)
    ball2 = _ball(animator, PUSH_BALL2_CENTER)
    instant_push_behavior = anima.Push([ball1], mode="instantaneous")
    continuous_push_behavior = anima.Push([ball2], mode="continuous")
    instant_push_behavior.angle = PUSH_ANGLE
    continuous_push_behavior.angle = PUSH_ANGLE
    instant_push_behavior.magnitude = PUSH_MAGNITUDE
    continuous_push_behavior.magnitude = PUSH_MAGNITUDE
    animator.add_behavior(instant_push_behavior)
    animator.add_behavior(continuous_push_behavior)
    return _scene("push", animator, {"ball1": ball1, "ball2": ball2},
                  {"instantPush": instant_push_behavior, "continuousPush": continuous_push_behavior}, max_seconds=3.0)


def spring_attachment_view() -> Tuple[Any, Any, Any]:
    """The Spring Attachment view: (animator, ball, star), at rest, with no behavior yet.

    The 64 x 64 pt ball (an ellipse) hangs below the anchor point, the 64 x 64 pt star (its
    square) below and to the right of the ball, as in the storyboard of Listing 13-24.
    """
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    ball = _ball(animator, SPRING_BALL_CENTER)
    star = anima.Item(animator, center=SPRING_STAR_CENTER, size=STAR_SIZE)
    return animator, ball, star


def spring_attachment() -> Scene:
    """Listings 13-25 and 13-26: a ball on a spring from an anchor, a star on a spring from the ball.

    Gravity pulls both down, they collide with each other and with the view's bounds. The
    star hangs from a point 20 pt left of its center, so it spins as it swings. Both springs
    are 1 Hz with damping 0.65; their lengths are the distances at creation. The motion fades
    but does not stop within a minute.
    """
    animator, ball, star = spring_attachment_view()
    gravity_behavior = anima.Gravity([ball, star])
    collision_behavior = anima.Collision([ball, star])
    anchor_point = SPRING_ANCHOR
    ball_attachment_behavior = anima.Attachment(ball, anchor=anchor_point)
    star_attachment_behavior = anima.Attachment(star, to=ball, offset=STAR_ATTACHMENT_OFFSET,
                                                other_offset=(0.0, 0.0))
    collision_behavior.translates_reference_bounds_into_boundary = True
    for spring in (ball_attachment_behavior, star_attachment_behavior):
        spring.frequency = SPRING_FREQUENCY
        spring.damping = SPRING_DAMPING
    animator.add_behavior(ball_attachment_behavior)
    animator.add_behavior(star_attachment_behavior)
    animator.add_behavior(collision_behavior)
    animator.add_behavior(gravity_behavior)
    return _scene("spring_attachment", animator, {"ball": ball, "star": star},
                  {"gravity": gravity_behavior, "collision": collision_behavior,
                   "ballAttachment": ball_attachment_behavior, "starAttachment": star_attachment_behavior},
                  max_seconds=20.0)


def _jelly_attach(item: Any, other: Any, frequency: float, damping: float) -> Any:
    """An attachment between the centres of two items, at their distance now (a spring)."""
    attachment = anima.Attachment(item, to=other)
    attachment.damping = damping
    attachment.frequency = frequency
    return attachment


def jelly(frequency: float = JELLY_FREQUENCY) -> Scene:
    """Listings 6-8 and 6-9: a jelly alert drops onto a ledge, squashes and wobbles back.

    The 200 x 120 pt alert starts at rest at the top of the screen with its nine 10 x 10 pt
    grid items on its corners, edge midpoints and centre (tags 1...9, row by row). Listing
    6-8 gives the alert an item behavior (no rotation, elasticity 0.15, resistance 0.9) and
    each grid item its own (elasticity 0.6, resistance 0.2), ties every grid item to the
    alert's centre and the eight outer ones to each other in a ring (tag table
    ``JELLY_NEXT_TAGS``), all springs of ``frequency`` Hz and damping ratio 0.5. Gravity
    pulls all ten items; a collision behavior holds the grid items only and a boundary
    "ledge" across the screen at y = 400, so the skeleton lands and the alert hangs on it.
    The shape drawn is the outline of ``jelly_shape.jelly_outline(scene.grid)``.
    """
    animator = anima.Animator(reference_bounds=REFERENCE_BOUNDS)
    view = anima.Item(animator, center=JELLY_CENTER, size=JELLY_SIZE)
    grid_size = (JELLY_GRID_SIDE, JELLY_GRID_SIDE)
    grid = tuple(anima.Item(animator, center=center, size=grid_size)
                 for center in jelly_shape.grid_centers(JELLY_CENTER, JELLY_SIZE))

    def view_with_tag(tag: int) -> Any:
        return grid[tag - 1]

    # Listing 6-8, establishDynamics:
    behaviors: Dict[str, Any] = {}
    dynamic = anima.ItemBehavior([view], allows_rotation=False, elasticity=JELLY_ELASTICITY / 2,
                                 density=JELLY_DENSITY, resistance=0.9)
    animator.add_behavior(dynamic)
    behaviors["dynamic"] = dynamic
    for i in range(9):
        grid_view = view_with_tag(i + 1)
        behavior = anima.ItemBehavior([grid_view], elasticity=min(JELLY_ELASTICITY * 2, 1.0),
                                      density=JELLY_DENSITY, resistance=0.2)
        animator.add_behavior(behavior)
        behaviors[f"behavior{i + 1}"] = behavior
        # Attach each grid view to the main jelly view's centre.
        attachment = _jelly_attach(grid_view, view, frequency, JELLY_DAMPING)
        animator.add_behavior(attachment)
        behaviors[f"attachment{i + 1}"] = attachment
        # Attach the views to each other, skipping the centre.
        if i + 1 != 5:
            next_tag = JELLY_NEXT_TAGS[i] + 1
            attachment = _jelly_attach(grid_view, view_with_tag(next_tag), frequency, JELLY_DAMPING)
            animator.add_behavior(attachment)
            behaviors[f"attachment{i + 1}-{next_tag}"] = attachment

    gravity_behavior = anima.Gravity([view, *grid])
    collision_behavior = anima.Collision(grid)
    collision_behavior.add_boundary("ledge", (0.0, LEDGE_Y), (REFERENCE_BOUNDS[2], LEDGE_Y))
    animator.add_behavior(gravity_behavior)
    animator.add_behavior(collision_behavior)
    behaviors["gravity"] = gravity_behavior
    behaviors["collision"] = collision_behavior
    return _scene("jelly", animator, {"alert": view}, behaviors, max_seconds=20.0, grid=grid)


#: Every scene builder, in the chapter's order (then the jelly of the dynamics chapter).
ALL_SCENES: Tuple[Callable[[], Scene], ...] = (
    gravity,
    gravity_with_collision,
    item_properties,
    snap,
    push,
    spring_attachment,
    jelly,
)


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


def format_point(point: Point) -> str:
    """A point as '(x, y)' with one decimal."""
    return f"({point[0]:.1f}, {point[1]:.1f})"


def rest_line(scene: Scene, rest_at: Optional[float]) -> str:
    """How a run that waits for rest ended: 'paused at T s', or 'still running after N s' when the
    animator did not pause (``rest_at`` is None) within ``scene.max_seconds``."""
    return f"paused at {rest_at:.3f} s" if rest_at is not None else f"still running after {scene.max_seconds:.1f} s"


def rest_failures(scene: Scene, rest_at: Optional[float], balls: Dict[str, Any]) -> List[str]:
    """What keeps a scene from having come to rest on the floor: each of ``balls`` (keyed by the
    name a message gives it) whose center is more than 1 pt from ``FLOOR_Y``, and an animator that
    did not pause (``rest_at`` is None) within ``scene.max_seconds``."""
    failures = [f"{name} is not resting on the floor: center y {ball.center[1]:.3f}, expected {FLOOR_Y} +- 1"
                for name, ball in balls.items() if abs(ball.center[1] - FLOOR_Y) > 1.0]
    if rest_at is None:
        failures.append(f"the animator is still running after {scene.max_seconds} s")
    return failures


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
