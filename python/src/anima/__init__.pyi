"""Type stub of the anima package (the C extension anima._anima and its Python layer)."""

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import IntFlag
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Final, Literal, NamedTuple, Self, SupportsFloat, SupportsIndex, TypeAlias, overload

import numpy as np
from numpy.typing import NDArray
from typing_extensions import Buffer, disjoint_base

__version__: Final[str]
version_info: Final[tuple[int, int, int]]

_Float: TypeAlias = SupportsFloat | SupportsIndex
_Pair: TypeAlias = Sequence[_Float]
_Quad: TypeAlias = Sequence[_Float]
_Shape: TypeAlias = Literal["rectangle", "ellipse", "path", "capsule", "rounded_rectangle"]
_Path: TypeAlias = Sequence[_Pair]
_ModeName: TypeAlias = Literal["items", "boundaries", "everything"]
_AttachmentType: TypeAlias = Literal["anchor", "items", "pin", "fixed", "limit", "sliding"]
_PushMode: TypeAlias = Literal["continuous", "instantaneous"]
_FieldKind: TypeAlias = Literal[
    "linear_gravity",
    "radial_gravity",
    "drag",
    "velocity",
    "vortex",
    "spring",
    "electric",
    "magnetic",
    "noise",
    "turbulence",
    "custom",
]
# A field region as given: None or "infinite" (everywhere), ("rectangle", (width, height)),
# ("circle", radius), or ("inverse", region) for everywhere except that region.
_Region: TypeAlias = (
    Literal["infinite"]
    | None
    | tuple[Literal["rectangle"], _Pair]
    | tuple[Literal["circle"], _Float]
    | tuple[Literal["inverse"], "_Region"]
)
# A field region as read back: "infinite", or a shape, or ("inverse", one of those).
_RegionShape: TypeAlias = (
    Literal["infinite"] | tuple[Literal["rectangle"], tuple[float, float]] | tuple[Literal["circle"], float]
)
_RegionValue: TypeAlias = _RegionShape | tuple[Literal["inverse"], _RegionShape]
# evaluate(position, velocity, mass, charge, dt) -> (fx, fy) in mass x pt/s^2
_Evaluation: TypeAlias = Callable[[tuple[float, float], tuple[float, float], float, float, float], _Pair]
_PathElement: TypeAlias = (
    tuple[Literal["move", "line"], _Pair]
    | tuple[Literal["quad"], _Pair, _Pair]
    | tuple[Literal["cubic"], _Pair, _Pair, _Pair]
    | tuple[Literal["close"]]
)
if sys.version_info >= (3, 12):
    _FloatBuffer: TypeAlias = Buffer
else:
    # Before 3.12 type checkers cannot see the buffer protocol of numpy arrays and the like.
    _FloatBuffer: TypeAlias = object

class AnimaError(Exception): ...
class InvalidArgumentError(AnimaError, ValueError): ...
class StaleHandleError(AnimaError, ReferenceError): ...
class WrongKindError(AnimaError, TypeError): ...
class OutOfMemoryError(AnimaError, MemoryError): ...
class BusyError(AnimaError, RuntimeError): ...
class NotFoundError(AnimaError, KeyError): ...
class InvalidStateError(AnimaError, RuntimeError): ...

class CollisionMode(IntFlag):
    ITEMS = 1
    BOUNDARIES = 2
    EVERYTHING = 3

class RayHit(NamedTuple):
    item: Item
    point: tuple[float, float]
    normal: tuple[float, float]
    fraction: float

class PointHit(NamedTuple):
    item: Item
    point: tuple[float, float]
    distance: float

class Transform(NamedTuple):
    rotation: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    translation_x: float = 0.0
    translation_y: float = 0.0

class ContactEvent:
    __match_args__ = ("collision", "item", "other", "is_boundary", "boundary_identifier", "point")
    def __init__(
        self,
        collision: Collision,
        item: Item,
        other: Item | None,
        is_boundary: bool,
        boundary_identifier: str | None,
        point: tuple[float, float],
    ) -> None: ...
    @property
    def collision(self) -> Collision: ...
    @property
    def item(self) -> Item: ...
    @property
    def other(self) -> Item | None: ...
    @property
    def is_boundary(self) -> bool: ...
    @property
    def boundary_identifier(self) -> str | None: ...
    @property
    def point(self) -> tuple[float, float]: ...

class PreSolveContact:
    __match_args__ = ("collision", "item", "other", "is_boundary", "boundary_identifier", "point", "normal",
                      "separation", "point_count")
    def __init__(
        self,
        collision: Collision,
        item: Item,
        other: Item | None,
        is_boundary: bool,
        boundary_identifier: str | None,
        point: tuple[float, float],
        normal: tuple[float, float],
        separation: float,
        point_count: int,
    ) -> None: ...
    @property
    def collision(self) -> Collision: ...
    @property
    def item(self) -> Item: ...
    @property
    def other(self) -> Item | None: ...
    @property
    def is_boundary(self) -> bool: ...
    @property
    def boundary_identifier(self) -> str | None: ...
    @property
    def point(self) -> tuple[float, float]: ...
    @property
    def normal(self) -> tuple[float, float]: ...
    @property
    def separation(self) -> float: ...
    @property
    def point_count(self) -> int: ...

