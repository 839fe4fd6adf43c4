"""anima.qt: Anima on real Qt widgets (PySide6, offscreen platform)."""

import math
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

try:
    from PySide6.QtCore import QObject, QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QGraphicsRectItem, QPushButton, QWidget
except ImportError as error:  # a missing peer fails, never skips
    raise ImportError("PySide6 is missing: run 'make deps' (scripts/deps.sh installs PySide6-Essentials)") from error

import anima
import anima.qt


@pytest.fixture(scope="module")
def app():
    return QApplication.instance() or QApplication([])


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


@pytest.fixture
def scene(app):
    window = QWidget()
    window.resize(320, 568)
    button = QPushButton("Tap", window)
    button.resize(100, 40)
    window.show()
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(animator, center=(160, 60), size=(100, 40))
    clock = Clock()
    driver = anima.qt.QtDriver(animator, rate=60, clock=clock)
    yield window, button, animator, ball, driver, clock
    window.close()


def test_a_bound_button_falls_with_its_item_and_still_clicks(scene):
    window, button, animator, ball, driver, clock = scene
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    driver.bind(button, ball)
    assert (button.x(), button.y()) == (110, 40)
    for _ in range(120):
        clock.t += 1 / 60
        driver.tick(1 / 60)
    x, y = ball.center
    assert abs(button.x() - (x - 50)) <= 1 and abs(button.y() - (y - 20)) <= 1
    assert y > 500, "it fell to the floor"
    clicks = []
    button.clicked.connect(lambda: clicks.append(True))
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert clicks == [True], "the fallen button still fires its clicked handler"


def test_a_drag_grabs_follows_and_flings_with_the_pointers_velocity(scene):
    window, button, animator, ball, driver, clock = scene
    driver.bind(button, ball)
    drag = driver.draggable(button, ball)
    QTest.mousePress(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(50, 20))
    # 200 px to the right in 0.2 s, a move every 1/60 s
    for k in range(1, 13):
        clock.t += 0.2 / 12
        QTest.mouseMove(button, QPoint(50 + round(200 * k / 12) - (button.x() - 110), 20))
        driver.tick(0.2 / 12)
    QTest.mouseRelease(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       QPoint(250 - (button.x() - 110), 20))
    vx, vy = drag.release_velocity
    assert abs(vx - 1000) <= 200 and abs(vy) <= 50, f"the fling leaves at the pointer's velocity: {vx}, {vy}"
    assert ball.velocity[0] == pytest.approx(vx, rel=1e-9)
    assert ball.center[0] > 160 + 150, "the item followed the pointer"


def test_graphics_items_and_values(app, scene):
    window, button, animator, ball, driver, clock = scene
    rect = QGraphicsRectItem(-50, -20, 100, 40)
    driver.bind(rect, ball)
    ball.transform = anima.Transform(rotation=math.pi / 2, scale_x=2, scale_y=2)
    ball.alpha = 0.25
    driver.write()
    assert (rect.pos().x(), rect.pos().y()) == (160.0, 60.0)
    assert rect.rotation() == pytest.approx(90) and rect.scale() == 2 and rect.opacity() == 0.25
    progress = anima.Value(animator, 0.0)
    holder = QObject()
    seen = []
    driver.bind_value(progress, holder, "progress")
    driver.bind_value(progress, seen.append)
    with animator.animate(0.5, curve="linear"):
        progress.value = 1.0
    for _ in range(15):
        clock.t += 1 / 60
        driver.tick(1 / 60)
    assert holder.property("progress") == pytest.approx(0.5) and seen[-1] == pytest.approx(0.5)


def test_bad_bindings_are_refused(scene):
    window, button, animator, ball, driver, clock = scene
    other = anima.Animator()
    with pytest.raises(TypeError):
        driver.bind(42, ball)
    with pytest.raises(ValueError):
        driver.bind(button, anima.Item(other))
    with pytest.raises(TypeError):
        driver.bind_value(anima.Value(animator), 42, "x")
    with pytest.raises(TypeError):
        anima.qt.QtDriver("not an animator")
    with pytest.raises(ValueError):
        anima.qt.QtDriver(animator, rate=0)


def test_the_driver_runs_on_qts_timer(app, scene):
    window, button, animator, ball, driver, clock = scene
    real = anima.qt.QtDriver(animator, rate=120)
    animator.add_behavior(anima.Gravity([ball]))
    real.bind(button, ball)
    real.start()
    assert real.is_running
    QTest.qWait(150)
    real.stop()
    assert not real.is_running and ball.center[1] > 60, "Qt's timer ran frames that advanced the animator"


