"""Spinners: collection-view cells spin as the view scrolls past them and turn back when it stops.

Listing 6-7 ("Adding Physics-Based Animation to Collection Views"), in Python::

    - (void)scrollViewDidScroll:(UIScrollView *)scrollView
    {
        scrollSpeed = scrollView.contentOffset.x - previousScrollViewXOffset;
        previousScrollViewXOffset = scrollView.contentOffset.x;
    }

    - (void) prepareLayout
    {
        CGRect currentRect = self.collectionView.bounds;
        currentRect.size = self.collectionView.frame.size;
        NSArray *items = [super layoutAttributesForElementsInRect:currentRect];

        // Clean up any item that's now offscreen
        for (UICollectionViewLayoutAttributes *item in _spinner.items)
            if (![itemPaths containsObject:item.indexPath]) [_spinner removeItem:item];
        // Add all onscreen items
        for (UICollectionViewLayoutAttributes *item in items)
            if (![spinnerPaths containsObject:item.indexPath]) [_spinner addItem:item];
        // Add impulses
        CGFloat impulse = (scrollSpeed / self.collectionView.frame.size.width) * M_PI_4 / 4;
        for (UICollectionViewLayoutAttributes *item in _spinner.items)
        {
            CGAffineTransform t = item.transform;
            CGFloat rotation = atan2f(t.b, t.a);
            if (fabs(rotation) > M_PI / 32) impulse = -rotation * 0.01;
            [_spinner addAngularVelocity:impulse forItem:item];
        }
    }

with, in the layout's init, ``_spinner = [[UIDynamicItemBehavior alloc] init]`` (allowsRotation
YES) added to an animator made with ``initWithCollectionViewLayout:``.

The scene: a horizontal collection view 320 x 100 pt over a row of 40 cells, 80 x 80 pt, 100 pt
apart (centres x = 50 + 100 i, y = 50), each an item. The animator has no reference bounds (the
layout's content is the space). Every cell belongs to a plain behavior, the layout, so that the
animator governs it and ``animator.items_in_rect`` finds it, as ``itemsInRect:`` finds the
attributes of a collection-view animator. The content offset goes from 0 to 2000 pt in 2 s,
eased in and out (offset = 1000 (1 - cos(pi t / 2))), then stays. Each 60 Hz frame, while the
view scrolls or the animator runs (UIKit lays out again on a bounds change and on every step of
the animator), ``prepare_layout()`` does what prepareLayout does above, with the visible rect
(offset, 0, 320, 100) and ``items_in_rect``, and then the animator advances the frame.

Two choices differ from the listing, and one of its quirks is kept:
  - The scroll view reports its offset every frame, so the scroll speed (points per frame)
    falls to 0 when it stops. In the listing scrollViewDidScroll: is only called on a change,
    so the speed keeps the last, sub-point step and keeps nudging the cells.
  - The spinner has an angular resistance of 1/s. The listing's restoring impulse, -rotation x
    0.01 rad/s per frame outside +/- pi/32, is a spring with no damping: with angular
    resistance 0 the cells in view swing for ever (through the quirk below they even gain
    speed) and the animator never pauses.
  - The quirk: ``impulse`` is one variable for the whole loop, so once a cell turned past pi/32
    has set it to its restoring value, the cells after it in the loop get that value too.

``items_in_rect`` takes the turned bounds of the cells, so a cell that left the view turning
can poke a corner back into the visible rect and join the spinner again until it turns out.
The cells that left keep spinning slowly down under the implicit angular damping (0.1/s) of
an item that no item behavior governs; they are the last to rest.

Checks:
  - cells in view spin while the view scrolls (|angular velocity| above 0.1 rad/s);
  - after every layout pass the spinner holds exactly the cells in the visible rect;
  - cells that left the view are not spun any more: out of the spinner, |angular velocity|
    never grows (they slow down under the implicit damping of an item with no item behavior);
  - after the scroll stops, the cells in view that had turned past pi/32 turn back: each ends
    below its largest |rotation|, and every cell in view ends within +/- pi/32 (+ 0.005 rad);
  - the animator pauses (on_did_pause called) within 60 s.
Exits 1 if any check fails.
"""

import math
import sys

import anima

import _checks

CELL_COUNT = 40
CELL_SIDE = 80.0
CELL_PITCH = 100.0
VIEW_WIDTH = 320.0
VIEW_HEIGHT = 100.0
SCROLL_DISTANCE = 2000.0
SCROLL_SECONDS = 2.0
MAX_SECONDS = 60.0
ANGULAR_RESISTANCE = 1.0
FRAME = 1.0 / 60.0