class SensorEvent:
    __match_args__ = ("sensor", "visitor")
    def __init__(self, sensor: Item, visitor: Item) -> None: ...
    @property
    def sensor(self) -> Item: ...
    @property
    def visitor(self) -> Item: ...

class HitEvent:
    __match_args__ = ("collision", "item", "other", "is_boundary", "boundary_identifier", "point", "normal",
                      "approach_speed", "impulse")
    def __init__(
        self,
        collision: Collision,
        item: Item,
        other: Item | None,
        is_boundary: bool,
        boundary_identifier: str | None,
        point: tuple[float, float],
        normal: tuple[float, float],
        approach_speed: float,
        impulse: float,
    ) -> None: ...
    @property
    def collision(self) -> Collision: ...
    @property
    def item(self) -> Item: ...
    @property
    def other(self) -> Item | None: ...
    @property
    def is_boundary(self) -> bool: ...
    @property
    def boundary_identifier(self) -> str | None: ...
    @property
    def point(self) -> tuple[float, float]: ...
    @property
    def normal(self) -> tuple[float, float]: ...
    @property
    def approach_speed(self) -> float: ...
    @property
    def impulse(self) -> float: ...

_Curve: TypeAlias = str | tuple[_Float, _Float, _Float, _Float] | tuple[str, int] | tuple[str, int, str]

class Timing:
    def __init__(
        self,
        duration: _Float = 0.25,
        *,
        curve: _Curve = "ease_in_out",
        spring: tuple[_Float, _Float, _Float] | None = None,
        damping_ratio: _Float | None = None,
        response: _Float | None = None,
        damping_fraction: _Float = 0.825,
        bounce: _Float | None = None,
        initial_velocity: _Float = 0.0,
    ) -> None: ...
    @property
    def duration(self) -> float: ...
    def progress(self, t: _Float) -> float: ...
    def velocity(self, t: _Float) -> float: ...
    def css_linear(self, max_error: _Float = 0.001) -> tuple[str, float]: ...
    def plot(self, ax: Any = None, samples: int = 200) -> Any: ...

_Position: TypeAlias = Literal["end", "start", "current"]

class Timeline:
    def __init__(self, animator: Animator) -> None: ...
    def __del__(self) -> None: ...
    def __enter__(self) -> Timeline: ...
    def __exit__(self, kind: object, value: object, traceback: object) -> None: ...
    @property
    def duration(self) -> float: ...
    def seek(self, time: _Float) -> None: ...
    def play(self) -> None: ...
    def pause(self) -> None: ...

class Animation:
    def __init__(self, animator: Animator) -> None: ...
    position: _Position | None
    finished: bool | None
    @property
    def is_active(self) -> bool: ...
    @property
    def is_paused(self) -> bool: ...
    @property
    def is_reversed(self) -> bool: ...
    @is_reversed.setter
    def is_reversed(self, reversed: bool) -> None: ...
    @property
    def fraction_complete(self) -> float: ...
    @fraction_complete.setter
    def fraction_complete(self, fraction: _Float) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def continue_animation(self, duration_factor: _Float = 1.0, **timing: object) -> None: ...
    def stop(self, position: _Position = "current") -> None: ...
    def keyframe(
        self,
        start: _Float,
        duration: _Float,
        *,
        kind: Literal["linear", "cubic", "spring", "move"] | None = None,
        curve: _Curve | None = None,
        damping_ratio: _Float | None = None,
    ) -> AbstractContextManager[None]: ...
    def cancel(self) -> None: ...
    @property
    def speed(self) -> float: ...
    @speed.setter
    def speed(self, speed: _Float) -> None: ...
    def add_completion(self, completion: Callable[[bool], object]) -> None: ...
    def add_animations(
        self, delay_factor: _Float = 0.0, completion: Callable[[bool], object] | None = None
    ) -> AbstractContextManager[Animation]: ...
    def state(self, target: Item | Value, property: Literal["center", "size", "transform", "alpha"] | None = None) -> tuple[Any, Any]: ...

