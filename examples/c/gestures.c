/*
 * gestures.c: a pointer drives a scene (docs/gestures.md): a card is picked by its shape, dragged,
 * flung with the pointer's velocity, and drawn at display time.
 *
 * A 320 x 568 pt view holds a round 100 pt button and a 120 x 160 pt card, both colliding with the
 * view's edges, no gravity. The program checks, against the formulas the functions document:
 *   - anima_animator_item_at_point: the corner of the button's frame is not the button (an ellipse);
 *     the card is found through its shape;
 *   - a velocity tracker fed a pointer at 900 pt/s every 8 ms reads 900 pt/s; 50 ms after the last
 *     sample it reads 0 (the finger stopped);
 *   - anima_project_momentum with UIScrollView's normal rate 0.998: x + v / (-1000 ln 0.998);
 *     anima_rubber_band: an offset of d / c shows as d / 2;
 *   - a drag: the card grabbed 20 pt off its centre, the pointer moved 90 pt right in 0.15 s (60 Hz),
 *     the grabbed point stays within 3 pt of the pointer (it lags most in the first frame, when the
 *     pointer jumps from rest to 600 pt/s), and anima_drag_end gives the card the
 *     pointer's 600 pt/s; the handle is stale afterwards;
 *   - the same drag toward the bottom edge and 800 pt past it: the card stays inside the view (the
 *     drag's force is bounded);
 *   - display poses: the card gliding at 600 pt/s, drawn at 144 Hz and at 75 Hz, moves by the same
 *     distance every frame within 1 %, where the stepped poses vary by more than 50 %;
 *   - bad input: NaN, a tracker whose bytes were overwritten, a drag moved after it ended.
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "gestures"
#include "example.h"

#include <string.h>

static anima_animator make_scene(anima_item *button, anima_item *card)
{
    anima_animator animator;
    create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator);
    create_ball(animator, (anima_vec2){ 80, 100 }, 100, button);
    anima_item_def item = anima_default_item_def();
    item.center = (anima_vec2){ 160, 300 };
    item.size = (anima_size){ 120, 160 };
    item.shape = ANIMA_SHAPE_RECTANGLE;
    ok(anima_item_create(animator, &item, card), "anima_item_create");
    anima_item both[2] = { *button, *card };
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_behavior collision;
    ok(anima_collision_create(animator, &collision_def, both, 2, &collision), "anima_collision_create");
    ok(anima_animator_add_behavior(animator, collision), "anima_animator_add_behavior");
    return animator;
}

static void hit_testing(void)
{
    anima_item button, card, found;
    anima_animator animator = make_scene(&button, &card);
    bool hit = false;
    ok(anima_animator_item_at_point(animator, (anima_vec2){ 80, 145 }, &found, &hit), "anima_animator_item_at_point");
    check(hit && same_item(found, button), "the point 45 pt below the button's centre is the button");
    ok(anima_animator_item_at_point(animator, (anima_vec2){ 125, 140 }, &found, &hit), "anima_animator_item_at_point");
    check(!hit && found.index1 == 0, "a corner of the button's frame is outside its ellipse");
    ok(anima_animator_item_at_point(animator, (anima_vec2){ 215, 370 }, &found, &hit), "anima_animator_item_at_point");
    check(hit && same_item(found, card), "the card is found near its corner");
    anima_animator_destroy(animator);
}

static void arithmetic(void)
{
    anima_velocity_tracker tracker = anima_default_velocity_tracker();
    for (int k = 0; k <= 12; k++) {
        ok(anima_velocity_tracker_add(&tracker, 0.008 * k, (anima_vec2){ 40 + 900 * 0.008 * k, 300 }),
           "anima_velocity_tracker_add");
    }
    anima_vec2 v;
    ok(anima_velocity_tracker_get_velocity(&tracker, 0.096, &v), "anima_velocity_tracker_get_velocity");
    check(fabs(v.x - 900) < 1e-6 && fabs(v.y) < 1e-6, "the tracker reads 900 pt/s");
    ok(anima_velocity_tracker_get_velocity(&tracker, 0.146, &v), "anima_velocity_tracker_get_velocity");
    check(v.x == 0 && v.y == 0, "a pointer still for 50 ms reads 0");

    anima_vec2 rest;
    ok(anima_project_momentum((anima_vec2){ 100, 200 }, (anima_vec2){ 1000, 0 }, 0.998, &rest), "anima_project_momentum");
    check(fabs(rest.x - (100 + 1000 / (-1000 * log(0.998)))) < 1e-9, "projection = x + v / (-1000 ln 0.998)");
    double shown;
    ok(anima_rubber_band(568 / 0.55, 568, 0.55, &shown), "anima_rubber_band");
    check(fabs(shown - 284) < 1e-9, "an offset of d / c shows as d / 2");
    ok(anima_rubber_band_clamp(-50, 0, 200, 320, 0.55, &shown), "anima_rubber_band_clamp");
    check(fabs(shown + (1 - 1 / (50 * 0.55 / 320 + 1)) * 320) < 1e-9, "50 pt past the lower end is banded");
    printf("gestures: tracker 900 pt/s -> %.3f pt/s; 1000 pt/s at 0.998 comes to rest %.1f pt on\n", 900.0,
           rest.x - 100);
}

static void drag(void)
{
    anima_item button, card;
    anima_animator animator = make_scene(&button, &card);
    anima_drag_def def = anima_default_drag_def();
    anima_vec2 grab = { 180, 300 };
    anima_behavior held;
    ok(anima_drag_begin(animator, &def, card, grab, 0, &held), "anima_drag_begin");
    anima_vec2 offset, other_offset;
    ok(anima_attachment_get_offsets(held, &offset, &other_offset), "anima_attachment_get_offsets");
    check(fabs(offset.x - 20) < 1e-12 && fabs(offset.y) < 1e-12, "the drag holds the card 20 pt right of its centre");
    double worst = 0;
    for (int frame = 1; frame <= 9; frame++) {     /* 90 pt right in 0.15 s: 600 pt/s */
        double t = frame / 60.0;
        anima_vec2 pointer = { grab.x + 600 * t, grab.y };
        ok(anima_drag_move(held, pointer, t), "anima_drag_move");
        ok(anima_animator_advance(animator, 1 / 60.0), "anima_animator_advance");
        anima_vec2 center;
        double angle;
        anima_item_get_center(card, &center);
        anima_item_get_rotation(card, &angle);
        /* the grabbed point, 20 pt right of the centre in the card's own coordinates */
        double dx = center.x + 20 * cos(angle) - pointer.x, dy = center.y + 20 * sin(angle) - pointer.y;
        double off = sqrt(dx * dx + dy * dy);
        worst = off > worst ? off : worst;
    }
    anima_vec2 velocity;
    ok(anima_drag_end(held, 0.15, &velocity), "anima_drag_end");
    check(fabs(velocity.x - 600) < 1e-6 && fabs(velocity.y) < 1e-6, "the card leaves with the pointer's 600 pt/s");
    anima_vec2 given;
    anima_item_get_linear_velocity(card, &given);
    check(fabs(given.x - velocity.x) < 1e-9, "the card's velocity is the pointer's");
    check(worst < 3, "the grabbed point follows the pointer within 3 pt");
    check(!anima_drag_is_active(held), "the drag has ended");
    check(anima_drag_move(held, grab, 1) == ANIMA_ERR_INVALID_HANDLE, "moving an ended drag is refused");
    printf("gestures: dragged 90 pt in 0.15 s, grabbed point at most %.2f pt from the pointer, released at %.1f pt/s\n",
           worst, velocity.x);

    /* into the floor: the pointer goes 800 pt below the view; the card stops at the edge */
    ok(anima_item_set_linear_velocity(card, (anima_vec2){ 0, 0 }), "anima_item_set_linear_velocity");
    anima_vec2 start;
    anima_item_get_center(card, &start);
    ok(anima_drag_begin(animator, &def, card, start, 1, &held), "anima_drag_begin");
    double lowest = 0;
    for (int frame = 1; frame <= 90; frame++) {
        double t = 1 + frame / 60.0;
        ok(anima_drag_move(held, (anima_vec2){ start.x, start.y + 1050 * (frame > 60 ? 1 : frame / 60.0) }, t),
           "anima_drag_move");
        ok(anima_animator_advance(animator, 1 / 60.0), "anima_animator_advance");
        anima_vec2 center;
        anima_item_get_center(card, &center);
        lowest = center.y > lowest ? center.y : lowest;
    }
    ok(anima_drag_end(held, 2.5, NULL), "anima_drag_end");
    check(lowest < SCREEN_HEIGHT - 80 + 2, "the card is not pushed through the floor");
    printf("gestures: pointer 800 pt below the floor, card's centre at most %.2f pt down (floor at %.0f)\n", lowest,
           SCREEN_HEIGHT - 80);
    anima_animator_destroy(animator);
}

