"""anima.gtk: Anima on real GTK 4 widgets (PyGObject), in a private Xvfb with real pointer events."""

import gc
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import anima

# the X session helpers shared with the toolkit checks (a private Xvfb, xdotool drags, a fit)
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from xsession import Xvfb, drag_command, fitted_velocity  # noqa: E402

ENVIRONMENT = ("DISPLAY", "GDK_BACKEND", "GTK_A11Y")


@pytest.fixture(scope="module")
def gtk():
    """GTK 4 on a private Xvfb, its display the default one while the module runs. PyGObject
    initialises GTK when Gtk is first imported (another test module may have imported anima.gtk
    already, with or without a display), so the Xvfb's display is opened and made the default
    here, and closed before the server goes."""
    for tool, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool")):
        if subprocess.run(["which", tool], capture_output=True).returncode != 0:
            raise RuntimeError(f"{tool} is missing: run 'sudo make deps' (Debian package {package})")
    saved = {name: os.environ.get(name) for name in ENVIRONMENT}
    xvfb = Xvfb()
    os.environ.update(DISPLAY=xvfb.display, GDK_BACKEND="x11", GTK_A11Y="none")
    try:
        try:
            import anima.gtk
            from gi.repository import Gdk, GLib, Graphene, Gtk
        except ImportError as error:   # a missing peer fails, never skips
            raise ImportError(f"{error}: run 'make deps' (scripts/deps.sh installs PyGObject)") from error
        Gtk.init_check()
        manager = Gdk.DisplayManager.get()
        previous = manager.get_default_display()
        display = previous
        if display is None or display.get_name() != xvfb.display:
            display = Gdk.Display.open(xvfb.display)
            assert display is not None, f"GDK cannot open the Xvfb display {xvfb.display}"
            manager.set_default_display(display)     # GTK sets itself up for a new default display
        # PyGObject's Gtk.Window refuses to exist when GTK found no display at import time
        # (test_doctests.py imports every module of the package, maybe with no DISPLAY at all)
        overrides = sys.modules["gi.overrides.Gtk"]
        was_initialized, overrides.initialized = overrides.initialized, True
        yield SimpleNamespace(Gtk=Gtk, Gdk=Gdk, GLib=GLib, Graphene=Graphene, driver=anima.gtk.GtkDriver,
                              display=xvfb.display)
        gc.collect()                   # widgets still alive when the display closes complain
        display.close()
        overrides.initialized = was_initialized
        if previous is not None and previous is not display:
            manager.set_default_display(previous)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        xvfb.close()


def pump(gtk, until, timeout=10.0, what="the condition"):
    """Run GTK's main loop until `until()` holds."""
    context = gtk.GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        if not context.iteration(False):
            time.sleep(0.001)


def after_frames(gtk, window, count=1):
    """Run the main loop until the window's frame clock has painted `count` more frames."""
    painted = [0]
    clock = window.get_frame_clock()
    handler = clock.connect("after-paint", lambda _clock: painted.__setitem__(0, painted[0] + 1))
    window.queue_draw()
    try:
        pump(gtk, lambda: painted[0] >= count, what=f"{count} frames")
    finally:
        clock.disconnect(handler)


class Scene(SimpleNamespace):
    pass


@pytest.fixture
def scene(gtk, request):
    Gtk = gtk.Gtk
    title = f"anima-gtk-test-{request.node.name}"
    window = Gtk.Window(title=title)
    window.set_resizable(False)
    fixed = Gtk.Fixed()
    fixed.set_size_request(320, 568)
    window.set_child(fixed)
    button = Gtk.Button(label="Tap")
    fixed.put(button, 0, 0)
    window.present()
    pump(gtk, lambda: window.get_mapped() and window.get_frame_clock() is not None, what="the window to map")
    after_frames(gtk, window)
    animator = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(animator, center=(160, 60), size=(100, 40))
    driver = gtk.driver(animator, window)
    scene = Scene(window=window, fixed=fixed, button=button, animator=animator, ball=ball, driver=driver, title=title)
    del window, fixed, button, driver
    yield scene
    scene.driver.stop()
    scene.window.destroy()
    scene.__dict__.clear()       # pytest keeps the fixture's value: let the widgets go now


def bounds(scene, widget=None):
    ok, rect = (widget or scene.button).compute_bounds(scene.fixed)
    assert ok
    return rect.get_x(), rect.get_y(), rect.get_width(), rect.get_height()