@disjoint_base
class Animator:
    def __init__(
        self,
        reference_bounds: _Quad | None = None,
        *,
        step_rate: _Float = 120.0,
        substeps: int = 4,
        rest_speed: _Float = 2.0,
        rest_angular_speed: _Float = 0.035,
        rest_time: _Float = 0.25,
        max_advance: _Float = 60.0,
        workers: int = 1,
        memory_budget: int | None = None,
    ) -> None: ...
    def advance(self, seconds: _Float, /) -> None: ...
    def step(self) -> None: ...
    def run_until_rest(self, max_seconds: _Float = 10.0, frame: _Float = 1 / 60, *, progress: bool = True) -> float | None: ...
    def add_behavior(self, behavior: Behavior) -> None: ...
    def remove_behavior(self, behavior: Behavior) -> None: ...
    def remove_all_behaviors(self) -> None: ...
    def items_in_rect(self, rect: _Quad) -> list[Item]: ...
    def poses(self) -> NDArray[np.float64]: ...
    def _poses_bytes(self) -> bytes: ...
    def display_poses(self) -> NDArray[np.float64]: ...
    def _display_poses_bytes(self) -> bytes: ...
    def copy_poses_into(self, buffer: _FloatBuffer, /) -> int: ...
    def copy_display_poses_into(self, buffer: _FloatBuffer, /) -> int: ...
    def copy_states_into(self, buffer: _FloatBuffer, /) -> int: ...
    def update_item_using_current_state(self, item: Item) -> None: ...
    def item_at(self, point: _Pair) -> Item | None: ...
    def create_group(self, items: Iterable[Item]) -> Item: ...
    def ray_cast(self, start: _Pair, end: _Pair, *, collisions: Iterable[Collision] | None = None) -> list[RayHit]: ...
    def ray_cast_first(self, start: _Pair, end: _Pair, *, collisions: Iterable[Collision] | None = None) -> RayHit | None: ...
    def ray_cast_many(self, rays: Any, *, collisions: Iterable[Collision] | None = None) -> list[RayHit | None]: ...
    def nearest_item(
        self, point: _Pair, max_distance: _Float = ..., *, collisions: Iterable[Collision] | None = None
    ) -> PointHit | None: ...
    def items_overlapping(
        self, *, circle: tuple[_Pair, _Float] | None = None, rect: tuple[_Pair, _Pair, _Float] | None = None,
        polygon: Sequence[_Pair] | None = None, collisions: Iterable[Collision] | None = None
    ) -> list[Item]: ...
    def debug_draw(
        self, *, shapes: bool = True, attachments: bool = True, boundaries: bool = True, contacts: bool = True,
        bounds: bool = False
    ) -> list[tuple[Any, ...]]: ...
    def _debug_draw(self, flags: int) -> list[tuple[Any, ...]]: ...
    def _ray_cast(self, start: _Pair, end: _Pair, collisions: Any) -> list[Any]: ...
    def _ray_cast_closest(self, start: _Pair, end: _Pair, collisions: Any) -> Any: ...
    def _ray_cast_batch(self, rays: Any, collisions: Any) -> list[Any]: ...
    def _nearest_item(self, point: _Pair, max_distance: _Float, collisions: Any) -> Any: ...
    def _items_overlapping(
        self, kind: int, center: _Pair, radius: _Float, size: _Pair, rotation: _Float, points: Any, collisions: Any
    ) -> list[Item]: ...
    def begin_detent_drag(
        self, target: Item | Value, detents: Detents, at: _Float, time: _Float, *, component: int = 0,
        axis: Literal["x", "y"] = "y"
    ) -> DetentDrag: ...
    def settle(
        self, target: Item | Value, detents: Detents, velocity: _Float = 0.0, *, component: int = 0,
        axis: Literal["x", "y"] = "y", completion: Callable[[bool], object] | None = None
    ) -> tuple[int, float, Animation]: ...
    def begin_drag(
        self,
        item: Item,
        point: _Pair,
        time: _Float,
        *,
        frequency: _Float = 0.0,
        damping: _Float = 1.0,
        max_acceleration: _Float = ...,
    ) -> Drag: ...
    def destroy(self) -> None: ...
    def snapshot(self) -> bytes: ...
    @classmethod
    def restore(cls, data: Buffer, /) -> Self: ...
    def state_hash(self) -> int: ...
    def find_item(self, id: int) -> Item: ...
    def find_behavior(self, id: int) -> Behavior: ...
    @property
    def detached_callbacks(self) -> tuple[tuple[str, Animator | Item | Behavior | Value | int], ...]: ...
    @property
    def reduces_motion(self) -> bool: ...
    @reduces_motion.setter
    def reduces_motion(self, reduces_motion: bool) -> None: ...
    @property
    def time_scale(self) -> float: ...
    @time_scale.setter
    def time_scale(self, scale: _Float) -> None: ...
    @property
    def memory_budget(self) -> int | None: ...
    @memory_budget.setter
    def memory_budget(self, bytes: int | None) -> None: ...
    @property
    def _memory_budget(self) -> float: ...
    @_memory_budget.setter
    def _memory_budget(self, bytes: _Float) -> None: ...
    @property
    def memory_held(self) -> int: ...
    @property
    def _memory_held(self) -> float: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: dict[str, Any]) -> None: ...
    def __copy__(self) -> Self: ...
    def animate(
        self,
        duration: _Float = 0.25,
        *,
        delay: _Float = 0.0,
        curve: _Curve = "ease_in_out",
        spring: tuple[_Float, _Float, _Float] | None = None,
        damping_ratio: _Float | None = None,
        response: _Float | None = None,
        damping_fraction: _Float = 0.825,
        bounce: _Float | None = None,
        initial_velocity: _Float = 0.0,
        repeat_count: _Float = 1.0,
        autoreverses: bool = False,
        stagger: _Float = 0.0,
        rest_threshold: _Float | None = None,
        clamp: bool = False,
        scrubs_linearly: bool = True,
        pauses_on_completion: bool = False,
        completion: Callable[[bool], object] | None = None,
    ) -> AbstractContextManager[Animation]: ...
    def animate_keyframes(
        self,
        duration: _Float = 0.25,
        *,
        mode: Literal["linear", "paced", "cubic", "discrete", "cubic_paced"] = "linear",
        curve: _Curve = "linear",
        delay: _Float = 0.0,
        repeat_count: _Float = 1.0,
        autoreverses: bool = False,
        scrubs_linearly: bool = True,
        pauses_on_completion: bool = False,
        completion: Callable[[bool], object] | None = None,
    ) -> AbstractContextManager[Animation]: ...
    def fling(
        self,
        item: Item,
        velocity: Sequence[_Float],
        *,
        property: Literal["center", "size", "transform", "alpha"] = "center",
        rate: Literal["normal", "fast"] | _Float = 0.998,
        time_constant: _Float | None = None,
        snap: _Float | None = None,
        lower: Sequence[_Float | None] | None = None,
        upper: Sequence[_Float | None] | None = None,
        bound_spring: tuple[_Float, _Float, _Float] | None = None,
        rest_distance: _Float = 0.1,
        completion: Callable[[bool], object] | None = None,
    ) -> Animation: ...
    def timeline(self) -> Timeline: ...
    def cancel_all_animations(self) -> None: ...
    @property
    def animation_count(self) -> int: ...
    @property
    def is_recording_animation(self) -> bool: ...
    @property
    def reference_bounds(self) -> tuple[float, float, float, float] | None: ...
    @reference_bounds.setter
    def reference_bounds(self, value: _Quad | None) -> None: ...
    @property
    def is_running(self) -> bool: ...
    @property
    def is_valid(self) -> bool: ...
    @property
    def elapsed_time(self) -> float: ...
    @property
    def step_duration(self) -> float: ...
    @property
    def step_count(self) -> int: ...
    @property
    def display_fraction(self) -> float: ...
    @property
    def workers(self) -> int: ...
    @property
    def items(self) -> tuple[Item, ...]: ...
    @property
    def behaviors(self) -> tuple[Behavior, ...]: ...
    @property
    def values(self) -> tuple[Value, ...]: ...
    @property
    def began_contacts(self) -> list[ContactEvent]: ...
    @property
    def ended_contacts(self) -> list[ContactEvent]: ...
    @property
    def hit_events(self) -> list[HitEvent]: ...
    @property
    def began_sensor_events(self) -> list[SensorEvent]: ...
    @property
    def ended_sensor_events(self) -> list[SensorEvent]: ...
    on_will_resume: Callable[[Self], object] | None
    on_did_pause: Callable[[Self], object] | None

