"""Random programs over the whole Python API: the interpreter never dies and bad input only
ever raises.

A Hypothesis state machine makes animators, items and every kind of behavior, changes every
writable property to ordinary and boundary values (NaN, infinities, 5e-324, huge numbers,
wrong types), records view animations, advances time, uses destroyed objects and objects of
another animator, and installs callbacks (actions, contact callbacks, field evaluations,
completions, delegates) that themselves make random calls, advance or destroy animators from
inside, or raise. After every rule it checks that

- every exception raised was an `anima.AnimaError`, a `TypeError` or a `ValueError` (or the
  exception a callback raised on purpose, propagated as documented);
- every item of every live animator has a finite pose and velocity (non-finite input is
  refused, so none can get in);
- `step()` still works on every live animator.

The default run is deterministic and short (see `run`): `ANIMA_STATEFUL_EXAMPLES` raises the
number of examples, `ANIMA_STATEFUL_STEPS` the number of rules per example, and
`ANIMA_STATEFUL_SEED` runs with that seed instead of the fixed derandomised one.
`stateful_soak.py` runs this machine in many child processes and counts the API calls made.
"""

from __future__ import annotations

import array
import collections
import gc
import math
import os
import random
import sys

import numpy as np
from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import anima
from anima.render import Recorder

INF = math.inf
NAN = math.nan

#: What a bad call may raise.
ALLOWED = (anima.AnimaError, TypeError, ValueError)

#: Known departures from that rule, accepted only where they are named (see where they are used):
#: an int too large for a double in a fling's components or in `repeat_count` raises the
#: OverflowError of float conversion instead of InvalidArgumentError.
OVERFLOW_FROM_HUGE_INT = (OverflowError,)
#: `poses[i]` (a numpy array) raises IndexError out of range or for an index of another type, and
#: OverflowError for an index beyond a C long.
SEQUENCE_INDEX = (IndexError, OverflowError)

#: Simulated steps one example may run through advance, step and run_until_rest (the checks
#: after each rule add one step per live animator on top).
STEP_BUDGET = 900

#: Bounds on the scene, so that the work per step stays small.
MAX_ANIMATORS = 4
MAX_ITEMS_PER_ANIMATOR = 150
MAX_POOL = 48
#: How deep callbacks may nest (a callback advancing another animator whose callback ...).
MAX_DEPTH = 3


class Boom(Exception):
    """Raised on purpose by a callback; it must come out of the advance that ran the callback."""


class Halt(BaseException):
    """Like Boom, but not an Exception (as KeyboardInterrupt is not)."""


#: Errors raised on purpose by callbacks.
ON_PURPOSE = (Boom, Halt)

#: The classes whose objects are made with __new__ only (never initialised) now and then.
UNINITIALISED = [anima.Animator, anima.Item, anima.Behavior, anima.Gravity, anima.Collision, anima.ItemBehavior,
                 anima.Attachment, anima.Push, anima.Snap, anima.Field]


class Ledger:
    """Process-wide counts and flags shared by the machine and its callbacks."""

    calls = 0             # API calls made (stateful_soak.py reads this)
    errors = collections.Counter()     # exceptions raised by those calls, by type name
    callbacks = collections.Counter()  # callbacks run, by kind
    steps = 0             # internal steps run by the rules
    renders = 0           # recordings rendered to SVG
    unexpected: list = []  # failures seen where they could not be raised (inside callbacks)
    quiet = False         # callbacks do nothing (while the checks step the animators)
    depth = 0             # callbacks under way
    running: list = []    # animators whose advance/step/run_until_rest is under way
    owners: list = []     # animators whose callback is under way
    machine = None        # the machine running now (for ChaosItem.__del__)


def call(function, *args, _also=(), **kwargs):
    """One API call: (True, result), or (False, error) for an error a bad call may raise (or one
    of `_also`). Anything else propagates and fails the test."""
    Ledger.calls += 1
    try:
        return True, function(*args, **kwargs)
    except ALLOWED + _also as error:
        Ledger.errors[type(error).__name__] += 1
        return False, error


def drive(animator, method, *args, **kwargs):
    """advance, step or run_until_rest: as `call`, and an exception raised on purpose by a
    callback may come out too."""
    Ledger.calls += 1
    Ledger.running.append(animator)
    try:
        return True, getattr(animator, method)(*args, **kwargs)
    except ALLOWED + ON_PURPOSE as error:
        Ledger.errors[type(error).__name__] += 1
        return False, error
    finally:
        Ledger.running.pop()


def value_of(function, default=()):
    """The result of one API call, or `default` if it raised an allowed error."""
    ok, result = call(function)
    return result if ok else default


def destroy(handle):
    """Destroys an animator, item or behavior as `call` does; True (and the handle no longer valid)
    when it was destroyed."""
    ok, _ = call(handle.destroy)
    if ok:
        assert not handle.is_valid
    return ok


def assert_stale(function, *args):
    """A call on something destroyed raises StaleHandleError."""
    ok, error = call(function, *args)
    assert not ok and isinstance(error, anima.StaleHandleError), error


def note_unexpected(text):
    Ledger.unexpected.append(text)


def finite(*values):
    return all(math.isfinite(v) for v in values)


def lightest(animator, count=3):
    """The lightest items of an animator, with their outlines (to tell why the physics broke)."""
    items = sorted(animator.items, key=lambda item: item.mass)[:count]
    return [(item.mass, item.size, item.path, tuple(item.transform)[1:3]) for item in items]


# ------------------------------------------------------------------ values

#: Finite numbers at the edges of every range the library states, and beyond.
EDGES = [
    0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 1e-9, 1e-6, 0.001, 0.01, 0.5,
    1.0, -1.0, 2.0, 100.0, 1e4, -1e4, 1e6, -1e6, 1e6 + 1, 1e7, 1e7 + 1, 1e9, -1e9, 1e9 + 1,
    1e300, -1e300, sys.float_info.max, -sys.float_info.max,
]
NON_FINITE = [INF, -INF, NAN]
#: Values of the wrong type where a number is expected.
NOT_NUMBERS = [None, "1", b"1", 1j, [], (), object(), 10**400, -(10**400)]

edge = st.sampled_from(EDGES + NON_FINITE)
small = st.floats(-1000, 1000, allow_nan=False)
number = st.one_of(small, edge, edge, st.integers(-3, 3), st.sampled_from(NOT_NUMBERS))
unit = st.one_of(st.floats(0, 1), number)
positive = st.one_of(st.floats(0.01, 50), number)
angle = st.one_of(st.floats(-7, 7), number)

sane_point = st.tuples(st.floats(-20, 340), st.floats(-20, 600))
point = st.one_of(
    sane_point,
    sane_point,
    st.tuples(number, number),
    st.lists(small, min_size=2, max_size=2),
    st.sampled_from([(1.0,), (1.0, 2.0, 3.0), "ab", None, 3.0, (None, 1.0), ("1", "2")]),
)
sane_size = st.tuples(st.floats(2, 120), st.floats(2, 120))
size = st.one_of(sane_size, sane_size, st.tuples(number, number), st.sampled_from([(1.0,), "ab", None]))
rect = st.one_of(
    st.just((0.0, 0.0, 320.0, 568.0)),
    st.tuples(small, small, st.floats(1, 1000), st.floats(1, 1000)),
    st.tuples(number, number, number, number),
    st.sampled_from([None, (0, 0, 10), (0, 0, 0, 0), (0, 0, -5, 5), "abcd"]),
)
rect_or_none = st.one_of(st.none(), rect)
insets = st.one_of(st.tuples(st.floats(0, 30), st.floats(0, 30), st.floats(0, 30), st.floats(0, 30)), rect)
boolean = st.one_of(st.booleans(), st.sampled_from([0, 1, 2, None, "yes", 1.5]))

SQUARE = [(-20.0, -20.0), (-20.0, 20.0), (20.0, 20.0), (20.0, -20.0)]
PATHS = [
    SQUARE,
    [(0.0, -15.0), (-13.0, 7.5), (13.0, 7.5)],
    list(reversed(SQUARE)),                                  # clockwise on screen
    [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)],                    # collinear
    [(0.0, 0.0), (1.0, 0.0)],                                # too few points
    [(20 * math.cos(k / 17 * 2 * math.pi), -20 * math.sin(k / 17 * 2 * math.pi)) for k in range(17)],
    [(0.0, NAN), (-1.0, 1.0), (1.0, 1.0)],
    [(0.0, -20.0), (-12.0, 16.0), (19.0, -6.0), (-19.0, -6.0), (12.0, 16.0)],  # pentagram
    [(0.0, -1e300), (-1e300, 1e300), (1e300, 1e300)],
    [(0.0, -1e-9), (-1e-9, 1e-9), (1e-9, 1e-9)],
    None,
    "path",
    [(1.0, 2.0, 3.0), (1.0, 2.0), (0.0, 0.0)],
    [],
]
path = st.sampled_from(PATHS)
shape = st.sampled_from(["rectangle", "ellipse", "path", "circle", "", None, 3])
transform = st.one_of(
    st.builds(anima.Transform, st.floats(-4, 4), st.floats(0.2, 3), st.floats(0.2, 3), small, small),
    st.tuples(number, number, number, number, number),
    st.sampled_from([anima.Transform(), (0, 0, 1, 0, 0), (0, 1e-7, 1, 0, 0), (0, 1e7, 1e7, 0, 0),
                     (0, 1, 1), "xxxxx", None, (0, -1, -1, 0, 0)]),
)
REGIONS = [
    None, "infinite", ("rectangle", (100, 80)), ("circle", 60), ["circle", 60],
    ("inverse", ("circle", 40)), ("inverse", ("inverse", ("rectangle", (10, 10)))),
    ("circle", NAN), ("circle", -1), ("circle", INF), ("rectangle", (1e300, 1e300)), ("rectangle", 3),
    ("triangle", 3), ("inverse",), ("circle",), "everywhere", 42, ("inverse", None), ("circle", 0),
]
region = st.sampled_from(REGIONS)
collision_mode = st.sampled_from(["items", "boundaries", "everything", anima.CollisionMode.ITEMS,
                                  anima.CollisionMode.EVERYTHING, 1, 2, 3, 0, 4, -1, "nothing", None])