def test_bindings_write_the_display_pose_between_steps_at_75_hz(app, scene):
    window, button, animator, ball, driver, clock = scene
    # 600 pt/s and 1.5 rad/s with nothing to slow them: the 120 Hz steps move the item 5 pt each,
    # so a 75 Hz frame sees 5 or 10 pt of steps, and the display pose 8 pt every frame
    animator.add_behavior(anima.ItemBehavior([ball], resistance=0, angular_resistance=0))
    ball.velocity, ball.angular_velocity = (600.0, 0.0), 1.5
    rect = QGraphicsRectItem(-50, -20, 100, 40)
    driver = anima.qt.QtDriver(animator, rate=75, clock=clock)
    on_rect = driver.bind(rect, ball)
    on_button = driver.bind(button, ball)
    written, stepped, between = [], [], 0
    for _ in range(60):
        clock.t += 1 / 75
        driver.tick(1 / 75)
        x, y = ball.display_center
        assert on_rect.center == on_button.center == (x, y)
        assert (rect.pos().x(), rect.pos().y()) == (x, y), "the graphics item is at the display pose"
        assert rect.rotation() == pytest.approx(math.degrees(ball.display_rotation), abs=1e-9)
        assert (button.x(), button.y()) == (round(x - 50), round(y - 20)), "the widget is at the display pose"
        between += abs(x - ball.center[0]) > 0.1
        written.append(rect.pos().x())
        stepped.append(ball.center[0])
    travel = [b - a for a, b in zip(written, written[1:])]
    assert max(travel) == pytest.approx(8.0, abs=1e-6) and min(travel) == pytest.approx(8.0, abs=1e-6)
    steps = sorted({round(b - a, 6) for a, b in zip(stepped, stepped[1:])})
    assert steps == [5.0, 10.0], f"the step poses move unevenly at 75 Hz: {steps}"
    assert between > 40, f"only {between} of 60 frames fell between two steps"