/* (largest - smallest) / mean of the card's frame-to-frame travel at `rate` Hz, after the first 0.1 s
 * (the display lags the simulation by less than a step, so its first frame shows the card at rest) */
static double unevenness(double rate, bool display)
{
    anima_item button, card;
    anima_animator animator = make_scene(&button, &card);
    anima_item_behavior_def properties = anima_default_item_behavior_def();
    properties.resistance = 0;
    anima_behavior behavior;
    ok(anima_item_behavior_create(animator, &properties, &card, 1, &behavior), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(animator, behavior), "anima_animator_add_behavior");
    ok(anima_item_set_center(button, (anima_vec2){ 265, 500 }), "anima_item_set_center");
    ok(anima_item_set_center(card, (anima_vec2){ 70, 200 }), "anima_item_set_center");
    ok(anima_item_set_linear_velocity(card, (anima_vec2){ 0, 600 }), "anima_item_set_linear_velocity");
    double poses[6], last = 0, smallest = INFINITY, largest = 0, total = 0;
    int counted = 0;
    int frames = (int)(0.45 * rate);   /* the card meets the floor after 0.48 s */
    for (int frame = 0; frame < frames; frame++) {
        ok(anima_animator_advance(animator, 1 / rate), "anima_animator_advance");
        int32_t count;
        ok(display ? anima_animator_copy_display_poses(animator, poses, 2, &count)
                   : anima_animator_copy_item_poses(animator, poses, 2, &count), "copy poses");
        double y = poses[4];
        if (frame >= 0.1 * rate) {
            double step = y - last;
            smallest = step < smallest ? step : smallest;
            largest = step > largest ? step : largest;
            total += step;
            counted++;
        }
        last = y;
    }
    anima_animator_destroy(animator);
    return (largest - smallest) / (total / counted);
}