range_pair = st.one_of(
    st.tuples(st.floats(-2, 0), st.floats(0, 2)),
    st.sampled_from([(-INF, INF), (0.0, 0.0), (1.0, 2.0), (-2.0, -1.0), (NAN, 1.0), (1.0, -1.0), (INF, -INF)]),
    st.tuples(number, number),
)
boundary_name = st.sampled_from(["floor", "wall", "shelf", "", "\u00e9t\u00e9", "x" * 300, None, 7, "a\x00b"])
BOUNDARY_PATHS = [
    [("move", (0, 500)), ("line", (320, 500))],
    [("move", (0, 0)), ("quad", (160, 600), (320, 0))],
    [("move", (0, 100)), ("cubic", (100, 700), (200, -300), (320, 100)), ("close",)],
    [("move", (0, 0)), ("cubic", (1e9, 1e9), (-1e9, 1e9), (1e9, -1e9))],
    [("line", (0, 0)), ("line", (1, 1))],
    [("move", (0, 0)), ("move", (1, 1)), ("line", (2, 2))],
    [("move", (0, 0)), ("close",), ("line", (2, 2))],
    [("move", (5, 5)), ("line", (5, 5))],
    [("move", (0, 0)), ("line", (NAN, 1))],
    [("move", (0, 0)), ("spline", (1, 1))],
    [("move",), ("line", (1, 1))],
    ["move", (0, 0)],
    [],
    None,
]
boundary_path = st.sampled_from(BOUNDARY_PATHS)

DURATIONS = [0.0, 5e-324, 1e-9, 1e-6, 1e-3, 0.05, 0.25, 1.0, 10.0, 1e7, 1e7 + 1, 1e300, INF, NAN, -1.0, "1"]
duration = st.one_of(st.floats(0, 2), st.sampled_from(DURATIONS))
repeat_count = st.sampled_from([1.0, 2.0, 0.5, 3, INF, 0.0, -1.0, NAN, 1e300, 5e-324, "2", 10**400])
CURVES = ["ease_in_out", "ease_in", "ease_out", "linear", "back_out", "elastic_in_out", "bounce_in",
          "circ_in_out", "expo_in", "sine_out", "nonsense", (0.42, 0.0, 0.58, 1.0), (0.3, -2.0, 0.7, 3.0),
          (1.5, 0.0, 0.0, 1.0), (0.0, NAN, 1.0, 1.0), ("steps", 4), ("steps", 0), ("steps", 3, "jump_both"),
          ("steps", 2, "jump_none"), ("steps", 1, "jump_none"), ("steps", -1), ("steps", 10**30), ("steps", 3, "sideways"),
          5, None, ()]
curve = st.sampled_from(CURVES)


@st.composite
def timing_options(draw):
    """Keyword arguments of a timing: a curve or one of the spring forms, or nonsense."""
    options = {}
    form = draw(st.sampled_from(["curve", "curve", "spring", "damping_ratio", "response", "bounce", "mixed"]))
    if form == "curve":
        options["curve"] = draw(curve)
    elif form == "spring":
        options["spring"] = draw(st.one_of(
            st.tuples(st.floats(0.1, 5), st.floats(1, 500), st.floats(0.5, 50)),
            st.sampled_from([(1, 100, 10), (1, 100, 0), (0, 100, 10), (1, 0, 1), (1e-300, 1e300, 1e-300),
                             (NAN, 1, 1), (1, 1), "spring", (1, INF, 1)])))
    elif form == "damping_ratio":
        options["damping_ratio"] = draw(st.one_of(st.floats(0.05, 2), number))
    elif form == "response":
        options["response"] = draw(st.one_of(st.floats(0.05, 2), number))
        options["damping_fraction"] = draw(st.one_of(st.floats(0.05, 1.5), number))
    elif form == "bounce":
        options["bounce"] = draw(st.one_of(st.floats(-1, 1), number))
    else:
        options["spring"] = (1, 100, 10)
        options["damping_ratio"] = 0.5
    if draw(st.booleans()):
        options["initial_velocity"] = draw(st.one_of(st.floats(-5, 5), number))
    return options


# ------------------------------------------------------ the property table

#: Every writable property of the stubs: (class, name, values).
WRITABLE = [
    (anima.Animator, "reference_bounds", rect_or_none),
    (anima.Item, "center", point),
    (anima.Item, "size", size),
    (anima.Item, "transform", transform),
    (anima.Item, "alpha", unit),
    (anima.Item, "shape", shape),
    (anima.Item, "path", path),
    (anima.Item, "velocity", point),
    (anima.Item, "angular_velocity", angle),
    (anima.Behavior, "at_rest", boolean),
    (anima.Gravity, "direction", point),
    (anima.Gravity, "angle", angle),
    (anima.Gravity, "magnitude", positive),
    (anima.Collision, "mode", collision_mode),
    (anima.Collision, "translates_reference_bounds_into_boundary", boolean),
    (anima.ItemBehavior, "elasticity", unit),
    (anima.ItemBehavior, "friction", positive),
    (anima.ItemBehavior, "density", positive),
    (anima.ItemBehavior, "resistance", positive),
    (anima.ItemBehavior, "angular_resistance", positive),
    (anima.ItemBehavior, "charge", number),
    (anima.ItemBehavior, "allows_rotation", boolean),
    (anima.ItemBehavior, "anchored", boolean),
    (anima.Attachment, "anchor_point", point),
    (anima.Attachment, "length", positive),
    (anima.Attachment, "frequency", positive),
    (anima.Attachment, "damping", unit),
    (anima.Attachment, "friction_torque", positive),
    (anima.Attachment, "range", range_pair),
    (anima.Push, "direction", point),
    (anima.Push, "angle", angle),
    (anima.Push, "magnitude", positive),
    (anima.Push, "active", boolean),
    (anima.Snap, "point", point),
    (anima.Snap, "damping", unit),
    (anima.Field, "position", point),
    (anima.Field, "region", region),
    (anima.Field, "strength", number),
    (anima.Field, "falloff", number),
    (anima.Field, "minimum_radius", positive),
    (anima.Field, "direction", point),
    (anima.Field, "smoothness", unit),
    (anima.Field, "animation_speed", positive),
    (anima.Animation, "is_reversed", boolean),
    (anima.Animation, "fraction_complete", unit),
]

#: Every readable property, by class (a class also has those of its bases).
READABLE = {
    anima.Animator: ["reference_bounds", "is_running", "is_valid", "elapsed_time", "step_duration", "step_count",
                     "items", "behaviors", "began_contacts", "ended_contacts", "animation_count",
                     "is_recording_animation", "on_will_resume", "on_did_pause"],
    anima.Item: ["center", "size", "bounds", "transform", "rotation", "alpha", "shape", "path", "velocity",
                 "angular_velocity", "mass", "is_resting", "is_valid", "animator"],
    anima.Behavior: ["items", "children", "parent", "at_rest", "action", "animator", "is_added", "is_valid"],
    anima.Gravity: ["direction", "angle", "magnitude"],
    anima.Collision: ["mode", "translates_reference_bounds_into_boundary", "reference_bounds_insets",
                      "boundary_identifiers", "on_began_contact", "on_ended_contact"],
    anima.ItemBehavior: ["elasticity", "friction", "density", "resistance", "angular_resistance", "charge",
                         "allows_rotation", "anchored"],
    anima.Attachment: ["type", "anchor_point", "length", "frequency", "damping", "friction_torque", "range"],
    anima.Push: ["mode", "direction", "angle", "magnitude", "active"],
    anima.Snap: ["point", "damping"],
    anima.Field: ["kind", "position", "region", "strength", "falloff", "minimum_radius", "direction",
                  "smoothness", "animation_speed", "evaluate"],
    anima.Animation: ["position", "finished", "is_active", "is_paused", "is_reversed", "fraction_complete"],
    anima.ContactEvent: ["collision", "item", "other", "is_boundary", "boundary_identifier", "point"],
}

BEHAVIOR_KINDS = [anima.Gravity, anima.Collision, anima.ItemBehavior, anima.Attachment, anima.Push, anima.Snap,
                  anima.Field]


def readable_names(obj):
    names = []
    for cls in type(obj).__mro__:
        names.extend(READABLE.get(cls, ()))
    return names


# ------------------------------------------------------------ subclasses

class ChaosItem(anima.Item):
    """An item subclass in a reference cycle with itself, so that the garbage collector frees
    it at some allocation or other, in the middle of any call (callbacks and the solver
    included). Its __del__ then reads the world and tries to advance an animator under way.

    When that happens depends on the collector, not on the example, so __del__ changes nothing
    that later rules could see (Hypothesis needs every example to replay the same way): it
    reads, and expects BusyError from an animator under way."""

    rng = random.Random(0)

    def __init__(self, animator, *args, **kwargs):
        self.me = self
        super().__init__(animator, *args, **kwargs)

    def __del__(self):
        machine = Ledger.machine
        if machine is None or Ledger.quiet:
            return
        try:
            scenes = machine.live_scenes()
            if scenes:
                animator = self.rng.choice(scenes).animator
                # (no mass or items_in_rect: those may update the engine's graph, and with it
                # the physics that the rest of the example replays)
                for item in animator.items[:3]:
                    item.center, item.velocity, item.path  # noqa: B018 (reads)
                animator.poses()
            if Ledger.owners:   # (a callback of it is under way, so it surely advances)
                animator = self.rng.choice(Ledger.owners)
                try:
                    animator.advance(1 / 60) if self.rng.random() < 0.5 else animator.destroy()
                except anima.BusyError:
                    pass
                else:
                    note_unexpected("an animator under way could be advanced or destroyed from __del__")
        except ALLOWED:
            pass
        except BaseException as error:
            # an exception cannot leave __del__; an unexpected one is a failure
            note_unexpected(f"__del__: {type(error).__name__}: {error}")


