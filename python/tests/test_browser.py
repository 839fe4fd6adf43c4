"""The player as a person sees it: a real (headless) Chromium draws it, plays it, pauses it.

The page is the player of a recorded scene saved by `Player.save`. The test clicks the
player's own buttons with mouse events, takes screenshots, finds the ball by its fill colour
and checks that it is drawn where the recording has it (within 2 px), that it moves while
playing and stays put while paused, that the page logs no error and requests nothing but
itself. Without Chromium the test fails and says how to install it: a browser check that
quietly passes without a browser would check nothing.
"""

import io
import math
import time

import matplotlib.image
import numpy as np
import pytest

import anima
import anima.render

from browser import Browser, find_chromium

BALL_COLOR = np.array([int(anima.player.COLORS[0][k:k + 2], 16) for k in (1, 3, 5)])


def scene():
    anim = anima.Animator((0, 0, 320, 480))
    ball = anima.Item(anim, center=(100, 40), size=(40, 40), shape="ellipse")
    box = anima.Item(anim, center=(220, 60), size=(60, 30))
    anim.add_behavior(anima.Gravity([ball, box]))
    anim.add_behavior(anima.Collision([ball, box], translates_reference_bounds_into_boundary=True))
    anim.add_behavior(anima.Attachment(box, anchor=(220, 20), frequency=1.0, damping=0.1))
    return anim


def ball_center(png, canvas_rect):
    """The centroid (page px) of the pixels of the ball's colour inside the canvas."""
    image = matplotlib.image.imread(io.BytesIO(png))[:, :, :3] * 255
    x, y, w, h = (int(round(v)) for v in canvas_rect)
    region = image[y:y + h, x:x + w]
    match = np.all(np.abs(region - BALL_COLOR) <= 2, axis=2)
    rows, cols = np.nonzero(match)
    assert len(rows) > 200, f"the ball is not drawn ({len(rows)} pixels of its colour)"
    return x + cols.mean() + 0.5, y + rows.mean() + 0.5


@pytest.fixture(scope="module")
def browser():
    if find_chromium() is None:
        pytest.fail("no Chromium to check the player in: install it (Debian: apt install chromium); "
                    ".ci/run installs it", pytrace=False)
    with Browser() as running:
        yield running


def test_the_player_draws_the_recorded_poses_plays_and_pauses(browser, tmp_path):
    player = anima.show(scene(), seconds=3, debug=True)
    rec = player.recording
    page_path = tmp_path / "player.html"
    player.save(page_path)
    page = browser.open(page_path.as_uri())
    key = page.evaluate("document.querySelector('.anima-player').id")
    assert page.evaluate(f"window.animaPlayers['{key}'].playing") is True
    rect = page.evaluate("(function () { var r = document.querySelector('.anima-player canvas')"
                         ".getBoundingClientRect(); return [r.x + 1, r.y + 1, r.width - 2, r.height - 2]; })()")
    view = player.data()["view"]
    scale = (rect[2]) / view[2]

    def paused_position():
        page.click(".anima-play")
        assert page.evaluate(f"window.animaPlayers['{key}'].playing") is False
        frame = page.evaluate(f"window.animaPlayers['{key}'].frame")
        shot = page.screenshot()
        return frame, shot, ball_center(shot, rect)

    time.sleep(0.4)
    frame1, shot1, (x1, y1) = paused_position()
    time.sleep(0.5)
    assert page.evaluate(f"window.animaPlayers['{key}'].frame") == frame1
    assert page.screenshot() == shot1, "the picture changed while paused"
    page.click(".anima-play")                      # play on
    time.sleep(0.6)
    frame2, _, (x2, y2) = paused_position()
    assert frame2 > frame1
    assert math.hypot(x2 - x1, y2 - y1) > 10, "the ball did not move between the two screenshots"
    print(f"paused at frames {frame1} and {frame2}: ball drawn at ({x1:.1f}, {y1:.1f}) and ({x2:.1f}, {y2:.1f}) px")
    for frame, (x, y) in ((frame1, (x1, y1)), (frame2, (x2, y2))):
        want_x = rect[0] + (rec.poses[frame, 0, 0] - view[0]) * scale
        want_y = rect[1] + (rec.poses[frame, 0, 1] - view[1]) * scale
        print(f"  frame {frame}: off by {math.hypot(x - want_x, y - want_y):.2f} px")
        assert math.hypot(x - want_x, y - want_y) <= 2.0, (
            f"frame {frame}: the ball is drawn at ({x:.1f}, {y:.1f}) px, the recording puts it at "
            f"({want_x:.1f}, {want_y:.1f}) px")
    shown = page.evaluate(f"document.getElementById('{key}').querySelector('.anima-time').textContent")
    assert shown == f"{rec.times[frame2]:.2f} s"
    # scrubbing with the slider shows that frame
    page.evaluate(f"(function () {{ var s = document.getElementById('{key}').querySelector('.anima-scrub');"
                  " s.value = 30; s.dispatchEvent(new Event('input')); })()")
    assert page.evaluate(f"window.animaPlayers['{key}'].frame") == 30
    x3, y3 = ball_center(page.screenshot(), rect)
    assert math.hypot(x3 - (rect[0] + (rec.poses[30, 0, 0] - view[0]) * scale),
                      y3 - (rect[1] + (rec.poses[30, 0, 1] - view[1]) * scale)) <= 2.0
    assert page.errors == []
    assert page.requests == [page_path.as_uri()], "the page requested more than itself"