def test_a_bound_button_falls_with_its_item_on_the_frame_clock(gtk, scene):
    animator, ball = scene.animator, scene.ball
    animator.add_behavior(anima.Gravity([ball]))
    animator.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    scene.driver.bind(scene.button, ball)
    assert scene.button.get_size_request() == (100, 40)
    scene.driver.start()
    assert scene.driver.is_running
    worst, frames, start = 0.0, 0, time.monotonic()
    clock = scene.window.get_frame_clock()

    def painted(_clock):
        nonlocal worst, frames
        x, y, w, h = bounds(scene)
        cx, cy = ball.display_center
        worst = max(worst, abs(x + w / 2 - cx), abs(y + h / 2 - cy), abs(w - 100), abs(h - 40))
        frames += 1
    handler = clock.connect("after-paint", painted)
    try:
        pump(gtk, lambda: frames >= 60, what="60 frames")
    finally:
        clock.disconnect(handler)
    wall = time.monotonic() - start
    scene.driver.stop()
    assert not scene.driver.is_running
    assert worst <= 0.5, f"the button's bounds in the Fixed were up to {worst:.3f} px from the item's display pose"
    assert ball.center[1] > 60 + 300, f"the item fell (it is at {ball.center})"
    # the frame clock's time drove the animator: 60 frames of a 60 Hz clock are about a second
    assert 0.7 <= animator.elapsed_time <= wall + 0.1, (animator.elapsed_time, wall)
    assert scene.driver.frame_time > 0


def test_rotation_scale_translation_and_opacity_reach_the_widget(gtk, scene):
    ball, fixed = scene.ball, scene.fixed
    card = gtk.Gtk.Box()               # no padding: its own coordinates are its bounds'
    fixed.put(card, 0, 0)
    scene.driver.bind(card, ball)
    ball.transform = anima.Transform(rotation=math.pi / 6, scale_x=2, scale_y=1.5, translation_x=10, translation_y=-5)
    ball.alpha = 0.25
    scene.driver.write()
    after_frames(gtk, scene.window)
    assert card.get_opacity() == pytest.approx(0.25, abs=1 / 255), "GTK keeps an opacity in 8 bits"
    assert fixed.get_child_transform(card).to_string() == "translate(170, 55) rotate(30) scale(2, 1.5) translate(-50, -20)"
    # a 100 x 40 rectangle scaled by (2, 1.5), turned by 30 degrees and moved by (10, -5) from (160, 60)
    x, y, w, h = bounds(scene, card)
    c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
    assert w == pytest.approx(2 * (100 * c + 30 * s), abs=0.01) and h == pytest.approx(2 * (100 * s + 30 * c), abs=0.01)
    assert (x + w / 2, y + h / 2) == (pytest.approx(170, abs=0.01), pytest.approx(55, abs=0.01))
    # clockwise on screen, as Anima's: the widget's top-right corner lies where the item's does
    corner = card.translate_coordinates(fixed, 100, 0)
    assert corner == (pytest.approx(170 + 100 * c + 30 * s, abs=0.01), pytest.approx(55 + 100 * s - 30 * c, abs=0.01))
    inside = card.translate_coordinates(fixed, 96, 4)
    assert scene.animator.item_at(inside) is ball and fixed.pick(*inside, 0) is card
    mirrored = (inside[0], 2 * 55 - inside[1])       # the same corner turned the other way
    assert scene.animator.item_at(mirrored) is None and fixed.pick(*mirrored, 0) is not card


def test_only_what_changed_is_written(gtk, scene):
    calls = []
    real = scene.fixed.set_child_transform
    scene.fixed.set_child_transform = lambda widget, t: (calls.append(t), real(widget, t))
    opacities = []
    real_opacity = scene.button.set_opacity
    scene.button.set_opacity = lambda a: (opacities.append(a), real_opacity(a))
    scene.driver.bind(scene.button, scene.ball)
    for _ in range(5):
        scene.driver.tick(1 / 60)      # nothing moves the item
    assert len(calls) == 1 and len(opacities) == 1
    scene.ball.center = (100, 100)
    scene.driver.tick(1 / 60)
    assert len(calls) == 2 and len(opacities) == 1


def test_resize_follows_the_items_size(gtk, scene):
    scene.driver.bind(scene.button, scene.ball, resize=True)
    scene.ball.size = (140, 70)
    scene.driver.write()
    after_frames(gtk, scene.window)
    assert scene.button.get_size_request() == (140, 70)
    x, y, w, h = bounds(scene)
    assert (w, h) == (140, 70) and (x, y) == (pytest.approx(90), pytest.approx(25))


