/*
 * spinners.c: collection-view cells that spin as the view scrolls past them and turn back when
 * it stops (Listing 6-7, "Adding Physics-Based Animation to Collection Views").
 *
 *     - (void)scrollViewDidScroll:(UIScrollView *)scrollView
 *     {
 *         scrollSpeed = scrollView.contentOffset.x - previousScrollViewXOffset;
 *         previousScrollViewXOffset = scrollView.contentOffset.x;
 *     }
 *
 *     - (void) prepareLayout
 *     {
 *         [super prepareLayout];
 *         ...
 *         CGRect currentRect = self.collectionView.bounds;
 *         currentRect.size = self.collectionView.frame.size;
 *         NSArray *items = [super layoutAttributesForElementsInRect:currentRect];
 *
 *         // Clean up any item that's now offscreen
 *         NSArray *itemPaths = [items valueForKey:@"indexPath"];
 *         for (UICollectionViewLayoutAttributes *item in _spinner.items)
 *         {
 *             if (![itemPaths containsObject:item.indexPath])
 *                 [_spinner removeItem:item];
 *         }
 *
 *         // Add all onscreen items
 *         NSArray *spinnerPaths = [_spinner.items valueForKey:@"indexPath"];
 *         for (UICollectionViewLayoutAttributes *item in items)
 *         {
 *             if (![spinnerPaths containsObject:item.indexPath])
 *                 [_spinner addItem:item];
 *         }
 *
 *         // Add impulses
 *         CGFloat impulse = (scrollSpeed /
 *             self.collectionView.frame.size.width) * M_PI_4 / 4;
 *         for (UICollectionViewLayoutAttributes *item in _spinner.items)
 *         {
 *             CGAffineTransform t = item.transform;
 *             CGFloat rotation = atan2f(t.b, t.a);
 *             if (fabs(rotation) > M_PI / 32) impulse = -rotation * 0.01;
 *             [_spinner addAngularVelocity:impulse forItem:item];
 *         }
 *     }
 *
 * with, in the layout's init, _spinner = [[UIDynamicItemBehavior alloc] init] (allowsRotation YES)
 * added to an animator made with initWithCollectionViewLayout:.
 *
 * The scene: a horizontal collection view 320 x 100 pt over a row of 40 cells, 80 x 80 pt, 100 pt
 * apart (centres x = 50 + 100 i, y = 50), each an item. The animator has no reference bounds (the
 * layout's content is the space). Every cell belongs to a plain behavior, the layout, so that the
 * animator governs it and anima_animator_items_in_rect finds it, as itemsInRect: finds the
 * attributes of a collection-view animator. The content offset goes from 0 to 2000 pt in 2 s,
 * eased in and out (offset = 1000 (1 - cos(pi t / 2))), then stays. Each 60 Hz frame, while the
 * view scrolls or the animator runs (UIKit lays out again on a bounds change and on every step
 * of the animator), prepare_layout() does what prepareLayout does above, with the visible rect
 * (offset, 0, 320, 100) and items_in_rect, and then the animator advances the frame.
 *
 * Two choices differ from the listing, and one of its quirks is kept:
 *   - The scroll view reports its offset every frame, so the scroll speed (points per frame)
 *     falls to 0 when it stops. In the listing scrollViewDidScroll: is only called on a change,
 *     so the speed keeps the last, sub-point step and keeps nudging the cells.
 *   - The spinner has an angular resistance of 1/s. The listing's restoring impulse, -rotation x
 *     0.01 rad/s per frame outside +/- pi/32, is a spring with no damping: with angular
 *     resistance 0 the cells in view swing for ever (through the quirk below they even gain
 *     speed) and the animator never pauses.
 *   - The quirk: `impulse` is one variable for the whole loop, so once a cell turned past pi/32
 *     has set it to its restoring value, the cells after it in the loop get that value too.
 *
 * items_in_rect takes the turned bounds of the cells, so a cell that left the view turning can
 * poke a corner back into the visible rect and join the spinner again until it turns out. The
 * cells that left keep spinning slowly down under the implicit angular damping (0.1/s) of an
 * item that no item behavior governs; they are the last to rest.
 *
 * The program checks that
 *   - cells in view spin while the view scrolls (|angular velocity| above 0.1 rad/s);
 *   - after every layout pass the spinner holds exactly the cells in the visible rect;
 *   - cells that left the view are not spun any more: out of the spinner, |angular velocity|
 *     never grows (they slow down under the implicit damping of an item with no item behavior);
 *   - after the scroll stops, the cells in view that had turned past pi/32 turn back: each ends
 *     below its largest |rotation|, and every cell in view ends within +/- pi/32 (+ 0.005 rad);
 *   - the animator pauses (did_pause called) within 60 s.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "spinners"
#include "example.h"

#define CELL_COUNT 40
#define CELL_SIDE 80.0
#define CELL_PITCH 100.0
#define VIEW_WIDTH 320.0
#define VIEW_HEIGHT 100.0
#define SCROLL_DISTANCE 2000.0
#define SCROLL_SECONDS 2.0
#define MAX_SECONDS 60.0
#define ANGULAR_RESISTANCE 1.0

static const double pi = 3.14159265358979323846;

typedef struct scroll_view {
    double offset;             /* contentOffset.x */
    double previous_offset;    /* previousScrollViewXOffset */
    double speed;              /* scrollSpeed, points per frame */
} scroll_view;