class ChaosAction:
    """The action method of a chaos behavior class: once its machine and scene are set, each
    action has the machine make random calls (its callback named `callback_name`)."""

    machine = None
    scene = None
    callback_name = "action"

    def action(self):
        machine = self.machine
        if machine is not None:
            machine.callback(self.callback_name, self.scene, self)


class ChaosBehavior(ChaosAction, anima.Behavior):
    """A custom behavior whose action method makes random calls."""


class ChaosCollision(ChaosAction, anima.Collision):
    """A collision subclass that also has an action."""

    callback_name = "collision action"


class ChaosField(anima.Field):
    """A field subclass (its factories make instances of it)."""


class Scene:
    """What the machine knows of an animator it made."""

    def __init__(self, animator, max_advance, step_rate):
        self.animator = animator
        self.max_advance = max_advance
        self.step_rate = step_rate


# ----------------------------------------------------------------- machine

class AnimaMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.scenes: list[Scene] = []
        self.items: list = []        # (item, scene), destroyed ones included
        self.behaviors: list = []    # (behavior, scene), destroyed ones included
        self.animations: list = []   # (Animation, scene)
        self.timelines: list = []    # (Timeline, scene)
        self.events: list = []       # ContactEvent, kept after their advance
        self.rng = random.Random(0)
        self.steps_left = STEP_BUDGET
        Ledger.unexpected = []
        Ledger.quiet = False
        Ledger.depth = 0
        Ledger.running = []
        Ledger.owners = []
        Ledger.machine = self

    def teardown(self):
        Ledger.machine = None
        Ledger.quiet = True
        try:
            for scene in self.scenes:
                call(scene.animator.destroy)
        finally:
            Ledger.quiet = False
        self.scenes = self.items = self.behaviors = self.animations = self.timelines = self.events = []

    # ------------------------------------------------------------ helpers

    def live_scenes(self):
        return [scene for scene in self.scenes if scene.animator.is_valid]

    def scene_of(self, animator):
        for scene in self.scenes:
            if scene.animator is animator:
                return scene
        return None

    def remember(self, pool, entry):
        pool.append(entry)
        if len(pool) > MAX_POOL:
            del pool[self.rng.randrange(len(pool))]

    def items_of(self, scene):
        """The live items the machine holds of `scene`."""
        return [item for item, owner in self.items if owner is scene and item.is_valid]

    def behaviors_of(self, scene):
        """The live behaviors the machine holds of `scene`."""
        return [behavior for behavior, owner in self.behaviors if owner is scene and behavior.is_valid]

    def pick(self, data, pool):
        """An entry (object, scene) of `pool`: mostly a live one, now and then any."""
        live = [entry for entry in pool if entry[0].is_valid]
        if live and data.draw(st.integers(0, 9)):
            return data.draw(st.sampled_from(live))
        return data.draw(st.sampled_from(pool))

    def pick_scene(self, data):
        """Mostly a live animator, now and then a destroyed one."""
        live = self.live_scenes()
        if live and data.draw(st.integers(0, 9)):
            return data.draw(st.sampled_from(live))
        return data.draw(st.sampled_from(self.scenes))

    def draw_item_list(self, data, scene):
        """Items for a constructor: mostly of `scene`, now and then a destroyed one, one of
        another animator, or something that is not an item."""
        own = self.items_of(scene)
        items = data.draw(st.lists(st.sampled_from(own), max_size=4)) if own else []
        if self.items and data.draw(st.integers(0, 9)) == 0:
            items.append(self.pick(data, self.items)[0])
        if data.draw(st.integers(0, 24)) == 0:
            items.append(data.draw(st.sampled_from([None, "item", 3, scene.animator])))
        return items

    def draw_item(self, data, scene):
        own = self.items_of(scene)
        choice = data.draw(st.integers(0, 19))
        if own and choice < 16:
            return data.draw(st.sampled_from(own))
        if self.items and choice < 19:
            return self.pick(data, self.items)[0]
        odd = data.draw(st.sampled_from(["none", "text", "animator", "uninitialised"]))
        if odd == "uninitialised":
            return anima.Item.__new__(anima.Item)
        return {"none": None, "text": "item", "animator": scene.animator}[odd]

    def draw_object(self, data):
        """Any object the machine holds: animator, item, behavior, animation, event, poses."""
        kind = data.draw(st.integers(0, 4))
        if kind == 1 and self.items:
            return self.pick(data, self.items)[0]
        if kind == 2 and self.behaviors:
            return self.pick(data, self.behaviors)[0]
        if kind == 3 and self.animations:
            return data.draw(st.sampled_from(self.animations))[0]
        if kind == 4 and self.events:
            return data.draw(st.sampled_from(self.events))
        return self.pick_scene(data).animator

    def register_behavior(self, behavior, scene):
        self.remember(self.behaviors, (behavior, scene))
        return behavior

    def install(self, behavior, scene, data):
        """Registers a new behavior and adds it somewhere (or nowhere)."""
        self.register_behavior(behavior, scene)
        where = data.draw(st.sampled_from(["top", "top", "child", "nowhere"]))
        if where == "top":
            call(scene.animator.add_behavior, behavior)
        elif where == "child":
            parents = self.behaviors_of(scene)
            if parents:
                call(data.draw(st.sampled_from(parents)).add_child, behavior)

    def steps_now(self):
        return sum(scene.animator.step_count for scene in self.live_scenes())

    # -------------------------------------------------------- callbacks

    def make_callback(self, kind, scene, subject=None):
        """A callback for `kind` that makes random calls through `self.callback`."""
        machine = self

        if kind == "evaluate":
            def evaluate(position, velocity, mass, charge, dt):
                return machine.evaluate(scene, subject, position, velocity, mass, charge, dt)
            return evaluate
        if kind in ("began", "ended"):
            def contact(event):
                machine.contact(scene, event)
            return contact
        if kind in ("will_resume", "did_pause"):
            def delegate(animator):
                if animator is not scene.animator:
                    note_unexpected(f"{kind} delegate called with {animator!r}")
                machine.callback(kind, scene, None)
            return delegate
        if kind == "completion":
            def completion(finished, *position):
                if not isinstance(finished, bool):
                    note_unexpected(f"completion got finished={finished!r}")
                machine.callback(kind, scene, None)
            return completion

        def action():
            machine.callback(kind, scene, subject)
        return action

    def current_scene(self, scene):
        """Callbacks run inside their animator's advance, the innermost one under way; the scene a
        callback was made for may be another (a behavior made with animator= of another one)."""
        if Ledger.running:
            return self.scene_of(Ledger.running[-1]) or scene
        return scene

    def contact(self, scene, event):
        if Ledger.quiet:
            return
        if len(self.events) < 16:
            self.events.append(event)
        for name in READABLE[anima.ContactEvent]:
            call(getattr, event, name)
        self.callback("contact", scene, None)

    def evaluate(self, scene, field, position, velocity, mass, charge, dt):
        if not finite(*position, *velocity, mass, charge, dt):
            note_unexpected(f"evaluation given non-finite input {position} {velocity} {mass} {charge} {dt}")
        if Ledger.quiet:
            return (0.0, 0.0)
        scene = self.current_scene(scene)
        roll = self.rng.random()
        if roll < 0.04:
            self.callback("evaluate", scene, field)
        elif roll < 0.05:
            self.swarm(scene)
        if roll > 0.97:
            return self.rng.choice([(NAN, 0.0), (INF, 1.0), (1e308, -1e308), "ab", None, (1.0, 2.0, 3.0), [5.0, -5.0],
                                    (10**400, 0), object(), (0.0, -1e12 * mass)])
        return (self.rng.uniform(-200, 200) * mass, self.rng.uniform(-200, 200) * mass)

    def swarm(self, scene):
        """Many items made inside a callback, put under gravity, and a mass read at once."""
        animator = scene.animator
        ok, items = call(lambda: animator.items)
        if not ok or len(items) > MAX_ITEMS_PER_ANIMATOR - 70:
            return
        made = []
        for k in range(70):
            ok, item = call(ChaosItem if k % 7 == 0 else anima.Item, animator, center=(5.0 * k, 10.0), size=(6, 6))
            if ok:
                made.append(item)
        ok, gravity = call(anima.Gravity, made)
        if ok:
            call(animator.add_behavior, gravity)
            self.register_behavior(gravity, scene)
        for item in made[:2]:
            self.remember(self.items, (item, scene))
            ok, mass = call(getattr, item, "mass")
            if ok and not (math.isfinite(mass) and mass > 0):
                note_unexpected(f"mass {mass} of an item made in a callback")

    def callback(self, kind, scene, subject):
        """The body of every callback: a few random calls, chosen by `self.rng`."""
        if Ledger.quiet or Ledger.depth >= MAX_DEPTH:
            return
        scene = self.current_scene(scene)
        Ledger.callbacks[kind] += 1
        Ledger.depth += 1
        Ledger.owners.append(scene.animator)
        try:
            for _ in range(self.rng.randint(1, 3)):
                self.rng.choice(CALLBACK_OPERATIONS)(self, scene, subject)
        except (*ON_PURPOSE, *ALLOWED):
            raise
        except BaseException as error:
            note_unexpected(f"{kind} callback: {type(error).__name__}: {error}")
            raise
        finally:
            Ledger.owners.pop()
            Ledger.depth -= 1

    def expect_busy(self, animator, method, *args):
        """advance/step/run_until_rest/destroy of an animator that is advancing must be refused."""
        busy = any(animator is other for other in Ledger.running + Ledger.owners) and animator.is_valid
        if method == "destroy":
            ok, result = call(animator.destroy)
        else:
            ok, result = drive(animator, method, *args)
        if ok and method == "run_until_rest" and result == 0.0:
            return ok, result   # a paused animator (in on_did_pause, say): nothing to run, nothing ran
        if busy and (ok or not isinstance(result, anima.BusyError)):
            note_unexpected(f"{method} of an animator under way from its callback gave {ok} {result!r}")
        return ok, result

    # ---------------------------------------------------- initialisation

    @initialize(bounds=rect_or_none, features=st.fixed_dictionaries(
        {name: st.booleans() for name in ("action", "contacts", "field", "delegates", "restless")}))
    def first_animator(self, bounds, features):
        features = {name for name, wanted in features.items() if wanted}
        if bounds is not None and not isinstance(bounds, tuple):
            bounds = None
        ok, animator = call(anima.Animator, reference_bounds=bounds)
        if not ok:
            animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
        scene = Scene(animator, 60.0, 120.0)
        self.scenes.append(scene)
        items = [anima.Item(animator, center=(60.0 + 90 * k, 100.0 + 30 * k), size=(40, 40), shape="ellipse")
                 for k in range(3)]
        self.items.extend((item, scene) for item in items)
        # a scene that moves: the items fall, collide and come to rest
        collision = anima.Collision(items)
        collision.add_boundary("floor", (-1000, 560), (1400, 560))
        behaviors = [anima.Gravity(items), collision, anima.ItemBehavior(items[:1], elasticity=0.5)]
        # and callbacks from the start
        if "action" in features:
            chaos = ChaosBehavior(animator)
            chaos.machine, chaos.scene = self, scene
            chaos.at_rest = "restless" not in features
            behaviors.append(chaos)
        if "contacts" in features:
            collision.on_began_contact = self.make_callback("began", scene)
            collision.on_ended_contact = self.make_callback("ended", scene)
        if "field" in features:
            field = anima.Field.custom(items[1:], None, position=(160, 300), region=("circle", 400))
            field.evaluate = self.make_callback("evaluate", scene, field)
            behaviors.append(field)
        if "delegates" in features:
            animator.on_will_resume = self.make_callback("will_resume", scene)
            animator.on_did_pause = self.make_callback("did_pause", scene)
        for behavior in behaviors:
            animator.add_behavior(behavior)
            self.behaviors.append((behavior, scene))

    # ------------------------------------------------------------- rules

    @precondition(lambda self: len(self.live_scenes()) < MAX_ANIMATORS)
    @rule(data=st.data())
    def create_animator(self, data):
        kwargs = data.draw(st.fixed_dictionaries({}, optional={
            "reference_bounds": rect_or_none,
            "step_rate": st.one_of(st.sampled_from([30, 60, 120, 240, 1000, 29.9, 1000.1, 0]), number),
            "substeps": st.one_of(st.sampled_from([1, 4, 16, 0, 17, -1, 2**63, 1.5]), st.just(None)),
            "rest_speed": positive,
            "rest_angular_speed": positive,
            "rest_time": positive,
            "max_advance": st.one_of(st.sampled_from([0.001, 0.0009, 0.5, 60.0, 86400.0, 86400.1]), number),
        }))
        if data.draw(st.integers(0, 19)) == 0:
            kwargs["colour"] = "red"
        ok, animator = call(anima.Animator, **kwargs)
        if ok:
            step_rate = kwargs.get("step_rate", 120.0)
            self.scenes.append(Scene(animator, float(kwargs.get("max_advance", 60.0)), float(step_rate)))
            if data.draw(st.booleans()):
                ok, _ = call(animator.__init__)
                assert not ok, "a second __init__ of a live animator must raise"

    @rule(data=st.data())
    def destroy_animator(self, data):
        if len(self.live_scenes()) < 2 and data.draw(st.integers(0, 4)):
            return
        scene = self.pick_scene(data)
        if destroy(scene.animator):
            assert_stale(scene.animator.advance, 0.0)
            for item in [item for item, owner in self.items if owner is scene][:3]:
                assert_stale(getattr, item, "center")

    @rule(data=st.data())
    def create_item(self, data):
        scene = self.pick_scene(data)
        if len(self.items_of(scene)) >= 30:
            return
        kwargs = data.draw(st.fixed_dictionaries({}, optional={
            "center": point, "size": size, "shape": shape, "path": path, "rotation": angle,
            "scale": st.one_of(st.tuples(st.floats(0.3, 2), st.floats(0.3, 2)), point),
            "translation": point, "alpha": unit, "velocity": point, "angular_velocity": angle,
        }))
        cls = data.draw(st.sampled_from([anima.Item, anima.Item, ChaosItem]))
        target = scene.animator if data.draw(st.integers(0, 14)) else data.draw(st.sampled_from([None, 3, "anim"]))
        ok, item = call(cls, target, **kwargs)
        if ok:
            self.remember(self.items, (item, scene))
            x, y = item.center
            assert finite(x, y), (kwargs, item.center)

    @precondition(lambda self: self.items)
    @rule(data=st.data())
    def destroy_item(self, data):
        item, scene = self.pick(data, self.items)
        if destroy(item):
            assert_stale(getattr, item, "center")
            assert item not in value_of(lambda: scene.animator.items), "a destroyed item is still listed"

    @rule(data=st.data())
    def create_behavior(self, data):
        scene = self.pick_scene(data)
        animator = scene.animator
        kind = data.draw(st.sampled_from([
            "gravity", "collision", "item_behavior", "anchor", "to", "pin", "fixed", "limit", "sliding",
            "attachment_both", "attachment_neither", "push", "snap", "field", "custom_field", "plain",
            "chaos", "chaos_collision", "composite"]))
        items = self.draw_item_list(data, scene)
        owner = animator if data.draw(st.integers(0, 3)) else data.draw(st.sampled_from(
            [None, animator, "animator"] + [s.animator for s in self.scenes]))
        ok, behavior = False, None
        if kind == "gravity":
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "direction": point, "angle": angle, "magnitude": positive}))
            ok, behavior = call(anima.Gravity, items, animator=owner, **kwargs)
        elif kind in ("collision", "chaos_collision"):
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "mode": collision_mode, "translates_reference_bounds_into_boundary": boolean, "insets": insets}))
            cls = anima.Collision if kind == "collision" else ChaosCollision
            ok, behavior = call(cls, items, animator=owner, **kwargs)
            if ok and kind == "chaos_collision":
                behavior.machine, behavior.scene = self, scene
            if ok:
                for _ in range(data.draw(st.integers(0, 2))):
                    if data.draw(st.booleans()):
                        call(behavior.add_boundary, data.draw(boundary_name), data.draw(point), data.draw(point))
                    else:
                        call(behavior.add_boundary_path, data.draw(boundary_name), data.draw(boundary_path))
                if data.draw(st.booleans()):
                    call(setattr, behavior, "on_began_contact", self.make_callback("began", scene))
                if data.draw(st.booleans()):
                    call(setattr, behavior, "on_ended_contact", self.make_callback("ended", scene))
        elif kind == "item_behavior":
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "elasticity": unit, "friction": positive, "density": positive, "resistance": positive,
                "angular_resistance": positive, "charge": number, "allows_rotation": boolean, "anchored": boolean}))
            ok, behavior = call(anima.ItemBehavior, items, animator=owner, **kwargs)
        elif kind in ("anchor", "to", "attachment_both", "attachment_neither"):
            item = self.draw_item(data, scene)
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "offset": point, "length": st.one_of(st.none(), positive), "frequency": positive, "damping": unit}))
            if kind == "anchor":
                ok, behavior = call(anima.Attachment, item, data.draw(point), **kwargs)
            elif kind == "to":
                if data.draw(st.booleans()):
                    kwargs["other_offset"] = data.draw(point)
                ok, behavior = call(anima.Attachment, item, to=self.draw_item(data, scene), **kwargs)
            elif kind == "attachment_both":
                anchor, other = data.draw(point), self.draw_item(data, scene)
                ok, behavior = call(anima.Attachment, item, anchor, to=other)
                # (None for either is the default: "not given")
                assert not ok or anchor is None or other is None, \
                    "an attachment with both an anchor and an item must be refused"
            else:
                ok, behavior = call(anima.Attachment, item, **kwargs)
                assert not ok, "an attachment with neither an anchor nor an item must be refused"
        elif kind == "pin":
            kwargs = data.draw(st.fixed_dictionaries({}, optional={"friction_torque": positive}))
            ok, behavior = call(anima.Attachment.pin, self.draw_item(data, scene), self.draw_item(data, scene),
                                data.draw(point), **kwargs)
        elif kind == "fixed":
            ok, behavior = call(anima.Attachment.fixed, self.draw_item(data, scene), self.draw_item(data, scene),
                                data.draw(point))
        elif kind == "limit":
            kwargs = data.draw(st.fixed_dictionaries({}, optional={"offset": point, "other_offset": point}))
            ok, behavior = call(anima.Attachment.limit, self.draw_item(data, scene), self.draw_item(data, scene),
                                **kwargs)
        elif kind == "sliding":
            other = self.draw_item(data, scene) if data.draw(st.booleans()) else None
            ok, behavior = call(anima.Attachment.sliding, self.draw_item(data, scene), data.draw(point),
                                data.draw(point), other=other)
        elif kind == "push":
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "mode": st.sampled_from(["continuous", "instantaneous", "sometimes", None]),
                "angle": angle, "magnitude": positive, "active": boolean}))
            ok, behavior = call(anima.Push, items, animator=owner, **kwargs)
        elif kind == "snap":
            ok, behavior = call(anima.Snap, self.draw_item(data, scene), data.draw(point))
        elif kind in ("field", "custom_field"):
            kwargs = data.draw(st.fixed_dictionaries({}, optional={
                "position": point, "region": region, "strength": number, "falloff": number,
                "minimum_radius": positive, "direction": point, "smoothness": unit, "animation_speed": positive}))
            cls = data.draw(st.sampled_from([anima.Field, ChaosField]))
            if kind == "custom_field":
                evaluate = self.make_callback("evaluate", scene)
                if data.draw(st.integers(0, 9)) == 0:
                    evaluate = data.draw(st.sampled_from([None, 42, "f"]))
                ok, behavior = call(cls.custom, items, evaluate, animator=owner, **kwargs)
            else:
                name = data.draw(st.sampled_from([
                    "linear_gravity", "radial_gravity", "drag", "velocity", "vortex", "spring", "electric",
                    "magnetic", "noise", "turbulence", "custom", "gravity", ""]))
                if name and data.draw(st.booleans()) and hasattr(cls, name):
                    ok, behavior = call(getattr(cls, name), items, animator=owner, **kwargs)
                else:
                    ok, behavior = call(cls, name, items, animator=owner, **kwargs)
        elif kind == "plain":
            ok, behavior = call(anima.Behavior, owner)
            if ok and data.draw(st.booleans()):
                call(setattr, behavior, "action", self.make_callback("action", scene, behavior))
        elif kind == "chaos":
            ok, behavior = call(ChaosBehavior, owner)
            if ok:
                behavior.machine, behavior.scene = self, scene
                call(setattr, behavior, "at_rest", data.draw(st.booleans()))
        elif kind == "composite":
            ok, behavior = call(anima.Behavior, owner)
            if ok:
                for child in data.draw(st.lists(st.sampled_from(self.behaviors), max_size=3)) if self.behaviors else []:
                    call(behavior.add_child, child[0])
        if ok:
            if behavior.animator is not scene.animator:
                scene = self.scene_of(behavior.animator) or scene
            self.install(behavior, scene, data)

    @precondition(lambda self: self.behaviors)
    @rule(data=st.data())
    def destroy_behavior(self, data):
        behavior, _ = self.pick(data, self.behaviors)
        if destroy(behavior):
            assert_stale(getattr, behavior, "items")

    @precondition(lambda self: self.behaviors)
    @rule(data=st.data())
    def edit_tree(self, data):
        """add/remove behaviors, children and items, across animators and after destroy too."""
        behavior, scene = self.pick(data, self.behaviors)
        animator = data.draw(st.sampled_from([scene.animator, scene.animator, scene.animator]
                                             + [s.animator for s in self.scenes]))
        what = data.draw(st.sampled_from(["add_behavior", "remove_behavior", "remove_all_behaviors", "add_child",
                                          "remove_child", "add_item", "remove_item", "self_child", "cycle",
                                          "not_a_behavior"]))
        if what == "add_behavior":
            call(animator.add_behavior, behavior)
        elif what == "remove_behavior":
            call(animator.remove_behavior, behavior)
        elif what == "remove_all_behaviors":
            call(animator.remove_all_behaviors)
        elif what in ("add_child", "remove_child"):
            other, _ = self.pick(data, self.behaviors)
            call(getattr(behavior, what), other)
        elif what in ("add_item", "remove_item"):
            call(getattr(behavior, what), self.draw_item(data, scene))
        elif what == "self_child":
            ok, _ = call(behavior.add_child, behavior)
            assert not ok, "a behavior cannot be its own child"
        elif what == "cycle":
            ok, parent = call(anima.Behavior, scene.animator)
            if ok and call(parent.add_child, behavior)[0]:
                ok, _ = call(behavior.add_child, parent)
                assert not ok, "a behavior cannot be the child of its own child"
                self.register_behavior(parent, scene)
        else:
            kind = data.draw(st.sampled_from(UNINITIALISED[2:]))
            call(animator.add_behavior, data.draw(st.sampled_from([None, 3, "gravity", animator,
                                                                   kind.__new__(kind)])))

    @rule(data=st.data())
    def uninitialised(self, data):
        """Objects made with __new__ and never initialised: used, passed around, initialised late."""
        cls = data.draw(st.sampled_from(UNINITIALISED))
        obj = cls.__new__(cls)
        scene = self.pick_scene(data)
        for name in readable_names(obj):
            call(getattr, obj, name)
        call(repr, obj)
        call(hash, obj)
        what = data.draw(st.sampled_from(["methods", "as_argument", "init"]))
        if what == "methods":
            for name in ("destroy", "step", "poses", "remove_all_behaviors", "remove_all_boundaries"):
                if hasattr(obj, name):
                    call(getattr(obj, name))
            for name in ("advance", "add_item", "add_child", "add_behavior", "items_in_rect"):
                if hasattr(obj, name):
                    call(getattr(obj, name), data.draw(st.sampled_from(
                        [0.1, None, (0, 0, 10, 10)] + [o for o, _ in self.items[:1] + self.behaviors[:1]])))
            for cls_, name, values in WRITABLE:
                if isinstance(obj, cls_) and data.draw(st.integers(0, 3)) == 0:
                    call(setattr, obj, name, data.draw(values))
        elif what == "as_argument":
            behaviors = self.behaviors_of(scene)
            if isinstance(obj, anima.Item):
                call(anima.Gravity, [obj])
                call(anima.Snap, obj, (0, 0))
                call(anima.Attachment, obj, (0, 0))
                if behaviors:
                    call(data.draw(st.sampled_from(behaviors)).add_item, obj)
                call(scene.animator.update_item_using_current_state, obj)
                call(scene.animator.fling, obj, (100, 0))
            elif isinstance(obj, anima.Behavior):
                call(scene.animator.add_behavior, obj)
                call(scene.animator.remove_behavior, obj)
                if behaviors:
                    call(data.draw(st.sampled_from(behaviors)).add_child, obj)
            else:
                call(anima.Item, obj)
                call(anima.Behavior, obj)
                call(anima.Gravity, [], animator=obj)
        else:
            # initialised late, it is an ordinary object
            if cls is anima.Animator:
                ok, _ = call(obj.__init__, (0, 0, 320, 568))
                if ok and len(self.live_scenes()) < MAX_ANIMATORS:
                    self.scenes.append(Scene(obj, 60.0, 120.0))
                elif ok:
                    call(obj.destroy)
            elif cls is anima.Item:
                ok, _ = call(obj.__init__, scene.animator, center=data.draw(sane_point))
                if ok:
                    self.remember(self.items, (obj, scene))
            elif cls in (anima.Behavior,):
                ok, _ = call(obj.__init__, scene.animator)
                if ok:
                    self.install(obj, scene, data)
            elif cls in (anima.Gravity, anima.Collision, anima.ItemBehavior, anima.Push):
                ok, _ = call(obj.__init__, self.items_of(scene)[:2], animator=scene.animator)
                if ok:
                    self.install(obj, scene, data)
            else:
                items = self.items_of(scene)
                if items:
                    args = {anima.Attachment: (items[0], (0.0, 0.0)), anima.Snap: (items[0], (10.0, 10.0)),
                            anima.Field: ("vortex", items[:3])}[cls]
                    ok, _ = call(obj.__init__, *args)
                    if ok:
                        self.install(obj, scene, data)

    @rule(data=st.data())
    def set_property(self, data):
        """Table-driven: one writable property of one object to one value, then read back."""
        cls, name, values = data.draw(st.sampled_from(WRITABLE))
        candidates = [obj for obj in self.all_objects() if isinstance(obj, cls)]
        if not candidates:
            return
        obj = data.draw(st.sampled_from(candidates))
        value = data.draw(values)
        ok, _ = call(setattr, obj, name, value)
        call(getattr, obj, name)
        if ok and name in ("center", "velocity") and isinstance(obj, anima.Item):
            got = obj.center if name == "center" else obj.velocity
            assert finite(*got), (name, value, got)

    @rule(data=st.data())
    def set_property_of_wrong_kind(self, data):
        """A property or method of one behavior kind used on another kind: TypeError."""
        cls, name, values = data.draw(st.sampled_from(
            [entry for entry in WRITABLE if entry[0] in BEHAVIOR_KINDS]))
        wrong = [b for b, _ in self.behaviors if not isinstance(b, cls)] + [i for i, _ in self.items]
        if not wrong:
            return
        obj = data.draw(st.sampled_from(wrong))
        descriptor = cls.__dict__.get(name)
        if descriptor is None:
            return
        ok, error = call(descriptor.__set__, obj, data.draw(values))
        assert not ok and isinstance(error, TypeError), error
        method = data.draw(st.sampled_from(["set_angle", "add_boundary", "remove_all_boundaries",
                                            "add_linear_velocity", "target_offset", "remove_boundary"]))
        owner = next(c for c in BEHAVIOR_KINDS if method in c.__dict__)
        if not isinstance(obj, owner):
            ok, error = call(owner.__dict__[method], obj, "x", (0, 0), (1, 1))
            assert not ok and isinstance(error, TypeError), error

    @rule(data=st.data())
    def read_everything(self, data):
        """Every readable property of some objects, and their repr, equality and hash."""
        for _ in range(data.draw(st.integers(1, 3))):
            obj = self.draw_object(data)
            for name in readable_names(obj):
                ok, value = call(getattr, obj, name)
                if ok and isinstance(obj, anima.Item) and name in ("center", "velocity", "mass"):
                    assert finite(*(value if isinstance(value, tuple) else (value,))), (name, value)
            call(repr, obj)
            call(hash, obj)
            call(lambda: obj == obj)

    @precondition(lambda self: self.behaviors)
    @rule(data=st.data())
    def behavior_method(self, data):
        """The methods of each behavior kind, with good and bad arguments."""
        behavior, scene = self.pick(data, self.behaviors)
        item = self.draw_item(data, scene)
        if isinstance(behavior, (anima.Gravity, anima.Push)) and data.draw(st.booleans()):
            call(behavior.set_angle, data.draw(angle), data.draw(positive))
        if isinstance(behavior, anima.Collision):
            choice = data.draw(st.integers(0, 6))
            names = list(value_of(lambda: behavior.boundary_identifiers)) + ["missing"]
            if choice == 0:
                call(behavior.add_boundary, data.draw(boundary_name), data.draw(point), data.draw(point))
            elif choice == 1:
                call(behavior.add_boundary_path, data.draw(boundary_name), data.draw(boundary_path))
            elif choice == 2:
                call(behavior.boundary, data.draw(st.sampled_from(names)))
            elif choice == 3:
                call(behavior.remove_boundary, data.draw(st.sampled_from(names)))
            elif choice == 4:
                call(behavior.remove_all_boundaries)
            elif choice == 5:
                call(behavior.set_translates_reference_bounds_into_boundary, data.draw(insets))
            else:
                for name in names[:-1]:
                    call(behavior.remove_boundary, name)
                call(setattr, behavior, "translates_reference_bounds_into_boundary", False)
        if isinstance(behavior, anima.ItemBehavior):
            call(behavior.add_linear_velocity, item, data.draw(point))
            call(behavior.linear_velocity, item)
            call(behavior.add_angular_velocity, item, data.draw(angle))
            call(behavior.angular_velocity, item)
        if isinstance(behavior, anima.Push):
            call(behavior.set_target_offset, item, data.draw(point))
            call(behavior.target_offset, item)
        if isinstance(behavior, anima.Field) and data.draw(st.booleans()):
            evaluate = data.draw(st.sampled_from(["mine", "mine", None, 42]))
            if evaluate == "mine":
                evaluate = self.make_callback("evaluate", scene, behavior)
            call(setattr, behavior, "evaluate", evaluate)
        if data.draw(st.integers(0, 4)) == 0:
            # a second __init__ of a live behavior
            ok, _ = call(behavior.__init__, scene.animator)
            if ok:
                note_unexpected(f"second __init__ of {behavior!r} was accepted")

    @rule(data=st.data())
    def set_callbacks(self, data):
        """Install, replace or clear callbacks of every kind, or set something not callable."""
        scene = self.pick_scene(data)
        behaviors = self.behaviors_of(scene)
        what = data.draw(st.sampled_from(["will_resume", "did_pause", "action", "began", "ended", "evaluate"]))
        value = data.draw(st.sampled_from(["mine", "mine", "mine", None, 42, "text"]))
        if what in ("will_resume", "did_pause"):
            obj, name = scene.animator, "on_" + what
        else:
            kind = {"action": anima.Behavior, "began": anima.Collision, "ended": anima.Collision,
                    "evaluate": anima.Field}[what]
            behaviors = [b for b in behaviors if isinstance(b, kind)]
            if not behaviors:
                return
            obj = data.draw(st.sampled_from(behaviors))
            name = {"action": "action", "began": "on_began_contact", "ended": "on_ended_contact",
                    "evaluate": "evaluate"}[what]
        if value == "mine":
            value = self.make_callback(what, scene, obj if isinstance(obj, anima.Behavior) else None)
        elif name == "action" and "action" in type(obj).__dict__ and value is not None:
            # On a subclass that defines `action`, assigning it only shadows the method in the
            # instance's __dict__ (plain Python), and a non-callable then fails at the next step
            # as the user's own TypeError: nothing the binding can refuse.
            return
        call(setattr, obj, name, value)

    @rule(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
    def advance(self, data, rng_seed):
        """advance, step or run_until_rest within the step budget, or with refused values."""
        self.rng.seed(rng_seed)
        scene = self.pick_scene(data)
        animator = scene.animator
        how = data.draw(st.sampled_from(["advance", "advance", "advance", "step", "step", "run_until_rest", "bad"]))
        before = self.steps_now()
        live = animator.is_valid
        count = animator.step_count if live else 0
        budget_seconds = max(0.0, self.steps_left / scene.step_rate)
        if how == "advance":
            seconds = min(data.draw(st.one_of(
                st.sampled_from([1 / 60, 0.1, 0.25, 0.5, 1 / 120, 0.0, 5e-324, 0.999 / scene.step_rate]),
                st.floats(0, 0.5))), budget_seconds, scene.max_advance)
            drive(animator, "advance", seconds)
        elif how == "step":
            if self.steps_left > 0:
                drive(animator, "step")
        elif how == "run_until_rest":
            # frames of ordinary sizes (a frame under 1e-6 s is refused: see "bad")
            frame = data.draw(st.sampled_from([1 / 60, 1 / 30, 1 / 120, 0.1, 0.25]))
            frame = min(frame, scene.max_advance)
            max_seconds = min(data.draw(st.floats(0, 1)), budget_seconds, 400 * frame)
            drive(animator, "run_until_rest", max_seconds=max_seconds, frame=frame)
        else:
            refused = [-1e-9, -1.0, NAN, INF, -INF, "1", None, 10**400]
            if data.draw(st.booleans()):
                value = data.draw(st.sampled_from(refused + [1e300, scene.max_advance * 1.5 + 1e-3]))
                ok, error = drive(animator, "advance", value)
            else:
                # (a huge max_seconds is a request to run that long, and a huge frame is only
                # refused once the animator runs a frame: neither is a refused value here)
                frame_or_max = data.draw(st.sampled_from(["frame", "max_seconds"]))
                tiny = [5e-324, 1e-7, 0.0] if frame_or_max == "frame" else []
                value = data.draw(st.sampled_from(refused + tiny))
                ok, error = drive(animator, "run_until_rest", **{frame_or_max: value})
            assert not ok, f"advance-like call with {value!r} was accepted"
            if live and animator.is_valid:
                assert animator.step_count == count, "a refused advance runs nothing"
        ran = max(0, self.steps_now() - before)
        self.steps_left -= ran
        Ledger.steps += ran

    # Rules are drawn with equal weight: these three and `advance` let time pass, so that
    # callbacks run often (and a frame passes after every rule as well; see the invariants).
    @rule(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
    def advance_again(self, data, rng_seed):
        self.advance(data, rng_seed)

    @rule(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
    def advance_once_more(self, data, rng_seed):
        self.advance(data, rng_seed)

    @rule(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
    def advance_yet_again(self, data, rng_seed):
        self.advance(data, rng_seed)

    @rule(data=st.data())
    def animate(self, data):
        """View animations: tweens, springs, keyframes, staggers, with edge durations and repeats."""
        scene = self.pick_scene(data)
        animator = scene.animator
        options = data.draw(timing_options())
        options.update(data.draw(st.fixed_dictionaries({}, optional={
            "delay": duration, "repeat_count": repeat_count, "autoreverses": boolean,
            "stagger": st.one_of(st.floats(0, 0.2), number)})))
        keyframes = data.draw(st.integers(0, 3)) == 0
        completion = data.draw(st.sampled_from(["mine", "mine", None, 42]))
        if completion == "mine":
            completion = self.make_callback("completion", scene)
        length = data.draw(duration)
        if keyframes:
            options.pop("stagger", None)
            for k in ("spring", "damping_ratio", "response", "damping_fraction", "bounce", "initial_velocity"):
                if data.draw(st.integers(0, 3)):
                    options.pop(k, None)
            options["mode"] = data.draw(st.sampled_from(["linear", "paced", "cubic", "spline", None]))
            ok, block = call(animator.animate_keyframes, length, completion=completion, **options)
        else:
            ok, block = call(animator.animate, length, completion=completion, **options)
        if not ok:
            return
        targets = data.draw(st.lists(st.tuples(
            st.integers(0, 10**6), st.sampled_from(["center", "size", "transform", "alpha", "velocity"])),
            max_size=4))
        mistake = data.draw(st.sampled_from([None] * 6 + ["raise", "nested", "destroy", "advance", "commit"]))
        was_recording = animator.is_valid and animator.is_recording_animation
        animation = None
        try:
            with block as animation:
                for n, (pick, name) in enumerate(targets):
                    if keyframes and data.draw(st.booleans()):
                        start, span = data.draw(st.sampled_from(
                            [(0, 0.5), (0.5, 0.5), (0, 1), (0.9, 0.2), (-0.1, 0.5), (NAN, 0.1), (0, 0), (1, 0)]))
                        ok, window = call(animation.keyframe, start, span)
                        if ok:
                            with window:
                                self.record_target(data, scene, pick, name)
                            continue
                    self.record_target(data, scene, pick, name)
                    if n == 1 and mistake == "nested":
                        ok, inner = call(animator.animate, 0.5)
                        if ok:
                            ok, _ = call(inner.__enter__)
                            assert not ok, "nested animation blocks must be refused"
                    if n == 1 and mistake == "destroy" and self.items_of(scene):
                        call(data.draw(st.sampled_from(self.items_of(scene))).destroy)
                    if n == 1 and mistake == "advance":
                        drive(animator, "advance", min(1 / 60, scene.max_advance))
                    if n == 1 and mistake == "commit":
                        call(animator._commit_animation, None)
                if mistake == "raise":
                    raise Boom("inside an animation block")
        except Boom:
            pass
        except ALLOWED:
            pass
        except OVERFLOW_FROM_HUGE_INT:
            if options.get("repeat_count") != 10**400:
                raise
        if animator.is_valid and not was_recording:
            assert not animator.is_recording_animation, "an animation block left the animator recording"
        if animation is not None:
            self.remember(self.animations, (animation, scene))

    def record_target(self, data, scene, pick, name):
        items = [item for item, owner in self.items if owner is scene] or [i for i, _ in self.items]
        if not items:
            return
        item = items[pick % len(items)]
        value = {"center": point, "size": size, "transform": transform, "alpha": unit, "velocity": point}[name]
        call(setattr, item, name, data.draw(value))

    @rule(data=st.data())
    def fling(self, data):
        scene = self.pick_scene(data)
        item = self.draw_item(data, scene)
        prop = data.draw(st.sampled_from(["center", "size", "transform", "alpha", "colour"]))
        count = {"center": 2, "size": 2, "transform": 5, "alpha": 1}.get(prop, 2)
        velocity = data.draw(st.one_of(
            st.lists(st.floats(-3000, 3000), min_size=count, max_size=count),
            st.lists(number, min_size=count, max_size=count),
            st.sampled_from([(), (1.0,) * 7, None, "vv"])))
        kwargs = data.draw(st.fixed_dictionaries({}, optional={
            "rate": st.sampled_from(["normal", "fast", "slow", 0.5, 0.998, 0.0, 1.0, 1.5, NAN]),
            "time_constant": st.one_of(st.none(), st.floats(0.05, 2), number),
            "snap": st.one_of(st.none(), st.floats(1, 200), number),
            "lower": st.sampled_from([None, (None, 0), (0, 0), (NAN, 0), (1e300, 1e300), (0,) * 5]),
            "upper": st.sampled_from([None, (None, 500), (320, 568), (-1e300, -1e300), (INF, INF)]),
            "bound_spring": st.sampled_from([None, (1, 200, 20), (0, 0, 0), (1, 100, 0), (NAN, 1, 1)]),
            "rest_distance": st.one_of(st.floats(0.01, 5), number),
        }))
        completion = self.make_callback("completion", scene) if data.draw(st.booleans()) else None
        ok, animation = call(scene.animator.fling, item, velocity, property=prop, completion=completion,
                             _also=OVERFLOW_FROM_HUGE_INT, **kwargs)
        if ok:
            self.remember(self.animations, (animation, scene))

    @rule(data=st.data())
    def timeline(self, data):
        scene = self.pick_scene(data)
        animator = scene.animator
        ok, timeline = call(animator.timeline)
        if not ok:
            return
        try:
            with timeline:
                for k in range(data.draw(st.integers(0, 3))):
                    ok, block = call(animator.animate, data.draw(duration), delay=data.draw(duration))
                    if ok:
                        with block as animation:
                            self.record_target(data, scene, k, data.draw(st.sampled_from(["center", "alpha"])))
                        self.remember(self.animations, (animation, scene))
                if data.draw(st.integers(0, 5)) == 0:
                    raise Boom("inside a timeline block")
        except (Boom, *ALLOWED):
            pass
        self.remember(self.timelines, (timeline, scene))

    @precondition(lambda self: self.animations or self.timelines)
    @rule(data=st.data())
    def control_animation(self, data):
        """Property-animator controls on animations, ended ones and made-up ids included."""
        if self.timelines and data.draw(st.integers(0, 3)) == 0:
            timeline, scene = data.draw(st.sampled_from(self.timelines))
            what = data.draw(st.sampled_from(["seek", "play", "pause", "duration", "release", "raw"]))
            if what == "seek":
                call(timeline.seek, data.draw(duration))
            elif what == "duration":
                call(getattr, timeline, "duration")
            elif what == "release":
                call(scene.animator._release_timeline, timeline._id)
            elif what == "raw":
                bogus = data.draw(st.sampled_from([0, -1, 2**63, 2**64, 10**30, 1.5, None]))
                call(scene.animator._seek_timeline, bogus, 0.5)
                call(scene.animator._timeline_duration, bogus)
            else:
                call(getattr(timeline, what))
            return
        if not self.animations:
            return
        animation, scene = data.draw(st.sampled_from(self.animations))
        what = data.draw(st.sampled_from(["pause", "resume", "fraction", "reverse", "continue", "stop", "cancel",
                                          "state", "raw", "cancel_all", "begin_without_commit", "commit_nothing"]))
        animator = scene.animator
        if what == "pause":
            call(animation.pause)
        elif what == "resume":
            call(animation.resume)
        elif what == "fraction":
            call(setattr, animation, "fraction_complete", data.draw(unit))
        elif what == "reverse":
            call(setattr, animation, "is_reversed", data.draw(boolean))
        elif what == "continue":
            call(animation.continue_animation, data.draw(st.one_of(st.floats(0, 3), number)),
                 **data.draw(timing_options()))
        elif what == "stop":
            call(animation.stop, data.draw(st.sampled_from(["end", "start", "current", "middle", None])))
        elif what == "cancel":
            call(animation.cancel)
        elif what == "state":
            for name in READABLE[anima.Animation]:
                call(getattr, animation, name)
            call(repr, animation)
        elif what == "raw":
            bogus = data.draw(st.sampled_from([0, -1, 1, 2**63, 2**64, 10**30, 1.5, None, animation._id]))
            for method, args in (("is_animation_active", ()), ("pause_animation", ()), ("resume_animation", ()),
                                 ("animation_fraction", ()), ("animation_paused", ()), ("animation_reversed", ()),
                                 ("cancel_animation", ()), ("set_animation_fraction", (0.5,)),
                                 ("set_animation_reversed", (True,)), ("stop_animation", ("end",)),
                                 ("continue_animation", (2.0,))):
                call(getattr(animator, "_" + method), bogus, *args)
        elif what == "cancel_all":
            call(animator.cancel_all_animations)
        elif what == "begin_without_commit":
            ok, _ = call(animator._begin_animation, duration=data.draw(duration))
            if ok:
                for item in self.items_of(scene)[:2]:
                    call(setattr, item, "center", data.draw(point))
                # leave the animator recording for a while: later rules see it so
                if data.draw(st.booleans()):
                    call(animator._discard_animation)
        else:
            call(animator._commit_animation, None)
            call(animator._discard_animation)
            call(animator._add_keyframe, 0.0, 1.0)

    @rule(data=st.data())
    def timing(self, data):
        ok, timing = call(anima.Timing, data.draw(duration), **data.draw(timing_options()))
        if ok:
            call(timing.progress, data.draw(st.one_of(st.floats(-1, 5), number)))
            call(timing.velocity, data.draw(st.one_of(st.floats(-1, 5), number)))
            call(getattr, timing, "duration")
            call(timing.css_linear, data.draw(st.sampled_from([0.001, 0.01, 1e-5, 1.0, 0.0, 2.0, NAN, -1.0])))

    @rule(data=st.data())
    def record_and_render(self, data):
        """Records a few frames with `anima.render.Recorder` (callbacks may change the scene meanwhile)
        and renders them: the SVG is a document with finite numbers only."""
        scene = self.pick_scene(data)
        animator = scene.animator
        frame = data.draw(st.sampled_from([1 / 60, 1 / 30, 0.1]))
        if not animator.is_valid or self.steps_left < 4 * scene.step_rate * frame:
            return
        ok, recorder = call(Recorder, animator, frame=frame)
        if not ok:
            return
        before = self.steps_now()
        Ledger.running.append(animator)
        try:
            ok, _ = call(recorder.run, data.draw(st.sampled_from([frame, 2 * frame, 3 * frame])), _also=ON_PURPOSE)
        finally:
            Ledger.running.pop()
        ran = max(0, self.steps_now() - before)
        self.steps_left -= ran
        Ledger.steps += ran
        if ok and recorder.recording.frame_count:
            svg = recorder.to_svg()
            assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), svg[:80]
            assert "nan" not in svg and "inf" not in svg, "a recording rendered a non-finite number"
            Ledger.renders += 1

    @rule(data=st.data())
    def queries(self, data):
        """Poses, buffers, items_in_rect, update_item_using_current_state."""
        scene = self.pick_scene(data)
        animator = scene.animator
        call(animator.items_in_rect, data.draw(rect))
        ok, poses = call(animator.poses)
        if ok:
            n = len(poses)
            assert poses.shape == (n, 3) and poses.dtype == np.float64 and not poses.flags.writeable
            call(poses.__getitem__, data.draw(st.sampled_from([0, -1, n, n - 1, -n - 1, 2**63, "0"])),
                 _also=SEQUENCE_INDEX)
            assert np.isfinite(poses).all(), "a pose is not finite"
            self.events.append(poses) if len(self.events) < 16 else None
        n = len(value_of(lambda: animator.items))
        buffer = data.draw(st.sampled_from(["exact", "short", "long", "float", "bytes", "strided", "none", "empty"]))
        target = {
            "exact": lambda: array.array("d", bytes(8 * 3 * n)),
            "short": lambda: array.array("d", bytes(8 * max(0, 3 * n - 1))),
            "long": lambda: array.array("d", bytes(8 * (3 * n + 7))),
            "float": lambda: array.array("f", bytes(4 * 3 * n)),
            "bytes": lambda: bytes(8 * 3 * n),
            "strided": lambda: memoryview(array.array("d", bytes(16 * 3 * n)))[::2],
            "none": lambda: None,
            "empty": lambda: bytearray(),
        }[buffer]()
        call(animator.copy_poses_into, target)
        call(animator.copy_states_into, target)
        call(animator.update_item_using_current_state, self.draw_item(data, scene))

    @precondition(lambda self: len(self.scenes) >= 2 and self.items and self.behaviors)
    @rule(data=st.data())
    def wrong_animator(self, data):
        """Objects of one animator handed to another: refused, and nothing changes."""
        behavior, scene = self.pick(data, self.behaviors)
        others = [(item, owner) for item, owner in self.items if owner is not scene]
        if not others:
            return
        item, owner = data.draw(st.sampled_from(others))
        what = data.draw(st.sampled_from(["add_item", "add_behavior", "update", "attach", "child", "animate"]))
        if what == "add_item":
            ok, _ = call(behavior.add_item, item)
            assert not ok, "an item of another animator was accepted"
        elif what == "add_behavior":
            ok, _ = call(owner.animator.add_behavior, behavior)
            assert not ok, "a behavior of another animator was added"
        elif what == "update":
            ok, _ = call(scene.animator.update_item_using_current_state, item)
            assert not ok, "an item of another animator was updated"
        elif what == "attach":
            mine = self.items_of(scene)
            if mine:
                ok, _ = call(anima.Attachment, data.draw(st.sampled_from(mine)), to=item)
                assert not ok, "an attachment across animators was made"
        elif what == "child":
            foreign = [b for b, s in self.behaviors if s is not scene]
            if foreign:
                ok, _ = call(behavior.add_child, data.draw(st.sampled_from(foreign)))
                assert not ok, "a child of another animator was accepted"
        else:
            ok, block = call(scene.animator.animate, 0.5)
            if ok:
                try:
                    with block:
                        call(setattr, item, "center", data.draw(point))
                except ALLOWED:
                    pass

    @rule(data=st.data())
    def forget(self, data):
        """Drop references (the engine keeps what it needs alive) and collect."""
        for pool in (self.items, self.behaviors, self.animations, self.timelines, self.events):
            if pool and data.draw(st.booleans()):
                del pool[data.draw(st.integers(0, len(pool) - 1))]
        if data.draw(st.booleans()):
            self.events.clear()
        if data.draw(st.booleans()):
            gc.collect()

    # ------------------------------------------------------- invariants

    def all_objects(self):
        return ([s.animator for s in self.scenes] + [i for i, _ in self.items] + [b for b, _ in self.behaviors]
                + [a for a, _ in self.animations])

    @invariant()
    def nothing_unexpected(self):
        assert not Ledger.unexpected, Ledger.unexpected
        assert not Ledger.running and not Ledger.owners and Ledger.depth == 0

    @invariant()
    def items_are_finite_and_animators_step(self):
        # A frame passes after every rule, with callbacks on, so that they run often ...
        for scene in self.live_scenes():
            # (a callback of the animator before may have destroyed this one)
            if self.steps_left > 0 and scene.animator.is_valid:
                before = scene.animator.step_count
                drive(scene.animator, "advance", min(1 / 60, scene.max_advance, self.steps_left / scene.step_rate))
                if scene.animator.is_valid:
                    ran = scene.animator.step_count - before
                    self.steps_left -= ran
                    Ledger.steps += ran
        assert not Ledger.unexpected, Ledger.unexpected
        # ... then every item must be finite, and a step without callbacks must work.
        Ledger.quiet = True
        try:
            for scene in self.live_scenes():
                animator = scene.animator
                for item in animator.items:
                    assert item.is_valid
                    x, y = item.center
                    vx, vy = item.velocity
                    values = (x, y, vx, vy, item.angular_velocity, item.rotation, item.mass)
                    assert finite(*values), (f"{item!r}: center, velocity, angular velocity, rotation, mass = "
                                             f"{values}; the lightest items: {lightest(animator)}")
                was_running = animator.is_running
                count = animator.step_count
                Ledger.calls += 1
                animator.step()
                if was_running:
                    assert animator.step_count == count + 1
                else:
                    assert animator.step_count == count
        finally:
            Ledger.quiet = False


# ------------------------------------------------- what callbacks may do

def op_read(machine, scene, subject):
    pool = machine.items_of(scene) or [i for i, _ in machine.items]
    if pool:
        item = machine.rng.choice(pool)
        for name in ("center", "velocity", "mass", "is_resting", "transform", "path"):
            call(getattr, item, name)
    call(lambda: scene.animator.items)
    call(lambda: scene.animator.behaviors)
    call(scene.animator.poses)
    call(scene.animator.items_in_rect, (0, 0, 320, 568))


def op_move(machine, scene, subject):
    pool = machine.items_of(scene)
    if pool:
        item = machine.rng.choice(pool)
        name = machine.rng.choice(["center", "velocity", "size", "alpha", "transform", "angular_velocity"])
        value = {
            "center": (machine.rng.uniform(0, 320), machine.rng.uniform(0, 568)),
            "velocity": (machine.rng.uniform(-500, 500), machine.rng.choice([0.0, NAN, 1e300, 300.0])),
            "size": (machine.rng.choice([0.001, 5e-324, 30.0, 1e7]), 20.0),
            "alpha": machine.rng.choice([0.0, 0.5, 2.0, NAN]),
            "transform": machine.rng.choice([anima.Transform(), (0.5, 2, 2, 0, 0), (0, 0, 1, 0, 0)]),
            "angular_velocity": machine.rng.choice([0.0, 3.0, 1e300]),
        }[name]
        call(setattr, item, name, value)


def op_create(machine, scene, subject):
    ok, item = call(anima.Item, scene.animator, center=(machine.rng.uniform(0, 320), 20.0), size=(12, 12))
    if ok:
        machine.remember(machine.items, (item, scene))
        behaviors = machine.behaviors_of(scene)
        if behaviors:
            call(machine.rng.choice(behaviors).add_item, item)
        ok, mass = call(getattr, item, "mass")
        if ok and not (math.isfinite(mass) and mass > 0):
            note_unexpected(f"mass {mass} of a new item")


def op_swarm(machine, scene, subject):
    if machine.rng.random() < 0.3:
        machine.swarm(scene)


def op_destroy_item(machine, scene, subject):
    pool = machine.items_of(scene)
    if pool:
        item = machine.rng.choice(pool)
        ok, _ = call(item.destroy)
        if ok and item.is_valid:
            note_unexpected("an item destroyed in a callback is still valid")


def op_destroy_behavior(machine, scene, subject):
    pool = machine.behaviors_of(scene)
    if subject is not None and machine.rng.random() < 0.3:
        call(subject.destroy)
    elif pool:
        call(machine.rng.choice(pool).destroy)


def op_tree(machine, scene, subject):
    pool = machine.behaviors_of(scene)
    if not pool:
        return
    behavior = machine.rng.choice(pool)
    choice = machine.rng.randrange(6)
    if choice == 0:
        call(scene.animator.add_behavior, behavior)
    elif choice == 1:
        call(scene.animator.remove_behavior, behavior)
    elif choice == 2:
        call(machine.rng.choice(pool).add_child, behavior)
    elif choice == 3:
        call(scene.animator.remove_all_behaviors)
    elif choice == 4:
        ok, gravity = call(anima.Gravity, machine.items_of(scene)[:3], animator=scene.animator)
        if ok:
            call(scene.animator.add_behavior, gravity)
            machine.register_behavior(gravity, scene)
    else:
        ok, collision = call(anima.Collision, machine.items_of(scene)[:4], animator=scene.animator)
        if ok:
            call(collision.add_boundary, "floor", (0, 560), (320, 560))
            call(scene.animator.add_behavior, collision)
            machine.register_behavior(collision, scene)


def op_busy(machine, scene, subject):
    """advance, step, run_until_rest or destroy of an animator under way: BusyError."""
    method = machine.rng.choice(["advance", "step", "run_until_rest", "destroy"])
    targets = Ledger.running + Ledger.owners
    animator = machine.rng.choice(targets) if targets else scene.animator
    if method == "advance":
        machine.expect_busy(animator, "advance", 1 / 60)
    else:
        machine.expect_busy(animator, method)


def op_other_animator(machine, scene, subject):
    """Advance (a little) or destroy another animator from inside a callback."""
    others = [s for s in machine.live_scenes()
              if not any(s.animator is a for a in Ledger.running + Ledger.owners)]
    if not others:
        return
    other = machine.rng.choice(others)
    if machine.rng.random() < 0.15:
        ok, result = call(other.animator.destroy)
        if not ok:
            note_unexpected(f"destroying an idle animator from a callback: {result!r}")
    elif Ledger.depth < MAX_DEPTH - 1:
        drive(other.animator, "advance", min(2.0 / other.step_rate, other.max_advance))


def op_raise(machine, scene, subject):
    roll = machine.rng.random()
    if roll < 0.4:
        raise Boom("raised in a callback")
    if roll < 0.5:
        raise Halt("raised in a callback")


def op_animate(machine, scene, subject):
    pool = machine.items_of(scene)
    if not pool:
        return
    ok, block = call(scene.animator.animate, machine.rng.choice([0.0, 1e-6, 0.1, 0.5, 5e-324, INF]),
                     repeat_count=machine.rng.choice([1, 2, INF]), autoreverses=machine.rng.random() < 0.5,
                     completion=machine.make_callback("completion", scene))
    if ok:
        try:
            with block as animation:
                call(setattr, machine.rng.choice(pool), "center", (machine.rng.uniform(0, 320), 300.0))
            machine.remember(machine.animations, (animation, scene))
        except ALLOWED:
            pass


def op_callbacks(machine, scene, subject):
    """Replace or clear callbacks from inside a callback (the subject's own included)."""
    if subject is not None and machine.rng.random() < 0.5:
        if isinstance(subject, anima.Field) and machine.rng.random() < 0.5:
            call(setattr, subject, "evaluate", machine.rng.choice([None, machine.make_callback("evaluate", scene, subject)]))
        elif not isinstance(subject, (ChaosBehavior, ChaosCollision)):
            call(setattr, subject, "action", machine.rng.choice([None, machine.make_callback("action", scene, subject)]))
        else:
            call(setattr, subject, "at_rest", machine.rng.random() < 0.5)
    else:
        name = machine.rng.choice(["on_will_resume", "on_did_pause"])
        call(setattr, scene.animator, name, machine.rng.choice([None, machine.make_callback(name[3:], scene)]))


def op_bounds(machine, scene, subject):
    call(setattr, scene.animator, "reference_bounds",
         machine.rng.choice([None, (0, 0, 320, 568), (0, 0, 1, 1), (0, 0, NAN, 1), (-1e9, -1e9, 2e9, 2e9)]))


CALLBACK_OPERATIONS = [op_read, op_read, op_move, op_move, op_create, op_swarm, op_destroy_item,
                       op_destroy_behavior, op_tree, op_busy, op_busy, op_other_animator, op_raise, op_animate,
                       op_callbacks, op_bounds]


# ------------------------------------------------------------------ running

def _int_from_environment(name, default):
    value = os.environ.get(name)
    return int(value) if value else default


#: The default run: deterministic (derandomised, no example database) and short.
EXAMPLES = _int_from_environment("ANIMA_STATEFUL_EXAMPLES", 120)
STEPS = _int_from_environment("ANIMA_STATEFUL_STEPS", 50)
SEED = os.environ.get("ANIMA_STATEFUL_SEED")


def run(seed_value=None, examples=EXAMPLES, steps=STEPS, shrink=True):
    """Runs the machine as one Hypothesis test: derandomised, or from `seed_value`."""
    phases = tuple(Phase) if shrink else (Phase.explicit, Phase.generate)
    config = settings(max_examples=examples, stateful_step_count=steps, derandomize=seed_value is None,
                      database=None, deadline=None, print_blob=True, phases=phases,
                      suppress_health_check=list(HealthCheck))
    machine = AnimaMachine
    if seed_value is not None:
        machine = seed(seed_value)(type("SeededAnimaMachine", (AnimaMachine,), {}))
    run_state_machine_as_test(machine, settings=config)


def test_random_programs_never_kill_the_interpreter():
    renders, steps = Ledger.renders, Ledger.steps
    run(seed_value=int(SEED) if SEED is not None else None)
    # the programs did step the scenes and render recordings of them
    assert Ledger.steps > steps and Ledger.renders > renders, (Ledger.steps - steps, Ledger.renders - renders)
