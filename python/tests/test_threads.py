"""Two Python threads on one Animator: correct results or BusyError, never a crash or a broken animator.

The extension keeps the GIL held during every call into the library, advance and step included, so two Python
threads never run the library's code at the same time. They still meet in one animator: while one thread's advance
runs a Python callback (an action, a contact callback, a delegate), the interpreter may switch to another thread,
and that thread's call on the same animator is refused by the library's thread guard with BusyError ("another thread
is using this animator"). A call made while no other thread is inside the library works as from one thread. These
tests check both, and that the animator holds exactly what the successful calls made afterwards.
"""

import random
import sys
import threading
import time

import pytest

import anima

BUSY_TEXT = "another thread is using this animator (one animator, one thread at a time; docs/c-api.md, Threading)"


def scene(count=60):
    anim = anima.Animator(reference_bounds=(0, 0, 320, 480))
    items = [anima.Item(anim, center=(20 + 24 * (k % 12), 20 + 24 * (k // 12)), size=(18, 18)) for k in range(count)]
    gravity = anima.Gravity(items)
    collision = anima.Collision(items, translates_reference_bounds_into_boundary=True)
    anim.add_behavior(gravity)
    anim.add_behavior(collision)
    return anim, items, gravity, collision


@pytest.fixture
def fast_switching():
    """Switches threads every 10 us, so that a callback of a few us is where the other thread often runs."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(interval)


def calls_on(anim, item, gravity):
    """A call of each kind on the animator, one of its items and one of its behaviors."""
    return {
        "item.center": lambda: item.center,
        "item.center =": lambda: setattr(item, "center", (100, 100)),
        "item.is_valid": lambda: item.is_valid,
        "behavior.is_valid": lambda: gravity.is_valid,
        "anima.Item": lambda: anima.Item(anim, center=(50, 50), size=(10, 10)),
        "gravity.add_item": lambda: gravity.add_item(item),
        "animator.items": lambda: anim.items,
        "animator.advance": lambda: anim.advance(1 / 60),
        "animator.step": anim.step,
        "animator.snapshot": anim.snapshot,
        "animator.state_hash": anim.state_hash,
    }


def outcomes(calls):
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = "ok"
        except anima.BusyError as error:
            out[name] = str(error)
    return out


def in_the_first_action(anim, work):
    """Adds a behavior whose first action calls work(), advances one frame and returns what work returned."""
    results = []

    class FirstAction(anima.Behavior):
        def action(self):
            if not results:
                results.append(work())

    anim.add_behavior(FirstAction(anim))
    anim.advance(1 / 60)
    assert results, "the action did not run"
    return results[0]


def test_a_call_from_another_thread_during_a_callback_raises_busy_error():
    anim, items, gravity, _ = scene(8)

    def from_another_thread():
        # the other thread's calls run to the end from inside the advance (join releases the GIL)
        calls = calls_on(anim, items[0], gravity)
        calls["item.destroy"] = items[1].destroy
        calls["animator.destroy"] = anim.destroy
        seen = {}
        other = threading.Thread(target=lambda: seen.update(outcomes(calls)))
        other.start()
        other.join()
        return seen

    seen = in_the_first_action(anim, from_another_thread)
    assert seen
    for name, outcome in seen.items():
        assert outcome.endswith(BUSY_TEXT), f"{name} from another thread during advance: {outcome}"
        assert outcome.startswith("anima_"), f"{name}: the message names the C function: {outcome}"
    # nothing the refused calls asked for happened, and the animator goes on
    assert anim.is_valid and items[1].is_valid
    assert len(anim.items) == 8
    assert items[0].center != (100, 100)
    anim.advance(1 / 60)


def test_the_same_calls_work_from_another_thread_when_no_thread_is_inside():
    anim, items, gravity, _ = scene(8)
    seen = {}
    other = threading.Thread(target=lambda: seen.update(outcomes(calls_on(anim, items[0], gravity))))
    other.start()
    other.join()
    assert seen and all(outcome == "ok" for outcome in seen.values()), seen
    assert len(anim.items) == 9


def test_a_callback_still_calls_its_own_animator_freely():
    anim, items, gravity, _ = scene(8)

    def from_the_callback():
        calls = calls_on(anim, items[0], gravity)
        # advance and step from a callback keep their own rule (BusyError, not the thread guard's)
        del calls["animator.advance"], calls["animator.step"], calls["animator.snapshot"], calls["animator.state_hash"]
        return outcomes(calls)

    seen = in_the_first_action(anim, from_the_callback)
    assert seen and all(outcome == "ok" for outcome in seen.values()), seen


def test_two_threads_hammering_one_animator_get_results_or_busy_error(fast_switching):
    anim, items, gravity, collision = scene(60)
    reads = []

    class Reader(anima.Behavior):
        """A Python action every step: the advancing thread runs Python code inside the library."""

        def action(self):
            reads.append(sum(item.center[1] for item in items[:20]))

    reader = Reader(anim)
    reader.at_rest = False  # the animator keeps running, so every advance runs the action
    anim.add_behavior(reader)
    start = threading.Barrier(2)
    editor_done = threading.Event()
    failures = []
    busy = {"advancer": 0, "editor": 0}
    made, destroyed = [], []

    def guarded(who, call):
        try:
            return call(), True
        except anima.BusyError as error:
            if not str(error).endswith(BUSY_TEXT):
                failures.append(f"{who}: BusyError with another message: {error}")
            busy[who] += 1
        except Exception as error:  # noqa: BLE001 - any other exception is a failure of the test
            failures.append(f"{who}: {type(error).__name__}: {error}")
        return None, False

    def advancer():
        """Advances (200 frames at least) for as long as the editor makes its calls."""
        start.wait()
        frames = 0
        while frames < 200 or not editor_done.is_set():
            guarded("advancer", lambda: anim.advance(1 / 60))
            time.sleep(0.0002)  # a frame loop's wait: the editor's calls then find no thread inside
            frames += 1
            if frames > 100_000:
                failures.append("advancer: the editor did not finish")
                break

    def editor():
        rng = random.Random(7)
        mine = []
        start.wait()
        for _ in range(3000):
            r = rng.random()
            if r < 0.2:
                item, ok = guarded("editor", lambda: anima.Item(anim, center=(rng.uniform(20, 300), rng.uniform(20, 200)),
                                                                   size=(12, 12)))
                if ok:
                    made.append(item)
                    mine.append(item)
                    guarded("editor", lambda: gravity.add_item(item))
                    guarded("editor", lambda: collision.add_item(item))
            elif r < 0.3 and mine:
                item = rng.choice(mine)
                _, ok = guarded("editor", item.destroy)
                if ok:
                    mine.remove(item)
                    destroyed.append(item)
            elif r < 0.55:
                item = rng.choice(items)
                center, ok = guarded("editor", lambda: item.center)
                if ok and not all(abs(c) < 1e6 for c in center):
                    failures.append(f"editor: a centre out of the scene: {center}")
            elif r < 0.7:
                item = rng.choice(items)
                guarded("editor", lambda: setattr(item, "center", (rng.uniform(20, 300), rng.uniform(20, 200))))
            elif r < 0.8:
                valid, ok = guarded("editor", lambda: rng.choice(items).is_valid)
                if ok and valid is not True:
                    failures.append("editor: a live item said it was not valid")
            elif r < 0.9:
                guarded("editor", lambda: anim.items)
            elif r < 0.95:
                guarded("editor", anim.step)
            else:
                guarded("editor", anim.snapshot)
        editor_done.set()

    threads = [threading.Thread(target=advancer), threading.Thread(target=editor)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert not failures, failures[:5]
    assert busy["editor"] > 0, "the editor never met the advancing thread inside the library: nothing was tested"
    assert reads, "the action never ran"
    # the animator holds exactly what the successful calls made, and still works
    live = set(items) | set(made) - set(destroyed)
    assert set(anim.items) == live
    assert all(item.is_valid for item in live) and not any(item.is_valid for item in destroyed)
    reader.destroy()
    anim.advance(1 / 60)
    copy = anima.Animator.restore(anim.snapshot())
    assert copy.state_hash() == anim.state_hash()
    for _ in range(60):
        anim.step()
        copy.step()
    assert copy.state_hash() == anim.state_hash()


def test_separate_animators_on_two_threads_agree_bit_for_bit(fast_switching):
    hashes = [None, None]
    failures = []

    def run(slot):
        try:
            anim, _, _, _ = scene(40)

            class Reader(anima.Behavior):
                def action(self):
                    sum(item.center[1] for item in anim.items)

            anim.add_behavior(Reader(anim))
            for _ in range(120):
                anim.advance(1 / 60)
            hashes[slot] = anim.state_hash()
        except Exception as error:  # noqa: BLE001 - no call may fail: each thread has its own animator
            failures.append(f"{type(error).__name__}: {error}")

    threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    assert hashes[0] is not None and hashes[0] == hashes[1]