@disjoint_base
class Item:
    def __init__(
        self,
        animator: Animator,
        center: _Pair = (0, 0),
        size: _Pair = (100, 100),
        *,
        shape: _Shape = "rectangle",
        path: _Path | None = None,
        corner_radius: _Float = 0.0,
        rotation: _Float = 0.0,
        scale: _Pair = (1.0, 1.0),
        translation: _Pair = (0.0, 0.0),
        alpha: _Float = 1.0,
        velocity: _Pair = (0.0, 0.0),
        angular_velocity: _Float = 0.0,
    ) -> None: ...
    def destroy(self) -> None: ...
    @property
    def center(self) -> tuple[float, float]: ...
    @center.setter
    def center(self, value: _Pair) -> None: ...
    @property
    def size(self) -> tuple[float, float]: ...
    @size.setter
    def size(self, value: _Pair) -> None: ...
    @property
    def bounds(self) -> tuple[float, float, float, float]: ...
    def animated_velocity(self, property: Literal["center", "size", "transform", "alpha"] = "center") -> Any: ...
    @property
    def transform(self) -> Transform: ...
    @transform.setter
    def transform(self, value: Sequence[_Float]) -> None: ...
    @property
    def rotation(self) -> float: ...
    @property
    def display_center(self) -> tuple[float, float]: ...
    @property
    def display_rotation(self) -> float: ...
    @property
    def alpha(self) -> float: ...
    @alpha.setter
    def alpha(self, value: _Float) -> None: ...
    @property
    def shape(self) -> _Shape: ...
    @shape.setter
    def shape(self, value: _Shape) -> None: ...
    @property
    def corner_radius(self) -> float: ...
    @corner_radius.setter
    def corner_radius(self, value: _Float) -> None: ...
    @property
    def path(self) -> tuple[tuple[float, float], ...] | None: ...
    @path.setter
    def path(self, value: _Path) -> None: ...
    @property
    def velocity(self) -> tuple[float, float]: ...
    @velocity.setter
    def velocity(self, value: _Pair) -> None: ...
    @property
    def angular_velocity(self) -> float: ...
    @angular_velocity.setter
    def angular_velocity(self, value: _Float) -> None: ...
    @property
    def mass(self) -> float: ...
    @property
    def is_sensor(self) -> bool: ...
    @is_sensor.setter
    def is_sensor(self, value: bool) -> None: ...
    @property
    def sensor_visitors(self) -> list[Item]: ...
    @property
    def is_group(self) -> bool: ...
    @property
    def parts(self) -> tuple[Item, ...]: ...
    @property
    def group(self) -> Item | None: ...
    @property
    def part_pose(self) -> tuple[tuple[float, float], float]: ...
    @property
    def is_awake(self) -> bool: ...
    @is_awake.setter
    def is_awake(self, value: bool) -> None: ...
    @property
    def collision_group(self) -> int: ...
    @collision_group.setter
    def collision_group(self, value: int) -> None: ...
    @property
    def is_resting(self) -> bool: ...
    @property
    def is_valid(self) -> bool: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def id(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[dict[str, Any] | None, dict[str, Any]]) -> None: ...