static void display_poses(void)
{
    double smooth144 = unevenness(144, true), stepped144 = unevenness(144, false);
    double smooth75 = unevenness(75, true), stepped75 = unevenness(75, false);
    check(smooth144 < 0.01 && smooth75 < 0.01, "display poses move evenly at 144 Hz and 75 Hz");
    check(stepped144 > 0.5 && stepped75 > 0.5, "stepped poses do not");
    printf("gestures: frame-to-frame travel varies by %.3f %% (144 Hz) and %.3f %% (75 Hz) with display poses, "
           "%.0f %% and %.0f %% without\n", 100 * smooth144, 100 * smooth75, 100 * stepped144, 100 * stepped75);
}

static void bad_input(void)
{
    anima_velocity_tracker tracker = anima_default_velocity_tracker();
    check(anima_velocity_tracker_add(&tracker, NAN, (anima_vec2){ 0, 0 }) == ANIMA_ERR_INVALID_ARGUMENT,
          "a NaN time is refused");
    check(anima_velocity_tracker_add(NULL, 0, (anima_vec2){ 0, 0 }) == ANIMA_ERR_INVALID_ARGUMENT,
          "a NULL tracker is refused");
    tracker.count = 99;
    check(anima_velocity_tracker_add(&tracker, 0, (anima_vec2){ 0, 0 }) == ANIMA_ERR_INVALID_ARGUMENT,
          "a tracker with a count of 99 is refused");
    anima_velocity_tracker zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    anima_vec2 v;
    check(anima_velocity_tracker_get_velocity(&zeroed, 0, &v) == ANIMA_ERR_INVALID_ARGUMENT,
          "a zeroed tracker is refused");
    double out;
    check(anima_rubber_band(1, 0, 0.55, &out) == ANIMA_ERR_INVALID_ARGUMENT, "a dimension of 0 is refused");
    check(anima_project_momentum((anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }, 1.0, &v) == ANIMA_ERR_INVALID_ARGUMENT,
          "a rate of 1 is refused");
    anima_item button, card;
    anima_animator animator = make_scene(&button, &card);
    anima_drag_def def = anima_default_drag_def();
    anima_behavior held;
    def.max_acceleration = -1;
    check(anima_drag_begin(animator, &def, card, (anima_vec2){ 160, 300 }, 0, &held) == ANIMA_ERR_INVALID_ARGUMENT,
          "a negative max acceleration is refused");
    anima_drag_def zero;
    memset(&zero, 0, sizeof zero);
    check(anima_drag_begin(animator, &zero, card, (anima_vec2){ 160, 300 }, 0, &held) == ANIMA_ERR_INVALID_ARGUMENT,
          "a def not made by anima_default_drag_def is refused");
    bool found;
    anima_item item;
    check(anima_animator_item_at_point(animator, (anima_vec2){ NAN, 0 }, &item, &found) == ANIMA_ERR_INVALID_ARGUMENT,
          "a NaN point is refused");
    anima_animator_destroy(animator);
}

int main(void)
{
    hit_testing();
    arithmetic();
    drag();
    display_poses();
    bad_input();
    if (failures > 0) {
        fprintf(stderr, "gestures: %d checks failed\n", failures);
        return 1;
    }
    printf("gestures: all checks passed\n");
    return 0;
}