typedef struct layout {
    anima_animator animator;
    anima_item cells[CELL_COUNT];
    anima_behavior cell_layout;   /* holds every cell */
    anima_behavior spinner;
    scroll_view scroll;
    int did_pause;
    double paused_at;
    bool spinner_matches_view;    /* false once a layout pass left the spinner unlike the visible cells */
} layout;

/* Where item is among the `count` items, or -1 when it is not there. */
static int32_t index_of(const anima_item *items, int32_t count, anima_item item)
{
    for (int32_t k = 0; k < count; k++) {
        if (same_item(items[k], item)) {
            return k;
        }
    }
    return -1;
}

static bool contains(const anima_item *items, int32_t count, anima_item item)
{
    return index_of(items, count, item) >= 0;
}

/* The cell's place in the list (its tag), or -1 for an item that is no cell. */
static int cell_index(const layout *l, anima_item item)
{
    return (int)index_of(l->cells, CELL_COUNT, item);
}

static void did_pause(void *user_data, anima_animator animator)
{
    layout *l = user_data;
    if (l->did_pause++ == 0) {
        ok(anima_animator_get_elapsed_time(animator, &l->paused_at), "anima_animator_get_elapsed_time");
    }
}

/* The rotation as atan2f(t.b, t.a) reads it from the transform: in (-pi, pi]. */
static double rotation_of(anima_item item)
{
    double rotation = 0.0;
    ok(anima_item_get_rotation(item, &rotation), "anima_item_get_rotation");
    return atan2(sin(rotation), cos(rotation));
}

static double angular_velocity_of(anima_item item)
{
    double w = 0.0;
    ok(anima_item_get_angular_velocity(item, &w), "anima_item_get_angular_velocity");
    return w;
}

static anima_rect visible_rect(const layout *l)
{
    return (anima_rect){ l->scroll.offset, 0.0, VIEW_WIDTH, VIEW_HEIGHT };
}

/* scrollViewDidScroll: */
static void scroll_view_did_scroll(layout *l, double offset)
{
    l->scroll.offset = offset;
    l->scroll.speed = offset - l->scroll.previous_offset;
    l->scroll.previous_offset = offset;
}

/* self.spinner.items: the items the spinner holds now, into `items` (room for CELL_COUNT). */
static bool get_spinner_items(const layout *l, anima_item *items, int32_t *count)
{
    return ok(anima_behavior_get_items(l->spinner, items, CELL_COUNT, count), "anima_behavior_get_items");
}

/* Calls change (anima_behavior_remove_item or anima_behavior_add_item, named `what`) on the
   spinner for each of `items` that is not among `others`; stops at a failed call. */
static bool change_each_missing(const layout *l, anima_status (*change)(anima_behavior, anima_item), const char *what,
                                const anima_item *items, int32_t count, const anima_item *others, int32_t other_count)
{
    for (int32_t k = 0; k < count; k++) {
        if (!contains(others, other_count, items[k]) && !ok(change(l->spinner, items[k]), what)) {
            return false;
        }
    }
    return true;
}