def rotation_of(item: anima.Item) -> float:
    """The rotation as atan2f(t.b, t.a) reads it from the transform: in (-pi, pi]."""
    rotation = item.rotation
    return math.atan2(math.sin(rotation), math.cos(rotation))


def scroll_offset(t: float) -> float:
    """The content offset (pt) at time t: eased in and out from 0 to 2000 pt over 2 s."""
    u = min(t / SCROLL_SECONDS, 1.0)
    return SCROLL_DISTANCE / 2 * (1 - math.cos(math.pi * u))


class ScrollView:
    """The collection view's scroll state, as the listing's delegate method tracks it."""

    def __init__(self) -> None:
        self.offset = 0.0            # contentOffset.x
        self.previous_offset = 0.0   # previousScrollViewXOffset
        self.speed = 0.0             # scrollSpeed, points per frame

    def did_scroll(self, offset: float) -> None:
        """scrollViewDidScroll:"""
        self.offset = offset
        self.speed = offset - self.previous_offset
        self.previous_offset = offset


class SpinnerLayout:
    """The flow layout of Listing 6-7: its animator, the cells and the spinner behavior."""

    def __init__(self) -> None:
        self.animator = anima.Animator()
        self.pauses: list[float] = []
        self.animator.on_did_pause = lambda animator: self.pauses.append(animator.elapsed_time)
        # Every cell belongs to the layout, so the animator governs it and items_in_rect finds it.
        self.cell_layout = anima.Behavior(self.animator)
        self.cells: list[anima.Item] = []
        for i in range(CELL_COUNT):
            cell = anima.Item(self.animator, center=(CELL_PITCH / 2 + CELL_PITCH * i, VIEW_HEIGHT / 2),
                              size=(CELL_SIDE, CELL_SIDE))
            self.cell_layout.add_item(cell)
            self.cells.append(cell)
        self.spinner = anima.ItemBehavior([], animator=self.animator, allows_rotation=True,
                                          angular_resistance=ANGULAR_RESISTANCE)
        self.animator.add_behavior(self.cell_layout)
        self.animator.add_behavior(self.spinner)
        self.scroll = ScrollView()
        self.spinner_matches_view = True  # False once a layout pass left the spinner unlike the visible cells

    def visible_rect(self) -> tuple[float, float, float, float]:
        return (self.scroll.offset, 0.0, VIEW_WIDTH, VIEW_HEIGHT)

    def prepare_layout(self) -> None:
        """Listing 6-7, prepareLayout."""
        # Retrieve onscreen items.
        items = self.animator.items_in_rect(self.visible_rect())

        # Clean up any item that's now offscreen.
        for item in self.spinner.items:
            if item not in items:
                self.spinner.remove_item(item)

        # Add all onscreen items.
        spinner_items = self.spinner.items
        for item in items:
            if item not in spinner_items:
                self.spinner.add_item(item)

        # Add impulses. As in the listing, one restoring impulse, once set, also goes to the
        # cells after it in the loop.
        spinner_items = self.spinner.items
        impulse = (self.scroll.speed / VIEW_WIDTH) * (math.pi / 4) / 4
        for item in spinner_items:
            rotation = rotation_of(item)
            if abs(rotation) > math.pi / 32:
                impulse = -rotation * 0.01
            self.spinner.add_angular_velocity(item, impulse)

        # The spinner now holds exactly the cells in view.
        same = len(spinner_items) == len(items) and all(item in spinner_items for item in items)
        self.spinner_matches_view = self.spinner_matches_view and same


