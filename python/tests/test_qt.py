"""anima.qt: Anima on real Qt widgets (PySide6, offscreen platform)."""

import math
import os

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