/* Listing 6-7, prepareLayout. */
static bool prepare_layout(layout *l)
{
    /* Retrieve onscreen items. */
    anima_item items[CELL_COUNT];
    int32_t item_count = 0;
    if (!ok(anima_animator_items_in_rect(l->animator, visible_rect(l), items, CELL_COUNT, &item_count),
            "anima_animator_items_in_rect")) {
        return false;
    }

    /* Clean up any item that's now offscreen. */
    anima_item spinner_items[CELL_COUNT];
    int32_t spinner_count = 0;
    if (!get_spinner_items(l, spinner_items, &spinner_count)
        || !change_each_missing(l, anima_behavior_remove_item, "anima_behavior_remove_item", spinner_items, spinner_count,
                                items, item_count)) {
        return false;
    }

    /* Add all onscreen items. */
    if (!get_spinner_items(l, spinner_items, &spinner_count)
        || !change_each_missing(l, anima_behavior_add_item, "anima_behavior_add_item", items, item_count, spinner_items,
                                spinner_count)) {
        return false;
    }

    /* Add impulses. As in the listing, one restoring impulse, once set, also goes to the cells
       after it in the loop. */
    if (!get_spinner_items(l, spinner_items, &spinner_count)) {
        return false;
    }
    double impulse = (l->scroll.speed / VIEW_WIDTH) * (pi / 4) / 4;
    for (int32_t k = 0; k < spinner_count; k++) {
        const double rotation = rotation_of(spinner_items[k]);
        if (fabs(rotation) > pi / 32) {
            impulse = -rotation * 0.01;
        }
        if (!ok(anima_item_behavior_add_angular_velocity(l->spinner, spinner_items[k], impulse),
                "anima_item_behavior_add_angular_velocity")) {
            return false;
        }
    }

    /* The spinner now holds exactly the cells in view. */
    bool same = spinner_count == item_count;
    for (int32_t k = 0; k < item_count && same; k++) {
        same = contains(spinner_items, spinner_count, items[k]);
    }
    l->spinner_matches_view = l->spinner_matches_view && same;
    return true;
}

/* The layout's init and the cells. */
static bool build(layout *l)
{
    anima_animator_def animator_def = anima_default_animator_def();
    if (!ok(anima_animator_create(&animator_def, &l->animator), "anima_animator_create")
        || !ok(anima_animator_set_delegate(l->animator, NULL, did_pause, l), "anima_animator_set_delegate")
        || !ok(anima_behavior_create(l->animator, &l->cell_layout), "anima_behavior_create")) {
        return false;
    }
    for (int i = 0; i < CELL_COUNT; i++) {
        anima_item_def cell_def = anima_default_item_def();
        cell_def.center = (anima_vec2){ CELL_PITCH / 2 + CELL_PITCH * i, VIEW_HEIGHT / 2 };
        cell_def.size = (anima_size){ CELL_SIDE, CELL_SIDE };
        if (!ok(anima_item_create(l->animator, &cell_def, &l->cells[i]), "anima_item_create")
            || !ok(anima_behavior_add_item(l->cell_layout, l->cells[i]), "anima_behavior_add_item")) {
            return false;
        }
    }
    anima_item_behavior_def spinner_def = anima_default_item_behavior_def();
    spinner_def.allows_rotation = true;
    spinner_def.angular_resistance = ANGULAR_RESISTANCE;
    l->spinner_matches_view = true;
    return ok(anima_item_behavior_create(l->animator, &spinner_def, NULL, 0, &l->spinner), "anima_item_behavior_create")
        && ok(anima_animator_add_behavior(l->animator, l->cell_layout), "anima_animator_add_behavior")
        && ok(anima_animator_add_behavior(l->animator, l->spinner), "anima_animator_add_behavior");
}

static double scroll_offset(double t)
{
    const double u = fmin(t / SCROLL_SECONDS, 1.0);
    return SCROLL_DISTANCE / 2 * (1 - cos(pi * u));
}