def test_frame_time_is_the_clocks_time_and_on_frame_follows_the_writes(app, scene):
    window, button, animator, ball, driver, clock = scene
    animator.add_behavior(anima.Gravity([ball]))
    driver.bind(button, ball)
    assert driver.frame_time is None
    seen = []
    driver.on_frame = lambda d: seen.append((d.frame_time, button.y(), ball.display_center[1]))
    for _ in range(3):
        clock.t += 0.02
        driver.tick(0.02)
    assert [t for t, _, _ in seen] == pytest.approx([0.02, 0.04, 0.06])
    assert all(top == round(y - 20) for _, top, y in seen), "on_frame runs after the bindings are written"
    real = anima.qt.QtDriver(animator, rate=100)
    times = []
    real.on_frame = lambda d: times.append(d.frame_time)
    real.start()
    QTest.qWait(200)
    real.stop()
    assert len(times) >= 5, f"{len(times)} frames in 0.2 s at 100 Hz"
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(g > 0 for g in gaps) and 0.004 < sorted(gaps)[len(gaps) // 2] < 0.05, gaps
    assert abs(real.now() - times[-1]) < 0.1, "frame_time is the driver's clock"


def test_on_pointer_sees_every_event_the_drag_took(scene):
    window, button, animator, ball, driver, clock = scene
    driver.bind(button, ball)
    events = []
    drag = driver.draggable(button, ball, on_pointer=lambda phase, t, p: events.append((phase, t, p, ball.velocity)))
    QTest.mousePress(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(30, 10))
    for k in range(1, 7):
        clock.t += 0.01
        QTest.mouseMove(button, QPoint(30 - (button.x() - 110), 10 + 5 * k - (button.y() - 40)))
        driver.tick(0.01)
    QTest.mouseRelease(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       QPoint(30 - (button.x() - 110), 40 - (button.y() - 40)))
    assert [e[0] for e in events] == ["press"] + ["move"] * 6 + ["release"]
    assert events[0][2] == (140.0, 50.0), "points are in the parent's pixels (the reference space)"
    assert [e[2][1] for e in events[1:7]] == [55.0, 60.0, 65.0, 70.0, 75.0, 80.0]
    assert [e[1] for e in events] == pytest.approx([0.0] + [0.01 * k for k in range(1, 7)] + [0.06])
    assert events[-1][3] == drag.release_velocity and drag.release_velocity[1] == pytest.approx(500, rel=0.05)
    with pytest.raises(TypeError):
        driver.draggable(button, ball, on_pointer=42)


def test_a_widget_is_moved_only_when_its_pixel_position_changes(app, scene):
    window, button, animator, ball, driver, clock = scene

    class Counting(QPushButton):
        def __init__(self, parent):
            super().__init__("count", parent)
            self.calls = []

        def move(self, *args):
            self.calls.append(("move", args))
            super().move(*args)

        def resize(self, *args):
            self.calls.append(("resize", args))
            super().resize(*args)

    counted = Counting(window)
    counted.resize(100, 40)
    counted.calls.clear()
    driver.bind(counted, ball, resize=True)
    assert counted.calls == [("move", (110, 40))], "the first write places it"
    for _ in range(10):
        clock.t += 1 / 60
        driver.tick(1 / 60)
    assert counted.calls == [("move", (110, 40))], "nothing moved, so Qt was not called"
    ball.center = (160.4, 60.0)          # still the same pixel
    ball.size = (120, 40)
    driver.write()
    assert counted.calls[1:] == [("resize", (120, 40)), ("move", (100, 40))]
    assert (counted.x(), counted.y(), counted.width()) == (100, 40, 120)

DEMO = Path(__file__).resolve().parents[2] / "examples" / "qt" / "demo.py"


def run_demo(tmp_path, scene, frames):
    log = tmp_path / f"{scene}.log"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, str(DEMO), "--scene", scene, "--frames", str(frames), "--log", str(log)],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    events = []
    for line in log.read_text().splitlines():
        events.append(dict(part.split("=", 1) for part in line.split()))
    frames_seen = [float(e["t"]) for e in events if e["event"] == "frame"]
    assert len(frames_seen) == frames and all(b > a for a, b in zip(frames_seen, frames_seen[1:]))
    scene_event = events[0]
    assert (scene_event["event"], scene_event["name"], scene_event["origin_x"], scene_event["origin_y"]) == \
        ("scene", scene, "0", "0")
    poses = {}
    for e in events:
        if e["event"] == "pose":
            poses.setdefault(e["name"], []).append((float(e["t"]), float(e["x"]), float(e["y"])))
    assert all(len(p) == frames for p in poses.values()), "one pose per bound widget per frame"
    return events, poses, result.stdout


def between_frames(poses, axis):
    return [((a[0] + b[0]) / 2, (b[axis] - a[axis]) / (b[0] - a[0])) for a, b in zip(poses, poses[1:])]


def test_the_demo_runs_headless_and_logs_a_fall_at_1000_px_per_s2(tmp_path):
    events, poses, out = run_demo(tmp_path, "gravity", 45)
    assert {e["name"]: e["colour"] for e in events if e["event"] == "widget"} == \
        {"ball": "#d0342c", "block": "#2662c9"}
    ball = poses["ball"]
    assert all(x == 150.0 for _, x, _ in ball), "nothing pushes the ball sideways"
    falling = [v for v in between_frames(ball, 2) if v[1] > 0]
    assert len(falling) > 30 and ball[-1][2] < 600, "it is still falling at the last frame"
    # the speed between frames grows at the gravity of 1000 px/s^2 (least-squares slope)
    n = len(falling)
    mean_t, mean_v = sum(t for t, _ in falling) / n, sum(v for _, v in falling) / n
    slope = sum((t - mean_t) * (v - mean_v) for t, v in falling) / sum((t - mean_t) ** 2 for t, _ in falling)
    assert slope == pytest.approx(1000, rel=0.02)
    assert out.startswith("gravity: 45 frames")


def test_the_demo_glides_at_an_even_200_px_per_s_between_frames(tmp_path):
    events, poses, out = run_demo(tmp_path, "glide", 60)
    speeds = [v for _, v in between_frames(poses["card"], 1)]
    assert min(speeds) == pytest.approx(200, rel=0.001) and max(speeds) == pytest.approx(200, rel=0.001)
    assert {p[2] for p in poses["card"]} == {320.0}


def test_the_demo_card_rests_in_its_corner_until_flung(tmp_path):
    events, poses, out = run_demo(tmp_path, "fling", 30)
    assert {(x, y) for _, x, y in poses["card"]} == {(104.0, 74.0)}
    assert any(e["event"] == "rest" for e in events)