def main() -> int:
    """Scroll past the cells, let them settle, print what happened, return the exit status."""
    layout = SpinnerLayout()
    cells, animator = layout.cells, layout.animator

    fastest_spin = 0.0              # largest |angular velocity| of a cell in view while scrolling
    fastest_spin_cell = -1
    most_turned_while_scrolling = 0.0
    was_in_view = [False] * CELL_COUNT
    in_view = [False] * CELL_COUNT
    arrivals = departures = 0
    worst_growth_out_of_view = 0.0  # largest growth of |angular velocity| of a cell out of the spinner
    peak_after_stop = [0.0] * CELL_COUNT
    spin_at_departure_sum = 0.0

    running = True
    for frame in range(1, round(MAX_SECONDS * 60) + 1):
        t = frame / 60.0
        scrolling = t <= SCROLL_SECONDS + 1e-9
        if not running and not scrolling:
            break  # paused and still: nothing lays out again
        # While scrolling the offset follows the ease; then the view reports its unchanged offset.
        layout.scroll.did_scroll(scroll_offset(t) if scrolling else layout.scroll.offset)
        layout.prepare_layout()

        spinner_items = layout.spinner.items
        spin_before: list[float] = []
        for i, cell in enumerate(cells):
            in_view[i] = cell in spinner_items
            spin_before.append(abs(cell.angular_velocity))
            if in_view[i] and not was_in_view[i]:
                arrivals += 1
            if not in_view[i] and was_in_view[i]:
                departures += 1
                spin_at_departure_sum += spin_before[i]
            was_in_view[i] = in_view[i]

        animator.advance(FRAME)
        running = animator.is_running

        for i, cell in enumerate(cells):
            spin = abs(cell.angular_velocity)
            turned = abs(rotation_of(cell))
            if in_view[i] and scrolling:
                if spin > fastest_spin:
                    fastest_spin, fastest_spin_cell = spin, i
                most_turned_while_scrolling = max(most_turned_while_scrolling, turned)
            if not in_view[i]:
                worst_growth_out_of_view = max(worst_growth_out_of_view, spin - spin_before[i])
            if in_view[i] and not scrolling:
                peak_after_stop[i] = max(peak_after_stop[i], turned)
        if frame % 30 == 0 and t <= 4.0:
            spinning = "".join(f" #{cells.index(item)} {rotation_of(item):+.3f} rad {item.angular_velocity:+.3f} rad/s"
                               for item in spinner_items)
            print(f"t = {t:4.2f} s: offset {layout.scroll.offset:7.1f} pt, scroll speed {layout.scroll.speed:5.2f} "
                  f"pt/frame, spinner:{spinning}")

    mean_departure_spin = spin_at_departure_sum / departures if departures else 0.0
    print(f"cells came into view {arrivals} times and left it {departures} times, spinning at "
          f"{mean_departure_spin:.3f} rad/s on average as they left; while scrolling the fastest spin was "
          f"{fastest_spin:.3f} rad/s (cell #{fastest_spin_cell}), "
          f"the largest turn {most_turned_while_scrolling:.3f} rad")
    print(f"out of view, |angular velocity| grew by at most {worst_growth_out_of_view:.2e} rad/s in a frame")

    turned_back = within_band = True
    turned_past_band = 0
    print("after the scroll stopped, the cells in view:")
    for i, cell in enumerate(cells):
        if not in_view[i]:
            continue
        final_turn = abs(rotation_of(cell))
        print(f"  #{i}: largest |rotation| {peak_after_stop[i]:.4f} rad, at the end {rotation_of(cell):+.4f} rad, "
              f"{cell.angular_velocity:+.4f} rad/s")
        if peak_after_stop[i] > math.pi / 32:
            turned_past_band += 1
            turned_back = turned_back and final_turn < peak_after_stop[i]
        within_band = within_band and final_turn <= math.pi / 32 + 0.005
    paused = not running and len(layout.pauses) >= 1
    paused_at = layout.pauses[0] if layout.pauses else None
    if paused:
        print(f"the animator paused after {paused_at:.2f} s (the scroll stopped at {SCROLL_SECONDS:.2f} s)")
    else:
        print(f"the animator still runs after {MAX_SECONDS:.0f} s")

    def summary() -> str:
        return (f"spun up to {fastest_spin:.2f} rad/s while scrolling; {turned_past_band} cells turned back; "
                f"paused after {paused_at:.2f} s")

    check = _checks.Checklist()

    check(fastest_spin > 0.1, "cells in view spin while the view scrolls (|angular velocity| > 0.1 rad/s)")
    check(layout.spinner_matches_view,
          "after every layout pass the spinner holds exactly the cells in the visible rect")
    check(departures > 0 and worst_growth_out_of_view <= 1e-12,
          "cells that left the view are not spun any more (|angular velocity| never grows out of the spinner)")
    check(turned_past_band > 0 and turned_back and within_band,
          "after the scroll stops the cells in view turn back towards 0 "
          "(each below its largest |rotation|, all within pi/32)")
    check(paused and paused_at is not None and paused_at <= MAX_SECONDS, "the animator pauses (on_did_pause called) within 60 s")
    animator.destroy()

    return _checks.conclude(check.failures, summary)


if __name__ == "__main__":
    sys.exit(main())