@disjoint_base
class Behavior:
    def __init__(self, animator: Animator) -> None: ...
    def add_item(self, item: Item) -> None: ...
    def remove_item(self, item: Item) -> None: ...
    def add_child(self, behavior: Behavior) -> None: ...
    def remove_child(self, behavior: Behavior) -> None: ...
    def destroy(self) -> None: ...
    @property
    def items(self) -> tuple[Item, ...]: ...
    @property
    def children(self) -> tuple[Behavior, ...]: ...
    @property
    def parent(self) -> Behavior | None: ...
    at_rest: bool
    # A callable assigned to the instance, or a method `def action(self) -> None` of a subclass.
    action: Callable[[], object] | None
    @property
    def animator(self) -> Animator: ...
    @property
    def is_added(self) -> bool: ...
    @property
    def is_valid(self) -> bool: ...
    @property
    def id(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[dict[str, Any] | None, dict[str, Any]]) -> None: ...

class Gravity(Behavior):
    def __init__(
        self,
        items: Iterable[Item],
        *,
        direction: _Pair | None = None,
        angle: _Float | None = None,
        magnitude: _Float | None = None,
        animator: Animator | None = None,
    ) -> None: ...
    def set_angle(self, angle: _Float, magnitude: _Float) -> None: ...
    @property
    def direction(self) -> tuple[float, float]: ...
    @direction.setter
    def direction(self, value: _Pair) -> None: ...
    @property
    def angle(self) -> float: ...
    @angle.setter
    def angle(self, value: _Float) -> None: ...
    @property
    def magnitude(self) -> float: ...
    @magnitude.setter
    def magnitude(self, value: _Float) -> None: ...

class Collision(Behavior):
    def __init__(
        self,
        items: Iterable[Item],
        *,
        mode: _ModeName | CollisionMode | int = "everything",
        translates_reference_bounds_into_boundary: bool = False,
        insets: _Quad = (0, 0, 0, 0),
        animator: Animator | None = None,
    ) -> None: ...
    def set_translates_reference_bounds_into_boundary(self, insets: _Quad = (0, 0, 0, 0)) -> None: ...
    def add_boundary(self, identifier: str, from_point: _Pair, to_point: _Pair) -> None: ...
    def add_boundary_path(self, identifier: str, path: Sequence[_PathElement]) -> None: ...
    def boundary(self, identifier: str) -> list[tuple[float, float]]: ...
    def remove_boundary(self, identifier: str) -> None: ...
    def remove_all_boundaries(self) -> None: ...
    @property
    def mode(self) -> _ModeName: ...
    @mode.setter
    def mode(self, value: _ModeName | CollisionMode | int) -> None: ...
    @property
    def translates_reference_bounds_into_boundary(self) -> bool: ...
    @translates_reference_bounds_into_boundary.setter
    def translates_reference_bounds_into_boundary(self, value: bool) -> None: ...
    @property
    def reference_bounds_insets(self) -> tuple[float, float, float, float]: ...
    @property
    def boundary_identifiers(self) -> tuple[str, ...]: ...
    @property
    def hit_threshold(self) -> float: ...
    @hit_threshold.setter
    def hit_threshold(self, value: _Float) -> None: ...
    on_began_contact: Callable[[ContactEvent], object] | None
    on_ended_contact: Callable[[ContactEvent], object] | None
    pre_solve: Callable[[PreSolveContact], object] | None

