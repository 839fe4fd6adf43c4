"""Animators as values: snapshot bytes, restore, the state digest, pickle and copy.

The engine is deterministic, so a restored or unpickled animator stepped N times must be in
exactly the state of the original stepped N times: the tests compare whole states through
`state_hash()` (a digest of the snapshot bytes) and poses bit for bit, not within a tolerance.
"""

import copy
import os
import pickle
import subprocess
import sys
import zlib

import cloudpickle
import pytest

import anima

from conftest import REPOSITORY, SCREEN

sys.path.insert(0, str(REPOSITORY / "examples" / "python"))
import scenes  # noqa: E402  (the seed scenes as the examples build them)

FRAME = 1 / 60


def advance(animator, frames):
    for _ in range(frames):
        animator.advance(FRAME)


def falling_pile(count=12):
    """Boxes and balls falling into the screen's floor: contacts, friction, sleeping."""
    anim = anima.Animator(SCREEN)
    items = [anima.Item(anim, center=(60 + 37 * (i % 6), 80 + 45 * (i // 6)), size=(30, 30),
                        shape="ellipse" if i % 2 else "rectangle", rotation=0.1 * i) for i in range(count)]
    anim.add_behavior(anima.Gravity(items))
    anim.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
    return anim, items


def _acting(anim, action):
    """A plain behavior of anim running `action` after every step."""
    behavior = anima.Behavior(anim)
    behavior.action = action
    return behavior


# ------------------------------------------------------------------ snapshot and restore


@pytest.mark.parametrize("builder", scenes.ALL_SCENES, ids=lambda b: b.__name__)
@pytest.mark.parametrize("cut", [1, 30, 97])
def test_every_seed_scene_replays_bit_for_bit_after_an_unpickle(builder, cut):
    """Each seed scene, cut after 1, 30 or 97 frames (before, during and after its contacts),
    pickled with its Python callbacks (cloudpickle: the scenes' delegates are closures) and
    stepped on: both animators pass through identical states for 120 more frames."""
    scene = builder()
    anim = scene.animator
    if scene.tap is not None:
        scene.tap(scene.taps[0])      # a scene driven by taps (snap, push) moves after one
    advance(anim, cut)
    copy_scene = cloudpickle.loads(cloudpickle.dumps(scene))
    twin = copy_scene.animator
    assert twin is not anim and twin.state_hash() == anim.state_hash()
    assert twin.detached_callbacks == ()
    for frame in range(120):
        anim.advance(FRAME)
        twin.advance(FRAME)
        if frame % 20 == 19:
            assert twin.state_hash() == anim.state_hash(), f"{builder.__name__}: apart {frame + 1} frames after the cut"
    assert twin.poses().tobytes() == anim.poses().tobytes()
    for name, ball in scene.balls.items():
        twin_ball = copy_scene.balls[name]
        assert twin_ball.animator is twin and twin_ball.id == ball.id
        assert (twin_ball.center, twin_ball.alpha) == (ball.center, ball.alpha)


def test_restore_mid_contact_replays_the_pile_bit_for_bit():
    anim, _ = falling_pile()
    advance(anim, 50)            # the first row lands on the floor
    assert anim.began_contacts or anim.ended_contacts or any(not i.is_resting for i in anim.items)
    twin = anima.Animator.restore(anim.snapshot())
    assert type(twin) is anima.Animator and twin.step_count == anim.step_count
    for _ in range(200):
        anim.advance(FRAME)
        twin.advance(FRAME)
        assert twin.poses().tobytes() == anim.poses().tobytes()
    assert twin.state_hash() == anim.state_hash()


def test_restore_mid_animation_finishes_the_animation_with_its_completion():
    anim = anima.Animator(SCREEN)
    card = anima.Item(anim, center=(40, 40), size=(50, 50))
    ended = []
    with anim.animate(1.0, curve="ease_in_out", completion=ended.append) as animation:
        card.center = (280, 500)
        card.alpha = 0.25
    advance(anim, 20)
    assert animation.is_active
    twin = pickle.loads(pickle.dumps(anim))
    assert len(twin._completions) == 1
    for _ in range(60):
        anim.advance(FRAME)
        twin.advance(FRAME)
    assert ended == [True]
    assert anim.state_hash() == twin.state_hash()
    twin_card = twin.find_item(card.id)
    assert twin_card.center == card.center == (280, 500) and twin_card.alpha == card.alpha == 0.25
    assert twin._completions == {} and anim._completions == {}


def test_animation_objects_pickle_with_their_animator_and_report_how_they_ended():
    anim = anima.Animator(SCREEN)
    card = anima.Item(anim, center=(40, 40))
    with anim.animate(0.5) as animation:
        card.center = (200, 300)
    advance(anim, 10)
    twin_anim, twin_animation = pickle.loads(pickle.dumps((anim, animation)))
    assert twin_animation._animator is twin_anim and twin_animation.is_active
    advance(twin_anim, 40)
    assert (twin_animation.finished, twin_animation.position) == (True, "end")
    assert animation.position is None            # the original has not run on


def test_a_restored_animator_lists_the_callbacks_it_lost_until_they_are_set_again():
    anim = anima.Animator(SCREEN)
    ball = anima.Item(anim, center=(160, 100))
    collision = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    collision.on_began_contact = lambda event: None
    steps = _acting(anim, lambda: None)
    anim.add_behavior(collision)
    anim.add_behavior(steps)
    anim.on_did_pause = lambda animator: None
    twin = anima.Animator.restore(anim.snapshot())
    detached = twin.detached_callbacks
    twin_collision, twin_steps = twin.find_behavior(collision.id), twin.find_behavior(steps.id)
    assert set(detached) == {("on_began_contact", twin_collision), ("action", twin_steps), ("on_did_pause", twin)}
    assert twin_collision.on_began_contact is None and twin_steps.action is None
    twin_collision.on_began_contact = print
    twin.on_did_pause = print
    assert twin.detached_callbacks == (("action", twin_steps),)
    twin_steps.action = print
    assert twin.detached_callbacks == ()
    assert anim.detached_callbacks == ()       # an animator not restored lists nothing


def test_restore_refuses_damaged_bytes_with_the_reason():
    anim, _ = falling_pile(4)
    advance(anim, 5)
    data = anim.snapshot()
    assert data[:8] == b"ANIMASNP"
    with pytest.raises(anima.InvalidArgumentError, match="truncated"):
        anima.Animator.restore(data[: len(data) // 2])
    flipped = bytearray(data)
    flipped[len(data) - 10] ^= 0x40
    with pytest.raises(anima.InvalidArgumentError, match="(?i)crc|checksum|corrupt"):
        anima.Animator.restore(bytes(flipped))
    with pytest.raises(anima.InvalidArgumentError, match="not an Anima snapshot"):
        anima.Animator.restore(b"NOTASNAP" + data[8:])
    newer = bytearray(data)
    newer[8] += 1                # the format version, after the 8-byte magic
    with pytest.raises(anima.InvalidArgumentError, match="(?i)version"):
        anima.Animator.restore(bytes(newer))
    for empty in (b"", bytearray(), memoryview(b"")):
        with pytest.raises(anima.InvalidArgumentError):
            anima.Animator.restore(empty)
    with pytest.raises(TypeError):
        anima.Animator.restore("ANIMASNP")
    with pytest.raises(TypeError):
        anima.Animator.restore(None)
    # The undamaged bytes still restore, from any buffer.
    assert anima.Animator.restore(memoryview(bytearray(data))).state_hash() == anim.state_hash()


def test_every_truncation_and_every_single_byte_flip_of_a_small_snapshot_is_refused_or_consistent():
    anim, _ = falling_pile(2)
    advance(anim, 30)
    data = anim.snapshot()
    for length in range(len(data)):
        with pytest.raises(anima.InvalidArgumentError):
            anima.Animator.restore(data[:length])
    for position in range(0, len(data), 7):
        damaged = bytearray(data)
        damaged[position] ^= 0xFF
        with pytest.raises(anima.InvalidArgumentError):
            anima.Animator.restore(bytes(damaged))


def test_snapshot_inside_a_callback_or_of_a_destroyed_animator_raises():
    anim = anima.Animator(SCREEN)
    ball = anima.Item(anim, center=(160, 100))
    anim.add_behavior(anima.Gravity([ball]))
    seen = []

    def inside():
        try:
            anim.snapshot()
        except anima.BusyError as error:
            seen.append(error)

    anim.add_behavior(_acting(anim, inside))
    anim.step()
    assert len(seen) == 1
    with pytest.raises(anima.BusyError):
        _pickle_inside(anim)
    anim.destroy()
    with pytest.raises(anima.StaleHandleError):
        anim.snapshot()
    with pytest.raises(anima.StaleHandleError):
        pickle.dumps(anim)
    with pytest.raises(anima.StaleHandleError):
        pickle.dumps(ball)


def _pickle_inside(anim):
    """Runs one step whose action pickles the animator; re-raises what pickle raised."""
    errors = []

    def action():
        try:
            pickle.dumps(anim)
        except anima.AnimaError as error:
            errors.append(error)

    behavior = _acting(anim, action)
    anim.add_behavior(behavior)
    anim.step()
    anim.remove_behavior(behavior)
    raise errors[0]


def test_snapshot_inside_an_animate_block_raises_invalid_state():
    anim = anima.Animator(SCREEN)
    card = anima.Item(anim)
    with anim.animate(1.0):
        card.center = (10, 10)
        with pytest.raises(anima.InvalidStateError):
            anim.snapshot()


# ------------------------------------------------------------------------ state_hash


def test_state_hash_tells_equal_runs_from_different_ones():
    first, _ = falling_pile()
    second, _ = falling_pile()
    assert first.state_hash() == second.state_hash()
    assert isinstance(first.state_hash(), int) and 0 <= first.state_hash() < 2 ** 64
    advance(first, 45)
    assert first.state_hash() != second.state_hash()
    advance(second, 45)
    assert first.state_hash() == second.state_hash()
    second.items[3].velocity = (second.items[3].velocity[0] + 1e-9, second.items[3].velocity[1])
    assert first.state_hash() != second.state_hash()


@pytest.mark.parametrize("builder", scenes.ALL_SCENES, ids=lambda b: b.__name__)
def test_state_hash_of_a_seed_scene_built_twice_in_one_process_is_the_same(builder):
    """The second build's handles have other generations (a process-wide counter): the
    snapshot bytes differ there, the state digest does not."""
    first, second = builder(), builder()
    assert first.animator.snapshot() != second.animator.snapshot()
    for scene in (first, second):
        if scene.tap is not None:
            scene.tap(scene.taps[0])
    for frames in (0, 45, 45):
        advance(first.animator, frames)
        advance(second.animator, frames)
        assert first.animator.state_hash() == second.animator.state_hash()
    ball = next(iter(first.balls.values()))
    ball.velocity = (ball.velocity[0] + 1e-9, ball.velocity[1])
    assert first.animator.state_hash() != second.animator.state_hash()


def test_state_hash_is_the_same_in_another_process():
    """Determinism across processes: the same scene built and stepped in a fresh interpreter,
    and this animator unpickled there and stepped, reach this process's state."""
    anim, _ = falling_pile()
    advance(anim, 30)
    data = pickle.dumps(anim)
    advance(anim, 90)
    script = (
        "import pickle, sys\n"
        "anim = pickle.loads(sys.stdin.buffer.read())\n"
        "for _ in range(90): anim.advance(1 / 60)\n"
        "print(anim.state_hash())\n"
    )
    result = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, timeout=60,
                            env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert result.returncode == 0, result.stderr.decode()
    assert int(result.stdout.decode()) == anim.state_hash()


# -------------------------------------------------------------------- pickle and copy


class Spinner(anima.Behavior):
    """A behavior subclass with its own state and action method."""

    def __init__(self, animator, item, turn):
        super().__init__(animator)
        self.item = item
        self.turn = turn
        self.calls = 0

    def action(self):
        self.calls += 1
        self.item.angular_velocity = self.turn


class Tagged(anima.Item):
    __slots__ = ("tag", "__secret")

    def __init__(self, animator, tag, **kwargs):
        super().__init__(animator, **kwargs)
        self.tag = tag
        self.__secret = tag * 2

    @property
    def secret(self):
        return self.__secret


class Scene:
    """A user's object graph around an animator."""

    def __init__(self):
        self.animator = anima.Animator(SCREEN)
        self.card = Tagged(self.animator, "card", center=(100, 100), size=(60, 40))
        self.ball = anima.Item(self.animator, center=(200, 60), size=(30, 30), shape="ellipse")
        self.spinner = Spinner(self.animator, self.card, 2.0)
        self.collision = anima.Collision([self.card, self.ball], translates_reference_bounds_into_boundary=True)
        self.collision.on_began_contact = self.on_contact
        self.field = anima.Field("custom", [self.ball], evaluate=self.push_right)
        self.contacts = 0
        self.pauses = 0
        self.animator.on_did_pause = self.on_pause
        for behavior in (anima.Gravity([self.card, self.ball]), self.collision, self.spinner, self.field):
            self.animator.add_behavior(behavior)

    def on_contact(self, event):
        self.contacts += 1

    def on_pause(self, animator):
        self.pauses += 1

    def push_right(self, position, velocity, mass, charge, dt):
        return (50.0 * mass, 0.0)


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy", "cloudpickle"])
def test_a_user_graph_keeps_its_shape_classes_state_and_callbacks(how):
    scene = Scene()
    advance(scene.animator, 20)
    clone = {
        "pickle": lambda s: pickle.loads(pickle.dumps(s)),
        "deepcopy": copy.deepcopy,
        "copy": lambda s: copy.copy(s.animator) and copy.deepcopy(s),
        "cloudpickle": lambda s: cloudpickle.loads(cloudpickle.dumps(s)),
    }[how](scene)
    anim = clone.animator
    assert anim is not scene.animator and anim.state_hash() == scene.animator.state_hash()
    # One object per handle: the graph's references and the animator's lists agree.
    assert type(clone.card) is Tagged and clone.card.tag == "card" and clone.card.secret == "cardcard"
    assert anim.items == (clone.card, clone.ball)
    assert clone.spinner.item is clone.card and type(clone.spinner) is Spinner and clone.spinner.calls == 20 * 2
    assert anim.behaviors[2] is clone.spinner and anim.behaviors[1] is clone.collision
    assert clone.collision.items == (clone.card, clone.ball)
    # The callables are the clone's own bound methods, acting on the clone.
    assert clone.collision.on_began_contact.__self__ is clone
    assert clone.field.evaluate.__self__ is clone and anim.on_did_pause.__self__ is clone
    assert anim.detached_callbacks == ()
    for _ in range(300):
        scene.animator.advance(FRAME)
        anim.advance(FRAME)
    assert anim.state_hash() == scene.animator.state_hash()
    assert (clone.contacts, clone.spinner.calls, clone.pauses) == (
        scene.contacts, scene.spinner.calls, scene.pauses)
    assert clone.contacts > 0 and clone.spinner.calls == 320 * 2


def test_copy_of_an_animator_is_a_deep_copy():
    scene = Scene()
    twin = copy.copy(scene.animator)
    assert twin is not scene.animator and twin.state_hash() == scene.animator.state_hash()
    spinner = twin.find_behavior(scene.spinner.id)
    assert type(spinner) is Spinner and spinner is not scene.spinner
    assert spinner.item is twin.find_item(scene.card.id)
    twin.advance(0.5)
    assert scene.animator.elapsed_time == 0.0 and twin.elapsed_time > 0.4


def test_an_animator_subclass_pickles_as_itself_without_calling_init():
    class Stage(anima.Animator):
        built = 0

        def __init__(self, title):
            super().__init__(SCREEN)
            Stage.built += 1
            self.title = title

    globals()["Stage"] = Stage      # pickle finds classes by their module-level name
    Stage.__qualname__ = "Stage"
    stage = Stage("demo")
    anima.Item(stage, center=(10, 10))
    twin = pickle.loads(pickle.dumps(stage))
    assert type(twin) is Stage and twin.title == "demo" and Stage.built == 1
    assert len(twin.items) == 1


def test_a_lambda_callback_pickles_under_cloudpickle_and_is_refused_by_pickle():
    anim = anima.Animator(SCREEN)
    hits = []
    anim.add_behavior(_acting(anim, lambda: hits.append(1)))
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(anim)
    twin = cloudpickle.loads(cloudpickle.dumps(anim))
    twin.step()
    assert hits == [1] or hits == []      # the lambda's list is copied with it
    assert twin.behaviors[0].action is not None and twin.detached_callbacks == ()


def test_items_and_behaviors_alone_pickle_with_their_animator():
    scene = Scene()
    card = pickle.loads(pickle.dumps(scene.card))
    assert type(card) is Tagged and card.animator is not scene.animator and card.id == scene.card.id
    assert card.center == scene.card.center
    behavior = copy.deepcopy(scene.spinner)
    assert type(behavior) is Spinner and behavior.item.animator is behavior.animator
    # A shallow copy of an item is the item itself: an item is a handle into its animator.
    assert copy.copy(scene.card) is scene.card


def test_find_item_and_find_behavior():
    anim, items = falling_pile(3)
    assert anim.find_item(items[1].id) is items[1]
    gravity = anim.behaviors[0]
    assert anim.find_behavior(gravity.id) is gravity and type(gravity) is anima.Gravity
    with pytest.raises(anima.NotFoundError):
        anim.find_item(12345)
    with pytest.raises(anima.NotFoundError):
        anim.find_behavior(items[0].id)
    with pytest.raises(TypeError):
        anim.find_item("1")
    with pytest.raises(anima.NotFoundError):
        anim.find_item(-1)
    with pytest.raises(anima.NotFoundError):
        anim.find_item(2 ** 70)
    with pytest.raises(anima.InvalidStateError, match="already has a wrapper"):
        anim._wrapper(items[0].id, Tagged)
    gravity_id = gravity.id
    del gravity                                   # no wrapper alive: a wrong class is a TypeError
    with pytest.raises(TypeError, match="anima.Gravity, not an anima.Snap"):
        anim._wrapper(gravity_id, anima.Snap)
    assert type(anim._wrapper(gravity_id, anima.Behavior)) is anima.Gravity


def test_snapshot_header_is_the_documented_one():
    """docs/snapshot.md: magic, version 10, payload length and zlib's CRC-32 of the payload."""
    anim, _ = falling_pile(3)
    advance(anim, 10)
    data = anim.snapshot()
    assert data[:8] == b"ANIMASNP"
    assert int.from_bytes(data[8:12], "little") == 10
    assert int.from_bytes(data[16:24], "little") == len(data) - 32
    assert int.from_bytes(data[24:28], "little") == zlib.crc32(data[32:])
    assert anim.snapshot() == data          # writing it changes nothing
