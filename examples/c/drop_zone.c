/*
 * drop_zone.c: drag and drop onto a sensor (docs/behaviors/collision.md, "Sensors").
 *
 * A 120 x 120 pt drop zone, anchored at (160, 400) on a 320 x 568 pt screen, is a sensor; a
 * 60 x 40 pt card at (160, 100) shares its collision behavior. A finger drags the card by an
 * attachment whose anchor it moves each frame (a rod of length 0 from the card's centre):
 *   - down into the zone: the card passes into it, pushed by nothing, and a began sensor event
 *     comes when the card's bottom edge (centre + 20) crosses the zone's top (340), within one
 *     frame of the drag (5 pt);
 *   - out to the right: an ended event when its left edge (centre - 30) passes the zone's right
 *     edge (220);
 *   - back in, and let go there: the zone lists the card as its visitor, so the program snaps the
 *     card to the zone's centre; it settles there within 0.5 pt, still a visitor.
 * No contact event comes between the card and the zone. A stale item is refused. Prints the
 * figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "drop_zone"
#include "example.h"

#include <math.h>

/* Moves the finger from `from` to `to` in `frames` frames of 1/60 s; returns the card's centre
 * at each began (began_y) and ended (ended_x) event, NAN when none came. */
static void drag(anima_animator animator, anima_behavior finger, anima_item card, anima_vec2 from, anima_vec2 to,
                 int frames, double *began_y, double *ended_x, int *contacts)
{
    *began_y = NAN;
    *ended_x = NAN;
    for (int k = 1; k <= frames; k++) {
        double t = (double)k / frames;
        anima_vec2 p = {from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t};
        ok(anima_attachment_set_anchor_point(finger, p), "anima_attachment_set_anchor_point");
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        anima_vec2 c = {0, 0};
        ok(anima_item_get_center(card, &c), "anima_item_get_center");
        const anima_sensor_event *events = NULL;
        int32_t count = 0;
        ok(anima_animator_get_sensor_events(animator, true, &events, &count), "anima_animator_get_sensor_events");
        if (count > 0 && same_item(events[0].visitor, card)) { *began_y = c.y; }
        ok(anima_animator_get_sensor_events(animator, false, &events, &count), "anima_animator_get_sensor_events");
        if (count > 0 && same_item(events[0].visitor, card)) { *ended_x = c.x; }
        const anima_contact_event *began = NULL;
        ok(anima_animator_get_contact_events(animator, true, &began, &count), "anima_animator_get_contact_events");
        for (int32_t i = 0; i < count; i++) {
            if (!began[i].is_boundary) { (*contacts)++; }
        }
    }
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) { return finish("no animator"); }
    anima_item zone, card;
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 400};
    def.size = (anima_size){120, 120};
    ok(anima_item_create(animator, &def, &zone), "anima_item_create");
    def.center = (anima_vec2){160, 100};
    def.size = (anima_size){60, 40};
    ok(anima_item_create(animator, &def, &card), "anima_item_create");
    anima_item_behavior_def held = anima_default_item_behavior_def();
    held.anchored = true;
    anima_item_behavior_def light = anima_default_item_behavior_def();
    light.allows_rotation = false;
    anima_behavior anchoring, cardProps, walls, finger;
    ok(anima_item_behavior_create(animator, &held, &zone, 1, &anchoring), "anima_item_behavior_create");
    ok(anima_item_behavior_create(animator, &light, &card, 1, &cardProps), "anima_item_behavior_create");
    anima_item both[2] = {zone, card};
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(animator, &cdef, both, 2, &walls), "anima_collision_create");
    anima_attachment_def rod = anima_default_attachment_def();
    ok(anima_attachment_create_to_anchor(animator, &rod, card, (anima_vec2){0, 0}, (anima_vec2){160, 100}, &finger),
       "anima_attachment_create_to_anchor");
    anima_behavior all[4] = {anchoring, cardProps, walls, finger};
    for (int i = 0; i < 4; i++) { ok(anima_animator_add_behavior(animator, all[i]), "anima_animator_add_behavior"); }
    ok(anima_item_set_sensor(zone, true), "anima_item_set_sensor");
    bool sensor = false;
    ok(anima_item_is_sensor(zone, &sensor), "anima_item_is_sensor");
    check(sensor, "the zone is a sensor");

    int contacts = 0;
    double began_y, ended_x;
    drag(animator, finger, card, (anima_vec2){160, 100}, (anima_vec2){160, 400}, 60, &began_y, &ended_x, &contacts);
    printf("dragged in: began with the card's centre at y = %.1f pt (its bottom edge on the zone's top, y = 340, at 320)\n", began_y);
    checkf(began_y >= 319 && began_y <= 326, "the card began over the zone as its edge crossed the top (y = %.1f)", began_y);
    anima_vec2 c = {0, 0};
    ok(anima_item_get_center(card, &c), "anima_item_get_center");
    expect_near(c.y, 400, 1.0, "the card went into the zone, pushed by nothing");
    drag(animator, finger, card, (anima_vec2){160, 400}, (anima_vec2){300, 400}, 40, &began_y, &ended_x, &contacts);
    printf("dragged out: ended with the card's centre at x = %.1f pt (its left edge past the zone's right, x = 220, after 250)\n", ended_x);
    checkf(ended_x > 250 && ended_x < 255, "the card ended as its left edge passed the zone's right edge (x = %.1f)", ended_x);
    drag(animator, finger, card, (anima_vec2){300, 400}, (anima_vec2){180, 390}, 40, &began_y, &ended_x, &contacts);
    checkf(!isnan(began_y), "the card came back over the zone");

    /* let go: over the zone, it snaps to the zone's centre */
    ok(anima_animator_remove_behavior(animator, finger), "anima_animator_remove_behavior");
    anima_item over[4];
    int32_t count = 0;
    ok(anima_item_get_sensor_visitors(zone, over, 4, &count), "anima_item_get_sensor_visitors");
    checkf(count == 1 && same_item(over[0], card), "the zone lists the card as it is let go (%d visitors)", (int)count);
    anima_behavior snap;
    ok(anima_snap_create(animator, card, (anima_vec2){160, 400}, &snap), "anima_snap_create");
    ok(anima_animator_add_behavior(animator, snap), "anima_animator_add_behavior");
    advance_frames(animator, 120, 1.0 / 60.0);
    ok(anima_item_get_center(card, &c), "anima_item_get_center");
    printf("dropped: the card settled at (%.2f, %.2f) pt\n", c.x, c.y);
    checkf(hypot(c.x - 160, c.y - 400) < 0.5, "the card snapped to the zone's centre (%.2f, %.2f)", c.x, c.y);
    ok(anima_item_get_sensor_visitors(zone, over, 4, &count), "anima_item_get_sensor_visitors");
    check(count == 1, "the card is still over the zone");
    checkf(contacts == 0, "no contact between the card and the zone (%d)", contacts);

    /* bad input */
    check(anima_item_get_sensor_visitors(zone, over, 4, NULL) == ANIMA_ERR_INVALID_ARGUMENT, "a NULL count is refused");
    ok(anima_item_destroy(card), "anima_item_destroy");
    check(anima_item_set_sensor(card, true) == ANIMA_ERR_INVALID_HANDLE, "a destroyed item is refused");
    ok(anima_animator_step(animator), "anima_animator_step");
    const anima_sensor_event *ended = NULL;
    ok(anima_animator_get_sensor_events(animator, false, &ended, &count), "anima_animator_get_sensor_events");
    check(count == 1 && same_item(ended[0].visitor, card), "the destroyed card's visit ended");
    anima_animator_destroy(animator);
    return finish("%s", failures == 0 ? "the card was seen entering, leaving and dropped on the zone" : "see above");
}