int main(void)
{
    layout l = { 0 };
    if (!build(&l)) {
        return 1;
    }

    double fastest_spin = 0.0;            /* largest |angular velocity| of a cell in view while scrolling */
    int fastest_spin_cell = -1;
    double most_turned_while_scrolling = 0.0;
    bool was_in_view[CELL_COUNT] = { false };
    bool in_view[CELL_COUNT] = { false };
    int arrivals = 0, departures = 0;
    double worst_growth_out_of_view = 0.0;   /* largest growth of |angular velocity| of a cell out of the spinner */
    double peak_after_stop[CELL_COUNT] = { 0.0 };
    double spin_at_departure_sum = 0.0;

    const int frames = (int)(MAX_SECONDS * 60);
    bool running = true;
    int frame = 0;
    for (frame = 1; frame <= frames; frame++) {
        const double t = frame / 60.0;
        const bool scrolling = t <= SCROLL_SECONDS + 1e-9;
        if (!running && !scrolling) {
            break;   /* paused and still: nothing lays out again */
        }
        if (scrolling) {
            scroll_view_did_scroll(&l, scroll_offset(t));
        } else {
            scroll_view_did_scroll(&l, l.scroll.offset);   /* the view reports its (unchanged) offset */
        }
        if (!prepare_layout(&l)) {
            return 1;
        }

        anima_item spinner_items[CELL_COUNT];
        int32_t spinner_count = 0;
        ok(anima_behavior_get_items(l.spinner, spinner_items, CELL_COUNT, &spinner_count), "anima_behavior_get_items");
        double spin_before[CELL_COUNT];
        for (int i = 0; i < CELL_COUNT; i++) {
            in_view[i] = contains(spinner_items, spinner_count, l.cells[i]);
            spin_before[i] = fabs(angular_velocity_of(l.cells[i]));
            if (in_view[i] && !was_in_view[i]) {
                arrivals++;
            }
            if (!in_view[i] && was_in_view[i]) {
                departures++;
                spin_at_departure_sum += spin_before[i];
            }
            was_in_view[i] = in_view[i];
        }

        if (!ok(anima_animator_advance(l.animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        ok(anima_animator_is_running(l.animator, &running), "anima_animator_is_running");

        for (int i = 0; i < CELL_COUNT; i++) {
            const double spin = fabs(angular_velocity_of(l.cells[i]));
            const double turned = fabs(rotation_of(l.cells[i]));
            if (in_view[i] && scrolling) {
                if (spin > fastest_spin) {
                    fastest_spin = spin;
                    fastest_spin_cell = i;
                }
                most_turned_while_scrolling = fmax(most_turned_while_scrolling, turned);
            }
            if (!in_view[i]) {
                worst_growth_out_of_view = fmax(worst_growth_out_of_view, spin - spin_before[i]);
            }
            if (in_view[i] && !scrolling) {
                peak_after_stop[i] = fmax(peak_after_stop[i], turned);
            }
        }
        if (frame % 30 == 0 && t <= 4.0) {
            printf("t = %4.2f s: offset %7.1f pt, scroll speed %5.2f pt/frame, spinner:", t, l.scroll.offset, l.scroll.speed);
            for (int32_t k = 0; k < spinner_count; k++) {
                printf(" #%d %+.3f rad %+.3f rad/s", cell_index(&l, spinner_items[k]), rotation_of(spinner_items[k]),
                       angular_velocity_of(spinner_items[k]));
            }
            printf("\n");
        }
    }

    printf("cells came into view %d times and left it %d times, spinning at %.3f rad/s on average as they left; "
           "while scrolling the fastest spin was %.3f rad/s (cell #%d), the largest turn %.3f rad\n",
           arrivals, departures, departures > 0 ? spin_at_departure_sum / departures : 0.0, fastest_spin,
           fastest_spin_cell, most_turned_while_scrolling);
    printf("out of view, |angular velocity| grew by at most %.2e rad/s in a frame\n", worst_growth_out_of_view);

    bool turned_back = true, within_band = true;
    int turned_past_band = 0;
    printf("after the scroll stopped, the cells in view:\n");
    for (int i = 0; i < CELL_COUNT; i++) {
        if (!in_view[i]) {
            continue;
        }
        const double final_turn = fabs(rotation_of(l.cells[i]));
        printf("  #%d: largest |rotation| %.4f rad, at the end %+.4f rad, %+.4f rad/s\n", i, peak_after_stop[i],
               rotation_of(l.cells[i]), angular_velocity_of(l.cells[i]));
        if (peak_after_stop[i] > pi / 32) {
            turned_past_band++;
            turned_back = turned_back && final_turn < peak_after_stop[i];
        }
        within_band = within_band && final_turn <= pi / 32 + 0.005;
    }
    const bool paused = !running && l.did_pause >= 1;
    if (paused) {
        printf("the animator paused after %.2f s (the scroll stopped at %.2f s)\n", l.paused_at, SCROLL_SECONDS);
    } else {
        printf("the animator still runs after %.0f s\n", MAX_SECONDS);
    }

    check(fastest_spin > 0.1, "cells in view spin while the view scrolls (|angular velocity| > 0.1 rad/s)");
    check(l.spinner_matches_view, "after every layout pass the spinner holds exactly the cells in the visible rect");
    check(departures > 0 && worst_growth_out_of_view <= 1e-12,
          "cells that left the view are not spun any more (|angular velocity| never grows out of the spinner)");
    check(turned_past_band > 0 && turned_back && within_band,
          "after the scroll stops the cells in view turn back towards 0 (each below its largest |rotation|, all within pi/32)");
    check(paused && l.paused_at <= MAX_SECONDS, "the animator pauses (did_pause called) within 60 s");

    ok(anima_animator_destroy(l.animator), "anima_animator_destroy");

    return finish("spun up to %.2f rad/s while scrolling; %d cells turned back; paused after %.2f s", fastest_spin,
                  turned_past_band, paused ? l.paused_at : -1.0);
}