class ItemBehavior(Behavior):
    def __init__(
        self,
        items: Iterable[Item],
        *,
        elasticity: _Float = 0.0,
        friction: _Float = 0.0,
        density: _Float = 1.0,
        resistance: _Float = 0.0,
        angular_resistance: _Float = 0.0,
        charge: _Float = 0.0,
        allows_rotation: bool = True,
        anchored: bool = False,
        animator: Animator | None = None,
    ) -> None: ...
    elasticity: float
    friction: float
    density: float
    resistance: float
    angular_resistance: float
    charge: float
    allows_rotation: bool
    anchored: bool
    def add_linear_velocity(self, item: Item, velocity: _Pair) -> None: ...
    def linear_velocity(self, item: Item) -> tuple[float, float]: ...
    def add_angular_velocity(self, item: Item, velocity: _Float) -> None: ...
    def angular_velocity(self, item: Item) -> float: ...

class Attachment(Behavior):
    @overload
    def __init__(
        self,
        item: Item,
        anchor: _Pair,
        *,
        offset: _Pair = (0, 0),
        length: _Float | None = None,
        frequency: _Float = 0.0,
        damping: _Float = 0.0,
    ) -> None: ...
    @overload
    def __init__(
        self,
        item: Item,
        anchor: None = None,
        *,
        to: Item,
        offset: _Pair = (0, 0),
        other_offset: _Pair = (0, 0),
        length: _Float | None = None,
        frequency: _Float = 0.0,
        damping: _Float = 0.0,
    ) -> None: ...
    @classmethod
    def pin(
        cls,
        item: Item,
        other: Item,
        anchor: _Pair,
        *,
        friction_torque: _Float = 0.0,
        motor_speed: _Float = 0.0,
        max_motor_force: _Float = 0.0,
        joint_spring_frequency: _Float = 0.0,
        joint_spring_damping: _Float = 0.0,
        joint_spring_rest: _Float = 0.0,
    ) -> Self: ...
    @classmethod
    def fixed(cls, item: Item, other: Item, anchor: _Pair) -> Self: ...
    @classmethod
    def limit(
        cls, item: Item, other: Item, *, offset: _Pair = (0, 0), other_offset: _Pair = (0, 0), minimum_length: _Float = 0.0
    ) -> Self: ...
    @classmethod
    def sliding(
        cls,
        item: Item,
        anchor: _Pair,
        axis: _Pair,
        *,
        other: Item | None = None,
        motor_speed: _Float = 0.0,
        max_motor_force: _Float = 0.0,
        joint_spring_frequency: _Float = 0.0,
        joint_spring_damping: _Float = 0.0,
        joint_spring_rest: _Float = 0.0,
    ) -> Self: ...
    @property
    def type(self) -> _AttachmentType: ...
    @property
    def anchor_point(self) -> tuple[float, float]: ...
    @anchor_point.setter
    def anchor_point(self, value: _Pair) -> None: ...
    @property
    def offset(self) -> tuple[float, float]: ...
    @property
    def other_offset(self) -> tuple[float, float]: ...
    length: float
    frequency: float
    damping: float
    friction_torque: float
    max_force: float
    minimum_length: float
    motor_speed: float
    max_motor_force: float
    @property
    def motor_force(self) -> float: ...
    joint_spring_frequency: float
    joint_spring_damping: float
    joint_spring_rest: float
    @property
    def range(self) -> tuple[float, float]: ...
    @range.setter
    def range(self, value: _Pair) -> None: ...

class Push(Behavior):
    def __init__(
        self,
        items: Iterable[Item],
        *,
        mode: _PushMode = "continuous",
        angle: _Float = 0.0,
        magnitude: _Float = 0.0,
        active: bool = True,
        animator: Animator | None = None,
    ) -> None: ...
    @property
    def mode(self) -> _PushMode: ...
    @property
    def direction(self) -> tuple[float, float]: ...
    @direction.setter
    def direction(self, value: _Pair) -> None: ...
    @property
    def angle(self) -> float: ...
    @angle.setter
    def angle(self, value: _Float) -> None: ...
    @property
    def magnitude(self) -> float: ...
    @magnitude.setter
    def magnitude(self, value: _Float) -> None: ...
    active: bool
    def set_angle(self, angle: _Float, magnitude: _Float) -> None: ...
    def target_offset(self, item: Item) -> tuple[float, float]: ...
    def set_target_offset(self, item: Item, offset: _Pair) -> None: ...

class Snap(Behavior):
    def __init__(self, item: Item, point: _Pair) -> None: ...
    @property
    def point(self) -> tuple[float, float]: ...
    @point.setter
    def point(self, value: _Pair) -> None: ...
    @property
    def damping(self) -> float: ...
    @damping.setter
    def damping(self, value: _Float) -> None: ...