def test_values_follow_an_animation_into_properties_and_callables(gtk, scene):
    Gtk, Gdk = gtk.Gtk, gtk.Gdk
    animator, driver = scene.animator, scene.driver
    offset = anima.Value(animator, 0.0)
    progress = anima.Value(animator, 0.0)
    tint = anima.Value(animator, (1, 0, 0, 1), space="srgb")
    adjustment = Gtk.Adjustment(lower=0, upper=200, value=0)
    bar = Gtk.ProgressBar()
    tag = Gtk.TextTag()
    label = Gtk.Label()
    seen = []
    driver.bind_value(offset, adjustment, "value")
    driver.bind_value(progress, bar, "fraction")
    driver.bind_value(tint, tag, "foreground-rgba")
    driver.bind_value(offset, label, "max-width-chars")
    driver.bind_value(progress, label, "visible")
    driver.bind_value(progress, seen.append)
    assert label.get_visible() is False, "a value of 0 writes False to a boolean"
    with animator.animate(0.5, curve="linear"):
        offset.value = 100.0
        progress.value = 1.0
        tint.value = (0, 0, 1, 1)
    for _ in range(15):                # 0.25 s of the 0.5 s animations
        driver.tick(1 / 60)
    assert adjustment.get_value() == pytest.approx(50)
    assert bar.get_fraction() == pytest.approx(0.5)
    assert label.get_max_width_chars() == 50 and label.get_visible() is True
    rgba = tag.props.foreground_rgba
    assert (rgba.red, rgba.green, rgba.blue, rgba.alpha) == (pytest.approx(0.5), 0, pytest.approx(0.5), 1)
    assert seen[0] == 0 and seen[-1] == pytest.approx(0.5) and len(seen) == 16
    driver.tick(1 / 60)
    driver.tick(0)                     # no change, no call
    assert len(seen) == 17
    # a spring past a property's range is held to it (a progress bar's fraction is 0...1)
    over = anima.Value(animator, 0.0)
    driver.bind_value(over, bar, "fraction")
    with animator.animate(spring=(1, 300, 5)):
        over.value = 1.0
    peak = 0.0
    for _ in range(60):
        driver.tick(1 / 60)
        peak = max(peak, over.value)
        assert 0 <= bar.get_fraction() <= 1
    assert peak > 1.05, "the spring overshoots"


def test_reduced_motion_follows_gtk_enable_animations(gtk, scene):
    settings = gtk.Gtk.Settings.get_for_display(scene.window.get_display())
    assert settings.props.gtk_enable_animations is True and scene.animator.reduces_motion is False
    value = anima.Value(scene.animator, 0.0)
    done = []
    try:
        settings.props.gtk_enable_animations = False
        assert scene.animator.reduces_motion is True
        with scene.animator.animate(2.0, completion=done.append):
            value.value = 10.0
        scene.driver.tick(1 / 60)
        assert value.value == 10.0 and done == [True], "the 2 s animation ended at once, finished"
        other = anima.Animator()
        gtk.driver(other, scene.window)
        assert other.reduces_motion is True, "a new driver reads the setting as it is"
    finally:
        settings.props.gtk_enable_animations = True
    assert scene.animator.reduces_motion is False


def run_xdotool(gtk, command):
    process = subprocess.Popen(command, env=dict(os.environ))
    pump(gtk, lambda: process.poll() is not None, what="xdotool")
    assert process.returncode == 0
    end = time.monotonic() + 0.3       # the events it sent, through the X server and GTK
    pump(gtk, lambda: time.monotonic() > end)