def test_the_player_loops_back_to_the_start(browser, tmp_path):
    anim = scene()
    player = anima.show(anim, seconds=0.5)
    player.save(tmp_path / "short.html")
    page = browser.open((tmp_path / "short.html").as_uri())
    key = page.evaluate("document.querySelector('.anima-player').id")
    frames = []
    for _ in range(30):
        frames.append(page.evaluate(f"window.animaPlayers['{key}'].frame"))
        time.sleep(0.05)
    assert max(frames) > 20 and any(b < a for a, b in zip(frames, frames[1:])), f"no loop in {frames}"
    assert page.errors == []


def test_the_demo_page_animates_without_errors_or_requests(browser, tmp_path, repository_file):
    """`make demo`'s page (every seed scene as an animated SVG card) moves in a real browser."""
    import subprocess
    import sys

    demo = repository_file("examples", "python", "demo.py")
    page_path = tmp_path / "demo.html"
    result = subprocess.run([sys.executable, str(demo), str(page_path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    page = browser.open(page_path.as_uri())
    assert page.evaluate("document.querySelectorAll('svg').length") >= 7
    time.sleep(0.3)
    first = page.screenshot()
    time.sleep(0.7)
    assert page.screenshot() != first, "nothing moved on the demo page"
    assert page.errors == []
    assert page.requests == [page_path.as_uri()], "the demo page requested more than itself"


def test_a_large_recording_stays_small_and_unpacks_to_the_recorded_poses(browser, tmp_path):
    """1 000 items for 600 frames: the page stays under a megabyte (packed changes, not text
    numbers), and what the browser unpacks is the recording to within its rounding steps,
    including the NaN of an item destroyed halfway."""
    anim = anima.Animator((0, 0, 2000, 1200))
    rng = np.random.default_rng(7)
    items = [anima.Item(anim, center=(float(rng.uniform(20, 1980)), float(rng.uniform(20, 900))), size=(12, 12))
             for _ in range(1000)]
    anim.add_behavior(anima.Gravity(items))
    anim.add_behavior(anima.Collision(items, translates_reference_bounds_into_boundary=True))
    recorder = anima.render.Recorder(anim)
    recorder.run(5.0, progress=False)
    items[3].destroy()
    recorder.run(5.0 - 1 / 120, progress=False)
    rec = recorder.recording
    assert rec.poses.shape == (601, 1000, 3)
    player = anima.Player(rec)
    page_path = tmp_path / "large.html"
    player.save(page_path)
    size = page_path.stat().st_size
    print(f"1 000 items x 601 frames: {size / 1e6:.2f} MB of page")
    assert size < 1_000_000
    page = browser.open(page_path.as_uri())
    key = page.evaluate("document.querySelector('.anima-player').id")
    # every 997th value of each unpacked array (0.7 % of them, prime stride across items and frames)
    picked = page.evaluate(f"(function () {{ var d = window.animaPlayers['{key}'].data, out = {{}};"
                           " ['poses', 'angles'].forEach(function (name) { var a = [];"
                           " for (var k = 0; k < d[name].length; k += 997) { a.push(isNaN(d[name][k]) ? null : d[name][k]); }"
                           " out[name] = a; }); return out; })()")
    for name, recorded, quantum in (("poses", rec.poses[:, :, :2].ravel(), 0.01),
                                    ("angles", rec.poses[:, :, 2].ravel(), 1e-4)):
        want = recorded[::997]
        got = np.array([math.nan if v is None else v for v in picked[name]])
        assert got.shape == want.shape
        assert np.array_equal(np.isnan(got), np.isnan(want)), name
        assert np.nanmax(np.abs(got - want)) <= quantum / 2 + 1e-9, name
    gone = page.evaluate(f"(function () {{ var d = window.animaPlayers['{key}'].data;"
                         " return [isNaN(d.poses[(599 * 1000 + 3) * 2]), isNaN(d.poses[(10 * 1000 + 3) * 2])]; })()")
    assert gone == [True, False], "the destroyed item is not missing from the frames after it went"
    assert page.evaluate(f"window.animaPlayers['{key}'].playing") is True
    assert page.errors == []


def test_the_values_panel_shows_each_value_at_the_frame_sought(browser, tmp_path):
    """A scene with animated values: the player's panel has a row per value, labelled as
    given to show(); scrubbed to a frame, each row's text is the recorded value there (to its
    last decimal), a scalar's bar is filled to its share of the recorded range, and a colour's
    swatch is drawn in its sRGB colour (read from the screenshot's pixels)."""
    anim = anima.Animator((0, 0, 320, 240))
    anima.Item(anim, center=(160, 60), size=(40, 40))
    sheet = anima.Value(anim, 120.0)
    tint = anima.Value(anim, (1.0, 0.0, 0.0), space="oklab")
    progress = anima.Value(anim, 0.0)
    with anim.animate(spring=(1, 200, 18)):
        sheet.value = 420.0
    with anim.animate(0.8, curve="linear"):
        tint.value = (0.0, 0.0, 1.0)
        progress.value = 1.0
    player = anima.show(anim, seconds=1.0, values={"sheet": sheet, "tint": tint, "progress": progress},
                        autoplay=False)
    rec = player.recording
    page_path = tmp_path / "values.html"
    player.save(page_path)
    text = page_path.read_text()
    assert text.count('class="anima-value"') == 3 and 'class="anima-values"' in text
    assert [row["label"] for row in player.data()["values"]] == ["sheet", "tint", "progress"]
    page = browser.open(page_path.as_uri())
    key = page.evaluate("document.querySelector('.anima-player').id")
    panel = f"document.getElementById('{key}').querySelector('.anima-values')"
    assert page.evaluate(f"Array.from({panel}.querySelectorAll('.anima-value-label')).map(e => e.textContent)") \
        == ["sheet", "tint", "progress"]
    rows = player.data()["values"]
    for frame in (45, 24):
        page.evaluate(f"(function () {{ var s = document.getElementById('{key}').querySelector('.anima-scrub');"
                      f" s.value = {frame}; s.dispatchEvent(new Event('input')); }})()")
        assert page.evaluate(f"window.animaPlayers['{key}'].frame") == frame
        shown = page.evaluate(f"Array.from({panel}.querySelectorAll('.anima-value-text')).map(e => e.textContent)")
        print(f"frame {frame}: {shown}")
        for k, row in enumerate(rows):
            numbers = [float(part) for part in shown[k].split(", ")]
            want = rec.values[frame, k, :row["count"]]
            assert len(numbers) == row["count"]
            assert np.abs(numbers - want).max() <= 0.5 * 10.0 ** -row["digits"] + 1e-9, (row["label"], shown[k], want)
        # the bars: a scalar's share of its range over the recording
        for k in (0, 2):
            share = page.evaluate(f"(function () {{ var row = {panel}.querySelectorAll('.anima-value')[{k}];"
                                  " return row.querySelector('.anima-value-bar').getBoundingClientRect().width /"
                                  " row.querySelector('.anima-value-gauge').getBoundingClientRect().width; })()")
            low, high = rows[k]["low"], rows[k]["high"]
            assert share == pytest.approx((rec.values[frame, k, 0] - low) / (high - low), abs=0.02), rows[k]["label"]
        # the swatch: its style and its pixels are the recorded colour
        want = np.floor(rec.values[frame, 1, :3] * 255 + 0.5).astype(int)
        css = page.evaluate(f"getComputedStyle({panel}.querySelector('.anima-value-swatch')).backgroundColor")
        got = np.array([int(c) for c in css[css.index("(") + 1:-1].split(",")])
        assert np.abs(got - want).max() <= 1, (css, want)
        box = page.evaluate(f"(function () {{ var r = {panel}.querySelector('.anima-value-swatch')"
                            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        image = matplotlib.image.imread(io.BytesIO(page.screenshot()))[:, :, :3] * 255
        pixel = image[int(box[1]), int(box[0])]
        print(f"  swatch {css}, drawn {pixel.round().astype(int).tolist()}, recorded {want.tolist()}")
        assert np.abs(pixel - want).max() <= 2
    # playing on from frame 24 moves the panel with the frames
    page.click(".anima-play")
    time.sleep(0.3)
    page.click(".anima-play")
    frame = page.evaluate(f"window.animaPlayers['{key}'].frame")
    progress_text = page.evaluate(f"{panel}.querySelectorAll('.anima-value-text')[2].textContent")
    assert frame > 24 and float(progress_text) == pytest.approx(rec.values[frame, 2, 0], abs=0.001)
    assert page.errors == []
    assert page.requests == [page_path.as_uri()]


def canvas_pixels(page, key, point, scale, view, reach=2):
    """The canvas's pixels (r, g, b) within `reach` px of a scene point, read with getImageData."""
    x, y = (point[0] - view[0]) * scale, (point[1] - view[1]) * scale
    return page.evaluate(f"(function () {{ var c = document.getElementById('{key}').querySelector('canvas');"
                         f" var x = Math.floor({x}) - {reach}, y = Math.floor({y}) - {reach}, n = {2 * reach + 1};"
                         " var d = c.getContext('2d').getImageData(x, y, n, n).data, out = [];"
                         " for (var k = 0; k < d.length; k += 4) { out.push([d[k], d[k + 1], d[k + 2]]); }"
                         " return out; })()")


def has_color(pixels, color, tolerance=3):
    want = np.array([(color >> 16) & 255, (color >> 8) & 255, color & 255])
    return bool((np.abs(np.array(pixels) - want).max(axis=1) <= tolerance).any())


def test_the_player_draws_the_recorded_debug_drawing_and_its_switch_hides_it(browser, tmp_path):
    """Two boxes stacked on the floor and a box hanging on a rod, recorded with the engine's
    debug drawing: at the last frame the canvas has the contact points' orange where the boxes
    touch and the attachment's blue halfway along the rod; unticking the debug switch leaves
    neither there."""
    anim = anima.Animator((0, 0, 320, 480))
    low = anima.Item(anim, center=(160, 460), size=(40, 40))
    high = anima.Item(anim, center=(160, 420), size=(40, 40))
    hanging = anima.Item(anim, center=(60, 100), size=(20, 20))
    anim.add_behavior(anima.Gravity([low, high, hanging]))
    anim.add_behavior(anima.Collision([low, high], translates_reference_bounds_into_boundary=True))
    rod = anima.Attachment(hanging, (60, 30), offset=(5, -10))
    anim.add_behavior(rod)
    player = anima.show(anim, seconds=1, debug=True, autoplay=False)
    rec = player.recording
    last = rec.frame_count - 1
    drawn = rec.debug_primitives(last)
    points = [p[1] for p in drawn if p[0] == "point"]
    rod_line = [p for p in drawn if p[-1] == 0x3399FF][0]
    middle = ((rod_line[1][0] + rod_line[2][0]) / 2, (rod_line[1][1] + rod_line[2][1]) / 2)
    assert len(points) == 4 and any(abs(p[1] - 440) < 0.1 for p in points)
    page_path = tmp_path / "debug.html"
    player.save(page_path)
    page = browser.open(page_path.as_uri())
    key = page.evaluate("document.querySelector('.anima-player').id")
    page.evaluate(f"(function () {{ var s = document.getElementById('{key}').querySelector('.anima-scrub');"
                  f" s.value = {last}; s.dispatchEvent(new Event('input')); }})()")
    assert page.evaluate(f"window.animaPlayers['{key}'].frame") == last
    assert page.evaluate(f"window.animaPlayers['{key}'].debugDrawn") == len(drawn)
    view = player.data()["view"]
    scale = page.evaluate(f"document.getElementById('{key}').querySelector('canvas').width") / view[2]
    for point in points:
        assert has_color(canvas_pixels(page, key, point, scale, view), 0xFF8000), f"no contact point drawn at {point}"
    assert has_color(canvas_pixels(page, key, middle, scale, view), 0x3399FF), "the rod is not drawn"
    page.click(".anima-debug")
    assert page.evaluate(f"document.getElementById('{key}').querySelector('.anima-debug').checked") is False
    assert page.evaluate(f"window.animaPlayers['{key}'].debugDrawn") == 0
    for point in points:
        assert not has_color(canvas_pixels(page, key, point, scale, view), 0xFF8000), "hidden, yet drawn"
    assert not has_color(canvas_pixels(page, key, middle, scale, view), 0x3399FF)
    assert page.errors == []
    assert page.requests == [page_path.as_uri()]