class Field(Behavior):
    def __init__(
        self,
        kind: _FieldKind,
        items: Iterable[Item],
        *,
        position: _Pair | None = (0, 0),
        region: _Region = None,
        strength: _Float | None = 1.0,
        falloff: _Float | None = None,
        minimum_radius: _Float | None = 0.01,
        direction: _Pair | None = None,
        smoothness: _Float | None = 0.0,
        animation_speed: _Float | None = 0.0,
        evaluate: _Evaluation | None = None,
        animator: Animator | None = None,
    ) -> None: ...
    @classmethod
    def linear_gravity(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 1),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def radial_gravity(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 2.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def drag(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def velocity(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def vortex(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def spring(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = -1.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def electric(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 1.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def magnetic(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 1.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def noise(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def turbulence(
        cls,
        items: Iterable[Item],
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @classmethod
    def custom(
        cls,
        items: Iterable[Item],
        evaluate: _Evaluation | None,
        *,
        position: _Pair = (0, 0),
        region: _Region = None,
        strength: _Float = 1.0,
        falloff: _Float = 0.0,
        minimum_radius: _Float = 0.01,
        direction: _Pair = (0, 0),
        smoothness: _Float = 0.0,
        animation_speed: _Float = 0.0,
        animator: Animator | None = None,
    ) -> Self: ...
    @property
    def kind(self) -> _FieldKind: ...
    @property
    def position(self) -> tuple[float, float]: ...
    @position.setter
    def position(self, value: _Pair) -> None: ...
    @property
    def region(self) -> _RegionValue: ...
    @region.setter
    def region(self, value: _Region) -> None: ...
    strength: float
    falloff: float
    minimum_radius: float
    @property
    def direction(self) -> tuple[float, float]: ...
    @direction.setter
    def direction(self, value: _Pair) -> None: ...
    smoothness: float
    animation_speed: float
    evaluate: _Evaluation | None

# An animated value's components as given (a number, or a sequence of 1 to 4 numbers) and as read
# (a float for one component, a tuple for 2 to 4), and where its components mix.
_Components: TypeAlias = _Float | Sequence[_Float]
_ValueRead: TypeAlias = float | tuple[float, ...]
_ValueSpace: TypeAlias = Literal["components", "srgb", "linear_srgb", "oklab"]

@disjoint_base
class Value:
    def __init__(
        self,
        animator: Animator,
        value: _Components = 0.0,
        *,
        space: _ValueSpace = "components",
        visible_change: _Float | None = None,
        bounds: _Pair | None = None,
    ) -> None: ...
    @property
    def value(self) -> _ValueRead: ...
    @value.setter
    def value(self, value: _Components) -> None: ...
    @property
    def components(self) -> tuple[float, ...]: ...
    @property
    def velocity(self) -> _ValueRead: ...
    @property
    def count(self) -> int: ...
    @property
    def space(self) -> _ValueSpace: ...
    @property
    def bounds(self) -> tuple[float, float]: ...
    # Called as on_change(value, new_value) in every step an animation changed the value.
    on_change: Callable[[Value, _ValueRead], object] | None
    @property
    def is_valid(self) -> bool: ...
    @property
    def animator(self) -> Animator: ...
    def destroy(self) -> None: ...
    def fling(
        self,
        velocity: _Components,
        *,
        completion: Callable[[bool], object] | None = None,
        rate: Literal["normal", "fast"] | _Float = 0.998,
        time_constant: _Float | None = None,
        snap: _Float | None = None,
        lower: _Float | Sequence[_Float | None] | None = None,
        upper: _Float | Sequence[_Float | None] | None = None,
        bound_spring: tuple[_Float, _Float, _Float] | None = None,
        rest_distance: _Float = 0.1,
    ) -> Animation: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def read_values(values: Iterable[Value]) -> NDArray[np.float64]: ...

class VelocityTracker:
    def __init__(self) -> None: ...
    def add(self, time: _Float, point: _Pair) -> None: ...
    def velocity(self, time: _Float | None = None) -> tuple[float, float]: ...
    def reset(self) -> None: ...
    @property
    def samples(self) -> tuple[tuple[float, float, float], ...]: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: Buffer) -> None: ...

class Drag:
    def __init__(self, item: Item, attachment: Attachment) -> None: ...
    @property
    def item(self) -> Item: ...
    @property
    def attachment(self) -> Attachment: ...
    @property
    def is_active(self) -> bool: ...
    def move(self, point: _Pair, time: _Float) -> None: ...
    def end(self, time: _Float) -> tuple[float, float]: ...

def project_momentum(
    position: _Pair, velocity: _Pair, rate: Literal["normal", "fast"] | _Float = 0.998
) -> tuple[float, float]: ...
class Detents:
    anchors: tuple[float, ...]
    velocity_threshold: float
    rate: float
    spring: tuple[float, float, float]
    rubber_band_dimension: float | None
    rubber_band_constant: float
    def __init__(
        self,
        anchors: Sequence[_Float],
        *,
        velocity_threshold: _Float = 300.0,
        rate: Literal["normal", "fast"] | _Float = "normal",
        spring: tuple[_Float, _Float, _Float] = (1.0, 1500.0, 77.45966692414834),
        rubber_band_dimension: _Float | None = None,
        rubber_band_constant: _Float = 0.55,
    ) -> None: ...
    def target(self, position: _Float, velocity: _Float) -> tuple[int, float]: ...

class DetentDrag:
    target: Item | Value
    detents: Detents
    def __init__(self, animator: Animator, drag_id: int, target: Item | Value, detents: Detents) -> None: ...
    @property
    def is_active(self) -> bool: ...
    def move(self, coordinate: _Float, time: _Float) -> None: ...
    def end(self, time: _Float, completion: Callable[[bool], object] | None = None) -> tuple[int, float, Animation]: ...

def rubber_band(offset: _Float, dimension: _Float, c: _Float = 0.55) -> float: ...
def rubber_band_clamp(value: _Float, lower: _Float, upper: _Float, dimension: _Float, c: _Float = 0.55) -> float: ...

from .player import Player as Player, show as show
from .recording import Recording as _Recording
import anywidget as _anywidget
from traitlets import MetaHasTraits as _MetaHasTraits

# anima.live: a scene running in a notebook. At run time LiveWidget is also an ipywidgets
# DOMWidget (an anywidget.AnyWidget), made at first use so that `import anima` does not load
# ipywidgets; the stub declares what anima adds.
_Control: TypeAlias = tuple[Any, str, tuple[_Float, _Float]] | tuple[Any, str, tuple[_Float, _Float], _Float]

class LiveWidget(_anywidget.AnyWidget, metaclass=_MetaHasTraits):
    on_tap: Callable[[tuple[float, float]], Any] | None
    def __init__(
        self,
        animator: Animator,
        *,
        controls: Mapping[str, _Control] | None = None,
        width: float | None = None,
        debug: bool | str | Iterable[str] | None = None,
        on_tap: Callable[[tuple[float, float]], Any] | None = None,
        values: Mapping[str, Value] | Iterable[Value] | None = None,
    ) -> None: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def debug(self) -> tuple[str, ...]: ...
    @debug.setter
    def debug(self, debug: bool | str | Iterable[str] | None) -> None: ...
    @property
    def values(self) -> dict[str, float]: ...
    @values.setter
    def values(self, values: Mapping[str, float]) -> None: ...
    @property
    def recording(self) -> _Recording | None: ...
    @property
    def playing(self) -> bool: ...
    @property
    def slow_motion(self) -> bool: ...
    @slow_motion.setter
    def slow_motion(self, on: bool) -> None: ...
    @property
    def is_live(self) -> bool: ...
    @property
    def stats(self) -> dict[str, Any]: ...
    @property
    def error(self) -> BaseException | None: ...
    def find(self, obj: Any) -> Any: ...
    def play(self) -> None: ...
    def pause(self) -> None: ...
    def step(self) -> None: ...
    def reset(self) -> None: ...
    def start_recording(self) -> None: ...
    def stop_recording(self) -> _Recording | None: ...
    def close(self) -> None: ...

def live(
    animator: Animator,
    *,
    controls: Mapping[str, _Control] | None = None,
    width: float | None = None,
    debug: bool | str | Iterable[str] | None = None,
    on_tap: Callable[[tuple[float, float]], Any] | None = None,
    values: Mapping[str, Value] | Iterable[Value] | None = None,
) -> LiveWidget: ...
# A sweep's table is a pandas DataFrame when pandas is installed, else a numpy structured array;
# `table["name"]` is a column in both.
def sweep(
    build: Callable[..., Animator],
    parameters: Mapping[str, Iterable[Any]] | Iterable[Mapping[str, Any]],
    measure: Callable[[Animator], Any],
    *,
    seconds: float | None = None,
    max_seconds: float = 10.0,
    frame: float = 1 / 60,
    client: Any = None,
    progress: bool = True,
    variants_per_task: int | None = None,
) -> Any: ...

__all__ = [
    "AnimaError",
    "Animation",
    "Animator",
    "Attachment",
    "Behavior",
    "BusyError",
    "Collision",
    "CollisionMode",
    "ContactEvent",
    "HitEvent",
    "SensorEvent",
    "PreSolveContact",
    "DetentDrag",
    "Detents",
    "Drag",
    "Field",
    "Gravity",
    "InvalidArgumentError",
    "InvalidStateError",
    "Item",
    "ItemBehavior",
    "NotFoundError",
    "OutOfMemoryError",
    "Player",
    "PointHit",
    "Push",
    "RayHit",
    "Snap",
    "StaleHandleError",
    "Timeline",
    "Timing",
    "Transform",
    "Value",
    "VelocityTracker",
    "WrongKindError",
    "live",
    "show",
    "__version__",
    "project_momentum",
    "read_values",
    "rubber_band",
    "rubber_band_clamp",
    "sweep",
    "version_info",
]