def test_a_click_activates_and_a_drag_flings_at_the_pointers_velocity(gtk, scene):
    ball, button = scene.ball, scene.button
    ball.center = (160, 300)
    scene.animator.add_behavior(anima.ItemBehavior([ball], allows_rotation=False))
    scene.driver.bind(button, ball)
    drag = scene.driver.draggable(button, ball)
    samples, clicks = [], []
    drag.on_press = lambda point, t: samples.append((t, *point))
    drag.on_move = lambda point, t: samples.append((t, *point))
    button.connect("clicked", lambda _button: clicks.append(True))
    scene.driver.start()
    window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", scene.title],
                            capture_output=True, text=True, timeout=20).stdout.split()[0]
    # the Fixed's origin in the X window (GTK may draw decorations of its own around it)
    native = scene.fixed.get_native()
    ox, oy = native.get_surface_transform()
    fx, fy = scene.fixed.translate_coordinates(native, 0, 0)
    x, y = round(ox + fx + 160), round(oy + fy + 300)

    def button_centre():
        bx, by, width, height = bounds(scene)
        return bx + width / 2, by + height / 2

    # the binding places the button at the driver's first frames: click once it is there
    pump(gtk, lambda: math.dist(button_centre(), (160, 300)) < 1, what="the button at its item's centre")
    run_xdotool(gtk, ["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"])
    # on a loaded machine the click may take longer than run_xdotool's wait to come through
    pump(gtk, lambda: bool(clicks), timeout=5.0, what="the click to activate the button")
    assert clicks == [True], "a plain click still activates the button"
    assert drag.release_velocity == (0.0, 0.0) and ball.center == pytest.approx((160, 300), abs=0.5)
    # a pointer that pauses longer than the tracker's stop time before it lifts flings nothing, as
    # the tracker is meant to; on a loaded machine xdotool itself may be held up between its last
    # move and its release, so such a drag is done again (from the start) rather than judged
    released = []
    drag.on_release = lambda point, t, velocity: released.append(t)
    pauses = []
    for _attempt in range(3):
        ball.center, ball.velocity = (160, 300), (0, 0)
        pump(gtk, lambda: math.dist(button_centre(), (160, 300)) < 1, what="the button back at its item's centre")
        samples.clear()
        released.clear()
        run_xdotool(gtk, drag_command(window, x, y, 200, 0))
        assert released, "the drag was released"
        # a gap longer than the tracker's stop time between moves starts a new gesture there
        # (VelocityTracker), so only a drag without one is judged for its fling (the press is
        # held 50 ms before the first move on purpose)
        moves = samples[1:]
        gaps = [later[0] - earlier[0] for earlier, later in zip(moves, moves[1:])]
        pause = released[-1] - samples[-1][0]
        pauses.append(max(gaps + [pause]))
        if pauses[-1] <= 0.04:   # VelocityTracker's stop time
            break
        if pause > 0.04:
            assert drag.release_velocity == (0.0, 0.0), "a pointer that stopped before it lifted flings nothing"
    else:
        pytest.fail(f"xdotool paused in or at the end of every drag: longest gaps {pauses} s")
    assert clicks == [True], "the dragged button did not also activate"
    assert not drag.is_dragging
    # the points are the pointer's in the Fixed, although the button moved under it
    assert samples[0][1:] == (160, 300) and samples[-1][1:] == (360, 300)
    assert all(y == 300 and (x - 160) % 10 == 0 for _, x, y in samples), samples
    pointer = fitted_velocity(samples)
    vx, vy = drag.release_velocity
    assert abs(vx - pointer[0]) <= 0.2 * pointer[0] and abs(vy) <= 20, f"flung at ({vx}, {vy}), pointer {pointer}"
    assert 700 <= pointer[0] <= 1300, f"the pointer moved 200 px in about 0.2 s: {pointer}"
    assert ball.center[0] > 360, "the item flew on after the release"


def test_bad_arguments_are_refused(gtk, scene):
    Gtk = gtk.Gtk
    animator, driver, ball = scene.animator, scene.driver, scene.ball
    loose = Gtk.Button()
    boxed, box = Gtk.Button(), Gtk.Box()
    box.append(boxed)
    other = anima.Animator()
    with pytest.raises(TypeError, match="anima.Animator"):
        gtk.driver("not an animator", scene.window)
    with pytest.raises(TypeError, match="Gtk.Widget"):
        gtk.driver(animator, 42)
    with pytest.raises(TypeError, match="Gtk.Widget"):
        driver.bind(42, ball)
    with pytest.raises(ValueError, match="Gtk.Fixed .it has no parent"):
        driver.bind(loose, ball)
    with pytest.raises(ValueError, match="Gtk.Fixed .it is in a Box"):
        driver.draggable(boxed, ball)
    with pytest.raises(ValueError, match="another animator"):
        driver.bind(scene.button, anima.Item(other))
    with pytest.raises(TypeError, match="anima.Item"):
        driver.draggable(scene.button, "ball")
    value = anima.Value(animator, 0.0)
    with pytest.raises(ValueError, match="has no property 'no-such'"):
        driver.bind_value(value, Gtk.Adjustment(), "no-such")
    with pytest.raises(ValueError, match="type gchararray"):
        driver.bind_value(value, Gtk.Label(), "label")
    with pytest.raises(ValueError, match="one number"):
        driver.bind_value(anima.Value(animator, (0, 0)), Gtk.Adjustment(), "value")
    with pytest.raises(ValueError, match="colour value of 3 or 4"):
        driver.bind_value(value, Gtk.TextTag(), "foreground-rgba")
    with pytest.raises(TypeError, match="GObject.Object"):
        driver.bind_value(value, 42, "x")
    with pytest.raises(TypeError, match="or a callable"):
        driver.bind_value(value, 42)
    with pytest.raises(TypeError, match="anima.Value"):
        driver.bind_value(0.5, print)
    with pytest.raises(ValueError, match="another animator"):
        driver.bind_value(anima.Value(other), print)
    with pytest.raises(ValueError, match="seconds"):
        driver.tick(-1)
    with pytest.raises(ValueError, match="seconds"):
        driver.tick(math.nan)
